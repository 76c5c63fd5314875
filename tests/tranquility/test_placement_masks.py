"""Placement masks list and count the placements the openings list, card after card."""

from __future__ import annotations

import random
from math import comb

from hypothesis import given, settings
from hypothesis import strategies as st

from tranquility_solver.grid import FIRST_CARD, LAST_CARD, Cells, Grid
from tranquility_solver.placement import openings
from tranquility_solver.placement_masks import PlacementMasks
from tranquility_solver.rules import Rules

from .strategies import PRESETS, random_rules


def _agree(masks: PlacementMasks, grid: Grid, rules: Rules, rng: random.Random) -> None:
    assert masks.grid() == grid
    table = openings(grid, rules)
    free = [card for card in range(FIRST_CARD, LAST_CARD + 1) if card not in grid.numbers]
    cards = sorted(rng.sample(free, min(5, len(free))))
    for budget in (0, 2, 4, 8, 80):
        listed = table.plays(cards, budget + 1)
        for card in cards:
            assert masks.placements(card, budget) == [
                (cost, cell) for played, cost, cell in listed if played == card
            ]
        weights = [comb(budget, cost) for cost in range(budget + 1)]
        counted = masks.count(cards, weights)
        assert counted == [
            sum(weights[cost] for played, cost, _ in listed if played == card) for card in cards
        ]
        # Each play, counted weights[cost] times per placement, is located where the listing
        # puts it.
        for card, count in zip(cards, counted, strict=True):
            for index in sorted({0, count // 2, count - 1}) if count else ():
                assert masks.locate(card, index, weights) == _walk(listed, card, index, weights)


def _walk(
    listed: list[tuple[int, int, int]], card: int, index: int, weights: list[int]
) -> tuple[int, int, int]:
    """The ``index``-th play of ``card`` in the listing, each placement weighing its cost's
    weight: its cost, cell and index within the placement."""
    for played, cost, cell in listed:
        if played == card:
            if index < weights[cost]:
                return cost, cell, index
            index -= weights[cost]
    raise AssertionError("past the last play")


def _card_cost(cells: Cells, index: int, card: int) -> int:
    """A cost rule no table knows: it reads the card and the cell, so every cost is unknown
    until the card is given."""
    del cells
    return (card + index) % 4


CARD_COST = Rules("card cost", PRESETS[1].precedences, True, _card_cost)


@settings(max_examples=60)
@given(
    rules=st.sampled_from((*PRESETS, CARD_COST)) | random_rules(),
    seed=st.integers(0, 2**32),
    start=st.integers(0, 20),
)
def test_the_masks_follow_the_openings_through_a_game(rules: Rules, seed: int, start: int) -> None:
    # A grid reached by legal placements (some of them given at once, the rest one by one):
    # after each, both shapes list the same placements for random hands and budgets.
    rng = random.Random(seed)
    grid = Grid.empty()
    masks: PlacementMasks | None = None
    for step in range(36):
        if step == start:
            masks = PlacementMasks.of(grid, rules)
        if masks is not None:
            _agree(masks, grid, rules, rng)
        free = [card for card in range(FIRST_CARD, LAST_CARD + 1) if card not in grid.numbers]
        plays = openings(grid, rules).plays(free, 81)
        if not plays:
            break
        card, _, cell = rng.choice(plays)
        grid = openings(grid, rules).placed(cell, card)
        if masks is not None:
            masks.place(cell, card)
    if masks is not None:
        _agree(masks, grid, rules, rng)
