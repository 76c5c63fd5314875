"""Clue legality: the three clue rules, the presets, and smallest conflicting subsets."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tobago_solver as tb
from tobago_solver.clues import Clue
from tobago_solver.engines import naive

from .strategies import ALL_CLUES, clue_lists, islands


def naive_reason(island: tb.Island, clues: list[Clue], clue: Clue, threshold: int | None) -> str:
    before = naive.candidates(island, clues)
    after = naive.candidates(island, [*clues, clue])
    if len(before) == 1:
        return "contradiction" if not after else "no-new-information"
    if not after:
        return "contradiction"
    if after == before and (threshold is None or len(before) <= threshold):
        return "no-new-information"
    return "ok"


@settings(max_examples=60, deadline=None)
@given(islands(), clue_lists(max_size=6), st.sampled_from(ALL_CLUES))
def test_verdicts_follow_the_rules(island: tb.Island, clues: list[Clue], clue: Clue) -> None:
    for rules, threshold in (("seed", None), ("published", 16)):
        verdict = tb.check_clue(island, clues, clue, rules)
        assert verdict.reason == naive_reason(island, clues, clue, threshold)
        assert verdict.legal == (verdict.reason == "ok")
        assert verdict.candidates == naive.candidates(island, [*clues, clue])
        assert verdict.before == naive.candidates(island, clues)


@settings(max_examples=60, deadline=None)
@given(islands(), clue_lists(max_size=7), st.sampled_from(ALL_CLUES))
def test_conflict_is_a_smallest_contradicting_subset(
    island: tb.Island, clues: list[Clue], clue: Clue
) -> None:
    verdict = tb.check_clue(island, clues, clue)
    if verdict.reason != "contradiction":
        assert verdict.conflict == ()
        return
    conflict = list(verdict.conflict)
    assert all(c in clues for c in conflict)
    assert not naive.candidates(island, [*conflict, clue])
    for i in range(len(conflict)):
        assert naive.candidates(island, [*conflict[:i], *conflict[i + 1 :], clue])
    # No smaller subset of the map's clues contradicts the new clue.
    for size in range(len(conflict)):
        for subset in combinations(clues, size):
            assert naive.candidates(island, [*subset, clue])


def test_rule_messages_and_rule_numbers() -> None:
    island = tb.islands.default()
    ok = tb.check_clue(island, [], "in lake")
    assert (ok.legal, ok.reason, ok.rule) == (True, "ok", None)
    assert ok.message == f"in lake: candidates {len(island)} -> {len(ok.candidates)}"
    same = tb.check_clue(island, ["in lake"], "in lake")
    assert (same.legal, same.reason, same.rule) == (False, "no-new-information", 3)
    clash = tb.check_clue(island, ["next to hut", "in lake"], "not in lake")
    assert (clash.reason, clash.rule) == ("contradiction", 2)
    assert [str(c) for c in clash.conflict] == ["in lake"]
    assert "'in lake'" in clash.message


def test_a_located_map_takes_no_clue() -> None:
    island = tb.islands.default()
    field = next(
        f
        for f in island.fields
        if naive.candidates(island, [c for c in ALL_CLUES if naive.holds(island, f, c)]) == {f}
    )
    located: list[Clue] = []
    for clue in (c for c in ALL_CLUES if naive.holds(island, field, c)):
        if len(tb.candidates(island, located)) == 1:
            break
        located.append(clue)
    assert tb.candidates(island, located) == {field}
    for clue in ALL_CLUES:
        verdict = tb.check_clue(island, located, clue)
        assert not verdict.legal
        assert verdict.rule == 1
        assert field in verdict.message


def test_published_preset_allows_idle_clues_above_the_threshold() -> None:
    island = tb.islands.default()
    clues = ["not in lake"]
    assert len(tb.candidates(island, clues)) > 16
    idle = "not in largest lake"
    assert tb.check_clue(island, clues, idle, "seed").reason == "no-new-information"
    assert tb.check_clue(island, clues, idle, "published").legal
    strict = tb.TobagoRules.published(new_information_threshold=len(island))
    assert tb.check_clue(island, clues, idle, strict).reason == "no-new-information"


def test_explain_false_skips_the_conflict() -> None:
    island = tb.islands.default()
    verdict = tb.check_clue(island, ["in lake"], "not in lake", explain=False)
    assert verdict.reason == "contradiction"
    assert verdict.conflict == ()


@pytest.mark.parametrize("engine", ["fast", "cpsat", "naive"])
def test_every_engine_gives_the_same_verdict(engine: tb.Engine) -> None:
    island = tb.islands.default()
    clues = ["in sight of sea", "not in beach"]
    verdict = tb.check_clue(island, clues, "next to river", engine=engine)
    assert verdict == tb.check_clue(island, clues, "next to river")


@given(
    islands(),
    st.lists(clue_lists(max_size=4), min_size=1, max_size=4),
    st.lists(st.sampled_from(ALL_CLUES), min_size=1, max_size=6),
)
def test_legal_plays_matches_check_clue(
    island: tb.Island, maps: list[list[Clue]], hand: list[Clue]
) -> None:
    table = tb.legal_plays(island, maps, hand, "published")
    for card, row in zip(hand, table, strict=True):
        for clues, reason in zip(maps, row, strict=True):
            assert reason == tb.check_clue(island, clues, card, "published", explain=False).reason


def test_unknown_preset_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="unknown rules preset 'house'"):
        tb.check_clue(tb.islands.default(), [], "in lake", "house")  # type: ignore[arg-type]
