"""A Sphinx directive that documents a package's public names: ``.. public-names:: tobago_solver``.

The names are the package's ``__all__``, read when the site is built, and each is documented
through the package (``tobago_solver.Clue``), not through the module that defines it today, so
moving code between modules cannot break the reference. A public name without a docstring, or
with one that shows no example, is a warning, which the strict build (``sphinx-build -W``)
turns into a failure.
"""

from __future__ import annotations

import importlib
import inspect
from typing import Any

from docutils import nodes
from docutils.statemachine import StringList
from public_api import data_docstring, public_docstring
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import nested_parse_with_titles

LOGGER = logging.getLogger(__name__)


def kind(value: Any) -> str:
    """The autodoc directive that fits a public value."""
    if inspect.ismodule(value):
        return "automodule"
    if inspect.isclass(value):
        return "exception" if issubclass(value, BaseException) else "class"
    if inspect.isroutine(value):
        return "function"
    return "data"


class PublicNames(SphinxDirective):
    """Document every name in a package's ``__all__``, in groups: modules, classes, errors, …"""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        package_name = self.arguments[0]
        package = importlib.import_module(package_name)
        groups: dict[str, list[str]] = {
            "function": [],
            "class": [],
            "exception": [],
            "data": [],
            "automodule": [],
        }
        for name in package.__all__:
            value = getattr(package, name)
            groups[kind(value)].append(name)
            doc = public_docstring(package, name)
            where, location = f"{package_name}.{name}", self.get_location()
            if not doc:
                LOGGER.warning("public name %s has no docstring", where, location=location)
            elif ">>>" not in doc:
                LOGGER.warning("the docstring of %s shows no example", where, location=location)
        titles = {
            "function": "Functions",
            "class": "Classes",
            "exception": "Errors",
            "data": "Constants",
            "automodule": "Modules",
        }
        lines: list[str] = []
        for group, names in groups.items():
            if not names:
                continue
            title = titles[group]
            lines += [title, "-" * len(title), ""]
            for name in sorted(names, key=str.lower):
                where = f"{package_name}.{name}"
                if group == "automodule":
                    lines += [f".. automodule:: {where}", "   :members:", ""]
                elif group == "data":
                    shown = repr(getattr(package, name))
                    shown = shown if len(shown) <= 80 else f"<{len(shown):,} characters>"
                    lines += [f".. py:data:: {where}", f"   :value: {shown}", ""]
                    lines += ["   " + line for line in data_docstring(package, name).splitlines()]
                    lines.append("")
                elif group == "function":
                    lines += [f".. autofunction:: {where}", ""]
                else:
                    lines += [f".. autoclass:: {where}", "   :members:", ""]
        content = StringList(lines, source=f"<public names of {package_name}>")
        container = nodes.section()
        container.document = self.state.document
        nested_parse_with_titles(self.state, content, container)
        return container.children


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directive."""
    app.add_directive("public-names", PublicNames)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
