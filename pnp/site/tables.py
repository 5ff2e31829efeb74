"""The Markdown snippets the rules pages include (``--8<-- "joes-bar/patron.md"``):
card tables made from the catalog, so no card data is copied into the rules by
hand, and card pictures to set beside the rules that explain them.

Snippets of a game (all relative to ``includes/<game>/``):

- ``decks.md``: every deck, its card count and when it is used;
- ``<deck>.md`` and ``<table>.md``: the table of a deck's cards or of a table's rows
  (see :mod:`pnp.site.cards`); The Music Game Thingy's Action cards also by family,
  ``action-<family>.md``;
- ``pictures/<deck>/<card>.md``: a card's picture (its own back too, where it has one),
  to float beside a rule; ``pictures/<deck>/<card>-front.md`` for the front alone.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from pnp.catalog import Deck, Game
from pnp.catalog.base import Card
from pnp.catalog.schemas.joes_bar import Decision
from pnp.catalog.schemas.music_game_thingy import ActionCard as MusicActionCard
from pnp.site.cards import Context, anchor, card_table
from pnp.site.images import Picture
from pnp.site.presenters.music_game_thingy import FAMILIES, family_of
from pnp.site.text import TIMES, attribute, lightbox, md

#: A deck's pictures by side name (``haymaker-front``, ``back``).
Pictures = Mapping[tuple[str, str], Picture]


def table(context: Context, deck_id: str, records: Sequence[object]) -> str:
    """The Markdown table of a deck's cards or a table's rows."""
    return card_table(context, deck_id, records).markdown()


def when_used(game: Game, deck: Deck) -> str:
    """When a deck is in play, in a player's words: "always", "only with the Jokers
    variant", "only with the older draft's rule on swoosh cards"."""
    rule = deck.spec.only_under
    if rule is None:
        return "always"
    return only_under(game, rule, {card.id for card in deck.cards})


def only_under(game: Game, rule: str, cards: set[str] | frozenset[str] = frozenset()) -> str:
    """ "only with ..." for something a variant or a beta-versus-draft decision brings in;
    ``cards`` tells which side of a decision (the one that lists them; else the draft's)."""
    for variant in game.variants():
        if variant.id == rule:
            return f"only with the {md(variant.name)} variant"
    for part in game.tables:
        for entry in part.entries:
            if isinstance(entry, Decision) and entry.id == rule:
                side = "beta" if cards & set(entry.beta.cards) else "older draft"
                return f"only with the {side}'s rule on {md(entry.title.lower())}"
    return f"only with {md(rule.replace('-', ' '))}"


def needs(game: Game) -> list[str]:
    """What the table needs besides the cards, in Markdown: "Six-sided dice (5 is best)"."""
    found = []
    for need in game.spec.also_needed:
        words = md(need.item)
        if need.count:
            words += f" ({md(need.count)})"
        if need.only_under:
            words += f", {only_under(game, need.only_under)}"
        found.append(words)
    return found


def size_words(deck: Deck) -> str:
    """The trimmed size as a player reads it, "63 by 88 mm (poker size)" written with a
    multiplication sign, without a needless ".0"."""
    size = deck.spec.size
    words = f"{size.width:g} {TIMES} {size.height:g} mm"
    return f"{words} ({size.name} size)" if size.name else words


def deck_summary(game: Game) -> str:
    """Every deck of the game with its physical count and when it is used."""
    lines = ["| Deck | Cards | In play |", "|---|--:|---|"]
    for deck in game.decks:
        lines.append(f"| {md(deck.spec.title)} | {deck.physical_count} | {when_used(game, deck)} |")
    return "\n".join(lines) + "\n"


def figure(
    context: Context, deck: Deck, card: Card, pictures: Pictures, sides: Sequence[str]
) -> str:
    """A card's picture(s) as a figure whose image opens the whole card in the lightbox."""
    game = context.game
    images = []
    for side in deck.sides():
        if side.card.id != card.id or side.side not in sides or side.name == "back":
            continue  # another card's side, or the back every card of the deck shares
        picture = pictures[(deck.id, side.name)]
        alt = card.describe() if side.side == "front" else f"Back of {context.name(card)}"
        images.append(picture_link(picture, alt, context.root, gallery=f"{game.id}-{deck.id}"))
    caption = md(context.name(card))
    return (
        f'<figure class="card-aside" markdown>\n{" ".join(images)}\n'
        f"<figcaption>{caption}</figcaption>\n</figure>\n"
    )


def picture_link(picture: Picture, alt: str, root: str, gallery: str) -> str:
    """A thumbnail (with its true size, so the page does not move as it loads) linked
    to the large picture, for the lightbox."""
    image = (
        f"![{md(alt)}]({root}{picture.thumb})"
        f'{{ width="{picture.width // 2}" height="{picture.height // 2}" loading="lazy" }}'
    )
    return (
        f"[{image}]({root}{picture.large})"
        f'{{ .glightbox data-type="image" data-gallery="{attribute(gallery)}"'
        f' data-description="{lightbox(alt)}" }}'
    )


def snippets(
    game: Game, context: Context | None = None, pictures: Pictures | None = None
) -> Iterable[tuple[str, str]]:
    """(file name, Markdown) of every generated snippet of ``game``; the pictures'
    snippets only when ``pictures`` are given."""
    context = context or Context(game)
    yield "decks.md", deck_summary(game)
    for deck in game.decks:
        yield f"{deck.id}.md", table(context, deck.id, deck.cards)
        actions = [card for card in deck.cards if isinstance(card, MusicActionCard)]
        if actions:
            for family in FAMILIES:
                members = [card for card in actions if family_of(card) == family]
                yield f"{deck.id}-{family}.md", table(context, deck.id, members)
        if pictures is not None:
            for card in deck.cards:
                name = f"pictures/{deck.id}/{card.id}"
                yield f"{name}.md", figure(context, deck, card, pictures, ("front", "back"))
                yield f"{name}-front.md", figure(context, deck, card, pictures, ("front",))
    for part in game.tables:
        yield f"{part.id}.md", table(context, part.id, part.entries)


def card_anchor(deck: Deck, card: Card) -> str:
    """The id of a card's picture on the components page (what the tables link to)."""
    return anchor(deck.id, card.id)
