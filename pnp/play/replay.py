"""``pnp replay LOG``: step through a saved game, told as it was at the table.

The game is rebuilt from its seed and actions (``bots.core``) and told from
the human's seat, with the human's hand before each of their turns, exactly
as it was seen while playing; ``--open`` shows every player's cards instead
(each player's draws, and their hand before their turns). Of a game that is not
over, ``--open`` shows every hand only with ``--reveal``, which first marks the save
(see :mod:`pnp.play.seal`): a player who peeks at the bots' cards cannot resume the
game as though they had not.

At a terminal, Enter shows the next step, ``a`` all the rest and ``q``
quits; when the input is not a terminal every step is printed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bots.core import GameState
from pnp.names import visible
from pnp.play.front import YOU, GameFront
from pnp.play.saves import SaveError, Setup, quoted
from pnp.play.terminal import EndOfInput, Interrupted, Terminal


def parse_log(game: GameState[Any, Any], actions: object) -> list[Any]:
    """The actions of a save, read by a fresh state of its game; raises :class:`SaveError`
    naming the first bad one."""
    if not isinstance(actions, list):
        raise SaveError(f"'actions' must be a list, got {quoted(actions)}")
    parsed = []
    for number, text in enumerate(actions, start=1):
        if not isinstance(text, str):
            raise SaveError(f"action {number} must be text, got {quoted(text)}")
        try:
            parsed.append(game.parse_action(text))
        except ValueError as error:
            raise SaveError(
                f"action {number} ({quoted(text)}) cannot be read: {visible(str(error)[:200])}"
            ) from None
    return parsed


def ends_the_game(state: GameState[Any, Any], actions: Sequence[Any]) -> bool:
    """Whether ``actions``, played on the fresh ``state``, end the game."""
    for action in actions:
        if state.is_terminal or state.why_illegal(action) is not None:
            break
        state.apply(action)
    return state.is_terminal


def replay_game(
    front: GameFront[Any, Any, Any],
    terminal: Terminal,
    setup: Setup,
    actions: Sequence[Any],
    open_hands: bool = False,
) -> int:
    """Tell the game step by step; the exit status (1 if an action cannot be replayed)."""
    state = front.new_state(setup.seed, setup.params)
    front.begin(state)
    total = len(actions)
    terminal.say(terminal.paint(f"Replay: {front.title}", "title"))
    front.condense = False
    if open_hands:
        seen = "every player's cards"
    elif front.names[setup.human] == YOU:
        seen = "your cards"
    else:
        seen = f"the cards of {front.names[setup.human]}"
    terminal.say_wrapped(
        f"{setup.players} players: {', '.join(front.names)}. Seed {setup.seed}, "
        f"{total} moves. Showing {seen}."
    )
    terminal.say_lines(front.opening(state))
    stepping = terminal.is_interactive
    steps = _told_steps(front, setup, actions, open_hands) if stepping else 0
    step = 0
    shown: list[str] | None = None
    for number, action in enumerate(actions, start=1):
        seat = state.current_player
        viewer = seat if open_hands and seat is not None else setup.human
        table = front.show_table(state.view(seat)) if seat is not None and seat == viewer else []
        reason = state.why_illegal(action)
        if reason is not None:
            terminal.say_lines(table)
            terminal.say_wrapped(f"Move {number} ({action}) cannot be replayed: {reason}.")
            return 1
        before = state.view(viewer)
        state.apply(action)
        lines = front.narrate(before, action, state.view(viewer))
        if lines:
            # The table before a move that tells something; a silent step (a pass nobody
            # sees) shows none, and the same table is not shown twice in a row.
            if table and table != shown:
                terminal.say_lines(table)
                shown = table
            terminal.say_lines(lines)
            step += 1
        if stepping and lines and number < total:
            answer = _next_step(terminal, step, steps)
            if answer is None:
                terminal.say("Replay stopped.")
                return 0
            stepping = answer
    if state.is_terminal:
        terminal.say_lines(front.summary(state))
    else:
        terminal.say("The log ends here: the game was saved before its end.")
        terminal.say_lines(front.summary(state))
    return 0


def _told_steps(
    front: GameFront[Any, Any, Any], setup: Setup, actions: Sequence[Any], open_hands: bool
) -> int:
    """How many moves of the replay tell something (the steps the counter counts), worked
    out on a fresh front end so the one that tells the game keeps its own memory."""
    counter = type(front)(front.game, front.terminal, front.names, front.human)
    counter.condense = False
    state = counter.new_state(setup.seed, setup.params)
    counter.begin(state)
    told = 0
    for action in actions:
        seat = state.current_player
        viewer = seat if open_hands and seat is not None else setup.human
        if state.why_illegal(action) is not None:
            break
        before = state.view(viewer)
        state.apply(action)
        told += bool(counter.narrate(before, action, state.view(viewer)))
    return told


def _next_step(terminal: Terminal, number: int, total: int) -> bool | None:
    """Wait for the player: ``True`` to step on, ``False`` for all the rest, ``None`` to quit."""
    while True:
        try:
            answer = terminal.ask(f"[{number}/{total}] Enter: next · a: all · q: quit").strip()
        except (EndOfInput, Interrupted):
            return None
        word = answer.lower()
        if word == "":
            return True
        if word in ("a", "all"):
            return False
        if word in ("q", "quit"):
            return None
        terminal.say("Press Enter for the next step, a for all the rest, q to quit.")
