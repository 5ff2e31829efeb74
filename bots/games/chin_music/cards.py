"""The Bout cards, taken from the catalog's game (``cards/chin-music/bout.yaml``).

No card, word or value lives in code, and nothing here reads a file: the
caller loads the catalog and :meth:`Deck.from_catalog` turns each Bout card of
its game into a small :class:`Bout` value.

>>> deck = Deck((Bout("a", "Swell!", 3, 2), Bout("b", "Oh Yeah?", 2, 4)))
>>> len(deck.cards), deck.find("oh yeah") == deck.find("Oh Yeah?") == 1
(2, True)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Self

from bots.games.chin_music.counting import spoken
from pnp.catalog.schemas.chin_music import BoutCard

if TYPE_CHECKING:
    from pnp.catalog import Game

#: The game's folder in the card data, and its deck of Bout cards.
GAME_ID = "chin-music"
DECK_ID = "bout"
#: What separates the words of a recitation when it is written down.
WORD_SEPARATOR = ","


class Shared:
    """A frozen value that a cloned game shares instead of copying (clones stay cheap)."""

    __slots__ = ()

    def __deepcopy__(self, memo: dict[int, object]) -> Self:
        return self


@dataclass(frozen=True, slots=True)
class Bout(Shared):
    """One Bout card: ``word`` and ``boast`` on the front, ``ruffians`` on the back."""

    id: str
    word: str
    boast: int
    ruffians: int


@dataclass(frozen=True, slots=True)
class CardFront(Shared):
    """What the front of a card shows: its word and its Boast."""

    word: str
    boast: int

    def __str__(self) -> str:
        return f"{self.word} ({self.boast})"


@dataclass(frozen=True)
class Deck(Shared):
    """The Bout cards in a fixed order (the order of the data file).

    Cards are handled by their index in ``cards``; ``fronts`` holds the front of
    each, ready for views.
    """

    cards: tuple[Bout, ...]
    fronts: tuple[CardFront, ...] = field(init=False, repr=False)
    #: Card index by spoken form, and by printed word.
    _by_sound: dict[str, int] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        problems = []
        for card in self.cards:
            if WORD_SEPARATOR in card.word or card.word != card.word.strip():
                problems.append(
                    f"the word {card.word!r} of card {card.id!r} cannot be written in a "
                    f"recitation (no {WORD_SEPARATOR!r} and no spaces at either end)"
                )
        sounds = Counter(spoken(card.word) for card in self.cards)
        problems += [f"two cards sound like {sound!r}" for sound, n in sounds.items() if n > 1]
        if problems:
            raise ValueError("; ".join(problems))
        object.__setattr__(self, "fronts", tuple(CardFront(c.word, c.boast) for c in self.cards))
        by_sound = {spoken(card.word): index for index, card in enumerate(self.cards)}
        by_sound.update({card.word: index for index, card in enumerate(self.cards)})
        object.__setattr__(self, "_by_sound", by_sound)

    @classmethod
    def from_catalog(cls, game: Game) -> Deck:
        """The Bout deck of the catalog's ``game``; a card with copies is an error."""
        deck = game.deck(DECK_ID)
        cards: list[Bout] = []
        for card in deck.cards:
            if not isinstance(card, BoutCard):
                raise ValueError(f"deck {DECK_ID!r} of {GAME_ID!r} holds a card that is not a Bout")
            if card.count != 1:
                raise ValueError(
                    f"Bout card {card.id!r} has {card.count} copies; every word must be unique"
                )
            cards.append(Bout(card.id, card.word, card.boast, card.ruffians))
        return cls(tuple(cards))

    def find(self, word: str) -> int | None:
        """The index of the card whose word sounds like ``word``, or ``None``."""
        found = self._by_sound.get(word)  # the printed spelling: the usual case
        return found if found is not None else self._by_sound.get(spoken(word))

    @property
    def words(self) -> tuple[str, ...]:
        """Every word of the deck, in the data file's order."""
        return tuple(card.word for card in self.cards)
