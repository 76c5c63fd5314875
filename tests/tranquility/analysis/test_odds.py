"""Win odds: the two estimates, their agreement, executors, the text."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

import tranquility_solver as tq
from tranquility_solver.analysis.deals import solve_deal
from tranquility_solver.analysis.odds import WinOdds, evaluate_world, win_odds
from tranquility_solver.bots import HeuristicBot
from tranquility_solver.game import play_game, replay, sample_worlds
from tranquility_solver.game.choices import is_island


def _late_position(rules: str, seed: int, turn: int) -> tq.GameState:
    record = play_game([HeuristicBot(), HeuristicBot()], seed=seed, rules=rules)
    return next(state for state in replay(record) if state.turn == turn)


def test_a_certain_win_and_a_certain_loss() -> None:
    won = play_game([HeuristicBot(), HeuristicBot()], seed=4, rules="published")
    assert won.won
    *_, before_finish, _ = replay(won)  # a full grid and a finish card in hand
    odds = win_odds(before_finish, samples=3)
    assert (odds.winnable, odds.unwinnable, odds.bot_wins) == (3, 0, 3)
    # A cell no card left in the game fits: every world is lost, as the solver proves.
    lost = next(
        state
        for seed in range(20)
        for state in replay(play_game([HeuristicBot(), HeuristicBot()], seed=seed))
        if not state.is_terminal
        and tq.dead_cells(
            state.grid,
            state.observation(state.current_player).unknown_cards()
            + tuple(card for card in state.hands[state.current_player] if is_island(card)),
        )
    )
    odds = win_odds(lost, samples=3)
    assert (odds.winnable, odds.unwinnable, odds.bot_wins) == (0, 3, 0)


@pytest.mark.parametrize(("rules", "game", "turn"), [("seed", 7, 25), ("published", 4, 25)])
def test_a_world_is_judged_as_the_solver_alone_judges_it(rules: str, game: int, turn: int) -> None:
    # evaluate_world takes a bot's won game as the proof that a world is winnable and searches
    # only the others; the solver, asked about every world, must agree wherever it decides.
    state = _late_position(rules, game, turn)
    bot_results = set()
    for seed, world in enumerate(sample_worlds(state.observation(state.current_player), 6, 2)):
        alone = solve_deal(world, time_limit=10).status
        result = evaluate_world(world, HeuristicBot(), seed, time_limit=10)
        assert not (result.bot_won and alone is tq.DealStatus.LOSS)
        if tq.DealStatus.UNKNOWN not in (alone, result.status):
            assert result.status is alone
        bot_results.add(result.bot_won)
    assert bot_results == {True, False}  # both ways of judging a world were taken


def test_same_answer_with_an_executor_and_for_the_state_or_its_observation() -> None:
    state = _late_position("published", 4, 25)
    plain = win_odds(state, samples=6, seed=3, time_limit=10)
    with ThreadPoolExecutor(2) as pool:
        pooled = win_odds(state, samples=6, seed=3, executor=pool, chunk_size=2, time_limit=10)
    observed = win_odds(state.observation(state.current_player), samples=6, seed=3, time_limit=10)
    assert plain == pooled == observed
    assert plain.samples == 6
    assert plain.decided + plain.undecided == 6


def test_only_the_player_to_move_asks() -> None:
    state = _late_position("seed", 1, 10)
    with pytest.raises(tq.TranquilityError, match="player to move"):
        win_odds(state.observation(1 - state.current_player), samples=1)


def test_the_text_names_both_shares_with_intervals_and_counts() -> None:
    text = str(WinOdds(10, 7, 2, 1, 5, "heuristic", 1, "seed"))
    assert "77.8% [45.3%, 93.7%]" in text
    assert "10 sampled worlds (1 undecided)" in text
    assert "7 of the 9 decided" in text
    assert "won by heuristic playing on " in text
    assert max(map(len, text.splitlines())) <= 80
    assert "5 of 10" in text
