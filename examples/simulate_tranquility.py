"""Play Tranquility with bots: one game step by step, a saved record, then a small batch.

Run:  python examples/simulate_tranquility.py
"""

from __future__ import annotations

import random

import tranquility_solver as tq


def main() -> None:
    # One game by hand: the state is a value, every action has a text form.
    state = tq.new_game(2, seed=4, rules="published")
    bot, rng = tq.HeuristicBot(), random.Random(0)
    for _ in range(6):
        action = bot.choose(state.observation(state.current_player), rng)
        print(f"player {state.current_player}: {action}")
        state = state.apply(action)
    print(state.grid)

    # A whole game as a record: JSON round-trip and replay.
    record = tq.play_game([tq.HeuristicBot(), tq.RandomBot()], seed=7, rules="published")
    again = tq.GameRecord.from_json(record.to_json())
    final = list(tq.replay(again))[-1]
    print(f"heuristic + random: {record.outcome} after {record.turns} turns")
    print(final.grid)

    # A small batch: the same seed gives the same games whatever the number of workers.
    result = tq.simulate(40, players=2, bots="heuristic", seed=1, rules="published", progress=False)
    low, high = result.interval
    print(f"{result.wins}/{result.games} won ({result.win_rate:.0%}, 95% {low:.0%}-{high:.0%})")
    print("losses:", result.losses or "none")


if __name__ == "__main__":
    main()
