"""How ``pnp verify`` plays Chin Music (see :mod:`bots.core.verify`).

Tables: 2 to 6 players with medium bots and four cards each; with 4 players,
the careful call-outs variant and hands of 3 and of 5 cards; and mixed tables
(one medium bot among random players) with 3 and 4 players. Random players
only ever recite the top card, so their games can run for thousands of bouts:
mixed tables set the engine's ``bout_limit`` and count the games it ended.

A printed Bout card "sees play" when it goes into a stack (every stack ends
in a fight, whose record lists it). The two facing cards are decoration, not
part of play, and are not counted. Length is counted in turns (recitations)
and bouts.

What a player must not see (checked in their view): the fronts of other
players' cards, the words of covered stack cards (unless just said aloud in
the recitation being judged, or shown or said in the last fight), and the order of
the deck. A player's own Ruffians are numbers that can match anything, so the
engine's own tests prove the view never holds them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from bots.core import Player
from bots.core.verify import Table, VerifyAdapter
from bots.games.chin_music.bots import HeuristicPlayer
from bots.games.chin_music.cards import CardFront
from bots.games.chin_music.engine import ChinMusic

#: Bout cards and facing cards in the first edition.
BOUT_CARDS, FACING_CARDS = 36, 2
#: Bouts after which a mixed table's game is stopped.
MIXED_BOUT_LIMIT = 300
_SIZES = (("1-2 cards", 1, 2), ("3-5 cards", 3, 5), ("6 or more", 6, 99))


class ChinMusicVerify(VerifyAdapter[ChinMusic]):
    """The :class:`~bots.core.verify.VerifyAdapter` of Chin Music."""

    engine = ChinMusic
    game_id = "chin-music"
    step_bound = 60_000
    round_name = "Bouts"
    extra_title = "Fights"

    def tables(self) -> list[Table]:
        found = [Table("standard", players, (("players", players),)) for players in range(2, 7)]
        found += [self.variant_table(variant, 4) for variant in self.variants]
        found += [
            Table(
                "standard",
                players,
                (("players", players), ("bout_limit", MIXED_BOUT_LIMIT)),
                "mixed",
            )
            for players in (3, 4)
        ]
        return found

    def deck_problems(self) -> list[str]:
        expected = {"bout": BOUT_CARDS, "facing": FACING_CARDS}
        counts = {deck.id: deck.physical_count for deck in self.game.decks}
        problems = [
            f"deck {deck!r} has {counts.get(deck)} cards; the rules need {count}"
            for deck, count in expected.items()
            if counts.get(deck) != count
        ]
        engine = len(self.data.cards)
        if engine != BOUT_CARDS:
            problems.append(f"the engine plays with {engine} Bout cards; the rules need 36")
        return problems

    def printed_cards(self) -> list[str]:
        return [card.id for card in self.game.deck("bout").cards]

    def heuristic_player(self, seat: int, seed: int) -> Player[Any, Any]:
        return HeuristicPlayer(self.data, "medium", seed=seed * 16 + seat)

    def conservation_problem(self, state: ChinMusic) -> str | None:
        held = [card for hand in state.hands for card in hand]
        everything = Counter(state.draw_pile + state.used + state.stack + held)
        expected = Counter(range(len(state.deck.cards)))
        if everything != expected:
            extra = sorted((everything - expected).elements())
            missing = sorted((expected - everything).elements())
            return f"cards not conserved: extra {extra}, missing {missing}"
        return None

    def hidden_from(self, state: ChinMusic, player: int) -> Iterable[object]:
        cards = state.deck.cards
        hidden: list[object] = []
        for seat, hand in enumerate(state.hands):
            if seat != player:
                hidden += [CardFront(cards[i].word, cards[i].boast) for i in hand]
        said = set(state.recited_words or ())
        if state.fights:  # the last fight is shown whole: its stack and what was said
            last = state.fights[-1]
            said |= {card.word for card in last.stack} | {card.id for card in last.stack}
            said |= set(last.recited)
        hidden += [cards[i].word for i in state.stack[:-1] if cards[i].word not in said]
        hidden += [cards[i].id for i in state.draw_pile if cards[i].id not in said]
        return hidden

    def played_cards(self, state: ChinMusic) -> Counter[str]:
        return Counter(card.id for fight in state.fights for card in fight.stack)

    def lengths(self, state: ChinMusic) -> tuple[int, int]:
        return state.turns, state.bout

    def first_player(self, state: ChinMusic) -> int:
        return state.opening_player

    def extra(self, state: ChinMusic) -> dict[str, Any]:
        by_size: dict[str, list[int]] = {}
        by_reason: dict[str, list[int]] = {}
        for fight in state.fights:
            size = by_size.setdefault(str(fight.stack_size), [0, 0])
            size[0] += fight.won
            size[1] += 1
            reason = by_reason.setdefault(fight.reason, [0, 0])
            reason[0] += fight.won
            reason[1] += 1
        natural = bool(state.fights) and state.fights[-1].draw_count == 1
        return {
            "by_stack_size": by_size,
            "by_reason": by_reason,
            "bout_limit_ends": int(not natural),
        }

    def extra_rows(
        self, totals: Mapping[str, Any], games: int, extras: Sequence[Mapping[str, Any]]
    ) -> list[tuple[str, str]]:
        by_size: Mapping[str, list[int]] = totals.get("by_stack_size", {})
        rows = []
        for label, low, high in _SIZES:
            won = sum(v[0] for k, v in by_size.items() if low <= int(k) <= high)
            fought = sum(v[1] for k, v in by_size.items() if low <= int(k) <= high)
            rate = f"{won / fought:.0%} of {fought}" if fought else "none"
            rows.append((f"fights won, {label}", rate))
        by_reason: Mapping[str, list[int]] = totals.get("by_reason", {})
        fights = sum(v[1] for v in by_reason.values())
        calls = sum(v[1] for k, v in by_reason.items() if k in ("caught", "wrong-call"))
        rows.append(("fights after a call-out", f"{calls / fights:.0%}" if fights else "none"))
        rows.append(("games stopped by the bout limit", str(totals.get("bout_limit_ends", 0))))
        return rows
