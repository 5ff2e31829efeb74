"""Benchmark and tuning figures for Chin Music: bot speed, bot strength, and how
the Bout deck plays with medium bots.

Prints, in order:

1. speed: complete 4-player games of medium heuristic bots per second on one core;
2. strength: the share of 3-player games a bot wins against two weaker players
   (medium against random, hard against medium, medium against easy), the
   stronger seat moving round the table from game to game;
3. tuning: for medium bots at each player count, fights won by stack size and by
   why they happened, fights on 3-5 card stacks against the 40-60 % target,
   wins by seat and by place in turn order from the first player against a
   fair share (target: none above 1.5 times), turns and bouts per game;
4. recall: for each level, the share of its recitations in play (3-player
   games of an easy, a medium and a hard bot) made without a slip, by stack
   size, with Wilson intervals, beside what its memory model promises (the
   design page quotes the medium bot's);
5. the call-out rule: the share of games one medium bot wins against medium
   bots when it calls out every mistake it notices, instead of letting one
   stand while the reciter is dealt the most and it has cards of its own in
   the stack, at 3 and 4 players, against a fair share.

``--bout FILE`` plays a candidate ``bout.yaml`` instead of the project's (it is
validated by the catalog like the real one), which is how the deck was tuned:
``.venv/bin/python benchmarks/chin_music_bots.py --bout /tmp/candidate.yaml``.
Run by hand: ``.venv/bin/python benchmarks/chin_music_bots.py [--games N]``.
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from project import CARDS, catalog

from bots.core import Player, RandomPlayer, play_game
from bots.core.stats import percent, proportion
from bots.games.chin_music import ChinMusic, HeuristicPlayer
from bots.games.chin_music.actions import ChinMusicAction, Recite
from bots.games.chin_music.cards import GAME_ID, Deck
from bots.games.chin_music.memory import SKILLS
from bots.games.chin_music.records import ChinMusicView
from bots.games.chin_music.stats import Tally

#: The tuning targets of the Bout deck.
FIGHT_TARGET = (0.40, 0.60)
SEAT_SHARE_LIMIT = 1.5
#: Bouts after which a strength game stops (random players may never finish); the lowest
#: hand size then wins, ties share.
STRENGTH_BOUT_LIMIT = 300


def bout_deck(cards: Path) -> Deck:
    """The Bout deck of the card data in ``cards``."""
    return ChinMusic.data_from(catalog(cards).game(GAME_ID))


def candidate_cards(bout: Path, into: Path) -> Path:
    """A copy of the project's Chin Music data with ``bout`` as its Bout deck."""
    folder = into / GAME_ID
    shutil.copytree(CARDS / GAME_ID, folder)
    shutil.copyfile(bout, folder / "bout.yaml")
    return into


def speed(deck: Deck, games: int, first_seed: int) -> tuple[float, float]:
    """Games per second and turns per game, 4 medium bots, one core."""
    turns = 0
    started = time.perf_counter()
    for seed in range(first_seed, first_seed + games):
        players = [HeuristicPlayer(deck) for _ in range(4)]
        turns += play_game(ChinMusic.new(deck, seed, {"players": 4}), players).turns
    return games / (time.perf_counter() - started), turns / games


def strength(
    deck: Deck,
    games: int,
    first_seed: int,
    strong: Callable[[], Player[Any, Any]],
    weak: Callable[[], Player[Any, Any]],
) -> float:
    """The strong player's share of wins in 3-player games against two weak ones."""
    won = 0.0
    for seed in range(first_seed, first_seed + games):
        seat = seed % 3
        players = [weak() for _ in range(3)]
        players[seat] = strong()
        params = {"players": 3, "bout_limit": STRENGTH_BOUT_LIMIT}
        won += play_game(ChinMusic.new(deck, seed, params), players).returns()[seat]
    return won / games


def tuning(deck: Deck, players: int, games: int, first_seed: int) -> Tally:
    """Medium bots at ``players`` players: the figures of ``games`` games."""
    tally = Tally(players)
    for seed in range(first_seed, first_seed + games):
        bots = [HeuristicPlayer(deck) for _ in range(players)]
        tally.add(play_game(ChinMusic.new(deck, seed, {"players": players}), bots))
    return tally


def reasons(tally: Tally) -> str:
    """Fights by why they happened: each reason's share of all fights and its win rate,
    with Wilson 95% intervals. Fights of one game are not independent, so the intervals
    are somewhat narrower than they should be; the games are the honest sample size."""
    fights = tally.fights()
    lines = [f"  fights by why they happened ({fights} fights in {tally.games} games):"]
    for reason, record in sorted(tally.by_reason.items(), key=lambda item: -item[1].fought):
        share = percent(proportion(record.fought, fights))
        won = percent(proportion(record.won, record.fought))
        lines.append(f"    {reason}: {share} of fights; won {won}")
    low_high = tally.stack_sizes(3, 5)
    lines.append(f"  3-5 card fights won: {percent(proportion(low_high.won, low_high.fought))}")
    return "\n".join(lines)


def verdict(tally: Tally) -> str:
    """The tuning targets met or missed, in one line."""
    fights = tally.stack_sizes(3, 5)
    low, high = FIGHT_TARGET
    seats = max(tally.fair_share_ratios(tally.wins_by_seat))
    places = max(tally.fair_share_ratios(tally.wins_by_place))
    meets = low <= fights.rate <= high and max(seats, places) <= SEAT_SHARE_LIMIT
    return (
        f"  targets: 3-5 card fights {fights.rate:.0%} (40-60 %), highest share "
        f"{seats:.2f} by seat and {places:.2f} by place (at most {SEAT_SHARE_LIMIT}): "
        + ("met" if meets else "MISSED")
    )


class _Reciter(HeuristicPlayer):
    """A heuristic bot that counts, by its level and the stack size, its recitations and
    those without a slip, in ``right`` (the game it plays in is ``state``)."""

    def __init__(
        self,
        deck: Deck,
        skill: Any,
        seed: int,
        state: ChinMusic,
        right: dict[tuple[str, int], list[int]],
    ) -> None:
        super().__init__(deck, skill, seed)
        self.state = state
        self.right = right

    def choose(self, view: ChinMusicView, legal_actions: Any, rng: Any) -> ChinMusicAction:
        action = super().choose(view, legal_actions, rng)
        if isinstance(action, Recite):
            deck = self.state.deck
            stack = tuple(deck.cards[card].word for card in self.state.stack)
            tally = self.right.setdefault((self.skill, view.stack_size), [0, 0])
            tally[0] += tuple(action.words) == stack
            tally[1] += 1
        return action


def recall(deck: Deck, games: int, first_seed: int) -> str:
    """Each level's recitations without a slip, by stack size, in 3-player games of an
    easy, a medium and a hard bot (seats turning), beside its memory model's promise."""
    right: dict[tuple[str, int], list[int]] = {}
    skills = ("easy", "medium", "hard")
    for seed in range(first_seed, first_seed + games):
        state = ChinMusic.new(deck, seed, {"players": 3})
        bots = [
            _Reciter(deck, skills[(seat + seed) % 3], seed * 3 + seat, state, right)
            for seat in range(3)
        ]
        play_game(state, bots)
    lines = [f"recall: recitations without a slip, {games} 3-player games (easy, medium, hard)"]
    for skill in skills:
        parts = []
        for size in range(2, 11):
            got, count = right.get((skill, size), [0, 0])
            if count < 20:
                continue
            promised = 1.0 - SKILLS[skill].error_chance(size)  # type: ignore[index]
            parts.append(f"{size}: {percent(proportion(got, count))} (model {promised:.0%})")
        lines.append(f"  {skill}, by stack size: " + "; ".join(parts))
    return "\n".join(lines)


class _CallsEveryMistake(HeuristicPlayer):
    """A heuristic bot that calls out every mistake it notices and that pays."""

    def worth_calling(self, view: ChinMusicView) -> bool:
        return True


def callout_rule(deck: Deck, players: int, games: int, first_seed: int) -> str:
    """The share of games a medium bot that calls out every mistake it notices wins
    against medium bots that keep the rule, seats turning, against a fair share."""
    won = 0.0
    for seed in range(first_seed, first_seed + games):
        seat = seed % players
        bots: list[Player[Any, Any]] = [
            HeuristicPlayer(deck, "medium", seed * 10 + other) for other in range(players)
        ]
        bots[seat] = _CallsEveryMistake(deck, "medium", seed * 10 + seat)
        state = ChinMusic.new(deck, 50_000 + seed, {"players": players})
        won += play_game(state, bots).returns()[seat]
    share = percent(proportion(won, games), 1)
    return (
        f"call-out rule: a medium bot calling out every mistake it notices wins {share} "
        f"of {games} {players}-player games against medium bots (a fair share is "
        f"{1 / players:.1%})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=600, help="tuning games per player count")
    parser.add_argument("--players", default="3,4", help="player counts to tune, e.g. 3,4")
    parser.add_argument("--strength-games", type=int, default=300, help="3-player games each")
    parser.add_argument("--speed-games", type=int, default=200, help="4-player games timed")
    parser.add_argument("--recall-games", type=int, default=300, help="3-player games")
    parser.add_argument("--rule-games", type=int, default=1500, help="games each count")
    parser.add_argument("--bout", type=Path, help="a candidate bout.yaml to play instead")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        cards = candidate_cards(args.bout, Path(scratch)) if args.bout else CARDS
        print(f"Bout deck: {args.bout or cards / GAME_ID / 'bout.yaml'}")
        deck = bout_deck(cards)
        per_second, turns = speed(deck, args.speed_games, args.seed)
        print(
            f"speed: {per_second:.1f} complete 4-player games of medium bots per second "
            f"on one core ({args.speed_games} games, {turns:.1f} turns a game)"
        )
        pairs: list[tuple[str, Callable[[], Player[Any, Any]], Callable[[], Player[Any, Any]]]] = [
            ("medium vs 2 random", lambda: HeuristicPlayer(deck), RandomPlayer),
            (
                "hard vs 2 medium",
                lambda: HeuristicPlayer(deck, "hard"),
                lambda: HeuristicPlayer(deck),
            ),
            (
                "medium vs 2 easy",
                lambda: HeuristicPlayer(deck),
                lambda: HeuristicPlayer(deck, "easy"),
            ),
        ]
        for name, strong, weak in pairs:
            rate = strength(deck, args.strength_games, args.seed, strong, weak)
            wins = percent(proportion(rate * args.strength_games, args.strength_games), 1)
            print(f"strength: {name}, {args.strength_games} 3-player games: wins {wins}")
        for players in (int(text) for text in args.players.split(",")):
            started = time.perf_counter()
            tally = tuning(deck, players, args.games, args.seed)
            print(tally.report())
            print(reasons(tally))
            print(verdict(tally) + f" ({time.perf_counter() - started:.0f} s)")
        if args.recall_games:
            print(recall(deck, args.recall_games, args.seed))
        for players in (3, 4) if args.rule_games else ():
            print(callout_rule(deck, players, args.rule_games, args.seed))


if __name__ == "__main__":
    main()
