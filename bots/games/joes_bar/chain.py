"""The Action Chain and the icons it is thrown with.

**An attack** is one HIT card from hand, or the piece of furniture in your Bar slot,
with the cards its Combo icons let you add: each Combo icon adds one more HIT card from
your hand (never a Bar card), and an added card's own Combo icons add more. The whole
attack lands as one: its HIT icons add up, and a Reach icon on any of its cards lets it
go at anyone (:func:`attack_shapes`).

**Targets** of an attack: your neighbours (skipping anyone out for the round), anyone
else in the brawl if you are in it, or anyone in the round with Reach (or a patron's
free reach). A target answering a HIT is in the brawl already, since it lands on them
first.

**Answers**, for a target who has not yet been hit this round (the first-hit rule):
hit back at the attacker, or take it when they cannot; later: hit back, hit someone
else, or dodge (discard any card; the HIT moves on clockwise past the dodger, skipping
the attacker and anyone out for the round; with nobody to move on to there is no
dodge). The older draft adds Swoosh cards, the one-dodge limit and the sand timer.
With an empty hand the target makes the last-resort draw.

**Landing**: the attack's cards go face up in front of its target. A flung Bar card's
other icons resolve as it lands: its gulp for the player who flung it, its rob and
poison on the player it lands on.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from functools import lru_cache

from bots.games.joes_bar.actions import Fling, Hit
from bots.games.joes_bar.data import ActionKind, Copy, Piece
from bots.games.joes_bar.records import Attack, Landed
from bots.games.joes_bar.table import LAST_RESORT_LOSS, TableState
from bots.games.joes_bar.timing import SECONDS

#: An attack's shape: the hand cards' kind ids (sorted) and whether the slot's piece is flung.
Shape = tuple[tuple[str, ...], bool]


@lru_cache(maxsize=65536)
def _hit(seat: int, target: int, cards: tuple[str, ...]) -> Hit:
    return Hit(seat, target, cards)


@lru_cache(maxsize=65536)
def _fling(seat: int, target: int, cards: tuple[str, ...]) -> Fling:
    return Fling(seat, target, cards)


def attack_shapes(
    hand: list[Copy], piece: Piece | None, single: bool = False
) -> list[tuple[Shape, bool]]:
    """Every attack a hand (and the piece in its slot) can make, with whether it reaches.

    Hand attacks: one HIT card alone, or a card with Combo icons and the HIT cards they
    let you add. Fling attacks: the piece, with as many hand cards as its Combo icons
    (and theirs) allow. ``single``: one card alone only (a last-resort card).
    """
    kinds = tuple(sorted((copy.kind for copy in hand if copy.kind.effects.hit), key=_order))
    return _shapes(kinds, piece, single)


def _order(kind: ActionKind) -> int:
    return kind.order


@lru_cache(maxsize=8192)
def _shapes(
    held: tuple[ActionKind, ...], piece: Piece | None, single: bool
) -> list[tuple[Shape, bool]]:
    """:func:`attack_shapes` of the HIT cards ``held`` (sorted), worked out once each."""
    hits = Counter(held)
    linkers = sorted((kind for kind in hits if kind.effects.combo), key=lambda k: k.order)
    fillers = sorted((kind for kind in hits if not kind.effects.combo), key=lambda k: k.order)
    found: list[tuple[Shape, bool]] = []
    if single:
        for kind in sorted(hits, key=lambda k: k.order):
            found.append((((kind.id,), False), kind.effects.reach > 0))
        return found
    for kind in fillers:
        found.append((((kind.id,), False), kind.effects.reach > 0))
    for chosen in _multisets(linkers, hits):
        if not chosen:
            continue
        allowance = sum(kind.effects.combo for kind in chosen) - (len(chosen) - 1)
        for added in _multisets(fillers, hits, allowance):
            cards = chosen + added
            reach = any(kind.effects.reach for kind in cards)
            found.append(((tuple(sorted(kind.id for kind in cards)), False), reach))
    if piece is not None and piece.effects.hit:
        allowance = piece.effects.combo
        # with one Combo icon on the piece, any number of hand Combo cards can follow
        for chosen in _multisets(linkers, hits, None if allowance else 0):
            left = allowance + sum(k.effects.combo for k in chosen) - len(chosen)
            for added in _multisets(fillers, hits, left):
                cards = chosen + added
                reach = piece.effects.reach > 0 or any(kind.effects.reach for kind in cards)
                found.append(((tuple(sorted(kind.id for kind in cards)), True), reach))
    return found


def _multisets(
    kinds: list[ActionKind], counts: Counter[ActionKind], most: int | None = None
) -> Iterator[list[ActionKind]]:
    """Every multiset of ``kinds`` within the ``counts`` held, of at most ``most`` cards."""
    if (most is not None and most <= 0) or not kinds:
        yield []
        return
    first, rest = kinds[0], kinds[1:]
    limit = counts[first] if most is None else min(counts[first], most)
    for times in range(limit + 1):
        left = None if most is None else most - times
        for tail in _multisets(rest, counts, left):
            yield [first] * times + tail


class ChainRules(TableState):
    """The Action Chain: attacks, targets, answers, dodges, the last-resort draw, landing."""

    # --- who may be hit --------------------------------------------------------------

    def reachable(self, seat: int, in_brawl: bool) -> set[int]:
        """Whom ``seat`` may hit without Reach (``in_brawl``: as one who is in the brawl)."""
        found = self.neighbours(seat)
        if in_brawl:
            found |= {
                other
                for other in range(self.n)
                if self.brawl[other] and not self.out[other] and other != seat
            }
        return found

    def can_reach_freely(self, seat: int) -> bool:
        """Whether ``seat``'s patron has a free Reach left this round."""
        return self.reach_used[seat] < self.patron_of(seat).trait.free_reach

    def attack_actions(
        self,
        seat: int,
        cards: list[Copy],
        piece: Piece | None,
        only: int | None,
        in_brawl: bool,
        single: bool = False,
    ) -> list[Hit | Fling]:
        """Every attack ``seat`` may throw from ``cards`` (and ``piece``), at ``only`` or at
        anyone they may reach (``in_brawl``: as one who is in the brawl)."""
        shapes = attack_shapes(cards, piece, single)
        if not shapes:
            return []
        everyone = [other for other in self.in_round() if other != seat]
        near = self.reachable(seat, in_brawl)
        free = self.can_reach_freely(seat)
        found: list[Hit | Fling] = []
        for (kinds, flung), reach in shapes:
            make = _fling if flung else _hit
            for target in everyone:
                if only is not None and target != only:
                    continue
                if target in near or reach or free:
                    found.append(make(seat, target, kinds))
        return found

    def throw(
        self, seat: int, target: int, kinds: tuple[str, ...], flung: bool, in_brawl: bool
    ) -> None:
        """``seat`` throws an attack at ``target``: the cards leave the hand (or the drawn
        cards), the piece leaves the slot, and the attack is in flight (``in_brawl``: the
        thrower is in the brawl, or is answering a HIT that lands on them)."""
        cards: list[Copy] = []
        for kind in kinds:
            if self.drawn and any(copy.kind.id == kind for copy in self.drawn):
                index = next(i for i, copy in enumerate(self.drawn) if copy.kind.id == kind)
                cards.append(self.drawn.pop(index))
            else:
                cards.append(self.take_from_hand(seat, kind))
        if self.drawn:  # the Countess keeps one last-resort card; the other goes back
            self.discard(*self.drawn)
            self.drawn = []
        piece = None
        hits = sum(copy.kind.effects.hit for copy in cards)
        reach = any(copy.kind.effects.reach for copy in cards)
        if flung:
            piece = self.slots[seat]
            assert piece is not None
            self.slots[seat] = None
            bonus = self.patron_of(seat).trait.fling_bonus
            hits += piece.effects.hit + bonus.hit
            reach = reach or piece.effects.reach > 0 or bonus.reach > 0
            self.tally["flings"] += 1
            self.played[piece.id] += 1 if piece.glass_of is None else 0
            self.spend("fling", SECONDS["combo card"] * len(cards))
        else:
            self.spend("throw", SECONDS["combo card"] * (len(cards) - 1))
        if not reach and target not in self.reachable(seat, in_brawl):
            self.reach_used[seat] += 1
            self.tally["free reaches"] += 1
        for copy in cards:
            self.played[copy.kind.id] += 1
            self.tally["cards thrown"] += 1
        self.attack = Attack(seat, target, tuple(cards), piece, hits, reach)
        self.brawl[seat] = True
        self.last_card_by = seat
        self.chain_length += 1

    # --- answers -----------------------------------------------------------------------

    def is_first_hit(self, seat: int) -> bool:
        """Whether no HIT has landed on ``seat`` this round (the first-hit rule)."""
        return not self.hit[seat]

    def dodge_to(self, seat: int) -> int | None:
        """Whom a HIT dodged by ``seat`` moves on to: the next player clockwise after them in
        the round, skipping the attacker; ``None`` when there is nobody."""
        attack = self.attack
        assert attack is not None
        return self.next_in_round(seat, skip=attack.attacker)

    def dodge_refusal(self, seat: int) -> str | None:
        """Why ``seat`` may not dodge the HIT aimed at them (``None``: they may)."""
        attack = self.attack
        assert attack is not None
        if self.is_first_hit(seat):
            return "no HIT has landed on them this round yet, so they must hit back"
        if self.dodge_to(seat) is None:
            return "there is nobody to pass the HIT on to"
        limit = self.rules.dodges_per_hit
        if limit is not None and attack.dodges >= limit:
            return f"this HIT has been dodged {attack.dodges} time(s) already, the most allowed"
        return None

    def can_slip(self, seat: int) -> bool:
        """Whether ``seat`` may dodge without discarding now (a patron's free dodge)."""
        trait = self.patron_of(seat).trait
        return self.slips_used[seat] < trait.free_dodges and self.dodge_refusal(seat) is None

    def swoosh_kinds(self, seat: int) -> list[str]:
        """The Swoosh cards ``seat`` could answer with (older draft)."""
        if not self.rules.swoosh_cards:
            return []
        return sorted({copy.kind.id for copy in self.hands[seat] if copy.kind.effects.swoosh})

    def answer_attacks(self, seat: int) -> list[Hit | Fling]:
        """The HITs ``seat`` may answer with: back at the attacker only on a first hit."""
        attack = self.attack
        assert attack is not None
        only = attack.attacker if self.is_first_hit(seat) else None
        if self.drawn:
            return self.attack_actions(seat, self.drawn, None, only, True, single=True)
        return self.attack_actions(seat, self.hands[seat], self.slots[seat], only, True)

    def land(self, attack: Attack | None = None) -> None:
        """An attack lands on its target (by default the one in flight, which is then over);
        a flung piece's other icons resolve."""
        if attack is None:
            attack = self.attack
            self.attack = None
        assert attack is not None
        target = attack.target
        self.front[target].append(Landed(attack.attacker, attack.cards, attack.piece, attack.hits))
        self.hit[target] = True
        self.brawl[target] = True
        self.tally["HITs landed"] += attack.hits
        piece = attack.piece
        if self.events is not None:
            made = [copy.kind.name for copy in attack.cards]
            made += [piece.name] if piece is not None else []
            self.tell("land", target, by=attack.attacker, amount=attack.hits, cards=tuple(made))
        if piece is not None:
            effects = piece.effects
            if effects.gulp:
                self.gain_booze(attack.attacker, effects.gulp, "fling", piece.name)
            trait = self.patron_of(attack.attacker).trait
            if effects.rob:
                extra = trait.name if trait.extra("rob") else ""
                self.rob(
                    attack.attacker, target, effects.rob + trait.extra("rob"), piece.name, extra
                )
            if effects.poison:
                extra = trait.name if trait.extra("poison") else ""
                self.poison(
                    target,
                    effects.poison + trait.extra("poison"),
                    attack.attacker,
                    piece.name,
                    extra,
                )

    def dodge(self, seat: int, card: str | None) -> None:
        """``seat`` dodges, discarding ``card`` (``None``: a free dodge); the HIT moves on."""
        attack = self.attack
        assert attack is not None
        if attack.dodges:
            self.tally["second dodges"] += 1
        if card is None:
            self.slips_used[seat] += 1
            self.tally["slips"] += 1
            self.spend("slip")
        else:
            copy = self.take_from_hand(seat, card)
            self.discard(copy)
            self.played[copy.kind.id] += 1
            self.tally["dodges"] += 1
            self.last_card_by = seat
            self.spend("dodge")
        target = self.dodge_to(seat)
        assert target is not None
        self.tell("pass", target, by=seat)
        self.attack = Attack(
            attack.attacker,
            target,
            attack.cards,
            attack.piece,
            attack.hits,
            attack.reach,
            attack.dodges + 1,
        )

    def swoosh(self, seat: int, card: str) -> None:
        """``seat`` swooshes the attack away: its cards and the Swoosh are discarded."""
        attack = self.attack
        assert attack is not None
        copy = self.take_from_hand(seat, card)
        self.played[copy.kind.id] += 1
        self.discard(*attack.cards, copy)
        if attack.piece is not None:
            self.set_aside(attack.piece)
        self.attack = None
        self.last_card_by = seat
        self.tally["swooshes"] += 1
        self.spend("swoosh")

    def last_resort_draw(self, seat: int) -> bool:
        """``seat``, targeted with an empty hand, turns the top of the discard pile (two cards
        for a patron whose trait says so). True if a card with a HIT icon came up (they
        must throw it); otherwise the cards go back to the bottom face down, the HIT lands,
        they lose BL and are out for the round."""
        self.tally["last-resort draws"] += 1
        self.spend("last-resort draw")
        for _ in range(self.patron_of(seat).trait.last_resort_draws):
            if self.pile:
                self.drawn.append(self.pile.popleft())
        found = any(copy.kind.effects.hit for copy in self.drawn)
        self.tell("draw", seat, amount=int(found), cards=tuple(c.kind.name for c in self.drawn))
        if found:
            return True
        self.discard(*self.drawn)
        self.drawn = []
        self.land()
        self.lose_booze(seat, LAST_RESORT_LOSS, "draw")
        self.out[seat] = True
        self.tell("out", seat)
        self.brawl[seat] = False
        self.tally["out for the round"] += 1
        return False

    def time_out(self, seat: int) -> None:
        """``seat`` lets the sand timer run out: they lose BL and the HIT lands."""
        self.spend("sand timer", self.rules.sand_timer_seconds)
        self.lose_booze(seat, self.rules.sand_timer_penalty, "timer")
        self.tally["time-outs"] += 1
        self.land()
