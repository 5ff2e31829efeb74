"""One conformance suite over every registered engine (pnp/registry.py).

A game gets all of this by registering: seeded random and heuristic play ends
within its bound with the cards conserved and ``legal_actions()`` non-empty
until the end; every illegal action is refused with a sentence and leaves the
state unchanged; unreadable text gets its own error; views hide what they
must; ``clone()`` gives an equal, independent state; actions read back from
their text; the log replays to an equal state.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from typing import Any

import pytest

from bots.core import (
    GameAction,
    GameState,
    IllegalActionError,
    InvalidActionError,
    leaked,
    record,
    replay,
    seat_rngs,
)
from bots.core.verify import Table, VerifyAdapter
from pnp.registry import LoadedGame, load_game, with_engine
from tests.data import CATALOG

GAMES = with_engine(CATALOG)
#: Seeds played per game and seating; steps between full checks.
SEEDS = range(3)
CHECK_EVERY = 5


@pytest.fixture(scope="module", params=GAMES)
def game(request: pytest.FixtureRequest) -> LoadedGame:
    return load_game(CATALOG.game(request.param))


def _tables(adapter: VerifyAdapter[Any]) -> list[Table]:
    """One table per distinct set of parameters (the verify tables cover the variants)."""
    seen: dict[tuple[tuple[str, Any], ...], Table] = {}
    for table in adapter.tables():
        seen.setdefault(table.params, table)
    return list(seen.values())


def _played(game: LoadedGame, table: Table, seed: int, kind: str) -> Iterator[GameState[Any, Any]]:
    """Every position of a seeded game at ``table`` between bots of ``kind`` (the game's
    random bot or its default heuristic one), checking what each step must keep."""
    adapter = game.verify_adapter
    state = game.new(seed, dict(table.params))
    bots = [game.bot(kind if kind == "random" else game.default_bot) for _ in range(table.players)]
    rngs = seat_rngs(seed, table.players)
    for step in range(adapter.step_bound):
        yield state
        if state.is_terminal:
            assert state.legal_actions() == ()
            assert state.current_player is None
            return
        seat = state.current_player
        assert seat is not None, "a game that is not over has a player to move"
        legal = state.legal_actions()
        assert legal, f"player {seat} has no legal action at step {step}"
        view = state.view(seat)
        if step % CHECK_EVERY == 0:
            assert adapter.conservation_problem(state) is None
            assert not leaked(view, adapter.hidden_from(state, seat))
        action = bots[seat].choose(view, legal, rngs[seat])
        assert state.is_legal(action), state.why_illegal(action)
        state.apply(action)
    raise AssertionError(f"no end within {adapter.step_bound} steps")


def _random_tables(adapter: VerifyAdapter[Any]) -> list[Table]:
    """Tables whose parameters suit random play: those of the mixed tables (where a game
    sets its engine safeties against players who never finish), else the first."""
    mixed = [table for table in _tables(adapter) if table.seating == "mixed"]
    return mixed or _tables(adapter)[:1]


@pytest.mark.parametrize("kind", ["random", "heuristic"])
def test_seeded_play_ends_conserves_and_hides(game: LoadedGame, kind: str) -> None:
    adapter = game.verify_adapter
    tables = _random_tables(adapter) if kind == "random" else _tables(adapter)
    for table in tables:
        for seed in SEEDS:
            *_, last = _played(game, table, seed, kind)
            assert last.is_terminal
            assert game.verify_adapter.conservation_problem(last) is None
            assert len(last.returns()) == table.players


def _other_seat(action: GameAction, players: int) -> GameAction:
    return dataclasses.replace(action, player=(action.player + 1) % players)


def test_illegal_actions_are_refused_with_a_sentence_and_change_nothing(game: LoadedGame) -> None:
    table = _tables(game.verify_adapter)[0]
    earlier: list[Any] = []
    for state in _played(game, table, 1, "heuristic"):
        if state.is_terminal or len(state.log) > 60:
            break
        seat = state.current_player
        legal = list(state.legal_actions())
        candidates = [_other_seat(action, state.num_players) for action in legal[:3]]
        candidates += [action for action in earlier[-8:] if action not in legal]
        before = state.clone()
        for action in candidates:
            reason = state.why_illegal(action)
            if reason is None:
                continue  # legal here too (a seat may move twice in a row in some games)
            assert reason.startswith(f"player {action.player} cannot ")
            with pytest.raises(IllegalActionError) as caught:
                state.apply(action)
            assert str(caught.value) == reason
            assert state == before, "a refused action changed the state"
        earlier += legal
        assert seat is not None


def test_unreadable_actions_get_their_own_error(game: LoadedGame) -> None:
    state = game.new(3, {"players": game.players.start})
    before = state.clone()
    for text in ("", "nonsense", "0:no-such-verb", "x:y:z"):
        with pytest.raises(InvalidActionError) as caught:
            state.apply(text)
        assert repr(text) in str(caught.value)
        assert not isinstance(caught.value, IllegalActionError)
    with pytest.raises(InvalidActionError):
        state.apply(object())  # type: ignore[arg-type]
    assert state == before


def test_actions_read_back_from_their_text(game: LoadedGame) -> None:
    table = _tables(game.verify_adapter)[0]
    for state in _played(game, table, 2, "heuristic"):
        for action in state.legal_actions():
            assert state.parse_action(str(action)) == action
        if len(state.log) > 80:
            break


def test_clone_is_equal_and_independent(game: LoadedGame) -> None:
    table = _tables(game.verify_adapter)[0]
    chooser = random.Random(5)
    for state in _played(game, table, 4, "heuristic"):
        if state.is_terminal or len(state.log) % 7:
            continue
        copy, twin = state.clone(), state.clone()
        assert copy == state and copy is not state
        assert copy.data is state.data  # the card data is shared, never copied
        moves = len(state.log)
        # The same actions on two clones keep them equal and leave the original alone.
        for _ in range(3):
            if copy.is_terminal:
                break
            action = chooser.choice(list(copy.legal_actions()))
            copy.apply(action)
            twin.apply(str(action))
            assert copy == twin
        assert len(state.log) == moves
        if len(copy.log) > moves:
            assert copy != state
        if len(state.log) > 100:
            break


def test_the_log_replays_to_an_equal_state(game: LoadedGame) -> None:
    for table in _tables(game.verify_adapter)[:3]:
        *_, last = _played(game, table, 6, "heuristic")
        saved = record(last)
        again = replay(game.engine, game.data, saved["seed"], saved["params"], saved["actions"])
        assert again == last
        assert record(again) == saved


def test_the_registry_checks_the_players_and_variants_of_the_data(game: LoadedGame) -> None:
    spec = game.engine.param_spec["players"]
    assert (spec.minimum, spec.maximum) == (game.players.start, game.players.stop - 1)
    for name, params in game.variants.items():
        parsed = game.engine.param_spec.parse(params)
        assert all(parsed[key] == value for key, value in params.items()), name
    assert game.bots[0].name == "random" and any(spec.heuristic for spec in game.bots)
