"""Tranquility as a PettingZoo environment: PettingZoo's API test, masks, and replays of seeded
episodes against ``play_game``."""

from __future__ import annotations

import random
import re
import warnings

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test  # noqa: E402

from tranquility_solver.ai import Choice, sample_world  # noqa: E402
from tranquility_solver.bots import HeuristicBot, RandomBot  # noqa: E402
from tranquility_solver.errors import IllegalActionError  # noqa: E402
from tranquility_solver.game import play_game, replay  # noqa: E402
from tranquility_solver.pettingzoo import BotPolicy, env  # noqa: E402


@pytest.mark.parametrize("kwargs", [{"players": 2}, {"players": 4, "rules": "published"}])
def test_pettingzoo_api_test_passes(kwargs: dict[str, object]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice on dict observations, as for its own games
        api_test(env(**kwargs), num_cycles=200)


def test_the_mask_lists_exactly_the_tokens_that_begin_a_legal_action() -> None:
    environment = env(players=2, rules="published")
    environment.reset(seed=2)
    raw = environment.unwrapped
    for _ in range(30):
        if raw.game_state.is_terminal:
            break
        choice = raw.choice
        for agent in raw.possible_agents:
            mask = environment.observe(agent)["action_mask"]
            mine = raw.possible_agents.index(agent) == choice.state.current_player
            assert list(np.flatnonzero(mask)) == (sorted(choice.options()) if mine else [])
        observation, *_ = environment.last()
        environment.step(int(np.flatnonzero(observation["action_mask"])[-1]))


def test_an_illegal_token_is_refused_and_changes_nothing() -> None:
    environment = env(players=2)
    environment.reset(seed=1)
    before = environment.unwrapped.choice
    with pytest.raises(IllegalActionError, match="not legal now"):
        environment.step(1)  # "finish" on an empty grid
    assert environment.unwrapped.choice is before


def _episode(environment: object, choose: object) -> None:
    for agent in environment.agent_iter():  # type: ignore[attr-defined]
        observation, _, terminated, truncated, _ = environment.last()  # type: ignore[attr-defined]
        done = terminated or truncated
        environment.step(None if done else choose(environment, agent, observation))  # type: ignore[attr-defined, operator]


@pytest.mark.parametrize(("seed", "rules"), [(0, "seed"), (7, "published")])
def test_our_bots_in_the_environment_give_the_record_of_play_game(seed: int, rules: str) -> None:
    bots = [HeuristicBot(), RandomBot()]
    environment = env(players=2, rules=rules)
    environment.reset(seed=seed)
    policy = BotPolicy(bots)
    _episode(environment, lambda e, agent, observation: policy(e))
    record = environment.unwrapped.record([bot.name for bot in bots])
    assert record == play_game(bots, seed=seed, rules=rules)


def test_a_seeded_random_policy_episode_replays_to_the_same_record() -> None:
    environment = env(players=3, rules="published")

    def masked_sample(e: object, agent: str, observation: dict[str, object]) -> int:
        return int(e.action_space(agent).sample(observation["action_mask"]))  # type: ignore[attr-defined]

    records = []
    for _ in range(2):
        environment.reset(seed=5)
        for agent in environment.unwrapped.possible_agents:
            environment.action_space(agent).seed(5)
        _episode(environment, masked_sample)
        records.append(environment.unwrapped.record())
    assert records[0] == records[1]
    assert list(replay(records[0]))[-1] == environment.unwrapped.game_state


@pytest.mark.parametrize("players", [2, 4])
def test_an_agents_observation_is_the_same_in_every_world_it_cannot_tell_apart(
    players: int,
) -> None:
    """Nothing another agent's hidden cards decide reaches an agent's observation or mask: in a
    world dealt again for the agent (their own tokens chosen, another agent's half-chosen
    action not begun) they see exactly the same."""
    raw = env(players=players, rules="published").unwrapped
    raw.reset(seed=players)
    rng = random.Random(players)
    halfway = 0
    while not all(raw.terminations.values()):
        real = raw.choice
        halfway += bool(real.chosen)
        for player, agent in enumerate(raw.possible_agents):
            seen = raw.observe(agent)
            world = Choice(sample_world(real.state, player, rng))
            if real.state.current_player == player:
                for token in real.chosen:
                    world = world.choose(token)
            raw._choice = world
            again = raw.observe(agent)
            raw._choice = real
            assert (again["observation"] == seen["observation"]).all()
            assert (again["action_mask"] == seen["action_mask"]).all()
        raw.step(rng.choice(sorted(real.options())))
    assert halfway > 0


def test_the_wrapper_shows_what_pettingzoos_own_wrappers_show_before_and_after_reset() -> None:
    from pettingzoo.utils import wrappers

    from tranquility_solver.pettingzoo import raw_env

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
