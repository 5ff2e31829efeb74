"""Chinchón: card notation, the printed pack and the deck facts of each variant,
the best arrangement of a hand, the rules engine and the bots.

>>> from pnp.catalog import load_catalog
>>> from bots.games import chinchon
>>> pack = chinchon.Pack.from_catalog(load_catalog("cards").game("chinchon"))
>>> print(chinchon.best_arrangement(pack.parse_cards("QH QS QC 5D 6D 7D 3H"), pack.rules()))
[5D 6D 7D] [QS QH QC] | 3H (3 points)
>>> forty_eight = pack.rules(forty_eight=True)
>>> chinchon.best_arrangement(pack.parse_cards("6H 7H JH"), forty_eight).points
23
"""

from bots import compiled

compiled.use_source_if_stale()  # before the modules that may be compiled are imported

from bots.games.chinchon.actions import (
    ChinchonAction,
    Close,
    Discard,
    DrawStock,
    Reenter,
    StayOut,
    TakeDiscard,
    parse_action,
)
from bots.games.chinchon.arrangement import CHINCHON_LENGTH, Arrangement, best_arrangement
from bots.games.chinchon.bots import BOTS, HeuristicPlayer, MonteCarloPlayer
from bots.games.chinchon.cards import (
    JOKER_TEXT,
    Card,
    CardNotationError,
    Notation,
    format_cards,
    parse_card,
    parse_cards,
)
from bots.games.chinchon.engine import Chinchon
from bots.games.chinchon.points_table import PointsTable
from bots.games.chinchon.records import ChinchonView, HandResult, LayOff, ShownHand
from bots.games.chinchon.scoring import best_lay_off, closing_arrangement, settle_close
from bots.games.chinchon.variants import CardFacts, Pack, Rules, Wild

__all__ = [
    "BOTS",
    "CHINCHON_LENGTH",
    "JOKER_TEXT",
    "Arrangement",
    "Card",
    "CardFacts",
    "CardNotationError",
    "Chinchon",
    "ChinchonAction",
    "ChinchonView",
    "Close",
    "Discard",
    "DrawStock",
    "HandResult",
    "HeuristicPlayer",
    "LayOff",
    "MonteCarloPlayer",
    "Notation",
    "Pack",
    "PointsTable",
    "Reenter",
    "Rules",
    "ShownHand",
    "StayOut",
    "TakeDiscard",
    "Wild",
    "best_arrangement",
    "best_lay_off",
    "closing_arrangement",
    "format_cards",
    "parse_action",
    "parse_card",
    "parse_cards",
    "settle_close",
]
