"""Rule 5 of the deal search (a cell no hand can afford) and the `seed` wedge guide."""

from __future__ import annotations

import itertools
import math
import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tranquility_solver import random_full_grid
from tranquility_solver.analysis import solve_deal
from tranquility_solver.bots import HeuristicBot
from tranquility_solver.completion import fast
from tranquility_solver.deals import Deal, DealStatus
from tranquility_solver.deals.bounds import LINES, cost_cap, overpriced_cell, unclosable_run
from tranquility_solver.deals.solve import search_deal
from tranquility_solver.deals.wedge_guide import PLAY_BELOW, WedgeGuide, _RunPrices, run_price
from tranquility_solver.game import (
    FINISH,
    START,
    Action,
    Discard,
    Finish,
    Observation,
    Play,
    Start,
    parse_action,
)
from tranquility_solver.grid import Grid, cell_index
from tranquility_solver.rules import Rules

SEED = Rules.seed()
CAP = 4


def _closable(low: int, high: int, run: int, pool: tuple[int, ...], cap: int) -> bool:
    """The definition: some increasing choice of ``run`` cards of ``pool`` between ``low`` and
    ``high`` and some order of filling them in which no card is wedged beyond ``cap``."""
    between = [card for card in pool if low < card < high]
    for values in itertools.combinations(between, run):
        line = [low, *values, high]
        for order in itertools.permutations(range(1, run + 1)):
            filled = {0, run + 1}
            for position in order:
                if {position - 1, position + 1} <= filled and (
                    line[position + 1] - line[position - 1] > cap
                ):
                    break
                filled.add(position)
            else:
                return True
    return False


@settings(max_examples=300, deadline=None)
@given(
    st.integers(1, 40),
    st.integers(2, 20),
    st.integers(2, 4),
    st.lists(st.integers(1, 60), max_size=8, unique=True),
    st.integers(2, 6),
)
def test_an_unclosable_run_has_no_closing_order(
    low: int, spread: int, run: int, cards: list[int], cap: int
) -> None:
    """Whenever the run check says a run can never be closed, no choice of cards and order of
    filling closes it within the cap (checked on a bottom row run, every choice tried)."""
    high = low + spread
    pool = tuple(sorted(card for card in cards if card not in (low, high)))
    cells = [None] * 36
    cells[0], cells[run + 1] = low, high
    if unclosable_run(tuple(cells), pool, cap):
        assert not _closable(low, high, run, pool, cap)


def test_the_run_check_fires_and_passes() -> None:
    cells = (10, None, None, 30) + (None,) * 32
    assert unclosable_run(cells, (15, 20, 25), CAP)
    assert not unclosable_run(cells, (11, 13, 25), CAP)  # 10 11 13: close 11 last
    assert not unclosable_run(cells, (26, 28), CAP)  # 26 28 30: close 28 last


def test_cost_cap_and_overpriced_cells() -> None:
    assert cost_cap(SEED) == 4
    assert cost_cap(Rules.published()) is None
    cells = [None] * 36
    cells[0], cells[2] = 10, 14  # b1 costs 4: affordable
    assert overpriced_cell(tuple(cells), CAP) is None
    cells[2] = 15
    assert overpriced_cell(tuple(cells), CAP) == 1
    assert len(LINES) == 12
    assert all(len(line) == 6 for line in LINES)


def _dense_endgame(rng: random.Random) -> Deal:
    """A `seed` grid full but for a short run of a row or a column, its cards and cards near
    them over one or two players, the start card played: wedges of every price."""
    full = list(random_full_grid(SEED, rng).cells)
    line = rng.choice(LINES)
    length = rng.randint(1, 3)
    first = rng.randint(0, 6 - length)
    run = line[first : first + length]
    taken = [full[index] for index in run]
    for index in run:
        full[index] = None
    grid = Grid(tuple(full))
    spare = [c for c in range(1, 81) if c not in grid.numbers and c not in taken]
    near = [c for c in spare if any(abs(c - t) <= 4 for t in taken if t is not None)]
    cards: list[int] = [t for t in taken if t is not None and rng.random() < 0.85]
    cards += rng.sample(near, min(len(near), rng.randint(0, 3)))
    cards += rng.sample([c for c in spare if c not in cards], rng.randint(2, 5))
    cards.append(FINISH)
    rng.shuffle(cards)
    players = rng.randint(1, 2)
    hands: list[list[int]] = [[] for _ in range(players)]
    decks: list[list[int]] = [[] for _ in range(players)]
    for position, card in enumerate(cards):
        seat = position % players
        (hands if len(hands[seat]) < 5 else decks)[seat].append(card)
    return Deal(
        SEED,
        rng.randrange(players),
        tuple(tuple(h) for h in hands),
        tuple(tuple(d) for d in decks),
        grid=grid,
        start_played=True,
    )


@pytest.mark.parametrize("seed", range(3))
def test_rule_five_agrees_with_brute_force(seed: int) -> None:
    """On 40 dense endgames a seed: whenever rule 5 calls the grid unfinishable the plain search
    (no bounds) finds no win; the bounded search agrees with it, led by HeuristicBot or by the
    wedge guide, and every WIN line replays to a win. The rule must fire on some, not all."""
    rng = random.Random(seed)
    fired = spared = 0
    for _ in range(40):
        deal = _dense_endgame(rng)
        state = deal.to_state()
        cells = state.grid.cells
        pool = tuple(sorted(c for p in (*state.hands, *state.decks) for c in p if 0 < c < FINISH))
        lost = overpriced_cell(cells, CAP) is not None or unclosable_run(cells, pool, CAP)
        slow = solve_deal(deal, time_limit=None, engine="brute")
        fast = solve_deal(deal, time_limit=None)
        led = search_deal(deal, WedgeGuide(fallback=None), time_limit=None)
        assert fast.status is slow.status is led.status
        if lost:
            fired += 1
            assert slow.status is DealStatus.LOSS
        else:
            spared += 1
        for solution in (fast, slow, led):
            if solution.won:
                state = deal.to_state()
                for text in solution.line:
                    state = state.apply(parse_action(text))
                assert state.outcome is not None
                assert state.outcome.won
    assert fired >= 5
    assert spared >= 5


def test_the_wedge_guide_plays_legal_actions() -> None:
    rng = random.Random(0)
    guide = WedgeGuide(fallback=HeuristicBot())
    for seed in range(3):
        state = Deal.random(2, seed=seed).to_state()
        for _ in range(30):
            if state.is_terminal:
                break
            action = guide.choose(state.observation(state.current_player), rng)
            assert action in state.legal_actions()
            state = state.apply(action)


def test_the_wedge_guide_leaves_published_to_its_fallback() -> None:
    state = Deal.random(2, rules="published", seed=4).to_state()
    observation = state.observation(0)
    guide = WedgeGuide(fallback=HeuristicBot())
    assert guide.choose(observation, random.Random(0)) == HeuristicBot().choose(
        observation, random.Random(0)
    )


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 30))
def test_run_prices_after_one_placement_are_those_worked_out_afresh(seed: int, filled: int) -> None:
    rng = random.Random(seed)
    full = random_full_grid(Rules.seed(), rng).cells
    cells = [None] * 36
    for index in rng.sample(range(36), filled):
        cells[index] = full[index]
    before = tuple(cells)
    empty = [index for index, value in enumerate(before) if value is None]
    cap = cost_cap(Rules.seed())
    assert cap is not None
    prices = _RunPrices(before, cap)
    assert prices.price == run_price(before, cap)
    for index in rng.sample(empty, min(6, len(empty))):
        after = (*before[:index], full[index], *before[index + 1 :])
        assert prices.after(after, index) == run_price(after, cap)


def _guide_by_every_action(
    guide: WedgeGuide, observation: Observation, rng: random.Random
) -> Action:
    """The wedge guide's choice worked out the plain way: every legal action built and scored
    with :func:`run_price` of its grid (the reference for its lazy, kept bookkeeping)."""
    legal = observation.legal_actions()
    for action in legal:
        if isinstance(action, Finish | Start):
            return action
    island = (card for card in observation.hand if 0 < card < FINISH)
    pool = tuple(sorted({*observation.unknown_cards(), *island}))
    cells = observation.grid.cells
    windows = fast.windows(cells, pool, observation.rules.order)
    cap = cost_cap(observation.rules)
    assert cap is not None
    base = run_price(cells, cap)
    slot = {card: position for position, card in enumerate(pool)}
    scored = []
    for position, action in enumerate(legal):
        if not isinstance(action, Play):
            continue
        index = cell_index(action.cell)
        release, deadline = windows.release[index], windows.deadline[index]
        card_slot = slot.get(action.card)
        if card_slot is None or not release <= card_slot <= deadline:
            continue
        after = (*cells[:index], action.card, *cells[index + 1 :])
        price = run_price(after, cap)
        if price == math.inf:
            continue
        misfit = abs(card_slot - (release + deadline) / 2) / max(1, deadline - release + 1)
        score = len(action.discards) + (price - base) + 3.0 * misfit
        if guide.noise:  # a guide without noise draws nothing
            score += guide.noise * rng.random()
        scored.append((score, position, action, after))
    scored.sort(key=lambda entry: entry[:2])
    for score, _, action, after in scored:
        if score >= PLAY_BELOW:
            break
        rest = [card for card in pool if card not in (action.card, *action.discards)]
        if fast.feasible(after, tuple(rest), observation.rules.order):
            return action
    discards = [action for action in legal if isinstance(action, Discard)]
    if not discards:
        return legal[0]
    # The cells' need of a card: one over the width of each window of an empty cell it fits.
    spans = [
        (
            pool[windows.release[i]],
            pool[windows.deadline[i]],
            windows.deadline[i] - windows.release[i] + 1,
        )
        for i in windows.empties
        if windows.release[i] <= windows.deadline[i]
    ]
    needs = {}
    for card in observation.hand:
        if card in (START, FINISH):
            needs[card] = 100.0 if card == FINISH else 0.0
            continue
        needs[card] = sum(1.0 / width for low, high, width in spans if low <= card <= high)
        if guide.noise:
            needs[card] += 0.05 * guide.noise * rng.random()
    return min(discards, key=lambda action: sum(needs[card] for card in action.cards))


def test_the_wedge_guide_pickles_without_what_it_keeps() -> None:
    guide = WedgeGuide(fallback=None)
    observation = Deal.random(2, seed=1).to_state().observation(0)
    chosen = guide.choose(observation, random.Random(0))
    assert guide.choose(observation, random.Random(1)) == chosen  # kept, no noise
    copy = pickle.loads(pickle.dumps(guide))
    assert copy == guide
    assert len(pickle.dumps(copy)) == len(pickle.dumps(WedgeGuide(fallback=None)))
    assert copy.choose(observation, random.Random(0)) == chosen


@pytest.mark.parametrize("noise", [0.0, 0.7])
def test_the_wedge_guide_chooses_as_scoring_every_legal_action(noise: float) -> None:
    guide = WedgeGuide(fallback=None, noise=noise)
    decisions = 0
    for seed in range(12):
        state = Deal.random(2 + seed % 3, seed=seed).to_state()
        walk = random.Random(seed)
        while not state.is_terminal and decisions < 400 * (seed + 1):
            observation = state.observation(state.current_player)
            lazy, plain = random.Random(decisions), random.Random(decisions)
            chosen = guide.choose(observation, lazy)
            assert chosen == _guide_by_every_action(guide, observation, plain)
            assert lazy.random() == plain.random()  # the same draws, as many
            decisions += 1
            wander = walk.random() < 0.5
            state = state.apply(walk.choice(state.legal_actions()) if wander else chosen)
    assert decisions > 300
