"""Bots, records and replays."""

from __future__ import annotations

import json
import random

import pytest

import tranquility_solver as tq
from tranquility_solver.game.bots import Bot, HeuristicBot, RandomBot, make_bots
from tranquility_solver.game.records import GameRecord, play_game, replay


@pytest.mark.parametrize("rules", ["seed", "published"])
def test_record_round_trip_and_replay(rules: str) -> None:
    record = play_game([RandomBot(), RandomBot(), RandomBot()], seed=21, rules=rules)
    assert record.outcome.startswith(("won", "lost: "))
    assert GameRecord.from_json(record.to_json()) == record
    states = list(replay(record))
    assert len(states) == len(record.actions) + 1
    assert str(states[-1].outcome) == record.outcome
    # The replay ends exactly where a fresh game driven by the same actions ends.
    state = tq.new_game(3, seed=21, rules=rules)
    for _, text in record.actions:
        state = state.apply(tq.parse_action(text))
    assert state == states[-1]


def test_same_seed_same_game() -> None:
    bots = make_bots("random,heuristic", 2)
    first = play_game(bots, seed=8, rules="published")
    assert play_game(bots, seed=8, rules="published") == first
    assert play_game(bots, seed=9, rules="published") != first


def test_replay_rejects_a_tampered_record() -> None:
    record = play_game([RandomBot()], seed=2, rules="seed")
    data = json.loads(record.to_json())
    data["actions"][0][1] = "finish"
    with pytest.raises(tq.RecordError, match="action 1: finish"):
        list(replay(GameRecord.from_json(json.dumps(data))))
    data = json.loads(record.to_json())
    data["outcome"] = "won"
    with pytest.raises(tq.RecordError, match="the record says 'won'"):
        list(replay(GameRecord.from_json(json.dumps(data))))
    with pytest.raises(tq.RecordError, match="not a game record"):
        GameRecord.from_json("[1, 2]")
    with pytest.raises(tq.RecordError, match="'seed' must be an integer"):
        GameRecord.from_json(json.dumps({**json.loads(record.to_json()), "seed": "x"}))


class _Spy:
    """Records what the bot was shown, to check bots get observations only."""

    name = "spy"

    def __init__(self) -> None:
        self.seen: list[object] = []

    def choose(self, observation: tq.Observation, rng: random.Random) -> tq.Action:
        self.seen.append(observation)
        return RandomBot().choose(observation, rng)


def test_bots_receive_observations() -> None:
    spy = _Spy()
    assert isinstance(spy, Bot)
    play_game([spy, spy], seed=5, rules="published")
    assert spy.seen
    assert all(isinstance(seen, tq.Observation) for seen in spy.seen)


@pytest.mark.parametrize("rules", ["seed", "published"])
def test_heuristic_bot_plays_legal_actions(rules: str) -> None:
    state = tq.new_game(2, seed=6, rules=rules)
    bot, rng = HeuristicBot(), random.Random(0)
    for _ in range(15):
        if state.is_terminal:
            break
        action = bot.choose(state.observation(state.current_player), rng)
        assert action in state.legal_actions()
        state = state.apply(action)


def test_make_bots_errors() -> None:
    with pytest.raises(tq.TranquilityError, match="unknown bot 'clever'"):
        make_bots("clever", 2)
    with pytest.raises(tq.TranquilityError, match="3 bots given for 2 players"):
        make_bots("random,random,random", 2)
