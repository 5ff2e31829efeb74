"""A player's memory of the stack, and how well they recall it.

The engine never shows covered words, so a bot keeps its own
:class:`StackMemory`: the word it saw on top at each place of the stack, and
words it heard recited for places it never saw. What it *stores* is exact;
what it *recalls* is not. :class:`MemoryModel` gives the chance of a slip on
each covered card (the top card's word is in sight, so it is never slipped
on): it grows with the length of the stack and falls with skill, and every
slip is drawn from the bot's own seeded generator, so a seeded game is the
same every time.

A slip on a card is one of: dropping it, saying it after the next card (a
swapped pair) or saying a wrong word instead (one the player knows from
earlier bouts or their own hand). The same model decides how reliably the
player, listening, notices someone else's mistake.

>>> import random
>>> model = SKILLS["medium"]
>>> model.slip_chance(1), model.slip_chance(3) < model.slip_chance(8)
(0.0, True)
>>> SKILLS["hard"].slip_chance(8) < model.slip_chance(8) < SKILLS["easy"].slip_chance(8)
True
>>> memory = StackMemory()
>>> for word in ["Swell!", "Moxie", "Jake"]:
...     memory.see(len(memory.slots) + 1, word)
>>> model.recall(memory.slots, [], random.Random(1))
['Swell!', 'Moxie', 'Jake']
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

Skill = Literal["easy", "medium", "hard"]

#: Of the slips, the share that drop a card and the share that swap it with the next.
DROP_SHARE = 0.45
SWAP_SHARE = 0.30
#: The rest are wrong words. A slip never goes beyond this chance per card.
MAX_SLIP = 0.6


@dataclass(frozen=True)
class MemoryModel:
    """How reliably a player recalls the stack.

    ``slip_per_card`` is the chance of a slip on each card for each other card
    in the stack (none on a stack of one); ``false_alarm`` is the share of
    those slips that, while listening, make a correct recitation sound wrong.
    """

    slip_per_card: float
    false_alarm: float

    def slip_chance(self, stack_size: int) -> float:
        """The chance of a slip on each card of a stack of ``stack_size`` cards."""
        return min(MAX_SLIP, self.slip_per_card * max(0, stack_size - 1))

    def error_chance(self, stack_size: int) -> float:
        """The chance of at least one slip reciting a stack of ``stack_size`` cards."""
        return 1.0 - (1.0 - self.slip_chance(stack_size)) ** max(0, stack_size - 1)

    def recall(
        self, slots: Sequence[str | None], decoys: Sequence[str], rng: random.Random
    ) -> list[str]:
        """The words recalled for ``slots`` (``None``: never known, left out).

        ``decoys`` are wrong words the player might say instead of a card's.
        """
        chance = self.slip_chance(len(slots))
        covered = len(slots) - 1  # the top card's word is in sight: it is never slipped on
        said: list[str] = []
        index = 0
        while index < len(slots):
            word = slots[index]
            index += 1
            if word is None:
                continue
            if index > covered or chance == 0.0 or rng.random() >= chance:
                said.append(word)
                continue
            kind = rng.random()
            if kind < DROP_SHARE:
                continue
            if kind < DROP_SHARE + SWAP_SHARE:
                following = slots[index] if index < covered else None
                if following is not None:
                    said += [following, word]
                    index += 1
                continue  # nothing to swap with: the card is dropped
            if decoys:  # a wrong word; with none to hand, the card is dropped
                said.append(rng.choice(decoys))
        return said

    def notices(
        self, memory: Sequence[str | None], heard: Sequence[str], rng: random.Random
    ) -> bool:
        """Whether a listener with ``memory`` thinks the recitation ``heard`` is wrong.

        Each difference from memory (a different word at a place it knows, or a
        missing or extra word) is caught unless the listener slips on it; a
        recitation that matches memory sounds wrong only by a false alarm.
        """
        chance = self.slip_chance(len(memory))
        differences = abs(len(heard) - len(memory))
        differences += sum(
            1
            for known, said in zip(memory, heard, strict=False)
            if known is not None and known != said
        )
        if differences:
            return rng.random() >= chance**differences
        alarm = self.false_alarm_chance(len(memory))
        return alarm > 0.0 and rng.random() < alarm

    def false_alarm_chance(self, stack_size: int) -> float:
        """The chance that a right recitation of ``stack_size`` cards sounds wrong."""
        return 1.0 - (1.0 - self.slip_chance(stack_size) * self.false_alarm) ** stack_size

    def doubt(self, stack_size: int) -> float:
        """How likely a recitation that sounded wrong was right after all: a false alarm,
        weighed against the chance that a reciter with this memory slips on the stack
        (the listener judges others by its own memory)."""
        right = (1.0 - self.error_chance(stack_size)) * self.false_alarm_chance(stack_size)
        wrong = self.error_chance(stack_size) * (1.0 - self.slip_chance(stack_size))
        return right / (right + wrong) if right + wrong > 0 else 0.0


#: The memory of each skill level.
SKILLS: dict[Skill, MemoryModel] = {
    "easy": MemoryModel(slip_per_card=0.02, false_alarm=0.2),
    "medium": MemoryModel(slip_per_card=0.008, false_alarm=0.1),
    "hard": MemoryModel(slip_per_card=0.003, false_alarm=0.05),
}


@dataclass
class StackMemory:
    """What one player stored about the stack this bout: a word (or ``None``) per place."""

    slots: list[str | None] = field(default_factory=list)

    def see(self, stack_size: int, top: str) -> None:
        """The stack has ``stack_size`` cards and ``top`` is the word on top."""
        if stack_size > len(self.slots):
            self.slots.extend([None] * (stack_size - len(self.slots)))
        self.slots[stack_size - 1] = top

    def hear(self, recitation: Sequence[str]) -> None:
        """Fill places never seen from a recitation of the right length (it may be wrong)."""
        if len(recitation) == len(self.slots):
            for index, word in enumerate(recitation):
                if self.slots[index] is None:
                    self.slots[index] = word

    def clear(self) -> None:
        self.slots.clear()
