"""The games with engines: each found as a plug-in, bound to its card data.

Like OpenSpiel's ``load_game``, but nothing here lists the games: a game's engine is
found (:mod:`pnp.engines.discovery`) as a module of its folder that game.yaml names, or
through an installed package's entry point in the group ``pnp.games``; the project's
own four games are declared in its ``pyproject.toml`` like any other package's. A game
without an engine is still in the catalog, with a sentence saying what it lacks.

:func:`load_game` binds a game's plug-in to the catalog's ``Game`` (the card data the
user pointed at): it builds the engine's card data once, reads the game's variants
(``cards/<game>/variants.yaml``, each with the engine parameters it sets) and checks
them, and the player range of ``game.yaml``, against the parameters the engine
declares, so that a mistake in the data is reported with its file at load time, not in
the middle of a game. What the plug-in leaves out comes from the defaults: a random
bot, :class:`pnp.engines.defaults.GenericVerify` and
:class:`pnp.play.generic.GenericFront`.

>>> from pnp.catalog import load_catalog
>>> game = load_game(load_catalog("cards").game("chinchon"))  # doctest: +SKIP
>>> state = game.new(7, {"players": 3, **game.variants["jokers"]})  # doctest: +SKIP
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

from bots.core import BotSpec, GameConfigError, GameState, ParamValue, Player
from pnp.engines import ENTRY_POINT_GROUP, Plugin, PluginError, RegistryError, declaration
from pnp.engines import load_plugin as _load_plugin
from pnp.engines.discovery import their_traceback

if TYPE_CHECKING:
    from bots.core.verify import VerifyAdapter
    from pnp.catalog import Catalog, Game
    from pnp.play.front import GameFront

__all__ = [
    "LoadedGame",
    "NotPlayableError",
    "PluginError",
    "RegistryError",
    "load_all",
    "load_game",
    "playable",
    "with_engine",
]


class NotPlayableError(LookupError):
    """A game that is in the catalog but lacks what was asked for (an engine, bots ...)."""


def has_engine(game: Game) -> bool:
    """Whether ``game`` declares an engine (nothing is imported to know)."""
    try:
        return declaration(game) is not None
    except PluginError:
        return True  # declared twice: loading it says so


def with_engine(catalog: Catalog) -> list[str]:
    """The ids of the games of ``catalog`` that have a rules engine, in its order."""
    return [game.id for game in catalog.games if has_engine(game)]


def playable(catalog: Catalog) -> list[str]:
    """The ids of the games ``pnp play`` can seat a person at: every game with an engine
    (a game without a front of its own gets the generic one)."""
    return with_engine(catalog)


@dataclass(frozen=True, eq=False)
class LoadedGame:
    """A registered game bound to its card data (see :func:`load_game`)."""

    game: Game
    plugin: Plugin
    engine: type[GameState[Any, Any]]
    #: The engine's card data, built once from ``game``.
    data: Any
    #: Variant id -> the engine parameters it sets.
    variants: Mapping[str, Mapping[str, ParamValue]]
    bots: tuple[BotSpec, ...] = field(default=())

    @property
    def id(self) -> str:
        return self.game.id

    @property
    def title(self) -> str:
        return self.game.title

    @property
    def players(self) -> range:
        """The player counts of ``game.yaml``."""
        spec = self.game.spec.players
        return range(spec.min, spec.max + 1)

    def new(self, seed: int, params: Mapping[str, object] | None = None) -> GameState[Any, Any]:
        """A new game of this data."""
        return self.engine.new(self.data, seed, params)

    def variant_params(self, variants: Sequence[str]) -> dict[str, ParamValue]:
        """The engine parameters of the variants named (in order; a later one wins)."""
        unknown = [name for name in variants if name not in self.variants]
        if unknown:
            known = ", ".join(self.variants) or "none"
            raise GameConfigError(
                f"{self.title} has no variant {unknown[0]!r} (variants: {known})", self.id
            )
        chosen: dict[str, ParamValue] = {}
        for name in variants:
            chosen.update(self.variants[name])
        return chosen

    def bot_spec(self, name: str) -> BotSpec:
        """The bot called ``name``; raises :class:`NotPlayableError` naming the bots there are."""
        for spec in self.bots:
            if spec.name == name:
                return spec
        known = ", ".join(spec.name for spec in self.bots) or "none"
        raise NotPlayableError(f"{self.title} has no bot {name!r} (bots: {known})")

    def bot(self, name: str, seed: int | None = None) -> Player[Any, Any]:
        """A new bot of kind ``name``, seeded."""
        return self.bot_spec(name)(self.data, seed)

    @property
    def default_bot(self) -> str:
        """The bot ``pnp play`` seats: the plug-in's choice, else its strongest bot."""
        default = self.plugin.default_bot
        if default is not None:
            return default
        heuristic = [spec.name for spec in self.bots if spec.heuristic]
        return heuristic[-1] if heuristic else self.bots[-1].name

    @cached_property
    def verify_adapter(self) -> VerifyAdapter[Any]:
        """The game's ``pnp verify`` adapter (its own, or the generic one), on this data."""
        if self.plugin.verify is not None:
            adapter: VerifyAdapter[Any] = self.plugin.verify(self.game, self.variants, self.bots)
            return adapter
        from pnp.engines.defaults import GenericVerify

        return GenericVerify.for_engine(self.engine)(
            self.game, self.variants, self.bots, self.plugin.default_bot
        )

    def evidence(
        self, games: int, seed: int, workers: int, cluster: str | None = None
    ) -> dict[str, Any] | None:
        """The game's evidence for its open decisions (``None`` for a game without any)."""
        if self.plugin.evidence is None:
            return None
        found: dict[str, Any] = self.plugin.evidence(
            self.verify_adapter, games, seed, workers, cluster=cluster
        )
        return found

    def front(self) -> type[GameFront[Any, Any, Any]]:
        """The game's terminal front end class (its own, or the generic one)."""
        if self.plugin.front is not None:
            return self.plugin.front
        from pnp.play.generic import GenericFront

        return GenericFront.for_game(self)


def load_game(game: Game) -> LoadedGame:
    """Bind ``game`` (from the catalog) to its engine; see the module docstring.

    Raises :class:`NotPlayableError` (a sentence) for a game without an engine,
    :class:`~pnp.engines.PluginError` for an engine module that cannot be used, and
    :class:`RegistryError` naming the file when the data's variants or player range do
    not fit the engine's parameters.
    """
    plugin = _load_plugin(game)
    if plugin is None:
        raise NotPlayableError(
            f"{game.title} cannot be played yet: it lacks a rules engine (name a module of "
            f"its folder in game.yaml, engine: {{module: engine.py}}, or install a package "
            f"that declares {game.id!r} in the entry points {ENTRY_POINT_GROUP})"
        )
    engine = plugin.engine
    folder = game.folder.name
    found = declaration(game)
    where = found.where if found is not None else engine.__module__
    problems = [f"{folder}/game.yaml: {problem}" for problem in _check_players(game, engine)]
    variants: dict[str, dict[str, ParamValue]] = {}
    for variant in game.variants():
        try:
            engine.param_spec.parse(variant.params)
        except GameConfigError as error:
            problems += [
                f"{folder}/variants.yaml: variant {variant.id!r}: {problem}"
                for problem in error.problems
            ]
        variants[variant.id] = dict(variant.params)
    if problems:
        said = (
            f"the {game.title} engine cannot use this data: " + "; ".join(problems)
            if len(problems) > 1
            else problems[0]
        )
        raise RegistryError(f"{said} (the engine: {engine.__name__} of {where})")
    try:
        data = engine.data_from(game)
    except ValueError as error:
        raise RegistryError(f"{game.folder.name}: the {game.title} engine: {error}") from None
    except Exception as error:  # the designer's code: a crash is theirs, told as a sentence
        raise PluginError(
            f"{game.title}: {engine.__name__}.data_from ({where}) failed: "
            f"{type(error).__name__}: {error}",
            their_traceback(error),
        ) from None
    return LoadedGame(game, plugin, engine, data, variants, plugin.all_bots)


def _check_players(game: Game, engine: type[GameState[Any, Any]]) -> list[str]:
    try:
        players = engine.param_spec["players"]
    except KeyError:
        return [f"the {game.title} engine declares no 'players' parameter"]
    spec = game.spec.players
    if (players.minimum, players.maximum) != (spec.min, spec.max):
        return [
            f"game.yaml says {spec.min} to {spec.max} players but the engine plays "
            f"{players.minimum} to {players.maximum}"
        ]
    return []


def load_all(catalog: Catalog) -> dict[str, LoadedGame]:
    """Every game of ``catalog`` that has an engine, loaded."""
    return {game_id: load_game(catalog.game(game_id)) for game_id in with_engine(catalog)}
