"""The Music Game Thingy's actions and how they are written.

Every action names its label's seat first. Cards, Artists and Tours are named
by their ids in the card data; money is written in whole pounds.

==============================================  ===============================================
``0:look:dire-haircuts``                        auction: pick an Artist and roll its Fame
``0:bid:dire-haircuts 5 85000``                 auction: bid 85,000 for a 5-year contract
``0:pass``                                      decline a bidding turn, a counter-bid or a deal
``0:discard:single``                            get back within a hand limit
``0:offer:2 give 10000 single for dire-haircuts``  offer label 2 a trade (``nothing`` for none)
``2:accept``, ``2:decline``                     answer an offer
``0:play:single kate-the-bitch``                play an Action card (targets after the card)
``0:play:commercial-spies 2``                   ... on a label: its seat
``0:play:contract-exchange kate-the-bitch dire-haircuts``  your Artist, then theirs
``0:tour:the-toilet-circuit kate-the-bitch``    send an Artist on a Tour
``0:done``                                      finish declaring for the month
``1:lawyers``, ``1:allow``                      cancel a Contract Exchange or Waiver, or not
==============================================  ===============================================

An offer lists what is given, then ``for`` and what is asked: money first, then
Action cards (only the giver's own: nobody can ask for a card in a hidden hand),
then Artists. The text is read with the card data, which tells cards from Artists:

>>> syntax = syntax_for(frozenset({"dire-haircuts", "kate-the-bitch"}))
>>> offer = syntax.parse("0:offer:2 give 10000 single for 5000 dire-haircuts")
>>> offer.give_cards, offer.take_artists, str(offer)
(('single',), ('dire-haircuts',), '0:offer:2 give 10000 single for 5000 dire-haircuts')
>>> syntax.parse("1:bid:kate-the-bitch 2 50000").describe()
'bid 50,000 for kate-the-bitch on a 2-year contract'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from bots.core import ActionSyntax, GameAction, Verb

#: What an offer gives or asks for when it gives or asks for nothing.
NOTHING = "nothing"


def _check_id(text: str, what: str) -> str:
    if not text or not all(c.isascii() and (c.isalnum() or c == "-") for c in text):
        raise ValueError(f"{text!r} is not the id of {what} (lowercase words joined by hyphens)")
    return text


def _number(text: str, what: str) -> int:
    if not text.isascii() or not text.isdigit():
        raise ValueError(f"{what} must be a whole number, got {text!r}")
    return int(text)


@dataclass(frozen=True, slots=True)
class LookAt(GameAction):
    """Auction: pick an Artist without a Fame marker and roll its Fame."""

    artist: str
    verb = "look"

    def argument(self) -> str:
        return self.artist

    def describe(self) -> str:
        return f"pick {self.artist} and roll its Fame"


@dataclass(frozen=True, slots=True)
class Bid(GameAction):
    """Auction: offer ``amount`` for ``artist`` on a contract of ``years`` years."""

    artist: str
    years: int
    amount: int
    verb = "bid"

    def argument(self) -> str:
        return f"{self.artist} {self.years} {self.amount}"

    def describe(self) -> str:
        return f"bid {self.amount:,} for {self.artist} on a {self.years}-year contract"


@dataclass(frozen=True, slots=True)
class Pass(GameAction):
    """Decline: a bidding turn, a counter-bid (final for that Artist) or a trade offer."""

    verb = "pass"

    def describe(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Discard(GameAction):
    """Discard a card of this id from the hand, to get back within a hand limit."""

    card: str
    verb = "discard"

    def argument(self) -> str:
        return self.card

    def describe(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True, slots=True)
class Offer(GameAction):
    """Offer label ``to`` a trade: what this label gives, for what it asks."""

    to: int
    give_money: int = 0
    give_cards: tuple[str, ...] = ()
    give_artists: tuple[str, ...] = ()
    take_money: int = 0
    take_artists: tuple[str, ...] = ()
    verb = "offer"

    def argument(self) -> str:
        give = _items(self.give_money, self.give_cards, self.give_artists)
        take = _items(self.take_money, (), self.take_artists)
        return f"{self.to} give {give} for {take}"

    def describe(self) -> str:
        return f"offer label {self.to} {self.argument().partition(' ')[2]}"

    @property
    def is_empty(self) -> bool:
        return not (self.give_money or self.give_cards or self.give_artists) and not (
            self.take_money or self.take_artists
        )


def _items(money: int, cards: tuple[str, ...], artists: tuple[str, ...]) -> str:
    words = ([str(money)] if money else []) + list(cards) + list(artists)
    return " ".join(words) if words else NOTHING


@dataclass(frozen=True, slots=True)
class Accept(GameAction):
    """Accept the trade offered."""

    verb = "accept"

    def describe(self) -> str:
        return "accept the offer"


@dataclass(frozen=True, slots=True)
class Decline(GameAction):
    """Decline the trade offered."""

    verb = "decline"

    def describe(self) -> str:
        return "decline the offer"


@dataclass(frozen=True, slots=True)
class Play(GameAction):
    """Play an Action card of this id from the hand on its targets (Artist ids, or a
    label's seat for Commercial Spies; for Contract Exchange your Artist, then theirs)."""

    card: str
    targets: tuple[str, ...] = ()
    verb = "play"

    def argument(self) -> str:
        return " ".join((self.card, *self.targets))

    def describe(self) -> str:
        if not self.targets:
            return f"play {self.card}"
        if len(self.targets) == 2:
            return f"play {self.card} on {self.targets[0]} and {self.targets[1]}"
        return f"play {self.card} on {self.targets[0]}"


@dataclass(frozen=True, slots=True)
class BookTour(GameAction):
    """Send ``artist`` on ``tour`` (its label pays the fee)."""

    tour: str
    artist: str
    verb = "tour"

    def argument(self) -> str:
        return f"{self.tour} {self.artist}"

    def describe(self) -> str:
        return f"send {self.artist} on {self.tour}"


@dataclass(frozen=True, slots=True)
class Done(GameAction):
    """Finish declaring for this month."""

    verb = "done"

    def describe(self) -> str:
        return "finish declaring"


@dataclass(frozen=True, slots=True)
class PlayLawyers(GameAction):
    """Play Lawyers against the Contract Exchange or Waiver just played."""

    verb = "lawyers"

    def describe(self) -> str:
        return "play Lawyers"


@dataclass(frozen=True, slots=True)
class Allow(GameAction):
    """Let the Contract Exchange or Waiver just played stand."""

    verb = "allow"

    def describe(self) -> str:
        return "let the contract card stand"


MusicGameThingyAction = (
    LookAt
    | Bid
    | Pass
    | Discard
    | Offer
    | Accept
    | Decline
    | Play
    | BookTour
    | Done
    | PlayLawyers
    | Allow
)
ACTION_TYPES = (
    LookAt,
    Bid,
    Pass,
    Discard,
    Offer,
    Accept,
    Decline,
    Play,
    BookTour,
    Done,
    PlayLawyers,
    Allow,
)


def _look(seat: int, text: str) -> LookAt:
    return LookAt(seat, _check_id(text, "an Artist"))


def _bid(seat: int, text: str) -> Bid:
    parts = text.split()
    if len(parts) != 3:
        raise ValueError(
            "a bid is an Artist, the years and the amount, as in 'kate-the-bitch 2 50000'"
        )
    artist, years, amount = parts
    return Bid(
        seat,
        _check_id(artist, "an Artist"),
        _number(years, "the years"),
        _number(amount, "the amount"),
    )


def _discard(seat: int, text: str) -> Discard:
    return Discard(seat, _check_id(text, "an Action card"))


def _play(seat: int, text: str) -> Play:
    parts = text.split()
    if not parts:
        raise ValueError("'play' needs a card")
    card, *targets = parts
    for target in targets:
        if not target.isdigit():
            _check_id(target, "an Artist")
    return Play(seat, _check_id(card, "an Action card"), tuple(targets))


def _tour(seat: int, text: str) -> BookTour:
    parts = text.split()
    if len(parts) != 2:
        raise ValueError(
            "a Tour is booked as the Tour and the Artist, as in 'the-toilet-circuit kate-the-bitch'"
        )
    return BookTour(seat, _check_id(parts[0], "a Tour"), _check_id(parts[1], "an Artist"))


def _offer_reader(artists: frozenset[str]) -> Callable[[int, str], Offer]:
    def read(seat: int, text: str) -> Offer:
        to_text, _, rest = text.strip().partition(" ")
        give_text, has_for, take_text = rest.partition(" for ")
        words = give_text.split()
        if not has_for or not words or words[0] != "give":
            raise ValueError("an offer is written 'SEAT give ... for ...' ('nothing' for no items)")
        give_money, give_cards, give_artists = _read_items(words[1:], artists, "given")
        take_money, take_cards, take_artists = _read_items(take_text.split(), artists, "asked for")
        if take_cards:
            raise ValueError(
                f"nobody can ask for a card in a hidden hand ({', '.join(take_cards)})"
            )
        return Offer(
            seat,
            _number(to_text, "the label's seat"),
            give_money,
            give_cards,
            give_artists,
            take_money,
            take_artists,
        )

    return read


def _read_items(
    words: list[str], artists: frozenset[str], side: str
) -> tuple[int, tuple[str, ...], tuple[str, ...]]:
    if words == [NOTHING]:
        return 0, (), ()
    if not words:
        raise ValueError(f"write '{NOTHING}' when nothing is {side}")
    money = 0
    cards: list[str] = []
    found: list[str] = []
    for position, word in enumerate(words):
        if word.isascii() and word.isdigit():
            if position:
                raise ValueError("money comes first in each side of an offer")
            money = int(word)
        elif word in artists:
            found.append(word)
        else:
            if found:
                raise ValueError("cards come before Artists in each side of an offer")
            cards.append(_check_id(word, "an Action card or Artist"))
    return money, tuple(cards), tuple(found)


@lru_cache(maxsize=8)
def syntax_for(artists: frozenset[str]) -> ActionSyntax[MusicGameThingyAction]:
    """How the actions are written, for a game whose Artists have these ids."""
    verbs: list[Verb[MusicGameThingyAction]] = [
        Verb("look", _look, "an Artist", "dire-haircuts"),
        Verb("bid", _bid, "an Artist, years and amount", "dire-haircuts 2 50000"),
        Verb("pass", Pass),
        Verb("discard", _discard, "a card", "single"),
        Verb("offer", _offer_reader(artists), "a trade", "1 give 10000 for nothing"),
        Verb("accept", Accept),
        Verb("decline", Decline),
        Verb("play", _play, "a card and its targets", "hype dire-haircuts"),
        Verb("tour", _tour, "a Tour and an Artist", "the-toilet-circuit dire-haircuts"),
        Verb("done", Done),
        Verb("lawyers", PlayLawyers),
        Verb("allow", Allow),
    ]
    return ActionSyntax("The Music Game Thingy", verbs)


# --- shared action values ---------------------------------------------------------------
# Legal actions are offered at every step; the same values are made again and again, so
# they are made once and shared (actions are frozen).


@lru_cache(maxsize=1 << 16)
def play(seat: int, card: str, targets: tuple[str, ...] = ()) -> Play:
    return Play(seat, card, targets)


@lru_cache(maxsize=1 << 12)
def book(seat: int, tour: str, artist: str) -> BookTour:
    return BookTour(seat, tour, artist)


@lru_cache(maxsize=1 << 16)
def bid(seat: int, artist: str, years: int, amount: int) -> Bid:
    return Bid(seat, artist, years, amount)


@lru_cache(maxsize=1 << 12)
def look(seat: int, artist: str) -> LookAt:
    return LookAt(seat, artist)


@lru_cache(maxsize=1 << 16)
def offer(
    seat: int,
    to: int,
    give_money: int = 0,
    give_cards: tuple[str, ...] = (),
    give_artists: tuple[str, ...] = (),
    take_money: int = 0,
    take_artists: tuple[str, ...] = (),
) -> Offer:
    return Offer(seat, to, give_money, give_cards, give_artists, take_money, take_artists)


@lru_cache(maxsize=64)
def pass_(seat: int) -> Pass:
    return Pass(seat)


@lru_cache(maxsize=64)
def done(seat: int) -> Done:
    return Done(seat)


@lru_cache(maxsize=64)
def accept(seat: int) -> Accept:
    return Accept(seat)


@lru_cache(maxsize=64)
def decline(seat: int) -> Decline:
    return Decline(seat)


@lru_cache(maxsize=64)
def allow(seat: int) -> Allow:
    return Allow(seat)


@lru_cache(maxsize=64)
def lawyers(seat: int) -> PlayLawyers:
    return PlayLawyers(seat)
