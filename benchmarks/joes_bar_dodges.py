"""Dodge chains in Joe's Bar: how many cards the bots throw away passing one HIT round the
table, and what weighing a HIT's way back (and the song's clock) does to that and to the
cautious bot's strength.

Prints, in order:

1. chains: at 3, 4 and 5 players, tables of one bot (the cautious bot and the brawler as
   they play now, and each *before* it weighed a HIT coming back and the song):
   card dodges a round (and those forced, with no HIT card to answer with), free dodges,
   HITs dodged twice or more and three times or more a round, cards thrown away dodging
   HITs that were dodged twice or more, and dodges of a HIT by a player who had dodged it
   already (it came back round the table);
2. strength: the share of games each bot wins against itself before, one against the
   others, its seat moving round the table, with Wilson 95% intervals, at 3 and 4 players
   (a fair share is a third and a quarter).

A "before" bot is the personality's :class:`~bots.games.joes_bar.bots.Style` with
``comeback`` and ``clock`` at 0, so the comparison can be rerun at any time. Run by hand:
``.venv/bin/python benchmarks/joes_bar_dodges.py [--games N] [--strength-games N]``.
"""

from __future__ import annotations

import argparse
import dataclasses
from collections import Counter
from pathlib import Path

from bots.core import play_game
from bots.core.stats import percent, proportion
from bots.games.joes_bar import CardData, JoesBar
from bots.games.joes_bar.bots import STYLES, HeuristicPlayer, Style
from bots.games.joes_bar.records import Attack
from pnp.catalog import load_catalog

CARDS = Path(__file__).resolve().parents[1] / "cards"


def before(name: str) -> Style:
    """A personality as it was before it weighed a dodged HIT coming back and the song."""
    return dataclasses.replace(STYLES[name], name=f"{name} before", comeback=0.0, clock=0.0)


BOTS: dict[str, tuple[Style, Style]] = {
    name: (STYLES[name], before(name)) for name in ("cautious", "brawler")
}


class Counting(JoesBar):
    """Joe's Bar that counts its dodges, and who dodged each HIT, in :attr:`counts`."""

    def __init__(self, data: CardData, seed: int, params: dict[str, object]) -> None:
        self.counts: Counter[str] = Counter()
        self._dodgers: dict[tuple[int, int], list[tuple[int, bool]]] = {}
        super().__init__(data, seed, params)  # type: ignore[arg-type]

    @staticmethod
    def _key(attack: Attack) -> tuple[int, int]:
        return id(attack.cards), attack.attacker  # the cards travel with a dodged HIT

    def dodge(self, seat: int, card: str | None) -> None:
        attack = self.attack
        assert attack is not None
        dodgers = self._dodgers.setdefault(self._key(attack), [])
        if any(other == seat for other, _ in dodgers):
            self.counts["came back"] += 1
        if card is not None and not self.answer_attacks(seat):
            self.counts["forced"] += 1
        dodgers.append((seat, card is not None))
        self.counts["card dodges" if card is not None else "free dodges"] += 1
        super().dodge(seat, card)

    def _over(self, attack: Attack | None) -> None:
        if attack is None:
            return
        dodgers = self._dodgers.pop(self._key(attack), [])
        if len(dodgers) >= 2:
            self.counts["dodged 2+"] += 1
            self.counts["cards in chains"] += sum(1 for _, card in dodgers if card)
        if len(dodgers) >= 3:
            self.counts["dodged 3+"] += 1

    def land(self, attack: Attack | None = None) -> None:
        self._over(attack if attack is not None else self.attack)
        super().land(attack)

    def swoosh(self, seat: int, card: str) -> None:
        self._over(self.attack)
        super().swoosh(seat, card)


def chains(data: CardData, style: Style, players: int, games: int) -> str:
    """The dodge figures of ``games`` games of ``players`` bots of ``style``."""
    counts: Counter[str] = Counter()
    rounds = 0
    for seed in range(games):
        bots = [HeuristicPlayer(data, style, seed * 8 + seat) for seat in range(players)]
        state = Counting.new(data, 60_000 + seed, {"players": players})
        play_game(state, bots)
        counts.update(state.counts)
        rounds += len(state.records)

    def each(name: str) -> str:
        return f"{counts[name] / rounds:.2f}"

    return (
        f"  {style.name:16} {players}p: card dodges {each('card dodges')} (forced "
        f"{each('forced')}), free {each('free dodges')}; HITs dodged 2+ {each('dodged 2+')}, "
        f"3+ {each('dodged 3+')}; cards thrown in those chains {each('cards in chains')}; "
        f"dodges of a HIT that came back {each('came back')} (a round, {rounds} rounds)"
    )


def strength(data: CardData, now: Style, was: Style, players: int, games: int) -> str:
    """The share of games the bot ``now`` wins against the bot it ``was``, one against the
    others, its seat moving round the table."""
    won = 0.0
    for seed in range(games):
        seat = seed % players
        bots = [
            HeuristicPlayer(data, now if other == seat else was, seed * 8 + other)
            for other in range(players)
        ]
        won += play_game(JoesBar.new(data, 40_000 + seed, {"players": players}), bots).returns()[
            seat
        ]
    share = percent(proportion(won, games), 1)
    return (
        f"  {now.name} against {players - 1} bots of itself before, {games} games: wins "
        f"{share} (a fair share is {1 / players:.1%})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games for each chain figure")
    parser.add_argument("--strength-games", type=int, default=3000, help="games each count")
    options = parser.parse_args()
    data = JoesBar.data_from(load_catalog(CARDS).game("joes-bar"))
    print(f"1. dodge chains, {options.games} games a table (figures a round):")
    for players in (3, 4, 5):
        for pair in BOTS.values():
            for style in pair:
                print(chains(data, style, players, options.games))
    print("2. strength:")
    for now, was in BOTS.values():
        for players in (3, 4):
            print(strength(data, now, was, players, options.strength_games))


if __name__ == "__main__":
    main()
