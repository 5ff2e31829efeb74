"""``pnp site``: the rules website.

The site is assembled in a staging folder: the hand-written pages of
``site/docs/`` are copied, the generated pages are rendered from the Jinja2
templates of ``templates/`` with the card catalog (no card data is copied into
Markdown by hand), the kit's card images and PDFs are added, and mkdocs
builds it. The finished site replaces the previous one in a single rename.
"""

from __future__ import annotations

import html
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jinja2
from PIL import Image
from ruamel.yaml import YAML

from pnp.catalog import Catalog, Deck, Game
from pnp.catalog.base import Card
from pnp.files import write_atomic
from pnp.kit.faces import FACES
from pnp.kit.images import faces_of
from pnp.site.tables import snippets, table

#: Width in pixels of the card images on the site (the kit's are 300 dpi).
WEB_WIDTH = 360
_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+!|<>])")


class SiteError(ValueError):
    """The site cannot be built (a missing input, or mkdocs failed)."""


def md(text: object) -> str:
    """Text made safe to place in Markdown (and so in HTML): shown as written."""
    escaped = html.escape(str(text), quote=True)
    return re.sub(r"([\\`*_{}\[\]|#])", r"\\\1", escaped).replace("\n", " ")


@dataclass(frozen=True)
class GalleryImage:
    src: str
    alt: str
    caption: str


@dataclass(frozen=True)
class DeckPage:
    deck: Deck
    table: str
    images: list[GalleryImage]


def describe(deck: Deck, card: Card) -> str:
    design = FACES.get(deck.spec.kind)
    if design is not None and design.describe is not None:
        return str(design.describe(card))
    return card.label()


def _deck_page(game: Game, deck: Deck) -> DeckPage:
    images = []
    for face in faces_of(deck):
        src = f"../images/{game.id}/{deck.id}/{face.stem}.png"
        if face.side == "front":
            alt = describe(deck, face.card)
            caption = face.card.label()
        else:
            alt = f"Back of {deck.spec.title}: {deck.spec.back.title}"
            if FACES[deck.spec.kind].back_varies:
                alt = f"Back of {face.card.label()}: " + describe(deck, face.card)
            caption = f"{face.card.label()} (back)" if FACES[deck.spec.kind].back_varies else "Back"
        images.append(GalleryImage(src, alt, caption))
    return DeckPage(deck, table(deck.cards), images)


def _environment(templates: Path) -> jinja2.Environment:
    environment = jinja2.Environment(
        loader=jinja2.FileSystemLoader(templates),
        undefined=jinja2.StrictUndefined,
        autoescape=False,  # Markdown output: every value goes through the md filter
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    environment.filters["md"] = md
    return environment


def _glossary(project: Path) -> list[dict[str, str]]:
    data = YAML(typ="safe").load((project / "site" / "glossary.yaml").read_text(encoding="utf-8"))
    return list(data["terms"])


def _web_images(game: Game, dist: Path, docs: Path) -> None:
    """Copy screen-sized card images into the site, making each once per kit image."""
    for deck in game.decks:
        for face in faces_of(deck):
            relative = Path(game.id) / deck.id / f"{face.stem}.png"
            source = dist / "images" / relative
            if not source.is_file():
                raise SiteError(f"{source} is missing: build the kit first (pnp build)")
            cached = dist / ".web-images" / relative
            if not cached.is_file() or cached.stat().st_mtime < source.stat().st_mtime:
                cached.parent.mkdir(parents=True, exist_ok=True)
                with Image.open(source) as image:
                    height = round(image.height * WEB_WIDTH / image.width)
                    small = image.convert("RGB").resize(
                        (WEB_WIDTH, height), Image.Resampling.LANCZOS
                    )
                    buffer = io.BytesIO()
                    small.save(buffer, format="PNG", optimize=True)
                    write_atomic(cached, buffer.getvalue())
            target = docs / "images" / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(cached, target)


def _downloads(catalog: Catalog, dist: Path, docs: Path) -> list[dict[str, Any]]:
    files = []
    folder = docs / "downloads"
    folder.mkdir(parents=True, exist_ok=True)
    for name, title in [(game.id, game.title) for game in catalog.games] + [("kit", "Every game")]:
        for paper, paper_name in (("a4", "A4"), ("letter", "US Letter")):
            source = dist / "pnp" / f"{name}-{paper}.pdf"
            if not source.is_file():
                raise SiteError(f"{source} is missing: build the kit first (pnp build)")
            shutil.copy2(source, folder / source.name)
            files.append({"title": title, "paper": paper_name, "file": source.name,
                          "size": f"{source.stat().st_size / 1024:,.0f} KiB"})  # fmt: skip
    return files


def stage(catalog: Catalog, project: Path, dist: Path, staging: Path, site_dir: Path,
          offline: bool) -> Path:  # fmt: skip
    """Assemble the mkdocs project in ``staging``; return its mkdocs.yml."""
    docs = staging / "docs"
    includes = staging / "includes"
    shutil.copytree(project / "site" / "docs", docs)
    environment = _environment(project / "templates")
    glossary = _glossary(project)
    report = _report(dist)
    games: list[dict[str, object]] = []
    for game in catalog.games:
        decisions = [t for t in game.tables if t.spec.kind == "jb-decision"]
        games.append(
            {
                "id": game.id,
                "title": game.title,
                "has_decisions": bool(decisions),
                "has_design": (docs / game.id / "design.md").is_file(),
            }
        )
        pages = [_deck_page(game, deck) for deck in game.decks]
        _render(environment, "game_index.md.j2", docs / game.id / "index.md", game=game)
        _render(environment, "components.md.j2", docs / game.id / "components.md", game=game,
                pages=pages)  # fmt: skip
        if decisions:
            _decisions(environment, game, decisions[0].entries, report, docs, includes)
        for name, text in snippets(game):
            (includes / game.id).mkdir(parents=True, exist_ok=True)
            (includes / game.id / name).write_text(text, encoding="utf-8")
        _web_images(game, dist, docs)
    for entry in games:
        entry["has_playtest"] = _playtest(
            environment, str(entry["id"]), str(entry["title"]), report, dist, docs
        )
    downloads = _downloads(catalog, dist, docs)
    _render(environment, "home.md.j2", docs / "index.md", catalog=catalog)
    _render(environment, "downloads.md.j2", docs / "downloads.md", files=downloads,
            catalog=catalog)  # fmt: skip
    _render(environment, "glossary.md.j2", docs / "glossary.md", terms=glossary)
    _render(environment, "abbreviations.md.j2", includes / "abbreviations.md", terms=glossary)
    config = staging / "mkdocs.yml"
    titles = ", ".join(game.title for game in catalog.games)
    _render(environment, "mkdocs.yml.j2", config, games=games, offline=offline,
            site_dir=str(site_dir), includes=str(includes), titles=titles)  # fmt: skip
    return config


#: Snippets of a game in beta made from the playtest report (``includes/<game>/``).
REPORT_SNIPPETS = ("pacing.md",)


def _decisions(
    environment: jinja2.Environment,
    game: Game,
    entries: tuple[Any, ...],
    report: dict[str, Any] | None,
    docs: Path,
    includes: Path,
) -> None:
    """The beta-or-draft page of a game in beta, with the evidence the playtest report keeps
    under the game's ``evidence`` key (``pnp.verify.evidence``), and its pacing table
    (``includes/<game>/pacing.md``, which the game's variants page includes)."""
    found = next((g for g in (report or {}).get("games", []) if g.get("id") == game.id), None)
    evidence = (found or {}).get("evidence")
    measured = {entry["id"]: entry for entry in (evidence or {}).get("decisions", [])}
    decisions = [
        {"id": e.id, "title": e.title, "beta": e.beta, "older_draft": e.older_draft,
         "evidence": measured.get(e.id)}
        for e in entries
    ]  # fmt: skip
    _render(environment, "decisions.md.j2", docs / game.id / "decisions.md", game=game,
            decisions=decisions, evidence=evidence)  # fmt: skip
    for name in REPORT_SNIPPETS:
        _render(environment, f"{name}.j2", includes / game.id / name, evidence=evidence)


def _report(dist: Path) -> dict[str, Any] | None:
    """The playtest report of ``pnp verify`` in the kit, if there is one."""
    path = dist / "verify" / "report.json"
    if not path.is_file():
        return None
    try:
        report: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise SiteError(f"{path} cannot be read ({error}): run pnp verify again") from error
    return report


def _playtest(
    environment: jinja2.Environment,
    game_id: str,
    title: str,
    report: dict[str, Any] | None,
    dist: Path,
    docs: Path,
) -> bool:
    """Write the playtest page of a game with a rules engine; ``False`` for other games."""
    from pnp.verify.games import ADAPTERS, adapter

    if game_id not in ADAPTERS:
        return False
    rules = adapter(game_id)
    found = next((g for g in (report or {}).get("games", []) if g["id"] == game_id), None)
    values: dict[str, Any] = {"report": None, "game": {"title": title}}
    if report is not None and found is not None:
        charts = {}
        for kind in ("length", "seats", "cards"):
            name = f"{game_id}-{kind}.png"
            source = dist / "verify" / name
            if not source.is_file():
                raise SiteError(f"{source} is missing: run pnp verify again")
            target = docs / game_id / "playtest" / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
            charts[kind] = f"playtest/{name}"
        plays = found["card_plays"]
        least = sorted(plays, key=lambda card: (plays[card], card))[:3]
        tables = found["tables"]
        values = {
            "report": report,
            "game": found,
            "played": sum(table["games"] for table in tables),
            "charts": charts,
            "rounds": rules.round_name,
            "extra_title": rules.extra_title,
            "extra_labels": [label for label, _ in tables[0]["extra_rows"]] if tables else [],
            "least": [f"{card} ({plays[card]} times)" for card in least],
        }
    _render(environment, "playtest.md.j2", docs / game_id / "playtest.md", **values)
    return True


def _render(environment: jinja2.Environment, template: str, target: Path, **values: Any) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(environment.get_template(template).render(**values), encoding="utf-8")


def build_site(
    catalog: Catalog, project: Path, dist: Path, out: Path, offline: bool = False
) -> Path:
    """Build the site into ``out``, replacing it only once the build succeeded."""
    out = out.resolve()
    out.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=".site-", dir=out.parent) as folder:
        staging = Path(folder)
        fresh = staging / "site"
        config = stage(catalog, project, dist, staging / "project", fresh, offline)
        result = subprocess.run(
            [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "-f", str(config)],
            env=dict(os.environ, NO_MKDOCS_2_WARNING="1"),
            capture_output=True, text=True, check=False,
        )  # fmt: skip
        if result.returncode != 0:
            raise SiteError("mkdocs could not build the site:\n" + result.stderr.strip())
        old = staging / "previous"
        if out.exists():
            out.rename(old)
        fresh.rename(out)
    return out


def serve(catalog: Catalog, project: Path, dist: Path, address: str, cards: Path) -> int:
    """Serve the site with mkdocs, rebuilt and reloaded in the browser on every change
    to the hand-written pages, the templates or the card data (see ``hooks.py``)."""
    staging = Path(tempfile.mkdtemp(prefix="pnp-site-"))
    config = stage(catalog, project, dist, staging / "project", staging / "site", offline=False)
    hooks = Path(__file__).with_name("hooks.py")
    text = config.read_text(encoding="utf-8")
    config.write_text(text + f'hooks:\n  - "{hooks}"\n', encoding="utf-8")
    environment = dict(
        os.environ,
        NO_MKDOCS_2_WARNING="1",
        PNP_SITE_PROJECT=str(project),
        PNP_SITE_KIT=str(dist.resolve()),
        PNP_SITE_CARDS=str(cards.resolve()),
    )
    watched = [project / "site", project / "templates", cards.resolve()]
    command = [sys.executable, "-m", "mkdocs", "serve", "-f", str(config), "-a", address]
    for folder in watched:
        command += ["-w", str(folder)]
    return subprocess.call(command, env=environment)


def sync_tree(source: Path, target: Path) -> None:
    """Make ``target`` a copy of ``source``, touching only files that changed
    (so a watcher on ``target`` sees no change when there is none)."""
    wanted = {path.relative_to(source) for path in source.rglob("*") if path.is_file()}
    for relative in sorted(wanted):
        new = (source / relative).read_bytes()
        old = target / relative
        if not old.is_file() or old.read_bytes() != new:
            old.parent.mkdir(parents=True, exist_ok=True)
            old.write_bytes(new)
    for path in sorted(target.rglob("*"), reverse=True):
        if path.is_file() and path.relative_to(target) not in wanted:
            path.unlink()
