"""Hypothesis profiles shared by every test.

- ``dev`` (default): random examples, no per-example deadline (a loaded 2-core machine makes
  deadlines flaky; timing is the benchmarks' business).
- ``ci`` (chosen when the ``CI`` environment variable is set): the same examples on every run,
  so a red CI is a reproducible failure.
- ``thorough``: ten times the examples, for a long local run:
  ``HYPOTHESIS_PROFILE=thorough python -m pytest -m "slow or not slow"``.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("dev", deadline=None)
settings.register_profile("ci", deadline=None, derandomize=True, database=None)
settings.register_profile("thorough", deadline=None, max_examples=1000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))
