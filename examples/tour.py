"""A tour of the library: the README's main demo.

    python examples/tour.py

Tobago: the default island, a few clues, where the treasure can be, and a picture written next to
this script. Tranquility: a partial grid, whether it can still be completed, and how.
"""

from __future__ import annotations

from pathlib import Path

import tobago_solver as tb
import tranquility_solver as tq

HERE = Path(__file__).parent


def tobago_tour() -> None:
    island = tb.islands.default()
    print(f"== Tobago: island {island.name}, {len(island)} land fields, {len(island.areas)} areas")
    clues = [tb.Clue.parse(text) for text in ("in sight of sea", "not in beach", "next to hut")]
    for n in range(len(clues) + 1):
        fields = tb.candidates(island, clues[:n])
        label = "; ".join(str(c) for c in clues[:n]) or "(no clue)"
        print(f"  {label:<48} {len(fields):3d} fields")
    where = tb.candidates(island, clues)
    print("  the treasure can be on:", " ".join(f for f in island.fields if f in where))
    assert where == tb.candidates(island, clues, engine="cpsat")  # two engines, one answer
    verdict = tb.check_clue(island, clues, "in beach")
    print(f"  may 'in beach' be played next? {verdict.legal}: {verdict.message}")
    picture = HERE / "tour_island.svg"
    picture.write_text(
        tb.render_svg(
            island, highlight=where, title=f"{island.name}: " + "; ".join(map(str, clues))
        ),
        encoding="utf-8",
    )
    print(f"  picture: {picture}")


def tranquility_tour() -> None:
    grid = tq.Grid.parse(
        """
        .  .  .  .  .  .
        .  .  .  .  . 78
        .  .  . 52  .  .
        . 30  .  .  . 60
        .  .  . 33  .  .
        4  .  .  . 20  .
        """
    )
    print("\n== Tranquility: a grid with 7 cards placed (row 6 on top)")
    print(grid)
    left = [n for n in range(1, 81) if n not in grid.numbers]
    assert tq.is_completable(grid, left, engine="fast") == tq.is_completable(
        grid, left, engine="cpsat"
    )  # two engines, one answer
    print(f"  completable with every other card: {tq.is_completable(grid, left)}")
    print(f"  in {tq.count_completions(grid, left):,} ways, for example:")
    print(tq.complete(grid, left))
    late = [*range(5, 19), 22, 24, 26, 28, *range(34, 52), 61, 62, 79, 80]
    print(f"  with only {len(late)} cards left, completable: {tq.is_completable(grid, late)}")
    why = tq.explain(grid, late)
    print(f"  why not: {why}")
    print("  safe plays for a hand of 21 and 55:", *tq.safe_placements(grid, [21, 55], left)[:4])
    picture = HERE / "tour_grid.svg"
    short = why.cells if why is not None else ()
    picture.write_text(tq.render_svg(grid, highlight=short), encoding="utf-8")
    print(f"  picture (the cells short of numbers highlighted): {picture}")


def main() -> None:
    tobago_tour()
    tranquility_tour()


if __name__ == "__main__":
    main()
