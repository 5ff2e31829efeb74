"""Music Game Thingy as a plug-in (entry point ``music-game-thingy`` of ``pnp.games``)."""

from bots.games.music_game_thingy.bots import BOTS
from bots.games.music_game_thingy.engine import MusicGameThingy
from bots.games.music_game_thingy.verify import MusicGameThingyVerify
from pnp.engines import Plugin
from pnp.play.music_game_thingy import MusicGameThingyFront

PLUGIN = Plugin(
    MusicGameThingy,
    bots=BOTS,
    verify=MusicGameThingyVerify,
    front=MusicGameThingyFront,
    # Ladder of 288 3-label games: shrewd 30.0, cautious 24.9, easy 23.5, random 19.5.
    default_bot="cautious",
)
