"""What a Chinchón player sees at the terminal: cards, hands, the table, and what happens.

:class:`ChinchonTable` holds the texts of the Chinchón front end
(:mod:`pnp.play.chinchon`): cards as ``Q♥`` (``QH`` where symbols cannot be
shown; red suits in red when colour is on), the hand under its positions, the
table before each of the human's turns, the rules in brief and the scores
(from the card data: ranks, points, variants), and the narration of every
action from a player's views, with whole hands shown after a close.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from bots.games.chinchon import (
    Card,
    Chinchon,
    ChinchonAction,
    ChinchonView,
    Close,
    Discard,
    DrawStock,
    HandResult,
    Reenter,
    ShownHand,
    StayOut,
    TakeDiscard,
)
from bots.games.chinchon.cards import table_rows
from bots.games.chinchon.engine import REENTRY_MIN_IN
from bots.games.chinchon.variants import Pack, Rules
from pnp.catalog.schemas.chinchon import Style
from pnp.play.front import GameFront, Score, Zone
from pnp.play.terminal import Terminal, rule, wrap

if TYPE_CHECKING:
    from pnp.catalog import Game
    from pnp.registry import LoadedGame

#: The face style whose suit colours the terminal borrows.
COLOUR_STYLE = "french"


def red_suits(game: Game) -> frozenset[str]:
    """The suits printed in red ink (from the card data's French style)."""
    styles = {row.id: row for row in table_rows(game, "styles", Style)}
    style = styles.get(COLOUR_STYLE)
    if style is None:
        return frozenset()
    red = set()
    for suit, look in style.suits.items():
        value = look.colour.lstrip("#")
        r, g, b = (int(value[i : i + 2], 16) for i in (0, 2, 4))
        if r > 2 * max(g, b, 16):
            red.add(suit)
    return frozenset(red)


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def _times(number: int) -> str:
    return {0: "never", 1: "once", 2: "twice"}.get(number, f"{number} times")


def points_text(value: int) -> str:
    """``1 point``, ``9 points``, ``-10 points``."""
    return _count(value, "point") if value >= 0 else f"{value} points"


class ChinchonTable(GameFront[Chinchon, ChinchonAction, ChinchonView]):
    """The texts of Chinchón's front end (see the module docstring); the prompts are in
    :class:`pnp.play.chinchon.ChinchonFront`."""

    def __init__(
        self, game: LoadedGame, terminal: Terminal, names: Sequence[str], human: int
    ) -> None:
        super().__init__(game, terminal, names, human)
        self.pack: Pack = game.data
        self.red = red_suits(game.game)
        self.by_suit = False
        #: The human's hand in the order last shown (what positions 1-8 refer to).
        self.shown: tuple[Card, ...] = ()
        #: A bot's draw, told together with its discard.
        self.pending: str | None = None
        self.hand_number = 1
        self.rules: Rules = self.pack.rules()
        self.five_points = False
        self.limit = 100
        self.reentries = 1
        self.active: tuple[str, ...] = ()

    def begin(self, state: Chinchon) -> None:
        self.rules = state.rules
        self.five_points = state.five_points
        self.limit = state.limit
        self.reentries = state.reentry_limit
        self.active = tuple(self.active_variants(state))

    # --- cards ---------------------------------------------------------------------------

    def card(self, card: Card, width: int = 0) -> str:
        """``Q♥`` (or ``QH`` without suit symbols), red suits in red when colour is on."""
        if card.is_joker or card.rank is None or card.suit is None:
            return str(card).ljust(width)
        notation = self.rules.notation
        suit = notation.suit_symbols.get(card.suit) if self.terminal.symbols else None
        text = (
            notation.rank_letters[card.rank] + (suit or notation.suit_letters[card.suit])
        ).ljust(width)
        return self.terminal.paint(text, "red") if card.suit in self.red else text

    def cards(self, cards: Iterable[Card]) -> str:
        return " ".join(self.card(card) for card in cards)

    def meld(self, cards: Iterable[Card]) -> str:
        return f"[{self.cards(cards)}]"

    def _order(self, hand: Sequence[Card]) -> tuple[Card, ...]:
        if not self.by_suit:
            return tuple(hand)
        facts = self.rules.facts
        last = len(self.rules.suits)  # jokers (no suit) after the suits

        def by_suit(card: Card) -> tuple[int, int]:
            suit = facts[card].suit_index
            return (suit if suit >= 0 else last, facts[card].run_position)

        return tuple(sorted(hand, key=by_suit))

    def hand_lines(self, view: ChinchonView) -> list[str]:
        """The hand as two lines: positions above the cards."""
        self.shown = self._order(view.hand)
        label = "Your hand" if view.player == self.human else f"{self.names[view.player]}'s hand"
        width = max(11, len(label) + 2)
        numbers = "".join(f"{index:<4}" for index in range(1, len(self.shown) + 1))
        faces = "".join(self.card(card, 4) for card in self.shown)
        order = "(by suit)" if self.by_suit else ""
        return [f"{label:<{width}}{numbers}".rstrip(), f"{order:<{width}}{faces}".rstrip()]

    # --- texts ---------------------------------------------------------------------------

    def opening(self, state: Chinchon) -> list[str]:
        variants = {variant.id: variant for variant in self.game.game.variants()}
        names = [variants[variant].name for variant in self.active]
        lines = [f"Variants: {', '.join(names)}." if names else "No variants: the classic rules."]
        if state.num_players > 4 and "two-decks" not in self.active:
            lines.append("With five or more players two packs are shuffled together.")
        lines += wrap(f"A player is out above {self.limit} points; {self._reentry_text(state)}.")
        if not state.is_terminal and not state.log:
            lines.append(self._deal_line(state.dealer, state.current_player))
        return lines

    def _reentry_text(self, state: Chinchon) -> str:
        """What this table's re-entry rule allows: a player who goes out re-enters only while
        three or more others are still in, which a table of three can never see."""
        if not self.reentries:
            return "there is no re-entry in this game"
        if state.num_players - 1 < REENTRY_MIN_IN:
            return (
                f"no re-entry at this table of {state.num_players}: re-entering needs "
                f"{REENTRY_MIN_IN} players still in after someone goes out, so "
                f"{REENTRY_MIN_IN + 1} or more players"
            )
        return (
            f"a player who goes out may re-enter at the highest total still in "
            f"({_times(self.reentries)} each) while {REENTRY_MIN_IN} or more players are "
            "still in"
        )

    def _deal_line(self, dealer: int, first: int | None) -> str:
        text = f": {self.name(dealer)} {self.verb(dealer, 'deal', 'deals')}"
        if first is not None:
            text += f"; {self.obj(first)} {self.verb(first, 'start', 'starts')}"
        return self.terminal.paint(f"── Hand {self.hand_number}", "title") + text + "."

    def rules_summary(self, state: Chinchon) -> list[str]:
        five = self.five_points
        close = (
            "your unmatched cards add up to 5 or less"
            if five
            else "the seven you keep are all in melds, or all but one card worth 4 or less"
        )
        paragraphs = [
            "Chinchón in brief (the full rules: cards/chinchon/pages/rules.md).",
            self._deck_text(),
            "Melds: a set is three or four cards of one rank; a run is three or more cards of "
            "one suit in a row (5♠ 6♠ 7♠ J♠). Melds stay in your hand until someone closes.",
            "Your turn: take the top card of the stock (s) or of the discard pile (d), then "
            "discard one card face up. The card just taken from the discard pile may not go "
            "straight back.",
            f"Closing: instead of discarding, put one card face down when {close}. Nobody "
            "closes in the first round of a hand.",
            "After a close everyone shows their melds and lays off spare cards onto the melds "
            "on the table (never onto a closer's hand that is all matched); here the best "
            "lay-offs are made for everyone.",
            "Scores: your unmatched cards go on your total. The closer scores the card left "
            "over, or -10 with all seven matched. A chinchón, seven cards in one run of one "
            "suit, wins the game at once.",
            f"Above {self.limit} points you are out; {self._reentry_text(state)}. The last "
            "player in wins.",
        ]
        variants = {variant.id: variant for variant in self.game.game.variants()}
        for variant in self.active:
            paragraphs.append(f"{variants[variant].name}: {variants[variant].summary}")
        lines: list[str] = []
        for paragraph in paragraphs:
            lines += wrap(paragraph, "- ", bullet=True) if lines else wrap(paragraph)
        return lines

    def _deck_text(self) -> str:
        """The ranks in play, their run order and points, from the card data."""
        notation, deck_rules = self.rules.notation, self.rules
        suit = deck_rules.suits[0]
        letters = [notation.rank_letters[rank] for rank in deck_rules.ranks]
        points = [deck_rules.points(notation.card(rank, suit)) for rank in deck_rules.ranks]
        text = f"The deck: {' '.join(letters)} in {len(deck_rules.suits)} suits"
        gaps = [
            (letters[i], letters[i + 1])
            for i in range(len(letters) - 1)
            if letters[i].isdigit() and not letters[i + 1].isdigit()
        ]
        if gaps:
            text += f"; the {gaps[0][0]} and the {gaps[0][1]} are neighbours in a run"
        pairs = list(zip(letters, points, strict=True))
        numbers = [letter for letter, _ in pairs if letter.isdigit()]
        if numbers and all(value == int(letter) for letter, value in pairs if letter.isdigit()):
            costs = [f"{letter} {value}" for letter, value in pairs if not letter.isdigit()]
            where = 1 if not pairs[0][0].isdigit() else 0
            costs.insert(where, f"{numbers[0]} to {numbers[-1]} their number")
        else:
            costs = [f"{letter} {value}" for letter, value in pairs]
        return f"{text}. An unmatched card costs its points: {', '.join(costs)}."

    def summary(self, state: Chinchon) -> list[str]:
        over = state.is_terminal
        hands = state.hands_played
        if over:
            heading = "Final scores"
        elif hands:
            heading = f"Scores after {hands} hand{'s' * (hands != 1)}"
        else:
            heading = "Scores (no hand has been played to the end yet)"
        lines = ["", self.terminal.paint(heading, "title")]
        width = max(map(len, self.names))
        for seat, total in enumerate(state.totals):
            notes = []
            if seat in state.winners:
                notes.append("wins")
            elif state.out[seat]:
                notes.append("out")
            used = state.reentries_used[seat]
            if used:
                notes.append("re-entered once" if used == 1 else f"re-entered {used} times")
            name = self.terminal.paint(self.names[seat].ljust(width), "name")
            lines.append(f"  {name}  {total:>5}  {', '.join(notes)}".rstrip())
        if over:
            lines.append(self._winners_line(state.winners, state.last_hand))
            lines.append(f"{hands} hand{'s' * (hands != 1)} played.")
        return lines

    def _winners_line(self, winners: Sequence[int], last: HandResult | None) -> str:
        chinchon = last is not None and last.chinchon
        if len(winners) == 1:
            seat = winners[0]
            how = " with a chinchón" if chinchon else ""
            if seat == self.human:
                return self.terminal.paint(f"You win the game{how}!", "good")
            return f"{self.name(seat)} wins the game{how}."
        names = " and ".join(self.name(seat) for seat in winners)
        return f"{names} share the win (equal lowest totals, nobody left in)."

    # --- the table -----------------------------------------------------------------------

    def show_table(self, view: ChinchonView) -> list[str]:
        if view.reentry_total is not None:
            return [self._totals_line(view)]
        if not view.must_draw:
            return self.hand_lines(view)
        return self._table_lines(view)

    def move_label(self, action: ChinchonAction) -> str | None:
        """A discard or a close names its card as the table's cards do (``discard 4♠``)."""
        if isinstance(action, Discard | Close) and not action.card.is_joker:
            notation = self.rules.notation
            card = action.card
            assert card.rank is not None and card.suit is not None
            symbol = notation.suit_symbols.get(card.suit) or notation.suit_letters[card.suit]
            name = notation.rank_letters[card.rank] + symbol
            return f"discard {name}" if isinstance(action, Discard) else f"close with {name}"
        return None

    def zones(self, view: ChinchonView, legal: Sequence[ChinchonAction]) -> list[Zone]:
        from pnp.table.zones_chinchon import chinchon_zones

        return chinchon_zones(self, view, legal)

    def scores(self, view: ChinchonView) -> list[Score]:
        from pnp.table.zones_chinchon import chinchon_scores

        return chinchon_scores(self, view)

    def resumed_table(self, view: ChinchonView) -> list[str]:
        """The whole table (totals, stock, discard pile, your hand), whatever the moment."""
        if view.reentry_total is not None:
            return [self._totals_line(view)]
        return self._table_lines(view)

    def _table_lines(self, view: ChinchonView) -> list[str]:
        heading = f"── Hand {self.hand_number} · turn {view.turns_this_hand + 1} "
        lines = ["", self.terminal.paint(rule(heading, 40), "dim")]
        lines.append(self._totals_line(view))
        top = self.card(view.top_discard) if view.top_discard is not None else "none"
        lines.append(
            f"Stock: {_count(view.stock_size, 'card')} · "
            f"Discard pile: {_count(len(view.discard_pile), 'card')}, {top} on top"
        )
        seen = [
            f"{self.name(seat)} {self.cards(cards)}"
            for seat, cards in enumerate(view.picked_up)
            if cards and seat != view.player
        ]
        if seen:
            lines += wrap("Taken from the discard pile and still held: " + " · ".join(seen))
        return lines + self.hand_lines(view)

    def _totals_line(self, view: ChinchonView) -> str:
        parts = []
        for seat, total in enumerate(view.totals):
            out = " (out)" if view.out[seat] else ""
            parts.append(f"{self.name(seat)} {total}{out}")
        return "\n".join(wrap(f"Totals: {' · '.join(parts)} (out above {view.limit})"))

    # --- narration -----------------------------------------------------------------------

    def narrate(
        self, before: ChinchonView, action: ChinchonAction, after: ChinchonView
    ) -> list[str]:
        seat = action.player
        name = self.name(seat)
        you = seat == self.human
        sees = seat == before.player
        lines: list[str] = []
        quiet = self.condense and before.out[self.human] and after.out[self.human]
        if isinstance(action, DrawStock):
            if before.stock_size == 0:
                lines += wrap(
                    "The stock is used up: the discard pile under its top card is shuffled "
                    "into a new stock."
                )
            drawn = Counter(after.hand) - Counter(before.hand) if sees else Counter()
            what = f" {self.card(next(iter(drawn)))}" if drawn else ""
            if you:
                lines.append(f"You draw{what} from the stock.")
            else:
                self.pending = f"{name} draws{what} from the stock"
        elif isinstance(action, TakeDiscard):
            taken = self.card(before.top_discard) if before.top_discard is not None else "a card"
            if you:
                lines.append(f"You take {taken} from the discard pile.")
            else:
                self.pending = f"{name} takes {taken} from the discard pile"
        elif isinstance(action, Discard):
            lines += wrap(
                self._then(name, you, f"discard{'s' * (not you)} {self.card(action.card)}")
            )
        elif isinstance(action, Close):
            down = self.card(action.card) if sees else "a card"
            closes = "close" if you else "closes"
            lines += wrap(self._then(name, you, f"{closes}, putting {down} face down"))
        elif isinstance(action, Reenter):
            lines.append(
                f"{name} {self.verb(seat, 're-enter', 're-enters')} the game "
                f"with {after.totals[seat]} points."
            )
        elif isinstance(action, StayOut):
            lines.append(f"{name} {self.verb(seat, 'stay', 'stays')} out.")
        if quiet and isinstance(action, DrawStock | TakeDiscard | Discard):
            lines = []
        hand_over = after.last_hand is not None and after.last_hand is not before.last_hand
        if after.last_hand is not None and hand_over:
            lines += self._hand_over(after.last_hand, after)
        dealt = (hand_over or isinstance(action, Reenter | StayOut)) and (
            not after.winners and after.reentry_total is None
        )
        if (
            after.out[self.human]
            and after.reentry_total is None
            and not after.winners
            and (not before.out[self.human] or before.reentry_total is not None)
        ):
            lines += wrap(
                "You are out of the game. The bots play on; you will see how each hand ends."
            )
        if dealt:
            self.hand_number += 1
            lines.append(self._deal_line(after.dealer, after.current_player))
        return lines

    def _then(self, name: str, you: bool, verb_phrase: str) -> str:
        """A bot's held-back draw joined to what it does next, as one sentence."""
        pending, self.pending = self.pending, None
        if pending is not None and not you:
            return f"{pending} and {verb_phrase}."
        return f"{name} {verb_phrase}."

    def _hand_over(self, result: HandResult, after: ChinchonView) -> list[str]:
        self.hold = True  # the result is read before the next table scrolls it away
        lines = [self.terminal.paint(f"── Hand {self.hand_number} is over", "title")]
        if result.closer is None:
            lines += wrap(
                "Nobody closed within the turn limit: everyone scores the cards they cannot meld."
            )
        for shown in result.shown:
            text = self._shown(shown, result)
            lines += wrap(text)
        if result.chinchon:
            return lines
        parts = []
        for seat, total in enumerate(after.totals):
            played = any(shown.player == seat for shown in result.shown)
            change = f" ({result.score_of(seat):+d})" if played else ""
            out = " out" if after.out[seat] else ""
            parts.append(f"{self.name(seat)} {total}{change}{out}")
        lines += wrap(f"Totals: {' · '.join(parts)}")
        for seat in result.went_out:
            goes = self.verb(seat, "go", "goes")
            lines.append(f"{self.name(seat)} {goes} out with {after.totals[seat]} points.")
        if after.reentry_total is not None and not after.winners:
            lines += wrap(
                f"A player who has just gone out may re-enter at {after.reentry_total} points, "
                "the highest total still in."
            )
        return lines

    def _shown(self, shown: ShownHand, result: HandResult) -> str:
        seat = shown.player
        name = self.name(seat)
        melds = " ".join(self.meld(meld) for meld in shown.melds)
        if seat == result.closer:
            if result.chinchon:
                return f"{name} {self.verb(seat, 'close', 'closes')} with a chinchón: {melds}!"
            shows = f"{name} {self.verb(seat, 'show', 'shows')} {melds}"
            if shown.unmatched:
                left = self.cards(shown.unmatched)
                return f"{shows} with {left} left over: {points_text(shown.score)}."
            if shown.score < -10:
                return f"{shows}: a seven-card run with wild cards scores {shown.score}."
            return f"{shows}: all seven matched, {shown.score}."
        parts = [
            f"{name} {self.verb(seat, 'show', 'shows')} {melds}"
            if melds
            else f"{name} {self.verb(seat, 'have', 'has')} no meld"
        ]
        for lay_off in shown.lay_offs:
            lays = self.verb(seat, "lay", "lays")
            parts.append(f"{lays} off {self.cards(lay_off.cards)} onto {self.meld(lay_off.meld)}")
        if shown.unmatched:
            left = self.verb(seat, "are left with", "is left with")
            parts.append(f"{left} {self.cards(shown.unmatched)}")
        else:
            parts.append(f"{self.verb(seat, 'have', 'has')} nothing left")
        text = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
        return f"{text}: {points_text(shown.score)}."
