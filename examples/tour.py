"""A tour of the library: the README's main demo.

    python examples/tour.py

Tobago: the default island, a few clues, where the treasure can be, and a picture written next to
this script. Tranquility: a partial grid, whether it can still be completed, and how.
"""

from __future__ import annotations

from pathlib import Path

import tobago_solver as tb

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


def main() -> None:
    tobago_tour()


if __name__ == "__main__":
    main()
