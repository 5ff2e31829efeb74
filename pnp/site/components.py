"""What the components page and the home page show of a game's decks: each deck's
size, when it is used, its card table and its gallery; the cards fanned on the
home page."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.catalog import Deck, Game
from pnp.site.cards import Context
from pnp.site.presenters.music_game_thingy import artist_tracks
from pnp.site.tables import Pictures, card_anchor, size_words, table, when_used


@dataclass(frozen=True)
class GalleryImage:
    """A picture of one printed side; ``width`` and ``height`` are its size on the page."""

    thumb: str
    large: str
    width: int
    height: int
    alt: str
    caption: str
    anchor: str | None


@dataclass(frozen=True)
class DeckPage:
    deck: Deck
    table: str
    images: list[GalleryImage]
    size: str
    used: str
    note: str | None


def deck_page(game: Game, deck: Deck, context: Context, pictures: Pictures) -> DeckPage:
    """A deck's table and gallery; each image's text alternative is what the card says,
    from the catalog (``Card.describe``)."""
    images = []
    for face in deck.sides():
        picture = pictures[(deck.id, face.name)]
        anchor: str | None = None
        name = context.name(face.card)
        if face.side == "front":
            alt = face.card.describe()
            caption = name
            anchor = card_anchor(deck, face.card)
        elif deck.back_varies:
            alt = f"Back of {name}: " + face.card.describe()
            caption = f"{name} (back)"
        else:
            alt = f"Back of {deck.spec.title}: {deck.spec.back.title}"
            caption = "The back of every card"
        images.append(
            GalleryImage(
                thumb=context.root + picture.thumb,
                large=context.root + picture.large,
                width=picture.width // 2,
                height=picture.height // 2,
                alt=alt,
                caption=caption,
                anchor=anchor,
            )
        )
    return DeckPage(
        deck=deck,
        table=table(context, deck.id, deck.cards),
        images=images,
        size=size_words(deck),
        used=when_used(game, deck),
        note=artist_tracks(deck.cards),
    )


def cover(context: Context, sides: tuple[str, ...], pictures: Pictures) -> list[GalleryImage]:
    """The sides a game's home-page tile fans out (``deck/side`` names, checked by the looks),
    for the home page (at the root of the site)."""
    game = context.game
    images = []
    for wanted in sides:
        deck_id, side_name = wanted.split("/", 1)
        deck = game.deck(deck_id)
        side = next(side for side in deck.sides() if side.name == side_name)
        picture = pictures[(deck_id, side_name)]
        name = context.name(side.card)
        alt = side.card.describe() if side.side == "front" else f"Back of {name}"
        images.append(
            GalleryImage(
                thumb=picture.thumb,
                large=picture.large,
                width=picture.width // 2,
                height=picture.height // 2,
                alt=alt,
                caption=name,
                anchor=None,
            )
        )
    return images
