"""Can looking ahead lift a Joe's Bar bot to 80% against random play, and what would it need?

Plays 4-player games of one player against three random bots, with the seeds of
``benchmarks/joes_bar_losses.py`` (game seed 40,000 + i, the player in seat i mod 4, the
random bots drawing from a generator seeded with i), so every player meets the same deals:

* ``cautious``: the cautious heuristic bot (:class:`~bots.games.joes_bar.bots.HeuristicPlayer`);
* ``sees-all``: a search that **cheats**, an upper bound and no player: at each of its
  decisions with a choice it plays out the cautious bot's choice and the next legal actions
  (``--candidates`` in all) ``--rollouts`` times each to the game's end, from copies of the
  true state (every hand, the deck and the order of the discard pile), the others playing at
  random as they really do and itself as the cautious bot; it keeps the cautious choice
  unless another wins at least two play-outs more;
* ``sees-view``: the same search on guesses from its view alone
  (:func:`~bots.games.joes_bar.worlds.world`: the hidden cards dealt at random), a bot a
  player could sit down with; in the middle of a Utility pause or at the older draft's
  hand limit, where no world is built, it plays the cautious choice;
* ``sees-hands`` and ``sees-pile``: half-cheats that tell which hidden information the
  cheat lives on. ``sees-hands`` plays out copies of the true state with the Action deck
  and the discard pile shuffled together and dealt back (it knows every hand, not the
  pile's order); ``sees-pile`` with the other players' hands and the deck shuffled
  together and dealt back (it knows the pile's order, not the hands).

``--horizon round`` plays each candidate out only to the end of the round and scores
where the round left it (:func:`round_value`: its BL, less :data:`KNOCKED_OUT` if it was
knocked out, plus :data:`OTHER_KNOCKOUT` for each other knockout and a little for the
cards it kept; a game that ended scores its share of the win, times 10). That is less
luck than a whole game, so fewer play-outs tell actions apart; it searches only on
turns and answers, outside Utility pauses, and keeps the best play-out average (the
cautious choice on a tie, or unless another beats it by more than ``--margin``).
``--value win`` scores a round's end by the chance of winning from there instead
(:func:`win_value`, 10 for a sure win): a logistic fit, made first on ``--fit-games``
games of the cautious bot from game 10,000 on, of the wins against what each round's end
left (:func:`win_features`). ``--shortlist ranked`` weighs the cautious bot's choice and
its next best actions by its own values (:func:`ranked_shortlist`) rather than the next
legal ones.

Prints each one's share of wins (95% Wilson interval) and, game by game on the same seeds,
its difference from the cautious bot (95% t interval of the paired differences).

Run by hand: ``.venv/bin/python benchmarks/joes_bar_lookahead.py [--games N] [--start I]
[--players NAME ...] [--rollouts R] [--candidates C] [--horizon game|round] [--margin M]
[--shortlist legal|ranked] [--value bl|win] [--fit-games N] [--jobs J]``.
The searches are slow: about 7 s of CPU a game at 12 play-outs of 6 candidates to the
game's end, about 1.3 s at 8 play-outs of 8 candidates to the round's end, about 2.4 s
at 16 play-outs of 8 ranked candidates.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import cache, partial

import numpy as np
from scipy.special import expit
from scipy.stats import ttest_1samp

from bots.core.stats import percent, proportion
from bots.games.joes_bar import CardData, JoesBar, JoesBarAction, JoesBarView
from bots.games.joes_bar.bots import HeuristicPlayer
from bots.games.joes_bar.worlds import PLAYABLE_PHASES, world
from pnp.catalog import load_catalog

PLAYERS = 4
KINDS = ("cautious", "sees-all", "sees-hands", "sees-pile", "sees-view")
#: What a round-horizon play-out counts against a knockout of the searcher, and for each
#: other player's (the game ends at a number of knockouts).
KNOCKED_OUT = 6.0
OTHER_KNOCKOUT = 0.7
#: How a play-out to the round's end is scored: the state and the searcher's seat.
Score = Callable[[JoesBar, int], float]


@cache
def card_data() -> CardData:
    return JoesBar.data_from(load_catalog("cards").game("joes-bar"))


def play_out(
    start: JoesBar,
    index: int,
    seat: int,
    seed: int,
    policy: HeuristicPlayer,
    horizon: str,
    score: Score,
) -> float:
    """The ``index``-th legal action of ``start``, then the game to its end (``seat``'s
    share) or the round to its end (``score``, :func:`round_value` or :func:`win_value`)."""
    rng = random.Random(seed)
    rounds = len(start.records)
    start.apply(start.legal_actions()[index])
    while not start.is_terminal and (horizon == "game" or len(start.records) == rounds):
        player = start.current_player
        assert player is not None
        legal = start.legal_actions()
        chosen = policy.choose(start.view(player), legal, rng) if player == seat else None
        start.apply(chosen if chosen is not None else rng.choice(legal))
    if horizon == "game":
        return start.returns()[seat]
    return score(start, seat)


def round_value(state: JoesBar, seat: int) -> float:
    """Where a round left ``seat`` (see the module docstring)."""
    if state.is_terminal:
        return 10.0 * state.returns()[seat]
    out = state.records[-1].knocked_out
    value = state.booze[seat] - (KNOCKED_OUT if seat in out else 0.0)
    value += OTHER_KNOCKOUT * sum(1 for other in out if other != seat)
    return value + 0.1 * min(len(state.hands[seat]), 6)


def win_features(state: JoesBar, seat: int) -> list[float]:
    """What :func:`win_value` weighs where a round left ``seat``: a constant; the lead in
    points over the best other player (within 8 either way) and BL (at most 8), each also
    over the knockouts still to come before the game ends; that number's inverse; and the
    points."""
    standings = [state.standing_of(other) for other in range(len(state.booze))]
    best = max(value for other, value in enumerate(standings) if other != seat)
    lead = float(max(-8, min(8, standings[seat] - best)))
    booze = float(min(8, state.booze[seat]))
    left = float(max(1, state.knockouts_to_end - state.knockouts))
    return [1.0, lead, lead / left, booze, booze / left, 1 / left, float(standings[seat])]


def win_value(weights: Sequence[float], state: JoesBar, seat: int) -> float:
    """10 times ``seat``'s chance of winning from where the round left it: its share if
    the game ended, else the logistic fit ``weights`` of :func:`fit_win_chance`."""
    if state.is_terminal:
        return 10.0 * state.returns()[seat]
    features = win_features(state, seat)
    return 10.0 * float(expit(sum(w * x for w, x in zip(weights, features, strict=True))))


def fit_win_chance(games: int, start: int = 10_000) -> tuple[float, ...]:
    """Logistic weights of :func:`win_features` for the cautious bot's share of the win,
    from every round's end before the last in ``games`` games of it against three random
    bots (games ``start`` on; Newton's method with a little ridge)."""
    rows: list[list[float]] = []
    shares: list[float] = []
    for number in range(start, start + games):
        table = Seated.game(number)
        state, found = table.state, []
        rounds = 0
        while not state.is_terminal:
            legal = list(state.legal_actions())
            player = state.current_player
            if player == table.seat:
                state.apply(table.bot.choose(state.view(player), legal, table.rng))
            else:
                state.apply(table.rng.choice(legal))
            if len(state.records) != rounds and not state.is_terminal:
                rounds = len(state.records)
                found.append(win_features(state, table.seat))
        rows += found
        shares += [state.returns()[table.seat]] * len(found)
    x, y = np.array(rows), np.array(shares)
    weights = np.zeros(x.shape[1])
    for _ in range(30):
        chance = expit(x @ weights)
        slope = x.T @ (y - chance)
        curve = (x * (chance * (1 - chance))[:, None]).T @ x + 1e-3 * np.eye(len(weights))
        weights += np.linalg.solve(curve, slope)
    return tuple(float(w) for w in weights)


def half_known(state: JoesBar, seat: int, kind: str, seed: int) -> JoesBar:
    """A copy of ``state`` for ``kind`` (``sees-all``, ``sees-hands`` or ``sees-pile``):
    the true state, with what ``kind`` does not know shuffled and dealt back. Every hand
    keeps its size and the searcher's own hand is untouched, so the copy's cached legal
    actions and seats still hold (unlike :func:`~bots.games.joes_bar.worlds.world`, which
    must drop them)."""
    start = state.clone()
    start.rng.seed(seed)
    shuffle = random.Random(seed).shuffle
    if kind == "sees-hands":
        pool = [*start.deck, *start.pile]
        shuffle(pool)
        size = len(start.deck)
        start.deck[:] = pool[:size]
        start.pile = deque(pool[size:])
    elif kind == "sees-pile":
        others = [other for other in range(len(start.hands)) if other != seat]
        pool = [*start.deck, *(copy for other in others for copy in start.hands[other])]
        shuffle(pool)
        for other in others:
            size = len(start.hands[other])
            start.hands[other][:] = pool[:size]
            del pool[:size]
        start.deck[:] = pool
    return start


def play_outs(
    state: JoesBar,
    seat: int,
    legal: Sequence[JoesBarAction],
    shortlist: Sequence[JoesBarAction],
    seeds: Sequence[int],
    kind: str,
    policy: HeuristicPlayer,
    horizon: str,
    score: Score = round_value,
) -> list[float]:
    """The mean :func:`play_out` of each action of ``shortlist`` over ``seeds``, on worlds
    guessed from ``seat``'s view (``sees-view``) or on copies of ``state``
    (:func:`half_known`)."""
    view = state.view(seat)
    worth = []
    for action in shortlist:
        index = list(legal).index(action)
        total = 0.0
        for seed in seeds:
            if kind == "sees-view":
                start = world(card_data(), view, seed)
            else:
                start = half_known(state, seat, kind, seed)
            total += play_out(start, index, seat, seed, policy, horizon, score)
        worth.append(total / len(seeds))
    return worth


def searched(
    state: JoesBar,
    seat: int,
    legal: Sequence[JoesBarAction],
    first: JoesBarAction,
    seeds: list[int],
    candidates: int,
    kind: str,
    policy: HeuristicPlayer,
    horizon: str,
    search: Search,
) -> JoesBarAction:
    """The search of ``kind``: on worlds guessed from the view (``sees-view``) or on
    copies of ``state`` (:func:`half_known`)."""
    view = state.view(seat)
    if horizon == "round" and (view.phase not in ("turn", "answer") or view.pause):
        return first
    if kind == "sees-view" and (view.phase not in PLAYABLE_PHASES or view.pause):
        return first  # no world can be built in the middle of a pause
    if search.ranked:
        shortlist = ranked_shortlist(policy, view, legal, first, candidates)
    else:
        shortlist = [first, *(action for action in legal if action is not first)][:candidates]
    worth = play_outs(state, seat, legal, shortlist, seeds, kind, policy, horizon, search.score)
    best = max(range(len(shortlist)), key=lambda place: (worth[place], -place))
    if horizon == "game" and best and worth[best] - worth[0] < 2.0 / len(seeds):
        best = 0
    if horizon == "round" and best and worth[best] - worth[0] <= search.margin:
        best = 0
    return shortlist[best]


@dataclass(frozen=True)
class Search:
    """How a round-horizon search decides: by what margin another action must beat the
    cautious choice, whether its shortlist is ranked by the bot's values, and how a
    round's end is scored."""

    margin: float = 0.0
    ranked: bool = False
    score: Score = round_value


def ranked_shortlist(
    bot: HeuristicPlayer,
    view: JoesBarView,
    legal: Sequence[JoesBarAction],
    first: JoesBarAction,
    candidates: int,
) -> list[JoesBarAction]:
    """``first`` (the bot's choice) and the bot's next best actions of ``legal`` by its
    own values, ``candidates`` in all."""
    others = [action for action in legal if action is not first]
    worth = bot.values(view, others)
    ranked = sorted(range(len(others)), key=lambda place: -worth[place])
    return [first, *(others[place] for place in ranked)][:candidates]


@dataclass
class Seated:
    """Game ``number`` as the loss study seeds it: the cautious bot's seat, the bot, the
    policy its play-outs follow, the starting state, the random bots' generator and the
    generator of play-out seeds."""

    seat: int
    bot: HeuristicPlayer
    policy: HeuristicPlayer
    state: JoesBar
    rng: random.Random
    guesses: random.Random

    @classmethod
    def game(cls, number: int) -> Seated:
        data = card_data()
        seat = number % PLAYERS
        return cls(
            seat,
            HeuristicPlayer(data, "cautious", number * 8 + seat),
            HeuristicPlayer(data, "cautious", 99),
            JoesBar.new(data, 40_000 + number, {"players": PLAYERS}),
            random.Random(number),
            random.Random(number + 10**6),
        )

    def turns(self) -> Iterator[list[JoesBarAction]]:
        """Play the random bots' moves, and yield the legal actions at each of the bot's
        until the game ends (the caller applies the bot's choice to :attr:`state`)."""
        state = self.state
        while not state.is_terminal:
            legal = list(state.legal_actions())
            if state.current_player == self.seat:
                yield legal
            else:
                state.apply(self.rng.choice(legal))


def game(
    number: int, kind: str, rollouts: int, candidates: int, horizon: str, search: Search
) -> float:
    """One game of ``kind`` against three random bots: its share of the win."""
    table = Seated.game(number)
    seat, cautious, policy, state = table.seat, table.bot, table.policy, table.state
    rng, guesses = table.rng, table.guesses
    for legal in table.turns():
        first = cautious.choose(state.view(seat), legal, rng)
        if kind == "cautious" or len(legal) == 1:
            state.apply(first)
            continue
        seeds = [guesses.getrandbits(32) for _ in range(rollouts)]
        chosen = searched(
            state, seat, legal, first, seeds, candidates, kind, policy, horizon, search
        )
        state.apply(state.legal_actions()[legal.index(chosen)])
    return state.returns()[seat]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games a player")
    parser.add_argument("--start", type=int, default=100, help="the first game's number")
    parser.add_argument("--players", nargs="+", choices=KINDS, default=list(KINDS))
    parser.add_argument("--rollouts", type=int, default=12, help="play-outs of each candidate")
    parser.add_argument("--candidates", type=int, default=6, help="actions weighed a decision")
    parser.add_argument("--horizon", choices=("game", "round"), default="game")
    parser.add_argument(
        "--margin",
        type=float,
        default=0.0,
        help="how much better another action must do (round horizon)",
    )
    parser.add_argument("--shortlist", choices=("legal", "ranked"), default="legal")
    parser.add_argument(
        "--value", choices=("bl", "win"), default="bl", help="round-end score (round horizon)"
    )
    parser.add_argument("--fit-games", type=int, default=3000, help="games for --value win")
    parser.add_argument("--jobs", type=int, default=2, help="processes")
    args = parser.parse_args()
    numbers = range(args.start, args.start + args.games)
    score: Score = round_value
    if args.value == "win":
        weights = fit_win_chance(args.fit_games)
        print("win chance fitted:", ", ".join(f"{weight:+.3f}" for weight in weights))
        score = partial(win_value, weights)
    search = Search(args.margin, args.shortlist == "ranked", score)
    results: dict[str, list[float]] = {}
    with ProcessPoolExecutor(args.jobs) as pool:
        for kind in ("cautious", *(k for k in args.players if k != "cautious")):
            began = time.perf_counter()
            play = partial(
                game,
                kind=kind,
                rollouts=args.rollouts,
                candidates=args.candidates,
                horizon=args.horizon,
                search=search,
            )
            results[kind] = list(pool.map(play, numbers, chunksize=4))
            won = results[kind]
            line = f"{kind:10} wins {percent(proportion(sum(won), len(won)), 1)}"
            if kind != "cautious":
                differences = [a - b for a, b in zip(won, results["cautious"], strict=True)]
                interval = ttest_1samp(differences, 0.0).confidence_interval()
                mean = sum(differences) / len(differences)
                line += (
                    f"; against cautious on the same seeds {mean * 100:+.1f} points"
                    f" ({interval.low * 100:+.1f} to {interval.high * 100:+.1f})"
                )
            seconds = time.perf_counter() - began
            print(f"{line}; {seconds:.0f} s on the wall clock", flush=True)
    print(f"games {numbers.start} to {numbers.stop - 1}, fair share 25%")


if __name__ == "__main__":
    main()
