"""Hypothesis strategies shared by the Tobago tests: small random islands and clue lists."""

from __future__ import annotations

from hypothesis import strategies as st

from tobago_solver import Direction, Island, Landmark, LandmarkKind, Terrain, hexgrid
from tobago_solver.compile import all_clues

ALL_CLUES = all_clues()

EXAMPLE_TEXT = """
# Tobago island            <- '#' starts a comment, anywhere on a line
name: example
terrain:
. B B B .
 B J J M B
. S L M M .
 . S R B .
hut: b2 d4
palm: c1
statue: c3>ne
"""
"""The example island of the interface spec (its huts stand too close: parse with strict=False)."""


@st.composite
def islands(draw: st.DrawFn, max_columns: int = 7, max_rows: int = 6) -> Island:
    """A random island: any shape (possibly several landmasses), any terrains, and landmarks
    placed anywhere on land (they need not follow the placement rules)."""
    columns = draw(st.integers(1, max_columns))
    rows = draw(st.integers(1, max_rows))
    cells = draw(
        st.lists(
            st.one_of(st.none(), st.sampled_from(list(Terrain))),
            min_size=columns * rows,
            max_size=columns * rows,
        ).filter(lambda cells: any(cell is not None for cell in cells))
    )
    terrain = {
        hexgrid.field_name(i % columns, i // columns): cell
        for i, cell in enumerate(cells)
        if cell is not None
    }
    fields = sorted(terrain)
    marked = draw(st.lists(st.sampled_from(fields), unique=True, max_size=min(6, len(fields))))
    landmarks = []
    for field in marked:
        kind = draw(st.sampled_from(list(LandmarkKind)))
        facing = draw(st.sampled_from(list(Direction))) if kind is LandmarkKind.STATUE else None
        landmarks.append(Landmark(kind, field, facing))
    return Island.from_terrain("random", terrain, landmarks)


def clue_lists(max_size: int = 8) -> st.SearchStrategy[list]:  # type: ignore[type-arg]
    """Lists of clues from the whole grammar (not only the deck)."""
    return st.lists(st.sampled_from(ALL_CLUES), max_size=max_size)
