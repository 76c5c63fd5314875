"""A tour of the library: the README's main demo.

    python examples/tour.py

Tobago: the default island, a few clues, where the treasure can be, and a picture written next to
this script. Tranquility: a partial grid, whether it can still be completed, and how. Then the
games: a Tobago game of bots, the fewest cards that prove a field, a Tranquility game of bots and
whether its deal could be won with every card known.
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


def games_tour() -> None:
    print("\n== The games")
    island = tb.islands.default()
    bots = [tb.GreedyBot(), tb.RandomBot(), tb.RandomBot(), tb.RandomBot()]
    record = tb.play_game(island, bots, seed=7)
    print(
        f"  Tobago, greedy vs three random bots, seed 7: {record.end_reason} after "
        f"{record.turns} turns; scores {record.scores}; winners {record.winners}"
    )
    final = list(tb.replay(record))[-1]  # the record replays to the same end
    assert final.scores == record.scores
    proof = tb.min_clues(island, "h3")
    print("  the fewest clue cards that locate h3:", "; ".join(map(str, proof or ())))
    game = tq.play_game([tq.HeuristicBot(), tq.HeuristicBot()], seed=7, rules="published")
    print(f"  Tranquility, two heuristic bots, seed 7 (published): won {game.won}")
    solution = tq.solve_deal(tq.Deal.random(2, rules="published", seed=7), time_limit=10)
    print(
        f"  the same deal with every card known: {solution.status.value} "
        f"({solution.nodes} positions, {solution.seconds:.2f} s)"
    )


def main() -> None:
    tobago_tour()
    tranquility_tour()
    games_tour()


if __name__ == "__main__":
    main()
