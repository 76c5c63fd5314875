"""What a person types at the table, read into an action: short forms, numbers, refusals."""

from __future__ import annotations

import contextlib
import random
import re
import tracemalloc
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tobago_solver as tb
from tobago_solver.bots import GreedyBot
from tobago_solver.errors import ActionSyntaxError, IllegalActionError
from tobago_solver.game.paths import move_neighbours
from tobago_solver.game.position import located_field
from tobago_solver.game.rules import GameRules
from tobago_solver.game.shortforms import read_action, shortest_ways
from tobago_solver.movement import step_distance


def big_island() -> tb.Island:
    """A legal island of 988 fields whose terrains come in blocks of three rows and columns:
    areas of several fields, so a long drive has a great many shortest ways."""
    letters = "BJRSLM"
    rows = []
    for row in range(38):
        cells = [letters[(row // 3 * 7 + column // 3 * 5) % 6] for column in range(26)]
        rows.append((" " if row % 2 else "") + " ".join(cells))
    text = "name: big\nterrain:\n" + "\n".join(rows) + "\nhut: b2 m10 x30\npalm: f20 t5\n"
    return tb.Island.from_text(text, strict=False)


def every_shortest_way(seen: tb.Observation, start: str, destination: str) -> list[tuple[str, ...]]:
    """The shortest ways listed one by one (small drives only), as the rules define them."""
    island = seen.island
    stops = {f for m in seen.maps if (f := located_field(island, m)) not in (None, destination)}
    neighbours = move_neighbours(island)
    for length in range(1, seen.rules.max_steps + 1):
        ways: list[tuple[str, ...]] = [()]
        for _ in range(length):
            ways = [
                (*way, there)
                for way in ways
                if not way or way[-1] not in stops
                for there in neighbours[way[-1] if way else start]
            ]
        found = [way for way in ways if way[-1] == destination]
        if found:
            return found
    return []


def test_shortest_ways_are_counted_and_the_first_ones_listed() -> None:
    checked = 0
    for seed in range(6):
        state = tb.new_game(tb.islands.default(), 3, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            seen = state.observation(state.to_move)
            here = seen.cars[seen.player]
            for destination in rng.sample(seen.island.fields, 3):
                if destination == here:
                    continue
                ways = every_shortest_way(seen, here, destination)
                found = shortest_ways(seen, here, destination, listed=3)
                assert (found.count, list(found.listed)) == (len(ways), ways[:3])
                checked += 1
            state = state.apply(GreedyBot().choose(seen, rng))
    assert checked > 300


def test_a_long_drive_on_a_large_island_is_counted_without_listing_every_way() -> None:
    island = big_island()
    rules = replace(GameRules.seed(), max_steps=4)
    seen = tb.new_game(island, 2, seed=1, rules=rules).observation(0)
    destination = "l21"  # four steps from the car on c16, by 34 ways
    assert step_distance(island, seen.cars[0], destination) == 4
    tracemalloc.start()
    try:
        reading = read_action(seen, f"move {destination}")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 1_000_000
    assert reading.action.destination == destination  # type: ignore[union-attr]
    assert reading.note.endswith("(one of 34 shortest ways)")
    assert len(reading.note) <= 80


SEEN = tb.new_game(tb.islands.default(), 2, seed=1).observation(0)
WORDS = st.sampled_from(
    ["play", "move", "on", "grey", "gray", "#", "#1", "1", "²", "a1", "f7", "e5", "take", "end"]
)


DIGITS = st.one_of(
    st.text("0123456789", min_size=1, max_size=12),
    st.integers(min_value=1, max_value=5000).map(lambda n: "4" * n),
)


@settings(max_examples=400, deadline=None)
@given(
    st.one_of(
        st.text(max_size=40),
        st.lists(st.one_of(WORDS, st.text(max_size=6)), max_size=5).map(" ".join),
        DIGITS,
        DIGITS.map(lambda n: f"play {n} grey"),
        DIGITS.map(lambda n: f"#{n}"),
        DIGITS.map(lambda n: f"move a{n}"),
    )
)
def test_read_action_raises_only_its_documented_errors(text: str) -> None:
    with contextlib.suppress(ActionSyntaxError, IllegalActionError):
        read_action(SEEN, text)


@pytest.mark.parametrize(
    ("line", "answer"),
    [
        ("4" * 4301, "characters are no action"),
        (f"play {'4' * 190} grey", "you hold 6 clue cards, numbered 1 to 6"),
        (f"#{'4' * 190}", "the list of legal actions ('moves') runs from 1 to"),
        (f"play {'4' * 4301} grey", "characters are no action"),
    ],
    ids=["4301 digits", "play 190 digits", "#190 digits", "play 4301 digits"],
)
def test_a_number_of_hundreds_of_digits_is_refused_in_words(line: str, answer: str) -> None:
    with pytest.raises(tb.TobagoError, match=re.escape(answer)) as refused:
        read_action(SEEN, line)
    assert len(str(refused.value)) < 120


def test_numbered_actions_read_with_or_without_a_hash() -> None:
    assert read_action(SEEN, "#3").action == SEEN.legal_actions[2]
    assert read_action(SEEN, " #12 ").action == read_action(SEEN, "12").action
    assert read_action(SEEN, "play 2 gray").action == read_action(SEEN, "play 2 grey").action
