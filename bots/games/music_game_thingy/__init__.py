"""The Music Game Thingy (Chris Bateman, 1989/1993): the card data as the engine uses
it, revenue and the minimum bid, the rules engine, its bots and its playtest adapter.

>>> from bots.games import music_game_thingy as mgt
>>> from pnp.catalog import load_catalog
>>> rules = mgt.MusicGameThingy.data_from(load_catalog("cards").game("music-game-thingy"))
>>> mgt.revenue(
...     "town-and-country-club", (3, 5), fame=12, helpers=("road-crew", "stage-lights"), rules=rules
... )
Revenue(units=13, money=65000)
>>> mgt.minimum_bid(5, 1)
25000
"""

from bots.games.music_game_thingy.actions import (
    Accept,
    Allow,
    Bid,
    BookTour,
    Decline,
    Discard,
    Done,
    LookAt,
    MusicGameThingyAction,
    Offer,
    Pass,
    Play,
    PlayLawyers,
)
from bots.games.music_game_thingy.bots import BOTS, HeuristicPlayer
from bots.games.music_game_thingy.cards import Revenue, Rules, minimum_bid, revenue
from bots.games.music_game_thingy.engine import MusicGameThingy
from bots.games.music_game_thingy.records import (
    ActivityView,
    ArtistView,
    Cash,
    FinalScore,
    HandCard,
    MusicGameThingyView,
    SpyReport,
)

__all__ = [
    "BOTS",
    "Accept",
    "ActivityView",
    "Allow",
    "ArtistView",
    "Bid",
    "BookTour",
    "Cash",
    "Decline",
    "Discard",
    "Done",
    "FinalScore",
    "HandCard",
    "HeuristicPlayer",
    "LookAt",
    "MusicGameThingy",
    "MusicGameThingyAction",
    "MusicGameThingyView",
    "Offer",
    "Pass",
    "Play",
    "PlayLawyers",
    "Revenue",
    "Rules",
    "SpyReport",
    "minimum_bid",
    "revenue",
]
