"""Bots, whole games, records and replays."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

import tobago_solver as tb
from tobago_solver.game.actions import Action
from tobago_solver.game.end import RULE_ENDS
from tobago_solver.game.state import GameState

ISLAND = tb.islands.default()


def test_bots_pick_legal_actions_and_are_deterministic() -> None:
    state = tb.new_game(ISLAND, 4, seed=8)
    for bot in (tb.RandomBot(), tb.GreedyBot()):
        assert isinstance(bot, tb.Bot)
        for _ in range(60):
            if state.is_terminal:
                break
            seen = state.observation(state.to_move)
            first = bot.choose(seen, random.Random(3))
            assert first == bot.choose(seen, random.Random(3))
            assert first in state.legal_actions()
            state = state.apply(first)


def test_make_bot_names_and_errors() -> None:
    assert tb.make_bot("Greedy") == tb.GreedyBot()
    with pytest.raises(tb.TobagoError, match="'clever'"):
        tb.make_bot("clever")


def test_a_game_is_a_function_of_its_seed() -> None:
    bots: list[tb.Bot] = [tb.GreedyBot(), tb.RandomBot(), tb.RandomBot()]
    first = tb.play_game(ISLAND, bots, seed=5)
    assert tb.play_game(ISLAND, bots, seed=5) == first
    assert tb.play_game(ISLAND, bots, seed=6) != first
    assert first.end_reason in RULE_ENDS


@pytest.mark.parametrize("rules", ["seed", "published"])
def test_records_round_trip_and_replay_to_the_same_final_state(rules: str) -> None:
    finals: list[GameState] = []

    def watch(state: GameState, action: Action | None) -> None:
        finals.append(state)

    record = tb.play_game(
        ISLAND, [tb.GreedyBot(), tb.RandomBot()], seed=9, rules=rules, watch=watch
    )
    assert record.rules == tb.GameRules.named(rules)
    again = tb.GameRecord.from_json(record.to_json())
    assert again == record
    states = list(tb.replay(again))
    assert states == finals
    assert states[-1].is_terminal
    assert states[-1].scores == record.scores


def test_a_tampered_record_does_not_replay() -> None:
    record = tb.play_game(ISLAND, [tb.RandomBot(), tb.RandomBot()], seed=1)
    with pytest.raises(tb.TobagoError, match="the record says"):
        list(tb.replay(replace(record, scores=(999, 0))))
    with pytest.raises(tb.TobagoError, match="does not replay"):
        list(tb.replay(replace(record, actions=("pass", *record.actions), actors=())))
    with pytest.raises(tb.TobagoError, match="is by P1, but P0 decides then"):
        list(tb.replay(replace(record, actors=(1, *record.actors[1:]))))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "invalid JSON"),
        ("[]", "format"),
        (json.dumps({"format": "tobago-game-record", "version": 7}), "version 7"),
        (json.dumps({"format": "tobago-game-record", "version": 1}), "'island' is missing"),
    ],
)
def test_bad_records_are_clear_errors(text: str, message: str) -> None:
    with pytest.raises(tb.TobagoError, match=message):
        tb.GameRecord.from_json(text)


def test_greedy_beats_random_players_most_of_the_time() -> None:
    bots: list[tb.Bot] = [tb.GreedyBot(), tb.RandomBot(), tb.RandomBot(), tb.RandomBot()]
    wins = sum(0 in tb.play_game(ISLAND, bots, seed=seed).winners for seed in range(12))
    assert wins >= 8  # a fair seat would win about 3 of 12
