"""A small game whose card kind is declared in data (kinds.yaml), written for the tests
of kinds, spreadsheet decks and schemas: one deck of spells, in YAML unless a test
writes it otherwise."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

GAME = """title: Spells
summary: A game made for the tests of card kinds declared as data.
players: {{min: 2, max: 4}}
source: {{title: None, file: none.pdf}}
credits: [{{name: Nobody, role: tests}}]
provenance: {{origin: designed, note: Made by the tests.}}
decks:
  spells:
    title: Spell cards
    file: {file}
    kind: spell
    count: {count}
    size: {{width: 63, height: 88}}
    back: {{title: Spells, motif: stars, colour: "#1d2a3a", ink: "#f0c35a"}}
    provenance: {{origin: designed, note: Made by the tests.}}
"""

KINDS = """kinds:
  spell:
    noun: spell
    label: "{name}"
    fields:
      name:   {type: text, required: true, max_length: 40}
      cost:   {type: integer, min: 0, max: 10, required: true}
      school: {type: choice, choices: [fire, water, air]}
      effect: {type: text, paragraph: true}
      icons:  {type: icons}
      art:    {type: image}
      tint:   {type: colour}
      rare:   {type: boolean}
      power:  {type: number, min: 0, max: 2.5}
"""

#: The fields line ``pnp validate`` shows for the kind above.
FIELDS = (
    "fields of spell: name (text, at most 40 characters, required), cost (integer 0-10, "
    "required), school (one of fire, water, air), effect (paragraph of text), icons (list of "
    "icon ids), art (image file in the game folder), tint (colour #rrggbb), rare (true or false), "
    "power (number 0-2.5); on every card: id (lowercase letters, digits and hyphens, "
    "required), count (copies, integer from 1, default 1)"
)

SPELLS = """cards:
  - {id: fireball, name: Fireball, cost: 3, school: fire, effect: "Deal 3 damage.",
     art: art/fire.png, count: 2}
  - {id: splash, name: Splash, cost: 1, school: water, tint: "#2040a0", rare: true, power: 1.5}
  - {id: gust, name: Gust, cost: 0, icons: [wind, wind]}
"""

#: The same cards as a CSV file (a paragraph's line break kept inside quotes).
SPELLS_CSV = """id,name,cost,school,effect,icons,art,tint,rare,power,count
fireball,Fireball,3,fire,Deal 3 damage.,,art/fire.png,,,,2
splash,Splash,1,water,,,,#2040a0,yes,1.5,
gust,Gust,0,,,"wind, wind",,,,,
"""


def spell_game(cards: Path, deck: str = SPELLS, file: str = "spells.yaml", count: int = 4) -> Path:
    """Write the game into ``cards/spells`` (its deck as ``file``, holding ``deck``);
    return the game folder."""
    folder = cards / "spells"
    (folder / "art").mkdir(parents=True, exist_ok=True)
    (folder / "game.yaml").write_text(GAME.format(file=file, count=count), encoding="utf-8")
    (folder / "kinds.yaml").write_text(KINDS, encoding="utf-8")
    (folder / file).write_text(deck, encoding="utf-8")
    Image.new("RGB", (12, 12), "red").save(folder / "art" / "fire.png")
    return folder
