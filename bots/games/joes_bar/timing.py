"""The table-time model: how long each kind of action takes at the table, and the song.

A round of Joe's Bar lasts until the song on the jukebox ends (or the fight burns out),
so the engine keeps a clock. Every action costs the seconds of its kind in
:data:`SECONDS` (thinking included: the time from the moment it is a player's move to
the moment the next player can move), and the round ends once the clock reaches the
song's length. The song is a parameter: one length for every round (``song_seconds``),
or by default a length drawn for each round, uniformly in whole seconds, from
``song_shortest`` to ``song_longest`` (180 to 300 s: an ordinary pop or rock song).
Nobody at the table picks it, so nobody can pick a ten-second track to end a round
after one punch.

The figures below are estimates for a lively table that knows the rules, not
measurements of real players; change them here and every figure that depends on them
(round ends by song, table minutes, the site's pacing table) follows. What the model
cannot give is *thinking time as a choice*: a player who stalls on purpose, which the
older draft's sand timer is there to stop. Bots answer at the pace of this table and
never stall, so the simulation cannot say what the timer changes; only a live playtest
can (see the Sand timer evidence).
"""

from __future__ import annotations

import random

#: Seconds each kind of action takes at the table, thinking included.
SECONDS: dict[str, int] = {
    # the Action Chain
    "throw": 6,  # find a HIT card, name the target, slap it down
    "combo card": 2,  # each card added to an attack
    "fling": 7,  # pick up the furniture and swing it
    "dodge": 5,  # pick a card to give up, discard it face down, name who is next
    "slip": 4,  # a dodge that costs no card
    "swoosh": 5,  # show the Swoosh card, sweep the attack away
    "take": 3,  # no answer: the HIT lands, the chain ends
    "last-resort draw": 6,  # turn the top card of the discard pile, read it
    "sand timer": 0,  # the timer's own length is added (sand_timer_seconds)
    # a turn before its chain
    "drink": 8,  # drink, move the tracker, put the empty glass out
    "grab": 4,  # reach for a centre Bar card
    "turn passed": 4,  # no HIT to throw: say so, and the next player is up
    "hand-limit discard": 3,  # older draft: discard one card at the end of a turn
    # Utility pauses
    "trick": 10,  # call the pause, play the card, name its targets
    "join": 7,  # add a card to the pause
    "pass in a pause": 2,  # a shake of the head
    "no trick": 0,  # not starting a pause takes no time: nobody says so
    "resolve": 5,  # each aimed icon as it resolves (rob, poison, cancel)
}

#: Seconds outside the song: setting up, the Jukebox phase of later rounds (refurnish,
#: reshuffle, replace patrons, draw up) and each End phase (count HITs, pay BL).
BETWEEN_ROUNDS: dict[str, int] = {
    "setup": 240,
    "first song": 15,
    "jukebox": 90,
    "end phase": 45,
}


def song_length(rng: random.Random, fixed: int, shortest: int, longest: int) -> int:
    """The seconds of a round's song: ``fixed`` when it is set, else drawn from ``rng``."""
    if fixed:
        return fixed
    return rng.randint(shortest, longest)


def table_seconds(brawl_seconds: list[int]) -> int:
    """How long a whole game took at the table, given the Brawl phase of each round."""
    if not brawl_seconds:
        return BETWEEN_ROUNDS["setup"]
    rounds = len(brawl_seconds)
    return (
        BETWEEN_ROUNDS["setup"]
        + BETWEEN_ROUNDS["first song"]
        + BETWEEN_ROUNDS["jukebox"] * (rounds - 1)
        + BETWEEN_ROUNDS["end phase"] * rounds
        + sum(brawl_seconds)
    )
