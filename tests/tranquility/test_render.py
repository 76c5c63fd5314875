from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import tranquility_solver as tq
from tranquility_solver.game import new_game
from tranquility_solver.game.board import loss_reason
from tranquility_solver.game.choices import card_text
from tranquility_solver.render import render_game_svg

from .played import ended_game

NS = "{http://www.w3.org/2000/svg}"


def _parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def test_svg_draws_numbers_spots_and_highlights() -> None:
    grid = tq.Grid.from_mapping({"a1": 7, "f6": 80})
    root = _parse(tq.render_svg(grid, highlight=["b1"]))
    texts = [element.text for element in root.iter(f"{NS}text")]
    assert "7" in texts
    assert "80" in texts
    assert "start" in texts
    assert "finish" in texts
    cells = {group.get("id"): group for group in root.iter(f"{NS}g") if group.get("id")}
    assert len(cells) == 36
    b1_fill = cells["cell-b1"].find(f"{NS}rect").get("fill")  # type: ignore[union-attr]
    c1_fill = cells["cell-c1"].find(f"{NS}rect").get("fill")  # type: ignore[union-attr]
    assert b1_fill != c1_fill


def test_spots_sit_beside_a1_and_f6() -> None:
    root = _parse(tq.render_svg(tq.Grid.empty()))
    rects = {rect.get("id"): rect for rect in root.iter(f"{NS}rect") if rect.get("id")}
    cells = {g.get("id"): g.find(f"{NS}rect") for g in root.iter(f"{NS}g") if g.get("id")}
    a1, f6 = cells["cell-a1"], cells["cell-f6"]
    assert a1 is not None
    assert f6 is not None
    start, finish = rects["start-spot"], rects["finish-spot"]
    assert float(start.get("x", 0)) < float(a1.get("x", 0))
    assert abs(float(start.get("y", 0)) - float(a1.get("y", 0))) < 20
    assert float(finish.get("x", 0)) > float(f6.get("x", 0))
    assert abs(float(finish.get("y", 0)) - float(f6.get("y", 0))) < 20


def test_grid_repr_svg() -> None:
    assert tq.Grid.empty()._repr_svg_().startswith("<svg")


def test_a_single_cell_name_highlights_that_cell() -> None:
    grid = tq.Grid.from_mapping({"a1": 7})
    assert tq.render_svg(grid, highlight="b1") == tq.render_svg(grid, highlight=["b1"])
    assert tq.render_svg(grid, highlight="b1") != tq.render_svg(grid)


def test_the_title_is_drawn_and_the_legend_names_each_colour() -> None:
    root = _parse(
        tq.render_svg(
            tq.Grid.from_mapping({"a1": 7}), highlight=["b1"], title="Hello", highlight_label="safe"
        )
    )
    texts = [element.text for element in root.iter(f"{NS}text")]
    assert "Hello" in texts
    legend = [g for g in root.iter(f"{NS}g") if g.get("class") == "legend-entry"]
    labels = [g.find(f"{NS}text").text for g in legend]  # type: ignore[union-attr]
    fills = [g.find(f"{NS}rect").get("fill") for g in legend]  # type: ignore[union-attr]
    assert labels == ["card", "empty cell", "safe", "start and finish spots"]
    fills = fills[:3]
    assert len(set(fills)) == 3
    cells = {
        g.get("id"): g.find(f"{NS}rect").get("fill") for g in root.iter(f"{NS}g") if g.get("id")
    }  # type: ignore[union-attr]
    assert cells["cell-a1"] == fills[0]
    assert cells["cell-c1"] == fills[1]
    assert cells["cell-b1"] == fills[2]
    plain = _parse(tq.render_svg(tq.Grid.empty()))
    entries = [g for g in plain.iter(f"{NS}g") if g.get("class") == "legend-entry"]
    assert [g.find(f"{NS}text").text for g in entries] == [  # type: ignore[union-attr]
        "empty cell",
        "start and finish spots",
    ]


def test_notes_write_the_cards_on_their_cells() -> None:
    root = _parse(tq.render_svg(tq.Grid.empty(), notes={"d3": "12 40"}))
    notes = [t for t in root.iter(f"{NS}text") if t.get("class") == "note"]
    assert [t.text for t in notes] == ["12 40"]


def test_dead_cells_and_caption_lines_are_drawn() -> None:
    root = _parse(tq.render_svg(tq.Grid.empty(), dead=["c3"], caption=["no safe placement"]))
    cells = {g.get("id"): g.find(f"{NS}rect") for g in root.iter(f"{NS}g") if g.get("id")}
    assert cells["cell-c3"].get("fill") != cells["cell-c4"].get("fill")  # type: ignore[union-attr]
    captions = [t.text for t in root.iter(f"{NS}text") if t.get("class") == "caption"]
    assert captions == ["no safe placement"]


def test_a_long_title_is_drawn_smaller_to_fit() -> None:
    title = f"{10**38:,} completions"
    root = _parse(tq.render_svg(tq.Grid.empty(), title=title))
    (element,) = [t for t in root.iter(f"{NS}text") if t.get("class") == "title"]
    width = float(root.get("width", "0"))
    assert 0.6 * float(element.get("font-size", "0")) * len(title) <= width - 60
    assert element.text == title


def test_a_won_game_shows_both_spots_played_and_says_won() -> None:
    state, last = ended_game(won=True)
    root = _parse(render_game_svg(state, last_play=last))
    spots = {r.get("id"): r.get("fill") for r in root.iter(f"{NS}rect") if r.get("id")}
    assert spots["start-spot"] != "none"
    assert spots["finish-spot"] != "none"
    words = [t.text for t in root.iter(f"{NS}text")]
    assert "won: the finish card is played on the full grid" in words
    assert {"start played", "finish played", "last play"} <= set(words)
    assert len([r for r in root.iter(f"{NS}rect") if r.get("class") == "last-play"]) == 1


def test_a_lost_game_says_why_and_the_finish_was_not_played() -> None:
    state, _ = ended_game(won=False)
    assert state.outcome is not None
    root = _parse(render_game_svg(state.observation(0)))
    spots = {r.get("id"): r.get("fill") for r in root.iter(f"{NS}rect") if r.get("id")}
    assert spots["finish-spot"] == "none"
    words = [t.text for t in root.iter(f"{NS}text")]
    # Why, and who: the cause alone does not say.
    (said,) = [word for word in words if word and word.startswith("lost")]
    assert said == f"lost: {loss_reason(state.observation(0))}"
    assert re.match(rf"lost: {state.outcome.cause}: P\d", said), said
    assert "finish not played" in words
    hand = " ".join(map(card_text, state.hands[0])) or "(empty)"
    assert f"your hand: {hand}" in words
    sizes = [
        f"P{p}: hand {len(h)}, deck {len(d)}"
        for p, (h, d) in enumerate(zip(state.hands, state.decks, strict=True))
    ]
    assert all(line in words for line in sizes)


def test_states_and_observations_show_in_notebooks() -> None:
    state = new_game(3, seed=2)
    assert state._repr_svg_() == render_game_svg(state)
    assert state.observation(1)._repr_svg_() == render_game_svg(state.observation(1))


def test_an_observations_picture_holds_no_hidden_card() -> None:
    # Two games that differ only in cards player 0 cannot see: the same picture, byte for byte.
    state = new_game(2, seed=5, rules="published")
    state = state.apply(state.legal_actions()[0])
    state = state.apply(state.legal_actions()[-1])
    seen = state.observation(0)
    pictures = {render_game_svg(world.observation(0)) for world in tq.sample_worlds(seen, 5, 1)}
    assert pictures == {render_game_svg(seen)}
    hidden = set(state.hands[1]) | {card for deck in state.decks for card in deck}
    texts = {t.text for t in _parse(render_game_svg(seen)).iter(f"{NS}text")}
    assert not {str(card) for card in hidden if card not in state.grid.numbers} & texts


def test_each_cell_names_itself_for_a_click() -> None:
    # A page finds the cell a click landed on by its data-cell attribute; a card on the cell
    # keeps it.
    grid = tq.Grid.from_mapping({"c3": 40})
    root = _parse(render_game_svg(new_game(2, seed=1).observation(0)))
    named = {g.get("data-cell"): g for g in root.iter(f"{NS}g") if g.get("data-cell")}
    assert sorted(named) == sorted(tq.CELL_NAMES)
    filled = _parse(tq.render_svg(grid))
    c3 = next(g for g in filled.iter(f"{NS}g") if g.get("data-cell") == "c3")
    assert [t.text for t in c3.iter(f"{NS}text")] == ["40"]
