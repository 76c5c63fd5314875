"""Random legal landmark placements drawn with CP-SAT, checked by the solver-independent rules."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tobago_solver import islands
from tobago_solver.errors import NoLandmarkPlacementError, SolverUnknownError
from tobago_solver.island import Island, LandmarkKind
from tobago_solver.placement import place_landmarks
from tobago_solver.validation import LandmarkCounts, count_problems, may_hold_statue

SAMPLE = ("ABC-1", "aBc-2", "abc-4")


def _assert_legal(placed: Island, original: Island, counts: LandmarkCounts) -> None:
    assert placed.landmark_problems() == []
    assert count_problems(placed, counts) == []
    assert placed.cells == original.cells
    assert placed.name == original.name


@pytest.mark.parametrize("name", SAMPLE)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_placement_is_legal_with_exact_counts(name: str, seed: int) -> None:
    island = islands.get(name)
    placed = place_landmarks(island, seed=seed)
    _assert_legal(placed, island, LandmarkCounts())
    assert [len(placed.landmarks_of(kind)) for kind in LandmarkKind] == [4, 3, 3]


def test_same_seed_same_placement() -> None:
    island = islands.get("AbC-3")
    assert place_landmarks(island, seed=42) == place_landmarks(island, seed=42)


def test_different_seeds_give_different_placements() -> None:
    island = islands.get("AbC-3")
    placements = {place_landmarks(island, seed=seed).landmarks for seed in range(5)}
    assert len(placements) >= 2


def test_existing_landmarks_are_replaced() -> None:
    island = islands.get("ABC-1")
    placed = place_landmarks(island, seed=3, counts=LandmarkCounts(1, 1, 1))
    assert len(placed.landmarks) == 3
    assert place_landmarks(island, counts=LandmarkCounts(0, 0, 0)).landmarks == ()


@settings(max_examples=15, deadline=None)
@given(
    huts=st.integers(0, 6),
    palms=st.integers(0, 6),
    statues=st.integers(0, 4),
    seed=st.integers(0, 2**31 - 1),
)
def test_configurable_counts(huts: int, palms: int, statues: int, seed: int) -> None:
    island = islands.get("aBC-4")
    counts = LandmarkCounts(huts, palms, statues)
    _assert_legal(place_landmarks(island, seed=seed, counts=counts), island, counts)


def test_impossible_counts_raise() -> None:
    with pytest.raises(NoLandmarkPlacementError, match="40 huts"):
        place_landmarks(islands.get("abc-1"), counts=LandmarkCounts(40, 0, 0))


def test_counts_beyond_the_packing_limit_are_proven_impossible() -> None:
    # Fewer fields than landmarks is caught early; this one needs the solver's proof.
    flower = Island.from_text("terrain:\n. B B\n B L B\n. B B\n")
    assert len(flower) == 7
    with pytest.raises(NoLandmarkPlacementError, match="no legal placement of 2 huts"):
        place_landmarks(flower, counts=LandmarkCounts(2, 0, 0))


def test_an_island_without_inland_fields_holds_no_statue() -> None:
    strip = Island.from_text("name: strip\nterrain:\nB J L M\n S R B\n")
    assert not any(may_hold_statue(strip, field) for field in strip.fields)
    with pytest.raises(NoLandmarkPlacementError, match="0 of which may hold a statue"):
        place_landmarks(strip, counts=LandmarkCounts(1, 1, 1))
    placed = place_landmarks(strip, counts=LandmarkCounts(1, 1, 0))
    _assert_legal(placed, strip, LandmarkCounts(1, 1, 0))


def test_a_time_out_is_unknown_not_impossible() -> None:
    with pytest.raises(SolverUnknownError, match="does not mean none exists"):
        place_landmarks(islands.get("ABC-2"), time_limit=0.0)


def test_a_negative_time_limit_is_rejected() -> None:
    with pytest.raises(ValueError, match="time_limit"):
        place_landmarks(islands.get("ABC-2"), time_limit=-1.0)


def test_the_message_names_the_island_and_the_counts() -> None:
    with pytest.raises(NoLandmarkPlacementError) as error:
        place_landmarks(islands.get("abc-2"), counts=LandmarkCounts(1, 1, 9))
    message = str(error.value)
    assert "'abc-2'" in message
    assert "1 hut, 1 palm and 9 statues" in message
    assert "may hold a statue" in message


def test_negative_seed_is_refused() -> None:
    with pytest.raises(ValueError, match="seed must not be negative"):
        place_landmarks(islands.default(), seed=-1)
