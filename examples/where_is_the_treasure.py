"""Where is the treasure? Follow one treasure map clue by clue on a bundled island.

    python examples/where_is_the_treasure.py

Each clue is checked against the clue rules first (the map is not located yet, some field must
remain, and the clue must rule one out); the candidates shrink until the map is located, and a
picture of the last state is written next to this script.
"""

from __future__ import annotations

import random
from pathlib import Path

import tobago_solver as tb


def main() -> None:
    island = tb.islands.get("AbC-2")
    print(f"Island {island.name}: {len(island)} land fields, {len(island.areas)} areas\n")
    hidden = island.fields[len(island.fields) // 3]
    print(f"(the treasure is secretly on {hidden}; every clue below is true there)\n")

    clues: list[tb.Clue] = []
    deck = random.Random(2024).sample(tb.DECK, len(tb.DECK))  # a shuffled clue deck
    for card in deck:
        verdict = tb.check_clue(island, clues, card)
        if hidden not in verdict.candidates:
            continue  # a false clue: no honest player would play it
        if not verdict.legal:
            print(f"  skip {str(card)!r:32} {verdict.reason}")
            continue
        clues.append(card)
        print(f"  play {str(card)!r:32} {len(verdict.before):3d} -> {len(verdict.candidates):3d}")
        if len(verdict.candidates) == 1:
            break

    where = tb.candidates(island, clues)
    print(f"\nLocated: {sorted(where)} after {len(clues)} clues")

    liar = tb.check_clue(island, clues, "not in sight of sea")
    print(f"\nOne more clue, 'not in sight of sea': {liar.message}")

    start = island.fields[0]
    print(
        f"A car on {start} needs {tb.step_distance(island, start, hidden)} steps to get there; "
        f"{len(tb.reachable(island, start))} fields are within one move (3 steps)."
    )
    out = Path(__file__).with_name("where_is_the_treasure.svg")
    out.write_text(tb.render_svg(island, highlight=where, cars={"red": start}, title=island.name))
    print(f"Picture: {out}")


if __name__ == "__main__":
    main()
