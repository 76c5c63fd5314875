"""The picture of a game: one island with the maps' markers and the cars, a panel beside it.

>>> import tobago_solver as tb
>>> state = tb.new_game(tb.islands.default(), 2, seed=1)
>>> svg = render_game_svg(state)
>>> 'class="tobago-game"' in svg and "grey map" in svg and "P0 to move" in svg
True
"""

from __future__ import annotations

import math

from tobago_solver.clues import Clue
from tobago_solver.errors import TobagoError
from tobago_solver.game.observation import Observation
from tobago_solver.game.state import GameState
from tobago_solver.render.colours import INK_DARK, MAP_COLOURS
from tobago_solver.render.overlays import Marker
from tobago_solver.render.panel import Panel
from tobago_solver.render.picture import island_element
from tobago_solver.render.scene import Scene, scene_of_game, scene_of_table
from tobago_solver.render.svg import num, page, serialise, text
from tobago_solver.table import Table


def render_game_svg(
    game: GameState | Observation,
    *,
    seat: int | None = None,
    title: str | None = None,
    hex_size: float = 30.0,
) -> str:
    """A game state or an observation as a picture: the island with a marker in each map's
    colour on every candidate of a map with 16 candidates or fewer (a large gold-ringed one on a
    located treasure), the cars and amulets; beside it each map's clues in words, its candidate
    count and the roses on it, then each player's car colour, gold, amulets and roses left.

    A hand is shown only for the seat whose view the picture is: an observation's own player, or
    ``seat`` for a state (by default nobody's). A finished game says so and who won.

    >>> import tobago_solver as tb
    >>> state = tb.new_game(tb.islands.default(), 2, seed=1)
    >>> "hand (" in render_game_svg(state), "hand (" in render_game_svg(state, seat=1)
    (False, True)
    >>> "the view of P1" in render_game_svg(state.observation(1))
    True
    """
    _check_size(hex_size)
    hand: tuple[Clue, ...] | None
    winners: tuple[int, ...] | None
    if isinstance(game, Observation):
        if seat is not None and seat != game.player:
            raise TobagoError(f"the view of P{game.player} shows no other seat's hand")
        seat, hand, hand_sizes = game.player, game.hand, game.hand_sizes
        winners = None
    else:
        if seat is not None and not 0 <= seat < game.players:
            raise TobagoError(f"no seat {seat} in a {game.players}-player game")
        hand = None if seat is None else game.hands[seat]
        hand_sizes = tuple(len(cards) for cards in game.hands)
        winners = game.winners if game.phase == "over" else None
    scene = scene_of_game(
        game,
        seat=seat,
        hand=hand,
        hand_sizes=hand_sizes,
        end_reason=game.end_reason,
        winners=winners,
        title=title,
    )
    cars = {f"P{player}": field for player, field in enumerate(game.cars)}
    return draw_scene(scene, cars, hex_size)


def render_table_svg(table: Table, *, title: str | None = None, hex_size: float = 30.0) -> str:
    """The assistant's table as a picture: one island with every map's markers (maps with 16
    candidates or fewer) and the cars, beside it each map's clues and candidate count, the cars
    and the hand.

    >>> import tobago_solver as tb
    >>> table, _ = Table.new(tb.islands.default()).play("grey", "in largest lake")
    >>> svg = render_table_svg(table)
    >>> svg.count('data-map="grey"'), "in largest lake" in svg
    (3, True)
    """
    _check_size(hex_size)
    return draw_scene(scene_of_table(table, title=title), dict(table.cars), hex_size)


def _check_size(hex_size: float) -> None:
    if not (math.isfinite(hex_size) and hex_size > 0):
        raise TobagoError(f"hex_size must be a positive number, got {hex_size!r}")


def draw_scene(scene: Scene, cars: dict[str, str], hex_size: float) -> str:
    """The picture of a scene: title and status above, the island left, the panel right."""
    markers: dict[str, list[Marker]] = {}
    for summary in scene.maps:
        if summary.marked:
            for field in summary.candidates:
                marker = Marker(
                    summary.name, MAP_COLOURS[summary.name], summary.located is not None
                )
                markers.setdefault(field, []).append(marker)
    island = island_element(
        scene.island,
        cars=cars,
        amulets=scene.amulets,
        hex_size=hex_size,
        markers=markers,
        car_legend=False,
    )
    panel = Panel(scene, 0.46 * hex_size)
    island_width = float(island.get("width", "0"))
    island_height = float(island.get("height", "0"))
    title_size = 0.7 * hex_size
    status_size = 0.5 * hex_size
    top = 2.3 * hex_size
    status_width = 0.6 * status_size * len(scene.status) + 2 * hex_size
    width = max(island_width + panel.width, status_width)
    height = top + max(island_height, panel.height)
    root = page(
        "tobago-game", scene.island.name, scene.title, width, height, 1.5 * hex_size, title_size
    )
    text(
        root,
        width / 2,
        1.75 * hex_size,
        scene.status,
        status_size,
        class_="status",
        font_weight="bold",
        fill=INK_DARK,
    )
    island.set("x", "0")
    island.set("y", num(top))
    root.append(island)
    panel.draw(root, island_width, top)
    return serialise(root)
