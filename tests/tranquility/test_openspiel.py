"""Tranquility in OpenSpiel: the framework's own consistency test, replays, views, ISMCTS."""

from __future__ import annotations

import os
import random

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from tranquility_solver.ai.ids import tokens  # noqa: E402
from tranquility_solver.errors import TranquilityError  # noqa: E402
from tranquility_solver.game import HeuristicBot, RandomBot, parse_action, play_game  # noqa: E402
from tranquility_solver.game.records import replay  # noqa: E402
from tranquility_solver.openspiel import BotEvaluator, EngineBot  # noqa: E402

CONSISTENCY_GAMES = int(os.environ.get("OPENSPIEL_GAMES", "1000"))
"""Random games of the slow consistency run (issue 20 asks for at least 1,000)."""


@pytest.mark.parametrize(
    "params",
    [
        {"players": 2},
        {"players": 2, "rules": "published"},
        {"players": 1},
        {"players": 5, "rules": "published"},
    ],
)
def test_openspiel_random_simulation_test_passes(params: dict[str, object]) -> None:
    game = pyspiel.load_game("python_tranquility", params)
    pyspiel.random_sim_test(game, num_sims=4, serialize=True, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize("rules", ["seed", "published"])
def test_openspiel_random_simulation_test_over_many_games(rules: str) -> None:
    for players in range(1, 6):
        game = pyspiel.load_game("python_tranquility", {"players": players, "rules": rules})
        pyspiel.random_sim_test(
            game, num_sims=-(-CONSISTENCY_GAMES // 5), serialize=False, verbose=False
        )


def test_unknown_parameters_are_clear_errors() -> None:
    with pytest.raises(TranquilityError, match="1-5 players"):
        pyspiel.load_game("python_tranquility", {"players": 6})


@pytest.mark.parametrize(("seed", "rules"), [(3, "seed"), (2**63 + 7, "published")])
def test_a_recorded_game_replays_through_openspiel_to_the_same_end(seed: int, rules: str) -> None:
    record = play_game([HeuristicBot(), RandomBot()], seed=seed, rules=rules)
    game = pyspiel.load_game("python_tranquility", {"rules": rules})
    state = game.deal(seed)
    assert state.choice.state == next(iter(replay(record)))
    for player, text in record.actions:
        assert state.current_player() == player
        for token in tokens(parse_action(text)):
            assert token in state.legal_actions()
            before = state.choice.state
            state.apply_action(token)
            if state.choice.state is not before:
                break  # the tokens so far fitted one action: it was applied
    assert state.is_terminal()
    assert state.returns() == [float(record.won)] * 2
    replayed = game.new_initial_state()
    for action in state.history():
        replayed.apply_action(action)
    assert replayed.choice.state == state.choice.state


def test_views_hide_every_card_the_player_cannot_see() -> None:
    game = pyspiel.load_game("python_tranquility", {"players": 3, "rules": "published"})
    state = game.deal(11)
    rng = random.Random(0)
    for _ in range(12):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    sampler = np.random.RandomState(1).uniform
    for player in range(3):
        world = state.resample_from_infostate(player, sampler)
        assert world.choice.state != state.choice.state
        assert world.observation_string(player) == state.observation_string(player)
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.observation_tensor(player) == state.observation_tensor(player)
        assert world.information_state_tensor(player) == state.information_state_tensor(player)


def test_ismcts_plays_a_whole_game_with_a_heuristic_partner() -> None:
    from open_spiel.python.algorithms import ismcts

    game = pyspiel.load_game("python_tranquility", {"players": 2, "rules": "published"})
    evaluator = BotEvaluator([RandomBot(), RandomBot()], seed=1)
    bot = ismcts.ISMCTSBot(
        game, evaluator, uct_c=2.0, max_simulations=5, random_state=np.random.RandomState(1)
    )
    worlds = np.random.RandomState(2)
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, worlds.uniform))
    state = game.deal(4)
    partner = EngineBot(HeuristicBot(), 1)
    while not state.is_terminal():
        action = (bot if state.current_player() == 0 else partner).step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert state.returns() in ([0.0, 0.0], [1.0, 1.0])
