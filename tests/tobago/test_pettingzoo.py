"""Tobago as a PettingZoo environment: PettingZoo's API test, masks, and replays of seeded
episodes against ``play_game``."""

from __future__ import annotations

import random
import re
import warnings

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test  # noqa: E402

import tobago_solver as tb  # noqa: E402
from tobago_solver.ai import sample_world  # noqa: E402
from tobago_solver.pettingzoo import BotPolicy, env  # noqa: E402


@pytest.mark.parametrize(
    "kwargs", [{"players": 2}, {"players": 4, "rules": "published", "island": "AbC-2"}]
)
def test_pettingzoo_api_test_passes(kwargs: dict[str, object]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice on dict observations, as for its own games
        api_test(env(**kwargs), num_cycles=200)


def test_the_mask_lists_exactly_the_legal_actions_of_the_player_to_move() -> None:
    environment = env(players=3)
    environment.reset(seed=2)
    raw = environment.unwrapped
    for _ in range(80):
        state = raw.game_state
        for agent in raw.possible_agents:
            mask = environment.observe(agent)["action_mask"]
            mine = raw.possible_agents.index(agent) == state.to_move
            expected = sorted(raw.ids.legal(state)) if mine else []
            assert list(np.flatnonzero(mask)) == expected
        observation, *_ = environment.last()
        environment.step(int(np.flatnonzero(observation["action_mask"])[0]))


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    environment = env(players=2)
    environment.reset(seed=1)
    before = environment.unwrapped.game_state
    with pytest.raises(tb.IllegalActionError, match="not legal now"):
        environment.step(2)  # "end turn" at the start of a turn
    assert environment.unwrapped.game_state is before


def _episode(environment: object, choose: object) -> None:
    for agent in environment.agent_iter():  # type: ignore[attr-defined]
        observation, _, terminated, truncated, _ = environment.last()  # type: ignore[attr-defined]
        action = None if terminated or truncated else choose(environment, agent, observation)  # type: ignore[operator]
        environment.step(action)  # type: ignore[attr-defined]


@pytest.mark.parametrize("seed", [0, 7])
def test_our_bots_in_the_environment_give_the_record_of_play_game(seed: int) -> None:
    bots = [tb.GreedyBot(), tb.RandomBot(), tb.GreedyBot()]
    environment = env(players=3, rules="published")
    environment.reset(seed=seed)
    policy = BotPolicy(bots)
    _episode(environment, lambda e, agent, observation: policy(e))
    record = environment.unwrapped.record([bot.name for bot in bots])
    assert record == tb.play_game(tb.islands.default(), bots, seed=seed, rules="published")


def test_a_seeded_random_policy_episode_replays_to_the_same_record() -> None:
    environment = env(players=2)
    environment.reset(seed=5)
    for agent in environment.unwrapped.possible_agents:
        environment.action_space(agent).seed(5)

    def masked_sample(e: object, agent: str, observation: dict[str, object]) -> int:
        return int(e.action_space(agent).sample(observation["action_mask"]))  # type: ignore[attr-defined]

    _episode(environment, masked_sample)
    record = environment.unwrapped.record()
    final = environment.unwrapped.game_state
    assert list(tb.replay(record))[-1] == final
    # The same episode again, from the same seeds, is the same game.
    environment.reset(seed=5)
    for agent in environment.unwrapped.possible_agents:
        environment.action_space(agent).seed(5)
    _episode(environment, masked_sample)
    assert environment.unwrapped.record() == record


def test_a_reset_without_a_seed_deals_the_next_game_of_the_seeded_stream() -> None:
    first, second = env(players=2), env(players=2)
    first.reset(seed=9)
    second.reset(seed=9)
    first.reset()
    second.reset()
    assert first.unwrapped.game_state == second.unwrapped.game_state
    assert first.unwrapped.game_state.seed != 9


def test_an_agents_observation_is_the_same_in_every_world_it_cannot_tell_apart() -> None:
    """Nothing another agent's hidden cards decide reaches an agent's observation or mask."""
    raw = env(players=3, rules="published").unwrapped
    raw.reset(seed=4)
    rng = random.Random(4)
    for _ in range(120):
        if all(raw.terminations.values()) or all(raw.truncations.values()):
            break
        real = raw.game_state
        for player, agent in enumerate(raw.possible_agents):
            seen = raw.observe(agent)
            raw._state = sample_world(real, player, rng)
            again = raw.observe(agent)
            raw._state = real
            assert (again["observation"] == seen["observation"]).all()
            assert (again["action_mask"] == seen["action_mask"]).all()
        raw.step(raw.ids.of(rng.choice(real.legal_actions())))


def test_the_wrapper_shows_what_pettingzoos_own_wrappers_show_before_and_after_reset() -> None:
    from pettingzoo.utils import wrappers

    from tobago_solver.pettingzoo import raw_env

    ours = env(players=2)
    theirs = wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(raw_env(players=2)))
    names = ["agent_selection", "agents", "rewards", "terminations", "truncations", "infos"]
    for name in [*names, "num_agents"]:
        with pytest.raises(AttributeError) as refused:
            getattr(theirs, name)
        with pytest.raises(AttributeError, match=f"^{re.escape(str(refused.value))}$"):
            getattr(ours, name)
    for wrapped in (ours, theirs):
        wrapped.reset(seed=4)
    for _ in range(5):
        for name in [*names, "_cumulative_rewards", "num_agents"]:
            assert getattr(ours, name) == getattr(theirs, name)
            assert getattr(ours, name) is getattr(ours.unwrapped, name)
        observation, *_ = ours.last()
        action = int(np.flatnonzero(observation["action_mask"])[0])
        ours.step(action)
        theirs.step(action)
    for wrapped in (ours, theirs):  # an id out of range: the same assertion, nothing changed
        before = wrapped.unwrapped.game_state
        with pytest.raises(AssertionError, match=r"^action is not in action space$"):
            wrapped.step(wrapped.action_space(wrapped.agent_selection).n)
        assert wrapped.unwrapped.game_state is before
