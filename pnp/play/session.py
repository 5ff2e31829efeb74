"""One game at the terminal: the human against the bots, on any game's front end.

:class:`Session` runs a game on the engine core (``bots.core``):

* each bot gets only its seat's view and the legal actions, with its seat's
  seeded generator (:func:`bots.core.seat_rngs`, as in ``play_game``), so a
  game with ``--auto`` plays exactly as ``play_game`` would;
* the human sees only their own view; every action is told from the human's
  views before and after it (see :mod:`pnp.play.front`);
* every prompt takes ``help``, ``rules``, ``save [FILE]``, ``quit`` and the
  game's own commands; a bad answer gets a message and the same prompt again;
* quitting, the end of the input and Ctrl-C end the game cleanly with an
  offer to save (at the end of the input an unfinished game is saved to a
  default file name without asking, and the session says so);
* with ``--save FILE`` the game is written to FILE before the first move and
  again after each of the human's moves, so a killed terminal loses at most
  the last move; when FILE cannot be written at the end, another file is
  offered as above (at the end of the input: the default name in the current
  folder);
* a resumed game replays the saved actions with the bots choosing along
  (their generators and memories end up where they were), so it continues
  exactly as it would have without the break.

Exit status: 0 when the game ends or the player leaves it (quit, end of
input), 1 when a game that was to be saved (``--save``, or an unfinished game
at the end of the input) was not saved anywhere, 130 after Ctrl-C.
"""

from __future__ import annotations

import contextlib
import shlex
from collections import deque
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Generic, TypeVar

from bots.core import GameState, Player, seat_rngs
from pnp.names import visible
from pnp.play.front import BadInput, Command, GameFront
from pnp.play.saves import SaveError, Setup, WriteError, default_save_path, quoted, write_save
from pnp.play.terminal import EndOfInput, Interrupted, Terminal, columns, visible_width, wrap
from pnp.workers import Terminated

S = TypeVar("S", bound=GameState[Any, Any])
A = TypeVar("A")
V = TypeVar("V")
T = TypeVar("T")

#: Exit status after Ctrl-C (128 + SIGINT, as shells report it).
INTERRUPTED_STATUS = 130
#: Exit status when a game that was to be saved was not saved anywhere.
NOT_SAVED_STATUS = 1
#: The most lines told again of what happened since the human's last move.
RECAP_LINES = 40
#: Lines the ``log`` command shows by default, and the most it keeps.
LOG_LINES = 30
LOG_KEPT = 500

_YES = frozenset({"y", "yes"})
_NO = frozenset({"n", "no"})
_HELP = frozenset({"help", "h", "?"})
_QUIT = frozenset({"quit", "q", "exit"})


def _json_path(text: str) -> Path:
    """The file a person named, with ``.json`` added when they gave no extension."""
    path = Path(text).expanduser()
    return path.with_suffix(".json") if path.suffix == "" else path


class LeaveGame(Exception):
    """The player typed ``quit``."""


class Session(Generic[S, A, V]):
    """A game between the human and the bots (see the module docstring).

    ``save_to`` is where ``--save`` asked the game to be saved (then no one is
    asked); ``resumed_from`` the save this game continues (the default place to
    save it again); ``folder`` where a default save name is made.
    """

    def __init__(
        self,
        front: GameFront[S, A, V],
        terminal: Terminal,
        setup: Setup,
        save_to: Path | None = None,
        resumed_from: Path | None = None,
        folder: Path | None = None,
    ) -> None:
        self.front = front
        self.terminal = terminal
        self.setup = setup
        self.state: S = front.new_state(setup.seed, setup.params)
        front.begin(self.state)
        seats = self.state.num_players
        self.bots: list[Player[V, A] | None] = [
            None if seat == setup.human and not setup.auto else self._bot(seat)
            for seat in range(seats)
        ]
        self.rngs = seat_rngs(setup.seed, seats)
        self.save_to = save_to
        self.save_path = save_to or resumed_from
        self.folder = folder if folder is not None else Path()
        #: Whether a bot chose differently from the saved game while catching up.
        self.diverged = False
        self._commands: list[Command] = []
        self._quiet = False
        #: What was told since the human's last move (shown again after the screen is
        #: covered, and on resuming a game).
        self._since: list[str] = []
        #: Everything told of the game (moves, their effects), the last LOG_KEPT lines.
        self._history: deque[str] = deque(maxlen=LOG_KEPT)
        #: Files this game may write without asking: its own saves (and --save, agreed).
        self._ours = {path.resolve() for path in (save_to, resumed_from) if path is not None}
        #: Whether the last save to ``save_to`` after a move failed.
        self._save_failing = False

    def _bot(self, seat: int) -> Player[V, A]:
        # --auto puts a heuristic bot in the human's seat, whatever the others are.
        kind = "heuristic" if seat == self.setup.human else self.setup.bot
        return self.front.make_bot(kind, self.setup.level, seat)

    # --- running the game ----------------------------------------------------------------

    def catch_up(self, actions: Sequence[str]) -> None:
        """Replay saved ``actions``, the bots choosing along; raises :class:`SaveError`."""
        self._quiet = True
        try:
            for number, text in enumerate(actions, start=1):
                try:
                    action = self.state.parse_action(text)
                except ValueError as error:
                    raise SaveError(
                        f"action {number} ({quoted(text)}) cannot be read: "
                        f"{visible(str(error)[:200])}"
                    ) from None
                seat = self.state.current_player
                bot = self.bots[seat] if seat is not None else None
                if seat is not None and bot is not None:
                    legal = self.state.legal_actions()
                    chosen = bot.choose(self.state.view(seat), legal, self.rngs[seat])
                    self.diverged = self.diverged or chosen != action
                reason = self.state.why_illegal(action)
                if reason is not None:
                    raise SaveError(
                        f"action {number} ({quoted(text)}) cannot be replayed: "
                        f"{visible(reason[:200])}"
                    )
                self._step(action)
        finally:
            self._quiet = False
            self.front.hold = False

    def play(self, resumed: bool = False) -> int:
        """Play to the end or until the player leaves; the exit status."""
        say = self.terminal.say_lines
        front, state, setup = self.front, self.state, self.setup
        names = ", ".join(front.names)
        bots = f"{setup.bot} bots" + (" (a bot plays your seat too)" if setup.auto else "")
        self.terminal.say(front.terminal.paint(f"{front.title}", "title"))
        self.terminal.say_wrapped(
            f"{setup.players} players: {names}. {bots.capitalize()}. Seed {setup.seed}."
        )
        if resumed:
            self.terminal.say(f"Resuming the saved game after {len(state.log)} moves.")
            if setup.revealed:
                self.terminal.say_wrapped(
                    "Note: this game's hidden cards were shown by pnp replay --reveal before "
                    "it was over, so every player's hand may be known; its saves keep that mark."
                )
            if self.diverged:
                self.terminal.say_wrapped(
                    "Note: the bots now choose differently from when this game was saved; "
                    "the game goes on from the saved position."
                )
            if state.is_terminal:
                where = shlex.quote(str(self.save_path)) if self.save_path else "FILE"
                self.terminal.say(f"That game is over. Watch it again with: pnp replay {where}")
                self.terminal.say_lines(front.summary(state))
                return 0
        self.terminal.say_wrapped("Type help at any prompt for the commands, rules for the rules.")
        say(front.opening(state))
        if resumed and not front.covers_table(state.view(setup.human)):
            self._recap("Before the game was saved, since your last move:")
            # The table as it was left, so that the game picks up where the eye left it.
            self.terminal.say(self.terminal.paint("The table when the game was saved:", "dim"))
            say(front.resumed_table(state.view(setup.human)))
        how = "over"
        try:
            while not state.is_terminal:
                seat = state.current_player
                assert seat is not None, "a game that is not over has a player to move"
                legal = state.legal_actions()
                view = state.view(seat)
                bot = self.bots[seat]
                if bot is None:
                    forced = front.automatic(view, legal)
                    if forced is not None:
                        self._step(forced)
                        continue
                if seat == setup.human:
                    if bot is None and front.covers_table(view):
                        self._cover()
                    elif bot is None:
                        self._pause()
                    say(front.show_table(view))
                if bot is None:
                    self._commands = front.commands(view)
                    action = front.human_turn(self, view, legal)
                else:
                    action = bot.choose(view, legal, self.rngs[seat])
                self._step(action)
        except LeaveGame:
            how = "left"
        except EndOfInput:
            how = "ended"
        except (Interrupted, KeyboardInterrupt):
            how = "interrupted"
        except Terminated as stopped:  # SIGTERM, or the terminal closed (SIGHUP)
            self._save_when_stopped(stopped.signal_name)
            raise
        return self._finish(how)

    def _cover(self) -> None:
        """Clear the screen for a memory game, after the human has read what was held, and
        tell again what a seated player saw since the human's last move (what they played
        earlier stays covered)."""
        if self.terminal.can_cover:
            if self.front.hold:
                self.terminal.ask("Press Enter to go on.")
            self.terminal.cover()
            self._recap("Since your last move:")
        self.front.hold = False

    def _pause(self) -> None:
        """Wait for Enter before the human's table when something long was told (a hand's
        result) that the table would scroll away, where a person types the answers."""
        if self.front.hold and self.terminal.is_interactive:
            self.terminal.ask("Press Enter to go on.")
        self.front.hold = False

    def _recap(self, heading: str) -> None:
        if self._since:
            self.terminal.say(self.terminal.paint(heading, "dim"))
            self.terminal.say_lines(self._since[-RECAP_LINES:])

    def _step(self, action: A) -> None:
        viewer = self.setup.human
        mover = self.state.current_player
        before = self.state.view(viewer)
        self.state.apply(action)
        lines = self.front.narrate(before, action, self.state.view(viewer))
        self._history.extend(lines)
        if not self._quiet:
            self.terminal.say_lines(lines)
        if mover == viewer:
            self._since = []
            if self.bots[viewer] is None and not self._quiet:
                self._keep_saved()
        else:
            self._since += lines

    def _finish(self, how: str) -> int:
        terminal = self.terminal
        if how != "over":
            terminal.say()
            reason = {
                "left": "You leave the game.",
                "ended": "The input has ended.",
                "interrupted": "Interrupted.",
            }[how]
            terminal.say(f"{reason} The game stops here.")
        terminal.say_lines(self.front.summary(self.state))
        saved = self._offer_save()
        if how == "interrupted":
            return INTERRUPTED_STATUS
        return 0 if saved else NOT_SAVED_STATUS

    # --- saving --------------------------------------------------------------------------

    def _save_when_stopped(self, signal_name: str) -> None:
        """Stopped by a signal: save an unfinished game (or any game with ``--save``)
        without asking, since nobody may be there to answer, then say so if the terminal
        is still there."""
        if self.state.is_terminal and self.save_to is None:
            return
        path = self.save_to or self._default_path()
        try:
            self.save_quietly(path)
        except WriteError as error:
            told = (
                f"Stopped ({signal_name}): the game could not be saved to {path} ({error.reason})."
            )
        else:
            quoted = shlex.quote(str(path))
            told = (
                f"Stopped ({signal_name}): the game is saved to {path}. Resume it with: "
                f"pnp play --resume {quoted}"
            )
        with contextlib.suppress(OSError):  # the terminal may be gone (SIGHUP)
            self.terminal.say()
            self.terminal.say_wrapped(told)

    def _default_path(self) -> Path:
        if self.save_path is None:
            self.save_path = default_save_path(self.setup.game, self.setup.seed, self.folder)
        return self.save_path

    def save_quietly(self, path: Path) -> None:
        """Write the game to ``path`` without a word (``--save`` before the first move and
        after the human's moves); raises :class:`~pnp.play.saves.WriteError`."""
        write_save(path, self.state, self.setup)
        self._ours.add(path.resolve())

    def _keep_saved(self) -> None:
        """Save to ``--save``'s file after the human's move; say once when that fails."""
        if self.save_to is None:
            return
        try:
            self.save_quietly(self.save_to)
        except WriteError as error:
            if not self._save_failing:
                self._tell(
                    f"Could not save the game to {self.save_to} ({error.reason}); the game "
                    "goes on, and at its end you can save it to another file."
                )
            self._save_failing = True
            return
        if self._save_failing:
            self._tell(f"The game is saved to {self.save_to} again.")
        self._save_failing = False

    def _tell(self, text: str) -> None:
        """Say ``text`` now, and again with what a covered screen tells again."""
        lines = wrap(text)
        self.terminal.say_lines(lines)
        self._since += lines

    def save(self, path: Path) -> bool:
        """Save the game to ``path`` and say so (or say why not); a file that is not this
        game's own save is saved over only when the player says so."""
        if not self._may_write(path):
            self.terminal.say(f"Not saved over {path}.")
            return False
        try:
            write_save(path, self.state, self.setup)
        except SaveError as error:
            self.terminal.say_wrapped(f"Not saved: {error}.")
            return False
        self.save_path = path
        self._ours.add(path.resolve())
        quoted = shlex.quote(str(path))
        if self.state.is_terminal:
            self.terminal.say(f"Saved the game log to {path}.")
            self.terminal.say(f"Watch it with: pnp replay {quoted}")
        else:
            self.terminal.say(f"Saved the game to {path}.")
            self.terminal.say(f"Resume it with: pnp play --resume {quoted}")
        return True

    def _may_write(self, path: Path) -> bool:
        """Whether ``path`` may be written: a new file, this game's own save, or one the
        player agrees to save over (the end of the input says no)."""
        if not path.is_file() or path.resolve() in self._ours:
            return True
        while not self.terminal.at_end:
            try:
                answer = self.terminal.ask(f"{path} exists. Save over it? (y/n)").strip().lower()
            except (EndOfInput, Interrupted):
                return False
            if answer in _YES | _NO:
                return answer in _YES
            self.terminal.say("Please answer y (yes) or n (no).")
        return False

    def _offer_save(self) -> bool:
        """Save the game or offer to; whether it was saved, or the player chose not to."""
        required = self.save_to is not None
        if self.save_to is not None:
            if self.save(self.save_to):
                return True
            path = default_save_path(self.setup.game, self.setup.seed, self.folder)
            self.terminal.say_wrapped(f"The game can be saved to another file ({path}).")
        else:
            path = self._default_path()
        while True:
            if self.terminal.at_end:
                return self._save_at_end(path, required)
            try:
                answer = self.terminal.ask(
                    f"Save the game log? Type a file name, Enter for {path}, or n:"
                ).strip()
            except EndOfInput:
                continue
            except Interrupted:
                self.terminal.say("Not saved.")
                return not required
            word = answer.lower()
            if word in _NO | _QUIT:
                self.terminal.say("Not saved.")
                return not required
            if word in _HELP:
                self.terminal.say_lines(
                    wrap(
                        "The log (seed, options and every move) lets you resume an unfinished "
                        "game with pnp play --resume FILE and watch any game with pnp replay "
                        "FILE. Press Enter to save it under the name shown, type another name, "
                        "or n not to save."
                    )
                )
                continue
            target = path if word in _YES | {""} else _json_path(answer)
            if self.save(target):
                return True

    def _save_at_end(self, path: Path, required: bool) -> bool:
        """At the end of the input: save an unfinished game (or one ``--save`` could not
        keep) to ``path`` without asking; whether the game is saved or needed no saving."""
        if self.state.is_terminal and not required:
            self.terminal.say_wrapped(
                "The input has ended, so the game log is not saved (use --save FILE to keep it)."
            )
            return True
        self.terminal.say("The input has ended, so the game is saved without asking.")
        return self.save(path)

    # --- the Asker the front ends use ----------------------------------------------------

    def ask(
        self,
        prompt: str,
        parse: Callable[[str], T],
        help_lines: Sequence[str] = (),
        allow_empty: bool = False,
    ) -> T:
        """Ask until ``parse`` accepts the answer; shared commands are handled here."""
        terminal = self.terminal
        while True:
            text = terminal.ask(prompt).strip()
            word = text.lower()
            if not text and allow_empty:
                try:
                    return parse(text)
                except BadInput as error:
                    terminal.say_lines(wrap(str(error)))
                    continue
            if not text:
                terminal.say("Please type a choice (or help).")
                continue
            if word in _HELP:
                for line in [*help_lines, *self._help_lines()]:
                    terminal.say_lines(wrap(line) if visible_width(line) > columns() else [line])
                continue
            if word == "rules":
                terminal.say_lines(self.front.rules_summary(self.state))
                continue
            if word == "log" or word.startswith("log "):
                terminal.say_lines(self._log(word[len("log") :].strip()))
                continue
            if word in _QUIT:
                raise LeaveGame
            if word == "save" or word.startswith("save "):
                where = text[len("save") :].strip()
                self.save(_json_path(where) if where else self._default_path())
                continue
            command = next((c for c in self._commands if c.name == word), None)
            if command is not None:
                terminal.say_lines(command.run())
                continue
            try:
                return parse(text)
            except BadInput as error:
                for line in str(error).splitlines():
                    terminal.say_lines(wrap(line) if line.strip() else [line])

    def ask_yes_no(self, prompt: str, help_lines: Sequence[str] = ()) -> bool:
        def parse(text: str) -> bool:
            word = text.lower()
            if word in _YES | _NO:
                return word in _YES
            raise BadInput("Please answer y (yes) or n (no).")

        return self.ask(prompt, parse, help_lines)

    def why_not(self, action: Any) -> str | None:
        reason = self.state.why_illegal(action)
        if reason is None:
            return None
        # The engine says "player 0 cannot discard QH: <why>"; keep the why.
        _, _, why = reason.partition(": ")
        return self.front.describe_problem(action, why or reason)

    def tell(self, lines: Sequence[str]) -> None:
        self.terminal.say_lines(lines)

    def _log(self, count_text: str) -> list[str]:
        """The last events told again (``log N``: the last N lines). In a memory game, only
        what the others did since your last move, as the covered screen tells it again."""
        if count_text and not count_text.isdigit():
            return [f"Type log, or log and a number of lines (log 60); not {quoted(count_text)}."]
        count = int(count_text) if count_text else LOG_LINES
        if self.front.covers_table(self.state.view(self.setup.human)):
            told = self._since[-count:]
            heading = "Since your last move (what you played stays covered):"
        else:
            told = list(self._history)[-count:] if count else []
            heading = f"The last {len(told)} lines of the game:"
        if not told:
            return ["Nothing has been told yet."]
        return [self.terminal.paint(heading, "dim"), *told]

    def _help_lines(self) -> list[str]:
        lines = ["At any prompt:"]
        for command in self._commands:
            lines.append(f"  {command.name:<10} {command.help}")
        lines += [
            f"  {'log':<10} the last events again (log N: the last N lines)",
            f"  {'rules':<10} the rules in brief",
            f"  {'save':<10} save the game now (save FILE to choose the file)",
            f"  {'quit':<10} leave the game (you can save it to resume later)",
        ]
        return lines
