"""``pnp site``: the rules website.

The site is assembled in a staging folder: the tool's own assets of
``site/docs/`` and each game's hand-written pages (``cards/<game>/pages/``) are
copied, the generated pages are rendered from the Jinja2 templates of
``templates/`` with the card catalog (no card data is copied into Markdown by
hand), the kit's card images and PDFs are added, and mkdocs builds it. Only the
pages a game has are made and linked: rules pages where it wrote them, a playtest
report where it has an engine, a decisions page where it has a decisions table.
The finished site replaces the previous one in a single rename.
"""

from __future__ import annotations

import calendar
import datetime
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import jinja2

from pnp.catalog import Catalog, Game
from pnp.catalog.digest import game_digest
from pnp.dedupe import link_identical
from pnp.files import write_atomic
from pnp.names import visible
from pnp.output import transaction
from pnp.publish import PublishError, load
from pnp.site.assets import theme_assets
from pnp.site.cards import Context
from pnp.site.components import cover, deck_page
from pnp.site.config import NavGame, mkdocs_config, write_config
from pnp.site.downloads import kits, more, write_checksums
from pnp.site.errors import SiteError
from pnp.site.icons import card_icons
from pnp.site.images import web_pictures
from pnp.site.looks import load_looks
from pnp.site.pages import copy_pages, finish, hand_written, nav, present
from pnp.site.presenters.chinchon import suit_symbols
from pnp.site.serving import add_hooks, address_problem, run_mkdocs_serve
from pnp.site.tables import needs, size_words, snippets
from pnp.site.text import attribute, lightbox, md, slug
from pnp.verify import stats
from pnp.verify.evidence import EVIDENCE_FORMAT
from pnp.verify.report import REPORT_FORMAT
from pnp.workers import end

__all__ = ["SiteError", "build_site", "build_sites", "md", "serve", "stage", "sync_tree"]


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
    environment.filters["attribute"] = attribute
    environment.filters["lightbox"] = lightbox
    environment.filters["slug"] = slug
    environment.filters["percent"] = lambda figure: md(stats.percent(figure))
    environment.filters["number"] = lambda figure: md(stats.number(figure))
    environment.filters["decimal"] = lambda value, digits=0: md(stats.decimal(value, digits))
    return environment


def stage(catalog: Catalog, project: Path, dist: Path, staging: Path, site_dir: Path,
          offline: bool, offline_dir: Path | None = None,
          site_url: str | None = None) -> Path:  # fmt: skip
    """Assemble the mkdocs project in ``staging``; return its mkdocs.yml. With
    ``offline_dir``, also write ``mkdocs-offline.yml`` beside it: the same pages built
    to open from disk, into ``offline_dir``. ``site_url``: the address the site will be
    published at (:mod:`pnp.publish`)."""
    docs = staging / "docs"
    includes = staging / "includes"
    shutil.copytree(project / "site" / "docs", docs)
    for game in catalog.games:
        copy_pages(game, docs / game.id)
    written = hand_written(docs)
    environment = _environment(project / "templates")
    looks = load_looks(project / "site" / "site.yaml", catalog)
    contexts: dict[str, Context] = {}
    tiles: list[dict[str, Any]] = []
    report = _report(dist, catalog)
    people = _people(dist)
    for game in catalog.games:
        context = Context(game, card_icons(game, dist, docs), symbols=suit_symbols(game))
        contexts[game.id] = context
        pictures = web_pictures(game, dist, docs)
        pages = [deck_page(game, deck, context, pictures) for deck in game.decks]
        look = looks.games[game.id]
        fan = cover(context, look.cover, pictures)
        decisions = [t for t in game.tables if t.spec.kind == "jb-decision"]
        if decisions:
            _decisions(environment, game, decisions[0].entries, report, docs, includes)
        _playtest(environment, game, report, dist, docs, people.get(game.id, []))
        _render(environment, "components.md.j2", docs / game.id / "components.md", game=game,
                pages=pages)  # fmt: skip
        links = present(docs, game.id)
        tiles.append({"game": game, "cover": fan, "look": look, "links": links})
        _render(environment, "game_index.md.j2", docs / game.id / "index.md", game=game,
                decks=pages, look=look, needs=needs(game), cover=fan, links=links)  # fmt: skip
        for name, text in snippets(game, context, pictures):
            target = includes / game.id / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
    glossary = [{"title": game.title, "terms": game.glossary} for game in catalog.games]
    _render(environment, "home.md.j2", docs / "index.md", catalog=catalog, tiles=tiles,
            looks=looks)  # fmt: skip
    card_sizes = sorted({size_words(deck) for game in catalog.games for deck in game.decks})
    files, offered = kits(catalog, dist, docs), more(catalog, dist, docs, site_url)
    _render(environment, "downloads.md.j2", docs / "downloads.md", files=files, catalog=catalog,
            more=offered, card_sizes=card_sizes,
            release=load(project / "site" / "site.yaml").release.words(),
            checksums=write_checksums(docs))  # fmt: skip
    _render(environment, "glossary.md.j2", docs / "glossary.md", glossary=glossary)
    _render(environment, "abbreviations.md.j2", includes / "abbreviations.md",
            terms=[term for game in catalog.games for term in game.glossary])  # fmt: skip
    theme_assets(catalog, looks, docs / "assets")
    finish(docs, {game.id: game.title for game in catalog.games}, contexts, written)
    games = [NavGame(game.id, game.title, nav(docs, game.id)) for game in catalog.games]
    overrides = str((project / "site" / "overrides").resolve())
    configs = [(staging / "mkdocs.yml", offline, site_dir)]
    if offline_dir is not None:
        configs.append((staging / "mkdocs-offline.yml", True, offline_dir))
    for config, is_offline, folder in configs:
        write_config(config, mkdocs_config(games, is_offline, str(folder), str(includes),
                                           overrides, site_url))  # fmt: skip
    return configs[0][0]


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
    if evidence is not None and evidence.get("format") != EVIDENCE_FORMAT:
        raise SiteError(
            f"the decision evidence of {game.id} in the playtest report is of format "
            f"{evidence.get('format')!r}, and this version shows format {EVIDENCE_FORMAT}: "
            "run pnp verify again"
        )
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


def _report(dist: Path, catalog: Catalog) -> dict[str, Any] | None:
    """The playtest report of ``pnp verify`` in the kit, if there is one; refused with a
    sentence when it was made from other card data than ``catalog``'s (or by a version
    that did not record what it was made from)."""
    path = dist / "verify" / "report.json"
    if not path.is_file():
        return None
    try:
        report: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise SiteError(f"{path} cannot be read ({error}): run pnp verify again") from error
    if not isinstance(report, dict) or report.get("format") != REPORT_FORMAT:
        found = report.get("format") if isinstance(report, dict) else None
        raise SiteError(
            f"{path} is a playtest report of format {found!r}, and this version publishes "
            f"format {REPORT_FORMAT}: run pnp verify again (or pnp kit)"
        )
    made = report.get("made_from")
    digests = made.get("games") if isinstance(made, dict) else None
    if not isinstance(digests, dict):
        raise SiteError(f"{path} does not say what card data it was made from: run pnp verify "
                        "again (or pnp kit)")  # fmt: skip
    known = {game.id: game for game in catalog.games}
    changed = [name for name, digest in digests.items()
               if name in known and digest != game_digest(known[name])]  # fmt: skip
    gone = [name for name in digests if name not in known]
    if changed or gone:
        what = []
        if changed:
            what.append(f"the card data of {', '.join(map(visible, changed))} changed since")
        if gone:
            what.append(f"{', '.join(map(visible, gone))} is no longer in the card data")
        raise SiteError(
            f"{path} was made from other card data ({'; '.join(what)}), so its figures are "
            "not this kit's: run pnp verify again (or pnp kit) before publishing the site"
        )
    return report


def _people(dist: Path) -> dict[str, list[dict[str, Any]]]:
    """The summaries of the games people played at ``pnp table`` that ``pnp kit`` put into
    the kit (``playtests.json``, :mod:`pnp.table.summary`), by game; none without the file."""
    from pnp.table.cli_playtests import KIT_FILE
    from pnp.table.summary import SUMMARY_FORMAT

    path = dist / KIT_FILE
    if not path.is_file():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise SiteError(f"{path} cannot be read ({error}): run pnp kit again") from error
    if not isinstance(data, dict) or data.get("format") != SUMMARY_FORMAT:
        raise SiteError(
            f"{path} is not a summary of playtests of format {SUMMARY_FORMAT}: run pnp kit "
            "again (or pnp playtests --json into it)"
        )
    found: dict[str, list[dict[str, Any]]] = {}
    for table in data.get("tables", []):
        found.setdefault(table["game"], []).append(table)
    return found


def _playtest(
    environment: jinja2.Environment,
    game: Game,
    report: dict[str, Any] | None,
    dist: Path,
    docs: Path,
    people: list[dict[str, Any]] | None = None,
) -> bool:
    """Write the playtest page of a game with a rules engine (a plug-in found for it),
    with the summaries of the games ``people`` played at ``pnp table``; ``False`` for
    other games."""
    from pnp.registry import has_engine, load_game

    if not has_engine(game):
        return False
    game_id, title = game.id, game.title
    found = next((g for g in (report or {}).get("games", []) if g["id"] == game_id), None)
    values: dict[str, Any] = {"report": None, "game": {"title": title}}
    if report is not None and found is not None:
        charts: dict[str, dict[str, str]] = {}
        kinds = ["length", "seats", "cards"] + (["ratings"] if found.get("ratings") else [])
        for kind in kinds:
            for theme in ("light", "dark"):
                name = f"{game_id}-{kind}-{theme}.svg"
                source = dist / "verify" / name
                if not source.is_file():
                    raise SiteError(f"{source} is missing: run pnp verify again")
                target = docs / game_id / "playtest" / name
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(source, target)
                charts.setdefault(kind, {})[theme] = f"playtest/{name}"
        plays = found["card_plays"]
        names = found.get("card_names", {})
        least = sorted(plays, key=lambda card: (plays[card], names.get(card, card)))[:3]
        tables = found["tables"]
        values = {
            "report": report,
            "game": found,
            "played": sum(table["games"] for table in tables),
            "charts": charts,
            "rounds": found["round_name"],
            "extra_title": found["extra_title"],
            "extra_labels": [label for label, _ in tables[0]["extra_rows"]] if tables else [],
            "least": [f"{names.get(card, card)} ({plays[card]} times)" for card in least],
            "play_default": load_game(game).default_bot,
        }
    people = people or []
    values["people"] = people
    values["people_games"] = sum(table["games"] for table in people)
    _render(environment, "playtest.md.j2", docs / game_id / "playtest.md", **values)
    return True


def _render(environment: jinja2.Environment, template: str, target: Path, **values: Any) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(environment.get_template(template).render(**values), encoding="utf-8")


def build_site(
    catalog: Catalog,
    project: Path,
    dist: Path,
    out: Path,
    offline: bool = False,
    site_url: str | None = None,
) -> Path:
    """Build the site into ``out`` (to open from disk if ``offline``), replacing it only
    once the build succeeded."""
    return _build(catalog, project, dist, [(out, offline)], site_url)[0]


def build_sites(
    catalog: Catalog,
    project: Path,
    dist: Path,
    out: Path,
    offline_out: Path,
    site_url: str | None = None,
) -> tuple[Path, Path]:
    """Build the site into ``out`` and the copy that opens from disk into ``offline_out``:
    staged once, the two mkdocs builds side by side; neither folder is replaced unless
    both built."""
    outs = [(out, False), (offline_out, True)]
    site, offline = _build(catalog, project, dist, outs, site_url)
    return site, offline


def _build(
    catalog: Catalog,
    project: Path,
    dist: Path,
    outs: list[tuple[Path, bool]],
    site_url: str | None = None,
) -> list[Path]:
    """Build each site of ``outs`` (folder, offline) in one transaction on their parent
    folder (:mod:`pnp.output`): staged once, the mkdocs builds side by side, and no
    folder replaced unless every build succeeded."""
    targets = [(out.resolve(), offline) for out, offline in outs]
    parent = targets[0][0].parent
    if any(out.parent != parent for out, _ in targets):
        raise SiteError("the sites of one build must sit in the same folder")
    with transaction(parent, "site") as staging:
        fresh = [staging.path(out.name) for out, _ in targets]
        other = fresh[1] if len(targets) > 1 else None
        try:
            config = stage(catalog, project, dist, staging.path(".project"), fresh[0],
                           targets[0][1], offline_dir=other, site_url=site_url)  # fmt: skip
            released = load(project / "site" / "site.yaml").release.date
        except PublishError as problem:
            raise SiteError(str(problem)) from None
        configs = [config, config.with_name("mkdocs-offline.yml")][: len(targets)]
        builds: list[subprocess.Popen[str]] = []
        try:
            for path in configs:
                builds.append(_mkdocs(path, released))
            errors = [build.communicate()[1] for build in builds]
        except BaseException:  # stopped (Ctrl-C, SIGTERM): so are the builds, before cleaning up
            for build in builds:
                end(build)
            raise
        for build, error in zip(builds, errors, strict=True):
            if build.returncode != 0:
                said = [line for line in error.splitlines() if not line.startswith("INFO")]
                text = _hand_written_named("\n".join(said).strip(), catalog)
                raise SiteError("mkdocs could not build the site:\n" + text)
        # the downloads and pictures mkdocs copied: one copy on disk, shared with the kit
        kit = [dist / name for name in ("pnp", "export", "images")]
        link_identical([*kit, *fresh], replaceable=staging.folder)
        staging.publish(*(out.name for out, _ in targets))
    return [out for out, _ in targets]


#: How mkdocs names a page in a warning: ``Doc file 'joes-bar/rules.md'``.
_DOC_FILE = re.compile(r"Doc file '([^'/]+)/([^'/]+\.md)'")


def _hand_written_named(text: str, catalog: Catalog) -> str:
    """mkdocs's messages with each hand-written page named by its file in the cards
    (``cards/joes-bar/pages/rules.md``), where a person can correct it."""
    games = {game.id: game for game in catalog.games}

    def named(match: re.Match[str]) -> str:
        game = games.get(match.group(1))
        page = game.page(match.group(2)) if game is not None else None
        return f"Doc file '{page}'" if page is not None else match.group(0)

    return _DOC_FILE.sub(named, text)


def _mkdocs(config: Path, released: datetime.date) -> subprocess.Popen[str]:
    """Start ``mkdocs build`` in strict mode (any warning fails) on ``config``. Not
    ``--quiet``: mkdocs 1.6 then drops the warnings before strict mode counts them, and a
    link to a missing page would pass. The pages' dates (the sitemap's) are the
    release's, not the clock's, unless ``SOURCE_DATE_EPOCH`` says otherwise."""
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config)]
    epoch = calendar.timegm(released.timetuple())
    environment = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    environment.setdefault("SOURCE_DATE_EPOCH", str(epoch))
    return subprocess.Popen(
        command, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )


def serve(catalog: Catalog, project: Path, dist: Path, address: str, cards: Path) -> int:
    """Serve the site with mkdocs, rebuilt and reloaded in the browser on every change
    to the hand-written pages, the templates or the card data (see ``hooks.py``); its
    exit status. An address mkdocs cannot serve on is a sentence and status 2, before
    anything is staged; the staging folder is removed however serving ends."""
    problem = address_problem(address)
    if problem is not None:
        print(f"pnp site --serve: {problem}", file=sys.stderr)
        return 2
    staging = Path(tempfile.mkdtemp(prefix="pnp-site-"))
    try:
        config = stage(catalog, project, dist, staging / "project", staging / "site",
                       offline=False)  # fmt: skip
        add_hooks(config, Path(__file__).with_name("hooks.py"))
        environment = dict(
            os.environ,
            NO_MKDOCS_2_WARNING="1",
            PNP_SITE_PROJECT=str(project),
            PNP_SITE_KIT=str(dist.resolve()),
            PNP_SITE_CARDS=str(cards.resolve()),
        )
        watched = [project / "site", project / "templates", cards.resolve()]
        return run_mkdocs_serve(config, address, watched, environment, staging)
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def sync_tree(source: Path, target: Path) -> None:
    """Make ``target`` a copy of ``source``, touching only files that changed
    (so a watcher on ``target`` sees no change when there is none)."""
    wanted = {path.relative_to(source) for path in source.rglob("*") if path.is_file()}
    for relative in sorted(wanted):
        new = (source / relative).read_bytes()
        old = target / relative
        if not old.is_file() or old.read_bytes() != new:
            write_atomic(old, new)  # (replaced, never written through a hard link)
    for path in sorted(target.rglob("*"), reverse=True):
        if path.is_file() and path.relative_to(target) not in wanted:
            path.unlink()
