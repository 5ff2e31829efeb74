"""The Music Game Thingy: card values in a player's words.

Pure functions and label tables shared by the card faces, the text
alternatives of the card images, the rules engine and the terminal game:
money in figures and in words, dice, activities, hand-limit groups and how
long a card lasts. Nothing here draws or reads files.
"""

from __future__ import annotations

from collections.abc import Sequence

#: Each Action card type as a card's label names it (shorter than the source's
#: full names: the Sports Car's is "Gratuitously Expensive Sports Car").
CARD_TYPE_LABELS: dict[str, str] = {
    "single": "Single",
    "ep": "EP",
    "album": "Album",
    "double-album": "Double album",
    "venue": "Venue",
    "extra-date": "Extra Date",
    "road-crew": "Road Crew",
    "stage-lights": "Stage Lights",
    "hype": "Hype",
    "backlash": "Backlash",
    "lawyers": "Lawyers",
    "contract-exchange": "Contract Exchange",
    "contract-waiver": "Contract Waiver",
    "disaster": "Disaster",
    "sabotage": "Sabotage",
    "commercial-spies": "Commercial Spies",
    "sports-car": "Sports Car",
}
#: How long a played card stays, as the card says it.
LASTS_LABELS: dict[str, str] = {
    "month": "One use",
    "year": "Lasts the year",
    "game": "Keep all game",
    "until-album": "Keep until an Album",
}
#: The card groups a hand limit counts.
HAND_GROUP_LABELS: dict[str, str] = {
    "singles": "Singles & EPs",
    "albums": "Albums & Double albums",
    "dirty-tricks": "Disaster or Sabotage",
}
#: What an Artist can do in a month, singular.
ACTIVITY_LABELS: dict[str, str] = {
    "single": "Single",
    "ep": "EP",
    "album": "Album",
    "double-album": "Double album",
    "venue": "Venue",
    "tour": "Tour",
}
RECORDS = frozenset({"single", "ep", "album", "double-album"})
#: The word for what one point rolled on the dice earns (the source's "per unit").
PER_UNIT = "per unit"


def money(value: int) -> str:
    """A sum in figures: 25000 -> '25,000'."""
    return f"{value:,}"


def signed(value: int) -> str:
    """A change with its sign: '+1', '-2', '0'."""
    return f"+{value}" if value > 0 else str(value)


def dice_words(count: int) -> str:
    """'1 die', '3 dice'."""
    return f"{count} die" if count == 1 else f"{count} dice"


def activities(kinds: Sequence[str]) -> str:
    """Activities in words, singular: 'Venue or Tour', 'record or concert'."""
    chosen = set(kinds)
    if chosen >= RECORDS | {"venue", "tour"}:
        return "record or concert"
    names = [ACTIVITY_LABELS[kind] for kind in ACTIVITY_LABELS if kind in chosen]
    if chosen >= RECORDS:
        names = ["record"] + [ACTIVITY_LABELS[kind] for kind in ("venue", "tour") if kind in chosen]
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " or " + names[-1]


_ONES = (
    "",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
)
_TENS = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")


def _below_thousand(n: int) -> str:
    hundreds, rest = divmod(n, 100)
    parts = []
    if hundreds:
        parts.append(f"{_ONES[hundreds]} hundred")
    if rest:
        if rest < 20:
            words = _ONES[rest]
        else:
            words = _TENS[rest // 10] + (f"-{_ONES[rest % 10]}" if rest % 10 else "")
        parts.append(words)
    return " and ".join(parts)


def in_words(value: int) -> str:
    """A sum in English words: 25000 -> 'twenty-five thousand'."""
    if value == 0:
        return "nothing"
    parts = []
    millions, rest = divmod(value, 1_000_000)
    thousands, units = divmod(rest, 1000)
    if millions:
        parts.append(f"{_below_thousand(millions)} million")
    if thousands:
        parts.append(f"{_below_thousand(thousands)} thousand")
    if units:
        parts.append(_below_thousand(units))
    return " ".join(parts)
