"""Why an action is not allowed now, as a sentence for a person.

The engine knows the legal actions exactly (it lists them all); this module only says
what is wrong with one that is not among them, as specifically as it can: the phase,
the card, the target, the first-hit rule, the dodge limit, the Utility timing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bots.games.joes_bar.actions import (
    Discard,
    Dodge,
    Draw,
    Drink,
    Fling,
    Grab,
    Hit,
    JoesBarAction,
    Pass,
    Slip,
    Swoosh,
    Take,
    TimeOut,
    Trick,
)

if TYPE_CHECKING:
    from bots.games.joes_bar.engine import JoesBar

_PHASES = {
    "turn": "it is their turn to drink, grab, play a Utility card or start a chain",
    "window": "they may only start a Utility pause or pass now",
    "join": "they may only add a Utility card to the pause or pass now",
    "answer": "they must answer the HIT aimed at them",
    "limit": "they must discard down to their hand limit",
}
_WHEN = {
    Hit: ("turn", "answer"),
    Fling: ("turn", "answer"),
    Dodge: ("answer",),
    Slip: ("answer",),
    Swoosh: ("answer",),
    Take: ("answer",),
    TimeOut: ("answer",),
    Draw: ("answer",),
    Drink: ("turn",),
    Grab: ("turn",),
    Trick: ("turn", "window", "join", "answer"),
    Pass: ("turn", "window", "join"),
    Discard: ("limit",),
}


def why_not(state: JoesBar, action: JoesBarAction) -> str:
    """Why ``action`` (by the player to move) is not among the legal actions."""
    phase = state.phase
    if phase not in _WHEN[type(action)]:
        return _PHASES[phase]
    seat = action.player
    if isinstance(action, Hit | Fling):
        return _attack(state, action)
    if isinstance(action, Dodge | Slip):
        reason = state.dodge_refusal(seat) if state.attack is not None else None
        if reason:
            return reason
        if isinstance(action, Slip):
            return "their patron has no free dodge left this round"
        return _held(state, seat, action.card) or "they may not dodge now"
    if isinstance(action, Swoosh):
        if not state.rules.swoosh_cards:
            return "there are no Swoosh cards under the beta's rule"
        return _held(state, seat, action.card) or f"{action.card} is not a Swoosh card"
    if isinstance(action, TimeOut):
        return "there is no sand timer under the beta's rule"
    if isinstance(action, Take):
        return "they can answer the HIT, so they must"
    if isinstance(action, Draw):
        return "the last-resort draw is only for a target with no cards in hand"
    if isinstance(action, Drink):
        return _held(state, seat, action.card) or f"{action.card} is not a gulp card"
    if isinstance(action, Grab):
        if state.slots[seat] is not None:
            return "their Bar slot is not empty"
        return f"there is no {action.piece} in the centre"
    if isinstance(action, Trick):
        return _trick(state, action)
    if isinstance(action, Pass):
        return "they can start a chain, so they must"
    return _held(state, seat, action.card) or "they may not discard that now"


def _held(state: JoesBar, seat: int, card: str) -> str | None:
    return None if state.holds(seat, card) else f"they hold no {card}"


def _attack(state: JoesBar, action: Hit | Fling) -> str:
    seat = action.player
    hand = state.drawn if state.drawn else state.hands[seat]
    missing = [card for card in action.cards if not any(c.kind.id == card for c in hand)]
    if missing:
        return f"they hold no {missing[0]}"
    if isinstance(action, Fling):
        piece = state.slots[seat]
        if piece is None:
            return "their Bar slot is empty"
        if state.drawn:
            return "a last-resort card must be thrown on its own"
    elif state.drawn and len(action.cards) > 1:
        return "a last-resort card must be thrown on its own"
    kinds = [state.cards.kind_by_id[card] for card in action.cards]
    if any(not kind.effects.hit for kind in kinds):
        return "every card of an attack must show a HIT icon"
    target = action.target
    if target == seat:
        return "they cannot hit themselves"
    if not 0 <= target < state.n:
        return f"there is no player {target}"
    if state.out[target]:
        return f"player {target} is out for the round"
    attack = state.attack
    answering = state.phase == "answer" and attack is not None
    if answering and attack is not None and state.is_first_hit(seat) and target != attack.attacker:
        return (
            "no HIT has landed on them this round yet, so they must hit back at "
            f"player {attack.attacker}"
        )
    piece = state.slots[seat] if isinstance(action, Fling) else None
    linkers = [kind for kind in kinds if kind.effects.combo]
    fillers = len(kinds) - len(linkers)
    if piece is not None:
        room = piece.effects.combo + sum(k.effects.combo for k in linkers) - len(linkers)
        fits = (piece.effects.combo > 0 or not kinds) and fillers <= room
    else:
        room = sum(k.effects.combo for k in linkers) - max(0, len(linkers) - 1)
        fits = len(kinds) == 1 or (bool(linkers) and fillers <= room)
    if not fits:
        return "the attack holds more cards than its Combo icons allow"
    return (
        f"player {target} is neither their neighbour nor in the brawl with them, "
        "and the attack has no Reach"
    )


def _trick(state: JoesBar, action: Trick) -> str:
    seat = action.player
    reason = _held(state, seat, action.card)
    if reason:
        return reason
    kind = state.cards.kind_by_id[action.card]
    effects = kind.effects
    if not effects.is_trick:
        return f"{action.card} is not a Utility card"
    if kind.timing == "own-turn" and (state.phase != "turn" or state.turn_player != seat):
        return f"{action.card} may only be played on their own turn, before their chain"
    if state.phase != "join" and not effects.can_start_a_pause:
        return "an Interrupt cannot start a pause: there is no card to cancel yet"
    if not state.utility_allowed(seat):
        return "under the older draft nobody plays a Utility card straight after their own card"
    if len(action.targets) != len(effects.targets):
        return f"{action.card} needs {len(effects.targets)} target(s), one per aimed icon"
    for effect, target in zip(effects.targets, action.targets, strict=True):
        if effect == "cancel":
            if not any(card.seat == target and target != seat for card in state.pause):
                return f"player {target} has no card in this pause to cancel"
        elif target == seat:
            return "rob and poison aim at another player"
        elif not 0 <= target < state.n or state.out[target]:
            return f"player {target} is not in the round"
    return "they may not play that card now"
