"""The engine's fast legal actions against a plain listing built from the core rules (issue 18).

The engine finds clue plays with per-map bitmasks, keeps move lists per start and located
treasures, and hands facts derived from one position on to the next. The plain listing here
asks ``check_clue`` (the clue rules) for every card and map and walks the step rule
(``reachable`` one step at a time) breadth first, so a stale fact or a wrong bit shows as a
difference. The two tables under the listing are checked directly too: the cards playable on a
map (read field by field) against ``play_reason`` card by card, and the move paths (walked with
neighbour bitmasks) against the plain walk, whatever fields stop the car.
"""

from __future__ import annotations

import random

import pytest

import tobago_solver as tb
from tobago_solver.bots.greedy import _plays_and_moves
from tobago_solver.clues import Clue
from tobago_solver.compile import compiled
from tobago_solver.game.actions import (
    ACCEPT_CURSE,
    END_TURN,
    EXCHANGE,
    PASS,
    SPEND_AMULET,
    TAKE_AMULET,
    Action,
    Simple,
)
from tobago_solver.game.paths import move_paths, moves
from tobago_solver.game.position import replace
from tobago_solver.game.records import bot_rng
from tobago_solver.game.state import GameState
from tobago_solver.legality import Reason, cards_by_field, play_reason, playable_cards
from tobago_solver.movement import reachable
from tobago_solver.rules import TobagoRules

STATES = 500
RULES = ("seed", "published", "seed+exchange", "published+exchange")


def plain_plays(state: GameState) -> list[tb.Play]:
    """Each distinct card of the hand (hand order) on each map the clue rules allow (map order)."""
    p = state.current_player
    if state.phase not in ("action", "opening") or state.roses_left[p] == 0:
        return []
    plays = []
    for card in dict.fromkeys(state.hands[p]):
        for m, map_state in enumerate(state.maps):
            if state.phase == "opening" and map_state.clues:
                continue  # the published opening starts an empty map
            verdict = tb.check_clue(
                state.island, map_state.clues, card, state.rules.clue_rules, explain=False
            )
            if verdict.legal:
                plays.append(tb.Play(card, m))
    return plays


def plain_paths(
    island: tb.Island, start: str, steps: int, stops: frozenset[str]
) -> dict[str, tuple[str, ...]]:
    """A shortest path to every field within ``steps`` steps, breadth first with the fields in
    reading order; a path does not go on from a field of ``stops``."""
    order = {name: i for i, name in enumerate(island.fields)}
    paths: dict[str, tuple[str, ...]] = {start: ()}
    frontier = [start]
    for _ in range(steps):
        following = []
        for here in frontier:
            if here in stops:
                continue
            for there in sorted(reachable(island, here, 1) - {here}, key=order.__getitem__):
                if there not in paths:
                    paths[there] = (*paths[here], there)
                    following.append(there)
        frontier = following
    del paths[start]
    return paths


def plain_moves(state: GameState) -> list[tb.Move]:
    """A move along each plain path of the car; it stops on a located treasure (it claims it)."""
    if state.phase != "action":
        return []
    start = state.cars[state.current_player]
    located = frozenset(state.located_fields())
    paths = plain_paths(state.island, start, state.rules.max_steps, located)
    return [tb.Move(path) for path in paths.values()]


def plain_legal(state: GameState) -> list[Action]:
    """A turn's actions: the plays, the moves, the exchange (variant), or else a pass; amulets
    and curses."""
    p = state.current_player
    if state.phase == "over":
        return []
    if state.phase == "curse":
        return [SPEND_AMULET, ACCEPT_CURSE]
    if state.phase == "bonus":
        bonus: list[Action] = []
        if state.moved and state.cars[p] in state.amulets:
            bonus.append(TAKE_AMULET)
        if state.amulets_held[p] > 0:
            bonus.append(SPEND_AMULET)
        return [*bonus, END_TURN]
    actions: list[Action] = [*plain_plays(state), *plain_moves(state)]
    if state.phase == "action" and state.rules.exchange and state.hands[p]:
        actions.append(EXCHANGE)
    return actions or [PASS]


def sampled_states(count: int, seed: int) -> list[GameState]:
    """``count`` states spread over seeded games of random and greedy bots on every island,
    both presets, with and without the exchange variant, 2 to 4 players."""
    rng = random.Random(seed)
    states: list[GameState] = []
    game = 0
    while len(states) < count:
        island = tb.islands.get(rng.choice(tb.islands.names()))
        players = rng.randint(2, 4)
        bots = [rng.choice([tb.RandomBot(), tb.GreedyBot()]) for _ in range(players)]
        state = tb.new_game(island, players, seed=game, rules=rng.choice(RULES))
        rngs = [bot_rng(game, seat) for seat in range(players)]
        played = [state]
        while not state.is_terminal:
            player = state.to_move
            state = state.apply(bots[player].choose(state.observation(player), rngs[player]))
            played.append(state)
        states.extend(rng.sample(played, min(len(played), 25, count - len(states))))
        game += 1
    return states


@pytest.fixture(scope="module")
def states() -> list[GameState]:
    return sampled_states(STATES, seed=18)


def test_the_sample_covers_every_phase(states: list[GameState]) -> None:
    assert len(states) == STATES
    phases = {state.phase for state in states}
    assert {"action", "opening", "bonus", "over"} <= phases
    assert any(state.located_fields() for state in states)


def test_fast_legal_actions_are_the_plain_ones(states: list[GameState]) -> None:
    for state in states:
        assert list(state.legal_actions()) == plain_legal(state), state


def test_a_play_is_accepted_exactly_when_the_plain_listing_has_it(
    states: list[GameState],
) -> None:
    for state in states:
        legal = set(plain_plays(state))
        hand = state.hands[state.current_player]
        for card in hand:
            for m in range(len(state.maps)):
                play = tb.Play(card, m)
                if play in legal:
                    state.apply(play)
                else:
                    with pytest.raises(tb.IllegalActionError):
                        state.apply(play)


def test_cards_made_apart_from_the_table_have_the_same_plays(states: list[GameState]) -> None:
    # A game deals the island table's own clue objects; an equal clue made apart, as in a
    # position built by hand, must give the same plays (the listing looks cards up by value).
    apart_cards = 0
    for state in states:
        hands = tuple(tuple(Clue.parse(str(card)) for card in hand) for hand in state.hands)
        apart = replace(state, hands=hands)
        apart_cards += sum(len(hand) for hand in hands)
        assert list(apart.legal_actions()) == plain_legal(state), state
    assert apart_cards > STATES


@pytest.mark.parametrize("name", ["ABC-1", "abc-4"])
def test_move_paths_are_the_plain_walk_whatever_the_stops(name: str) -> None:
    island = tb.islands.get(name)
    rng = random.Random(name)
    for start in island.fields:
        for steps in (1, 2, 3):
            stops = frozenset(rng.sample(island.fields, rng.choice((0, 1, 3, 12))))
            found = move_paths(island, start, steps, stops)
            assert list(found.items()) == list(plain_paths(island, start, steps, stops).items())


@pytest.mark.parametrize("name", ["ABC-1", "abc-4"])
def test_moves_are_the_plain_walk_whatever_the_stops(name: str) -> None:
    # The move lists are cached by the stops that change the walk: any others give the same.
    island = tb.islands.get(name)
    rng = random.Random(name)
    for start in island.fields:
        for steps in (1, 2, 3):
            for count in (1, 2, 3, 12):
                stops = frozenset(rng.sample(island.fields, count))
                plain = plain_paths(island, start, steps, stops)
                assert [m.path for m in moves(island, start, steps, stops)] == list(plain.values())


@pytest.mark.parametrize("preset", ["seed", "published"])
def test_playable_cards_are_the_cards_play_reason_allows(preset: str) -> None:
    # The candidates as maps hold them: a few random clues intersected, or a few random fields.
    rules = TobagoRules.named(preset)
    rng = random.Random(preset)
    for name in ("ABC-1", "abc-4"):
        table = compiled(tb.islands.get(name))
        card_masks = list(table.masks.values())
        by_field = cards_by_field(card_masks, len(table.fields))
        for _ in range(250):
            before = table.land_mask
            for mask in rng.sample(card_masks, rng.randint(0, 4)):
                before &= mask
            if rng.random() < 0.3:
                before = table.mask_of(rng.sample(table.fields, rng.randint(0, 20)))
            allowed = 0
            for i, card_mask in enumerate(card_masks):
                if play_reason(before, before & card_mask, rules) == Reason.OK:
                    allowed |= 1 << i
            assert playable_cards(before, by_field, rules) == allowed


def test_move_lists_hold_each_destination_and_the_bot_cuts_the_listing_by_them(
    states: list[GameState],
) -> None:
    # GreedyBot reads the engine's move list (with its destinations' field indices) rather
    # than testing each listed action: the same plays and the same move objects.
    cut = 0
    for state in states:
        if state.phase not in ("action", "opening"):
            continue
        player = state.current_player
        observation = state.observation(player)
        legal = observation.legal_actions
        stops = frozenset(state.located_fields())
        plays, listed = _plays_and_moves(observation, legal, stops)
        assert list(plays) == [a for a in legal if isinstance(a, tb.Play)]
        assert list(listed) == [a for a in legal if isinstance(a, tb.Move)]
        if state.phase == "action":
            engine = moves(state.island, state.cars[player], state.rules.max_steps, stops)
            index = compiled(state.island).index
            assert engine.ends == [index[move.destination] for move in engine]
            assert all(a is b for a, b in zip(listed, engine, strict=True))
            cut += 1
        # A listing that is not the engine's (here without its last action) is cut by type.
        shorter = legal[:-1]
        if shorter:
            plays, listed = _plays_and_moves(observation, shorter, stops)
            assert [*plays, *listed] == [a for a in shorter if not isinstance(a, Simple)]
    assert cut > STATES // 4
