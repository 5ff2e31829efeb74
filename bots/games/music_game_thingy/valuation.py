"""What things are worth to a heuristic label, in pounds, from its view and the
printed card list (never the state).

* :meth:`Valuer.expected` — the mean money of one record, Venue or Tour month
  for an Artist, with its Fame, the cards on it and the month's rule;
* :meth:`Valuer.fame_point` — what one more point of Fame on an Artist is
  worth: 5,000 at the end if its contract reaches the end, a share of the next
  die bonus, and much more when Fame wins the game;
* :meth:`Valuer.artist` — what signing (or holding) an Artist is worth over its
  contract: its share of the label's monthly income, which falls with every
  Artist the label already has (one Artist can take most of the Action cards a
  label draws), plus its Fame at the end;
* :meth:`Valuer.card` — how useful a card in hand is (to choose what to discard
  and to weigh trades).

The figures in :class:`Economy` are the bots' beliefs about the game (rough
means measured in bot games), not rules.
"""

from __future__ import annotations

from dataclasses import dataclass

from bots.games.music_game_thingy.cards import DIE_FACES, Earner, Rules
from bots.games.music_game_thingy.records import ArtistView, MusicGameThingyView
from pnp.catalog.schemas.music_game_thingy import FAME_VALUE_AT_END, STARTING_FAME

#: The mean of one die.
MEAN_DIE = (DIE_FACES + 1) / 2
#: The mean Fame of a freshly rolled Artist.
MEAN_STARTING_FAME = sum(STARTING_FAME) / 2
#: How many expected means a valuer keeps before it starts afresh.
EXPECTED_KEPT = 4096


@dataclass(frozen=True)
class Economy:
    """A label's beliefs about what an Artist brings in a month, by how many Artists
    it already has: the first takes most Action cards, later ones the rest and Tours."""

    monthly_by_artists: tuple[int, ...] = (30_000, 12_000, 7_000, 4_000, 2_000, 1_000)
    #: What each point of Fame above 5 adds to an Artist's month, as a share.
    fame_share: float = 0.05
    #: What one point of Fame is worth beyond the end-of-game payment (later bonuses).
    fame_later: int = 2_000
    #: Fame points are worth this many times more when Fame wins the game.
    fame_victory: int = 12
    #: An Artist under contract at the end is worth this much more when Artists win.
    artist_victory: int = 150_000

    def monthly(self, held: int) -> int:
        values = self.monthly_by_artists
        return values[min(held, len(values) - 1)]


class Valuer:
    """Values from one label's point of view (see the module docstring)."""

    def __init__(self, rules: Rules, economy: Economy | None = None) -> None:
        self.rules = rules
        self.economy = economy or Economy()
        # Means already worked out, by what a mean depends on: the earner, the Artist's
        # Fame (with Hype and Backlash) and the cards on it, the month, plays and Fame.
        self._expected: dict[tuple[str, int, tuple[str, ...], int, int, int | None], float]
        self._expected = {}

    # --- revenue ----------------------------------------------------------------------

    def bonuses(self, artist: ArtistView, activity: str, month: int) -> tuple[int, int]:
        """Per-die and total bonuses of ``activity`` for ``artist`` this month."""
        rules = self.rules
        per_die = rules.die_bonus(artist.effective_fame)
        per_total = 0
        if month:
            month_die, month_total = rules.month(month).changes(activity)
            per_die += month_die
            per_total += month_total
        for card_id in artist.cards:
            card = rules.card(card_id)
            if card.bonus_per and activity in card.applies_to:
                if card.bonus_per == "die":
                    per_die += card.bonus
                else:
                    per_total += card.bonus
        return per_die, per_total

    def expected(
        self,
        earner: Earner,
        artist: ArtistView,
        month: int,
        plays: int = 1,
        fame: int | None = None,
    ) -> float:
        """The mean money of one activity (``plays`` times: an Extra Date is 2)."""
        key = (earner.id, artist.effective_fame, artist.cards, month, plays, fame)
        kept = self._expected.get(key)
        if kept is not None:
            return kept
        per_die, per_total = self.bonuses(artist, earner.activity, month)
        if fame is not None:
            per_die += self.rules.die_bonus(fame) - self.rules.die_bonus(artist.effective_fame)
        units = earner.dice * (MEAN_DIE + per_die) + per_total
        value = units * earner.income_per_unit * plays
        if len(self._expected) >= EXPECTED_KEPT:
            self._expected.clear()
        self._expected[key] = value
        return value

    # --- Fame and Artists ----------------------------------------------------------------

    def covers_end(self, view: MusicGameThingyView, contract: int) -> bool:
        """Whether a contract with ``contract`` years left lasts to the end of the game."""
        return contract >= view.years - view.year + 1

    def fame_point(self, view: MusicGameThingyView, artist: ArtistView) -> float:
        economy = self.economy
        value = float(economy.fame_later)
        if self.covers_end(view, artist.contract):
            value += FAME_VALUE_AT_END
            if view.victory == "fame":
                value += FAME_VALUE_AT_END * economy.fame_victory
        return value

    def months_left(self, view: MusicGameThingyView) -> int:
        """Months of play after this one."""
        months = len(self.rules.months)
        return (view.years - view.year) * months + (months - view.month)

    def artist(self, view: MusicGameThingyView, fame: float, years: int, held: int) -> float:
        """What signing an Artist of ``fame`` on a contract of ``years`` is worth (at an
        auction, before the next January) to a label that already has ``held``."""
        left = self.months_left(view)
        covered = min(left, years * len(self.rules.months))
        return self._worth(view, fame, covered, held, covered >= left)

    def _worth(
        self, view: MusicGameThingyView, fame: float, months: int, held: int, to_end: bool
    ) -> float:
        economy = self.economy
        monthly = economy.monthly(held) * (1 + economy.fame_share * (fame - 5))
        value = months * max(0.0, monthly)
        if to_end:
            value += fame * FAME_VALUE_AT_END
            if view.victory == "fame":
                value += fame * FAME_VALUE_AT_END * economy.fame_victory
            if view.victory == "artists":
                value += economy.artist_victory
        return value

    def held_artist(self, view: MusicGameThingyView, artist: ArtistView, held: int) -> float:
        """What an Artist under contract is worth to a label holding ``held`` others."""
        months = len(self.rules.months)
        covered = (artist.contract - 1) * months + months - view.month
        covered = max(0, min(self.months_left(view), covered))
        to_end = self.covers_end(view, artist.contract)
        return self._worth(view, artist.effective_fame, covered, held, to_end)

    # --- cards in hand -------------------------------------------------------------------

    def card(self, view: MusicGameThingyView, card_id: str, mine: list[ArtistView]) -> float:
        """How useful ``card_id`` in hand is to a label with Artists ``mine``."""
        rules = self.rules
        card = rules.card(card_id)
        if card.value:
            return float(card.value)
        if card.earner is not None:
            best = 0.0
            for artist in mine:
                fits = artist.effective_fame >= card.earner.min_fame
                money = self.expected(card.earner, artist, 0)
                best = max(best, money if fits else money * 0.3)
            if card.needs_single and not any(artist.kept_single for artist in mine):
                best *= 0.6
            return best or 5_000.0
        worth = {
            "extra-date": 20_000.0,
            "road-crew": 15_000.0,
            "stage-lights": 18_000.0,
            "hype": 16_000.0,
            "backlash": 8_000.0,
            "lawyers": 15_000.0 if mine else 2_000.0,
            "contract-exchange": 12_000.0,
            "contract-waiver": 12_000.0,
            "disaster": 25_000.0,
            "sabotage": 25_000.0,
            "commercial-spies": 4_000.0,
        }
        return worth.get(card.type, 5_000.0)

    def starting_fame(self) -> float:
        return MEAN_STARTING_FAME
