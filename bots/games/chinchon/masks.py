"""Hands as bit masks: the limits and small helpers the points table and the
wild-card search share."""

from __future__ import annotations

from bots.games.chinchon.arrangement import CHINCHON_LENGTH

#: Highest value of the one unmatched card of a standard close.
CLOSE_SINGLE_LIMIT = 4
#: Highest unmatched total of a close under "five points".
FIVE_POINTS_LIMIT = 5
#: How many hands' packings are kept (the same hand is asked about several times a turn).
RECENT_LIMIT = 256
#: Largest set.
MAX_SET_SIZE = 4
#: Groups of cards (one suit's, one rank's) whose melds are remembered.
GROUP_LIMIT = 1 << 14
#: Smallest meld.
MELD_MIN = 3


def bits_of(mask: int) -> list[int]:
    """The single bits of ``mask``, lowest first."""
    found = []
    while mask:
        low = mask & -mask
        mask ^= low
        found.append(low)
    return found


def is_seven_run(cover: int, rank_count: int) -> bool:
    """Whether the cards ``cover`` are seven in a row of one suit (ranks per suit
    ``rank_count``, one suit after another in the mask)."""
    low = cover & -cover
    index = low.bit_length() - 1
    if cover != ((1 << CHINCHON_LENGTH) - 1) << index:
        return False
    suit_end = (index // rank_count + 1) * rank_count
    return index + CHINCHON_LENGTH <= suit_end
