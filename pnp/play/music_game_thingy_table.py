"""The Music Game Thingy at the terminal: the texts (see :mod:`pnp.play.music_game_thingy`).

Names for the card data's ids (Artists, Action cards, Tours, Months), money as people
write it, the label's month on one screen, the auction, the month's dice and revenue as
a table, and what each action looked like to the table. Another label's hand and cash
are in no view, so they can be in no text.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence

from bots.games.music_game_thingy.actions import (
    Accept,
    Allow,
    Bid,
    BookTour,
    Decline,
    Discard,
    Done,
    LookAt,
    MusicGameThingyAction,
    Offer,
    Pass,
    Play,
    PlayLawyers,
)
from bots.games.music_game_thingy.cards import Rules
from bots.games.music_game_thingy.records import (
    ActivityView,
    ArtistView,
    MusicGameThingyView,
)
from pnp.play.terminal import wrap

_WORD = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)+|[a-z0-9]+")


def money(amount: int) -> str:
    """``85000`` as ``85,000`` (a debt as ``-5,000``)."""
    return f"{amount:,}"


def plural(count: int, word: str) -> str:
    """``1 card``, ``2 cards``."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def years(count: int) -> str:
    """``1 year``, ``3 years``."""
    return plural(count, "year")


def key(text: str) -> str:
    """A name or id as it is matched: lower case, letters and digits only."""
    return "".join(c for c in text.lower() if c.isalnum())


class Names:
    """People's names for the ids of one game's card data, and the labels' names."""

    def __init__(self, rules: Rules, labels: Sequence[str], human: int) -> None:
        self.labels = tuple(labels)
        self.human = human
        self.ids: dict[str, str] = {card.id: card.name for card in rules.actions}
        self.ids.update({tour.id: tour.name for tour in rules.tours})
        self.ids.update({artist.id: artist.name for artist in rules.artists})
        self.artists = {artist.id: artist.name for artist in rules.artists}
        self.cards = {card.id: card for card in rules.actions}
        self.months = {month.number: month for month in rules.months}
        self.markers = rules.markers
        self.rules = rules

    def of(self, item_id: str) -> str:
        return self.ids.get(item_id, item_id)

    def label(self, seat: int) -> str:
        return self.labels[seat]

    def obj(self, seat: int) -> str:
        return "you" if seat == self.human else self.labels[seat]

    def subject(self, seat: int) -> str:
        return "You" if seat == self.human else self.labels[seat]

    def verb(self, seat: int, you: str, other: str) -> str:
        return you if seat == self.human else other

    def whose(self, seat: int | None) -> str:
        if seat is None:
            return "the pool's"
        return "your" if seat == self.human else f"{self.labels[seat]}'s"

    def in_words(self, text: str) -> str:
        """An engine sentence with ids as names, ``label 2`` as a name, and said to you."""
        text = _WORD.sub(lambda m: self.ids.get(m.group(0), m.group(0)), text)
        text = re.sub(
            r"\blabel (\d+)\b",
            lambda m: (
                self.obj(int(m.group(1))) if int(m.group(1)) < len(self.labels) else m.group(0)
            ),
            text,
        )
        swaps = {
            "they": "you",
            "them": "you",
            "their": "your",
            "the label holds": "you hold",
            "the label": "you",
        }
        pattern = r"\b(they|them|their|the label holds|the label)\b"
        text = re.sub(pattern, lambda m: swaps[m.group(1)], text)
        return re.sub(r"\b1 years\b", "1 year", text)

    def items(self, amount: int, ids: Iterable[str]) -> str:
        """What a trade moves: ``10,000, Single and Dire Haircuts`` or ``nothing``."""
        parts = ([money(amount)] if amount else []) + [self.of(item) for item in ids]
        if not parts:
            return "nothing"
        return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]

    def tour_terms(self, tour_id: str) -> str:
        """What a Tour costs and earns, said before it is chosen: ``fee 30,000 now; 2 dice
        x 6,000 a unit a month for up to 3 months; +2 Fame home``."""
        tour = self.rules.tour(tour_id)
        earner = tour.earner
        dice = plural(earner.dice, "die").replace("dies", "dice")
        terms = [
            f"fee {money(tour.fee)} now",
            f"{dice} x {money(earner.income_per_unit)} a unit a month for up to "
            f"{plural(tour.months, 'month')}",
        ]
        if tour.fame_award:
            terms.append(f"{tour.fame_award:+d} Fame home")
        if earner.min_fame:
            terms.append(f"needs Fame {earner.min_fame}")
        return "; ".join(terms)

    def earns(self, card_id: str) -> str:
        """`` (2 dice x 5,000 a unit)`` for a record or a Venue, else nothing."""
        earner = self.rules.earner(card_id)
        if earner is None or self.rules.is_tour(card_id):
            return ""
        dice = plural(earner.dice, "die").replace("dies", "dice")
        return f" ({dice} x {money(earner.income_per_unit)} a unit)"

    def offer(self, offer: Offer) -> str:
        give = self.items(offer.give_money, (*offer.give_cards, *offer.give_artists))
        take = self.items(offer.take_money, offer.take_artists)
        return f"{give} for {take}"

    def choice(
        self, action: MusicGameThingyAction, view: MusicGameThingyView, under: bool = False
    ) -> str:
        """A legal action of the human's, as a menu entry (``under`` an Artist's heading:
        without the Artist's name)."""
        if under and isinstance(action, BookTour):
            return f"go on {self.of(action.tour)} ({self.tour_terms(action.tour)})"
        if under and isinstance(action, Play) and len(action.targets) == 1:
            return f"play {self.of(action.card)}{self.earns(action.card)}"
        if isinstance(action, Play):
            card = self.of(action.card)
            if not action.targets:
                return f"play {card}"
            if action.card == "commercial-spies" or action.targets[0].isdigit():
                return f"play {card} on {self.obj(int(action.targets[0]))}"
            if len(action.targets) == 2:
                mine, theirs = (self.of(target) for target in action.targets)
                owner = _owner(view, action.targets[1])
                label = self.labels[owner] if owner is not None else "the pool"
                return f"play {card}: give {mine}, take {theirs} ({label})"
            target = action.targets[0]
            owner = _owner(view, target)
            whose = "" if owner in (action.player, None) else f"{self.whose(owner)} "
            return f"play {card} on {whose}{self.of(target)}"
        if isinstance(action, BookTour):
            return (
                f"send {self.of(action.artist)} on {self.of(action.tour)} "
                f"({self.tour_terms(action.tour)})"
            )
        if isinstance(action, Discard):
            return f"discard {self.of(action.card)}"
        if isinstance(action, Done):
            return "finish declaring for this month"
        if isinstance(action, LookAt):
            return f"pick {self.of(action.artist)} and roll its Fame"
        if isinstance(action, Bid):
            return f"bid {money(action.amount)} for {self.of(action.artist)}, {years(action.years)}"
        if isinstance(action, Offer):
            return f"offer {self.obj(action.to)} {self.offer(action)}"
        if isinstance(action, PlayLawyers):
            return "play Lawyers and cancel it"
        if isinstance(action, Allow):
            return "let it stand"
        if isinstance(action, Accept):
            return "accept"
        if isinstance(action, Decline):
            return "decline"
        assert isinstance(action, Pass)
        return "pass"

    def told(self, action: MusicGameThingyAction, before: MusicGameThingyView) -> str | None:
        """What the table saw ``action`` do (``None``: nothing worth telling)."""
        seat = action.player
        who = self.subject(seat)
        verb = self.verb
        if isinstance(action, LookAt):
            return f"{who} {verb(seat, 'pick', 'picks')} {self.of(action.artist)}."
        if isinstance(action, Bid):
            return (
                f"{who} {verb(seat, 'bid', 'bids')} {money(action.amount)} for "
                f"{self.of(action.artist)}, {years(action.years)}."
            )
        if isinstance(action, Pass):
            if before.phase == "bidding-turn":
                return f"{who} {verb(seat, 'start', 'starts')} no bidding."
            if before.phase == "bidding":
                return f"{who} {verb(seat, 'pass', 'passes')}."
            return None
        if isinstance(action, Discard):
            return f"{who} {verb(seat, 'discard', 'discards')} {self.of(action.card)}."
        if isinstance(action, Offer):
            offers = verb(seat, "offer", "offers")
            return f"{who} {offers} {self.obj(action.to)} a trade: {self.offer(action)}."
        if isinstance(action, Accept):
            return f"{who} {verb(seat, 'accept', 'accepts')} the trade."
        if isinstance(action, Decline):
            return f"{who} {verb(seat, 'decline', 'declines')} the trade."
        if isinstance(action, Play):
            return f"{who} {verb(seat, 'play', 'plays')} " + self.choice(action, before)[5:] + "."
        if isinstance(action, BookTour):
            sends = verb(seat, "send", "sends")
            return f"{who} {sends} {self.of(action.artist)} on {self.of(action.tour)}."
        if isinstance(action, Done):
            return None
        if isinstance(action, PlayLawyers):
            return f"{who} {verb(seat, 'play', 'plays')} Lawyers: the card is cancelled."
        return None


def _owner(view: MusicGameThingyView, artist_id: str) -> int | None:
    found = next((artist for artist in view.artists if artist.id == artist_id), None)
    return found.owner if found is not None else None


def artist_line(artist: ArtistView, names: Names, view: MusicGameThingyView) -> str:
    """One signed Artist: Fame, contract, the cards under it, its Tour or chart."""
    fame = f"Fame {artist.effective_fame}"
    if artist.effective_fame != artist.fame:
        fame += f" (marker {artist.fame})"
    parts = [fame, f"{years(artist.contract)} left"]
    under = [names.of(card) for card in artist.cards]
    if artist.kept_single is not None:
        under.append(f"{names.of(artist.kept_single)} kept")
    if under:
        parts.append("under it: " + ", ".join(under))
    if artist.tour is not None:
        parts.append(f"on {names.of(artist.tour)}, {plural(artist.tour_months_left, 'month')} left")
    if artist.charting is not None:
        parts.append(f"{names.of(artist.charting)} still selling")
    return f"{names.of(artist.id)}: " + "; ".join(parts)


def hand_text(view: MusicGameThingyView, names: Names) -> str:
    counts = Counter(card.card for card in view.hand)
    order = sorted(counts, key=lambda card_id: names.of(card_id))
    return ", ".join(
        (f"{counts[card]}x " if counts[card] > 1 else "") + names.of(card) for card in order
    )


def activity_table(activities: Sequence[ActivityView], names: Names) -> list[str]:
    """The month's activities, label by label: each Artist's activity, the dice, the units
    (the dice with their bonuses), the money and any chart Fame."""
    if not activities:
        return ["  Nobody earned anything this month."]
    lines: list[str] = []
    for seat, label in enumerate(names.labels):
        mine = [activity for activity in activities if activity.declarer == seat]
        if not mine:
            continue
        earned = sum(activity.money or 0 for activity in mine)
        lines.append(f"  {label}: {money(earned)}")
        for activity in mine:
            what = names.of(activity.source)
            if activity.struck:
                what += f" ({', '.join(names.of(card) for card in activity.struck)})"
            rolls = "+".join(map(str, activity.rolls)) or "no dice"
            units = "" if activity.units is None else f" → {plural(activity.units, 'unit')}"
            paid = "" if activity.money is None else f": {money(activity.money)}"
            fame = f", +{activity.chart_fame} Fame" if activity.chart_fame else ""
            text = f"{names.of(activity.artist)} · {what} · {rolls}{units}{paid}{fame}"
            lines += wrap(text, "    ")
    return lines


__all__ = [
    "Names",
    "activity_table",
    "artist_line",
    "hand_text",
    "key",
    "money",
    "plural",
    "years",
]
