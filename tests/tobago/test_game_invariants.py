"""Invariants of whole games under random and greedy play (hypothesis): set-up to the end."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tobago_solver as tb
from tobago_solver.compile import compiled
from tobago_solver.game.end import END_STALEMATE, END_UNLOCATABLE, RULE_ENDS
from tobago_solver.game.records import bot_rng
from tobago_solver.game.state import GameState, all_roses, gold_total
from tobago_solver.locating import locator

TREASURE_CARDS = 39 + 2


@st.composite
def games(draw: st.DrawFn) -> tuple[GameState, list[tb.Bot]]:
    island = tb.islands.get(draw(st.sampled_from(tb.islands.names())))
    players = draw(st.integers(2, 4))
    rules = draw(st.sampled_from(["seed", "published", "seed+exchange", "published+exchange"]))
    seed = draw(st.integers(0, 2**32))
    bots: list[tb.Bot] = [
        draw(st.sampled_from([tb.RandomBot(), tb.GreedyBot()])) for _ in range(players)
    ]
    return tb.new_game(island, players, seed=seed, rules=rules), bots


def check_transition(before: GameState, action: tb.Action, after: GameState) -> None:
    island = before.island
    table = compiled(island)
    assert gold_total(after) == TREASURE_CARDS
    assert all_roses(after) == (after.rules.roses,) * after.players
    assert all(car in island for car in after.cars)
    assert len(after.amulets) + sum(after.amulets_held) + after.amulet_supply == 21
    if isinstance(action, tb.Play):
        verdict = tb.check_clue(
            island,
            before.maps[action.map].clues,
            action.clue,
            before.rules.clue_rules,
            explain=False,
        )
        assert verdict.legal, verdict.message
    if isinstance(action, tb.Move):
        assert 1 <= len(action.path) <= 3
        here = before.cars[before.current_player]
        assert tb.step_distance(island, here, action.destination) <= 3
        for there in action.path:
            assert tb.step_distance(island, here, there) == 1
            here = there
    cards = [*after.clue_deck, *after.clue_discards, *(c for h in after.hands for c in h)]
    cards += [c for m in after.maps for c in m.clues]
    assert sorted(map(str, cards)) == sorted(map(str, tb.DECK))
    for m, (old, new) in enumerate(zip(before.maps, after.maps, strict=True)):
        if after.abandoned[m] > before.abandoned[m]:
            assert after.rules.unlocatable_map == "abandon"
            assert isinstance(action, tb.Play)
            assert action.map == m
            assert not locator(island).can_locate(old.candidates_mask & table.mask(action.clue))
            assert not new.clues
            continue
        if old.clues and not new.clues:  # the map's treasure was claimed
            mask = old.candidates_mask
            if isinstance(action, tb.Play) and action.map == m:
                mask &= table.mask(action.clue)
            assert mask.bit_count() == 1, "a claim needs a single candidate"
            (field,) = table.field_set(mask)
            assert field in before.cars or field in after.cars


def play_checked(state: GameState, bots: list[tb.Bot]) -> GameState:
    rngs = [bot_rng(state.seed, seat) for seat in range(state.players)]
    for _ in range(20 * state.rules.turn_limit):
        if state.is_terminal:
            return state
        player = state.to_move
        action = bots[player].choose(state.observation(player), rngs[player])
        after = state.apply(action)
        check_transition(state, action, after)
        state = after
    raise AssertionError("the game did not end")


@settings(max_examples=15)
@given(games())
def test_invariants_hold_through_a_whole_game(game: tuple[GameState, list[tb.Bot]]) -> None:
    final = play_checked(*game)
    check_end(final)
    assert set(final.winners) <= set(range(final.players))


def check_end(final: GameState) -> None:
    """The game ended by a rule, and the rule's condition holds (checked the slow way)."""
    assert final.end_reason in RULE_ENDS
    assert final.turn <= final.rules.turn_limit
    if final.end_reason == END_STALEMATE:
        assert not final.located_fields()
        for p in range(final.players):
            if final.roses_left[p] > 0:
                for card in final.hands[p]:
                    for map_state in final.maps:
                        verdict = tb.check_clue(
                            final.island, map_state.clues, card, final.rules.clue_rules
                        )
                        assert not verdict.legal
    if final.end_reason == END_UNLOCATABLE:
        assert final.rules.unlocatable_map == "end"
        assert any(not locator(final.island).can_locate(m.candidates_mask) for m in final.maps)


@pytest.mark.slow
@settings(max_examples=150)
@given(games())
def test_invariants_hold_through_many_games(game: tuple[GameState, list[tb.Bot]]) -> None:
    final = play_checked(*game)
    check_end(final)


def test_random_play_text_and_observations_stay_consistent() -> None:
    state = tb.new_game(tb.islands.get("abc-2"), 3, seed=12)
    rng = random.Random(12)
    while not state.is_terminal:
        seen = state.observation(state.to_move)
        assert seen.legal_actions == state.legal_actions()
        assert seen.hand == state.hands[state.to_move]
        state = state.apply(rng.choice(seen.legal_actions))
