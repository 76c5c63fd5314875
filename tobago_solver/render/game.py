"""The picture of a game: one island with the maps' markers and the cars, a panel beside it.

>>> import tobago_solver as tb
>>> state = tb.new_game(tb.islands.default(), 2, seed=1)
>>> svg = render_game_svg(state)
>>> 'class="tobago-game"' in svg and "grey map" in svg and "P0 to move" in svg
True
"""

from __future__ import annotations

import math
from typing import Final

from tobago_solver.clues import DECK, Clue
from tobago_solver.errors import TobagoError
from tobago_solver.game.observation import Observation
from tobago_solver.game.rules import GameRules
from tobago_solver.game.state import GameState
from tobago_solver.island import Island
from tobago_solver.render.colours import INK_DARK, MAP_COLOURS
from tobago_solver.render.overlays import Marker
from tobago_solver.render.panel import Frame, Panel, PanelLine, room
from tobago_solver.render.picture import island_element
from tobago_solver.render.scene import Scene, scene_of_game, scene_of_table
from tobago_solver.render.svg import num, page, serialise, text
from tobago_solver.rules import MAP_NAMES
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
    frame = game_frame(game.island, game.players, game.rules, hand is not None)
    return draw_scene(scene, cars, hex_size, frame)


CLUE_ROOM: Final = 24
"""Clue lines a game's panel makes room for, on the four maps together (a game seldom has more
at once; more are drawn smaller)."""


def game_frame(island: Island, players: int, rules: GameRules, hand: bool) -> Frame:
    """The room of a game's panel, the same at every step of the game: its widest lines with
    the largest numbers the game can reach, and its lines with :data:`CLUE_ROOM` clues and, with
    ``hand``, a full hand.

    >>> import tobago_solver as tb
    >>> state = tb.new_game(tb.islands.default(), 2, seed=1)
    >>> game_frame(state.island, 2, state.rules, False) == game_frame(
    ...     state.island, 2, state.rules, False)
    True
    """
    cards = rules.hand_size(players)
    gold = sum(value * count for value, count in enumerate(rules.gold_counts, start=2))
    longest = max(map(str, DECK), key=len)
    widest = [
        PanelLine(f"• {longest}", indent=2),
        PanelLine(f"{len(island.fields)} candidates, more than 16: not marked", indent=1),
        PanelLine("roses: " + ", ".join(f"P{p} {rules.roses}" for p in range(players)), indent=1),
        PanelLine(
            f"gold {gold} · amulets {rules.amulet_supply} · roses {rules.roses} left · "
            f"{cards} clue cards",
            indent=1,
        ),
    ]
    per_map = [PanelLine("map", gap_before=True), PanelLine("status"), PanelLine("roses")]
    players_lines = [PanelLine("P0"), PanelLine("facts")] * players
    hand_lines = [PanelLine("hand")] + [PanelLine("card")] * cards if hand else []
    lines = [
        *widest,
        *(per_map * len(MAP_NAMES))[len(widest) :],
        *[PanelLine("clue")] * CLUE_ROOM,
        PanelLine("players", gap_before=True),
        *players_lines,
        *hand_lines,
        PanelLine("footer", gap_before=True),
    ]
    return Frame(*room(lines))


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


def draw_scene(
    scene: Scene, cars: dict[str, str], hex_size: float, frame: Frame | None = None
) -> str:
    """The picture of a scene: title and status above, the island left, the panel right. With
    a ``frame`` the picture's size depends on the frame alone, not on the text it holds."""
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
    panel = Panel(scene, 0.46 * hex_size, frame)
    island_width = float(island.get("width", "0"))
    island_height = float(island.get("height", "0"))
    title_size = 0.7 * hex_size
    status_size = 0.5 * hex_size
    top = 2.3 * hex_size
    status_width = 0.6 * status_size * len(scene.status) + 2 * hex_size
    width = island_width + panel.width
    if frame is None:
        width = max(width, status_width)
    else:
        # The size stays; a status or title longer than the page is drawn smaller.
        status_size *= min(1.0, width / status_width)
        title_size *= min(1.0, width / (0.6 * title_size * len(scene.title) + 2 * hex_size))
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
