"""Joe's Bar's colours: a nicotine-stained bar menu, the night behind the
neon, and one neon per category (colour only ever repeats what a label and a
shape say)."""

from __future__ import annotations

PAPER = "#efe4cc"  # a menu card that has seen some smoke
WOOD_PAPER = "#eadbbd"  # Bar cards: a shade warmer
STAIN = "#9c7a4c"  # glass rings and splashes
INK = "#231a1c"
SOFT_INK = "#5b4740"
NIGHT = "#18121c"  # the wall behind the neon
BRICK = "#2b2231"
WHITE = "#fff8ec"

#: Neon per category. Colour only ever repeats what a label and a shape say.
NEON: dict[str, str] = {
    "hit": "#ff3b5f",
    "combo": "#ff8c1a",
    "gulp": "#ffcf3a",
    "utility": "#39f0b4",
    "swoosh": "#4cc9ff",
    "bar": "#ff5fd7",
    "patron": "#f0c35a",
}
CAP = "#f0c35a"  # the bottle cap that marks a starting Booze Level

DRAFT_MARK = "OLDER DRAFT ONLY"
