"""The identifiability map: for every land field, the fewest clue cards that locate it.

>>> import tobago_solver as tb
>>> report = tb.identifiability(tb.islands.default())
>>> report.minima["j2"], report.worst >= 4, len(report.never) > 0
(4, True, True)

Each entry is a proven minimum from :func:`~tobago_solver.analysis.min_clues.min_clues` (None:
no set of cards ever locates the field). The report prints as a table, writes JSON and draws an
SVG heat map with a legend; :func:`summary_table` and :func:`summary_markdown` sum up several.
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Final

from tobago_solver.analysis.min_clues import DEFAULT_TIME_LIMIT, deck_cards, min_clues
from tobago_solver.clues import DECK, Clue
from tobago_solver.island import Island
from tobago_solver.render import render_svg

HEAT_COLOURS: Final = (
    "#fff7bc",
    "#fde725",
    "#a0da39",
    "#4ac16d",
    "#1fa187",
    "#277f8e",
    "#365c8d",
    "#46327e",
    "#440154",
)
"""Heat map colours for 0, 1, 2, … cards (the last one for that many or more)."""

NEVER_COLOUR: Final = "#b0b0b0"
"""Heat map colour of a field that no set of cards locates."""


def heat_colour(minimum: int | None) -> str:
    """The heat map colour of a minimum (None: never).

    >>> heat_colour(None) == NEVER_COLOUR, heat_colour(99) == HEAT_COLOURS[-1]
    (True, True)
    """
    if minimum is None:
        return NEVER_COLOUR
    return HEAT_COLOURS[min(minimum, len(HEAT_COLOURS) - 1)]


def _cards(count: int) -> str:
    return f"{count} card" if count == 1 else f"{count} cards"


@dataclass(frozen=True)
class Identifiability:
    """Per land field of ``island`` (reading order), a shortest proof or None (never located).

    >>> import tobago_solver as tb
    >>> report = tb.identifiability(tb.islands.default())
    >>> report.proofs["j2"] == tb.min_clues(report.island, "j2")
    True
    """

    island: Island
    deck_size: int
    proofs: Mapping[str, tuple[Clue, ...] | None]
    """Field -> a minimum set of cards locating it (deck order), or None (read-only)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "proofs", MappingProxyType(dict(self.proofs)))

    def __repr__(self) -> str:
        return (
            f"Identifiability(island={self.island.name!r}, fields={len(self.proofs)}, "
            f"never={len(self.never)}, mean={self.mean!r}, worst={self.worst!r})"
        )

    @property
    def minima(self) -> dict[str, int | None]:
        """Field -> the fewest cards that locate it, or None (never)."""
        return {f: None if p is None else len(p) for f, p in self.proofs.items()}

    @property
    def never(self) -> tuple[str, ...]:
        """The fields no set of cards locates, reading order."""
        return tuple(f for f, p in self.proofs.items() if p is None)

    @property
    def mean(self) -> float | None:
        """The mean minimum over the fields that can be located (None if there are none)."""
        values = [len(p) for p in self.proofs.values() if p is not None]
        return statistics.fmean(values) if values else None

    @property
    def worst(self) -> int | None:
        """The largest minimum over the fields that can be located (None if there are none)."""
        return max((len(p) for p in self.proofs.values() if p is not None), default=None)

    def histogram(self) -> dict[str, int]:
        """How many fields need each number of cards (``"never"`` last).

        >>> import tobago_solver as tb
        >>> report = tb.identifiability(tb.islands.default())
        >>> sum(report.histogram().values()) == len(report.island)
        True
        """
        counts: dict[str, int] = {}
        for minimum in sorted(m for m in self.minima.values() if m is not None):
            counts[str(minimum)] = counts.get(str(minimum), 0) + 1
        if self.never:
            counts["never"] = len(self.never)
        return counts

    def summary_line(self) -> str:
        """One line: fields, never located, mean and worst minimum.

        >>> import tobago_solver as tb
        >>> tb.identifiability(tb.islands.default()).summary_line()
        'ABC-1: 102 fields, 11 never located; mean 3.11 cards, worst 5'
        """
        mean = "-" if self.mean is None else f"{self.mean:.2f} cards"
        worst = "-" if self.worst is None else str(self.worst)
        return (
            f"{self.island.name}: {len(self.proofs)} fields, {len(self.never)} never located; "
            f"mean {mean}, worst {worst}"
        )

    def table(self) -> str:
        """A text table: field, terrain, fewest cards (or ``never``) and one such set of cards."""
        lines = [f"{'field':<6} {'terrain':<10} {'cards':>5}  a shortest proof"]
        for name, proof in self.proofs.items():
            terrain = self.island.terrain(name).value
            count = "never" if proof is None else str(len(proof))
            cards = "-" if proof is None else "; ".join(str(c) for c in proof) or "(no clue)"
            lines.append(f"{name:<6} {terrain:<10} {count:>5}  {cards}")
        lines.append(self.summary_line())
        histogram = ", ".join(f"{key}: {value}" for key, value in self.histogram().items())
        lines.append(f"fields per number of cards: {histogram}")
        return "\n".join(lines)

    def __str__(self) -> str:
        """``print(report)`` prints :meth:`table`."""
        return self.table()

    def to_dict(self) -> dict[str, Any]:
        """The report as plain data (see :meth:`to_json`)."""
        return {
            "island": self.island.name,
            "deck_size": self.deck_size,
            "fields": {
                name: {
                    "terrain": self.island.terrain(name).value,
                    "min_clues": None if proof is None else len(proof),
                    "proof": None if proof is None else [str(c) for c in proof],
                }
                for name, proof in self.proofs.items()
            },
            "summary": {
                "fields": len(self.proofs),
                "never": list(self.never),
                "mean": self.mean,
                "worst": self.worst,
                "histogram": self.histogram(),
            },
        }

    def to_json(self) -> str:
        """The report as JSON text: per field its terrain, minimum (null: never) and proof.

        >>> import json, tobago_solver as tb
        >>> data = json.loads(tb.identifiability(tb.islands.default()).to_json())
        >>> data["fields"]["j2"]["min_clues"], data["summary"]["worst"]
        (4, 5)
        """
        return json.dumps(self.to_dict(), indent=1)

    def to_svg(self, *, hex_size: float = 24.0) -> str:
        """A heat map: each field coloured by its minimum and showing it (never-located fields
        grey, marked "-"), with a legend of the colours present."""
        minima = self.minima
        fills = {name: heat_colour(minimum) for name, minimum in minima.items()}
        present = sorted({m for m in minima.values() if m is not None})
        legend = [(_cards(m), heat_colour(m)) for m in present]
        if self.never:
            legend.append(("never", NEVER_COLOUR))
        title = f"{self.island.name}: fewest clue cards that locate each field"
        notes = {name: "-" if m is None else str(m) for name, m in minima.items()}
        return render_svg(
            self.island, fills=fills, legend=legend, notes=notes, title=title, hex_size=hex_size
        )


def identifiability(
    island: Island,
    deck: Iterable[Clue | str] = DECK,
    *,
    fields: Sequence[str] | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> Identifiability:
    """The fewest cards of ``deck`` that locate each land field (or only ``fields``).

    >>> import tobago_solver as tb
    >>> island = tb.islands.default()
    >>> field = sorted(tb.candidates(island, ["in largest lake"]))[0]
    >>> len(tb.identifiability(island, fields=[field]).proofs)
    1

    Raises :class:`~tobago_solver.errors.SolverUnknownError` if one field stays undecided after
    ``time_limit`` seconds: the map never holds a guess.
    """
    cards = deck_cards(deck)
    names = island.fields if fields is None else [island.require_field(f) for f in fields]
    proofs = {name: min_clues(island, name, cards, time_limit=time_limit) for name in names}
    return Identifiability(island, len(cards), proofs)


def _overall(reports: Sequence[Identifiability]) -> tuple[list[int], int, int]:
    """Over several reports: every minimum of a located field, the fields never located and
    all the fields."""
    located = [m for r in reports for m in r.minima.values() if m is not None]
    never = sum(len(r.never) for r in reports)
    fields = sum(len(r.proofs) for r in reports)
    return located, never, fields


def summary_table(reports: Sequence[Identifiability]) -> str:
    """The summary line of each report, then one line over all of them.

    >>> import tobago_solver as tb
    >>> print(summary_table([tb.identifiability(tb.islands.default())]))
    ABC-1: 102 fields, 11 never located; mean 3.11 cards, worst 5
    all 1 islands: 102 fields, 11 never located; mean 3.11 cards, worst 5
    """
    located, never, fields = _overall(reports)
    mean = f"{statistics.fmean(located):.2f}" if located else "-"
    worst = str(max(located)) if located else "-"
    lines = [report.summary_line() for report in reports]
    lines.append(
        f"all {len(reports)} islands: {fields} fields, {never} never located; "
        f"mean {mean} cards, worst {worst}"
    )
    return "\n".join(lines)


def summary_markdown(reports: Sequence[Identifiability]) -> str:
    """The identifiability summary of several islands as a Markdown page.

    >>> import tobago_solver as tb
    >>> page = summary_markdown([tb.identifiability(tb.islands.default())])
    >>> "| ABC-1 | 102 | 11 |" in page
    True
    """
    located, never, fields = _overall(reports)
    lines = [
        "# Identifiability of the bundled islands",
        "",
        "For every land field, the fewest clue cards of the 52-card deck (each card at most once)",
        "whose candidates are exactly that field, proven optimal with CP-SAT (see",
        "[analysis.md](analysis.md)). *Never*: no set of cards singles the field out; such a",
        "field can still hold a treasure, but no map can ever be located there.",
        "",
        "Written by `tobago analyse --all --summary docs/identifiability.md`.",
        "",
        f"Over all {len(reports)} islands: {fields} land fields, {never} never located "
        f"({never / max(fields, 1):.1%})"
        + (
            f"; mean minimum {statistics.fmean(located):.2f} cards, worst {max(located)}."
            if located
            else "."
        ),
        "",
        "| island | fields | never located | mean minimum | worst minimum | fields per minimum |",
        "|---|---|---|---|---|---|",
    ]
    for report in reports:
        mean = "-" if report.mean is None else f"{report.mean:.2f}"
        worst = "-" if report.worst is None else str(report.worst)
        histogram = ", ".join(f"{key}: {value}" for key, value in report.histogram().items())
        lines.append(
            f"| {report.island.name} | {len(report.proofs)} | {len(report.never)} | {mean} "
            f"| {worst} | {histogram} |"
        )
    hardest = (
        [(m, r.island.name, f) for r in reports for f, m in r.minima.items() if m == max(located)]
        if located
        else []
    )
    if hardest:
        lines += [
            "",
            f"Fields that need the worst minimum ({max(located)} cards): "
            + ", ".join(f"{name} {field}" for _, name, field in hardest)
            + ".",
        ]
    return "\n".join(lines) + "\n"
