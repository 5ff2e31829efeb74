"""What the downloads page offers: what the kit in ``dist/`` holds, and nothing else.

Each game's kit is offered on the papers it was built on, the kit of every game when
there are several games and it was built, and the booklets, other versions and export
bundles the kit built (:mod:`pnp.export.downloads`). A game's page promises its kit on
the downloads page, so a game without any kit PDF stops the build with a sentence
naming the file; nothing else is required.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
import zipfile
from pathlib import Path
from typing import Any

from pnp.catalog import Catalog
from pnp.publish import tts_base
from pnp.site.errors import SiteError
from pnp.site.thumbnails import thumbnail

#: The papers of the kit, in the order the page shows them, and their names.
PAPERS = ("a4", "letter")
PAPER_NAMES = {"a4": "A4", "letter": "US Letter"}
#: The name of the kit of every game (``kit-<paper>.pdf``).
WHOLE_KIT = "kit"


def megabytes(size: int) -> str:
    """A file's size as a reader reads it: "0.2 MB", "1.7 MB"."""
    return f"{max(size, 100_000) / 1_000_000:.1f} MB"


#: Where the pictures of the files' first pages go, inside the downloads folder.
THUMBNAILS = "pages"


def described(source: Path, folder: Path, paper: str, cards: int | None) -> dict[str, Any]:
    """What the page says about a PDF offered in ``folder``: its paper, its page count,
    how many cards it prints (``None`` for the rules), and the picture of its first page
    (``downloads/pages/<name>.webp``, with its size in pixels)."""
    drawn = thumbnail(source, folder / THUMBNAILS / f"{source.stem}.webp")
    return {
        "paper": PAPER_NAMES[paper],
        "pages": drawn.pages,
        "cards": cards,
        "thumb": f"{THUMBNAILS}/{drawn.file}",
        "width": drawn.width // 2,
        "height": drawn.height // 2,
    }


def card_count(catalog: Catalog, game_id: str | None) -> int:
    """The cards a kit prints: one game's (``game_id``) or every game's."""
    games = [game for game in catalog.games if game_id in (None, game.id)]
    return sum(deck.physical_count for game in games for deck in game.decks)


def offer(source: Path, folder: Path) -> dict[str, str]:
    """Put a kit file among the downloads (a hard link where the disk allows, the
    bundles being large) and say its name and size."""
    target = folder / source.name
    target.unlink(missing_ok=True)
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)
    return {"file": source.name, "size": megabytes(source.stat().st_size)}


def kits(catalog: Catalog, dist: Path, docs: Path) -> list[dict[str, Any]]:
    """Each game's kit, and the kit of every game, with the file of each paper built
    (``None`` for a paper not built). Raises :class:`SiteError` naming the missing file
    when a game has no kit PDF at all."""
    folder = docs / "downloads"
    folder.mkdir(parents=True, exist_ok=True)
    names = [(game.id, game.title) for game in catalog.games]
    if len(catalog.games) > 1:
        names.append((WHOLE_KIT, "Every game"))
    found = []
    for name, title in names:
        cards = card_count(catalog, None if name == WHOLE_KIT else name)
        papers: dict[str, dict[str, Any] | None] = {}
        for paper in PAPERS:
            source = dist / "pnp" / f"{name}-{paper}.pdf"
            papers[paper] = (
                {**_copy(source, folder), **described(source, folder, paper, cards)}
                if source.is_file()
                else None
            )
        if not any(papers.values()):
            if name == WHOLE_KIT:
                continue
            missing = dist / "pnp" / f"{name}-{PAPERS[0]}.pdf"
            raise SiteError(
                f"{missing} is missing (and so is every other paper of {title}'s kit), but "
                "the game's page offers its kit: build the kit first (pnp build)"
            )
        found.append({"title": title, **papers})
    return found


def _copy(source: Path, folder: Path) -> dict[str, str]:
    shutil.copy2(source, folder / source.name)
    return {"file": source.name, "size": megabytes(source.stat().st_size)}


def more(catalog: Catalog, dist: Path, docs: Path, site_url: str | None = None) -> dict[str, Any]:
    """What the downloads page offers besides the default kits, where the kit built it:
    the rules booklets, the other versions of the kit and the export bundles (a
    Tabletop Simulator bundle only when its images are this site's, :func:`serve_tts`)."""
    from pnp.export import downloads

    folder = docs / "downloads"
    folder.mkdir(parents=True, exist_ok=True)
    booklets = []
    for game in catalog.games:
        files = {}
        for form in ("rules", "booklet"):
            for paper in PAPERS:
                source = dist / "pnp" / f"{game.id}-{form}-{paper}.pdf"
                if source.is_file():
                    files[f"{form}_{paper}"] = {
                        **offer(source, folder),
                        **described(source, folder, paper, None),
                    }
        if len(files) == 4:
            booklets.append({"title": game.title, **files})
    known = {game.id for game in catalog.games}
    alternatives = []
    for alternative in downloads.ALTERNATIVES:
        paths = [dist / "pnp" / alternative.file(paper) for paper in PAPERS]
        if alternative.game in (None, *known) and all(path.is_file() for path in paths):
            alternatives.append(
                {
                    "name": alternative.name,
                    "title": alternative.title,
                    "purpose": alternative.purpose,
                    **{
                        paper: {
                            **offer(path, folder),
                            **described(path, folder, paper, card_count(catalog, alternative.game)),
                        }
                        for paper, path in zip(PAPERS, paths, strict=True)
                    },
                }
            )
    bundles: list[dict[str, Any]] = []
    for game in catalog.games:
        offers = downloads.bundles(dist, game.id)
        tts = next((each for each in offers if each.path.name.startswith("tts-")), None)
        if tts is not None and not serve_tts(tts.path, game.id, game.title, site_url, folder):
            offers.remove(tts)
        if offers:
            bundles.append(
                {
                    "title": game.title,
                    "offers": [
                        {"title": each.title, "purpose": each.purpose, **offer(each.path, folder)}
                        for each in offers
                    ],
                }
            )
    offered = {offer["title"] for game in bundles for offer in game["offers"]}
    purposes = [
        {"title": title, "purpose": purpose}
        for title, purpose in downloads.BUNDLE_PURPOSES.values()
        if title in offered
    ]
    return {
        "booklets": booklets,
        "alternatives": alternatives,
        "bundles": bundles,
        "purposes": purposes,
    }


def tts_links(document: Any) -> list[str]:
    """Every image address of a Tabletop Simulator saved object, as the table reads
    them: each ``CustomDeck`` entry's ``FaceURL`` and ``BackURL``, of every object in
    ``ObjectStates`` and of the cards they contain."""
    links: list[str] = []

    def visit(thing: dict[str, Any]) -> None:
        for custom in thing.get("CustomDeck", {}).values():
            links.extend([custom["FaceURL"], custom["BackURL"]])
        for inner in thing.get("ContainedObjects", []):
            visit(inner)

    for state in document["ObjectStates"]:
        visit(state)
    return links


def serve_tts(bundle: Path, game: str, title: str, site_url: str | None, folder: Path) -> bool:
    """Put the images of a Tabletop Simulator bundle where the site serves them
    (``downloads/tts/<game>/``) when its saved object loads them from there; ``False``,
    and said, when it does not (no site address, or the export was made for another),
    so that no deck whose images are on the computer that built it is offered."""
    title = f"the Tabletop Simulator deck of {title}"
    if site_url is None:
        print(f"note: {title} is not offered on the site: it is for this computer only (give "
              "the site's address, publish.url in site/site.yaml or --site-url, to offer it)",
              file=sys.stderr)  # fmt: skip
        return False
    prefix = f"{tts_base(site_url)}/{game}/"
    try:
        with zipfile.ZipFile(bundle) as archive:
            entries = {name.rsplit("/", 1)[-1]: name for name in archive.namelist()}
            document = json.loads(archive.read(entries[f"{game}.json"]))
            links = tts_links(document)
            names = sorted({link.removeprefix(prefix) for link in links})
            if not links or any(not link.startswith(prefix) for link in links):
                raise ValueError(f"its images are not at {prefix}")
            files = {name: archive.read(entries[name]) for name in names}
    except (OSError, KeyError, ValueError, zipfile.BadZipFile) as error:
        print(f"note: {title} is not offered on the site ({bundle.name}: {error}); export "
              "again with --site-url to offer it", file=sys.stderr)  # fmt: skip
        return False
    target = folder / "tts" / game
    target.mkdir(parents=True, exist_ok=True)
    for name, content in files.items():
        (target / name).write_bytes(content)
    return True


#: The checksum list of the downloads (``sha256sum -c SHA256SUMS`` reads it).
CHECKSUMS = "SHA256SUMS"


def write_checksums(docs: Path) -> str:
    """Write the SHA-256 of every file offered in ``docs/downloads`` into its
    :data:`CHECKSUMS` (sorted by name, as ``sha256sum`` writes them); its name."""
    folder = docs / "downloads"
    lines = []
    for path in sorted(folder.rglob("*"), key=lambda each: each.relative_to(folder).as_posix()):
        if path.is_file() and path.name != CHECKSUMS:
            digest = hashlib.sha256(path.read_bytes()).hexdigest()
            lines.append(f"{digest}  {path.relative_to(folder).as_posix()}\n")
    (folder / CHECKSUMS).write_text("".join(lines), encoding="utf-8")
    return CHECKSUMS
