"""The packages keep their layers: no import circles, a thin command line on top, small modules.

Read from the source with ``ast``, so the check needs no import and sees every module. An import
inside a function or method is a deliberate lazy import (``_repr_svg_``, ``from_text``) and is
left out of the package-wide circle check; an import under ``if TYPE_CHECKING:`` counts, because
a circle of types is still a circle a reader has to untangle.

The rooms of each package, from the top down (:data:`RANKS`): the command line and the public
names; OpenSpiel, PettingZoo and the web; the analysis and the AI helpers; the bots; the
pictures; the deals (Tranquility); the game's rules; and the core (every other module). Every
import goes down (or stays in its room), and in ``bots`` and ``game`` even a lazy import does,
so no circle runs through them at all: the one exception is a notebook's picture hook,
``_repr_svg_``, which draws with the pictures above the game.
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
RANKS = {
    "cli": 7,
    "__main__": 7,
    "_public": 7,
    "": 7,
    "openspiel": 6,
    "pettingzoo": 6,
    "web": 6,
    "analysis": 5,
    "ai": 5,
    "bots": 4,
    "render": 3,
    "deals": 2,
    "game": 1,
}
"""Each room's height; a room not named (a core module or package) is 0. ``""`` is the
package's ``__init__``, whose public names load lazily from ``_public``."""
STRICT_ROOMS = ("bots", "game")
"""Rooms whose lazy imports obey the order too."""
PICTURE_HOOKS = ("_repr_svg_",)
"""Methods whose lazy import of the pictures is the layers' one exception."""


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


def _imports_but_picture_hooks(tree: ast.Module) -> list[ast.Import | ast.ImportFrom]:
    """Every import, lazy ones included, except those inside a :data:`PICTURE_HOOKS` method."""
    found: list[ast.Import | ast.ImportFrom] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.FunctionDef) and node.name in PICTURE_HOOKS:
            return
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


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


def _graph(package: str, *, lazy: bool, hooks: bool = True) -> nx.DiGraph[str]:
    """The package's imports: those that run at load time, or with ``lazy`` every one (without
    ``hooks``, leaving out those of the notebook picture hooks)."""
    modules = _modules(package)
    graph: nx.DiGraph[str] = nx.DiGraph()
    graph.add_nodes_from(modules)
    for module, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if not lazy:
            imports = _top_level_imports(tree)
        else:
            imports = _all_imports(tree) if hooks else _imports_but_picture_hooks(tree)
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


def _room(module: str) -> str:
    """The room a module lives in: its package's first level (``bots`` for ``pkg.bots.search``),
    ``top`` for the command line and the public names, ``core`` for the rest (``pkg.grid``)."""
    parts = module.split(".")
    room = parts[1] if len(parts) > 1 else ""
    rank = RANKS.get(room, 0)
    return "core" if rank == 0 else "top" if rank == max(RANKS.values()) else room


def _rank(module: str) -> int:
    parts = module.split(".")
    return RANKS.get(parts[1] if len(parts) > 1 else "", 0)


def _upward(graph: nx.DiGraph[str], sources: tuple[str, ...] | None = None) -> list[str]:
    """The imports that go to a higher room (or sideways to another room of the same height)."""
    return sorted(
        f"{source} -> {target}"
        for source, target in graph.edges
        if (sources is None or _room(source) in sources)
        and _room(source) != _room(target)
        and _rank(target) >= _rank(source)
    )


@pytest.mark.parametrize("package", PACKAGES)
def test_every_import_goes_down_the_rooms(package: str) -> None:
    assert _upward(_graph(package, lazy=False)) == []


@pytest.mark.parametrize("package", PACKAGES)
def test_bots_and_game_import_nothing_above_them_even_lazily(package: str) -> None:
    graph = _graph(package, lazy=True, hooks=False)
    assert _upward(graph, STRICT_ROOMS) == []


@pytest.mark.parametrize("package", PACKAGES)
def test_no_circle_runs_through_bots_or_game_even_lazily(package: str) -> None:
    graph = _graph(package, lazy=True, hooks=False)
    circles = [
        circle
        for circle in nx.simple_cycles(graph)
        if any(_room(module) in STRICT_ROOMS for module in circle)
    ]
    assert circles == []


def test_the_order_check_sees_a_lazy_import_going_up() -> None:
    # The checks above must fail on what they forbid: a bot module's lazy import of the
    # analysis, and a game module's lazy import of a bot.
    tree = ast.parse("def f():\n    from pkg.analysis import odds\n")
    assert len(_imports_but_picture_hooks(tree)) == 1
    hook = ast.parse("class A:\n    def _repr_svg_(self):\n        from pkg.render import r\n")
    assert _imports_but_picture_hooks(hook) == []
    graph: nx.DiGraph[str] = nx.DiGraph([("pkg.game.state", "pkg.bots.greedy")])
    assert _upward(graph, STRICT_ROOMS) == ["pkg.game.state -> pkg.bots.greedy"]


@pytest.mark.parametrize("package", PACKAGES)
def test_game_holds_no_bot(package: str) -> None:
    # A bot is a class with a ``choose`` method; the game keeps only the protocol they follow.
    bots = []
    for module, path in _modules(package).items():
        if _room(module) != "game":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and any(
                isinstance(item, ast.FunctionDef) and item.name == "choose" for item in node.body
            ):
                protocol = any(
                    isinstance(base, ast.Name) and base.id == "Protocol" for base in node.bases
                )
                if not protocol:
                    bots.append(f"{module}.{node.name}")
    assert bots == []


@pytest.mark.parametrize("package", PACKAGES)
def test_the_package_docstring_names_every_room(package: str) -> None:
    # A reader meets the house through the package's docstring: each room in one line.
    doc = ast.get_docstring(ast.parse((ROOT / package / "__init__.py").read_text("utf-8"))) or ""
    rooms = sorted(path.parent.name for path in (ROOT / package).glob("*/__init__.py"))
    lines = doc.splitlines()
    missing = [
        room for room in rooms if not any(line.startswith(f"- ``{room}``") for line in lines)
    ]
    assert missing == []


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
