"""Chinchón: card notation, the deck facts of each variant, the best
arrangement of a hand, the rules engine and the bots.

>>> from bots.games import chinchon
>>> hand = chinchon.parse_cards("QH QS QC 5D 6D 7D 3H")
>>> print(chinchon.best_arrangement(hand))
[5D 6D 7D] [QS QH QC] | 3H (3 points)
>>> forty_eight = chinchon.rules(forty_eight=True)
>>> chinchon.best_arrangement(chinchon.parse_cards("6H 7H JH"), forty_eight).points
23
"""

from bots import compiled

compiled.use_source_if_stale()  # before the modules that may be compiled are imported

from bots.games.chinchon.arrangement import CHINCHON_LENGTH, Arrangement, best_arrangement
from bots.games.chinchon.bots import HeuristicPlayer
from bots.games.chinchon.cards import (
    JOKER_TEXT,
    Card,
    CardNotationError,
    Notation,
    format_cards,
    parse_cards,
)
from bots.games.chinchon.engine import (
    Chinchon,
    ChinchonAction,
    ChinchonView,
    Close,
    Discard,
    DrawStock,
    HandResult,
    LayOff,
    Reenter,
    ShownHand,
    StayOut,
    TakeDiscard,
    best_lay_off,
    closing_arrangement,
    parse_action,
    settle_close,
)
from bots.games.chinchon.fast import PointsTable
from bots.games.chinchon.variants import CardFacts, Rules, Wild, rules

__all__ = [
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
    "Notation",
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
    "parse_cards",
    "rules",
    "settle_close",
]
