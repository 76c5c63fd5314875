"""Games of uniform seats stepped on lists play exactly as the public states step them."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tranquility_solver as tq
from tranquility_solver.game.actions import Action
from tranquility_solver.game.records import GameRecord, play_game
from tranquility_solver.game.state import GameState, Observation
from tranquility_solver.game.uniform_play import picks_uniformly
from tranquility_solver.grid import Cells
from tranquility_solver.rules import Rules, StartCardEvent

MIXED = dataclasses.replace(
    Rules.published(),
    name="mixed",
    finish_cards=3,
    out_of_cards_check="at once",
    start_card=StartCardEvent(
        must_play=False, team_discard=5, two_player_draw=1, refill="everyone"
    ),
)
"""Rules no preset has: three finish cards (hands hold two or three of them), a start card
the player may keep, a share round after which everyone draws, the seed's out-of-cards check."""


def _card_cost(cells: Cells, index: int, card: int) -> int:
    """A cost that reads the card: no table of costs knows it before the card is given."""
    del cells
    return (card + index) % 4


CARD_COST = dataclasses.replace(Rules.seed(), name="card cost", discard_cost=_card_cost)

PRESETS = (Rules.seed(), Rules.published(), MIXED, CARD_COST)


def _stepwise(bots: list[Any], seed: int, rules: Rules, first_player: int) -> GameRecord:
    """The game through the public states: a callback per state keeps ``play_game`` off the
    list-stepping path."""

    def watch(state: GameState, action: Action | None) -> None:
        del state, action

    return play_game(bots, seed=seed, rules=rules, first_player=first_player, on_state=watch)


@pytest.mark.parametrize("rules", PRESETS, ids=lambda rules: rules.name)
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_random_games_are_the_games_the_public_states_play(rules: Rules, players: int) -> None:
    bots = [tq.RandomBot()] * players
    for seed in range(12):
        first = seed % players
        quick = play_game(bots, seed=seed, rules=rules, first_player=first)
        assert quick == _stepwise(bots, seed, rules, first)
        assert quick.outcome  # every game reaches its end


@settings(max_examples=40)
@given(
    seed=st.integers(0, 2**63 - 1),
    players=st.integers(1, 5),
    rules=st.sampled_from(PRESETS),
    first=st.integers(0, 4),
)
def test_any_deal_plays_the_same_both_ways(
    seed: int, players: int, rules: Rules, first: int
) -> None:
    bots = [tq.RandomBot()] * players
    quick = play_game(bots, seed=seed, rules=rules, first_player=first % players)
    assert quick == _stepwise(bots, seed, rules, first % players)


def test_hands_with_repeated_cards_occur_in_the_games_compared() -> None:
    # The list-stepping path hands a hand holding a card twice to the listing; make sure the
    # games compared above meet such hands, so that branch is checked too.
    repeated = 0
    for seed in range(12):
        record = play_game([tq.RandomBot()] * 2, seed=seed, rules=MIXED)
        repeated += sum("finish finish" in text for _, text in record.actions)
    assert repeated > 0


@dataclasses.dataclass(frozen=True)
class FirstListed(tq.RandomBot):
    """A subclass that chooses otherwise and does not say it picks uniformly."""

    name: str = "first"

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        return observation.lazy_legal_actions()[0]


def test_only_a_class_that_declares_it_is_stepped_on_lists() -> None:
    assert picks_uniformly([tq.RandomBot(), tq.RandomBot()])
    assert not picks_uniformly([tq.RandomBot(), FirstListed()])
    assert not picks_uniformly([tq.HeuristicBot()])
    bots = [FirstListed(), FirstListed()]
    record = play_game(bots, seed=5, rules="seed")
    assert record == _stepwise(bots, 5, Rules.seed(), 0)
    state = tq.new_game(2, seed=5, rules="seed")
    assert record.actions[0] == (0, str(state.legal_actions()[0]))
