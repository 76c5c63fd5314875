"""The web application: the pages and the JSON API of one game, over :class:`Games`.

Every refusal is ``{"error": REASON}`` with its status (see :mod:`tabletop_web.errors`); an
unexpected failure is ``{"error": "internal error"}`` with 500, its traceback only in the
server's log. A seat is named by its token, the only way to see or act for it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections import OrderedDict
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any, Final

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates
from starlette.types import ASGIApp

from tabletop_web.adapter import Frame, GameAdapter
from tabletop_web.errors import ConflictError, NotFoundError, UnprocessableError, WebError
from tabletop_web.limits import BodyLimit, read_json
from tabletop_web.live import Games, LiveGame
from tabletop_web.setup import HUMAN
from tabletop_web.store import Store

HERE: Final = Path(__file__).parent
KEEPALIVE_SECONDS: Final = 15.0
"""A listener's stream sends a comment this often, so proxies and browsers keep it open."""
REPLAYS_KEPT: Final = 32
"""Records opened for stepping through, kept in memory (the oldest goes first)."""
MAX_ACTION_CHARS: Final = 200

_log = logging.getLogger("tabletop_web")
templates = Jinja2Templates(directory=str(HERE / "templates"))


def create_app(adapter: GameAdapter, store: Store, *, bot_delay: float = 0.5) -> ASGIApp:
    """The application of one game over ``store``: bots wait ``bot_delay`` seconds before each
    move, so that people see each step.

    >>> import tempfile, pathlib
    >>> from tabletop_web.store import Store
    >>> from tobago_solver.web.adapter import TobagoAdapter
    >>> app = create_app(TobagoAdapter(), Store(pathlib.Path(tempfile.mkdtemp()) / "t.sqlite"))
    >>> type(app).__name__
    'BodyLimit'
    """
    games = Games(adapter, store, bot_delay)
    replays: OrderedDict[str, list[Frame]] = OrderedDict()

    def page(request: Request, name: str, **context: Any) -> Response:
        context.update(game=adapter.name, title=adapter.title)
        return templates.TemplateResponse(request, name, context)

    async def new_page(request: Request) -> Response:
        choices = adapter.choices()
        return page(request, "new.html", choices=choices)

    async def game_page(request: Request) -> Response:
        game = games.get(request.path_params["id"])
        seat = game.seat_of(request.path_params["token"])
        games.wake(game)
        return page(request, "game.html", id=game.id, seat=seat, token=game.seats[seat])

    async def replay_page(request: Request) -> Response:
        return page(request, "replay.html")

    async def create(request: Request) -> Response:
        game = await games.create(await read_json(request))
        seats = {str(seat): token for seat, token in game.seats.items()}
        links = {seat: f"/game/{game.id}/{token}" for seat, token in seats.items()}
        return JSONResponse({"id": game.id, "seats": seats, "links": links}, status_code=201)

    def seated(request: Request, token: object) -> tuple[LiveGame, int]:
        game = games.get(request.path_params["id"])
        return game, game.seat_of(token)

    def observed(game: LiveGame, seat: int, svg: bool) -> dict[str, Any]:
        cached = game.views.get((seat, svg))
        if cached is not None and cached[0] == game.version and not game.stuck:
            return dict(cached[1])
        seen = build(game, seat, svg)
        game.views[(seat, svg)] = (game.version, seen)
        return dict(seen)

    def build(game: LiveGame, seat: int, svg: bool) -> dict[str, Any]:
        seen = adapter.observation(game.state, seat)
        seen.update(
            id=game.id,
            seat=seat,
            version=game.version,
            seats=[
                "you" if number == seat else "person" if name == HUMAN else f"bot: {name}"
                for number, name in enumerate(game.setup.seats)
            ],
            log=list(games.log_for(game, seat)),
            stuck=game.stuck,
        )
        if svg:
            seen["svg"] = adapter.picture(game.state, seat)
        return seen

    async def observation(request: Request) -> Response:
        game, seat = seated(request, request.query_params.get("seat"))
        return JSONResponse(observed(game, seat, request.query_params.get("svg") == "1"))

    async def action_of(request: Request) -> tuple[LiveGame, int, str]:
        body = await read_json(request)
        if not isinstance(body, dict):
            raise WebError('the body must be {"seat": TOKEN, "action": TEXT}')
        game, seat = seated(request, body.get("seat"))
        text = body.get("action")
        if not isinstance(text, str) or not text.strip():
            raise UnprocessableError('give the action as text, e.g. "end turn"')
        if len(text) > MAX_ACTION_CHARS:
            raise UnprocessableError(
                f"{len(text):,} characters are no action (one takes a few dozen)"
            )
        return game, seat, text.strip()

    async def act(request: Request) -> Response:
        game, seat, text = await action_of(request)
        applied = await games.act(game, seat, text)
        seen = observed(game, seat, request.query_params.get("svg") == "1")
        seen["note"] = applied.note
        seen["action"] = applied.action
        return JSONResponse(seen)

    async def preview(request: Request) -> Response:
        game, seat, text = await action_of(request)
        if adapter.to_move(game.state) != seat:
            raise ConflictError("it is not your turn")
        warning = await asyncio.to_thread(adapter.preview, game.state, seat, text)
        return JSONResponse({"warning": warning})

    async def targets(request: Request) -> Response:
        game, seat = seated(request, request.query_params.get("seat"))
        card = request.query_params.get("card")
        return JSONResponse(adapter.targets(game.state, seat, card))

    async def hint(request: Request) -> Response:
        game, seat = seated(request, request.query_params.get("seat"))
        if adapter.to_move(game.state) != seat:
            raise ConflictError("a hint is given on your turn")
        text = await asyncio.to_thread(adapter.hint, game.state, seat)
        return JSONResponse({"hint": text})

    async def odds(request: Request) -> Response:
        game, seat = seated(request, request.query_params.get("seat"))
        text = await asyncio.to_thread(adapter.odds, game.state, seat)
        if not text:
            raise NotFoundError(f"{adapter.title} has no win odds")
        return JSONResponse({"odds": text})

    async def record(request: Request) -> Response:
        game, _ = seated(request, request.query_params.get("seat"))
        if adapter.to_move(game.state) is not None:
            # The record holds the deal (its seed): every hand and the decks.
            raise ConflictError("the record is given once the game is over: it holds the deal")
        text = adapter.record(game.setup, game.start, game.state, game.actions)
        headers = {"content-disposition": f'attachment; filename="{adapter.name}-{game.id}.json"'}
        return Response(text, media_type="application/json", headers=headers)

    async def events(request: Request) -> Response:
        game, _ = seated(request, request.query_params.get("seat"))

        async def stream() -> AsyncIterator[str]:
            version = -1
            while not games.closing:
                if game.version != version:
                    version = game.version
                    yield f"event: update\ndata: {json.dumps({'version': version})}\n\n"
                elif not await games.wait(game, version, KEEPALIVE_SECONDS):
                    yield ": keepalive\n\n"

        headers = {"cache-control": "no-cache", "x-accel-buffering": "no"}
        return StreamingResponse(stream(), media_type="text/event-stream", headers=headers)

    async def open_replay(request: Request) -> Response:
        body = await read_json(request)
        text = body.get("record") if isinstance(body, dict) and "record" in body else body
        if not isinstance(text, str):
            text = json.dumps(text)
        frames = await asyncio.to_thread(adapter.replay, text)
        key = secrets.token_urlsafe(8)
        replays[key] = frames
        while len(replays) > REPLAYS_KEPT:
            replays.popitem(last=False)
        return JSONResponse(
            {"id": key, "steps": len(frames), "captions": [frame.caption for frame in frames]}
        )

    async def replay_step(request: Request) -> Response:
        frames = replays.get(request.path_params["id"])
        if frames is None:
            raise NotFoundError("no such replay (open the record again)")
        step = request.path_params["step"]
        if not 0 <= step < len(frames):
            raise NotFoundError(f"no step {step}: the record has steps 0 to {len(frames) - 1}")
        return Response(frames[step].svg, media_type="image/svg+xml")

    routes = [
        Route("/", new_page),
        Route("/game/{id}/{token}", game_page),
        Route("/replay", replay_page),
        Route("/api/games", create, methods=["POST"]),
        Route("/api/games/{id}", observation),
        Route("/api/games/{id}/actions", act, methods=["POST"]),
        Route("/api/games/{id}/preview", preview, methods=["POST"]),
        Route("/api/games/{id}/targets", targets),
        Route("/api/games/{id}/hint", hint),
        Route("/api/games/{id}/odds", odds),
        Route("/api/games/{id}/record", record),
        Route("/api/games/{id}/events", events),
        Route("/api/replays", open_replay, methods=["POST"]),
        Route("/api/replays/{id}/{step:int}", replay_step),
        *adapter.routes(),
        Mount("/static", StaticFiles(directory=str(HERE / "static")), name="static"),
    ]

    async def refused(request: Request, error: Exception) -> Response:
        assert isinstance(error, WebError)
        return JSONResponse({"error": str(error)}, status_code=error.status)

    async def http_error(request: Request, error: Exception) -> Response:
        assert isinstance(error, HTTPException)
        return JSONResponse({"error": error.detail}, status_code=error.status_code)

    async def failed(request: Request, error: Exception) -> Response:
        _log.error("%s %s failed", request.method, request.url.path, exc_info=error)
        return JSONResponse({"error": "internal error"}, status_code=500)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        games.close()

    app = Starlette(
        routes=routes,
        exception_handlers={WebError: refused, HTTPException: http_error, Exception: failed},
        lifespan=lifespan,
    )
    app.state.games = games
    return BodyLimit(app)


def games_of(app: ASGIApp) -> Games:
    """The games of an app made by :func:`create_app`."""
    inner = app.app if isinstance(app, BodyLimit) else app
    games = getattr(getattr(inner, "state", None), "games", None)
    if not isinstance(games, Games):
        raise TypeError(f"not an app of create_app: {app!r}")
    return games
