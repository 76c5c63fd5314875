"""Every public name of both packages has a docstring that shows an example, and it runs.

The API reference of the docs site is generated from these names (the packages' ``__all__``,
looked up through their lazy ``__getattr__``) by ``docs/_ext``; these tests use the same
lookup, so a name the reference would show without a docstring fails here too, without Sphinx.
Classes and functions' examples already run as doctests of their modules; a constant's or type
alias's docstring is a string under its assignment, which doctest does not collect, so its
example runs here.
"""

from __future__ import annotations

import doctest
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "docs" / "_ext"))

from public_api import (  # noqa: E402  (found through the path set just above)
    data_docstring,
    is_documented_object,
    public_docstring,
    public_names,
)

NAMES = public_names("tobago_solver") + public_names("tranquility_solver")


def _id(entry: tuple[ModuleType, str]) -> str:
    return f"{entry[0].__name__}.{entry[1]}"


@pytest.mark.parametrize("entry", NAMES, ids=_id)
def test_every_public_name_has_a_docstring_with_an_example(entry: tuple[ModuleType, str]) -> None:
    package, name = entry
    doc = public_docstring(package, name)
    assert doc, f"{_id(entry)} has no docstring"
    assert ">>>" in doc, f"the docstring of {_id(entry)} shows no example"


DATA = [entry for entry in NAMES if not is_documented_object(getattr(*entry))]


@pytest.mark.parametrize("entry", DATA, ids=_id)
def test_the_examples_of_constants_and_type_aliases_run(entry: tuple[ModuleType, str]) -> None:
    package, name = entry
    test = doctest.DocTestParser().get_doctest(
        data_docstring(package, name), {}, _id(entry), None, 0
    )
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    report: list[str] = []
    result = runner.run(test, out=report.append)
    assert result.attempted > 0
    assert result.failed == 0, "".join(report)


def test_constants_are_found_where_they_are_assigned_not_where_they_are_imported() -> None:
    # FINISH is imported by _public.py from tranquility_solver.game, which only re-exports it.
    import tranquility_solver

    assert "card" in data_docstring(tranquility_solver, "FINISH").lower()
    assert data_docstring(tranquility_solver, "no_such_name") == ""


def test_the_lazy_package_hands_every_public_name_to_a_fresh_interpreter() -> None:
    # The reference generator looks names up on the package; in a fresh interpreter nothing has
    # loaded them yet, so this exercises the package's __getattr__ as a docs build does.
    code = (
        "import importlib, sys\n"
        "for name in ('tobago_solver', 'tranquility_solver'):\n"
        "    package = importlib.import_module(name)\n"
        "    missing = [n for n in package.__all__ if getattr(package, n, None) is None]\n"
        "    assert not missing, missing\n"
        "print('ok')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"
