"""Every kind of picture the library writes, drawn by CairoSVG: every text in it can be read.

CairoSVG is the usual Python converter, and the strictest here: it ignores ``paint-order``, so a
halo drawn as the text's own stroke covers the letters. For each text the test finds its box in
the PNG and asks two things: enough pixels there are in the text's own colour (the letters are
not painted over), and the colour around them contrasts with it at least 3:1 (the letters stand
out from what they are drawn on). The test is skipped where CairoSVG or the cairo library is
missing (it is a test dependency: ``pip install -e .[dev]``).
"""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator

import numpy as np
import numpy.typing as npt
import pytest

try:
    import cairosvg
    from PIL import Image
except (ImportError, OSError):  # no package, or no cairo library under it
    pytest.skip("CairoSVG with the cairo library is needed", allow_module_level=True)

import tobago_solver as tb
import tranquility_solver as tq
from tobago_solver.bots import make_bot
from tobago_solver.game.records import play_game
from tobago_solver.render import render_board_svg, render_game_svg, render_table_svg
from tobago_solver.table import Table
from tranquility_solver.render import render_game_svg as render_tranquility_game_svg

from .tranquility.played import ended_game

SVG = "{http://www.w3.org/2000/svg}"
SCALE = 2
ISLAND = tb.islands.default()


def _tobago_games() -> list[tb.GameState]:
    states: list[tb.GameState] = []
    bots = [make_bot("greedy"), make_bot("random"), make_bot("greedy")]
    play_game(ISLAND, bots, seed=3, watch=lambda state, action: states.append(state))
    return states


def _heat_map() -> str:
    some = ["h3", "i11", "h12", "b4", "c9", "j14"]
    report = tb.identifiability(ISLAND, ["in lake", "not in lake", "next to sea"], fields=some)
    return report.to_svg()


def _table() -> str:
    table, _ = Table.new(ISLAND).play("grey", "in largest lake")
    table, _ = table.play("black", "in sight of statue")
    table = table.with_car("red", "i11").with_hand(["next to hut", "not in lake"])
    return render_table_svg(table)


def _tranquility_pictures() -> dict[str, Callable[[], str]]:
    grid = tq.Grid.from_mapping({"a1": 5, "c3": 30, "f1": 60})
    won, won_last = ended_game(won=True)
    lost = ended_game(won=False)
    return {
        "tranquility grid": lambda: tq.render_svg(grid, title="a grid"),
        "tranquility hints": lambda: tq.render_svg(
            grid,
            highlight=["b1", "d3"],
            highlight_label="safe",
            notes={"b1": "7 12", "d3": "40"},
            dead=["f2", "f3"],
            caption=["no safe placement", "dead cells: f2 f3"],
            title="safe placements",
        ),
        "tranquility count": lambda: tq.render_svg(grid, title=f"{10**38:,} completions"),
        "tranquility won game": lambda: render_tranquility_game_svg(won, last_play=won_last),
        "tranquility lost game": lambda: render_tranquility_game_svg(
            lost[0].observation(1), last_play=lost[1]
        ),
    }


def _tobago_pictures() -> dict[str, Callable[[], str]]:
    states = _tobago_games()
    middle = next(state for state in states if state.located_fields())
    return {
        "island": lambda: tb.render_svg(ISLAND, title="ABC-1"),
        "highlight, cars, amulets": lambda: tb.render_svg(
            ISLAND,
            highlight=["h3", "i3", "h11"],
            cars={"P0": "h11", "start": "d4", "red": "j6"},
            amulets=["k7", "h11"],
            highlight_label="candidate",
            title="where",
        ),
        "puzzle": lambda: tb.render_svg(ISLAND, title="Puzzle", caption=["1. in lake", "2. x"]),
        "board": lambda: render_board_svg(ISLAND, {"grey": ["h3"], "brown": []}, title="maps"),
        "heat map": _heat_map,
        "game": lambda: render_game_svg(middle, seat=1),
        "observation": lambda: render_game_svg(middle.observation(2)),
        "finished game": lambda: render_game_svg(states[-1]),
        "table": _table,
    }


def _luminance(rgb: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    channel = rgb / 255
    linear = np.where(channel <= 0.04045, channel / 12.92, ((channel + 0.055) / 1.055) ** 2.4)
    return np.asarray(linear @ np.array([0.2126, 0.7152, 0.0722]), dtype=np.float64)


def _colour(text: str) -> npt.NDArray[np.float64]:
    return np.array([int(text[i : i + 2], 16) for i in (1, 3, 5)], dtype=np.float64)


def _texts(
    element: ET.Element, dx: float, dy: float
) -> Iterator[tuple[ET.Element, tuple[float, float]]]:
    """Every text with the offset of the pictures it is nested in (a game's island, say)."""
    for child in element:
        if child.tag == f"{SVG}text":
            yield child, (dx, dy)
        elif child.tag == f"{SVG}svg":
            view = [float(v) for v in child.get("viewBox", "0 0 0 0").split()]
            x = dx + float(child.get("x", "0")) - view[0]
            y = dy + float(child.get("y", "0")) - view[1]
            yield from _texts(child, x, y)
        else:
            yield from _texts(child, dx, dy)


def unreadable_texts(svg: str) -> list[str]:
    """The texts of a picture that CairoSVG draws covered or without contrast."""
    png = cairosvg.svg2png(bytestring=svg.encode("utf-8"), scale=SCALE)
    pixels = np.asarray(Image.open(io.BytesIO(png)).convert("RGB"), dtype=np.float64)
    problems = []
    for element, (dx, dy) in _texts(ET.fromstring(svg), 0.0, 0.0):
        content = (element.text or "").strip()
        if element.get("class") == "halo" or not content:
            continue
        size = float(element.get("font-size", "0"))
        x, y = dx + float(element.get("x", "0")), dy + float(element.get("y", "0"))
        width = 0.55 * size * len(element.text or "")
        left = x - width / 2 if element.get("text-anchor") == "middle" else x
        if element.get("dominant-baseline") == "central":
            top, bottom = y - 0.35 * size, y + 0.35 * size
        else:
            top, bottom = y - 0.7 * size, y
        box = pixels[
            int(top * SCALE) : int(bottom * SCALE) + 1,
            int(left * SCALE) : int((left + width) * SCALE) + 1,
        ].reshape(-1, 3)
        ink = _colour(element.get("fill", "#000000"))
        near = np.linalg.norm(box - ink, axis=1) < 40
        around = box[~near]
        if near.mean() < 0.06 or not len(around):
            problems.append(
                f"{content!r}: its letters are covered ({near.mean():.0%} in its colour)"
            )
            continue
        # The most common colour around the letters, to 8 levels a channel.
        codes = (around // 32).astype(np.int64) @ np.array([64, 8, 1])
        code = int(np.bincount(codes).argmax())
        background = np.array([code // 64, code // 8 % 8, code % 8], dtype=np.float64) * 32 + 16
        light, dark = sorted((_luminance(ink), _luminance(background)), reverse=True)
        ratio = (light + 0.05) / (dark + 0.05)
        if ratio < 3:
            problems.append(f"{content!r}: contrast {ratio:.1f} with its background")
    return problems


PICTURES = {**_tobago_pictures(), **_tranquility_pictures()}


@pytest.mark.parametrize("kind", sorted(PICTURES))
def test_every_text_reads_in_cairosvg(kind: str) -> None:
    assert unreadable_texts(PICTURES[kind]()) == []


@pytest.mark.parametrize("kind", ["island", "game"])
def test_the_check_finds_a_halo_painted_over_its_letters(kind: str) -> None:
    # The old way: the halo as the text's own stroke, which CairoSVG paints over the letters.
    smeared = PICTURES[kind]().replace('class="halo"', 'class="halo" display="none"')
    smeared = smeared.replace('class="label"', 'class="label" stroke="#ffffff" stroke-width="3"')
    assert len(unreadable_texts(smeared)) > len(ISLAND.fields) // 2
