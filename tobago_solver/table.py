"""The four treasure maps of a game at a real table, as one immutable value.

The live-table assistant (``tobago assist``) keeps one :class:`Table` per step and undoes by going
back to an earlier one. Every answer comes from the core: candidates, clue legality, movement.

>>> import tobago_solver as tb
>>> table = Table.new(tb.islands.default())
>>> table, verdict = table.play("grey", "in largest lake")
>>> verdict.legal, table.where_line("grey")
(True, 'grey (3): i11 h12 i13')
>>> table.play("grey", "not in lake")[1].reason
<Reason.CONTRADICTION: 'contradiction'>
>>> Table.from_json(table.to_json()) == table
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Set
from dataclasses import dataclass, replace
from typing import Any, Final

from tobago_solver.clues import Clue
from tobago_solver.documents import read_document
from tobago_solver.errors import TobagoError
from tobago_solver.island import Island
from tobago_solver.legality import ClueVerdict, check_clue
from tobago_solver.movement import reachable
from tobago_solver.rules import MAP_NAMES, MAP_SPELLINGS, PresetName, TobagoRules
from tobago_solver.treasure import as_clues, candidates

FORMAT: Final = "tobago-table"
FORMAT_VERSION: Final = 1


@dataclass(frozen=True)
class Advice:
    """One hand card on one map: legal or why not, and the candidates it would leave."""

    clue: Clue
    map: str
    verdict: ClueVerdict

    @property
    def left(self) -> int:
        """Candidates after the play (for an illegal card, as many as the map has now)."""
        return len(self.verdict.candidates if self.verdict.legal else self.verdict.before)

    def __str__(self) -> str:
        verdict = self.verdict
        if verdict.legal:
            return f"{self.clue} on {self.map}: {len(verdict.before)} -> {self.left}"
        reason = verdict.message.split(": ", 1)[1]
        return f"{self.clue} on {self.map}: illegal ({verdict.reason}) {reason}"


@dataclass(frozen=True)
class Table:
    """The island, the rules, four maps (clues in the order played), cars and one player's hand.

    ``forced`` marks maps that took an illegal clue on purpose (a table that made a mistake).
    """

    island: Island
    rules: TobagoRules
    maps: tuple[tuple[Clue, ...], ...]
    forced: tuple[bool, ...]
    cars: tuple[tuple[str, str], ...] = ()
    """``(label, field)`` pairs, sorted by label."""
    hand: tuple[Clue, ...] = ()

    @classmethod
    def new(cls, island: Island, rules: PresetName | TobagoRules = "seed") -> Table:
        """Four empty maps on ``island``."""
        empty = len(MAP_NAMES)
        return cls(island, TobagoRules.named(rules), ((),) * empty, (False,) * empty)

    # -- maps ---------------------------------------------------------------------------------

    @staticmethod
    def map_index(name: str) -> int:
        """The position of a map colour (either case; ``gray`` is ``grey``); TobagoError for
        anything else."""
        colour = name.strip().lower()
        try:
            return MAP_NAMES.index(MAP_SPELLINGS.get(colour, colour))
        except ValueError:
            raise TobagoError(
                f"unknown map {name!r} (expected one of {', '.join(MAP_NAMES)})"
            ) from None

    def clues(self, name: str) -> tuple[Clue, ...]:
        """The clues on one map, in the order played."""
        return self.maps[self.map_index(name)]

    def candidates(self, name: str) -> Set[str]:
        """The fields where the map's treasure can still be."""
        return candidates(self.island, self.clues(name))

    def check(self, name: str, clue: Clue | str) -> ClueVerdict:
        """Whether the clue rules let ``clue`` be played on the map, without playing it."""
        return check_clue(self.island, self.clues(name), clue, self.rules)

    def play(
        self, name: str, clue: Clue | str, *, force: bool = False
    ) -> tuple[Table, ClueVerdict]:
        """The table with ``clue`` on the map if it is legal (or ``force``), and the verdict.

        A refused clue leaves the table as it is; a forced illegal one marks the map.
        """
        index = self.map_index(name)
        verdict = self.check(name, clue)
        if not verdict.legal and not force:
            return self, verdict
        maps = list(self.maps)
        maps[index] = (*maps[index], verdict.clue)
        forced = list(self.forced)
        forced[index] = forced[index] or not verdict.legal
        return replace(self, maps=tuple(maps), forced=tuple(forced)), verdict

    def claimed(self, name: str) -> Table:
        """The table after the map's treasure was found: the map is empty again."""
        index = self.map_index(name)
        maps, forced = list(self.maps), list(self.forced)
        maps[index], forced[index] = (), False
        return replace(self, maps=tuple(maps), forced=tuple(forced))

    def where_line(self, name: str) -> str:
        """``MAP (COUNT): FIELD FIELD …``, fields in reading order; located or forced maps say so.

        >>> table = Table.new(Island.from_terrain("duo", {"a1": "beach", "b1": "lake"}))
        >>> table.where_line("white")
        'white: no clue yet, all 2 fields'
        >>> table.play("white", "in lake")[0].where_line("white")
        'white (1): b1 — located'
        """
        index = self.map_index(name)
        fields = self.candidates(name)
        if not self.clues(name) and not self.forced[index]:
            return f"{MAP_NAMES[index]}: no clue yet, all {len(fields)} fields"
        ordered = " ".join(self.island.in_reading_order(fields))
        notes = []
        if len(fields) == 1:
            notes.append("located")
        if self.forced[index]:
            notes.append("forced: holds an illegal clue")
        if not fields:
            notes.append("no field is left")
        suffix = "".join(f" — {note}" for note in notes)
        return f"{MAP_NAMES[index]} ({len(fields)}): {ordered}".rstrip() + suffix

    # -- cars and hand ------------------------------------------------------------------------

    def with_car(self, label: str, field: str) -> Table:
        """The table with car ``label`` on ``field`` (placed or moved)."""
        label = _label(label)
        field = self.island.require_field(field)
        cars = dict(self.cars)
        cars[label] = field
        return replace(self, cars=tuple(sorted(cars.items())))

    def car(self, label: str) -> str:
        """The field of car ``label``."""
        cars = dict(self.cars)
        if label not in cars:
            known = ", ".join(cars) or "none yet"
            raise TobagoError(f"no car {label!r} on the table (cars: {known}; place one first)")
        return cars[label]

    def reach(self, label: str) -> frozenset[str]:
        """The fields car ``label`` reaches in one move (at most three steps); not its own:
        a move goes somewhere else."""
        here = self.car(label)
        return reachable(self.island, here) - {here}

    def with_hand(self, clues: Iterable[Clue | str]) -> Table:
        """The table with this hand of clue cards."""
        return replace(self, hand=tuple(as_clues(list(clues))))

    def best(self) -> list[Advice]:
        """Every hand card on every map, legal plays first, fewest candidates left first."""
        advice = [
            Advice(clue, colour, self.check(colour, clue))
            for clue in self.hand
            for colour in MAP_NAMES
        ]
        return sorted(advice, key=lambda a: (not a.verdict.legal, a.left))

    # -- files --------------------------------------------------------------------------------

    def to_json(self) -> str:
        """The table as JSON (the island written in its text format); see :meth:`from_json`."""
        document = {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "island": self.island.to_text(),
            "rules": self.rules.name,
            "maps": {
                colour: {"clues": [str(c) for c in clues], "forced": forced}
                for colour, clues, forced in zip(MAP_NAMES, self.maps, self.forced, strict=True)
            },
            "cars": dict(self.cars),
            "hand": [str(c) for c in self.hand],
        }
        return json.dumps(document, indent=2) + "\n"

    @classmethod
    def from_json(cls, text: str) -> Table:
        """Read :meth:`to_json`'s output; TobagoError naming what is wrong.

        A map not marked ``forced`` must hold clues that the clue rules allowed when played, as
        :meth:`play` keeps them; a forced map holds at least one clue.
        """
        document = read_document(text, FORMAT, FORMAT_VERSION, "saved table")
        _only_keys(document, {"format", "version", "island", "rules", "maps", "cars", "hand"}, "")
        island = Island.from_text(_field(document, "island", str), strict=False)
        rules = TobagoRules.named(_field(document, "rules", str))
        maps_document = _field(document, "maps", dict)
        if sorted(maps_document) != sorted(MAP_NAMES):
            raise TobagoError(f"a saved table has the maps {', '.join(MAP_NAMES)}")
        table = cls.new(island, rules)
        for colour in MAP_NAMES:
            entry = _field(maps_document, colour, dict)
            _only_keys(entry, {"clues", "forced"}, f"map {colour}: ")
            clues = as_clues(_field(entry, "clues", list))
            forced = _field(entry, "forced", bool)
            if forced and not clues:
                raise TobagoError(f"a saved table: map {colour} is marked forced but holds no clue")
            for number, clue in enumerate(clues, start=1):
                table, verdict = table.play(colour, clue, force=forced)
                if not verdict.legal and not forced:
                    raise TobagoError(
                        f"a saved table: map {colour}, clue {number}: {verdict.message}; a map "
                        "that took an illegal clue is marked forced"
                    )
            if forced:
                maps = list(table.forced)
                maps[MAP_NAMES.index(colour)] = True
                table = replace(table, forced=tuple(maps))
        table = table.with_hand(_field(document, "hand", list))
        for label, field in _field(document, "cars", dict).items():
            if not isinstance(field, str):
                raise TobagoError(f"a saved table: car {label!r} must stand on a field name")
            table = table.with_car(label, field)
        return table


def _only_keys(document: dict[str, Any], keys: set[str], where: str) -> None:
    unknown = sorted(set(document) - keys)
    if unknown:
        raise TobagoError(f"a saved table: {where}unknown field(s) {', '.join(map(repr, unknown))}")


def _label(label: str) -> str:
    label = label.strip()
    if not label or not label.isprintable() or " " in label:
        raise TobagoError(f"car label {label!r} must be one printable word, e.g. 'red'")
    return label


def _field(document: Any, key: str, kind: type) -> Any:
    if not isinstance(document, dict) or not isinstance(document.get(key), kind):
        raise TobagoError(f"a saved table needs {key!r} as {kind.__name__}")
    return document[key]
