"""Joe's Bar card data: the real data loads, and each check and reference of
its schema reports a broken copy at the right file, line and field."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from pnp.catalog import Problem, load_catalog
from pnp.catalog.schemas.joes_bar import ActionCard, Decision, Icon, PatronCard
from tests.conftest import line_of, problems_of

GAME = "joes-bar"
SOURCE = Path(__file__).resolve().parents[2] / "cards" / GAME


@pytest.fixture
def cards(tmp_path: Path) -> Path:
    """A private copy of the Joe's Bar data, alone in a cards folder."""
    root = tmp_path / "cards"
    shutil.copytree(SOURCE, root / GAME)
    return root


def edit(root: Path, file: str, old: str, new: str) -> int:
    """Replace the one occurrence of ``old`` in ``file``; return the line where it was."""
    path = root / GAME / file
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} must occur once in {file}"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return text[: text.index(old)].count("\n") + 1


def problems(root: Path) -> tuple[Problem, ...]:
    return problems_of(root)


def only(found: tuple[Problem, ...], file: str, field: str) -> Problem:
    """The single problem of ``file`` at ``field``."""
    matches = [p for p in found if p.file.endswith(f"{GAME}/{file}") and p.field == field]
    assert len(matches) == 1, "\n".join(map(str, found))
    return matches[0]


# --- the real data -------------------------------------------------------------


def test_real_data_has_the_beta_counts(cards: Path) -> None:
    game = load_catalog(cards).game(GAME)
    counts = {deck.id: deck.physical_count for deck in game.decks}
    assert counts == {"action": 110, "swoosh": 6, "bar": 12, "patron": 10, "aid": 5}
    assert game.spec.status == "beta"
    assert game.spec.players.min == 3 and game.spec.players.max == 5
    assert game.deck("swoosh").spec.only_under == "swoosh-cards"


def test_action_deck_is_mostly_hits(cards: Path) -> None:
    action = load_catalog(cards).game(GAME).deck("action")
    by_category: Counter[str] = Counter()
    for card in action.cards:
        assert isinstance(card, ActionCard)
        by_category[card.category] += card.count
    assert by_category == {"hit": 56, "combo": 20, "gulp": 14, "utility": 20}


def test_ids_are_unique_across_the_whole_game(cards: Path) -> None:
    game = load_catalog(cards).game(GAME)
    ids = [card.id for _, card in game.cards()]
    ids += [entry.id for table in game.tables for entry in table.entries]
    repeated = [name for name, times in Counter(ids).items() if times > 1]
    assert repeated == []


def test_decisions_cover_the_seven_subjects_printed_as_beta(cards: Path) -> None:
    game = load_catalog(cards).game(GAME)
    decisions = game.table("decisions").entries
    assert [d.id for d in decisions] == [
        "winning",
        "dodging",
        "swoosh-cards",
        "hand-limit",
        "utility-timing",
        "sand-timer",
        "gulp-cap",
    ]
    for decision in decisions:
        assert isinstance(decision, Decision)
        assert decision.printed == "beta"
        assert decision.evidence is None
    swoosh = game.table("decisions").entry("swoosh-cards")
    assert isinstance(swoosh, Decision)
    assert set(swoosh.older_draft.cards) == {card.id for card in game.deck("swoosh").cards}


def test_every_icon_is_used_and_patrons_share_one_scale(cards: Path) -> None:
    game = load_catalog(cards).game(GAME)
    defined = {entry.id for entry in game.table("icons").entries}
    used = {icon for _, card in game.cards() if isinstance(card, ActionCard) for icon in card.icons}
    assert used == defined
    icon = game.table("icons").entry("swoosh")
    assert isinstance(icon, Icon) and icon.only_under == "swoosh-cards"
    patrons = [card for card in game.deck("patron").cards if isinstance(card, PatronCard)]
    assert len({p.booze_scale_max for p in patrons}) == 1
    assert all(4 <= p.booze <= 7 for p in patrons)


# --- references -----------------------------------------------------------------


def test_icon_typo_on_an_action_card(cards: Path) -> None:
    line = edit(
        cards,
        "action.yaml",
        "icons: [hit, hit]\n    text: Left",
        "icons: [hit, hitt]\n    text: Left",
    )
    problem = only(problems(cards), "action.yaml", "icons[1]")
    assert problem.line == line
    assert problem.record == "card 'one-two'"
    assert "undefined icon 'hitt'" in problem.message


def test_icon_typo_on_a_bar_card(cards: Path) -> None:
    line = edit(cards, "bar.yaml", "icons: [hit, poison]", "icons: [hit, poisson]")
    problem = only(problems(cards), "bar.yaml", "icons[1]")
    assert (problem.line, problem.record) == (line, "card 'spittoon'")
    assert "undefined icon 'poisson'" in problem.message


def test_icon_typo_in_a_patron_trait(cards: Path) -> None:
    line = edit(cards, "patron.yaml", "{type: immune, icon: poison}", "{type: immune, icon: venom}")
    problem = only(problems(cards), "patron.yaml", "trait.effect.icon")
    assert (problem.line, problem.record) == (line, "card 'lady-lou'")
    assert "undefined icon 'venom'" in problem.message


def test_decision_lists_an_unknown_card(cards: Path) -> None:
    line = edit(
        cards, "decisions.yaml", "[swoosh-card, bob-and-weave]", "[swoosh-card, bob-n-weave]"
    )
    found = problems(cards)
    problem = only(found, "decisions.yaml", "older_draft.cards[1]")
    assert (problem.line, problem.record) == (line, "decision 'swoosh-cards'")
    assert "undefined card 'bob-n-weave'" in problem.message
    # ... and the card it meant is now listed by no decision
    unlisted = only(found, "swoosh.yaml", "id")
    assert unlisted.record == "card 'bob-and-weave'"
    assert "list it in the cards of its decision" in unlisted.message


def test_icon_brought_in_by_an_unknown_decision(cards: Path) -> None:
    line = edit(cards, "icons.yaml", "only_under: swoosh-cards", "only_under: swoosh-card")
    problem = only(problems(cards), "icons.yaml", "only_under")
    assert (problem.line, problem.record) == (line, "icon 'swoosh'")
    assert "undefined decision 'swoosh-card'" in problem.message


# --- card checks ------------------------------------------------------------------


def test_hit_card_with_a_utility_icon(cards: Path) -> None:
    line = edit(cards, "action.yaml", "count: 10\n    icons: [hit]", "count: 10\n    icons: [rob]")
    problem = only(problems(cards), "action.yaml", "icons[0]")
    assert (problem.line, problem.record) == (line + 1, "card 'jab'")
    assert "'rob' is a utility icon; a hit card shows only hit icons" in problem.message


def test_timing_must_fit_the_category(cards: Path) -> None:
    line = edit(
        cards, "action.yaml", "timing: own-turn\n    count: 6", "timing: chain\n    count: 6"
    )
    problem = only(problems(cards), "action.yaml", "timing")
    assert (problem.line, problem.record) == (line, "card 'swig'")
    assert problem.message == "a gulp card has timing own-turn, not 'chain'"


def test_combo_needs_two_icons(cards: Path) -> None:
    line = edit(cards, "action.yaml", "icons: [hit, chain]", "icons: [chain]")
    problem = only(problems(cards), "action.yaml", "icons")
    assert (problem.line, problem.record) == (line, "card 'pile-on'")
    assert problem.message == "a combo card shows at least two icons"


def test_action_card_names_differ(cards: Path) -> None:
    line = edit(cards, "action.yaml", "name: Right Hook", "name: haymaker")
    problem = only(problems(cards), "action.yaml", "name")
    assert (problem.line, problem.record) == (line, "card 'right-hook'")
    assert "also on card 'haymaker'" in problem.message


def test_swoosh_card_shuffled_into_the_beta_deck(cards: Path) -> None:
    action = cards / GAME / "action.yaml"
    action.write_text(
        action.read_text(encoding="utf-8")
        + "  - id: duck\n"
        + "    name: Duck!\n"
        + "    category: swoosh\n"
        + "    timing: when-targeted\n"
        + "    icons: [swoosh]\n"
        + "    text: Down you go.\n",
        encoding="utf-8",
    )
    edit(cards, "game.yaml", "count: 110", "count: 111")
    problem = only(problems(cards), "action.yaml", "id")
    assert (problem.line, problem.record) == (line_of(action, "id: duck"), "card 'duck'")
    assert "list it in the cards of its decision" in problem.message


def test_draft_only_deck_must_say_so(cards: Path) -> None:
    edit(cards, "game.yaml", "    only_under: swoosh-cards\n", "")
    found = problems(cards)
    swoosh = cards / GAME / "swoosh.yaml"
    for card in ("swoosh-card", "bob-and-weave"):
        problem = only(tuple(p for p in found if p.record == f"card {card!r}"), "swoosh.yaml", "id")
        assert problem.line == line_of(swoosh, f"id: {card}")
        assert problem.message == (
            "exists only under decision 'swoosh-cards', so its deck needs "
            "only_under: swoosh-cards in game.yaml"
        )
    assert len(found) == 2


def test_bar_and_patron_decks_must_serve_the_largest_table(cards: Path) -> None:
    edit(cards, "game.yaml", "players: {min: 3, max: 5}", "players: {min: 3, max: 7}")
    found = problems(cards)
    bar = only(found, "bar.yaml", "")
    assert (bar.line, bar.record) == (line_of(cards / GAME / "bar.yaml", "cards:"), "deck 'bar'")
    assert bar.message.startswith("has 12 cards but 7 players need 14")
    patron = only(found, "patron.yaml", "")
    assert patron.record == "deck 'patron'"
    assert patron.message.startswith("has 10 cards but 7 players need 14")


def test_patrons_print_one_scale(cards: Path) -> None:
    text = (cards / GAME / "patron.yaml").read_text(encoding="utf-8")
    start = text.index("id: slim-jim")
    old = text[start : text.index("booze_scale_max: 10", start) + len("booze_scale_max: 10")]
    line = edit(cards, "patron.yaml", old, old.replace("booze_scale_max: 10", "booze_scale_max: 9"))
    problem = only(problems(cards), "patron.yaml", "booze_scale_max")
    assert (problem.line, problem.record) == (line + 3, "card 'slim-jim'")
    assert "every Patron card must print the same scale" in problem.message


def test_booze_level_stays_in_range(cards: Path) -> None:
    line = edit(cards, "patron.yaml", "booze: 7\n", "booze: 9\n")
    problem = only(problems(cards), "patron.yaml", "booze")
    assert (problem.line, problem.record) == (line, "card 'the-countess'")
    assert problem.message == "must be at most 7, got 9"


def test_unknown_trait_type(cards: Path) -> None:
    line = edit(cards, "patron.yaml", "{type: soak, hits: 1}", "{type: sober, hits: 1}")
    found = problems(cards)
    assert len(found) == 1, "\n".join(map(str, found))
    assert (found[0].line, found[0].record) == (line, "card 'big-earl'")
    assert found[0].field.startswith("trait.effect")
    assert "'sober'" in found[0].message


# --- decision checks ----------------------------------------------------------------


def test_rule_must_belong_to_its_decision(cards: Path) -> None:
    line = edit(
        cards,
        "decisions.yaml",
        "rule: {type: dodge, cost: any-card, redirect_to: next-player}\n",
        "rule: {type: no-hand-limit}\n",
    )
    problem = only(problems(cards), "decisions.yaml", "beta")
    assert problem.record == "decision 'dodging'"
    assert line - 4 <= problem.line < line
    assert (
        problem.message == "a 'no-hand-limit' rule belongs to decision 'hand-limit', not 'dodging'"
    )


def test_rule_parameters_are_checked(cards: Path) -> None:
    line = edit(
        cards, "decisions.yaml", "ko_end: {type: total, kos: 4}", "ko_end: {type: total, kos: 0}"
    )
    problem = only(problems(cards), "decisions.yaml", "older_draft.rule.ko_end.kos")
    assert (problem.line, problem.record) == (line, "decision 'winning'")
    assert problem.message == "must be at least 1, got 0"


def test_icons_draw_distinct_glyphs(cards: Path) -> None:
    line = edit(cards, "icons.yaml", "glyph: skull", "glyph: hand")
    problem = only(problems(cards), "icons.yaml", "glyph")
    assert (problem.line, problem.record) == (line, "icon 'poison'")
    assert "'hand' is also on card 'rob'" in problem.message
