"""The registry of games: one place that lists every game and what it has.

Like OpenSpiel's ``load_game``: each game of the catalog is registered here
with the dotted paths of its rules engine, its bots, its ``pnp verify``
adapter and its terminal front end (imported only when asked for). A game
without an engine yet is still listed, with a sentence saying what it lacks.

:func:`load_game` binds a registration to the catalog's ``Game`` (the card
data the user pointed at): it builds the engine's card data once, reads the
game's variants (``cards/<game>/variants.yaml``, each with the engine
parameters it sets) and checks them, and the player range of ``game.yaml``,
against the parameters the engine declares, so that a mistake in the data is
reported with its file at load time, not in the middle of a game. The
commands (``pnp verify``, ``pnp play``, ``pnp replay``, the CLI's help) and
the site ask the registry; nothing else knows which games have engines.

>>> from pnp.catalog import load_catalog
>>> game = load_game(load_catalog("cards").game("chinchon"))  # doctest: +SKIP
>>> state = game.new(7, {"players": 3, **game.variants["jokers"]})  # doctest: +SKIP
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

from bots.core import BotSpec, GameConfigError, GameState, ParamValue, Player

if TYPE_CHECKING:
    from bots.core.verify import VerifyAdapter
    from pnp.catalog import Catalog, Game
    from pnp.play.front import GameFront


class NotPlayableError(LookupError):
    """A game that is in the catalog but lacks what was asked for (an engine, bots ...)."""


class RegistryError(ValueError):
    """Card data that a game's engine cannot use (a variant's parameters, the player
    range); the message names the file and what is wrong."""


@dataclass(frozen=True)
class Registration:
    """What one game has, as ``module:attribute`` paths (``None``: not yet).

    ``bots`` names a sequence of :class:`~bots.core.BotSpec` (weakest first);
    ``default_bot`` is the one ``pnp play`` seats unless told otherwise.
    """

    id: str
    engine: str | None = None
    bots: str | None = None
    verify: str | None = None
    front: str | None = None
    default_bot: str | None = None
    #: For a game with open design decisions: what plays both sides of each
    #: (``pnp.verify.evidence:evidence``), kept under the game's ``evidence`` key.
    evidence: str | None = None
    #: What the game still lacks, for the sentence that says so.
    lacks: str = "a rules engine"

    @property
    def has_engine(self) -> bool:
        return self.engine is not None

    @property
    def is_playable(self) -> bool:
        """Whether ``pnp play`` can seat a person at it."""
        return self.engine is not None and self.front is not None and self.bots is not None


#: Every game of the project, in the order the catalog lists them.
REGISTRATIONS: tuple[Registration, ...] = (
    Registration(
        "chin-music",
        engine="bots.games.chin_music.engine:ChinMusic",
        bots="bots.games.chin_music.bots:BOTS",
        verify="bots.games.chin_music.verify:ChinMusicVerify",
        front="pnp.play.chin_music:ChinMusicFront",
        default_bot="medium",
    ),
    Registration(
        "chinchon",
        engine="bots.games.chinchon.engine:Chinchon",
        bots="bots.games.chinchon.bots:BOTS",
        verify="bots.games.chinchon.verify:ChinchonVerify",
        front="pnp.play.chinchon:ChinchonFront",
        default_bot="medium",
    ),
    Registration(
        "joes-bar",
        engine="bots.games.joes_bar.engine:JoesBar",
        bots="bots.games.joes_bar.bots:BOTS",
        verify="bots.games.joes_bar.verify:JoesBarVerify",
        default_bot="cautious",
        evidence="pnp.verify.evidence:evidence",
        lacks="a terminal front end",
    ),
    Registration(
        "music-game-thingy",
        engine="bots.games.music_game_thingy.engine:MusicGameThingy",
        bots="bots.games.music_game_thingy.bots:BOTS",
        verify="bots.games.music_game_thingy.verify:MusicGameThingyVerify",
        default_bot="shrewd",
        lacks="a terminal front end",
    ),
)

_BY_ID = {registration.id: registration for registration in REGISTRATIONS}


def registration(game_id: str) -> Registration:
    """The registration of ``game_id``; raises :class:`NotPlayableError` for a game that is
    not registered at all."""
    found = _BY_ID.get(game_id)
    if found is None:
        known = ", ".join(_BY_ID)
        raise NotPlayableError(f"no game {game_id!r} is registered (games: {known})")
    return found


def with_engine(catalog: Catalog | None = None) -> list[str]:
    """The ids of the games that have a rules engine (those of ``catalog``, in its order)."""
    ids = [game.id for game in catalog.games] if catalog is not None else list(_BY_ID)
    return [game_id for game_id in ids if game_id in _BY_ID and _BY_ID[game_id].has_engine]


def playable(catalog: Catalog | None = None) -> list[str]:
    """The ids of the games ``pnp play`` can seat a person at."""
    return [game_id for game_id in with_engine(catalog) if _BY_ID[game_id].is_playable]


def _resolve(path: str) -> Any:
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


@dataclass(frozen=True, eq=False)
class LoadedGame:
    """A registered game bound to its card data (see :func:`load_game`)."""

    game: Game
    registration: Registration
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
        default = self.registration.default_bot
        return default if default is not None else self.bots[-1].name

    @cached_property
    def verify_adapter(self) -> VerifyAdapter[Any]:
        """The game's ``pnp verify`` adapter, built on this data."""
        if self.registration.verify is None:
            raise NotPlayableError(f"{self.title} has no playtest tables yet")
        adapter: VerifyAdapter[Any] = _resolve(self.registration.verify)(
            self.game, self.variants, self.bots
        )
        return adapter

    def evidence(
        self, games: int, seed: int, workers: int, cluster: str | None = None
    ) -> dict[str, Any] | None:
        """The game's evidence for its open decisions (``None`` for a game without any)."""
        if self.registration.evidence is None:
            return None
        found: dict[str, Any] = _resolve(self.registration.evidence)(
            self.verify_adapter, games, seed, workers, cluster=cluster
        )
        return found

    def front(self) -> type[GameFront[Any, Any, Any]]:
        """The game's terminal front end class."""
        if self.registration.front is None:
            raise NotPlayableError(f"{self.title} cannot be played at the terminal yet")
        front: type[GameFront[Any, Any, Any]] = _resolve(self.registration.front)
        return front


def load_game(game: Game) -> LoadedGame:
    """Bind ``game`` (from the catalog) to its registered engine; see the module docstring.

    Raises :class:`NotPlayableError` (a sentence) for a game without an engine, and
    :class:`RegistryError` naming the file when the data's variants or player range do
    not fit the engine's parameters.
    """
    found = registration(game.id)
    if found.engine is None:
        raise NotPlayableError(f"{game.title} cannot be played yet: it lacks {found.lacks}")
    engine: type[GameState[Any, Any]] = _resolve(found.engine)
    folder = game.folder.name
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
        raise RegistryError(
            f"the {game.title} engine cannot use this data: " + "; ".join(problems)
            if len(problems) > 1
            else problems[0]
        )
    try:
        data = engine.data_from(game)
    except ValueError as error:
        raise RegistryError(f"{game.folder.name}: the {game.title} engine: {error}") from None
    bots: tuple[BotSpec, ...] = tuple(_resolve(found.bots)) if found.bots is not None else ()
    return LoadedGame(game, found, engine, data, variants, bots)


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
