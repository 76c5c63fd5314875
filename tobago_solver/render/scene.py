"""What a picture of a game shows, as plain values: the maps, the players, the state of play.

A game state, a player's observation and the assistant's table all become one :class:`Scene`,
which :mod:`~tobago_solver.render.game` draws. The game's values are read through protocols
(the names and types they have) rather than imported, so pictures stay below the game in the
package's layers, as they are for islands.

>>> import tobago_solver as tb
>>> from tobago_solver.table import Table
>>> table, _ = Table.new(tb.islands.default()).play("grey", "in largest lake")
>>> scene = scene_of_table(table)
>>> scene.maps[0].clues, scene.maps[0].candidates
(('in largest lake',), ('i11', 'h12', 'i13'))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from tobago_solver.clues import Clue
from tobago_solver.compile import compiled
from tobago_solver.island import Island
from tobago_solver.rules import MAP_NAMES, rules_label
from tobago_solver.table import Table

MARKED_AT_MOST = 16
"""Maps with this many candidates or fewer get a marker on each (more would cover the island)."""


@dataclass(frozen=True)
class MapSummary:
    """One treasure map: its clues in words, its candidates and each player's roses on it."""

    name: str
    clues: tuple[str, ...]
    candidates: tuple[str, ...]
    """Reading order."""
    roses: tuple[int, ...] = ()
    """Per player; empty where the picture does not know them (a real table)."""
    note: str = ""

    @property
    def located(self) -> str | None:
        """The treasure's field when one candidate is left."""
        return self.candidates[0] if len(self.candidates) == 1 else None

    @property
    def marked(self) -> bool:
        """Whether its candidates carry a marker on the island."""
        return 0 < len(self.candidates) <= MARKED_AT_MOST

    def status(self) -> str:
        """``7 candidates``, ``located at h3``, ``no clue yet (102 fields)``, ``no field left``."""
        count = len(self.candidates)
        if self.located is not None:
            return f"treasure located at {self.located}"
        if count == 0:
            return "no field left"
        if not self.clues:
            return f"no clue yet ({count} fields)"
        unmarked = "" if self.marked else f", more than {MARKED_AT_MOST}: not marked"
        return f"{count} candidates{unmarked}"


@dataclass(frozen=True)
class PlayerSummary:
    """One player (or, at a real table, one car): what the picture says about them."""

    label: str
    car: str | None
    facts: str
    """``gold 23 · amulets 1 · roses 7 left · 5 clue cards``, or ``on c3`` for a table's car."""
    hand: tuple[str, ...] | None = None
    """The clue cards, shown only for the seat whose view the picture is."""
    note: str = ""
    """``to move`` or ``wins``."""


@dataclass(frozen=True)
class Scene:
    """Everything one game picture shows."""

    island: Island
    title: str
    status: str
    maps: tuple[MapSummary, ...]
    players: tuple[PlayerSummary, ...]
    players_heading: str
    amulets: tuple[str, ...] = ()
    footer: str = ""
    hand: tuple[str, ...] | None = None
    """A hand shown apart from the players (the assistant's user's)."""


class MapView(Protocol):
    """What is read of a treasure map in a game."""

    @property
    def clues(self) -> Sequence[Clue]: ...
    @property
    def roses(self) -> Sequence[int]: ...
    @property
    def candidates_mask(self) -> int: ...


class GameView(Protocol):
    """What is read of a game state or an observation: the public board."""

    @property
    def island(self) -> Island: ...
    @property
    def players(self) -> int: ...
    @property
    def turn(self) -> int: ...
    @property
    def phase(self) -> str: ...
    @property
    def to_move(self) -> int: ...
    @property
    def maps(self) -> Sequence[MapView]: ...
    @property
    def cars(self) -> Sequence[str]: ...
    @property
    def amulets(self) -> Sequence[str]: ...
    @property
    def amulets_held(self) -> Sequence[int]: ...
    @property
    def roses_left(self) -> Sequence[int]: ...
    @property
    def gold(self) -> Sequence[Sequence[int]]: ...
    @property
    def treasure_deck_size(self) -> int: ...


def scene_of_game(
    game: GameView,
    *,
    seat: int | None,
    hand: Sequence[Clue] | None,
    hand_sizes: Sequence[int] | None,
    end_reason: str | None,
    winners: Sequence[int] | None,
    title: str | None,
) -> Scene:
    """The scene of a game as ``seat`` sees it (``hand`` is that seat's; ``None``: nobody's)."""
    table = compiled(game.island)
    maps = tuple(
        MapSummary(
            MAP_NAMES[index],
            tuple(str(clue) for clue in map_state.clues),
            tuple(table.field_set(map_state.candidates_mask)),
            tuple(map_state.roses),
        )
        for index, map_state in enumerate(game.maps)
    )
    players = []
    for player in range(game.players):
        facts = [
            f"gold {sum(game.gold[player])}",
            f"amulets {game.amulets_held[player]}",
            f"roses {game.roses_left[player]} left",
        ]
        if hand_sizes is not None and player != seat:
            facts.append(f"{hand_sizes[player]} clue cards")
        shown = tuple(str(clue) for clue in hand) if hand is not None and player == seat else None
        players.append(
            PlayerSummary(
                f"P{player}",
                game.cars[player],
                " · ".join(facts),
                shown,
                note=_note(game, player, winners),
            )
        )
    view = "" if seat is None else f"; the view of P{seat}"
    if game.phase == "over":
        status = _game_over(game, end_reason, winners)
    else:
        status = f"turn {game.turn} · P{game.to_move} to move ({game.phase}){view}"
    return Scene(
        game.island,
        title or f"{game.island.name}, turn {game.turn}",
        status,
        maps,
        tuple(players),
        "players",
        tuple(game.amulets),
        footer=f"treasure deck: {game.treasure_deck_size} cards",
    )


def _note(game: GameView, player: int, winners: Sequence[int] | None) -> str:
    if game.phase != "over":
        return "to move" if player == game.to_move else ""
    return "wins" if player in _winners(game, winners) else ""


def _winners(game: GameView, winners: Sequence[int] | None) -> list[int]:
    # The rules' winners when the caller has them; an observation has only the gold, and the
    # most gold wins.
    if winners is not None:
        return list(winners)
    scores = [sum(cards) for cards in game.gold]
    return [player for player, score in enumerate(scores) if score == max(scores)]


def _game_over(game: GameView, end_reason: str | None, winners: Sequence[int] | None) -> str:
    scores = [sum(cards) for cards in game.gold]
    chosen = _winners(game, winners)
    why = f" ({end_reason})" if end_reason else ""
    names = [f"P{p}" for p in chosen]
    if len(names) == 1:
        return f"game over{why}: {names[0]} wins with {scores[chosen[0]]} gold"
    together = ", ".join(names[:-1]) + f" and {names[-1]}"
    return f"game over{why}: {together} share the win with {scores[chosen[0]]} gold"


def scene_of_table(table: Table, *, title: str | None = None) -> Scene:
    """The scene of the assistant's table: four maps, the cars and the user's hand."""
    maps = []
    for index, name in enumerate(MAP_NAMES):
        fields = table.island.in_reading_order(table.candidates(name))
        note = "forced: holds an illegal clue" if table.forced[index] else ""
        maps.append(MapSummary(name, tuple(str(c) for c in table.maps[index]), fields, (), note))
    cars = tuple(PlayerSummary(label, field, f"on {field}") for label, field in table.cars)
    return Scene(
        table.island,
        title or f"{table.island.name}: the table",
        rules_label(table.rules.name),
        tuple(maps),
        cars,
        "cars" if cars else "",
        hand=tuple(str(clue) for clue in table.hand),
    )
