"""Joe's Bar bots that play from a player's view.

:class:`HeuristicPlayer` values every legal action in BL, the game's own currency, and
takes the best:

* **What a HIT costs.** The End phase bills by rank (none 0, fewest-hit 1, everyone
  else 2), so a HIT landing on you costs what it changes in your bill given the HITs
  already in front of everyone (:func:`~.scoring.booze_lost`), plus a little for the
  HITs still to come. Landing one on someone else is worth what it costs them.
* **Targets.** The weakest: a patron that the bill (or a poison) would knock out is
  worth their lost patron and missing BL (beta), or nothing to fear (older draft: a
  knockout gives them a fresh patron, so it is worth it only when it ends a game the
  bot leads); the one who threatens: the leader in the standings; and the cost of the
  hit-back a target owes you on their first hit of the round.
* **Answers.** Hit back (the HIT lands), hit someone else, or dodge with the card the
  hand can best spare (a free dodge first); a Swoosh or the sand timer when they come
  cheaper; a card is worth more the fewer you hold (an empty hand means the
  last-resort draw).
* **Utility cards** only where they swing the round: a poison that knocks someone out,
  a rob that empties the hand of the player about to answer you, an Interrupt on a
  card aimed at you. Starting a pause is weighed against the chance that someone holds
  an Interrupt, since the initiator resolves last.
* **Drinking** when BL is below the patron's printed level (missing BL costs points),
  or when the bill in front of you would knock you out; never past the older draft's
  cap. **Furniture**: grab the best centre piece into an empty slot (the cautious bot
  weighs a piece's other icons too: a Beer Pitcher's Gulp is drunk by whoever flings it,
  a Spittoon poisons), and fling it when it is worth at least the card it saves.
* **Dodges and the clock.** A dodged HIT moves on clockwise and comes back if everyone
  it reaches dodges it too: the bot weighs that chance (nobody can dodge a first HIT of
  the round, nor without a card or a free dodge) and, if the HIT would come back, what
  it would do then, against the card the dodge costs. The round ends with the song (3 to
  5 minutes, its length unknown): a HIT cannot come round before a song about to end,
  and a card still in hand then is drawn again in the Jukebox phase (hands are drawn up
  to BL), so a card is worth less as the song nears its end.

Two personalities (:data:`STYLES`): the **cautious** bot weighs HITs on itself heavily
and dodges whenever the bill would grow, unless the HIT would probably come back; the
**brawler** weighs damage dealt and hits back. A **tipsy** level plays like the brawler
but misjudges (random noise on every value), for a weaker opponent. Every weight is a
field of :class:`Style`; the cautious bot's were tuned against random play by the seeded
search of ``benchmarks/joes_bar_tuning.py``, its valuation of furniture came from
``benchmarks/joes_bar_disagreements.py``; both personalities' weighing of dodges that come
back and of the song was measured with ``benchmarks/joes_bar_dodges.py`` (docs:
Benchmarks). A bot can be given a :class:`Style` of its own.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence

from bots.core import RANDOM_BOT, BotSpec
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
)
from bots.games.joes_bar.data import ActionKind, CardData
from bots.games.joes_bar.records import JoesBarView
from bots.games.joes_bar.rules import PARAMS
from bots.games.joes_bar.scoring import booze_lost
from bots.games.joes_bar.timing import SECONDS

#: The value of a Utility card aimed at a patron immune to what it does (the rules allow
#: it; it does nothing): far below anything else, so no level's noise ever picks it.
WASTED = -100.0
#: Values closer than this are equal (the bot then picks among them at random).
TIE = 1e-9
#: The BL a fresh patron brings, about (the ten average 5.2).
FRESH_PATRON = 5.2
#: Chance of a knockout at the End phase by the BL a player would have left after the
#: bill in front of them now (more HITs, poison and gulps are still to come).
KNOCKOUT_CHANCE = {0: 0.85, 1: 0.45, 2: 0.15}
#: The songs a player expects, in seconds: nobody knows how long this one runs, only that
#: the jukebox plays ordinary songs (the engine's default range).
SONG_SHORTEST = int(PARAMS["song_shortest"].default)
SONG_LONGEST = int(PARAMS["song_longest"].default)


def song_goes_on(played: int, seconds: float) -> float:
    """The chance that a song of :data:`SONG_SHORTEST` to :data:`SONG_LONGEST` seconds that
    has played ``played`` seconds is still playing ``seconds`` from now (a song that has
    outlasted the range is guessed to have half a minute left, give or take)."""
    if seconds <= 0:
        return 1.0
    low = max(float(SONG_SHORTEST), float(played))
    high = float(SONG_LONGEST) if played < SONG_LONGEST else played + 30.0
    return max(0.0, min(1.0, (high - max(low, played + seconds)) / (high - low)))


def knockout_chance(margin: float, fear: float = 1.0) -> float:
    """The chance of a knockout with ``margin`` BL left over the bill in front of you, the
    close margins of :data:`KNOCKOUT_CHANCE` weighed by ``fear``."""
    if margin <= 0:
        return fear * KNOCKOUT_CHANCE[0]
    close = KNOCKOUT_CHANCE.get(int(margin))
    return 0.04 if close is None else fear * close


@dataclasses.dataclass(frozen=True)
class Style:
    """How a personality weighs things (every value is in BL)."""

    name: str
    #: Weight of a HIT landing on yourself, and of one you land on someone else.
    caution: float
    damage: float
    #: Extra worth of hitting the leader, and of a knockout that helps you.
    leader: float
    #: Weight of the hit-back a target owes you on their first hit of the round.
    retaliation: float
    #: What a Utility card must promise before it is played.
    trick_threshold: float
    #: Random noise added to every value (a weaker level).
    noise: float = 0.0
    #: Worth of bringing the end of the game nearer with a knockout while ahead (beta).
    finish: float = 0.0
    #: What a HIT landing on a player costs them, on top of what it changes in their bill
    #: now: the End phase is a race to have the fewest, and more HITs are coming.
    hit_cost: float = 0.8
    #: What a card in hand is worth (something to dodge with), and how much more each
    #: card below three.
    card_worth: float = 0.25
    scarcity: float = 0.12
    #: The chance it puts on a card drawn blind showing a HIT icon (76 of the 110 Action
    #: cards do; a last-resort draw takes the discard pile's top, which holds fewer).
    hit_chance: float = 0.7
    #: How much it believes the close margins of :data:`KNOCKOUT_CHANCE` (1 as they stand).
    knockout_fear: float = 1.0
    #: Extra worth of drinking (a buffer for the rounds to come, a bigger hand next round).
    thirst: float = 0.0
    #: Worth of grabbing a centre Bar card into an empty slot.
    grab: float = 0.6
    #: Worth of aiming at a player with no cards (a last-resort draw), and half of it at
    #: one card; negative when such a target is best left alone (most such draws find a
    #: HIT, and a first hit must be thrown straight back).
    empty_handed: float = 0.0
    #: What a card in hand is worth on top of :attr:`card_worth`, by what it is: a drink,
    #: an Interrupt, and each icon of a HIT card.
    keep_gulp: float = 0.5
    keep_interrupt: float = 0.1
    keep_hit: float = 0.03
    #: Weight of what a HIT on someone else takes off its own bill.
    relief: float = 1.0
    #: Worth of answering a HIT at someone other than whoever threw it.
    elsewhere: float = 0.0
    #: Cost of each card beyond the first in one attack (a flung Bar card counts as one),
    #: and worth of flinging furniture rather than throwing only cards.
    extra_card: float = 0.0
    fling: float = 0.0
    #: Worth of dodging with a card that shows no HIT icon (it goes to the discard pile,
    #: which last-resort draws turn over).
    shed: float = 0.0
    #: Extra worth of each poison icon, and each rob icon, a Utility card aims.
    poison: float = 0.0
    rob: float = 0.0
    #: Worth of a centre Bar card's other icons when grabbing it, for the fling to come:
    #: each Gulp icon times what a drink is worth now, and each poison and rob icon.
    piece_gulp: float = 0.0
    piece_poison: float = 0.0
    piece_rob: float = 0.0
    #: How much a dodge weighs the chance that the HIT comes back round the table (every
    #: player it passes to dodges it too, before the song ends), in which case the card
    #: bought nothing; and the chance it puts on another player dodging a HIT when they
    #: may (0: a dodge is judged as if the HIT were gone for good).
    comeback: float = 0.0
    others_dodge: float = 0.5
    #: How much it weighs the song's clock: a card still in hand when the song ends is
    #: drawn again in the Jukebox phase (hands are drawn up to BL), so a card is worth
    #: less the likelier the song ends within ``horizon`` seconds (0: the clock is ignored).
    clock: float = 0.0
    horizon: float = 40.0


_BRAWLER = Style(
    "brawler",
    caution=0.9,
    damage=0.5,
    leader=0.4,
    retaliation=0.4,
    trick_threshold=0.1,
    # a dodged HIT can come back round the table, and the song ends the round
    comeback=1.0,
    others_dodge=0.9,
    clock=1.0,
)

STYLES: dict[str, Style] = {
    # tuned against random play by a seeded search (docs: Benchmarks)
    "cautious": Style(
        "cautious",
        caution=0.9,
        damage=0.0,
        leader=0.16,
        retaliation=0.4,
        trick_threshold=-0.12,
        hit_cost=0.88,
        card_worth=0.26,
        scarcity=0.14,
        hit_chance=0.64,
        knockout_fear=0.8,
        thirst=0.5,
        grab=0.49,
        empty_handed=-0.2,
        piece_gulp=1.0,
        piece_poison=0.25,
        piece_rob=0.25,
        # a dodged HIT can come back round the table, and the song ends the round
        comeback=1.0,
        others_dodge=0.9,
        clock=1.0,
    ),
    "brawler": _BRAWLER,
    # the brawler's weights, misjudged
    "tipsy": dataclasses.replace(_BRAWLER, name="tipsy", noise=0.8),
}


class HeuristicPlayer:
    """A Joe's Bar player of one :data:`STYLES` personality, named, or of a :class:`Style`
    of its own (see the module docstring).

    ``data`` is the game's card data (the card list is printed, so what each card does is
    public). With a ``seed`` it keeps its own ``random.Random`` (used by the tipsy level's
    noise); without one it uses the generator it is given.
    """

    def __init__(
        self, data: CardData, style: str | Style = "brawler", seed: int | None = None
    ) -> None:
        if isinstance(style, Style):
            self.style = style
        elif style in STYLES:
            self.style = STYLES[style]
        else:
            raise ValueError(f"style must be one of {', '.join(STYLES)}, got {style!r}")
        self.data = data
        self.seed = seed
        self.rng = random.Random(seed) if seed is not None else None
        interrupts = sum(1 for copy in data.copies if copy.kind.effects.cancel)
        self._interrupt_share = interrupts / max(1, len(data.copies))

    def __repr__(self) -> str:
        return f"HeuristicPlayer({self.style.name!r}, seed={self.seed!r})"

    def values(self, view: JoesBarView, actions: Sequence[JoesBarAction]) -> list[float]:
        """What this personality makes of each of ``actions`` from ``view``, in BL, before
        any noise (:meth:`choose` takes the best)."""
        judge = _Judge(view, self.style, self._interrupt_share)
        values = [judge.value(action) for action in actions]
        if self.style.comeback and view.phase == "answer":
            judge.comeback(actions, values)
        return values

    def choose(
        self, view: JoesBarView, legal_actions: Sequence[JoesBarAction], rng: random.Random
    ) -> JoesBarAction:
        """The action of ``legal_actions`` this personality values most; between actions of
        equal value it picks at random (with its seeded generator), so that no seat is
        favoured by the order in which actions are listed."""
        if not legal_actions:
            raise ValueError("there is no legal action to choose from")
        if len(legal_actions) == 1:
            return legal_actions[0]
        generator = self.rng or rng
        found = self.favourites(view, legal_actions, generator)
        return found[0] if len(found) == 1 else generator.choice(found)

    def favourites(
        self,
        view: JoesBarView,
        legal_actions: Sequence[JoesBarAction],
        generator: random.Random,
    ) -> list[JoesBarAction]:
        """The actions of ``legal_actions`` this personality values equally most (the tipsy
        level's noise drawn from ``generator``): on a turn, drinking, grabbing and tricks
        come before the chain or not at all, so the best of them is taken first if any is
        worth more than nothing."""
        noise = self.style.noise
        best: list[JoesBarAction] = []
        best_value = -1e9
        ready: list[JoesBarAction] = []  # on a turn: the best thing to do before the chain
        ready_value = 0.0
        values = self.values(view, legal_actions)
        for action, value in zip(legal_actions, values, strict=True):
            if noise:
                value += generator.uniform(-noise, noise)
            if view.phase == "turn" and isinstance(action, Drink | Grab | Trick):
                if value > ready_value + TIE:
                    ready, ready_value = [action], value
                elif ready and value > ready_value - TIE:
                    ready.append(action)
            elif value > best_value + TIE:
                best, best_value = [action], value
            elif value > best_value - TIE:
                best.append(action)
        return ready or best or [legal_actions[0]]


class _Judge:
    """The values of one decision's actions, from one view."""

    def __init__(self, view: JoesBarView, style: Style, interrupt_share: float) -> None:
        self.view = view
        self.style = style
        self.me = view.player
        self.seats = view.seats
        self.draft_winning = view.rules.winning == "older-draft"
        self.capped = view.rules.gulp_cap == "older-draft"
        self.hits = [seat.hits for seat in view.seats]
        self.booze = [seat.booze for seat in view.seats]
        self.bill = booze_lost(self.hits)
        self.printed = [seat.patron.booze if seat.patron else 0 for seat in view.seats]
        self.hand = view.drawn or view.hand
        self.kinds = {copy.kind.id: copy.kind for copy in self.hand}
        others_cards = sum(seat.hand_size for seat in view.seats) - len(view.hand)
        self.cancel_risk = 1 - (1 - interrupt_share) ** others_cards
        standings = [seat.standing for seat in view.seats]
        others = [seat for seat in range(len(standings)) if seat != self.me]
        best = max(standings[seat] for seat in others)
        leaders = [seat for seat in others if standings[seat] == best]
        #: The one other player ahead of the rest (none when several share the lead).
        self.rival = leaders[0] if len(leaders) == 1 else -1
        self.leading = standings[self.me] >= best
        self._marginal: dict[tuple[int, int], float] = {}

    # --- the bill ----------------------------------------------------------------------

    def hit_cost(self, seat: int, hits: int) -> float:
        """What ``hits`` more HITs landing on ``seat`` cost them in BL: the change in their
        bill now, :data:`HIT_COST` a HIT for the race still to come, and the change in their
        chance of being knocked out, at what a knockout would cost them."""
        if hits <= 0:
            return 0.0
        key = (seat, hits)
        found = self._marginal.get(key)
        if found is None:
            after = list(self.hits)
            after[seat] += hits
            bill = booze_lost(after)[seat]
            swing = self.knockout_swing(seat, bill)
            found = bill - self.bill[seat] + self.style.hit_cost * hits + swing
            self._marginal[key] = found
        return found

    def knockout_swing(self, seat: int, bill: float) -> float:
        """The cost to ``seat`` of a bill of ``bill`` instead of the one in front of them now,
        in the chance of a knockout at the End phase times what it would cost them."""
        booze = self.booze[seat]
        fear = self.style.knockout_fear
        now = knockout_chance(booze - self.bill[seat], fear)
        return (knockout_chance(booze - bill, fear) - now) * self.knockout_loss(seat)

    def knockout_loss(self, seat: int) -> float:
        """What a knockout would cost ``seat``: their patron and all its BL (beta); under the
        older draft their BL, if it ends the game, else a fresh patron's gain."""
        if not self.draft_winning:
            return 2.0 + self.printed[seat]
        if self.view.knockouts + 1 >= self.view.knockouts_to_end:
            return float(self.booze[seat]) + 1
        return float(self.booze[seat]) - FRESH_PATRON

    def relief(self, seat: int, hits: int) -> float:
        """What ``hits`` more HITs on ``seat`` take off this bot's own bill (pushing the
        fewest-hit player up can make this bot the fewest)."""
        after = list(self.hits)
        after[seat] += hits
        return float(self.bill[self.me] - booze_lost(after)[self.me])

    # --- what cards are worth ----------------------------------------------------------

    def card_worth(self, kind: ActionKind) -> float:
        """What a card in hand is worth: something to dodge with (more when few are left),
        a HIT to answer a first hit with, a drink, a defence."""
        effects = kind.effects
        style = self.style
        worth = style.card_worth + style.scarcity * max(0, 3 - len(self.hand))
        if effects.gulp:
            worth += style.keep_gulp
        elif effects.swoosh:
            worth += 0.6
        elif effects.cancel:
            worth += style.keep_interrupt
        elif effects.hit:
            worth += style.keep_hit * (effects.hit + effects.reach + effects.combo)
        return worth

    def cards_cost(self, cards: tuple[str, ...]) -> float:
        return sum(self.card_worth(self.kinds[card]) for card in cards)

    # --- values ------------------------------------------------------------------------

    def value(self, action: JoesBarAction) -> float:
        if isinstance(action, Hit | Fling):
            return self.attack_value(action)
        if isinstance(action, Dodge):
            kind = self.kinds[action.card]
            shed = 0.0 if kind.effects.hit else self.style.shed
            return self.incoming_cost() - self.card_worth(kind) * self.kept_worth() + shed
        if isinstance(action, Slip):
            return self.incoming_cost() + 0.05
        if isinstance(action, Swoosh):
            return self.incoming_cost() + 0.1 - self.card_worth(self.kinds[action.card])
        if isinstance(action, Take):
            return -self.incoming_cost()
        if isinstance(action, TimeOut):
            penalty = 1.0 + (1.0 if self.booze[self.me] <= self.bill[self.me] + 1 else 0.0)
            return -self.incoming_cost() - penalty + 0.3
        if isinstance(action, Draw):
            return -self.incoming_cost() - (1 - self.style.hit_chance)
        if isinstance(action, Drink):
            return self.drink_value(self.kinds[action.card])
        if isinstance(action, Grab):
            return self.grab_value(action.piece)
        if isinstance(action, Trick):
            aimed = self.kinds[action.card].effects.targets
            extra = self.style.poison * aimed.count("poison") + self.style.rob * aimed.count("rob")
            return self.trick_value(action) + extra
        if isinstance(action, Discard):
            return -self.card_worth(self.kinds[action.card])
        assert isinstance(action, Pass)
        return 0.0

    def incoming_cost(self) -> float:
        """What the HIT aimed at this bot costs it if it lands."""
        attack = self.view.attack
        if attack is None:
            return 0.0
        return self.style.caution * self.hit_cost(self.me, attack.hits)

    def comeback(self, actions: Sequence[JoesBarAction], values: list[float]) -> None:
        """Lower the values of dodging (in ``values``, of ``actions``) by the chance that
        the HIT comes back round the table (:meth:`comeback_chance`, weighed by the
        style): then the card bought nothing, and the bot is back where it stands now
        with the best of its other answers (hit back, hit someone else, take it)."""
        back = self.style.comeback * self.comeback_chance()
        if not back:
            return
        others = [
            value
            for action, value in zip(actions, values, strict=True)
            if not isinstance(action, Dodge | Slip | Trick)
        ]
        fallback = max(others) if others else -self.incoming_cost()
        lost = back * max(0.0, self.incoming_cost() - fallback)
        for index, action in enumerate(actions):
            if isinstance(action, Dodge | Slip):
                values[index] -= lost

    def comeback_chance(self) -> float:
        """The chance that the HIT aimed at this bot, dodged, comes back to it: it moves on
        clockwise (skipping the attacker and anyone out for the round), and comes round
        again only if everyone it reaches dodges it too before the song ends. A player not
        yet hit this round cannot dodge (the first-hit rule), nor one with no card and no
        free dodge (the last-resort draw), nor anyone under the older draft's one dodge a
        HIT; any other dodges at the style's guess (:attr:`Style.others_dodge`)."""
        view = self.view
        attack = view.attack
        if attack is None or view.rules.dodging == "older-draft":
            return 0.0
        chance, hops = 1.0, 0
        count = len(self.seats)
        for step in range(1, count):
            other = (self.me + step) % count
            seat = self.seats[other]
            if other == attack.attacker or seat.out:
                continue
            if not seat.hit_this_round or (seat.hand_size == 0 and not seat.free_dodges_left):
                return 0.0
            chance *= self.style.others_dodge
            hops += 1
        if not hops:
            return 0.0
        return chance * song_goes_on(view.song_played, (hops + 1) * SECONDS["dodge"])

    def kept_worth(self) -> float:
        """The share of a card's worth that keeping it holds by the song's clock: a card
        the Jukebox phase would draw again (the hand is below BL) is worth little once the
        song is likely to end before it is needed."""
        if not self.style.clock or len(self.hand) > self.booze[self.me]:
            return 1.0
        ending = 1.0 - song_goes_on(self.view.song_played, self.style.horizon)
        return 1.0 - self.style.clock * ending

    def attack_value(self, action: Hit | Fling) -> float:
        view = self.view
        target = action.target
        piece = view.slots[self.me] if isinstance(action, Fling) else None
        hits = sum(self.kinds[card].effects.hit for card in action.cards)
        cost = self.cards_cost(action.cards)
        style = self.style
        if piece is not None:
            hits += piece.effects.hit
            cost += 0.05 - style.fling
        cost += style.extra_card * max(0, len(action.cards) + (piece is not None) - 1)
        return self.landing_value(target, hits) - cost

    def landing_value(self, target: int, hits: int) -> float:
        """What throwing ``hits`` HITs at ``target`` is worth, cards aside (a HIT aimed at
        this bot lands on it first when it answers)."""
        key = (-1 - target, hits)
        found = self._marginal.get(key)
        if found is not None:
            return found
        style = self.style
        gain = style.damage * self.hit_cost(target, hits) + style.relief * self.relief(target, hits)
        if target == self.rival:
            gain += style.leader
        if style.finish and self.leading and not self.draft_winning:
            # a knockout brings the end nearer while this bot is ahead
            after = list(self.hits)
            after[target] += hits
            swing = self.knockout_swing(target, booze_lost(after)[target])
            gain += style.finish * swing / max(1.0, self.knockout_loss(target))
        seat = self.seats[target]
        if seat.hand_size <= 1:
            gain += style.empty_handed * (1.0 if seat.hand_size == 0 else 0.5)
        if not seat.hit_this_round and (seat.hand_size or self.view.slots[target] is not None):
            gain -= style.retaliation * style.caution * self.hit_cost(self.me, 1)
        if self.view.phase == "answer":
            gain -= self.incoming_cost()
            attack = self.view.attack
            if attack is not None and target != attack.attacker:
                gain += style.elsewhere
        self._marginal[key] = gain
        return gain

    def drink_value(self, kind: ActionKind) -> float:
        if self.booze[self.me] >= self.booze_cap():
            return -1.0
        value = self.booze_worth()
        value -= self.knockout_swing(self.me, self.bill[self.me] - kind.effects.gulp)
        return value - self.card_worth(kind) + 0.5 + self.style.thirst

    def booze_cap(self) -> int:
        """The highest BL drinking can bring this bot to (the scale's top, or the older
        draft's cap at the printed BL)."""
        patron = self.seats[self.me].patron
        top = patron.scale_max if patron is not None else 10
        return self.printed[self.me] if self.capped else top

    def booze_worth(self) -> float:
        """What 1 BL drunk back is worth: a point below the printed level; above it, a
        buffer against the bill."""
        return 1.0 if self.booze[self.me] < self.printed[self.me] else 0.4

    def grab_value(self, piece_id: str) -> float:
        """What moving a centre Bar card into the empty slot is worth: something to fling,
        and its other icons when it lands (its Gulp is drunk by whoever flung it)."""
        pieces = [piece for piece in self.view.centre if piece.id == piece_id]
        effects = pieces[0].effects
        style = self.style
        value = style.grab + 0.05 * (effects.hit + effects.reach + effects.rob + effects.poison)
        if effects.gulp and self.booze[self.me] < self.booze_cap():
            value += style.piece_gulp * effects.gulp * (self.booze_worth() + 0.5 * style.thirst)
        return value + style.piece_poison * effects.poison + style.piece_rob * effects.rob

    def trick_value(self, action: Trick) -> float:
        view = self.view
        kind = self.kinds[action.card]
        value = -self.card_worth(kind) - self.style.trick_threshold
        starting = view.pause_initiator is None
        exposed = self.cancel_risk if starting else 0.5 * self.cancel_risk
        for effect, target in zip(kind.effects.targets, action.targets, strict=True):
            if effect == "poison":
                patron = self.seats[target].patron
                if patron is not None and "poison" in patron.trait.immune:
                    return WASTED
                loss = 1.0 + self.knockout_swing(target, self.bill[target] + 1)
                gain = self.style.damage * loss
                if target == self.rival:
                    gain += self.style.leader
                value += gain * (1 - exposed)
            elif effect == "rob":
                patron = self.seats[target].patron
                if patron is not None and "rob" in patron.trait.immune:
                    return WASTED
                size = self.seats[target].hand_size
                gain = 0.3 if size else -0.5
                attack = view.attack
                if attack is not None and attack.target == target and size == 1:
                    gain += 0.3  # their answer will be a last-resort draw
                value += gain * (1 - exposed)
            else:
                aimed = [card for card in view.pause if card.seat == target]
                if aimed and self.me in aimed[0].targets:
                    poisons = aimed[0].card.kind.effects.poison
                    saved = poisons * (1.0 + self.knockout_swing(self.me, self.bill[self.me] + 1))
                    value += self.style.caution * max(0.6, saved)
                elif aimed and aimed[0].seat == self.rival:
                    value += 0.3
                else:
                    value -= 0.5
        return value


#: The bots Joe's Bar offers, weakest first (the cautious bot beats three brawlers more
#: often than its fair share, and a brawler three cautious bots less: docs, Benchmarks).
BOTS: tuple[BotSpec, ...] = (
    RANDOM_BOT,
    BotSpec(
        "tipsy",
        "plays like the brawler but misjudges every choice a little",
        lambda data, seed: HeuristicPlayer(data, "tipsy", seed),
        strength=1,
    ),
    BotSpec(
        "brawler",
        "hits back and hits the leader, flings furniture, plays tricks more freely",
        lambda data, seed: HeuristicPlayer(data, "brawler", seed),
        strength=2,
    ),
    BotSpec(
        "cautious",
        "dodges when a HIT would grow its bill and not come back, drinks, grabs the "
        "furniture that pays",
        lambda data, seed: HeuristicPlayer(data, "cautious", seed),
        strength=3,
    ),
)
