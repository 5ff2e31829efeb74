"""Joe's Bar (working title, beta): the card data for the engine, the rules engine with
each of the seven beta-versus-draft decisions as a parameter, the table-time model of
the song, and its bots.

>>> from bots.games import joes_bar
>>> joes_bar.booze_lost([0, 1, 3, 3])
(0, 1, 2, 2)
"""

from bots.games.joes_bar.actions import (
    Discard,
    Dodge,
    Draw,
    Drink,
    Fling,
    Grab,
    Hit,
    JoesBarAction,
    Pass,
    Slip,
    Swoosh,
    Take,
    TimeOut,
    Trick,
    parse_action,
)
from bots.games.joes_bar.bots import BOTS, STYLES, HeuristicPlayer
from bots.games.joes_bar.data import CardData, Copy, Effects, Patron, Piece
from bots.games.joes_bar.engine import JoesBar
from bots.games.joes_bar.records import (
    Attack,
    JoesBarView,
    Landed,
    PauseCard,
    RoundRecord,
    Seat,
    Told,
)
from bots.games.joes_bar.rules import DECISIONS, SIDES, Rules
from bots.games.joes_bar.scoring import booze_lost
from bots.games.joes_bar.timing import BETWEEN_ROUNDS, SECONDS

__all__ = [
    "BETWEEN_ROUNDS",
    "BOTS",
    "DECISIONS",
    "SECONDS",
    "SIDES",
    "STYLES",
    "Attack",
    "CardData",
    "Copy",
    "Discard",
    "Dodge",
    "Draw",
    "Drink",
    "Effects",
    "Fling",
    "Grab",
    "HeuristicPlayer",
    "Hit",
    "JoesBar",
    "JoesBarAction",
    "JoesBarView",
    "Landed",
    "Pass",
    "Patron",
    "PauseCard",
    "Piece",
    "RoundRecord",
    "Rules",
    "Seat",
    "Slip",
    "Swoosh",
    "Take",
    "TimeOut",
    "Told",
    "Trick",
    "booze_lost",
    "parse_action",
]
