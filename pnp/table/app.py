"""The table's JSON interface: a Starlette app over :mod:`pnp.table.tables`.

* ``GET /api/games``: the games with engines (from the registry, so a plug-in game is
  there too), their player ranges, the bots' levels and the variants.
* ``POST /api/tables`` with ``{"game", "players", "humans": [seats], "bot", "seed",
  "variant"}`` (all but ``game`` optional; ``variant`` a word or a list of words, as
  ``pnp play --variant`` takes them), or ``{"game", "save": SAVE}`` to resume a save of
  ``pnp play --save`` or of a table: ``201`` and ``{"table", "tokens": {seat: token}}``.
* ``GET /api/tables/{table}/view`` with ``Authorization: Bearer TOKEN``: that seat's view;
  without the header, what a spectator sees.
* ``POST /api/tables/{table}/actions`` with the token and ``{"action": TEXT}``: the new
  view; ``400`` and the engine's sentence for an action that is illegal or cannot be read
  (nothing changes).
* ``POST /api/tables/{table}/feedback`` with the token and ``{"fun": 1-5, "length": "too
  short" | "about right" | "too long", "note": TEXT}`` (the note optional, at most 2,000
  characters), once the game is over: ``{"saved": true}``, and the playtest file is written
  again with the answer (:mod:`pnp.table.playtests`); ``409`` before the end.
* ``GET /api/tables/{table}/log``: the save file; of a game in progress only to the
  person of a one-person table, with their token (the seed tells every hidden card).
* ``GET /api/games/{game}/cards/{deck}/{face}.png``: a card face (``CARD-front``,
  ``CARD-back`` or ``back``) as the kit draws it (:mod:`pnp.table.cards`).

* ``POST /api/qr`` with ``{"text": TEXT}`` (at most 2,000 characters): a QR code of the
  text as SVG (``image/svg+xml``, drawn with segno), for the seats' links on the page.

``/`` is the page that plays through this interface (``static/``: plain HTML, CSS and
JavaScript, no build step).

Every error is ``{"error": SENTENCE}``: ``400`` for a request that cannot be used, ``401``
for an action without a token (or an ``Authorization`` header that is not ``Bearer``),
``403`` for a token that is no seat's of the table, ``404`` for an unknown table or path.
"""

from __future__ import annotations

import io
import json
import sys
import threading
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from pnp.catalog import Catalog
from pnp.engines import PluginError
from pnp.registry import LoadedGame, NotPlayableError, RegistryError, load_game, with_engine
from pnp.table.cards import CardImages, NoSuchCard
from pnp.table.playtests import Keeper, NotOverYet, PlaytestError, give_answer
from pnp.table.tables import BOT_LEVELS, DEFAULT_LEVEL, NotYourSeat, Table, TableError, bot_levels

#: The page and what it loads (plain files: no build step).
STATIC = Path(__file__).parent / "static"
#: The most tables kept open at once (the oldest finished one makes room first).
MOST_TABLES = 200
#: The largest request body read, in bytes (a long game's save is under 6 MB).
MOST_BODY = 8 * 1024 * 1024


#: The longest text ``POST /api/qr`` draws.
MOST_QR_TEXT = 2000


#: Why the log of a game in progress is not given to everyone.
LOG_REFUSED = (
    "the log of a game in progress holds its seed, which tells every hidden card: it is "
    "given to the person of a table with one person (with their token, as pnp play saves "
    "a game), and to everyone once the game is over"
)


class ApiError(Exception):
    """A request refused with ``status`` and a sentence."""

    def __init__(self, status: int, sentence: str) -> None:
        super().__init__(sentence)
        self.status = status


def error(status: int, sentence: str) -> JSONResponse:
    """The JSON of an error: ``{"error": sentence}``."""
    return JSONResponse({"error": sentence}, status_code=status)


class Tables:
    """The games of the card data and the tables open on them."""

    def __init__(self, catalog: Catalog, playtests: Path | None = None) -> None:
        self.catalog = catalog
        #: Writes each finished game into the playtests folder.
        self.keeper = Keeper(playtests)
        self.tables: dict[str, Table] = {}
        self.lock = threading.Lock()
        self._games: dict[str, LoadedGame | str] = {}

    def game(self, game_id: str) -> LoadedGame:
        """The game ``game_id`` bound to its data; raises :class:`ApiError` (400)."""
        loaded = self._load(game_id)
        if isinstance(loaded, str):
            raise ApiError(400, loaded)
        return loaded

    def _load(self, game_id: str) -> LoadedGame | str:
        known = with_engine(self.catalog)
        if game_id not in known:
            return f"there is no game {game_id!r} to play (games: {', '.join(known)})"
        if game_id not in self._games:
            try:
                self._games[game_id] = load_game(self.catalog.game(game_id))
            except PluginError as problem:
                self._games[game_id] = problem.explained()
            except (NotPlayableError, RegistryError) as problem:
                self._games[game_id] = str(problem)
        return self._games[game_id]

    def games(self) -> dict[str, Any]:
        """What ``GET /api/games`` answers."""
        from pnp.cli_playtest import decision_grid

        games = []
        unavailable = []
        for game_id in with_engine(self.catalog):
            loaded = self._load(game_id)
            if isinstance(loaded, str):
                unavailable.append({"id": game_id, "error": loaded})
                continue
            spec = loaded.game.spec
            games.append(
                {
                    "id": loaded.id,
                    "title": loaded.title,
                    "summary": spec.summary,
                    "players": {
                        "min": loaded.players.start,
                        "max": loaded.players.stop - 1,
                        "default": loaded.front().default_players,
                    },
                    "bots": bot_levels(loaded),
                    "default_bot": DEFAULT_LEVEL,
                    "variants": [
                        {
                            "id": variant.id,
                            "summary": variant.summary,
                            "params": dict(loaded.variants.get(variant.id, {})),
                        }
                        for variant in loaded.game.variants()
                    ],
                    "decisions": {
                        name: [str(side) for side in sides]
                        for name, sides in decision_grid(loaded).items()
                    },
                }
            )
        return {"games": games, "unavailable": unavailable}

    def add(self, table: Table) -> None:
        with self.lock:
            if len(self.tables) >= MOST_TABLES:
                over = [key for key, kept in self.tables.items() if kept.state.is_terminal]
                if not over:
                    raise ApiError(
                        400,
                        f"{MOST_TABLES} tables are open and none is over: finish one first",
                    )
                del self.tables[over[0]]
            self.tables[table.id] = table

    def after_move(self, table: Table) -> None:
        """Keep the game of ``table`` in the playtests folder if it just ended; a file that
        cannot be written is said on the server's error output (the game goes on)."""
        try:
            self.keeper.after_move(table)
        except OSError as problem:
            reason = problem.strerror or str(problem)
            where = f"table {table.id} into {self.keeper.folder}"
            print(f"pnp table: cannot write the playtest of {where}: {reason}", file=sys.stderr)

    def table(self, table_id: str) -> Table:
        found = self.tables.get(table_id)
        if found is None:
            raise ApiError(404, f"there is no table {table_id!r}")
        return found


def _token(request: Request, required: bool) -> str | None:
    """The token of the ``Authorization: Bearer TOKEN`` header (``None`` without one)."""
    header = request.headers.get("authorization")
    if header is None:
        if required:
            raise ApiError(401, "an action needs the seat's token: Authorization: Bearer TOKEN")
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(401, "the Authorization header must be: Bearer TOKEN")
    return token.strip()


async def _body(request: Request) -> dict[str, Any]:
    """The request's JSON object; raises :class:`ApiError` (400) saying what is wrong."""
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MOST_BODY:
            raise ApiError(400, f"the request is larger than {MOST_BODY // 2**20} MB")
    try:
        data = json.loads(raw or b"{}")
    except (ValueError, RecursionError):
        raise ApiError(400, "the request must be a JSON object") from None
    if not isinstance(data, dict):
        raise ApiError(400, "the request must be a JSON object")
    return data


def _whole(data: Mapping[str, Any], key: str) -> int | None:
    value = data.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise ApiError(400, f"{key!r} must be a whole number, not {json.dumps(value)[:40]}")
    return value


def create_app(catalog: Catalog, playtests: Path | None = None) -> Starlette:
    """The table's app on the card data of ``catalog``, keeping each finished game in the
    folder ``playtests`` (``None``: nowhere, the answers stay with the table)."""
    tables = Tables(catalog, playtests)

    def games(request: Request) -> Response:
        return JSONResponse(tables.games())

    async def new_table(request: Request) -> Response:
        data = await _body(request)
        game_id = data.get("game")
        if not isinstance(game_id, str):
            raise ApiError(400, 'name the game: {"game": ID}')
        game = tables.game(game_id)
        save = data.get("save")
        if save is not None:
            if not isinstance(save, dict):
                raise ApiError(400, "'save' must be a saved game (a JSON object)")
            table = _refused(lambda: Table.resume(game, save))
        else:
            table = _refused(lambda: _create(game, data))
        tables.add(table)
        tables.after_move(table)
        tokens = {str(seat): token for seat, token in table.tokens.items()}
        return JSONResponse({"table": table.id, "tokens": tokens}, status_code=201)

    def view(request: Request) -> Response:
        table = tables.table(request.path_params["table"])
        token = _token(request, required=False)
        try:
            return JSONResponse(table.view(token))
        except NotYourSeat as refused:
            raise ApiError(403, _not_a_seat(refused)) from None

    async def actions(request: Request) -> Response:
        table = tables.table(request.path_params["table"])
        token = _token(request, required=True)
        assert token is not None
        data = await _body(request)
        text = data.get("action")
        if not isinstance(text, str):
            raise ApiError(400, "send the action as {\"action\": TEXT}, TEXT one of 'legal'")
        try:
            answer = table.act(token, text)
        except NotYourSeat as refused:
            raise ApiError(403, _not_a_seat(refused)) from None
        except TableError as refused:
            raise ApiError(400, str(refused)) from None
        tables.after_move(table)
        return JSONResponse(answer)

    async def feedback(request: Request) -> Response:
        table = tables.table(request.path_params["table"])
        token = _token(request, required=True)
        assert token is not None
        data = await _body(request)
        try:
            give_answer(table, token, data, time.time())
        except NotYourSeat as refused:
            raise ApiError(403, _not_a_seat(refused)) from None
        except NotOverYet as refused:
            raise ApiError(409, str(refused)) from None
        except PlaytestError as refused:
            raise ApiError(400, str(refused)) from None
        try:
            tables.keeper.answered(table)
        except OSError as problem:
            reason = problem.strerror or str(problem)
            raise ApiError(500, f"the answer could not be written: {reason}") from None
        return JSONResponse({"saved": True})

    def log(request: Request) -> Response:
        table = tables.table(request.path_params["table"])
        token = _token(request, required=False)
        try:
            seat = table.seat_of(token)
        except NotYourSeat as refused:
            raise ApiError(403, _not_a_seat(refused)) from None
        if not table.state.is_terminal and (seat is None or len(table.humans) > 1):
            raise ApiError(403, LOG_REFUSED)
        name = f"{table.game.id}-{table.setup.seed}.json"
        return JSONResponse(
            table.log(), headers={"Content-Disposition": f'attachment; filename="{name}"'}
        )

    async def api_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, ApiError)
        return error(exc.status, str(exc))

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        if exc.status_code == 404:
            return error(404, f"there is nothing at {request.url.path}")
        if exc.status_code == 405:
            return error(405, f"{request.method} is not taken at {request.url.path}")
        return error(exc.status_code, str(exc.detail))

    images = CardImages()

    def card(request: Request) -> Response:
        params = request.path_params
        try:
            game = tables.game(params["game"])
        except ApiError as missing:
            raise ApiError(404, str(missing)) from None
        try:
            png = images.png(game.game, params["deck"], params["face"])
        except NoSuchCard as missing:
            raise ApiError(404, str(missing)) from None
        return Response(png, media_type="image/png", headers={"Cache-Control": "max-age=3600"})

    async def qr(request: Request) -> Response:
        text = (await _body(request)).get("text")
        return Response(qr_svg(text), media_type="image/svg+xml")

    def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    routes = [
        Route("/", page, methods=["GET"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
        Route("/api/games", games, methods=["GET"]),
        Route("/api/games/{game}/cards/{deck}/{face}.png", card, methods=["GET"]),
        Route("/api/tables", new_table, methods=["POST"]),
        Route("/api/qr", qr, methods=["POST"]),
        Route("/api/tables/{table}/view", view, methods=["GET"]),
        Route("/api/tables/{table}/actions", actions, methods=["POST"]),
        Route("/api/tables/{table}/log", log, methods=["GET"]),
        Route("/api/tables/{table}/feedback", feedback, methods=["POST"]),
    ]
    app = Starlette(
        routes=routes,
        exception_handlers={ApiError: api_error, HTTPException: http_error},
    )
    app.state.tables = tables
    return app


def qr_svg(text: object) -> bytes:
    """A QR code of ``text`` as SVG; raises :class:`ApiError` (400) for text that is not a
    string of 1 to :data:`MOST_QR_TEXT` characters."""
    import segno

    if not isinstance(text, str) or not text:
        raise ApiError(400, 'send the text to draw as {"text": TEXT}')
    if len(text) > MOST_QR_TEXT:
        raise ApiError(
            400, f"a QR code holds at most {MOST_QR_TEXT:,} characters here, not {len(text):,}"
        )
    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="svg", scale=4, border=2, xmldecl=False)
    return out.getvalue()


def _not_a_seat(refused: Exception) -> str:
    return f"{refused}: use the link of your seat, or no token to watch"


def _refused(make: Any) -> Table:
    try:
        table: Table = make()
    except TableError as refused:
        raise ApiError(400, str(refused)) from None
    return table


def _create(game: LoadedGame, data: Mapping[str, Any]) -> Table:
    humans = data.get("humans", [0])
    if not isinstance(humans, list) or not all(
        isinstance(seat, int) and not isinstance(seat, bool) for seat in humans
    ):
        raise ApiError(400, "'humans' must be a list of seats, as [0, 2]")
    bot = data.get("bot", DEFAULT_LEVEL)
    if bot not in BOT_LEVELS:
        raise ApiError(400, f"'bot' must be one of {', '.join(BOT_LEVELS)}")
    variant = data.get("variant", [])
    words = [variant] if isinstance(variant, str) else variant
    if not isinstance(words, list) or not all(isinstance(word, str) for word in words):
        raise ApiError(400, "'variant' must be a variant's id or a list of them")
    return Table.create(
        game,
        players=_whole(data, "players"),
        humans=humans,
        bot=bot,
        seed=_whole(data, "seed"),
        variants=words,
    )


def app_for(cards: Path, playtests: Path | None = None) -> Starlette:
    """The app on the card data in ``cards`` (keeping playtests in ``playtests``)."""
    from pnp.catalog import load_catalog

    return create_app(load_catalog(cards), playtests)
