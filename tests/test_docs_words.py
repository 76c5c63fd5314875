"""What users read names the rules in words: no section codes, and links land on a heading.

The rules pages this project was built from number their sections, and the code once pointed at them
with section codes (a section sign and a number). Users do not have those pages, so the packages'
docstrings and comments, the docs, the README, the examples and the benchmark notes name each rule
in words instead and link the docs heading that explains it. Markdown links with an anchor must
point at a heading that exists (GitHub's anchors), so renaming a heading cannot leave a link
dangling.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PLACES = (
    *("tobago_solver", "tranquility_solver", "tabletop_web"),
    *("docs", "examples", "benchmarks", "README.md"),
)
PICTURES = (".png", ".jpg")
"""Screenshots: bytes, not words (any byte pair may spell a section sign)."""
SECTION_SIGN = "\N{SECTION SIGN}"


def _files() -> list[Path]:
    found: list[Path] = []
    for place in PLACES:
        path = ROOT / place
        candidates = sorted(path.rglob("*")) if path.is_dir() else [path]
        found.extend(
            candidate
            for candidate in candidates
            if candidate.is_file()
            and "__pycache__" not in candidate.parts
            and candidate.suffix != ".pyc"
            and candidate.suffix not in PICTURES
        )
    return found


def test_the_places_to_read_exist() -> None:
    files = _files()
    assert (ROOT / "README.md") in files
    assert any(path.suffix == ".py" for path in files)
    assert any(path.parent.name == "docs" and path.suffix == ".md" for path in files)


def test_no_section_codes_in_what_users_read() -> None:
    sign = SECTION_SIGN.encode("utf-8")
    hits = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in _files()
        if sign in path.read_bytes()
        for number, line in enumerate(
            path.read_text(encoding="utf-8", errors="replace").splitlines(), start=1
        )
        if SECTION_SIGN in line
    ]
    assert hits == [], "name the rule in words instead of a section code:\n" + "\n".join(hits)


def _anchor(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces become hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def _anchors(page: Path) -> set[str]:
    anchors: set[str] = set()
    seen: dict[str, int] = {}
    fenced = False
    for line in page.read_text(encoding="utf-8").splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        heading = None if fenced else re.match(r"#{1,6} (.+)", line)
        if heading:
            anchor = _anchor(heading.group(1))
            count = seen.get(anchor, 0)
            seen[anchor] = count + 1
            anchors.add(anchor if count == 0 else f"{anchor}-{count}")
    return anchors


def _pages() -> list[Path]:
    return [path for path in _files() if path.suffix == ".md"]


@pytest.mark.parametrize("page", _pages(), ids=lambda page: str(page.relative_to(ROOT)))
def test_markdown_links_land_on_a_heading(page: Path) -> None:
    broken = []
    for match in re.finditer(r"\]\(([^)\s#]*)#([^)\s]+)\)", page.read_text(encoding="utf-8")):
        target, anchor = match.groups()
        linked = (page.parent / target) if target else page
        if not linked.is_file() or anchor not in _anchors(linked):
            broken.append(match.group(0))
    assert broken == [], f"links to no heading: {broken}"


def test_anchors_follow_github() -> None:
    assert _anchor("3. Treasure maps and clue legality") == "3-treasure-maps-and-clue-legality"
    assert _anchor("The game (`tranquility_solver/game/`)") == "the-game-tranquility_solvergame"
    assert _anchor("The variant `exchange`") == "the-variant-exchange"
