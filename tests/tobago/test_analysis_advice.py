"""Move advice: every legal action ranked once, values as the stated criterion says, the CLI."""

from __future__ import annotations

import itertools
import math
import random
import re
from pathlib import Path

import pytest

import tobago_solver as tb
from tobago_solver.analysis.advice import AMULET_VALUE, hint_text
from tobago_solver.cli import main
from tobago_solver.compile import compiled
from tobago_solver.game.records import replay

ISLAND = tb.islands.default()


@pytest.fixture(scope="module")
def states() -> list[tb.GameState]:
    bots = [tb.GreedyBot(), tb.RandomBot(), tb.GreedyBot()]
    record = tb.play_game(ISLAND, bots, seed=11)
    return [s for s in replay(record) if not s.is_terminal]


def first_player(state: tb.GameState, cars: list[str], field: str) -> int:
    """Independently of the module: play the turns out until a car gets to ``field``."""
    n, me = state.players, state.to_move
    steps = [tb.step_distance(state.island, car, field) for car in cars]
    for k in range(n):  # a car already there: the acting player first, then in turn order
        if steps[(me + k) % n] == 0:
            return (me + k) % n
    turns_had = [0] * n
    for time in range(1, 100 * n):  # the acting player's action is spent: the others go first
        q = (me + time) % n
        turns_had[q] += 1
        if turns_had[q] * state.rules.max_steps >= steps[q]:
            return q
    raise AssertionError("nobody arrives")


def expected_cards(
    state: tb.GameState, maps: list[int], roses: list[int], cars: list[str]
) -> float:
    me = state.to_move
    fields = compiled(state.island).fields
    worth = 2 if state.roses_left[me] - sum(roses) + sum(m.roses[me] for m in state.maps) > 0 else 1
    total = 0.0
    for mask, mine in zip(maps, roses, strict=True):
        candidates = [fields[i] for i in range(len(fields)) if mask >> i & 1]
        if candidates:
            won = sum(first_player(state, cars, f) == me for f in candidates)
            total += mine + worth * won / len(candidates)
    return total


def test_every_legal_action_is_ranked_once_best_first(states: list[tb.GameState]) -> None:
    for state in states[::7]:
        ranked = tb.advise(state)
        assert sorted(map(str, (a.action for a in ranked))) == sorted(
            map(str, state.legal_actions())
        )
        # Claims first, then by value (values within rounding may keep the legal order).
        keys = [(a.claims, a.value) for a in ranked]
        for (c1, v1), (c2, v2) in itertools.pairwise(keys):
            assert c1 > c2 or (c1 == c2 and v1 >= v2 - 1e-9)
        now = {round(a.value - a.gain, 9) for a in ranked}
        assert len(now) == 1
        assert all(a.reason and "\n" not in a.reason for a in ranked)


def test_values_follow_the_stated_criterion(states: list[tb.GameState]) -> None:
    checked = 0
    for state in states[::5]:
        if state.phase != "action":
            continue
        me = state.to_move
        masks = [m.candidates_mask for m in state.maps]
        roses = [m.roses[me] for m in state.maps]
        cars = list(state.cars)
        assert math.isclose(
            tb.advise(state)[0].value - tb.advise(state)[0].gain,
            expected_cards(state, masks, roses, cars),
        )
        for advice in tb.advise(state)[:3] + tb.advise(state)[-2:]:
            action = advice.action
            if isinstance(action, tb.Play):
                after = list(masks)
                after[action.map] &= compiled(ISLAND).masks[action.clue]
                more = list(roses)
                more[action.map] += 1
                expected = expected_cards(state, after, more, cars)
            else:
                assert isinstance(action, tb.Move)
                moved = list(cars)
                moved[me] = action.destination
                expected = expected_cards(state, masks, roses, moved)
                claimed = any(
                    m.located and state.candidates(i)[0] == action.destination
                    for i, m in enumerate(state.maps)
                )
                if action.destination in state.amulets and not claimed:
                    expected += AMULET_VALUE
            assert math.isclose(advice.value, expected), (str(action), advice.reason)
            checked += 1
    assert checked > 10


def test_a_claim_within_reach_comes_first(states: list[tb.GameState]) -> None:
    found = 0
    for state in states:
        if state.phase != "action":
            continue
        located = state.located_fields()
        claims = [
            a for a in state.legal_actions() if isinstance(a, tb.Move) and a.destination in located
        ]
        if claims:
            best = tb.advise(state)[0]
            assert best.claims > 0
            if isinstance(best.action, tb.Move):
                assert best.action.destination in located
                assert best.reason.startswith("claims the ")
            else:  # a clue that locates a treasure under the player's own car
                assert best.reason.endswith("you claim it at once")
            found += 1
    assert found > 0


def test_only_the_player_to_decide_gets_advice(states: list[tb.GameState]) -> None:
    state = states[0]
    other = (state.to_move + 1) % state.players
    with pytest.raises(tb.TobagoError, match=f"player {other} is not to move"):
        tb.advise(state, other)
    with pytest.raises(tb.TobagoError, match="no player 7"):
        tb.advise(state, 7)
    record = tb.play_game(ISLAND, [tb.RandomBot(), tb.RandomBot()], seed=2)
    final = list(replay(record))[-1]
    with pytest.raises(tb.TobagoError, match="the game is over"):
        tb.advise(final)


def test_bonus_and_curse_phases_are_advised(states: list[tb.GameState]) -> None:
    phases = set()
    for state in states:
        if state.phase in ("bonus", "curse"):
            ranked = tb.advise(state)
            assert {str(a.action) for a in ranked} == set(map(str, state.legal_actions()))
            phases.add(state.phase)
    assert "bonus" in phases


# -- the command line ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def record_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("advise") / "game.json"
    code = main(["play", "ABC-1", "--players", "3", "--seed", "4", "--quiet", "--save", str(path)])
    assert code == 0
    return path


def test_advise_command_at_a_turn(capsys: pytest.CaptureFixture[str], record_file: Path) -> None:
    capsys.readouterr()
    assert main(["advise", str(record_file), "--turn", "5", "--top", "4"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    record = tb.GameRecord.from_json(record_file.read_text())
    state = next(s for s in replay(record) if s.turn == 5)
    ranked = tb.advise(state)
    lines = out.splitlines()
    assert lines[0].startswith(f"turn 5, P{state.to_move} to decide ({state.phase}): ")
    assert lines[1:5] == [
        f"{n}. {'claims at once, ' * (a.claims > 0)}{a.gain:+.2f}  {a.action}: {a.reason}"
        for n, a in enumerate(ranked[:4], 1)
    ]
    assert lines[5] == f"... and {len(ranked) - 4} more (--top 0 lists all)"


def test_advise_command_defaults_to_the_last_decision(
    capsys: pytest.CaptureFixture[str], record_file: Path
) -> None:
    capsys.readouterr()
    assert main(["advise", str(record_file), "--top", "0", "--board"]) == 0
    out = capsys.readouterr().out
    record = tb.GameRecord.from_json(record_file.read_text())
    last = [s for s in replay(record) if not s.is_terminal][-1]
    assert "your hand:" in out
    assert f"turn {last.turn}, P{last.to_move} to decide" in out
    numbered = [
        line for line in out.splitlines() if re.match(r"\s*\d+\. (claims at once, )?[+-]", line)
    ]
    assert len(numbered) == len(tb.advise(last))


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["advise", "RECORD", "--turn", "9999"], "--turn 9999: the game's turns run from 0 to"),
        (["advise", "missing.json"], "no such file: missing.json"),
        (["advise", "RECORD", "--top", "x"], "'x' is not a whole number"),
    ],
)
def test_advise_errors_are_one_line(
    capsys: pytest.CaptureFixture[str], record_file: Path, argv: list[str], message: str
) -> None:
    capsys.readouterr()
    assert main([str(record_file) if a == "RECORD" else a for a in argv]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert message in err
    assert len(err.strip().splitlines()) == 1


def test_advise_rejects_a_file_that_is_not_a_record(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "x.json"
    path.write_text("{}")
    assert main(["advise", str(path)]) == 2
    assert "not a game record" in capsys.readouterr().err


def test_the_published_opening_is_advised() -> None:
    state = tb.new_game(ISLAND, 3, seed=2, rules="published")
    assert state.phase == "opening"
    ranked = tb.advise(state)
    assert {str(a.action) for a in ranked} == set(map(str, state.legal_actions()))
    assert all(isinstance(a.action, tb.Play) for a in ranked)


@pytest.mark.slow
@pytest.mark.parametrize("rules", ["seed", "published"])
def test_every_state_of_many_games_is_advised(rules: str) -> None:
    phases = set()
    for seed in range(8):
        bots = [tb.GreedyBot(), tb.RandomBot(), tb.GreedyBot(), tb.RandomBot()][: 2 + seed % 3]
        record = tb.play_game(tb.islands.get("abc-2"), bots, seed=seed, rules=rules)
        for state in replay(record):
            if state.is_terminal:
                continue
            ranked = tb.advise(state)
            assert {str(a.action) for a in ranked} == set(map(str, state.legal_actions()))
            phases.add(state.phase)
    assert {"action", "bonus", "curse"} <= phases


def _hint_keys(text: str) -> list[tuple[bool, float]]:
    """What each row of a hint shows to order it: a claim at once, then the gain."""
    rows = re.findall(r"^\d+\. .*? \((claims at once, )?([+-]\d+\.\d\d): ", text, re.M)
    return [(bool(claim), float(gain)) for claim, gain in rows]


def test_a_hint_shows_what_orders_it_and_says_the_rule() -> None:
    state = tb.new_game(ISLAND, 2, seed=0)
    rng = random.Random(0)
    while state.turn < 10 or state.to_move != 0:  # a claim worse by the gain than a drive
        state = state.apply(tb.GreedyBot().choose(state.observation(state.to_move), rng))
    text = hint_text(state.observation(0))
    assert text.startswith("a claim at once first (it cannot be lost), then by the gain")
    assert text.splitlines()[1] == (
        "1. move d7 c6 d5 (claims at once, -0.67: claims the brown treasure at d5)"
    )
    keys = _hint_keys(text)
    assert keys == sorted(keys, reverse=True)
    assert all(len(line) <= 80 for line in text.splitlines())


def test_every_hint_of_many_games_is_in_the_order_it_shows(states: list[tb.GameState]) -> None:
    for state in states:
        text = hint_text(state.observation(state.to_move), top=5)
        keys = _hint_keys(text)
        assert len(keys) == min(5, len(state.legal_actions()))
        assert keys == sorted(keys, reverse=True), text
        assert text.startswith("a claim at once" if keys[0][0] else "best first by the gain")


def test_a_moves_reason_names_the_maps_of_equal_chances_together() -> None:
    seen = tb.new_game(ISLAND, 2, seed=4).observation(0)
    text = " ".join(hint_text(seen).split())
    assert "1. move i9 h9 g9 (+3.37: to g9: first to the treasure grey, brown, black, white" in text
    assert "49% (was 7%))" in text
