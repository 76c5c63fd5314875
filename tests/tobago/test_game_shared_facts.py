"""Facts one computation shares between rules (issue 18, round 4): the same as made afresh.

The stalemate check after a clue lists the next player's plays (``plays_of``), and their turn
reads that list; the check also reads the located treasures the moves read. Here both are
compared, along seeded games of both presets, 2 to 4 players, with and without the exchange
variant, against a position built afresh through ``__init__`` (nothing handed on) and against a
plain stalemate test that asks ``check_clue`` (the clue rules) about every card on every map.
"""

from __future__ import annotations

import random
from dataclasses import fields
from itertools import chain

import pytest

import tobago_solver as tb
from tobago_solver.game import end as end_module
from tobago_solver.game import state as state_module
from tobago_solver.game.end import is_stalemate
from tobago_solver.game.plays import plays_of
from tobago_solver.game.position import replace
from tobago_solver.game.records import bot_rng
from tobago_solver.game.state import GameState

RULES = ("seed", "published", "seed+exchange", "published+exchange")


def afresh(state: GameState) -> GameState:
    """The same position built through ``__init__``: no fact handed on from another."""
    return GameState(**{f.name: getattr(state, f.name) for f in fields(state) if f.init})


def plain_stalemate(state: GameState) -> bool:
    """A stalemate from the clue rules alone: no treasure located, and no card a player with a
    rose could hold (their hand; with the exchange variant any card outside the maps) is legal on
    a map."""
    if state.claims or state.distribution is not None or state.located_fields():
        return False
    holders = [p for p in range(state.players) if state.roses_left[p] > 0 and state.hands[p]]
    if state.rules.exchange and holders:
        cards = list(chain(state.clue_deck, state.clue_discards, *state.hands))
    else:
        cards = [card for p in holders for card in state.hands[p]]
    return not any(
        tb.check_clue(state.island, m.clues, card, state.rules.clue_rules, explain=False).legal
        for card in dict.fromkeys(cards)
        for m in state.maps
    )


def played_states(games: int, seed: int) -> list[GameState]:
    """Every state of seeded games of random and greedy bots on random islands and rules."""
    rng = random.Random(seed)
    states: list[GameState] = []
    for game in range(games):
        island = tb.islands.get(rng.choice(tb.islands.names()))
        players = rng.randint(2, 4)
        bots = [rng.choice([tb.RandomBot(), tb.GreedyBot()]) for _ in range(players)]
        state = tb.new_game(island, players, seed=game, rules=RULES[game % len(RULES)])
        rngs = [bot_rng(game, seat) for seat in range(players)]
        states.append(state)
        while not state.is_terminal and state.turn < 60:
            player = state.to_move
            state = state.apply(bots[player].choose(state.observation(player), rngs[player]))
            states.append(state)
    return states


@pytest.fixture(scope="module")
def states() -> list[GameState]:
    return played_states(24, seed=4)


def test_the_games_cover_every_preset_and_table_size(states: list[GameState]) -> None:
    assert {s.rules.name for s in states} >= {"seed", "published"}
    assert any(s.rules.exchange for s in states)
    assert {s.players for s in states} == {2, 3, 4}


def test_the_plays_handed_on_are_those_listed_afresh(states: list[GameState]) -> None:
    for state in states:
        fresh = afresh(state)
        for p in range(state.players):
            assert plays_of(state, p) == plays_of(fresh, p), (state, p)
        assert state.located_treasures() == fresh.located_treasures()


def test_the_stalemate_check_is_the_plain_one(states: list[GameState]) -> None:
    for state in states:
        assert is_stalemate(state) == plain_stalemate(state), state


def test_a_frozen_hand_is_a_stalemate_by_both_tests() -> None:
    state = tb.new_game(tb.islands.default(), 3, seed=2)
    frozen = replace(state, roses_left=(0, 0, 0))
    assert is_stalemate(frozen)
    assert plain_stalemate(frozen)
    assert not is_stalemate(state)
    assert not plain_stalemate(state)


def test_a_copy_owns_its_fields() -> None:
    state = tb.new_game(tb.islands.default(), 2, seed=1)
    later = replace(state, turn=7)
    assert (state.turn, later.turn) == (0, 7)
    assert later.__dict__ is not state.__dict__
    assert replace(later, turn=0) == state


def test_a_turn_ended_in_one_copy_is_the_turn_ended_the_long_way(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``next_turn`` (one copy of the state, the end-of-game checks on the new turn's state)
    against the long way it shortcuts (the change, the checks on that state, then the end of the
    turn): every state of seeded games is the same."""
    quick = played_states(12, seed=9)
    monkeypatch.setattr(end_module, "next_turn", lambda *_args, **_changes: None)
    monkeypatch.setattr(state_module, "next_turn", lambda *_args, **_changes: None)
    slow = played_states(12, seed=9)
    assert len(quick) == len(slow)
    for fast_state, long_state in zip(quick, slow, strict=True):
        assert fast_state == long_state
        assert fast_state.last_map_change == long_state.last_map_change


def test_a_play_of_a_clue_made_apart_is_the_listed_play(states: list[GameState]) -> None:
    """A played card is looked for in the hand by identity first (hands and the listed plays
    hold the deck's own clue objects); a play whose clue was made apart (read from its text)
    finds it by equality: the same next state, for every clue play offered along the games."""
    checked = 0
    for state in states:
        for action in state.legal_actions():
            if isinstance(action, tb.Play):
                apart = tb.parse_action(str(action))
                assert isinstance(apart, tb.Play)
                assert apart.clue is not action.clue
                assert state.apply(apart) == state.apply(action), (state, action)
                checked += 1
    assert checked > 500
