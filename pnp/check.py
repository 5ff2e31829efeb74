"""``pnp check GAME``: the conformance suite every engine passes, run on any engine found.

Each check plays seeded games on the verify adapter's tables (one per distinct set of
parameters: the game's player counts and variants) between the game's random bot and
its default bot, and says what it found in a sentence:

* **ends**: every game ends within the step bound; until then someone is to move with at
  least one legal action, after it nobody is and there are none; ``returns()`` has one
  value a player;
* **conserves**: the game's invariants hold every few steps (every step for an engine
  with the default adapter) and at the end (the adapter's ``conservation_problem``; an
  engine's ``invariant_problem()``);
* **hides**: a player's view never holds what is hidden from them (the adapter's
  ``hidden_from``; an engine's ``hidden_from(player)``);
* **refuses**: an action of the wrong seat, or one legal only earlier, is refused with
  a sentence (``player N cannot ...: why``) and changes nothing; text that is no
  action, and a value that is none, get ``InvalidActionError`` quoting them;
* **reads back**: every legal action is read back from its text;
* **clones**: ``clone()`` gives an equal, independent state sharing the card data;
* **replays**: the log replays from the seed to an equal state;
* **same seed, same game**: two games of one seed are the same, action for action;
* **fits the data**: the engine seats game.yaml's players and takes every variant's
  parameters, and offers random play and a bot that plays to win.

A crash of the engine or a bot is a failure of the check that met it, with the file and
line; the suite itself never stops on one.
"""

from __future__ import annotations

import dataclasses
import random
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from bots.core import (
    GameState,
    IllegalActionError,
    InvalidActionError,
    leaked,
    record,
    replay,
    seat_rngs,
)
from bots.core.verify import Table, VerifyAdapter
from pnp.registry import LoadedGame

#: Steps between the checks of invariants and views.
CHECK_EVERY = 5


class CheckFailed(AssertionError):
    """What a check found wrong, as a sentence."""


@dataclass(frozen=True)
class CheckResult:
    """One check of one engine: its name, whether it passed, and what it found."""

    name: str
    passed: bool
    detail: str = ""


def _require(condition: bool, sentence: str) -> None:
    if not condition:
        raise CheckFailed(sentence)


def tables(adapter: VerifyAdapter[Any]) -> list[Table]:
    """One table per distinct set of parameters (the verify tables cover the variants)."""
    seen: dict[tuple[tuple[str, Any], ...], Table] = {}
    for table in adapter.tables():
        seen.setdefault(table.params, table)
    return list(seen.values())


def random_tables(adapter: VerifyAdapter[Any]) -> list[Table]:
    """Tables whose parameters suit random play: those of the mixed tables (where a game
    sets its engine safeties against players who never finish), else the first."""
    mixed = [table for table in tables(adapter) if table.seating == "mixed"]
    return mixed or tables(adapter)[:1]


#: Told what the invariants and views show: the check's name and a sentence.
Watcher = Callable[[str, str], None]


def positions(
    game: LoadedGame, table: Table, seed: int, kind: str, watch: Watcher | None = None
) -> Iterator[GameState[Any, Any]]:
    """Every position of a seeded game at ``table`` between bots of ``kind`` (``random``
    or the game's default bot), checking what each step must keep; ``watch`` is told what
    the invariants (``conserves``) and the views (``hides``) show every
    :data:`CHECK_EVERY` steps (or as often as the game's adapter checks, when that is more
    often: every step for an engine with the default adapter) and at the end."""
    adapter = game.verify_adapter
    every = min(CHECK_EVERY, adapter.check_every)
    state = game.new(seed, dict(table.params))
    name = "random" if kind == "random" else game.default_bot
    bots = [game.bot(name) for _ in range(table.players)]
    rngs = seat_rngs(seed, table.players)
    where = f"{table.name}, seed {seed}"
    for step in range(adapter.step_bound):
        yield state
        if state.is_terminal:
            problem = adapter.conservation_problem(state)
            if watch is not None and problem is not None:
                watch("conserves", f"{where}, at the end: {problem}")
            _require(len(state.legal_actions()) == 0, f"{where}: legal actions after the end")
            returns = state.returns()
            _require(
                len(returns) == table.players,
                f"{where}: returns() has {len(returns)} values for {table.players} players",
            )
            _require(state.current_player is None, f"{where}: a player to move after the end")
            return
        seat = state.current_player
        _require(seat is not None, f"{where}, step {step}: not over, but nobody is to move")
        assert seat is not None
        legal = state.legal_actions()
        _require(bool(legal), f"{where}, step {step}: player {seat} has no legal action")
        view = state.view(seat)
        if watch is not None and step % every == 0:
            problem = adapter.conservation_problem(state)
            if problem is not None:
                watch("conserves", f"{where}, step {step}: {problem}")
            shown = leaked(view, adapter.hidden_from(state, seat))
            if shown:
                hidden = ", ".join(map(str, shown[:3]))
                watch("hides", f"{where}, step {step}: player {seat}'s view shows {hidden}")
        action = bots[seat].choose(view, legal, rngs[seat])
        reason = state.why_illegal(action)
        _require(reason is None, f"{where}, step {step}: the {name} bot chose {action}: {reason}")
        state.apply(action)
    raise CheckFailed(f"{where}: no end within {adapter.step_bound} steps")


def _ends(game: LoadedGame, games: int, seed: int) -> str:
    played = 0
    for table in random_tables(game.verify_adapter):
        for number in range(games):
            for _ in positions(game, table, seed + number, "random"):
                pass
            played += 1
    return f"{played + _watched(game, games, seed)[0]} games ended"


#: What :func:`_watched` found, by game, games and seed (the two checks share the play).
_WATCHED: dict[tuple[int, int], tuple[LoadedGame, int, dict[str, list[str]]]] = {}


def _watched(game: LoadedGame, games: int, seed: int) -> tuple[int, dict[str, list[str]]]:
    """Games played at every table with the invariants and views watched: how many, and
    what each watch found."""
    key = (games, seed)
    if key not in _WATCHED or _WATCHED[key][0] is not game:
        found: dict[str, list[str]] = {"conserves": [], "hides": []}
        played = 0
        for table in tables(game.verify_adapter):
            for number in range(games):
                watcher: Watcher = lambda check, sentence: found[check].append(sentence)  # noqa: E731
                for _ in positions(game, table, seed + number, "heuristic", watcher):
                    pass
                played += 1
        _WATCHED.clear()
        _WATCHED[key] = (game, played, found)
    return _WATCHED[key][1:]


def forget() -> None:
    """Forget the games the ``conserves`` and ``hides`` checks shared (to time them)."""
    _WATCHED.clear()


def _conserves(game: LoadedGame, games: int, seed: int) -> str:
    if _is_generic(game) and not hasattr(game.engine, "invariant_problem"):
        return "skipped: the engine has no invariant_problem() to check"
    played, found = _watched(game, games, seed)
    _require(not found["conserves"], "; ".join(found["conserves"][:3]))
    return f"held in {played} games"


def _hides(game: LoadedGame, games: int, seed: int) -> str:
    if _is_generic(game) and not hasattr(game.engine, "hidden_from"):
        return "skipped: the engine has no hidden_from(player) to check"
    played, found = _watched(game, games, seed)
    _require(not found["hides"], "; ".join(found["hides"][:3]))
    return f"nothing hidden shown in {played} games"


def _is_generic(game: LoadedGame) -> bool:
    from pnp.engines.defaults import GenericVerify

    return isinstance(game.verify_adapter, GenericVerify)


def _other_seat(action: Any, players: int) -> Any | None:
    """``action`` made by the next seat (``None`` for an action that is no dataclass)."""
    seat: int = getattr(action, "player", 0)
    if not dataclasses.is_dataclass(action) or isinstance(action, type):
        return None
    if "player" not in {field.name for field in dataclasses.fields(action)}:
        return None
    return dataclasses.replace(action, player=(seat + 1) % players)


def _refuses(game: LoadedGame, games: int, seed: int) -> str:
    table = tables(game.verify_adapter)[0]
    earlier: list[Any] = []
    refused = 0
    for state in positions(game, table, seed, "heuristic"):
        if state.is_terminal or len(state.log) > 60:
            break
        legal = list(state.legal_actions())
        candidates = [_other_seat(action, state.num_players) for action in legal[:3]]
        candidates += [action for action in earlier[-8:] if action not in legal]
        before = state.clone()
        for action in candidates:
            if action is None or state.why_illegal(action) is None:
                continue  # legal here too (a seat may move twice in a row in some games)
            reason = state.why_illegal(action)
            assert reason is not None
            start = f"player {action.player} cannot "
            _require(reason.startswith(start), f"the refusal {reason!r} does not start {start!r}")
            try:
                state.apply(action)
            except IllegalActionError as error:
                _require(str(error) == reason, f"apply said {error} but why_illegal {reason}")
            else:
                raise CheckFailed(f"{action} was applied although {reason}")
            _require(state == before, f"refusing {action} changed the state")
            refused += 1
        earlier += legal
    state = game.new(seed, {"players": game.players.start})
    before = state.clone()
    for text in ("", "nonsense", "0:no-such-verb", "x:y:z"):
        try:
            state.apply(text)
        except IllegalActionError as error:
            raise CheckFailed(f"the text {text!r} got IllegalActionError ({error})") from None
        except InvalidActionError as error:
            _require(repr(text) in str(error), f"the error for {text!r} does not quote it: {error}")
        else:
            raise CheckFailed(f"the text {text!r} was taken as an action")
        refused += 1
    try:
        state.apply(object())
    except InvalidActionError:
        refused += 1
    else:
        raise CheckFailed("object() was taken as an action")
    _require(state == before, "refusing text that is no action changed the state")
    return f"{refused} actions refused with sentences"


def _reads_back(game: LoadedGame, games: int, seed: int) -> str:
    table = tables(game.verify_adapter)[0]
    read = 0
    for state in positions(game, table, seed + 2, "heuristic"):
        for action in state.legal_actions():
            again = state.parse_action(str(action))
            _require(again == action, f"{str(action)!r} reads back as {again!r}, not {action!r}")
            read += 1
        if len(state.log) > 80:
            break
    return f"{read} actions read back from their text"


def _clones(game: LoadedGame, games: int, seed: int) -> str:
    table = tables(game.verify_adapter)[0]
    chooser = random.Random(seed + 5)
    cloned = 0
    for state in positions(game, table, seed + 4, "heuristic"):
        if state.is_terminal or len(state.log) % 7:
            continue
        copy, twin = state.clone(), state.clone()
        _require(copy == state and copy is not state, "a clone is not equal to its state")
        _require(copy.data is state.data, "a clone copied the card data instead of sharing it")
        moves = len(state.log)
        for _ in range(3):
            if copy.is_terminal:
                break
            action = chooser.choice(list(copy.legal_actions()))
            copy.apply(action)
            twin.apply(str(action))
            _require(copy == twin, f"two clones differ after the same action {action}")
        _require(len(state.log) == moves, "moving a clone moved the state it was cloned from")
        if len(copy.log) > moves:
            _require(copy != state, "a clone that moved still equals its state")
        cloned += 1
        if len(state.log) > 100:
            break
    return f"{cloned} clones equal and independent"


def _replays(game: LoadedGame, games: int, seed: int) -> str:
    replayed = 0
    for table in tables(game.verify_adapter)[:3]:
        *_, last = positions(game, table, seed + 6, "heuristic")
        saved = record(last)
        again = replay(game.engine, game.data, saved["seed"], saved["params"], saved["actions"])
        _require(again == last, f"{table.name}: replaying the log gave another final state")
        _require(record(again) == saved, f"{table.name}: the replay's record differs")
        replayed += 1
    return f"{replayed} games replayed"


def _same_seed(game: LoadedGame, games: int, seed: int) -> str:
    compared = 0
    for table in tables(game.verify_adapter)[:3]:
        first, second = (
            [str(action) for action in _last(positions(game, table, seed, "heuristic")).log]
            for _ in range(2)
        )
        _require(first == second, f"{table.name}, seed {seed}: two games of one seed differ")
        compared += 1
    return f"{compared} games played twice alike"


def _last(states: Iterator[GameState[Any, Any]]) -> GameState[Any, Any]:
    *_, last = states
    return last


def _fits(game: LoadedGame, games: int, seed: int) -> str:
    spec = game.engine.param_spec["players"]
    _require(
        (spec.minimum, spec.maximum) == (game.players.start, game.players.stop - 1),
        "the engine's players differ from game.yaml's",
    )
    for name, params in game.variants.items():
        parsed = game.engine.param_spec.parse(params)
        _require(all(parsed[key] == value for key, value in params.items()), f"variant {name}")
    _require(game.bots[0].name == "random", "the first bot is not random play")
    if not any(spec.heuristic for spec in game.bots):
        return "fits, but the game has no bot that plays to win (only random play)"
    return f"{len(game.variants)} variants, {len(game.bots)} bots"


#: The checks, in the order they run: name -> check (a sentence of what it found).
CHECKS: dict[str, Callable[[LoadedGame, int, int], str]] = {
    "ends": _ends,
    "conserves": _conserves,
    "hides": _hides,
    "refuses": _refuses,
    "reads back": _reads_back,
    "clones": _clones,
    "replays": _replays,
    "same seed, same game": _same_seed,
    "fits the data": _fits,
}


def run_check(game: LoadedGame, name: str, games: int = 3, seed: int = 0) -> CheckResult:
    """Run the check ``name`` of :data:`CHECKS` on ``game``; never raises for the engine."""
    try:
        return CheckResult(name, True, CHECKS[name](game, games, seed))
    except CheckFailed as failure:
        return CheckResult(name, False, str(failure))
    except Exception as error:  # the engine's or a bot's crash is a finding
        where = traceback.extract_tb(error.__traceback__)[-1]
        found = f"{type(error).__name__}: {error} ({where.filename}:{where.lineno})"
        return CheckResult(name, False, f"crashed: {found}")


def run_checks(game: LoadedGame, games: int = 3, seed: int = 0) -> list[CheckResult]:
    """Every check on ``game``, ``games`` seeded games a table from ``seed``."""
    return [run_check(game, name, games, seed) for name in CHECKS]
