"""One payment for a play, chosen once: ``hint`` shows it, ``CARD CELL`` makes it, and the note
says why each card was taken."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from tranquility_solver.analysis.advice import hint_text, safe_plays
from tranquility_solver.bots import make_bots
from tranquility_solver.game import FINISH, START, Discard, Play, new_game
from tranquility_solver.game.payments import cheapest_first, default_payment
from tranquility_solver.game.records import bot_rng
from tranquility_solver.game.shortforms import read_action
from tranquility_solver.game.state import GameState, Observation
from tranquility_solver.grid import CELL_NAMES, Grid
from tranquility_solver.placement import check_placement


def _issue_hand() -> Observation:
    """The issue's hand, 3 21 31 and two finish cards; 3 on a1 next to b1 = 5 costs 2."""
    state = replace(
        new_game(1, seed=3, rules="published"),
        grid=Grid.from_mapping({"b1": 5}),
        hands=((3, 21, 31, FINISH, FINISH),),
    )
    return state.observation(0)


def test_the_hint_and_the_short_form_pay_alike_and_say_why() -> None:
    seen = _issue_hand()
    reading = read_action(seen, "3 a1")
    assert reading.action == Play(3, "a1", (21, FINISH))
    assert "finish (a spare finish card: you keep one)" in reading.note
    assert "21 (used by 45% of the ways to fill the grid)" in reading.note
    hint = hint_text(seen)
    assert "a1 (cost 2, discard 21 finish)" in hint
    assert "discard 21 31" not in hint


def test_the_last_finish_card_and_an_unplayed_start_card_are_paid_only_when_nothing_else_pays() -> (
    None
):
    state = replace(
        new_game(1, seed=3),
        grid=Grid.from_mapping({"a1": 20, "c1": 24}),
        hands=((START, 21, 22, 50, FINISH),),
    )
    seen = state.observation(0)
    assert default_payment(seen, 22, "b1", 2).cards == (21, 50)  # type: ignore[union-attr]
    three = default_payment(seen, 22, "b1", 3)
    assert three is not None
    assert three.cards == (0, 21, 50)
    assert "your start card: nothing else pays" in three.reasons_text()


def test_a_card_the_grid_needs_is_kept() -> None:
    # a1 takes only a number below 4: 1 and 3 are discarded, 2 is in the hand. 2 fits the
    # fewest cells (by that count it went first), yet paying with it would leave a1 dead.
    grid = Grid.from_mapping({"b1": 4, "c1": 5, "d1": 6, "e1": 7, "f1": 8, "a2": 9})
    start = replace(new_game(1, seed=3, rules="published"), grid=grid, hands=((1, 3, 20, 30, 50),))
    discarded = start.apply(Discard((1, 3)))
    seen = replace(discarded, hands=((2, 10, 40, 70, 79),)).observation(0)
    assert seen.own_discards == (1, 3)
    cost = check_placement(seen.grid, "b2", 10, seen.rules, len(seen.hand))
    payment = default_payment(seen, 10, "b2", cost)
    assert cost
    assert payment is not None
    assert 2 not in payment.cards
    assert payment.safe
    assert cheapest_first(seen, seen.hand)[-1] == 2  # the card no way to fill the grid lacks
    assert read_action(seen, "10 b2").action == Play(10, "b2", payment.cards)


def _positions(rules: str, seeds: range) -> list[Observation]:
    found = []
    for seed in seeds:
        state: GameState = new_game(2, seed=seed, rules=rules)
        bots, rng = make_bots("heuristic", 2), bot_rng(seed)
        while not state.is_terminal:
            seen = state.observation(state.current_player)
            found.append(seen)
            state = state.apply(bots[state.current_player].choose(seen, rng))
    return found


@pytest.mark.parametrize("rules", ["seed", "published"])
def test_every_safe_play_the_hint_lists_is_paid_so_by_the_short_form(rules: str) -> None:
    rng = random.Random(0)
    checked = 0
    for seen in _positions(rules, range(4)):
        for play in safe_plays(seen):
            reading = read_action(seen, f"{play.card} {play.cell}")
            assert reading.action == Play(play.card, play.cell, play.discards)
            assert reading.action in seen.legal_actions()
            checked += bool(play.cost)
        for card, cost, index in seen.lazy_legal_actions().placements():
            payment = default_payment(seen, card, CELL_NAMES[index], cost)
            assert payment is not None
            others = list(seen.hand)
            others.remove(card)
            kept = [START] if START in others and not seen.start_played else []
            kept += [FINISH] if FINISH in others else []
            if len(others) - len(kept) >= cost:
                # Another payment exists: it never takes the start card before it is played,
                # nor the last finish card.
                assert not seen.start_played or START not in kept
                assert START not in payment.cards or seen.start_played
                assert payment.cards.count(FINISH) < others.count(FINISH) or not others.count(
                    FINISH
                )
            if rng.random() < 0.02:
                assert Play(card, CELL_NAMES[index], payment.cards) in seen.legal_actions()
    # `seed` games between bots rarely meet a safe play that costs cards; `published` ones do.
    assert checked > 5 or rules == "seed"
