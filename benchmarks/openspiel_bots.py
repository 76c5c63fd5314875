"""Our bots against OpenSpiel's, in OpenSpiel: win rates with Wilson 95% intervals.

Tobago (two players, zero-sum): each pairing plays ``--games`` games, dealt from seeds 0, 1, …
(the deals ``play_game`` makes), the two bots changing seats every game; the table gives the
first bot's wins, ties and losses and its win rate. Tranquility (cooperative): each team plays
``--games`` games of the ``published`` preset, two players, and the table gives how often the
team wins.

OpenSpiel's bots are its information-set MCTS (``ISMCTSBot``, ``--simulations`` per decision,
worlds dealt by ``resample_from_infostate``, the leaves valued by one game played out by our
bots: GreedyBot in Tobago, HeuristicBot in Tranquility) and its uniform random bot. Our bots
are GreedyBot, SearchBot and RandomBot (Tobago), HeuristicBot, SearchBot and RandomBot
(Tranquility), through :class:`~tobago_solver.openspiel.EngineBot`.

    python benchmarks/openspiel_bots.py --games 40 --simulations 8
    python benchmarks/openspiel_bots.py --game tranquility --games 20
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts

import tobago_solver as tb
import tranquility_solver as tq
from tobago_solver.game.simulate import wilson_interval
from tobago_solver.openspiel import BotEvaluator as TobagoEvaluator
from tobago_solver.openspiel import EngineBot as TobagoBot
from tranquility_solver import SearchBot
from tranquility_solver.openspiel import BotEvaluator as TranquilityEvaluator
from tranquility_solver.openspiel import EngineBot as TranquilityBot

MakeBot = Callable[[Any, int, int], Any]
"""A bot for (game, seat, game number)."""


def ismcts_bot(evaluator: Any, simulations: int) -> MakeBot:
    def make(game: Any, seat: int, number: int) -> Any:
        bot = ismcts.ISMCTSBot(
            game,
            evaluator,
            uct_c=2.0,
            max_simulations=simulations,
            random_state=np.random.RandomState(number),
        )
        worlds = np.random.RandomState(10_000 + number)
        bot.set_resampler(
            lambda state, player: state.resample_from_infostate(player, worlds.uniform)
        )
        return bot

    return make


def uniform_bot(game: Any, seat: int, number: int) -> Any:
    return pyspiel.make_uniform_random_bot(seat, number)


def engine_bot(wrapper: Any, bot: Any) -> MakeBot:
    return lambda game, seat, number: wrapper(bot, seat)


def play(game: Any, seed: int, bots: Sequence[Any]) -> list[float]:
    """One game from the deal of ``seed``, each seat played by its bot (made for this game);
    its returns."""
    state = game.deal(seed)
    while not state.is_terminal():
        state.apply_action(bots[state.current_player()].step(state))
    returns: list[float] = state.returns()
    return returns


def rate(wins: int, games: int) -> str:
    low, high = wilson_interval(wins, games)
    return f"{wins / games:6.1%}  [{low:5.1%}, {high:5.1%}]"


def tobago_table(games: int, simulations: int) -> None:
    game = pyspiel.load_game("python_tobago", {"players": 2})
    greedy = TobagoEvaluator([tb.GreedyBot(), tb.GreedyBot()], seed=1)
    bots: dict[str, MakeBot] = {
        f"ISMCTS-{simulations}": ismcts_bot(greedy, simulations),
        "GreedyBot": engine_bot(TobagoBot, tb.GreedyBot()),
        "SearchBot": engine_bot(TobagoBot, tb.SearchBot()),
        "RandomBot": engine_bot(TobagoBot, tb.RandomBot()),
        "OpenSpiel uniform random": uniform_bot,
    }
    pairings = [
        (f"ISMCTS-{simulations}", "GreedyBot"),
        ("SearchBot", "GreedyBot"),
        (f"ISMCTS-{simulations}", "SearchBot"),
        ("GreedyBot", "OpenSpiel uniform random"),
        ("GreedyBot", "RandomBot"),
        ("RandomBot", "OpenSpiel uniform random"),
    ]
    print(f"Tobago, 2 players, island ABC-1, seed preset, {games} games per pairing")
    print(f"{'bot':>14} vs {'opponent':<26} {'wins':>5} {'ties':>5} {'losses':>6}  win rate [95%]")
    for first, second in pairings:
        started = time.perf_counter()
        wins = ties = 0
        for number in range(games):
            seat = number % 2
            makers = [bots[second], bots[second]]
            makers[seat] = bots[first]
            returns = play(game, number, [make(game, s, number) for s, make in enumerate(makers)])
            wins += returns[seat] > 0
            ties += returns[seat] == 0
            print(f"  {first} vs {second}: game {number + 1}", file=sys.stderr, flush=True)
        losses = games - wins - ties
        seconds = time.perf_counter() - started
        print(
            f"{first:>14} vs {second:<26} {wins:5d} {ties:5d} {losses:6d}  {rate(wins, games)}"
            f"  ({seconds:.0f} s)",
            flush=True,
        )


def tranquility_table(games: int, simulations: int) -> None:
    game = pyspiel.load_game("python_tranquility", {"players": 2, "rules": "published"})
    heuristic = TranquilityEvaluator([tq.HeuristicBot(), tq.HeuristicBot()], seed=1)
    bots: dict[str, MakeBot] = {
        f"ISMCTS-{simulations}": ismcts_bot(heuristic, simulations),
        "HeuristicBot": engine_bot(TranquilityBot, tq.HeuristicBot()),
        "SearchBot": engine_bot(TranquilityBot, SearchBot()),
        "RandomBot": engine_bot(TranquilityBot, tq.RandomBot()),
        "OpenSpiel uniform random": uniform_bot,
    }
    teams = [
        ("HeuristicBot", "HeuristicBot"),
        ("SearchBot", "SearchBot"),
        (f"ISMCTS-{simulations}", "HeuristicBot"),
        ("RandomBot", "HeuristicBot"),
        ("OpenSpiel uniform random", "HeuristicBot"),
    ]
    print(f"Tranquility, 2 players, published preset, {games} games per team")
    print(f"{'team':<40} {'won':>5}  win rate [95%]")
    for team in teams:
        started = time.perf_counter()
        won = 0
        for number in range(games):
            players = [bots[name](game, seat, number) for seat, name in enumerate(team)]
            won += play(game, number, players)[0] > 0
            print(f"  {' + '.join(team)}: game {number + 1}", file=sys.stderr, flush=True)
        seconds = time.perf_counter() - started
        print(f"{' + '.join(team):<40} {won:5d}  {rate(won, games)}  ({seconds:.0f} s)", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=["tobago", "tranquility", "both"], default="both")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--simulations", type=int, default=8, help="ISMCTS simulations per move")
    args = parser.parse_args()
    if args.game in ("tobago", "both"):
        tobago_table(args.games, args.simulations)
    if args.game in ("tranquility", "both"):
        tranquility_table(args.games, args.simulations)


if __name__ == "__main__":
    main()
