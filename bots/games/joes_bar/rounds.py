"""Turns, the end of a round, the End phase, the Jukebox phase and the end of the game.

**Turns.** Starting with the round's starter, clockwise, skipping players out for the
round. On your turn you may drink, play Utility cards and move a centre Bar card into
your empty slot; then you must start a chain if you can (a HIT card, or a piece to
fling). When you cannot, your turn passes. A chain ends when a target cannot answer,
takes a failed last-resort draw, swooshes it or times out. The older draft's hand limit
then trims the turn player's hand.

**The round ends** at once when the song's time is up (a HIT in flight lands on its
current target; Utility cards waiting to resolve are discarded) or when the fight burns
out: at most one player left in the round, or a full lap of turns without a chain.

**End phase.** HITs are counted (icons, a trait's soak taken off) and paid in BL
(:func:`~.scoring.booze_lost`); a patron at 0 BL is knocked out and goes face down
among the spares. Once the table's knockouts reach the end (the number of players, or
the older draft's four), the game is over. Otherwise the Action cards in front of the
players go to the bottom of the discard pile.

**Jukebox phase** (from round two): the next player clockwise starts; a new song; the
bar is refurnished (every Bar card dealt out again; empty glasses go to the discard
pile); the discard pile is shuffled into the deck and a new one dealt, one card per
player; knocked-out players draw a random spare patron at its printed BL; everyone
draws up to their BL (Lucky Lenny to BL + 2).
"""

from __future__ import annotations

from bots.games.joes_bar.records import RoundRecord
from bots.games.joes_bar.scoring import booze_lost, standing, winners
from bots.games.joes_bar.utility import UtilityRules


class RoundRules(UtilityRules):
    """Turns, rounds, the End and Jukebox phases, and the end of the game."""

    # --- turns -------------------------------------------------------------------------

    def _step_begin_turn(self) -> None:
        seat = self.turn_player
        self.chain_length = 0
        self.open_window("turn", seat)

    def _step_enter_moment(self) -> None:
        kind, _ = self.moment
        self.next_step = "enter_turn" if kind == "turn" else "enter_answer"

    def can_attack(self, seat: int) -> bool:
        """Whether ``seat`` holds a HIT card or has a piece with a HIT icon to fling."""
        piece = self.slots[seat]
        if piece is not None and piece.effects.hit:
            return True
        return any(copy.kind.effects.hit for copy in self.hands[seat])

    def has_turn_choice(self, seat: int) -> bool:
        """Whether ``seat`` has anything to choose on their turn (else it passes by itself)."""
        if self.can_attack(seat):
            return True
        if self.slots[seat] is None and self.centre:
            return True
        if any(
            copy.kind.effects.gulp and copy.kind.timing in ("own-turn", "anytime")
            for copy in self.hands[seat]
        ):
            return True
        return self.holds_trick(seat, True, True) and self.utility_allowed(seat)

    def _step_enter_turn(self) -> None:
        seat = self.turn_player
        self.count_refusal(seat, own_turn=True)
        if self.has_turn_choice(seat):
            self.phase = "turn"
            self.current = seat
            return
        self.pass_turn()

    def pass_turn(self) -> None:
        """The turn player starts no chain."""
        self.passes += 1
        self.tally["turns passed"] += 1
        self.spend("turn passed")
        self.next_step = "end_turn"

    def end_chain(self) -> None:
        """The chain is over: the turn ends."""
        self.chains.append(self.chain_length)
        self.chain_length = 0
        self.passes = 0
        self.next_step = "end_turn"

    def _step_end_turn(self) -> None:
        self.tally["turns"] += 1
        self.next_step = "check_hand_limit"

    def _step_check_hand_limit(self) -> None:
        seat = self.turn_player
        if self.rules.hand_limit and len(self.hands[seat]) > self.hand_size_to_draw(seat):
            self.phase = "limit"
            self.current = seat
            return
        self.next_step = "next_turn"

    def discard_to_limit(self, seat: int, card: str) -> None:
        copy = self.take_from_hand(seat, card)
        self.discard(copy)
        self.played[copy.kind.id] += 1
        self.last_card_by = seat
        self.tally["hand-limit discards"] += 1
        self.spend("hand-limit discard")
        self.next_step = "check_hand_limit"

    def _step_next_turn(self) -> None:
        playing = self.in_round()
        if len(playing) <= 1 or self.passes >= len(playing):
            self.end_round("burn-out")
            return
        following = self.next_in_round(self.turn_player)
        assert following is not None
        self.turn_player = following
        self.next_step = "begin_turn"

    # --- the end of a round ------------------------------------------------------------

    def counted_hits(self) -> list[int]:
        """HITs in front of each player as the End phase counts them (a trait's soak off)."""
        found = []
        for seat in range(self.n):
            hits = sum(landed.hits for landed in self.front[seat])
            patron = self.patron[seat]
            soak = patron.trait.soak if patron is not None else 0
            found.append(max(0, hits - soak))
        return found

    def end_round(self, ended_by: str) -> None:
        """The round stops at once; then the End phase."""
        self.round_live = False
        self.tally[f"rounds ended by {ended_by}"] += 1
        self.tell(
            "stop",
            self.starter,
            what=ended_by,
            amount=int(bool(self.pause)),
            raw=int(self.attack is not None),
            now=min(self.elapsed, self.song),
        )
        if self.attack is not None:
            self.land()
        if self.chain_length:
            self.chains.append(self.chain_length)
            self.chain_length = 0
        if self.pause_initiator is not None:
            self.abandon_pause()
        self.window = []
        if self.drawn:
            self.discard(*self.drawn)
            self.drawn = []
        hits = self.counted_hits()
        lost = booze_lost(hits)
        knocked = []
        for seat in range(self.n):
            was = self.booze[seat]
            self.booze[seat] = max(0, self.booze[seat] - lost[seat])
            if self.events is not None:
                raw = sum(landed.hits for landed in self.front[seat])
                self.tell("end", seat, amount=hits[seat], raw=raw, was=was, now=self.booze[seat])
            if self.booze[seat] <= 0:
                patron = self.patron_of(seat)
                self.lost[seat].append(patron)
                self.spares.append(patron)
                self.patron[seat] = None
                self.knockouts += 1
                knocked.append(seat)
        self.records.append(
            RoundRecord(
                number=self.round,
                starter=self.starter,
                song=self.song,
                seconds=min(self.elapsed, self.song),
                ended_by=ended_by,
                hits=tuple(hits),
                lost=lost,
                knocked_out=tuple(knocked),
                chains=tuple(self.chains),
            )
        )
        self.chains = []
        if self.round == 1:
            self.standings_after_first_round = self.standings()
        limit = self.rules.round_limit
        if self.knockouts >= self.knockouts_to_end or (limit and self.round >= limit):
            self.finish(hits)
            return
        for seat in range(self.n):
            for landed in self.front[seat]:
                self.discard(*landed.cards)
                if landed.piece is not None:
                    self.set_aside(landed.piece)
            self.front[seat] = []
        self.next_step = "start_round"

    @property
    def knockouts_to_end(self) -> int:
        """The table's knockouts that end the game."""
        return self.rules.ko_end if self.rules.ko_end is not None else self.n

    def standings(self) -> tuple[int, ...]:
        """What each player would score if the game ended now."""
        return tuple(self.standing_of(seat) for seat in range(self.n))

    def standing_of(self, seat: int) -> int:
        """What ``seat`` scores now (or scored, once the game is over)."""
        if self.final_standings:
            return self.final_standings[seat]
        return standing(self.rules, self.lost[seat], self.patron[seat], self.booze[seat])

    def finish(self, hits: list[int]) -> None:
        """The game is over: the winners by the rules' standing and tie-break."""
        self.final_standings = self.standings()
        self.winners = winners(self.rules, self.final_standings, hits)
        self.phase = "over"
        self.next_step = None
        if self.knockouts < self.knockouts_to_end:
            self.tally["games stopped by the round limit"] += 1

    # --- the Jukebox phase -------------------------------------------------------------

    def _step_start_round(self) -> None:
        rng = self.rng
        n = self.n
        self.round += 1
        self.starter = (self.starter + 1) % n
        self.song = self._song()
        # refurnish: every Bar card dealt out again; empty glasses to the discard pile
        bar = self.box + self.smashed + self.centre + [p for p in self.slots if p is not None]
        glasses = [piece for piece in bar if piece.glass_of is not None]
        self.discard(*(piece.glass_of for piece in glasses if piece.glass_of is not None))
        bar = sorted((piece for piece in bar if piece.glass_of is None), key=lambda p: p.code)
        rng.shuffle(bar)
        self.slots = [bar.pop() for _ in range(n)]
        self.centre = [bar.pop() for _ in range(n)]
        self.box, self.smashed = bar, []
        # the discard pile shuffled back in, and a new one dealt
        self.deck.extend(self.pile)
        self.pile.clear()
        rng.shuffle(self.deck)
        self.pile.extend(self.deck.pop() for _ in range(min(n, len(self.deck))))
        order = [(self.starter + step) % n for step in range(n)]
        for seat in order:
            if self.patron[seat] is None:
                patron = self.spares.pop(rng.randrange(len(self.spares)))
                self.patron[seat] = patron
                self.booze[seat] = patron.booze
                self.patrons_used[patron.id] += 1
                self.tally["replacements"] += 1
        for seat in order:
            self._draw_up(seat)
        self.elapsed = 0
        self.round_live = True
        self.out = [False] * n
        self.brawl = [False] * n
        self.hit = [False] * n
        self.slips_used = [0] * n
        self.reach_used = [0] * n
        self.passes = 0
        self.last_card_by = None
        self.turn_player = self.starter
        self.next_step = "begin_turn"
