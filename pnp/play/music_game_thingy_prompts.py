"""The Music Game Thingy at the terminal: the human's prompts (see
:mod:`pnp.play.music_game_thingy`).

Every prompt lists only what the rules allow now and checks what is typed with the
engine (a bid below the minimum or one that does not beat the best bid, a trade the
label cannot make), saying why in the game's words.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TypeVar

from bots.games.music_game_thingy.actions import (
    Bid,
    BookTour,
    Done,
    LookAt,
    MusicGameThingyAction,
    Offer,
    Pass,
    Play,
)
from bots.games.music_game_thingy.cards import minimum_bid
from bots.games.music_game_thingy.records import MusicGameThingyView
from pnp.catalog.schemas.music_game_thingy import MONEY_STEP
from pnp.play.front import Asker, BadInput, numbers
from pnp.play.music_game_thingy_table import key, money, plural, years
from pnp.play.terminal import quoted, wrap

if TYPE_CHECKING:
    from pnp.play.music_game_thingy import MusicGameThingyFront

Choice = tuple[str, Callable[[], MusicGameThingyAction]]
T = TypeVar("T")


def _numbered(entries: Sequence[str], first: int = 1) -> list[str]:
    """Menu entries numbered from ``first``, each wrapped under its own text."""
    lines = []
    for number, entry in enumerate(entries, start=first):
        lines += wrap(entry, f"  {number:>2}. ", bullet=True)
    return lines


class _Back(Exception):
    """Enter at a follow-up question: back to the list it came from."""


def _back_on_empty(parse: Callable[[str], T]) -> Callable[[str], T]:
    def parse_or_back(text: str) -> T:
        if not text:
            raise _Back
        return parse(text)

    return parse_or_back


def _pick(
    asker: Asker,
    prompt: str,
    choices: Sequence[Choice],
    help_lines: Sequence[str],
    enter: Callable[[], MusicGameThingyAction] | None = None,
    lines: Sequence[str] = (),
) -> MusicGameThingyAction:
    """Show ``lines`` and ask for one of ``choices`` by number (Enter: ``enter`` when
    given); a follow-up question left with Enter comes back here."""

    def parse(text: str) -> Callable[[], MusicGameThingyAction]:
        if not text and enter is not None:
            return enter
        if text.isdigit() and 1 <= int(text) <= len(choices):
            return choices[int(text) - 1][1]
        raise BadInput(f"{quoted(text)} is not a choice: type a number from 1 to {len(choices)}.")

    asker.tell(lines)
    while True:
        make = asker.ask(prompt, parse, help_lines, allow_empty=enter is not None)
        try:
            return make()
        except _Back:
            asker.tell(lines)
        except BadInput as error:  # what the follow-up questions built cannot be used
            asker.tell(wrap(str(error)))


def menu(
    front: MusicGameThingyFront,
    asker: Asker,
    view: MusicGameThingyView,
    legal: Sequence[MusicGameThingyAction],
    question: str,
    offers: bool = True,
) -> MusicGameThingyAction:
    """The legal actions as a numbered list (trade offers left out unless ``offers``)."""
    shown = [action for action in legal if offers or not isinstance(action, Offer)] or list(legal)
    entries = [front.words.choice(action, view) for action in shown]
    choices: list[Choice] = [
        (entry, _const(action)) for entry, action in zip(entries, shown, strict=True)
    ]
    prompt = f"{question} ({numbers(len(choices))})"
    return _pick(asker, prompt, choices, _MENU_HELP, lines=_numbered(entries))


_MENU_HELP = ["Type the number of your choice."]
_BACK = " (Enter to go back)"


def _const(action: MusicGameThingyAction) -> Callable[[], MusicGameThingyAction]:
    return lambda: action


# --- the auction -------------------------------------------------------------------------


def bidding_turn(
    front: MusicGameThingyFront,
    asker: Asker,
    view: MusicGameThingyView,
    legal: Sequence[MusicGameThingyAction],
) -> MusicGameThingyAction:
    """Your bidding turn: pick an Artist (roll its Fame), bid on one with a Fame, or pass."""
    me = view.player
    words = front.words
    looks = [action for action in legal if isinstance(action, LookAt)]
    biddable = sorted(
        {action.artist for action in legal if isinstance(action, Bid)},
        key=lambda artist_id: words.of(artist_id),
    )
    choices: list[Choice] = [("pass (start no bidding this turn)", lambda: Pass(me))]
    if looks:
        entry = f"pick an Artist from the pool and roll its Fame ({len(looks)} to pick from)"
        choices.append((entry, lambda: _look(front, asker, looks)))
    for artist_id in biddable:
        fame = next((a.fame for a in view.artists if a.id == artist_id), 0)
        entry = (
            f"bid for {words.of(artist_id)} (Fame {fame}; "
            f"from {money(minimum_bid(fame, 1))} a year)"
        )
        choices.append((entry, _bidder(front, asker, view, artist_id, fame)))
    help_lines = wrap(
        "Pick an Artist to roll its Fame (at most two a turn), then bid for one with a Fame "
        "or pass. A bid is at least 5,000 x Fame x years; the others may bid against it."
    )
    lines = ["Your bidding turn:", *_numbered([entry for entry, _ in choices])]
    return _pick(asker, f"Your choice ({numbers(len(choices))})?", choices, help_lines, lines=lines)


def _look(front: MusicGameThingyFront, asker: Asker, looks: Sequence[LookAt]) -> LookAt:
    names = [front.words.of(action.artist) for action in looks]
    asker.tell(_columns(names, front.terminal.width))

    def parse(text: str) -> LookAt:
        if text.isdigit() and 1 <= int(text) <= len(looks):
            return looks[int(text) - 1]
        matches = [look for name, look in zip(names, looks, strict=True) if key(name) == key(text)]
        if matches:
            return matches[0]
        raise BadInput(f"Type a number from 1 to {len(looks)}, or Enter to go back.")

    return asker.ask(
        f"Which Artist ({numbers(len(looks))}){_BACK}?", _back_on_empty(parse), allow_empty=True
    )


def _columns(names: Sequence[str], width: int) -> list[str]:
    numbered = [f"{number:>2}. {name}" for number, name in enumerate(names, start=1)]
    column = max(map(len, numbered), default=0) + 2
    half = (len(numbered) + 1) // 2
    if len(numbered) <= 8 or 2 * column + 2 > width:
        return ["  " + entry for entry in numbered]
    rows = []
    for row in range(half):
        right = numbered[row + half] if row + half < len(numbered) else ""
        rows.append(("  " + numbered[row].ljust(column) + right).rstrip())
    return rows


def _bidder(
    front: MusicGameThingyFront,
    asker: Asker,
    view: MusicGameThingyView,
    artist_id: str,
    fame: int,
) -> Callable[[], MusicGameThingyAction]:
    return lambda: _bid(front, asker, view, artist_id, fame)


def _bid(
    front: MusicGameThingyFront,
    asker: Asker,
    view: MusicGameThingyView,
    artist_id: str,
    fame: int,
) -> MusicGameThingyAction:
    """Ask the contract years, then the amount; the engine checks the bid."""
    low, high = front.rules.contract_years

    def how_long(text: str) -> int:
        if text.isdigit() and low <= int(text) <= high:
            return int(text)
        raise BadInput(f"Contracts are {low} to {high} years: type a number from {low} to {high}.")

    chosen = asker.ask(
        f"How many years of contract ({low}-{high}){_BACK}?",
        _back_on_empty(how_long),
        allow_empty=True,
    )
    least = minimum_bid(fame, chosen)
    auction = view.auction
    if auction is not None and auction.high_bidder is not None:
        step = MONEY_STEP if chosen >= auction.high_years else 0
        least = max(least, auction.high_amount + step)

    def amount(text: str) -> Bid:
        digits = text.replace(",", "").lower().replace("k", "000").strip()
        if not digits.isdigit():
            raise BadInput(f"Type the amount, such as {least}, or Enter to go back.")
        bid = Bid(view.player, artist_id, chosen, int(digits))
        problem = asker.why_not(bid)
        if problem is not None:
            raise BadInput(problem + " Type another amount, or Enter to go back.")
        return bid

    return asker.ask(
        f"Bid how much for {years(chosen)}? (at least {money(least)}; you hold "
        f"{money(view.cash.amount)}){_BACK}",
        _back_on_empty(amount),
        allow_empty=True,
    )


def counter_bid(
    front: MusicGameThingyFront,
    asker: Asker,
    view: MusicGameThingyView,
    legal: Sequence[MusicGameThingyAction],
) -> MusicGameThingyAction:
    """Bid against the best bid, or pass (final for this Artist)."""
    auction = view.auction
    assert auction is not None and auction.artist is not None
    fame = next((a.fame for a in view.artists if a.id == auction.artist), 0)
    me = view.player
    choices: list[Choice] = [("pass (you may not bid for this Artist again)", lambda: Pass(me))]
    if any(isinstance(action, Bid) for action in legal):
        choices.append(("bid", _bidder(front, asker, view, auction.artist, fame)))
    lines = _numbered([entry for entry, _ in choices])
    return _pick(asker, f"Pass or bid? ({numbers(len(choices))})", choices, _MENU_HELP, lines=lines)


# --- trades ------------------------------------------------------------------------------


def limits(
    front: MusicGameThingyFront,
    asker: Asker,
    view: MusicGameThingyView,
    legal: Sequence[MusicGameThingyAction],
) -> MusicGameThingyAction:
    """Over a hand limit: discard a card that breaks it, or offer a trade giving one away."""
    discards = [action for action in legal if not isinstance(action, Offer)]
    choices: list[Choice] = [(front.words.choice(a, view), _const(a)) for a in discards]
    if view.offers_left > 0:
        choices.append(("offer a trade instead", lambda: _offer(front, asker, view)))
    lines = _numbered([entry for entry, _ in choices])
    prompt = f"Which card ({numbers(len(choices))})?"
    return _pick(asker, prompt, choices, _MENU_HELP, lines=lines)


def deal(
    front: MusicGameThingyFront,
    asker: Asker,
    view: MusicGameThingyView,
    legal: Sequence[MusicGameThingyAction],
) -> MusicGameThingyAction:
    """Offer one trade this month, or not."""
    me = view.player
    choices: list[Choice] = [
        ("no trade this month", lambda: Pass(me)),
        ("offer a label a trade", lambda: _offer(front, asker, view)),
    ]
    lines = ["Trades:", *_numbered([entry for entry, _ in choices])]
    prompt = "Your choice (1-2, Enter for no trade)?"
    return _pick(asker, prompt, choices, _MENU_HELP, lambda: Pass(me), lines=lines)


def _offer(front: MusicGameThingyFront, asker: Asker, view: MusicGameThingyView) -> Offer:
    """Ask to whom, what you give and what you ask for; the engine checks the offer."""
    words = front.words
    others = [seat for seat in range(len(view.labels)) if seat != view.player]

    def label(text: str) -> int:
        for number, seat in enumerate(others, start=1):
            if key(text) == key(words.label(seat)) or text == str(number):
                return seat
        raise BadInput("Type the number or the name of a label, or Enter to go back.")

    asker.tell(_numbered([words.label(seat) for seat in others]))
    to = asker.ask(
        f"Offer a trade to which label ({numbers(len(others))}){_BACK}?",
        _back_on_empty(label),
        allow_empty=True,
    )
    mine = {key(words.of(c.card)): c.card for c in view.hand} | {
        key(words.of(a.id)): a.id for a in view.artists if a.owner == view.player
    }
    theirs = {key(words.of(a.id)): a.id for a in view.artists if a.owner == to}
    held = ", ".join(sorted({words.of(item) for item in mine.values()})) or "nothing else"
    asker.tell(wrap(f"You can give money and: {held}."))
    give_money, give = asker.ask(
        "You give (money and names, commas between; Enter for nothing):",
        _items(mine, "a card in your hand or an Artist of yours"),
        allow_empty=True,
    )
    wanted = ", ".join(sorted(words.of(item) for item in theirs.values())) or "no Artists"
    asker.tell(wrap(f"You can ask for money and {words.label(to)}'s Artists: {wanted}."))
    take_money, take = asker.ask(
        "You ask for (money and names, commas between; Enter for nothing):",
        _items(theirs, f"an Artist of {words.label(to)}'s"),
        allow_empty=True,
    )
    cards = tuple(item for item in give if item in words.cards)
    artists = tuple(item for item in give if item not in words.cards)
    offer = Offer(view.player, to, give_money, cards, artists, take_money, tuple(take))
    problem = asker.why_not(offer)
    if problem is not None:
        raise BadInput(problem + " Choose again.")
    return offer


def _items(known: dict[str, str], what: str) -> Callable[[str], tuple[int, list[str]]]:
    """Read ``10000, Single, Dire Haircuts``: the money and the ids named (a name may be
    cut short where only one fits)."""

    def parse(text: str) -> tuple[int, list[str]]:
        amount, found = 0, []
        if key(text) in ("", "nothing"):
            return 0, []
        for piece in text.split(","):
            word = piece.strip().lower()
            number = word.replace("k", "000")
            if number.isdigit():
                amount += int(number)
                continue
            matches = [
                item for name, item in known.items() if key(word) and name.startswith(key(word))
            ]
            if len(set(matches)) != 1:
                raise BadInput(
                    f"{quoted(piece.strip())} is not {what}: type money and names separated by "
                    "commas, or Enter for nothing."
                )
            found.append(matches[0])
        return amount, found

    return parse


# --- declaring ---------------------------------------------------------------------------


def declare(
    front: MusicGameThingyFront,
    asker: Asker,
    view: MusicGameThingyView,
    legal: Sequence[MusicGameThingyAction],
) -> MusicGameThingyAction:
    """Your declarations, Artist by Artist, then the other cards; Enter finishes."""
    words = front.words
    mine = [artist.id for artist in view.artists if artist.owner == view.player]
    groups: dict[str, list[MusicGameThingyAction]] = {artist: [] for artist in mine}
    other: list[MusicGameThingyAction] = []
    done: MusicGameThingyAction = Done(view.player)
    for action in legal:
        if isinstance(action, Done):
            done = action
        elif isinstance(action, BookTour) and action.artist in groups:
            groups[action.artist].append(action)
        elif isinstance(action, Play) and len(action.targets) == 1 and action.targets[0] in groups:
            groups[action.targets[0]].append(action)
        else:
            other.append(action)
    lines = wrap("Declare your Artists' activities and play cards (one at a time):")
    choices: list[Choice] = []
    for artist_id, actions in groups.items():
        if not actions:
            continue
        lines.append(f" {words.of(artist_id)}:")
        for action in actions:
            choices.append((words.choice(action, view, under=True), _const(action)))
            lines += _numbered([choices[-1][0]], len(choices))
    swaps: dict[str, list[Play]] = {}
    for action in other:
        if isinstance(action, Play) and len(action.targets) == 2:
            swaps.setdefault(action.card, []).append(action)
    if other:
        lines.append(" Other cards:")
        for action in other:
            if isinstance(action, Play) and action.card in swaps:
                pairs = swaps.pop(action.card, None)
                if pairs is None:
                    continue  # the card's other pairs: one entry, asked in two steps
                entry = (
                    f"play {words.of(action.card)}: swap one of your Artists for a rival's "
                    f"({plural(len(pairs), 'pair')}; you choose yours, then theirs)"
                )
                choices.append((entry, _swap(front, asker, view, pairs)))
            elif isinstance(action, Play) and len(action.targets) == 2:
                continue
            else:
                choices.append((words.choice(action, view), _const(action)))
            lines += _numbered([choices[-1][0]], len(choices))
    choices.append(("finish declaring for this month", _const(done)))
    lines += _numbered([choices[-1][0]], len(choices))
    lines += _not_open(front, asker, view, legal, groups)
    help_lines = wrap(
        "Each Artist may take one activity a month (a record, a Venue or a Tour); other "
        "cards may be played as you like. Only what the rules allow now is listed. cards "
        "says what your cards do. Enter finishes declaring."
    )
    prompt = f"Your choice ({numbers(len(choices))}, Enter to finish)?"
    return _pick(asker, prompt, choices, help_lines, _const(done), lines=lines)


def _swap(
    front: MusicGameThingyFront, asker: Asker, view: MusicGameThingyView, pairs: Sequence[Play]
) -> Callable[[], MusicGameThingyAction]:
    """A card that swaps two Artists (Contract Exchange), asked in two steps: which of
    yours to give, then which rival's to take (Enter goes back a step)."""
    words = front.words
    fame = {artist.id: artist.effective_fame for artist in view.artists}
    owner = {artist.id: artist.owner for artist in view.artists}

    def named(artist_id: str) -> str:
        whose = owner.get(artist_id)
        label = "" if whose in (None, view.player) else f"{words.label(whose)}, "
        return f"{words.of(artist_id)} ({label}Fame {fame.get(artist_id, 0)})"

    def ask() -> MusicGameThingyAction:
        mine = list(dict.fromkeys(pair.targets[0] for pair in pairs))
        while True:
            asker.tell(_numbered([named(artist) for artist in mine]))
            give = asker.ask(
                f"Give which of your Artists ({numbers(len(mine))}){_BACK}?",
                _back_on_empty(_number_of(mine)),
                allow_empty=True,
            )
            theirs = [pair for pair in pairs if pair.targets[0] == give]
            asker.tell(_numbered([named(pair.targets[1]) for pair in theirs]))
            try:
                return asker.ask(
                    f"Take which rival's Artist for {words.of(give)} "
                    f"({numbers(len(theirs))}){_BACK}?",
                    _back_on_empty(_number_of(theirs)),
                    allow_empty=True,
                )
            except _Back:
                continue

    return ask


def _number_of(items: Sequence[T]) -> Callable[[str], T]:
    def parse(text: str) -> T:
        if text.isdigit() and 1 <= int(text) <= len(items):
            return items[int(text) - 1]
        raise BadInput(f"Type a number from 1 to {len(items)}, or Enter to go back.")

    return parse


#: Engine reasons that only say a guessed target was the wrong kind (another is tried).
_WRONG_TARGET = re.compile(r"takes \d+ targets?|is not under contract to|is not a signed Artist")


def _not_open(
    front: MusicGameThingyFront,
    asker: Asker,
    view: MusicGameThingyView,
    legal: Sequence[MusicGameThingyAction],
    groups: dict[str, list[MusicGameThingyAction]],
) -> list[str]:
    """The Tours and the cards in hand that the list leaves out, each with the engine's
    reason (``the Tour needs Fame 10``), so that nothing vanishes without a word."""
    words = front.words
    seat = view.player
    booked = {action.tour for action in legal if isinstance(action, BookTour)}
    played = {action.card for action in legal if isinstance(action, Play)}
    free = [artist for artist, actions in groups.items() if actions]
    fame = {artist.id: artist.effective_fame for artist in view.artists}
    rivals = [a.id for a in view.artists if a.owner is not None and a.owner != seat]
    missing: list[str] = []

    def reason(action: MusicGameThingyAction) -> str | None:
        said = asker.why_not(action)
        if said is None:
            return None
        _, _, why = said.partition(": ")
        return (why or said).removesuffix(".")

    if free:
        best = max(free, key=lambda artist: fame.get(artist, 0))
        for tour in front.rules.tours:
            if tour.id not in booked:
                why = reason(BookTour(seat, tour.id, best))
                if why:
                    why = why.removeprefix(f"{words.of(tour.id)} is ")
                    missing.append(f"{words.of(tour.id)} ({why})")
    mine = list(groups)
    for card_id in dict.fromkeys(card.card for card in view.hand):
        if card_id in played:
            continue
        found = _card_reason(front, reason, seat, card_id, mine, rivals, len(view.labels))
        if found:
            missing.append(f"{words.of(card_id)} ({found})")
    if not missing:
        return []
    return wrap("Not open now: " + "; ".join(missing) + ".", " ")


def _card_reason(
    front: MusicGameThingyFront,
    reason: Callable[[MusicGameThingyAction], str | None],
    seat: int,
    card_id: str,
    mine: Sequence[str],
    rivals: Sequence[str],
    labels: int,
) -> str | None:
    """Why a card in hand may not be played on anything now: the reason itself when it has
    one target to try, else ``none of ... now (for X: reason)``."""
    groups: list[tuple[str, list[tuple[str, ...]]]]
    if card_id in front.rival_cards:
        groups = [("none of the rivals' Artists now", [(r,) for r in rivals])]
    else:
        groups = [
            ("none of your Artists now", [(m,) for m in mine]),
            ("none of the rivals' Artists now", [(r,) for r in rivals]),
        ]
    groups.append(("nobody now", [(m, r) for m in mine[:1] for r in rivals[:1]]))
    spied: list[tuple[str, ...]] = [(str(o),) for o in range(labels) if o != seat]
    groups.append(("no label now", spied[:1]))
    for none, tries in groups:
        said = [why for t in tries if (why := reason(Play(seat, card_id, t)))]
        useful = [why for why in said if not _WRONG_TARGET.search(why)]
        if useful and len(said) == len(tries):
            return useful[0] if len(tries) == 1 else f"{none}: for one, {useful[0]}"
    return None
