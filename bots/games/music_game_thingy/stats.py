"""The figures of one finished game that a playtest adds up (plain JSON-able data).

:func:`game_figures` reads them from the state's public record of the game
(its money ledger, the card tallies, the signings and Tour bookings, the
financial order of each month, the final scores), for ``pnp verify`` (through
the adapter's ``extra``) and for the benchmarks:

* ``money``: each label's final money; ``margin``: the winner's lead over the
  best other label under the victory condition's money; ``in_debt``: labels
  that end below zero;
* ``sources``: the money of every kind that changed hands (revenue of records,
  Venues and Tours, fees, prices paid for Artists, tax, damages, fines, trades,
  the final Fame and Sports Car payments); ``sources_net``: what the labels
  together gained by each (below zero: paid);
* ``won``: each label's share of the win;
* ``cards``: per Action card and Tour: plays, money and Fame they brought
  (money of a helper is the part of the roll it added; Disaster and Sabotage:
  damages; an Artist's money is minus its price);
* ``signings``: per Fame at signing ``[signings, total price, total years]``,
  and Artists signed per label;
* ``rich_bastard_won``: whether the label first in the financial order in the
  last month won (a share); ``opening_rich_bastard_won`` the same for the order
  after the opening auction, ``january_rich_bastard_won`` for each year's order;
* ``tour_repeats``: bookings of a Tour by the label that had it last, out of
  bookings after the first of each Tour.

>>> from bots.core import play_game
>>> from pnp.catalog import load_catalog
>>> from bots.games.music_game_thingy import MusicGameThingy
>>> from bots.games.music_game_thingy.bots import HeuristicPlayer
>>> rules = MusicGameThingy.data_from(load_catalog("cards").game("music-game-thingy"))
>>> state = play_game(
...     MusicGameThingy.new(rules, 2, {"players": 3}),
...     [HeuristicPlayer(rules, "shrewd", seat) for seat in range(3)],
... )
>>> figures = game_figures(state)
>>> len(figures["money"]), sum(figures["rich_bastard_won"]) <= 1
(3, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bots.games.music_game_thingy.engine import MusicGameThingy

#: Kinds of money in the ledger that are revenue from an activity.
REVENUE = ("single", "ep", "album", "double-album", "venue", "tours")


def game_figures(state: MusicGameThingy) -> dict[str, Any]:
    """The figures of a finished game (see the module docstring)."""
    if not state.is_terminal:
        raise ValueError("only a finished game has figures")
    money = [score.money for score in state.final]
    ranked = sorted(money, reverse=True)
    margin = ranked[0] - ranked[1] if len(ranked) > 1 else 0
    cards = {
        key: [tally.plays, tally.money, tally.fame]
        for key, tally in sorted(state.tallies.items())
        if state.rules.is_card(key) or state.rules.is_tour(key)
    }
    by_fame: dict[str, list[int]] = {}
    per_label = [0] * state.players
    for label, _artist, fame, years, price, _auction in state.signings:
        entry = by_fame.setdefault(str(fame), [0, 0, 0])
        entry[0] += 1
        entry[1] += price
        entry[2] += years
        per_label[label] += 1
    last_rich = state.rich_bastards[-1] if state.rich_bastards else 0
    first_rich = state.rich_bastards[0] if state.rich_bastards else 0
    won = state.returns()
    repeats = [0, 0]
    last_label: dict[str, int] = {}
    for _month, tour, label in state.bookings:
        if tour in last_label:
            repeats[1] += 1
            repeats[0] += last_label[tour] == label
        last_label[tour] = label
    return {
        "money": money,
        "margin": margin,
        "in_debt": sum(1 for amount in money if amount < 0),
        "sources": dict(sorted(state.money_by.items())),
        "sources_net": _net(state),
        "won": list(won),
        "cards": cards,
        "signings_by_fame": by_fame,
        "signings_per_label": per_label,
        "rich_bastard_won": [won[last_rich]],
        "opening_rich_bastard_won": [won[first_rich]],
        "january_rich_bastard_won": [
            won[seat] for seat in state.rich_bastards[:: len(state.rules.months)]
        ],
        "tour_repeats": repeats,
        "tour_revenue_by_label": _tour_revenue(state),
    }


def _net(state: MusicGameThingy) -> dict[str, int]:
    """What the labels together gained (or paid, below zero) by each kind of money."""
    total: dict[str, int] = {}
    for book in state.ledger:
        for kind, amount in book.items():
            total[kind] = total.get(kind, 0) + amount
    return dict(sorted(total.items()))


def _tour_revenue(state: MusicGameThingy) -> list[int]:
    """Each label's revenue from Tours, less the fees it paid."""
    return [book.get("tours", 0) + book.get("tour fees", 0) for book in state.ledger]
