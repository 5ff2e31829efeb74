"""What a Chinchón player has seen the others do this hand, read from its own views.

A bot is shown the table only on its own turns. Between two of them every
other player still in has one turn: they take the top discard or draw from
the stock, then discard. :class:`TableReading` compares the discard pile and
the cards each player was seen taking with what they were after its own
discard, and works out, for each other player, the top discards they let lie
(they drew from the stock instead) and the cards they discarded. A player who
let a card lie, or discarded it, most likely held nothing it made a meld with
(:func:`~bots.games.chinchon.worlds.deal_likely` uses that). When the pile does not
add up (the stock was rebuilt from it, or the bot missed a turn) it reads
nothing for that stretch.

>>> reading = TableReading()
>>> reading.declined, reading.discarded
((), ())
"""

from __future__ import annotations

from collections.abc import Sequence

from bots.games.chinchon.cards import Card
from bots.games.chinchon.records import ChinchonView


class TableReading:
    """The top discards each player let lie and the cards each discarded, this hand."""

    def __init__(self) -> None:
        #: For each seat, the top discards it let lie this hand.
        self.declined: tuple[tuple[Card, ...], ...] = ()
        #: For each seat, the cards it discarded this hand.
        self.discarded: tuple[tuple[Card, ...], ...] = ()
        self._watching = False
        #: How the hand before this one ended (a new one means a new hand).
        self._last_hand: object = None
        #: The pile, the cards each seat was seen taking and the turn, after its discard.
        self._after: tuple[list[Card], tuple[tuple[Card, ...], ...], int] | None = None

    def watch(self, view: ChinchonView) -> None:
        """Read what happened since the bot's last discard (call it at every turn of the
        bot's, before it draws)."""
        seats = len(view.totals)
        after = self._after
        self._after = None
        if (
            not self._watching
            or view.last_hand is not self._last_hand
            or len(self.declined) != seats
            or (after is not None and view.turns_this_hand < after[2])
        ):
            self._watching = True
            self._last_hand = view.last_hand
            self.declined = ((),) * seats
            self.discarded = ((),) * seats
            self._read_first_round(view)
            return
        if after is None:
            return
        pile, picked, turn = after
        between = _seats_after(view, view.player)
        if view.turns_this_hand == turn + len(between):
            self._replay(view, pile, picked, between)

    def after_discard(self, view: ChinchonView, card: Card) -> None:
        """Remember the table as it is once the bot discards ``card`` (``view`` is the
        view it discarded from)."""
        self._after = ([*view.discard_pile, card], view.picked_up, view.turns_this_hand + 1)

    def _read_first_round(self, view: ChinchonView) -> None:
        """The turns before the bot's first of the hand, from the one card the pile began with."""
        order = [*_seats_after(view, view.dealer), view.dealer]
        if view.player not in order:
            return
        before = order[: order.index(view.player)]
        if not before or len(before) != view.turns_this_hand or not view.picked_up:
            return
        first_take = _new_card((), view.picked_up[before[0]])
        if first_take is not None:
            start = [first_take]
        elif view.discard_pile:
            start = [view.discard_pile[0]]
        else:
            return
        self._replay(view, start, ((),) * len(view.totals), before)

    def _replay(
        self,
        view: ChinchonView,
        pile: list[Card],
        picked_before: Sequence[tuple[Card, ...]],
        between: list[int],
    ) -> None:
        """Play the turns of ``between`` on ``pile``; record them if they end in the pile
        the view shows."""
        now = view.discard_pile
        if not view.picked_up or len(picked_before) != len(view.picked_up):
            return
        took = [_new_card(picked_before[seat], view.picked_up[seat]) for seat in between]
        declined: list[tuple[int, Card]] = []
        discarded: list[tuple[int, Card]] = []
        for place, seat in enumerate(between):
            taken = took[place]
            if taken is not None:
                if not pile or pile[-1] is not taken:
                    return
                pile.pop()
            elif pile:
                declined.append((seat, pile[-1]))
            following = took[place + 1] if place + 1 < len(between) else None
            if following is not None:
                card = following
            elif len(pile) < len(now):
                card = now[len(pile)]
            else:
                return
            pile.append(card)
            discarded.append((seat, card))
        if tuple(pile) != now:
            return
        lied = [list(cards) for cards in self.declined]
        thrown = [list(cards) for cards in self.discarded]
        for seat, card in declined:
            lied[seat].append(card)
        for seat, card in discarded:
            thrown[seat].append(card)
        self.declined = tuple(tuple(cards) for cards in lied)
        self.discarded = tuple(tuple(cards) for cards in thrown)


def _seats_after(view: ChinchonView, seat: int) -> list[int]:
    """The seats still in after ``seat``, in turn order, up to (not including) ``seat``."""
    seats = len(view.out)
    return [
        (seat + step) % seats for step in range(1, seats) if not view.out[(seat + step) % seats]
    ]


def _new_card(before: tuple[Card, ...], now: tuple[Card, ...]) -> Card | None:
    """The one card in ``now`` that is not in ``before`` (``None`` if none; the last if more)."""
    rest = list(before)
    found: Card | None = None
    for card in now:
        if card in rest:
            rest.remove(card)
        else:
            found = card
    return found
