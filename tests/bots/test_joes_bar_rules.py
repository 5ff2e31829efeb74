"""Joe's Bar rules, known answers: the End-phase table, scoring (a knockout never beats
staying alive), the first-hit rule, dodges and where they go, the last-resort draw,
combos and Reach, furniture and its second icons, gulps and their cap, Utility pauses,
the older draft's rules, the song and the burn-out, replacements, and the traits (Sticky
Vic's and Reverend Rye's extra for each victim, Lady Lou's immunity, Lucky Lenny's hand)."""

from __future__ import annotations

import pytest

from bots.core import IllegalActionError, InvalidActionError, play_game
from bots.games import joes_bar
from bots.games.joes_bar import Dodge, Fling, Hit, JoesBar, Pass, Slip, Trick
from bots.games.joes_bar.bots import HeuristicPlayer
from bots.games.joes_bar.scoring import standing
from tests.bots.joes_bar_positions import (
    DRAFT,
    card_data,
    empty_slots,
    new_game,
    plain_patrons,
    play,
    set_hand,
    set_hands,
    set_patron,
    set_pile_top,
    set_slot,
    start_turn,
)

#: Five single HIT cards, one of each design, for every seat's hand.
PLAIN_HAND = ("jab", "haymaker", "right-hook", "uppercut", "headbutt")


def chain_ready(players: int = 4, **params: object) -> JoesBar:
    """A game at seat 0's turn with plain patrons at BL 5, no furniture, no tricks."""
    state = new_game(players, **params)
    plain_patrons(state)
    empty_slots(state)
    state.box.extend(state.centre)
    state.centre.clear()
    for seat in range(players):
        set_hand(state, seat, *PLAIN_HAND)
    start_turn(state, 0)
    return state


# --- the End phase and the score ---------------------------------------------------------


@pytest.mark.parametrize(
    ("hits", "lost"),
    [
        ([0, 2, 2, 5], (0, 1, 1, 2)),
        ([3, 3, 3], (1, 1, 1)),
        ([0, 0, 0, 0, 0], (0, 0, 0, 0, 0)),
        ([1, 0, 4], (1, 0, 2)),
        ([6, 2, 9, 2, 0], (2, 1, 2, 1, 0)),
    ],
)
def test_the_end_phase_table(hits: list[int], lost: tuple[int, ...]) -> None:
    assert joes_bar.booze_lost(hits) == lost


def test_hit_counts_cannot_be_negative() -> None:
    with pytest.raises(ValueError, match="negative"):
        joes_bar.booze_lost([1, -1, 2])


def test_the_end_phase_counts_icons_and_big_earl_soaks_one() -> None:
    state = chain_ready()
    set_patron(state, 1, "big-earl")
    set_hands(state, ("one-two",), ("jab",), ("jab",), ("jab",))
    start_turn(state, 0)
    play(state, "0:hit:1:one-two")  # two HITs in one card
    assert state.attack is not None and state.attack.hits == 2
    play(state, "1:hit:0:jab")
    assert state.counted_hits()[1] == 1  # Big Earl ignores one of the two


def test_a_knockout_never_scores_better_than_staying_alive() -> None:
    state = new_game()
    rules = state.rules
    countess = next(p for p in card_data().patrons if p.id == "the-countess")
    earl = next(p for p in card_data().patrons if p.id == "big-earl")
    assert standing(rules, [], countess, 2) == 10 - 5
    # knocked out and replaced by a fresh patron: lost (-2) and missing all of her 7
    assert standing(rules, [countess], earl, earl.booze) == 10 - 2 - 7
    for booze in range(1, countess.booze + 1):
        alive = standing(rules, [], countess, booze)
        for fresh in card_data().patrons:
            assert standing(rules, [countess], fresh, fresh.booze) < alive
    # a patron knocked out in the final End phase is lost and missing all of its BL
    assert standing(rules, [countess], None, 0) == 10 - 2 - 7


def test_the_older_draft_scores_the_current_bl() -> None:
    state = new_game(**DRAFT)
    earl = next(p for p in card_data().patrons if p.id == "big-earl")
    assert standing(state.rules, [earl, earl], earl, 3) == 3
    assert standing(state.rules, [earl], None, 0) == 0
    assert state.knockouts_to_end == 4 and new_game(5).knockouts_to_end == 5


# --- the first hit, answers and dodges -------------------------------------------------------


def test_a_first_hit_must_be_hit_back_at_the_attacker() -> None:
    state = chain_ready()
    play(state, "0:hit:1:jab")
    assert state.phase == "answer" and state.current == 1
    legal = state.legal_actions()
    assert legal and all(isinstance(a, Hit) and a.target == 0 for a in legal)
    with pytest.raises(IllegalActionError, match="must hit back at player 0"):
        state.apply("1:hit:2:jab")
    with pytest.raises(IllegalActionError, match="no HIT has landed on them"):
        state.apply("1:dodge:jab")


def test_a_first_hit_with_no_hit_card_lands_and_ends_the_chain() -> None:
    state = chain_ready()
    set_hand(state, 1, "swig", "light-fingers")
    play(state, "0:hit:1:jab")
    assert state.phase == "answer" and state.current == 1
    assert [str(a) for a in state.legal_actions() if not isinstance(a, Trick)] == ["1:take"]
    play(state, "1:take")
    assert state.counted_hits()[1] == 1 and not state.out[1]
    assert state.turn_player == 1 or state.current != 1  # the chain is over


def test_a_dodge_passes_the_hit_clockwise_skipping_the_attacker() -> None:
    state = chain_ready()
    play(state, "0:hit:1:jab", "1:hit:0:jab", "0:hit:1:haymaker")  # 1 has been hit now
    assert state.current == 1
    play(state, "1:dodge:haymaker")
    assert state.attack is not None and (state.attack.attacker, state.attack.target) == (0, 2)
    play(state, "2:hit:0:jab")  # 2's first hit: back at the attacker, player 0
    play(state, "0:hit:2:right-hook")
    play(state, "2:dodge:haymaker")  # on to 3
    assert state.attack is not None and state.attack.target == 3
    play(state, "3:hit:0:jab", "0:dodge:uppercut")
    # 0 dodged 3's HIT: the next after 0 is 1 (3 is the attacker)
    assert state.attack is not None and (state.attack.attacker, state.attack.target) == (3, 1)
    play(state, "1:dodge:right-hook")  # from 1 the next is 2 (3 is the attacker)
    assert state.attack is not None and state.attack.target == 2
    play(state, "2:dodge:right-hook")  # from 2: 3 is the attacker, so on to 0
    assert state.attack is not None and state.attack.target == 0


def test_a_dodged_hit_keeps_its_attacker_and_the_first_hit_rule_applies() -> None:
    state = chain_ready()
    play(state, "0:hit:1:jab", "1:hit:0:jab", "0:hit:1:haymaker", "1:dodge:haymaker")
    legal = state.legal_actions()
    assert all(isinstance(a, Hit) and a.target == 0 for a in legal)  # 2 must hit back at 0


def test_no_dodge_with_nobody_to_pass_to() -> None:
    state = chain_ready(3)
    state.out[2] = True
    play(state, "0:hit:1:jab", "1:hit:0:jab", "0:hit:1:haymaker")
    assert not any(isinstance(a, Dodge) for a in state.legal_actions())
    with pytest.raises(IllegalActionError, match="nobody to pass the HIT on to"):
        state.apply("1:dodge:haymaker")


def test_the_older_draft_lets_a_hit_be_dodged_once() -> None:
    state = chain_ready(dodging="older-draft")
    play(state, "0:hit:1:jab", "1:hit:0:jab", "0:hit:1:haymaker", "1:dodge:haymaker")
    play(state, "2:hit:0:jab", "0:hit:2:right-hook", "2:dodge:haymaker")
    assert state.attack is not None and state.attack.target == 3
    play(state, "3:hit:0:jab", "0:hit:3:uppercut", "3:dodge:haymaker")  # its first dodge
    # 1 has been hit before, but this HIT was dodged once already
    assert state.current == 1 and not any(isinstance(a, Dodge) for a in state.legal_actions())
    assert state.tally["dodges refused"] == 1
    with pytest.raises(IllegalActionError, match="dodged 1 time"):
        state.apply("1:dodge:uppercut")


def test_slim_jim_slips_without_a_card_but_not_his_first_hit() -> None:
    state = chain_ready()
    set_patron(state, 1, "slim-jim")
    play(state, "0:hit:1:jab")
    assert not any(isinstance(a, Slip) for a in state.legal_actions())
    play(state, "1:hit:0:jab", "0:hit:1:haymaker")
    cards = len(state.hands[1])
    play(state, "1:slip")
    assert len(state.hands[1]) == cards and state.slips_used[1] == 1


# --- the last-resort draw ----------------------------------------------------------------


def test_the_last_resort_draw_with_a_hit_must_be_thrown() -> None:
    state = chain_ready()
    set_hand(state, 1)
    set_pile_top(state, "uppercut")
    play(state, "0:hit:1:jab")
    assert [str(copy) for copy in state.drawn] == ["Uppercut"]
    assert [str(a) for a in state.legal_actions()] == ["1:hit:0:uppercut"]
    play(state, "1:hit:0:uppercut")
    assert not state.drawn and state.counted_hits()[1] == 1


def test_a_failed_last_resort_draw_costs_bl_and_the_round() -> None:
    state = chain_ready()
    set_hand(state, 1)
    set_pile_top(state, "swig")
    play(state, "0:hit:1:jab")
    assert state.out[1] and state.booze[1] == 4 and state.counted_hits()[1] == 1
    assert state.pile[-1].kind.id == "swig"  # back at the bottom, face down
    assert state.current_player != 1
    assert 1 not in state.neighbours(0)  # passed over when working out who is adjacent


def test_the_countess_draws_two_and_keeps_a_hit() -> None:
    state = chain_ready()
    set_patron(state, 1, "the-countess")
    set_hand(state, 1)
    set_pile_top(state, "swig", "headbutt")
    play(state, "0:hit:1:jab")
    assert sorted(copy.kind.id for copy in state.drawn) == ["headbutt", "swig"]
    play(state, "1:hit:0:headbutt")
    assert state.pile[-1].kind.id == "swig" and not state.drawn


# --- attacks: targets, combos, Reach, furniture -------------------------------------------


def test_targets_are_neighbours_until_in_the_brawl_and_reach_goes_anywhere() -> None:
    state = chain_ready(5)
    set_hand(state, 0, "jab", "thrown-glass")
    targets = {(a.target, a.cards) for a in state.legal_actions() if isinstance(a, Hit)}
    assert {t for t, cards in targets if cards == ("jab",)} == {1, 4}
    assert {t for t, cards in targets if cards == ("thrown-glass",)} == {1, 2, 3, 4}


def test_a_combo_adds_hit_cards_and_one_reach_covers_it() -> None:
    state = chain_ready(5)
    set_hand(state, 0, "pile-on", "jab", "thrown-glass")
    attacks = {(a.cards, a.target) for a in state.legal_actions() if isinstance(a, Hit)}
    assert (("jab", "pile-on"), 1) in attacks and (("jab", "pile-on"), 2) not in attacks
    assert (("pile-on", "thrown-glass"), 2) in attacks  # Reach on one card covers the combo
    assert (("jab", "pile-on", "thrown-glass"), 1) not in attacks  # one Combo icon: one card
    play(state, "0:hit:2:thrown-glass+pile-on")
    assert state.attack is not None and state.attack.hits == 2 and len(state.hands[0]) == 1


def test_a_bar_card_is_flung_and_smashed() -> None:
    state = chain_ready()
    set_slot(state, 0, "bar-stool")
    play(state, "0:fling:1")
    assert state.slots[0] is None and state.attack is not None and state.attack.hits == 2
    play(state, "1:hit:0:jab")
    assert state.counted_hits()[1] == 2


def test_a_hand_combo_cannot_add_the_bar_card_but_a_combo_bar_card_adds_hand_cards() -> None:
    state = chain_ready()
    set_slot(state, 0, "mop-and-bucket")
    set_hand(state, 0, "pile-on", "jab")
    flings = {a.cards for a in state.legal_actions() if isinstance(a, Fling)}
    assert () in flings and ("jab",) in flings and ("jab", "pile-on") in flings
    with pytest.raises(IllegalActionError, match="more cards than its Combo icons allow"):
        state.apply(Hit(0, 1, ("jab", "jab")))


def test_mad_maggie_lands_an_extra_hit_with_furniture() -> None:
    state = chain_ready()
    set_patron(state, 0, "mad-maggie")
    set_slot(state, 0, "chair")
    play(state, "0:fling:1")
    assert state.attack is not None and state.attack.hits == 3


def test_a_bar_cards_second_icon_resolves_as_it_lands() -> None:
    state = chain_ready()
    set_slot(state, 0, "spittoon")
    play(state, "0:fling:1")
    assert state.booze[1] == 5  # nothing yet: it has not landed
    play(state, "1:hit:0:jab")
    assert state.booze[1] == 4  # the spittoon's poison hit the player it landed on
    state = chain_ready()
    set_slot(state, 0, "beer-pitcher")
    state.booze[0] = 3
    play(state, "0:fling:1", "1:hit:0:jab")
    assert state.booze[0] == 4  # the gulp is the flinger's, as it lands


def test_a_dodge_carries_a_bar_card_on_before_its_icons_resolve() -> None:
    state = chain_ready()
    set_slot(state, 2, "bowl-of-peanuts")
    start_turn(state, 2)
    play(state, "2:hit:1:jab", "1:hit:2:jab", "2:fling:1")
    play(state, "1:dodge:haymaker")
    assert state.attack is not None and state.attack.target == 3
    assert len(state.hands[2]) == 4 and len(state.hands[3]) == 5  # the rob waits
    play(state, "3:hit:2:jab")  # it lands on 3, who threw a Jab and is robbed of one card
    assert len(state.hands[2]) == 5 and len(state.hands[3]) == 3


# --- turns, gulps and the centre ---------------------------------------------------------------


def test_a_turn_must_attack_when_it_can_and_passes_when_it_cannot() -> None:
    state = chain_ready()
    assert not any(isinstance(a, Pass) for a in state.legal_actions())
    with pytest.raises(IllegalActionError, match="can start a chain, so they must"):
        state.apply("0:pass")
    set_hand(state, 0, "swig")
    start_turn(state, 0)
    assert [str(a) for a in state.legal_actions()] == ["0:drink:swig", "0:pass"]


def test_a_gulp_heals_and_leaves_an_empty_glass_in_the_centre() -> None:
    state = chain_ready()
    set_hand(state, 0, "make-it-a-double", "jab")
    state.booze[0] = 3
    start_turn(state, 0)
    play(state, "0:drink:make-it-a-double")
    assert state.booze[0] == 5
    assert [piece.name for piece in state.centre] == ["empty glass (Make It a Double)"]
    assert state.centre[0].effects.hit == 1  # an empty glass is one HIT when flung
    play(state, "0:grab:make-it-a-double")
    assert state.slots[0] is not None and state.slots[0].glass_of is not None


def test_the_older_drafts_gulp_cap_and_own_slot() -> None:
    state = chain_ready(gulp_cap="older-draft")
    set_patron(state, 0, "gorilla-gus", 4)  # printed BL 5
    set_hand(state, 0, "make-it-a-double", "jab")
    start_turn(state, 0)
    play(state, "0:drink:make-it-a-double")
    assert state.booze[0] == 5  # capped at the printed BL (5 here)
    assert state.tally["gulps capped"] == 1 and state.tally["BL lost to the cap"] == 1
    assert state.slots[0] is not None and not state.centre  # into the empty own slot


def test_doc_malone_drinks_one_more() -> None:
    state = chain_ready()
    set_patron(state, 0, "doc-malone", 2)
    set_hand(state, 0, "swig", "jab")
    start_turn(state, 0)
    play(state, "0:drink:swig")
    assert state.booze[0] == 4


# --- Utility pauses ----------------------------------------------------------------------------


def test_the_pause_resolves_clockwise_with_the_initiator_last() -> None:
    """The rules page's example: five players, P3 starts with Dirty Rotten Trick."""
    state = chain_ready(5)
    set_hands(
        state,
        ("hold-my-beer", "jab"),
        ("spiked-drink", "jab"),
        ("dirty-rotten-trick", "jab"),
        ("joes-glare", "jab"),
        ("jab", "jab"),
    )
    start_turn(state, 4)  # P5's turn; P1..P5 are seats 0..4
    # the window before P5's chain: P1 holds only an Interrupt, which cannot start a pause
    assert state.phase == "window" and state.current == 1
    play(state, "1:pass")
    assert state.current == 2
    play(state, "2:trick:dirty-rotten-trick:3,0")  # rob P4, poison P1
    assert state.phase == "join" and state.current == 3
    play(state, "3:trick:joes-glare:2")  # P4 cancels P3's card
    assert state.current == 0  # P5 holds nothing to add, so P1 is next
    play(state, "0:trick:hold-my-beer:3")  # too late: P4's Glare resolves first
    play(state, "1:trick:spiked-drink:4")  # P2 poisons P5
    assert state.booze == [5, 5, 5, 5, 4]  # only the Spiked Drink took effect
    assert state.tally["initiators cancelled"] == 1 and state.tally["cards cancelled"] == 1
    assert len(state.hands[3]) == 1  # P4 was not robbed
    assert not state.pause and state.phase in ("window", "turn")


def test_an_interrupt_cannot_start_a_pause_and_rob_aims_at_others() -> None:
    state = chain_ready()
    set_hand(state, 0, "hold-my-beer", "light-fingers", "jab")
    start_turn(state, 0)
    tricks = [a for a in state.legal_actions() if isinstance(a, Trick)]
    assert {a.card for a in tricks} == {"light-fingers"}
    assert {a.targets for a in tricks} == {(1,), (2,), (3,)}
    with pytest.raises(IllegalActionError, match="cannot start a pause"):
        state.apply("0:trick:hold-my-beer:1")
    with pytest.raises(IllegalActionError, match="another player"):
        state.apply("0:trick:light-fingers:0")


def test_the_older_draft_refuses_a_utility_card_straight_after_ones_own() -> None:
    state = chain_ready(utility_timing="older-draft")
    set_hand(state, 0, "swig", "spiked-drink", "jab")
    start_turn(state, 0)
    play(state, "0:drink:swig")
    assert not any(isinstance(a, Trick) for a in state.legal_actions())
    assert state.tally["Utility cards refused"] == 1
    beta = chain_ready()
    set_hand(beta, 0, "swig", "spiked-drink", "jab")
    start_turn(beta, 0)
    play(beta, "0:drink:swig", "0:trick:spiked-drink:1")
    assert beta.tally["Utility cards right after one's own"] == 1


def test_own_turn_tricks_only_on_your_turn() -> None:
    state = chain_ready()
    set_hand(state, 0, "bad-batch", "jab")
    start_turn(state, 0)
    assert any(isinstance(a, Trick) and a.card == "bad-batch" for a in state.legal_actions())
    play(state, "0:trick:bad-batch:1,2")
    assert state.booze[1] == 4 and state.booze[2] == 4


# --- the older draft's Swoosh, hand limit and sand timer --------------------------------------


def test_a_swoosh_cancels_the_attack_even_a_first_hit() -> None:
    state = chain_ready(swoosh_cards="older-draft")
    set_hand(state, 1, "swoosh-card", "jab")
    play(state, "0:hit:1:jab")
    play(state, "1:swoosh:swoosh-card")
    assert state.counted_hits()[1] == 0 and state.tally["swooshes"] == 1
    assert state.pile[-1].kind.id == "swoosh-card" and state.pile[-2].kind.id == "jab"


def test_swoosh_cards_are_only_in_the_draft_deck() -> None:
    beta, draft = new_game(), new_game(swoosh_cards="older-draft")
    assert len(beta.rules.deck) == 110 and len(draft.rules.deck) == 116
    assert len(new_game(swoosh_cards="older-draft", swoosh_copies=3).rules.deck) == 113
    with pytest.raises(ValueError, match="only 6 Swoosh cards are printed"):
        new_game(swoosh_cards="older-draft", swoosh_copies=9)
    with pytest.raises(InvalidActionError, match="no card 'swoosh'"):
        beta.parse_action("0:swoosh:swoosh")


def test_the_older_draft_hand_limit_trims_at_the_end_of_a_turn() -> None:
    state = chain_ready(hand_limit="older-draft")
    set_patron(state, 0, "gorilla-gus", 2)
    set_hand(state, 0, "jab", "swig", "swig", "hold-my-beer")
    set_hand(state, 1, "swig")
    start_turn(state, 0)
    play(state, "0:hit:1:jab")  # 1 cannot hit back: the chain ends
    play(state, "1:take")
    assert state.phase == "limit" and state.current == 0
    play(state, "0:discard:hold-my-beer")
    assert len(state.hands[0]) == 2 and state.tally["hand-limit discards"] == 1
    assert state.phase != "limit"


def test_the_sand_timer_lets_a_target_time_out() -> None:
    state = chain_ready(sand_timer="older-draft", sand_timer_seconds=30)
    play(state, "0:hit:1:jab")
    before = state.elapsed
    play(state, "1:time-out")
    assert state.booze[1] == 4 and state.counted_hits()[1] == 1
    assert state.elapsed - before == 30 and state.tally["time-outs"] == 1


# --- the song, the burn-out, the next round ----------------------------------------------------


def test_the_song_ends_the_round_and_a_thrown_hit_lands() -> None:
    state = chain_ready(song_seconds=17)
    play(state, "0:hit:1:jab", "1:hit:0:jab", "0:hit:1:haymaker")  # 6 s each: 18 s
    assert state.round == 2 and state.records[0].ended_by == "song"
    assert state.records[0].hits[:2] == (1, 2)  # the haymaker landed as the song ended


def test_a_round_burns_out_after_a_lap_without_a_chain() -> None:
    state = chain_ready()
    for seat in range(4):
        set_hand(state, seat, "hold-my-beer")
    start_turn(state, 0)
    assert state.round == 2 and state.records[0].ended_by == "burn-out"


def test_the_start_moves_clockwise_and_songs_come_from_the_range() -> None:
    state = play_game(
        new_game(4, 5), [HeuristicPlayer(card_data(), "cautious", s) for s in range(4)]
    )
    starters = [record.starter for record in state.records]
    assert starters == [(state.first_player + k) % 4 for k in range(len(starters))]
    assert all(180 <= record.song <= 300 for record in state.records)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_replacements_never_exceed_one_less_than_the_players(players: int) -> None:
    most = 0
    for seed in range(60):
        bots = [HeuristicPlayer(card_data(), "brawler", seed * 8 + s) for s in range(players)]
        state = play_game(new_game(players, seed), bots)
        assert state.knockouts >= players
        assert state.tally["replacements"] <= players - 1
        most = max(most, state.tally["replacements"])
    assert most == players - 1  # 2, 3, 4 at 3, 4, 5 players


# --- the other traits ------------------------------------------------------------------------


def test_gorilla_gus_reaches_anyone_twice_a_round() -> None:
    state = chain_ready(5)
    set_patron(state, 0, "gorilla-gus")
    targets = {
        a.target for a in state.legal_actions() if isinstance(a, Hit) and a.cards == ("jab",)
    }
    assert targets == {1, 2, 3, 4}  # not only the neighbours 1 and 4
    play(state, "0:hit:2:jab")
    assert state.reach_used[0] == 1 and state.tally["free reaches"] == 1


def test_sticky_vic_robs_one_more_and_reverend_rye_poisons_one_more() -> None:
    state = chain_ready()
    set_patron(state, 0, "sticky-vic")
    set_patron(state, 2, "reverend-rye")
    set_hands(state, ("light-fingers", "jab"), ("jab", "haymaker", "uppercut"), ("spiked-drink",
              "jab"), ("jab",))  # fmt: skip
    start_turn(state, 3)
    play(state, "0:trick:light-fingers:1")  # the window before 3's chain: 0 robs 1
    play(state, "2:pass")
    assert len(state.hands[0]) == 3 and len(state.hands[1]) == 1  # two cards taken
    play(state, "2:trick:spiked-drink:3")
    assert state.booze[3] == 3  # Communion Wine: one BL more


def _own_turn_trick(patron: str, card: str, targets: str) -> JoesBar:
    """Seat 0, as ``patron``, plays the own-turn ``card`` at ``targets`` on its turn."""
    state = chain_ready()
    set_patron(state, 0, patron)
    set_hand(state, 0, card, "jab")
    start_turn(state, 0)
    play(state, f"0:trick:{card}:{targets}")
    return state


def test_reverend_rye_poisons_each_victim_one_more_once_per_card() -> None:
    """Bad Batch on two players costs each 2 BL; on one player twice, 3 (our reading)."""
    state = _own_turn_trick("reverend-rye", "bad-batch", "1,2")
    assert state.booze[1:] == [3, 3, 5]  # one BL more for each of the two victims
    state = _own_turn_trick("reverend-rye", "bad-batch", "1,1")
    assert state.booze[1:] == [2, 5, 5]  # two poison icons and one BL more, not two
    state = chain_ready()  # a flung Bar card, with its one victim, gives the extra too
    set_patron(state, 0, "reverend-rye")
    set_slot(state, 0, "spittoon")
    play(state, "0:fling:1", "1:hit:0:jab")
    assert state.booze[1] == 3


def test_sticky_vic_robs_each_victim_one_more_once_per_card() -> None:
    """Shakedown on two players takes 2 cards from each; on one player twice, 3."""
    state = _own_turn_trick("sticky-vic", "shakedown", "1,2")
    assert [len(hand) for hand in state.hands] == [5, 3, 3, 5]
    state = _own_turn_trick("sticky-vic", "shakedown", "1,1")
    assert [len(hand) for hand in state.hands] == [4, 2, 5, 5]


def test_lady_lou_loses_no_bl_to_poison() -> None:
    state = chain_ready()
    set_patron(state, 1, "lady-lou", 4)
    set_patron(state, 0, "reverend-rye")
    set_hand(state, 0, "bad-batch", "jab")
    start_turn(state, 0)
    play(state, "0:trick:bad-batch:1,2")  # Rye's extra does not reach her either
    assert state.booze[1:] == [4, 3, 5]
    assert state.tally["BL of poison shrugged off"] == 2  # one icon, and Rye's one more
    set_slot(state, 0, "spittoon")
    play(state, "0:fling:1", "1:hit:0:jab")  # a Bar card's poison, as it lands on her
    assert state.booze[1] == 4 and state.counted_hits()[1] == 1  # the HIT lands, not the poison
    assert state.tally["BL of poison shrugged off"] == 4  # counted alike, pause or flung


def test_lucky_lenny_draws_his_bl_and_two_at_setup_and_in_later_rounds() -> None:
    seed, seat = next(
        (seed, seat)
        for seed in range(100)
        for seat, patron in enumerate(new_game(4, seed).patron)
        if patron is not None and patron.id == "lucky-lenny"
    )
    state = new_game(4, seed)
    assert [len(hand) for hand in state.hands] == [
        booze + 2 * (other == seat) for other, booze in enumerate(state.booze)
    ]
    state = chain_ready()
    set_patron(state, 0, "lucky-lenny", 3)
    for other in range(4):
        set_hand(state, other, "hold-my-beer")  # nobody can start a chain: the round burns out
    start_turn(state, 0)
    assert state.round == 2 and state.booze[0] == 3
    assert [len(hand) for hand in state.hands] == [5, 5, 5, 5]  # BL 3 + 2; the others BL 5
    assert state.hands[0][0].kind.id == "hold-my-beer"  # kept, then drawn up to


def test_lucky_lenny_keeps_his_bl_and_two_under_the_older_draft_hand_limit() -> None:
    state = chain_ready(hand_limit="older-draft")
    set_patron(state, 0, "lucky-lenny", 2)
    set_hand(state, 0, "jab", "swig", "swig", "hold-my-beer", "joes-glare", "make-it-a-double")
    set_hand(state, 1, "swig")
    start_turn(state, 0)
    play(state, "0:hit:1:jab", "1:take")  # 5 cards left, one more than BL 2 + 2
    assert state.phase == "limit" and state.current == 0
    play(state, "0:discard:hold-my-beer")
    assert len(state.hands[0]) == 4 and state.phase != "limit"
    assert state.tally["hand-limit discards"] == 1
