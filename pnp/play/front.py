"""What a game brings to terminal play: its front end.

The play session (:mod:`pnp.play.session`) runs any game on the engine core;
a :class:`GameFront` supplies the parts that are the game's own:

* **setup** — the game as the registry loaded it from the card data
  (:class:`~pnp.registry.LoadedGame`: engine, data, variants and bots), from
  which the parameters of ``--players`` and ``--variant`` words
  (:func:`params_from_words`) and the bots (:meth:`GameFront.make_bot`) come;
* **narration** — what a person at the table sees happen, worked out from a
  player's *view* before and after each action (:meth:`GameFront.narrate`),
  so a bot's hidden cards can never be printed;
* **the human's turn** — showing the table (:meth:`GameFront.show_table`) and
  reading a choice (:meth:`GameFront.human_turn`) through an :class:`Asker`,
  which handles the commands every prompt shares (help, rules, save, quit)
  and checks the choice with the engine;
* **texts** — a short rules summary, the end-of-game summary, and commands of
  the game's own (``arrange`` in Chinchón);
* **the table as cards** (optional, for ``pnp table``) — the cards a player at the
  real table sees from a view, laid out in :class:`Zone` s of :class:`CardShown`
  (:meth:`GameFront.zones`), and the scores as the table shows them
  (:meth:`GameFront.scores`). A front that gives none leaves the web table to show
  its lines.

A front end keeps a little state of its own (a bot's draw held back to be told
with its discard, hands counted), so the session feeds it every action in
order, also when catching up on a resumed game (with the output thrown away).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar

from bots.core import GameState, Params, Player
from pnp.play.terminal import Terminal

if TYPE_CHECKING:
    from pnp.registry import LoadedGame

S = TypeVar("S", bound=GameState[Any, Any])
A = TypeVar("A")
V = TypeVar("V")
T = TypeVar("T")

#: The bots a seat can be given.
BOT_KINDS = ("heuristic", "random")
#: The skill levels of ``--level``.
LEVELS = ("easy", "medium", "hard")
#: The names of the bots, seat by seat after the human (who is "You").
BOT_NAMES = ("Ana", "Ben", "Carla", "Dani", "Eva", "Fede", "Gus")
#: The human's name at the table.
YOU = "You"


class BadInput(ValueError):
    """An answer that cannot be used; the message says why and what to type instead."""


class Asker(Protocol):
    """How a front end asks the human something (see :class:`pnp.play.session.Session`).

    Every question also takes the shared commands (help, rules, save, quit)
    and the game's own; a bad answer gets a message and the same question again.
    """

    def ask(
        self,
        prompt: str,
        parse: Callable[[str], T],
        help_lines: Sequence[str] = (),
        allow_empty: bool = False,
    ) -> T:
        """Ask until ``parse`` accepts an answer (it raises :class:`BadInput` otherwise).

        An empty answer is passed to ``parse`` only with ``allow_empty``.
        """
        ...

    def ask_yes_no(self, prompt: str, help_lines: Sequence[str] = ()) -> bool:
        """A yes-or-no question (y, yes, n, no)."""
        ...

    def why_not(self, action: Any) -> str | None:
        """Why the engine refuses ``action`` now, for a person; ``None`` if it is legal."""
        ...

    def tell(self, lines: Sequence[str]) -> None:
        """Show ``lines`` to the human."""
        ...


@dataclass(frozen=True)
class CardShown:
    """One card as a seat sees it at the table (see :meth:`GameFront.zones`).

    ``name`` is what the card is called (``Face down`` for a card whose face the seat may
    not see); ``text`` says it for a screen reader (``Flare, Boast 3``); ``image`` is the
    URL of the printed face (``/api/games/GAME/cards/DECK/FACE.png``), the deck's back
    for a face-down card, or ``None``; ``actions`` are the legal action texts the card
    starts (a click takes the only one, or opens a menu of them).
    """

    name: str
    text: str
    image: str | None = None
    face_down: bool = False
    actions: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "text": self.text,
            "image": self.image,
            "face_down": self.face_down,
            "actions": list(self.actions),
        }


@dataclass(frozen=True)
class Zone:
    """A place on the table holding cards: a hand, a pile, what lies in front of a
    player. ``seat`` is the player whose zone it is (``None``: shared); ``count`` is how
    many cards it holds (a face-down pile may list no ``cards``, only its ``count``;
    ``None``: the cards listed)."""

    id: str
    name: str
    seat: int | None
    cards: tuple[CardShown, ...] = ()
    count: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "seat": self.seat,
            "cards": [card.to_json() for card in self.cards],
            "count": len(self.cards) if self.count is None else self.count,
        }


@dataclass(frozen=True)
class Score:
    """A player's standing as the table shows it: ``text`` such as ``Boast 12``,
    ``34 points`` or ``Cash 105,000``."""

    seat: int
    name: str
    text: str

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "name": self.name, "text": self.text}


@dataclass(frozen=True)
class TypedMove:
    """A move a person writes rather than picks (Chin Music's recitation): the web table
    shows a text field; the action sent is ``prefix`` followed by what was written.
    ``replaces`` are the legal actions' texts it stands for (the page shows no button for
    them); ``words`` the words the game knows, to help the writing."""

    prefix: str
    label: str
    help: str
    replaces: tuple[str, ...] = ()
    words: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "prefix": self.prefix,
            "label": self.label,
            "help": self.help,
            "replaces": list(self.replaces),
            "words": list(self.words),
        }


@dataclass(frozen=True)
class Command:
    """A command of the game's own, typed at any prompt of the human's turn."""

    name: str
    help: str
    run: Callable[[], Sequence[str]]


class GameFront(ABC, Generic[S, A, V]):
    """A game's front end for terminal play (see the module docstring).

    ``game`` is the game the registry loaded from the card data; ``names`` are the
    players' names by seat; ``terminal`` is used only to format (colour, suit
    symbols): the session does all the writing.
    """

    #: The game's name on the command line and in saved games (the engine's ``game_name``).
    game_id: ClassVar[str]
    #: The game's title, for people.
    title: ClassVar[str]
    #: Players when ``--players`` is not given.
    default_players: ClassVar[int]
    #: Whether to tell less once the human is out of the game (a replay tells everything).
    condense: bool = True
    #: Set when something was told that the human should read before the screen is covered.
    hold: bool = False

    def __init__(
        self, game: LoadedGame, terminal: Terminal, names: Sequence[str], human: int
    ) -> None:
        self.game = game
        self.terminal = terminal
        self.names = tuple(names)
        self.human = human

    # --- setup ---------------------------------------------------------------------------

    def new_state(self, seed: int, params: Mapping[str, object]) -> S:
        """A new game of the loaded data."""
        state: S = self.game.new(seed, params)  # type: ignore[assignment]
        return state

    def variants(self) -> Mapping[str, str]:
        """The variant ids ``--variant`` takes, each with a one-line summary."""
        return {variant.id: variant.summary for variant in self.game.game.variants()}

    def active_variants(self, state: S) -> list[str]:
        """The variants of the data whose parameters the game is played with."""
        return [
            name
            for name, params in self.game.variants.items()
            if all(state.params.get(key) == value for key, value in params.items())
        ]

    def make_bot(self, kind: str, level: str, seat: int) -> Player[V, A]:
        """A bot of ``kind`` (one of :data:`BOT_KINDS`) at ``level`` for ``seat``: the
        game's bot of that level when it has one, else its default heuristic bot."""
        bot: Player[V, A] = self.game.bot(bot_name(self.game, kind, level))
        return bot

    def begin(self, state: S) -> None:
        """Learn the table of a new game (its parameters) before anything is told."""

    # --- texts ---------------------------------------------------------------------------

    @abstractmethod
    def opening(self, state: S) -> list[str]:
        """Lines shown when the game starts (the table, the variants in play)."""

    @abstractmethod
    def rules_summary(self, state: S) -> list[str]:
        """The rules in brief, with the variants in play."""

    @abstractmethod
    def summary(self, state: S) -> list[str]:
        """The scores at the end of the game (or when it is left)."""

    # --- the table -----------------------------------------------------------------------

    @abstractmethod
    def narrate(self, before: V, action: A, after: V) -> list[str]:
        """What happened, told from one player's views before and after ``action``."""

    @abstractmethod
    def show_table(self, view: V) -> list[str]:
        """What the human sees before choosing (their hand, the table)."""

    def resumed_table(self, view: V) -> list[str]:
        """The table shown when a saved game is resumed (by default what the human's
        prompts show)."""
        return self.show_table(view)

    @abstractmethod
    def human_turn(self, asker: Asker, view: V, legal: Sequence[A]) -> A:
        """The human's choice, read through ``asker``; the session checks it is legal."""

    def automatic(self, view: V, legal: Sequence[A]) -> A | None:
        """An action taken for the human without asking (``None``: ask): a choice the rules
        leave them none of, such as passing a Utility window with no card to play."""
        return None

    def covers_table(self, view: V) -> bool:
        """Whether the screen is cleared before the human's prompt (a memory game hides what
        was seen; only where the output is a terminal)."""
        return False

    def commands(self, view: V) -> list[Command]:
        """The game's own commands at the human's prompts."""
        return []

    # --- the table as cards (optional) -------------------------------------------------

    def zones(self, view: V, legal: Sequence[A]) -> list[Zone]:
        """The cards a player at the real table sees from ``view`` (their hand, the piles,
        what lies on the table, the others' hands as backs or counts), never more than
        the view holds; each card with the texts of the actions of ``legal`` it starts.
        By default none: the web table then shows the lines of :meth:`show_table`."""
        return []

    def scores(self, view: V) -> list[Score]:
        """Each player's standing as the table shows it (points, cash, cards dealt); by
        default none."""
        return []

    def move_label(self, action: A) -> str | None:
        """What a button of the web table says ``action`` does, when the front words it
        better than the action's own ``describe()`` (cards named as the table shows
        them); by default ``None``: the action's own words."""
        return None

    def typed_moves(self, view: V, legal: Sequence[A]) -> list[TypedMove]:
        """The moves of ``legal`` a person writes rather than picks (the terminal asks
        for their words in :meth:`human_turn`), for the web table; by default none."""
        return []

    def describe_problem(self, action: A, reason: str) -> str:
        """Why the engine refused ``action``, for the person who typed it."""
        describe = getattr(action, "describe", None)
        what = describe() if callable(describe) else "do that"
        return f"You cannot {what}: {reason}."

    # --- helpers -------------------------------------------------------------------------

    def name(self, seat: int) -> str:
        """A seat's name, in bold when colour is on."""
        return self.terminal.paint(self.names[seat], "name")

    def obj(self, seat: int) -> str:
        """A seat's name as an object: ``you`` for the human."""
        return "you" if seat == self.human else self.name(seat)

    def your(self, seat: int) -> str:
        """``Your`` for the human, ``Ana's`` for a bot: whose table a replay shows."""
        return "Your" if seat == self.human else f"{self.names[seat]}'s"

    def possessive(self, seat: int) -> str:
        """``your`` for the human, ``Ana's`` for a bot."""
        return "your" if seat == self.human else f"{self.name(seat)}'s"

    def verb(self, seat: int, you: str, other: str) -> str:
        """The verb form for the seat: ``draw`` after You, ``draws`` after a name."""
        return you if seat == self.human else other


def numbers(count: int) -> str:
    """The numbers a menu of ``count`` choices takes, as a prompt shows them: ``1-4``, or
    ``1`` for a single choice."""
    return "1" if count == 1 else f"1-{count}"


def bot_name(game: LoadedGame, kind: str, level: str) -> str:
    """The game's bot for ``--bot`` ``kind`` and ``--level`` ``level``: random play, the
    game's bot of that name if it has one (Chinchón and Chin Music call their levels easy,
    medium and hard), else ``level`` read on the game's own ladder: ``easy`` its weakest
    bot that plays to win, ``hard`` its strongest, anything else its default (the middle
    of its rating ladder)."""
    if kind == "random":
        return "random"
    names = {spec.name for spec in game.bots}
    if level in names:
        return level
    playing = sorted(
        (spec for spec in game.bots if spec.name != "random"), key=lambda spec: spec.strength
    )
    if playing and level == "easy":
        return playing[0].name
    if playing and level == "hard":
        return playing[-1].name
    return game.default_bot


def params_from_words(game: LoadedGame, players: int, words: Sequence[str]) -> Params:
    """The engine parameters for ``players`` and the ``--variant`` words: a variant's id
    (``cards/<game>/variants.yaml``, with the parameters it sets) or an engine parameter
    as in ``reentries=2`` or ``no-jokers``.

    Raises ``ValueError`` (:class:`BadInput` or :class:`~bots.core.GameConfigError`)
    with a sentence naming the bad word and what is known.
    """
    spec = game.engine.param_spec
    switches = {param.name for param in spec if param.kind is bool}
    chosen: dict[str, object] = {"players": players}
    engine_words = []
    for word in words:
        if word in game.variants:
            chosen.update(game.variants[word])
            continue
        name = word.replace("-", "_")
        if "=" not in word and name not in switches and name.removeprefix("no_") not in switches:
            variants = ", ".join(game.variants) or "none"
            example = next(
                (f", as in {p.name}=..." for p in spec if p.kind is int and p.name != "players"), ""
            )
            raise BadInput(
                f"unknown variant {word!r} for {game.title} (variants: {variants}; "
                f"engine parameters: {', '.join(param.name for param in spec)}{example})"
            )
        engine_words.append(word)
    chosen.update(spec.read_args(engine_words))  # typed parameters win over a variant's
    return spec.parse(chosen)


def default_names(players: int, human: int) -> tuple[str, ...]:
    """The players' names: ``You`` at the human's seat, bot names at the others."""
    names = iter(BOT_NAMES)
    return tuple(YOU if seat == human else next(names) for seat in range(players))
