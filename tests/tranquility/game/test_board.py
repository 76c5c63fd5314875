"""The table as text: str(state), str(observation) and the views the command line prints."""

from __future__ import annotations

import pytest

import tranquility_solver as tq
from tranquility_solver.game import FINISH, START, board_text
from tranquility_solver.game.bots import RandomBot
from tranquility_solver.game.records import play_game, replay


@pytest.mark.parametrize("rules", ["seed", "published"])
def test_every_player_reads_the_same_table_as_the_state(rules: str) -> None:
    record = play_game([RandomBot(), RandomBot(), RandomBot()], seed=8, rules=rules)
    for state in replay(record):
        text = str(state)
        assert text == board_text(state.observation(state.current_player))
        assert all(str(state.observation(p)) == text for p in range(state.players))
        lines = text.splitlines()
        assert "\n".join(lines[:-1]) + "\n" == str(state.grid)
        sizes = " ".join(
            f"P{p}:{len(hand)}/{len(deck)}"
            for p, (hand, deck) in enumerate(zip(state.hands, state.decks, strict=True))
        )
        assert lines[-1].startswith(f"hand/deck sizes {sizes}; start ")
        assert f"; discards {len(state.discards)} (" in lines[-1]
        assert "\n" not in repr(state)


def test_published_discards_stay_face_down_in_the_text() -> None:
    state = tq.new_game(2, seed=1, rules="published")
    after = state.apply(next(a for a in state.legal_actions() if isinstance(a, tq.Discard)))
    assert str(after).endswith("discards 2 (face down)")
    seen = tq.new_game(2, seed=1).apply(tq.parse_action("discard 3 5"))
    assert str(seen).endswith("discards 2 (3 5)")


def test_a_solution_line_numbers_each_action_with_its_player() -> None:
    two_empty = tq.Grid((*range(1, 35), None, None))
    hands = ((START, 35, 60), (FINISH, 36, 61))
    deal = tq.Deal(tq.Rules.seed(), 0, hands, ((50,), (51,)), grid=two_empty)
    solution = tq.solve_deal(deal, time_limit=30)
    assert solution.won
    lines = solution.line_text(deal).splitlines()
    assert len(lines) == len(solution.line)
    assert {line.split(":")[0].split()[-1] for line in lines} == {"0", "1"}  # both players act
    state = deal.to_state()
    for number, (line, text) in enumerate(zip(lines, solution.line, strict=True), 1):
        assert line == f"{number:4d}. player {state.current_player}: {text}"
        state = state.apply(tq.parse_action(text))
    assert state.outcome is not None
    assert state.outcome.won
    assert solution.statistics_text().startswith(f"statistics: {solution.nodes:,} positions, ")
