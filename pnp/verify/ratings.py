"""Bot ratings: every bot of a game rated from games between them, with intervals.

A game's bots (``BotSpec``: random play, its levels and personalities) sit at
mixed tables: every line-up of distinct bots at the game's rating table size
(all orders, so that every bot sits in every seat), each played the same
number of seeded games with every check of ``pnp verify``. The finishing order
of each game (by the game's returns; ties share a place) updates a
Plackett-Luce rating per bot (the ``openskill`` package), game after game in
seed order, so the ladder is the same for a seed. Each bot's rating is shown
as ``mu`` with a 95% interval (``mu`` ± 1.96 ``sigma``), its share of wins
(Wilson interval), and for each pair of neighbouring rungs the stronger bot's
share of the games they both played in which it finished ahead (ties count
half), whose Wilson interval says whether the order is real.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import pairwise, permutations
from typing import TYPE_CHECKING, Any

from bots.core.verify import Table
from pnp.verify import stats
from pnp.verify.plan import play_tables

if TYPE_CHECKING:
    from pnp.registry import LoadedGame

#: Seats at a rating table, when the game allows it (else its nearest player count).
TABLE_SIZE = 3
#: Spread of a rating's 95% interval, in sigmas.
Z95 = 1.96


def lineups(bots: Sequence[str], players: int, games: int, seed: int) -> list[tuple[str, ...]]:
    """The line-ups to play: every order of ``players`` distinct bots, or, when there are
    more of them than games, a seeded sample of ``games`` of them."""
    every = list(permutations(bots, players))
    if len(every) <= games:
        return every
    return sorted(random.Random(f"ladder {seed}").sample(every, games))


def rating_players(game: LoadedGame) -> int:
    """The seats of the game's rating tables: :data:`TABLE_SIZE` within its player range,
    and no more than it has bots (so every seat holds a different bot)."""
    size = min(TABLE_SIZE, len(game.bots))
    return max(game.players.start, min(size, game.players.stop - 1))


def rate_bots(
    game: LoadedGame, games: int, seed: int, workers: int = 1, cluster: str | None = None
) -> dict[str, Any]:
    """The rating ladder of ``game``'s bots from about ``games`` games between them."""
    from openskill.models import PlackettLuce

    names = [spec.name for spec in game.bots]
    players = rating_players(game)
    if len(names) < players or players < 2:
        return {"games": 0, "players": players, "ladder": [], "neighbours": []}
    teams = lineups(names, players, games, seed)
    per_lineup = max(1, games // len(teams))
    params = (("players", players),)
    tables = [Table("ladder", players, params, "named", lineup) for lineup in teams]
    adapter = game.verify_adapter
    found = play_tables(
        {game.id: adapter}, {game.id: tables}, seed, workers, per_lineup, cluster=cluster
    )
    played = [
        (table.bots, outcome)
        for table in tables
        for outcome in found[(game.id, table.key)]
        if outcome.status == "ok"
    ]
    played.sort(key=lambda pair: (pair[1].seed, pair[0]))  # seed order: the same ladder
    model = PlackettLuce()
    ratings = {name: model.rating(name=name) for name in names}
    wins = dict.fromkeys(names, 0.0)
    appeared = dict.fromkeys(names, 0)
    ahead: dict[tuple[str, str], float] = {}
    met: dict[tuple[str, str], int] = {}
    for lineup, outcome in played:
        returns = outcome.returns
        ranks = [1.0 + sum(1 for other in returns if other > mine) for mine in returns]
        rated = model.rate([[ratings[name]] for name in lineup], ranks=ranks)
        for name, (rating,) in zip(lineup, rated, strict=True):
            ratings[name] = rating
        _tally(lineup, returns, wins, appeared, ahead, met)
    order = sorted(names, key=lambda name: (-ratings[name].mu, name))
    ladder = [
        {
            "bot": name,
            "mu": ratings[name].mu,
            "sigma": ratings[name].sigma,
            "low": ratings[name].mu - Z95 * ratings[name].sigma,
            "high": ratings[name].mu + Z95 * ratings[name].sigma,
            "wins": stats.proportion(wins[name], appeared[name]),
        }
        for name in order
    ]
    neighbours = []
    for stronger, weaker in pairwise(order):
        pair = (stronger, weaker)
        share = stats.proportion(ahead.get(pair, 0.0), met.get(pair, 0))
        real = share["value"] is not None and share["low"] > 0.5
        neighbours.append({"stronger": stronger, "weaker": weaker, "ahead": share, "real": real})
    return {
        "games": len(played),
        "players": players,
        "lineups": len(teams),
        "ladder": ladder,
        "neighbours": neighbours,
    }


def _tally(
    lineup: Sequence[str],
    returns: Sequence[float],
    wins: dict[str, float],
    appeared: dict[str, int],
    ahead: dict[tuple[str, str], float],
    met: dict[tuple[str, str], int],
) -> None:
    for seat, name in enumerate(lineup):
        wins[name] += returns[seat]
        appeared[name] += 1
        for other_seat, other in enumerate(lineup):
            if other_seat == seat:
                continue
            mine, theirs = returns[seat], returns[other_seat]
            ahead[(name, other)] = ahead.get((name, other), 0.0) + (
                1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
            )
            met[(name, other)] = met.get((name, other), 0) + 1


def default_bot(ladder: dict[str, Any]) -> str | None:
    """The bot ``pnp play`` should seat by default, read from a rating ladder
    (:func:`rate_bots`): the middle rung of the bots that play to win (random
    play left out; of two middle rungs, the weaker), so that a newcomer meets a
    fair opponent and has a stronger and a weaker level on either side. None
    when the ladder is empty."""
    rungs = [rung["bot"] for rung in ladder["ladder"] if rung["bot"] != "random"]
    if not rungs:
        return None
    return str(rungs[len(rungs) // 2])
