"""The Music Game Thingy's look: the cream paper, the inks, and how each Action
card type and each "how long it lasts" reminder is shown (label, band colour,
ink and symbol), so colour is never the only cue."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.catalog.schemas.music_game_thingy import (
    Lasts,
)
from pnp.catalog.schemas.music_game_thingy_words import (
    CARD_TYPE_LABELS,
    LASTS_LABELS,
)
from pnp.kit.drawings.colours import is_light
from pnp.kit.drawings.music_game_thingy.symbols import (
    Symbol,
    album,
    bomb,
    double_album,
    ep,
    falling_star,
    forever,
    lightning,
    magnifier,
    megaphone,
    microphone,
    one_use,
    scales,
    single,
    small_calendar,
    speaker,
    sports_car,
    spotlight,
    swap,
    ticket,
    torn_page,
)

PAPER = "#f8f2e4"


INK = "#1f1a17"


WHITE = "#ffffff"


GOLD = "#e9b949"


@dataclass(frozen=True)
class TypeStyle:
    """How one Action card type looks: its band colour, ink and symbol."""

    type: str
    colour: str
    ink: str
    symbol: Symbol

    @property
    def label(self) -> str:
        """The type's name as the card's label says it."""
        return CARD_TYPE_LABELS[self.type]

    @property
    def on_paper(self) -> str:
        """The type's colour for text and symbols on the cream paper."""
        return self.ink if is_light(self.colour) else self.colour


STYLES: dict[str, TypeStyle] = {
    # records: warm reds and purples
    "single": TypeStyle("single", "#d7263d", WHITE, single),
    "ep": TypeStyle("ep", "#e8590c", WHITE, ep),
    "album": TypeStyle("album", "#8e2c8e", WHITE, album),
    "double-album": TypeStyle("double-album", "#4f2277", WHITE, double_album),
    # concerts: blues and greens
    "venue": TypeStyle("venue", "#1b6ca8", WHITE, microphone),
    "extra-date": TypeStyle("extra-date", "#138a8a", WHITE, ticket),
    "road-crew": TypeStyle("road-crew", "#2f4858", WHITE, speaker),
    "stage-lights": TypeStyle("stage-lights", "#f2c14e", "#2b1d0e", spotlight),
    # Fame
    "hype": TypeStyle("hype", "#e0457b", WHITE, megaphone),
    "backlash": TypeStyle("backlash", "#5c5470", WHITE, falling_star),
    # contracts
    "lawyers": TypeStyle("lawyers", "#264653", WHITE, scales),
    "contract-exchange": TypeStyle("contract-exchange", "#4f772d", WHITE, swap),
    "contract-waiver": TypeStyle("contract-waiver", "#a3b18a", "#1f2a14", torn_page),
    # dirty tricks
    "disaster": TypeStyle("disaster", "#9d0208", WHITE, lightning),
    "sabotage": TypeStyle("sabotage", "#3c1518", "#f7d6c4", bomb),
    "commercial-spies": TypeStyle("commercial-spies", "#6b705c", WHITE, magnifier),
    # conspicuous consumption
    "sports-car": TypeStyle("sports-car", "#1c1c1c", GOLD, sports_car),
}


LASTS: dict[Lasts, tuple[str, Symbol]] = {
    "month": (LASTS_LABELS["month"], one_use),
    "year": (LASTS_LABELS["year"], small_calendar),
    "game": (LASTS_LABELS["game"], forever),
    "until-album": (LASTS_LABELS["until-album"], single),
}
