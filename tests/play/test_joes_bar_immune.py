"""``pnp play joes-bar``: a Utility card aimed at a patron immune to its effect is left out
of the menu with the reason named (the engine allows the play: the effect does nothing),
and a card only partly wasted is marked where its aims are listed."""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from typing import Any

from bots.games.joes_bar import JoesBar, Trick
from pnp.catalog import load_catalog
from pnp.play.joes_bar import JoesBarFront
from pnp.play.terminal import Terminal
from pnp.registry import load_game
from tests.bots.joes_bar_positions import (
    empty_slots,
    new_game,
    plain_patrons,
    set_hand,
    set_patron,
    start_turn,
)
from tests.conftest import CARDS


class Asker:
    """Answers each question from a list, and keeps what was told and asked."""

    def __init__(self, state: JoesBar, answers: Sequence[str]) -> None:
        self.state = state
        self.answers = list(answers)
        self.told: list[str] = []

    def ask(
        self,
        prompt: str,
        parse: Callable[[str], Any],
        help_lines: Sequence[str] = (),
        allow_empty: bool = False,
    ) -> Any:
        self.told.append(prompt)
        return parse(self.answers.pop(0))

    def ask_yes_no(self, prompt: str, help_lines: Sequence[str] = ()) -> bool:
        raise AssertionError(prompt)

    def why_not(self, action: Any) -> str | None:
        return self.state.why_illegal(action) if hasattr(self.state, "why_illegal") else None

    def tell(self, lines: Sequence[str]) -> None:
        self.told.extend(lines)


def front() -> JoesBarFront:
    game = load_game(load_catalog(CARDS).game("joes-bar"))
    terminal = Terminal(io.StringIO(), io.StringIO(), colour=False, symbols=False)
    return JoesBarFront(game, terminal, ["You", "Ana", "Ben"], 0)


def lou_at_seat_one(*hand: str) -> JoesBar:
    """Player 0's turn; player 1's patron is Lady Lou (immune to poison)."""
    state = new_game(3)
    plain_patrons(state)
    empty_slots(state)
    state.box.extend(state.centre)
    state.centre.clear()
    set_patron(state, 1, "lady-lou", 4)
    set_hand(state, 0, *hand)
    set_hand(state, 1, "jab")
    set_hand(state, 2, "jab")
    start_turn(state, 0)
    return state


def test_poison_at_an_immune_patron_is_left_out_with_the_reason() -> None:
    state = lou_at_seat_one("spiked-drink", "jab")
    legal = state.legal_actions()
    assert Trick(0, "spiked-drink", (1,)) in legal  # the rules allow it; it does nothing
    asker = Asker(state, ["1"])
    shown = front()
    shown.human_turn(asker, state.view(0), legal)
    text = " ".join(line.strip() for line in asker.told)
    assert "Not open now: Spiked Drink at Ana (Ana's Lady Lou is immune to poison" in text
    menu = [line for line in asker.told if line.lstrip()[:2].strip().rstrip(".").isdigit()]
    assert not any("poison Ana" in line for line in menu)
    # poisoning Ben is still offered, as a single choice
    assert any("Spiked Drink" in line and "Ben" in line for line in menu)


def test_a_patron_without_immunity_leaves_the_menu_unmarked() -> None:
    state = lou_at_seat_one("spiked-drink", "jab")
    set_patron(state, 1, "lucky-lenny", 4)
    set_patron(state, 2, "big-earl", 4)
    state._legal = None
    asker = Asker(state, ["1", "1"])
    front().human_turn(asker, state.view(0), state.legal_actions())
    text = " ".join(asker.told)
    assert "Not open now" not in text and "immune" not in text


def test_a_card_partly_wasted_is_marked_where_its_aims_are_listed() -> None:
    state = lou_at_seat_one("dirty-rotten-trick", "jab")
    legal = state.legal_actions()
    tricks = [action for action in legal if isinstance(action, Trick)]
    assert tricks
    shown = front()
    view = state.view(0)
    groups = shown._groups(view, legal)
    trick_group = next(actions for label, _, actions in groups if "Dirty Rotten" in label)
    marked = [name for name, _ in trick_group if "immune" in name]
    # robbing Ana still works, so no aim is left out; every aim that poisons Ana is marked
    assert len(trick_group) == 4 and len(marked) == 2
    wasted = "Ana's Lady Lou is immune to poison: that part does nothing"
    assert all(wasted in name and "poison Ana" in name for name in marked)
