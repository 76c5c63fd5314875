"""Shortest proofs: exact, optimal (against brute force), None only when impossible, playable."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tobago_solver as tb
from tests.tobago.strategies import islands
from tobago_solver.analysis.min_clues import deck_cards
from tobago_solver.compile import compiled

ISLAND = tb.islands.default()


def brute_force_minimum(island: tb.Island, field: str, deck: tuple[tb.Clue, ...]) -> int | None:
    """The fewest cards leaving exactly ``field``: every subset, by increasing size.

    Cards with the same field set are interchangeable, so subsets are taken over distinct masks of
    cards that hold on the field (a card that rules the field out can never be in a proof).
    """
    table = compiled(island)
    target = 1 << table.index[field]
    masks = sorted({table.masks[card] for card in deck if table.masks[card] & target})
    for size in range(len(masks) + 1):
        for subset in itertools.combinations(masks, size):
            left = table.land_mask
            for mask in subset:
                left &= mask
            if left == target:
                return size
    return None


def assert_proof(island: tb.Island, field: str, proof: tuple[tb.Clue, ...]) -> None:
    assert set(tb.candidates(island, proof)) == {field}
    assert len(set(proof)) == len(proof)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(islands(), st.data())
def test_minimum_matches_brute_force_on_small_islands(
    island: tb.Island, data: st.DataObject
) -> None:
    field = data.draw(st.sampled_from(island.fields))
    proof = tb.min_clues(island, field)
    expected = brute_force_minimum(island, field, tb.DECK)
    if expected is None:
        assert proof is None
    else:
        assert proof is not None
        assert len(proof) == expected
        assert_proof(island, field, proof)


@settings(max_examples=25, deadline=None)
@given(islands(max_columns=5, max_rows=4), st.data())
def test_minimum_with_a_partial_deck(island: tb.Island, data: st.DataObject) -> None:
    deck = tuple(
        data.draw(st.lists(st.sampled_from(tb.DECK), min_size=1, max_size=20, unique=True))
    )
    field = data.draw(st.sampled_from(island.fields))
    proof = tb.min_clues(island, field, deck)
    expected = brute_force_minimum(island, field, deck)
    assert (None if proof is None else len(proof)) == expected
    if proof is not None:
        assert set(proof) <= set(deck)
        assert_proof(island, field, proof)


@pytest.mark.parametrize("step", [0, 1])
def test_minimum_matches_brute_force_on_a_bundled_island(step: int) -> None:
    # Bundled islands give the larger minima (3 to 5) that small random islands rarely reach.
    proofs = sorted(locatable_fields(ISLAND), key=lambda item: (-len(item[1]), item[0]))
    for field, proof in proofs[step::9][:3]:
        assert brute_force_minimum(ISLAND, field, tb.DECK) == len(proof)


def test_every_field_of_the_default_island_is_exact_or_provably_never() -> None:
    table = compiled(ISLAND)
    for field in ISLAND.fields:
        proof = tb.min_clues(ISLAND, field)
        target = 1 << table.index[field]
        if proof is None:
            # Every card holding on the field together still leaves another field.
            left = table.land_mask
            for card in tb.DECK:
                if table.masks[card] & target:
                    left &= table.masks[card]
            assert left != target
        else:
            assert_proof(ISLAND, field, proof)


def locatable_fields(island: tb.Island) -> list[tuple[str, tuple[tb.Clue, ...]]]:
    found = []
    for field in island.fields:
        proof = tb.min_clues(island, field)
        if proof is not None:
            found.append((field, proof))
    return found


@pytest.mark.parametrize("rules", ["seed", "published"])
def test_playable_order_is_legal_card_by_card(rules: str) -> None:
    for field, _ in locatable_fields(ISLAND)[::5]:
        order = tb.min_clues(ISLAND, field, playable=True, rules=rules)  # type: ignore[arg-type]
        assert order is not None
        for position, clue in enumerate(order):
            verdict = tb.check_clue(ISLAND, order[:position], clue, rules)  # type: ignore[arg-type]
            assert verdict.legal, verdict.message
        assert set(tb.candidates(ISLAND, order)) == {field}


def test_a_minimum_proof_is_legal_in_every_order() -> None:
    # The argument of docs/analysis.md: each card of a minimum set rules out a field no other
    # card does, so in any order every card shrinks the candidates and the field stays.
    rng = random.Random(5)
    for _, proof in locatable_fields(ISLAND)[::7]:
        orders = list(itertools.permutations(proof))
        for order in rng.sample(orders, min(6, len(orders))):
            for position, clue in enumerate(order):
                assert tb.check_clue(ISLAND, order[:position], clue, explain=False).legal


def test_playable_order_searches_when_a_set_has_spare_cards() -> None:
    # "in lake" after "in largest lake" gives nothing new: only the other order is legal.
    order = tb.playable_order(ISLAND, ["in largest lake", "in lake"])
    assert order == (tb.Clue.parse("in lake"), tb.Clue.parse("in largest lake"))
    for position, clue in enumerate(order):
        assert tb.check_clue(ISLAND, order[:position], clue, explain=False).legal
    assert tb.playable_order(ISLAND, ["in largest lake", "in largest lake"]) is None
    assert tb.playable_order(ISLAND, []) == ()


def test_a_time_out_is_undecided_never_an_answer() -> None:
    field, proof = max(locatable_fields(ISLAND), key=lambda item: len(item[1]))
    assert len(proof) > 1
    with pytest.raises(tb.SolverUnknownError):
        tb.min_clues(ISLAND, field, time_limit=0)


def test_bad_input_is_a_tobago_error_quoting_it() -> None:
    with pytest.raises(tb.UnknownFieldError, match="zz9"):
        tb.min_clues(ISLAND, "zz9")
    with pytest.raises(tb.TobagoError, match="nan"):
        tb.min_clues(ISLAND, "j2", time_limit=float("nan"))
    with pytest.raises(tb.ClueSyntaxError, match="in sea"):
        tb.min_clues(ISLAND, "j2", deck=["in sea"])
    with pytest.raises(tb.TobagoError, match="in lake"):
        tb.min_clues(ISLAND, "j2", deck="in lake")


def test_duplicate_cards_count_once() -> None:
    assert deck_cards(["in lake", "in lake", "not in hut"]) == (
        tb.Clue.parse("in lake"),
        tb.Clue.parse("not in hut"),
    )
