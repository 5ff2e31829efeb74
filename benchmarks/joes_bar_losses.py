"""Where a Joe's Bar heuristic bot loses against random play: a study of its games.

Plays 4-player games of one heuristic personality against three random bots (game seed
40,000 + i and the heuristic in seat i mod 4, as ``benchmarks/joes_bar_bots.py`` seeds
its strength figures; the random bots draw from a generator seeded with i, so the games
are not the same ones), and prints:

1. its share of wins (95% Wilson interval), split by whether it lost a patron;
2. the rounds in which its patrons were knocked out;
3. a round on average, the heuristic beside a random seat: HITs counted, BL lost in the
   End phase, BL lost during the round to failed last-resort draws and to poison (or
   the sand timer), BL drunk back, how often the round ended with it out, and the
   End-phase bill (0, 1 or 2 BL);
4. where the attacks aimed at it came from, a game on average: a turn's opening attack,
   a hit-back to one of its own attacks (compulsory on a first hit, or chosen), a HIT
   dodged on to it, or another answer that picked it;
5. its share of wins by the patron it was dealt first (95% Wilson intervals), and how
   often it lost a patron with each;
6. the games it did not win outright: by how many points the best other player finished
   ahead, how many of those level on points it lost on the tie-break (more HITs in front)
   or shared, and how many ended with every player one patron down.

Run by hand: ``.venv/bin/python benchmarks/joes_bar_losses.py [--games N] [--bot NAME]``.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter, defaultdict
from pathlib import Path

from bots.core.stats import percent, proportion
from bots.games.joes_bar import CardData, Dodge, Fling, Hit, JoesBar, Slip
from bots.games.joes_bar.bots import STYLES, HeuristicPlayer
from pnp.catalog import load_catalog
from pnp.registry import load_game

CARDS = Path(__file__).resolve().parents[1] / "cards"
PLAYERS = 4


def study(data: CardData, games: int, style: str) -> tuple[defaultdict[str, float], Counter[str]]:
    """Per-game and per-round tallies of ``games`` games (see the module docstring)."""
    game: defaultdict[str, float] = defaultdict(float)  # a shared win counts a part
    rounds: Counter[str] = Counter()
    for number in range(games):
        seat = number % PLAYERS
        bot = HeuristicPlayer(data, style, number * 8 + seat)
        state = JoesBar.new(data, 40_000 + number, {"players": PLAYERS})
        first_patron = state.view(seat).seats[seat].patron
        patron = first_patron.name if first_patron is not None else "none"
        rng = random.Random(number)
        while not state.is_terminal:
            player = state.current_player
            assert player is not None
            legal = state.legal_actions()
            view = state.view(player)
            action = bot.choose(view, legal, rng) if player == seat else rng.choice(legal)
            before, out_before, records = list(state.booze), list(state.out), len(state.records)
            incoming, phase = state.attack, state.phase
            first = not state.hit[player]
            state.apply(action)
            if len(state.records) > records:
                _count_round(rounds, state, seat, out_before)
                continue
            _count_booze(rounds, state, seat, before, out_before)
            attack = state.attack
            if attack is not None and attack.target == seat and attack is not incoming:
                game[_source(action, phase, incoming, seat, first)] += 1
        won = state.returns()[seat]
        lost = bool(state.lost[seat])
        game["won"] += won
        game["lost a patron"] += lost
        game["won, having lost a patron"] += won if lost else 0.0
        game[f"patron {patron}: games"] += 1
        game[f"patron {patron}: won"] += won
        game[f"patron {patron}: lost a patron"] += lost
        for record in state.records:
            if seat in record.knocked_out:
                game[f"knocked out in round {record.number}"] += 1
        if won < 1:
            _count_loss(game, state, seat, won)
    return game, rounds


def _count_loss(game: defaultdict[str, float], state: JoesBar, seat: int, won: float) -> None:
    standings = state.final_standings
    behind = max(value for other, value in enumerate(standings) if other != seat)
    behind -= standings[seat]
    game["not won"] += 1
    game[f"not won, behind by {min(behind, 5)}"] += 1
    if behind == 0:
        game["level, shared" if won else "level, lost on the tie-break"] += 1
    if all(len(lost) == 1 for lost in state.lost):
        game["not won, every player one patron down"] += 1


def _count_round(rounds: Counter[str], state: JoesBar, seat: int, out: list[bool]) -> None:
    record = state.records[-1]
    for player in range(PLAYERS):
        who = "heuristic" if player == seat else "random"
        rounds[f"{who} rounds"] += 1
        rounds[f"{who} HITs counted"] += record.hits[player]
        rounds[f"{who} BL lost in the End phase"] += record.lost[player]
        rounds[f"{who} bill {record.lost[player]}"] += 1
        rounds[f"{who} out for the round"] += out[player]


def _count_booze(
    rounds: Counter[str], state: JoesBar, seat: int, before: list[int], out: list[bool]
) -> None:
    for player in range(PLAYERS):
        change = state.booze[player] - before[player]
        if not change:
            continue
        who = "heuristic" if player == seat else "random"
        if change > 0:
            rounds[f"{who} BL drunk back"] += change
        elif state.out[player] and not out[player]:
            rounds[f"{who} BL lost to a failed last-resort draw"] -= change
        else:
            rounds[f"{who} BL lost to poison or the timer"] -= change


def _source(action: object, phase: str, incoming: object, seat: int, first: bool) -> str:
    if isinstance(action, Dodge | Slip):
        return "attacks dodged on to it"
    if isinstance(action, Hit | Fling):
        if phase == "turn":
            return "attacks opening a turn's chain"
        if getattr(incoming, "attacker", None) == seat:
            return "hit-backs, compulsory" if first else "hit-backs, chosen"
        return "answers that picked it"
    return f"attacks after a {type(action).__name__}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games to play")
    parser.add_argument("--bot", choices=sorted(STYLES), default="cautious")
    options = parser.parse_args()
    data: CardData = load_game(load_catalog(CARDS).game("joes-bar")).data
    games = options.games
    game, rounds = study(data, games, options.bot)
    won = game["won"]
    lost = game["lost a patron"]
    print(f"{options.bot} against three random bots, {games} 4-player games:")
    print(f"1. won {percent(proportion(won, games), 1)}, a 95% interval in brackets")
    print(f"   lost a patron in {lost / games:.1%} of games; won {_share(game, lost)} of those")
    print(f"   and {_share(game, games - lost, alive=True)} of the games it kept its patron")
    print("2. its knockouts by round:", _by_round(game))
    print("3. a round on average:          heuristic   random")
    for name in (
        "HITs counted",
        "BL lost in the End phase",
        "BL lost to a failed last-resort draw",
        "BL lost to poison or the timer",
        "BL drunk back",
        "out for the round",
        "bill 0",
        "bill 1",
        "bill 2",
    ):
        mine = rounds[f"heuristic {name}"] / max(1, rounds["heuristic rounds"])
        theirs = rounds[f"random {name}"] / max(1, rounds["random rounds"])
        print(f"   {name:37} {mine:5.2f}   {theirs:6.2f}")
    print("4. attacks aimed at it, a game on average:")
    for name, count in sorted(game.items(), key=lambda item: -item[1]):
        if name.startswith(("attacks", "hit-backs", "answers")):
            print(f"   {name:37} {count / games:5.2f}")
    print("5. by the patron it was dealt first:")
    patrons = sorted(key[7:-7] for key in game if key.startswith("patron ") and "games" in key)
    for name in sorted(
        patrons, key=lambda name: -game[f"patron {name}: won"] / game[f"patron {name}: games"]
    ):
        played = game[f"patron {name}: games"]
        share = percent(proportion(game[f"patron {name}: won"], int(played)), 1)
        lost_share = game[f"patron {name}: lost a patron"] / played
        print(f"   {name:15} won {share}; lost a patron in {lost_share:.0%}")
    _print_losses(game)


def _print_losses(game: defaultdict[str, float]) -> None:
    lost = game["not won"]
    print(f"6. the {lost:.0f} games it did not win outright, by the points it finished behind:")
    gaps = ", ".join(
        f"{label}: {game[f'not won, behind by {gap}'] / max(1, lost):.0%}"
        for gap, label in ((0, "level"), (1, "1"), (2, "2"), (3, "3"), (4, "4"), (5, "5 or more"))
    )
    print(f"   {gaps}")
    print(
        f"   level on points: lost on the tie-break {game['level, lost on the tie-break']:.0f}, "
        f"shared {game['level, shared']:.0f}; every player one patron down: "
        f"{game['not won, every player one patron down'] / max(1, lost):.0%}"
    )


def _share(game: defaultdict[str, float], games: float, alive: bool = False) -> str:
    if not games:
        return "none"
    won = (
        game["won"] - game["won, having lost a patron"]
        if alive
        else game["won, having lost a patron"]
    )
    return f"{won / games:.1%}"


def _by_round(game: defaultdict[str, float]) -> str:
    rounds = sorted(int(key.rsplit(" ", 1)[1]) for key in game if key.startswith("knocked"))
    return ", ".join(f"round {r}: {game[f'knocked out in round {r}']:.0f}" for r in rounds)


if __name__ == "__main__":
    main()
