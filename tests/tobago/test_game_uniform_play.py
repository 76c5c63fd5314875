"""RandomBot games played without an observation per turn (``game/uniform_play``) are the games
stepped state by state, action for action, under every preset, variant and player count."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import ClassVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tobago_solver as tb
from tobago_solver.game.actions import EXCHANGE, Action, Move, Play
from tobago_solver.game.observation import Observation
from tobago_solver.game.records import GameRecord, play_game
from tobago_solver.game.rules import GameRules
from tobago_solver.game.state import GameState
from tobago_solver.game.uniform_play import picks_uniformly, uniform_choices

ISLAND = tb.islands.get("ABC-1")
RULES = ("seed", "published", "seed+exchange", "published+exchange")


def stepped(
    bots: list[tb.RandomBot], seed: int, rules: str | GameRules, island: tb.Island = ISLAND
) -> tuple[GameRecord, list[GameState]]:
    """The game stepped state by state (``watch`` turns the uniform path off), and its states."""
    states: list[GameState] = []
    record = play_game(island, bots, seed=seed, rules=rules, watch=lambda s, _: states.append(s))
    return record, states


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_games_are_those_stepped_state_by_state(rules: str, players: int) -> None:
    bots = [tb.RandomBot()] * players
    kinds: set[str] = set()
    for seed in range(6):
        record, states = stepped(bots, seed, rules)
        assert play_game(ISLAND, bots, seed=seed, rules=rules) == record
        assert record.end_reason in tb.game.end.RULE_ENDS
        kinds.update(state.phase for state in states)
    # The games leave the action phase (claims, curses, amulets), so both paths are exercised.
    assert {"action", "bonus", "over"} <= kinds


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(2, 4),
    rules=st.sampled_from(RULES),
    island=st.sampled_from(["ABC-1", "abc-2", "aBc-3", "AbC-4"]),
)
def test_any_seed_island_and_preset_plays_the_same(
    seed: int, players: int, rules: str, island: str
) -> None:
    bots = [tb.RandomBot()] * players
    field = tb.islands.get(island)
    assert play_game(field, bots, seed=seed, rules=rules) == stepped(bots, seed, rules, field)[0]


@pytest.mark.parametrize("limit", [1, 2, 37, 120])
def test_a_game_cut_by_the_turn_limit_ends_where_the_stepped_one_does(limit: int) -> None:
    rules = replace(GameRules.seed(), turn_limit=limit)
    bots = [tb.RandomBot()] * 3
    record = play_game(ISLAND, bots, seed=5, rules=rules)
    assert record == stepped(bots, 5, rules)[0]
    assert (record.end_reason, record.turns) == ("turn limit", limit)


def test_longer_moves_and_a_third_player_first_play_the_same() -> None:
    rules = replace(GameRules.published(), max_steps=5, first_player=2)
    bots = [tb.RandomBot()] * 3
    for seed in range(4):
        assert play_game(ISLAND, bots, seed=seed, rules=rules) == stepped(bots, seed, rules)[0]


def test_the_choices_leave_out_exchange_only_when_a_clue_can_be_played() -> None:
    rules = GameRules.named("seed+exchange")
    state = tb.new_game(ISLAND, 2, seed=1, rules=rules)
    legal = state.legal_actions()
    assert any(isinstance(a, Play) for a in legal)
    assert EXCHANGE in legal
    assert uniform_choices(legal, rules) == tuple(a for a in legal if a != EXCHANGE)
    moves_only: tuple[Action, ...] = (*(a for a in legal if isinstance(a, Move)), EXCHANGE)
    assert uniform_choices(moves_only, rules) == moves_only
    assert uniform_choices(legal, GameRules.seed()) == legal


@dataclass(frozen=True)
class MapLover(tb.RandomBot):
    """A RandomBot that plays a clue whenever it can: it must not be taken for a uniform seat."""

    name: str = "map-lover"

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        plays = [a for a in observation.legal_actions if isinstance(a, Play)]
        return plays[0] if plays else super().choose(observation, rng)


@dataclass(frozen=True)
class DeclaredUniform(tb.RandomBot):
    """A subclass that says again that it picks uniformly."""

    picks_uniformly: ClassVar[bool] = True
    name: str = "declared"


def test_only_classes_that_declare_it_themselves_pick_uniformly() -> None:
    assert picks_uniformly([tb.RandomBot(), DeclaredUniform()])
    assert not picks_uniformly([tb.RandomBot(), MapLover()])
    assert not picks_uniformly([tb.RandomBot(), tb.GreedyBot()])
    bots = [MapLover(), tb.RandomBot()]
    record = play_game(ISLAND, bots, seed=2)
    assert record == stepped(bots, 2, "seed")[0]
    first = record.actions[record.actors.index(0)]
    assert first.startswith("play "), first
