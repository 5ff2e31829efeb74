"""The Music Game Thingy's bots: random play and two heuristic labels.

A :class:`HeuristicPlayer` sees only its view and the legal actions (and the
printed card list) and plays the way the issue's designer asked (its
declarations are in :mod:`bots.games.music_game_thingy.declaring`):

* **Auctions.** It values an Artist by the income it expects from it over the
  contract (its share of the label's monthly takings, less for every Artist it
  already has, more with Fame) plus its Fame at the end, and bids up to what
  that is worth, less the surplus it could expect from waiting for another
  Artist; it opens on the best known Artist or rolls a new one, for as many
  years as the game has left.
* **Activities.** Each free Artist gets the activity with the most expected
  money and Fame (chart Fame weighed by its chance of topping the chart): a
  Single before an Album, the best Venue its Fame allows, a Tour when its
  takings over the months it can stay out, its Fame and less what the Artist
  would otherwise earn beat the fee.
* **Other cards.** Extra Date on its best Venue; Road Crew and Stage Lights on
  its best concert of the month; Hype on its own Artists when it lifts a die
  bonus this month or counts at the end; Backlash, Disaster and Sabotage on the
  label it believes to be leading (the richest it can estimate from the cash
  announced and the revenue rolled since); Commercial Spies on the label it
  suspects of holding a dirty trick under Whistle-blowing, else on the leader;
  Contract Waiver against the leader's best Artist; the Sports Car at once.
* **Contract Exchange** when the swap pays, whoever holds the other Artist: what
  the Artist taken is worth over its contract (its share of the label's income,
  more with Fame, its Fame at the end, and the later months and Fame of a Tour
  it takes along) less the same for the Artist given, times the chance that
  nobody stops it with Lawyers, must beat keeping the card and the level's
  margin (:meth:`~bots.games.music_game_thingy.declaring.Declaring.swap_gain`).
* **Lawyers** when what the move would cost it is worth more than keeping them
  (:meth:`HeuristicPlayer.counter_worth`): keeping them is worth a share of
  what is left of the game, or of its best other Artist, which a later Contract
  card could take.
* **Limits and trades.** Over a limit it discards its least useful card; it
  makes no offers and accepts one that raises its own valuation (money, cards
  and Artists at what they are worth to it), never from the leader.

Three levels: ``easy`` plays like a newcomer to the music business: it signs one
Artist, bids at most a third of what it is worth, keeps a large reserve, tours
only for a big margin, plays dirty tricks only to make room in its hand, swaps
Artists only for a gain of 40,000 more than the card is worth (and overlooks
Tours on the road when it weighs one) and spends its Lawyers on any move that
costs it anything; ``cautious`` keeps a cash reserve, bids at most half of what
an Artist is worth to it, signs at most two Artists, wants a Tour to beat staying
at home by 20,000 and a swap to gain 20,000 more than the card, plays its dirty
tricks only when its hand is crowded, and keeps its Lawyers unless more is at
stake than keeping them is worth; ``shrewd`` never pays more for an Artist than
the surplus it could get by waiting for another (so bidding wars stay short),
signs up to four, attacks the leader, takes every swap that pays (a swap with the
leader counting half again, for what the leader loses) and also plays Lawyers
to stop the leader's swap of another label's Artist. Measured (docs:
Benchmarks): both beat two random labels in nearly every game, and shrewd beats
two cautious labels far more often than its fair share.

>>> from bots.core import play_game
>>> from pnp.catalog import load_catalog
>>> from bots.games.music_game_thingy import MusicGameThingy
>>> rules = MusicGameThingy.data_from(load_catalog("cards").game("music-game-thingy"))
>>> players = [HeuristicPlayer(rules, "shrewd", seed) for seed in range(3)]
>>> play_game(MusicGameThingy.new(rules, 5, {"players": 3}), players).is_terminal
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from bots.core import RANDOM_BOT, BotSpec
from bots.games.music_game_thingy.actions import (
    Discard,
    MusicGameThingyAction,
    Offer,
    accept,
    allow,
    bid,
    decline,
    lawyers,
    look,
    pass_,
)
from bots.games.music_game_thingy.auction import smallest_bid
from bots.games.music_game_thingy.cards import Rules, minimum_bid
from bots.games.music_game_thingy.declaring import Declaring
from bots.games.music_game_thingy.records import ArtistView, MusicGameThingyView
from bots.games.music_game_thingy.valuation import Valuer
from pnp.catalog.schemas.music_game_thingy import MONEY_STEP, STARTING_FAME

Level = Literal["easy", "cautious", "shrewd"]


@dataclass(frozen=True)
class Style:
    """How a level plays."""

    #: The largest share of an Artist's value it will bid.
    bid_share: float
    #: Cash it keeps back at auctions.
    reserve: int
    #: The most Artists it signs.
    max_artists: int
    #: How sure it is of signing an equal Artist later (discounts waiting).
    patience: float
    #: Whether it attacks the leader (else only with a crowded hand).
    attacks: bool
    #: The least a Tour must bring beyond the alternative.
    tour_margin: int
    #: The least a Contract Exchange must bring beyond keeping the card.
    exchange_margin: int = 0
    #: Whether it counts the Tours on the road when it weighs a swap.
    exchange_sees_tours: bool = True
    #: What keeping Lawyers for later is worth at the start of the game (less as the
    #: game goes on); it plays them when more is at stake.
    lawyers_kept: int = 15_000
    #: Whether it also plays Lawyers to stop the leader's swap of another label's Artist.
    guards_others: bool = False


STYLES: dict[Level, Style] = {
    "easy": Style(0.3, 60_000, 1, 0.8, False, 50_000, 40_000, False, 0),
    "cautious": Style(0.5, 40_000, 2, 0.95, False, 20_000, 20_000, True, 20_000),
    "shrewd": Style(0.85, 15_000, 4, 1.0, True, 0, 0, True, 15_000, True),
}

#: The share of its best other Artist's worth that Lawyers kept in hand protect (the
#: chance that a later Contract card comes for it).
GUARD_SHARE = 0.15
#: How many more Artists it signs when the most Artists win.
ARTISTS_VICTORY_EXTRA = 3


class HeuristicPlayer(Declaring):
    """A heuristic record label (see the module docstring). ``rules`` is the printed
    card list; with a ``seed`` it keeps its own generator (it picks which unknown
    Artist to roll for at random)."""

    def __init__(self, rules: Rules, level: Level = "shrewd", seed: int | None = None) -> None:
        if level not in STYLES:
            raise ValueError(f"level must be one of {', '.join(STYLES)}, got {level!r}")
        self.rules = rules
        self.level: Level = level
        self.style = STYLES[level]
        self.seed = seed
        self.rng = random.Random(seed) if seed is not None else None
        self.valuer = Valuer(rules)
        self._cards = {card.id: card for card in rules.actions}
        self._kinds = {card.id: card.type for card in rules.actions}
        self._earners = {card.id: card.earner for card in rules.actions if card.earner is not None}
        self._surpluses: dict[tuple[float, int, int, int, int, int, str], float] = {}
        #: Revenue it saw each label roll since the last money declaration.
        self._earned: list[int] = []
        self._counted_month = -1
        self._counted_year = 0
        # The Artists of the last view by id (views share their parts while the table does
        # not change, so this is kept with them).
        self._artists_seen: tuple[ArtistView, ...] | None = None
        self._artists_by_id: dict[str, ArtistView] = {}

    def __repr__(self) -> str:
        return f"HeuristicPlayer({self.level!r}, seed={self.seed!r})"

    def choose(
        self,
        view: MusicGameThingyView,
        legal_actions: Sequence[MusicGameThingyAction],
        rng: random.Random,
    ) -> MusicGameThingyAction:
        generator = self.rng or rng
        self._observe(view)
        phase = view.phase
        if phase == "bidding-turn":
            return self._bidding_turn(view, generator)
        if phase == "bidding":
            return self._counter_bid(view)
        if phase == "limits":
            return self._discard(view, legal_actions)
        if phase == "deal":
            return pass_(view.player)
        if phase == "answer":
            return self._answer(view, legal_actions)
        if phase == "lawyers":
            return self._lawyers(view, legal_actions)
        if phase == "declare":
            return self._declare(view, legal_actions)
        return legal_actions[0]

    # --- what it believes about the others ---------------------------------------------

    def _observe(self, view: MusicGameThingyView) -> None:
        if len(self._earned) != len(view.labels) or view.year != self._counted_year:
            self._earned = [0] * len(view.labels)
            self._counted_year = view.year
            self._counted_month = view.month_index if view.month else -1
        if view.month and view.month_index != self._counted_month:
            self._counted_month = view.month_index
            for result in view.last_month:
                self._earned[result.declarer] += result.money or 0

    def estimated_money(self, view: MusicGameThingyView, seat: int) -> float:
        """What it believes ``seat`` is worth: cash announced, revenue since, Fame."""
        label = view.labels[seat]
        cash = view.cash.amount if seat == view.player else (label.announced_cash or 0)
        fame = sum(a.effective_fame for a in view.artists if a.owner == seat)
        earned = 0 if seat == view.player else self._earned[seat]
        return cash + earned + 5_000 * fame + 200_000 * label.sports_cars

    def leader(self, view: MusicGameThingyView) -> int | None:
        """The rival it believes to be ahead (by :meth:`estimated_money`; on a tie the
        lowest seat)."""
        labels = view.labels
        # Every label's Fame in one pass over the Artists.
        fame = [0] * len(labels)
        for artist in view.artists:
            if artist.owner is not None:
                fame[artist.owner] += artist.effective_fame
        earned = self._earned
        found, most = None, 0
        for seat, label in enumerate(labels):
            if seat == view.player:
                continue
            worth = (
                (label.announced_cash or 0)
                + earned[seat]
                + 5_000 * fame[seat]
                + 200_000 * label.sports_cars
            )
            if found is None or worth > most:
                found, most = seat, worth
        return found

    def by_id(self, view: MusicGameThingyView) -> dict[str, ArtistView]:
        """The view's Artists by id."""
        if view.artists is not self._artists_seen:
            self._artists_seen = view.artists
            self._artists_by_id = {artist.id: artist for artist in view.artists}
        return self._artists_by_id

    # --- auctions ------------------------------------------------------------------------

    def _years(self, view: MusicGameThingyView) -> int:
        low, high = self.rules.contract_years
        return max(low, min(high, view.years - view.year + 1))

    def _held(self, view: MusicGameThingyView) -> int:
        return len(view.labels[view.player].artists)

    def _enough(self, view: MusicGameThingyView) -> bool:
        """Whether it has all the Artists it wants (more when Artists win the game)."""
        wanted = self.style.max_artists + (
            ARTISTS_VICTORY_EXTRA if view.victory == "artists" else 0
        )
        return self._held(view) >= wanted

    def _surplus(self, view: MusicGameThingyView, fame: float, years: int) -> float:
        """What signing an Artist of ``fame`` at the minimum bid would gain it."""
        held = len(view.labels[view.player].artists)
        key = (fame, years, held, view.year, view.month, view.years, view.victory)
        found = self._surpluses.get(key)
        if found is None:
            value = self.valuer.artist(view, fame, years, held)
            found = self._surpluses[key] = value - minimum_bid(round(fame), years)
        return found

    def _bidding_turn(self, view: MusicGameThingyView, rng: random.Random) -> MusicGameThingyAction:
        seat = view.player
        auction = view.auction
        assert auction is not None
        if self._enough(view):
            return pass_(seat)
        years = self._years(view)
        cash = view.cash.amount - self.style.reserve
        best: ArtistView | None = None
        best_surplus = 0.0
        for artist in view.artists:
            if artist.owner is None and minimum_bid(artist.fame, years) <= cash:
                surplus = self._surplus(view, artist.fame, years)
                if surplus > best_surplus:
                    best, best_surplus = artist, surplus
        low, high = STARTING_FAME
        can_look = len(auction.looked) < 2 and bool(view.unrolled)
        expected_new = sum(
            max(0.0, self._surplus(view, fame, years))
            for fame in range(low, high + 1)
            if minimum_bid(fame, years) <= cash
        ) / (high - low + 1)
        if best is not None and (best_surplus >= expected_new or not can_look):
            return bid(seat, best.id, years, minimum_bid(best.fame, years))
        if can_look and expected_new > 0:
            return look(seat, rng.choice(view.unrolled))
        return pass_(seat)

    def _counter_bid(self, view: MusicGameThingyView) -> MusicGameThingyAction:
        seat = view.player
        auction = view.auction
        assert auction is not None and auction.artist is not None
        if self._enough(view):
            return pass_(seat)
        fame = self.by_id(view)[auction.artist].fame
        years = self._years(view)
        value = self.valuer.artist(view, fame, years, self._held(view))
        waiting = self._best_alternative(view, auction.artist, years)
        cap = min(
            view.cash.amount - self.style.reserve,
            self.style.bid_share * value,
            value - self.style.patience * waiting,
        )
        amount = smallest_bid(fame, years, auction.high_amount, auction.high_years)
        if amount > cap:
            return pass_(seat)
        # A jump: a tenth more than the high bid, which shortens bidding wars.
        jump = auction.high_amount + max(MONEY_STEP, auction.high_amount // 10)
        jump -= jump % MONEY_STEP
        highest = int(cap) - int(cap) % MONEY_STEP
        return bid(seat, auction.artist, years, max(amount, min(jump, highest)))

    def _best_alternative(self, view: MusicGameThingyView, artist_id: str, years: int) -> float:
        """The surplus it could expect from another Artist of this auction."""
        best = 0.0
        for artist in view.artists:
            if artist.owner is None and artist.id != artist_id:
                best = max(best, self._surplus(view, artist.fame, years))
        if view.unrolled:
            low, high = STARTING_FAME
            best = max(best, self._surplus(view, (low + high) / 2, years))
        return best

    # --- limits and trades --------------------------------------------------------------

    def _discard(
        self, view: MusicGameThingyView, legal: Sequence[MusicGameThingyAction]
    ) -> MusicGameThingyAction:
        mine = self._mine(view)
        options = [action for action in legal if type(action) is Discard]
        return min(options, key=lambda action: self.valuer.card(view, action.card, mine))

    def _answer(
        self, view: MusicGameThingyView, legal: Sequence[MusicGameThingyAction]
    ) -> MusicGameThingyAction:
        seat = view.player
        offer = view.offer
        assert offer is not None
        if accept(seat) not in legal or offer.player == self.leader(view):
            return decline(seat)
        return accept(seat) if self.trade_gain(view, offer) > 0 else decline(seat)

    def trade_gain(self, view: MusicGameThingyView, offer: Offer) -> float:
        """What accepting ``offer`` would change its valuation by."""
        mine = self._mine(view)
        held = len(mine)
        gain = float(offer.give_money - offer.take_money)
        gain += sum(self.valuer.card(view, card, mine) for card in offer.give_cards)
        by_id = self.by_id(view)
        for artist_id in offer.give_artists:
            gain += self.valuer.held_artist(view, by_id[artist_id], held)
            held += 1
        for artist_id in offer.take_artists:
            held -= 1
            gain -= self.valuer.held_artist(view, by_id[artist_id], max(0, held))
        return gain

    def _lawyers(
        self, view: MusicGameThingyView, legal: Sequence[MusicGameThingyAction]
    ) -> MusicGameThingyAction:
        seat = view.player
        if lawyers(seat) not in legal:
            return allow(seat)
        return lawyers(seat) if self.counter_worth(view) > 0 else allow(seat)

    def counter_worth(self, view: MusicGameThingyView) -> float:
        """What playing Lawyers against the Contract card waiting is worth: what the
        move would cost it, less what keeping the Lawyers for later is worth (a share
        of what the rest of the game allows, or of its best other Artist, which a later
        Contract card could take). Every level guards its own Artists, an easy label
        whatever the Artist; a shrewd label also stops the leader's swap of another
        label's Artist when the swap gains the leader twice what the card is worth."""
        move = view.contract_move
        assert move is not None
        by_id = self.by_id(view)
        target = by_id[move.artist]
        own = by_id[move.own] if move.own is not None else None
        style = self.style
        held = self._held(view)
        kept = 0.0
        if style.lawyers_kept:
            # Lawyers kept can save its best other Artist from a later Contract card.
            months = len(self.rules.months) * view.years
            others = [
                self.artist_at_stake(view, artist, held)
                for artist in view.artists
                if artist.owner == view.player and artist.id != target.id
            ]
            kept = max(
                style.lawyers_kept * (self.valuer.months_left(view) + 1) / months,
                GUARD_SHARE * max(others, default=0.0),
            )
        if target.owner == view.player:
            lost = self.artist_at_stake(view, target, held)
            if own is not None:
                lost -= self.artist_at_stake(view, own, held)
            return lost - kept
        if not style.guards_others or move.mover != self.leader(view) or own is None:
            return 0.0
        assert target.owner is not None
        mover_held = len(view.labels[move.mover].artists)
        return self.swap_gain(view, target, own, mover_held) - 2 * kept


def _level(level: Level, strength: int, description: str) -> BotSpec:
    return BotSpec(
        level,
        description,
        lambda rules, seed: HeuristicPlayer(rules, level, seed),
        strength=strength,
    )


#: The bots of The Music Game Thingy, weakest first.
BOTS: tuple[BotSpec, ...] = (
    RANDOM_BOT,
    _level(
        "easy",
        1,
        "signs a single Artist on the cheap, keeps a large reserve and seldom tours",
    ),
    _level(
        "cautious",
        2,
        "keeps cash back, signs at most two Artists at cheap prices and rarely attacks",
    ),
    _level(
        "shrewd",
        3,
        "bids up to what an Artist will earn, books the best gigs and attacks the leader",
    ),
)
