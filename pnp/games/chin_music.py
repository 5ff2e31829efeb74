"""Chin Music as a plug-in (entry point ``chin-music`` of ``pnp.games``)."""

from bots.games.chin_music.bots import BOTS
from bots.games.chin_music.engine import ChinMusic
from bots.games.chin_music.verify import ChinMusicVerify
from pnp.engines import Plugin
from pnp.play.chin_music import ChinMusicFront

PLUGIN = Plugin(
    ChinMusic,
    bots=BOTS,
    verify=ChinMusicVerify,
    front=ChinMusicFront,
    default_bot="medium",
)
