"""How ``pnp verify`` plays Chinchón (see :mod:`bots.core.verify`).

Tables: the standard game with 2, 3 and 4 players (one deck) and 5 and 8
(two decks), each variant with 4 players, and mixed tables (one heuristic bot
among random ones) with 2 and 4 players. A printed card "sees play" when it is
discarded, put face down, or shown in a meld or laid off after a close; the
two jokers are the same card to the engine, so a joker's play counts for both.
Length is counted in turns (one draw and one discard or close) and hands.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from bots.core import GameState, ParamValue, Player
from bots.core.verify import Table
from bots.games.chinchon.bots import HeuristicPlayer
from bots.games.chinchon.cards import Card
from bots.games.chinchon.engine import Chinchon, Close, Discard
from bots.games.chinchon.variants import rules
from pnp.catalog import Game

#: Ranks and suits of the standard deck, as the rules give them.
STANDARD_RANKS, SUITS, EXTRA_RANKS, JOKERS = 10, 4, 2, 2

_VARIANTS: dict[str, dict[str, ParamValue]] = {
    "jokers": {"jokers": True},
    "diamond-ace-wild": {"diamond_ace_wild": True},
    "five-points": {"five_points": True},
    "shorter-game": {"shorter_game": True},
    "48-cards": {"forty_eight": True},
    "two-decks": {"two_decks": True},
}


_CLOSE_LABELS = {
    "low-card": "closes with a card left",
    "minus-ten": "closes for -10",
    "chinchon": "chinchóns",
    "wild-run": "wild seven-runs",
}


class ChinchonVerify:
    """The :class:`~bots.core.verify.VerifyAdapter` of Chinchón."""

    game_id = "chinchon"
    step_bound = 40_000
    round_name = "Hands"
    extra_title = "How hands end"

    def tables(self) -> list[Table]:
        found = [Table("standard", players, (("players", players),)) for players in (2, 3, 4, 5, 8)]
        for variant, params in _VARIANTS.items():
            found.append(Table(variant, 4, (("players", 4), *params.items())))
        found += [
            Table("standard", players, (("players", players),), "mixed") for players in (2, 4)
        ]
        return found

    def deck_problems(self, game: Game) -> list[str]:
        """The catalog and the engine's decks against the rules' component counts."""
        expected = {
            "main": STANDARD_RANKS * SUITS,
            "jokers": JOKERS,
            "extension-48": EXTRA_RANKS * SUITS,
        }
        problems = []
        counts = {deck.id: deck.physical_count for deck in game.decks}
        for deck, count in expected.items():
            if counts.get(deck) != count:
                problems.append(
                    f"deck {deck!r} has {counts.get(deck)} cards; the rules need {count}"
                )
        sizes = {
            "standard": len(rules().deck),
            "48-cards": len(rules(forty_eight=True).deck),
            "jokers": len(rules(wild="jokers").deck),
        }
        wanted = {"standard": 40, "48-cards": 48, "jokers": 42}
        for variant, size in sizes.items():
            if size != wanted[variant]:
                need = wanted[variant]
                problems.append(
                    f"the engine plays {variant} with {size} cards; the rules need {need}"
                )
        return problems

    def printed_cards(self, game: Game) -> list[str]:
        return [card.id for deck in game.decks for card in deck.cards]

    def new_game(self, seed: int, params: Mapping[str, ParamValue]) -> Chinchon:
        return Chinchon.new(seed, params)

    def engine(self) -> type[Chinchon]:
        return Chinchon

    def heuristic_player(
        self, seat: int, seed: int, state: GameState[Any, Any]
    ) -> Player[Any, Any]:
        return HeuristicPlayer(seed * 16 + seat)

    def conservation_problem(self, state: GameState[Any, Any]) -> str | None:
        assert isinstance(state, Chinchon)
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

    def hidden_from(self, state: GameState[Any, Any], player: int) -> Iterable[object]:
        assert isinstance(state, Chinchon)
        public = set(state.hands[player]) | set(state.discard)
        public |= {card for cards in state.picked_up for card in cards}
        if state.last_hand is not None:
            for shown in state.last_hand.shown:
                public |= {card for meld in shown.melds for card in meld}
                public |= set(shown.laid_off) | set(shown.unmatched)
        others = [card for seat, hand in enumerate(state.hands) if seat != player for card in hand]
        return {card for card in others + state.stock if card not in public}

    def played_cards(self, state: GameState[Any, Any]) -> Counter[str]:
        assert isinstance(state, Chinchon)
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

    def lengths(self, state: GameState[Any, Any]) -> tuple[int, int]:
        assert isinstance(state, Chinchon)
        turns = sum(1 for action in state.log if isinstance(action, Discard | Close))
        return turns, state.hands_played

    def first_player(self, state: GameState[Any, Any]) -> int:
        return state.log[0].player if state.log else 0

    def extra_rows(self, totals: Mapping[str, Any], games: int) -> list[tuple[str, str]]:
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

    def extra(self, state: GameState[Any, Any]) -> dict[str, Any]:
        assert isinstance(state, Chinchon)
        closes = Counter(result.close_kind for result in state.hand_results)
        return {"closes": dict(closes), "reentries": sum(state.reentries_used)}
