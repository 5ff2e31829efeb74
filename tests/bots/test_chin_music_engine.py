"""The Chin Music rules engine: actions and how they are written, known-answer
fights on a deck of known values, every turn rule and reading, and random and
heuristic play over the variants (cards conserved, draw counts in range, games
end, views hide what they must, replays agree)."""

from __future__ import annotations

import doctest
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bots.core import (
    GameConfigError,
    IllegalActionError,
    InvalidActionError,
    Player,
    RandomPlayer,
    leaked,
    load,
    record,
    replay,
)
from bots.games.chin_music import (
    Bout,
    CallOut,
    ChinMusic,
    ChinMusicView,
    Deck,
    Fight,
    HeuristicPlayer,
    NoCall,
    Pass,
    Play,
    Recite,
    actions,
    cards,
    engine,
    parse_action,
)
from bots.games.chin_music.verify import ChinMusicVerify
from tests.data import BOUT_DECK, CATALOG

# --- a deck of known values --------------------------------------------------------------

#: Word, Boast, Ruffians of the cards the known-answer tests use; the rest are fillers.
KNOWN = [
    ("Alpha", 3, 2),
    ("Bravo", 1, 3),
    ("Charlie", 2, 2),
    ("Delta", 3, 1),
    ("Echo", 2, 4),
]
FILLERS = "Golf Hotel India Juliett Kilo Lima Mike November Oscar Papa Quebec Romeo Sierra"
FILLERS += " Tango Uniform Victor Whiskey Xray Yankee Zulu Amber Bronze Copper Denim Ebony"
FILLERS += " Fawn Garnet Henna Indigo Jade Khaki"


@pytest.fixture(scope="module")
def known_game() -> Deck:
    """A Bout deck with the values above (the engine takes any deck it is given)."""
    rows = KNOWN + [(word, 1, 1) for word in FILLERS.split()]
    assert len(rows) == 36
    return Deck(tuple(Bout(word.lower(), word, boast, ruffians) for word, boast, ruffians in rows))


def set_up(
    game: Deck,
    hands: Sequence[str],
    stack: Sequence[tuple[str, int]] = (),
    reciter: int = 0,
    draw_counts: Sequence[int] | None = None,
    **params: Any,
) -> ChinMusic:
    """A position: ``hands`` as words per seat, the stack as (word, who played it),
    ``reciter`` about to recite (or to play, if the stack is empty)."""
    state = ChinMusic.new(game, 1, {"players": len(hands), **params})
    find = state.deck.find
    state.hands = [[_index(find, word) for word in hand.split()] for hand in hands]
    state.stack = [_index(find, word) for word, _ in stack]
    state.stack_players = tuple(seat for _, seat in stack)
    placed = {card for hand in state.hands for card in hand} | set(state.stack)
    state.draw_pile = [card for card in range(len(state.deck.cards)) if card not in placed]
    state.used = []
    if draw_counts is not None:
        state.draw_counts = list(draw_counts)
    state.reciter = state.current = reciter
    state.phase = "recite" if stack else "play"
    state.rebuild_caches()
    return state


def _index(find: Any, word: str) -> int:
    index = find(word)
    assert index is not None, word
    return int(index)


def words(text: str) -> tuple[str, ...]:
    return tuple(word.strip() for word in text.split(","))


# --- actions -------------------------------------------------------------------------------


def test_doctests() -> None:
    for module in (actions, cards, engine):
        assert doctest.testmod(module).failed == 0, module.__name__


@pytest.mark.parametrize(
    "text",
    [
        "0:play:Swell!",
        "3:play:Bee's Knees",
        "1:recite:Swell!, Oh Yeah?, Twenty-Three Skidoo",
        "1:recite:",
        "2:call",
        "2:no-call",
        "0:fight",
        "0:pass",
    ],
)
def test_actions_read_back_their_own_text(text: str) -> None:
    action = parse_action(text)
    assert str(action) == text
    assert ChinMusic.new(BOUT_DECK, 0).parse_action(str(action)) == action


def test_typed_actions_are_read_leniently() -> None:
    assert parse_action(" 1:RECITE: swell ,oh yeah ") == Recite(1, ("swell", "oh yeah"))
    assert parse_action("0:Fight") == Fight(0)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("fight", "does not start with a seat number"),
        ("0:dance", "'dance' is not a verb of the game"),
        ("0:play:", "'play' needs a word after a colon"),
        ("0:recite:Swell!,,Jake", "empty word between two commas"),
        ("x:pass", "does not start with a seat number"),
        ("0:call:now", "'call' takes nothing after it"),
    ],
)
def test_bad_action_text_says_what_is_expected(text: str, message: str) -> None:
    with pytest.raises(InvalidActionError, match=message) as caught:
        parse_action(text)
    assert f"{text!r} is not an action of Chin Music" in str(caught.value)
    assert "actions are written like '0:play:Swell!'" in str(caught.value)


def test_words_that_cannot_be_written_are_refused() -> None:
    with pytest.raises(ValueError, match="cannot be a word"):
        Recite(0, ("Swell!, Jake",))
    with pytest.raises(ValueError, match="cannot be a word"):
        Play(0, " Swell!")


# --- the deck ------------------------------------------------------------------------------


def test_the_deck_comes_from_the_card_data() -> None:
    deck = BOUT_DECK
    assert len(deck.cards) == 36 == len(set(deck.words))
    assert ChinMusic.data_from(CATALOG.game("chin-music")) == deck  # the same data, again
    first = deck.cards[0]
    assert deck.find(first.word.upper()) == 0
    assert deck.find("no such word") is None


def test_a_deck_with_words_that_sound_alike_is_refused() -> None:
    card = BOUT_DECK.cards[0]
    with pytest.raises(ValueError, match="sound like"):
        Deck((card, replace(card, id="other", word=card.word.upper())))


# --- parameters ----------------------------------------------------------------------------


def test_parameters_are_checked() -> None:
    with pytest.raises(GameConfigError, match="'players' must be between 2 and 6"):
        ChinMusic.new(BOUT_DECK, 0, {"players": 7})
    with pytest.raises(GameConfigError, match="'hand_size' must be between 2 and 6"):
        ChinMusic.new(BOUT_DECK, 0, {"hand_size": 1})
    state = ChinMusic.new(BOUT_DECK, 0, {"players": 6, "hand_size": 6})
    assert sorted(len(hand) for hand in state.hands) == [6] * 6
    assert state.draw_pile == []


# --- turns ---------------------------------------------------------------------------------


def test_a_turn_is_play_recite_calls_then_pass_when_fighting_is_not_allowed(
    known_game: Deck,
) -> None:
    state = set_up(known_game, ["Alpha Golf", "Bravo Hotel", "Charlie India"])
    assert state.legal_actions() == [Play(0, "Alpha"), Play(0, "Golf")]
    state.apply(Play(0, "alpha"))  # any spelling that sounds the same
    assert state.phase == "recite" and state.view(1).top is not None
    assert state.legal_actions() == [Recite(0, ("Alpha",))]
    state.apply(Recite(0, ("Alpha",)))
    assert (state.phase, state.current_player) == ("call", 1)
    assert state.legal_actions() == (CallOut(1), NoCall(1))
    state.apply(NoCall(1))
    assert state.current_player == 2
    state.apply(NoCall(2))
    # one card of theirs and everyone holds cards: no choice, the turn passes on
    assert (state.phase, state.current_player, state.reciter) == ("play", 1, 1)


def test_two_own_cards_allow_a_fight_and_fighting_counts_the_recitation(
    known_game: Deck,
) -> None:
    stack = [("Alpha", 0), ("Bravo", 1), ("Charlie", 2), ("Delta", 0)]
    state = set_up(known_game, ["Golf", "Hotel", "India"], stack)
    state.apply(Recite(0, words("Alpha, Bravo, Charlie, Delta")))
    state.apply(NoCall(1))
    state.apply(NoCall(2))
    assert state.phase == "decide"
    assert state.legal_actions() == (Fight(0), Pass(0))
    state.apply(Fight(0))
    fight = state.fights[-1]
    # Boast 3 + 1 + 2 + 3 and 2 for two own cards; Ruffians 2 + 3 + 2 + 1
    assert (fight.boast, fight.ruffians, fight.won, fight.reason) == (11, 8, True, "chose")
    assert state.draw_counts == [3, 4, 4]
    assert (state.bout, state.first_player, state.current_player) == (2, 1, 1)
    assert [len(hand) for hand in state.hands] == [3, 4, 4]


def test_a_right_call_out_makes_the_reciter_fight_with_what_they_said(
    known_game: Deck,
) -> None:
    stack = [("Alpha", 0), ("Bravo", 1), ("Charlie", 2), ("Delta", 0)]
    state = set_up(known_game, ["Golf", "Hotel", "India"], stack, draw_counts=[3, 4, 4])
    state.apply(Recite(0, words("Alpha, Charlie, Bravo, Delta")))  # a swapped pair
    assert state.is_recitation_correct is False
    state.apply(NoCall(1))
    state.apply(CallOut(2))
    fight = state.fights[-1]
    assert fight.counted_words == ("Alpha", "Delta")
    # Boast 3 + 3 and 2 own cards = 8 against 8 Ruffians: a tie loses
    assert (fight.fighter, fight.caller, fight.reason) == (0, 2, "caught")
    assert (fight.boast, fight.ruffians, fight.won) == (8, 8, False)
    assert state.draw_counts == [4, 4, 4]
    assert state.first_player == 1


def test_a_wrong_caller_fights_with_nothing_recited(known_game: Deck) -> None:
    """Alpha 3/2, Bravo 1/3, Charlie 2/2, Delta 3/1: recited right by player 0 and called
    out by player 1, who recited nothing: only Bravo, theirs, gives Boast (1) against 8."""
    stack = [("Alpha", 0), ("Bravo", 1), ("Charlie", 2), ("Delta", 0)]
    state = set_up(known_game, ["Golf", "Hotel", "India"], stack, draw_counts=[4, 3, 4])
    state.apply(Recite(0, words("alpha, bravo, charlie, delta")))
    state.apply(CallOut(1))
    fight = state.fights[-1]
    assert (fight.fighter, fight.reason, fight.own_cards) == (1, "wrong-call", 1)
    assert (fight.boast, fight.ruffians, fight.won) == (1, 8, False)
    assert fight.recited == () and fight.counted_words == ()
    assert state.draw_counts == [4, 4, 4]  # the caller lost: one card more
    assert state.first_player == 2  # the player after the fighter
    explained = fight.explain()
    assert "wrongly called player 0 out, so player 1 fights with what they recited" in explained
    assert "Recited: nothing." in explained and "Boast: 1 for their own card." in explained


def test_the_generous_reading_lends_the_wrong_caller_the_right_recitation(
    known_game: Deck,
) -> None:
    stack = [("Alpha", 0), ("Bravo", 1), ("Charlie", 2), ("Delta", 0)]
    state = set_up(known_game, ["Golf", "Hotel", "India"], stack, generous_callouts=True)
    state.apply(Recite(0, words("alpha, bravo, charlie, delta")))
    state.apply(CallOut(1))
    fight = state.fights[-1]
    # the whole stack counts (9) plus 1 for Bravo, the caller's: 10 against 8
    assert (fight.fighter, fight.reason, fight.own_cards) == (1, "wrong-call", 1)
    assert (fight.boast, fight.won) == (10, True)
    assert state.draw_counts == [4, 3, 4]


def test_generous_and_careful_call_outs_cannot_be_combined() -> None:
    with pytest.raises(GameConfigError, match="'careful_callouts' and 'generous_callouts'"):
        ChinMusic.new(BOUT_DECK, 0, {"careful_callouts": True, "generous_callouts": True})


def _right_recitations_called_at_random(seed: int, players: int) -> ChinMusic:
    """A game where every recitation is right and callers call at random (so every call
    is wrong)."""
    state = ChinMusic.new(BOUT_DECK, seed, {"players": players, "bout_limit": 40})
    rng = random.Random(seed)
    while not state.is_terminal:
        legal = list(state.legal_actions())
        seat = state.current_player
        assert seat is not None
        if state.phase == "recite":  # recite the stack right, so that every call is wrong
            action: Any = Recite(seat, tuple(BOUT_DECK.cards[c].word for c in state.stack))
        else:
            action = rng.choice(legal)
        state.apply(action)
    return state


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 6))
def test_a_wrong_callers_boast_never_exceeds_their_own_cards(seed: int, players: int) -> None:
    """Under the default reading, whatever the stack: Boast = own cards, nothing more."""
    state = _right_recitations_called_at_random(seed, players)
    wrong = [fight for fight in state.fights if fight.reason == "wrong-call"]
    assert all(fight.boast == fight.own_cards and not fight.counted_words for fight in wrong)


def test_such_games_do_have_wrong_call_outs() -> None:
    fights = [f for seed in range(5) for f in _right_recitations_called_at_random(seed, 3).fights]
    assert sum(fight.reason == "wrong-call" for fight in fights) >= 20


def test_losing_never_raises_a_draw_count_above_the_starting_hand(
    known_game: Deck,
) -> None:
    stack = [("Echo", 1), ("Bravo", 0)]
    state = set_up(known_game, ["Golf", "Hotel"], stack, draw_counts=[4, 2], hand_size=5)
    state.apply(Recite(0, ("Echo",)))
    state.apply(CallOut(1))
    assert state.fights[-1].won is False
    assert state.draw_counts == [5, 2]
    state = set_up(known_game, ["Golf", "Hotel"], stack, draw_counts=[4, 2])
    state.apply(Recite(0, ("Echo",)))
    state.apply(CallOut(1))
    assert state.draw_counts == [4, 2]


def test_the_fighter_who_gets_down_to_one_card_wins(known_game: Deck) -> None:
    stack = [("Alpha", 0), ("Delta", 0)]
    state = set_up(known_game, ["Golf", "Hotel"], stack, draw_counts=[2, 4])
    state.apply(Recite(0, ("Alpha", "Delta")))
    state.apply(NoCall(1))
    state.apply(Fight(0))  # 3 + 3 + 2 = 8 against 3
    assert state.is_terminal and state.winners == (0,)
    assert state.returns() == (1.0, 0.0)
    assert state.legal_actions() == ()
    assert state.view(1).phase == "over"
    reason = state.why_illegal(Play(1, "Hotel"))
    assert reason == "player 1 cannot play Hotel: the game is over"


def test_a_player_with_no_cards_recites_and_another_may_then_fight(
    known_game: Deck,
) -> None:
    stack = [("Alpha", 0), ("Bravo", 1)]
    state = set_up(known_game, ["Golf", "", "India Juliett"], stack, reciter=2)
    state.phase = "play"
    state.apply(Play(2, "India"))
    state.apply(Recite(2, ("Alpha", "Bravo", "India")))
    state.apply(NoCall(0))
    state.apply(NoCall(1))
    # player 2 has one card in the stack, but player 1's hand is empty
    assert (state.phase, state.current_player) == ("decide", 2)
    state.apply(Pass(2))
    state.apply(Play(0, "Golf"))
    state.apply(Recite(0, ("Alpha", "Bravo", "India", "Golf")))
    state.apply(NoCall(1))
    state.apply(NoCall(2))
    state.apply(Pass(0))
    assert (state.reciter, state.phase) == (1, "recite")  # nothing to play: straight to reciting


def test_when_every_hand_is_empty_the_reciter_must_fight(known_game: Deck) -> None:
    stack = [("Alpha", 0), ("Bravo", 1), ("Charlie", 0)]
    state = set_up(known_game, ["", ""], stack)
    assert state.must_fight()
    state.apply(Recite(0, ("Alpha", "Bravo", "Charlie")))
    state.apply(NoCall(1))
    fight = state.fights[-1]
    assert (fight.fighter, fight.reason) == (0, "everyone-empty")


def test_a_wrong_caller_is_knocked_out_with_careful_call_outs(
    known_game: Deck,
) -> None:
    state = set_up(
        known_game, ["Golf Hotel", "India", "Juliett"], [("Alpha", 0)], careful_callouts=True
    )
    state.apply(Recite(0, ("Alpha",)))
    state.apply(CallOut(1))
    assert state.fights == [] and state.knocked_out == [False, True, False]
    assert state.view(2).knocked_out == (False, True, False)
    # player 0 has one card in the stack and everyone in the bout holds cards: the turn
    # passes on, skipping player 1
    assert state.reciter == 2
    state.apply(Play(2, "Juliett"))
    state.apply(Recite(2, ("Alpha", "Juliett")))
    assert state.current_player == 0  # player 1 is not asked
    state.apply(NoCall(0))
    assert state.reciter == 0  # player 1 takes no turn
    state.apply(Play(0, "Golf"))
    state.apply(Recite(0, ("Alpha", "Juliett", "Golf")))
    state.apply(NoCall(2))
    assert state.phase == "decide"  # two cards of player 0's in the stack


def test_a_knocked_out_empty_hand_does_not_let_others_fight(known_game: Deck) -> None:
    state = set_up(known_game, ["Golf Hotel", "", "Juliett"], [("Alpha", 0)], careful_callouts=True)
    state.apply(Recite(0, ("Alpha",)))
    state.apply(CallOut(1))
    assert state.knocked_out[1]
    assert not state.can_fight(0) and not state.can_fight(2)


def test_illegal_actions_say_why(known_game: Deck) -> None:
    state = set_up(known_game, ["Alpha Golf", "Bravo", "Charlie"])
    not_held = "player 0 cannot play Bravo: they hold no card 'Bravo'"
    assert state.why_illegal(Play(0, "Bravo")) == not_held
    not_their_turn = "player 1 cannot play Bravo: it is player 0's turn"
    assert state.why_illegal(Play(1, "Bravo")) == not_their_turn
    assert "must play a card first" in str(state.why_illegal(Recite(0, ())))
    state.apply(Play(0, "Alpha"))
    reason = state.why_illegal(Recite(0, ("Alpha", "Swell!")))
    assert reason == "player 0 cannot recite the stack: 'Swell!' is not a word of the Bout deck"
    assert state.is_legal(Recite(0, ("Golf", "Golf", "Alpha")))  # wrong, but legal
    assert "must recite the stack first" in str(state.why_illegal(Fight(0)))
    with pytest.raises(IllegalActionError, match="must recite"):
        state.apply(Pass(0))
    state.apply(Recite(0, ("Alpha",)))
    assert "deciding whether to call" in str(state.why_illegal(Fight(1)))
    state = set_up(known_game, ["Golf", "Hotel"], [("Alpha", 0), ("Bravo", 1)], reciter=1)
    state.phase = "decide"
    assert "fewer than 2 stack cards are theirs" in str(state.why_illegal(Fight(1)))
    state = set_up(known_game, ["", ""], [("Alpha", 0), ("Bravo", 1)], reciter=1)
    state.phase = "decide"
    assert "must end in a fight" in str(state.why_illegal(Pass(1)))


def test_the_bout_limit_ends_the_game_at_the_lowest_draw_count(
    known_game: Deck,
) -> None:
    stack = [("Echo", 1), ("Bravo", 0)]
    state = set_up(
        known_game, ["Golf", "Hotel", "India"], stack, draw_counts=[3, 4, 3], bout_limit=1
    )
    state.apply(Recite(0, ("Echo", "Bravo")))
    state.apply(NoCall(1))
    state.apply(CallOut(2))  # a wrong call: player 2 loses and goes to 4
    assert state.is_terminal and state.winners == (0,)


def test_the_used_pile_is_reshuffled_when_the_deck_runs_out() -> None:
    state = ChinMusic.new(BOUT_DECK, 3, {"players": 6, "hand_size": 6})
    assert state.draw_pile == []  # six hands of six: the whole deck
    seat = state.reciter
    state.apply(Play(seat, state.deck.cards[state.hands[seat][0]].word))
    state.apply(Recite(seat, ()))  # says nothing: wrong
    callers = list(state.callers)
    for caller in callers[:-1]:
        state.apply(NoCall(caller))
    state.apply(CallOut(callers[-1]))
    assert state.bout == 2 and state.fights[-1].reason == "caught"
    dealt = Counter(card for hand in state.hands for card in hand)
    assert dealt == Counter(range(36)) and state.used == []


# --- random and heuristic play -------------------------------------------------------------


def all_cards(state: ChinMusic) -> Counter[int]:
    held = [card for hand in state.hands for card in hand]
    return Counter(held + state.stack + state.draw_pile + state.used)


def other_backs(state: ChinMusic, seat: int) -> ChinMusic:
    """The same position, but the cards in ``seat``'s hand show other Ruffians."""
    other = state.clone()
    changed = list(other.deck.cards)
    for card in other.hands[seat]:
        changed[card] = replace(changed[card], ruffians=changed[card].ruffians + 10)
    other.deck = Deck(tuple(changed))
    other.rebuild_caches()
    return other


def check(state: ChinMusic, deep: bool) -> None:
    """Invariants of every position; ``deep`` adds the slower view checks."""
    assert all_cards(state) == Counter(range(len(state.deck.cards)))
    assert all(1 <= count <= state.hand_size for count in state.draw_counts)
    if not state.is_terminal:
        assert all(count >= 2 for count in state.draw_counts)
    for seat in range(state.num_players):
        view = state.view(seat)
        assert view.hand_backs[seat] == ()
        assert all(
            ruffians is None
            for ruffians, who in zip(view.stack_ruffians, view.stack_players, strict=True)
            if who == seat
        )
        if deep:
            check_view(state, seat, view)


def check_view(state: ChinMusic, seat: int, view: ChinMusicView) -> None:
    """No covered word in the view (or in the legal actions), and nothing in the view
    changes when the backs of the player's own cards change."""
    assert ChinMusicView(**vars(view)) == view  # the fast build is a real view
    covered = {state.deck.cards[card].word for card in state.stack[:-1]}
    public = set(view.recitation or ())  # said aloud, and the last fight was shown
    if view.last_fight is not None:
        public |= {card.word for card in view.last_fight.stack}
        public |= set(view.last_fight.recited)
    assert leaked(view, covered - public) == []
    if seat == state.current_player:
        assert leaked(state.legal_actions(), covered - public) == []
    if state.hands[seat]:
        other = other_backs(state, seat)
        assert replace(other.view(seat), last_fight=None) == replace(view, last_fight=None)
        someone = (seat + 1) % state.num_players
        assert other.view(someone) != state.view(someone)  # the change is visible


def play_checked(
    state: ChinMusic,
    players: Sequence[Player[Any, Any]],
    max_steps: int = 30_000,
    deep_every: int = 7,
) -> Iterator[ChinMusic]:
    """Play to the end, checking every position (and the views deeply every
    ``deep_every`` actions); yields the state after each action."""
    rngs = [random.Random(f"{state.seed} {seat}") for seat in range(len(players))]
    check(state, deep=True)
    for step in range(1, max_steps + 1):
        if state.is_terminal:
            return
        seat = state.current_player
        assert seat is not None
        legal = list(state.legal_actions())
        assert legal and all(state.is_legal(action) for action in legal)
        action = players[seat].choose(state.view(seat), legal, rngs[seat])
        assert state.is_legal(action), state.why_illegal(action)
        state.apply(action)
        check(state, deep=step % deep_every == 0)
        yield state
    raise AssertionError(f"the game did not end within {max_steps} actions")


SEATS: dict[str, Any] = {
    "random": RandomPlayer,
    "easy": lambda: HeuristicPlayer(BOUT_DECK, "easy"),
    "medium": lambda: HeuristicPlayer(BOUT_DECK),
    "hard": lambda: HeuristicPlayer(BOUT_DECK, "hard"),
}
SEAT_KINDS = st.sampled_from(sorted(SEATS))


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=10**6),
    players=st.integers(min_value=2, max_value=6),
    hand_size=st.integers(min_value=2, max_value=6),
    careful=st.booleans(),
    kinds=st.lists(SEAT_KINDS, min_size=6, max_size=6),
)
def test_random_and_heuristic_games_keep_every_rule(
    seed: int, players: int, hand_size: int, careful: bool, kinds: list[str]
) -> None:
    params = {
        "players": players,
        "hand_size": hand_size,
        "careful_callouts": careful,
        "bout_limit": 40,
    }
    state = ChinMusic.new(BOUT_DECK, seed, params)
    seats = [SEATS[kind]() for kind in kinds[:players]]
    for _ in play_checked(state, seats):
        pass
    assert state.is_terminal and sum(state.returns()) == pytest.approx(1.0)
    assert len(state.fights) == state.bout  # every bout ended in exactly one fight
    saved = record(state)
    assert replay(ChinMusic, BOUT_DECK, saved["seed"], saved["params"], saved["actions"]) == state
    assert load(saved, ChinMusic, BOUT_DECK) == state


#: The most actions a game of medium bots may take, by player count. Up to five players a
#: game takes a few thousand actions. Six players first may fight on the seventh card, by
#: which time five listeners catch most slips, so since a wrong caller fights with nothing
#: a six-player game runs to hundreds of bouts (24 seeds of these generators: median about
#: 11,000 actions, most 32,256): it gets the bound ``pnp verify`` allows a game, and its
#: views are checked deeply less often (every position is still checked), or the four
#: games would take half an hour of a loaded machine.
MOST_ACTIONS = {2: 10_000, 3: 10_000, 4: 10_000, 5: 10_000, 6: ChinMusicVerify.step_bound}
DEEP_EVERY = {2: 7, 3: 7, 4: 7, 5: 7, 6: 101}


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_heuristic_games_end_without_a_bout_limit(players: int) -> None:
    for seed in range(4):
        state = ChinMusic.new(BOUT_DECK, seed, {"players": players})
        bots = [HeuristicPlayer(BOUT_DECK) for _ in range(players)]
        limits = {"max_steps": MOST_ACTIONS[players], "deep_every": DEEP_EVERY[players]}
        for _ in play_checked(state, bots, **limits):
            pass
        assert len(state.winners) == 1
        assert state.fights[-1].fighter == state.winners[0]
        assert state.fights[-1].draw_count == 1


def test_the_bout_limit_ends_random_games() -> None:
    """Random players seldom win a fight (they name only the top card), so their games
    run to hundreds of bouts; the bout limit is the engine's safety for them."""
    for seed, players in enumerate([2, 3, 4, 6]):
        state = ChinMusic.new(BOUT_DECK, seed, {"players": players, "bout_limit": 25})
        for _ in play_checked(state, [RandomPlayer() for _ in range(players)]):
            pass
        assert state.bout <= 25 and state.winners
        lowest = min(state.draw_counts)
        assert all(state.draw_counts[seat] == lowest for seat in state.winners)


def test_same_seed_same_game() -> None:
    def play(seed: int) -> ChinMusic:
        state = ChinMusic.new(BOUT_DECK, seed, {"players": 4})
        bots = [HeuristicPlayer(BOUT_DECK) for _ in range(4)]
        for _ in play_checked(state, bots):
            pass
        return state

    assert play(11) == play(11)
    assert play(11).log != play(12).log
