"""The table as text: str(state), str(observation) and the views the command line prints."""

from __future__ import annotations

from dataclasses import replace

import pytest

import tranquility_solver as tq
from tranquility_solver.bots import RandomBot
from tranquility_solver.game import FINISH, START, board_text
from tranquility_solver.game.records import play_game, replay


@pytest.mark.parametrize("rules", ["seed", "published"])
def test_every_player_reads_the_same_table_as_the_state(rules: str) -> None:
    record = play_game([RandomBot(), RandomBot(), RandomBot()], seed=8, rules=rules)
    for state in replay(record):
        text = str(state)
        for p in range(state.players):
            assert board_text(state.observation(p), own_view=False) == text
        lines = text.splitlines()
        assert lines[0].startswith("     a  b  c  d  e  f   ")
        for row in range(6, 0, -1):
            cells = state.grid.cells[(row - 1) * 6 : row * 6]
            shown = "".join(f"{'.' if v is None else v:>3}" for v in cells)
            assert lines[7 - row].startswith(f"{row:>3}{shown}")
        for p, (hand, deck) in enumerate(zip(state.hands, state.decks, strict=True)):
            assert f"P{p}      {len(hand):>4}{len(deck):>6}" in text
        assert "your hand" not in text
        assert max(map(len, lines)) <= 80
        assert "\n" not in repr(state)


def test_a_player_sees_their_hand_with_where_each_card_fits() -> None:
    state = tq.new_game(2, seed=1)
    seen = str(state.observation(0))
    assert "P0 (you)" in seen
    assert "your turn (P0)" in seen
    for card in state.hands[0]:
        assert f"\n{card:>6}  any empty cell, free" in seen
    after = state.apply(tq.parse_action("play 3 b1"))
    lines = str(after.observation(0)).splitlines()
    # a1 must now hold less than 3, b1 is taken: every other cell is free for the cards held.
    assert "    12  c1-f1 a2-f2 a3-f3 a4-f4 a5-f5 a6-f6 free" in lines


def test_published_discards_stay_face_down_in_the_text() -> None:
    state = tq.new_game(2, seed=1, rules="published")
    discard = next(a for a in state.legal_actions() if isinstance(a, tq.Discard))
    after = state.apply(discard)
    assert "discards: 2 cards, face down" in str(after)
    cards = " ".join(map(str, discard.cards))
    assert f"discards: 2 cards, face down; yours: {cards}" in str(after.observation(0))
    assert cards not in str(after.observation(1)).split("discards")[1].splitlines()[0]
    seen = tq.new_game(2, seed=1).apply(tq.parse_action("discard 3 5"))
    assert "discards (2, face up): 3 5" in str(seen)


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


def test_a_card_held_twice_is_one_line_of_the_hand() -> None:
    # Found playing: three finish cards in hand were three identical lines.
    state = tq.new_game(2, seed=1)
    state = replace(state, hands=((3, tq.FINISH, tq.FINISH, tq.FINISH, 12), state.hands[1]))
    lines = str(state.observation(0)).splitlines()
    finishes = [line for line in lines if line.startswith("finish  ")]
    assert finishes == ["finish  3 held: play 'finish' on a full grid after the start card to win"]


def test_holding_an_unplayed_start_card_the_hand_lists_no_placement() -> None:
    # `published`: a player holding a start card while none was played must play it; the
    # listing offered placements ("64 b5") the engine then refused.
    state = tq.new_game(2, seed=4, rules="published")
    while START not in state.hands[state.current_player]:
        state = state.apply(state.legal_actions()[-1])
    seen = state.observation(state.current_player)
    assert seen.legal_actions() == (tq.game.Start(),)
    shown = board_text(seen)
    hand = shown[shown.index("your hand") :]
    assert "play your start card first ('start')" in hand
    assert "free" not in hand
    assert "(cost" not in hand
    assert max(map(len, hand.splitlines())) <= 80


def test_a_card_that_fits_only_where_it_costs_too_much_says_so() -> None:
    # Found playing: 53 between f4 = 46 and c5 = 59 was listed as fitting "no empty cell",
    # where a5 and b5 take it by the order rule but cost more than the hand can pay.
    grid = tq.Grid.from_mapping({"f4": 46, "c5": 59})
    state = replace(tq.new_game(2, seed=1, rules="published"), grid=grid)
    state = replace(state, hands=((1, 2, 3, 4, 53), state.hands[1]))
    shown = board_text(state.observation(0))
    assert "53  fits a5-b5, but costs more cards there than you can pay" in shown
