"""Can we still win? A worked Tranquility example.

Run:  python examples/can_we_still_win.py
"""

from __future__ import annotations

import tranquility_solver as tq

GRID = tq.Grid.parse(
    """
    .  .  .  .  .  .
    .  .  .  .  . 78
    .  .  . 52  .  .
    . 30  .  .  . 60
    .  .  . 33  .  .
    4  .  .  . 20  .
    """
)
RULES = tq.Rules.seed()


def main() -> None:
    print("The table (row 6 on top):")
    print(GRID)

    # Every card not on the table is still somewhere in the decks or hands.
    available = [n for n in range(1, 81) if n not in GRID.numbers]
    print("Completable with every remaining card?", tq.is_completable(GRID, available, RULES))
    completion = tq.complete(GRID, available, RULES)
    print("One way to finish:")
    print(completion)
    print("Number of ways:", tq.count_completions(GRID, available, RULES))

    # Late in the game many cards are gone: the team only has these left.
    late = [*range(5, 19), 22, 24, 26, 28, *range(34, 52), 61, 62, 79, 80]
    print("\nLater, with only", len(late), "cards left:")
    print("Completable?", tq.is_completable(GRID, late, RULES))
    reason = tq.explain(GRID, late, RULES)
    if reason is not None:
        print("Why not:", reason)
    dead = tq.dead_cells(GRID, late, RULES)
    if dead:
        print("Dead cells (no remaining card fits them):", ", ".join(dead))
    else:
        # Both can hold: each cell alone still has a card that fits, but the cells together
        # need more cards than the window between their neighbours holds.
        print(
            "Dead cells: none. Each empty cell alone still has a card that fits; the grid is lost"
            " because cells that share a window need more cards than it holds (see 'why not')."
        )

    hand = [21, 31, 55, 70]
    print("\nHand", hand, "with every other card still available; safe plays:")
    others = [n for n in available if n not in hand]
    safe = tq.safe_placements(GRID, hand, others, RULES)
    for card in hand:
        cells = [play.cell for play in safe if play.card == card]
        print(f"  {card}: {' '.join(cells) or 'nowhere safe'}")


if __name__ == "__main__":
    main()
