"""Facts about the rules kept once per island or name (issue 18): the same as made afresh."""

from __future__ import annotations

import tobago_solver as tb
from tobago_solver.game.rules import _walk_gazes, gaze_fields


def test_gaze_fields_are_walked_once_per_island() -> None:
    for name in tb.islands.names():
        island = tb.islands.get(name)
        assert gaze_fields(island) == _walk_gazes(island)
        assert gaze_fields(island) is gaze_fields(island)


def test_a_preset_name_reads_as_the_same_rules_each_time() -> None:
    for name in ("seed", "published", "seed+exchange", "published+exchange"):
        base, *variants = name.split("+")
        fresh = tb.GameRules.published() if base == "published" else tb.GameRules.seed()
        assert tb.GameRules.named(name) == fresh.with_variants(variants)
        assert tb.GameRules.named(name) is tb.GameRules.named(name)
