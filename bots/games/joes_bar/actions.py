"""Joe's Bar actions and how they are written.

Every action names its player's seat first; cards are named by their id in the card
data (``jab``, ``pile-on``), players by their seat.

============================  ==========================================================
``0:hit:2:jab``               throw a Jab at player 2 (starting a chain or answering)
``0:hit:2:jab+pile-on``       throw a combo: Pile On with a Jab added, as one attack
``0:fling:2``                 fling the Bar card in your slot at player 2
``0:fling:2:jab``             fling it with a HIT card added (a Bar card with a combo icon)
``1:dodge:swig``              discard a Swig to pass the HIT on to the next player
``1:slip``                    dodge without a discard (Slim Jim's trait)
``1:swoosh:bob-and-weave``    cancel the attack with a Swoosh card (older draft)
``1:take``                    take the HIT: you cannot answer it
``1:time-out``                let the sand timer run out: lose 1 BL, the HIT lands (older draft)
``1:draw``                    make the last-resort draw (when you could slip instead)
``0:drink:swig``              drink a gulp card on your turn
``0:grab:chair``              move a centre Bar card into your empty slot
``0:trick:light-fingers:2``   play a Utility card aimed at player 2 (one seat per aimed
                              icon: ``shakedown:1,3``; an Interrupt names the seat whose
                              card it cancels)
``0:pass``                    pass: play no Utility card now, or end a turn with no attack
``0:discard:jab``             discard down to the older draft's hand limit
============================  ==========================================================

The cards of an attack are kept in alphabetical order, so ``jab+pile-on`` and
``pile-on+jab`` are the same attack.

>>> action = SYNTAX.parse("0:hit:2:pile-on+jab")
>>> action, str(action)
(Hit(player=0, target=2, cards=('jab', 'pile-on')), '0:hit:2:jab+pile-on')
>>> SYNTAX.parse("3:trick:shakedown:1,2").targets
(1, 2)
"""

from __future__ import annotations

from dataclasses import dataclass

from bots.core import ActionSyntax, GameAction, Verb

#: What joins the cards of one attack in the written form.
CARD_JOINER = "+"


def _sorted(cards: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted(cards))


@dataclass(frozen=True, slots=True)
class Hit(GameAction):
    """Throw HIT cards from hand (one attack) at ``target``."""

    target: int
    cards: tuple[str, ...]
    verb = "hit"

    def __post_init__(self) -> None:
        if not self.cards:
            raise ValueError("an attack needs at least one card")
        object.__setattr__(self, "cards", _sorted(self.cards))

    def argument(self) -> str:
        return f"{self.target}:{CARD_JOINER.join(self.cards)}"

    def describe(self) -> str:
        return f"hit player {self.target} with {' and '.join(self.cards)}"


@dataclass(frozen=True, slots=True)
class Fling(GameAction):
    """Fling the Bar card in your slot at ``target``, with ``cards`` from hand added."""

    target: int
    cards: tuple[str, ...] = ()
    verb = "fling"

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _sorted(self.cards))

    def argument(self) -> str:
        added = CARD_JOINER.join(self.cards)
        return f"{self.target}:{added}" if added else str(self.target)

    def describe(self) -> str:
        added = f" with {' and '.join(self.cards)}" if self.cards else ""
        return f"fling their Bar card at player {self.target}{added}"


@dataclass(frozen=True, slots=True)
class Dodge(GameAction):
    """Discard ``card`` face down to pass the HIT aimed at you on."""

    card: str
    verb = "dodge"

    def argument(self) -> str:
        return self.card

    def describe(self) -> str:
        return f"dodge by discarding {self.card}"


@dataclass(frozen=True, slots=True)
class Slip(GameAction):
    """Dodge without discarding (a patron's free dodge)."""

    verb = "slip"

    def describe(self) -> str:
        return "dodge without discarding"


@dataclass(frozen=True, slots=True)
class Swoosh(GameAction):
    """Answer a HIT with a Swoosh card: the attack misses and the chain ends."""

    card: str
    verb = "swoosh"

    def argument(self) -> str:
        return self.card

    def describe(self) -> str:
        return f"swoosh the attack away with {self.card}"


@dataclass(frozen=True, slots=True)
class Take(GameAction):
    """Take the HIT, having no answer: it lands and the chain ends."""

    verb = "take"

    def describe(self) -> str:
        return "take the HIT"


@dataclass(frozen=True, slots=True)
class TimeOut(GameAction):
    """Let the sand timer run out (older draft): lose BL, the HIT lands, the chain ends."""

    verb = "time-out"

    def describe(self) -> str:
        return "let the sand timer run out"


@dataclass(frozen=True, slots=True)
class Draw(GameAction):
    """Make the last-resort draw."""

    verb = "draw"

    def describe(self) -> str:
        return "make the last-resort draw"


@dataclass(frozen=True, slots=True)
class Drink(GameAction):
    """Drink a gulp card on your turn."""

    card: str
    verb = "drink"

    def argument(self) -> str:
        return self.card

    def describe(self) -> str:
        return f"drink {self.card}"


@dataclass(frozen=True, slots=True)
class Grab(GameAction):
    """Move the centre Bar card ``piece`` (an id) into your empty slot."""

    piece: str
    verb = "grab"

    def argument(self) -> str:
        return self.piece

    def describe(self) -> str:
        return f"grab {self.piece} from the centre"


@dataclass(frozen=True, slots=True)
class Trick(GameAction):
    """Play the Utility card ``card``, aimed at ``targets`` (one seat per aimed icon)."""

    card: str
    targets: tuple[int, ...] = ()
    verb = "trick"

    def argument(self) -> str:
        if not self.targets:
            return self.card
        return f"{self.card}:{','.join(map(str, self.targets))}"

    def describe(self) -> str:
        aimed = (
            f" at {', '.join(f'player {seat}' for seat in self.targets)}" if self.targets else ""
        )
        return f"play {self.card}{aimed}"


@dataclass(frozen=True, slots=True)
class Pass(GameAction):
    """Play no Utility card now, or end your turn when you cannot attack."""

    verb = "pass"

    def describe(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Discard(GameAction):
    """Discard ``card`` at the end of your turn (the older draft's hand limit)."""

    card: str
    verb = "discard"

    def argument(self) -> str:
        return self.card

    def describe(self) -> str:
        return f"discard {self.card}"


JoesBarAction = (
    Hit
    | Fling
    | Dodge
    | Slip
    | Swoosh
    | Take
    | TimeOut
    | Draw
    | Drink
    | Grab
    | Trick
    | Pass
    | Discard
)
ACTION_TYPES = (
    Hit,
    Fling,
    Dodge,
    Slip,
    Swoosh,
    Take,
    TimeOut,
    Draw,
    Drink,
    Grab,
    Trick,
    Pass,
    Discard,
)


def _seat(text: str) -> int:
    if not text.isdigit() or not text.isascii():
        raise ValueError(f"{text!r} is not a seat number")
    return int(text)


def _card(text: str) -> str:
    if not text or CARD_JOINER in text or ":" in text or text != text.strip():
        raise ValueError(f"{text!r} is not a card id")
    return text


def _cards(text: str) -> tuple[str, ...]:
    return tuple(_card(part.strip()) for part in text.split(CARD_JOINER))


def _hit(seat: int, text: str) -> Hit:
    target, has_cards, cards = text.partition(":")
    if not has_cards:
        raise ValueError("'hit' needs a target seat and the cards, as in 2:jab")
    return Hit(seat, _seat(target.strip()), _cards(cards))


def _fling(seat: int, text: str) -> Fling:
    target, has_cards, cards = text.partition(":")
    return Fling(seat, _seat(target.strip()), _cards(cards) if has_cards else ())


def _trick(seat: int, text: str) -> Trick:
    card, has_targets, targets = text.partition(":")
    seats = tuple(_seat(part.strip()) for part in targets.split(",")) if has_targets else ()
    return Trick(seat, _card(card.strip()), seats)


#: How Joe's Bar actions are written (every action's ``str()`` reads back).
SYNTAX: ActionSyntax[JoesBarAction] = ActionSyntax(
    "Joe's Bar",
    [
        Verb("hit", _hit, "a target seat and cards", "2:jab"),
        Verb("fling", _fling, "a target seat", "2"),
        Verb("dodge", lambda seat, text: Dodge(seat, _card(text)), "a card", "swig"),
        Verb("slip", Slip),
        Verb("swoosh", lambda seat, text: Swoosh(seat, _card(text)), "a card", "swoosh-card"),
        Verb("take", Take),
        Verb("time-out", TimeOut),
        Verb("draw", Draw),
        Verb("drink", lambda seat, text: Drink(seat, _card(text)), "a card", "swig"),
        Verb("grab", lambda seat, text: Grab(seat, _card(text)), "a Bar card", "chair"),
        Verb("trick", _trick, "a card and target seats", "light-fingers:2"),
        Verb("pass", Pass),
        Verb("discard", lambda seat, text: Discard(seat, _card(text)), "a card", "jab"),
    ],
)


def parse_action(text: str) -> JoesBarAction:
    """The action written ``text``; raises :class:`~bots.core.InvalidActionError` saying
    what is expected."""
    return SYNTAX.parse(text)
