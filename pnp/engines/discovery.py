"""Finding a game's engine: a module of the game's folder, or an installed package.

Two routes, tried in this order for a game of the catalog:

1. **The game's folder**: game.yaml names a module of the folder
   (``engine: {module: engine.py}``); the module defines ``PLUGIN``.
2. **An installed package**: a distribution declares an entry point in the group
   ``pnp.games`` whose name is the game's id (its folder's name) and whose value is
   ``module:object``, the :class:`~pnp.engines.Plugin` (in ``pyproject.toml``:
   ``[project.entry-points."pnp.games"]`` ``my-game = "my_package.engine:PLUGIN"``).
   This project's own four games are found this way.

Whether a game *has* an engine is known without importing anything
(:func:`declaration`); importing it (:func:`load_plugin`) turns every mistake of the
designer's module into a :class:`PluginError`, a sentence naming the game and the
module: an import that fails (its traceback is kept, to be shown once), no
``PLUGIN``, an object that is no plug-in, an engine with methods left abstract.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import sys
import traceback
from dataclasses import dataclass
from functools import cache
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bots.core import BotSpec, GameState, ParamSpec
from pnp.engines.plugin import ENTRY_POINT_GROUP, PLUGIN_NAME, Plugin, RegistryError

if TYPE_CHECKING:
    from pnp.catalog import Game


class PluginError(RegistryError):
    """A game's engine module that cannot be used: the message is a sentence naming the
    game and the module; ``details`` holds the designer's own traceback, if any."""

    def __init__(self, message: str, details: str = "") -> None:
        super().__init__(message)
        self.details = details

    def explained(self) -> str:
        """The sentence, then the designer's traceback (if any), for printing once."""
        if not self.details:
            return str(self)
        return f"{self}\n{self.details.rstrip()}"


@dataclass(frozen=True)
class Declaration:
    """Where a game's engine is declared: a module file of its folder or an entry point."""

    game_id: str
    #: The module file (the folder route), or ``None``.
    path: Path | None = None
    #: The entry point (the package route), or ``None``.
    entry_point: EntryPoint | None = None

    @property
    def where(self) -> str:
        """The module, as a sentence names it."""
        if self.path is not None:
            return f"{self.path.parent.name}/{self.path.name}"
        assert self.entry_point is not None
        return f"{self.entry_point.value} (entry point {self.game_id!r} of {ENTRY_POINT_GROUP})"


def declared_ids() -> list[str]:
    """The game ids installed packages declare (entry points only; nothing imported)."""
    return sorted(_entry_points())


def declaration(game: Game) -> Declaration | None:
    """Where ``game``'s engine is declared, or ``None`` for a game without one.

    Raises :class:`PluginError` when two installed packages declare the game differently.
    """
    if game.spec.engine is not None:
        return Declaration(game.id, path=game.folder / game.spec.engine.module)
    found = _entry_points().get(game.id)
    if found is None:
        return None
    if len(found) > 1:
        values = " and ".join(sorted(point.value for point in found))
        raise PluginError(
            f"{game.title}: installed packages declare two engines for {game.id!r} in the "
            f"entry points {ENTRY_POINT_GROUP} ({values}); uninstall one"
        )
    return Declaration(game.id, entry_point=found[0])


def load_plugin(game: Game) -> Plugin | None:
    """``game``'s plug-in (``None`` for a game without an engine), checked; raises
    :class:`PluginError` (see the module docstring)."""
    found = declaration(game)
    if found is None:
        return None
    where = found.where
    try:
        if found.path is not None:
            module = _import_file(game.id, found.path)
            if not hasattr(module, PLUGIN_NAME):
                raise PluginError(
                    f"{game.title}: {where} defines no {PLUGIN_NAME} "
                    f"(add {PLUGIN_NAME} = Plugin(YourGame), from pnp.engines import Plugin)"
                )
            loaded = getattr(module, PLUGIN_NAME)
        else:
            assert found.entry_point is not None
            loaded = found.entry_point.load()
    except PluginError:
        raise
    except Exception as error:  # the designer's code: any error at import is theirs
        raise PluginError(
            f"{game.title}: importing {where} failed: {type(error).__name__}: {error}",
            their_traceback(error),
        ) from None
    plugin = _as_plugin(loaded)
    if plugin is None:
        raise PluginError(
            f"{game.title}: {where} gives {type(loaded).__name__} {_short(loaded)}, not a "
            "pnp.engines.Plugin (write PLUGIN = Plugin(YourGame))"
        )
    problems = engine_problems(plugin.engine, game.id)
    if problems:
        raise PluginError(f"{game.title}: the engine of {where} " + "; ".join(problems))
    problems = plugin_problems(plugin)
    if problems:
        raise PluginError(f"{game.title}: the Plugin of {where}: " + "; ".join(problems))
    return plugin


def plugin_problems(plugin: Plugin) -> list[str]:
    """What is wrong with the parts a plug-in brings besides its engine, as clauses."""
    from bots.core.verify import VerifyAdapter
    from pnp.play.front import GameFront

    problems = [
        f"bots holds {_short(spec)}, not a bots.core.BotSpec"
        for spec in plugin.bots
        if not isinstance(spec, BotSpec)
    ]
    names = [spec.name for spec in plugin.all_bots if isinstance(spec, BotSpec)]
    if plugin.default_bot is not None and plugin.default_bot not in names:
        problems.append(
            f"default_bot {plugin.default_bot!r} is none of its bots ({', '.join(names)})"
        )
    for part, kind in (("verify", VerifyAdapter), ("front", GameFront)):
        given = getattr(plugin, part)
        if given is not None and not (isinstance(given, type) and issubclass(given, kind)):
            problems.append(f"{part} is {_short(given)}, not a subclass of {kind.__name__}")
    if plugin.evidence is not None and not callable(plugin.evidence):
        problems.append(f"evidence is {_short(plugin.evidence)}, not a function")
    return problems


def engine_problems(engine: object, game_id: str) -> list[str]:
    """What keeps ``engine`` from being a game's state class, as clauses of a sentence."""
    if not (isinstance(engine, type) and issubclass(engine, GameState)):
        return [f"is {_short(engine)}, not a subclass of bots.core.GameState"]
    problems = []
    missing = sorted(getattr(engine, "__abstractmethods__", ()))
    if missing:
        names = ", ".join(missing)
        problems.append(
            f"{engine.__name__} does not implement {names} "
            f"(every GameState implements these; see bots.core.state)"
        )
    for attribute in ("game_name", "param_spec", "action_types"):
        if not hasattr(engine, attribute):
            problems.append(f"{engine.__name__} sets no class attribute {attribute}")
    spec = getattr(engine, "param_spec", None)
    if spec is not None and not isinstance(spec, ParamSpec):
        problems.append(f"{engine.__name__}.param_spec is {_short(spec)}, not a ParamSpec")
    kinds = getattr(engine, "action_types", ())
    if not (isinstance(kinds, tuple) and all(isinstance(kind, type) for kind in kinds)):
        problems.append(
            f"{engine.__name__}.action_types is {_short(kinds)}, not a tuple of classes"
        )
    name = getattr(engine, "game_name", game_id)
    if name != game_id:
        problems.append(f"{engine.__name__}.game_name is {name!r}, not the game's id {game_id!r}")
    return problems


def _as_plugin(loaded: object) -> Plugin | None:
    """The plug-in an entry point or module gives: a Plugin, or a bare engine class."""
    if isinstance(loaded, Plugin):
        return loaded
    if isinstance(loaded, type) and issubclass(loaded, GameState):
        return Plugin(loaded)
    return None


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


@cache
def _entry_points_of(path: tuple[str, ...]) -> dict[str, list[EntryPoint]]:
    found: dict[str, list[EntryPoint]] = {}
    for point in entry_points(group=ENTRY_POINT_GROUP):
        same = found.setdefault(point.name, [])
        if all(known.value != point.value for known in same):
            same.append(point)
    return found


def _entry_points() -> dict[str, list[EntryPoint]]:
    """The group's entry points by name (one per distinct value), as sys.path finds them."""
    return _entry_points_of(tuple(sys.path))


#: Modules imported from game folders: file -> (its size and time, the module).
_FOLDER_MODULES: dict[Path, tuple[tuple[int, int], Any]] = {}


def _import_file(game_id: str, path: Path) -> Any:
    """Import the module at ``path`` under a name of its own (``pnp_game_<id>_<hash>``),
    once for each version of the file."""
    resolved = path.resolve()
    stat = resolved.stat()
    stamp = (stat.st_mtime_ns, stat.st_size)
    known = _FOLDER_MODULES.get(resolved)
    if known is not None and known[0] == stamp:
        return known[1]
    digest = hashlib.sha256(str(resolved).encode()).hexdigest()[:10]
    name = f"pnp_game_{game_id.replace('-', '_')}_{digest}"
    spec = importlib.util.spec_from_file_location(name, resolved)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses and pickle look the module up by name
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    _FOLDER_MODULES[resolved] = (stamp, module)
    return module


def their_traceback(error: BaseException) -> str:
    """The designer's traceback of ``error``: without the frames of the import machinery."""
    frames = traceback.extract_tb(error.__traceback__)
    ours = str(Path(__file__).resolve())
    theirs = [
        frame
        for frame in frames
        if frame.filename != ours and "importlib" not in frame.filename.replace("\\", "/")
    ]
    lines = ["Traceback (most recent call last):\n", *traceback.format_list(theirs)]
    lines += traceback.format_exception_only(type(error), error)
    return "".join(lines)
