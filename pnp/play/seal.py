"""The seal of a save: what it was saved with, so that an edit is seen.

A save says which seat is the player's and whether its hidden cards were shown
(``pnp replay --open --reveal``). Edited, it would let a player resume from a bot's seat
and see that bot's hand, or hide that the cards were seen. So the ``play`` object of a
save holds a seal: the first :data:`LENGTH` hex digits of the SHA-256 of the canonical JSON
(sorted keys, no spaces, ASCII) of the game, seed and parameters, the player's seat, the
names and the revealed mark. A save whose seal does not match is refused, and
:func:`edit_of` says what was changed when it can tell: another seat, or the mark removed.

The seal catches edits, not forgery: there is no secret in it, and anyone who reads this
code can recompute it for an edited save (or remove the seal and the mark together, which
makes the save look like one written before seals). A save without a seal (an older save,
a plain engine record) is read as before.

>>> data = {"game": "chinchon", "seed": 7, "params": {"players": 2},
...         "play": {"human": 0, "names": ["You", "Ana"], "revealed": False}}
>>> data["play"]["seal"] = seal(data)
>>> edit_of(data, ["You", "Ana"]) is None
True
>>> data["play"]["human"] = 1
>>> edit_of(data, ["You", "Ana"])
"it was saved from seat 1 (You), but now names seat 2 (Ana) as the player's"
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import Any

#: The key of a save's ``play`` object that holds the seal.
SEAL_KEY = "seal"
#: The key of a save's ``play`` object that says its hidden cards were shown.
REVEALED_KEY = "revealed"
#: Hex digits kept of the SHA-256 (64 bits: enough to see an edit, short to read).
LENGTH = 16


def seal(data: Mapping[str, Any]) -> str:
    """The seal of the save ``data`` as it is (its ``play`` object included)."""
    play = data["play"]
    return _digest(data, play.get("human", 0), play.get(REVEALED_KEY, False))


def edit_of(data: Mapping[str, Any], names: Sequence[str]) -> str | None:
    """What was edited in the sealed save ``data``, as a phrase (``names``: the players'
    names as printed); ``None`` when it has no seal or is as it was sealed."""
    play = data.get("play")
    if not isinstance(play, Mapping):
        return None
    if SEAL_KEY not in play:
        if REVEALED_KEY in play:  # only a sealed save has the mark
            return "its seal was removed"
        return None
    written = play[SEAL_KEY]
    human = play.get("human", 0)
    revealed = play.get(REVEALED_KEY, False)
    if written == _digest(data, human, revealed):
        return None
    for seat in range(len(names)):
        for was_revealed in (revealed, True):
            if _digest(data, seat, was_revealed) != written:
                continue
            changes = []
            if seat != human:
                changes.append(
                    f"it was saved from seat {seat + 1} ({names[seat]}), but now names seat "
                    f"{human + 1} ({names[human]}) as the player's"
                )
            if was_revealed and not revealed:
                changes.append(
                    "its mark that the hidden cards were shown (by pnp replay --reveal) was removed"
                )
            return ", and ".join(changes)
    return "its game, seed, parameters, names or seat are not those it was saved with"


def _digest(data: Mapping[str, Any], human: object, revealed: object) -> str:
    play = data["play"]
    sealed = {
        "game": data.get("game"),
        "seed": data.get("seed"),
        "params": data.get("params"),
        "human": human,
        "names": play.get("names"),
        "revealed": revealed,
    }
    text = json.dumps(sealed, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:LENGTH]
