"""Utility cards: windows, pauses and their clockwise resolution.

"Any time" needs fixed moments in an engine. These are the moments:

* **Windows.** Before each turn's chain and before each answer to a HIT, every other
  player still in the round, clockwise from the player about to move, may start a
  pause (``trick``) or let the moment go (``pass``). Only players holding a card that
  can start a pause are asked. The player about to move may start one as one of their
  own choices. Each player gets one chance per moment; after a pause the window goes
  on with the players not yet asked.
* **Starting a pause** takes an "any time" card that robs or poisons (an Interrupt
  alone cannot start one: there is no card yet to cancel), or, on your own turn before
  your chain, an "own turn" card too. Rob and poison aim at another player still in
  the round; a player out for the round cannot be aimed at.
* **Joining.** Clockwise from the initiator, every other player in the round may add
  one "any time" card (an Interrupt names the seat whose card it cancels) or pass.
* **Resolving.** Clockwise from the initiator's left, the initiator last; an Interrupt
  cancels its card if that has not resolved yet. A rob takes a random card from the
  hand its victim holds at that moment (it may empty it, so that the next answer is a
  last-resort draw). The cards then go face down to the bottom of the discard pile.

Older draft (``utility_timing``): nobody may play a Utility card straight after a card
of their own; the engine counts each time that refused someone holding one
(``Utility cards refused``), and under the beta each time someone did so.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product

from bots.games.joes_bar.actions import Trick
from bots.games.joes_bar.chain import ChainRules
from bots.games.joes_bar.data import ActionKind
from bots.games.joes_bar.records import PauseCard


@lru_cache(maxsize=65536)
def _trick(seat: int, card: str, targets: tuple[int, ...]) -> Trick:
    return Trick(seat, card, targets)


class UtilityRules(ChainRules):
    """Windows and pauses (see the module docstring)."""

    def utility_allowed(self, seat: int) -> bool:
        """Whether the timing rule lets ``seat`` play a Utility card now."""
        return self.rules.utility_after_own_card or self.last_card_by != seat

    def trick_kinds(self, seat: int, own_turn: bool, starting: bool) -> list[ActionKind]:
        """The Utility cards ``seat`` holds that fit now (one per design, in data order)."""
        use = _use(own_turn, starting)
        kinds = {copy.kind for copy in self.hands[seat] if use in copy.kind.uses}
        return sorted(kinds, key=lambda kind: kind.order)

    def holds_trick(self, seat: int, own_turn: bool, starting: bool) -> bool:
        """Whether ``seat`` holds a Utility card that fits now."""
        use = _use(own_turn, starting)
        return any(use in copy.kind.uses for copy in self.hands[seat])

    def trick_actions(self, seat: int, own_turn: bool, starting: bool) -> list[Trick]:
        """Every way ``seat`` may play a Utility card now: to start a pause (``starting``)
        or to join the one on the table."""
        kinds = self.trick_kinds(seat, own_turn, starting)
        if not kinds:
            return []
        if not self.utility_allowed(seat):
            return []
        players = tuple(other for other in self.in_round() if other != seat)
        cards = tuple(card.seat for card in self.pause if card.seat != seat)
        found = []
        for kind in kinds:
            choices = [players if effect != "cancel" else cards for effect in kind.effects.targets]
            for targets in product(*choices):
                found.append(_trick(seat, kind.id, targets))
        return found

    def count_refusal(self, seat: int, own_turn: bool) -> None:
        """Count it when the timing rule keeps ``seat``, about to move, from a Utility card
        they hold (called once as their move begins: ``legal_actions`` changes nothing)."""
        if not self.utility_allowed(seat) and self.holds_trick(seat, own_turn, True):
            self.tally["Utility cards refused"] += 1

    def may_start_now(self, seat: int) -> bool:
        """Whether ``seat`` is asked in a window: in the round, holding a card that can
        start a pause, and allowed by the timing rule (a refusal is counted)."""
        if self.out[seat] or not self.holds_trick(seat, False, True):
            return False
        if not self.utility_allowed(seat):
            self.tally["Utility cards refused"] += 1
            return False
        return True

    def may_join(self, seat: int) -> bool:
        """Whether ``seat`` is asked to join the pause on the table."""
        if self.out[seat] or not self.holds_trick(seat, False, False):
            return False
        if not self.utility_allowed(seat):
            self.tally["Utility cards refused"] += 1
            return False
        return True

    # --- windows -----------------------------------------------------------------------

    def open_window(self, kind: str, seat: int) -> None:
        """A moment before ``seat`` moves (``turn`` or ``answer``): the others are asked."""
        self.moment = (kind, seat)
        self.window = [other for other in self.clockwise(seat) if not self.out[other]]
        self.next_step = "advance_window"

    def _step_advance_window(self) -> None:
        while self.window:
            seat = self.window[0]
            if self.may_start_now(seat):
                self.phase = "window"
                self.current = seat
                return
            self.window.pop(0)
        self.next_step = "enter_moment"

    def window_pass(self, seat: int) -> None:
        self.window.pop(0)
        self.spend("no trick")
        self.next_step = "advance_window"

    # --- pauses ------------------------------------------------------------------------

    def play_trick(self, action: Trick, resume: str) -> None:
        """Play a Utility card: it starts a pause (``resume``: where play goes on after it)
        or joins the pause on the table."""
        seat = action.player
        copy = self.take_from_hand(seat, action.card)
        self.played[copy.kind.id] += 1
        if self.last_card_by == seat:
            self.tally["Utility cards right after one's own"] += 1
        self.last_card_by = seat
        self.pause.append(PauseCard(seat, copy, action.targets))
        if self.pause_initiator is None:
            self.pause_initiator = seat
            self.resume = (resume, seat)
            self.pauses_by_seat[seat] += 1
            self.tally["pauses"] += 1
            self.spend("trick")
            self.joiners = [other for other in self.clockwise(seat) if not self.out[other]]
        else:
            self.tally["cards joined"] += 1
            self.spend("join")
            self.joiners.pop(0)
        self.next_step = "advance_joiners"

    def join_pass(self, seat: int) -> None:
        self.joiners.pop(0)
        self.spend("pass in a pause")
        self.next_step = "advance_joiners"

    def _step_advance_joiners(self) -> None:
        while self.joiners:
            seat = self.joiners[0]
            if self.may_join(seat):
                self.phase = "join"
                self.current = seat
                return
            self.joiners.pop(0)
        self.next_step = "resolve_pause"

    def _step_resolve_pause(self) -> None:
        """Resolve the pause clockwise from the initiator's left, the initiator last."""
        initiator = self.pause_initiator
        assert initiator is not None
        n = self.n
        order = sorted(self.pause, key=lambda card: (card.seat - initiator - 1) % n)
        cancelled: set[int] = set()
        resolved: set[int] = set()
        for card in order:
            name = card.card.kind.name
            if card.seat in cancelled:
                continue
            effects = card.card.kind.effects
            # each player the card robs or poisons, in the order it first reaches them
            victims: dict[str, dict[int, None]] = {"rob": {}, "poison": {}}
            for effect, target in zip(effects.targets, card.targets, strict=True):
                self.spend("resolve")
                if effect == "cancel":
                    late = target in resolved or target in cancelled
                    if self.events is not None:
                        theirs = next((c for c in self.pause if c.seat == target), None)
                        what = theirs.card.kind.name if theirs is not None else ""
                        self.tell(
                            "cancel",
                            target,
                            by=card.seat,
                            what=what,
                            source=name,
                            amount=int(not late),
                        )
                    if not late:
                        cancelled.add(target)
                        self.tally["cards cancelled"] += 1
                    continue
                victims[effect][target] = None
                if effect == "rob":
                    self.rob(card.seat, target, 1, name)
                else:
                    self.poison(target, 1, card.seat, name)
            # a trait's extra comes once per card for each of its victims (as it does for
            # a flung Bar card, which has one): Bad Batch at two players costs each 2 BL
            trait = self.patron_of(card.seat).trait
            if trait.extra("rob"):
                for target in victims["rob"]:
                    self.rob(card.seat, target, trait.extra("rob"), name, trait.name)
            if trait.extra("poison"):
                for target in victims["poison"]:
                    self.poison(target, trait.extra("poison"), card.seat, name, trait.name)
            resolved.add(card.seat)
        if initiator in cancelled:
            self.tally["initiators cancelled"] += 1
        self.discard(*(card.card for card in order))
        self.end_pause()

    def end_pause(self) -> None:
        """The pause is over; play goes on where it stopped."""
        self.pause = []
        self.pause_initiator = None
        self.joiners = []
        resume = self.resume
        assert resume is not None
        self.resume = None
        self.next_step = {"window": "advance_window", "turn": "enter_turn"}.get(
            resume[0], "enter_answer"
        )

    def abandon_pause(self) -> None:
        """The song ended: cards waiting to resolve are discarded without effect."""
        self.discard(*(card.card for card in self.pause))
        self.tally["pauses cut by the song"] += bool(self.pause)
        self.pause = []
        self.pause_initiator = None
        self.joiners = []
        self.resume = None


def _use(own_turn: bool, starting: bool) -> str:
    """The use of a Utility card asked for: starting a pause (on your own turn) or joining."""
    if not starting:
        return "join"
    return "start on own turn" if own_turn else "start"
