"""The terminal front of a game without one of its own: the view, and numbered actions.

Every turn the human sees their view (:func:`view_lines`) and the legal actions numbered
with their text (``describe()``); they type a number, or an action as the engine writes
it (``0:play-7``). Each action is told as ``Ana: play the 7``: the generic front shows
every action's ``describe()`` to everyone, so an engine with hidden information writes
``describe()`` without the secret (``draw a card``, not ``draw the 7``), or gives its
actions a ``public_text()`` method for what the table sees.

An engine's view may bring a ``lines()`` method (the lines to show); otherwise a
dataclass view is shown one field a line, anything else by its ``str()``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from bots.core import GameState
from pnp.play.front import Asker, BadInput, GameFront, numbers
from pnp.play.terminal import wrap

if TYPE_CHECKING:
    from pnp.registry import LoadedGame


def view_lines(view: object) -> list[str]:
    """What a view shows at the terminal (see the module docstring)."""
    lines = getattr(view, "lines", None)
    if callable(lines):
        return [str(line) for line in lines()]
    if dataclasses.is_dataclass(view) and not isinstance(view, type):
        return [
            f"{field.name.replace('_', ' ')}: {_shown(getattr(view, field.name))}"
            for field in dataclasses.fields(view)
        ]
    return wrap(str(view))


def _shown(value: object) -> str:
    if isinstance(value, tuple | list | frozenset | set):
        return ", ".join(map(str, value)) if value else "none"
    return str(value)


def action_text(action: object) -> str:
    """What the table is told an action does."""
    public = getattr(action, "public_text", None)
    if callable(public):
        return str(public())
    describe = getattr(action, "describe", None)
    return str(describe()) if callable(describe) else str(action)


class GenericFront(GameFront[GameState[Any, Any], Any, Any]):
    """The front of a game without its own (see the module docstring); made for one game
    by :meth:`for_game`."""

    game_id = ""
    title = ""
    default_players = 2

    @classmethod
    def for_game(cls, game: LoadedGame) -> type[GenericFront]:
        """This front for ``game`` (its id, title and usual player count)."""
        players = game.game.spec.players
        usual = players.best[0] if players.best else players.min
        attributes = {"game_id": game.id, "title": game.title, "default_players": usual}
        return type(f"{game.engine.__name__}Front", (cls,), attributes)

    def opening(self, state: GameState[Any, Any]) -> list[str]:
        variants = self.active_variants(state)
        return [f"Variants: {', '.join(variants)}."] if variants else []

    def rules_summary(self, state: GameState[Any, Any]) -> list[str]:
        lines = wrap(self.game.game.spec.summary)
        variants = self.active_variants(state)
        if variants:
            lines.append(f"Variants in play: {', '.join(variants)}.")
        return lines

    def summary(self, state: GameState[Any, Any]) -> list[str]:
        returns = state.returns()
        if not state.is_terminal:
            return ["The game was left before its end."]
        best = max(returns)
        winners = [self.names[seat] for seat, value in enumerate(returns) if value == best]
        lines = [f"{self.names[seat]}: {value:g}" for seat, value in enumerate(returns)]
        return [*lines, f"Winner: {' and '.join(winners)}."]

    def narrate(self, before: Any, action: Any, after: Any) -> list[str]:
        return [f"{self.names[action.player]}: {action_text(action)}"]

    def show_table(self, view: Any) -> list[str]:
        return view_lines(view)

    def human_turn(self, asker: Asker, view: Any, legal: Sequence[Any]) -> Any:
        menu = [f"  {number}. {action_text(action)}" for number, action in enumerate(legal, 1)]
        asker.tell(["Your choices:", *menu])

        def parse(text: str) -> Any:
            word = text.strip()
            if word.isdigit():
                number = int(word)
                if 1 <= number <= len(legal):
                    return legal[number - 1]
                raise BadInput(f"there is no choice {number}: type {numbers(len(legal))}")
            written = {str(action): action for action in legal}
            if word in written:
                return written[word]
            raise BadInput(
                f"{word!r} is not one of your choices: type a number, {numbers(len(legal))}"
            )

        help_lines = [
            f"Type the number of your choice ({numbers(len(legal))}), or the action as the "
            "game writes it."
        ]
        return asker.ask(f"Your choice ({numbers(len(legal))})", parse, help_lines)
