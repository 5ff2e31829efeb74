"""The End phase's bill and the game's score, as plain functions.

The End phase (the beta's table, kept by both sides): count each player's HIT icons
(not cards: a One-Two is two); a player with none loses nothing, the player or players
with the fewest among those who were hit lose 1 BL, everyone else loses 2.

>>> booze_lost([0, 2, 2, 5])
(0, 1, 1, 2)
>>> booze_lost([3, 3, 3])
(1, 1, 1)

Scoring (beta): 10 points, less 2 per lost patron and 1 per missing BL, missing BL
counted over every patron a player has had (a knocked-out patron is missing all of
its BL), so being knocked out never scores better than staying alive. Older draft:
the current patron's BL is the standing, and there are no points.
"""

from __future__ import annotations

from collections.abc import Sequence

from bots.games.joes_bar.data import Patron
from bots.games.joes_bar.rules import Rules

#: BL lost in the End phase by a player who was not hit, by the fewest-hit among those
#: who were hit (every tied player), and by everyone else.
NOT_HIT_LOSS, FEWEST_LOSS, OTHERS_LOSS = 0, 1, 2


def booze_lost(hits: Sequence[int]) -> tuple[int, ...]:
    """BL each player loses in the End phase, from their HIT counts (icons, not cards)."""
    if min(hits, default=0) < 0:
        raise ValueError(f"HIT counts cannot be negative, got {list(hits)}")
    fewest = min((count for count in hits if count > 0), default=0)
    if not fewest:
        return tuple(NOT_HIT_LOSS for _ in hits)
    return tuple(
        NOT_HIT_LOSS if count == 0 else FEWEST_LOSS if count == fewest else OTHERS_LOSS
        for count in hits
    )


def missing_booze(rules: Rules, lost: Sequence[Patron], current: Patron | None, booze: int) -> int:
    """BL a player is missing: below the current patron's printed BL (never less than 0),
    plus all of every lost patron's when the rules count every patron."""
    missing = max(0, current.booze - max(booze, 0)) if current is not None else 0
    if rules.missing_of_every_patron:
        missing += sum(patron.booze for patron in lost)
    return missing


def standing(rules: Rules, lost: Sequence[Patron], current: Patron | None, booze: int) -> int:
    """What a player would score if the game ended now: points (beta), or the current
    patron's BL (older draft; a patron knocked out at the end stands at 0)."""
    if not rules.by_points:
        return max(booze, 0) if current is not None else 0
    return (
        rules.points_start
        - rules.points_per_lost_patron * len(lost)
        - rules.points_per_missing_bl * missing_booze(rules, lost, current, booze)
    )


def winners(rules: Rules, standings: Sequence[int], hits: Sequence[int]) -> tuple[int, ...]:
    """The seats that win: the best standing; between tied players the fewest HITs in front
    of them when the rules say so; players still level share the win."""
    best = max(standings)
    tied = [seat for seat, value in enumerate(standings) if value == best]
    if rules.fewest_hits_tie_break and len(tied) > 1:
        fewest = min(hits[seat] for seat in tied)
        tied = [seat for seat in tied if hits[seat] == fewest]
    return tuple(tied)
