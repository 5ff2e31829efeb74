"""Print-on-demand presets: what each service asks a card image to be.

Every figure is the service's own, for the card sizes the games use (poker; the kit's
63 x 88 mm cards are printed at the services' 2.5 x 3.5 inches, drawn again by the
face functions at that size, never stretched). A deck whose card size no product of a
service matches is left out of that service's files with a sentence saying so.

The games' other sizes are not presets: the Music Game Thingy's 44 x 63 mm play-order
markers (close to the 1.75 x 2.5 inch mini card several services print) and its 80 x 40 mm
banknotes (no service's card). No template of a service's mini card was among the sources
that could be checked here, and a pixel size copied from memory would be a guess; add
a :class:`Product` with its source when one is at hand.

Sources (the stored copies of the services' documentation that could be checked):

- MakePlayingCards: poker images 822 x 1122 px at 300 dpi, trim 750 x 1050 px, 36 px
  of bleed on each side (the project's /work/shared/PRINTING.md, from MakePlayingCards'
  poker-size template; consistent with card tools that cap MakePlayingCards' bleed at
  3.05 mm, e.g. Malacath-92/Proxy-PDF-Maker issue 37). Their safe line is taken at
  1/8 inch inside the trim, the common rule of PRINTING.md: the template's own figure
  was not among the sources at hand. Images are RGB (PNG or JPEG uploads).
- The Game Crafter: poker card images 825 x 1125 px at 300 dpi with 1/8 inch of bleed,
  RGB PNG (PRINTING.md; Squib's documentation calls 825 x 1125 "TheGameCrafter's Poker
  Deck template", a 2.5 x 3.5 inch card with 1/8 inch bleed: github.com/andymeneely/
  squib/wiki/Sane-Defaults; sffc/card-creatr-studio issue 86 says the same), safe zone
  2.25 x 3.25 inches (1/8 inch inside the trim).
- DriveThruCards: "Common Card Prep Issues & Solutions"
  (onebookshelfpublisherservice.zendesk.com/hc/en-us/articles/227867607) and the card
  specifications (help.drivethrupartners.com/hc/de/articles/12780748203543, the German
  edition of "Printed Card Specifications"): a 2.5 x 3.5 inch poker card
  is 2.75 x 3.75 inches with its 1/8 inch bleed (825 x 1125 px at 300 dpi); nothing
  important closer than 1/8 inch to a finished edge; CMYK with at most 240 % total ink;
  images in the layout not PNG (PNG cannot be CMYK), TIF or JPG instead; one PDF per
  deck, pages in card order, each card's back then its front; exported as
  PDF/X-1a:2003.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pnp.catalog.game import CardSize

MM_PER_INCH = 25.4
#: How far a deck's card size may be from a product's (each side, mm) to print on it.
SIZE_TOLERANCE_MM = 1.5


class ServiceError(ValueError):
    """An unknown service, or a deck no product of the service can print."""


@dataclass(frozen=True)
class Product:
    """One card size a service prints: its trim in inches, the image it wants
    (trim and bleed) in pixels, and its safe line's distance inside the trim."""

    name: str
    trim_in: tuple[float, float]
    image_pixels: tuple[int, int]
    safe_in: float

    @property
    def trim_mm(self) -> tuple[float, float]:
        return self.trim_in[0] * MM_PER_INCH, self.trim_in[1] * MM_PER_INCH

    def fits(self, size: CardSize) -> bool:
        width, height = self.trim_mm
        return (
            abs(size.width - width) <= SIZE_TOLERANCE_MM
            and abs(size.height - height) <= SIZE_TOLERANCE_MM
        )

    def describe(self) -> str:
        width, height = self.trim_mm
        return f"{self.name} {width:g} x {height:g} mm"


@dataclass(frozen=True)
class Service:
    """A print-on-demand service and what it asks for."""

    id: str
    title: str
    dpi: int
    colour: Literal["RGB", "CMYK"]
    image_format: Literal["png", "jpeg"]
    products: tuple[Product, ...]
    #: One PDF per deck, each card's back then its front (DriveThruCards).
    deck_pdfs: bool
    #: The service's asks in a sentence, for the bundle's read-me.
    asks: str
    #: At most this much ink (percent, the four inks added) in CMYK files.
    ink_limit: int | None = None

    def product_for(self, size: CardSize) -> Product | None:
        return next((product for product in self.products if product.fits(size)), None)

    def sizes(self) -> str:
        return ", ".join(product.describe() for product in self.products)

    @property
    def extension(self) -> str:
        return "jpg" if self.image_format == "jpeg" else "png"


SERVICES: tuple[Service, ...] = (
    Service(
        id="makeplayingcards",
        title="MakePlayingCards",
        dpi=300,
        colour="RGB",
        image_format="png",
        products=(Product("poker", (2.5, 3.5), (822, 1122), 0.125),),
        deck_pdfs=False,
        asks="RGB images of 822 x 1122 pixels at 300 dpi for poker cards (2.5 x 3.5 inches "
        "trimmed, 36 pixels of bleed on each side).",
    ),
    Service(
        id="the-game-crafter",
        title="The Game Crafter",
        dpi=300,
        colour="RGB",
        image_format="png",
        products=(Product("poker", (2.5, 3.5), (825, 1125), 0.125),),
        deck_pdfs=False,
        asks="RGB PNG images of 825 x 1125 pixels at 300 dpi for poker cards (2.5 x 3.5 "
        "inches trimmed, 1/8 inch of bleed), important parts inside the 2.25 x 3.25 inch "
        "safe zone.",
    ),
    Service(
        id="drivethrucards",
        title="DriveThruCards",
        dpi=300,
        colour="CMYK",
        image_format="jpeg",
        products=(Product("poker", (2.5, 3.5), (825, 1125), 0.125),),
        deck_pdfs=True,
        asks="one PDF per deck, each card's back then its front, pages of 2.75 x 3.75 inches "
        "(a poker card with 1/8 inch of bleed) in CMYK with at most 240 % ink, images at "
        "300 dpi, nothing important within 1/8 inch of an edge.",
        ink_limit=240,
    ),
)


def service(name: str) -> Service:
    for known in SERVICES:
        if known.id == name:
            return known
    names = ", ".join(known.id for known in SERVICES)
    raise ServiceError(f"no print service {name!r} (known: {names})")
