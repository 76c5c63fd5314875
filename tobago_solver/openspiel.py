"""Tobago in OpenSpiel: importing this module registers the game ``python_tobago``.

>>> import pyspiel
>>> import tobago_solver.openspiel
>>> game = pyspiel.load_game("python_tobago", {"players": 3, "island": "AbC-2"})
>>> state = game.new_initial_state()
>>> for byte in (0, 0, 0, 0, 0, 0, 0, 7):  # the deal: seed 7
...     state.apply_action(byte)
>>> state.current_player(), len(state.legal_actions()) > 0
(0, True)
>>> state.action_to_string(state.legal_actions()[0])
'play in scrubland on grey'

Parameters: ``players`` (2–4, default 2), ``rules`` (``seed``, ``published``, either with
``+exchange``; default ``seed``) and ``island`` (a bundled island's name, default ``ABC-1``, or
the path of an ``.island`` file).

Chance is explicit and happens once: the first eight moves of every game are chance nodes,
each a byte (256 equally likely outcomes) of the 64-bit seed, most significant first, and the
game is then dealt by :func:`tobago_solver.new_game` from that seed, exactly as
:func:`tobago_solver.play_game` deals it. Everything random afterwards (the order of later
reshuffles) follows from the seed too, so a history of action ids replays to the same game.

Every other move is a player's, through :meth:`GameState.apply
<tobago_solver.game.state.GameState.apply>`; the ids are those of
:class:`~tobago_solver.ai.ids.ActionIds`. Returns are zero-sum: a sole winner gets
``players - 1`` and everyone else ``-1``; ``k`` players tied for the most gold get
``players / k - 1`` each (:func:`~tobago_solver.ai.returns.returns_of`). The strings and
tensors are one player's view (:mod:`tobago_solver.ai.tensors`, :mod:`tobago_solver.ai.recall`);
``resample_from_infostate`` deals a world with :func:`tobago_solver.ai.worlds.sample_world`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, Final

import numpy as np
import pyspiel

from tobago_solver import islands
from tobago_solver.ai.ids import CARD_TEXT, ActionIds
from tobago_solver.ai.recall import Trail
from tobago_solver.ai.returns import returns_of
from tobago_solver.ai.tensors import (
    ObservationTensor,
    hand_text,
    observation_of,
    observation_text,
)
from tobago_solver.ai.worlds import sample_world
from tobago_solver.errors import TobagoError
from tobago_solver.game.observation import Observation
from tobago_solver.game.records import Bot, bot_rng
from tobago_solver.game.rules import MAX_PLAYERS, MIN_PLAYERS, GameRules
from tobago_solver.game.setup import new_game
from tobago_solver.game.state import GameState
from tobago_solver.island import Island

SHORT_NAME: Final = "python_tobago"
SEED_BYTES: Final = 8
"""Chance nodes at the start of a game: one byte of the deal's seed each."""
_CHANCE: Final = int(pyspiel.PlayerId.CHANCE)
_TERMINAL: Final = int(pyspiel.PlayerId.TERMINAL)
"""OpenSpiel's player ids as plain numbers: OpenSpiel asks for the player several times a move,
and reading its enumeration costs more than the rest of the answer."""
MOVES_PER_TURN: Final = 10
"""For ``max_game_length``: decisions per turn on average can not reach this (an action, the
end of the turn, and now and then an amulet taken or spent or a curse faced)."""

_GAME_TYPE: Final = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Tobago (tobago_solver)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_PLAYERS,
    min_num_players=MIN_PLAYERS,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"players": 2, "rules": "seed", "island": islands.default().name},
)


def load_island(spec: str) -> Island:
    """A bundled island by name, else the ``.island`` file at that path."""
    if spec in islands.names():
        return islands.get(spec)
    path = Path(spec)
    if not path.is_file():
        raise TobagoError(f"unknown island {spec!r}: not a bundled name and no such file")
    return Island.from_text(path.read_text(encoding="utf-8-sig"))


class TobagoGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type information
    """The game for one set of parameters; OpenSpiel builds it from ``load_game``."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**_GAME_TYPE.parameter_specification, **(params or {})}
        self.players = int(params["players"])
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise TobagoError(f"Tobago is for 2 to 4 players, not {self.players}")
        self.island = load_island(str(params["island"]))
        self.rules = GameRules.named(str(params["rules"]))
        self.ids = ActionIds(self.island)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.ids.count,
            max_chance_outcomes=256,
            num_players=self.players,
            min_utility=-1.0,
            max_utility=float(self.players - 1),
            utility_sum=0.0,
            max_game_length=MOVES_PER_TURN * self.rules.turn_limit,
        )
        super().__init__(_GAME_TYPE, info, params)

    def new_initial_state(self) -> TobagoState:
        """A game before the deal (the first :data:`SEED_BYTES` moves are chance)."""
        return TobagoState(self)

    def deal(self, seed: int) -> TobagoState:
        """The game :func:`tobago_solver.play_game` deals from ``seed``: its chance moves made."""
        state = self.new_initial_state()
        for byte in seed.to_bytes(SEED_BYTES, "big"):
            state.apply_action(byte)
        return state

    def max_chance_nodes_in_history(self) -> int:
        """Every game has exactly :data:`SEED_BYTES` chance nodes."""
        return SEED_BYTES

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> TobagoObserver:
        """An observer: the observation, or with ``perfect_recall`` the information state."""
        return TobagoObserver(self, iig_obs_type, params)


class TobagoState(pyspiel.State):  # type: ignore[misc]
    """A game in progress: the seed bytes drawn so far, then the trail of game states."""

    def __init__(self, game: TobagoGame) -> None:
        super().__init__(game)
        self._deal: tuple[int, ...] = ()
        self._trail: Trail | None = None
        self._player = _CHANCE
        """:meth:`current_player`, kept: OpenSpiel asks for it several times a move."""

    @property
    def game_state(self) -> GameState:
        """The engine's state (after the deal)."""
        if self._trail is None:
            raise TobagoError("the game is not dealt yet: its first moves are chance nodes")
        return self._trail.state

    @property
    def trail(self) -> Trail | None:
        """Every game state since the deal (None before it)."""
        return self._trail

    def _game(self) -> TobagoGame:
        game: TobagoGame = self.get_game()
        return game

    def current_player(self) -> int:
        """The player to move, or OpenSpiel's chance / terminal id."""
        return self._player

    def _move_to(self, trail: Trail) -> None:
        """Go on at ``trail``'s state."""
        self._trail = trail
        state = trail.state
        self._player = _TERMINAL if state.is_terminal else state.to_move

    def _legal_actions(self, player: int) -> list[int]:
        trail = self._trail
        if trail is None:
            return []
        legal: list[int] | None = trail.memo.get("legal")
        if legal is None:  # worked out once per position (OpenSpiel asks more than once)
            legal = trail.memo["legal"] = list(self._game().ids.legal_ids(trail.state))
        return legal

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The next byte of the seed: 256 outcomes, equally likely."""
        return [(byte, 1 / 256) for byte in range(256)]

    def _apply_action(self, action: int) -> None:
        trail = self._trail
        if trail is None:
            self._deal = (*self._deal, action)
            if len(self._deal) == SEED_BYTES:
                game = self._game()
                seed = int.from_bytes(bytes(self._deal), "big")
                state = new_game(game.island, game.players, seed=seed, rules=game.rules)
                self._move_to(Trail(state))
            return
        chosen = self._game().ids.action(trail.state, action)  # not legal: raises, naming it
        self._move_to(trail.after(action, lambda: trail.state.apply(chosen)))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == _CHANCE:
            return f"seed byte {action}"
        return self._game().ids.name(action)

    def is_terminal(self) -> bool:
        """Whether the game has ended."""
        return self._trail is not None and self._trail.state.is_terminal

    def returns(self) -> list[float]:
        """Zero-sum returns (see the module's text); zeros until the end."""
        if self._trail is None:
            return [0.0] * self._game().players
        return returns_of(self._trail.state)

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> TobagoState:
        """A world ``player_id`` cannot tell from this one, for information-set search.

        Its hidden cards are dealt again (:func:`~tobago_solver.ai.worlds.sample_world`, with a
        generator seeded from ``probability_sampler``, any function giving numbers in [0, 1)).
        The world has the same information state string for ``player_id``; its OpenSpiel
        history is empty, since no seed deals it.
        """
        world = self._game().new_initial_state()
        if self._trail is None:
            world._deal = self._deal
            return world
        rng = random.Random(int(probability_sampler() * 2**53))
        sampled = sample_world(self._trail.state, player_id, rng)
        world._move_to(self._trail.restarted(sampled, player_id))
        return world

    def __str__(self) -> str:
        if self._trail is None:
            return f"dealing: seed bytes {list(self._deal)}"
        text: str | None = self._trail.memo.get("text")
        if text is None:
            text = self._trail.memo["text"] = _full_text(self._trail)
        return text


def _full_text(trail: Trail) -> str:
    """Everything in the state, hidden cards too (OpenSpiel's ``ToString``): the view of the
    player to move, then the hands, the decks and the seed."""
    state = trail.state
    board = _view_text(trail, state.to_move)
    hands = "; ".join(
        f"P{p} " + ", ".join(CARD_TEXT[clue] for clue in hand) for p, hand in enumerate(state.hands)
    )
    treasure = " ".join(map(str, state.treasure_deck))
    clues = "; ".join(CARD_TEXT[clue] for clue in state.clue_deck)
    return (
        f"{board}\nhands: {hands}\ntreasure deck: {treasure}\nclue deck: {clues}\nseed {state.seed}"
    )


def _view_text(trail: Trail, player: int, *, public: bool = True, private: bool = True) -> str:
    """The :func:`~tobago_solver.ai.tensors.observation_text` of ``player``'s view, without
    the hand when not ``private``, or only the hand when not ``public`` (kept)."""
    key = ("text", player, public, private)
    text: str | None = trail.memo.get(key)
    if text is None:
        obs = observation_of(trail.state, player)
        if not public:
            text = hand_text(obs)
        else:
            text = observation_text(obs if private else replace(obs, hand=(), legal_actions=()))
        trail.memo[key] = text
    return text


class TobagoObserver:
    """OpenSpiel's Python observer: ``tensor``/``dict`` and ``string_from``.

    Without ``perfect_recall`` it is the player's observation now; with it, the information
    state: the same tensor, and the string followed by the player's recall digest
    (:class:`~tobago_solver.ai.recall.Trail`). ``public_info`` and ``private_info`` choose the
    parts: both (the default), the public board only (``private_info`` none: without the hand)
    or the player's hand only (``public_info`` false). Perfect recall needs both; no observer
    shows every hand.

    >>> import pyspiel
    >>> game = pyspiel.load_game("python_tobago")
    >>> own = pyspiel.IIGObservationType(
    ...     perfect_recall=False, public_info=False,
    ...     private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER)
    >>> game.make_py_observer(own).string_from(game.deal(1), 1)[:40]
    'you are P1; your hand: not next to palm;'
    """

    def __init__(self, game: TobagoGame, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("a Tobago observer shows at most one hand, not every player's")
        self.public = bool(iig_obs_type.public_info)
        self.private = private == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.recall = bool(iig_obs_type.perfect_recall)
        if self.recall and not (self.public and self.private):
            raise ValueError(
                "the information state is a player's whole view: the public board and their hand"
            )
        self._tensor = ObservationTensor(
            game.island, game.players, game.rules, public=self.public, private=self.private
        )
        self.tensor = self._tensor.tensor
        self.dict = self._tensor.dict

    def set_from(self, state: TobagoState, player: int) -> None:
        """Write ``player``'s view of ``state`` into :attr:`tensor` (zeros before the deal, but
        for the player's own seat)."""
        trail = state.trail
        if trail is None:
            self.tensor.fill(0)
            self.dict["player"][player] = 1
            return
        key = ("tensor", player, self.public, self.private)
        values = trail.memo.get(key)
        if values is None:
            values = trail.memo[key] = self._tensor.set_from(self._view(trail.state, player)).copy()
        self.tensor[:] = values

    def string_from(self, state: TobagoState, player: int) -> str:
        """``player``'s view of ``state`` as text (with the recall digest for information
        states)."""
        trail = state.trail
        if trail is None:
            return f"P{player}: dealing" if self.public else ""
        text = _view_text(trail, player, public=self.public, private=self.private)
        return f"{text}\nrecall {trail.digest(player)}" if self.recall else text

    def _view(self, state: GameState, player: int) -> Observation:
        obs = observation_of(state, player)
        return obs if self.private else replace(obs, hand=(), legal_actions=())


class BotEvaluator:
    """An evaluator for OpenSpiel's ``MCTSBot`` and ``ISMCTSBot``: play the game out with our
    bots (one per seat) and return its returns; the prior is uniform.

    >>> import tobago_solver as tb
    >>> evaluator = BotEvaluator([tb.GreedyBot(), tb.GreedyBot()], seed=1)
    """

    def __init__(self, bots: Sequence[Bot], seed: int = 0, rollouts: int = 1) -> None:
        self.bots = tuple(bots)
        self.rollouts = rollouts
        self._rng = random.Random(seed)

    def evaluate(self, state: TobagoState) -> np.ndarray[Any, np.dtype[np.float64]]:
        """Mean returns of ``rollouts`` games played out from ``state``."""
        total = np.zeros(state.num_players())
        for _ in range(self.rollouts):
            game_state = state.game_state
            rngs = [bot_rng(self._rng.getrandbits(64), seat) for seat in range(len(self.bots))]
            while not game_state.is_terminal:
                seat = game_state.to_move
                observation = game_state.observation(seat)
                game_state = game_state.apply(self.bots[seat].choose(observation, rngs[seat]))
            total += returns_of(game_state)
        result: np.ndarray[Any, np.dtype[np.float64]] = total / self.rollouts
        return result

    def prior(self, state: TobagoState) -> list[tuple[int, float]]:
        """Every legal action equally likely."""
        legal = state.legal_actions()
        return [(action, 1 / len(legal)) for action in legal]


class EngineBot(pyspiel.Bot):  # type: ignore[misc]
    """One of our bots as an OpenSpiel bot for one seat: ``step(state)`` is the id of the action
    it chooses from the seat's observation, so it plays in OpenSpiel's tools (``evaluate_bots``,
    against ``ISMCTSBot`` and the rest). It draws from the random stream that
    :func:`tobago_solver.play_game` gives the seat in the game with that seed, so EngineBots on
    every seat play ``play_game``'s game.

    >>> import pyspiel, tobago_solver as tb
    >>> game = pyspiel.load_game("python_tobago")
    >>> state = game.deal(1)
    >>> state.action_to_string(EngineBot(tb.GreedyBot(), 0).step(state))
    'play in largest mountain on black'
    """

    def __init__(self, bot: Bot, seat: int) -> None:
        super().__init__()
        self.bot = bot
        self.seat = seat
        self._seed: int | None = None
        self._rng = random.Random()

    def step(self, state: TobagoState) -> int:
        """The id of the action the bot chooses in ``state`` (its seat to move)."""
        engine = state.game_state
        if engine.seed != self._seed:  # a new game: the seat's stream, from its start
            self._seed = engine.seed
            self._rng = bot_rng(engine.seed, self.seat)
        ids: ActionIds = state.get_game().ids
        return ids.of(self.bot.choose(engine.observation(self.seat), self._rng))

    def restart_at(self, state: TobagoState) -> None:
        """A new game: the next step starts the seat's stream again."""
        self._seed = None

    def inform_action(self, state: TobagoState, player_id: int, action: int) -> None:
        """Nothing to do: the bot decides from the observation alone."""

    def provides_policy(self) -> bool:
        """The bot chooses one action, it gives no policy."""
        return False


pyspiel.register_game(_GAME_TYPE, TobagoGame)
