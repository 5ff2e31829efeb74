"""A table of a game in the browser, independent of HTTP: the engine's state, the bots, a
secret token for each human seat, and what each seat has been told.

A :class:`Table` plays one game on the engine core as ``pnp play`` does: each bot sees
only its seat's view and the legal actions, with its seat's seeded generator
(:func:`bots.core.seat_rngs`), and the game's own terminal front tells every event
(:meth:`pnp.play.front.GameFront.narrate`), cause before effect, from each human seat's
views before and after it. So the web log is the terminal's narration, one front a human
seat (a front keeps a memory of its own, fed every action in order).

What a seat is sent (:meth:`Table.view`) is only what its engine view holds: the view's
lines as the terminal shows them, the view itself as JSON (:func:`jsonable`), the cards
it sees as zones and the scores (:meth:`pnp.play.front.GameFront.zones` and ``scores``,
made from the view; none for a front that gives none), its legal actions when it is to
act, and its events. In a memory game (a front whose
``covers_table`` is true, Chin Music) a seat's events are only those since its last move,
as the covered terminal tells them again: what it played earlier stays covered.

**The spectator.** No engine has a public view, so one is made from the seats' views: a
spectator (no token, or a token of no seat) gets the part of the views that every seat
sees alike (:func:`common`: where the seats' views differ, a value is replaced by
``{"hidden": true}``), with every value any seat's ``hidden_from`` names masked too; the
lines that every seat's table shows; the zones and scores as every other seat sees them
alike (:func:`pnp.table.zones.spectator_zones`); and the events as ``Ana: play`` (the seat and the
action's verb only, since an action's text may name a card that is later covered). A
spectator is told of the human seats as ``Player N``, never ``You``.

A table's log (:meth:`Table.log`) is the save of ``pnp play --save``, so ``pnp replay``
and ``pnp play --resume`` read it, and :meth:`Table.resume` makes a table from such a save
(the bots choose along while the saved actions are replayed, so their memories and
generators end where they were).
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import io
import re
import secrets
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ParamSpec, TypeVar

from bots.core import GameConfigError, GameState, Player, seat_rngs
from pnp.play.front import BOT_NAMES, YOU, GameFront, bot_name, params_from_words
from pnp.play.generic import action_text
from pnp.play.saves import PLAY_KEY, SaveError, Setup, save_data
from pnp.play.terminal import Terminal, unwrapped
from pnp.registry import LoadedGame
from pnp.table.zones import spectator_scores, spectator_zones

#: The bots' levels a table takes: random play, or the heuristic bots' levels.
BOT_LEVELS = ("random", "easy", "medium", "hard")
#: The level when none is given.
DEFAULT_LEVEL = "medium"
#: The key of a save's ``play`` object that lists a table's human seats.
HUMANS_KEY = "humans"
#: What stands in a spectator's view for a value some seat may not see.
HIDDEN: dict[str, bool] = {"hidden": True}
#: The most events a seat is sent (the oldest are dropped first).
EVENTS_KEPT = 2000


_P = ParamSpec("_P")
_R = TypeVar("_R")


def _whole_lines(method: Callable[_P, _R]) -> Callable[_P, _R]:
    """Runs ``method`` with the fronts' text unwrapped: the page wraps it to its own
    width, and a sentence wrapped for a terminal would come as several events."""

    @functools.wraps(method)
    def told(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        with unwrapped():
            return method(*args, **kwargs)

    return told


#: A card id of more than one word, as the card data writes ids (``make-it-a-double``).
CARD_ID = re.compile(r"\b[a-z0-9]+(?:-[a-z0-9]+)+\b")


@functools.cache
def _card_names(game: LoadedGame) -> dict[str, str]:
    """Each printed card's id, with its name (for the cards that have one)."""
    return {
        card.id: name
        for deck in game.game.decks
        for card in deck.cards
        if isinstance(name := getattr(card, "name", None), str) and name
    }


class TableError(ValueError):
    """A request a table refuses; the message is a sentence for the person who made it."""


class NotYourSeat(TableError):
    """A token that is no seat's, where a seat's token is needed."""


def jsonable(value: object) -> Any:
    """``value`` (an engine view, a card, an action) as JSON values: a dataclass as an
    object of its fields, a mapping as an object, a list, tuple or set as a list (a set in
    the order of its members' text), an enum as its value, anything else as its text."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, enum.Enum):
        return jsonable(value.value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    as_dict = getattr(value, "_asdict", None)  # a named tuple
    if isinstance(value, tuple) and callable(as_dict):
        return {str(key): jsonable(item) for key, item in as_dict().items()}
    slots = _public_slots(type(value))
    if slots:  # a frozen record with slots (Joe's Bar's seats)
        return {name: jsonable(getattr(value, name)) for name in slots if hasattr(value, name)}
    if isinstance(value, Mapping):
        return {str(key): jsonable(item) for key, item in value.items()}
    if isinstance(value, set | frozenset):
        return [jsonable(item) for item in sorted(value, key=str)]
    if isinstance(value, list | tuple):
        return [jsonable(item) for item in value]
    return str(value)


def _public_slots(kind: type) -> list[str]:
    """The slots of ``kind`` and its bases whose names do not start with ``_``."""
    names: list[str] = []
    for base in reversed(kind.__mro__):
        slots = base.__dict__.get("__slots__", ())
        names += [slots] if isinstance(slots, str) else list(slots)
    return [name for name in dict.fromkeys(names) if not name.startswith("_")]


def common(trees: Sequence[Any]) -> Any:
    """What the JSON ``trees`` (the seats' views) hold alike: objects with the same keys
    and lists of the same length are compared member by member; any other difference is
    :data:`HIDDEN`."""
    first = trees[0]
    if all(tree == first for tree in trees[1:]):
        return first
    if all(isinstance(tree, dict) for tree in trees) and all(
        tree.keys() == first.keys() for tree in trees
    ):
        return {key: common([tree[key] for tree in trees]) for key in first}
    if all(isinstance(tree, list) for tree in trees) and all(
        len(tree) == len(first) for tree in trees
    ):
        return [common([tree[i] for tree in trees]) for i in range(len(first))]
    return dict(HIDDEN)


def masked(tree: Any, hidden: Sequence[Any]) -> Any:
    """``tree`` with every value equal to one of ``hidden`` replaced by :data:`HIDDEN`."""
    if any(tree == secret for secret in hidden):
        return dict(HIDDEN)
    if isinstance(tree, dict):
        return {key: masked(item, hidden) for key, item in tree.items()}
    if isinstance(tree, list):
        return [masked(item, hidden) for item in tree]
    return tree


def table_names(players: int, humans: Sequence[int]) -> tuple[str, ...]:
    """The players' names: with one human, ``You`` and the bots' names as in ``pnp play``;
    with more, ``Player N`` at each human seat."""
    bots = iter(BOT_NAMES)
    if len(humans) == 1:
        return tuple(YOU if seat in humans else next(bots) for seat in range(players))
    return tuple(f"Player {seat + 1}" if seat in humans else next(bots) for seat in range(players))


def _verb(action: object) -> str:
    """The verb of an action's text (``0:play:flare`` -> ``play``)."""
    parts = str(action).split(":")
    return parts[1] if len(parts) > 1 else "moves"


class _Seat:
    """What a human seat of a table has: its token, its front and what it was told."""

    def __init__(self, token: str, front: GameFront[Any, Any, Any]) -> None:
        self.token = token
        self.front = front
        self.events: list[str] = []
        #: What was told since this seat's last move (a memory game shows only this).
        self.since: list[str] = []


class Table:
    """One game at a table (see the module docstring); make one with :meth:`create` or
    :meth:`resume`. Every public method holds the table's lock."""

    def __init__(self, game: LoadedGame, setup: Setup, humans: Sequence[int]) -> None:
        self.game = game
        self.setup = setup
        self.humans = tuple(sorted(set(humans)))
        self.id = secrets.token_urlsafe(6)
        self.lock = threading.RLock()
        self.state: GameState[Any, Any] = game.new(setup.seed, setup.params)
        seats = self.state.num_players
        if not self.humans or not all(0 <= seat < seats for seat in self.humans):
            raise TableError(f"the human seats must be seats from 0 to {seats - 1}")
        self.names = setup.names
        terminal = Terminal(io.StringIO(), io.StringIO())
        front_class = game.front()
        kind = "random" if setup.bot == "random" else "heuristic"
        maker = front_class(game, terminal, self.names, -1)
        self.bots: list[Player[Any, Any] | None] = [
            None if seat in self.humans else maker.make_bot(kind, setup.level, seat)
            for seat in range(seats)
        ]
        self.rngs = seat_rngs(setup.seed, seats)
        self.seats: dict[int, _Seat] = {}
        for seat in self.humans:
            names = tuple(YOU if other == seat else name for other, name in enumerate(self.names))
            front = front_class(game, terminal, names, seat)
            front.begin(self.state)
            told = _Seat(secrets.token_urlsafe(16), front)
            told.events = list(front.opening(self.state))
            self.seats[seat] = told
        self.spectator_events: list[str] = []
        #: Shows the seats' tables for a spectator's lines: no seat is "You".
        self.onlooker_names = tuple(
            f"Player {seat + 1}" if seat in self.humans else name
            for seat, name in enumerate(self.names)
        )
        self.onlooker = front_class(game, terminal, self.onlooker_names, -1)
        self.onlooker.begin(self.state)
        # The playtest of the table (pnp.table.playtests): when its first and last moves
        # were made, whether it went on from a save, whether it asks the people what they
        # thought (not of a save of a game already over), and their answers by seat.
        self.first_move_at: float | None = None
        self.last_move_at: float | None = None
        self.resumed = False
        self.asks_feedback = True
        self.answers: dict[int, Any] = {}

    # --- making a table ------------------------------------------------------------------

    @classmethod
    @_whole_lines
    def create(
        cls,
        game: LoadedGame,
        players: int | None = None,
        humans: Sequence[int] = (0,),
        bot: str = DEFAULT_LEVEL,
        seed: int | None = None,
        variants: Sequence[str] = (),
    ) -> Table:
        """A new table; raises :class:`TableError` with a sentence for a choice that
        cannot be used (players out of range, an unknown variant or level)."""
        count = players if players is not None else game.front().default_players
        if count not in game.players:
            raise TableError(
                f"{game.title} is played by {game.players.start} to {game.players.stop - 1} "
                f"players, not {count}"
            )
        if bot not in BOT_LEVELS:
            raise TableError(f"the bots' level must be one of {', '.join(BOT_LEVELS)}, not {bot!r}")
        if not humans or any(not 0 <= seat < count for seat in humans):
            raise TableError(f"the human seats must be at least one of the seats 0 to {count - 1}")
        try:
            params = params_from_words(game, count, variants)
        except ValueError as error:
            raise TableError(str(error)) from None
        if seed is None:
            seed = secrets.randbelow(10**6)
        setup = Setup(
            game=game.id,
            seed=seed,
            params=params.to_dict(),
            human=min(humans),
            names=table_names(count, sorted(set(humans))),
            bot="random" if bot == "random" else "heuristic",
            level=DEFAULT_LEVEL if bot == "random" else bot,
            variants=tuple(variants),
        )
        table = cls(game, setup, humans)
        table._run_bots()
        return table

    @classmethod
    @_whole_lines
    def resume(cls, game: LoadedGame, data: Mapping[str, Any]) -> Table:
        """The table of a save (a table's :meth:`log`, or ``pnp play --save``'s file);
        raises :class:`TableError` naming what cannot be used."""
        try:
            setup = Setup.from_record(data)
        except SaveError as error:
            raise TableError(str(error)) from None
        if setup.game != game.id:
            raise TableError(f"the save is a game of {setup.game!r}, not {game.id}")
        play = data.get(PLAY_KEY, {})
        humans = play.get(HUMANS_KEY, [setup.human]) if isinstance(play, Mapping) else []
        if not isinstance(humans, list) or not all(
            isinstance(seat, int) and not isinstance(seat, bool) for seat in humans
        ):
            raise TableError(f"the save's {HUMANS_KEY!r} must be a list of seats")
        actions = data.get("actions")
        if not isinstance(actions, list) or not all(isinstance(text, str) for text in actions):
            raise TableError("the save's 'actions' must be a list of moves")
        try:
            table = cls(game, setup, humans)
        except GameConfigError as error:
            raise TableError(f"the save's parameters cannot be used: {error}") from None
        for number, text in enumerate(actions, start=1):
            try:
                action = table.state.parse_action(text)
            except ValueError as error:
                raise TableError(f"move {number} ({text!r}) cannot be read: {error}") from None
            seat = table.state.current_player
            bot = table.bots[seat] if seat is not None else None
            if seat is not None and bot is not None:  # the bot chooses along (its memory)
                bot.choose(table.state.view(seat), table.state.legal_actions(), table.rngs[seat])
            reason = table.state.why_illegal(action)
            if reason is not None:
                raise TableError(f"move {number} ({text!r}) cannot be replayed: {reason}")
            table._step(action)
        table.resumed = True
        table.asks_feedback = not table.state.is_terminal
        table._run_bots()
        return table

    # --- playing -------------------------------------------------------------------------

    def seat_of(self, token: str | None) -> int | None:
        """The seat whose token is ``token``; ``None`` for no token."""
        if token is None:
            return None
        for seat, told in self.seats.items():
            if secrets.compare_digest(told.token, token):
                return seat
        raise NotYourSeat("that token is not a seat's of this table")

    @property
    def tokens(self) -> dict[int, str]:
        """Each human seat's secret token."""
        return {seat: told.token for seat, told in self.seats.items()}

    @_whole_lines
    def act(self, token: str, text: str) -> dict[str, Any]:
        """Take the action written ``text`` for ``token``'s seat, then let the bots move
        until a human must act; the seat's new view. Raises :class:`TableError` with the
        engine's sentence, changing nothing, when the action cannot be taken."""
        with self.lock:
            seat = self.seat_of(token)
            assert seat is not None
            state = self.state
            if state.is_terminal:
                raise TableError("the game is over")
            if state.current_player != seat:
                raise TableError(f"it is {self.names[state.current_player or 0]}'s turn, not yours")
            try:
                action = state.parse_action(text)
            except ValueError as error:
                raise TableError(str(error)) from None
            if action.player != seat:
                raise TableError(
                    f"{text!r} is a move of {self.names[action.player]}'s seat, not yours"
                    if 0 <= action.player < state.num_players
                    else f"{text!r} names no seat of this table"
                )
            reason = state.why_illegal(action)
            if reason is not None:
                _, _, why = reason.partition(": ")
                raise TableError(self.seats[seat].front.describe_problem(action, why or reason))
            self._step(action)
            self._run_bots()
            return self.view(token)

    def _run_bots(self) -> None:
        """Let the bots move, and take the actions the rules force on a human (a pass with
        nothing to play, as ``pnp play`` does), until a human must choose or the game ends."""
        state = self.state
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None, "a game that is not over has a player to move"
            legal = state.legal_actions()
            view = state.view(seat)
            bot = self.bots[seat]
            if bot is not None:
                self._step(bot.choose(view, legal, self.rngs[seat]))
                continue
            forced = self.seats[seat].front.automatic(view, legal)
            if forced is None:
                return
            self._step(forced)

    def _step(self, action: Any) -> None:
        state = self.state
        mover = state.current_player
        before = {seat: state.view(seat) for seat in self.seats}
        state.apply(action)
        self.last_move_at = time.time()
        if self.first_move_at is None:
            self.first_move_at = self.last_move_at
        for seat, told in self.seats.items():
            lines = told.front.narrate(before[seat], action, state.view(seat))
            told.events.extend(lines)
            del told.events[:-EVENTS_KEPT]
            if mover == seat:  # a memory game shows what came after the seat's move
                told.since = []  # (its own words may be covered by the time it looks)
            else:
                told.since.extend(lines)
        if mover is not None:
            self.spectator_events.append(f"{self.onlooker_names[mover]}: {_verb(action)}")
            del self.spectator_events[:-EVENTS_KEPT]

    # --- what is sent --------------------------------------------------------------------

    def card_names(self, label: str) -> str:
        """An action's label with the card ids it names (``road-crew``) written as the
        cards print their names (``Road Crew``)."""
        names = _card_names(self.game)
        return CARD_ID.sub(lambda found: names.get(found.group(0), found.group(0)), label)

    def players(self) -> list[dict[str, Any]]:
        """The seats: name, and whether a person or a bot plays it."""
        bot = "random" if self.setup.bot == "random" else self.setup.level
        return [
            {
                "seat": seat,
                "name": name,
                "human": seat in self.seats,
                "bot": None if seat in self.seats else bot,
            }
            for seat, name in enumerate(self.names)
        ]

    @_whole_lines
    def view(self, token: str | None) -> dict[str, Any]:
        """What ``token``'s seat may see (see the module docstring), ready for JSON; a
        spectator's view for ``None``. Raises :class:`NotYourSeat` for another token."""
        with self.lock:
            seat = self.seat_of(token)
            state = self.state
            over = state.is_terminal
            to_act = state.current_player
            answer: dict[str, Any] = {
                "table": self.id,
                "game": self.game.id,
                "title": self.game.title,
                "seat": seat,
                "players": self.players(),
                "to_act": to_act,
                "moves": len(state.log),
                "over": over,
            }
            if seat is None:
                answer.update(self._spectator())
            else:
                told = self.seats[seat]
                view = state.view(seat)
                legal = state.legal_actions() if to_act == seat and not over else []
                covered = told.front.covers_table(view) and not over
                answer.update(
                    {
                        "lines": told.front.show_table(view),
                        "zones": [zone.to_json() for zone in told.front.zones(view, legal)],
                        "scores": [score.to_json() for score in told.front.scores(view)],
                        "typed": [move.to_json() for move in told.front.typed_moves(view, legal)],
                        "view": jsonable(view),
                        "legal": [
                            {
                                "action": str(action),
                                "label": told.front.move_label(action)
                                or self.card_names(action_text(action)),
                            }
                            for action in legal
                        ],
                        "events": list(told.since if covered else told.events),
                        "covered": covered,
                    }
                )
            answer["result"] = self._result(seat) if over else None
            answer["feedback"] = {
                "asked": over and seat is not None and self.asks_feedback,
                "given": seat in self.answers,
            }
            return answer

    def _spectator(self) -> dict[str, Any]:
        state = self.state
        seats = range(state.num_players)
        adapter = self.game.verify_adapter
        hidden: list[Any] = []
        for seat in seats:
            hidden += [jsonable(value) for value in adapter.hidden_from(state, seat)]
        views = [state.view(seat) for seat in seats]
        tables = [self.onlooker.show_table(view) for view in views]
        lines = [line for line in tables[0] if all(line in table for table in tables[1:])]
        onlooker = self.onlooker
        return {
            "lines": lines,
            "zones": spectator_zones([onlooker.zones(view, ()) for view in views]),
            "scores": spectator_scores([onlooker.scores(view) for view in views]),
            "view": masked(common([jsonable(view) for view in views]), hidden),
            "legal": [],
            "typed": [],
            "events": list(self.spectator_events),
            "covered": False,
        }

    def _result(self, seat: int | None) -> dict[str, Any]:
        returns = list(self.state.returns())
        if seat is not None:
            summary = self.seats[seat].front.summary(self.state)
        else:
            best = max(returns)
            names = self.onlooker_names
            winners = [names[s] for s, value in enumerate(returns) if value == best]
            pairs = zip(names, returns, strict=True)
            summary = [f"{name}: {value:g}" for name, value in pairs]
            summary.append(f"Winner: {' and '.join(winners)}.")
        return {"returns": returns, "summary": summary}

    def log(self) -> dict[str, Any]:
        """The save of ``pnp play --save`` (sealed, with the first human seat as the
        player's), with the table's human seats under ``play.humans``."""
        with self.lock:
            data = save_data(self.state, self.setup)
            data[PLAY_KEY][HUMANS_KEY] = list(self.humans)
            return data


def bot_levels(game: LoadedGame) -> dict[str, str]:
    """Each level a table takes, with the game's bot that plays it."""
    return {
        level: bot_name(game, "random" if level == "random" else "heuristic", level)
        for level in BOT_LEVELS
    }
