"""The Music Game Thingy at the terminal: the front end of ``pnp play music-game-thingy``.

A label's month is one screen (:meth:`MusicGameThingyFront.show_table`): the year and
month with the month's rule, your cash, your hand with the hand limits, your Artists
(Fame, contract years, the cards under them, their Tour), the other labels' Artists,
the Tours on the road, the financial order with the cash announced, and what the labels
before you declared this month.

* **Auctions** show the Artist, its Fame, the minimum bid for each contract length and
  the best bid; you pick an Artist, bid (years, then the amount) or pass.
* **Declaring** lists, Artist by Artist, only the choices the rules allow now (a
  record, a Venue, a Tour, a card on that Artist), then the other cards; ``done`` (or
  Enter) finishes.
* **Lawyers** are offered the moment a Contract Exchange or Waiver targets you (when
  you hold Lawyers; otherwise it stands without a question).
* **Trades**: once a month you may offer one to a bot (to whom, what you give, what
  you ask for); a bot's offer to you is a yes-or-no question.
* The month's dice and revenue are a table; a year end tells the money announced and
  the contracts that ran out.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bots.games.music_game_thingy.actions import (
    Accept,
    Allow,
    Decline,
    Done,
    LookAt,
    MusicGameThingyAction,
    Pass,
    Play,
)
from bots.games.music_game_thingy.cards import minimum_bid
from bots.games.music_game_thingy.engine import MusicGameThingy
from bots.games.music_game_thingy.records import MusicGameThingyView
from pnp.catalog.schemas.music_game_thingy import FAME_VALUE_AT_END
from pnp.play.front import Asker, Command, GameFront, Score, Zone
from pnp.play.music_game_thingy_table import (
    Names,
    activity_table,
    artist_line,
    hand_text,
    money,
    plural,
    years,
)
from pnp.play.terminal import Terminal, rule, sentence, wrap

if TYPE_CHECKING:
    from pnp.registry import LoadedGame

_YES = frozenset({"y", "yes"})
_NO = frozenset({"n", "no"})


class MusicGameThingyFront(GameFront[MusicGameThingy, MusicGameThingyAction, MusicGameThingyView]):
    """The Music Game Thingy's front end (see the module docstring)."""

    game_id = "music-game-thingy"
    title = "The Music Game Thingy"
    default_players = 4

    def __init__(
        self, game: LoadedGame, terminal: Terminal, names: Sequence[str], human: int
    ) -> None:
        super().__init__(game, terminal, names, human)
        self.rules = game.data
        self.words = Names(self.rules, names, human)
        self.month_rules: dict[int, str] = {}
        self.card_texts: dict[str, str] = {}
        for card in game.game.deck("month").cards:
            month_rule = getattr(card, "rule", None)
            if month_rule is not None:
                number = getattr(card, "number", 0)
                self.month_rules[number] = f"{month_rule.title}. {month_rule.text}"
        deck = game.game.deck("action").cards
        #: Cards played on a rival's Artist (their reasons are looked for there first).
        self.rival_cards: set[str] = set()
        for card in deck:
            self.card_texts[card.id] = _card_text(card, deck)
            effect = getattr(card, "effect", None)
            kind = getattr(effect, "type", "")
            if kind == "contract-waiver" or getattr(effect, "target", "") == "rival":
                self.rival_cards.add(card.id)
            elif hasattr(effect, "damages") or hasattr(effect, "fame_change"):
                self.rival_cards.add(card.id)  # a Disaster or a Sabotage
        self.limits = dict(self.rules.group_limits)
        #: What a Sports Car is worth at the end (0 if the deck has none).
        self.car_value = max((card.value for card in self.rules.actions), default=0)
        self._view: MusicGameThingyView | None = None

    # --- texts ---------------------------------------------------------------------------

    def opening(self, state: MusicGameThingy) -> list[str]:
        # the Tours this game plays: the printed ones, or an earlier design's (a variant)
        self.rules = self.words.rules = state.rules
        view = state.view(self.human)
        goal = {"money": "the most money", "fame": "the most Fame", "artists": "the most Artists"}
        lines = wrap(
            f"{view.years} year{'s' * (view.years != 1)} of twelve months; the label with "
            f"{goal.get(view.victory, view.victory)} at the end wins. Everyone starts with "
            f"{money(view.cash.amount)} and {len(view.hand)} Action cards."
        )
        extras = [
            name
            for name, on in (
                ("Successful Singles", view.successful_singles),
                ("Whistle-blowing", view.whistle_blowing),
            )
            if on
        ]
        if extras:
            lines += wrap(f"Optional rules in play: {', '.join(extras)}.")
        if not state.log:
            lines += wrap("The opening auction: labels pick Artists, roll their Fame and bid.")
        return lines

    def rules_summary(self, state: MusicGameThingy) -> list[str]:
        paragraphs = [
            "The Music Game Thingy in brief (the full rules: "
            "cards/music-game-thingy/pages/rules.md).",
            "You run a record label. In an auction labels pick Artists from the pool, roll "
            "their Fame (3 to 8) and bid: at least 5,000 x Fame x years of contract; more "
            "money wins, or the same money for fewer years.",
            "Each month everyone draws a card, may offer one trade, then in financial order "
            "(richest first) declares one activity for each Artist: a Single, EP, Album, "
            "Double Album, a Venue or a Tour, and plays any other cards.",
            "Dice pay for each activity; Fame 10 to 19 adds 1 to each die, 20 adds 2. The "
            "best-selling Single and Album of the month gain Fame. An Album needs a Single "
            "released before it.",
            "Hand limits: 10 cards, 4 Singles or EPs, 2 Albums or Double Albums. Contract "
            "Exchange and Waiver can be cancelled by Lawyers.",
            "At each year end contracts run down, labels announce their cash (which sets the "
            "financial order) and there is another auction. At the end every Fame point of "
            "your Artists is worth 5,000.",
        ]
        lines: list[str] = []
        for paragraph in paragraphs:
            lines += wrap(paragraph, "- ", bullet=True) if lines else wrap(paragraph)
        return lines

    def summary(self, state: MusicGameThingy) -> list[str]:
        view = state.view(self.human)
        lines = [""]
        if view.final:
            lines += self._final_scoring(view)
            lines.append(self.terminal.paint("Final scores", "title"))
            width = max(map(len, self.names))
            lines.append(f"  {'':<{width}}  {'money':>10}  Fame  Artists")
            for score in view.final:
                lines.append(
                    f"  {self.names[score.label]:<{width}}  {money(score.money):>10}  "
                    f"{score.fame:>4}  {score.artists:>7}"
                )
            winners = state.winners
            if tuple(winners) == (self.human,):
                lines.append(self.terminal.paint("You win the game!", "good"))
            elif winners:
                names = " and ".join(self.names[seat] for seat in winners)
                lines.append(f"{names} {'wins' if len(winners) == 1 else 'share'} the game.")
            return lines
        where = f"year {view.year}, month {view.month}" if view.month else f"year {view.year}"
        lines.append(self.terminal.paint(f"The game stops in {where}", "title"))
        lines.append(f"  Your cash: {money(view.cash.amount)}")
        for label in view.labels:
            lines.append(
                f"  {self.names[label.seat]}: {plural(len(label.artists), 'Artist')}, "
                + (
                    f"announced {money(label.announced_cash)}"
                    if label.announced_cash is not None
                    else "no cash announced yet"
                )
            )
        return lines

    def _final_scoring(self, view: MusicGameThingyView) -> list[str]:
        """How each label's money was made up at the end: the cash after the last December,
        the Fame of its Artists under contract at 5,000 a point, its Sports Cars."""
        lines = [self.terminal.paint("The final scoring", "title")]
        lines += wrap(
            f"Every Tour comes home; each point of Fame of an Artist still under contract is "
            f"worth {money(FAME_VALUE_AT_END)}"
            + (
                f", each Gratuitously Expensive Sports Car (played or in hand) "
                f"{money(self.car_value)}."
                if self.car_value
                else "."
            )
        )
        for score in view.final:
            fame = score.fame * FAME_VALUE_AT_END
            cars = score.sports_cars * self.car_value
            cash = score.money - fame - cars
            parts = [
                f"cash {money(cash)}",
                f"Fame {score.fame} x {money(FAME_VALUE_AT_END)} = {money(fame)} "
                f"({plural(score.artists, 'Artist')})",
            ]
            if score.sports_cars:
                parts.append(f"{plural(score.sports_cars, 'Sports Car')} {money(cars)}")
            lines += wrap(
                f"{self.names[score.label]}: {' + '.join(parts)} = {money(score.money)}.", "  "
            )
        return lines

    # --- the table -----------------------------------------------------------------------

    def zones(
        self, view: MusicGameThingyView, legal: Sequence[MusicGameThingyAction]
    ) -> list[Zone]:
        from pnp.table.zones_music_game_thingy import music_game_thingy_zones

        return music_game_thingy_zones(self, view, legal)

    def scores(self, view: MusicGameThingyView) -> list[Score]:
        from pnp.table.zones_music_game_thingy import music_game_thingy_scores

        return music_game_thingy_scores(self, view)

    def show_table(self, view: MusicGameThingyView) -> list[str]:
        self._view = view
        if view.phase in ("bidding-turn", "bidding"):
            return self._auction_screen(view)
        return self._month_screen(view)

    def _heading(self, view: MusicGameThingyView) -> str:
        month = self.words.months.get(view.month)
        when = f"{month.name}, year {view.year} of {view.years}" if month else "The auction"
        whose = (
            self.your(view.player).lower() if view.player == self.human else self.your(view.player)
        )
        heading = f"── {when} · {whose} cash {money(view.cash.amount)} "
        return self.terminal.paint(rule(heading, 78), "dim")

    def _order_line(self, view: MusicGameThingyView) -> list[str]:
        parts = []
        for place, seat in enumerate(view.financial_order, start=1):
            label = view.labels[seat]
            said = f", said {money(label.announced_cash)}" if label.announced_cash else ""
            parts.append(f"{place}. {self.names[seat]} ({label.marker}{said})")
        return wrap("Financial order: " + "; ".join(parts) + ".")

    def _month_screen(self, view: MusicGameThingyView) -> list[str]:
        lines = ["", self._heading(view)]
        rule = self.month_rules.get(view.month)
        if rule:
            lines += wrap(f"This month: {rule}")
        lines += self._order_line(view)
        lines += self.artist_lines(view)
        road = [
            f"{self.words.of(tour.id)}: {self.words.of(tour.artist)} ({self.names[tour.label]}), "
            f"{plural(tour.months_left, 'month')} left"
            for tour in view.tours
            if tour.artist is not None and tour.label is not None
        ]
        if road:
            lines += wrap("On the road: " + "; ".join(road) + ".")
        declared = [
            activity
            for activity in view.activities
            if not activity.carried and activity.declarer != view.player
        ]
        if declared:
            said = [
                f"{self.words.of(a.artist)} ({self.names[a.declarer]}): {self.words.of(a.source)}"
                for a in declared
            ]
            lines += wrap("Declared this month: " + "; ".join(said) + ".")
        lines += self.hand_lines(view)
        return lines

    def artist_lines(self, view: MusicGameThingyView) -> list[str]:
        lines: list[str] = []
        mine = [artist for artist in view.artists if artist.owner == view.player]
        if mine:
            lines.append(f"{self.your(view.player)} Artists:")
            doing = {a.artist: a for a in view.activities if a.declarer == view.player}
            for artist in mine:
                line = artist_line(artist, self.words, view)
                if artist.id in doing and not doing[artist.id].carried:
                    line += f"; this month: {self.words.of(doing[artist.id].source)}"
                lines += wrap(line, "  ")
        else:
            lines.append("You have no Artists under contract.")
        for label in view.labels:
            if label.seat == view.player:
                continue
            theirs = [
                f"{self.words.of(artist.id)} (Fame {artist.effective_fame}, {artist.contract}y)"
                for artist in view.artists
                if artist.owner == label.seat
            ]
            cars = f"; {plural(label.sports_cars, 'Sports Car')}" if label.sports_cars else ""
            lines += wrap(
                f"{self.names[label.seat]} ({plural(label.hand_size, 'card')}{cars}): "
                + (", ".join(theirs) or "no Artists")
            )
        return lines

    def hand_lines(self, view: MusicGameThingyView) -> list[str]:
        singles = sum(
            1 for card in view.hand if self.words.cards[card.card].limit_group == "singles"
        )
        albums = sum(1 for card in view.hand if self.words.cards[card.card].limit_group == "albums")
        limits = (
            f"{len(view.hand)} of 10 cards, {singles} of {self.limits.get('singles', 4)} "
            f"Singles/EPs, {albums} of {self.limits.get('albums', 2)} Albums"
        )
        whose = self.your(view.player)
        return wrap(f"{whose} hand ({limits}): {hand_text(view, self.words) or 'empty'}.")

    def _auction_screen(self, view: MusicGameThingyView) -> list[str]:
        lines = ["", self._heading(view)]
        auction = view.auction
        pool = [artist for artist in view.artists if artist.owner is None]
        if pool:
            lines += wrap(
                "In the pool with a Fame marker: "
                + ", ".join(f"{self.words.of(a.id)} (Fame {a.fame})" for a in pool)
                + "."
            )
        lines += wrap(f"Artists not yet looked at: {len(view.unrolled)}.")
        owned = [
            f"{self.names[label.seat]} {len(label.artists)}"
            for label in view.labels
            if label.artists
        ]
        if owned:
            lines += wrap("Artists signed: " + ", ".join(owned) + ".")
        if auction is not None and auction.artist is not None:
            fame = next((a.fame for a in view.artists if a.id == auction.artist), 0)
            lines.append(
                self.terminal.paint(f"Bidding on {self.words.of(auction.artist)}", "name")
                + f" (Fame {fame})"
            )
            lines += self._minimum_lines(fame)
            if auction.high_bidder is not None:
                lines += wrap(
                    f"Best bid: {money(auction.high_amount)} for {years(auction.high_years)}, "
                    f"by {self.words.obj(auction.high_bidder)}."
                )
        lines += self.hand_lines(view)
        return lines

    def _minimum_lines(self, fame: int) -> list[str]:
        low, high = self.rules.contract_years
        parts = [f"{years}y {money(minimum_bid(fame, years))}" for years in range(low, high + 1)]
        return wrap("Minimum bids: " + ", ".join(parts) + ".")

    def commands(self, view: MusicGameThingyView) -> list[Command]:
        def cards() -> list[str]:
            lines = []
            for card_id in sorted({card.card for card in view.hand}):
                lines += wrap(f"{self.words.of(card_id)}: {self.card_texts.get(card_id, '')}")
            return lines or ["Your hand is empty."]

        return [
            Command("hand", "show your hand again", lambda: self.hand_lines(view)),
            Command("cards", "what the cards in your hand do", cards),
            Command("table", "show the table again", lambda: self.show_table(view)),
            Command("months", "the months that have a rule of their own", lambda: self._months()),
        ]

    def _months(self) -> list[str]:
        lines = []
        for number, text in sorted(self.month_rules.items()):
            lines += wrap(f"{self.words.months[number].name}: {text}", "  ")
        return lines

    def automatic(
        self, view: MusicGameThingyView, legal: Sequence[MusicGameThingyAction]
    ) -> MusicGameThingyAction | None:
        if len(legal) == 1 and isinstance(legal[0], Allow | Pass | Done):
            # no Lawyers to play, only passing left in a counter-bid, nothing to declare
            return legal[0]
        return None

    def describe_problem(self, action: MusicGameThingyAction, reason: str) -> str:
        view = self._view
        what = self.words.choice(action, view) if view is not None else "do that"
        return f"You cannot {what}: {self.words.in_words(reason)}."

    # --- the human's turn ----------------------------------------------------------------

    def human_turn(
        self,
        asker: Asker,
        view: MusicGameThingyView,
        legal: Sequence[MusicGameThingyAction],
    ) -> MusicGameThingyAction:
        from pnp.play import music_game_thingy_prompts as prompts

        self._view = view
        phase = view.phase
        if phase == "bidding-turn":
            return prompts.bidding_turn(self, asker, view, legal)
        if phase == "bidding":
            return prompts.counter_bid(self, asker, view, legal)
        if phase == "answer":
            assert view.offer is not None
            offer = view.offer
            asker.tell(
                wrap(f"{self.names[offer.player]} offers you a trade: {self.words.offer(offer)}.")
            )
            yes = asker.ask_yes_no("Accept the trade? (y/n)")
            action: MusicGameThingyAction = Accept(view.player) if yes else Decline(view.player)
            problem = asker.why_not(action) if yes else None
            if problem is not None:
                asker.tell(wrap(problem + " You decline."))
                return Decline(view.player)
            return action
        if phase == "lawyers":
            move = view.contract_move
            assert move is not None
            owner = next((a.owner for a in view.artists if a.id == move.artist), None)
            what = f"{self.words.of(move.card)} on {self.words.whose(owner)} "
            what += self.words.of(move.artist)
            if move.own is not None:
                what += f", giving {self.words.whose(move.mover)} {self.words.of(move.own)}"
            asker.tell(wrap(f"{self.names[move.mover]} plays {what}."))
            return prompts.menu(self, asker, view, legal, "Play Lawyers?")
        if phase == "deal":
            return prompts.deal(self, asker, view, legal)
        if phase == "limits":
            asker.tell(
                wrap(
                    "You are over a hand limit: discard, or offer a trade that gives "
                    "away a card over the limit."
                )
            )
            return prompts.limits(self, asker, view, legal)
        return prompts.declare(self, asker, view, legal)

    # --- narration -----------------------------------------------------------------------

    def narrate(
        self,
        before: MusicGameThingyView,
        action: MusicGameThingyAction,
        after: MusicGameThingyView,
    ) -> list[str]:
        lines: list[str] = []
        told = self.words.told(action, before)
        if told is not None:
            lines += wrap(sentence(told))
        if isinstance(action, LookAt):
            fame = next((a.fame for a in after.artists if a.id == action.artist), None)
            if fame is not None:
                lines.append(f"  Fame rolled: {fame}.")
        spied = isinstance(action, Play) and action.card == "commercial-spies"
        if spied and action.player == self.human and after.spy_reports != before.spy_reports:
            report = after.spy_reports[-1]
            cards = ", ".join(self.words.of(card.card) for card in report.cards) or "nothing"
            lines += wrap(f"  {self.names[report.target]} holds: {cards}.")
        over = bool(after.final) and not before.final
        if after.month_index != before.month_index or after.year != before.year or over:
            lines += self._month_end(before, after)
        lines += self._signed(before, after)
        return lines

    def _signed(self, before: MusicGameThingyView, after: MusicGameThingyView) -> list[str]:
        lines = []
        owners = {artist.id: artist.owner for artist in before.artists}
        for artist in after.artists:
            was = owners.get(artist.id)
            if artist.owner is not None and was != artist.owner:
                lines += wrap(
                    f"{self.words.of(artist.id)} now belongs to "
                    f"{self.words.obj(artist.owner)} ({years(artist.contract)} of contract)."
                )
            elif artist.owner is None and was is not None:
                waived = before.contract_move is not None and after.contract_move is None
                how = "is waived" if waived else "has run out"
                lines += wrap(
                    f"The contract of {self.words.of(artist.id)} with {self.words.obj(was)} "
                    f"{how}: the Artist goes back to the pool."
                )
        if (
            before.cash.amount != after.cash.amount
            and before.phase != "declare"
            and not after.final
        ):
            lines.append(f"Your cash: {money(before.cash.amount)} → {money(after.cash.amount)}.")
        return lines

    def _month_end(self, before: MusicGameThingyView, after: MusicGameThingyView) -> list[str]:
        lines: list[str] = []
        results = after.last_month if after.last_month else ()
        month = self.words.months.get(before.month)
        if results and month is not None and results != before.last_month:
            lines.append(self.terminal.paint(f"── {month.name}: the dice and revenue", "title"))
            lines += activity_table(results, self.words)
            if after.final:  # the final scoring follows: the cash is told there
                lines.append("The last month is over: the final scoring follows.")
            elif before.cash.amount != after.cash.amount:
                lines.append(
                    f"Your cash: {money(before.cash.amount)} → {money(after.cash.amount)}."
                )
            self.hold = True
        announced = [
            f"{self.names[label.seat]} {money(label.announced_cash)}"
            for label in after.labels
            if label.announced_cash is not None
        ]
        if announced and after.year != before.year:
            lines.append(self.terminal.paint(f"── End of year {before.year}", "title"))
            lines += wrap("Money announced: " + ", ".join(announced) + ".")
            lines += self._order_line(after)
        return lines


def _card_text(card: object, deck: Sequence[object]) -> str:
    """What an Action card does, as its face says it: the dice it earns or its headline
    (``+1 to the total, at every Venue or Tour``), then its text and how long it lasts."""
    describe = getattr(card, "describe", None)
    if describe is None:
        return " ".join(str(getattr(card, "text", "")).split())
    text = " ".join(str(describe()).split())
    _, _, rest = text.partition(". ")  # the name and type: the list names the card already
    headline = getattr(card, "headline", None)
    if getattr(card, "revenue", None) is None and headline is not None:
        big, caption = headline(deck)
        rest = f"{big}{', ' + caption if caption else ''}. {rest}"
    return rest


__all__ = ["MusicGameThingyFront"]
