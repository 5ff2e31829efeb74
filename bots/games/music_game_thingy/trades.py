"""Hand limits and trades: what happens between the draw and the declarations.

**Limits.** A label over a hand limit (ten cards; four Singles and EPs; two
Albums and Double albums; never Disaster with Sabotage) must at once discard a
card that breaks it, or offer a trade that gives one away. Labels over a limit
are dealt with in financial order, before anyone's deal.

**Deals.** Then, in financial order, each label may offer one trade or pass.
A trade moves money, Action cards from the offering label's hand and Artists
under contract, both ways; the other label accepts or declines. A gift needs
the receiver's consent like any trade. Nobody can ask for a card of a hidden
hand, and nobody may promise a future payment: only immediate exchanges. A
label makes at most one offer a month (in its deal or to get within a limit).
A label that accepts cards and goes over a limit must get within it at once.
An Artist on a Tour takes the Tour along, so no trade may leave a label with
more Tours on the road than ``tours_per_label``.

``legal_actions`` offers a bounded menu of trades: over a limit, each card
breaking it given away or sold for a set price; in a deal, to each other
label, the newest card of the hand sold for a set price, and one Artist bought
and one sold at its minimum one-year bid. Any other well-formed offer is legal
too (a bot may make any).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from bots.games.music_game_thingy import declare
from bots.games.music_game_thingy.actions import (
    Accept,
    Decline,
    Discard,
    MusicGameThingyAction,
    Offer,
    Pass,
    accept,
    decline,
    offer,
    pass_,
)
from bots.games.music_game_thingy.cards import minimum_bid
from bots.games.music_game_thingy.pieces import ArtistState
from pnp.catalog.schemas.music_game_thingy import HAND_LIMIT, MONEY_STEP

if TYPE_CHECKING:
    from bots.games.music_game_thingy.engine import MusicGameThingy

__all__ = ["Offer", "actions", "apply", "problem"]

#: The price of a card in the menu of trades.
CARD_PRICE = 10_000


def offending_cards(state: MusicGameThingy, seat: int) -> list[str]:
    """The distinct ids of ``seat``'s cards that break a limit (every card when the
    hand is over ten), in hand order."""
    hand = state.hands[seat]
    rules, copies = state.rules, state.rules.copies
    if len(hand) > HAND_LIMIT:
        return list(dict.fromkeys(copies[card] for card in hand))
    groups = Counter(rules.card(copies[card]).limit_group for card in hand)
    over = {group for group, count in groups.items() if group and count > rules.group_limit(group)}
    return list(
        dict.fromkeys(copies[card] for card in hand if rules.card(copies[card]).limit_group in over)
    )


def _artist_price(state: MusicGameThingy, artist: ArtistState) -> int:
    return minimum_bid(state.fame_of(artist), max(1, artist.contract))


def _prices(state: MusicGameThingy) -> list[tuple[int, tuple[str], int]]:
    """Every signed Artist's owner, id and menu price (kept while no Artist changes)."""
    cached = state.price_cache
    if cached is not None and cached[0] == state.table_version:
        return cached[1]
    prices = [
        (artist.owner, (artist.id,), _artist_price(state, artist))
        for artist in state.artists.values()
        if artist.owner is not None
    ]
    state.price_cache = (state.table_version, prices)
    return prices


def actions(state: MusicGameThingy, seat: int) -> list[MusicGameThingyAction]:
    phase = state.phase
    if phase == "answer":
        return [accept(seat), decline(seat)] if _accept_problem(state) is None else [decline(seat)]
    found: list[MusicGameThingyAction] = []
    may_offer = state.offers_left[seat] > 0
    others = [other for other in range(state.players) if other != seat]
    if phase == "limits":
        offending = offending_cards(state, seat)
        found += [Discard(seat, card) for card in offending]
        if may_offer:
            for other in others:
                for card in offending:
                    found.append(offer(seat, other, 0, (card,)))
                    found.append(offer(seat, other, 0, (card,), (), CARD_PRICE))
        return found
    found.append(pass_(seat))
    if not may_offer:
        return found
    # The menu: to each other label, the newest card of the hand for a set price, the
    # first of its Artists bought and the first of this label's sold at their prices.
    hand = state.hands[seat]
    newest = (state.rules.copies[hand[-1]],) if hand else ()
    cash = state.cash[seat]
    prices = _prices(state)
    own = next(((artist, price) for owner, artist, price in prices if owner == seat), None)
    for other in others:
        if newest:
            found.append(offer(seat, other, 0, newest, (), CARD_PRICE))
        theirs = next(((a, p) for owner, a, p in prices if owner == other and p <= cash), None)
        if theirs is not None and _road_clear(state, theirs[0], seat):
            found.append(offer(seat, other, theirs[1], (), (), 0, theirs[0]))
        if own is not None and _road_clear(state, own[0], other):
            found.append(offer(seat, other, 0, (), own[0], own[1]))
    return found


def _road_clear(state: MusicGameThingy, artists: tuple[str], to: int) -> bool:
    """Whether moving ``artists`` to ``to`` keeps every label within the Tours limit."""
    return declare.road_problem(state, [(artist, to) for artist in artists]) is None


def problem(state: MusicGameThingy, action: MusicGameThingyAction) -> str | None:
    phase = state.phase
    seat = action.player
    if phase == "answer":
        if type(action) is Decline:
            return None
        if type(action) is Accept:
            return _accept_problem(state)
        return "they must accept or decline the offer"
    if type(action) is Discard:
        if phase != "limits":
            return "only a label over a hand limit discards now"
        if action.card not in offending_cards(state, seat):
            held = action.card in (state.rules.copies[card] for card in state.hands[seat])
            return "that card breaks no limit" if held else f"they hold no {action.card}"
        return None
    if type(action) is Pass:
        return None if phase == "deal" else "a label over a hand limit must get within it"
    if type(action) is Offer:
        return _offer_problem(state, action)
    if phase == "limits":
        return "they must get within the hand limits first"
    return "the deals come before the declarations"


def _offer_problem(state: MusicGameThingy, offer: Offer) -> str | None:
    seat = offer.player
    if state.offers_left[seat] <= 0:
        return "a label makes one offer a month"
    if not 0 <= offer.to < state.players or offer.to == seat:
        return f"label {offer.to} is not another label at the table"
    if offer.is_empty:
        return "the offer gives and asks for nothing"
    if offer.give_money % MONEY_STEP or offer.take_money % MONEY_STEP:
        return f"money changes hands in whole multiples of {MONEY_STEP:,}"
    if offer.give_money > max(0, state.cash[seat]):
        return f"the label holds only {max(0, state.cash[seat]):,}"
    held = Counter(state.rules.copies[card] for card in state.hands[seat])
    for card, count in Counter(offer.give_cards).items():
        if held[card] < count:
            return f"they hold no {card}" if not held[card] else f"they hold {held[card]} {card}"
    for artist_id in offer.give_artists:
        if getattr(state.artists.get(artist_id), "owner", None) != seat:
            return f"{artist_id} is not under contract to them"
    for artist_id in offer.take_artists:
        if getattr(state.artists.get(artist_id), "owner", None) != offer.to:
            return f"{artist_id} is not under contract to label {offer.to}"
    if len(set(offer.give_artists)) != len(offer.give_artists) or len(
        set(offer.take_artists)
    ) != len(offer.take_artists):
        return "an Artist is named twice"
    moves = [(a, offer.to) for a in offer.give_artists] + [(a, seat) for a in offer.take_artists]
    if moves:
        road = declare.road_problem(state, moves)
        if road is not None:
            return road
    if state.phase == "limits" and not set(offer.give_cards) & set(offending_cards(state, seat)):
        return (
            "over a hand limit, a label may only offer a trade that gives away a card breaking it"
        )
    return None


def _accept_problem(state: MusicGameThingy) -> str | None:
    offer = state.offer
    assert offer is not None
    if offer.take_money > state.cash[offer.to]:
        return f"the offer asks for {offer.take_money:,} and they hold less"
    return None


def apply(state: MusicGameThingy, action: MusicGameThingyAction) -> None:
    seat = action.player
    if type(action) is Discard:
        hand = state.hands[seat]
        card = next(c for c in hand if state.rules.copies[c] == action.card)
        hand.remove(card)
        state.discards.append(card)
        state.tally("discarded " + action.card).add(plays=1)
    elif type(action) is Pass:
        state.deal_queue.pop(0)
    elif type(action) is Offer:
        state.offers_left[seat] -= 1
        state.limit_offer = state.phase == "limits"
        if state.phase == "deal":
            state.deal_queue.pop(0)
        state.offer = action
        state.phase, state.current = "answer", action.to
        return
    else:
        offer = state.offer
        assert offer is not None
        state.offer = None
        if type(action) is Accept:
            _exchange(state, offer)
        state.tally("trade accepted" if type(action) is Accept else "trade declined").add(plays=1)
    state.next_before_declaring()


def _exchange(state: MusicGameThingy, offer: Offer) -> None:
    giver, taker = offer.player, offer.to
    state.touch_all()
    state.pay(giver, taker, offer.give_money, "trades")
    state.pay(taker, giver, offer.take_money, "trades")
    hand = state.hands[giver]
    copies = state.rules.copies
    for card_id in offer.give_cards:
        card = next(c for c in hand if copies[c] == card_id)
        hand.remove(card)
        state.hands[taker].append(card)
        state.held_since[card] = state.month_index
    for artist_id in offer.give_artists:
        _move_artist(state, state.artists[artist_id], taker)
    for artist_id in offer.take_artists:
        _move_artist(state, state.artists[artist_id], giver)


def _move_artist(state: MusicGameThingy, artist: ArtistState, to: int) -> None:
    artist.owner = to
    if artist.tour is not None:
        state.tours[artist.tour].label = to
