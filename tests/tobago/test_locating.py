"""Can a map still be located: the per-field masks against searches over cards and play orders."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tobago_solver as tb
from tobago_solver.analysis.min_clues import cover_rows
from tobago_solver.clues import Clue
from tobago_solver.compile import compiled
from tobago_solver.legality import Reason, play_reason
from tobago_solver.locating import build_locator, locator
from tobago_solver.rules import TobagoRules

from .strategies import ALL_CLUES, islands

BUNDLED = [tb.islands.get(name) for name in ("ABC-1", "aBc-3", "abc-4")]


def _single_bits(mask: int) -> list[int]:
    return [1 << i for i in range(mask.bit_length()) if mask >> i & 1]


def brute_locatable(island: tb.Island, deck: list[Clue], candidates: int) -> int:
    """The candidates some subset of ``deck`` leaves alone, trying every subset."""
    table = compiled(island)
    masks = [table.mask(card) for card in deck]
    found = 0
    for size in range(len(masks) + 1):
        for chosen in combinations(masks, size):
            left = candidates
            for mask in chosen:
                left &= mask
            if left.bit_count() == 1:
                found |= left
    return found


def playable_to_one(
    island: tb.Island, deck: list[Clue], candidates: int, rules: TobagoRules
) -> bool:
    """Whether some order of legal plays (the clue rules) of the deck's cards locates the map."""
    table = compiled(island)
    masks = [table.mask(card) for card in dict.fromkeys(deck)]
    seen: set[tuple[int, int]] = set()

    def search(before: int, used: int) -> bool:
        if before.bit_count() == 1:
            return True
        if (before, used) in seen:
            return False
        seen.add((before, used))
        for i, mask in enumerate(masks):
            after = before & mask
            legal = not used >> i & 1 and play_reason(before, after, rules) is Reason.OK
            if legal and search(after, used | 1 << i):
                return True
        return False

    return search(candidates, 0)


small_decks = st.lists(st.sampled_from(ALL_CLUES), max_size=7, unique=True)


@settings(max_examples=150)
@given(island=islands(max_columns=5, max_rows=4), deck=small_decks, data=st.data())
def test_the_masks_agree_with_every_subset_and_every_order_of_play(
    island: tb.Island, deck: list[Clue], data: st.DataObject
) -> None:
    land = compiled(island).land_mask
    candidates = data.draw(st.integers(0, land)) & land
    finder = build_locator(island, deck)
    expected = brute_locatable(island, deck, candidates)
    assert finder.locatable_fields(candidates) == expected
    assert finder.can_locate(candidates) == (expected != 0)
    for rules in (TobagoRules.seed(), TobagoRules.published(new_information_threshold=3)):
        assert playable_to_one(island, deck, candidates, rules) == (expected != 0)


@settings(max_examples=60)
@given(
    island=st.sampled_from(BUNDLED),
    deck=st.lists(st.sampled_from(tb.DECK), min_size=3, max_size=8, unique=True),
    data=st.data(),
)
def test_the_masks_agree_on_bundled_islands_with_few_candidates(
    island: tb.Island, deck: list[Clue], data: st.DataObject
) -> None:
    fields = data.draw(st.lists(st.sampled_from(island.fields), min_size=1, max_size=10))
    candidates = compiled(island).mask_of(fields)
    finder = build_locator(island, deck)
    expected = brute_locatable(island, deck, candidates)
    assert finder.locatable_fields(candidates) == expected
    assert playable_to_one(island, deck, candidates, TobagoRules.seed()) == (expected != 0)


@pytest.mark.parametrize("name", tb.islands.names())
def test_the_fields_singled_out_are_those_the_analysis_can_prove(name: str) -> None:
    island = tb.islands.get(name)
    table = compiled(island)
    masks = [table.masks[card] for card in tb.DECK]
    never = {f for f in island.fields if cover_rows(table, table.index[f], masks) is None}
    finder = locator(island)
    assert {f for f in island.fields if not finder.singled_out >> table.index[f] & 1} == never
    assert finder.can_locate(table.land_mask)


def test_the_game_deck_agrees_with_the_identifiability_report() -> None:
    island = tb.islands.default()
    table = compiled(island)
    never = tb.identifiability(island).never
    assert never
    assert table.mask_of(never) == table.land_mask & ~locator(island).singled_out
    only_never = table.mask_of(never)
    assert not locator(island).can_locate(only_never)
    for field in never:  # one never-field alone is already located
        assert locator(island).can_locate(1 << table.index[field])


def test_the_locator_is_computed_once_per_island() -> None:
    island = tb.islands.get("abc-4")
    assert locator(island) is locator(island)
    assert locator(island) == build_locator(island, tb.DECK)
