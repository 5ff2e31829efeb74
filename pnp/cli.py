"""The ``pnp`` command: one entry point that wires the pipeline together."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from pnp import __version__
from pnp.catalog import Catalog, CatalogError, load_catalog
from pnp.files import write_atomic
from pnp.kit.layout import DEFAULT_MARGIN_MM, Duplex, Layout
from pnp.names import visible
from pnp.output import OutputError, published, transaction

#: The card data unless --cards says otherwise: ./cards, or else the project's own.
DEFAULT_CARDS = Path("cards")
PROJECT_CARDS = Path(__file__).resolve().parents[1] / "cards"


def default_cards() -> Path:
    """``cards`` in the current folder if there is one, else the project's own card data
    (so that ``pnp play`` and ``pnp replay`` work from any folder)."""
    return DEFAULT_CARDS if DEFAULT_CARDS.is_dir() or not PROJECT_CARDS.is_dir() else PROJECT_CARDS


DEFAULT_OUT = Path("dist")
#: Games per table of ``pnp verify`` (and of the report ``pnp kit`` publishes).
DEFAULT_VERIFY_GAMES = 100
#: With --precision, the most games a table plays.
DEFAULT_CAP = 4000
#: Games of each game's bot-rating ladder in the report ``pnp kit`` publishes: two games
#: of each of the 24 line-ups of four bots at three seats (Chinchón's hard bot plays out
#: guesses at every close choice, about 2 s a game, so this keeps make kit within its
#: 10 minutes; benchmarks/bot_ladders.py plays 288).
DEFAULT_KIT_RATINGS = 48
#: Games of each side of each open decision (Joe's Bar's) at each player count.
DEFAULT_EVIDENCE = 200


def build_parser() -> argparse.ArgumentParser:
    """The ``pnp`` command's parser (the documentation's command reference reads it)."""
    return _parser()


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="pnp",
        description="Publish card games from the card data in cards/: check the data, "
        "build the print-and-play kit, the rules site and the playtest report.",
    )
    parser.add_argument("--version", action="version", version=f"pnp {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    validate = commands.add_parser(
        "validate",
        help="check the card data and print the card counts of every deck",
        description="Check every game under the cards folder and print how many physical "
        "cards each deck has. Every problem is listed with its file, line and field; the "
        "exit status is 1 when there is any.",
    )
    _cards_option(validate)
    validate.add_argument(
        "--json", action="store_true", help="print the counts as JSON instead of a table"
    )

    build = commands.add_parser(
        "build",
        help="build the print-and-play PDFs and card images",
        description="Build one PDF per game and paper size into DIR/pnp/ (plus a combined kit "
        "when every game is built) and a PNG of every card face into DIR/images/.",
    )
    _cards_option(build)
    _build_options(build)

    site = commands.add_parser(
        "site",
        help="build the rules website (needs the kit: run pnp build first)",
        description="Build the rules website into DIR (default dist/site) and an offline copy "
        "that opens from disk into DIR-offline, from site/, templates/, the card data and the "
        "kit in dist/. With --serve, serve it locally with live reload instead.",
    )
    _cards_option(site)
    site.add_argument(
        "--out",
        type=Path,
        default=DEFAULT_OUT / "site",
        metavar="DIR",
        help="output folder (default: dist/site)",
    )
    site.add_argument(
        "--kit",
        type=Path,
        default=DEFAULT_OUT,
        metavar="DIR",
        help="where the kit was built (default: dist)",
    )
    _site_url_option(site)
    site.add_argument("--serve", action="store_true", help="serve locally with live reload")
    site.add_argument("--address", default="127.0.0.1:8000", help="address for --serve")

    verify = commands.add_parser(
        "verify",
        help="play the printed decks with the bots and write the playtest report",
        description="Simulate seeded games of every game that has a rules engine, at each of "
        "its tables (variants and player counts), with the heuristic bots and with one "
        "heuristic bot among random ones. Checks that the decks match the rules, that every "
        "game ends, that no invariant breaks (cards conserved, only legal moves, no hidden "
        "information in a view, replays agree) and that every printed card is played; writes "
        "DIR/report.json, DIR/report.md and charts. Exit status 1 when a check fails.",
    )
    _cards_option(verify)
    verify.add_argument(
        "--game",
        action="append",
        metavar="GAME",
        help="only this game (repeat for more; default: every game with an engine)",
    )
    verify.add_argument(
        "--games",
        type=_positive,
        default=DEFAULT_VERIFY_GAMES,
        metavar="N",
        help=f"games per table (default: {DEFAULT_VERIFY_GAMES})",
    )
    verify.add_argument(
        "--jobs", type=_positive, default=None, metavar="J", help="processes (default: every core)"
    )
    verify.add_argument("--seed", type=int, default=0, metavar="S", help="first seed (default: 0)")
    _playtest_options(verify)
    verify.add_argument(
        "--evidence",
        type=int,
        default=DEFAULT_EVIDENCE,
        metavar="N",
        help="for a game with open design decisions (Joe's Bar), N games of each side of "
        f"each decision at each player count (default: {DEFAULT_EVIDENCE}; 0: none)",
    )
    verify.add_argument(
        "--out",
        type=Path,
        default=DEFAULT_OUT / "verify",
        metavar="DIR",
        help="output folder (default: dist/verify)",
    )

    kit = commands.add_parser(
        "kit",
        help="build everything into the output folder (what `make kit` runs)",
        description="Check the card data and build the whole kit into the output folder: "
        "the PDFs for A4 and Letter and the card images with the default options, the "
        "playtest report (pnp verify), the summary of the playtests folder of pnp table "
        "(when there is one) and the rules site.",
    )
    _cards_option(kit)
    _out_option(kit)
    kit.add_argument(
        "--verify-games",
        type=_positive,
        default=DEFAULT_VERIFY_GAMES,
        metavar="N",
        help=f"games per table for the playtest report (default: {DEFAULT_VERIFY_GAMES})",
    )
    kit.add_argument(
        "--ratings",
        type=int,
        default=DEFAULT_KIT_RATINGS,
        metavar="N",
        help=f"games of each game's bot-rating ladder (default: {DEFAULT_KIT_RATINGS}; 0: none)",
    )
    kit.add_argument(
        "--evidence",
        type=int,
        default=DEFAULT_EVIDENCE,
        metavar="N",
        help="for a game with open design decisions, games of each side of each decision at "
        f"each player count (default: {DEFAULT_EVIDENCE}; 0: none)",
    )
    kit.add_argument(
        "--export",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="also run pnp export into DIR/export/ (Tabletop Simulator and the print "
        "services) and zip its bundles for the site's downloads (default: yes)",
    )
    kit.add_argument(
        "--alternatives",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="also build the other versions of the kit the downloads page offers (Chinchón "
        "with Spanish and with four-colour suits; every game ink-saver, gutterfold, "
        "short-edge duplex and shared cuts) into DIR/pnp/ (default: yes)",
    )
    _site_url_option(kit)
    from pnp.table.cli_playtests import add_kit_option

    add_kit_option(kit)
    # replaced by --site-url (the site serves the images): said when given
    kit.add_argument("--tts-base-url", metavar="URL", help=argparse.SUPPRESS)

    from pnp.cli_export import add_command as add_export

    add_export(commands, _cards_option, _positive)
    from pnp.cli_new import add_command as add_new
    from pnp.cli_schema import add_command as add_schema

    add_schema(commands, _cards_option)
    add_new(commands)
    from pnp.cli_check import add_command as add_check

    add_check(commands, _cards_option, _positive)
    from pnp.cli_docs import add_command as add_docs

    add_docs(commands)

    from pnp.engines import declared_ids

    installed = declared_ids()
    play = commands.add_parser(
        "play",
        help="play a game against the bots in the terminal",
        description="Play a game of the card data that has a rules engine (installed: "
        f"{', '.join(installed) or 'none'}; or a module of a game's folder) against the bots"
        + ". You see only your own "
        "cards; the bots' moves are told as a person at the table sees them. Type help at "
        "any prompt for the commands, rules for the rules in brief. Quitting, the end of the "
        "input or Ctrl-C stop the game with an offer to save it (at the end of the input an "
        "unfinished game is saved without asking); --resume FILE continues a saved game. "
        "Exit status: 0 when the game ends or you leave it, 130 after Ctrl-C, 1 for a save "
        "or card data that cannot be read, a game that cannot be played yet or a game that "
        "was to be saved and was not, 2 for options that cannot be used.",
    )
    play.add_argument(
        "game", nargs="?", metavar="GAME", help="the game to play (a game folder's name)"
    )
    _cards_option(play)
    play.add_argument(
        "--players",
        type=_positive,
        metavar="N",
        help="players, you included (default: 3 for Chinchón, 4 for the others)",
    )
    play.add_argument(
        "--bot", choices=["random", "heuristic"], help="the bots' play (default: heuristic)"
    )
    play.add_argument(
        "--level",
        choices=["easy", "medium", "hard"],
        help="the bots' level where the game has levels (default: medium)",
    )
    play.add_argument("--seed", type=int, metavar="S", help="seed of the deal (default: random)")
    play.add_argument(
        "--variant",
        action="append",
        metavar="NAME",
        help="a variant of the game's variants.yaml (Chinchón: jokers, five-points, ...; "
        "Chin Music: careful-call-outs, ...) or an engine parameter such as reentries=2 or "
        "hand-size=3; repeat for more",
    )
    play.add_argument(
        "--decision",
        action="append",
        metavar="ID=SIDE",
        help="Joe's Bar: play one open design decision on the beta's side or the older "
        "draft's (swoosh-cards=draft, dodging=beta, ...; the seven are winning, dodging, "
        "swoosh-cards, hand-limit, utility-timing, sand-timer, gulp-cap); repeat for more",
    )
    play.add_argument("--resume", type=Path, metavar="FILE", help="continue a saved game")
    play.add_argument(
        "--save",
        type=Path,
        metavar="FILE",
        help="save the game to FILE without asking: before the first move (a folder that "
        "cannot be written is refused then), after each of your moves and when it ends or "
        "stops",
    )
    play.add_argument(
        "--auto",
        action="store_true",
        help="for demonstrations and tests: a heuristic bot plays your seat too",
    )

    from pnp.cli_playtest import add_commands

    add_commands(commands, _positive, _playtest_options)

    from pnp.table.cli import add_command as add_table

    add_table(commands, _cards_option)
    from pnp.table.cli_playtests import add_command as add_playtests

    add_playtests(commands)

    replay = commands.add_parser(
        "replay",
        help="step through a saved game",
        description="Tell a saved game (from pnp play) step by step, as the human player saw "
        "it. At a terminal, Enter shows the next step, a all the rest, q quits; otherwise "
        "every step is printed. Exit status 1 when the log cannot be read or replayed (or "
        "was edited, or cannot be marked for --reveal), 2 for --open on a game that is not "
        "over without --reveal.",
    )
    replay.add_argument("log", type=Path, metavar="LOG", help="the saved game (JSON)")
    _cards_option(replay)
    replay.add_argument(
        "--open",
        action="store_true",
        help="show every player's cards, not only yours (of a game that is over; a game "
        "that is not needs --reveal too)",
    )
    replay.add_argument(
        "--reveal",
        action="store_true",
        help="with --open, show every player's cards of a game that is not over: the save "
        "is first marked, and a resumed game says that its hidden cards were shown",
    )
    return parser


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, got {value}")
    return value


def _precision(text: str) -> float:
    value = text.strip()
    try:
        width = float(value[:-1]) / 100 if value.endswith("%") else float(value)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected an interval width such as 0.05 or 5%, got {text!r}"
        ) from None
    if not 0 < width < 1:
        raise argparse.ArgumentTypeError(
            f"a width must be between 0 and 1 (or 0% and 100%): {text}"
        )
    return width


def _playtest_options(parser: argparse.ArgumentParser) -> None:
    """The options every playtest command shares: how many games and where they run."""
    parser.add_argument(
        "--precision",
        type=_precision,
        metavar="P",
        help="play each table until every headline rate's 95%% interval is narrower than P "
        "(a width such as 0.05 or 5%%), instead of a fixed number of games",
    )
    parser.add_argument(
        "--cap",
        type=_positive,
        default=DEFAULT_CAP,
        metavar="N",
        help=f"with --precision, at most N games per table (default: {DEFAULT_CAP})",
    )
    parser.add_argument(
        "--cluster",
        metavar="ADDRESS",
        help="play on a Dask cluster: local:N starts N local workers, or the address of a "
        "running scheduler (needs the optional extra: pip install '.[cluster]')",
    )
    parser.add_argument(
        "--ratings",
        type=int,
        default=0,
        metavar="N",
        help="also rate every bot of each game from about N games between them (default: 0)",
    )


def _site_url_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--site-url",
        metavar="URL",
        help="the address the site will be published at (default: publish.url in "
        "site/site.yaml): canonical links, sitemap.xml and the Tabletop Simulator decks "
        "offered for download use it; without one the site names no address and offers "
        "no Tabletop Simulator deck",
    )


def _out_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--out", type=Path, default=DEFAULT_OUT, metavar="DIR", help="output folder (default: dist)"
    )


def _offset(text: str) -> tuple[float, float]:
    try:
        x, y = (float(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected two millimetre values as X,Y (like 0.5,-1), got {text!r}"
        ) from None
    if abs(x) > 20 or abs(y) > 20:
        raise argparse.ArgumentTypeError(
            f"an offset above 20 mm is not a printer's error: {text!r}"
        )
    return x, y


def _bleed(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected millimetres, got {text!r}") from None
    if not 0 <= value <= 6:
        raise argparse.ArgumentTypeError(f"bleed must be between 0 and 6 mm, got {text}")
    return value


def _margin(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected millimetres, got {text!r}") from None
    if not 0 <= value <= 20:
        raise argparse.ArgumentTypeError(f"the margin must be between 0 and 20 mm, got {text}")
    return value


def _build_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--game",
        action="append",
        metavar="GAME",
        help="build only this game (folder name; repeat for several)",
    )
    parser.add_argument(
        "--paper",
        choices=["a4", "letter", "both"],
        default="both",
        help="paper size (default: both)",
    )
    parser.add_argument(
        "--bleed",
        type=_bleed,
        default=3.0,
        metavar="MM",
        help="bleed around each card in mm, 0 for none (default: 3)",
    )
    parser.add_argument(
        "--margin",
        type=_margin,
        default=DEFAULT_MARGIN_MM,
        metavar="MM",
        help="unprinted band at the paper's edge that nothing must enter: home printers "
        f"leave 4 to 6.5 mm (default: {DEFAULT_MARGIN_MM:g})",
    )
    parser.add_argument(
        "--layout",
        choices=[layout.value for layout in Layout],
        default=Layout.BLEED.value,
        help="bleed: every card edge gets the whole bleed (default); shared-cut: neighbours "
        "abut and one cut separates them, fitting more cards a sheet",
    )
    parser.add_argument(
        "--duplex",
        choices=[d.value for d in Duplex],
        default="long",
        help="long or short edge flip, gutterfold for single-sided printers, or "
        "none: fronts plus separate backs (default: long)",
    )
    parser.add_argument(
        "--back-offset",
        type=_offset,
        default=(0.0, 0.0),
        metavar="X,Y",
        help="move every back X mm right and Y mm up, as seen from the front held up to "
        "the light (read it off the print check's duplex target)",
    )
    parser.add_argument(
        "--ink-saver", action="store_true", help="greyscale, with no large dark areas"
    )
    parser.add_argument(
        "--style",
        choices=["french", "spanish"],
        default="french",
        help="Chinchón suits: French or Spanish (default: french)",
    )
    parser.add_argument(
        "--four-colour", action="store_true", help="Chinchón: give each suit its own colour"
    )
    parser.add_argument(
        "--images",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="also write a PNG of every card face (default: yes)",
    )
    parser.add_argument(
        "--booklets",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="also write each game's rules booklets, full pages and folded (default: yes)",
    )
    parser.add_argument(
        "--jobs",
        type=_positive,
        default=None,
        metavar="N",
        help="worker processes (default: one per core)",
    )
    _out_option(parser)


def _cards_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--cards",
        type=Path,
        default=None,
        metavar="DIR",
        help="folder of card data, one sub-folder per game (default: ./cards, or the "
        "project's own card data when there is none here)",
    )


def summary_table(catalog: Catalog) -> str:
    """A per-game, per-deck table of physical card counts (names shown by :func:`visible`)."""
    lines: list[str] = []
    for game in catalog.games:
        total = sum(deck.physical_count for deck in game.decks)
        players = game.spec.players
        lines.append(
            f"{visible(game.title)} ({visible(game.id)}): {total} cards, "
            f"{players.min}-{players.max} players"
        )
        titles = [visible(deck.spec.title) for deck in game.decks]
        width = max(map(len, titles))
        for deck, deck_title in zip(game.decks, titles, strict=True):
            only = deck.spec.only_under
            note = f"  (only with {visible(only)})" if only else ""
            lines.append(f"  {deck_title:<{width}}  {deck.physical_count:>4}{note}")
    return "\n".join(lines)


def _load(cards: Path, printable: bool = False) -> Catalog | None:
    """The catalog, or None after printing its problems. ``printable`` adds the
    kit's check that its fonts can print every text (validate, build and kit)."""
    kit = None
    if printable:
        from pnp.kit.layout_faces import layout_checks

        kit = layout_checks()
    try:
        catalog = load_catalog(cards, layout_checks=kit)
    except CatalogError as error:
        print(visible(error, newlines=True), file=sys.stderr)
        return None
    if printable:  # (warnings about printing, for the commands that print)
        for warning in catalog.warnings:
            print(f"warning: {visible(warning)}", file=sys.stderr)
    return catalog


def _engine_problems(catalog: Catalog) -> list[Exception]:
    """What the games' engines cannot use in the data (variants' parameters, the player
    range) and the engine modules that cannot be used, one error each."""
    from pnp.registry import NotPlayableError, RegistryError, load_game, with_engine

    problems: list[Exception] = []
    for game_id in with_engine(catalog):
        try:
            load_game(catalog.game(game_id))
        except (RegistryError, NotPlayableError) as error:
            problems.append(error)
    return problems


def _print_engine_problems(command: str | None, problems: Sequence[Exception]) -> int:
    """Print ``problems`` (a module's traceback once) and return the exit status: 2 for
    an engine module that cannot be used, 1 for data an engine cannot use."""
    from pnp.engines import PluginError

    if command is None:
        print("The rules engines cannot use this card data:", file=sys.stderr)
    for problem in problems:
        text = problem.explained() if isinstance(problem, PluginError) else str(problem)
        lead = "  " if command is None else f"pnp {command}: "
        print(f"{lead}{visible(text, newlines=True)}", file=sys.stderr)
    return 2 if any(isinstance(problem, PluginError) for problem in problems) else 1


def _validate(args: argparse.Namespace) -> int:
    catalog = _load(args.cards, printable=True)
    if catalog is None:
        return 1
    problems = _engine_problems(catalog)
    if problems:
        return _print_engine_problems(None, problems)
    if args.json:
        print(json.dumps({"games": catalog.counts()}, indent=2, sort_keys=True))
    else:
        print(summary_table(catalog))
        count = len(catalog.games)
        print("\nThe game is valid." if count == 1 else f"\nAll {count} games are valid.")
    return 0


def _refuse_unknown(
    command: str, asked: Sequence[str] | None, known: Sequence[str], message: str
) -> bool:
    """Say so (``message`` with ``{names}`` and ``{known}``) if ``--game`` named a game
    that is not among ``known``; ``True`` when the command must stop. The names typed
    are echoed through :func:`visible`."""
    unknown = [name for name in asked or [] if name not in known]
    if unknown:
        names = ", ".join(f"'{visible(name)}'" for name in unknown)
        text = message.format(names=names, known=", ".join(known))
        print(f"pnp {command}: {visible(text)}", file=sys.stderr)
    return bool(unknown)


def _build(args: argparse.Namespace, catalog: Catalog | None = None) -> int:
    from pnp.build import build
    from pnp.kit.booklet import BookletError
    from pnp.kit.faces import FaceError, FaceOptions
    from pnp.kit.layout import LayoutError
    from pnp.kit.pdf import KitOptions, UnprintableTextError
    from pnp.publish import PublishError, load

    catalog = catalog or _load(args.cards, printable=True)
    if catalog is None:
        return 1
    try:
        load()  # the release every PDF's credits name
    except PublishError as error:
        print(f"pnp build: {visible(error)}", file=sys.stderr)
        return 1
    known = [game.id for game in catalog.games]
    if _refuse_unknown("build", args.game, known, "unknown game {names} (known: {known})"):
        return 2
    games = [g for g in catalog.games if not args.game or g.id in args.game]
    papers = ["a4", "letter"] if args.paper == "both" else [args.paper]
    options = KitOptions(
        bleed_mm=args.bleed,
        duplex=Duplex(args.duplex),
        back_offset_mm=args.back_offset,
        margin_mm=args.margin,
        layout=Layout(args.layout),
        faces=FaceOptions(ink_saver=args.ink_saver, style=args.style, four_colour=args.four_colour),
    )
    try:
        with transaction(args.out, "build") as staging:
            result = build(
                catalog,
                games,
                papers,
                options,
                staging.folder,
                args.images,
                args.jobs,
                show_progress=sys.stderr.isatty(),
                booklets=args.booklets,
            )
            staging.publish(*result.units)
    except OutputError as error:
        print(f"pnp build: {error}", file=sys.stderr)
        return 2
    except (
        FaceError,
        LayoutError,
        UnprintableTextError,
        BookletError,
    ) as error:
        print(f"pnp build: {visible(error, newlines=True)}", file=sys.stderr)
        return 1
    except OSError as error:
        print(f"pnp build: cannot write the kit: {visible(error)}", file=sys.stderr)
        return 1
    for warning in result.warnings:
        print(f"warning: {visible(warning)}", file=sys.stderr)
    for line in result.summary:
        print(visible(line))
    pdfs = [unit for unit in result.units if unit.endswith(".pdf")]
    for unit in pdfs:
        size = (args.out / unit).stat().st_size
        print(f"  {visible(published(args.out) / unit)}  {size / 1024:,.0f} KiB")
    images = len(result.files) - len(pdfs)
    print(
        f"Wrote {len(pdfs)} PDFs in {result.pdf_seconds:.1f} s"
        + (f" and {images} card images in {result.image_seconds:.1f} s" if images else "")
        + f" into {visible(published(args.out))}"
    )
    return 0


def _site(args: argparse.Namespace, catalog: Catalog | None = None) -> int:
    from pnp.site import SiteError, build_sites, serve

    catalog = catalog or _load(args.cards)
    if catalog is None:
        return 1
    from pnp.publish import PublishError, chosen_url

    project = Path(__file__).resolve().parents[1]
    try:
        if args.serve:
            return serve(catalog, project, args.kit, args.address, args.cards)
        site_url = chosen_url(args.site_url, project / "site" / "site.yaml")
        offline_out = args.out.with_name(args.out.name + "-offline")
        out, offline = build_sites(catalog, project, args.kit, args.out, offline_out,
                                   site_url=site_url)  # fmt: skip
    except PublishError as error:
        print(f"pnp site: {visible(error)}", file=sys.stderr)
        return 2
    except SiteError as error:
        print(f"pnp site: {visible(error, newlines=True)}", file=sys.stderr)
        return 1
    except OutputError as error:
        print(f"pnp site: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"pnp site: cannot write the site: {visible(error)}", file=sys.stderr)
        return 1
    pages = sum(1 for _ in out.rglob("*.html"))
    print(f"Wrote the site ({pages} pages) into {visible(published(out))} and an offline "
          f"copy into {visible(published(offline))}")  # fmt: skip
    return 0


def _verify(args: argparse.Namespace, catalog: Catalog | None = None) -> int:
    from tqdm import tqdm

    from pnp.verify import Precision, verifiable, verify
    from pnp.verify.cluster import ClusterError
    from pnp.workers import default_jobs

    catalog = catalog or _load(args.cards)
    if catalog is None:
        return 1
    known = verifiable(catalog)
    message = "no rules engine for {names} (games with one: {known})"
    if _refuse_unknown("verify", args.game, known, message):
        return 2
    games = [name for name in known if not args.game or name in args.game]
    problems = _engine_problems(catalog)
    if problems:
        return _print_engine_problems("verify", problems)
    workers = args.jobs or default_jobs()
    bar = tqdm(total=0, unit="game", disable=not sys.stderr.isatty(), desc="Playing")

    def progress(done: int, total: int) -> None:
        bar.total = total
        bar.n = done
        bar.refresh()

    precision = Precision(args.precision, args.cap) if args.precision else None
    try:
        with transaction(args.out, "verify") as staging:
            result = verify(
                catalog, games, args.games, args.seed, workers, staging.folder, progress,
                precision=precision, cluster=args.cluster, ratings=args.ratings,
                evidence=args.evidence,
            )  # fmt: skip
            staging.publish(*(path.relative_to(staging.folder) for path in result.files))
    except OutputError as error:
        print(f"pnp verify: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"pnp verify: cannot write the report: {visible(error)}", file=sys.stderr)
        return 1
    except ClusterError as error:
        print(f"pnp verify: {visible(error, newlines=True)}", file=sys.stderr)
        return 2
    finally:
        bar.close()
    for game in result.report["games"]:
        played = sum(table["games"] for table in game["tables"])
        print(f"{visible(game['title'])}: {game['verdict'].upper()} ({played} games, "
              f"{len(game['tables'])} tables)")  # fmt: skip
        for problem in game["problems"]:
            print(f"  {visible(problem)}")
    print(f"Wrote the playtest report into {visible(published(args.out))}")
    return 0 if result.passed else 1


class _Abandoned(Exception):
    """A step of ``pnp kit`` failed (and said why): nothing of the run is published."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


def _kit(args: argparse.Namespace) -> int:
    if args.tts_base_url:
        print("pnp kit: --tts-base-url is replaced by --site-url: give the address the site "
              "will be published at, and the site serves the Tabletop Simulator images "
              "itself (under URL/downloads/tts/)", file=sys.stderr)  # fmt: skip
        return 2
    from pnp.publish import PublishError, chosen_url

    try:
        chosen_url(args.site_url)
    except PublishError as error:
        print(f"pnp kit: {visible(error)}", file=sys.stderr)
        return 2
    from pnp.table.cli_playtests import kit_playtests_problem

    problem = kit_playtests_problem(args.playtests)
    if problem is not None:
        print(f"pnp kit: {problem}", file=sys.stderr)
        return 2
    catalog = _load(args.cards, printable=True)
    if catalog is None:
        return 1
    print(summary_table(catalog))
    try:
        with transaction(args.out, "kit") as staging:
            verified = _kit_steps(args, catalog, staging.folder)
    except _Abandoned as abandoned:
        print(f"pnp kit: nothing was published; {visible(args.out)} holds the last complete "
              "kit, as it was", file=sys.stderr)  # fmt: skip
        return abandoned.status
    except OutputError as error:
        print(f"pnp kit: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"pnp kit: cannot write the kit into {visible(args.out)}: "
              f"{visible(error.strerror or error)}", file=sys.stderr)  # fmt: skip
        return 1
    print(f"Published the kit in {visible(args.out)}")
    if verified != 0:  # the site still shows the failing report; the kit is not good
        print("pnp kit: the playtest found problems (see above and the report)", file=sys.stderr)
    return verified


def _kit_steps(args: argparse.Namespace, catalog: Catalog, out: Path) -> int:
    """Every step of ``pnp kit`` into the staging folder ``out``; the playtest's exit
    status (a failing playtest is still published), :class:`_Abandoned` when a step
    failed."""
    summary = out / "catalog.json"
    write_atomic(summary, json.dumps({"games": catalog.counts()}, indent=2, sort_keys=True) + "\n")
    print(f"\nWrote {visible(published(summary))}")
    cards = ["--cards", str(args.cards)]
    status = _build(_parser().parse_args(["build", "--out", str(out), *cards]), catalog)
    if status != 0:
        raise _Abandoned(status)
    verify_args = ["verify", "--out", str(out / "verify"), "--games", str(args.verify_games)]
    verify_args += [*cards, "--ratings", str(args.ratings), "--evidence", str(args.evidence)]
    verified = _verify(_parser().parse_args(verify_args), catalog)
    if verified not in (0, 1):
        raise _Abandoned(verified)
    from pnp.table.cli_playtests import kit_playtests

    kit_playtests(args.playtests, catalog, out)
    if args.alternatives:
        from pnp.export.alternatives import build_alternatives

        extra = build_alternatives(catalog, out)
        print(f"Wrote {len(extra)} PDFs of the other versions of the kit into "
              f"{visible(published(out / 'pnp'))}")  # fmt: skip
    if args.export:
        from pnp.cli_export import run_export

        export_args = ["export", "--out", str(out / "export"), "--bundles", "--zips-only", *cards]
        if args.site_url is not None:
            export_args += ["--site-url", args.site_url]
        status = run_export(_parser().parse_args(export_args), catalog)
        if status != 0:
            raise _Abandoned(status)
    site_args = ["site", "--out", str(out / "site"), "--kit", str(out), *cards]
    if args.site_url is not None:
        site_args += ["--site-url", args.site_url]
    status = _site(_parser().parse_args(site_args), catalog)
    if status != 0:
        raise _Abandoned(status)
    from pnp.dedupe import link_identical

    print(f"Kit: {link_identical([out]).sentence()}")
    return verified


def _play(args: argparse.Namespace) -> int:
    from pnp.play import PlayOptions, play

    options = PlayOptions(
        game=args.game,
        players=args.players,
        bot=args.bot,
        level=args.level,
        seed=args.seed,
        variants=tuple(args.variant or ()),
        decisions=tuple(args.decision or ()),
        resume=args.resume,
        save=args.save,
        auto=args.auto,
        cards=args.cards,
    )
    try:
        return play(options, sys.stdin, sys.stdout, sys.stderr)
    except BrokenPipeError:
        return _closed_output()


def _replay(args: argparse.Namespace) -> int:
    from pnp.play import replay

    try:
        return replay(
            args.log, args.open, sys.stdin, sys.stdout, sys.stderr, args.cards, args.reveal
        )
    except BrokenPipeError:
        return _closed_output()


def _closed_quietly(
    command: Callable[[argparse.Namespace], int],
) -> Callable[[argparse.Namespace], int]:
    """``command``, stopping quietly when the reader of its output goes away."""

    def run(args: argparse.Namespace) -> int:
        try:
            return command(args)
        except BrokenPipeError:
            return _closed_output()

    return run


def _closed_output() -> int:
    """The reader of our output went away (``| head``): stop quietly, as other tools do."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    return 1


def main(argv: Sequence[str] | None = None) -> int:
    for stream in (sys.stdout, sys.stderr):  # a message quoting card text never fails to print
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")
    from pnp.cli_check import run_check
    from pnp.cli_docs import run_docs
    from pnp.cli_export import run_export
    from pnp.cli_new import run_new
    from pnp.cli_playtest import run_compare, run_sweep
    from pnp.cli_schema import run_schema
    from pnp.table.cli import run_table
    from pnp.table.cli_playtests import run_playtests

    args = _parser().parse_args(argv)
    if getattr(args, "cards", "") is None and args.command not in ("compare", "sweep"):
        args.cards = default_cards()
    handlers: dict[str, Callable[[argparse.Namespace], int]] = {
        "validate": _validate,
        "build": _build,
        "site": _site,
        "verify": _verify,
        "kit": _kit,
        "export": run_export,
        "schema": run_schema,
        "new": run_new,
        "check": run_check,
        "docs": run_docs,
        "play": _play,
        "replay": _replay,
        "table": run_table,
        "playtests": _closed_quietly(run_playtests),
        "compare": lambda parsed: run_compare(parsed, default_cards()),
        "sweep": lambda parsed: run_sweep(parsed, default_cards()),
    }
    from pnp.workers import Terminated, stop_on_sigterm

    try:
        with stop_on_sigterm():  # so that SIGTERM, too, runs every cleanup on the way out
            return handlers[args.command](args)
    except KeyboardInterrupt:
        print("Interrupted.", file=sys.stderr)
        return 130
    except Terminated as stopped:
        print(f"pnp {args.command}: stopped ({stopped.signal_name}).", file=sys.stderr)
        return int(stopped.code or 1)
