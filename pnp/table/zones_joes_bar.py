"""Joe's Bar's table as cards, from one seat's view (:meth:`JoesBarFront.zones`).

What a player at the real table sees: their hand (and a card just drawn in a last-resort
draw), each card with the moves it starts (a HIT, a dodge, a drink, a Utility card); the
others' hands as backs; in front of each player their patron, the Bar card in their
slot (it starts a fling) and the HITs landed on them this round, face up; the Bar cards
in the centre (each starts a grab); the HIT in flight and the Utility pause on the table;
the Action deck and the face-down discard pile as counts. The scores are each player's
BL (or, when the beta's points win, their points) and the patrons they lost.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bots.games.joes_bar import JoesBarAction, JoesBarView
from bots.games.joes_bar.actions import Fling, Grab
from bots.games.joes_bar.data import Copy, Piece
from pnp.play.front import CardShown, Score, Zone
from pnp.play.joes_bar_table import icons, kind_text, piece_text
from pnp.table.zones import Faces, face_down, faces, linked

if TYPE_CHECKING:
    from pnp.play.joes_bar import JoesBarFront

#: The deck whose back the others' hands and the piles show.
_BACK_DECK = "action"
#: The key of the Bar card in the seat's slot among the cards the actions start.
_SLOT = "slot"


def _starts(action: object) -> list[str]:
    """The card keys an action starts: its cards (``hand:ID``), the centre card grabbed
    (``centre:ID``), the slot's Bar card flung."""
    keys = []
    if isinstance(action, Grab):
        return [f"centre:{action.piece}"]
    if isinstance(action, Fling):
        keys.append(_SLOT)
    card = getattr(action, "card", None)
    if isinstance(card, str):
        keys.append(f"hand:{card}")
    for one in getattr(action, "cards", ()) or ():
        keys.append(f"hand:{one}")
    return keys


def _copy(pictures: Faces, copy: Copy, note: str = "", actions: Sequence[str] = ()) -> CardShown:
    text = kind_text(copy.kind) + (f", {note}" if note else "")
    return CardShown(copy.kind.name, text, pictures.url(copy.kind.id), actions=tuple(actions))


def _piece(pictures: Faces, piece: Piece, note: str = "", actions: Sequence[str] = ()) -> CardShown:
    if piece.glass_of is not None:  # an Action card that was drunk: an empty glass
        name = f"Empty glass ({piece.glass_of.kind.name})"
        image = pictures.url(piece.glass_of.kind.id)
        text = f"{name} ({icons(piece.effects)})"
    else:
        name, image, text = piece.name, pictures.url(piece.id), piece_text(piece)
    return CardShown(name, text + (f", {note}" if note else ""), image, actions=tuple(actions))


def joes_bar_zones(
    front: JoesBarFront, view: JoesBarView, legal: Sequence[JoesBarAction]
) -> list[Zone]:
    """The zones of ``view`` (see the module docstring)."""
    pictures = faces(front.game.game)
    back = pictures.back(_BACK_DECK)
    acts = linked(legal, _starts)
    me = view.player
    zones: list[Zone] = []
    hand = tuple(
        _copy(pictures, copy, actions=acts.get(f"hand:{copy.kind.id}", ())) for copy in view.hand
    )
    zones.append(Zone("hand", f"{front.your(me)} hand", me, hand))
    if view.drawn:
        drawn = tuple(
            _copy(pictures, copy, "just drawn", acts.get(f"hand:{copy.kind.id}", ()))
            for copy in view.drawn
        )
        zones.append(Zone("drawn", "Drawn in the last-resort draw", me, drawn))
    for seat, shown in enumerate(view.seats):
        if seat != me:
            zones.append(
                Zone(
                    f"hand-{seat}",
                    f"{front.your(seat)} hand",
                    seat,
                    face_down(shown.hand_size, back),
                )
            )
    for seat, shown in enumerate(view.seats):
        placed: list[CardShown] = []
        if shown.patron is not None:
            patron = shown.patron
            state = "out for the round" if shown.out else "in the brawl" if shown.in_brawl else ""
            text = f"{patron.name}, patron, BL {shown.booze} of {patron.scale_max}"
            text += f", {patron.trait.name}" + (f", {state}" if state else "")
            placed.append(CardShown(patron.name, text, pictures.url(patron.id)))
        slot = view.slots[seat]
        if slot is not None:
            slot_acts = acts.get(_SLOT, ()) if seat == me else ()
            placed.append(_piece(pictures, slot, "in the slot", slot_acts))
        for landed in view.in_front[seat]:
            by = f"landed, thrown by {front.obj(landed.by)}"
            placed += [_copy(pictures, copy, by) for copy in landed.cards]
            if landed.piece is not None:
                placed.append(_piece(pictures, landed.piece, by))
        whose = "you" if seat == front.human else front.names[seat]
        zones.append(Zone(f"place-{seat}", f"In front of {whose}", seat, tuple(placed)))
    centre = tuple(
        _piece(pictures, piece, "in the centre", acts.get(f"centre:{piece.id}", ()))
        for piece in view.centre
    )
    zones.append(Zone("centre", "The centre of the bar", None, centre))
    if view.attack is not None:
        attack = view.attack
        note = f"a HIT from {front.obj(attack.attacker)} at {front.obj(attack.target)}"
        cards = [_copy(pictures, copy, note) for copy in attack.cards]
        if attack.piece is not None:
            cards.append(_piece(pictures, attack.piece, note))
        zones.append(Zone("attack", "The HIT in flight", None, tuple(cards)))
    if view.pause:
        paused = []
        for played in view.pause:
            aimed = ", ".join(front.obj(target) for target in played.targets)
            note = f"played by {front.obj(played.seat)}" + (f" at {aimed}" if aimed else "")
            if played.cancelled:
                note += ", cancelled"
            paused.append(_copy(pictures, played.card, note))
        zones.append(Zone("pause", "The Utility pause", None, tuple(paused)))
    deck = face_down(1, back, "The Action deck, face down") if view.deck_size else ()
    zones.append(Zone("deck", "Action deck", None, deck, view.deck_size))
    pile = face_down(1, back, "The discard pile, face down") if view.discard_size else ()
    zones.append(Zone("discard", "Discard pile", None, pile, view.discard_size))
    return zones


def joes_bar_scores(front: JoesBarFront, view: JoesBarView) -> list[Score]:
    """Each player's BL (or points, when the beta's points win) and patrons lost."""
    scores = []
    for seat, shown in enumerate(view.seats):
        if view.rules.winning == "beta":
            text = f"{shown.standing} points, BL {shown.booze}"
        else:
            text = f"BL {shown.booze}"
        if shown.lost_patrons:
            text += f", lost {' and '.join(shown.lost_patrons)}"
        scores.append(Score(seat, front.names[seat], text))
    return scores
