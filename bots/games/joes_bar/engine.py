"""The rules of Joe's Bar (beta v0.1, and each of the older draft's seven differences as a
parameter) as a game state on the engine core (``bots.core``).

Every decision is one action of the player it belongs to (see
:mod:`bots.games.joes_bar.actions`); everything else runs by itself between them
(:meth:`JoesBar._settle`): chance (shuffles, draws, a rob's random card), turns that
have no choice, the last-resort draw, the resolution of Utility pauses, the End and
Jukebox phases. The clock of :mod:`~bots.games.joes_bar.timing` runs with every action
and ends the round with the song.

Where the rules are silent the engine follows the readings of
``cards/joes-bar/pages/clarifications.md``; each module names those it applies.

>>> from pnp.catalog import load_catalog
>>> data = JoesBar.data_from(load_catalog("cards").game("joes-bar"))
>>> state = JoesBar.new(data, 7, {"players": 4})
>>> view = state.view(state.current_player)
>>> view.round, len(view.hand) == state.hand_size_to_draw(view.player)
(1, True)
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from typing import TYPE_CHECKING

from bots.core import InvalidActionError, Params
from bots.games.joes_bar.actions import (
    Discard,
    Dodge,
    Draw,
    Drink,
    Fling,
    Grab,
    Hit,
    JoesBarAction,
    Pass,
    Slip,
    Swoosh,
    Take,
    TimeOut,
    Trick,
    parse_action,
)
from bots.games.joes_bar.data import CardData
from bots.games.joes_bar.records import JoesBarView, Seat
from bots.games.joes_bar.refusals import why_not
from bots.games.joes_bar.rounds import RoundRules

if TYPE_CHECKING:
    from pnp.catalog import Game

_PASS: dict[int, Pass] = {}


def _pass(seat: int) -> Pass:
    found = _PASS.get(seat)
    if found is None:
        found = _PASS[seat] = Pass(seat)
    return found


class JoesBar(RoundRules):
    """A game of Joe's Bar, from setup to the game's last End phase."""

    cache_attributes = frozenset({"_legal", "_seats", "events"})

    def __init__(self, data: CardData, seed: int, params: Params) -> None:
        super().__init__(data, seed, params)
        self._legal: tuple[int, list[JoesBarAction]] | None = None
        self._seats: list[tuple[tuple[object, ...], Seat]] = []
        self._settle()

    # --- the GameState interface -------------------------------------------------------

    @classmethod
    def data_from(cls, game: Game) -> CardData:
        """The engine's card data from the catalog's Joe's Bar."""
        return CardData.from_catalog(game)

    def parse_action(self, text: str) -> JoesBarAction:
        action = parse_action(text)
        names = [name for name in _card_names(action) if name not in self._known_names()]
        if names:
            close = difflib.get_close_matches(names[0], sorted(self._known_names()), n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise InvalidActionError(
                f"{text!r} is not an action of Joe's Bar: no card {names[0]!r}{hint}"
            )
        return action

    def _known_names(self) -> set[str]:
        return {kind.id for kind in self.cards.kinds} | {piece.id for piece in self.cards.bar}

    @property
    def is_terminal(self) -> bool:
        return self.phase == "over"

    @property
    def current_player(self) -> int | None:
        return None if self.phase == "over" else self.current

    def returns(self) -> tuple[float, ...]:
        if not self.winners:
            return (0.0,) * self.n
        share = 1.0 / len(self.winners)
        return tuple(share if seat in self.winners else 0.0 for seat in range(self.n))

    def legal_actions(self) -> Sequence[JoesBarAction]:
        """Every legal action of the player to move, in a fixed order."""
        if self.phase == "over":
            return ()
        stamp = len(self._log)
        if self._legal is not None and self._legal[0] == stamp:
            return self._offer(self._legal[1])
        actions = self._actions()
        self._legal = (stamp, actions)
        return self._offer(actions)

    def _actions(self) -> list[JoesBarAction]:
        seat = self.current
        phase = self.phase
        if phase == "window":
            return [*self.trick_actions(seat, False, True), _pass(seat)]
        if phase == "join":
            return [*self.trick_actions(seat, False, False), _pass(seat)]
        if phase == "limit":
            return [Discard(seat, kind) for kind in self._kinds_held(seat)]
        if phase == "turn":
            return self._turn_actions(seat)
        return self._answer_actions(seat)

    def _kinds_held(self, seat: int) -> list[str]:
        kinds = {copy.kind for copy in self.hands[seat]}
        return [kind.id for kind in sorted(kinds, key=lambda kind: kind.order)]

    def _turn_actions(self, seat: int) -> list[JoesBarAction]:
        found: list[JoesBarAction] = []
        drinks = {
            copy.kind
            for copy in self.hands[seat]
            if copy.kind.effects.gulp and copy.kind.timing in ("own-turn", "anytime")
        }
        found += [Drink(seat, kind.id) for kind in sorted(drinks, key=lambda kind: kind.order)]
        if self.slots[seat] is None:
            found += [Grab(seat, piece_id) for piece_id in sorted({p.id for p in self.centre})]
        found += self.trick_actions(seat, True, True)
        attacks = self.attack_actions(
            seat, self.hands[seat], self.slots[seat], None, self.brawl[seat]
        )
        found += attacks
        if not attacks:
            found.append(_pass(seat))
        return found

    def _answer_actions(self, seat: int) -> list[JoesBarAction]:
        if self.drawn:
            return list(self.answer_attacks(seat))
        found: list[JoesBarAction] = []
        if not self.hands[seat]:
            if self.can_slip(seat):
                found.append(Slip(seat))
            found.append(Draw(seat))
            if self.rules.sand_timer:
                found.append(TimeOut(seat))
            return found
        attacks = self.answer_attacks(seat)
        found += attacks
        can_dodge = self.dodge_refusal(seat) is None
        if can_dodge:
            found += [Dodge(seat, kind) for kind in self._kinds_held(seat)]
        if self.can_slip(seat):
            found.append(Slip(seat))
        found += [Swoosh(seat, kind) for kind in self.swoosh_kinds(seat)]
        if len(found) == 0:
            found.append(Take(seat))
        if self.rules.sand_timer:
            found.append(TimeOut(seat))
        found += self.trick_actions(seat, False, True)
        return found

    def _why_illegal(self, action: JoesBarAction) -> str | None:
        if action in self.legal_actions():
            return None
        return why_not(self, action)

    def _apply(self, action: JoesBarAction) -> None:
        seat = action.player
        phase = self.phase
        self._legal = None
        if phase == "window":
            if isinstance(action, Trick):
                self.window.pop(0)
                self.play_trick(action, "window")
            else:
                self.window_pass(seat)
        elif phase == "join":
            if isinstance(action, Trick):
                self.play_trick(action, "join")
            else:
                self.join_pass(seat)
        elif phase == "limit":
            assert isinstance(action, Discard)
            self.discard_to_limit(seat, action.card)
        elif phase == "turn":
            self._apply_turn(action)
        else:
            self._apply_answer(action)
        self._settle()

    def _apply_turn(self, action: JoesBarAction) -> None:
        seat = action.player
        if isinstance(action, Drink):
            copy = self.take_from_hand(seat, action.card)
            self.played[copy.kind.id] += 1
            self.gain_booze(seat, copy.kind.effects.gulp, "drink", copy.kind.name)
            glass = self.cards.pieces[self.cards.glass(copy.number)]
            if self.rules.glass_to_own_slot_first and self.slots[seat] is None:
                self.slots[seat] = glass
            else:
                self.centre.append(glass)
            self.last_card_by = seat
            self.spend("drink")
            self.next_step = "enter_turn"
        elif isinstance(action, Grab):
            index = next(i for i, piece in enumerate(self.centre) if piece.id == action.piece)
            self.slots[seat] = self.centre.pop(index)
            self.tally["grabs"] += 1
            self.spend("grab")
            self.next_step = "enter_turn"
        elif isinstance(action, Trick):
            self.play_trick(action, "turn")
        elif isinstance(action, Hit | Fling):
            self.throw(
                seat, action.target, action.cards, isinstance(action, Fling), self.brawl[seat]
            )
            self.open_window("answer", action.target)
        else:
            self.pass_turn()

    def _apply_answer(self, action: JoesBarAction) -> None:
        seat = action.player
        if isinstance(action, Hit | Fling):
            incoming = self.attack
            self.attack = None
            self.throw(seat, action.target, action.cards, isinstance(action, Fling), True)
            self.land(incoming)
            self.open_window("answer", action.target)
        elif isinstance(action, Dodge | Slip):
            self.dodge(seat, action.card if isinstance(action, Dodge) else None)
            attack = self.attack
            assert attack is not None
            self.open_window("answer", attack.target)
        elif isinstance(action, Swoosh):
            self.swoosh(seat, action.card)
            self.end_chain()
        elif isinstance(action, Take):
            self.spend("take")
            self.land()
            self.end_chain()
        elif isinstance(action, TimeOut):
            self.time_out(seat)
            self.end_chain()
        elif isinstance(action, Draw):
            if self.last_resort_draw(seat):
                self.next_step = "enter_answer"
            else:
                self.end_chain()
        else:
            assert isinstance(action, Trick)
            self.play_trick(action, "answer")

    # --- what runs by itself -------------------------------------------------------------

    def _settle(self) -> None:
        """Run every step that needs nobody's choice, until a player must move."""
        while self.phase != "over" or self.next_step is not None:
            if self.round_live and self.elapsed >= self.song:
                self.end_round("song")
                continue
            step = self.next_step
            if step is None:
                return
            self.next_step = None
            getattr(self, "_step_" + step)()

    def _step_enter_answer(self) -> None:
        attack = self.attack
        assert attack is not None
        seat = attack.target
        if not self.drawn:
            self.count_refusal(seat, own_turn=False)
            self._count_refused_dodge(seat)
        empty = not self.hands[seat] and not self.drawn
        no_choice = not self.can_slip(seat) and not self.rules.sand_timer
        # targeted with an empty hand and nothing else to choose: the last-resort draw
        if empty and no_choice and not self.last_resort_draw(seat):
            self.end_chain()
            return
        self.phase = "answer"
        self.current = seat

    def _count_refused_dodge(self, seat: int) -> None:
        """Count it when the older draft's one-dodge limit keeps ``seat`` from dodging."""
        attack = self.attack
        limit = self.rules.dodges_per_hit
        if attack is None or limit is None or attack.dodges < limit or not self.hands[seat]:
            return
        if not self.is_first_hit(seat) and self.dodge_to(seat) is not None:
            self.tally["dodges refused"] += 1

    def seats(self) -> tuple[Seat, ...]:
        """What everyone sees of each player (a seat's record is remade only when it changed)."""
        hits = self.counted_hits()
        cache = self._seats
        found = []
        for seat, patron in enumerate(self.patron):
            key = (
                patron,
                self.booze[seat],
                len(self.hands[seat]),
                hits[seat],
                bool(self.final_standings),
                len(self.lost[seat]),
                self.out[seat],
                self.brawl[seat],
                self.hit[seat],
                self.slips_used[seat],
                self.reach_used[seat],
            )
            if seat < len(cache) and cache[seat][0] == key:
                found.append(cache[seat][1])
                continue
            trait = patron.trait if patron is not None else None
            record = Seat(
                patron=patron,
                booze=self.booze[seat],
                hand_size=len(self.hands[seat]),
                hits=hits[seat],
                standing=self.standing_of(seat),
                lost_patrons=tuple(lost.name for lost in self.lost[seat]),
                out=self.out[seat],
                in_brawl=self.brawl[seat],
                hit_this_round=self.hit[seat],
                free_dodges_left=max(0, trait.free_dodges - self.slips_used[seat]) if trait else 0,
                free_reach_left=max(0, trait.free_reach - self.reach_used[seat]) if trait else 0,
            )
            if seat < len(cache):
                cache[seat] = (key, record)
            else:
                cache.append((key, record))
            found.append(record)
        return tuple(found)

    def view(self, player: int) -> JoesBarView:
        seats = self.seats()
        # Built without the frozen dataclass's __init__ (which sets each field through
        # object.__setattr__); the fields are the same.
        view = object.__new__(JoesBarView)
        view.__dict__.update(
            player=player,
            phase=self.phase,
            current_player=self.current_player,
            turn_player=self.turn_player,
            hand=tuple(self.hands[player]),
            drawn=tuple(self.drawn) if self.current == player else (),
            seats=seats,
            in_front=tuple(tuple(front) for front in self.front),
            slots=tuple(self.slots),
            centre=tuple(self.centre),
            attack=self.attack,
            pause=tuple(self.pause),
            pause_initiator=self.pause_initiator,
            last_card_by=self.last_card_by,
            round=self.round,
            starter=self.starter,
            song_played=min(self.elapsed, self.song),
            deck_size=len(self.deck),
            discard_size=len(self.pile),
            knockouts=self.knockouts,
            knockouts_to_end=self.knockouts_to_end,
            rules=self.rules.table,
            last_round=self.records[-1] if self.records else None,
            winners=self.winners,
        )
        return view


def _card_names(action: JoesBarAction) -> list[str]:
    if isinstance(action, Hit | Fling):
        return list(action.cards)
    if isinstance(action, Dodge | Swoosh | Drink | Trick | Discard):
        return [action.card]
    if isinstance(action, Grab):
        return [action.piece]
    return []
