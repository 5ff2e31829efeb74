"""Guesses at what a Joe's Bar player cannot see, as game states to play out.

A bot that looks ahead needs whole positions, but it may know only its view
(:class:`~.records.JoesBarView`). :func:`world` builds a :class:`~.engine.JoesBar` that
agrees with a view in everything the view shows, and fills in the rest by a seeded guess:

* the cards nobody can see (the Action deck, the face-down discard pile and the other
  hands) are the deck's copies minus those in view, shared at random in the sizes the
  view gives (every player's hand size, the deck's and the pile's);
* the patrons not in play are shared at random between the face-down trackers and the
  spares (patrons knocked out, and not drawn again since, are known to be spares);
* the song's length is drawn from the range of ordinary songs, never shorter than what
  has played already (under a fixed song length, that length);
* smashed furniture goes back in the box (both are dealt out again at the next Jukebox);
* what the view does not keep (how many turns in a row passed without a chain, the
  length of the chain so far, the playtest tallies) starts at nothing.

Worlds are built where a player chooses an action of a turn, an answer to a HIT, or
whether to start a Utility pause before one (:data:`PLAYABLE_PHASES`): never half-way
through a pause, nor at the older draft's hand limit. A world
has its own seeded generator, so the future (shuffles, songs, robs) is a guess too.
"""

from __future__ import annotations

import random
from collections import deque

from bots.games.joes_bar.data import CardData, Copy, Piece
from bots.games.joes_bar.engine import JoesBar
from bots.games.joes_bar.records import Attack, JoesBarView, Landed
from bots.games.joes_bar.rules import DECISIONS

#: The phases in which :func:`world` can build a position.
PLAYABLE_PHASES = frozenset({"turn", "answer", "window"})


def table_params(view: JoesBarView, song_seconds: int = 0) -> dict[str, object]:
    """The engine parameters a view shows: the player count and the side of every
    decision (the song and the other settings at their defaults unless given)."""
    params: dict[str, object] = {"players": len(view.seats), "song_seconds": song_seconds}
    for name in DECISIONS:
        params[name] = getattr(view.rules, name)
    return params


def unseen_copies(data: CardData, deck: tuple[int, ...], view: JoesBarView) -> list[Copy]:
    """The copies of the game's deck that ``view`` does not show, in the data's order: not
    in your hand, thrown (landed or in flight), in the pause, nor an empty glass on the
    table."""
    thrown: list[Landed | Attack] = [landed for front in view.in_front for landed in front]
    if view.attack is not None:
        thrown.append(view.attack)
    shown = [*view.hand, *view.drawn, *(card.card for card in view.pause)]
    shown += [copy for throw in thrown for copy in throw.cards]
    shown += [piece.glass_of for piece in _pieces_in(view) if piece.glass_of is not None]
    seen = {copy.number for copy in shown}
    return [data.copies[number] for number in sorted(deck) if number not in seen]


def world(data: CardData, view: JoesBarView, seed: int, song_seconds: int = 0) -> JoesBar:
    """A position that agrees with ``view`` in all it shows, the rest guessed with ``seed``
    (see the module docstring). ``view.phase`` must be one of :data:`PLAYABLE_PHASES`."""
    if view.phase not in PLAYABLE_PHASES or view.pause or view.pause_initiator is not None:
        raise ValueError(
            f"a world can be built at a turn, an answer or before one, not in {view.phase!r}"
        )
    rng = random.Random(seed)
    state = JoesBar.new(data, seed, table_params(view, song_seconds))
    n = state.n
    me = view.player
    seats = view.seats
    # the cards: what is in view where it shows, the rest dealt out at random
    hidden = unseen_copies(data, state.rules.deck, view)
    rng.shuffle(hidden)
    hands: list[list[Copy]] = []
    for seat in range(n):
        if seat == me:
            hands.append(list(view.hand))
        else:
            size = seats[seat].hand_size
            hands.append(hidden[:size])
            del hidden[:size]
    pile = hidden[: view.discard_size]
    del hidden[: view.discard_size]
    state.hands = hands
    state.pile = deque(pile)
    state.deck = hidden
    state.drawn = list(view.drawn)
    # the patrons
    in_play = [seat.patron for seat in seats]
    lost = {name for seat in seats for name in seat.lost_patrons}
    by_name = {patron.name: patron for patron in data.patrons}
    others = [p for p in data.patrons if p not in in_play and p.name not in lost]
    rng.shuffle(others)
    state.patron = list(in_play)
    state.trackers = others[:n]
    # a knocked-out patron goes among the spares, and may since have come back into play
    known = [patron for patron in data.patrons if patron.name in lost and patron not in in_play]
    state.spares = known + others[n:]
    state.lost = [[by_name[name] for name in seat.lost_patrons] for seat in seats]
    state.booze = [seat.booze for seat in seats]
    state.knockouts = view.knockouts
    # the furniture
    state.slots = list(view.slots)
    state.centre = list(view.centre)
    on_table = {piece.code for piece in _pieces_in(view)}
    state.box = [piece for piece in data.bar if piece.code not in on_table]
    state.smashed = []
    # the round
    state.round = view.round
    state.starter = view.starter
    state.turn_player = view.turn_player
    state.elapsed = view.song_played
    state.song = _song(state, view, rng)
    state.round_live = True
    state.front = [list(front) for front in view.in_front]
    state.out = [seat.out for seat in seats]
    state.brawl = [seat.in_brawl for seat in seats]
    state.hit = [seat.hit_this_round for seat in seats]
    traits = [seat.patron.trait if seat.patron is not None else None for seat in seats]
    state.slips_used = [
        max(0, trait.free_dodges - seat.free_dodges_left) if trait else 0
        for trait, seat in zip(traits, seats, strict=True)
    ]
    state.reach_used = [
        max(0, trait.free_reach - seat.free_reach_left) if trait else 0
        for trait, seat in zip(traits, seats, strict=True)
    ]
    state.passes = 0
    state.chain_length = 0
    state.chains = []
    state.records = [view.last_round] if view.last_round is not None else []
    # the moment
    state.phase = view.phase
    state.current = me
    state.attack = view.attack
    state.last_card_by = view.last_card_by
    state.moment, state.window = _moment(state, view)
    state.pause = []
    state.pause_initiator = None
    state.joiners = []
    state.resume = None
    state.next_step = None
    state.winners = ()
    state.final_standings = ()
    state.rng.seed(rng.getrandbits(64))
    state._legal = None  # the caches of the position it was set up in
    state._seats = []
    return state


def _moment(state: JoesBar, view: JoesBarView) -> tuple[tuple[str, int], list[int]]:
    """The moment the view is at and, before it, the players still to be asked whether
    they start a pause (the player to move first)."""
    if view.phase != "window":
        return (view.phase, view.player), []
    attack = view.attack
    moment = ("answer", attack.target) if attack is not None else ("turn", view.turn_player)
    asked = [seat for seat in state.clockwise(moment[1]) if not view.seats[seat].out]
    return moment, asked[asked.index(view.player) :]


def _pieces_in(view: JoesBarView) -> list[Piece]:
    found = [piece for piece in (*view.slots, *view.centre) if piece is not None]
    found += [landed.piece for front in view.in_front for landed in front if landed.piece]
    if view.attack is not None and view.attack.piece is not None:
        found.append(view.attack.piece)
    return found


def _song(state: JoesBar, view: JoesBarView, rng: random.Random) -> int:
    rules = state.rules
    if rules.song_seconds:
        return rules.song_seconds
    shortest = max(rules.song_shortest, view.song_played + 1)
    return rng.randint(shortest, max(shortest, rules.song_longest))
