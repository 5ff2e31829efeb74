"""The rules the decisions page's words follow (``pnp.verify.comparison``), each tested with
made-up figures where it must fire and where it must not: a direction only where the
player counts agree, only like quantities compared, a share beside its base rate, a count
ruled out by a rule shown as the rule at work, a cause in the model said, one turn-order
test, and a summary of the supported differences, the largest first."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pnp.verify import stats
from pnp.verify.comparison import FIGURES, comparison, summary

COUNTS = ("3", "4", "5")


def spread(centre: float, games: int = 60) -> list[float]:
    """``games`` values around ``centre`` (a spread of 0.5 either way, mean ``centre``)."""
    return [centre + (0.5 if n % 2 else -0.5) for n in range(games)]


def made_side(
    means: Mapping[str, Mapping[str, float]] | None = None,
    rates: Mapping[str, Mapping[str, tuple[int, int]]] | None = None,
    units: Mapping[str, str] | None = None,
    bases: Mapping[str, Mapping[str, tuple[float, float]]] | None = None,
) -> dict[str, Any]:
    """A side as :func:`pnp.verify.comparison.side` gives it, from made-up figures: per
    figure, a mean at each player count (60 games around it), or a rate (events, games);
    ``bases`` a share of players per count (players who had it, players)."""
    means, rates, bases = means or {}, rates or {}, bases or {}
    by_players: dict[str, dict[str, Any]] = {}
    for count in COUNTS:
        values = {name: spread(at[count]) for name, at in means.items()}
        figures: dict[str, Any] = {"games": 60, "values": values, "units": dict(units or {})}
        figures.update({name: stats.mean(found) for name, found in values.items()})
        for name, at in rates.items():
            figures[name] = stats.proportion(*at[count])
        for name, at in bases.items():
            had, players = at[count]
            figures[f"base:{name}"] = stats.ratio([had] * 60, [players] * 60)
        by_players[count] = figures
    pooled_values = {
        name: [v for count in COUNTS for v in by_players[count]["values"][name]] for name in means
    }
    pooled: dict[str, Any] = {"games": 180, "values": pooled_values, "units": dict(units or {})}
    pooled.update({name: stats.mean(found) for name, found in pooled_values.items()})
    for name, at in rates.items():
        events = sum(at[count][0] for count in COUNTS)
        pooled[name] = stats.proportion(events, sum(at[count][1] for count in COUNTS))
    for name, at in bases.items():
        pooled[f"base:{name}"] = stats.ratio(
            [at[count][0] for count in COUNTS for _ in range(60)],
            [at[count][1] for count in COUNTS for _ in range(60)],
        )
    return {"pooled": pooled, "by_players": by_players}


def compared(beta: Mapping[str, Any], draft: Mapping[str, Any], **options: Any) -> dict[str, Any]:
    shown: Sequence[str] = options.pop("shown", ())
    measures = options.pop("measures", {})
    return comparison(
        "made-up", "Made up", beta, draft, shown, measures, options.pop("limits", None),
        60, 1, **options,
    )  # fmt: skip


def row_of(found: Mapping[str, Any], name: str) -> dict[str, Any]:
    return next(row for row in found["rows"] if row["figure"] == name)


# --- 1. a direction only where every player count agrees -----------------------------------


def test_a_direction_split_by_player_count_is_said_to_depend_on_it() -> None:
    # the case: up at 3 players, down at 4 and 5, each significant; pooled up
    beta = made_side({"rounds": {"3": 3.7, "4": 3.8, "5": 3.95}})
    draft = made_side({"rounds": {"3": 4.9, "4": 3.6, "5": 3.4}})
    found = compared(beta, draft)
    row = row_of(found, "rounds")
    assert row["significant"] and row["significant_at"] == ["3", "4", "5"]
    assert row["verdict"] == "depends"
    text = found["sentence"]
    assert "rounds a game rose" not in text.lower() and "also at each player count" not in text
    assert (
        "Rounds a game: the effect depends on the player count: at 3 players rose from 3.70 to 4.90"
        in (text)
    )
    assert "at 4 players fell from 3.80 to 3.60" in text
    assert "at 5 players fell from 3.95 to 3.40" in text
    assert found["summary"] == [
        "Rounds a game: depends on the player count under the older draft: higher at 3 "
        "players (4.90 against 3.70), lower at 4 players (3.60 against 3.80), lower at 5 "
        "players (3.40 against 3.95)."
    ]


def test_a_direction_every_player_count_agrees_on_is_claimed() -> None:
    beta = made_side({"rounds": {"3": 3.7, "4": 3.8, "5": 3.9}})
    draft = made_side({"rounds": {"3": 4.2, "4": 4.3, "5": 4.4}})
    found = compared(beta, draft)
    assert row_of(found, "rounds")["verdict"] == "agrees"
    assert found["sentence"].startswith(
        "Rounds a game rose from 3.80 to 4.30 (difference +0.50 (+0.39 to +0.61); also at "
        "each player count on its own)"
    )
    assert "depends" not in found["sentence"]


def test_a_pooled_difference_with_no_count_against_it_keeps_its_direction() -> None:
    # significant pooled, and at 3 players alone; 4 and 5 lean the same way within chance
    beta = made_side({"rounds": {"3": 3.7, "4": 3.8, "5": 3.9}})
    draft = made_side({"rounds": {"3": 4.2, "4": 3.85, "5": 3.95}})
    found = compared(beta, draft)
    row = row_of(found, "rounds")
    assert row["significant"] and row["significant_at"] == ["3"]
    assert row["verdict"] == "agrees"
    assert "also at 3 players on their own, and no count the other way" in found["sentence"]
    # but one count significant the other way breaks it
    other = made_side({"rounds": {"3": 4.4, "4": 3.8, "5": 3.6}})
    against = compared(beta, other)
    assert row_of(against, "rounds")["verdict"] == "depends"
    assert "depends on the player count" in against["sentence"]
    assert "at 4 players 3.80 and 3.80, within chance" in against["sentence"]


def test_counts_that_agree_only_in_part_claim_no_direction_and_none_is_not_called() -> None:
    # two counts up on their own, the third flat, the pooled figure not significant
    beta = made_side({"ko_spread": {"3": 0.5, "4": 0.5, "5": 2.0}})
    draft = made_side({"ko_spread": {"3": 0.8, "4": 0.8, "5": 1.5}})
    found = compared(beta, draft)
    row = row_of(found, "ko_spread")
    assert not row["significant"] and row["verdict"] == "depends"
    assert "depends on the player count" in found["sentence"]
    quiet = compared(beta, made_side({"ko_spread": {"3": 0.5, "4": 0.55, "5": 2.0}}))
    assert row_of(quiet, "ko_spread")["verdict"] == "none"
    assert "told the two apart" in quiet["sentence"] and quiet["summary"] == []


# --- 2. only like quantities ------------------------------------------------------------------


def test_a_figure_in_other_units_on_each_side_is_not_compared() -> None:
    beta = made_side({"winner_margin": {c: 1.7 for c in COUNTS}}, units={"winner_margin": "points"})
    draft = made_side({"winner_margin": {c: 3.0 for c in COUNTS}}, units={"winner_margin": "BL"})
    found = compared(beta, draft)
    row = row_of(found, "winner_margin")
    assert row["verdict"] == "no counterpart" and not row["significant"]
    assert row["difference"] == "no counterpart: points under the beta, BL under the older draft"
    assert row["beta"].endswith(" points") and row["older_draft"].endswith(" BL")
    assert "winner's margin over the runner-up has no like figure to compare" in found["sentence"]
    assert "rose" not in found["sentence"] and found["summary"] == []


def test_a_figure_in_the_same_units_is_compared() -> None:
    beta = made_side({"winner_margin": {c: 1.7 for c in COUNTS}}, units={"winner_margin": "points"})
    draft = made_side(
        {"winner_margin": {c: 3.0 for c in COUNTS}}, units={"winner_margin": "points"}
    )
    found = compared(beta, draft)
    assert row_of(found, "winner_margin")["verdict"] == "agrees"
    assert found["sentence"].startswith("Winner's margin over the runner-up rose from 1.70 to 3.00")
    assert "no like figure" not in found["sentence"]


def test_a_figure_only_one_side_has_has_no_counterpart() -> None:
    beta = made_side({"chain": {c: 4.0 for c in COUNTS}})
    draft = made_side({"rounds": {c: 4.0 for c in COUNTS}})
    found = compared(beta, draft)
    assert row_of(found, "chain")["difference"] == "no counterpart: only the beta has it"


# --- 3. a share beside its base rate -----------------------------------------------------------

SHARE = {"winner lost a patron": ("wins going to a player who had lost a patron", "share")}
BASE = {"winner lost a patron": ("players who lost a patron", "players who had lost a patron")}


def share_sides(with_base: bool) -> tuple[dict[str, Any], dict[str, Any]]:
    name = "count:winner lost a patron"
    bases_beta = {"winner lost a patron": {c: (3.0, 4) for c in COUNTS}} if with_base else {}
    bases_draft = {"winner lost a patron": {c: (3.6, 4) for c in COUNTS}} if with_base else {}
    beta = made_side(rates={name: {c: (48, 60) for c in COUNTS}}, bases=bases_beta)
    draft = made_side(rates={name: {c: (55, 60) for c in COUNTS}}, bases=bases_draft)
    return beta, draft


def test_a_share_is_shown_beside_its_base_rate() -> None:
    beta, draft = share_sides(with_base=True)
    found = compared(beta, draft, shown=["winner lost a patron"], measures=SHARE, bases=BASE)
    row = row_of(found, "count:winner lost a patron")
    assert row["base"]["label"] == "players who had lost a patron"
    assert row["base"]["beta"].startswith("75% (") and row["base"]["older_draft"].startswith("90%")
    assert found["sentence"].startswith(
        "Wins going to a player who had lost a patron: 92% (87% to 95%) under the older "
        "draft, 80% (74% to 85%) under the beta (against players who had lost a patron: 75% "
        "under the beta, 90% under the older draft)"
    )
    # the beta has such wins too, so the share is a difference to weigh, with its base
    assert found["summary"][0].startswith(
        "Wins going to a player who had lost a patron: higher under the older draft, 92% "
        "against 80% (against players who had lost a patron: 75% under the beta, 90%"
    )


def test_a_share_without_a_base_gets_no_base_words() -> None:
    beta, draft = share_sides(with_base=False)
    found = compared(beta, draft, shown=["winner lost a patron"], measures=SHARE)
    assert "base" not in row_of(found, "count:winner lost a patron")
    assert "against players" not in found["sentence"]


# --- 4. what a rule rules out by definition ----------------------------------------------------

DODGES = {
    "dodges refused": ("answers where the one-dodge limit barred a dodge", "count"),
    "second dodges": ("HITs dodged a second time or more", "count"),
}


def dodge_sides() -> tuple[dict[str, Any], dict[str, Any]]:
    beta = made_side({"count:dodges refused": {c: 0.0 for c in COUNTS},
                      "count:second dodges": {c: 21.8 for c in COUNTS}})  # fmt: skip
    draft = made_side({"count:dodges refused": {c: 14.7 for c in COUNTS},
                       "count:second dodges": {c: 0.0 for c in COUNTS}})  # fmt: skip
    return beta, draft


def test_a_count_a_rule_rules_out_is_how_often_the_rule_applied() -> None:
    beta, draft = dodge_sides()
    found = compared(
        beta, draft, shown=list(DODGES), measures=DODGES,
        by_rule={"second dodges": "older_draft"},
    )  # fmt: skip
    row = row_of(found, "count:second dodges")
    assert (
        row["verdict"] == "by rule" and row["difference"] == "ruled out by the older draft's rule"
    )
    text = found["sentence"]
    assert (
        "fell from 21.80" not in text
        and "HITs dodged a second time or more a game fell" not in text
    )
    assert (
        "HITs dodged a second time or more a game: 21.80 (21.73 to 21.87) under the beta, none "
        "under the older draft, whose rule rules them out (how often the rule applied, not a "
        "finding)" in text
    )
    assert found["summary"] == []


def test_a_count_no_rule_rules_out_is_a_difference() -> None:
    beta, draft = dodge_sides()
    found = compared(beta, draft, shown=list(DODGES), measures=DODGES)
    assert row_of(found, "count:second dodges")["verdict"] == "agrees"
    assert "HITs dodged a second time or more a game fell from 21.80 to 0.00" in found["sentence"]


# --- 5. one turn-order method --------------------------------------------------------------------


def test_turn_order_has_one_method_the_place_test() -> None:
    names = [name for name, _, _ in FIGURES]
    assert not any("first" in name for name in names)
    assert not any("first player" in label for _, label, _ in FIGURES)


# --- 6. a cause in the model itself ---------------------------------------------------------------

CAUSE = {"song_ended": "each time-out puts the model's own 30 s on the round's clock"}


def test_a_change_with_a_cause_in_the_model_says_so() -> None:
    beta = made_side(rates={"song_ended": {c: (29, 60) for c in COUNTS}})
    draft = made_side(rates={"song_ended": {c: (45, 60) for c in COUNTS}})
    found = compared(beta, draft, causes=CAUSE)
    assert (
        "rounds ended by the song rose from 48% to 75%" in found["sentence"].lower()
        and "because each time-out puts the model's own 30 s on the round's clock"
        in found["sentence"]
    )
    assert "(each time-out puts the model's own 30 s" in found["summary"][0]
    plain = compared(beta, draft)
    assert "because" not in plain["sentence"]


def test_no_cause_is_said_of_a_change_not_called() -> None:
    beta = made_side(rates={"song_ended": {c: (29, 60) for c in COUNTS}})
    draft = made_side(rates={"song_ended": {c: (31, 60) for c in COUNTS}})
    found = compared(beta, draft, causes=CAUSE)
    assert "30 s" not in found["sentence"] and found["summary"] == []


# --- 7. the summary: the largest first, and what it cannot tell -----------------------------------


def test_the_summary_puts_the_largest_difference_first_and_says_what_it_cannot_tell() -> None:
    # rounds +5% (very clear), chain -40% (less clear): the larger first, whatever the clarity
    beta = made_side({"rounds": {c: 4.0 for c in COUNTS}, "chain": {c: 4.0 for c in COUNTS}})
    draft = made_side({"rounds": {c: 4.2 for c in COUNTS}, "chain": {c: 2.4 for c in COUNTS}})
    found = compared(beta, draft, limits="Bots never stall.", cannot_tell=["real table time"])
    assert [line.split(":")[0] for line in found["summary"]] == [
        "HITs thrown a chain",
        "Rounds a game",
    ]
    assert found["summary"][1] == "Rounds a game: higher under the older draft, 4.20 against 4.00."
    assert found["cannot_tell"] == ["real table time", "Bots never stall."]
    assert "Bots never stall." not in found["sentence"]


def test_the_summary_leaves_out_what_only_the_older_draft_does() -> None:
    measures = {"swooshes": ("Swoosh cards played", "count")}
    beta = made_side({"count:swooshes": {c: 0.0 for c in COUNTS}})
    draft = made_side({"count:swooshes": {c: 3.2 for c in COUNTS}})
    found = compared(beta, draft, shown=["swooshes"], measures=measures)
    assert found["summary"] == []
    assert found["sentence"].startswith("Swoosh cards played a game: 3.2")
    assert summary([], None) == []
