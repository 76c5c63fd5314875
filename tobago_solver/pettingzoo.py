"""Tobago as a PettingZoo AEC environment (the ``ai`` extra).

>>> from tobago_solver.pettingzoo import env
>>> game = env(players=2)
>>> game.reset(seed=3)
>>> observation, reward, terminated, truncated, info = game.last()
>>> observation["observation"].shape, int(observation["action_mask"].sum()) > 0
((1072,), True)
>>> game.step(int(observation["action_mask"].argmax()))

Agents are ``player_0`` … ``player_N``; the one to move is ``agent_selection``. An action is an
id of :class:`~tobago_solver.ai.ids.ActionIds` (``Discrete``), the observation a dict of the
player's tensor (:mod:`tobago_solver.ai.tensors`, a float32 ``Box``) and ``action_mask`` (int8,
1 for the legal ids of the player to move, zeros for the others). Every action goes through
``GameState.apply``; an illegal one raises :class:`~tobago_solver.errors.IllegalActionError`.
Rewards come at the end, zero-sum as in :func:`tobago_solver.ai.returns.returns_of`: a sole
winner gets ``players - 1``, everyone else ``-1``, tied winners share. A game stopped by the
turn limit (a safety net, not a rule) is truncated rather than terminated.

``reset(seed=s)`` deals the game :func:`tobago_solver.play_game` deals with ``seed=s``; a reset
without a seed deals the next seed of a stream that the last seeded reset started.
:meth:`TobagoEnv.record` is the game so far as a :class:`~tobago_solver.GameRecord`, and
:class:`BotPolicy` plays our bots in the environment, drawing from the same random streams as
``play_game``: with the same seed the two give the same record.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from tobago_solver import islands
from tobago_solver.ai.ids import ActionIds
from tobago_solver.ai.returns import returns_of
from tobago_solver.ai.tensors import ObservationTensor, observation_of, observation_text
from tobago_solver.game.actions import Action
from tobago_solver.game.end import END_TURN_LIMIT
from tobago_solver.game.records import Bot, GameRecord, bot_rng, record_of
from tobago_solver.game.rules import GameRules
from tobago_solver.game.setup import MAX_SEED, new_game
from tobago_solver.game.state import GameState
from tobago_solver.island import Island

__all__ = ["BotPolicy", "TobagoEnv", "env", "raw_env"]

NAME: Final = "tobago_v0"


class TobagoEnv(AECEnv):  # type: ignore[misc]  # pettingzoo has no type information
    """The raw environment; :func:`env` wraps it in PettingZoo's usual checks."""

    metadata: Final = {"name": NAME, "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(
        self,
        players: int = 2,
        rules: str | GameRules = "seed",
        island: str | Island = "ABC-1",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.island = islands.get(island) if isinstance(island, str) else island
        self.rules = GameRules.named(rules)
        self.players = players
        new_game(self.island, players, rules=self.rules)  # checks the arguments at once
        self.ids = ActionIds(self.island)
        self._tensor = ObservationTensor(self.island, players, self.rules)
        self.possible_agents = [f"player_{p}" for p in range(players)]
        self.agents = list(self.possible_agents)
        self.action_spaces = {a: spaces.Discrete(self.ids.count) for a in self.possible_agents}
        observation = spaces.Box(0.0, np.inf, (self._tensor.size,), np.float32)
        mask = spaces.Box(0, 1, (self.ids.count,), np.int8)
        self.observation_spaces = {
            a: spaces.Dict({"observation": observation, "action_mask": mask})
            for a in self.possible_agents
        }
        self.render_mode = render_mode
        self._seeds = random.Random()
        self._state: GameState | None = None
        self.start: GameState | None = None
        """The state the game was dealt in."""
        self._actions: list[Action] = []
        """The actions so far (written out as text by :meth:`record`)."""
        self._actors: list[int] = []

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same ``Dict`` space for every agent."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(ActionIds.count)`` for every agent."""
        return self.action_spaces[agent]

    @property
    def game_state(self) -> GameState:
        """The engine's state now."""
        if self._state is None:
            raise RuntimeError("call reset() first")
        return self._state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game: from ``seed`` when given, else from the stream of seeds."""
        if seed is not None:
            self._seeds = random.Random(seed)
            deal = seed
        else:
            deal = self._seeds.randint(0, MAX_SEED)
        self._state = self.start = new_game(self.island, self.players, seed=deal, rules=self.rules)
        self._actions = []
        self._actors = []
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self._state.to_move]

    def observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
        """``agent``'s tensor and action mask."""
        state = self.game_state
        player = self.possible_agents.index(agent)
        if not state.is_terminal and state.to_move == player:
            mask = self.ids.mask(state)
        else:
            mask = np.zeros(self.ids.count, np.int8)
        tensor = self._tensor.set_from(observation_of(state, player)).copy()
        return {"observation": tensor, "action_mask": mask}

    def step(self, action: int | None) -> None:
        """The player to move takes the action with id ``action``."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.game_state
        chosen = self.ids.action(state, int(action))  # type: ignore[arg-type]
        self._actors.append(state.to_move)
        self._state = state = state.apply(chosen)
        self._actions.append(chosen)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if state.is_terminal:
            ended_by_limit = state.end_reason == END_TURN_LIMIT
            for agent_name, reward in zip(self.agents, returns_of(state), strict=True):
                self.rewards[agent_name] = reward
                self.terminations[agent_name] = not ended_by_limit
                self.truncations[agent_name] = ended_by_limit
        else:
            self.agent_selection = self.possible_agents[state.to_move]
        self._accumulate_rewards()

    def render(self) -> str:
        """The board as the player to move sees it (``ansi``)."""
        state = self.game_state
        return observation_text(state.observation(state.to_move))

    def close(self) -> None:
        """Nothing to release."""

    def record(self, bots: Sequence[str] | None = None) -> GameRecord:
        """The game so far as a record (a finished game; ``bots`` names each seat)."""
        if self.start is None:
            raise RuntimeError("call reset() first")
        names = tuple(bots) if bots is not None else tuple(self.possible_agents)
        return record_of(
            self.start,
            self.game_state,
            names,
            tuple(map(str, self._actions)),
            tuple(self._actors),
        )


class BotPolicy:
    """Our bots as a policy inside the environment: ``policy(env)`` is the id the bot of the
    seat to move chooses, from the same random streams as :func:`tobago_solver.play_game`.

    >>> import tobago_solver as tb
    >>> policy = BotPolicy([tb.GreedyBot(), tb.RandomBot()])
    """

    def __init__(self, bots: Sequence[Bot]) -> None:
        self.bots = tuple(bots)
        self._game: GameState | None = None
        self._rngs: list[random.Random] = []

    def __call__(self, environment: Any) -> int:
        """The id the seat to move plays in ``environment`` (wrapped or not)."""
        raw: TobagoEnv = environment.unwrapped
        state = raw.game_state
        start = raw.start
        assert start is not None  # a state exists, so the game was dealt
        if self._game is not start:  # a new game: fresh streams, as play_game draws them
            self._game = start
            self._rngs = [bot_rng(start.seed, seat) for seat in range(state.players)]
        seat = state.to_move
        return raw.ids.of(self.bots[seat].choose(state.observation(seat), self._rngs[seat]))


def raw_env(**kwargs: Any) -> TobagoEnv:
    """The environment without wrappers."""
    return TobagoEnv(**kwargs)


def env(**kwargs: Any) -> AECEnv:
    """The environment in PettingZoo's usual wrappers (actions in range, order of calls):
    subclasses of PettingZoo's own that check the same and raise the same errors, reading the
    raw environment's attributes in one look-up rather than one per wrapper."""
    return _OrderEnforcing(_InBounds(raw_env(**kwargs)))


_BEFORE_RESET: Final = (
    "agent_selection",
    "agents",
    "rewards",
    "terminations",
    "truncations",
    "infos",
)
"""What PettingZoo's order-enforcing wrapper refuses to show before the first reset."""


class _InBounds(wrappers.AssertOutOfBoundsWrapper):  # type: ignore[misc]
    """PettingZoo's ``AssertOutOfBoundsWrapper``, the same assertion on the raw environment's
    agent and spaces read directly (see :class:`_OrderEnforcing`)."""

    def step(self, action: int | None) -> None:
        raw = self.env
        agent = raw.agent_selection
        assert (action is None and (raw.terminations[agent] or raw.truncations[agent])) or _fits(
            action, raw.action_space(agent)
        ), "action is not in action space"
        raw.step(action)


def _fits(action: object, space: spaces.Discrete) -> bool:
    """``space.contains(action)``, a plain int checked without numpy (most actions are one)."""
    if type(action) is int:
        start = int(space.start)
        return start <= action < start + int(space.n)
    return bool(space.contains(action))


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's ``OrderEnforcingWrapper``, its checks and errors unchanged, reading what a
    step reads (the agent to move, rewards, terminations, ...) from the raw environment at once:
    the base wrappers find each such name by a failed look-up in every wrapper on the way, a
    few microseconds a name and a dozen names a step."""

    def __init__(self, env: AECEnv) -> None:
        super().__init__(env)
        self._raw = env.unwrapped


def _forwarded(name: str) -> property:
    """A property of the wrapper reading ``name`` from the raw environment."""
    if name not in _BEFORE_RESET:
        return property(lambda self: getattr(self._raw, name))

    def shown(self: _OrderEnforcing) -> Any:
        if self._has_reset:
            return getattr(self._raw, name)
        raise AttributeError(f"{name} cannot be accessed before reset")

    return property(shown)


for _name in (*_BEFORE_RESET, "_cumulative_rewards"):
    setattr(_OrderEnforcing, _name, _forwarded(_name))
