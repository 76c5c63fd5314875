"""Sphinx settings of the documentation site: ``sphinx-build -W -b html docs build/docs``.

Sphinx reads the Markdown pages through MyST and the docstrings through autodoc, which imports
the packages: the API reference therefore lists what ``import tobago_solver`` really hands out
(its ``__all__``), wherever in the package each name is defined.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_ext"))
sys.path.insert(0, str(HERE.parent))  # the packages of this checkout, installed or not

project = "Tobago & Tranquility solver"
author = "The tobago-tranquility-solver authors"
copyright = "the tobago-tranquility-solver authors"

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "public_names",
]

source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
root_doc = "index"
exclude_patterns = ["_build", "_ext"]

# Headings get GitHub's anchors, so the links the pages already use (``tobago.md#pictures``)
# work on the site as they do on GitHub.
myst_heading_anchors = 4
myst_enable_extensions = ["colon_fence", "deflist"]

autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_default_options = {"members": True, "undoc-members": False, "show-inheritance": False}
napoleon_google_docstring = True
napoleon_numpy_docstring = False

html_theme = "furo"
html_title = "Tobago & Tranquility solver"
