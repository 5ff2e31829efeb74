"""The figures one finished game of Joe's Bar gives, for ``pnp verify`` and for the
beta-versus-draft evidence (:mod:`pnp.verify.evidence` plays the games and adds the
intervals).

:func:`game_figures` is a JSON-able dict of plain numbers and lists (``pnp verify``
adds such dicts up over a table's games). :data:`FIRED` names, for each decision, the
count that says how often the rule in question did something, and what the designer
should know that the bots cannot measure (:data:`LIMITS`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from bots.games.joes_bar.data import EFFECTS
from bots.games.joes_bar.rules import PARAMS
from bots.games.joes_bar.timing import table_seconds

if TYPE_CHECKING:
    from bots.games.joes_bar.engine import JoesBar

#: Per decision (parameter name): figures of :func:`game_figures`'s ``counts`` that show
#: its rule at work, the first being what its older-draft rule makes happen, each with how
#: it reads and whether it is a count a game (``count``) or a share of the games (``share``).
FIRED: dict[str, tuple[tuple[str, str, str], ...]] = {
    "winning": (
        ("winner lost a patron", "wins going to a player who had lost a patron", "share"),
        ("kos", "knockouts", "count"),
    ),
    "dodging": (
        (
            "dodges refused",
            "answers where the one-dodge limit barred a dodge",
            "count",
        ),
        ("second dodges", "HITs dodged a second time or more", "count"),
        ("dodges", "dodges", "count"),
    ),
    "swoosh_cards": (
        ("swooshes", "Swoosh cards played", "count"),
        ("dodges", "dodges", "count"),
    ),
    "hand_limit": (
        ("hand-limit discards", "cards discarded to the hand limit", "count"),
        ("cards robbed", "cards robbed", "count"),
    ),
    "utility_timing": (
        (
            "Utility cards refused",
            "moments the timing rule barred a Utility card its holder could play",
            "count",
        ),
        (
            "Utility cards right after one's own",
            "Utility cards played straight after one's own",
            "count",
        ),
        ("pauses", "Utility pauses started", "count"),
        ("initiators cancelled", "pauses whose initiator was cancelled", "count"),
    ),
    "sand_timer": (
        ("time-outs", "sand timers run out (deliberate time-outs)", "count"),
        ("last-resort draws", "last-resort draws", "count"),
    ),
    "gulp_cap": (
        ("gulps capped", "gulps cut short by the cap", "count"),
        ("gulps", "gulps drunk", "count"),
        ("BL lost to the cap", "BL lost to the cap", "count"),
    ),
}

#: Per decision (parameter name): counts of :data:`FIRED` that one side's rule rules out
#: by its own definition (the older draft's one-dodge limit leaves no second dodge), with
#: that side: they show how often the rule applied, not a finding.
BY_RULE: dict[str, dict[str, str]] = {
    "dodging": {"second dodges": "older_draft"},
    "utility_timing": {"Utility cards right after one's own": "older_draft"},
}

#: The base rate beside a share of :data:`FIRED`: the count of :func:`game_figures` that
#: says how many players had what the share's winners had, and how it reads.
BASES: dict[str, tuple[str, str]] = {
    "winner lost a patron": ("players who lost a patron", "players who had lost a patron"),
}

#: Seconds the older draft's sand timer runs in the table-time model (the draft names none).
SAND_TIMER_SECONDS = PARAMS["sand_timer_seconds"].default

#: Per decision id: figures whose change has a cause in the model itself, and the words
#: that say so beside the figure.
CAUSES: dict[str, dict[str, str]] = {
    "sand-timer": {
        "song_ended": (
            f"each time-out puts the table-time model's own {SAND_TIMER_SECONDS} s of sand "
            "on the round's clock, so the song runs out sooner; it says nothing of how fast "
            "real players answer"
        ),
    },
}

#: What the simulation can never tell, for every decision: said in each one's summary.
CANNOT_TELL = (
    "real table time (the minutes are the table-time model's estimates, not timed tables)",
    "stalling, bluffing and table talk (the bots answer at the model's pace and never stall)",
)

#: What the simulation cannot measure, per decision (said with its evidence).
LIMITS: dict[str, str] = {
    "utility-timing": (
        'At a real table "any time" is a race between players; the bots play the '
        "engine's fixed moments (before each turn and each answer, clockwise), so these "
        "figures measure that order, not the race."
    ),
    "sand-timer": (
        "The sand timer is there to stop players who stall, and bots never stall: they "
        "answer at the table-time model's pace. The simulation can only show whether "
        "letting the timer run out on purpose is ever worth its BL; whether the timer "
        "speeds up real tables, and whether the beta's stalling pays, only a live "
        "playtest can settle."
    ),
}


def game_figures(state: JoesBar) -> dict[str, Any]:
    """The figures of one finished game (JSON-able; numbers add up over games)."""
    records = state.records
    returns = state.returns()
    chains = [length for record in records for length in record.chains if length]
    kos = [len(lost) for lost in state.lost]
    standings = sorted(state.final_standings, reverse=True)
    margin = standings[0] - standings[1] if len(standings) > 1 else 0
    first = state.standings_after_first_round
    leaders = [seat for seat, value in enumerate(first) if first and value == max(first)]
    icons = dict.fromkeys(EFFECTS, 0)
    for kind in state.cards.kinds:
        times = state.played[kind.id]
        if times:
            for effect in EFFECTS:
                icons[effect] += times * getattr(kind.effects, effect)
    for piece in state.cards.bar:
        times = state.played[piece.id]
        for effect in EFFECTS:
            icons[effect] += times * getattr(piece.effects, effect)
    lost_won = sum(returns[seat] for seat in range(state.n) if kos[seat])
    counts: dict[str, float] = {name: int(count) for name, count in sorted(state.tally.items())}
    counts["kos"] = state.knockouts
    counts["winner lost a patron"] = lost_won
    counts["players who lost a patron"] = sum(1 for lost in kos if lost)
    return {
        "rounds": state.round,
        "table_seconds": table_seconds([record.seconds for record in records]),
        "rounds_by_song": sum(record.ended_by == "song" for record in records),
        "rounds_by_burn_out": sum(record.ended_by == "burn-out" for record in records),
        "chains": len(chains),
        "chain_throws": sum(chains),
        "mean_chain": sum(chains) / len(chains) if chains else 0.0,
        "kos_by_seat": kos,
        "ko_spread": max(kos) - min(kos),
        "winner_margin": margin,
        # what the standings count: points (the beta, 0) or the patron's BL (older draft,
        # 1); a number, so that it adds up over a table's games like every other figure
        "margin_in_bl": int(not state.rules.by_points),
        # a tied lead: the chance that one of the leaders, taken at random, won
        "leader_won": sum(returns[seat] for seat in leaders) / len(leaders) if leaders else 0.0,
        "pauses_by_seat": list(state.pauses_by_seat),
        "icons": icons,
        "counts": counts,
        "round_limit_reached": int(state.knockouts < state.knockouts_to_end),
    }


def verify_rows(
    totals: Mapping[str, Any], games: int, extras: Sequence[Mapping[str, Any]]
) -> list[tuple[str, str]]:
    """The ``pnp verify`` lines of a table's own figures, each with its 95% interval."""
    from bots.core import stats

    if not extras:
        return []
    rows = [
        ("rounds a game", stats.number(stats.mean([e["rounds"] for e in extras]))),
        (
            "table minutes a game",
            stats.number(stats.mean([e["table_seconds"] / 60 for e in extras])),
        ),
        (
            "rounds ended by the song",
            stats.percent(
                stats.ratio([e["rounds_by_song"] for e in extras], [e["rounds"] for e in extras])
            ),
        ),
        (
            "HITs thrown a chain",
            stats.number(stats.mean([e["mean_chain"] for e in extras if e["chains"]])),
        ),
        ("knockouts a game", stats.number(stats.mean([sum(e["kos_by_seat"]) for e in extras]))),
        (
            "knockouts by seat, a game",
            ", ".join(f"{k / games:.2f}" for k in totals["kos_by_seat"]),
        ),
        (
            "leader after round one wins (ties: one leader at random)",
            stats.percent(stats.proportion(totals["leader_won"], games))
            + f", fair share {1 / len(totals['kos_by_seat']):.0%}",
        ),
        (
            "Utility pauses started a game",
            stats.number(stats.mean([sum(e["pauses_by_seat"]) for e in extras]), 2),
        ),
        (
            "dodges a game",
            stats.number(stats.mean([e["counts"].get("dodges", 0) for e in extras]), 2),
        ),
        (
            "last-resort draws failed",
            stats.percent(
                stats.ratio(
                    [e["counts"].get("out for the round", 0) for e in extras],
                    [e["counts"].get("last-resort draws", 0) for e in extras],
                )
            ),
        ),
        (
            "icons used a game",
            ", ".join(f"{name} {count / games:.1f}" for name, count in totals["icons"].items()),
        ),
        ("games stopped by the round limit", str(totals.get("round_limit_reached", 0))),
    ]
    return rows
