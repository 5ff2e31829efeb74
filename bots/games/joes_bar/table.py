"""The table of a game of Joe's Bar: where every card, patron and player is, set up from
the card data, with the small helpers every rule uses (seats, hands, the clock).

The rules themselves build on this, one concern a module: the Action Chain and the
icons (:mod:`.chain`), Utility pauses (:mod:`.utility`), turns, rounds and the End
phase (:mod:`.rounds`), and the game state's interface (:mod:`.engine`).

Seats are numbered 0 to n-1 clockwise: the next player in turn order, and the player
on your left, is ``(seat + 1) % n``. Hands and the deck hold :class:`~.data.Copy`
values; the deck's top is its end; the discard pile is a deque whose top is its left
end (the last-resort draw takes it) and whose bottom is its right end (every discard
goes there, face down).
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Iterator

from bots.core import GameState, Params
from bots.games.joes_bar.actions import ACTION_TYPES, JoesBarAction
from bots.games.joes_bar.data import CardData, Copy, Patron, Piece
from bots.games.joes_bar.records import (
    Attack,
    JoesBarView,
    Landed,
    PauseCard,
    RoundRecord,
    Told,
)
from bots.games.joes_bar.rules import GAME_NAME, PARAMS, rules_for
from bots.games.joes_bar.timing import SECONDS, song_length

#: BL lost at once by a player whose last-resort draw fails, and by each poison icon.
LAST_RESORT_LOSS = 1
POISON_LOSS = 1


class TableState(GameState[JoesBarAction, JoesBarView]):
    """Where everything is; see the module docstring. The rules are in the subclasses."""

    game_name = GAME_NAME
    param_spec = PARAMS
    action_types = ACTION_TYPES

    def __init__(self, data: CardData, seed: int, params: Params) -> None:
        super().__init__(data, seed, params)
        self.cards: CardData = data
        self.rules = rules_for(data, params)
        n = params.get_int("players")
        self.n = n
        rng = self.rng
        # patrons: one to play and one face down as its tracker, the rest are spares
        pool = list(data.patrons)
        rng.shuffle(pool)
        self.patron: list[Patron | None] = []
        self.trackers: list[Patron] = []
        for _ in range(n):
            self.patron.append(pool.pop())
            self.trackers.append(pool.pop())
        self.spares: list[Patron] = pool
        self.booze = [patron.booze for patron in self.patron if patron is not None]
        self.lost: list[list[Patron]] = [[] for _ in range(n)]
        self.knockouts = 0
        self.knocked_out = [False] * n
        # the Action deck, the Bar cards and the seeded discard pile
        self.deck: list[Copy] = [data.copies[number] for number in self.rules.deck]
        rng.shuffle(self.deck)
        bar = list(data.bar)
        rng.shuffle(bar)
        self.slots: list[Piece | None] = [bar.pop() for _ in range(n)]
        self.centre: list[Piece] = [bar.pop() for _ in range(n)]
        self.box: list[Piece] = bar
        self.smashed: list[Piece] = []
        self.pile: deque[Copy] = deque(self.deck.pop() for _ in range(n))
        self.hands: list[list[Copy]] = [[] for _ in range(n)]
        for seat in range(n):
            self._draw_up(seat)
        self.first_player = rng.randrange(n)
        # the round
        self.round = 1
        self.starter = self.first_player
        self.turn_player = self.first_player
        self.song = self._song()
        self.elapsed = 0
        self.round_live = True
        self.front: list[list[Landed]] = [[] for _ in range(n)]
        self.out = [False] * n
        self.brawl = [False] * n
        self.hit = [False] * n
        self.slips_used = [0] * n
        self.reach_used = [0] * n
        self.passes = 0
        # what is happening now
        self.phase = "turn"
        self.current = self.first_player
        self.attack: Attack | None = None
        self.drawn: list[Copy] = []
        self.chain_length = 0
        self.chains: list[int] = []
        self.last_card_by: int | None = None
        self.moment: tuple[str, int] = ("turn", self.first_player)
        self.window: list[int] = []
        self.pause: list[PauseCard] = []
        self.pause_initiator: int | None = None
        self.joiners: list[int] = []
        self.resume: tuple[str, int] | None = None
        self.next_step: str | None = "begin_turn"
        # what happened, for the figures of a playtest
        self.records: list[RoundRecord] = []
        self.tally: Counter[str] = Counter()
        self.pauses_by_seat = [0] * n
        self.played: Counter[str] = Counter()
        self.standings_after_first_round: tuple[int, ...] = ()
        self.winners: tuple[int, ...] = ()
        self.final_standings: tuple[int, ...] = ()
        self.patrons_used: Counter[str] = Counter(
            patron.id for patron in self.patron if patron is not None
        )
        #: What happened, in order, for a front end that tells the game (``None``: nothing
        #: kept, as in the simulations); the front end empties it as it tells.
        self.events: list[Told] | None = None

    def tell(self, kind: str, seat: int, **details: object) -> None:
        """Keep one thing that happened (see :class:`~.records.Told`), if asked to."""
        if self.events is not None:
            self.events.append(Told(kind, seat, **details))  # type: ignore[arg-type]

    # --- seats ---------------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self.n

    def clockwise(self, seat: int) -> Iterator[int]:
        """The other seats in turn order, starting after ``seat``."""
        n = self.n
        for step in range(1, n):
            yield (seat + step) % n

    def next_in_round(self, seat: int, skip: int | None = None) -> int | None:
        """The next player clockwise after ``seat`` who is still in the round (not ``skip``)."""
        for other in self.clockwise(seat):
            if not self.out[other] and other != skip:
                return other
        return None

    def neighbours(self, seat: int) -> set[int]:
        """The players directly left and right of ``seat``, skipping anyone out for the round."""
        found = set()
        left = self.next_in_round(seat)
        if left is not None:
            found.add(left)
        for step in range(1, self.n):
            other = (seat - step) % self.n
            if not self.out[other]:
                found.add(other)
                break
        found.discard(seat)
        return found

    def in_round(self) -> list[int]:
        """The players still in the round."""
        return [seat for seat in range(self.n) if not self.out[seat]]

    def patron_of(self, seat: int) -> Patron:
        patron = self.patron[seat]
        assert patron is not None, f"player {seat} has no patron between rounds"
        return patron

    def hand_size_to_draw(self, seat: int) -> int:
        """The hand a player draws up to, and the older draft's hand limit: BL plus a trait's
        bonus (never below 0)."""
        return max(0, self.booze[seat]) + self.patron_of(seat).trait.hand_bonus

    # --- cards ---------------------------------------------------------------------------

    def take_from_hand(self, seat: int, kind: str) -> Copy:
        """Remove the first copy of ``kind`` from ``seat``'s hand (it must hold one)."""
        hand = self.hands[seat]
        for index, copy in enumerate(hand):
            if copy.kind.id == kind:
                return hand.pop(index)
        raise AssertionError(f"player {seat} holds no {kind}")

    def holds(self, seat: int, kind: str) -> bool:
        return any(copy.kind.id == kind for copy in self.hands[seat])

    def discard(self, *copies: Copy) -> None:
        """Put cards face down at the bottom of the discard pile."""
        self.pile.extend(copies)

    def set_aside(self, piece: Piece) -> None:
        """A flung or swooshed piece: a Bar card is smashed, an empty glass discarded."""
        if piece.glass_of is not None:
            self.discard(piece.glass_of)
        else:
            self.smashed.append(piece)

    def _draw_up(self, seat: int) -> None:
        """Draw from the Action deck up to the hand size (nothing if already there; the draw
        stops if the deck runs out, which the printed deck never does)."""
        hand = self.hands[seat]
        while len(hand) < self.hand_size_to_draw(seat) and self.deck:
            hand.append(self.deck.pop())

    def gain_booze(self, seat: int, gulps: int, what: str = "drink", source: str = "") -> None:
        """``seat`` drinks ``gulps`` gulp icons (a trait's bonus added), up to the cap
        (``what`` and ``source``: how, and which card, for :meth:`tell`)."""
        patron = self.patron_of(seat)
        if not gulps:
            return
        was = self.booze[seat]
        gain = (gulps + patron.trait.extra("gulp")) * self.rules.gulp_recovers
        cap = patron.booze if self.rules.gulp_capped_at_printed else patron.scale_max
        new = min(cap, self.booze[seat] + gain)
        if new < self.booze[seat] + gain:
            self.tally["gulps capped"] += 1
            self.tally["BL lost to the cap"] += self.booze[seat] + gain - max(new, self.booze[seat])
        self.booze[seat] = max(self.booze[seat], new)
        self.tally["gulps"] += 1
        trait = patron.trait
        self.tell(
            "bl",
            seat,
            by=seat,
            what=what,
            source=source,
            trait=trait.name if trait.extra("gulp") else "",
            amount=gain,
            was=was,
            now=self.booze[seat],
        )

    def lose_booze(
        self, seat: int, amount: int, what: str = "", source: str = "", by: int | None = None
    ) -> None:
        """BL lost during a round (poison, a failed last-resort draw, the sand timer);
        ``what``, ``source`` and ``by`` say how, with what and by whom, for :meth:`tell`."""
        was = self.booze[seat]
        self.booze[seat] = max(0, self.booze[seat] - amount)
        self.tell(
            "bl",
            seat,
            by=by,
            what=what,
            source=source,
            amount=amount,
            was=was,
            now=self.booze[seat],
        )

    def poison(
        self, seat: int, icons: int, by: int | None = None, source: str = "", trait: str = ""
    ) -> None:
        """``icons`` poison icons reach ``seat`` (a patron immune to poison shrugs them off);
        ``by``, ``source`` and ``trait`` (a trait adding them) are for :meth:`tell`."""
        amount = icons * POISON_LOSS
        if "poison" in self.patron_of(seat).trait.immune:
            self.tally["BL of poison shrugged off"] += amount
            self.tell("immune", seat, by=by, what="poison", source=source, trait=trait)
            return
        was = self.booze[seat]
        self.booze[seat] = max(0, self.booze[seat] - amount)
        self.tell(
            "bl",
            seat,
            by=by,
            what="poison",
            source=source,
            trait=trait,
            amount=amount,
            was=was,
            now=self.booze[seat],
        )
        self.tally["BL poisoned"] += amount

    def rob(self, by: int, seat: int, icons: int, source: str = "", trait: str = "") -> None:
        """``by`` takes a card at random from ``seat``'s hand per rob icon (``source`` and
        ``trait``, a trait adding icons, are for :meth:`tell`)."""
        if "rob" in self.patron_of(seat).trait.immune:
            self.tell("immune", seat, by=by, what="rob", source=source, trait=trait)
            return
        taken: list[str] = []
        for _ in range(icons):
            hand = self.hands[seat]
            if not hand:
                break
            copy = hand.pop(self.rng.randrange(len(hand)))
            self.hands[by].append(copy)
            taken.append(copy.kind.name)
            self.tally["cards robbed"] += 1
        self.tell("rob", seat, by=by, source=source, trait=trait, cards=tuple(taken))

    # --- the clock -----------------------------------------------------------------------

    def spend(self, kind: str, extra: int = 0) -> None:
        """The clock moves on by the seconds of an action of ``kind`` (plus ``extra``)."""
        self.elapsed += SECONDS[kind] + extra

    def _song(self) -> int:
        rules = self.rules
        return song_length(self.rng, rules.song_seconds, rules.song_shortest, rules.song_longest)
