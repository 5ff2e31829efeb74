"""What ``pnp`` works out for an engine that brings only its ``GameState``.

:class:`GenericVerify` is the ``pnp verify`` adapter of a game without one of its own:
its tables are the game's player counts and variants (game.yaml, variants.yaml) with
the game's default bot in every seat, and, when the game has a heuristic bot, the same
bot against random ones (its win share against a fair share); its figures are those
every game has (length, seat balance, wins) and the actions used.

An engine may add a few optional methods, found by name, to say more:

* ``invariant_problem(self) -> str | None``: a sentence when the state breaks one of
  the game's invariants (cards created or lost), checked after every step and at the end;
* ``hidden_from(self, player) -> Iterable[object]``: values ``player``'s view must not
  contain (another player's cards), checked after every step;
* ``played_cards(self) -> Iterable[str]``: the ids of the printed cards played, for the
  report's "cards never played" check (then every card of the game's decks must see play);
* ``rounds`` (an int attribute or property): the rounds (hands, tricks) the game took;
* ``max_steps`` (a class attribute): the most actions a game may take (default 10,000).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from bots.core import DEFAULT_MAX_STEPS, BotSpec, GameState, ParamValue, Player
from bots.core.verify import Table, VerifyAdapter

if TYPE_CHECKING:
    from pnp.catalog import Game


def action_word(action: object) -> str:
    """An action's kind for the figures: the first word of ``describe()`` (``draw``,
    ``play``), else its class's name."""
    describe = getattr(action, "describe", None)
    text = describe() if callable(describe) else ""
    words = str(text).split()
    return words[0] if words else type(action).__name__


class GenericVerify(VerifyAdapter[GameState[Any, Any]]):
    """The verify adapter of a game without its own (see the module docstring)."""

    game_id: ClassVar[str] = ""
    step_bound: ClassVar[int] = DEFAULT_MAX_STEPS
    round_name: ClassVar[str] = "Rounds"
    extra_title: ClassVar[str] = "Actions used"
    check_every: ClassVar[int] = 1  # a designer's engine: its invariants after every step

    def __init__(
        self,
        game: Game,
        variants: Mapping[str, Mapping[str, ParamValue]] | None = None,
        bots: Sequence[BotSpec] = (),
        default_bot: str | None = None,
    ) -> None:
        super().__init__(game, variants, bots)
        heuristic = [spec for spec in bots if spec.heuristic]
        fallback = heuristic[-1].name if heuristic else (bots[-1].name if bots else "random")
        self.default_bot = default_bot or fallback
        self.has_heuristic = bool(heuristic)

    @classmethod
    def for_engine(cls, engine: type[GameState[Any, Any]]) -> type[GenericVerify]:
        """A subclass of this adapter for ``engine`` (its class attributes set)."""
        bound = getattr(engine, "max_steps", DEFAULT_MAX_STEPS)
        attributes = {"engine": engine, "game_id": engine.game_name, "step_bound": int(bound)}
        return type(f"{engine.__name__}Verify", (cls,), attributes)

    def tables(self) -> list[Table]:
        spec = self.game.spec.players
        counts = range(spec.min, spec.max + 1)
        found = [Table("standard", players, (("players", players),)) for players in counts]
        middle = counts[len(counts) // 2]
        found += [self.variant_table(variant, middle) for variant in self.variants]
        if self.has_heuristic:
            found += [
                Table("standard", players, (("players", players),), "mixed") for players in counts
            ]
        return found

    def deck_problems(self) -> list[str]:
        return []

    def printed_cards(self) -> list[str]:
        if not callable(getattr(self.engine, "played_cards", None)):
            return []
        return [card.id for deck in self.game.decks for card in deck.cards]

    def heuristic_player(self, seat: int, seed: int) -> Player[Any, Any]:
        return self.named_player(self.default_bot, seat, seed)

    def conservation_problem(self, state: GameState[Any, Any]) -> str | None:
        check = getattr(state, "invariant_problem", None)
        if not callable(check):
            return None
        problem: str | None = check()
        return problem

    def hidden_from(self, state: GameState[Any, Any], player: int) -> Iterable[object]:
        hidden = getattr(state, "hidden_from", None)
        found: Iterable[object] = hidden(player) if callable(hidden) else ()
        return found

    def played_cards(self, state: GameState[Any, Any]) -> Counter[str]:
        played = getattr(state, "played_cards", None)
        return Counter(played()) if callable(played) else Counter()

    def lengths(self, state: GameState[Any, Any]) -> tuple[int, int]:
        return len(state.log), int(getattr(state, "rounds", 1))

    def extra(self, state: GameState[Any, Any]) -> dict[str, Any]:
        return {"actions": dict(Counter(action_word(action) for action in state.log))}

    def extra_rows(
        self, totals: Mapping[str, Any], games: int, extras: Sequence[Mapping[str, Any]]
    ) -> list[tuple[str, str]]:
        """One row (the same label at every table): each kind of action, a game on average."""
        counts: Counter[str] = Counter()
        for extra in extras:
            counts.update(extra.get("actions", {}))
        ordered = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
        text = ", ".join(f"{word} {count / max(games, 1):.1f}" for word, count in ordered)
        return [("actions a game", text or "none")]
