"""OpenSpiel's own checks run on our games: its ``api_test`` and its playthroughs.

OpenSpiel keeps a playthrough of every game (a random game with every string and tensor of
every player along the way) and regenerates it in ``playthrough_test`` so that a change in any
view shows up as a diff. Ours live beside each package's tests (``playthroughs/``); after an
intended change of a view, rewrite them and read the diff:

    python -m tests.openspiel_checks

Imported only by the adapters' tests, which skip themselves without the ``ai`` extra.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Final

import pytest

pyspiel = pytest.importorskip("pyspiel")  # the ai extra; without it the module is skipped

from absl import flags  # noqa: E402
from open_spiel.integration_tests import api_test  # noqa: E402
from open_spiel.python.algorithms import generate_playthrough  # noqa: E402

import tobago_solver.openspiel  # noqa: E402, F401  (registers python_tobago)
import tranquility_solver.openspiel  # noqa: E402, F401  (registers python_tranquility)

TESTS: Final = Path(__file__).resolve().parent
PLAYTHROUGHS: Final = {
    TESTS / "tobago" / "playthroughs" / "python_tobago.txt": ("python_tobago(players=2)", 1),
    TESTS / "tranquility" / "playthroughs" / "python_tranquility.txt": (
        "python_tranquility(players=2,rules=published)",
        1,
    ),
}
"""Each playthrough file, with the game it plays and the seed of its random moves."""

# OpenSpiel's tools read absl flags (the playthrough reader asks whether actions are ids); a
# test process never parses a command line for them, so their defaults stand.
if not flags.FLAGS.is_parsed():
    flags.FLAGS(["openspiel-checks"], known_only=True)


def api_test_case(short_name: str, params: dict[str, Any]) -> type:
    """OpenSpiel's ``api_test`` checks for one game, as a ``unittest`` class for pytest."""
    game = pyspiel.load_game(short_name, params)
    title = "".join(f"_{key}_{value}" for key, value in sorted(params.items()))
    return type(
        f"OpenSpielApi_{short_name}{title}",
        (api_test.EnforceAPIOnPartialTreeBase,),
        {"game_name": short_name, "game": game},
    )


def replayed(path: Path) -> tuple[str, str]:
    """The playthrough as kept, and as the game plays its recorded moves today."""
    kept, now = generate_playthrough.replay(str(path))
    return str(kept), str(now)


def write_playthroughs() -> None:
    """Play each game again from its seed and rewrite its playthrough file."""
    for path, (game_string, seed) in PLAYTHROUGHS.items():
        path.parent.mkdir(exist_ok=True)
        path.write_text(generate_playthrough.playthrough(game_string, None, seed=seed))
        print(f"wrote {path.relative_to(TESTS.parent)}")


if __name__ == "__main__":
    write_playthroughs()
