"""``loses_at_once``: against every way the rest of a share round can go, enumerated."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tranquility_solver as tq
from tranquility_solver.game import Discard, Finish, GameState, Share, Start, new_game
from tranquility_solver.game.lookahead import loses_at_once


def _at_the_start_card(players: int, seed: int) -> GameState | None:
    """A `published` game played at random until a start card is to be played."""
    rng = random.Random(seed)
    state = new_game(players, seed=seed, rules="published")
    while not state.is_terminal and Start() not in state.legal_actions():
        state = state.apply(rng.choice(state.legal_actions()))
    return None if state.is_terminal else state


def _round_ends(state: GameState) -> Iterator[GameState]:
    """Every state in which the share round can end, one per line of shares (no memory)."""
    if state.outcome is not None or state.phase != "share":
        yield state
        return
    for share in state.legal_actions():
        yield from _round_ends(state.apply(share))


def _loses_every_way(state: GameState, action: tq.game.Action) -> bool:
    return all(
        end.outcome is not None and not end.outcome.won for end in _round_ends(state.apply(action))
    )


@pytest.mark.parametrize("seed", range(6))
def test_two_players_a_starter_sharing_one_card_loses_at_once(seed: int) -> None:
    """After the two-player draw the partner holds seven: a share of one leaves them nothing."""
    state = _at_the_start_card(2, seed)
    assert state is not None
    sharing = state.apply(Start())
    partner = 1 - sharing.current_player
    assert len(sharing.hands[partner]) == 7
    for share in sharing.legal_actions():
        assert isinstance(share, Share)
        if len(share.cards) == 1:
            assert loses_at_once(sharing, share)
        if len(share.cards) >= 3:  # the partner keeps two cards: a discard is always legal
            assert not loses_at_once(sharing, share)


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 3), st.integers(0, 10**6))
def test_agrees_with_every_way_the_round_can_go(players: int, seed: int) -> None:
    state = _at_the_start_card(players, seed)
    if state is None:
        return
    assert loses_at_once(state, Start()) == _loses_every_way(state, Start())
    sharing = state.apply(Start())
    for share in sharing.legal_actions():
        assert loses_at_once(sharing, share) == _loses_every_way(sharing, share)


def test_ordinary_actions_lose_at_once_only_when_the_next_state_is_lost() -> None:
    grid = tq.Grid.from_mapping({"a1": 50, "b1": 52})
    base = new_game(1, seed=1, rules="published")
    state = replace(base, hands=((51, 60, 70),), decks=((),), grid=grid)
    assert loses_at_once(state, Discard((60, 70)))  # 51 fits nowhere: no legal action
    assert not loses_at_once(state, Discard((51, 60)))  # 70 can still go on c1
    full = tq.random_full_grid(tq.Rules.seed(), random.Random(1))
    won = replace(base, hands=((tq.FINISH,),), decks=((),), grid=full, start_played=True)
    assert not loses_at_once(won, Finish())


def test_an_illegal_action_raises_as_apply_does() -> None:
    state = new_game(2, seed=1, rules="published")
    with pytest.raises(tq.IllegalActionError):
        loses_at_once(state, Finish())
