"""Chinchón at the terminal: the front end of ``pnp play chinchon``.

The human draws with ``s`` (stock) or ``d`` (the top discard), discards by
position (1-8, as shown above the hand) or by name (``QH``, ``Q♥``, ``qh``),
and closes with ``close CARD`` (the card put face down), after seeing the
melds they would show and the score. ``arrange`` shows the best arrangement of
the hand, ``sort`` switches between rank and suit order, ``table`` and
``pile`` show the table and the whole discard pile.

Bots are told as a person at the table sees them: "Ana draws from the stock
and discards K♠", "Ben takes 7♥ from the discard pile and discards 2♣",
"Carla closes, putting a card face down". After a close every hand is shown
with its melds, the cards laid off (onto which meld) and the score, then the
totals. Once the human is out for good, only the end of each hand is told.

``--level`` picks the bots' level (``bots.games.chinchon.bots``): easy, medium
(the default) or hard.
"""

from __future__ import annotations

from collections.abc import Sequence

from bots.games.chinchon import (
    Arrangement,
    Card,
    CardNotationError,
    ChinchonAction,
    ChinchonView,
    Close,
    Discard,
    DrawStock,
    PointsTable,
    Reenter,
    StayOut,
    TakeDiscard,
    closing_arrangement,
    parse_card,
)
from bots.games.chinchon.cards import without
from bots.games.chinchon.scoring import closer_score
from pnp.play.chinchon_table import ChinchonTable, points_text
from pnp.play.front import Asker, BadInput, Command
from pnp.play.terminal import wrap

__all__ = ["ChinchonFront"]

_STOCK_WORDS = frozenset({"s", "stock", "draw"})
_TAKE_WORDS = frozenset({"d", "t", "take", "discard", "pile"})
_CLOSE_WORDS = frozenset({"close", "c"})


class ChinchonFront(ChinchonTable):
    """Chinchón's front end (see the module docstring)."""

    game_id = "chinchon"
    title = "Chinchón"
    default_players = 3

    def commands(self, view: ChinchonView) -> list[Command]:
        def arrange() -> list[str]:
            arrangement = PointsTable.for_rules(self.rules).arrangement(view.hand)
            return wrap(f"Your best arrangement: {self._arrangement(arrangement)}")

        def sort() -> list[str]:
            self.by_suit = not self.by_suit
            return self.hand_lines(view)

        def pile() -> list[str]:
            pile = view.discard_pile
            return wrap(f"The discard pile, bottom to top: {self.cards(pile) or 'empty'}")

        return [
            Command("arrange", "show the best arrangement of your hand", arrange),
            Command("sort", "sort your hand by suit or by rank", sort),
            Command("table", "show the table again", lambda: self._table_lines(view)),
            Command("pile", "show the whole discard pile", pile),
        ]

    def _arrangement(self, arrangement: Arrangement) -> str:
        parts = [self.meld(meld) for meld in arrangement.melds]
        if arrangement.unmatched:
            parts.append(f"unmatched {self.cards(arrangement.unmatched)}")
        shown = " ".join(parts) if parts else "nothing"
        return f"{shown} ({points_text(arrangement.points)} unmatched)"

    # --- the human's turn ----------------------------------------------------------------

    def human_turn(
        self, asker: Asker, view: ChinchonView, legal: Sequence[ChinchonAction]
    ) -> ChinchonAction:
        seat = view.player
        kinds = {type(action) for action in legal}
        if Reenter in kinds:
            total = view.totals[seat]
            again = view.reentry_total
            help_lines = [
                f"Re-entering puts you back in the game with {again} points, the highest "
                "total of the players still in; staying out ends your game.",
            ]
            prompt = f"You are out with {total} points. Re-enter at {again} points? (y/n)"
            wants = asker.ask_yes_no(prompt, help_lines)
            return Reenter(seat) if wants else StayOut(seat)
        if view.must_draw:
            return self._draw(asker, view, DrawStock in kinds)
        return self._discard(asker, view, [a for a in legal if isinstance(a, Close)])

    def _draw(self, asker: Asker, view: ChinchonView, can_draw: bool) -> ChinchonAction:
        seat = view.player
        top = self.card(view.top_discard) if view.top_discard is not None else "nothing"
        choices = f"take {top} (d)"
        if can_draw:
            choices = f"Draw from the stock (s) or {choices}"
        help_lines = [
            "Start your turn by taking one card: s (or stock) draws the top card of the stock,",
            f"d (or take) takes {top}, the top card of the discard pile, for everyone to see.",
        ]

        def parse(text: str) -> ChinchonAction:
            word = text.lower()
            action: ChinchonAction
            if word in _STOCK_WORDS:
                action = DrawStock(seat)
            elif word in _TAKE_WORDS:
                action = TakeDiscard(seat)
            else:
                raise BadInput(
                    f"{text!r} is not a choice here: type s to draw from the stock or d to "
                    f"take {top} from the discard pile."
                )
            problem = asker.why_not(action)
            if problem is not None:
                raise BadInput(problem)
            return action

        return asker.ask(f"{choices[0].upper()}{choices[1:]}?", parse, help_lines)

    def _discard(self, asker: Asker, view: ChinchonView, closes: Sequence[Close]) -> ChinchonAction:
        seat = view.player
        count = len(view.hand)
        if closes:
            asker.tell([self.terminal.paint("You can close now: type close to see how.", "good")])
        help_lines = [
            f"End your turn by discarding one card: type its position (1-{count}) or its name",
            "(QH, Q♥ and qh are the queen of hearts).",
            "To close instead, type close and the card to put face down (close 3, close QH);",
            "close alone shows whether and how you can close.",
        ]

        def parse(text: str) -> ChinchonAction:
            first, _, rest = text.partition(" ")
            if first.lower() in _CLOSE_WORDS:
                return self._close(asker, view, closes, rest.strip())
            if first.lower() == "discard" and rest.strip():
                text = rest.strip()
            if text.lower() in _STOCK_WORDS | _TAKE_WORDS - {"discard"}:
                raise BadInput(
                    f"You have drawn already: now discard one card (1-{count} or a name like "
                    "QH) or close."
                )
            action = Discard(seat, self._card_in_hand(text, view))
            problem = asker.why_not(action)
            if problem is not None:
                raise BadInput(problem)
            return action

        prompt = f"Discard which card (1-{count} or a name{', or close' if closes else ''})?"
        return asker.ask(prompt, parse, help_lines)

    def _close(
        self, asker: Asker, view: ChinchonView, closes: Sequence[Close], text: str
    ) -> ChinchonAction:
        seat = view.player
        if not text:
            raise BadInput("\n".join(self._close_options(asker, view, closes)))
        card = self._card_in_hand(text, view)
        action = Close(seat, card)
        problem = asker.why_not(action)
        if problem is not None:
            raise BadInput(problem)
        asker.tell(self._close_preview(view, card))
        if asker.ask_yes_no("Close? (y/n)"):
            return action
        raise BadInput("You do not close. Choose a card to discard.")

    def _close_preview(self, view: ChinchonView, card: Card) -> list[str]:
        arrangement = closing_arrangement(without(view.hand, card), self.rules, self.five_points)
        score = closer_score(arrangement, self.rules)
        melds = " ".join(self.meld(meld) for meld in arrangement.melds)
        if arrangement.is_chinchon:
            result = "That is a chinchón: you win the game at once!"
        elif arrangement.unmatched:
            left = self.cards(arrangement.unmatched)
            result = f"You keep {left} unmatched and score {points_text(score)} for this hand."
        elif score < -10:
            result = f"A seven-card run with wild cards: you score {score}."
        else:
            result = "All seven cards are matched: you score -10."
        return wrap(
            f"Putting {self.card(card)} face down, you show {melds}. {result} Then everyone "
            "else shows their hand and lays off what they can onto the melds."
        )

    def _close_options(
        self, asker: Asker, view: ChinchonView, closes: Sequence[Close]
    ) -> list[str]:
        if not closes:
            any_card = Close(view.player, view.hand[0])
            problem = asker.why_not(any_card)
            rule = (
                "keep seven cards whose unmatched cards total 5 or less"
                if self.five_points
                else "keep seven cards that are all in melds, or all but one card worth 4 or less"
            )
            if problem is not None and "first round" in problem:
                return ["You cannot close yet: nobody may close during the first round of a hand."]
            return wrap(f"You cannot close with this hand: to close, {rule}.")
        lines = ["You can close by putting one of these face down:"]
        for close in closes:
            arrangement = closing_arrangement(
                without(view.hand, close.card), self.rules, self.five_points
            )
            score = closer_score(arrangement, self.rules)
            melds = " ".join(self.meld(meld) for meld in arrangement.melds)
            left = f" | {self.cards(arrangement.unmatched)}" if arrangement.unmatched else ""
            lines += wrap(f"close {self.card(close.card)}: {melds}{left}, score {score}", "  ")
        return lines

    def _card_in_hand(self, text: str, view: ChinchonView) -> Card:
        count = len(self.shown) or len(view.hand)
        hint = f"Type a position from 1 to {count} or a card like QH, Q♥ or qh."
        if text.isdigit():
            position = int(text)
            if not 1 <= position <= len(self.shown):
                raise BadInput(f"There is no card {position} in your hand. {hint}")
            return self.shown[position - 1]
        try:
            card = parse_card(text, self.rules)
        except CardNotationError as error:
            raise BadInput(f"{error}. {hint}") from None
        if card not in view.hand:
            raise BadInput(f"{self.card(card)} is not in your hand. {hint}")
        return card
