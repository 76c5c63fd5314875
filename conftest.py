"""Collection for the whole tree: the game-AI adapters (and their page, docs/ai.md) are left out
where the ``ai`` extra (OpenSpiel, PettingZoo, Gymnasium) is not installed, so the core's tests
run without it; the adapters' test files skip themselves."""

from __future__ import annotations

from importlib.util import find_spec

collect_ignore_glob = []
if find_spec("pyspiel") is None:
    collect_ignore_glob += ["tobago_solver/openspiel.py", "tranquility_solver/openspiel.py"]
if find_spec("pettingzoo") is None or find_spec("gymnasium") is None:
    collect_ignore_glob += ["tobago_solver/pettingzoo.py", "tranquility_solver/pettingzoo.py"]
if collect_ignore_glob:
    collect_ignore_glob += ["docs/ai.md"]

# The docs site's settings and Sphinx extension are not library code: Sphinx imports them.
collect_ignore_glob += ["docs/conf.py", "docs/_ext/*"]
