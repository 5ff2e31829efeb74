"""What goes on which page of a kit PDF, planned before anything is drawn.

Cards of one size share sheets: a game's decks are packed one after the
other (the decks always in play first, then the optional ones), so the Year
card, a last Patron or two jokers fill the free slots of a sheet instead of
each taking a page of its own. Every card keeps its own back, drawn behind it.

The plan numbers every page, so the print check can say which pages hold
which deck before the sheets are drawn, and the build can say how many
cards fit a sheet and how many sheets each deck takes.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from enum import Enum
from itertools import islice
from typing import TYPE_CHECKING

from pnp.catalog.base import Card
from pnp.catalog.model import Deck, Game
from pnp.kit.geometry import MM
from pnp.kit.layout import Duplex, SheetPlan, plan_sheets
from pnp.kit.options import KitOptions

if TYPE_CHECKING:
    from pnp.kit.extras import Extra


class PageKind(Enum):
    CHECK = "print check"
    CHECK_BACK = "print check, back and credits"
    FRONTS = "fronts"
    BACKS = "backs"
    FOLDED = "fronts and backs"
    EXTRA = "extra"
    EXTRA_BACK = "extra, back"


def physical_cards(deck: Deck) -> list[Card]:
    """Every printed card of the deck, copies included, in data order."""
    return [card for card in deck.cards for _ in range(card.count)]


@dataclass(frozen=True)
class Sheet:
    """The cards of one sheet, in slot order, each with its deck."""

    number: int  # 1-based within its group
    cards: tuple[tuple[Deck, Card], ...]

    @property
    def decks(self) -> list[Deck]:
        """The decks on this sheet, in order, each once."""
        seen: dict[str, Deck] = {}
        for deck, _ in self.cards:
            seen.setdefault(deck.id, deck)
        return list(seen.values())


@dataclass(frozen=True)
class SheetGroup:
    """The sheets of one game's cards of one size."""

    game: Game
    decks: tuple[Deck, ...]
    plan: SheetPlan
    sheets: tuple[Sheet, ...]

    @property
    def size_mm(self) -> tuple[float, float]:
        size = self.decks[0].spec.size
        return size.width, size.height

    def sheets_of(self, deck: Deck) -> list[int]:
        """The sheet numbers holding cards of ``deck``: the sheets the print check
        counts for the deck and the sheet captions number the deck's sheets by."""
        return [sheet.number for sheet in self.sheets if deck in sheet.decks]

    def deck_sheets(self, sheet: Sheet) -> list[tuple[Deck, int, int]]:
        """Each deck on ``sheet`` with the sheet's place among that deck's sheets
        and their number: (deck, 3, 14) for the third of the deck's 14 sheets."""
        numbers = {deck.id: self.sheets_of(deck) for deck in sheet.decks}
        return [
            (deck, numbers[deck.id].index(sheet.number) + 1, len(numbers[deck.id]))
            for deck in sheet.decks
        ]

    @property
    def one_back(self) -> bool:
        """True when every card of the group shares one back (a single deck whose
        cards have no backs of their own): one back sheet serves them all."""
        return len(self.decks) == 1 and not self.decks[0].back_varies


def _chunks(
    cards: Sequence[tuple[Deck, Card]], size: int
) -> Iterator[tuple[tuple[Deck, Card], ...]]:
    iterator = iter(cards)
    while chunk := tuple(islice(iterator, size)):
        yield chunk


def sheet_groups(game: Game, options: KitOptions) -> list[SheetGroup]:
    """The game's decks packed onto sheets, one group per card size (in the order
    the sizes first appear), decks always in play before the optional ones."""
    ordered = sorted(game.decks, key=lambda deck: deck.spec.only_under is not None)
    by_size: dict[tuple[float, float], list[Deck]] = {}
    for deck in ordered:
        by_size.setdefault((deck.spec.size.width, deck.spec.size.height), []).append(deck)
    groups = []
    for (width, height), decks in by_size.items():
        plan = plan_sheets(options.paper, width, height, options.bleed_mm, options.duplex,
                           options.layout, options.margin_mm)  # fmt: skip
        cards = [(deck, card) for deck in decks for card in physical_cards(deck)]
        sheets = tuple(
            Sheet(number, chunk)
            for number, chunk in enumerate(_chunks(cards, plan.capacity), 1)
        )  # fmt: skip
        groups.append(SheetGroup(game, tuple(decks), plan, sheets))
    return groups


@dataclass(frozen=True)
class Page:
    """One page of a kit PDF, numbered from 1."""

    number: int
    kind: PageKind
    game: Game | None = None
    group: SheetGroup | None = None
    sheet: Sheet | None = None
    extra: Extra | None = None
    part: int = 0  # which page of the extra


@dataclass
class DocumentPlan:
    """Every page of a kit PDF in order."""

    options: KitOptions
    games: tuple[Game, ...]
    pages: list[Page] = field(default_factory=list)
    groups: dict[str, list[SheetGroup]] = field(default_factory=dict)
    extras: dict[str, list[Extra]] = field(default_factory=dict)

    def add(self, kind: PageKind, **values: object) -> Page:
        page = Page(len(self.pages) + 1, kind, **values)  # type: ignore[arg-type]
        self.pages.append(page)
        return page

    def pages_of(self, game: Game, deck: Deck) -> list[int]:
        """The pages with ``deck``'s fronts (or fronts and backs on a gutterfold sheet)."""
        return [
            page.number
            for page in self.pages
            if page.game is game
            and page.sheet is not None
            and page.kind in (PageKind.FRONTS, PageKind.FOLDED)
            and deck in page.sheet.decks
        ]

    def pages_with(self, game: Game, deck: Deck) -> list[int]:
        """Every page to print for ``deck``: its fronts and their backs."""
        return [
            page.number
            for page in self.pages
            if page.game is game
            and (
                (page.sheet is not None and deck in page.sheet.decks)
                or (page.kind is PageKind.BACKS and page.group is not None
                    and page.sheet is None and deck in page.group.decks)
            )
        ]  # fmt: skip

    def pages_of_extra(self, extra: Extra) -> list[int]:
        return [page.number for page in self.pages if page.extra is extra]


def plan_document(games: Sequence[Game], options: KitOptions) -> DocumentPlan:
    """The pages of a kit of ``games``: the print check, then each game's sheets
    (each front followed by its back, as the duplex mode asks) and its extras."""
    from pnp.kit.calibration import credits_on_front
    from pnp.kit.layout import PAPERS

    plan = _plan(games, options, check_back=True)
    if not options.two_sided and credits_on_front(plan, PAPERS[options.paper], options):
        # printed one-sided, the print check has no back: the credits share its front
        plan = _plan(games, options, check_back=False)
    return plan


def _plan(games: Sequence[Game], options: KitOptions, check_back: bool) -> DocumentPlan:
    from pnp.kit.extras import extras_for

    plan = DocumentPlan(options, tuple(games))
    plan.add(PageKind.CHECK)
    if check_back:  # the back's cross, and the credits when the front has no room for them
        plan.add(PageKind.CHECK_BACK)
    for game in games:
        groups = sheet_groups(game, options)
        plan.groups[game.id] = groups
        for group in groups:
            _plan_group(plan, game, group)
        extras = extras_for(game, options)
        plan.extras[game.id] = extras
        for extra in extras:
            for part in range(extra.page_count()):
                plan.add(PageKind.EXTRA, game=game, extra=extra, part=part)
                if options.two_sided:
                    plan.add(PageKind.EXTRA_BACK, game=game, extra=extra, part=part)
    return plan


def _plan_group(plan: DocumentPlan, game: Game, group: SheetGroup) -> None:
    duplex = plan.options.duplex
    for sheet in group.sheets:
        if duplex is Duplex.GUTTERFOLD:
            plan.add(PageKind.FOLDED, game=game, group=group, sheet=sheet)
            continue
        plan.add(PageKind.FRONTS, game=game, group=group, sheet=sheet)
        if duplex is not Duplex.NONE:
            plan.add(PageKind.BACKS, game=game, group=group, sheet=sheet)
    if duplex is Duplex.NONE:
        if group.one_back:
            plan.add(PageKind.BACKS, game=game, group=group)
        else:
            for sheet in group.sheets:
                plan.add(PageKind.BACKS, game=game, group=group, sheet=sheet)


def pages_words(numbers: Sequence[int]) -> str:
    """'page 12', 'pages 3-12' or 'pages 3-12, 15'."""
    ranges = page_ranges(numbers)
    return f"page {ranges}" if len(numbers) == 1 else f"pages {ranges}"


def page_ranges(numbers: Sequence[int]) -> str:
    """'3-12, 15' for pages 3 to 12 and 15."""
    parts: list[str] = []
    start = previous = None
    for number in [*sorted(numbers), None]:
        if number is not None and previous is not None and number == previous + 1:
            previous = number
            continue
        if start is not None:
            parts.append(str(start) if start == previous else f"{start}-{previous}")
        start = previous = number
    return ", ".join(parts)


def summary_lines(plan: DocumentPlan) -> list[str]:
    """What the build says about a planned PDF: cards a sheet for each card size,
    and each deck's cards and sheets (the note when the layout is not the one asked)."""
    from pnp.kit.layout import PAPER_NAMES, Layout

    options = plan.options
    lines = []
    for game in plan.games:
        for group in plan.groups[game.id]:
            width, height = group.size_mm
            sheet_plan = group.plan
            cut = (
                "shared cuts"
                if sheet_plan.front.layout is Layout.SHARED_CUT
                else f"{sheet_plan.front.bleed / MM:g} mm bleed on every edge"
            )
            note = f" ({sheet_plan.note})" if sheet_plan.note else ""
            lines.append(
                f"{game.title}, {PAPER_NAMES[options.paper]}: {width:g} x {height:g} mm cards, "
                f"{sheet_plan.describe()}, {cut}{note}"
            )
            names = {deck.id: deck.spec.title + (" (optional)" * bool(deck.spec.only_under))
                     for deck in group.decks}  # fmt: skip
            width_names = max(len(name) for name in names.values())
            for deck in group.decks:
                sheets = len(group.sheets_of(deck))
                lines.append(
                    f"  {names[deck.id]:<{width_names}}  {deck.physical_count:>4} "
                    f"card{'s' if deck.physical_count != 1 else ' '}  "
                    f"{sheets:>3} sheet{'s' if sheets != 1 else ''}"
                )
    return lines


def only_when(game: Game, rule_id: str) -> str:
    """When an optional deck or need is used, in words: 'only with the Jokers
    variant', 'only with the older draft's swoosh cards'."""
    for table in game.tables:
        for entry in table.entries:
            if entry.id != rule_id:
                continue
            if hasattr(entry, "older_draft"):  # a beta-versus-draft decision
                return f"only with the older draft's {game.rule_name(rule_id).lower()}"
            return f"only with the {game.rule_name(rule_id)} variant"
    return f"only with {rule_id}"
