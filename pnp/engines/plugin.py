"""What a game's engine module gives ``pnp``: one :class:`Plugin`.

The smallest plug-in is an engine alone::

    from pnp.engines import Plugin
    PLUGIN = Plugin(MyGame)          # MyGame: a subclass of bots.core.GameState

and ``pnp`` works out the rest: a random bot, ``pnp verify``'s common figures
(:class:`pnp.engines.defaults.GenericVerify`) and a terminal front that shows the
player's view and numbers the legal actions (:class:`pnp.play.generic.GenericFront`).
A game adds its own bots, figures and front only where it wants more.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bots.core import RANDOM_BOT, BotSpec, GameState

if TYPE_CHECKING:
    from bots.core.verify import VerifyAdapter
    from pnp.play.front import GameFront

#: The name a module of a game's folder gives its plug-in (``PLUGIN = Plugin(...)``).
PLUGIN_NAME = "PLUGIN"
#: The entry-point group through which installed packages declare games: the entry
#: point's name is the game's id (its folder's name), its value ``module:object``.
ENTRY_POINT_GROUP = "pnp.games"


class RegistryError(ValueError):
    """Card data that a game's engine cannot use (a variant's parameters, the player
    range), or an engine module that cannot be used; the message names the file."""


@dataclass(frozen=True)
class Plugin:
    """A game's rules engine and what comes with it; only ``engine`` is needed.

    * ``engine``: the game's state class, a subclass of :class:`bots.core.GameState`
      (its ``game_name`` is the game's id; its ``param_spec`` has a ``players``
      parameter whose range is game.yaml's ``players``, and every parameter a variant
      of ``variants.yaml`` sets).
    * ``bots``: the game's bots (:class:`bots.core.BotSpec`), weakest first; random
      play is added in front when missing.
    * ``verify``: a :class:`bots.core.verify.VerifyAdapter` subclass for the game's own
      ``pnp verify`` figures (default: :class:`pnp.engines.defaults.GenericVerify`).
    * ``front``: a :class:`pnp.play.front.GameFront` subclass for ``pnp play``
      (default: :class:`pnp.play.generic.GenericFront`).
    * ``default_bot``: the bot ``pnp play`` seats (default: the strongest, the last).
    * ``evidence``: for a game with open design decisions, what plays both sides of
      each (called as ``evidence(adapter, games, seed, workers, cluster=...)``).
    """

    engine: type[GameState[Any, Any]]
    bots: Sequence[BotSpec] = field(default=())
    verify: type[VerifyAdapter[Any]] | None = None
    front: type[GameFront[Any, Any, Any]] | None = None
    default_bot: str | None = None
    evidence: Callable[..., dict[str, Any]] | None = None

    @property
    def all_bots(self) -> tuple[BotSpec, ...]:
        """The bots, random play first (added when the game does not offer it)."""
        bots = tuple(self.bots)
        if any(spec.name == RANDOM_BOT.name for spec in bots):
            return bots
        return (RANDOM_BOT, *bots)
