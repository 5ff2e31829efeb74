"""Playtests: the games played at ``pnp table``, one file a game, with what the people who
played them answered.

**The file.** When a table's game ends, ``pnp table`` writes it into its playtests folder
(``--playtests DIR``, default ``playtests/``) as one JSON file named by the time it ended
and the table (``20261204-101500-chinchon-Ab3xY_.json``, UTC: the names sort by time and
never collide). The file *is* the table's save (:meth:`pnp.table.tables.Table.log`, the
format of ``pnp play --save``), so ``pnp replay FILE`` tells the game and ``pnp play
--resume`` reads it, with one key more, ``"playtest"``::

    {"format": 1, "table": "Ab3xY_", "title": "Chinchón", "card_data": SHA-256,
     "variant": ["shorter-game"], "players": 2, "bot": "medium", "humans": [0],
     "names": ["You", "Ana"], "resumed": false,
     "result": {"returns": [1.0, 0.0], "winners": [0]},
     "moves": 84, "started": "2026-12-04T10:03:12Z", "ended": "2026-12-04T10:15:00Z",
     "minutes": 11.8,
     "answers": {"0": {"fun": 4, "length": "about right", "note": "...",
                       "at": "2026-12-04T10:15:40Z"}}}

``bot`` is the bots' level (``random``, ``easy``, ``medium``, ``hard``), or ``null`` at a
table of people only; ``card_data`` the digest of the game's card data it was played on
(:func:`pnp.catalog.digest.game_digest`); ``minutes`` run from the first move made at the
table to the last; ``resumed`` says the table went on from a save. Each human seat may
answer once the game is over (:func:`give_answer`); the file is written again, atomically,
with every answer so far (a seat that answers again replaces its answer).

A table that was opened on a save of a game already over asks nothing and writes nothing
(it would count a game twice).
"""

from __future__ import annotations

import datetime
import json
import math
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnp.catalog.digest import game_digest
from pnp.files import write_atomic
from pnp.play.saves import read_save

if TYPE_CHECKING:
    from pnp.table.tables import Table

#: The version of the ``"playtest"`` key this module writes and reads.
FORMAT = 1
#: The key of a save that holds the playtest.
KEY = "playtest"
#: The answers to "how long did it feel?".
LENGTHS = ("too short", "about right", "too long")
#: The ratings of fun, from 1 (no fun) to 5 (great fun).
FUN = (1, 2, 3, 4, 5)
#: The most characters of a note.
NOTE_LENGTH = 2000


class PlaytestError(ValueError):
    """An answer or a playtest file that cannot be used; the message is a sentence."""


class NotOverYet(PlaytestError):
    """An answer sent before the game is over."""


@dataclass(frozen=True)
class Answer:
    """What one person said of a game: fun from 1 to 5, how its length felt, a note."""

    fun: int
    length: str
    note: str
    at: str

    @classmethod
    def parse(cls, data: Mapping[str, Any], at: str) -> Answer:
        """The answer of a request's JSON; raises :class:`PlaytestError` saying every
        value that cannot be used."""
        problems = []
        fun = data.get("fun")
        if isinstance(fun, bool) or fun not in FUN:
            problems.append(f"'fun' must be a whole number from 1 to 5, not {_shown(fun)}")
        length = data.get("length")
        if length not in LENGTHS:
            choices = ", ".join(json.dumps(choice) for choice in LENGTHS)
            problems.append(f"'length' must be one of {choices}, not {_shown(length)}")
        note = data.get("note", "")
        if note is None:
            note = ""
        if not isinstance(note, str):
            problems.append(f"'note' must be text, not {_shown(note)}")
        elif len(note) > NOTE_LENGTH:
            problems.append(f"'note' must be at most {NOTE_LENGTH:,} characters, not {len(note):,}")
        unknown = sorted(set(data) - {"fun", "length", "note"})
        if unknown:
            problems.append(f"only 'fun', 'length' and 'note' are answered, not {unknown[0]!r}")
        if problems:
            raise PlaytestError("; ".join(problems))
        assert isinstance(fun, int) and isinstance(length, str) and isinstance(note, str)
        return cls(fun, length, note.strip(), at)

    def to_json(self) -> dict[str, Any]:
        return {"fun": self.fun, "length": self.length, "note": self.note, "at": self.at}


def _shown(value: object) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:39] + "…"


def stamp(moment: float) -> str:
    """A time (seconds since the epoch) as the files write it: ``2026-12-04T10:15:00Z``."""
    return datetime.datetime.fromtimestamp(moment, datetime.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def file_name(table: Table, ended: float) -> str:
    """The name of a table's playtest file: the UTC time it ended, the game and the table."""
    when = datetime.datetime.fromtimestamp(ended, datetime.UTC).strftime("%Y%m%d-%H%M%S")
    return f"{when}-{table.game.id}-{table.id}.json"


def playtest_data(table: Table) -> dict[str, Any]:
    """The playtest file of a table whose game is over: its save with the ``playtest`` key."""
    state = table.state
    returns = [float(value) for value in state.returns()]
    best = max(returns)
    started = table.first_move_at or table.last_move_at or 0.0
    ended = table.last_move_at or started
    setup = table.setup
    has_bots = len(table.humans) < state.num_players
    data = table.log()
    data[KEY] = {
        "format": FORMAT,
        "table": table.id,
        "title": table.game.title,
        "card_data": game_digest(table.game.game),
        "variant": list(setup.variants),
        "players": state.num_players,
        "bot": (("random" if setup.bot == "random" else setup.level) if has_bots else None),
        "humans": list(table.humans),
        "names": list(table.names),
        "resumed": table.resumed,
        "result": {
            "returns": returns,
            "winners": [seat for seat, value in enumerate(returns) if value == best],
        },
        "moves": len(state.log),
        "started": stamp(started),
        "ended": stamp(ended),
        "minutes": round((ended - started) / 60, 1),
        "answers": {str(seat): answer.to_json() for seat, answer in sorted(table.answers.items())},
    }
    return data


class Keeper:
    """Writes the playtest file of each table whose game ended into ``folder`` (nothing is
    written without one: the answers are then kept with the table only)."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self.files: dict[str, Path] = {}
        self.lock = threading.Lock()

    def check(self) -> None:
        """Raise ``OSError`` with a sentence when the folder cannot be one (it is made when
        the first game ends, so that a table where no game ends leaves nothing behind)."""
        folder = self.folder
        if folder is None:
            return
        if folder.exists() and not folder.is_dir():
            raise OSError(f"the playtests folder {folder} is a file, not a folder")
        parent = next((above for above in folder.parents if above.exists()), Path("."))
        if not folder.exists() and not parent.is_dir():
            raise OSError(f"the playtests folder {folder} cannot be made: {parent} is a file")

    def after_move(self, table: Table) -> Path | None:
        """Write the file of ``table`` when its game just ended; the file (``None`` when
        there is none). Raises ``OSError`` when it cannot be written."""
        with table.lock:
            if not table.asks_feedback or not table.state.is_terminal:
                return None
            with self.lock:
                if table.id in self.files or self.folder is None:
                    return self.files.get(table.id)
                self.files[table.id] = self.folder / file_name(table, table.last_move_at or 0.0)
            return self._write(table)

    def _write(self, table: Table) -> Path | None:
        path = self.files.get(table.id)
        if path is None:
            return None
        write_atomic(path, json.dumps(playtest_data(table), indent=1, ensure_ascii=False) + "\n")
        return path

    def answered(self, table: Table) -> Path | None:
        """Write the file of ``table`` again with its answers; the file."""
        with table.lock:
            if table.id not in self.files:
                return self.after_move(table)
            return self._write(table)


def give_answer(table: Table, token: str, data: Mapping[str, Any], now: float) -> Answer:
    """Keep the answer ``data`` of ``token``'s seat; raises :class:`NotOverYet`, a
    :class:`PlaytestError` for a value that cannot be used, and
    :class:`pnp.table.tables.NotYourSeat` for a token that is no seat's."""
    with table.lock:
        seat = table.seat_of(token)
        assert seat is not None
        if not table.state.is_terminal:
            raise NotOverYet("the game is not over yet: answer once it has ended")
        if not table.asks_feedback:
            raise NotOverYet(
                "this table went on from a save of a game that was already over, so it "
                "asks nothing (the game was kept when it was played)"
            )
        answer = Answer.parse(data, stamp(now))
        table.answers[seat] = answer
        return answer


# --- reading -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Playtest:
    """One game read back from a playtests folder."""

    path: Path
    game: str
    title: str
    variant: tuple[str, ...]
    players: int
    bot: str | None
    humans: tuple[int, ...]
    returns: tuple[float, ...]
    winners: tuple[int, ...]
    moves: int
    minutes: float
    ended: str
    card_data: str
    answers: Mapping[int, Answer]

    @property
    def date(self) -> str:
        """The day the game ended (``2026-12-04``)."""
        return self.ended[:10]


def read_playtest(path: Path) -> Playtest:
    """The playtest in ``path``; raises :class:`PlaytestError` naming the file and what is
    wrong with it."""
    try:
        data = read_save(path)
    except ValueError as error:
        raise PlaytestError(str(error)) from None
    try:
        return _playtest(path, data)
    except PlaytestError as error:
        reason = str(error)
    except KeyError as error:
        reason = f"it has no {error.args[0]!r}"
    except (AttributeError, TypeError, ValueError) as error:
        reason = f"a value is not of the kind it must be ({error})"
    raise PlaytestError(f"{path} is not a playtest this version reads: {reason}")


def _playtest(path: Path, data: Mapping[str, Any]) -> Playtest:
    found = data.get(KEY)
    if not isinstance(found, Mapping):
        raise PlaytestError(f"it has no {KEY!r} object (a save of pnp play is not a playtest)")
    if found.get("format") != FORMAT:
        raise PlaytestError(
            f"its format is {found.get('format')!r}, and this version reads {FORMAT}"
        )
    game = data["game"]
    players = found["players"]
    humans = tuple(_whole(seat, "humans") for seat in found["humans"])
    returns = tuple(float(value) for value in found["result"]["returns"])
    winners = tuple(_whole(seat, "winners") for seat in found["result"]["winners"])
    if not isinstance(game, str) or _whole(players, "players") != len(returns):
        raise PlaytestError("'players' must be the number of the result's 'returns'")
    if not humans or any(not 0 <= seat < players for seat in (*humans, *winners)):
        raise PlaytestError(f"the human seats and the winners must be seats 0 to {players - 1}")
    bot = found["bot"]
    if bot is not None and not isinstance(bot, str):
        raise PlaytestError(f"'bot' must be a level or null, not {_shown(bot)}")
    minutes = float(found["minutes"])
    if not math.isfinite(minutes) or minutes < 0:
        raise PlaytestError(f"'minutes' must be a time, not {_shown(found['minutes'])}")
    answers = {}
    for seat, answer in dict(found["answers"]).items():
        if not seat.isdigit() or int(seat) not in humans:
            raise PlaytestError(f"an answer of seat {seat!r}, which is not a human seat")
        at = answer.get("at")
        if not isinstance(at, str):
            raise PlaytestError(f"the answer of seat {seat} says not when it was given")
        answers[int(seat)] = Answer.parse({k: v for k, v in answer.items() if k != "at"}, at)
    return Playtest(
        path=path,
        game=game,
        title=str(found["title"]),
        variant=tuple(str(word) for word in found["variant"]),
        players=players,
        bot=bot,
        humans=humans,
        returns=returns,
        winners=winners,
        moves=_whole(found["moves"], "moves"),
        minutes=minutes,
        ended=str(found["ended"]),
        card_data=str(found["card_data"]),
        answers=answers,
    )


def _whole(value: object, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise PlaytestError(f"{key!r} must hold whole numbers, not {_shown(value)}")
    return value


def read_folder(folder: Path) -> tuple[list[Playtest], list[str]]:
    """The playtests of ``folder`` (its ``*.json`` files, by name: by time) and a sentence
    for each file that cannot be read (which is left out). Raises :class:`PlaytestError`
    when ``folder`` is not a folder."""
    if not folder.is_dir():
        what = "a file" if folder.exists() else "not there"
        raise PlaytestError(f"there is no playtests folder {folder} ({what})")
    found: list[Playtest] = []
    problems: list[str] = []
    for path in sorted(folder.glob("*.json")):
        try:
            found.append(read_playtest(path))
        except PlaytestError as error:
            problems.append(str(error))
    return found, problems
