"""The table assistant in the browser, as ``tobago assist`` at the terminal: follow a game at
a real table by adding the clues played to each map (only the legal ones offered, the others
with the reason), see each map's candidates on the island, place cars and see their reach.

The page holds the table (its JSON, as ``tobago assist`` saves it) and sends it with each
change; the server keeps nothing, so undo is the page going back to an earlier table.

>>> answer = assist_answer({"island": "ABC-1", "do": "play", "map": "grey", "clue": "in lake"})
>>> answer["maps"][0]["where"], answer["said"]
('grey (7): h3 i3 c8 c9 i11 h12 i13', 'grey: in lake: candidates 102 -> 7')
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any, Final

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates

import tabletop_web
import tobago_solver.islands as islands
from tabletop_web.errors import NotFoundError, UnprocessableError, WebError
from tabletop_web.limits import read_json
from tobago_solver.clues import DECK, Clue
from tobago_solver.errors import TobagoError
from tobago_solver.rules import MAP_NAMES
from tobago_solver.table import Table
from tobago_solver.web.library import render_svg, render_table_svg

HERE: Final = Path(__file__).parent
SHARED: Final = Path(tabletop_web.__file__).parent
templates = Jinja2Templates(directory=[str(HERE / "templates"), str(SHARED / "templates")])
CLUES: Final = tuple(dict.fromkeys(DECK))
"""Every different clue of the deck, in the deck's order: what a map may be offered."""


def routes() -> list[BaseRoute]:
    """The assistant's page and API, and the islands' pictures for the new-game page."""
    return [
        Route("/assist", _page),
        Route("/api/assist", _api, methods=["POST"]),
        Route("/api/islands/{name}.svg", _island_picture),
        Mount("/static/tobago", StaticFiles(directory=str(HERE / "static"))),
    ]


async def _page(request: Request) -> Response:
    context = {"game": "tobago", "title": "Tobago", "islands": islands.names()}
    return templates.TemplateResponse(request, "assist.html", context)


async def _api(request: Request) -> Response:
    return JSONResponse(assist_answer(await read_json(request)))


async def _island_picture(request: Request) -> Response:
    return Response(_picture(request.path_params["name"]), media_type="image/svg+xml")


@functools.lru_cache(maxsize=64)
def _picture(name: str) -> str:
    try:
        island = islands.get(name)
    except TobagoError as error:
        raise NotFoundError(str(error)) from None
    return render_svg(island, title=island.name)


def assist_answer(request: object) -> dict[str, Any]:
    """The table after one change, and everything the page shows of it.

    The request: ``table`` (the table's JSON; none: a new table on ``island`` under
    ``rules``), ``do`` (``show``, ``play`` with ``map`` and ``clue``, ``claimed`` with ``map``,
    ``car`` with ``label`` and ``field``) and ``view`` (a map whose candidates the picture
    shows). A refused clue leaves the table as it was and says why.
    """
    if not isinstance(request, dict):
        raise WebError('the body must be a JSON object, e.g. {"island": "ABC-1"}')
    table = _table(request)
    said = ""
    do = request.get("do", "show")
    try:
        if do == "play":
            clue = Clue.parse(_text(request, "clue"))
            table, verdict = table.play(_text(request, "map"), clue)
            said = f"{_text(request, 'map').lower()}: {verdict.message}"
        elif do == "claimed":
            table = table.claimed(_text(request, "map"))
            said = f"the {_text(request, 'map').lower()} map is empty again"
        elif do == "car":
            table = table.with_car(_text(request, "label"), _text(request, "field"))
            said = f"car {table.cars[-1][0] if table.cars else ''} placed".strip()
        elif do != "show":
            raise UnprocessableError(f"unknown change {do!r}: show, play, claimed or car")
    except TobagoError as error:
        raise UnprocessableError(str(error)) from None
    view = request.get("view")
    return {
        "table": table.to_json(),
        "island": table.island.name,
        "said": said,
        "maps": [_map(table, name) for name in MAP_NAMES],
        "cars": [
            {"label": label, "field": field, "reach": sorted(table.reach(label))}
            for label, field in table.cars
        ],
        "svg": _svg(table, view),
    }


def _table(request: dict[str, Any]) -> Table:
    text = request.get("table")
    try:
        if text is None:
            island = islands.get(_text(request, "island", "ABC-1"))
            return Table.new(island, _text(request, "rules", "seed"))  # type: ignore[arg-type]
        if not isinstance(text, str):
            raise UnprocessableError("table must be the table's JSON text")
        return Table.from_json(text)
    except (TobagoError, ValueError) as error:
        if isinstance(error, WebError):
            raise
        raise UnprocessableError(str(error)) from None


def _text(request: dict[str, Any], key: str, default: str | None = None) -> str:
    value = request.get(key, default)
    if not isinstance(value, str) or not value.strip():
        raise UnprocessableError(f"give {key} as text")
    return value.strip()


def _map(table: Table, name: str) -> dict[str, Any]:
    options = []
    for clue in CLUES:
        verdict = table.check(name, clue)
        entry: dict[str, Any] = {"clue": str(clue), "legal": verdict.legal}
        if verdict.legal:
            entry["left"] = len(verdict.candidates)
        else:
            entry["reason"] = verdict.message.split(": ", 1)[-1]
        options.append(entry)
    index = MAP_NAMES.index(name)
    return {
        "name": name,
        "clues": [str(clue) for clue in table.maps[index]],
        "where": table.where_line(name),
        "candidates": table.island.in_reading_order(table.candidates(name)),
        "options": options,
    }


def _svg(table: Table, view: object) -> str:
    if isinstance(view, str) and view in MAP_NAMES:
        fields = table.candidates(view)
        title = f"{table.island.name}: {view} map, {len(fields)} fields"
        return render_svg(table.island, highlight=fields, title=title)
    if isinstance(view, str) and view.startswith("car:"):
        label = view.removeprefix("car:")
        if label in dict(table.cars):
            title = f"{table.island.name}: car {label} reaches"
            return render_svg(table.island, highlight=table.reach(label), title=title)
    return render_table_svg(table)
