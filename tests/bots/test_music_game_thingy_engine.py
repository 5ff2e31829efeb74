"""The Music Game Thingy's rules engine: known answers from the rules and every
reading of the Clarifications page, on positions set up by hand with scripted dice.

Property tests over seeded games are in ``test_music_game_thingy_play.py``.
"""

from __future__ import annotations

import doctest

import pytest

from bots.core import GameConfigError, IllegalActionError, InvalidActionError
from bots.games import music_game_thingy as mgt
from bots.games.music_game_thingy import (
    actions,
    auction,
    bots,
    cards,
    checks,
    engine,
    scoring,
    stats,
    trades,
)
from bots.games.music_game_thingy.actions import (
    Accept,
    Allow,
    Bid,
    BookTour,
    Decline,
    Discard,
    Done,
    LookAt,
    Offer,
    Pass,
    Play,
    PlayLawyers,
)
from tests.bots.mgt_positions import (
    Dice,
    declaring,
    empty_hands,
    end_auction,
    finish_declaring,
    give,
    new_game,
    rules,
    sign,
    to_declarations,
)

KATE, DIRE, MASSES, DENTISTS = (
    "kate-the-bitch",
    "dire-haircuts",
    "the-unwashed-masses",
    "sonic-dentistry",
)


def test_doctests() -> None:
    for module in (mgt, actions, auction, bots, cards, checks, engine, stats):
        assert doctest.testmod(module).failed == 0, module.__name__


# --- revenue and the minimum bid (the rules' own examples) ------------------------------


def test_kate_the_bitch_at_the_town_and_country_club() -> None:
    helpers = ("road-crew", "stage-lights")
    found = mgt.revenue("town-and-country-club", (3, 5), fame=12, helpers=helpers, rules=rules())
    assert (
        found
        == (13, 65_000)
        == rules().revenue("town-and-country-club", (3, 5), fame=12, helpers=helpers)
    )
    assert found.units == 13 and found.money == 65_000
    assert mgt.revenue("town-and-country-club", (3, 5), fame=12, rules=rules()).money == 50_000
    assert mgt.revenue("town-and-country-club", (3, 5), fame=9, rules=rules()).money == 40_000


def test_the_tax_dodgers_at_mudfest_in_june() -> None:
    # The rules page's second example: Fame 12 (Hyped), 3 5 2 4, June.
    assert mgt.revenue("mudfest", (3, 5, 2, 4), fame=12, month="june", rules=rules()) == (
        22,
        110_000,
    )
    assert mgt.revenue("mudfest", (3, 5, 2, 4), fame=12, month=6, rules=rules()).money == 110_000


def test_fame_bonuses_and_month_rules_apply_only_where_they_should() -> None:
    one = rules()
    assert one.revenue("single", (4,), fame=20).units == 6  # +2 a die at 20
    assert one.revenue("single", (4,), fame=19).units == 5
    assert one.revenue("single", (4,), fame=5, month="february").units == 5  # Valentine's Day
    assert one.revenue("single", (4,), fame=5, month="june").units == 4  # June: Venues only
    tour = "the-toilet-circuit"
    assert one.revenue(tour, (4,), fame=5, month="june").units == 4  # not Tours
    assert one.revenue(tour, (4,), fame=5, helpers=("road-crew",)).units == 5  # Tours are concerts
    played_twice = one.revenue(
        "mudfest", (1, 1, 1, 1, 6, 6, 6, 6), fame=0, helpers=("extra-date", "road-crew")
    )
    assert played_twice.units == 28 + 2  # both plays, each with Road Crew's +1


def test_each_months_roll_changes_looked_up_are_the_ones_its_rule_adds_up() -> None:
    activities = ("single", "ep", "album", "double-album", "venue", "tour", "hype")
    changed = set()
    for month in rules().months:
        for activity in activities:
            expected = (month.per_die(activity), month.per_total(activity))
            assert month.changes(activity) == expected, (month.id, activity)
            if expected != (0, 0):
                changed.add(month.id)
    assert {"february", "june"} <= changed


@pytest.mark.parametrize(
    ("card", "rolls", "kwargs", "message"),
    [
        ("hype", (3,), {"fame": 5}, "earns nothing"),
        ("single", (3, 4), {"fame": 5}, "rolls 1 dice here, got 2"),
        ("single", (7,), {"fame": 5}, "a die shows 1 to 6"),
        ("single", (3,), {"fame": 21}, "Fame is always 0 to 20"),
        ("single", (3,), {"fame": 5, "helpers": ("stage-lights",)}, "does not help a single"),
        ("the-toilet-circuit", (3,), {"fame": 5, "helpers": ("extra-date",)}, "only helps a Venue"),
        ("single", (3,), {"fame": 5, "month": "smarch"}, "no month"),
    ],
)
def test_revenue_refuses_what_does_not_fit(
    card: str, rolls: tuple[int, ...], kwargs: dict[str, object], message: str
) -> None:
    with pytest.raises((ValueError, KeyError), match=message):
        rules().revenue(card, rolls, **kwargs)  # type: ignore[arg-type]


def test_minimum_bid() -> None:
    assert mgt.minimum_bid(5, 1) == 25_000
    assert mgt.minimum_bid(4, 3) == 60_000
    with pytest.raises(ValueError, match="years at least 1"):
        mgt.minimum_bid(5, 0)


def test_the_card_data_comes_from_the_catalog() -> None:
    data = rules()
    assert len(data.copies) == 113 and len(data.tours) == 4 and len(data.artists) == 25
    assert data.card("the-national-stadium").earner == cards.Earner(
        "the-national-stadium", "venue", 5, 8000, 15
    )
    assert data.markers[0] == "Rich Bastard" and data.markers[-1] == "Poor Bastard"
    assert data.contract_years == (1, 5) and data.game_years == (1, 10)
    assert dict(data.group_limits) == {"albums": 2, "dirty-tricks": 1, "singles": 4}


def test_parameters_are_checked() -> None:
    with pytest.raises(GameConfigError, match="between 1 and 10"):
        new_game(years=11)
    with pytest.raises(GameConfigError, match="one of 'money', 'fame', 'artists'"):
        new_game(victory="style")
    with pytest.raises(GameConfigError, match="between 2 and 5"):
        new_game(players=6)


# --- setup and the auction --------------------------------------------------------------


def test_setup_deals_money_and_three_cards_and_the_auction_starts_right_of_the_banker() -> None:
    state = new_game(4, seed=3)
    assert state.cash == [200_000] * 4 and all(len(hand) == 3 for hand in state.hands)
    assert state.phase == "bidding-turn"
    assert state.current == (state.banker - 1) % 4
    assert state.auction is not None
    assert state.auction.order == [(state.banker - 1 - step) % 4 for step in range(4)]


def test_a_label_dealt_over_a_limit_fixes_its_hand_before_the_auction() -> None:
    state = new_game(3, seed=5)
    empty_hands(state)
    give(state, 1, "album", "album", "double-album")
    state.auction, state.setting_up = None, True
    state.next_before_declaring()
    assert state.phase == "limits" and state.current == 1 and state.auction is None
    state.apply(Discard(1, "album"))
    assert state.phase == "bidding-turn" and state.auction is not None
    assert checks.problems(state) == []


def test_every_seed_starts_within_the_limits() -> None:
    for seed in range(300):
        state = new_game(5, seed=seed)
        assert checks.problems(state) == [], seed
        assert state.phase in ("bidding-turn", "limits")


def _opening(state: mgt.MusicGameThingy) -> tuple[int, int, int]:
    """The first three labels of the opening auction's order."""
    assert state.auction is not None
    first, second, third = state.auction.order[:3]
    return first, second, third


def test_a_bidding_war_with_the_source_rules_for_a_better_bid() -> None:
    state = new_game(3, seed=5)
    state.rng = Dice([5])  # the Fame roll: one die (3) plus two
    first, second, third = _opening(state)
    state.apply(LookAt(first, DIRE))
    assert state.artists[DIRE].fame == 5
    with pytest.raises(
        IllegalActionError, match="the minimum bid for Fame 5 and 3 years is 75,000"
    ):
        state.apply(Bid(first, DIRE, 3, 70_000))
    state.apply(Bid(first, DIRE, 3, 120_000))
    assert state.phase == "bidding" and state.current == second
    # The same money for fewer years beats; the same money for more years, or a raise
    # of less than 1,000, does not.
    with pytest.raises(IllegalActionError, match="does not beat 120,000 for 3 years"):
        state.apply(Bid(second, DIRE, 3, 120_000))
    with pytest.raises(IllegalActionError, match="does not beat"):
        state.apply(Bid(second, DIRE, 4, 120_000))
    with pytest.raises(IllegalActionError, match="whole thousands"):
        state.apply(Bid(second, DIRE, 2, 120_500))
    state.apply(Bid(second, DIRE, 1, 120_000))
    state.apply(Pass(third))  # final for this Artist
    assert state.current == first
    state.apply(Bid(first, DIRE, 2, 121_000))
    assert state.current == second  # the label that passed is not asked again
    state.apply(Pass(second))
    # Everyone else has passed: the high bidder pays and signs.
    assert state.artists[DIRE].owner == first and state.artists[DIRE].contract == 2
    assert state.cash[first] == 200_000 - 121_000
    assert state.phase == "bidding-turn" and state.current == second
    assert state.signings[-1] == (first, DIRE, 5, 2, 121_000, 0)


def test_nobody_bids_more_than_they_hold_and_the_menu_stays_within_cash() -> None:
    state = new_game(3, seed=5)
    state.rng = Dice([8])
    first, second, _ = _opening(state)
    state.apply(LookAt(first, DIRE))
    state.apply(Bid(first, DIRE, 1, 40_000))
    state.cash[second] = 60_000
    with pytest.raises(IllegalActionError, match="holds only 60,000"):
        state.apply(Bid(second, DIRE, 1, 61_000))
    offered = [a for a in state.legal_actions() if isinstance(a, Bid)]
    assert offered and all(a.amount <= 60_000 for a in offered)
    assert len(offered) <= 15


def test_a_bidding_turn_picks_at_most_two_artists_and_a_pass_ends_the_turn() -> None:
    state = new_game(3, seed=5)
    first, second, _ = _opening(state)
    state.apply(LookAt(first, DIRE))
    state.apply(LookAt(first, KATE))
    assert "at most two" in (state.why_illegal(LookAt(first, MASSES)) or "")
    with pytest.raises(IllegalActionError, match="not in the pool without a Fame marker"):
        state.apply(LookAt(first, KATE))
    state.apply(Pass(first))
    assert state.current == second
    # Rolled but unsold, both stay in the pool with their Fame: anyone may open on them.
    assert state.artists[KATE].fame is not None and state.artists[KATE].owner is None
    assert state.is_legal(Bid(second, KATE, 1, 5_000 * state.artists[KATE].fame))


def test_the_auction_ends_when_every_label_in_a_row_passes_and_the_order_is_set() -> None:
    state = new_game(3, seed=5)
    first, second, third = _opening(state)
    state.apply(LookAt(first, DIRE))
    fame = state.artists[DIRE].fame
    assert fame is not None
    state.apply(Bid(first, DIRE, 1, 5_000 * fame))
    state.apply(Pass(second))
    state.apply(Pass(third))
    for seat in (second, third, first):
        assert state.phase == "bidding-turn"
        state.apply(Pass(seat))
    assert state.auction is None and state.month == 1
    assert state.order[-1] == first  # the only label that spent money is poorest
    assert state.announced == [200_000 - (5_000 * fame if s == first else 0) for s in range(3)]


# --- limits ---------------------------------------------------------------------------


def test_a_label_over_a_limit_discards_or_offers_at_once() -> None:
    state = new_game(3)
    empty_hands(state)
    end_auction(state, [0, 1, 2])
    empty_hands(state)
    give(state, 1, *["single"] * 5)
    state.phase, state.current = "deal", 0
    state.deal_queue = [0, 1, 2]
    state.next_before_declaring()
    assert state.phase == "limits" and state.current == 1
    assert checks.limit_problem(state) is None
    assert {type(a) for a in state.legal_actions()} == {Discard, Offer}
    assert "they hold no album" in (state.why_illegal(Discard(1, "album")) or "")
    state.apply(Discard(1, "single"))
    assert state.phase == "deal" and state.current == 0
    assert checks.problems(state) == []


def test_disaster_and_sabotage_may_never_be_held_together() -> None:
    state = new_game(3)
    empty_hands(state)
    end_auction(state, [0, 1, 2])
    empty_hands(state)
    give(state, 2, "disaster", "sabotage")
    assert state.over_limit(2) == ["more than 1 dirty-tricks"]
    assert trades.offending_cards(state, 2) == ["disaster", "sabotage"]


def test_a_gift_needs_consent_and_a_declined_gift_changes_nothing() -> None:
    state = new_game(3)
    empty_hands(state)
    end_auction(state, [0, 1, 2])
    empty_hands(state)
    give(state, 0, "hype", "disaster")
    to_deal = state.phase == "deal" and state.current == 0
    assert to_deal
    before = state.clone()
    state.apply(Offer(0, 1, give_cards=("disaster",)))
    assert state.phase == "answer" and state.current == 1
    state.apply(Decline(1))
    assert state.hands == before.hands and state.cash == before.cash
    assert state.current == 1 and state.phase == "deal"  # label 0's deal is over
    assert state.offers_left == [0, 1, 1]


def test_an_accepted_trade_moves_money_cards_and_artists() -> None:
    state = new_game(3)
    empty_hands(state)
    sign(state, 1, DIRE, 6)
    end_auction(state, [0, 1, 2])
    empty_hands(state)
    give(state, 0, "hype")
    state.apply(Offer(0, 1, give_money=20_000, give_cards=("hype",), take_artists=(DIRE,)))
    state.apply(Accept(1))
    assert state.artists[DIRE].owner == 0
    assert state.cash[0] == 180_000 and state.cash[1] == 220_000
    assert [state.rules.copies[c] for c in state.hands[1]] == ["hype"]
    assert checks.problems(state) == []


def test_nobody_can_ask_for_a_card_of_a_hidden_hand_or_promise_money_they_lack() -> None:
    state = new_game(3)
    with pytest.raises(InvalidActionError, match="hidden hand"):
        state.parse_action("0:offer:1 give 5000 for hype")
    end_auction(state, [0, 1, 2])
    to_deal = state.phase
    assert to_deal in ("deal", "limits")
    seat = state.current
    message = state.why_illegal(Offer(seat, (seat + 1) % 3, give_money=500_000)) or ""
    assert "holds only" in message


def test_accepting_cards_over_a_limit_must_be_fixed_at_once() -> None:
    state = new_game(3)
    empty_hands(state)
    end_auction(state, [0, 1, 2])
    empty_hands(state)
    give(state, 0, "album")
    give(state, 1, "album", "double-album")
    state.apply(Offer(0, 1, give_cards=("album",), take_money=0))
    state.apply(Accept(1))
    assert state.phase == "limits" and state.current == 1
    state.apply(Discard(1, "album"))
    assert state.phase == "deal" and state.current == 1


# --- declarations ---------------------------------------------------------------------


def test_a_single_is_needed_before_each_album_and_is_used_up() -> None:
    state = declaring(hands={0: ["album", "single", "single"]}, artists={0: [(KATE, 6)]})
    assert "must release a Single or EP before an Album" in (
        state.why_illegal(Play(0, "album", (KATE,))) or ""
    )
    state.apply(Play(0, "single", (KATE,)))
    kept = state.artists[KATE].kept_single
    assert kept is not None and state.rules.copies[kept] == "single"
    assert "already has an activity" in (state.why_illegal(Play(0, "single", (KATE,))) or "")
    finish_declaring(state)
    to_declarations(state)  # February
    state.apply(Play(0, "album", (KATE,)))
    assert state.artists[KATE].kept_single is None and kept in state.in_play
    finish_declaring(state)
    to_declarations(state)  # March: the kept Single went with the Album
    assert not state.is_legal(Play(0, "album", (KATE,)))


def test_a_second_single_is_not_stored() -> None:
    state = declaring(hands={0: ["single", "single"]}, artists={0: [(KATE, 6)]})
    state.apply(Play(0, "single", (KATE,)))
    first = state.artists[KATE].kept_single
    finish_declaring(state)
    to_declarations(state)
    state.apply(Play(0, "single", (KATE,)))
    assert state.artists[KATE].kept_single == first  # the second goes to the discards


def test_venue_fame_minimums_and_one_activity_per_artist() -> None:
    state = declaring(
        hands={0: ["the-national-stadium", "town-and-country-club", "extra-date"]},
        artists={0: [(KATE, 14), (DIRE, 4)]},
    )
    assert "needs Fame 15" in (state.why_illegal(Play(0, "the-national-stadium", (KATE,))) or "")
    assert "Extra Date goes with a Venue" in (
        state.why_illegal(Play(0, "extra-date", (KATE,))) or ""
    )
    state.apply(Play(0, "town-and-country-club", (DIRE,)))
    state.apply(Play(0, "extra-date", (DIRE,)))
    assert not state.is_legal(BookTour(0, "the-toilet-circuit", DIRE))


def test_chart_ties_give_every_tied_artist_its_full_fame() -> None:
    state = declaring(
        hands={0: ["single"], 1: ["ep"], 2: ["single"]},
        artists={0: [(KATE, 5)], 1: [(DIRE, 5)], 2: [(MASSES, 5)]},
        order=[0, 1, 2],
    )
    state.month = 5  # May: no month rule (nor June's, when the month is over)
    state.apply(Play(0, "single", (KATE,)))
    state.apply(Done(0))
    state.apply(Play(1, "ep", (DIRE,)))
    state.apply(Done(1))
    state.apply(Play(2, "single", (MASSES,)))
    state.rng = Dice([4, 4, 3])
    state.apply(Done(2))
    assert state.artists[KATE].fame == 6 and state.artists[DIRE].fame == 7  # EP: +2
    assert state.artists[MASSES].fame == 5
    assert [r.units for r in state.last_month] == [4, 4, 3]
    assert state.cash[1] == 200_000 + 4 * 12_000


def test_january_awards_no_chart_fame_and_december_doubles_the_singles() -> None:
    state = declaring(hands={0: ["single"]}, artists={0: [(KATE, 5)]})
    assert state.month == 1
    state.apply(Play(0, "single", (KATE,)))
    finish_declaring(state)
    assert state.artists[KATE].fame == 5
    state = declaring(hands={0: ["single"]}, artists={0: [(KATE, 5)]})
    state.month = 12
    state.apply(Play(0, "single", (KATE,)))
    finish_declaring(state)
    assert state.year == 1 and state.artists[KATE].fame == 7  # a Christmas number one


def test_fame_is_held_to_twenty_and_to_zero() -> None:
    state = declaring(hands={0: ["hype", "hype"]}, artists={0: [(KATE, 19)], 1: [(DIRE, 1)]})
    state.apply(Play(0, "hype", (KATE,)))
    assert state.fame_of(state.artists[KATE]) == 20
    assert state.change_fame(state.artists[KATE], 6) == 1 and state.artists[KATE].fame == 20
    assert state.change_fame(state.artists[DIRE], -5) == -1 and state.artists[DIRE].fame == 0
    assert checks.fame_problem(state) is None


def test_fame_at_declaration_decides_the_bonus_whatever_later_labels_play() -> None:
    # Kate (Fame 10) plays a Venue for label 0; label 1 Backlashes her later the same month.
    state = declaring(
        hands={0: ["town-and-country-club"], 1: ["backlash"]},
        artists={0: [(KATE, 10)], 1: [(DIRE, 5)]},
        order=[0, 1, 2],
    )
    state.month = 5
    state.apply(Play(0, "town-and-country-club", (KATE,)))
    state.apply(Done(0))
    state.apply(Play(1, "backlash", (KATE,)))
    assert state.fame_of(state.artists[KATE]) == 7
    state.rng = Dice([3, 5])
    finish_declaring(state)
    assert state.last_month[0].units == 10 and state.last_month[0].fame == 10


def test_disaster_hits_only_an_activity_already_declared_by_another_label() -> None:
    state = declaring(
        hands={0: ["disaster", "single"], 1: ["single"], 2: ["sabotage"]},
        artists={0: [(KATE, 5)], 1: [(DIRE, 8)], 2: [(MASSES, 5)]},
        order=[0, 1, 2],
    )

    def targets(seat: int, card: str) -> set[str]:
        return (
            {
                action.targets[0]
                for action in state.legal_actions()
                if isinstance(action, Play) and action.card == card
            }
            if state.current == seat
            else set()
        )

    assert targets(0, "disaster") == set()  # the Rich Bastard declares first
    state.apply(Play(0, "single", (KATE,)))
    assert "only a rival's activity" in (state.why_illegal(Play(0, "disaster", (KATE,))) or "")
    state.apply(Done(0))
    state.apply(Play(1, "single", (DIRE,)))
    state.apply(Done(1))
    assert targets(2, "sabotage") == set()  # Sabotage hits concerts only
    assert "does not hit a single" in (state.why_illegal(Play(2, "sabotage", (DIRE,))) or "")


def test_disaster_costs_the_artist_two_fame_and_earns_nothing_but_the_single_still_counts() -> None:
    state = declaring(
        hands={0: ["single"], 2: ["disaster"]},
        artists={0: [(KATE, 5)]},
        order=[0, 1, 2],
    )
    state.month = 5
    state.apply(Play(0, "single", (KATE,)))
    finish_declaring(state, until=2)
    state.apply(Play(2, "disaster", (KATE,)))
    state.apply(Done(2))
    assert state.last_month[0].money == 0 and state.last_month[0].struck == ("disaster",)
    assert state.artists[KATE].fame == 3 and state.artists[KATE].kept_single is not None
    assert state.cash[0] == 200_000


def test_sabotage_wrecks_a_concert_and_costs_damages() -> None:
    state = declaring(
        hands={0: ["town-and-country-club"], 2: ["sabotage"]},
        artists={0: [(KATE, 5)]},
        order=[0, 1, 2],
    )
    state.month = 5
    state.apply(Play(0, "town-and-country-club", (KATE,)))
    finish_declaring(state, until=2)
    assert "does not hit" not in (state.why_illegal(Play(2, "sabotage", (KATE,))) or "")
    state.apply(Play(2, "sabotage", (KATE,)))
    state.apply(Done(2))
    assert state.cash[0] == 200_000 - 20_000 and state.last_month[0].money == 0


def test_any_label_may_play_lawyers_against_a_contract_exchange() -> None:
    state = declaring(
        hands={0: ["contract-exchange"], 2: ["lawyers"]},
        artists={0: [(KATE, 4)], 1: [(DIRE, 12)]},
        order=[0, 1, 2],
    )
    state.apply(Play(0, "contract-exchange", (KATE, DIRE)))
    assert state.phase == "lawyers" and state.current == 1  # the target first
    assert state.legal_actions() == [Allow(1)]
    state.apply(Allow(1))
    assert state.current == 2 and PlayLawyers(2) in state.legal_actions()
    state.apply(PlayLawyers(2))
    assert state.artists[DIRE].owner == 1 and state.artists[KATE].owner == 0
    assert state.phase == "declare" and state.current == 0
    assert checks.problems(state) == []


def test_a_contract_exchange_swaps_artists_but_revenue_goes_to_the_declarer() -> None:
    state = declaring(
        hands={0: ["contract-exchange"], 1: ["town-and-country-club"]},
        artists={0: [(KATE, 4)], 1: [(DIRE, 5)]},
        order=[1, 0, 2],
    )
    state.month = 5
    state.apply(Play(1, "town-and-country-club", (DIRE,)))
    state.apply(Done(1))
    state.apply(Play(0, "contract-exchange", (KATE, DIRE)))
    state.apply(Allow(1))
    state.apply(Allow(2))
    assert state.artists[DIRE].owner == 0 and state.artists[KATE].owner == 1
    give(state, 0, "student-union-bar")
    message = state.why_illegal(Play(0, "student-union-bar", (DIRE,))) or ""
    assert "already has an activity" in message
    state.rng = Dice([2, 2])
    finish_declaring(state)
    assert state.cash[1] == 200_000 + 4 * 5_000 and state.cash[0] == 200_000


def test_a_contract_waiver_sends_the_artist_to_the_pool_and_ends_its_tour_without_fame() -> None:
    state = declaring(
        hands={1: ["contract-waiver", "road-crew"]},
        artists={0: [(KATE, 6)], 1: [(DIRE, 5)]},
        order=[0, 1, 2],
    )
    state.apply(BookTour(0, "the-toilet-circuit", KATE))
    state.apply(Done(0))
    state.apply(Play(1, "contract-waiver", (KATE,)))
    state.apply(Allow(0))
    state.apply(Allow(2))
    kate = state.artists[KATE]
    assert kate.owner is None and kate.fame == 6 and kate.tour is None
    assert state.tours["the-toilet-circuit"].artist is None
    assert not any(activity.artist == KATE for activity in state.activities)
    assert checks.problems(state) == []


def test_commercial_spies_shows_a_hand_to_its_player_alone() -> None:
    state = declaring(
        hands={0: ["commercial-spies"], 1: ["hype", "disaster"]},
        artists={0: [(KATE, 6)]},
        order=[0, 1, 2],
    )
    state.apply(Play(0, "commercial-spies", ("1",)))
    report = state.view(0).spy_reports[-1]
    assert report.target == 1 and sorted(card.card for card in report.cards) == ["disaster", "hype"]
    assert report.caught is None  # no Whistle-blowing
    assert state.view(1).spy_reports == () and state.view(2).spy_reports == ()
    hidden = {mgt.HandCard(card, state.rules.copies[card]) for card in state.hands[1]}
    from bots.core import leaked

    assert leaked(state.view(2), hidden) == []
    assert sorted(map(str, leaked(state.view(0), hidden))) == sorted(map(str, hidden))


def test_whistle_blowing_fines_a_card_held_since_the_month_began_only() -> None:
    state = declaring(
        hands={0: ["commercial-spies", "commercial-spies"], 1: ["disaster"]},
        artists={0: [(KATE, 6)]},
        order=[0, 1, 2],
        whistle_blowing=True,
    )
    # Dealt this month (as a card drawn or received would be): not fined.
    state.apply(Play(0, "commercial-spies", ("1",)))
    assert state.view(0).spy_reports[-1].caught is None and state.cash[1] == 200_000
    state.held_since[state.hands[1][0]] = state.month_index - 1
    state.apply(Play(0, "commercial-spies", ("1",)))
    assert state.view(0).spy_reports[-1].caught == "disaster"
    assert state.cash[1] == 100_000 and not state.hands[1]
    assert checks.problems(state) == []


def test_a_fine_or_tax_a_label_cannot_pay_is_a_debt_paid_from_its_income() -> None:
    state = declaring(
        hands={0: ["town-and-country-club"]}, artists={0: [(KATE, 6), (DIRE, 5)]}, order=[0, 1, 2]
    )
    state.month = 5
    state.pay(0, -1, 195_000, "bids")
    state.pay(0, -1, 20_000, "damages")  # compulsory: 5,000 paid, 15,000 owed
    assert state.cash[0] == -15_000 and checks.money_problem(state) is None
    message = state.why_illegal(BookTour(0, "the-toilet-circuit", KATE)) or ""
    fee = state.rules.tour("the-toilet-circuit").fee
    assert f"the fee is {fee:,} and the label holds less" in message
    state.apply(Play(0, "town-and-country-club", (KATE,)))
    state.rng = Dice([6, 6])
    finish_declaring(state)
    assert state.cash[0] == -15_000 + 12 * 5_000  # the debt came out of the income


# --- Tours ---------------------------------------------------------------------------


def test_a_tour_rolls_every_month_and_brings_fame_home() -> None:
    state = declaring(artists={0: [(KATE, 5)]}, order=[0, 1, 2], hands={0: ["single"]})
    tour = state.rules.tour("the-toilet-circuit")
    state.apply(BookTour(0, tour.id, KATE))
    assert state.cash[0] == 200_000 - tour.fee
    finish_declaring(state)
    assert (
        state.artists[KATE].tour == tour.id and state.tours[tour.id].months_left == tour.months - 1
    )
    to_declarations(state)
    assert any(a.carried and a.artist == KATE for a in state.activities)
    assert "already has an activity" in (state.why_illegal(Play(0, "single", (KATE,))) or "")
    finish_declaring(state)
    assert state.artists[KATE].tour is None and state.artists[KATE].fame == 5 + tour.fame_award
    tally = state.tallies[tour.id]
    assert tally.plays == 1 and tally.fame == tour.fame_award


def test_one_tour_per_label_and_none_straight_back_to_the_same_label() -> None:
    state = declaring(artists={0: [(KATE, 11), (DIRE, 5)], 1: [(MASSES, 5)]}, order=[0, 1, 2])
    state.apply(BookTour(0, "the-toilet-circuit", DIRE))
    assert "at most 1 Tour on the road" in (
        state.why_illegal(BookTour(0, "the-continental-jaunt", KATE)) or ""
    )
    finish_declaring(state)
    to_declarations(state)
    finish_declaring(state)  # it comes home at the end of February
    to_declarations(state)
    assert "just come home from this label" in (
        state.why_illegal(BookTour(0, "the-toilet-circuit", DIRE)) or ""
    )
    state.apply(Done(0))
    assert state.is_legal(BookTour(1, "the-toilet-circuit", MASSES))


def _two_tours(**params: object) -> mgt.MusicGameThingy:
    """Label 1 sent the-unwashed-masses on one Tour, label 0 kate-the-bitch on another;
    label 0, declaring second, holds a Contract Exchange."""
    state = declaring(
        artists={0: [(KATE, 16), (DIRE, 16)], 1: [(MASSES, 16), (DENTISTS, 16)]},
        hands={0: ["contract-exchange"]},
        order=[1, 0, 2],
        **params,
    )
    state.apply(BookTour(1, "the-toilet-circuit", MASSES))
    state.apply(Done(1))
    state.apply(BookTour(0, "the-motorway-services-tour", KATE))
    return state


def test_a_contract_exchange_may_not_put_two_tours_on_the_road_for_one_label() -> None:
    state = _two_tours()
    # DIRE for MASSES would give label 0 both Tours.
    taking_a_tour = Play(0, "contract-exchange", (DIRE, MASSES))
    assert "label 0 would have more than 1 Tour on the road" in (
        state.why_illegal(taking_a_tour) or ""
    )
    assert taking_a_tour not in state.legal_actions()
    # KATE for DENTISTS would give label 1 both Tours.
    giving_a_tour = Play(0, "contract-exchange", (KATE, DENTISTS))
    assert "label 1 would have more" in (state.why_illegal(giving_a_tour) or "")
    # A touring Artist for a touring Artist, or two at home, keep one Tour each.
    for allowed in ((KATE, MASSES), (DIRE, DENTISTS)):
        assert Play(0, "contract-exchange", allowed) in state.legal_actions()
    state.apply(Play(0, "contract-exchange", (KATE, MASSES)))
    state.apply(Allow(1))
    state.apply(Allow(2))
    assert state.tours["the-toilet-circuit"].label == 0
    assert state.tours["the-motorway-services-tour"].label == 1
    assert checks.problems(state) == []


def test_without_a_tours_limit_an_exchange_may_take_a_second_tour() -> None:
    state = _two_tours(tours_per_label=0)
    state.apply(Play(0, "contract-exchange", (DIRE, MASSES)))
    state.apply(Allow(1))
    state.apply(Allow(2))
    assert sum(tour.label == 0 for tour in state.tours.values() if tour.artist) == 2
    assert checks.problems(state) == []


def test_a_trade_may_not_put_two_tours_on_the_road_for_one_label() -> None:
    state = _two_tours()
    finish_declaring(state)  # February's deals: both Tours still on the road
    while state.phase == "limits" or (state.phase == "deal" and state.current != 1):
        if state.phase == "limits":
            state.apply(next(a for a in state.legal_actions() if isinstance(a, Discard)))
        else:
            state.apply(Pass(state.current))
    assert state.phase == "deal" and state.current == 1
    sale = Offer(1, 0, give_artists=(MASSES,))
    assert "label 0 would have more than 1 Tour on the road" in (state.why_illegal(sale) or "")
    assert not any(
        isinstance(action, Offer) and action.to == 0 and MASSES in action.give_artists
        for action in state.legal_actions()
    )
    assert any(  # to label 2, without a Tour, it may be sold
        isinstance(action, Offer) and action.to == 2 and MASSES in action.give_artists
        for action in state.legal_actions()
    )
    assert state.why_illegal(Offer(1, 0, give_artists=(MASSES,), take_artists=(KATE,))) is None
    # The limit is one of the invariants the engine checks after every step.
    state.artists[DIRE].tour = "the-continental-jaunt"
    jaunt = state.tours["the-continental-jaunt"]
    jaunt.artist, jaunt.label, jaunt.months_left = DIRE, 0, 2
    assert "label 0 has 2 Tours on the road" in " ".join(checks.problems(state))


def test_the_first_rules_allow_any_number_of_tours_straight_back() -> None:
    state = declaring(
        artists={0: [(KATE, 11), (DIRE, 5)]}, order=[0, 1, 2], tours_per_label=0, tour_rest=0
    )
    state.apply(BookTour(0, "the-toilet-circuit", DIRE))
    assert state.is_legal(BookTour(0, "the-continental-jaunt", KATE))


def test_a_tour_comes_home_at_the_end_of_the_year() -> None:
    state = declaring(artists={0: [(KATE, 16)]}, order=[0, 1, 2])
    state.month = 12
    state.pay(-1, 0, 100_000, "test")
    state.apply(BookTour(0, "the-fizzy-pop-world-tour", KATE))
    finish_declaring(state)
    assert state.artists[KATE].tour is None and state.artists[KATE].fame == 19


# --- years and the end -----------------------------------------------------------------


def _play_out_year(state: mgt.MusicGameThingy) -> None:
    while state.month < 12 or state.phase != "bidding-turn":
        if state.phase in ("limits", "deal"):
            to_declarations(state)
        elif state.phase == "declare":
            finish_declaring(state)
        else:
            break


def test_year_end_contracts_pool_fame_and_the_new_order() -> None:
    state = declaring(artists={0: [(KATE, 6)], 1: [(DIRE, 5)]}, order=[0, 1, 2], years=3)
    state.artists[KATE].contract = 1
    state.artists[MASSES].fame, state.artists[MASSES].pooled_at = 4, 0  # unsold at the opening
    state.hands[0].clear()
    state.cash[2] += 50_000
    state.bank_out += 50_000
    _play_out_year(state)
    assert state.phase == "bidding-turn" and state.year == 1
    kate = state.artists[KATE]
    # Back in the pool with her Fame: 6, and 2 from November's awards (the most Fame).
    assert kate.owner is None and kate.fame == 8
    assert state.artists[MASSES].fame is None  # a year unsigned: marker removed
    assert state.artists[DIRE].contract == 1
    assert state.order[0] == 2 and state.auction is not None and state.auction.order == state.order
    assert state.announced == state.cash


def test_ties_in_the_financial_order_keep_last_years_order() -> None:
    state = declaring(order=[2, 0, 1], years=2)
    _play_out_year(state)
    assert state.order == [2, 0, 1]


def test_the_final_scoring_pays_fame_and_the_sports_car_in_hand() -> None:
    state = declaring(
        hands={1: ["gratuitously-expensive-sports-car"]},
        artists={0: [(KATE, 12)], 2: [(DIRE, 3)]},
        order=[0, 1, 2],
        years=1,
    )
    state.artists[KATE].contract = 1  # runs out this year, still counts
    cash = list(state.cash)
    while state.phase != "over":
        to_declarations(state)
        finish_declaring(state)
    final = {score.label: score for score in state.final}
    assert final[0].fame >= 12 and final[0].artists == 1
    assert final[1].sports_cars == 1 and state.cash[1] >= cash[1] + 200_000
    assert state.winners and sum(state.returns()) == pytest.approx(1.0)
    assert checks.problems(state) == []


@pytest.mark.parametrize(
    ("victory", "scores", "winners"),
    [
        ("money", [(0, 500, 1, 1), (1, 500, 9, 2), (2, 100, 9, 3)], (0, 1)),
        ("fame", [(0, 500, 1, 1), (1, 400, 9, 2), (2, 300, 9, 3)], (1,)),
        ("artists", [(0, 500, 1, 3), (1, 400, 9, 3), (2, 300, 9, 1)], (0,)),
        ("artists", [(0, 500, 1, 3), (1, 500, 9, 3)], (0, 1)),
    ],
)
def test_victory_conditions_break_ties_on_money_then_share(
    victory: str, scores: list[tuple[int, int, int, int]], winners: tuple[int, ...]
) -> None:
    final = tuple(
        mgt.FinalScore(label, money, fame, artists, 0) for label, money, fame, artists in scores
    )
    assert scoring.winners(final, victory) == winners


def test_the_action_deck_is_reshuffled_from_the_discards_and_then_nobody_draws() -> None:
    state = new_game(3)
    state.hands[2] += state.deck[2:]
    state.discards, state.deck = state.deck[:2], []
    state.draw(0)
    assert len(state.deck) == 1 and not state.discards
    state.draw(0)
    state.draw(0)  # both empty: nothing happens
    assert not state.deck and not state.discards
    assert checks.card_problem(state) is None


def test_successful_singles_keep_selling_on_a_bare_six() -> None:
    state = declaring(
        hands={0: ["single"]}, artists={0: [(KATE, 10)]}, order=[0, 1, 2], successful_singles=True
    )
    state.month = 5
    state.apply(Play(0, "single", (KATE,)))
    state.rng = Dice([6])
    finish_declaring(state)
    assert state.artists[KATE].charting == "single"
    to_declarations(state)
    carried = [a for a in state.activities if a.artist == KATE]
    assert carried and carried[0].carried and carried[0].activity == "single"
    state.rng = Dice([2])  # alone in the chart it sells again, but not on a six
    finish_declaring(state)
    assert state.artists[KATE].charting is None


# --- actions as text --------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "0:look:dire-haircuts",
        "1:bid:dire-haircuts 5 85000",
        "2:pass",
        "0:discard:single",
        "0:offer:2 give 10000 single kate-the-bitch for 5000 dire-haircuts",
        "0:offer:1 give nothing for dire-haircuts",
        "1:accept",
        "1:decline",
        "0:play:single kate-the-bitch",
        "0:play:commercial-spies 2",
        "0:play:contract-exchange kate-the-bitch dire-haircuts",
        "0:play:gratuitously-expensive-sports-car",
        "0:tour:the-toilet-circuit kate-the-bitch",
        "0:done",
        "1:lawyers",
        "1:allow",
    ],
)
def test_actions_read_back_their_own_text(text: str) -> None:
    state = new_game(3)
    action = state.parse_action(text)
    assert str(action) == text and state.parse_action(str(action)) == action
    assert action.describe()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("0:bid:dire-haircuts 5", "a bid is an Artist, the years and the amount"),
        ("0:bid:dire-haircuts five 85000", "the years must be a whole number"),
        ("0:offer:2 take 10000", "an offer is written"),
        ("0:offer:2 give single 1000 for nothing", "money comes first"),
        ("0:tour:the-toilet-circuit", "a Tour is booked as the Tour and the Artist"),
        ("0:play:", "'play' needs a card"),
        ("x:done", "does not start with a seat"),
        ("0:sing", "'sing' is not a verb"),
    ],
)
def test_unreadable_actions_say_what_is_expected(text: str, message: str) -> None:
    with pytest.raises(InvalidActionError, match=message):
        new_game(3).parse_action(text)


def test_illegal_actions_are_refused_with_a_sentence_and_change_nothing() -> None:
    state = declaring(hands={0: ["single"]}, artists={0: [(KATE, 6)], 1: [(DIRE, 5)]})
    before = state.clone()
    for action, reason in [
        (Play(0, "single", (DIRE,)), "dire-haircuts is not under contract to them"),
        (Play(0, "album", (KATE,)), "they hold no album"),
        (Play(0, "lawyers", ()), "hold no lawyers"),
        (Bid(0, KATE, 1, 50_000), "the labels are declaring"),
        (Done(1), "it is player 0's turn"),
        (BookTour(0, "the-moon", KATE), "there is no Tour"),
    ]:
        with pytest.raises(IllegalActionError) as caught:
            state.apply(action)
        assert reason in str(caught.value) and str(caught.value).startswith("player ")
    assert state == before
