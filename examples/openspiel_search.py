"""Search both games with OpenSpiel's information-set MCTS, and step a PettingZoo episode.

Needs the ``ai`` extra (``pip install -e ".[ai]"``). Plays one game of Tobago (ISMCTS against
GreedyBot) and one of Tranquility (ISMCTS with a HeuristicBot partner), then a PettingZoo
episode of Tranquility with a random policy that respects the action mask. About ten seconds
on one core; ``--simulations`` trades speed for strength.

    python examples/openspiel_search.py --simulations 16 --seed 3
"""

from __future__ import annotations

import argparse

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts

import tobago_solver as tb
import tranquility_solver as tq
from tobago_solver.openspiel import BotEvaluator as TobagoEvaluator
from tobago_solver.openspiel import EngineBot as TobagoBot
from tranquility_solver.openspiel import BotEvaluator as TranquilityEvaluator
from tranquility_solver.openspiel import EngineBot as TranquilityBot
from tranquility_solver.pettingzoo import env


def search_bot(game: pyspiel.Game, evaluator: object, simulations: int, seed: int) -> object:
    """OpenSpiel's ISMCTS: worlds from ``resample_from_infostate``, leaves valued by our bots."""
    bot = ismcts.ISMCTSBot(
        game,
        evaluator,
        uct_c=2.0,
        max_simulations=simulations,
        random_state=np.random.RandomState(seed),
    )
    worlds = np.random.RandomState(seed + 1)
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, worlds.uniform))
    return bot


def play(state: pyspiel.State, bots: list[object]) -> pyspiel.State:
    while not state.is_terminal():
        state.apply_action(bots[state.current_player()].step(state))  # type: ignore[attr-defined]
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--simulations", type=int, default=4)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()

    tobago = pyspiel.load_game("python_tobago", {"players": 2, "island": "ABC-1"})
    evaluator = TobagoEvaluator([tb.GreedyBot(), tb.GreedyBot()], seed=args.seed)
    bots = [
        search_bot(tobago, evaluator, args.simulations, args.seed),
        TobagoBot(tb.GreedyBot(), 1),
    ]
    end = play(tobago.deal(args.seed), bots)
    print(f"Tobago: ISMCTS {end.returns()[0]:+.0f}, GreedyBot {end.returns()[1]:+.0f}")
    print(f"  gold {end.game_state.scores}, {len(end.history()) - 8} moves")

    tranquility = pyspiel.load_game("python_tranquility", {"players": 2, "rules": "published"})
    evaluator = TranquilityEvaluator([tq.HeuristicBot(), tq.HeuristicBot()], seed=args.seed)
    bots = [
        search_bot(tranquility, evaluator, args.simulations, args.seed),
        TranquilityBot(tq.HeuristicBot(), 1),
    ]
    end = play(tranquility.deal(args.seed), bots)
    print(f"Tranquility: the team {'won' if end.returns()[0] else 'lost'}")
    print(f"  {end.choice.state!r}")

    episode = env(players=2, rules="published")
    episode.reset(seed=args.seed)
    for agent in episode.possible_agents:
        episode.action_space(agent).seed(args.seed)
    steps = 0
    for agent in episode.agent_iter():
        observation, _, terminated, truncated, _ = episode.last()
        done = terminated or truncated
        episode.step(
            None if done else episode.action_space(agent).sample(observation["action_mask"])
        )
        steps += 1
    record = episode.unwrapped.record()
    print(f"PettingZoo: a random episode, {steps} steps, {len(record.actions)} actions")
    print(f"  won: {record.won}")


if __name__ == "__main__":
    main()
