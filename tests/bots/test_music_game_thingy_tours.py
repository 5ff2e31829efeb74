"""The Music Game Thingy's Tours: the printed values, the earlier design kept as the
variant ``second-design-tours``, and the pure helpers of the Tour benchmark."""

from __future__ import annotations

import doctest
import importlib.util
import io
import re
import shutil
import sys
from pathlib import Path
from types import ModuleType

import pytest

from bots.core import GameConfigError, play_game
from bots.games.music_game_thingy import MusicGameThingy
from bots.games.music_game_thingy.actions import BookTour
from bots.games.music_game_thingy.bots import HeuristicPlayer
from pnp.catalog import load_catalog
from pnp.catalog.errors import CatalogError
from pnp.catalog.schemas.music_game_thingy import TourCard
from pnp.play.music_game_thingy import MusicGameThingyFront
from pnp.play.terminal import Terminal
from pnp.registry import load_game
from pnp.site.pages import NavPage, copy_pages, nav
from tests.bots.mgt_positions import declaring, rules
from tests.conftest import CARDS
from tests.kit.test_faces_music_game_thingy import draw, page_text
from tests.site.test_designers_and_downloads import HYPHEN_MINUS, NEGATIVE_ZERO

ROOT = Path(__file__).resolve().parents[2]
GAME = "music-game-thingy"
KATE = "kate-the-bitch"
WORLD = "the-fizzy-pop-world-tour"
VARIANT = "second-design-tours"


def tour_cards() -> dict[str, TourCard]:
    deck = load_catalog(CARDS).game(GAME).deck("tour").cards
    return {card.id: card for card in deck if isinstance(card, TourCard)}


def variant_params() -> dict[str, object]:
    (variant,) = [v for v in load_catalog(CARDS).game(GAME).variants() if v.id == VARIANT]
    return dict(variant.params)


def test_the_printed_design_differs_from_the_earlier_one_on_every_tour() -> None:
    """The retuning changed every card; otherwise the variant would compare nothing."""
    for card in tour_cards().values():
        old = card.earlier["second-design"]
        now = (card.dice, card.income_per_unit, card.months, card.min_fame, card.fee)
        assert now != (old.dice, old.income_per_unit, old.months, old.min_fame, old.fee)


def test_the_engine_plays_the_printed_values_by_default_and_the_variant_the_earlier() -> None:
    card = tour_cards()[WORLD]
    old = card.earlier["second-design"]
    assert rules().tour(WORLD).fee == card.fee
    paid = {}
    for params in ({}, variant_params()):
        state = declaring(artists={0: [(KATE, 16)]}, order=[0, 1, 2], **params)
        state.pay(-1, 0, 300_000, "test")
        before = state.cash[0]
        state.apply(BookTour(0, WORLD, KATE))
        paid[bool(params)] = before - state.cash[0]
        assert state.rules.tour(WORLD).earner.dice == (old.dice if params else card.dice)
    assert paid == {False: card.fee, True: old.fee}


def test_a_seeded_game_of_the_variant_pays_the_earlier_fees() -> None:
    """Every fee paid in a whole game of shrewd labels is the fee of the design played,
    and the two designs' games differ in what they paid."""
    data = rules()
    fees = {}
    for design, params in (("printed", {}), ("second-design", variant_params())):
        state = MusicGameThingy.new(data, 3, {"players": 4, **params})
        bots = [HeuristicPlayer(state.rules, "shrewd", seat) for seat in range(4)]
        play_game(state, bots)
        played = data.with_tour_design(design)
        expected = sum(played.tour(tour).fee for _month, tour, _label in state.bookings)
        assert state.bookings and -sum(b.get("tour fees", 0) for b in state.ledger) == expected
        fees[design] = expected
    assert fees["printed"] != fees["second-design"]


def test_the_variant_state_can_be_copied_and_an_unknown_design_is_refused() -> None:
    state = MusicGameThingy.new(rules(), 1, {"players": 3, **variant_params()})
    assert state.clone().rules is state.rules and state.clone() == state
    with pytest.raises(GameConfigError, match=r"no Tour design 'third'.*printed, second-design"):
        MusicGameThingy.new(rules(), 1, {"players": 3, "tour_design": "third"})


def test_every_tour_must_keep_the_same_earlier_designs(tmp_path: Path) -> None:
    shutil.copytree(CARDS / GAME, tmp_path / GAME)
    path = tmp_path / GAME / "tour.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("second-design:", "second-go:", 1), encoding="utf-8")
    with pytest.raises(CatalogError, match="every Tour keeps the same ones"):
        load_catalog(tmp_path)


def test_the_card_faces_print_the_kit_values() -> None:
    """The face is drawn from the card's own fields; the earlier values are never on it."""
    game = load_catalog(CARDS).game(GAME)
    for card in tour_cards().values():
        face = page_text(draw(game, "tour", card))
        old = card.earlier["second-design"]
        shown = set(re.findall(r"\d[\d,]*\d|\d", face))
        assert {f"{card.fee:,}", f"{card.income_per_unit:,}"} <= shown, face
        assert not {f"{old.fee:,}", f"{old.income_per_unit:,}"} & shown - {
            f"{card.fee:,}",
            f"{card.income_per_unit:,}",
        }, face


def _benchmark() -> ModuleType:
    path = ROOT / "benchmarks" / "music_game_thingy_tours.py"
    spec = importlib.util.spec_from_file_location("music_game_thingy_tours", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_the_benchmark_helpers() -> None:
    bench = _benchmark()
    assert doctest.testmod(bench).failed == 0
    records = [
        {
            "won": [1, 0, 0],
            "income": [
                bench.income({"tours": 90_000, "tour fees": -10_000, "album": 50_000}),
                bench.income({"tours": 20_000, "venue": 40_000}),
                bench.income({"single": 10_000}),
            ],
            "booked": {"the-toilet-circuit": 2},
            "label_years": 6,
        },
        {
            "won": [0, 0.5, 0.5],
            "income": [
                bench.income({"venue": 10_000}),
                bench.income({"venue": 10_000, "ep": 30_000}),
                bench.income({"album": 60_000}),
            ],
            "booked": {},
            "label_years": 6,
        },
    ]
    found = bench.figures(records, 3)
    assert found["shares"]["tours"]["value"] == pytest.approx(110_000 / 320_000)
    assert found["leader_won"]["tours"]["n"] == 1  # nobody toured in the second game
    assert found["leader_won"]["records"]["value"] == pytest.approx((1 + 0.5) / 2)
    assert found["leader_won"]["venues"]["value"] == pytest.approx((0 + 0.25) / 2)
    assert found["tour_leader_minus"]["venues"]["n"] == 1
    assert found["booked"]["the-toilet-circuit"]["per_label_year"] == pytest.approx(2 / 12)


def test_the_benchmark_refuses_a_tour_file_that_is_not_there(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        _benchmark().main(["--tours", "no-such.yaml"])
    assert "no-such.yaml: no such file" in capsys.readouterr().err


def test_the_design_and_variants_pages_quote_the_values_in_the_data() -> None:
    """The Tour design page's table gives each Tour's printed values and the second
    design's; the variant's section gives the second design's; both pages are linked."""
    pages = CARDS / GAME / "pages"
    design = (pages / "design.md").read_text(encoding="utf-8")
    variants = (pages / "variants.md").read_text(encoding="utf-8")
    for card in tour_cards().values():
        old = card.earlier["second-design"]
        (row,) = [line for line in design.splitlines() if line.startswith(f"| {card.name} |")]
        for now, was in ((card.income_per_unit, old.income_per_unit), (card.fee, old.fee)):
            assert f"{now:,} (was {was:,})" in row, row
        assert f"{card.dice} (was {old.dice})" in row, row
        (row,) = [line for line in variants.splitlines() if line.startswith(f"| {card.name} |")]
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        assert cells[1:3] + cells[5:6] == [
            str(old.dice),
            f"{old.income_per_unit:,}",
            f"{old.fee:,}",
        ], row
    assert "(design.md)" in variants and "(variants.md#second-design-tours)" in design
    assert "{ #second-design-tours }" in variants


def test_the_site_lists_the_design_page_among_the_designers_notes(tmp_path: Path) -> None:
    game = load_catalog(CARDS).game(GAME)
    copy_pages(game, tmp_path / GAME)
    assert NavPage("design.md", "Deck design") in nav(tmp_path, GAME)
    assert NavPage("design.md", "Deck design").for_designers
    text = (tmp_path / GAME / "design.md").read_text(encoding="utf-8")
    assert not HYPHEN_MINUS.findall(text) and not NEGATIVE_ZERO.findall(text)


def test_pnp_verify_and_compare_seat_bots_that_know_the_tours_being_played() -> None:
    """The playtest (and ``pnp compare --variant``) gives each game's bots that game's
    rules: under the variant, a bot values a Tour at the fee the engine will charge."""
    adapter = load_game(load_catalog(CARDS).game(GAME)).verify_adapter
    table = next(t for t in adapter.tables() if t.key == f"{VARIANT}-4p")
    old_fee = tour_cards()[WORLD].earlier["second-design"].fee
    state = adapter.new_game(1, dict(table.params))
    assert state.rules.tour(WORLD).fee == old_fee
    for bot in (adapter.heuristic_player(0, 1), adapter.named_player("shrewd", 1, 1)):
        assert isinstance(bot, HeuristicPlayer) and bot.rules is state.rules
    adapter.new_game(1, {"players": 4})
    assert adapter.heuristic_player(0, 1).rules.tour(WORLD).fee == tour_cards()[WORLD].fee


def test_pnp_play_tells_the_fee_of_the_tours_being_played() -> None:
    """At the terminal a Tour's terms come from the game's rules: the variant's fee, not
    the printed one, when the game plays the second design."""
    loaded = load_game(load_catalog(CARDS).game(GAME))
    card = tour_cards()[WORLD]
    for params, fee in (({}, card.fee), (variant_params(), card.earlier["second-design"].fee)):
        terminal = Terminal(io.StringIO(), io.StringIO(), colour=False)
        front = MusicGameThingyFront(loaded, terminal, ["You", "Ana", "Ben"], 0)
        front.opening(MusicGameThingy.new(loaded.data, 1, {"players": 3, **params}))
        assert front.words.tour_terms(WORLD).startswith(f"fee {fee:,} now;")
