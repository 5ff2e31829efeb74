"""Chin Music at the terminal: the front end of ``pnp play chin-music``.

The memory challenge is real: a card is shown when it is played and then
covered. At a terminal the screen (and what scrolled off it) is cleared before
each of the human's prompts, after a pause to read a fight; the human's panel
shows only what a player at the table sees: their own fronts, the others'
backs, the top card, who played each stack card, the recitation being judged.

* **Play** a card by position or word (any capitals or punctuation).
* **Recite** the stack from the bottom, from memory: words separated by
  commas on one line, or one per line until the stack is named (an empty line
  ends early). Words match as they sound (``oh yeah`` names *Oh Yeah?*); a
  word that is not in the deck is refused (``words`` lists the deck, which is
  printed on the cards anyway).
* **Call out** a bot after its recitation (y/n), and be called out by bots.
* **Fight or pass** when nobody called, seeing the Boast a right recitation
  would earn and the Ruffians known.

A fight shows the whole flipped stack (Boast, Ruffians, whether each card
counted), what was said, the sums and the result. ``--level`` sets the bots'
memory (easy, medium, hard).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bots.games.chin_music import (
    CallOut,
    ChinMusic,
    ChinMusicAction,
    ChinMusicView,
    Fight,
    FightRecord,
    NoCall,
    Pass,
    Play,
    Recite,
    spoken,
)
from bots.games.chin_music.cards import Deck
from pnp.play.front import Asker, BadInput, Command, GameFront, Score, TypedMove, Zone
from pnp.play.terminal import Terminal, fit_row, quoted, rule, sentence, wrap

if TYPE_CHECKING:
    from pnp.registry import LoadedGame

_YES = frozenset({"y", "yes", "call"})
_NO = frozenset({"n", "no"})
_FIGHT = frozenset({"f", "fight"})
_PASS = frozenset({"p", "pass"})


def _cards(number: int) -> str:
    return f"{number} card" if number == 1 else f"{number} cards"


class ChinMusicFront(GameFront[ChinMusic, ChinMusicAction, ChinMusicView]):
    """Chin Music's front end (see the module docstring)."""

    game_id = "chin-music"
    title = "Chin Music"
    default_players = 4

    def __init__(
        self, game: LoadedGame, terminal: Terminal, names: Sequence[str], human: int
    ) -> None:
        super().__init__(game, terminal, names, human)
        self.deck: Deck = game.data
        self.careful = False
        self.generous = False
        self.hand_size = 4

    # --- setup ---------------------------------------------------------------------------

    def begin(self, state: ChinMusic) -> None:
        self.careful = state.careful
        self.generous = state.generous
        self.hand_size = state.hand_size

    # --- texts ---------------------------------------------------------------------------

    def opening(self, state: ChinMusic) -> list[str]:
        self.hold = True  # the screen is covered at the first prompt: read this first
        lines = []
        if self.careful:
            lines += wrap("Variant: careful call-outs (a wrong call-out knocks the caller out).")
        if self.generous:
            lines += wrap(
                "Variant: generous call-outs (a wrong caller fights with the reciter's recitation)."
            )
        lines += wrap(
            f"Everyone is dealt {self.hand_size} cards a bout; win fights to be dealt fewer. "
            "Dealt a single card, you win."
        )
        if not state.log:
            first = state.first_player
            lines.append(self._bout_line(1, first))
        return lines

    def _bout_line(self, bout: int, first: int) -> str:
        starts = self.verb(first, "start", "starts")
        return self.terminal.paint(f"── Bout {bout}", "title") + f": {self.name(first)} {starts}."

    def rules_summary(self, state: ChinMusic) -> list[str]:
        if self.careful:
            wrong = "a wrong call-out knocks the caller out of the bout (careful call-outs)"
        elif self.generous:
            wrong = "a wrong one makes the caller fight with your recitation (generous call-outs)"
        else:
            wrong = (
                "a wrong one makes the caller fight having recited nothing, with 1 Boast for "
                "each of their own stack cards: a call-out is a risk, so make it only when "
                "you are sure"
            )
        paragraphs = [
            "Chin Music in brief (the full rules: cards/chin-music/pages/rules.md).",
            "Each Bout card has a word and its Boast on the front and Ruffians on the back. "
            "You see the fronts of your own cards and the backs of everyone else's.",
            "On your turn play a card onto the stack, then recite the whole stack from the "
            "bottom up. Only the top card shows: the rest you must remember.",
            "After a recitation any other player may call you out. A right call-out makes you "
            f"fight, counting only what you said; {wrong}.",
            "If nobody calls, pass or fight. You may fight when two stack cards are yours or "
            "another player's hand is empty; when every hand is empty you must.",
            "A fight: your Boast is the Boast of every card you named once and in its place, "
            "plus 1 for each stack card you played. It must beat the Ruffians on the backs of "
            "the whole stack.",
            f"Win and you are dealt one card fewer each bout; lose and one more (never above "
            f"{self.hand_size}). The player after the fighter starts the next bout. Dealt a "
            "single card, you win.",
        ]
        lines: list[str] = []
        for paragraph in paragraphs:
            lines += wrap(paragraph, "- ", bullet=True) if lines else wrap(paragraph)
        return lines

    def summary(self, state: ChinMusic) -> list[str]:
        over = state.is_terminal
        bouts = f"{state.bout} bout{'s' * (state.bout != 1)}"
        heading = "Cards dealt each bout, at the end" if over else f"After {bouts}"
        lines = ["", self.terminal.paint(heading, "title")]
        width = max(map(len, self.names))
        for seat, count in enumerate(state.draw_counts):
            note = "wins" if seat in state.winners else ""
            name = self.terminal.paint(self.names[seat].ljust(width), "name")
            lines.append(f"  {name}  dealt {count}  {note}".rstrip())
        if over:
            fights = len(state.fights)
            winners = state.winners
            if len(winners) == 1 and winners[0] == self.human:
                lines.append(self.terminal.paint("You win the game!", "good"))
            else:
                names = " and ".join(self.name(seat) for seat in winners)
                lines.append(f"{names} {'wins' if len(winners) == 1 else 'share'} the game.")
            lines.append(f"{bouts}, {fights} fight{'s' * (fights != 1)}.")
        return lines

    # --- the table -----------------------------------------------------------------------

    def covers_table(self, view: ChinMusicView) -> bool:
        return True

    def zones(self, view: ChinMusicView, legal: Sequence[ChinMusicAction]) -> list[Zone]:
        from pnp.table.zones_chin_music import chin_music_zones

        return chin_music_zones(self, view, legal)

    def scores(self, view: ChinMusicView) -> list[Score]:
        from pnp.table.zones_chin_music import chin_music_scores

        return chin_music_scores(self, view)

    def show_table(self, view: ChinMusicView) -> list[str]:
        lines = [""]
        heading = f"── Bout {view.bout} · stack {_cards(view.stack_size)} "
        lines.append(self.terminal.paint(rule(heading, 40), "dim"))
        dealt = " · ".join(
            f"{self.name(seat)} {count}" for seat, count in enumerate(view.draw_counts)
        )
        lines += wrap(f"Cards dealt each bout (one wins): {dealt}")
        if view.phase == "play":
            lines += self._backs_lines(view)
            lines += self._top_lines(view)
            lines += self.hand_lines(view)
        elif view.phase == "recite":
            lines += self._top_lines(view)
            if not view.hand and view.stack_size and view.top is not None:
                lines.append("You have no cards left: you only recite.")
        elif view.phase == "call":
            reciter = view.reciter if view.reciter is not None else view.player
            said = ", ".join(view.recitation or ()) or "nothing"
            lines += self._top_lines(view)
            lines += wrap(sentence(f"{self.name(reciter)} recited: {said}."))
        elif view.phase == "decide":
            lines += self._top_lines(view)
            lines += self._fight_estimate(view)
        return lines

    def _top_lines(self, view: ChinMusicView) -> list[str]:
        if view.top is None:
            return ["The stack is empty."]
        players = ", ".join(self.obj(seat) for seat in view.stack_players)
        return wrap(
            f"Stack: {_cards(view.stack_size)} (played by {players}); on top: "
            f"{self._front(view.top.word, view.top.boast)}."
        )

    def _backs_lines(self, view: ChinMusicView) -> list[str]:
        parts = [
            f"{self.name(seat)} {' '.join(map(str, backs))}"
            for seat, backs in enumerate(view.hand_backs)
            if seat != view.player and backs
        ]
        return wrap("Ruffians on the backs of their hands: " + " · ".join(parts)) if parts else []

    def hand_lines(self, view: ChinMusicView) -> list[str]:
        if not view.hand:
            return [f"{self.your(view.player)} hand is empty."]
        blind = "you cannot see your" if view.player == self.human else "they cannot see their"
        lines = [f"{self.your(view.player)} hand ({blind} own backs):"]
        for position, front in enumerate(view.hand, start=1):
            lines.append(f"  {position}  {self._front(front.word, front.boast)}")
        return lines

    def _front(self, word: str, boast: int) -> str:
        return f"{self.terminal.paint(word, 'name')} (Boast {boast})"

    def _fight_estimate(self, view: ChinMusicView) -> list[str]:
        deck = self.deck
        said = view.recitation or ()
        sounds = [spoken(word) for word in said]
        boast = 0
        for word in said:
            index = deck.find(word)
            if index is not None and sounds.count(spoken(word)) == 1:
                boast += deck.cards[index].boast
        own = view.own_cards_in_stack
        known = [ruffians for ruffians in view.stack_ruffians if ruffians is not None]
        return wrap(
            f"Nobody called you out. If you recited right, your Boast is {boast} + {own} for "
            f"your own cards = {boast + own}. The Ruffians you know of add up to {sum(known)}, "
            f"plus the unseen backs of your {_cards(own)}."
        )

    def commands(self, view: ChinMusicView) -> list[Command]:
        def words() -> list[str]:
            listed = ", ".join(f"{card.word} ({card.boast})" for card in self.deck.cards)
            return wrap(f"The Bout deck's words (Boast): {listed}")

        return [
            Command("hand", "show your hand again", lambda: self.hand_lines(view)),
            Command("words", "list every word of the deck with its Boast", words),
        ]

    # --- the human's turn ----------------------------------------------------------------

    def human_turn(
        self, asker: Asker, view: ChinMusicView, legal: Sequence[ChinMusicAction]
    ) -> ChinMusicAction:
        phase = view.phase
        if phase == "play":
            return self._play(asker, view)
        if phase == "recite":
            return self._recite(asker, view)
        if phase == "call":
            reciter = view.reciter if view.reciter is not None else view.player
            if self.careful:
                risk = "if the recitation was right, you are knocked out of this bout"
            elif self.generous:
                risk = (
                    f"if the recitation was right, you fight with {self.names[reciter]}'s "
                    "recitation"
                )
            else:
                risk = (
                    "if the recitation was right, you fight having recited nothing: only 1 "
                    "Boast for each of your own stack cards, which seldom beats the Ruffians"
                )
            help_lines = wrap(
                f"Call {self.names[reciter]} out if the recitation was wrong: then they must "
                f"fight, with only what they said counting. But {risk}."
            )
            calls = asker.ask_yes_no(f"Call {self.names[reciter]} out? (y/n)", help_lines)
            return CallOut(view.player) if calls else NoCall(view.player)
        return self._decide(asker, view)

    def _play(self, asker: Asker, view: ChinMusicView) -> ChinMusicAction:
        hand = view.hand
        positions = "1" if len(hand) == 1 else f"1-{len(hand)}"
        help_lines = [
            f"Play one of your cards onto the stack: type its position ({positions}) or its word.",
            "Then you recite the whole stack from the bottom.",
        ]

        def parse(text: str) -> ChinMusicAction:
            if text.isdigit():
                position = int(text)
                if not 1 <= position <= len(hand):
                    only = "1" if len(hand) == 1 else f"1 to {len(hand)}"
                    raise BadInput(f"There is no card {position}: type {only}.")
                return Play(view.player, hand[position - 1].word)
            sound = spoken(text)
            for front in hand:
                if spoken(front.word) == sound:
                    return Play(view.player, front.word)
            raise BadInput(
                f"{quoted(text)} is not in your hand: type a position ({positions}) or a word "
                "of your hand."
            )

        return asker.ask(f"Play which card ({positions} or its word)?", parse, help_lines)

    def typed_moves(self, view: ChinMusicView, legal: Sequence[ChinMusicAction]) -> list[TypedMove]:
        """The recitation, written at the web table (as :meth:`_recite` asks for it)."""
        recite = [str(action) for action in legal if isinstance(action, Recite)]
        if not recite:
            return []
        return [
            TypedMove(
                prefix=f"{view.player}:recite:",
                label=f"Recite the stack of {_cards(view.stack_size)} from the bottom",
                help="The words of the stack, the bottom card first, separated by commas; "
                "capitals and punctuation do not matter. Only what you name in its place "
                "earns its Boast, and anyone may call you out for a mistake.",
                replaces=tuple(recite),
            )
        ]

    def _recite(self, asker: Asker, view: ChinMusicView) -> ChinMusicAction:
        size = view.stack_size
        deck = self.deck
        help_lines = wrap(
            "Say every card of the stack from the bottom up: words separated by commas on one "
            "line, or one word per line until the stack is named (an empty line ends early). "
            "Capitals and punctuation do not matter. Only what you name in its place earns "
            "its Boast; anyone may call you out for a mistake. words lists the deck."
        )

        def words_of(text: str) -> list[str]:
            said = [piece.strip() for piece in text.replace(";", ",").split(",")]
            found = []
            for word in said:
                if not word:
                    continue
                index = deck.find(word)
                if index is None:
                    raise BadInput(
                        f"{quoted(word)} is not a word of the Bout deck (type words to list them). "
                        "Type that line again."
                    )
                found.append(deck.cards[index].word)
            return found

        def first_line(text: str) -> tuple[list[str], bool]:
            return words_of(text), "," in text or ";" in text

        said, done = asker.ask(
            f"Recite the stack of {_cards(size)} from the bottom (commas between words):",
            first_line,
            help_lines,
        )
        while not done and len(said) < size:
            more = asker.ask(f"  card {len(said) + 1} (empty line to end):", words_of, (), True)
            if not more:
                break
            said += more
        return Recite(view.player, tuple(said))

    def _decide(self, asker: Asker, view: ChinMusicView) -> ChinMusicAction:
        help_lines = wrap(
            "Fight now to test your Boast against the Ruffians of the whole stack (win and "
            "you are dealt one card fewer, lose and one more), or pass and let the bout go on."
        )

        def parse(text: str) -> ChinMusicAction:
            word = text.lower()
            action: ChinMusicAction
            if word in _FIGHT:
                action = Fight(view.player)
            elif word in _PASS:
                action = Pass(view.player)
            else:
                raise BadInput("Type f to fight or p to pass.")
            problem = asker.why_not(action)
            if problem is not None:
                raise BadInput(problem)
            return action

        return asker.ask("Fight or pass? (f/p)", parse, help_lines)

    # --- narration -----------------------------------------------------------------------

    def narrate(
        self, before: ChinMusicView, action: ChinMusicAction, after: ChinMusicView
    ) -> list[str]:
        seat = action.player
        name = self.name(seat)
        lines: list[str] = []
        reciter = before.reciter if before.reciter is not None else seat
        if isinstance(action, Play):
            top = after.top
            boast = f"Boast {top.boast}" if top is not None else ""
            word = top.word if top is not None else action.word
            back = after.stack_ruffians[-1] if after.stack_ruffians else None
            ruffians = "Ruffian" if back == 1 else "Ruffians"
            shows = f"; its back shows {back} {ruffians}" if back is not None else ""
            plays = self.verb(seat, "play", "plays")
            lines += wrap(f"{name} {plays} {self.terminal.paint(word, 'name')} ({boast}{shows}).")
        elif isinstance(action, Recite):
            said = ", ".join(action.words) or "nothing"
            lines += wrap(sentence(f"{name} {self.verb(seat, 'recite', 'recites')}: {said}."))
        elif isinstance(action, CallOut):
            calls = self.verb(seat, "call", "calls")
            lines.append(f"{name} {calls} {self.obj(reciter)} out!")
            if after.knocked_out[seat] and not before.knocked_out[seat]:
                lines += wrap(
                    f"The recitation was right: {name} {self.verb(seat, 'are', 'is')} knocked "
                    "out of this bout."
                )
        elif isinstance(action, NoCall):
            if after.phase != "call" or after.reciter != before.reciter:
                lines.append(f"Nobody calls {self.obj(reciter)} out.")
        elif isinstance(action, Fight):
            lines.append(f"{name} {self.verb(seat, 'choose', 'chooses')} to fight!")
        elif isinstance(action, Pass):
            lines.append(f"{name} {self.verb(seat, 'pass', 'passes')}.")
        if after.last_fight is not None and after.last_fight is not before.last_fight:
            lines += self._fight_lines(after.last_fight)
            self.hold = True
        if after.bout != before.bout and not after.winners:
            lines.append(self._bout_line(after.bout, after.first_player))
        return lines

    def _fight_lines(self, fight: FightRecord) -> list[str]:
        # Every name here stands inside a sentence: "you" for the human.
        fighter = self.obj(fight.fighter)
        reciter = self.obj(fight.reciter)
        called = reciter
        caller = self.obj(fight.caller) if fight.caller is not None else ""
        lines = [self.terminal.paint(f"── Fight: {self.names[fight.fighter]}", "title")]
        caller = caller[:1].upper() + caller[1:]
        if fight.reason == "caught":
            lines += wrap(
                f"{caller} rightly called {called} out, so {reciter} "
                f"{self.verb(fight.reciter, 'fight', 'fights')} with what was said."
            )
        elif fight.reason == "wrong-call" and fight.caller is not None:
            what = (
                f"{self.possessive(fight.reciter)} recitation"
                if self.generous
                else "nothing recited: only their own cards' Boast counts"
            )
            if not self.generous and fight.caller == self.human:
                what = "nothing recited: only your own cards' Boast counts"
            lines += wrap(
                f"{caller} wrongly called {called} out, so {caller} "
                f"{self.verb(fight.caller, 'fight', 'fights')} with {what}."
            )
        elif fight.reason == "everyone-empty":
            lines += wrap(
                f"Every hand is empty, so {fighter} {self.verb(fight.fighter, 'have', 'has')} "
                "to fight."
            )
        lines.append("The stack, flipped, bottom to top:")
        width = max(len(card.word) for card in fight.stack)
        for number, card in enumerate(fight.stack, start=1):
            counts = "counts" if card.counted else "does not count"
            head = f"  {number:>2}. {card.word:<{width}}  Boast {card.boast}  Ruffians "
            head += f"{card.ruffians}  "
            lines += fit_row(head, f"{counts:<14} ({self.names[card.player]})")
        lines += wrap(f"Recited: {', '.join(fight.recited) or 'nothing'}.")
        counted = [f"{card.boast} ({card.word})" for card in fight.stack if card.counted]
        own = _cards(fight.own_cards).replace("card", "own card")
        extra = [f"{fight.own_cards} for {own}"] if fight.own_cards else []
        boast = " + ".join([*counted, *extra]) or "0"
        lines += wrap(f"Boast: {boast} = {fight.boast}.")
        ruffians = " + ".join(str(card.ruffians) for card in fight.stack)
        lines += wrap(f"Ruffians: {ruffians} = {fight.ruffians}.")
        wins = self.verb(fight.fighter, "win", "wins") if fight.won else None
        if wins is not None:
            result = f"{fight.boast} beats {fight.ruffians}: {fighter} {wins}"
        else:
            loses = self.verb(fight.fighter, "lose", "loses")
            result = f"{fight.boast} does not beat {fight.ruffians}: {fighter} {loses}"
        dealt = self.verb(fight.fighter, "are", "is")
        lines += wrap(
            f"{result} and {dealt} dealt {_cards(fight.draw_count)} from now on.",
        )
        return lines
