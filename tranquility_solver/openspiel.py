"""Tranquility in OpenSpiel: importing this module registers the game ``python_tranquility``.

>>> import pyspiel
>>> import tranquility_solver.openspiel
>>> game = pyspiel.load_game("python_tranquility", {"players": 2, "rules": "published"})
>>> state = game.new_initial_state()
>>> for byte in (0, 0, 0, 0, 0, 0, 0, 1):  # the deal: seed 1
...     state.apply_action(byte)
>>> state.current_player(), state.action_to_string(state.legal_actions()[0])
(0, 'play 5 a1')

Parameters: ``players`` (1–5, default 2) and ``rules`` (``seed`` or ``published``).

Chance is explicit and happens once: the first eight moves of every game are chance nodes, each
a byte (256 equally likely outcomes) of the 64-bit seed, most significant first, and the game
is then dealt by :func:`tranquility_solver.game.new_game` from that seed, exactly as
``play_game`` deals it; nothing random happens afterwards, so a history of ids replays.

A player's move is one token of :mod:`tranquility_solver.ai.ids`: a play is its card and cell,
then the cards paying for it, one move each; every action goes through ``GameState.apply``
once its tokens are chosen. The game is cooperative: every player gets the same return, 1 for a
won game and 0 for a lost one (OpenSpiel's "identical" utility). The strings and tensors are one
player's view (:mod:`tranquility_solver.ai.tensors`, :mod:`tranquility_solver.ai.recall`);
``resample_from_infostate`` deals a world with :func:`tranquility_solver.ai.worlds.sample_world`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Final

import numpy as np
import pyspiel

from .ai.ids import COUNT, Choice, token_name, tokens
from .ai.recall import Trail
from .ai.returns import returns_of
from .ai.tensors import ObservationTensor, observation_text
from .ai.worlds import sample_world
from .errors import TranquilityError
from .game.records import Bot, bot_rng
from .game.setup import MAX_PLAYERS, MIN_PLAYERS, new_game
from .game.state import GameState
from .grid import LAST_CARD
from .rules import Rules

__all__ = [
    "SHORT_NAME",
    "BotEvaluator",
    "EngineBot",
    "TranquilityGame",
    "TranquilityState",
    "returns_of",
]

SHORT_NAME: Final = "python_tranquility"
SEED_BYTES: Final = 8
"""Chance nodes at the start of a game: one byte of the deal's seed each."""
_CHANCE: Final = int(pyspiel.PlayerId.CHANCE)
_TERMINAL: Final = int(pyspiel.PlayerId.TERMINAL)
"""OpenSpiel's player ids as plain numbers: OpenSpiel asks for the player several times a move,
and reading its enumeration costs more than the rest of the answer."""

_GAME_TYPE: Final = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Tranquility (tranquility_solver)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.IDENTICAL,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_PLAYERS,
    min_num_players=MIN_PLAYERS,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"players": 2, "rules": "seed"},
)


class TranquilityGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type information
    """The game for one set of parameters; OpenSpiel builds it from ``load_game``."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**_GAME_TYPE.parameter_specification, **(params or {})}
        self.players = int(params["players"])
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise TranquilityError(f"Tranquility is for 1-5 players, not {self.players}")
        self.rules = Rules.by_name(str(params["rules"]))
        # Every move but one "share done" a player uses up a card, and cards never come back.
        cards = LAST_CARD + self.rules.finish_cards + self.players
        info = pyspiel.GameInfo(
            num_distinct_actions=COUNT,
            max_chance_outcomes=256,
            num_players=self.players,
            min_utility=0.0,
            max_utility=1.0,
            max_game_length=cards + self.players,
        )
        super().__init__(_GAME_TYPE, info, params)

    def new_initial_state(self) -> TranquilityState:
        """A game before the deal (the first :data:`SEED_BYTES` moves are chance)."""
        return TranquilityState(self)

    def deal(self, seed: int) -> TranquilityState:
        """The game ``play_game`` deals from ``seed``: its chance moves made."""
        state = self.new_initial_state()
        for byte in seed.to_bytes(SEED_BYTES, "big"):
            state.apply_action(byte)
        return state

    def max_chance_nodes_in_history(self) -> int:
        """Every game has exactly :data:`SEED_BYTES` chance nodes."""
        return SEED_BYTES

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> TranquilityObserver:
        """An observer: the observation, or with ``perfect_recall`` the information state."""
        return TranquilityObserver(self, iig_obs_type, params)


class TranquilityState(pyspiel.State):  # type: ignore[misc]
    """A game in progress: the seed bytes drawn so far, then the trail of choices."""

    def __init__(self, game: TranquilityGame) -> None:
        super().__init__(game)
        self._deal: tuple[int, ...] = ()
        self._trail: Trail | None = None
        self._player = _CHANCE
        """:meth:`current_player`, kept: OpenSpiel asks for it several times a move."""

    @property
    def trail(self) -> Trail | None:
        """Every choice since the deal (None before it)."""
        return self._trail

    @property
    def choice(self) -> Choice:
        """The engine's state and the tokens chosen so far (after the deal)."""
        if self._trail is None:
            raise TranquilityError("the game is not dealt yet: its first moves are chance nodes")
        return self._trail.choice

    def _game(self) -> TranquilityGame:
        game: TranquilityGame = self.get_game()
        return game

    def current_player(self) -> int:
        """The player to move, or OpenSpiel's chance / terminal id."""
        return self._player

    def _move_to(self, trail: Trail) -> None:
        """Go on at ``trail``'s state."""
        self._trail = trail
        state = trail.choice.state
        self._player = _TERMINAL if state.is_terminal else state.current_player

    def _legal_actions(self, player: int) -> list[int]:
        return list(self.choice.legal_tokens())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The next byte of the seed: 256 outcomes, equally likely."""
        return [(byte, 1 / 256) for byte in range(256)]

    def _apply_action(self, action: int) -> None:
        if self._trail is None:
            self._deal = (*self._deal, action)
            if len(self._deal) == SEED_BYTES:
                game = self._game()
                seed = int.from_bytes(bytes(self._deal), "big")
                self._move_to(Trail(Choice(new_game(game.players, seed, game.rules))))
            return
        trail = self._trail
        self._move_to(trail.after(action, lambda: trail.choice.choose(action)))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == _CHANCE:
            return f"seed byte {action}"
        return token_name(action)

    def is_terminal(self) -> bool:
        """Whether the game has ended."""
        return self._trail is not None and self._trail.choice.state.is_terminal

    def returns(self) -> list[float]:
        """1 for everyone once the game is won, else 0."""
        if self._trail is None:
            return [0.0] * self._game().players
        return returns_of(self._trail.choice.state)

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> TranquilityState:
        """A world ``player_id`` cannot tell from this one, for information-set search.

        Its hidden cards are dealt again (:func:`~tranquility_solver.ai.worlds.sample_world`,
        with a generator seeded from ``probability_sampler``, any function giving numbers in
        [0, 1)). The world has the same information state string for ``player_id`` and the same
        player to move. When that is ``player_id``, the tokens they have chosen stay chosen;
        another player's half-chosen action is hidden (its tokens need that player's hand), so
        in the world they are still to choose it. Its OpenSpiel history is empty, since no seed
        deals it.
        """
        world = self._game().new_initial_state()
        if self._trail is None:
            world._deal = self._deal
            return world
        rng = random.Random(int(probability_sampler() * 2**53))
        choice = self._trail.choice
        sampled = Choice(sample_world(choice.state, player_id, rng))
        if choice.state.current_player == player_id:
            for token in choice.chosen:
                sampled = sampled.choose(token)
        world._move_to(self._trail.restarted(sampled, player_id))
        return world

    def __str__(self) -> str:
        if self._trail is None:
            return f"dealing: seed bytes {list(self._deal)}"
        choice = self._trail.choice
        state = choice.state
        chosen = ", ".join(map(token_name, choice.chosen)) or "nothing"
        return f"{state!r}\nhands {state.hands}\ndecks {state.decks}\nchosen {chosen}"


class TranquilityObserver:
    """OpenSpiel's Python observer: ``tensor``/``dict`` and ``string_from``.

    Without ``perfect_recall`` it is the player's observation now; with it, the information
    state: the same tensor, and the string followed by the player's recall digest
    (:class:`~tranquility_solver.ai.recall.Trail`). ``public_info`` and ``private_info`` choose
    the parts: both (the default), the public table only (``private_info`` none: nothing of the
    player's own, their hand and discards included) or the player's own cards only
    (``public_info`` false). Perfect recall needs both; no observer shows every hand.

    >>> import pyspiel
    >>> game = pyspiel.load_game("python_tranquility")
    >>> own = pyspiel.IIGObservationType(
    ...     perfect_recall=False, public_info=False,
    ...     private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER)
    >>> game.make_py_observer(own).string_from(game.deal(1), 1)
    'you are P1; your hand: 29 32 34 54 74; your discards: none'
    """

    def __init__(
        self, game: TranquilityGame, iig_obs_type: Any, params: dict[str, Any] | None
    ) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("a Tranquility observer shows at most one hand, not every player's")
        self.public = bool(iig_obs_type.public_info)
        self.private = private == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.recall = bool(iig_obs_type.perfect_recall)
        if self.recall and not (self.public and self.private):
            raise ValueError(
                "the information state is a player's whole view: the public table and their hand"
            )
        self._tensor = ObservationTensor(game.players, public=self.public, private=self.private)
        self.tensor = self._tensor.tensor
        self.dict = self._tensor.dict

    def set_from(self, state: TranquilityState, player: int) -> None:
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
            values = trail.memo[key] = self._tensor.set_from(trail.choice, player).copy()
        self.tensor[:] = values

    def string_from(self, state: TranquilityState, player: int) -> str:
        """``player``'s view of ``state`` as text (with the recall digest for information
        states)."""
        trail = state.trail
        if trail is None:
            return f"P{player}: dealing" if self.public else ""
        key = ("text", player, self.public, self.private)
        text: str | None = trail.memo.get(key)
        if text is None:
            choice = trail.choice
            obs = choice.state.observation(player)
            text = trail.memo[key] = observation_text(
                obs, choice.chosen, public=self.public, private=self.private
            )
        return f"{text}\nrecall {trail.digest(player)}" if self.recall else text


class BotEvaluator:
    """An evaluator for OpenSpiel's ``MCTSBot`` and ``ISMCTSBot``: play the game out with our
    bots (one per seat; a half-chosen action is finished first, at random) and return its
    returns; the prior is uniform.

    >>> from tranquility_solver.bots import HeuristicBot
    >>> evaluator = BotEvaluator([HeuristicBot(), HeuristicBot()], seed=1)
    """

    def __init__(self, bots: Sequence[Bot], seed: int = 0, rollouts: int = 1) -> None:
        self.bots = tuple(bots)
        self.rollouts = rollouts
        self._rng = random.Random(seed)

    def evaluate(self, state: TranquilityState) -> np.ndarray[Any, np.dtype[np.float64]]:
        """Mean returns of ``rollouts`` games played out from ``state``."""
        total = np.zeros(state.num_players())
        for _ in range(self.rollouts):
            choice = state.choice
            rng = bot_rng(self._rng.getrandbits(64))
            if choice.chosen:
                candidates = [a for group in choice.options().values() for a in group]
                choice = Choice(choice.state.apply(rng.choice(candidates)))
            game_state = choice.state
            while not game_state.is_terminal:
                seat = game_state.current_player
                action = self.bots[seat].choose(game_state.observation(seat), rng)
                game_state = game_state.apply(action)
            total += returns_of(game_state)
        result: np.ndarray[Any, np.dtype[np.float64]] = total / self.rollouts
        return result

    def prior(self, state: TranquilityState) -> list[tuple[int, float]]:
        """Every legal token equally likely."""
        legal = state.legal_actions()
        return [(action, 1 / len(legal)) for action in legal]


class EngineBot(pyspiel.Bot):  # type: ignore[misc]
    """One of our bots as an OpenSpiel bot for one seat: ``step(state)`` is the next token of
    the action it chooses from the seat's observation, so it plays in OpenSpiel's tools
    (``evaluate_bots``, with ``ISMCTSBot`` and the rest). Each seat draws from a random stream
    of its own, seeded by the game's seed and the seat.

    >>> import pyspiel
    >>> from tranquility_solver.bots import HeuristicBot
    >>> state = pyspiel.load_game("python_tranquility").deal(1)
    >>> state.action_to_string(EngineBot(HeuristicBot(), 0).step(state))
    'play 12 b1'
    """

    def __init__(self, bot: Bot, seat: int) -> None:
        super().__init__()
        self.bot = bot
        self.seat = seat
        self._seed: int | None = None
        self._rng = random.Random()
        self._planned: tuple[GameState, tuple[int, ...]] | None = None

    def step(self, state: TranquilityState) -> int:
        """The next token of the action the bot chooses in ``state`` (its seat to move)."""
        choice = state.choice
        engine = choice.state
        if engine.seed != self._seed:  # a new game: the seat's stream, from its start
            self._seed = engine.seed
            self._rng = random.Random(f"tranquility-openspiel-bot/{engine.seed}/{self.seat}")
        if self._planned is None or self._planned[0] is not engine:
            action = self.bot.choose(engine.observation(self.seat), self._rng)
            self._planned = (engine, tokens(action))
        return self._planned[1][len(choice.chosen)]

    def restart_at(self, state: TranquilityState) -> None:
        """A new game: the next step starts the seat's stream again."""
        self._seed = None
        self._planned = None

    def inform_action(self, state: TranquilityState, player_id: int, action: int) -> None:
        """Nothing to do: the bot decides from the observation alone."""

    def provides_policy(self) -> bool:
        """The bot chooses one action, it gives no policy."""
        return False


pyspiel.register_game(_GAME_TYPE, TranquilityGame)
