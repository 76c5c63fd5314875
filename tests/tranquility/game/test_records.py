"""Bots, records and replays."""

from __future__ import annotations

import json
import math
import random
from bisect import bisect_left, bisect_right
from dataclasses import replace

import pytest

import tranquility_solver as tq
from tranquility_solver.bots import HeuristicBot, RandomBot, make_bots
from tranquility_solver.bots.gaps import (
    gap_change,
    gap_cost,
    gaps_through,
    line_gap,
    line_split,
    split_gap,
)
from tranquility_solver.bots.heuristic import _COUNTED, _Context, _Counted
from tranquility_solver.completion import count as counting
from tranquility_solver.completion import fast
from tranquility_solver.game.records import Bot, GameRecord, play_game, replay
from tranquility_solver.grid import CELL_NAMES
from tranquility_solver.hints import PlaySafety, dead_cells
from tranquility_solver.placement import openings, order_bounds, pool_without


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
    data["result"]["outcome"] = "won"
    with pytest.raises(tq.RecordError, match="the record says 'won'"):
        list(replay(GameRecord.from_json(json.dumps(data))))
    with pytest.raises(tq.RecordError, match="not a game record"):
        GameRecord.from_json("[1, 2]")
    with pytest.raises(tq.RecordError, match="'seed' must be a whole number"):
        GameRecord.from_json(json.dumps({**json.loads(record.to_json()), "seed": "x"}))


def _record_data(**changes: object) -> dict[str, object]:
    record = play_game([RandomBot(), RandomBot()], seed=2, rules="published")
    return {**json.loads(record.to_json()), **changes}


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"actions": [["Infinity", "start"]]}, "Infinity is not a number JSON allows"),
        ({"actions": [[0.9, "start"]]}, "action 1: the player must be a player 0-1, got 0.9"),
        ({"actions": [["1", "start"]]}, "got '1'"),
        ({"actions": [[True, "start"]]}, "got True"),
        ({"actions": [[2, "start"]]}, "got 2"),
        ({"actions": ["02"]}, r"action 1: expected \[player, text\], got '02'"),
        ({"actions": [[0, "start", 1]]}, "expected \\[player, text\\]"),
        ({"actions": [[0, 5]]}, "action 1 must be text, got 5"),
        ({"actions": [[0, "jump"]]}, "action 1: 'jump': unknown action"),
        ({"actions": "move"}, "'actions' must be a list"),
        ({"players": True}, "'players' must be a whole number"),
        ({"players": 6}, "'players' must be 1-5"),
        ({"seed": 1.7}, "'seed' must be a whole number ≥ 0, got 1.7"),
        ({"seed": -3}, "got -3"),
        ({"first_player": 2}, "'first_player' must be a player 0-1"),
        ({"rules": "fancy"}, "unknown rules 'fancy'"),
        ({"rules": None}, "rules must be text"),
        ({"bots": ["random"]}, "one name per seat"),
        ({"bots": ["random", 3]}, "bots\\[1\\] must be text"),
        ({"result": {"outcome": "lost", "turns": 3}}, "outcome 'lost' is not one of"),
        ({"result": {"outcome": "", "turns": 99999}}, "99,999 turns but only"),
        ({"result": {"outcome": ""}}, "result: missing field 'turns'"),
        ({"result": [1]}, "'result' must hold 'outcome' and 'turns'"),
        ({"version": True}, "version True is not 2"),
        ({"version": 1}, "version 1 is not 2"),
        ({"outcome": "won"}, "unknown field 'outcome'"),
    ],
)
def test_records_are_checked_field_by_field(changes: dict[str, object], message: str) -> None:
    """Nothing is coerced: each bad field is a RecordError naming it (issue 15's fuzzing)."""
    text = json.dumps(_record_data(**changes)).replace('"Infinity"', "Infinity")
    with pytest.raises(tq.RecordError, match=message):
        GameRecord.from_json(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[" * 2000 + "]" * 2000, "nested too deeply"),
        ('{"format": "tranquility-game/1", "seed": ' + "9" * 5000 + "}", "more than 4,300 digits"),
        ('{"format": "tranquility-game/1", "seed": NaN}', "NaN is not a number JSON allows"),
        ("{", "not JSON: Expecting property name"),
    ],
)
def test_json_that_python_cannot_hold_is_a_record_error(text: str, message: str) -> None:
    with pytest.raises(tq.RecordError, match=message):
        GameRecord.from_json(text)


def test_a_record_of_the_first_version_still_reads() -> None:
    record = play_game([RandomBot(), RandomBot()], seed=5, rules="published")
    data = json.loads(record.to_json())
    old = {key: value for key, value in data.items() if key not in ("version", "result")}
    old |= {"format": "tranquility-game/1", **data["result"]}
    assert GameRecord.from_json(json.dumps(old)) == record
    assert list(replay(GameRecord.from_json(json.dumps(old))))[-1].turn == record.turns


def test_record_text_must_be_str() -> None:
    with pytest.raises(TypeError, match="got bytes"):
        GameRecord.from_json(b"{}")  # type: ignore[arg-type]


def test_replay_compares_the_number_of_turns() -> None:
    data = _record_data()
    data["result"]["turns"] -= 1  # type: ignore[index]
    with pytest.raises(tq.RecordError, match="the record says"):
        list(replay(GameRecord.from_json(json.dumps(data))))


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


def test_every_named_bot_is_made_by_its_name() -> None:
    # The search and planner bots are made lazily (their modules import this one).
    from tranquility_solver.bots.planner import PlannerBot
    from tranquility_solver.bots.search import SearchBot

    made = {name: make_bots(name, 1)[0] for name in ("random", "heuristic", "planner", "search")}
    assert {name: bot.name for name, bot in made.items()} == {name: name for name in made}
    assert isinstance(made["planner"], PlannerBot)
    assert isinstance(made["search"], SearchBot)
    assert make_bots(" Planner ,search", 2) == (made["planner"], made["search"])


def test_make_bots_errors() -> None:
    with pytest.raises(tq.TranquilityError, match="unknown bot 'clever'"):
        make_bots("clever", 2)
    with pytest.raises(tq.TranquilityError, match="3 bots given for 2 players"):
        make_bots("random,random,random", 2)


def test_gap_estimate_is_the_wedge_cost_for_single_holes() -> None:
    grid = tq.Grid.from_mapping({"a1": 10, "c1": 14, "b2": 30})
    # b1 sits between a1 and c1 (4) and between nothing below and b2: only the row counts.
    assert gap_cost(grid.cells) == tq.Rules.seed().cost(grid.cells, 1, 12) == 4
    wider = tq.Grid.from_mapping({"a1": 10, "d1": 22})
    assert gap_cost(wider.cells) == 2 * 12 / 3
    assert gap_cost(tq.Grid.from_mapping({"a1": 10, "b1": 12}).cells) == 0


def _states_of_random_games(rules: str, games: int, every: int) -> list[tq.GameState]:
    """Every ``every``-th state of random 2-player games, in the play phase and not over."""
    found = []
    bots = make_bots("random", 2)
    for seed in range(games):
        play_game(bots, seed=seed, rules=rules, on_state=lambda state, _: found.append(state))
    return [state for state in found[::every] if state.outcome is None and state.phase == "play"]


def test_counts_after_a_play_are_those_of_the_counting_core() -> None:
    # The bot counts each play's completions from the runs of the grid before it (`published`);
    # the core counts them afresh on the grid after it, from the pool after the payment.
    rng = random.Random(18)
    checked = 0
    for state in _states_of_random_games("published", 40, 7):
        context = _Context.of(state.observation(state.current_player))
        hand = state.hands[state.current_player]
        island = sorted({card for card in hand if 1 <= card <= 80})
        for card, index, _ in openings(state.grid, state.rules).placements(island, len(hand)):
            others = [other for other in hand if other != card]
            paid = tuple(sorted(rng.sample(others, rng.randint(0, len(others)))))
            cells = list(state.grid.cells)
            cells[index] = card
            pool = pool_without(context.pool, (card, *paid))
            expected = counting.count(tuple(cells), pool, state.rules.order)
            assert context.runs is not None
            assert context.runs.count_after(index, card, (card, *paid)) == expected
            without = counting.count(state.grid.cells, pool, state.rules.order)
            assert context.runs.count_without((card, *paid)) == without
            checked += 1
    assert checked > 500


def test_what_a_grid_keeps_for_counting_is_what_a_fresh_grid_gives() -> None:
    # The pool, runs and losses a decision counts from are kept with the grid, per discards
    # seen, and shared by every player and state on that grid (a discard keeps the grid).
    bot = HeuristicBot()
    shared = 0
    for state in _states_of_random_games("published", 20, 2):
        for player in range(state.players):
            observation = state.observation(player)
            before = state.grid.__dict__.get(_COUNTED)
            shared += before is not None and bool(before[1])
            kept = _Counted.of(observation)
            fresh = tq.Grid(state.grid.cells)  # the same cells, nothing kept
            assert kept == _Counted._counted(fresh, observation.possible_cards(), state.rules)
            assert _Counted.of(observation) is kept
        cold = replace(state, grid=tq.Grid(state.grid.cells))
        seat = state.current_player
        rng = random.Random(0)
        chosen = bot.choose(state.observation(seat), rng)
        assert chosen == bot.choose(cold.observation(seat), rng)
    assert shared > 100


def test_gap_change_is_the_change_of_the_gap_estimate() -> None:
    for state in _states_of_random_games("seed", 10, 5):
        cells = state.grid.cells
        for index in range(36):
            if cells[index] is None:
                after = list(cells)
                after[index] = 40
                change = gap_change(gaps_through(cells, index), cells, index, 40)
                assert change == pytest.approx(gap_cost(after) - gap_cost(cells))


def test_heuristic_keeps_one_finish_card_and_gives_spares() -> None:
    state = tq.new_game(2, seed=1, rules="published")
    hand = (tq.FINISH, tq.FINISH, tq.START, 40, 41)
    state = replace(state, hands=(hand, state.hands[1]), start_played=True)
    context = _Context.of(state.observation(0))
    assert context.least_useful(hand, 2) == (tq.START, tq.FINISH)
    assert context.least_useful(hand, 4).count(tq.FINISH) == 1
    assert context.needed(list(hand), 5)
    assert not context.needed(list(hand), 4)


def test_counts_of_one_card_on_each_of_its_cells_are_those_of_the_counting_core() -> None:
    # The bot works out once per card and payment what every cell of the card's run shares.
    checked = 0
    for state in _states_of_random_games("published", 20, 5):
        context = _Context.of(state.observation(state.current_player))
        assert context.runs is not None
        hand = state.hands[state.current_player]
        island = sorted({card for card in hand if 1 <= card <= 80})
        for card, index, _ in openings(state.grid, state.rules).placements(island, len(hand)):
            for paid in ((), tuple(other for other in hand if other != card)[:1]):
                cells = list(state.grid.cells)
                cells[index] = card
                pool = pool_without(context.pool, (card, *paid))
                expected = counting.count(tuple(cells), pool, state.rules.order)
                assert context.runs.count_after(index, card, (card, *paid)) == expected
                checked += 1
    assert checked > 500


def _counted_the_plain_way(
    bot: HeuristicBot, observation: tq.Observation
) -> tuple[float, tq.Play] | None:
    """HeuristicBot's best counted play, every dearer play that would lead checked for
    safety with the core (the bot checks only payments with a start or finish card)."""
    context = _Context.of(observation)
    island = sorted({card for card in observation.hand if 1 <= card <= 80})
    assert context.runs is not None
    if not island or not context.runs.total:
        return None
    safety = PlaySafety(context.grid, context.rules, tuple(island), context.pool)
    best: tuple[float, int, int, tuple[int, ...]] | None = None
    legal = observation.lazy_legal_actions()
    payable = [
        (card, index, cost) for card, cost, index in legal.placements() if cost < len(island)
    ]
    for card, index, cost in sorted(payable):
        paid = context.payment(card, cost)
        if paid is None:
            continue
        total = context.runs.count_after(index, card, (card, *paid))
        score = (math.log2(total) if total else -math.inf) + bot.placement_bonus
        score -= cost * bot.cost_weight
        if best is not None and score <= best[0]:
            continue
        if cost and safety.discards(card, index, cost) is None:
            continue
        best = (score, card, index, paid)
    if best is None or best[0] == -math.inf:
        return None
    score, card, index, paid = best
    return score, tq.Play(card, CELL_NAMES[index], paid)


def test_counted_plays_are_those_of_checking_every_leading_play() -> None:
    # A payment of island cards that keeps a completion proves the play safe, so the bot
    # checks only the others; the choice must be that of checking them all. Spare start and
    # finish cards in some hands make the bot pay with them too, and a weighting that likes
    # paying makes dear plays lead.
    checked = paid_with_spares = 0
    states: list[tq.GameState] = []
    for seed in range(12):
        play_game(
            make_bots("heuristic", 2), seed, "published", on_state=lambda s, _: states.append(s)
        )
    for state in states:
        if state.outcome is not None or state.phase != "play":
            continue
        if state.turn % 3 == 0:
            hand = tuple(sorted(state.hands[state.current_player] + (tq.START, tq.FINISH)))
            hands = list(state.hands)
            hands[state.current_player] = hand
            state = replace(state, hands=tuple(hands), start_played=True)
        observation = state.observation(state.current_player)
        legal = observation.lazy_legal_actions()
        for bot in (HeuristicBot(), HeuristicBot(cost_weight=-2.0)):
            expected = _counted_the_plain_way(bot, observation)
            assert bot._counted(observation, _Context.of(observation), legal) == expected
            if expected is not None and not all(1 <= c <= 80 for c in expected[1].discards):
                paid_with_spares += 1
            checked += 1
    assert checked > 300
    assert paid_with_spares > 5


@pytest.mark.parametrize("rules", ["seed", "published"])
def test_payments_are_the_least_useful_of_the_other_cards(rules: str) -> None:
    # The bot ranks the hand once; the plain way ranks the other cards for each payment.
    checked = 0
    for state in _states_of_random_games(rules, 20, 3):
        hand = state.hands[state.current_player]
        spares = (tq.FINISH, tq.FINISH, tq.START) if state.turn % 2 else ()
        hand = tuple(sorted(hand + spares))
        state = replace(
            state,
            hands=tuple(
                hand if seat == state.current_player else other
                for seat, other in enumerate(state.hands)
            ),
        )
        context = _Context.of(state.observation(state.current_player))
        for card in {card for card in hand if 1 <= card <= 80}:
            others = list(hand)
            others.remove(card)
            for cost in range(len(others) + 1):
                plain = None if context.needed(others, cost) else context.least_useful(others, cost)
                assert context.payment(card, cost) == plain
                checked += 1
    assert checked > 500


def test_estimates_from_the_cells_worked_out_once_are_the_plain_ones() -> None:
    # The bot cuts a cell's row and column and works out its spread once per decision, then
    # reads them for each card: the same floats as the whole-grid functions.
    checked = 0
    for state in _states_of_random_games("seed", 10, 5):
        observation = state.observation(state.current_player)
        context = _Context.of(observation)
        cells = state.grid.cells
        assert context.dead == bool(dead_cells(state.grid, context.pool, state.rules))
        if context.dead:
            continue  # the bot estimates no play then
        cards = [card for card in (2, 40, 79) if card not in cells]
        for card, index, _ in openings(state.grid, state.rules).placements(cards, 36) * 2:
            plain = gap_change(gaps_through(cells, index), cells, index, card)
            misfit = _plain_misfit(context, card, index)
            assert context.estimate(index, card, bisect_left(context.pool, card)) == (
                plain,
                misfit,
            )
            checked += 1
    assert checked > 500


def test_plays_outside_their_cells_window_are_never_completable() -> None:
    # The bot (`seed`) leaves unscored a play whose card falls outside its cell's window for the
    # whole pool: the completability check would reject it, even with nothing paid.
    outside = inside = 0
    for state in _states_of_random_games("seed", 20, 3):
        context = _Context.of(state.observation(state.current_player))
        if context.dead:
            continue
        windows = context.windows
        hand = state.hands[state.current_player]
        island = sorted({card for card in hand if 1 <= card <= 80})
        for card, index, _ in openings(state.grid, state.rules).placements(island, len(hand)):
            slot = bisect_left(context.pool, card)
            cells = list(state.grid.cells)
            cells[index] = card
            pool = pool_without(context.pool, (card,))
            if windows.release[index] <= slot <= windows.deadline[index]:
                inside += 1
            else:
                assert not fast.feasible(tuple(cells), pool, state.rules.order)
                outside += 1
    assert outside > 200
    assert inside > 200


def _plain_misfit(context: _Context, card: int, index: int) -> float:
    """How far ``card`` sits from an even spread of the pool between the cell's filled bounds
    (all cells below and above it), in spacings of that spread."""
    pool = context.pool
    low, high = order_bounds(context.grid.cells, context.rules, transitive=True)[index]
    low_slot, high_slot = bisect_right(pool, low), bisect_left(pool, high)
    windows = fast.windows(context.grid.cells, pool, context.rules.order)
    below = windows.release[index] - low_slot
    above = high_slot - 1 - windows.deadline[index]
    spacing = (high_slot - low_slot) / (below + above + 1)
    ideal = low_slot + spacing * (below + 0.5)
    return abs(bisect_left(pool, card) - ideal) / max(1.0, spacing)


def test_a_line_cut_around_a_cell_gives_the_same_gap_to_the_last_bit() -> None:
    # The bot adds only the terms that read the card; the float must be line_gap's own.
    rng = random.Random(7)
    checked = 0
    for _ in range(20_000):
        line = [rng.choice((None, None, rng.randint(1, 80))) for _ in range(6)]
        for position in (at for at, value in enumerate(line) if value is None):
            split = line_split(line, position)
            for card in (1, rng.randint(1, 80), 80):
                filled = list(line)
                filled[position] = card
                assert split_gap(split, card) == line_gap(filled)
                checked += 1
    assert checked > 100_000
