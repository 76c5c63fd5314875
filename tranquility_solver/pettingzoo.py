"""Tranquility as a PettingZoo AEC environment (the ``ai`` extra).

>>> from tranquility_solver.pettingzoo import env
>>> game = env(players=2, rules="published")
>>> game.reset(seed=3)
>>> observation, reward, terminated, truncated, info = game.last()
>>> observation["observation"].shape, observation["action_mask"].shape
((3472,), (6450,))
>>> game.step(int(observation["action_mask"].argmax()))

Agents are ``player_0`` … ``player_N``; the one to move is ``agent_selection``. An action is a
token of :mod:`tranquility_solver.ai.ids` (``Discrete``): a play is its card and cell, then
each card paying for it, one step each, and the action goes through ``GameState.apply`` as
soon as only one legal action fits the tokens chosen. The observation is a dict of the
player's tensor (:mod:`tranquility_solver.ai.tensors`, a float32 ``Box``) and ``action_mask``
(int8, 1 for the legal tokens of the player to move, zeros for the others). An illegal token
raises :class:`~tranquility_solver.errors.IllegalActionError`. The game is cooperative: when it
ends every player gets the same reward, 1 for a win and 0 for a loss.

``reset(seed=s)`` deals the game ``play_game`` deals with ``seed=s``; a reset without a seed
deals the next seed of a stream that the last seeded reset started. :meth:`TranquilityEnv.record`
is the game so far as a :class:`~tranquility_solver.game.GameRecord`, and :class:`BotPolicy`
plays our bots in the environment, drawing from the same random stream as ``play_game``: with
the same seed the two give the same record.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from .ai.ids import COUNT, Choice, tokens
from .ai.returns import returns_of
from .ai.tensors import ObservationTensor, observation_text
from .game.actions import Action
from .game.records import Bot, GameRecord, bot_rng, record_of
from .game.setup import new_game
from .game.state import GameState
from .rules import Rules

__all__ = ["BotPolicy", "TranquilityEnv", "env", "raw_env"]

NAME: Final = "tranquility_v0"
SEED_LIMIT: Final = 2**63
"""Seeds drawn for resets without one are below this (as ``new_game`` draws them)."""


class TranquilityEnv(AECEnv):  # type: ignore[misc]  # pettingzoo has no type information
    """The raw environment; :func:`env` wraps it in PettingZoo's usual checks."""

    metadata: Final = {
        "name": NAME,
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self, players: int = 2, rules: str | Rules = "seed", render_mode: str | None = None
    ) -> None:
        super().__init__()
        self.rules = Rules.by_name(rules) if isinstance(rules, str) else rules
        self.players = players
        new_game(players, 0, self.rules)  # checks the arguments at once
        self._tensor = ObservationTensor(players)
        self.possible_agents = [f"player_{p}" for p in range(players)]
        self.agents = list(self.possible_agents)
        self.action_spaces = {a: spaces.Discrete(COUNT) for a in self.possible_agents}
        observation = spaces.Box(0.0, np.inf, (self._tensor.size,), np.float32)
        mask = spaces.Box(0, 1, (COUNT,), np.int8)
        self.observation_spaces = {
            a: spaces.Dict({"observation": observation, "action_mask": mask})
            for a in self.possible_agents
        }
        self.render_mode = render_mode
        self._seeds = random.Random()
        self._choice: Choice | None = None
        self.start: GameState | None = None
        """The state the game was dealt in."""
        self._actions: list[tuple[int, Action]] = []
        """Who took which action so far (written out as text by :meth:`record`)."""

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same ``Dict`` space for every agent."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(COUNT)`` for every agent."""
        return self.action_spaces[agent]

    @property
    def choice(self) -> Choice:
        """The engine's state now, with the tokens chosen so far."""
        if self._choice is None:
            raise RuntimeError("call reset() first")
        return self._choice

    @property
    def game_state(self) -> GameState:
        """The engine's state now."""
        return self.choice.state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game: from ``seed`` when given, else from the stream of seeds."""
        if seed is not None:
            self._seeds = random.Random(seed)
            deal = seed
        else:
            deal = self._seeds.randrange(SEED_LIMIT)
        self._choice = Choice(new_game(self.players, deal, self.rules))
        self.start = self._choice.state
        self._actions = []
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self._choice.state.current_player]

    def observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
        """``agent``'s tensor and action mask."""
        choice = self.choice
        player = self.possible_agents.index(agent)
        mask = np.zeros(COUNT, np.int8)
        if not choice.state.is_terminal and choice.state.current_player == player:
            mask[np.array(choice.legal_tokens(), np.intp)] = 1
        tensor = self._tensor.set_from(choice, player).copy()
        return {"observation": tensor, "action_mask": mask}

    def step(self, action: int | None) -> None:
        """The player to move chooses the token ``action``."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        before = self.choice
        self._choice, taken = before.step(int(action))  # type: ignore[arg-type]
        if taken is not None:  # the tokens chose an action: it was applied
            self._actions.append((before.state.current_player, taken))
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        state = self._choice.state
        if state.is_terminal:
            for agent_name, reward in zip(self.agents, returns_of(state), strict=True):
                self.rewards[agent_name] = reward
                self.terminations[agent_name] = True
        else:
            self.agent_selection = self.possible_agents[state.current_player]
        self._accumulate_rewards()

    def render(self) -> str:
        """The table as the player to move sees it (``ansi``)."""
        choice = self.choice
        return observation_text(
            choice.state.observation(choice.state.current_player), choice.chosen
        )

    def close(self) -> None:
        """Nothing to release."""

    def record(self, bots: Sequence[str] | None = None) -> GameRecord:
        """The game so far as a record (``bots`` names each seat)."""
        names = list(bots) if bots is not None else list(self.possible_agents)
        actions = [(player, str(action)) for player, action in self._actions]
        return record_of(self.game_state, names, actions)


class BotPolicy:
    """Our bots as a policy inside the environment: ``policy(env)`` is the next token of the
    action the bot of the seat to move chooses, from the same random stream as ``play_game``.

    >>> from tranquility_solver.bots import HeuristicBot
    >>> policy = BotPolicy([HeuristicBot(), HeuristicBot()])
    """

    def __init__(self, bots: Sequence[Bot]) -> None:
        self.bots = tuple(bots)
        self._game: GameState | None = None
        self._rng = random.Random()
        self._planned: tuple[GameState, Action] | None = None

    def __call__(self, environment: Any) -> int:
        """The token the seat to move chooses in ``environment`` (wrapped or not)."""
        raw: TranquilityEnv = environment.unwrapped
        choice = raw.choice
        state = choice.state
        if self._game is not raw.start:  # a new game: a fresh stream, as play_game draws it
            self._game = raw.start
            self._rng = bot_rng(state.seed)
        if self._planned is None or self._planned[0] is not state:
            seat = state.current_player
            self._planned = (state, self.bots[seat].choose(state.observation(seat), self._rng))
        return tokens(self._planned[1])[len(choice.chosen)]


def raw_env(**kwargs: Any) -> TranquilityEnv:
    """The environment without wrappers."""
    return TranquilityEnv(**kwargs)


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
