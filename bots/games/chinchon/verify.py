"""How ``pnp verify`` plays Chinchón (see :mod:`bots.core.verify`).

Tables: the standard game with 2, 3 and 4 players (one deck) and 5 and 8
(two decks), each variant of the data with 4 players (two decks with 6, as
they are for five or more), and mixed tables (one heuristic bot among random
ones) with 2 and 4 players. A printed card "sees play" when it is
discarded, put face down, or shown in a meld or laid off after a close; the
two jokers are the same card to the engine, so a joker's play counts for both.
Length is counted in turns (one draw and one discard or close) and hands.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from bots.core import Player
from bots.core.verify import Table, VerifyAdapter
from bots.games.chinchon.actions import Close, Discard
from bots.games.chinchon.bots import HeuristicPlayer
from bots.games.chinchon.cards import Card
from bots.games.chinchon.engine import Chinchon

#: Ranks and suits of the standard deck, as the rules give them.
STANDARD_RANKS, SUITS, EXTRA_RANKS, JOKERS = 10, 4, 2, 2
#: Players at the variant tables (and at the two-decks table, which needs five or more).
VARIANT_PLAYERS, TWO_DECK_PLAYERS = 4, 6


_CLOSE_LABELS = {
    "low-card": "closes with a card left",
    "minus-ten": "closes for -10",
    "chinchon": "chinchóns",
    "wild-run": "wild seven-runs",
}


class ChinchonVerify(VerifyAdapter[Chinchon]):
    """The :class:`~bots.core.verify.VerifyAdapter` of Chinchón."""

    engine = Chinchon
    game_id = "chinchon"
    step_bound = 40_000
    round_name = "Hands"
    extra_title = "How hands end"

    def tables(self) -> list[Table]:
        found = [Table("standard", players, (("players", players),)) for players in (2, 3, 4, 5, 8)]
        for variant, params in self.variants.items():
            players = TWO_DECK_PLAYERS if params.get("two_decks") else VARIANT_PLAYERS
            found.append(self.variant_table(variant, players))
        found += [
            Table("standard", players, (("players", players),), "mixed") for players in (2, 4)
        ]
        return found

    def deck_problems(self) -> list[str]:
        """The catalog and the engine's decks against the rules' component counts."""
        expected = {
            "main": STANDARD_RANKS * SUITS,
            "jokers": JOKERS,
            "extension-48": EXTRA_RANKS * SUITS,
        }
        problems = []
        counts = {deck.id: deck.physical_count for deck in self.game.decks}
        for deck, count in expected.items():
            if counts.get(deck) != count:
                problems.append(
                    f"deck {deck!r} has {counts.get(deck)} cards; the rules need {count}"
                )
        pack = self.data
        sizes = {
            "standard": len(pack.rules().deck),
            "48-cards": len(pack.rules(forty_eight=True).deck),
            "jokers": len(pack.rules(wild="jokers").deck),
        }
        wanted = {"standard": 40, "48-cards": 48, "jokers": 42}
        for variant, size in sizes.items():
            if size != wanted[variant]:
                need = wanted[variant]
                problems.append(
                    f"the engine plays {variant} with {size} cards; the rules need {need}"
                )
        return problems

    def printed_cards(self) -> list[str]:
        return [card.id for deck in self.game.decks for card in deck.cards]

    def heuristic_player(self, seat: int, seed: int) -> Player[Any, Any]:
        return HeuristicPlayer(self.data, seed * 16 + seat)

    def conservation_problem(self, state: Chinchon) -> str | None:
        held = [card for hand in state.hands for card in hand]
        everything = Counter(held + state.stock + state.discard)
        if state.face_down is not None:
            everything[state.face_down] += 1
        if everything != Counter(state.deck):
            extra = everything - Counter(state.deck)
            missing = Counter(state.deck) - everything
            return (
                f"cards not conserved: extra {sorted(map(str, extra.elements()))}, "
                f"missing {sorted(map(str, missing.elements()))}"
            )
        return None

    def hidden_from(self, state: Chinchon, player: int) -> Iterable[object]:
        public = set(state.hands[player]) | set(state.discard)
        public |= {card for cards in state.picked_up for card in cards}
        if state.last_hand is not None:
            for shown in state.last_hand.shown:
                public |= {card for meld in shown.melds for card in meld}
                public |= set(shown.laid_off) | set(shown.unmatched)
        others = [card for seat, hand in enumerate(state.hands) if seat != player for card in hand]
        return {card for card in others + state.stock if card not in public}

    def played_cards(self, state: Chinchon) -> Counter[str]:
        played: Counter[Card] = Counter()
        for action in state.log:
            if isinstance(action, Discard | Close):
                played[action.card] += 1
        for result in state.hand_results:
            for shown in result.shown:
                played.update(card for meld in shown.melds for card in meld)
                played.update(shown.laid_off)
        ids: Counter[str] = Counter()
        for card, count in played.items():
            if card.is_joker:
                ids.update({"joker-red": count, "joker-black": count})
            else:
                ids[f"{card.rank}-{card.suit}"] += count
        return ids

    def lengths(self, state: Chinchon) -> tuple[int, int]:
        turns = sum(1 for action in state.log if isinstance(action, Discard | Close))
        return turns, state.hands_played

    def extra_rows(
        self, totals: Mapping[str, Any], games: int, extras: Sequence[Mapping[str, Any]]
    ) -> list[tuple[str, str]]:
        closes: Mapping[str, int] = totals.get("closes", {})
        hands = sum(closes.values())
        rows = []
        for kind, label in _CLOSE_LABELS.items():
            count = closes.get(kind, 0)
            share = f"{count / hands:.1%}" if hands else "-"
            rows.append((label, f"{count} ({share})"))
        per_game = totals.get("reentries", 0) / games if games else 0.0
        rows.append(("re-entries per game", f"{per_game:.2f}"))
        return rows

    def extra(self, state: Chinchon) -> dict[str, Any]:
        closes = Counter(result.close_kind for result in state.hand_results)
        return {"closes": dict(closes), "reentries": sum(state.reentries_used)}
