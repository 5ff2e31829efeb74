"""Joe's Bar at the terminal: the texts of the table (see :mod:`pnp.play.joes_bar`).

What a seated player sees, written from a :class:`~bots.games.joes_bar.JoesBarView`:
the bar (every patron's BL, the HITs in front of them, who is in the brawl and who is
out for the round, the Bar cards), the attack in flight, the Utility pause in its
resolution order, the End phase as a table, and how the actions read in words. A card
someone discards face down (a dodge, the older draft's hand limit) is named only when
it was yours.
"""

from __future__ import annotations

from collections.abc import Sequence

from bots.games.joes_bar import (
    Copy,
    Discard,
    Dodge,
    Draw,
    Drink,
    Fling,
    Grab,
    Hit,
    JoesBarAction,
    JoesBarView,
    Pass,
    Piece,
    RoundRecord,
    Slip,
    Swoosh,
    Take,
    TimeOut,
    Told,
    Trick,
)
from bots.games.joes_bar.data import ActionKind, Effects

_ICONS = {
    "hit": "HIT",
    "reach": "Reach",
    "combo": "Combo",
    "gulp": "Gulp",
    "rob": "Rob",
    "poison": "Poison",
    "cancel": "Interrupt",
    "swoosh": "Swoosh",
}


def minutes(seconds: int) -> str:
    """``75`` as ``1:15``."""
    return f"{seconds // 60}:{seconds % 60:02d}"


def icons(effects: Effects) -> str:
    """A card's icons in words: ``2 HIT, Reach``."""
    parts = []
    for field, word in _ICONS.items():
        count = int(getattr(effects, field))
        if count:
            parts.append(word if count == 1 else f"{count} {word}")
    return ", ".join(parts) or "no icons"


def kind_text(kind: ActionKind) -> str:
    """A card with its icons: ``One-Two (2 HIT)``."""
    return f"{kind.name} ({icons(kind.effects)})"


def piece_text(piece: Piece) -> str:
    """A Bar card with its icons: ``Chair (2 HIT)``."""
    return f"{piece.name} ({icons(piece.effects)})"


def hand_groups(hand: Sequence[Copy]) -> list[str]:
    """The hand as ``2x Jab (HIT)`` entries, in the deck's order."""
    counts: dict[str, int] = {}
    kinds: dict[str, ActionKind] = {}
    for copy in sorted(hand, key=lambda copy: copy.kind.order):
        counts[copy.kind.id] = counts.get(copy.kind.id, 0) + 1
        kinds[copy.kind.id] = copy.kind
    return [
        (f"{count}x " if count > 1 else "") + kind_text(kinds[kind_id])
        for kind_id, count in counts.items()
    ]


def pause_order(view: JoesBarView) -> list[int]:
    """The positions of the pause's cards in the order they resolve: clockwise from the
    initiator's left, the initiator last."""
    initiator = view.pause_initiator if view.pause_initiator is not None else 0
    players = len(view.seats)
    return sorted(
        range(len(view.pause)), key=lambda i: (view.pause[i].seat - initiator - 1) % players
    )


def end_table(record: RoundRecord, names: Sequence[str], ends: Sequence[Told] = ()) -> list[str]:
    """The End phase of a round as a small table: the HITs counted and, from the engine's
    ``end`` events, the BL before the End phase, the BL lost in it and the BL left (so that a
    knockout with no BL lost at the End reads as one: the BL was gone before it)."""
    width = max(len(name) for name in names)
    bl = {event.seat: (event.was, event.now) for event in ends}
    if len(bl) < len(names):  # told without the events: the End phase's bill alone
        lines = [f"  {'':<{width}}  HITs  BL lost  knocked out"]
        for seat, name in enumerate(names):
            out = "yes" if seat in record.knocked_out else ""
            row = f"  {name:<{width}}  {record.hits[seat]:>4}  {record.lost[seat]:>7}  {out}"
            lines.append(row.rstrip())
        return lines
    lines = [f"  {'':<{width}}  HITs  BL before  BL lost  BL left  knocked out"]
    for seat, name in enumerate(names):
        was, now = bl[seat]
        out = "yes" if seat in record.knocked_out else ""
        row = (
            f"  {name:<{width}}  {record.hits[seat]:>4}  {was:>9}  {was - now:>7}  {now:>7}  {out}"
        )
        lines.append(row.rstrip())
    return lines


class Words:
    """How the cards, seats and actions of one game read (names by seat, the human's seat)."""

    def __init__(self, names: Sequence[str], human: int, kinds: dict[str, ActionKind]) -> None:
        self.names = tuple(names)
        self.human = human
        self.kinds = kinds

    def card(self, card_id: str) -> str:
        kind = self.kinds.get(card_id)
        return kind.name if kind is not None else card_id

    def cards(self, card_ids: Sequence[str]) -> str:
        return " + ".join(self.card(card_id) for card_id in card_ids)

    def aimed(self, card_id: str, targets: Sequence[int]) -> str:
        """A Utility card with what it does to whom: ``Light Fingers: rob Ana``."""
        kind = self.kinds.get(card_id)
        name = self.card(card_id)
        if not targets:
            return name
        effects = kind.effects.targets if kind is not None else ()
        if len(effects) != len(targets):
            return f"{name} at {', '.join(self.obj(seat) for seat in targets)}"
        parts = []
        for effect, seat in zip(effects, targets, strict=True):
            if effect == "cancel":
                whose = "your" if seat == self.human else f"{self.names[seat]}'s"
                parts.append(f"cancel {whose} card")
            else:
                parts.append(f"{effect} {self.obj(seat)}")
        return f"{name}: {', '.join(parts)}"

    def obj(self, seat: int) -> str:
        return "you" if seat == self.human else self.names[seat]

    def subject(self, seat: int) -> str:
        return "You" if seat == self.human else self.names[seat]

    def verb(self, seat: int, you: str, other: str) -> str:
        return you if seat == self.human else other

    def choice(self, action: JoesBarAction, view: JoesBarView) -> str:
        """A legal action of the human's, as a menu entry."""
        if isinstance(action, Hit):
            return f"hit {self.obj(action.target)} with {self.cards(action.cards)}"
        if isinstance(action, Fling):
            piece = view.slots[action.player]
            what = piece.name if piece is not None else "your Bar card"
            added = f" + {self.cards(action.cards)}" if action.cards else ""
            return f"fling the {what}{added} at {self.obj(action.target)}"
        if isinstance(action, Dodge):
            return f"dodge, discarding {self.card(action.card)}"
        if isinstance(action, Slip):
            return "dodge without a discard (your patron's trait)"
        if isinstance(action, Swoosh):
            return f"swoosh it away with {self.card(action.card)}"
        if isinstance(action, Take):
            return "take the HIT"
        if isinstance(action, TimeOut):
            return "let the sand timer run out (lose 1 BL, the HIT lands)"
        if isinstance(action, Draw):
            return "make the last-resort draw"
        if isinstance(action, Drink):
            return f"drink {self.card(action.card)}"
        if isinstance(action, Grab):
            piece_name = next(
                (piece.name for piece in view.centre if piece.id == action.piece), action.piece
            )
            return f"grab the {piece_name} from the centre"
        if isinstance(action, Trick):
            return f"play {self.aimed(action.card, action.targets)}"
        if isinstance(action, Discard):
            return f"discard {self.card(action.card)}"
        assert isinstance(action, Pass)
        return "pass" if view.phase != "turn" else "end your turn without attacking"

    def told(self, action: JoesBarAction, before: JoesBarView) -> str | None:
        """What the table saw ``action`` do (``None``: nothing worth telling)."""
        seat = action.player
        who = self.subject(seat)
        if isinstance(action, Hit):
            return f"{who} {self.verb(seat, 'hit', 'hits')} {self.obj(action.target)} with " + (
                f"{self.cards(action.cards)}."
            )
        if isinstance(action, Fling):
            piece = before.slots[seat]
            what = piece.name if piece is not None else "a Bar card"
            added = f" with {self.cards(action.cards)}" if action.cards else ""
            fling = self.verb(seat, "fling", "flings")
            return f"{who} {fling} the {what}{added} at {self.obj(action.target)}."
        if isinstance(action, Dodge):
            if seat == self.human:
                return f"You dodge, discarding {self.card(action.card)} face down."
            return f"{who} dodges, discarding a card face down."
        if isinstance(action, Slip):
            return f"{who} {self.verb(seat, 'slip', 'slips')} out of the way without a discard."
        if isinstance(action, Swoosh):
            swoosh = self.verb(seat, "swoosh", "swooshes")
            return f"{who} {swoosh} the attack away with {self.card(action.card)}."
        if isinstance(action, Take):
            return f"{who} {self.verb(seat, 'take', 'takes')} the HIT."
        if isinstance(action, TimeOut):
            return f"{who} {self.verb(seat, 'let', 'lets')} the sand timer run out."
        if isinstance(action, Draw):
            return f"{who} {self.verb(seat, 'make', 'makes')} the last-resort draw."
        if isinstance(action, Drink):
            return f"{who} {self.verb(seat, 'drink', 'drinks')} {self.card(action.card)}."
        if isinstance(action, Grab):
            piece_name = next(
                (piece.name for piece in before.centre if piece.id == action.piece), action.piece
            )
            return f"{who} {self.verb(seat, 'grab', 'grabs')} the {piece_name} from the centre."
        if isinstance(action, Trick):
            play = self.verb(seat, "play", "plays")
            return f"{who} {play} {self.aimed(action.card, action.targets)}."
        if isinstance(action, Discard):
            if seat == self.human:
                return f"You discard {self.card(action.card)} down to your hand limit."
            return f"{who} discards a card down to the hand limit."
        if before.phase == "turn":
            return f"{who} {self.verb(seat, 'end', 'ends')} the turn without attacking."
        return None
