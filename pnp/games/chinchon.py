"""Chinchón as a plug-in (entry point ``chinchon`` of ``pnp.games``)."""

from bots.games.chinchon.bots import BOTS
from bots.games.chinchon.engine import Chinchon
from bots.games.chinchon.verify import ChinchonVerify
from pnp.engines import Plugin
from pnp.play.chinchon import ChinchonFront

PLUGIN = Plugin(
    Chinchon,
    bots=BOTS,
    verify=ChinchonVerify,
    front=ChinchonFront,
    default_bot="medium",
)
