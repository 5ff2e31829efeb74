"""The rules of Chin Music (first edition) as a game state on the engine core (``bots.core``).

A turn is a few actions (see :mod:`bots.games.chin_music.actions`):

1. **play** — the player whose turn it is plays a card from their hand; with
   an empty hand this step is skipped (the engine moves straight on);
2. **recite** — they recite the stack from the bottom; any words of the Bout
   deck, in any order, are legal, and the engine knows whether they are right;
3. **call** — the other players, one at a time in turn order from the
   reciter's left, call the reciter out or let it stand; the first call ends
   this window and is settled at once (a wrong call sends the caller to
   fight, or with careful call-outs knocks the caller out of the bout);
4. **decide** — if nobody called, the reciter fights or passes. The engine
   skips this step when there is no choice: it passes for a player who may
   not fight, and fights for one who must (every hand in the bout is empty).

Every bout ends in exactly one fight; the fighter's draw count then goes down
(won) or up (lost, never above the starting hand), the player after the
fighter starts the next bout, and a fighter whose draw count falls to one has
nothing more to prove and wins.

**What ``legal_actions()`` offers when reciting.** Every list of Bout words is
a legal recitation, far too many to list, and the correct one must not be
offered: it would hand the player the covered words. So at the recite step
``legal_actions()`` is a representative menu built only from the player's
view: one recitation naming just the top card (which is visible). It is right
only when the stack holds one card. Bots recite from their own memory and
submit any :class:`~bots.games.chin_music.actions.Recite`; ``is_legal`` and
``why_illegal`` accept every recitation whose words are all words of the deck
(as they sound: ``"oh yeah"`` names *Oh Yeah?*). At every other step
``legal_actions()`` lists every legal action. A
:class:`~bots.core.RandomPlayer` therefore names only the top card, which is
wrong from the second card on; it seldom wins a fight, and games between
random players run to hundreds of bouts (``bout_limit`` stops them).

Readings (see cards/chin-music/pages/clarifications.md):

* seats are numbered 0..n-1 and the next player is ``(seat + 1) % n`` (the
  player on the left), skipping players knocked out of the bout;
* the first player of the game is chosen with the seeded generator;
* cards are dealt one at a time round the table from the bout's first player;
  at the end of a bout the stack and all hands go to a used pile, which is
  shuffled (seeded) into a new deck when the deck runs out during a deal;
* a caller sent to fight by a wrong call-out fights with what they recited,
  which is nothing: their Boast is one point per card of their own in the
  stack (the source's fight counts the Boast of the cards *you* named, and
  sets the caller's fight beside the reciter's as the price of a mistake);
  with ``generous_callouts`` (the old reading, a variant) they fight with the
  reciter's correct recitation instead. Forced fights need no cards of the
  fighter's in the stack;
* with careful call-outs, a knocked-out player takes no more turns, is not
  asked to call, and their hand (set aside) counts neither as an empty hand
  that lets others fight nor against "every hand is empty";
* the game is checked right after each fight: only the fighter's draw count
  changes, so at most one player can reach one card;
* ``bout_limit`` (off by default) is an engine safety for players who never
  fight (random play can go on for a very long time): once that many bouts
  have been fought, the game ends and the lowest draw count wins, shared if
  tied.

The state keeps what a statistics harness needs: ``fights`` (one
:class:`~bots.games.chin_music.records.FightRecord` per bout, with the whole
stack), ``turns`` (recitations in the game), ``bout`` (bouts begun) and
``opening_player`` (who started the game); :mod:`bots.games.chin_music.stats`
adds them up over many games.

>>> from pnp.catalog import load_catalog
>>> deck = ChinMusic.data_from(load_catalog("cards").game("chin-music"))
>>> state = ChinMusic.new(deck, 7, {"players": 3})
>>> view = state.view(state.current_player)
>>> len(view.hand), view.phase, view.stack_size
(4, 'play', 0)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from bots.core import GameConfigError, GameState, Param, Params, ParamSpec
from bots.games.chin_music.actions import (
    ACTION_TYPES,
    CallOut,
    ChinMusicAction,
    Fight,
    NoCall,
    Pass,
    Play,
    Recite,
    parse_action,
)
from bots.games.chin_music.cards import CardFront, Deck
from bots.games.chin_music.counting import counted_positions
from bots.games.chin_music.records import (
    ChinMusicView,
    FightReason,
    FightRecord,
    Phase,
    StackCard,
)

if TYPE_CHECKING:
    from pnp.catalog import Game

#: A fighter needs at least this many of their own cards in the stack to choose to fight.
OWN_CARDS_TO_FIGHT = 2

_WAITING: dict[Phase, str] = {
    "play": "they must play a card first",
    "recite": "they must recite the stack first",
    "call": "the other players are deciding whether to call the reciter out",
    "decide": "they must fight or pass",
    "over": "the game is over",
}


@lru_cache(maxsize=4096)
def _play(seat: int, word: str) -> Play:
    return Play(seat, word)


@lru_cache(maxsize=4096)
def _recite_one(seat: int, word: str) -> Recite:
    return Recite(seat, (word,))


@lru_cache(maxsize=64)
def _call_choices(seat: int) -> tuple[ChinMusicAction, ...]:
    return (CallOut(seat), NoCall(seat))


@lru_cache(maxsize=64)
def _fight_choices(seat: int) -> tuple[ChinMusicAction, ...]:
    return (Fight(seat), Pass(seat))


_CHOICES = {"call": _call_choices, "decide": _fight_choices}


class ChinMusic(GameState[ChinMusicAction, ChinMusicView]):
    """A game of Chin Music: bouts are played until a fighter gets down to one card."""

    game_name = "chin-music"
    param_spec = ParamSpec(
        "chin-music",
        Param("players", int, 4, "how many players", minimum=2, maximum=6),
        Param(
            "hand_size",
            int,
            4,
            "cards dealt to everyone at the start, and the most anyone is ever dealt",
            minimum=2,
            maximum=6,
        ),
        Param(
            "careful_callouts",
            bool,
            False,
            "a wrong call-out knocks the caller out of the bout instead of making them fight",
        ),
        Param(
            "generous_callouts",
            bool,
            False,
            "a wrong caller fights with the reciter's correct recitation instead of with "
            "nothing recited (the older reading)",
        ),
        Param(
            "bout_limit",
            int,
            0,
            "end the game after this many bouts; the lowest draw count wins, ties share "
            "(0: never; an engine safety for players who never fight)",
            minimum=0,
        ),
    )
    cache_attributes = frozenset({"_fronts", "_backs", "_hand_sizes", "_stack_ruffians"})
    action_types = ACTION_TYPES

    def __init__(self, data: Deck, seed: int, params: Params) -> None:
        super().__init__(data, seed, params)
        self.deck: Deck = data
        players = params.get_int("players")
        self.hand_size = params.get_int("hand_size")
        if players * self.hand_size > len(self.deck.cards):
            raise GameConfigError(
                f"{players} players with hands of {self.hand_size} need "
                f"{players * self.hand_size} cards, but the deck has {len(self.deck.cards)}",
                self.game_name,
            )
        self.careful = params.get_bool("careful_callouts")
        self.generous = params.get_bool("generous_callouts")
        if self.careful and self.generous:
            raise GameConfigError(
                "parameters 'careful_callouts' and 'generous_callouts' cannot be combined: "
                "with careful call-outs a wrong caller does not fight at all",
                self.game_name,
            )
        self.draw_counts = [self.hand_size] * players
        self.draw_pile: list[int] = list(range(len(self.deck.cards)))
        self.rng.shuffle(self.draw_pile)
        self.used: list[int] = []
        #: Each player's hand, as indices into ``deck.cards``.
        self.hands: list[list[int]] = [[] for _ in range(players)]
        #: The stack from bottom to top (card indices), and who played each card.
        self.stack: list[int] = []
        self.stack_players: tuple[int, ...] = ()
        # What views show of hands and stack, kept up to date as they change (views are
        # asked for at every step); rebuild_caches() recomputes them all.
        self._fronts: list[tuple[CardFront, ...]] = [() for _ in range(players)]
        self._backs: list[tuple[int, ...]] = [() for _ in range(players)]
        self._hand_sizes: tuple[int, ...] = (0,) * players
        self._stack_ruffians: tuple[int, ...] = ()
        self.knocked_out = [False] * players
        self.phase: Phase = "play"
        self.current = 0
        self.reciter = 0
        self.recited: tuple[int, ...] | None = None
        self.recited_words: tuple[str, ...] | None = None
        self.callers: list[int] = []
        self.bout = 0
        self.first_player = self.rng.randrange(players)
        #: Who started the first bout of the game.
        self.opening_player = self.first_player
        self.turns = 0
        self.turns_this_bout = 0
        self.fights: list[FightRecord] = []
        self.winners: tuple[int, ...] = ()
        self._start_bout(self.first_player)

    # --- the GameState interface ---------------------------------------------------------

    @classmethod
    def data_from(cls, game: Game) -> Deck:
        """The Bout deck of the catalog's Chin Music."""
        return Deck.from_catalog(game)

    def parse_action(self, text: str) -> ChinMusicAction:
        return parse_action(text)

    @property
    def num_players(self) -> int:
        return len(self.draw_counts)

    @property
    def is_terminal(self) -> bool:
        return bool(self.winners)

    @property
    def current_player(self) -> int | None:
        return None if self.winners else self.current

    def legal_actions(self) -> Sequence[ChinMusicAction]:
        """Every legal action, except at the recite step (see the module docstring)."""
        if self.winners:
            return ()
        seat = self.current
        phase = self.phase
        cards = self.deck.cards
        if phase == "play":
            return self._offer([_play(seat, cards[card].word) for card in self.hands[seat]])
        if phase == "recite":
            return self._offer([_recite_one(seat, cards[self.stack[-1]].word)])
        return self._offer(_CHOICES[phase](seat))

    def _why_illegal(self, action: ChinMusicAction) -> str | None:
        phase = self.phase
        if isinstance(action, Play):
            if phase != "play":
                return _WAITING[phase]
            card = self.deck.find(action.word)
            if card is None or card not in self.hands[action.player]:
                return f"they hold no card {action.word!r}"
            return None
        if isinstance(action, Recite):
            if phase != "recite":
                return _WAITING[phase]
            unknown = [word for word in action.words if self.deck.find(word) is None]
            if unknown:
                return f"{unknown[0]!r} is not a word of the Bout deck"
            return None
        if isinstance(action, CallOut | NoCall):
            return None if phase == "call" else _WAITING[phase]
        if phase != "decide":
            return _WAITING[phase]
        if isinstance(action, Fight) and not self.can_fight(action.player):
            return (
                f"fewer than {OWN_CARDS_TO_FIGHT} stack cards are theirs and every other "
                "player still holds cards"
            )
        if isinstance(action, Pass) and self.must_fight():
            return "every hand in the bout is empty, so the bout must end in a fight"
        return None

    def _apply(self, action: ChinMusicAction) -> None:
        seat = action.player
        if isinstance(action, Play):
            card = self.deck.find(action.word)
            assert card is not None
            self.hands[seat].remove(card)
            self._hand_changed(seat)
            self.stack.append(card)
            self.stack_players += (seat,)
            self._stack_ruffians += (self.deck.cards[card].ruffians,)
            self.phase = "recite"
        elif isinstance(action, Recite):
            found = [self.deck.find(word) for word in action.words]
            self.recited = tuple(card for card in found if card is not None)
            self.recited_words = action.words
            self.turns += 1
            self.turns_this_bout += 1
            n = self.num_players
            self.callers = [
                other for step in range(1, n) if not self.knocked_out[other := (seat + step) % n]
            ]
            if self.callers:
                self.phase = "call"
                self.current = self.callers[0]
            else:
                self._recitation_stands()
        elif isinstance(action, CallOut):
            if self.recited != tuple(self.stack):
                self._fight(self.reciter, "caught", seat)
            elif self.careful:
                self.knocked_out[seat] = True
                self._recitation_stands()
            else:
                self._fight(seat, "wrong-call", seat)
        elif isinstance(action, NoCall):
            self.callers.pop(0)
            if self.callers:
                self.current = self.callers[0]
            else:
                self._recitation_stands()
        elif isinstance(action, Fight):
            self._fight(seat, "chose", None)
        else:
            self._next_turn()

    def returns(self) -> tuple[float, ...]:
        if not self.winners:
            return (0.0,) * self.num_players
        share = 1.0 / len(self.winners)
        return tuple(share if seat in self.winners else 0.0 for seat in range(self.num_players))

    def view(self, player: int) -> ChinMusicView:
        stack = self.stack
        in_call = self.phase in ("call", "decide")
        backs = list(self._backs)
        backs[player] = ()
        ruffians: tuple[int | None, ...] = self._stack_ruffians
        if player in self.stack_players:
            seen = list(ruffians)
            for position, seat in enumerate(self.stack_players):
                if seat == player:
                    seen[position] = None
            ruffians = tuple(seen)
        # Built without the frozen dataclass's __init__, which sets each field through
        # object.__setattr__ and would double the cost of a view; the fields are the
        # same (a test builds the view both ways and compares).
        view = object.__new__(ChinMusicView)
        view.__dict__.update(
            player=player,
            hand=self._fronts[player],
            hand_backs=tuple(backs),
            hand_sizes=self._hand_sizes,
            draw_counts=tuple(self.draw_counts),
            hand_size=self.hand_size,
            top=self.deck.fronts[stack[-1]] if stack else None,
            stack_size=len(stack),
            stack_players=self.stack_players,
            stack_ruffians=ruffians,
            phase="over" if self.winners else self.phase,
            current_player=self.current_player,
            reciter=None if self.winners else self.reciter,
            recitation=self.recited_words if in_call else None,
            knocked_out=tuple(self.knocked_out),
            careful_callouts=self.careful,
            generous_callouts=self.generous,
            bout=self.bout,
            first_player=self.first_player,
            turns_this_bout=self.turns_this_bout,
            last_fight=self.fights[-1] if self.fights else None,
            winners=self.winners,
        )
        return view

    # --- rules used by the steps ---------------------------------------------------------

    def own_cards_in_stack(self, seat: int) -> int:
        """How many stack cards ``seat`` played this bout."""
        return self.stack_players.count(seat)

    def can_fight(self, seat: int) -> bool:
        """Whether ``seat`` may choose to fight: two of their cards in the stack, or
        another player in the bout with an empty hand."""
        if self.own_cards_in_stack(seat) >= OWN_CARDS_TO_FIGHT:
            return True
        return any(
            not hand and not self.knocked_out[other]
            for other, hand in enumerate(self.hands)
            if other != seat
        )

    def must_fight(self) -> bool:
        """Whether every hand in the bout is empty, so the reciter must fight."""
        return all(not hand for other, hand in enumerate(self.hands) if not self.knocked_out[other])

    @property
    def is_recitation_correct(self) -> bool | None:
        """Whether the recitation being judged names the stack exactly (``None`` if none is)."""
        if self.recited is None:
            return None
        return self.recited == tuple(self.stack)

    # --- bouts, turns and fights ---------------------------------------------------------

    def _next_in(self, seat: int) -> int:
        n = self.num_players
        for step in range(1, n + 1):
            candidate = (seat + step) % n
            if not self.knocked_out[candidate]:
                return candidate
        raise AssertionError("nobody is in the bout")

    def rebuild_caches(self) -> None:
        """Recompute what views show from the hands and the stack; call it after
        editing those by hand (a test setting up a position, say)."""
        for seat in range(self.num_players):
            self._hand_changed(seat)
        self._stack_ruffians = tuple(self.deck.cards[card].ruffians for card in self.stack)

    def _hand_changed(self, seat: int) -> None:
        hand = self.hands[seat]
        self._fronts[seat] = tuple(self.deck.fronts[card] for card in hand)
        self._backs[seat] = tuple(sorted(self.deck.cards[card].ruffians for card in hand))
        self._hand_sizes = tuple(len(each) for each in self.hands)

    def _start_bout(self, first: int) -> None:
        for hand in self.hands:
            self.used.extend(hand)
            hand.clear()
        self.used.extend(self.stack)
        self.stack.clear()
        self.stack_players = ()
        self._stack_ruffians = ()
        n = self.num_players
        self.knocked_out = [False] * n
        seats = [(first + step) % n for step in range(n)]
        for round_number in range(max(self.draw_counts)):
            for seat in seats:
                if round_number < self.draw_counts[seat]:
                    if not self.draw_pile:
                        self.draw_pile, self.used = self.used, []
                        self.rng.shuffle(self.draw_pile)
                    self.hands[seat].append(self.draw_pile.pop())
        for seat in seats:
            self._hand_changed(seat)
        self.bout += 1
        self.first_player = first
        self.turns_this_bout = 0
        self._begin_turn(first)

    def _begin_turn(self, seat: int) -> None:
        self.reciter = seat
        self.current = seat
        self.recited = None
        self.recited_words = None
        self.callers = []
        self.phase = "play" if self.hands[seat] else "recite"

    def _next_turn(self) -> None:
        self._begin_turn(self._next_in(self.reciter))

    def _recitation_stands(self) -> None:
        """Nobody (else) called: the reciter fights, chooses, or the turn passes on."""
        self.callers = []
        if self.must_fight():
            self._fight(self.reciter, "everyone-empty", None)
        elif self.can_fight(self.reciter):
            self.phase = "decide"
            self.current = self.reciter
        else:
            self._next_turn()

    def _fight(self, fighter: int, reason: FightReason, caller: int | None) -> None:
        cards = self.deck.cards
        stack = self.stack
        # Whose recitation the fighter's Boast is counted from: their own. A wrong caller
        # recited nothing (unless the generous reading lends them the reciter's).
        says_nothing = reason == "wrong-call" and not self.generous
        recited = () if says_nothing else self.recited or ()
        said = () if says_nothing else self.recited_words or ()
        where = {card: position for position, card in enumerate(stack)}
        times = Counter(recited)
        named = [where[card] for card in recited if card in where and times[card] == 1]
        counted = counted_positions(named)
        own = self.stack_players.count(fighter)
        boast = own + sum(cards[stack[position]].boast for position in counted)
        ruffians = sum(cards[card].ruffians for card in stack)
        won = boast > ruffians
        if won:
            self.draw_counts[fighter] -= 1
        else:
            self.draw_counts[fighter] = min(self.hand_size, self.draw_counts[fighter] + 1)
        self.fights.append(
            FightRecord(
                bout=self.bout,
                fighter=fighter,
                reciter=self.reciter,
                caller=caller,
                reason=reason,
                stack=tuple(
                    StackCard(
                        cards[card].id,
                        cards[card].word,
                        cards[card].boast,
                        cards[card].ruffians,
                        seat,
                        position in counted,
                    )
                    for position, (card, seat) in enumerate(
                        zip(stack, self.stack_players, strict=True)
                    )
                ),
                recited=said,
                own_cards=own,
                boast=boast,
                ruffians=ruffians,
                won=won,
                draw_count=self.draw_counts[fighter],
            )
        )
        if self.draw_counts[fighter] <= 1:
            self._finish((fighter,))
            return
        limit = self.params.get_int("bout_limit")
        if limit and self.bout >= limit:
            lowest = min(self.draw_counts)
            self._finish(tuple(s for s, count in enumerate(self.draw_counts) if count == lowest))
            return
        self._start_bout((fighter + 1) % self.num_players)

    def _finish(self, winners: tuple[int, ...]) -> None:
        self.winners = winners
        self.phase = "over"
        self.current = winners[0]
