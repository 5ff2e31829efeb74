"""Chin Music bots that play from a player's view, with imperfect memory.

:class:`HeuristicPlayer` plays the way people do:

* **Memory.** It watches every view it is given: the word on top of the
  stack at each size, and recitations it hears for places it never saw (a
  :class:`~bots.games.chin_music.memory.StackMemory`, cleared each bout).
  It recalls through a :class:`~bots.games.chin_music.memory.MemoryModel` of
  its skill (easy, medium, hard), with slips drawn from its seeded generator.
* **Play.** It plays the card of its hand with the highest Boast (the first
  such card held).
* **Recite.** It recites what it recalls, which may drop, swap or misname cards.
* **Call out.** It calls the reciter out when the recitation sounds wrong to
  its own memory (it can miss a mistake, and now and then it hears one that
  is not there) and the call is worth its risk: a wrong caller fights having
  recited nothing, with one point of Boast per card of its own in the stack,
  and nearly always loses. It weighs how likely it is to be wrong (a false
  alarm of its memory against the chance that the reciter slipped) times what
  losing would cost it (nothing once it is dealt the most cards already)
  against what a right call gains. It also lets a mistake stand when the
  reciter is already dealt the most cards (a lost fight would cost them
  nothing) and it has cards of its own in the stack.
* **Fight or pass.** It believes its own recitation and estimates its Boast
  from it (the Boast of each word named once, from the card fronts, plus one
  for each of its cards in the stack). It knows the Ruffians of the stack
  cards others played; for each of its own it takes the Ruffians printed on
  the cards with the same Boast (the card list is printed, and a player
  learns how Boast and Ruffians go together, never the back of a given
  word), and works out the chance that the Ruffians stay below its Boast. It
  fights when that chance reaches its ``fight_confidence``, less half the
  chance of slipping on the stack by its next turn (the longer the stack, the
  sooner it takes a fight).
* **Bold call-outs** (only with the generous call-outs variant, where a wrong
  caller fights with the reciter's recitation): it also calls out a recitation
  it believes right when it is sure enough of winning that fight: medium only
  when at least 80 % sure, hard from 65 %, easy never. By default, and with
  careful call-outs, a wrong call can only cost, and it never calls one it
  believes right.

Use one bot per seat and per game.

>>> from bots.core import play_game
>>> from bots.games.chin_music import ChinMusic
>>> from pnp.catalog import load_catalog
>>> deck = ChinMusic.data_from(load_catalog("cards").game("chin-music"))
>>> players = [HeuristicPlayer(deck) for _ in range(3)]
>>> state = play_game(ChinMusic.new(deck, 3, {"players": 3}), players)
>>> state.is_terminal
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from bots.core import RANDOM_BOT, BotSpec
from bots.games.chin_music.actions import (
    CallOut,
    ChinMusicAction,
    Fight,
    NoCall,
    Pass,
    Play,
    Recite,
)
from bots.games.chin_music.cards import CardFront, Deck
from bots.games.chin_music.counting import spoken
from bots.games.chin_music.memory import SKILLS, MemoryModel, Skill, StackMemory
from bots.games.chin_music.records import ChinMusicView

#: How much of the risk of slipping by its next turn lowers the chance it needs to fight.
WAITING_RISK_SHARE = 0.5
#: What a right call-out is worth, against the card a lost wrong call costs: a card to the
#: reciter (who then fights with a mistake and nearly always loses), or, when the reciter
#: is dealt the most already and cannot be pushed back, only the end of their bout.
RIGHT_CALL_GAIN = 1.0
RIGHT_CALL_GAIN_AT_MOST = 0.25


@dataclass(frozen=True)
class Level:
    """How a skill level plays: its memory and how sure of winning it must be to
    fight by choice or by a bold call-out."""

    memory: MemoryModel
    fight_confidence: float
    #: How sure of winning it must be to call out a recitation it believes right
    #: (a wrong caller fights with it); above 1: never.
    bold_confidence: float


#: The three skill levels.
LEVELS: dict[Skill, Level] = {
    "easy": Level(SKILLS["easy"], fight_confidence=0.45, bold_confidence=2.0),
    "medium": Level(SKILLS["medium"], fight_confidence=0.55, bold_confidence=0.8),
    "hard": Level(SKILLS["hard"], fight_confidence=0.6, bold_confidence=0.65),
}


class HeuristicPlayer:
    """A Chin Music player with a memory model (see the module docstring).

    ``deck`` is the game's Bout deck (the card list is printed, so the fronts
    and how Ruffians go with Boast are public; it never looks up the back of a
    word). ``skill`` is ``"easy"``, ``"medium"`` or ``"hard"`` (see :data:`LEVELS`);
    ``bold_confidence`` overrides the level's (above 1: no bold call-outs).
    With a ``seed`` it keeps its own ``random.Random``; without one it uses the generator
    :func:`~bots.core.play_game` gives its seat. Either way it is deterministic.
    """

    def __init__(
        self,
        deck: Deck,
        skill: Skill = "medium",
        seed: int | None = None,
        bold_confidence: float | None = None,
    ) -> None:
        if skill not in LEVELS:
            raise ValueError(f"skill must be one of {', '.join(LEVELS)}, got {skill!r}")
        level = LEVELS[skill]
        self.skill: Skill = skill
        self.seed = seed
        self.rng = random.Random(seed) if seed is not None else None
        self.model: MemoryModel = level.memory
        self.fight_confidence = level.fight_confidence
        self.bold_confidence = level.bold_confidence if bold_confidence is None else bold_confidence
        self._boast = {spoken(card.word): card.boast for card in deck.cards}
        # What the printed card list teaches about backs: Ruffians by Boast.
        self._all_ruffians = _pool(card.ruffians for card in deck.cards)
        self._ruffians_given_boast = {
            boast: _pool(card.ruffians for card in deck.cards if card.boast == boast)
            for boast in {card.boast for card in deck.cards}
        }
        self.memory = StackMemory()
        self.known_words: set[str] = set()
        self._bout: tuple[int, int] | None = None
        self._hand_seen: tuple[CardFront, ...] = ()

    def __repr__(self) -> str:
        return f"HeuristicPlayer({self.skill!r}, seed={self.seed!r})"

    def choose(
        self,
        view: ChinMusicView,
        legal_actions: Sequence[ChinMusicAction],
        rng: random.Random,
    ) -> ChinMusicAction:
        """An action for ``view``: one of ``legal_actions``, or any recitation when reciting."""
        if not legal_actions:
            raise ValueError("there is no legal action to choose from")
        generator = self.rng or rng
        self.observe(view)
        seat = view.player
        phase = view.phase
        if phase == "play":
            best = max(view.hand, key=lambda front: front.boast)
            return Play(seat, best.word)
        if phase == "recite":
            decoys = sorted(self.known_words - {w for w in self.memory.slots if w})
            return Recite(seat, tuple(self.model.recall(self.memory.slots, decoys, generator)))
        if phase == "call":
            heard = view.recitation or ()
            noticed = self.model.notices(self.memory.slots, heard, generator)
            if noticed and self.worth_calling(view) and self.call_pays(view):
                return CallOut(seat)
            # Only under the generous reading does a wrong caller fight with this recitation.
            bold = self.bold_confidence <= 1.0 and view.generous_callouts
            if bold and self.chance_to_win(view) >= self.bold_confidence:
                return CallOut(seat)
            return NoCall(seat)
        if phase == "decide":
            return Fight(seat) if self.chance_to_win(view) >= self.nerve(view) else Pass(seat)
        return legal_actions[0]

    # --- memory -----------------------------------------------------------------------

    def observe(self, view: ChinMusicView) -> None:
        """Store what ``view`` shows: the top word, a recitation heard, the hand."""
        bout = (view.bout, view.first_player)
        if bout != self._bout or view.stack_size < len(self.memory.slots):
            self._bout = bout
            self.memory.clear()
        if view.hand is not self._hand_seen:
            self._hand_seen = view.hand
            self.known_words.update(front.word for front in view.hand)
        if view.top is not None:
            self.memory.see(view.stack_size, view.top.word)
            self.known_words.add(view.top.word)
        if view.recitation is not None and view.reciter != view.player:
            self.memory.hear(view.recitation)

    def worth_calling(self, view: ChinMusicView) -> bool:
        """Whether to call out a mistake it noticed: yes, unless the reciter is already
        dealt the most cards (a lost fight would cost them nothing) while it has cards
        of its own in the stack to fight with later."""
        reciter = view.reciter if view.reciter is not None else view.player
        has_nothing_to_lose = view.draw_counts[reciter] >= view.hand_size
        return not (has_nothing_to_lose and view.own_cards_in_stack > 0)

    def call_pays(self, view: ChinMusicView) -> bool:
        """Whether calling out a recitation that sounded wrong is worth the risk of being
        wrong: a wrong caller fights having recited nothing (by default), with only its
        own stack cards' Boast, and a lost fight deals it one card more unless it is dealt
        the most already. A right call sends the reciter to fight with their mistake."""
        if view.careful_callouts or view.generous_callouts:
            return True  # knocked out of one bout, or a fight with a right recitation
        doubt = self.model.doubt(view.stack_size)
        dealt_most = view.draw_counts[view.player] >= view.hand_size
        cost = 0.0 if dealt_most else 1.0 - self.chance_to_win_empty_handed(view)
        reciter = view.reciter if view.reciter is not None else view.player
        pushed_back = view.draw_counts[reciter] < view.hand_size
        gain = RIGHT_CALL_GAIN if pushed_back else RIGHT_CALL_GAIN_AT_MOST
        return (1.0 - doubt) * gain >= doubt * cost

    def chance_to_win_empty_handed(self, view: ChinMusicView) -> float:
        """The chance of winning a fight with only its own stack cards' Boast."""
        known = sum(r for r in view.stack_ruffians if r is not None)
        margin = view.own_cards_in_stack - known
        return _chance_below(self.own_card_pools(view), margin)

    # --- fighting ---------------------------------------------------------------------

    def nerve(self, view: ChinMusicView) -> float:
        """The chance of winning it needs to fight now: its ``fight_confidence``, less
        part of the risk of slipping on the stack by its next turn."""
        in_bout = sum(1 for out in view.knocked_out if not out)
        later = self.model.error_chance(view.stack_size + in_bout)
        return self.fight_confidence - WAITING_RISK_SHARE * later

    def expected_boast(self, view: ChinMusicView) -> int:
        """The Boast it believes its recitation earns, plus one per own stack card."""
        said = Counter(spoken(word) for word in view.recitation or ())
        boast = sum(self._boast.get(word, 0) for word, times in said.items() if times == 1)
        return boast + view.own_cards_in_stack

    def own_card_pools(self, view: ChinMusicView) -> tuple[tuple[tuple[int, int], ...], ...]:
        """For each of its own stack cards, the Ruffians it may have: those printed on
        the cards with the same Boast (all the printed Ruffians if it forgot the word)."""
        slots = self.memory.slots
        pools = []
        for position, seat in enumerate(view.stack_players):
            if seat != view.player:
                continue
            word = slots[position] if position < len(slots) else None
            boast = None if word is None else self._boast.get(spoken(word))
            pools.append(self._all_ruffians if boast is None else self._ruffians_given_boast[boast])
        return tuple(sorted(pools))

    def chance_to_win(self, view: ChinMusicView) -> float:
        """The chance that the Ruffians stay below its expected Boast."""
        known = sum(r for r in view.stack_ruffians if r is not None)
        margin = self.expected_boast(view) - known  # own cards' Ruffians must stay below this
        return _chance_below(self.own_card_pools(view), margin)


def _pool(ruffians: Iterable[int]) -> tuple[tuple[int, int], ...]:
    return tuple(sorted(Counter(ruffians).items()))


@lru_cache(maxsize=1 << 14)
def _chance_below(pools: tuple[tuple[tuple[int, int], ...], ...], margin: int) -> float:
    """The chance that one card drawn from each pool totals less than ``margin``.

    A pool is ``(value, count)`` pairs; draws are independent.
    """
    if margin <= 0:
        return 0.0
    spread = {0: 1.0}
    for pool in pools:
        total = sum(count for _, count in pool)
        grown: dict[int, float] = {}
        for subtotal, chance in spread.items():
            for value, count in pool:
                grown[subtotal + value] = grown.get(subtotal + value, 0.0) + chance * count / total
        spread = grown
    return sum(chance for subtotal, chance in spread.items() if subtotal < margin)


def _level(skill: Skill) -> BotSpec:
    return BotSpec(
        skill,
        f"remembers the stack as a{'n' if skill == 'easy' else ''} {skill} player does "
        "and fights when it is sure enough",
        lambda deck, seed: HeuristicPlayer(deck, skill, seed),
        strength=("easy", "medium", "hard").index(skill) + 1,
    )


#: The bots of Chin Music, weakest first.
BOTS: tuple[BotSpec, ...] = (RANDOM_BOT, _level("easy"), _level("medium"), _level("hard"))
