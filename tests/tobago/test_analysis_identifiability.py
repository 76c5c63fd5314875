"""The identifiability map: values, table, JSON, heat map, and ``tobago analyse``."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import tobago_solver as tb
from tobago_solver import islands
from tobago_solver.analysis.identifiability import NEVER_COLOUR, heat_colour
from tobago_solver.cli import main
from tobago_solver.compile import compiled

ISLAND = tb.islands.get("aBc-2")
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def report() -> tb.Identifiability:
    return tb.identifiability(ISLAND)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_every_land_field_has_an_exact_proof_or_provably_none(report: tb.Identifiability) -> None:
    table = compiled(ISLAND)
    assert list(report.proofs) == list(ISLAND.fields)
    for field, proof in report.proofs.items():
        if proof is None:
            target = 1 << table.index[field]
            left = table.land_mask
            for card in tb.DECK:
                if table.masks[card] & target:
                    left &= table.masks[card]
            assert left != target
        else:
            assert set(tb.candidates(ISLAND, proof)) == {field}
    assert report.never == tuple(f for f, m in report.minima.items() if m is None)


def test_summary_figures_follow_from_the_minima(report: tb.Identifiability) -> None:
    located = [m for m in report.minima.values() if m is not None]
    assert report.worst == max(located)
    assert report.mean == pytest.approx(sum(located) / len(located))
    assert sum(report.histogram().values()) == len(ISLAND)


def test_table_has_one_row_per_field(report: tb.Identifiability) -> None:
    lines = report.table().splitlines()
    assert len(lines) == 1 + len(ISLAND) + 2
    rows = {line.split()[0]: line.split()[2] for line in lines[1 : 1 + len(ISLAND)]}
    assert rows == {f: "never" if m is None else str(m) for f, m in report.minima.items()}


def test_json_holds_minima_and_proofs(report: tb.Identifiability) -> None:
    data = json.loads(report.to_json())
    assert data["island"] == ISLAND.name
    for field, entry in data["fields"].items():
        assert entry["min_clues"] == report.minima[field]
        if entry["proof"] is not None:
            assert set(tb.candidates(ISLAND, entry["proof"])) == {field}
    assert data["summary"]["never"] == list(report.never)


def test_heat_map_colours_every_field_by_its_minimum(report: tb.Identifiability) -> None:
    root = ET.fromstring(report.to_svg())
    fills = {
        polygon.get("data-field"): polygon.get("fill")
        for polygon in root.iter(f"{SVG}polygon")
        if polygon.get("class", "").startswith("field")
    }
    assert fills == {f: heat_colour(m) for f, m in report.minima.items()}
    entries = [g for g in root.iter(f"{SVG}g") if g.get("class") == "legend-entry"]
    # The caller's colours come first; the landmark kinds on the island follow them.
    labels = [g.get("data-label") for g in entries if g.get("data-kind") == "colour"]
    present = sorted({m for m in report.minima.values() if m is not None})
    expected = [f"{m} cards" for m in present] + (["never"] if report.never else [])
    assert labels == expected
    assert NEVER_COLOUR not in {heat_colour(m) for m in range(20)}
    notes = {
        t.get("data-field"): t.text for t in root.iter(f"{SVG}text") if t.get("class") == "note"
    }
    assert notes == {f: "-" if m is None else str(m) for f, m in report.minima.items()}


def test_notes_are_written_in_the_field_and_its_tooltip() -> None:
    field = ISLAND.fields[2]
    root = ET.fromstring(tb.render_svg(ISLAND, notes={field.upper(): "7"}))
    texts = [t for t in root.iter(f"{SVG}text") if t.get("class") == "note"]
    assert [(t.get("data-field"), t.text) for t in texts] == [(field, "7")]
    polygon = next(
        p
        for p in root.iter(f"{SVG}polygon")
        if p.get("data-field") == field and p.find(f"{SVG}title") is not None
    )
    title = polygon.find(f"{SVG}title")
    assert title is not None
    assert (title.text or "").endswith("; 7")
    assert 'class="note"' not in tb.render_svg(ISLAND)


def test_a_fill_colour_must_be_hex() -> None:
    with pytest.raises(tb.TobagoError, match="'red'"):
        tb.render_svg(ISLAND, fills={ISLAND.fields[0]: "red"})
    with pytest.raises(tb.UnknownFieldError):
        tb.render_svg(ISLAND, fills={"zz99": "#ffffff"})


def test_only_some_fields_and_a_smaller_deck() -> None:
    some = ISLAND.fields[:3]
    partial = tb.identifiability(ISLAND, ["in lake", "not in lake"], fields=some)
    assert list(partial.proofs) == list(some)
    assert partial.deck_size == 2
    for field, proof in partial.proofs.items():
        assert proof == tb.min_clues(ISLAND, field, ["in lake", "not in lake"])


# -- the command line ----------------------------------------------------------------------------


def test_analyse_prints_the_table_and_writes_json_and_svg(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, report: tb.Identifiability
) -> None:
    code, out, err = run(
        capsys,
        "analyse",
        ISLAND.name,
        "--json",
        str(tmp_path / "r.json"),
        "--svg",
        str(tmp_path / "r.svg"),
    )
    assert (code, err) == (0, "")
    assert out.strip() == report.table()
    assert json.loads((tmp_path / "r.json").read_text()) == report.to_dict()
    assert (tmp_path / "r.svg").read_text() == report.to_svg()


def test_analyse_all_prints_a_summary_and_writes_markdown(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Two islands keep the test fast; the full run is docs/identifiability.md.
    chosen = ["ABC-1", "aBc-2"]
    monkeypatch.setattr(islands, "names", lambda: chosen)
    summary = tmp_path / "summary.md"
    code, out, _ = run(capsys, "analyse", "--all", "--summary", str(summary), "--no-progress")
    assert code == 0
    reports = [tb.identifiability(islands.get(name)) for name in chosen]
    lines = out.splitlines()
    assert lines[:2] == [r.summary_line() for r in reports]
    never = sum(len(r.never) for r in reports)
    assert lines[2].startswith(f"all 2 islands: {sum(len(r.proofs) for r in reports)} fields, ")
    assert f"{never} never located" in lines[2]
    page = summary.read_text()
    for r in reports:
        assert f"| {r.island.name} | {len(r.proofs)} | {len(r.never)} |" in page


def test_committed_summary_lists_every_bundled_island() -> None:
    page = (Path(__file__).parents[2] / "docs" / "identifiability.md").read_text()
    for name in islands.names():
        assert f"| {name} | {len(islands.get(name))} |" in page


@pytest.mark.slow
def test_committed_summary_is_up_to_date(tmp_path: Path) -> None:
    from tobago_solver.analysis.identifiability import summary_markdown

    page = (Path(__file__).parents[2] / "docs" / "identifiability.md").read_text()
    reports = [tb.identifiability(islands.get(name)) for name in islands.names()]
    assert summary_markdown(reports) == page


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["analyse"], "give an island or --all"),
        (["analyse", "ABC-1", "--all"], "give an island or --all"),
        (["analyse", "ABC-1", "--summary", "x.md"], "--summary goes with --all"),
        (["analyse", "--all", "--json", "x.json"], "--svg and --json take one island"),
        (["analyse", "ABC-1", "--time-limit", "0"], "'0' is not a number of seconds > 0"),
        (["analyse", "ABC-1", "--time-limit", "1", "--time-limit", "2"], "given twice"),
        (["analyse", "nowhere.island"], "unknown island 'nowhere.island'"),
        (["analyse", "ABC-1", "--svg", f"{__file__}/x.svg"], "cannot write the picture"),
    ],
)
def test_analyse_argument_errors_are_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert message in err
    assert len(err.strip().splitlines()) == 1


def test_analyse_undecided_exits_3(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "analyse", "ABC-1", "--time-limit", "1e-9")
    assert code == 3
    assert err.startswith("tobago: undecided: CP-SAT could not prove the fewest cards")


def test_the_report_cannot_be_changed(report: tb.Identifiability) -> None:
    field = next(f for f, proof in report.proofs.items() if proof is not None)
    with pytest.raises(TypeError):
        report.proofs[field] = None  # type: ignore[index]
    assert report.minima[field] is not None
