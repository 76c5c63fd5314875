"""The optional variant ``exchange``: a third action, exchange all your clue cards."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

import tobago_solver as tb
from tobago_solver.cli import main
from tobago_solver.compile import compiled
from tobago_solver.game.actions import EXCHANGE, Play
from tobago_solver.game.state import GameState

ISLAND = tb.islands.default()
EXCHANGING = tb.GameRules.seed().with_variants(["exchange"])


def cards_everywhere(state: GameState) -> Counter[str]:
    cards = [*state.clue_deck, *state.clue_discards, *(c for h in state.hands for c in h)]
    cards += [c for m in state.maps for c in m.clues]
    return Counter(map(str, cards))


def test_the_action_reads_back_from_its_text() -> None:
    assert tb.parse_action("exchange") is EXCHANGE
    assert tb.parse_action("  Exchange ") is EXCHANGE
    assert str(EXCHANGE) == "exchange"


def test_the_variant_is_off_in_both_presets() -> None:
    for preset in ("seed", "published"):
        rules = tb.GameRules.named(preset)
        assert not rules.exchange
        state = tb.new_game(ISLAND, 3, seed=1, rules=rules)
        assert EXCHANGE not in state.legal_actions()
        while state.phase == "opening":
            state = state.apply(state.legal_actions()[0])
        assert EXCHANGE not in state.legal_actions()
        with pytest.raises(tb.IllegalActionError, match="exchange variant"):
            state.apply(EXCHANGE)


def test_the_variant_names_itself_and_reads_back() -> None:
    assert EXCHANGING.name == "seed+exchange"
    assert tb.GameRules.named("published+exchange").name == "published+exchange"
    assert tb.GameRules.named("seed+exchange") == EXCHANGING
    assert tb.GameRules.from_dict(EXCHANGING.to_dict()) == EXCHANGING
    with pytest.raises(tb.TobagoError, match="unknown variant 'swap'"):
        tb.GameRules.named("seed+swap")


def test_exchanging_discards_the_hand_and_draws_as_many() -> None:
    state = tb.new_game(ISLAND, 2, seed=4, rules=EXCHANGING)
    assert EXCHANGE in state.legal_actions()
    hand = state.hands[0]
    after = state.apply(EXCHANGE)
    assert after.hands[0] == state.clue_deck[: len(hand)]
    assert after.clue_discards == hand
    assert after.clue_deck == state.clue_deck[len(hand) :]
    assert after.maps == state.maps
    assert after.roses_left == state.roses_left
    assert after.current_player == 1 or after.phase == "bonus"
    assert cards_everywhere(after) == cards_everywhere(state)


def test_exchanging_reshuffles_the_discards_when_the_deck_runs_short() -> None:
    state = tb.new_game(ISLAND, 2, seed=4, rules=EXCHANGING)
    state = replace(
        state,
        clue_deck=state.clue_deck[:2],
        clue_discards=state.clue_deck[2:],
    )
    after = state.apply(EXCHANGE)
    assert len(after.hands[0]) == 6
    assert after.hands[0][:2] == state.clue_deck[:2]
    assert after.reshuffles == 1
    assert cards_everywhere(after) == cards_everywhere(state)


def test_exchange_is_an_action_not_an_opening_or_a_bonus() -> None:
    state = tb.new_game(ISLAND, 2, seed=2, rules=tb.GameRules.named("published+exchange"))
    assert state.phase == "opening"
    assert EXCHANGE not in state.legal_actions()
    state = tb.new_game(ISLAND, 2, seed=2, rules=EXCHANGING)
    bonus = replace(state, phase="bonus", amulets_held=(1, 0))
    assert EXCHANGE not in bonus.legal_actions()
    with pytest.raises(tb.IllegalActionError, match="the action is done"):
        bonus.apply(EXCHANGE)
    empty = replace(state, hands=((), state.hands[1]))
    assert EXCHANGE not in empty.legal_actions()
    with pytest.raises(tb.IllegalActionError, match="no clue card"):
        empty.apply(EXCHANGE)


def test_bots_exchange_only_without_a_legal_clue() -> None:
    state = tb.new_game(ISLAND, 2, seed=2, rules=EXCHANGING)
    obs = state.observation(0)
    assert any(isinstance(a, Play) for a in obs.legal_actions)
    for seed in range(40):
        assert tb.RandomBot().choose(obs, random.Random(seed)) != EXCHANGE
        assert tb.GreedyBot().choose(obs, random.Random(seed)) != EXCHANGE
    # Every card contradicts every map: no legal clue.
    nowhere = tb.Clue.parse("in sight of statue")
    maps = tuple(
        replace(m, candidates_mask=m.candidates_mask & ~compiled(ISLAND).mask(nowhere))
        for m in state.maps
    )
    stuck = replace(state, maps=maps, hands=((nowhere,), state.hands[1]))
    obs = stuck.observation(0)
    assert not any(isinstance(a, Play) for a in obs.legal_actions)
    assert tb.GreedyBot().choose(obs, random.Random(0)) == EXCHANGE
    choices = {tb.RandomBot().choose(obs, random.Random(seed)) for seed in range(200)}
    assert EXCHANGE in choices


def test_games_with_the_variant_end_by_the_rules_and_replay() -> None:
    bots: list[tb.Bot] = [tb.GreedyBot(), tb.RandomBot(), tb.RandomBot()]
    exchanged = 0
    for seed in range(4):
        record = tb.play_game(ISLAND, bots, seed=seed, rules=EXCHANGING)
        assert record.end_reason != "turn limit"
        exchanged += record.actions.count("exchange")
        again = tb.GameRecord.from_json(record.to_json())
        assert again == record
        assert list(tb.replay(again))[-1].scores == record.scores
    assert exchanged > 0


def test_the_command_line_turns_the_variant_on(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "-n", "2", "--bots", "greedy,random", "--variant", "exchange"])
    out, _ = capsys.readouterr()
    assert code == 0
    assert "rules: seed text + exchange" in out
    args = ["play", "ABC-1", "--players", "2", "--seed", "3", "--variant", "exchange"]
    assert main(args) == 0
    out, _ = capsys.readouterr()
    assert "rules: seed text + exchange" in out
    assert main(["play", "ABC-1", "--variant", "swap"]) == 2
    _, err = capsys.readouterr()
    assert "invalid choice: 'swap'" in err


def test_advice_names_the_exchange() -> None:
    state = tb.new_game(ISLAND, 2, seed=4, rules=EXCHANGING)
    (advice,) = [a for a in tb.advise(state, 0) if a.action == EXCHANGE]
    assert advice.gain == 0
    assert "a new hand of 6 clue cards" in advice.reason
