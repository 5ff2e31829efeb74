"""Each game's own face on the site: colours from its cards, the cards its home-page
tile shows, and the note on who owns its design (the ``site:`` block of the game's
``game.yaml``); and the site's own look and the note said once on the home page
(``site/site.yaml``).

A game's look may leave out any key; what is missing is taken from its cards
(:func:`game_look`): the colour is the back of its first deck (the first one always
played), the accent the most colourful other colour of its deck backs (their colours and
inks), the stripe the colours of its deck backs in order (at most six), the cover three
fronts of its first deck (its first, middle and last card), and no note on its rights.

The style sheet made here gives every page of a game its colours. A game's pages
carry a marker (``<div class="pnp-game pnp-game--<id>">``, from the theme override),
and the rules select on it with ``body:has(...)``, so the colours follow instant
navigation too. Link colours are adjusted until they read on the page background
(WCAG contrast 4.5 or more), in light and in dark mode.
"""

from __future__ import annotations

import colorsys
from pathlib import Path
from typing import Annotated, Any

from pydantic import Field, ValidationError
from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError

from pnp.catalog import Catalog, Deck, Game
from pnp.catalog.base import Colour, Model, Text
from pnp.catalog.game import SiteLook
from pnp.site.errors import SiteError

#: The page backgrounds links are checked against: white, and the dark scheme's
#: background at its darkest tint (hsl(h, 15%, 14%)), the lightest of which is about this.
LIGHT_PAGE = "#ffffff"
DARK_PAGE = "#262130"
#: WCAG 2 contrast for body text.
READABLE = 4.5
#: The most colours a stripe taken from the cards has, and the most cards of a cover.
STRIPE_COLOURS = 6
COVER_CARDS = 3


class SiteLookError(SiteError):
    """``site/site.yaml`` cannot be read or is not what it should be."""


class Look(Model):
    colour: Colour
    accent: Colour
    link: Colour | None = None
    stripe: Annotated[tuple[Colour, ...], Field(min_length=1)]


class GameLook(Look):
    cover: Annotated[tuple[Text, ...], Field(min_length=1, max_length=4)]
    rights: Text | None = None


class SiteFile(Model):
    """``site/site.yaml``: the site's own look and the note said once on the home page."""

    look: Look
    terms: Text
    #: Read by :mod:`pnp.publish` (the site's address and the kit's release).
    publish: dict[str, Any] | None = None


class Looks(Model):
    site: Look
    games: dict[str, GameLook]
    terms: Text


def load_looks(path: Path, catalog: Catalog) -> Looks:
    """The site's own look from ``path`` (``site/site.yaml``) and every game's look."""
    try:
        data = YAML(typ="safe").load(path.read_text(encoding="utf-8"))
        found = SiteFile.model_validate(_tuples(data))
    except (OSError, YAMLError) as error:
        raise SiteLookError(f"{path} cannot be read: {error}") from error
    except ValidationError as error:
        said = "; ".join(
            f"{'.'.join(str(part) for part in problem['loc'])}: {problem['msg']}"
            for problem in error.errors()
        )
        raise SiteLookError(f"{path}: {said}") from None
    games = {game.id: game_look(game) for game in catalog.games}
    return Looks(site=found.look, games=games, terms=found.terms)


def game_look(game: Game) -> GameLook:
    """The game's look: its ``site:`` block, what it leaves out taken from its cards."""
    given = game.look or SiteLook()
    first = next((deck for deck in game.decks if deck.spec.only_under is None), game.decks[0])
    backs = [
        colour for deck in game.decks for colour in (deck.spec.back.colour, deck.spec.back.ink)
    ]
    colour = given.colour or first.spec.back.colour
    others = [other for other in backs if other.lower() != colour.lower()]
    accent = given.accent or max(others, key=chroma, default=mix(colour, "#ffffff", 0.5))
    stripe = given.stripe or tuple(dict.fromkeys(backs))[:STRIPE_COLOURS]
    return GameLook(
        colour=colour,
        accent=accent,
        link=given.link,
        stripe=stripe,
        cover=given.cover or _cover(first),
        rights=given.rights,
    )


def _cover(deck: Deck) -> tuple[str, ...]:
    """Fronts of ``deck`` spread through it: its first, middle and last card."""
    cards = deck.cards
    if len(cards) > COVER_CARDS:
        step = (len(cards) - 1) / (COVER_CARDS - 1)
        cards = tuple(cards[round(index * step)] for index in range(COVER_CARDS))
    return tuple(f"{deck.id}/{card.id}-front" for card in cards)


def _tuples(value: Any) -> Any:
    """YAML sequences as tuples, as the (strict, frozen) models want them."""
    if isinstance(value, dict):
        return {key: _tuples(inner) for key, inner in value.items()}
    if isinstance(value, list):
        return tuple(_tuples(inner) for inner in value)
    return value


# --- colour arithmetic -----------------------------------------------------------------


def _rgb(colour: str) -> tuple[float, float, float]:
    return tuple(int(colour[index : index + 2], 16) / 255 for index in (1, 3, 5))  # type: ignore[return-value]


def _hex(rgb: tuple[float, float, float]) -> str:
    return "#" + "".join(f"{round(255 * min(1.0, max(0.0, part))):02x}" for part in rgb)


def mix(colour: str, other: str, amount: float) -> str:
    """``colour`` moved ``amount`` (0 to 1) of the way towards ``other``."""
    first, second = _rgb(colour), _rgb(other)
    return _hex(tuple(a + (b - a) * amount for a, b in zip(first, second, strict=True)))  # type: ignore[arg-type]


def relative_luminance(colour: str) -> float:
    """WCAG 2 relative luminance."""

    def linear(part: float) -> float:
        return part / 12.92 if part <= 0.04045 else ((part + 0.055) / 1.055) ** 2.4

    red, green, blue = (linear(part) for part in _rgb(colour))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(colour: str, other: str) -> float:
    """WCAG 2 contrast ratio, 1 to 21."""
    lighter, darker = sorted((relative_luminance(colour), relative_luminance(other)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def readable(colour: str, page: str) -> str:
    """``colour``, moved towards black or white (away from ``page``) only as far as it
    takes to read as text on ``page``."""
    away = "#000000" if relative_luminance(page) > 0.5 else "#ffffff"
    for step in range(21):
        moved = mix(colour, away, step / 20)
        if contrast(moved, page) >= READABLE:
            return moved
    return away


def chroma(colour: str) -> float:
    """How colourful ``colour`` is: its largest channel less its smallest (0 for a grey)."""
    channels = _rgb(colour)
    return max(channels) - min(channels)


def hue(colour: str) -> int:
    """The colour's hue in degrees (the dark scheme tints its greys with it)."""
    return round(colorsys.rgb_to_hls(*_rgb(colour))[0] * 360)


def on(colour: str) -> str:
    """Text colour for a ground of ``colour``: near-white or near-black."""
    return "#fffaf2" if contrast("#fffaf2", colour) >= contrast("#1a1410", colour) else "#1a1410"


# --- the style sheet -------------------------------------------------------------------


def _variables(look: Look) -> list[str]:
    colour = look.colour
    stops = ", ".join(
        f"{stripe} {100 * i / len(look.stripe):.1f}% {100 * (i + 1) / len(look.stripe):.1f}%"
        for i, stripe in enumerate(look.stripe)
    )
    return [
        f"--md-primary-fg-color: {colour};",
        f"--md-primary-fg-color--light: {mix(colour, '#ffffff', 0.35)};",
        f"--md-primary-fg-color--dark: {mix(colour, '#000000', 0.3)};",
        f"--md-primary-bg-color: {on(colour)};",
        f"--md-primary-bg-color--light: {mix(on(colour), colour, 0.3)};",
        f"--md-accent-fg-color: {readable(look.accent, LIGHT_PAGE)};",
        f"--md-typeset-a-color: {readable(look.link or colour, LIGHT_PAGE)};",
        f"--pnp-accent: {look.accent};",
        f"--pnp-stripe: linear-gradient(90deg, {stops});",
    ]


def tile_ground(colour: str) -> str:
    """The dark scheme's ground of a home-page tile of a game in ``colour``: the page's
    grey tinted with its hue, lighter than the page (extra.css: hsl(hue, 15%, 18%))."""
    return _hex(colorsys.hls_to_rgb(hue(colour) / 360, 0.18, 0.15))


def _dark(look: Look) -> list[str]:
    # the buttons sit on the page and on the home page's tiles (the lighter ground):
    # readable there, readable on the page too
    button = readable(look.accent, tile_ground(look.colour))
    accent = readable(mix(look.accent, "#ffffff", 0.3), DARK_PAGE)
    return [
        f"--md-hue: {hue(look.colour)};",
        f"--md-typeset-a-color: {readable(look.accent, DARK_PAGE)};",
        f"--md-accent-fg-color: {accent};",
        f"--md-accent-bg-color: {on(accent)};",
        f"--pnp-button: {button};",
        f"--pnp-button-text: {on(button)};",
    ]


def _block(selector: str, lines: list[str]) -> str:
    return selector + " {\n" + "".join(f"  {line}\n" for line in lines) + "}\n"


def style_sheet(looks: Looks) -> str:
    """CSS giving the site its default look and each game's pages their own."""
    parts = [
        "/* Made by pnp site from site/site.yaml and each game's look: its colours. */\n",
        _block(":root > *", _variables(looks.site)),
        _block('[data-md-color-scheme="slate"]', _dark(looks.site)),
    ]
    for game_id, look in looks.games.items():
        marker = f".pnp-game--{game_id}"
        parts.append(_block(f"body:has({marker})", _variables(look)))
        parts.append(_block(f'body[data-md-color-scheme="slate"]:has({marker})', _dark(look)))
        parts.append(_block(f".pnp-tile--{game_id}", _variables(look)))
        parts.append(_block(f'[data-md-color-scheme="slate"] .pnp-tile--{game_id}', _dark(look)))
    return "\n".join(parts)


def ink_rules(name: str, colour: str) -> str:
    """CSS for text in a card's ink (a suit's colour): as printed on white, and made
    readable on the dark scheme's background."""
    return _block(f".{name}", [f"color: {readable(colour, LIGHT_PAGE)};"]) + _block(
        f'[data-md-color-scheme="slate"] .{name}', [f"color: {readable(colour, DARK_PAGE)};"]
    )
