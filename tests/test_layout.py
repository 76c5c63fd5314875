"""The packages keep their layers: no import circles, a thin command line on top, small modules.

Read from the source with ``ast``, so the check needs no import and sees every module. An import
inside a function or method is a deliberate lazy import (``_repr_svg_``, ``from_text``) and is
left out of the circle check; an import under ``if TYPE_CHECKING:`` counts, because a circle of
types is still a circle a reader has to untangle.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import networkx as nx
import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("tobago_solver", "tranquility_solver")
MAX_LINES = 600


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules(package: str) -> dict[str, Path]:
    return {_module_name(path): path for path in sorted((ROOT / package).rglob("*.py"))}


def _is_package(module: str, modules: dict[str, Path]) -> bool:
    return modules[module].name == "__init__.py"


def _absolute(module: str, node: ast.ImportFrom, modules: dict[str, Path]) -> str:
    if node.level == 0:
        return node.module or ""
    base = module.split(".")
    if not _is_package(module, modules):
        base = base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, node.module] if node.module else base)


def _top_level_imports(tree: ast.Module) -> list[ast.Import | ast.ImportFrom]:
    """Imports that run when the module loads, including those under ``if TYPE_CHECKING:``."""
    found: list[ast.Import | ast.ImportFrom] = []

    def visit(statements: list[ast.stmt]) -> None:
        for statement in statements:
            if isinstance(statement, ast.Import | ast.ImportFrom):
                found.append(statement)
            elif isinstance(statement, ast.If | ast.Try):
                visit(statement.body)
                visit(statement.orelse)
                if isinstance(statement, ast.Try):
                    for handler in statement.handlers:
                        visit(handler.body)

    visit(tree.body)
    return found


def _all_imports(tree: ast.Module) -> list[ast.Import | ast.ImportFrom]:
    return [node for node in ast.walk(tree) if isinstance(node, ast.Import | ast.ImportFrom)]


def _targets(module: str, node: ast.Import | ast.ImportFrom, modules: dict[str, Path]) -> set[str]:
    """The package's own modules an import statement loads by name.

    ``from pkg import sub`` names the submodule ``pkg.sub``; ``from pkg import name`` names the
    package ``pkg`` itself (its ``__init__`` runs and hands out ``name``).
    """
    if isinstance(node, ast.Import):
        candidates = [alias.name for alias in node.names]
    else:
        source = _absolute(module, node, modules)
        candidates = [
            f"{source}.{alias.name}" if f"{source}.{alias.name}" in modules else source
            for alias in node.names
        ]
    names: set[str] = set()
    for candidate in candidates:
        while candidate and candidate not in modules:
            candidate = candidate.rpartition(".")[0]
        if candidate and candidate != module:
            names.add(candidate)
    return names


def _graph(package: str, *, lazy: bool) -> nx.DiGraph[str]:
    modules = _modules(package)
    graph: nx.DiGraph[str] = nx.DiGraph()
    graph.add_nodes_from(modules)
    for module, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imports = _all_imports(tree) if lazy else _top_level_imports(tree)
        for node in imports:
            graph.add_edges_from((module, target) for target in _targets(module, node, modules))
    return graph


@pytest.mark.parametrize("package", PACKAGES)
def test_no_import_circles(package: str) -> None:
    graph = _graph(package, lazy=False)
    # A package's __init__ re-exports its submodules, so a submodule that imports its own
    # package's public names closes a circle through it; those edges count like any other.
    circles = list(nx.simple_cycles(graph))
    assert circles == [], f"import circles: {circles[:5]}"


def _in_cli(module: str, package: str) -> bool:
    return module == f"{package}.cli" or module.startswith(f"{package}.cli.")


@pytest.mark.parametrize("package", PACKAGES)
def test_nothing_below_the_command_line_imports_it(package: str) -> None:
    graph = _graph(package, lazy=True)
    upward = [
        (source, target)
        for source, target in graph.edges
        if _in_cli(target, package)
        and not _in_cli(source, package)
        and source != f"{package}.__main__"
    ]
    assert upward == []


@pytest.mark.parametrize("package", PACKAGES)
def test_the_command_line_is_a_package(package: str) -> None:
    assert (ROOT / package / "cli" / "__init__.py").is_file()
    assert (ROOT / package / "cli" / "common.py").is_file()


@pytest.mark.parametrize("package", PACKAGES)
def test_terminal_input_and_output_live_only_in_the_command_line(package: str) -> None:
    offenders = []
    for module, path in _modules(package).items():
        if _in_cli(module, package) or module == f"{package}.__main__":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import | ast.ImportFrom):
                names = [alias.name for alias in node.names]
                if (isinstance(node, ast.ImportFrom) and node.module in ("argparse", "cmd")) or (
                    "argparse" in names or "cmd" in names
                ):
                    offenders.append(f"{module}:{node.lineno} imports argparse/cmd")
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("print", "input")
            ):
                offenders.append(f"{module}:{node.lineno} calls {node.func.id}()")
    assert offenders == []


@pytest.mark.parametrize("package", PACKAGES)
def test_no_module_is_too_long(package: str) -> None:
    too_long = {
        module: count
        for module, path in _modules(package).items()
        if (count := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert too_long == {}


@pytest.mark.parametrize("package", PACKAGES)
def test_every_module_imports_first_in_a_fresh_interpreter(package: str) -> None:
    # The packages load their public names lazily: a module imported before anything else must
    # not reach the public names while they are still loading (a circle at run time).
    names = [
        module
        for module in _modules(package)
        if not module.endswith(("__main__", "openspiel", "pettingzoo")) and ".web" not in module
    ]

    def first_import_fails(name: str) -> str | None:
        run = subprocess.run(
            [sys.executable, "-c", f"import {name}"], capture_output=True, text=True, cwd=ROOT
        )
        return f"{name}: {run.stderr.strip().splitlines()[-1]}" if run.returncode else None

    with ThreadPoolExecutor(max_workers=4) as pool:
        failed = [error for error in pool.map(first_import_fails, names) if error]
    assert failed == []
