"""Short forms at the table: ``CARD CELL`` pays a cost with the cards that help least."""

from __future__ import annotations

from dataclasses import replace

from tranquility_solver.game import new_game
from tranquility_solver.game.choices import FINISH
from tranquility_solver.game.shortforms import cheapest_first, read_action
from tranquility_solver.grid import Grid


def test_a_card_that_fits_no_cell_is_paid_before_one_that_fits_many() -> None:
    # Found playing: 6 fits one empty cell (a1), 70 the nine between 66 and 76, yet the
    # payment took 70 (and a spare finish card) and kept 6.
    grid = Grid.from_mapping(
        {"b1": 11, "d1": 16, "f1": 19, "b2": 21, "e2": 30, "f2": 31, "b3": 33, "e3": 39}
        | {"a4": 42, "d4": 55, "a5": 66, "f6": 76}
    )
    state = replace(
        new_game(1, seed=3, rules="published"), grid=grid, hands=((6, 37, 70, FINISH, FINISH),)
    )
    seen = state.observation(0)
    assert cheapest_first(seen, [6, 70, FINISH, FINISH]) == [FINISH, 6, 70, FINISH]
    reading = read_action(seen, "37 d3")
    assert reading.action.discards == (6, FINISH)  # type: ignore[union-attr]
    assert "paid with finish (a spare finish card: you keep one) and 6 (no way to fill the" in (
        reading.note
    )


def test_of_cards_that_fit_as_many_cells_the_one_dearest_to_place_is_paid_first() -> None:
    # Found playing: 20 (a2 for 1 card), 26 (d2 for 4), 60 (f4 for 4) each fit one cell; the
    # payment for 17 on e1 took 20.
    grid = Grid.from_mapping(
        {"b1": 11, "c1": 13, "d1": 16, "f1": 19, "b2": 21, "c2": 22, "e2": 30, "f2": 31}
        | {"b3": 33, "c3": 34, "d3": 37, "e3": 39, "f3": 40, "a4": 42, "b4": 43, "c4": 44}
        | {"d4": 55, "e4": 56, "a5": 66, "c6": 71, "d6": 72, "e6": 73, "f6": 76}
    )
    state = replace(new_game(1, seed=3, rules="published"), grid=grid, hands=((17, 20, 26, 60),))
    assert read_action(state.observation(0), "17 e1").action.discards == (26,)  # type: ignore[union-attr]


def test_an_action_numbered_past_99_is_read() -> None:
    # The list holds every way to pay a play: often more than 99 actions.
    seen = new_game(2, seed=1).observation(0)
    legal = seen.lazy_legal_actions()
    assert len(legal) > 100
    assert read_action(seen, f"#{len(legal)}").action == legal[-1]
    assert read_action(seen, "#100").action == legal[99]
