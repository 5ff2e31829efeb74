"""How ``pnp verify`` plays Joe's Bar (see :mod:`bots.core.verify`).

Tables: 3, 4 and 5 players on the beta with heuristic bots (cautious and brawler by
turns), the same with one heuristic bot among random ones, and each variant of
``variants.yaml`` (the whole older draft) at 4 players, so that the Swoosh cards see
play and the draft's rules are checked too.

Invariants: every physical card is in exactly one place (Action deck, hands, a
last-resort card in hand, in front of players, the attack in flight, a pause, the
discard pile, Bar slots and centre as empty glasses; Bar cards in slots, centre, in
front, in flight, smashed or in the box; patrons in play, as trackers or spares);
knockouts add up to the patrons lost; BL stays within the scale. A view must not show
another player's cards, the deck, the discard pile or the spare and tracker patrons.

A printed card "sees play" when it is thrown, dodged with, drunk, played as a trick
or a Swoosh, or discarded to the hand limit; a Bar card when it is flung; a patron
when a player plays it. The player aids are not part of play.

Per-game figures (``extra``): rounds and table time, how rounds end, chain lengths,
knockouts by seat, whether the leader after round one won, icon use, and every count
the engine keeps (dodges, pauses, last-resort draws ...).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from bots.core import ParamValue, Player
from bots.core.verify import Table, VerifyAdapter
from bots.games.joes_bar.bots import HeuristicPlayer
from bots.games.joes_bar.engine import JoesBar
from bots.games.joes_bar.evidence import (
    BASES,
    BY_RULE,
    CANNOT_TELL,
    CAUSES,
    FIRED,
    LIMITS,
    game_figures,
)
from bots.games.joes_bar.records import Attack, Landed
from bots.games.joes_bar.rules import decision_param

#: Cards of each deck in the beta rules (the Swoosh count is the kit's own).
RULE_COUNTS = {"action": 110, "patron": 10}
#: The heuristic personalities seated by turns.
PERSONALITIES = ("cautious", "brawler")
#: A mixed field of bot levels for the evidence (the first seats of it at 3 and 4
#: players): one bot of every level, the strongest twice at 5.
MIXED_FIELD = ("cautious", "brawler", "tipsy", "random", "cautious")
#: The songs of the pacing table: what they are, shortest and longest in seconds.
PACING = (
    ("short tracks", 90, 150),
    ("ordinary songs", 180, 300),
    ("long songs", 300, 480),
    ("epics", 480, 720),
)
#: Swoosh cards tried under the older draft's rule (the printed six among them).
SWOOSH_COPIES = (2, 4, 6)


class JoesBarVerify(VerifyAdapter[JoesBar]):
    """The :class:`~bots.core.verify.VerifyAdapter` of Joe's Bar."""

    engine = JoesBar
    game_id = "joes-bar"
    step_bound = 50_000
    round_name = "Rounds"
    extra_title = "Rounds, chains and knockouts"

    def tables(self) -> list[Table]:
        found = [Table("beta", players, (("players", players),)) for players in (3, 4, 5)]
        found += [Table("beta", players, (("players", players),), "mixed") for players in (3, 4, 5)]
        found += [self.variant_table(variant, 4) for variant in self.variants]
        return found

    def deck_problems(self) -> list[str]:
        counts = {deck.id: deck.physical_count for deck in self.game.decks}
        problems = [
            f"deck {deck!r} has {counts.get(deck)} cards; the beta rules need {count}"
            for deck, count in RULE_COUNTS.items()
            if counts.get(deck) != count
        ]
        if len(self.data.action_deck) != RULE_COUNTS["action"]:
            problems.append(
                f"the engine plays with {len(self.data.action_deck)} Action cards; the beta "
                "rules need 110"
            )
        players = self.game.spec.players.max
        if len(self.data.bar) < 2 * players or len(self.data.patrons) < 2 * players:
            problems.append(f"{players} players need {2 * players} Bar cards and patrons")
        return problems

    def printed_cards(self) -> list[str]:
        return [card.id for deck in self.game.decks if deck.id != "aid" for card in deck.cards]

    #: Per decision parameter: the counts that show its rule at work, for the evidence
    #: (:mod:`pnp.verify.evidence`), and what the bots cannot measure, by decision id.
    fired = FIRED
    limits = LIMITS
    #: Counts a side's rule rules out by definition, base rates beside shares, causes in
    #: the model itself, and what no simulation can tell (:mod:`.evidence`).
    by_rule = BY_RULE
    bases = BASES
    causes = CAUSES
    cannot_tell = CANNOT_TELL

    def mixed_field(self, players: int) -> tuple[str, ...]:
        """The bots (``BotSpec`` names) of a mixed field of levels, seat by seat."""
        return MIXED_FIELD[:players]

    def heuristic_player(self, seat: int, seed: int) -> Player[Any, Any]:
        """A heuristic bot: the cautious and the brawler personalities take turns by seat
        (and swap from one game to the next), so every table meets both."""
        style = PERSONALITIES[(seat + seed) % len(PERSONALITIES)]
        return HeuristicPlayer(self.data, style, seed=seed * 8 + seat)

    def pacing_params(self) -> list[tuple[str, dict[str, ParamValue]]]:
        """The songs of the site's pacing table: label and engine parameters (none: the
        default, ordinary songs)."""
        return [
            (
                f"{label}, {shortest} to {longest} s",
                {"song_shortest": shortest, "song_longest": longest}
                if (shortest, longest) != (180, 300)
                else {},
            )
            for label, shortest, longest in PACING
        ]

    def sweep_params(self) -> list[tuple[str, dict[str, ParamValue]]]:
        """The older draft's Swoosh rule with fewer cards than printed (and none, and all)."""
        found: list[tuple[str, dict[str, ParamValue]]] = [("no Swoosh cards (the beta)", {})]
        swoosh = next(
            decision
            for decision in self.data.decisions.values()
            if decision_param(decision.id) == "swoosh_cards"
        )
        printed = sum(len(self.data.only_under[card]) for card in swoosh.cards("older-draft"))
        for copies in SWOOSH_COPIES:
            params: dict[str, ParamValue] = {"swoosh_cards": "older-draft"}
            if copies < printed:
                params["swoosh_copies"] = copies
            found.append((f"{copies} Swoosh cards", params))
        return found

    def conservation_problem(self, state: JoesBar) -> str | None:
        copies: Counter[int] = Counter()
        pieces: Counter[int] = Counter()
        for hand in state.hands:
            copies.update(copy.number for copy in hand)
        copies.update(copy.number for copy in state.deck)
        copies.update(copy.number for copy in state.pile)
        copies.update(copy.number for copy in state.drawn)
        copies.update(card.card.number for card in state.pause)
        thrown_cards: list[Landed | Attack] = [landed for front in state.front for landed in front]
        if state.attack is not None:
            thrown_cards.append(state.attack)
        for thrown in thrown_cards:
            copies.update(copy.number for copy in thrown.cards)
            if thrown.piece is not None:
                pieces[thrown.piece.code] += 1
        for piece in (*state.centre, *state.box, *state.smashed):
            pieces[piece.code] += 1
        pieces.update(piece.code for piece in state.slots if piece is not None)
        bar = len(state.cards.bar)
        for code, times in list(pieces.items()):
            if code >= bar:
                copies[code - bar] += times
                del pieces[code]
        expected = Counter(state.rules.deck)
        problems = []
        if copies != expected:
            extra = sorted((copies - expected).elements())[:5]
            missing = sorted((expected - copies).elements())[:5]
            problems.append(f"Action cards not conserved: extra {extra}, missing {missing}")
        if pieces != Counter(range(bar)):
            problems.append(f"Bar cards not conserved: {dict(pieces)}")
        patrons = Counter(p.index for p in (*state.trackers, *state.spares))
        patrons.update(p.index for p in state.patron if p is not None)
        if patrons != Counter(range(len(state.cards.patrons))):
            problems.append(f"patrons not conserved: {dict(patrons)}")
        if sum(len(lost) for lost in state.lost) != state.knockouts:
            problems.append("the knockouts do not add up to the patrons lost")
        for seat, booze in enumerate(state.booze):
            patron = state.patron[seat]
            if booze < 0 or (patron is not None and booze > patron.scale_max):
                problems.append(f"player {seat} has BL {booze}, off the scale")
        return "; ".join(problems) or None

    def hidden_from(self, state: JoesBar, player: int) -> Iterable[object]:
        hidden: list[object] = []
        for seat, hand in enumerate(state.hands):
            if seat != player:
                hidden += hand
        if state.current != player:
            hidden += state.drawn
        hidden += state.deck
        hidden += state.pile
        hidden += state.trackers
        hidden += state.spares
        return hidden

    def played_cards(self, state: JoesBar) -> Counter[str]:
        return state.played + state.patrons_used

    def lengths(self, state: JoesBar) -> tuple[int, int]:
        return state.tally["turns"], state.round

    def first_player(self, state: JoesBar) -> int:
        return state.first_player

    def extra(self, state: JoesBar) -> dict[str, Any]:
        return game_figures(state)

    def extra_rows(
        self, totals: Mapping[str, Any], games: int, extras: Sequence[Mapping[str, Any]]
    ) -> list[tuple[str, str]]:
        from bots.games.joes_bar.evidence import verify_rows

        return verify_rows(totals, games, extras)
