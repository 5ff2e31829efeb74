"""The rules of The Music Game Thingy as a game state on the engine core (``bots.core``).

A game is an opening auction, then months of play, years of twelve months
each, an auction after every year but the last, and the final scoring:

* **Auction** (:mod:`~bots.games.music_game_thingy.auction`): bidding turns,
  picks and Fame rolls, bids and passes.
* **A month.** The Month card is turned (April's tax is paid at once); every
  label draws a card in financial order (the discards are shuffled into a new
  deck when it runs out; with both empty nobody draws); a label over a hand
  limit discards, or offers a trade, at once (``limits``); then in financial
  order each label may offer one trade, which the other label accepts or
  declines (``deal``, ``answer``); then in financial order each label declares
  its Artists' activities and plays its other cards, as many actions as it
  likes, until ``done`` (``declare``; see
  :mod:`~bots.games.music_game_thingy.declare`); a Contract Exchange or Waiver
  opens the ``lawyers`` window, in which every other label, the target first,
  may cancel it. When everyone has declared, the dice are rolled, the bank
  pays, and Fame changes (:mod:`~bots.games.music_game_thingy.scoring`).
* **Year end**, **game end**: see :mod:`~bots.games.music_game_thingy.scoring`.

Money is held as whole pounds per label; a compulsory charge a label cannot
pay leaves its cash below zero, a debt that its next income pays off. Every
payment goes through :meth:`MusicGameThingy.pay` between a label and the bank
(or two labels), so money is conserved with the bank.

Every reading the engine takes where the source is silent is on the site's
Clarifications page (cards/music-game-thingy/pages/clarifications.md).

>>> from pnp.catalog import load_catalog
>>> rules = MusicGameThingy.data_from(load_catalog("cards").game("music-game-thingy"))
>>> state = MusicGameThingy.new(rules, 7, {"players": 3})
>>> state.phase, len(state.view(0).hand), state.view(0).cash.amount
('bidding-turn', 3, 200000)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache, partial
from typing import TYPE_CHECKING

from bots.core import GameConfigError, GameState, Param, Params, ParamSpec
from bots.games.music_game_thingy import auction as bidding
from bots.games.music_game_thingy import declare, scoring, trades, views
from bots.games.music_game_thingy.actions import (
    ACTION_TYPES,
    MusicGameThingyAction,
    pass_,
    syntax_for,
)
from bots.games.music_game_thingy.cards import Rules
from bots.games.music_game_thingy.lazy import LazyActions
from bots.games.music_game_thingy.pieces import (
    BANK,
    Activity,
    ArtistState,
    CardTally,
    TourState,
)
from bots.games.music_game_thingy.records import (
    ActivityView,
    Cash,
    ContractMove,
    FinalScore,
    HandCard,
    LabelView,
    MusicGameThingyView,
    Phase,
    SpyReport,
)
from pnp.catalog.schemas.music_game_thingy import (
    HAND_LIMIT,
    PRINTED_DESIGN,
    STARTING_CASH,
    STARTING_HAND,
)

if TYPE_CHECKING:
    from pnp.catalog import Game

#: Victory conditions (source, section 2).
VICTORIES = ("money", "fame", "artists")


@lru_cache(maxsize=64)
def _pass_offered(seat: int) -> tuple[tuple[MusicGameThingyAction], frozenset[int]]:
    """``seat``'s pass as the one action offered as known-legal, with its id."""
    passing = pass_(seat)
    return (passing,), frozenset({id(passing)})


class MusicGameThingy(GameState[MusicGameThingyAction, MusicGameThingyView]):
    """A game of The Music Game Thingy (see the module docstring)."""

    game_name = "music-game-thingy"
    param_spec = ParamSpec(
        "music-game-thingy",
        Param("players", int, 4, "how many record labels", minimum=2, maximum=5),
        Param("years", int, 2, "how many years the game lasts", minimum=1, maximum=10),
        Param(
            "victory",
            str,
            "money",
            "what wins: the most money, the most Fame or the most Artists under contract",
            choices=VICTORIES,
        ),
        Param(
            "successful_singles",
            bool,
            False,
            "a best-selling Single or EP that rolls a 6 keeps selling next month",
        ),
        Param(
            "whistle_blowing",
            bool,
            False,
            "Commercial Spies that find Disaster or Sabotage make its holder pay a fine",
        ),
        Param(
            "tours_per_label",
            int,
            1,
            "the most Tours one label may have on the road at once (0: any number)",
            minimum=0,
            maximum=4,
        ),
        Param(
            "tour_rest",
            int,
            1,
            "months after a Tour comes home before the same label may book it again",
            minimum=0,
            maximum=12,
        ),
        Param(
            "tour_design",
            str,
            PRINTED_DESIGN,
            "the Tour values played: the printed cards' (printed) or an earlier design "
            "kept in tour.yaml (second-design)",
        ),
    )
    cache_attributes = frozenset(
        {
            "_syntax",
            "hand_card_cache",
            "discard_cache",
            "table_cache",
            "activity_cache",
            "dirty_artists",
            "label_cache",
            "labels_cache",
            "marker_cache",
            "cash_cache",
            "price_cache",
            "limits_seen",
        }
    )
    action_types = ACTION_TYPES

    def __init__(self, data: Rules, seed: int, params: Params) -> None:
        super().__init__(data, seed, params)
        try:
            self.rules: Rules = data.with_tour_design(params.get_str("tour_design"))
        except ValueError as error:
            raise GameConfigError(str(error), self.game_name) from None
        self.players = params.get_int("players")
        self.years = params.get_int("years")
        low, high = data.game_years
        if not low <= self.years <= high:
            raise GameConfigError(
                f"the Year card counts {low} to {high} years, not {self.years}", self.game_name
            )
        if self.players > len(data.markers):
            raise GameConfigError(
                f"there are play-order markers for {len(data.markers)} labels", self.game_name
            )
        self.victory = params.get_str("victory")
        self.successful_singles = params.get_bool("successful_singles")
        self.whistle_blowing = params.get_bool("whistle_blowing")
        self.tours_per_label = params.get_int("tours_per_label")
        self.tour_rest = params.get_int("tour_rest")
        self._syntax = syntax_for(frozenset(artist.id for artist in data.artists))
        # Caches of the views (see bots.games.music_game_thingy.views).
        self.hand_card_cache: tuple[HandCard, ...] = ()
        self.discard_cache: tuple[list[int], int, tuple[str, ...]] | None = None
        self.table_cache: views.Table | None = None
        #: Counts changes to Artists and Tours (views rebuild theirs when it moves on).
        self.table_version = 0
        self.dirty_artists: set[str] = set()
        self.label_cache: list[LabelView | None] | None = None
        self.labels_cache: tuple[tuple[object, ...], tuple[LabelView, ...]] | None = None
        self.marker_cache: tuple[list[int], tuple[str, ...]] | None = None
        self.cash_cache: list[Cash | None] = [None] * self.players
        #: Each seat's hand when ``within_limits`` last looked, and its answer.
        self.limits_seen: list[tuple[tuple[int, ...], bool] | None] = [None] * self.players
        self.price_cache: tuple[int, list[tuple[int, tuple[str], int]]] | None = None
        #: Counts changes to this month's activities, and their views for one count.
        self.activity_version = 0
        self.activity_cache: tuple[int, tuple[ActivityView, ...]] | None = None
        n = self.players
        # Money: every label's cash, and what the bank paid out and took in.
        self.cash = [STARTING_CASH] * n
        self.bank_out = n * STARTING_CASH
        self.bank_in = 0
        #: Money moved, by kind (``venue``, ``tours``, ``tax`` ...), and each label's net
        #: money by kind.
        self.money_by: dict[str, int] = {}
        self.ledger: list[dict[str, int]] = [{} for _ in range(n)]
        # Cards, by number: the deck (drawn from the end), discards, hands, and one-use
        # cards played this month; Sports Cars face up; when each card came into its hand.
        self.deck = list(range(len(data.copies)))
        self.rng.shuffle(self.deck)
        self.discards: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.in_play: list[int] = []
        self.sports_cars: list[list[int]] = [[] for _ in range(n)]
        self.held_since = [0] * len(data.copies)
        self.artists = {artist.id: ArtistState(artist.id) for artist in data.artists}
        self.tours = {tour.id: TourState(tour.id) for tour in data.tours}
        # Time: year of play (0-based), month (1-12; 0 before the first January) and
        # months begun in the whole game less one (the number of this month).
        self.year = 0
        self.month = 0
        self.month_index = -1
        self.banker = self.rng.randrange(n)
        self.order: list[int] = list(range(n))
        self.announced: list[int | None] = [None] * n
        self.phase: Phase = "bidding-turn"
        self.current = 0
        self.auction: bidding.AuctionState | None = None
        self.auctions = 0
        self.deal_queue: list[int] = []
        self.declare_queue: list[int] = []
        self.offers_left = [0] * n
        #: Before the opening auction (a label dealt over a limit fixes its hand first).
        self.setting_up = False
        self.offer: trades.Offer | None = None
        #: Whether the offer waiting for an answer was made to get within a hand limit.
        self.limit_offer = False
        self.activities: list[Activity] = []
        self.move: ContractMove | None = None
        self.move_card: int | None = None
        self.lawyer_queue: list[int] = []
        self.last_month: tuple[ActivityView, ...] = ()
        self.spy_reports: list[list[SpyReport]] = [[] for _ in range(n)]
        # What the game's cards did, for the playtest's figures.
        self.tallies: dict[str, CardTally] = {}
        #: Signings: (label, Artist, Fame, years, price, auction number).
        self.signings: list[tuple[int, str, int, int, int, int]] = []
        #: Tours booked: (month number, Tour, label).
        self.bookings: list[tuple[int, str, int]] = []
        self.rich_bastards: list[int] = []
        self.final: tuple[FinalScore, ...] = ()
        self.winners: tuple[int, ...] = ()
        first = (self.banker + 1) % n
        for _ in range(STARTING_HAND):
            for step in range(n):
                self.draw((first + step) % n)
        # A label dealt over a limit (three Albums, Disaster with Sabotage) fixes its
        # hand at once, in the order of the opening auction, which then begins.
        right = (self.banker - 1) % n
        self.order = [(right - step) % n for step in range(n)]
        self.setting_up = True
        self.offers_left = [1] * n
        self.next_before_declaring()

    # --- the GameState interface ---------------------------------------------------------

    @classmethod
    def data_from(cls, game: Game) -> Rules:
        """The card data of the catalog's The Music Game Thingy."""
        return Rules.from_catalog(game)

    def parse_action(self, text: str) -> MusicGameThingyAction:
        return self._syntax.parse(text)

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def is_terminal(self) -> bool:
        return self.phase == "over"

    @property
    def current_player(self) -> int | None:
        return None if self.phase == "over" else self.current

    def legal_actions(self) -> Sequence[MusicGameThingyAction]:
        phase = self.phase
        if phase == "over":
            return ()
        seat = self.current
        if phase in ("bidding-turn", "bidding"):
            return self._on_demand(bidding.actions, seat)
        if phase == "deal":
            return self._on_demand(trades.actions, seat)
        if phase == "declare":
            found = declare.actions(self, seat)
        elif phase == "lawyers":
            found = declare.lawyer_actions(self, seat)
        else:
            found = trades.actions(self, seat)
        return self._offer(found)

    def _on_demand(
        self,
        build: Callable[[MusicGameThingy, int], list[MusicGameThingyAction]],
        seat: int,
    ) -> LazyActions[MusicGameThingyAction]:
        """The auction's and the deals' menus, built only if a player reads them (see
        :mod:`~bots.games.music_game_thingy.lazy`). Only the pass, legal in every one of
        them, is offered as known-legal: any other action chosen is checked when it is
        applied."""
        self._offer(*_pass_offered(seat))
        return LazyActions(partial(build, self, seat), self._log)

    def _why_illegal(self, action: MusicGameThingyAction) -> str | None:
        phase = self.phase
        if phase in ("bidding-turn", "bidding"):
            return bidding.problem(self, action)
        if phase in ("declare", "lawyers"):
            return declare.problem(self, action)
        return trades.problem(self, action)

    def _apply(self, action: MusicGameThingyAction) -> None:
        phase = self.phase
        if phase in ("bidding-turn", "bidding"):
            bidding.apply(self, action)
        elif phase in ("declare", "lawyers"):
            declare.apply(self, action)
        else:
            trades.apply(self, action)

    def returns(self) -> tuple[float, ...]:
        if not self.winners:
            return (0.0,) * self.players
        share = 1.0 / len(self.winners)
        return tuple(share if seat in self.winners else 0.0 for seat in range(self.players))

    def view(self, player: int) -> MusicGameThingyView:
        return views.view(self, player)

    # --- money and cards -----------------------------------------------------------------

    def pay(self, payer: int, payee: int, amount: int, reason: str) -> None:
        """Move ``amount`` from ``payer`` to ``payee`` (a seat or :data:`BANK`); a label's
        cash may fall below zero only for compulsory charges, which callers check."""
        if amount <= 0:
            return
        if payer == BANK:
            self.bank_out += amount
        else:
            self.cash[payer] -= amount
            book = self.ledger[payer]
            book[reason] = book.get(reason, 0) - amount
        if payee == BANK:
            self.bank_in += amount
        else:
            self.cash[payee] += amount
            book = self.ledger[payee]
            book[reason] = book.get(reason, 0) + amount
        self.money_by[reason] = self.money_by.get(reason, 0) + amount

    def draw(self, seat: int) -> None:
        """``seat`` draws a card; the discards become the deck when it is empty."""
        if not self.deck:
            if not self.discards:
                return
            self.deck, self.discards = self.discards, []
            self.rng.shuffle(self.deck)
        card = self.deck.pop()
        self.hands[seat].append(card)
        self.held_since[card] = self.month_index

    def tally(self, key: str) -> CardTally:
        found = self.tallies.get(key)
        if found is None:
            found = self.tallies[key] = CardTally()
        return found

    def over_limit(self, seat: int) -> list[str]:
        """The hand limits ``seat``'s hand breaks (empty when it is legal)."""
        hand = self.hands[seat]
        broken = []
        if len(hand) > HAND_LIMIT:
            broken.append(f"more than {HAND_LIMIT} cards")
        copies, rules = self.rules.copies, self.rules
        counts: dict[str, int] = {}
        for card in hand:
            group = rules.card(copies[card]).limit_group
            if group is not None:
                counts[group] = counts.get(group, 0) + 1
        for group, count in counts.items():
            if count > rules.group_limit(group):
                broken.append(f"more than {rules.group_limit(group)} {group}")
        return broken

    def within_limits(self, seat: int) -> bool:
        """Whether ``seat``'s hand breaks no limit (``over_limit`` is empty); the answer
        is kept with the hand it was worked out for, until that hand changes."""
        held = tuple(self.hands[seat])
        seen = self.limits_seen[seat]
        if seen is not None and seen[0] == held:
            return seen[1]
        within = self._within_limits(held)
        self.limits_seen[seat] = (held, within)
        return within

    def _within_limits(self, hand: tuple[int, ...]) -> bool:
        if len(hand) > HAND_LIMIT:
            return False
        groups, limit_of = self.rules.copy_groups, self.rules.limit_of
        counts: dict[str, int] = {}
        for card in hand:
            group = groups[card]
            if group is not None:
                count = counts[group] = counts.get(group, 0) + 1
                if count > limit_of[group]:
                    return False
        return True

    def touch(self, *artists: str) -> None:
        """Say that these Artists (and maybe the Tours) changed: views rebuild them."""
        self.table_version += 1
        self.dirty_artists.update(artists)

    def touch_all(self) -> None:
        """Say that any Artist may have changed: views rebuild all of them."""
        self.table_version += 1
        self.dirty_artists.update(self.artists)

    def fame_of(self, artist: ArtistState) -> int:
        """An Artist's Fame with the Hype and Backlash on it, held to the Fame track."""
        fame = artist.fame or 0
        if artist.face_up:
            changes = self.rules.fame_changes
            for card in artist.face_up:
                fame += changes[card]
            low, high = self.rules.fame_range
            return min(high, max(low, fame))
        return fame

    def change_fame(self, artist: ArtistState, change: int) -> int:
        """Add ``change`` to an Artist's Fame marker, held to the track; what it changed by."""
        self.touch(artist.id)
        low, high = self.rules.fame_range
        before = artist.fame or 0
        artist.fame = min(high, max(low, before + change))
        return artist.fame - before

    def artists_of(self, seat: int) -> list[ArtistState]:
        return [artist for artist in self.artists.values() if artist.owner == seat]

    def to_pool(self, artist: ArtistState) -> None:
        """An Artist leaves its label: cards on it are discarded; it keeps its Fame."""
        self.touch(artist.id)
        self.discards.extend(artist.face_up)
        artist.face_up = []
        if artist.kept_single is not None:
            self.discards.append(artist.kept_single)
            artist.kept_single = None
        if artist.tour is not None:
            tour = self.tours[artist.tour]
            tour.artist, tour.label, tour.months_left = None, None, 0
            artist.tour = None
        artist.owner, artist.contract, artist.charting = None, 0, None
        artist.pooled_at = self.auctions

    # --- the flow of a month -------------------------------------------------------------

    def start_month(self) -> None:
        """Turn the next Month card, tax in April, draw, then limits and deals."""
        self.month += 1
        self.month_index += 1
        self.touch()  # a Tour's rest may be over
        self.rich_bastards.append(self.order[0])
        rule = self.rules.month(self.month)
        if rule.levy_per_artist:
            for seat in self.order:
                due = rule.levy_per_artist * len(self.artists_of(seat))
                self.pay(seat, BANK, due, "tax")
        for seat in self.order:
            self.draw(seat)
        self.deal_queue = list(self.order)
        self.offers_left = [1] * self.players
        self.next_before_declaring()

    def next_before_declaring(self) -> None:
        """Who acts next before declarations: a label over a limit (in financial
        order), else the opening auction (when setting up), else the next label's
        deal, else the declarations begin."""
        for seat in self.order:
            if not self.within_limits(seat):
                self.phase, self.current = "limits", seat
                return
        if self.setting_up:
            self.setting_up = False
            self.offers_left = [0] * self.players
            bidding.start(self, opening=True)
            return
        if self.deal_queue:
            self.phase, self.current = "deal", self.deal_queue[0]
            return
        declare.start(self)

    def end_declarations(self) -> None:
        """Everyone has declared: roll, pay and award Fame, then the next month or year."""
        scoring.resolve_month(self)
        if self.month < len(self.rules.months):
            self.start_month()
        elif self.year + 1 < self.years:
            scoring.end_year(self)
            bidding.start(self, opening=False)
        else:
            scoring.end_game(self)
