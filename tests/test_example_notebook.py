"""The example notebook runs, and every one of its code cells shows a picture."""

from __future__ import annotations

from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")

NOTEBOOK = Path(__file__).resolve().parents[1] / "examples" / "pictures.ipynb"


def test_every_cell_of_the_pictures_notebook_shows_a_picture() -> None:
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    nbclient.NotebookClient(notebook, timeout=120, kernel_name="python3").execute(
        cwd=str(NOTEBOOK.parent)
    )
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    assert code
    for cell in code:
        kinds = {kind for output in cell.outputs for kind in output.get("data", {})}
        assert "image/svg+xml" in kinds, cell.source
