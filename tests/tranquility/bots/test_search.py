"""SearchBot: legal, replayable, picklable; its candidates start with HeuristicBot's choice."""

from __future__ import annotations

import math
import pickle
import random
from collections.abc import Sequence
from dataclasses import replace

import pytest

from tranquility_solver.analysis import solve_deal
from tranquility_solver.bots import HeuristicBot, SearchBot, partner_model, search
from tranquility_solver.bots.inferred_worlds import sample_inferred_worlds
from tranquility_solver.bots.partner_model import PartnerTurn, partner_turns
from tranquility_solver.bots.planner import PLANNER, PlannerBot
from tranquility_solver.bots.playouts import candidate_actions, play_out
from tranquility_solver.bots.search import _GAME_WORK, POLICY_VARIANTS
from tranquility_solver.deals.solve import DealStatus
from tranquility_solver.game import new_game, play_game, replay
from tranquility_solver.game.actions import Action, Play, parse_action
from tranquility_solver.game.choices import FINISH
from tranquility_solver.game.records import bot_rng
from tranquility_solver.game.state import GameState, Observation

EAGER = SearchBot(worlds=3, max_candidates=12, margin=1.0)
"""Few worlds, a low margin: many endgame decisions searched, cheaply."""


@pytest.mark.parametrize(
    "rules", [pytest.param("seed", marks=pytest.mark.slow), "published"]
)  # a `seed` endgame can keep the deal solver busy for its whole time limit
def test_every_decision_is_legal_and_the_game_replays(rules: str) -> None:
    searched = 0
    state = new_game(2, seed=1, rules=rules)
    rng = bot_rng(1)
    while not state.is_terminal:
        observation = state.observation(state.current_player)
        action = EAGER.choose(observation, rng)
        assert action in observation.legal_actions()
        searched += len(state.grid.empty_cells) <= EAGER.endgame_cells
        state = state.apply(action)
    assert searched > 5
    record = play_game([EAGER, EAGER], seed=1, rules=rules)
    assert list(replay(record))[-1].outcome == state.outcome
    assert play_game([EAGER, EAGER], seed=1, rules=rules) == record


@pytest.mark.parametrize("rules", ["seed", "published"])
def test_before_the_endgame_it_plays_as_its_own_heuristic(rules: str) -> None:
    own = PlannerBot()  # SequencePlanner in `published`
    state = new_game(2, seed=6, rules=rules)
    for _ in range(10):
        observation = state.observation(state.current_player)
        action = SearchBot().choose(observation, random.Random(0))
        assert action == own.choose(observation, random.Random(0))
        state = state.apply(action)


def _endgame(seed: int) -> list[tuple[Observation, Action]]:
    """A `published` HeuristicBot game's observations and actions from the first decision in
    the endgame on."""
    state = new_game(2, seed=seed, rules="published")
    rng = bot_rng(seed)
    seen = []
    while not state.is_terminal:
        observation = state.observation(state.current_player)
        action = HeuristicBot().choose(observation, rng)
        if len(state.grid.empty_cells) <= SearchBot().endgame_cells:
            seen.append((observation, action))
        state = state.apply(action)
    return seen


@pytest.mark.parametrize(
    ("seed", "turn", "kept"),
    [(5680799710577205923, 43, "discard 3 finish"), (2557314666786679541, 42, "discard 44 78")],
)
def test_it_pays_the_last_cell_with_its_finish_card_where_heuristic_bot_discards(
    seed: int, turn: int, kept: str
) -> None:
    # HeuristicBot keeps its only finish card and discards; the deal is then lost. Paying the
    # last cell with the finish card wins in most worlds: the partner holds another.
    record = play_game([HeuristicBot(), HeuristicBot()], seed=seed, rules="published")
    assert record.actions[turn][1] == kept
    assert not record.won
    position = list(replay(record))[turn]
    observation = position.observation(position.current_player)
    chosen = SearchBot().choose(observation, random.Random(0))
    assert isinstance(chosen, Play)
    assert FINISH in chosen.discards
    untuned = SearchBot(margin=math.inf, heuristic=HeuristicBot())
    assert untuned.choose(observation, random.Random(0)) == parse_action(kept)


def test_once_the_game_budget_is_spent_it_plays_as_its_own_heuristic() -> None:
    bot = SearchBot(game_budget=1)
    seen = _endgame(2)
    searched = [o for o, _ in seen if len(o.lazy_legal_actions()) > 1]
    assert len(searched) > 3
    game, other_game = random.Random(5), random.Random(6)
    bot.choose(searched[0], game)  # spends the whole budget
    assert _GAME_WORK[game] >= 1
    for observation in searched[1:]:
        assert bot.choose(observation, game) == PLANNER.choose(observation, game)
    bot.choose(searched[0], other_game)  # another game has its own budget
    assert _GAME_WORK[other_game] >= 1


def test_candidates_start_with_the_heuristic_choice() -> None:
    for seed in range(5):
        state = play_out(
            new_game(2, seed=seed, rules="published"), HeuristicBot(), random.Random(0), turns=15
        )
        if state.is_terminal:
            continue
        observation = state.observation(state.current_player)
        candidates = candidate_actions(observation)
        assert candidates[0] == HeuristicBot().choose(observation, random.Random(0))
        assert len(set(candidates)) == len(candidates)
        assert all(action in observation.legal_actions() for action in candidates)


def test_play_out_stops_after_the_turns_asked() -> None:
    state = new_game(2, seed=3)
    assert play_out(state, HeuristicBot(), random.Random(0), turns=4).turn == 4
    assert play_out(state, [HeuristicBot(), HeuristicBot()], random.Random(0)).is_terminal


def test_the_bot_pickles_for_process_pools() -> None:
    assert pickle.loads(pickle.dumps(SearchBot())) == SearchBot()


def test_reading_discards_changes_nothing_where_they_are_public() -> None:
    # In `seed` every discard is face up: the weighted worlds are the uniform ones, so the bot
    # makes the same choices either way (with the same randomness).
    cheap = SearchBot(worlds=3, step_limit=200, decision_budget=2_000)
    blind = SearchBot(worlds=3, step_limit=200, decision_budget=2_000, read_discards=False)
    state = new_game(2, seed=7, rules="seed")  # lost by HeuristicBot near the end
    checked = 0
    while not state.is_terminal and checked < 2:
        observation = state.observation(state.current_player)
        if len(state.grid.empty_cells) <= cheap.endgame_cells:
            assert cheap.choose(observation, random.Random(1)) == blind.choose(
                observation, random.Random(1)
            )
            checked += 1
        state = state.apply(HeuristicBot().choose(observation, random.Random(0)))
    assert checked > 0


def test_in_published_its_worlds_are_weighted_by_the_partners_discards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    drawn: list[int] = []

    def recorded(observation: Observation, n: int, seed: int | None = 0) -> object:
        drawn.append(n)
        return sample_inferred_worlds(observation, n, seed)

    monkeypatch.setattr(search, "sample_inferred_worlds", recorded)
    monkeypatch.setattr(partner_model, "sample_inferred_worlds", recorded)
    observation = next(o for o, _ in _endgame(2) if len(o.lazy_legal_actions()) > 1)
    assert any(who != observation.player for who in observation.discard_players)
    SearchBot(read_discards=False).choose(observation, random.Random(0))
    assert drawn == []
    unchecked = SearchBot(check_worlds=0)
    replace(unchecked, partner_depth=0).choose(observation, random.Random(0))
    assert drawn == [unchecked.worlds]
    # By default the partner model keeps the worlds from a pool of inferred ones.
    unchecked.choose(observation, random.Random(0))
    assert drawn == [unchecked.worlds, unchecked.worlds * unchecked.partner_model.pool]


PLAYING_OUT = SearchBot(endgame_cells=13, playout_cells=20, playout_worlds=4)
"""Playouts from 20 empty cells down to the search's 13 (off by default)."""


def _hesitations(rules: str, seeds: range) -> list[Observation]:
    """The positions of PlannerBot games, before the end game and within the playouts' reach,
    where the policy's variants do not all choose the same action."""
    bot = PLAYING_OUT
    found = []
    for seed in seeds:
        state = new_game(2, seed=seed, rules=rules)
        while not state.is_terminal:
            observation = state.observation(state.current_player)
            empty = len(state.grid.empty_cells)
            within = bot.endgame_cells < empty <= bot.playout_cells
            if within and len(candidate_actions(observation, POLICY_VARIANTS)) > 1:
                found.append(observation)
            state = state.apply(PLANNER.choose(observation, random.Random(0)))
    return found


def test_in_seed_its_policy_variants_always_agree() -> None:
    assert _hesitations("seed", range(3)) == []


def test_its_playouts_switch_only_by_their_margin_and_leave_the_game_randomness_alone() -> None:
    hesitations = _hesitations("published", range(6))
    assert len(hesitations) >= 3
    never = replace(PLAYING_OUT, playout_margin=math.inf)
    eager = replace(PLAYING_OUT, playout_worlds=32, playout_margin=1.0)
    switched = 0
    for observation in hesitations:
        own = PLANNER.choose(observation, random.Random(0))
        assert never.choose(observation, random.Random(0)) == own
        rng = random.Random(3)
        before = rng.getstate()
        chosen = eager.choose(observation, rng)
        assert rng.getstate() == before  # the end-game search draws the same worlds
        assert chosen in candidate_actions(observation, POLICY_VARIANTS)
        switched += chosen != own
    assert switched > 0


def _recorded_samples(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int]]:
    """Each call of the partner model's sampling from now on: (decisions read, worlds asked)."""
    calls: list[tuple[int, int]] = []
    sample = partner_model.PartnerModel.sample

    def recorded(
        model: partner_model.PartnerModel,
        observation: Observation,
        turns: Sequence[PartnerTurn],
        n: int,
        seed: int | None,
    ) -> tuple[GameState, ...]:
        calls.append((len(turns), n))
        return sample(model, observation, turns, n, seed)

    monkeypatch.setattr(partner_model.PartnerModel, "sample", recorded)
    return calls


def test_in_published_it_reads_the_partners_decisions_it_saw_in_this_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = _recorded_samples(monkeypatch)
    cheap = SearchBot(worlds=2, step_limit=100, decision_budget=500)
    rng = random.Random(3)
    play_out(new_game(2, seed=2, rules="published"), cheap, rng)
    assert calls
    assert max(read for read, _ in calls) == cheap.partner_depth
    # A position of another game with the same randomness: the memory of the first game is
    # not read as its history.
    observation = next(o for o, _ in _endgame(3) if len(o.lazy_legal_actions()) > 1)
    seen = search._SEEN[rng][observation.player]
    assert seen
    assert partner_turns(seen, observation, depth=2) == ()
    assert cheap.choose(observation, rng) in observation.legal_actions()
    calls.clear()
    # Without the partner model: the worlds of the discards alone.
    off = replace(cheap, partner_depth=0)
    play_out(new_game(2, seed=2, rules="published"), off, random.Random(3))
    assert calls == []


def _searched(seeds: Sequence[int]) -> list[Observation]:
    return [o for seed in seeds for o, _ in _endgame(seed) if len(o.lazy_legal_actions()) > 1]


def _chosen_by_scoring_everything(
    bot: SearchBot, observation: Observation, rng: random.Random
) -> Action:
    """What ``bot`` (without check worlds, every legal action a candidate) must choose, found
    the slow way: every candidate scored on every world the bot samples, none dropped early."""
    worlds = bot._worlds(observation, [], bot.worlds, rng.getrandbits(64))

    def value(state: GameState) -> float:
        if state.outcome is not None:
            return float(state.outcome.won)
        status = solve_deal(state, time_limit=None, step_limit=bot.step_limit).status
        return {DealStatus.WIN: 1.0, DealStatus.LOSS: 0.0, DealStatus.UNKNOWN: 0.5}[status]

    default = PLANNER.choose(observation, random.Random(0))
    candidates = list(
        dict.fromkeys((default, *candidate_actions(observation), *observation.legal_actions()))
    )
    wins = [sum(value(world.apply(action)) for world in worlds) for action in candidates]
    best = max(range(len(candidates)), key=lambda k: (wins[k], -k))  # ties: the earlier
    return candidates[best] if wins[best] >= wins[0] + bot.margin else default


def test_its_choice_is_the_one_scoring_every_candidate_on_every_world_gives() -> None:
    exact = SearchBot(
        worlds=6, margin=0.5, check_worlds=0, max_candidates=99, step_limit=300,
        decision_budget=10**9, game_budget=10**9,
    )  # fmt: skip
    switched = 0
    for observation in _searched(range(5))[40:70]:
        chosen = exact.choose(observation, random.Random(1))
        assert chosen == _chosen_by_scoring_everything(exact, observation, random.Random(1))
        switched += chosen != PLANNER.choose(observation, random.Random(0))
    assert switched > 0


def test_it_never_leaves_its_heuristic_when_no_action_can_lead_by_the_margin() -> None:
    never = SearchBot(worlds=4, margin=4.5, step_limit=300)
    for observation in _searched(range(2))[:12]:
        own = PLANNER.choose(observation, random.Random(0))
        assert never.choose(observation, random.Random(2)) == own


def test_its_check_worlds_sample_the_full_worlds_only_where_the_heuristic_loses_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = _recorded_samples(monkeypatch)
    checking = SearchBot(worlds=6, check_worlds=3, step_limit=300)
    state, rng = new_game(2, seed=4, rules="published"), random.Random(3)
    while not state.is_terminal:
        action = checking.choose(state.observation(state.current_player), rng)
        assert action in state.legal_actions()
        state = state.apply(action)
    sizes = [n for _, n in calls]
    assert sizes.count(3) > sizes.count(6) > 0
    assert set(sizes) == {3, 6}
