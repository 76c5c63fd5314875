"""SearchBot: legal, replayable, deciding on its observation alone."""

from __future__ import annotations

import random

import pytest

import tobago_solver as tb
from tobago_solver.game.end import END_UNLOCATABLE
from tobago_solver.game.records import play_game


def legal_decisions(bots: list[tb.Bot], seed: int, rules: str, limit: int) -> int:
    """Play until ``limit`` decisions of SearchBots; each one must be a legal action."""
    state = tb.new_game(tb.islands.default(), len(bots), seed=seed, rules=rules)
    rng, checked = random.Random(seed), 0
    while not state.is_terminal and checked < limit:
        bot, seen = bots[state.to_move], state.observation(state.to_move)
        action = bot.choose(seen, rng)
        assert action in state.legal_actions(), (action, state)
        checked += isinstance(bot, tb.SearchBot)
        state = state.apply(action)
    return checked


def test_search_bot_plays_legal_actions_in_both_presets() -> None:
    cheap = tb.SearchBot(worlds=1, plays=1)
    checked = legal_decisions([cheap] * 4, seed=5, rules="seed", limit=10_000)
    checked += legal_decisions([cheap, tb.GreedyBot()], seed=6, rules="published", limit=30)
    assert checked >= 40


@pytest.mark.slow
def test_search_bot_takes_10000_legal_decisions() -> None:
    cheap, checked, seed = tb.SearchBot(worlds=1, plays=1), 0, 0
    while checked < 10_000:
        rules = ("seed", "published", "seed+exchange")[seed % 3]
        checked += legal_decisions([cheap] * (2 + seed % 3), seed, rules, 10_000 - checked)
        seed += 1


def test_a_game_replays_from_its_seed() -> None:
    bots: list[tb.Bot] = [tb.SearchBot(worlds=1, plays=1), tb.GreedyBot()]
    first = play_game(tb.islands.default(), bots, seed=8)
    assert play_game(tb.islands.default(), bots, seed=8) == first


def test_the_choice_depends_on_the_observation_only() -> None:
    state = tb.new_game(tb.islands.default(), 4, seed=4)
    rng = random.Random(1)
    for _ in range(9):  # into the game, where hands and decks have moved
        state = state.apply(tb.GreedyBot().choose(state.observation(state.to_move), rng))
    me, bot = state.to_move, tb.SearchBot(worlds=2)
    seen = state.observation(me)
    for world in tb.sample_worlds(seen, 2, seed=2):
        # Other hands and deck orders differ; what the bot sees does not, nor does its choice.
        assert world.observation(me) == seen
        assert bot.choose(world.observation(me), random.Random(7)) == bot.choose(
            seen, random.Random(7)
        )


def test_candidates_start_with_greedys_choice_and_include_every_unlocating_play() -> None:
    bot = tb.SearchBot()
    for seed in range(10):
        state = tb.new_game(tb.islands.default(), 4, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            seen = state.observation(state.to_move)
            if seen.phase == "action":
                greedy = tb.GreedyBot().choose(seen, random.Random(0))
                candidates = bot.candidates(seen, greedy)
                assert candidates[0] == greedy
                assert set(candidates) <= set(seen.legal_actions)
                for action in seen.legal_actions:
                    after = state.apply(action) if isinstance(action, tb.Play) else state
                    if after.end_reason == END_UNLOCATABLE:
                        assert action in candidates
            state = state.apply(tb.GreedyBot().choose(seen, rng))


@pytest.mark.parametrize("name", ["random", "greedy", "search"])
def test_a_bot_handed_nothing_to_decide_says_so(name: str) -> None:
    state = tb.new_game(tb.islands.default(), 2, seed=1)
    bot = tb.make_bot(name)
    with pytest.raises(tb.NotToMoveError, match="nothing to decide: it is P0's turn"):
        bot.choose(state.observation(1), random.Random(0))
    record = tb.play_game(tb.islands.default(), [tb.GreedyBot(), tb.GreedyBot()], seed=1)
    over = list(tb.replay(record))[-1]
    with pytest.raises(tb.NotToMoveError, match="the game is over"):
        bot.choose(over.observation(0), random.Random(0))


@pytest.mark.parametrize("options", [{"worlds": -1}, {"worlds": 1.5}, {"worlds": 0}, {"plays": -1}])
def test_search_bot_settings_are_checked(options: dict[str, object]) -> None:
    with pytest.raises(tb.TobagoError, match="must be a whole number"):
        tb.SearchBot(**options)  # type: ignore[arg-type]
