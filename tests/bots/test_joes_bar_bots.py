"""Joe's Bar bots: the bots a game offers, the heuristic's choices in known positions,
its strength against random play, and a golden transcript of one seeded game.

The golden transcript ``tests/bots/golden/joes_bar_4p_seed7.json`` is the
``record(state)`` of one 4-player game of heuristic bots (cautious and brawler by
turns) from seed 7, with what each round came to. When the bots, the engine or the
card data change on purpose, regenerate it with
``UPDATE_GOLDEN=1 .venv/bin/pytest tests/bots/test_joes_bar_bots.py`` and review the
diff before committing.
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
from pathlib import Path

import pytest
from scipy.stats import binomtest

from bots.core import RandomPlayer, load, play_game, record
from bots.games.joes_bar import Dodge, Drink, Grab, Hit, JoesBar, Pass, Trick
from bots.games.joes_bar.bots import BOTS, STYLES, HeuristicPlayer, song_goes_on
from bots.games.joes_bar.records import Landed
from tests.bots.joes_bar_positions import (
    _pull,
    card_data,
    empty_slots,
    new_game,
    plain_patrons,
    play,
    set_hand,
    set_hands,
    set_patron,
    start_turn,
)

GOLDEN = Path(__file__).parent / "golden" / "joes_bar_4p_seed7.json"


def bot(style: str = "cautious", seed: int = 1) -> HeuristicPlayer:
    return HeuristicPlayer(card_data(), style, seed)


def choice(state: JoesBar, style: str = "cautious") -> object:
    seat = state.current_player
    assert seat is not None
    return bot(style).choose(state.view(seat), state.legal_actions(), random.Random(0))


def ready() -> JoesBar:
    state = new_game(4)
    plain_patrons(state)
    empty_slots(state)
    state.box.extend(state.centre)
    state.centre.clear()
    for seat in range(4):
        set_hand(state, seat, "right-hook", "uppercut")
    return state


def test_the_bots_offered_weakest_first() -> None:
    assert [spec.name for spec in BOTS] == ["random", "tipsy", "brawler", "cautious"]
    assert [spec.strength for spec in BOTS] == [0, 1, 2, 3]
    assert not BOTS[0].heuristic and all(spec.heuristic for spec in BOTS[1:])
    for spec in BOTS:
        player = spec(card_data(), 3)
        state = play_game(new_game(3, 2), [player, RandomPlayer(), RandomPlayer()])
        assert state.is_terminal
    with pytest.raises(ValueError, match="style must be one of"):
        HeuristicPlayer(card_data(), "drunk")


def second_hit() -> JoesBar:
    """Player 1, hit once already, has a second HIT coming from player 0; it holds a drink
    and three plain HIT cards."""
    state = ready()
    set_hands(
        state,
        ("jab", "haymaker", "right-hook"),
        ("jab", "swig", "haymaker", "uppercut"),
        ("jab",),
        ("jab",),
    )
    start_turn(state, 0)
    play(state, "0:hit:1:jab", "1:hit:0:jab", "0:hit:1:haymaker")
    return state


def test_it_dodges_a_hit_that_would_grow_its_bill() -> None:
    state = second_hit()
    assert state.current_player == 1
    action = choice(state)
    # it keeps the drink and gives up a plain HIT card
    assert isinstance(action, Dodge) and action.card in ("haymaker", "uppercut")


def land(state: JoesBar, seat: int, by: int, *kinds: str) -> None:
    """HIT cards of ``kinds`` thrown by ``by`` lie in front of ``seat`` (landed earlier)."""
    cards = tuple(_pull(state, kind) for kind in kinds)
    hits = sum(copy.kind.effects.hit for copy in cards)
    state.front[seat].append(Landed(by, cards, None, hits))
    state.hit[seat] = state.brawl[seat] = True


def small_hit(third_hit: bool, played: int) -> JoesBar:
    """3 players: player 0 throws a Jab at player 1, who has two HITs in front already (one
    more changes nothing of its bill now: a small HIT). Player 2 has been hit once
    (``third_hit``; else not at all) and holds three cards; the song (300 s) has played
    ``played`` seconds."""
    state = new_game(3)
    plain_patrons(state, 6)
    empty_slots(state)
    state.box.extend(state.centre)
    state.centre.clear()
    set_hands(
        state, ("jab", "jab"), ("jab", "right-hook", "uppercut"), ("jab", "uppercut", "right-hook")
    )
    land(state, 1, 0, "jab")
    land(state, 1, 2, "jab")
    if third_hit:
        land(state, 2, 1, "jab")
    state.song, state.elapsed = 300, played
    start_turn(state, 0)
    play(state, "0:hit:1:jab")
    assert state.current_player == 1 and state.phase == "answer"
    return state


def test_a_song_of_three_to_five_minutes_goes_on_as_its_played_time_says() -> None:
    """Nobody knows how long this song runs, only that songs run 180 to 300 s."""
    assert song_goes_on(0, 40) == 1.0  # no song ends within its first 3 minutes
    assert song_goes_on(250, 40) == 0.2  # 10 of the 50 s a song can still run
    assert song_goes_on(299, 5) == 0.0  # it ends within a second
    assert song_goes_on(120, 0) == 1.0
    assert 0.0 < song_goes_on(400, 10) < 1.0  # a longer song than any ordinary one


def test_the_cautious_bot_weighs_a_dodged_hit_coming_back_and_the_song() -> None:
    """A dodged HIT moves on to player 2 and, if they dodge it too, comes straight back
    (3 players). The cautious bot dodges a small HIT that will land on player 2 (not yet
    hit this round, they cannot dodge it), but hits someone rather than throw a card away
    on one that player 2 can dodge back to it early in the song; at the song's last
    seconds the HIT cannot come round before the round ends, and a card kept would be
    drawn again in the Jukebox phase, so it dodges. The older cautious weights (without
    the come-back and the clock) dodged all three."""
    old = dataclasses.replace(STYLES["cautious"], comeback=0.0, clock=0.0)
    for third_hit, played, dodges in ((False, 30, True), (True, 30, False), (True, 292, True)):
        state = small_hit(third_hit, played)
        action = choice(state)
        assert isinstance(action, Dodge) is dodges, (third_hit, played, action)
        if not dodges:
            assert isinstance(action, Hit)
        before = HeuristicPlayer(card_data(), old, 1)
        kept = before.choose(state.view(1), state.legal_actions(), random.Random(0))
        assert isinstance(kept, Dodge)


def test_it_drinks_below_its_printed_bl_before_its_chain() -> None:
    state = ready()
    set_patron(state, 0, "big-earl", 3)
    set_hand(state, 0, "swig", "jab")
    start_turn(state, 0)
    assert isinstance(choice(state), Drink)


def test_it_grabs_furniture_into_an_empty_slot() -> None:
    state = ready()
    state.centre.append(state.box.pop())
    set_hand(state, 0, "jab")
    start_turn(state, 0)
    assert isinstance(choice(state, "brawler"), Grab)


def test_it_grabs_the_furniture_whose_other_icons_pay() -> None:
    """A Beer Pitcher's Gulp is drunk by whoever flings it, so the cautious bot, below its
    printed BL, grabs it over a Chair's two HITs; at the top of the scale, where a drink
    gives nothing, it takes the Chair, and so does a bot that does not weigh a piece's
    other icons (the brawler)."""

    def grabbed(booze: int, style: str) -> object:
        state = ready()
        for piece_id in ("beer-pitcher", "chair"):
            piece = next(piece for piece in state.box if piece.id == piece_id)
            state.box.remove(piece)
            state.centre.append(piece)
        set_patron(state, 0, "big-earl", booze)
        set_hand(state, 0, "jab")
        start_turn(state, 0)
        return choice(state, style)

    assert grabbed(3, "cautious") == Grab(0, "beer-pitcher")
    assert grabbed(10, "cautious") == Grab(0, "chair")
    assert grabbed(3, "brawler") == Grab(0, "chair")


def test_it_interrupts_a_poison_aimed_at_it() -> None:
    state = ready()
    set_patron(state, 2, "sticky-vic", 1)  # a poison would knock it out
    set_hands(state, ("spiked-drink", "jab"), ("jab",), ("joes-glare", "jab"), ("jab",))
    start_turn(state, 3)
    play(state, "0:trick:spiked-drink:2")
    assert state.phase == "join" and state.current_player == 2
    action = choice(state)
    assert isinstance(action, Trick) and action.targets == (0,)


def test_it_never_poisons_a_patron_who_shrugs_poison_off() -> None:
    """Poisoning Lady Lou is legal and does nothing: no level picks it, on its turn or when
    answering a HIT whose every answer costs (the tipsy level's noise included)."""
    state = ready()
    set_patron(state, 1, "lady-lou", 1)
    set_hand(state, 0, "spiked-drink", "jab")
    start_turn(state, 0)
    wasted = Trick(0, "spiked-drink", (1,))
    assert wasted in state.legal_actions()
    for style in STYLES:
        for seed in range(40):
            action = bot(style, seed).choose(
                state.view(0), state.legal_actions(), random.Random(seed)
            )
            assert action != wasted, (style, seed)
    answering = ready()
    set_patron(answering, 1, "lady-lou", 1)
    set_hands(answering, ("spiked-drink", "haymaker"), ("jab",), ("uppercut",), ("jab",))
    start_turn(answering, 3)
    play(answering, "0:pass", "3:hit:0:jab")
    assert answering.current_player == 0 and answering.phase == "answer"
    assert wasted in answering.legal_actions()
    for style in STYLES:
        for seed in range(40):
            action = bot(style, seed).choose(
                answering.view(0), answering.legal_actions(), random.Random(seed)
            )
            assert action != wasted, (style, seed)


def test_a_heuristic_beats_random_play() -> None:
    """One heuristic bot against three random ones at 4 players: it must win clearly more
    than a fair quarter (the documentation's Benchmarks give the full figures, with
    their intervals)."""
    games, won = 120, 0.0
    for seed in range(games):
        seat = seed % 4
        players = [bot("cautious", seed) if other == seat else RandomPlayer() for other in range(4)]
        won += play_game(new_game(4, 500 + seed), players).returns()[seat]
    interval = binomtest(round(won), games).proportion_ci(method="wilson")
    assert interval.low > 0.4, won / games


def test_the_cautious_bot_wins_most_games_against_random_play() -> None:
    """The strongest level against three random bots in 100 seeded 4-player games: it
    must win at least 65 of them. Measured on 4,000 games (benchmarks/joes_bar_bots.py's
    seeds) it wins about 78% (docs, Benchmarks); these 100 seeds give 71.5, so the bar sits a
    margin below both. The issue's 80% is not reached (see the documentation's Benchmarks)."""
    won = 0.0
    for seed in range(100):
        seat = seed % 4
        players = [bot("cautious", seed) if other == seat else RandomPlayer() for other in range(4)]
        won += play_game(new_game(4, 900 + seed), players).returns()[seat]
    assert won >= 65, won


def test_bots_see_only_their_view_and_move_legally() -> None:
    state = new_game(5, 9)
    players = [bot(style, seed) for seed, style in enumerate(["cautious", "brawler"] * 3)][:5]
    rng = random.Random(1)
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions()
        action = players[seat].choose(state.view(seat), legal, rng)
        assert action in legal
        state.apply(action)
    assert isinstance(players[0].choose(state.view(0), [Pass(0)], rng), Pass)


def test_golden_four_player_game() -> None:
    styles = ["cautious", "brawler"]
    players = [bot(styles[(seat + 7) % 2], 7 * 8 + seat) for seat in range(4)]
    state = play_game(new_game(4, 7), players)
    data = record(state)
    data["rounds"] = [
        {
            "round": r.number,
            "starter": r.starter,
            "song": r.song,
            "seconds": r.seconds,
            "ended by": r.ended_by,
            "hits": list(r.hits),
            "BL lost": list(r.lost),
            "knocked out": list(r.knocked_out),
            "chains": list(r.chains),
        }
        for r in state.records
    ]
    data["standings"] = list(state.final_standings)
    data["winners"] = list(state.winners)
    fresh = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    if os.environ.get("UPDATE_GOLDEN") == "1":
        GOLDEN.write_text(fresh, encoding="utf-8")
    assert GOLDEN.read_text(encoding="utf-8") == fresh
    assert load(json.loads(fresh), JoesBar, card_data()) == state
    assert any(isinstance(action, Hit) for action in state.log)


def test_a_bot_of_a_style_of_its_own() -> None:
    """A :class:`Style` given in place of a name is played as it stands: the cautious
    weights by name or as a style play the same game, and a weight moved changes a choice
    (a bot paid to dodge with cards that show no HIT gives up its drink instead)."""
    cautious = STYLES["cautious"]
    games = [
        play_game(new_game(4, 3), [HeuristicPlayer(card_data(), style, seat) for seat in range(4)])
        for style in ("cautious", cautious)
    ]
    assert games[0].log == games[1].log
    state = second_hit()
    shedding = HeuristicPlayer(card_data(), dataclasses.replace(cautious, shed=5.0), 1)
    action = shedding.choose(state.view(1), state.legal_actions(), random.Random(0))
    assert action == Dodge(1, "swig")


def test_favourites_are_the_actions_choose_picks_among() -> None:
    """``favourites`` lists the actions valued equally most; ``choose`` takes one of them,
    and on a turn a drink worth having comes first, alone (it is before the chain or not
    at all)."""
    state = second_hit()
    view, legal = state.view(1), state.legal_actions()
    favourites = bot().favourites(view, legal, random.Random(0))
    assert favourites and set(favourites) <= set(legal)
    assert all(isinstance(action, Dodge) and action.card != "swig" for action in favourites)
    assert choice(state) in favourites
    state = ready()
    set_patron(state, 0, "big-earl", 3)
    set_hand(state, 0, "swig", "jab")
    start_turn(state, 0)
    drinks = bot().favourites(state.view(0), state.legal_actions(), random.Random(0))
    assert len(drinks) == 1 and isinstance(drinks[0], Drink)
