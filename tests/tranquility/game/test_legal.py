"""The engine's lazy listing of legal actions against a plain one built from the validators.

The plain listing tries every candidate: each island card on each empty cell through
``check_placement`` (with every choice of payment of its cost), every pair of hand cards as a
discard, start, finish, and in the share phase every part of the hand as a share, each kept
when the engine's validators accept it. Sorted by the documented order, it must be exactly
what the engine lists, on 500 states of random games of both presets and 1-5 players.
"""

from __future__ import annotations

import random
from functools import partial
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tranquility_solver as tq
from tranquility_solver.errors import IllegalActionError, TranquilityError
from tranquility_solver.game import (
    Action,
    Discard,
    Finish,
    GameState,
    Play,
    Share,
    Start,
    new_game,
)
from tranquility_solver.game.legal import LegalActions, Phase, legal_actions_of
from tranquility_solver.placement import UNKNOWN_COST, Openings, openings
from tranquility_solver.rules import BLIND_COST_READERS, CARD_BLIND_COSTS, STEADY_COST_READERS

from ..strategies import grids, random_rules

STATES = 500
PRESETS = (tq.Rules.seed(), tq.Rules.published())


def _distinct_parts(cards: tuple[int, ...], size: int) -> set[tuple[int, ...]]:
    return {tuple(sorted(part)) for part in combinations(cards, size)}


def _accepted(state: GameState, action: tq.Action) -> bool:
    try:
        state.apply(action)
    except IllegalActionError:
        return False
    return True


def _plain_plays(state: GameState, hand: tuple[int, ...]) -> list[Play]:
    plays = []
    for card in sorted({card for card in hand if 1 <= card <= 80}):
        others = list(hand)
        others.remove(card)
        for cell in state.grid.empty_cells:
            try:
                cost = tq.check_placement(state.grid, cell, card, state.rules, len(hand))
            except TranquilityError:
                continue
            plays.extend(Play(card, cell, paid) for paid in _distinct_parts(tuple(others), cost))
    return plays


def plain_legal_actions(state: GameState) -> list[tq.Action]:
    """Every legal action, found by trying every candidate, in the documented order."""
    if state.outcome is not None:
        return []
    hand = state.hands[state.current_player]
    if state.phase == "share":
        shares = [
            Share(part) for size in range(len(hand) + 1) for part in _distinct_parts(hand, size)
        ]
        return sorted(
            (share for share in shares if _accepted(state, share)),
            key=lambda share: (len(share.cards), share.cards),
        )
    candidates: list[tq.Action] = [*_plain_plays(state, hand), Start(), Finish()]
    candidates += [Discard(pair) for pair in _distinct_parts(hand, 2)]
    # A play the placement check allows is still refused when the start card must go first.
    legal = [action for action in candidates if _accepted(state, action)]

    def documented_order(action: tq.Action) -> tuple[object, ...]:
        if isinstance(action, Play):
            return (0, action.card, len(action.discards), tq.cell_index(action.cell))
        if isinstance(action, Discard):
            return (1, action.cards)
        return (2,) if isinstance(action, Start) else (3,)

    plays_in_payment_order = sorted(legal, key=lambda a: getattr(a, "discards", ()))
    return sorted(plays_in_payment_order, key=documented_order)


def _random_states(count: int) -> list[GameState]:
    """States of seeded random games, both presets, 1-5 players, every phase."""
    rng = random.Random(18)
    states: list[GameState] = []
    game = 0
    while len(states) < count:
        rules = PRESETS[game % 2]
        state = new_game(1 + game % 5, seed=game, rules=rules)
        while len(states) < count:
            if rng.random() < 0.3 or state.phase == "share":
                states.append(state)
            if state.is_terminal:
                break
            state = state.apply(rng.choice(state.legal_actions()))
        game += 1
    return states


@pytest.fixture(scope="module")
def random_states() -> list[GameState]:
    states = _random_states(STATES)
    assert {state.phase for state in states} == {"play", "share"}
    assert any(state.is_terminal for state in states)
    return states


def test_the_engine_lists_what_the_validators_accept(random_states: list[GameState]) -> None:
    for state in random_states:
        plain = plain_legal_actions(state)
        lazy = state.lazy_legal_actions()
        assert state.legal_actions() == tuple(plain), repr(state)
        assert len(lazy) == len(plain)
        assert [lazy[index] for index in range(len(lazy))] == plain
        assert all(action in lazy for action in plain)
        paid = [paid for cost, payments in lazy.payments_by_placement() for paid in payments]
        assert paid == [action.discards for action in plain if isinstance(action, Play)]
        costs = [cost for cost, payments in lazy.payments_by_placement() for _ in payments]
        assert costs == [len(discards) for discards in paid]
        sets = [action.cards for action in plain if isinstance(action, Discard | Share)]
        assert list(lazy.card_sets()) == sets
        assert lazy.tail() == tuple(a for a in plain if isinstance(a, Start | Finish))
        assert state.lazy_legal_actions().single() == (plain[0] if len(plain) == 1 else None)
        assert bool(lazy) == bool(plain)
        observation = state.observation(state.current_player)
        assert observation.legal_actions() == tuple(plain)


def test_single_is_the_one_action_of_a_listing_of_one() -> None:
    # A fresh listing each time: single() must not lean on counts len() worked out before.
    nearly_full = tq.Grid((*range(1, 36), None))
    cases: list[tuple[tq.Rules, tq.Grid, tuple[int, ...], Phase, bool, Action | None]] = [
        (tq.Rules.seed(), nearly_full, (50,), "play", True, Play(50, "f6")),
        (tq.Rules.seed(), nearly_full, (36, 81), "play", True, None),  # a play and a discard
        (tq.Rules.published(), nearly_full, (36, 81), "play", True, None),
        (tq.Rules.published(), tq.Grid.empty(), (0, 5), "play", False, Start()),
        (tq.Rules.published(), tq.Grid.empty(), (5,), "share", True, None),  # 5 or none
        (tq.Rules.published(), tq.Grid.empty(), (5,), "share", False, Share((5,))),  # must give
        (tq.Rules.seed(), nearly_full, (0,), "play", True, None),  # nothing at all
    ]
    # The flag: in the play phase whether a start card was played; in the share phase, with
    # one card left to give, whether a later player could give it instead.
    for rules, grid, hand, phase, flag, expected in cases:
        share = {"share_left": 1, "later_capacity": int(flag)} if phase == "share" else {}
        start_played = flag if phase == "play" else True
        listed = partial(legal_actions_of, rules, grid, hand, phase, start_played, **share)
        assert listed().single() == expected, (rules.name, hand)
        assert bool(listed()) == (hand != (0,)), (rules.name, hand)
        assert (len(listed()) == 1) == (expected is not None)


def test_in_answers_for_actions_not_listed_too(random_states: list[GameState]) -> None:
    for state in random_states[::5]:
        hand = state.hands[state.current_player]
        listed = set(plain_legal_actions(state))
        candidates: set[tq.Action] = {Start(), Finish(), Discard((hand[0], 80))}
        for card in hand:
            others = list(hand)
            others.remove(card)
            for cell in tq.CELL_NAMES[::5]:
                for size in range(len(others) + 1):
                    candidates.update(
                        Play(card, cell, paid) for paid in _distinct_parts(tuple(others), size)
                    )
        candidates.update(Share(part) for part in _distinct_parts(hand, 2))
        candidates.update(Discard(part) for part in _distinct_parts(hand, 2))
        lazy = state.lazy_legal_actions()
        assert {action for action in candidates if action in lazy} == candidates & listed


def test_indexing_is_that_of_a_tuple() -> None:
    legal = legal_actions_of(tq.Rules.seed(), tq.Grid.empty(), (3, 5, 81), "play", True)
    listed = tuple(legal)
    assert legal[-1] == listed[-1]
    assert legal[2:5] == listed[2:5]
    with pytest.raises(IndexError):
        legal[len(listed)]
    assert legal.count_of(Play) == sum(isinstance(a, Play) for a in listed)
    assert legal.count_of(Discard) == 3
    assert legal.count_of(Finish) == 0
    assert legal.index(listed[7]) == 7
    assert isinstance(legal, LegalActions)


def test_repeated_cards_pay_once_per_distinct_choice() -> None:
    grid = tq.Grid.from_mapping({"a1": 5, "c1": 9})
    legal = legal_actions_of(tq.Rules.seed(), grid, (6, 81, 81, 0), "play", True)
    plays = [action for action in legal if isinstance(action, Play) and action.cell == "b1"]
    # Cost 4 is more than the three other cards; cost 0 cells take no payment.
    assert plays == []
    legal = legal_actions_of(tq.Rules.published(), grid, (6, 81, 81, 0), "play", True)
    paid = [action.discards for action in legal if isinstance(action, Play) and action.cell == "b1"]
    assert paid == [(0,), (81,)]  # cost 1 (next to 5): the start card, or a finish card once
    assert len(legal) == len(tuple(legal))


@given(grids(), random_rules(), st.data())
def test_openings_after_a_play_are_those_of_the_new_grid(
    grid: tq.Grid, rules: tq.Rules, data: st.DataObject
) -> None:
    table = openings(grid, rules)
    cards = [card for card in range(1, 81) if card not in grid.numbers]
    placements = table.placements(cards, hand_size=1000)
    if not placements:
        return
    card, index, _ = data.draw(st.sampled_from(placements))
    after = table.placed(index, card)
    assert after == grid.place(index, card)
    carried = openings(after, rules)
    assert carried.bounds == Openings.of(after, rules).bounds
    # One interval per pair of bounds, its mask naming its cells.
    assert len({(low, high) for low, high, _, _ in carried.intervals}) == len(carried.intervals)
    assert all(mask == sum(1 << cell for cell in cells) for _, _, mask, cells in carried.intervals)


@given(grids(), st.integers(0, 35), st.integers(1, 80))
def test_a_filled_cell_changes_only_the_costs_of_its_readers(
    grid: tq.Grid, changed: int, card: int
) -> None:
    for rule, readers in BLIND_COST_READERS.items():
        values = list(grid.cells)
        values[changed] = None if values[changed] is not None else card
        other = tuple(values)
        for cell in range(36):
            if cell != changed and rule(grid.cells, cell, 1) != rule(other, cell, 1):
                assert cell in readers[changed]
    assert set(BLIND_COST_READERS) == set(CARD_BLIND_COSTS)


@pytest.mark.parametrize("rules", [tq.Rules.seed(), tq.Rules.published()])
def test_known_costs_carried_along_games_are_those_of_each_grid(rules: tq.Rules) -> None:
    """The cells whose cost no card changes (every empty cell where the cost is blind to the
    card, `seed`; those with no filled cell read in `published`) go from grid to grid, redoing
    the cells the new card wedges (`seed`) or dropping the readers of the new card
    (`published`): along random games of 1-5 players the table is there before anything asks
    for it and equals the one worked out afresh, and each of its cells costs what the rule
    says for every card."""
    rng = random.Random(6)
    carried = 0
    for game in range(10):
        state = new_game(1 + game % 5, seed=game, rules=rules)
        while not state.is_terminal:
            table = openings(state.grid, state.rules)
            if state.grid.filled_count and "known_costs" in table.__dict__:
                assert table.known_costs == Openings.of(state.grid, state.rules).known_costs
                for index, cost in enumerate(table.known_costs):
                    if cost == UNKNOWN_COST:
                        continue
                    assert {
                        state.rules.cost(state.grid.cells, index, card) for card in range(1, 81)
                    } == {cost}
                carried += 1
            state = state.apply(rng.choice(state.legal_actions()))
    assert carried > 100


@given(grids(), st.integers(0, 35), st.integers(1, 80))
def test_a_cell_reading_no_filled_cell_costs_the_same_for_every_card(
    grid: tq.Grid, changed: int, card: int
) -> None:
    # What a steady-cost table assumes of its rules: a cell's cost depends on the card only
    # through the cells it reads, and changes only with them.
    for rule, readers in STEADY_COST_READERS.items():
        values = list(grid.cells)
        values[changed] = None if values[changed] is not None else card
        other = tuple(values)
        for cell in range(36):
            if cell != changed and rule(grid.cells, cell, card) != rule(other, cell, card):
                assert cell in readers[changed]
            reads = [read for read, cells in enumerate(readers) if cell in cells]
            if all(grid.cells[read] is None for read in reads):
                assert len({rule(grid.cells, cell, other_card) for other_card in range(1, 81)}) == 1
