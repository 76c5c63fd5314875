"""A package's public names and their docstrings, read without Sphinx (the docs and a test use it).

The names are the package's ``__all__``; each is looked up on the package itself, through its lazy
``__getattr__``, so where a name is defined does not matter. A constant or type alias has no
``__doc__`` of its own: its docstring is the string written under its assignment, found by
following the package's ``_public.py`` imports to the module that assigns it.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import inspect
import itertools
from pathlib import Path
from types import ModuleType


def defining_modules(package: ModuleType) -> dict[str, str]:
    """Each public name's module as ``_public.py`` imports it (maybe a re-exporting package)."""
    public = Path(package.__file__ or "").with_name("_public.py")
    homes: dict[str, str] = {}
    for node in ast.walk(ast.parse(public.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                homes[alias.asname or alias.name] = node.module
    return homes


def resolve_home(module: str, name: str) -> str:
    """The module that assigns ``name``, following re-exports (``from .choices import START``)."""
    spec = importlib.util.find_spec(module)
    if spec is None or spec.origin is None:
        return module
    tree = ast.parse(Path(spec.origin).read_text(encoding="utf-8"))
    package = module if spec.submodule_search_locations else module.rpartition(".")[0]
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and any(
            (alias.asname or alias.name) == name for alias in node.names
        ):
            source = node.module or ""
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                source = f"{base}.{source}" if source else base
            return resolve_home(source, name)
    return module


def attribute_docstring(module: str, name: str) -> str:
    """The string written right under the module-level assignment of ``name``."""
    spec = importlib.util.find_spec(module)
    if spec is None or spec.origin is None:
        return ""
    body = ast.parse(Path(spec.origin).read_text(encoding="utf-8")).body
    for node, after in itertools.pairwise(body):
        targets = (
            node.targets
            if isinstance(node, ast.Assign)
            else [node.target]
            if isinstance(node, ast.AnnAssign)
            else []
        )
        if any(isinstance(target, ast.Name) and target.id == name for target in targets) and (
            isinstance(after, ast.Expr)
            and isinstance(after.value, ast.Constant)
            and isinstance(after.value.value, str)
        ):
            return inspect.cleandoc(after.value.value)
    return ""


def is_documented_object(value: object) -> bool:
    """A module, class or function, which carries its own ``__doc__``."""
    return inspect.ismodule(value) or inspect.isclass(value) or inspect.isroutine(value)


def data_docstring(package: ModuleType, name: str) -> str:
    """A constant's or type alias's docstring, from the module that assigns it."""
    home = defining_modules(package).get(name)
    return attribute_docstring(resolve_home(home, name), name) if home else ""


def public_docstring(package: ModuleType, name: str) -> str:
    """What a reader sees for ``package.name``: its own docstring, or a constant's."""
    value = getattr(package, name)
    if is_documented_object(value):
        return inspect.getdoc(value) or ""
    return data_docstring(package, name)


def public_names(package_name: str) -> list[tuple[ModuleType, str]]:
    """Every ``(package, name)`` of the package's ``__all__``."""
    package = importlib.import_module(package_name)
    return [(package, name) for name in package.__all__]
