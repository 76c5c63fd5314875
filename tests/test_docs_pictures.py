"""The pictures the docs show are the ones ``examples/docs_pictures.py`` draws today."""

from __future__ import annotations

import importlib.util
import xml.etree.ElementTree as ET
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[1] / "examples" / "docs_pictures.py"


def test_the_committed_docs_pictures_are_what_the_script_draws() -> None:
    spec = importlib.util.spec_from_file_location("docs_pictures", SCRIPT)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    pictures: dict[Path, str] = module.pictures()
    assert len(pictures) >= 2
    for path, svg in pictures.items():
        committed = path.read_text(encoding="utf-8")
        assert ET.fromstring(committed).tag == "{http://www.w3.org/2000/svg}svg"
        assert committed == svg, f"{path.name} is stale: run python examples/docs_pictures.py"
