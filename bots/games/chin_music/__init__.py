"""Chin Music: the Bout deck from the card data, which recited cards count,
the rules engine and its bots.

>>> from bots.games import chin_music
>>> chin_music.counted_cards(["A", "B", "C", "D"], ["A", "C", "B", "D"])
('A', 'D')
"""

from bots.games.chin_music.actions import (
    CallOut,
    ChinMusicAction,
    Fight,
    NoCall,
    Pass,
    Play,
    Recite,
    parse_action,
)
from bots.games.chin_music.bots import BOTS, HeuristicPlayer
from bots.games.chin_music.cards import Bout, CardFront, Deck
from bots.games.chin_music.counting import counted_cards, spoken
from bots.games.chin_music.engine import ChinMusic
from bots.games.chin_music.records import ChinMusicView, FightRecord, Phase, StackCard

__all__ = [
    "BOTS",
    "Bout",
    "CallOut",
    "CardFront",
    "ChinMusic",
    "ChinMusicAction",
    "ChinMusicView",
    "Deck",
    "Fight",
    "FightRecord",
    "HeuristicPlayer",
    "NoCall",
    "Pass",
    "Phase",
    "Play",
    "Recite",
    "StackCard",
    "counted_cards",
    "parse_action",
    "spoken",
]
