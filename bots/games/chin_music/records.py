"""What a Chin Music player sees (:class:`ChinMusicView`) and what a fight shows
everyone (:class:`FightRecord`): plain frozen data, readable by a person.

What is visible, and so in a view:

* **Your hand:** the fronts of your cards (word and Boast), never their backs.
* **Other hands:** the backs of their cards (Ruffians), sorted, never their words.
* **The stack:** it is face up and squared, so only the **top card's front**
  shows; covered words are not in the view (remembering them is the player's
  job). Everyone saw who played each card, and everyone but the player saw
  its back as it left their hand, so the view lists, bottom to top, who
  played each card and the Ruffians of every card played by someone else
  (``None`` for your own).
* **The recitation being judged:** the words just said, while the call-outs
  and the pass-or-fight choice are made. Earlier recitations were heard, not
  shown: remembering them is the player's job too.
* **The last fight:** the flipped stack, what was said, what counted and the
  totals. A card from it may come back in a later deal once the used pile is
  reshuffled; linking its word to its back is memory, as at a table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from bots.games.chin_music.cards import CardFront, Shared

#: Where a turn is: play a card, recite, call-outs, pass or fight, game over.
Phase = Literal["play", "recite", "call", "decide", "over"]

#: Why a fight happened: the reciter chose it; a right call-out caught the
#: reciter; a wrong call-out sends the caller; every hand in the bout was empty.
FightReason = Literal["chose", "caught", "wrong-call", "everyone-empty"]

_REASONS: dict[FightReason, str] = {
    "chose": "player {fighter} chose to fight",
    "caught": "player {caller} rightly called player {reciter} out, so player {reciter} fights",
    "wrong-call": (
        "player {caller} wrongly called player {reciter} out, so player {caller} fights "
        "with what they recited"
    ),
    "everyone-empty": "every hand was empty, so player {fighter} had to fight",
}


@dataclass(frozen=True, slots=True)
class StackCard(Shared):
    """A card of a flipped stack: both faces, who played it and whether it counted."""

    id: str
    word: str
    boast: int
    ruffians: int
    player: int
    counted: bool


@dataclass(frozen=True)
class FightRecord(Shared):
    """One fight, as everyone saw it once the stack was flipped and counted.

    ``boast`` is the fighter's total: the Boast of the cards that counted plus
    ``own_cards`` (one for each stack card the fighter played).
    """

    bout: int
    fighter: int
    reciter: int
    caller: int | None
    reason: FightReason
    stack: tuple[StackCard, ...]
    recited: tuple[str, ...]
    own_cards: int
    boast: int
    ruffians: int
    won: bool
    #: The fighter's draw count after the fight.
    draw_count: int

    @property
    def stack_size(self) -> int:
        return len(self.stack)

    @property
    def counted_words(self) -> tuple[str, ...]:
        """The words whose Boast counted, in stack order."""
        return tuple(card.word for card in self.stack if card.counted)

    def explain(self) -> str:
        """The fight in a few sentences, for a person."""
        why = _REASONS[self.reason].format(
            fighter=self.fighter, reciter=self.reciter, caller=self.caller
        )
        stack = ", ".join(card.word for card in self.stack)
        said = ", ".join(self.recited) or "nothing"
        boasts = [f"{card.boast} ({card.word})" for card in self.stack if card.counted]
        if self.own_cards:
            cards = "card" if self.own_cards == 1 else "cards"
            boasts.append(f"{self.own_cards} for their own {cards}")
        ruffians = [str(card.ruffians) for card in self.stack]
        result = "wins" if self.won else "loses"
        beats = "beats" if self.won else "does not beat"
        return (
            f"Bout {self.bout}: {why}.\n"
            f"The stack, bottom to top: {stack}.\n"
            f"Recited: {said}.\n"
            f"Boast: {_total(boasts, self.boast)}.\n"
            f"Ruffians: {_total(ruffians, self.ruffians)}.\n"
            f"{self.boast} {beats} {self.ruffians}: player {self.fighter} {result} "
            + (
                "and, down to one card, has nothing more to prove: the game is theirs."
                if self.draw_count <= 1
                else f"and will be dealt {self.draw_count} from now on."
            )
        )


def _total(parts: list[str], total: int) -> str:
    """``2 + 3 = 5``; one part alone is just itself, none is 0."""
    if not parts:
        return "0 (nothing counts)"
    return parts[0] if len(parts) == 1 else f"{' + '.join(parts)} = {total}"


@dataclass(frozen=True)
class ChinMusicView:
    """What one player may know at one moment (see the module docstring)."""

    player: int
    #: The fronts of the player's own cards, in the order held.
    hand: tuple[CardFront, ...]
    #: For each seat, the Ruffians on the backs of that hand, sorted; ``()`` for the player.
    hand_backs: tuple[tuple[int, ...], ...]
    hand_sizes: tuple[int, ...]
    #: How many cards each player is dealt at the start of a bout.
    draw_counts: tuple[int, ...]
    #: The starting hand, which is also the most anyone is ever dealt.
    hand_size: int
    #: The top card's front, or ``None`` while the stack is empty.
    top: CardFront | None
    stack_size: int
    #: Who played each stack card, bottom to top.
    stack_players: tuple[int, ...]
    #: The Ruffians of each stack card someone else played; ``None`` for the player's own.
    stack_ruffians: tuple[int | None, ...]
    phase: Phase
    current_player: int | None
    #: Whose turn it is in the bout (the player who plays and recites).
    reciter: int | None
    #: The words just recited, while they are judged; ``None`` before the recitation.
    recitation: tuple[str, ...] | None
    #: Players knocked out of this bout by a failed call-out (the careful call-outs variant).
    knocked_out: tuple[bool, ...]
    #: Whether the careful call-outs variant is in play.
    careful_callouts: bool
    #: Whether the generous call-outs variant is in play (a wrong caller fights with the
    #: reciter's recitation); by default a wrong caller fights having recited nothing.
    generous_callouts: bool
    bout: int
    first_player: int
    turns_this_bout: int
    last_fight: FightRecord | None
    winners: tuple[int, ...]

    @property
    def own_cards_in_stack(self) -> int:
        """How many stack cards this player played."""
        return sum(1 for seat in self.stack_players if seat == self.player)
