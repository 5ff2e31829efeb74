"""Game engines as plug-ins: the API a designer's engine module uses.

A game's engine is found without editing this project, by one of two routes
(:mod:`pnp.engines.discovery`): a module of the game's folder that game.yaml names
(``engine: {module: engine.py}``, the module defining ``PLUGIN``), or an installed
package declaring an entry point in the group ``pnp.games`` (name: the game's id,
value: ``module:object``). Either gives one :class:`Plugin`; only its engine, a
:class:`bots.core.GameState` subclass, is needed, and ``pnp`` provides a random bot,
``pnp verify``'s common figures and a terminal front for the rest. ``pnp check GAME``
runs the conformance suite on it (:mod:`pnp.check`).
"""

from pnp.engines.discovery import PluginError, declaration, declared_ids, load_plugin
from pnp.engines.plugin import ENTRY_POINT_GROUP, PLUGIN_NAME, Plugin, RegistryError

__all__ = [
    "ENTRY_POINT_GROUP",
    "PLUGIN_NAME",
    "Plugin",
    "PluginError",
    "RegistryError",
    "declaration",
    "declared_ids",
    "load_plugin",
]
