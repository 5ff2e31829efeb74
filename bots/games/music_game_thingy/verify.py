"""How ``pnp verify`` plays The Music Game Thingy (see :mod:`bots.core.verify`).

Tables: 2, 3, 4 and 5 labels at the default length (2 years, money wins); 1 and
3 years at 4 labels; each optional rule (Successful Singles, Whistle-blowing)
and each other victory condition (most Fame, most Artists) at 4 labels, from
``variants.yaml``; and one shrewd label among random ones at 3 and at 4 labels.

Checks (:mod:`bots.games.music_game_thingy.checks`): money conserved with the
bank, every Action card in exactly one place, Fame within 0 to 20, no hand over
a limit after a step (but while getting within it), contracts and Tours
consistent. A view must not hold another label's hand (its
:class:`~bots.games.music_game_thingy.records.HandCard` values, apart from
those Commercial Spies showed this label), another label's
:class:`~bots.games.music_game_thingy.records.Cash`, or the deck.

A printed card "sees play" when it is played (an Action card), booked (a Tour)
or signed (an Artist). A game's length is counted in actions and months.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from bots.core import Player
from bots.core.params import ParamValue
from bots.core.verify import Table, VerifyAdapter
from bots.games.music_game_thingy import checks
from bots.games.music_game_thingy.bots import HeuristicPlayer
from bots.games.music_game_thingy.cards import Rules
from bots.games.music_game_thingy.engine import MusicGameThingy
from bots.games.music_game_thingy.records import Cash, HandCard
from bots.games.music_game_thingy.stats import REVENUE, game_figures
from pnp.catalog.schemas.music_game_thingy import FAME_VALUE_AT_END

#: The components the source counts (section 1).
COMPONENTS = {"action": 113, "month": 12, "year": 1, "tour": 4, "artist": 25, "order-marker": 5}
#: Fame bands for the prices paid at auction.
FAME_BANDS = ((3, 4), (5, 6), (7, 8), (9, 20))


class MusicGameThingyVerify(VerifyAdapter[MusicGameThingy]):
    """The :class:`~bots.core.verify.VerifyAdapter` of The Music Game Thingy."""

    engine = MusicGameThingy
    game_id = "music-game-thingy"
    step_bound = 20_000
    round_name = "Months"
    extra_title = "Money, cards and Artists"
    #: The rules of the game last set up, for the bots seated at it (None: the printed).
    playing: Rules | None = None

    def tables(self) -> list[Table]:
        found = [Table("standard", players, (("players", players),)) for players in range(2, 6)]
        found += [
            Table(f"{years}-year{'s' if years > 1 else ''}", 4, (("players", 4), ("years", years)))
            for years in (1, 3)
        ]
        found += [self.variant_table(variant, 4) for variant in self.variants]
        found += [
            Table("standard", players, (("players", players),), "mixed") for players in (3, 4)
        ]
        return found

    def deck_problems(self) -> list[str]:
        counts = {deck.id: deck.physical_count for deck in self.game.decks}
        problems = [
            f"deck {deck!r} has {counts.get(deck)} cards; the rules need {count}"
            for deck, count in COMPONENTS.items()
            if counts.get(deck) != count
        ]
        engine = {
            "action": len(self.data.copies),
            "month": len(self.data.months),
            "tour": len(self.data.tours),
            "artist": len(self.data.artists),
            "order-marker": len(self.data.markers),
        }
        problems += [
            f"the engine plays with {count} {deck} cards; the rules need {COMPONENTS[deck]}"
            for deck, count in engine.items()
            if count != COMPONENTS[deck]
        ]
        return problems

    def printed_cards(self) -> list[str]:
        rules = self.data
        return (
            [card.id for card in rules.actions]
            + [tour.id for tour in rules.tours]
            + [artist.id for artist in rules.artists]
        )

    def new_game(self, seed: int, params: Mapping[str, ParamValue]) -> MusicGameThingy:
        """A fresh game; the bots seated next are given its rules, whose Tours are an
        earlier design's under the variant that plays one (``tour_design``)."""
        state = super().new_game(seed, params)
        self.playing = state.rules
        return state

    def named_player(self, name: str, seat: int, seed: int) -> Player[Any, Any]:
        return self.bots[name](self.playing or self.data, seed * 16 + seat)

    def heuristic_player(self, seat: int, seed: int) -> Player[Any, Any]:
        return HeuristicPlayer(self.playing or self.data, "shrewd", seed * 8 + seat)

    def conservation_problem(self, state: MusicGameThingy) -> str | None:
        problems = checks.problems(state)
        return "; ".join(problems) if problems else None

    def hidden_from(self, state: MusicGameThingy, player: int) -> Iterable[object]:
        copies = state.rules.copies
        shown = {card.copy for report in state.spy_reports[player] for card in report.cards}
        hidden: list[object] = [
            HandCard(card, copies[card])
            for seat, hand in enumerate(state.hands)
            if seat != player
            for card in hand
            if card not in shown
        ]
        hidden += [HandCard(card, copies[card]) for card in state.deck if card not in shown]
        hidden += [Cash(seat, state.cash[seat]) for seat in range(state.players) if seat != player]
        return hidden

    def played_cards(self, state: MusicGameThingy) -> Counter[str]:
        printed = set(self.printed_cards())
        return Counter(
            {
                key: tally.plays
                for key, tally in state.tallies.items()
                if key in printed and tally.plays
            }
        )

    def lengths(self, state: MusicGameThingy) -> tuple[int, int]:
        return len(state.log), state.month_index + 1

    def extra(self, state: MusicGameThingy) -> dict[str, Any]:
        return game_figures(state)

    def extra_rows(
        self, totals: Mapping[str, Any], games: int, extras: Sequence[Mapping[str, Any]]
    ) -> list[tuple[str, str]]:
        from bots.core.stats import mean, number, percent, proportion

        money = [float(amount) for game in extras for amount in game.get("money", ())]
        labels = len(money)
        spread = mean(money)
        sd = f"; sd {spread['sd']:,.0f}" if spread.get("sd") is not None else ""
        signed = [float(count) for game in extras for count in game.get("signings_per_label", ())]
        sources: Mapping[str, int] = totals.get("sources_net", {})
        tours = sources.get("tours", 0) + sources.get("tour fees", 0)
        revenue = sum(sources.get(kind, 0) for kind in REVENUE if kind != "tours") + tours
        rows = [
            ("final money per label", number(spread, 0) + sd),
            ("winner's margin", number(mean([float(g.get("margin", 0)) for g in extras]), 0)),
            (
                "last year's Rich Bastard wins",
                percent(proportion(sum(g["january_rich_bastard_won"][-1] for g in extras), games)),
            ),
            ("labels ending in debt", percent(proportion(totals.get("in_debt", 0), labels))),
            ("Artists signed per label", number(mean(signed))),
            ("price a year, by Fame at signing", _prices(totals.get("signings_by_fame", {}))),
            ("Tours' share of activity revenue", f"{tours / revenue:.0%}" if revenue else "none"),
        ]
        best, worst = _card_worth(self.data, totals.get("cards", {}))
        rows += [("most money a play", best), ("least worth playing", worst)]
        return rows


def _prices(by_fame: Mapping[str, Sequence[int]]) -> str:
    """Mean price a contract year, by bands of Fame at signing."""
    parts = []
    for low, high in FAME_BANDS:
        signings = price = years = 0
        for fame, (count, paid, length) in by_fame.items():
            if low <= int(fame) <= high:
                signings, price, years = signings + count, price + paid, years + length
        if signings:
            band = f"{low}-{high}" if high < 20 else f"{low}+"
            parts.append(f"Fame {band}: {price / years / 1000:,.0f}k (n={signings})")
    return ", ".join(parts) or "none"


def _card_worth(rules: Rules, cards: Mapping[str, Sequence[int]]) -> tuple[str, str]:
    """The three Action cards that brought most and least a play (money, and Fame at
    5,000 a point either way: a Backlash's lost Fame is what it did)."""
    worth = []
    for card in rules.actions:
        plays, money, fame = cards.get(card.id, (0, 0, 0))
        if plays:
            worth.append(((money + FAME_VALUE_AT_END * abs(fame)) / plays, card.id))
    worth.sort()

    def show(items: list[tuple[float, str]]) -> str:
        return ", ".join(f"{card} {value / 1000:,.0f}k" for value, card in items) or "none"

    return show(worth[::-1][:3]), show(worth[:3])
