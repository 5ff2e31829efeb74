"""Joe's Bar at the terminal: the front end of ``pnp play joes-bar``.

The bar is one screen (:meth:`JoesBarFront.show_table`): every patron with BL, cards in
hand, the HITs in front of them, the Bar card in their slot, who is in the brawl and who
is out for the round; the Bar cards in the centre; the HIT in flight; the Utility pause
in its resolution order; the round, how long the song has played and the knockouts.

The human chooses from a numbered list of their legal actions (or types the action as
the engine writes it, ``hit:2:jab``). When a HIT comes at them the list is headed by the
answers the rules give that they may not take, each with the reason (the first-hit
rule, the older draft's dodge limit, no Swoosh card). A Utility card aimed only at
patrons immune to what it does (Lady Lou and poison) is left out of the list, with the
reason under it; one that is only partly wasted is marked where its aims are listed
(the rules allow both plays: the effect does nothing). Utility windows ask only when the
human holds a Utility card they may play now (Enter passes). Everything is told in the
order it happened, each effect after its cause, from the engine's events
(:class:`~bots.games.joes_bar.Told`). The End phase of each round is a small table (HITs,
BL before, BL lost, BL left, knockouts). ``--decision ID=beta|draft`` plays
either side of each of the seven open decisions.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from bots.games.joes_bar import (
    Dodge,
    Draw,
    Fling,
    Hit,
    JoesBar,
    JoesBarAction,
    JoesBarView,
    Pass,
    Swoosh,
    Told,
    Trick,
)
from bots.games.joes_bar.rules import DECISIONS
from pnp.play.front import Asker, BadInput, Command, GameFront, Score, Zone, numbers
from pnp.play.joes_bar_table import (
    Words,
    end_table,
    hand_groups,
    minutes,
    pause_order,
    piece_text,
)
from pnp.play.terminal import Terminal, fit_row, rule, sentence, wrap

if TYPE_CHECKING:
    from pnp.registry import LoadedGame

#: Menu entries are set in two columns when there are more than this many.
_ONE_COLUMN = 8
_THEY = {"they": "you", "them": "you", "their": "your", "themselves": "yourself"}


def _for_you(reason: str, words: Words) -> str:
    """An engine reason ("they must hit back at player 3") said to the human ("you must
    hit back at Carla")."""
    reason = re.sub(r"\b(they|them|their|themselves)\b", lambda m: _THEY[m.group(1)], reason)
    return re.sub(r"\bplayer (\d+)\b", lambda m: _seat_name(int(m.group(1)), words), reason)


def _seat_name(seat: int, words: Words) -> str:
    return words.obj(seat) if 0 <= seat < len(words.names) else f"player {seat}"


def _merged(refused: Sequence[str]) -> list[str]:
    """``hit someone else: R at Ben`` and ``dodge: R`` as ``hit someone else or dodge: R``."""
    merged: list[tuple[str, str]] = []
    for line in refused:
        what, _, why = line.partition(": ")
        for index, (others, reason) in enumerate(merged):
            if why.startswith(reason) or reason.startswith(why):
                merged[index] = (f"{others} or {what}", min(why, reason, key=len))
                break
        else:
            merged.append((what, why))
    return [f"{what}: {why}" for what, why in merged]


class JoesBarFront(GameFront[JoesBar, JoesBarAction, JoesBarView]):
    """Joe's Bar's front end (see the module docstring)."""

    game_id = "joes-bar"
    title = "Joe's Bar"
    default_players = 4

    def __init__(
        self, game: LoadedGame, terminal: Terminal, names: Sequence[str], human: int
    ) -> None:
        super().__init__(game, terminal, names, human)
        kinds = {kind.id: kind for kind in game.data.kinds}
        self.words = Words(names, human, kinds)
        self.traits: dict[str, str] = {}
        for card in game.game.deck("patron").cards:
            trait = getattr(card, "trait", None)
            if trait is not None:
                self.traits[card.id] = f"{trait.name}: {trait.text}"
        self._view: JoesBarView | None = None
        #: The game being told (its events are read after each move).
        self._state: JoesBar | None = None

    # --- texts ---------------------------------------------------------------------------

    def opening(self, state: JoesBar) -> list[str]:
        view = state.view(self.human)
        drafts = [name for name in DECISIONS if getattr(view.rules, name) != "beta"]
        lines: list[str] = []
        if drafts:
            words = ", ".join(name.replace("_", " ") for name in drafts)
            lines += wrap(f"Older draft's rules for: {words}; the beta's for the rest.")
        else:
            lines += wrap("The beta's rules for all seven open decisions.")
        lines += self._patron_lines(view)
        lines += wrap(
            f"The game ends at {view.knockouts_to_end} knockouts in all. Each round lasts one "
            "song (you hear how long it is only as it plays)."
        )
        if not state.log:
            lines.append(self._round_line(view))
        return lines

    def _patron_lines(self, view: JoesBarView) -> list[str]:
        lines = []
        for seat, shown in enumerate(view.seats):
            if shown.patron is None:
                continue
            trait = self.traits.get(shown.patron.id, shown.patron.trait.name)
            lines += wrap(
                f"{self.names[seat]}: {shown.patron.name}, BL {shown.booze}. {trait}", "  "
            )
        return lines

    def _round_line(self, view: JoesBarView) -> str:
        starter = self.words.obj(view.starter)
        return self.terminal.paint(f"── Round {view.round}", "title") + (
            f": the song starts; {starter} {self.words.verb(view.starter, 'start', 'starts')}."
        )

    def rules_summary(self, state: JoesBar) -> list[str]:
        view = state.view(self.human)
        paragraphs = [
            "Joe's Bar in brief (the full rules: cards/joes-bar/pages/rules.md).",
            "Your Booze Level (BL) is your health and the cards you draw up to each round. A "
            "round lasts one song; then each player's HITs are counted.",
            "On your turn drink, grab a Bar card from the centre into your empty slot, play a "
            "Utility card, then throw a HIT at a neighbour (or anyone in your brawl). Reach "
            "throws at anyone.",
            "A player hit must answer: hit back (compulsory on the first HIT of the round), "
            "hit someone else, or discard any card to pass the HIT to the next player. With "
            "no card at all, draw from the discard pile: a HIT card is thrown, anything else "
            "and you lose 1 BL and are out for the round. A HIT that is not answered lands.",
            "Utility cards (rob, poison, interrupt) pause the chain; everyone may add one, and "
            "they resolve clockwise from the left of whoever started, the starter last.",
            "End of the round: the fewest HITs lose 1 BL (none at all: 0), everyone else 2. "
            "At 0 BL a patron is knocked out and replaced.",
        ]
        if view.rules.winning == "beta":
            paragraphs.append(
                f"The game ends at {view.knockouts_to_end} knockouts in all: 10 points, less 2 "
                "for each patron lost and 1 for each BL missing; the most points win."
            )
        else:
            paragraphs.append(
                f"The game ends at {view.knockouts_to_end} knockouts in all: the highest BL "
                "wins (older draft)."
            )
        drafts = [name for name in DECISIONS if getattr(view.rules, name) != "beta"]
        if drafts:
            paragraphs.append(
                "Older draft's rules played: "
                + ", ".join(name.replace("_", " ") for name in drafts)
                + " (cards/joes-bar/pages/rules.md gives both sides)."
            )
        lines: list[str] = []
        for paragraph in paragraphs:
            lines += wrap(paragraph, "- ", bullet=True) if lines else wrap(paragraph)
        return lines

    def summary(self, state: JoesBar) -> list[str]:
        view = state.view(self.human)
        over = state.is_terminal
        rounds = view.round - (0 if over else 1)
        if over:
            heading = "At the end"
        elif rounds:
            heading = f"After {rounds} round{'s' * (rounds != 1)}"
        else:
            heading = "Standings (no round has ended yet)"
        lines = ["", self.terminal.paint(heading, "title")]
        width = max(map(len, self.names))
        points = "points" if view.rules.winning == "beta" else "BL"
        lines.append(f"  {'':<{width}}  {points:>6}  patrons lost")
        for seat, shown in enumerate(view.seats):
            lost = ", ".join(shown.lost_patrons) or "none"
            score = shown.standing if view.rules.winning == "beta" else shown.booze
            lines.append(f"  {self.names[seat]:<{width}}  {score:>6}  {lost}")
        if over and view.winners:
            if view.winners == (self.human,):
                lines.append(self.terminal.paint("You win the game!", "good"))
            else:
                names = " and ".join(self.names[seat] for seat in view.winners)
                lines.append(f"{names} {'wins' if len(view.winners) == 1 else 'share'} the game.")
            scores = [
                seat.standing if view.rules.winning == "beta" else seat.booze for seat in view.seats
            ]
            best = scores[view.winners[0]]
            if len(view.winners) < scores.count(best):
                lines += wrap(f"(Tied on {points}: the fewest HITs in front of them decides.)")
        return lines

    # --- the table -----------------------------------------------------------------------

    def zones(self, view: JoesBarView, legal: Sequence[JoesBarAction]) -> list[Zone]:
        from pnp.table.zones_joes_bar import joes_bar_zones

        return joes_bar_zones(self, view, legal)

    def scores(self, view: JoesBarView) -> list[Score]:
        from pnp.table.zones_joes_bar import joes_bar_scores

        return joes_bar_scores(self, view)

    def show_table(self, view: JoesBarView) -> list[str]:
        self._view = view
        terminal = self.terminal
        heading = (
            f"── Round {view.round} · song played {minutes(view.song_played)} · knockouts "
            f"{view.knockouts} of {view.knockouts_to_end} "
        )
        lines = ["", terminal.paint(rule(heading, 78), "dim")]
        width = max(map(len, self.names))
        patron_width = max(
            (len(seat.patron.name) for seat in view.seats if seat.patron is not None), default=6
        )
        lines.append(
            f"  {'':<{width}}  {'patron':<{patron_width}}  BL  cards  HITs  Bar card / state"
        )
        for seat, shown in enumerate(view.seats):
            patron = shown.patron.name if shown.patron is not None else "-"
            slot = view.slots[seat]
            notes = [slot.name if slot is not None else "-"]
            if shown.out:
                notes.append("out for the round")
            elif shown.in_brawl:
                notes.append("in the brawl")
            if seat == view.current_player:
                notes.append("to act")
            name = terminal.paint(self.names[seat].ljust(width), "name")
            head = (
                f"  {name}  {patron:<{patron_width}}  {shown.booze:>2}  {shown.hand_size:>5}  "
                f"{shown.hits:>4}  "
            )
            lines += fit_row(head, ", ".join(notes))
        named = [piece_text(p) if view.phase == "turn" else p.name for p in view.centre]
        centre = ", ".join(named) or "none"
        lines += wrap(f"Bar cards in the centre: {centre}.")
        if view.attack is not None and view.attack.target != view.player:
            lines += wrap(f"HIT in flight: {self._attack_text(view)}.")
        if view.pause:
            lines += self._pause_lines(view)
        lines += self.hand_lines(view)
        return lines

    def _attack_text(self, view: JoesBarView) -> str:
        attack = view.attack
        assert attack is not None
        made = [self.words.card(copy.kind.id) for copy in attack.cards]
        if attack.piece is not None:
            made.append(attack.piece.name)
        dodged = {0: "", 1: ", dodged once"}.get(attack.dodges, f", dodged {attack.dodges} times")
        return (
            f"{self.names[attack.attacker]} → {self.words.obj(attack.target)}: "
            f"{' + '.join(made)} ({attack.hits} HIT{'s' * (attack.hits != 1)}{dodged})"
        )

    def _pause_lines(self, view: JoesBarView) -> list[str]:
        entries = []
        for number, index in enumerate(pause_order(view), start=1):
            card = view.pause[index]
            whose = "your" if card.seat == self.human else f"{self.names[card.seat]}'s"
            entries.append(f"{number}. {whose} {self.words.aimed(card.card.kind.id, card.targets)}")
        starter = view.pause_initiator
        last = ""
        if starter is not None and len(entries) > 1:
            resolves = self.words.verb(starter, "resolve", "resolves")
            last = f" ({self.words.obj(starter)} started it and {resolves} last)"
        return wrap(f"Utility pause, resolving in this order{last}: " + "; ".join(entries) + ".")

    def hand_lines(self, view: JoesBarView) -> list[str]:
        if not view.hand and not view.drawn:
            return [f"{self.your(view.player)} hand is empty."]
        slot = view.slots[view.player]
        your = self.your(view.player)
        bar_card = f" {your} Bar card: {piece_text(slot)}." if slot is not None else ""
        lines = wrap(f"{your} hand: {'; '.join(hand_groups(view.hand)) or 'empty'}.{bar_card}")
        if view.drawn:
            lines += wrap(f"Drawn in the last-resort draw: {'; '.join(hand_groups(view.drawn))}.")
        return lines

    def commands(self, view: JoesBarView) -> list[Command]:
        return [
            Command("hand", "show your hand again", lambda: self.hand_lines(view)),
            Command("table", "show the bar again", lambda: self.show_table(view)),
            Command(
                "patrons", "every patron's trait", lambda: self._patron_lines(view) or ["none"]
            ),
        ]

    def automatic(self, view: JoesBarView, legal: Sequence[JoesBarAction]) -> JoesBarAction | None:
        # A Utility window or a pause to join, holding no card that may be played: pass.
        if view.phase in ("window", "join") and all(isinstance(a, Pass) for a in legal):
            return legal[0] if legal else None
        return None

    def describe_problem(self, action: JoesBarAction, reason: str) -> str:
        view = self._view
        what = self.words.choice(action, view) if view is not None else "do that"
        return f"You cannot {what}: {_for_you(reason, self.words)}."

    # --- the human's turn ----------------------------------------------------------------

    def human_turn(
        self, asker: Asker, view: JoesBarView, legal: Sequence[JoesBarAction]
    ) -> JoesBarAction:
        self._view = view
        choices = list(legal)
        lines: list[str] = []
        if view.phase == "answer" and view.attack is not None:
            refused = self._refused_answers(asker, view, choices)
            lines += wrap(
                f"HIT coming at you: {self._attack_text(view)}."
                + (" You may not:" if refused else " Every answer of the rules is open to you.")
            )
            for line in refused:
                lines += wrap(line, "  - ", bullet=True)
        elif view.phase in ("window", "join"):
            lines += wrap(
                "You may play a Utility card now"
                + (" (the pause above is open)." if view.phase == "join" else ", pausing the game.")
            )
        elif view.phase == "limit":
            lines += wrap("Discard down to your hand limit (your BL):")
        else:
            lines.append("Your turn:")
        useless = [action for action in choices if self._shrugged_off(view, action) == "all"]
        groups = self._groups(view, [action for action in choices if action not in useless])
        lines += self._menu([label for label, _, _ in groups])
        lines += self._not_open(view, useless)
        passes = next((action for action in choices if isinstance(action, Pass)), None)
        quick = passes is not None and view.phase in ("window", "join")
        help_lines = [
            f"Type the number of your choice ({numbers(len(groups))}); where it has more than one "
            "target or card you are asked which next (Enter there goes back). You may also "
            "type the action as the engine writes it (hit:2:jab)."
            + (" Enter passes." if quick else ""),
            "hand, table and patrons show the hand, the bar and the traits again.",
        ]

        def parse(text: str) -> int | JoesBarAction:
            if not text and passes is not None:
                return passes
            if text.isdigit():
                number = int(text)
                if 1 <= number <= len(groups):
                    return number - 1
                raise BadInput(f"There is no choice {number}: type 1 to {len(groups)}.")
            written = text if text[:1].isdigit() and ":" in text else f"{view.player}:{text}"
            for action in choices:
                if str(action) == written.replace(" ", ""):
                    return action
            raise BadInput(f"Type a number from 1 to {len(groups)} (help explains the choices).")

        prompt = f"Your choice ({numbers(len(groups))}{', Enter to pass' if quick else ''})?"
        while True:
            asker.tell(lines)
            chosen = asker.ask(prompt, parse, help_lines, allow_empty=quick)
            if not isinstance(chosen, int):
                return chosen
            _, question, actions = groups[chosen]
            if len(actions) == 1:
                return actions[0][1]
            picked = self._which(asker, question, actions)
            if picked is not None:
                return picked
            lines = self._menu([label for label, _, _ in groups])

    def _groups(
        self, view: JoesBarView, legal: Sequence[JoesBarAction]
    ) -> list[tuple[str, str, list[tuple[str, JoesBarAction]]]]:
        """The legal actions as menu entries: one entry for the same cards thrown at any of
        several players, for a dodge with any card, for one Utility card at any target;
        each with the question that picks among them and the answers."""
        words = self.words
        found: dict[object, tuple[str, str, list[tuple[str, JoesBarAction]]]] = {}
        for action in legal:
            if isinstance(action, Hit):
                group: object = ("hit", action.cards)
                label = f"hit with {words.cards(action.cards)}"
                entry = (words.obj(action.target), "At whom?")
            elif isinstance(action, Fling):
                group = ("fling", action.cards)
                piece = view.slots[action.player]
                added = f" + {words.cards(action.cards)}" if action.cards else ""
                label = f"fling the {piece.name if piece else 'Bar card'}{added}"
                entry = (words.obj(action.target), "At whom?")
            elif isinstance(action, Dodge):
                group, label = "dodge", "dodge (discard a card, the HIT passes on)"
                entry = (words.card(action.card), "Discard which card?")
            elif isinstance(action, Trick) and action.targets:
                group, label = ("trick", action.card), f"play {words.card(action.card)}"
                aimed = words.aimed(action.card, action.targets)
                wasted = self._immunities(view, action)
                if wasted:  # part of the card does nothing: say so
                    aimed += f" ({'; '.join(wasted)}: that part does nothing)"
                entry = (aimed, "Which way?")
            else:
                group, label = action, words.choice(action, view)
                entry = (label, "")
            if group not in found:
                found[group] = (label, entry[1], [])
            found[group][2].append((entry[0], action))
        result = []
        for label, question, actions in found.values():
            if len(actions) == 1 and question:
                label = words.choice(actions[0][1], view)
            elif question == "At whom?":
                label += f" (at {', '.join(name for name, _ in actions)})"
            result.append((label, question, actions))
        return result

    def _immunities(self, view: JoesBarView, action: Trick) -> list[str]:
        """What of a Utility card would be shrugged off, each as its reason: ``Ana's Lady
        Lou is immune to poison`` (the engine allows the play; the effect does nothing)."""
        kind = self.words.kinds.get(action.card)
        if kind is None:
            return []
        found = []
        for effect, seat in zip(kind.effects.targets, action.targets, strict=False):
            patron = view.seats[seat].patron if effect != "cancel" else None
            if patron is not None and effect in patron.trait.immune:
                what = "poison" if effect == "poison" else "robbing"
                whose = "your" if seat == self.human else f"{self.words.names[seat]}'s"
                reason = f"{whose} {patron.name} is immune to {what}"
                if reason not in found:
                    found.append(reason)
        return found

    def _shrugged_off(self, view: JoesBarView, action: JoesBarAction) -> str:
        """``all`` when every aim of a Utility card ``action`` would be shrugged off (it
        would do nothing), ``some`` when part of it would, else ``""``."""
        if not isinstance(action, Trick) or not action.targets:
            return ""
        kind = self.words.kinds.get(action.card)
        if kind is None:
            return ""
        aims = [
            (effect, seat)
            for effect, seat in zip(kind.effects.targets, action.targets, strict=False)
            if effect != "cancel"
        ]
        wasted = [
            (effect, seat)
            for effect, seat in aims
            if (patron := view.seats[seat].patron) is not None and effect in patron.trait.immune
        ]
        if not wasted:
            return ""
        return "all" if len(wasted) == len(aims) else "some"

    def _not_open(self, view: JoesBarView, useless: Sequence[JoesBarAction]) -> list[str]:
        """The Utility plays left out of the menu because they would do nothing, with why
        (``Not open now: Spiked Drink at Ana (Ana's Lady Lou is immune to poison: it would
        do nothing).``)."""
        words = self.words
        said: list[str] = []
        for action in useless:
            assert isinstance(action, Trick)
            targets = ", ".join(words.obj(seat) for seat in action.targets)
            why = "; ".join(self._immunities(view, action))
            said.append(f"{words.card(action.card)} at {targets} ({why}: it would do nothing)")
        if not said:
            return []
        return wrap("Not open now: " + "; ".join(said) + ".", " ")

    def _which(
        self, asker: Asker, question: str, actions: Sequence[tuple[str, JoesBarAction]]
    ) -> JoesBarAction | None:
        """One of ``actions`` by number or name; ``None`` for Enter (go back)."""
        asker.tell(self._menu([name for name, _ in actions]))

        def parse(text: str) -> JoesBarAction | None:
            if not text:
                return None
            if text.isdigit() and 1 <= int(text) <= len(actions):
                return actions[int(text) - 1][1]
            for name, action in actions:
                if name.lower() == text.lower():
                    return action
            raise BadInput(f"Type a number from 1 to {len(actions)}, or Enter to go back.")

        return asker.ask(
            f"{question} ({numbers(len(actions))}, Enter to go back)", parse, allow_empty=True
        )

    def _reason(self, asker: Asker, action: JoesBarAction) -> str:
        """Why the engine refuses ``action``, said to the human (without "You cannot")."""
        described = asker.why_not(action) or "not now."
        _, _, why = described.partition(": ")
        return (why or described).removesuffix(".")

    def _refused_answers(
        self, asker: Asker, view: JoesBarView, legal: Sequence[JoesBarAction]
    ) -> list[str]:
        """The answers to a HIT the rules give that the human may not take, with why."""
        attack = view.attack
        assert attack is not None
        me = view.player
        refused: list[str] = []
        hits = [copy.kind.id for copy in view.hand if copy.kind.effects.hit]
        throws = [action for action in legal if isinstance(action, Hit | Fling)]
        if not any(action.target == attack.attacker for action in throws):
            if hits:
                refused.append(
                    f"hit back: {self._reason(asker, Hit(me, attack.attacker, (hits[0],)))}"
                )
            else:
                refused.append("hit back: you hold no HIT card")
        if not any(action.target != attack.attacker for action in throws):
            others = [
                seat
                for seat, shown in enumerate(view.seats)
                if seat not in (me, attack.attacker) and not shown.out
            ]
            if hits and others:
                why = self._reason(asker, Hit(me, others[0], (hits[0],)))
                refused.append(f"hit someone else: {why}")
            elif not hits:
                refused.append("hit someone else: you hold no HIT card")
        if view.hand and not any(isinstance(action, Dodge) for action in legal):
            refused.append(f"dodge: {self._reason(asker, Dodge(me, view.hand[0].kind.id))}")
        if view.rules.swoosh_cards != "beta" and not any(
            isinstance(action, Swoosh) for action in legal
        ):
            refused.append("swoosh it away: you hold no Swoosh card")
        return _merged(refused)

    def _menu(self, entries: Sequence[str]) -> list[str]:
        numbered = [f"{number:>2}. {entry}" for number, entry in enumerate(entries, start=1)]
        column = max(map(len, numbered), default=0) + 2
        width = self.terminal.width
        longest = max(map(len, numbered), default=0)
        if len(numbered) <= _ONE_COLUMN or 2 + column + longest > width:
            lines: list[str] = []
            for number, entry in enumerate(entries, start=1):
                lines += wrap(entry, f"  {number:>2}. ", bullet=True)
            return lines
        half = (len(numbered) + 1) // 2
        rows = []
        for row in range(half):
            left = numbered[row]
            right = numbered[row + half] if row + half < len(numbered) else ""
            rows.append(("  " + left.ljust(column) + right).rstrip())
        return rows

    # --- narration -----------------------------------------------------------------------

    def begin(self, state: JoesBar) -> None:
        # The engine keeps what happens in order, so that each effect is told after its cause.
        state.events = []
        self._state = state

    def _events(self) -> list[Told]:
        state = self._state
        if state is None or state.events is None:
            return []
        events, state.events = state.events, []
        return events

    def narrate(self, before: JoesBarView, action: JoesBarAction, after: JoesBarView) -> list[str]:
        """What the table saw, in the order it happened: the move, then each thing it
        caused (a HIT landing, a BL change with its cause, a rob, a last-resort draw), then
        the End phase and the next round."""
        events = self._events()
        told = self.words.told(action, before)
        lines = wrap(sentence(told)) if told is not None else []
        if before.pause and not after.pause and not any(e.kind == "stop" for e in events):
            lines.append("The Utility pause resolves, in order:")
        in_front = [sum(landed.hits for landed in seat) for seat in before.in_front]
        ends: list[Told] = []
        drawing = isinstance(action, Draw)
        for event in events:
            if event.kind == "end":
                ends.append(event)
                continue
            if event.kind == "land":
                in_front[event.seat] += event.amount
            said = self._event_text(event, in_front, before, drawing)
            if said:
                lines += wrap(said)
        if after.last_round is not before.last_round and after.last_round is not None:
            lines += self._end_lines(after.last_round, before, after, ends)
        elif after.winners and not before.winners:
            lines.append("The game is over.")
        return lines

    def _whose(self, seat: int | None) -> str:
        if seat is None:
            return "the"
        return "your" if seat == self.human else f"{self.names[seat]}'s"

    def _event_text(
        self, event: Told, in_front: Sequence[int], before: JoesBarView, drawing: bool
    ) -> str:
        """One thing that happened, as a sentence with its cause."""
        words = self.words
        seat, by = event.seat, event.by
        whose = self._whose(seat)
        if event.kind == "land":
            count = in_front[seat]
            them = "you" if seat == self.human else "them"
            made = " + ".join(event.cards) or "HIT"
            return (
                f"{self._whose(by).capitalize()} {made} lands on {words.obj(seat)}: "
                f"{count} HIT{'s' * (count != 1)} in front of {them}."
            )
        if event.kind == "bl":
            if event.was == event.now and event.what != "drink":
                return (
                    f"{whose.capitalize()} BL stays at {event.now} ({self._cause(event)}: "
                    "nothing left to lose)."
                )
            return f"{whose.capitalize()} BL: {event.was} → {event.now} ({self._cause(event)})."
        if event.kind == "immune":
            patron = before.seats[seat].patron
            trait = f"{patron.name}'s {patron.trait.name}" if patron is not None else "a trait"
            effect = "poison" if event.what == "poison" else "robbing"
            return (
                f"{self._whose(by).capitalize()} {event.source} does nothing to "
                f"{words.obj(seat)}: {trait} makes {them_of(seat, self.human)} immune to {effect}."
            )
        if event.kind == "rob":
            taker = words.subject(by) if by is not None else "Someone"
            take = words.verb(by, "take", "takes") if by is not None else "takes"
            extra = f", {event.trait} adding to it" if event.trait else ""
            how = f" ({event.source}{extra})" if event.source else ""
            if not event.cards:
                return f"{taker} {take} nothing from {words.obj(seat)}: an empty hand{how}."
            count = len(event.cards)
            if self.human in (seat, by):
                what = ", ".join(event.cards)
            else:
                what = f"{count} card{'s' * (count != 1)}"
            return f"{taker} {take} {what} from {words.obj(seat)}{how}."
        if event.kind == "cancel":
            played = f"{self._whose(by).capitalize()} {event.source}"
            target = f"{whose} {event.what}".strip()
            if event.amount:
                return f"{played} cancels {target}: it does nothing."
            return f"{played} comes too late: {target} has already resolved or been cancelled."
        if event.kind == "draw":
            head = (
                ""
                if drawing
                else (
                    f"{words.subject(seat)} {words.verb(seat, 'have', 'has')} no card to answer "
                    "with: "
                )
            )
            whose = "the" if head else whose
            if seat == self.human:
                found = "a HIT card, which you must throw" if event.amount else "no HIT card"
                text = f"{head}{whose} last-resort draw turns up {', '.join(event.cards)}: {found}."
            elif event.amount:
                text = f"{head}{whose} last-resort draw turns up a HIT card, to be thrown."
            else:
                text = f"{head}{whose} last-resort draw turns up no HIT card."
            return text[0].upper() + text[1:]
        if event.kind == "pass":
            return f"The HIT passes to {words.obj(seat)}."
        if event.kind == "out":
            return f"{words.subject(seat)} {words.verb(seat, 'are', 'is')} out for the round."
        if event.kind == "stop":
            why = "the song ends" if event.what == "song" else "the brawl burns out"
            heading = self.terminal.paint(f"── End of round {before.round}", "title")
            text = f"{heading}: {why} after {minutes(event.now)}"
            if event.raw:
                text += "; the HIT in flight lands"
            if event.amount:
                text += "; the Utility pause is cut short, its cards discarded unresolved"
            return text + "."
        return ""

    def _cause(self, event: Told) -> str:
        """Why a BL changed: ``poison from Ana's Spiked Drink``."""
        by = self._whose(event.by) if event.by is not None else ""
        trait = f", with {event.trait}" if event.trait else ""
        if event.what == "poison":
            return f"poison from {by} {event.source}{trait}".replace("  ", " ")
        if event.what == "drink":
            if event.was == event.now:
                return f"{event.source}: already at the most it may reach"
            return f"{event.source}{trait}"
        if event.what == "fling":
            return f"the {event.source}'s gulp{trait}"
        if event.what == "draw":
            return "a failed last-resort draw costs 1"
        if event.what == "timer":
            return "the sand timer ran out"
        return event.what or "a rule"

    def _end_lines(
        self, record: object, before: JoesBarView, after: JoesBarView, ends: Sequence[Told]
    ) -> list[str]:
        from bots.games.joes_bar import RoundRecord

        assert isinstance(record, RoundRecord)
        lines: list[str] = []
        if not ends:  # told without the engine's events: the heading here
            why = "the song ends" if record.ended_by == "song" else "the brawl burns out"
            heading = self.terminal.paint(f"── End of round {record.number}", "title")
            lines.append(f"{heading}: {why} after {minutes(record.seconds)}.")
        lines += wrap(
            "The End phase: the fewest HITs lose 1 BL (no HITs at all: none), everyone else "
            "2; at BL 0 a patron is knocked out."
        )
        lines += end_table(record, self.names, ends)
        for event in ends:
            patron = before.seats[event.seat].patron
            if event.raw != event.amount and patron is not None:
                lines += wrap(
                    f"{self.words.subject(event.seat)}: {event.raw} HITs in front, "
                    f"{event.amount} counted ({patron.name}'s {patron.trait.name})."
                )
            if event.was <= 0:
                lines += wrap(
                    f"{self._whose(event.seat).capitalize()} BL was already 0 before the End "
                    "phase (lost during the round)."
                )
        self.hold = True
        if not after.winners:
            for seat, shown in enumerate(after.seats):
                if seat in record.knocked_out and shown.patron is not None:
                    lines += wrap(
                        f"{self._whose(seat).capitalize()} new patron: {shown.patron.name} "
                        f"(BL {shown.booze}; {self.traits.get(shown.patron.id, '')})."
                    )
            lines.append(self._round_line(after))
        return lines


def them_of(seat: int, human: int) -> str:
    """``you`` for the human's seat, ``them`` for another."""
    return "you" if seat == human else "them"


__all__ = ["JoesBarFront"]
