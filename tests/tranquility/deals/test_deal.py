"""Deals: the value, its JSON form, and the round trip through game states."""

from __future__ import annotations

import json
import random

import pytest

from tranquility_solver.bots import HeuristicBot
from tranquility_solver.deals import Deal, DealFormatError
from tranquility_solver.game import FINISH, START, Finish, Start, new_game
from tranquility_solver.grid import Grid
from tranquility_solver.rules import Rules


@pytest.mark.parametrize("rules", ["seed", "published"])
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_random_is_the_deal_new_game_deals(rules: str, players: int) -> None:
    for seed in (0, 7, 123456789):
        state = new_game(players, seed=seed, rules=rules)
        deal = Deal.random(players, rules=rules, seed=seed)
        assert deal.to_state(seed=seed) == state
        assert deal == Deal.random(players, rules=rules, seed=seed)
    assert Deal.random(players, rules=rules, seed=1) != Deal.random(players, rules=rules, seed=2)


def test_json_form_is_the_issue_s() -> None:
    deal = Deal.random(2, rules="published", seed=4)
    data = json.loads(deal.to_json())
    assert list(data) == ["rules", "first_player", "hands", "decks", "grid", "start_played"]
    assert data["rules"] == "published"
    assert data["first_player"] == 0
    assert data["grid"] is None
    assert data["start_played"] is False
    cards = [card for part in (*data["hands"], *data["decks"]) for card in part]
    assert cards.count("S") == 2
    assert cards.count("F") == 5
    assert all(isinstance(card, int) or card in ("S", "F") for card in cards)
    assert data["decks"][0] == [
        "S" if c == START else "F" if c == FINISH else c for c in deal.decks[0]
    ]


@pytest.mark.parametrize("rules", ["seed", "published"])
def test_states_mid_game_round_trip(rules: str) -> None:
    """Every state of a bot game converts to a deal and back, through JSON too."""
    state = new_game(2, seed=11, rules=rules)
    bot = HeuristicBot()
    rng = random.Random(0)
    seen_share = False
    while not state.is_terminal:
        deal = Deal.from_state(state)
        again = Deal.from_json(deal.to_json())
        assert again == deal
        rebuilt = again.to_state()
        for field in ("grid", "hands", "decks", "discards", "start_played", "phase"):
            assert getattr(rebuilt, field) == getattr(state, field)
        assert rebuilt.current_player == state.current_player
        assert rebuilt.legal_actions() == state.legal_actions()
        seen_share |= state.phase == "share"
        state = state.apply(bot.choose(state.observation(state.current_player), rng))
    assert seen_share == (rules == "published" and state.start_played)


def test_a_hand_made_deal() -> None:
    grid = Grid.from_mapping({"a1": 1})
    deal = Deal(Rules.seed(), 0, ((3, 2, FINISH),), ((START,),), grid=grid)
    assert deal.hands == ((2, 3, FINISH),)
    assert Deal.from_json(deal.to_json()) == deal
    assert json.loads(deal.to_json())["grid"] == str(grid)


@pytest.mark.parametrize(
    ("text", "quoted"),
    [
        ("[1, 2]", "JSON object"),
        ("{", "not JSON"),
        ('{"rules": "seed", "hands": [[1]]}', "'decks'"),
        ('{"rules": "nope", "hands": [[1]], "decks": [[]]}', "'nope'"),
        ('{"rules": "seed", "hands": [[1, "Q"]], "decks": [[]]}', "hands[0][1]: 'Q'"),
        ('{"rules": "seed", "hands": [[1, 1]], "decks": [[]]}', "island card 1 appears 2"),
        ('{"rules": "seed", "hands": [[1]], "decks": [[]], "grid": "1 2"}', "grid:"),
        ('{"rules": "seed", "hands": [[1]], "decks": [[]], "first_player": 1}', "player 1"),
        ('{"rules": "seed", "hands": [["F", "F"]], "decks": [[]]}', "2 finish cards"),
        ('{"rules": "seed", "hands": [[]], "decks": [[]], "colour": 1}', "'colour'"),
        ('{"rules": "seed", "hands": [[1], [2]], "decks": [[]]}', "2 hands but 1 decks"),
        ('{"format": "x", "rules": "seed", "hands": [[1]], "decks": [[]]}', "format 'x'"),
    ],
)
def test_bad_deals_are_one_clear_error(text: str, quoted: str) -> None:
    with pytest.raises(DealFormatError) as error:
        Deal.from_json(text)
    assert quoted in str(error.value)


def test_won_state_has_no_deal() -> None:
    full = Grid(tuple(range(1, 37)))
    deal = Deal(Rules.seed(), 0, ((START, FINISH, 40),), ((41,),), grid=full)
    state = deal.to_state().apply(Start()).apply(Finish())
    assert state.outcome is not None
    assert state.outcome.won
    with pytest.raises(DealFormatError, match="already won"):
        Deal.from_state(state)


def test_a_grid_that_breaks_the_order_is_not_a_deal() -> None:
    # Found in review: the search cut it as lost while the engine let it be won.
    rows = ["5 4 3 2 1 ."] + [
        " ".join(str(n) for n in range(6 * r + 6, 6 * r, -1)) for r in range(1, 6)
    ]
    text = json.dumps(
        {"rules": "seed", "hands": [[36, "F", "S"]], "decks": [[50, 51]], "grid": "\n".join(rows)}
    )
    with pytest.raises(DealFormatError, match=r"breaks the order rule \(rules: seed text\)"):
        Deal.from_json(text)


def test_a_share_the_hands_cannot_pay_is_not_a_deal() -> None:
    # Found in review: the solver crashed on a share round with no legal action.
    cells = [str(n) for n in range(1, 36)] + ["."]
    rows = [" ".join(cells[6 * r : 6 * r + 6]) for r in range(5, -1, -1)]
    data = {
        "rules": "published",
        "hands": [[36, "F"], [40]],
        "decks": [[50], [51]],
        "grid": "\n".join(rows),
        "start_played": True,
        "share_left": 8,
    }
    with pytest.raises(DealFormatError, match="more than the 3 cards in all hands"):
        Deal.from_json(json.dumps(data))
