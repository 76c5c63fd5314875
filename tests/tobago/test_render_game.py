"""The picture of a game, of an observation and of the assistant's table."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tobago_solver as tb
from tobago_solver.bots import make_bot
from tobago_solver.errors import TobagoError
from tobago_solver.game.records import play_game
from tobago_solver.game.state import GameState
from tobago_solver.render import render_game_svg, render_table_svg
from tobago_solver.render.layout import Layout
from tobago_solver.render.slots import discs_meet, hits_arrow, inside_hex, label_box
from tobago_solver.rules import MAP_NAMES
from tobago_solver.table import Table

ISLAND = tb.islands.default()


def game_states(seed: int) -> list[GameState]:
    states: list[GameState] = []
    bots = [make_bot("greedy"), make_bot("random"), make_bot("greedy")]
    play_game(ISLAND, bots, seed=seed, watch=lambda state, action: states.append(state))
    return states


GAME = game_states(3)


def markers(svg: str) -> list[ET.Element]:
    root = ET.fromstring(svg)
    return [el for el in root.iter() if "marker" in el.get("class", "").split()]


def texts(svg: str) -> list[str]:
    return [el.text for el in ET.fromstring(svg).iter() if el.text and el.text.strip()]


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(GAME))
def test_small_maps_mark_every_candidate_in_their_colour(state: GameState) -> None:
    drawn = {(el.get("data-map"), el.get("data-field")) for el in markers(render_game_svg(state))}
    expected = set()
    for index, name in enumerate(MAP_NAMES):
        fields = state.candidates(index)
        if len(fields) <= 16:
            expected |= {(name, field) for field in fields}
    assert drawn == expected


def test_a_located_treasure_gets_the_large_marker() -> None:
    state = next(s for s in GAME if s.located_fields())
    located = {
        (el.get("data-map"), el.get("data-field"))
        for el in markers(render_game_svg(state))
        if "located" in el.get("class", "")
    }
    expected = {
        (MAP_NAMES[m], field) for field, maps in state.located_fields().items() for m in maps
    }
    assert located == expected
    assert "located treasure" in texts(render_game_svg(state))


def test_the_panel_says_each_maps_clues_and_the_players_facts() -> None:
    state = GAME[len(GAME) // 2]
    words = texts(render_game_svg(state))
    for map_state in state.maps:
        for clue in map_state.clues:
            assert f"• {clue}" in words
    for player, cards in enumerate(state.gold):
        assert any(line.startswith(f"gold {sum(cards)} ·") for line in words), player


def test_only_the_viewing_seat_shows_its_hand() -> None:
    state = GAME[5]
    on_maps = {f"• {clue}" for m in state.maps for clue in m.clues}
    own = {f"• {clue}" for clue in state.hands[1]} - on_maps
    others = {f"• {clue}" for p in (0, 2) for clue in state.hands[p]} - own - on_maps
    assert own
    assert others
    for svg in (render_game_svg(state, seat=1), render_game_svg(state.observation(1))):
        words = set(texts(svg))
        assert own <= words
        assert not others & words
    assert not (own | others) & set(texts(render_game_svg(state)))


def test_a_finished_game_says_who_won_and_why() -> None:
    final = GAME[-1]
    assert final.is_terminal
    (winner,) = final.winners
    status = f"game over ({final.end_reason}): P{winner} wins with {final.scores[winner]} gold"
    assert status in texts(render_game_svg(final))
    assert f"P{winner}  (wins)" in texts(render_game_svg(final))


def test_notebooks_show_states_and_observations() -> None:
    state = GAME[4]
    assert state._repr_svg_() == render_game_svg(state, seat=state.to_move)
    assert state.observation(2)._repr_svg_() == render_game_svg(state.observation(2))


def test_a_seat_outside_the_game_is_refused() -> None:
    with pytest.raises(TobagoError, match="no seat 5"):
        render_game_svg(GAME[0], seat=5)
    with pytest.raises(TobagoError, match="the view of P1 shows no other seat's hand"):
        render_game_svg(GAME[0].observation(1), seat=0)


def test_an_observation_of_a_finished_game_says_why_it_ended() -> None:
    final = GAME[-1]
    assert final.end_reason
    assert any(
        f"game over ({final.end_reason})" in t for t in texts(render_game_svg(final.observation(0)))
    )


def test_the_table_picture_lists_clues_cars_hand_and_forced_maps() -> None:
    table, _ = Table.new(ISLAND).play("grey", "in largest lake")
    table, _ = table.play("white", "in jungle")
    table, _ = table.play("white", "in lake", force=True)
    table = table.with_car("red", "i11").with_hand(["next to hut"])
    svg = render_table_svg(table)
    words = texts(svg)
    assert "• in largest lake" in words
    assert "forced: holds an illegal clue" in words
    assert "on i11" in words
    assert "• next to hut" in words
    assert {el.get("data-field") for el in markers(svg)} == set(table.candidates("grey"))
    # An empty map is not drawn at all: no outline around every field.
    assert 'class="highlight-outline"' not in svg


@pytest.mark.parametrize("name", tb.islands.names())
def test_on_every_island_nothing_in_a_field_covers_anything(name: str) -> None:
    island = tb.islands.get(name)
    crowded = [mark.field for mark in island.landmarks]
    layout = Layout(
        island,
        24.0,
        title=None,
        legend_labels=["beach"],
        cars=dict.fromkeys(crowded, 2),
        amulets=set(crowded),
        markers=dict.fromkeys(crowded, (0.17, 0.17, 0.22)),
    )
    for field in crowded:
        slots = layout.slots[field]
        things = [d for d in (slots.glyph, *slots.cars, slots.amulet, *slots.row) if d]
        assert all(inside_hex(d, 0.0) for d in things)
        assert not any(discs_meet(a, b) for i, a in enumerate(things) for b in things[i + 1 :])
        assert not any(label_box(slots.label, len(field)).hits(d) for d in things)
        if slots.arrow is not None:
            assert not any(hits_arrow(d, slots.arrow) for d in things if d is not slots.glyph)


@pytest.mark.parametrize("step", [0, 5, len(GAME) // 2, len(GAME) - 1])
def test_an_observation_picture_holds_nothing_of_the_hidden_cards(step: int) -> None:
    state = GAME[step]
    deck = state.clue_deck
    others = tuple(deck[: len(state.hands[1])])
    swapped = replace(
        state,
        hands=(state.hands[0], others, state.hands[2]),
        clue_deck=(*state.hands[1], *deck[len(others) :]),
    )
    assert swapped.hands[1] != state.hands[1]  # another seat's hand really differs
    assert render_game_svg(swapped, seat=1) != render_game_svg(state, seat=1)
    for seen in (0, 2):
        assert render_game_svg(swapped.observation(seen)) == render_game_svg(
            state.observation(seen)
        )


def test_every_picture_of_a_game_has_the_same_size() -> None:
    for pictures in (
        [render_game_svg(state) for state in GAME],
        [render_game_svg(state.observation(0)) for state in GAME],
    ):
        sizes = {(root.get("width"), root.get("height")) for root in map(ET.fromstring, pictures)}
        assert len(sizes) == 1, sizes
