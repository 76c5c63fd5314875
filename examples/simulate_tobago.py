"""Bots at the table: one GreedyBot against three RandomBots, then one recorded game.

    python examples/simulate_tobago.py

Plays a small seeded batch (the same numbers on any number of workers), prints each seat's win
rate with its 95% interval, and replays one game from its JSON record.
"""

from __future__ import annotations

import tobago_solver as tb


def main() -> None:
    island = tb.islands.get("AbC-2")
    result = tb.simulate(40, island=island, bots=["greedy", "random", "random", "random"], seed=7)
    summary = result.summary()
    print(f"{summary['games']} games on {island.name}, {summary['rules']} rules")
    for row, score in zip(summary["win_rates"], summary["scores"], strict=True):
        print(
            f"  seat {row['seat']} {row['bot']:<7} wins {row['rate']:6.1%} "
            f"[{row['low']:.1%}, {row['high']:.1%}], mean gold {score['mean']:.1f}"
        )
    print(f"  mean length {summary['turns']['mean']:.0f} turns\n")

    bots: list[tb.Bot] = [tb.GreedyBot(), tb.RandomBot()]
    record = tb.play_game(island, bots, seed=3, rules="published")
    text = record.to_json()
    states = list(tb.replay(tb.GameRecord.from_json(text)))
    print(f"one published-rules game: {len(record.actions)} actions, {len(text)} bytes of JSON")
    print(f"  first actions: {', '.join(record.actions[:3])}")
    print(f"  replayed to the same end: {states[-1].scores} ({states[-1].end_reason})")


if __name__ == "__main__":
    main()
