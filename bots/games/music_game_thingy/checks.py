"""The invariants of a game in progress, each a sentence when broken (``None`` when kept).

* **Money** is conserved with the bank: the labels' cash adds up to what the
  bank paid out less what it took in (every payment has a payer and a payee).
* **Cards** are conserved: every Action card is in exactly one place: the
  deck, the discards, a hand, a Sports Car face up, on an Artist (a year card
  or a kept Single), played this month, or a Contract card waiting for Lawyers.
* **Fame** is within the Fame track (0 to 20) for every marker and with Hype
  and Backlash.
* **Limits**: no hand breaks a hand limit after a step, except while labels are
  getting within them (the ``limits`` step, whose label is over one, and the
  answer to an offer made there).
* **Contracts and Tours**: an Artist under contract has 1 to 5 years left; a Tour
  on the road and its Artist point at each other; no label has more Tours on the
  road than ``tours_per_label`` (when it sets one).

>>> from pnp.catalog import load_catalog
>>> from bots.games.music_game_thingy.engine import MusicGameThingy
>>> rules = MusicGameThingy.data_from(load_catalog("cards").game("music-game-thingy"))
>>> problems(MusicGameThingy.new(rules, 3, {"players": 4}))
[]
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bots.games.music_game_thingy.engine import MusicGameThingy


def money_problem(state: MusicGameThingy) -> str | None:
    held = sum(state.cash)
    expected = state.bank_out - state.bank_in
    if held != expected:
        return f"money not conserved: the labels hold {held:,}, the bank's books say {expected:,}"
    return None


def card_problem(state: MusicGameThingy) -> str | None:
    places: list[int] = [*state.deck, *state.discards, *state.in_play]
    for hand in state.hands:
        places += hand
    for cars in state.sports_cars:
        places += cars
    for artist in state.artists.values():
        places += artist.face_up
        if artist.kept_single is not None:
            places.append(artist.kept_single)
    if state.move_card is not None:
        places.append(state.move_card)
    counts = Counter(places)
    total = len(state.rules.copies)
    if (
        len(places) == total
        and len(counts) == total
        and min(counts) == 0
        and max(counts) == total - 1
    ):
        return None
    everything = Counter(range(total))
    extra = sorted((counts - everything).elements())
    missing = sorted((everything - counts).elements())
    return f"cards not conserved: extra {extra}, missing {missing}"


def fame_problem(state: MusicGameThingy) -> str | None:
    low, high = state.rules.fame_range
    for artist in state.artists.values():
        if artist.fame is not None and not low <= artist.fame <= high:
            return f"{artist.id} has Fame {artist.fame}, outside {low} to {high}"
        if artist.owner is not None:
            if artist.fame is None:
                return f"{artist.id} is under contract without a Fame marker"
            fame = state.fame_of(artist)
            if not low <= fame <= high:
                return f"{artist.id} has Fame {fame} with Hype and Backlash"
    return None


def limit_problem(state: MusicGameThingy) -> str | None:
    fixing = state.phase == "limits" or (state.phase == "answer" and state.limit_offer)
    if state.phase == "limits" and not state.over_limit(state.current):
        return f"label {state.current} is asked to get within the limits but is within them"
    if fixing:
        return None
    for seat in range(state.players):
        broken = state.over_limit(seat)
        if broken:
            return f"label {seat}'s hand breaks a limit ({', '.join(broken)}) after a step"
    return None


def contract_problem(state: MusicGameThingy) -> str | None:
    low, high = state.rules.contract_years
    for artist in state.artists.values():
        if artist.owner is not None and not low <= artist.contract <= high:
            return f"{artist.id} has {artist.contract} years of contract left"
        if artist.tour is not None and state.tours[artist.tour].artist != artist.id:
            return f"{artist.id} is on {artist.tour}, which is not with it"
    on_road = [0] * state.players
    for tour in state.tours.values():
        if tour.artist is not None and state.artists[tour.artist].tour != tour.id:
            return f"{tour.id} is with {tour.artist}, which is not on it"
        if tour.artist is not None and tour.label is not None:
            on_road[tour.label] += 1
    limit = state.tours_per_label
    for seat, count in enumerate(on_road):
        if limit and count > limit:
            return f"label {seat} has {count} Tours on the road, more than the {limit} allowed"
    return None


def problems(state: MusicGameThingy) -> list[str]:
    """Every invariant broken now."""
    found = [
        money_problem(state),
        card_problem(state),
        fame_problem(state),
        limit_problem(state),
        contract_problem(state),
    ]
    return [problem for problem in found if problem is not None]
