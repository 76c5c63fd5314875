"""The end of the game: a map no card can settle (seed ends, published abandons), stalemates,
the safety net."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

import tobago_solver as tb
from tobago_solver.compile import compiled
from tobago_solver.game.actions import EXCHANGE, Move, Play
from tobago_solver.game.end import (
    END_STALEMATE,
    END_UNLOCATABLE,
    can_be_located,
    check_end,
    is_stalemate,
)
from tobago_solver.game.gamelog import action_text
from tobago_solver.game.position import MapState
from tobago_solver.game.state import GameState, all_roses
from tobago_solver.locating import locator

ISLAND = tb.islands.default()
TABLE = compiled(ISLAND)
C = tb.Clue.parse

UNSETTLING = (C("in largest scrubland"), C("next to jungle"))
"""On ABC-1 these two leave k11 and j12, which no set of deck cards tells apart."""

FROZEN_MAPS = (
    ("in largest river", "not next to scrubland", "next to hut"),
    ("in river", "next to mountain", "not in sight of palm"),
    ("in largest beach", "in sight of palm", "not next to palm", "not in sight of hut"),
    ("in beach", "next to river", "not in sight of statue", "not next to jungle"),
)
"""Four maps of two candidates each (the last one before its last clue, 'not next to
mountain'), every one of them still locatable."""
STUCK_HANDS = (
    ("in sight of sea", "not in largest lake", "not next to statue", "in mountain", "in lake"),
    ("not in scrubland", "in largest scrubland", "not in lake", "next to sea", "in jungle"),
)
"""Cards legal on none of the four maps once they have two candidates each."""


def with_map(
    state: GameState, index: int, clues: tuple[tb.Clue, ...], roses: tuple[int, int]
) -> GameState:
    """``state`` with map ``index`` holding ``clues`` and ``roses``; the roses left follow."""
    mask = TABLE.land_mask
    for clue in clues:
        mask &= TABLE.mask(clue)
    maps = list(state.maps)
    maps[index] = MapState(clues, roses, mask)
    on_maps = [sum(m.roses[p] for m in maps) for p in range(2)]
    return replace(state, maps=tuple(maps), roses_left=tuple(15 - n for n in on_maps))


def deal(state: GameState, hands: list[tuple[tb.Clue, ...]]) -> GameState:
    """``state`` with these hands; every other card not on a map goes to the deck."""
    used = {c for m in state.maps for c in m.clues} | {c for h in hands for c in h}
    deck = tuple(c for c in tb.DECK if c not in used)
    return replace(state, hands=tuple(hands), clue_deck=deck, clue_discards=())


def unsettling_state(rules: str | tb.GameRules) -> GameState:
    """Player 0 to act, holding the clue after which the grey map can no longer be located."""
    state = tb.new_game(ISLAND, 2, seed=1, rules=rules, cars=["h1", "i1"])
    state = replace(state, phase="action", opening_left=0)
    state = with_map(state, 0, UNSETTLING[:1], (1, 0))
    hands = [(UNSETTLING[1], C("in lake")), (C("in jungle"), C("next to sea"))]
    return deal(state, hands)


def test_the_clues_leave_two_fields_no_set_of_cards_tells_apart() -> None:
    mask = TABLE.land_mask & TABLE.mask(UNSETTLING[0]) & TABLE.mask(UNSETTLING[1])
    assert set(TABLE.field_set(mask)) == {"k11", "j12"}
    assert not locator(ISLAND).can_locate(mask)
    assert locator(ISLAND).can_locate(TABLE.land_mask & TABLE.mask(UNSETTLING[0]))
    never = set(tb.identifiability(ISLAND, fields=["k11", "j12"]).never)
    assert never == {"k11", "j12"}


def test_a_map_no_card_can_settle_ends_a_seed_game_at_once() -> None:
    state = unsettling_state("seed")
    play = Play(UNSETTLING[1], 0)
    assert play in state.legal_actions()
    after = state.apply(play)
    assert after.end_reason == END_UNLOCATABLE
    assert after.is_terminal
    assert after.phase == "over"
    assert after.turn == state.turn
    assert after.legal_actions() == ()
    assert not can_be_located(after, 0)
    assert after.winners == (0, 1)  # nobody has gold: every top scorer wins
    line = action_text(state, play, after, ["greedy", "random"])
    assert "the grey treasure cannot be located: the game ends" in line


def test_published_abandons_the_map_and_plays_on() -> None:
    state = unsettling_state("published")
    play = Play(UNSETTLING[1], 0)
    after = state.apply(play)
    assert after.end_reason is None
    assert after.abandoned == (1, 0, 0, 0)
    grey = after.maps[0]
    assert grey.clues == ()
    assert grey.roses == (0, 0)
    assert grey.candidates_mask == TABLE.land_mask
    assert set(UNSETTLING) <= set(after.clue_discards)
    assert after.roses_left == (15, 15)  # both roses came back
    assert all_roses(after) == (15, 15)
    assert after.amulets == state.amulets  # no treasure was found: no new amulets
    assert after.treasure_deck == state.treasure_deck  # and no distribution
    assert after.last_map_change == state.turn
    assert after.observation(1).abandoned == (1, 0, 0, 0)
    line = action_text(state, play, after, ["greedy", "random"])
    assert "grey abandoned: the treasure cannot be located" in line
    assert "found" not in line


def test_abandoning_with_the_roses_opening_puts_a_rose_back_on_the_map() -> None:
    rules = replace(tb.GameRules.seed(), unlocatable_map="abandon")
    state = unsettling_state(rules)
    after = state.apply(Play(UNSETTLING[1], 0))
    assert after.end_reason is None
    assert after.maps[0].roses == (1, 1)
    assert all_roses(after) == (15, 15)


LAST_CLUE = C("not next to mountain")
"""The white map's last clue."""


def frozen_state(
    rules: str | tb.GameRules = "seed", *, last_clue_played: bool = False
) -> GameState:
    """Player 0 holds the white map's last clue and has one rose left; after it no player with a
    rose holds a legal clue. With ``last_clue_played`` the table is frozen already."""
    state = tb.new_game(ISLAND, 2, seed=1, rules=rules, cars=["h1", "i1"])
    state = replace(state, phase="action", opening_left=0)
    white = tuple(C(t) for t in FROZEN_MAPS[3])
    if last_clue_played:
        white = (*white, LAST_CLUE)
    # One rose per player on each map (seed), one per clue: player 0 played all but three.
    roses = [(4, 1), (4, 1), (5, 1), (2 if last_clue_played else 1, 4)]
    for m, texts in enumerate(FROZEN_MAPS[:3]):
        state = with_map(state, m, tuple(C(t) for t in texts), roses[m])
    state = with_map(state, 3, white, roses[3])
    stuck = tuple(C(t) for t in STUCK_HANDS[0][:4])
    return deal(
        state,
        [stuck if last_clue_played else (LAST_CLUE, *stuck), tuple(C(t) for t in STUCK_HANDS[1])],
    )


def test_a_table_that_freezes_ends_at_once_as_a_stalemate() -> None:
    state = frozen_state()
    assert all_roses(state) == (15, 15)
    assert not is_stalemate(state)  # player 0 can still play
    play = Play(LAST_CLUE, 3)
    assert play in state.legal_actions()
    after = state.apply(play)
    assert after.maps[3].candidate_count() == 2
    assert after.roses_left[0] == 0
    assert after.end_reason == END_STALEMATE
    assert after.phase == "over"
    assert after.turn == state.turn
    assert after.winners == (0, 1)
    # Checked the slow way: no player with a rose holds a clue legal on any map.
    for p in range(2):
        if after.roses_left[p]:
            for card in after.hands[p]:
                for m in after.maps:
                    assert not tb.check_clue(ISLAND, m.clues, card, "seed").legal
    assert all(can_be_located(after, m) for m in range(4))
    line = action_text(state, play, after, ["greedy", "random"])
    assert "stalemate: no player can ever play a clue again" in line


def test_a_frozen_state_built_by_hand_ends_when_the_turn_does() -> None:
    frozen = frozen_state(last_clue_played=True)
    assert frozen.roses_left == (0, 8)
    assert all_roses(frozen) == (15, 15)
    assert is_stalemate(frozen)
    move = next(a for a in frozen.legal_actions() if isinstance(a, Move))
    after = frozen.apply(move)
    while not after.is_terminal:  # an amulet to take or spend: the turn still ends
        after = after.apply(after.legal_actions()[-1])
    assert after.end_reason == END_STALEMATE
    assert after.turn == frozen.turn + 1


def test_nothing_is_frozen_while_a_treasure_is_located() -> None:
    state = frozen_state()
    after = state.apply(Play(LAST_CLUE, 3))
    split = next(
        c for c in tb.DECK if 0 < (after.maps[2].candidates_mask & TABLE.mask(c)).bit_count() < 2
    )
    located = with_map(after, 2, (*after.maps[2].clues, split), after.maps[2].roses)
    assert located.maps[2].located
    assert not is_stalemate(replace(located, end_reason=None, phase="action"))


def test_with_the_exchange_variant_a_card_in_the_deck_keeps_the_game_going() -> None:
    rules = tb.GameRules.seed().with_variants(["exchange"])
    state = frozen_state(rules)
    after = state.apply(Play(LAST_CLUE, 3))
    # Player 1 has roses and may exchange: 'next to jungle' in the deck splits d5 and e5.
    assert after.end_reason is None
    assert not is_stalemate(after)
    stuck = replace(after, clue_deck=(), clue_discards=())
    assert is_stalemate(stuck)
    while after.to_move != 1:
        after = after.apply(after.legal_actions()[-1])
    assert EXCHANGE in after.legal_actions()


def test_check_end_leaves_a_playable_state_alone() -> None:
    state = tb.new_game(ISLAND, 4, seed=2)
    assert check_end(state) is state


def test_published_opening_never_ends_the_game() -> None:
    for seed in range(30):
        state = tb.new_game(ISLAND, 4, seed=seed, rules="published")
        rng = random.Random(seed)
        while state.phase == "opening":
            state = state.apply(rng.choice(state.legal_actions()))
            assert state.end_reason is None


def test_an_island_where_no_treasure_can_ever_be_located_is_refused() -> None:
    twins = tb.Island.from_terrain("twins", {"a1": "beach", "b1": "beach"})
    with pytest.raises(tb.TobagoError, match="no treasure could ever be located"):
        tb.new_game(twins, 2)


def greedy_waits_state(last_map_change: int) -> GameState:
    """Player 0 (a GreedyBot) holds one clue that is legal, and every play of it locates a
    treasure under player 1's car; the maps last changed at ``last_map_change``."""
    state = frozen_state(last_clue_played=True)
    brown = state.maps[1]
    state = with_map(state, 1, brown.clues, (brown.roses[0] - 1, brown.roses[1]))
    grey = state.maps[0].candidates_mask
    on_maps = {c for m in state.maps for c in m.clues}

    def splits(mask: int, card: tb.Clue) -> bool:
        return 0 < (mask & TABLE.mask(card)).bit_count() < mask.bit_count()

    split = next(c for c in tb.DECK if c not in on_maps and splits(grey, c))
    (target,) = TABLE.field_set(grey & TABLE.mask(split))
    hands = [(split, *state.hands[0][1:]), state.hands[1]]
    state = deal(state, hands)
    return replace(state, cars=("h1", target), turn=10, last_map_change=last_map_change)


def test_greedy_avoids_handing_a_treasure_to_another_car_for_a_round_only() -> None:
    bot, rng = tb.GreedyBot(), random.Random(0)
    waiting = greedy_waits_state(last_map_change=9)
    plays = [a for a in waiting.legal_actions() if isinstance(a, Play)]
    assert plays
    for play in plays:
        after = waiting.maps[play.map].candidates_mask & TABLE.mask(play.clue)
        assert TABLE.fields[after.bit_length() - 1] == waiting.cars[1]
    assert isinstance(bot.choose(waiting.observation(0), rng), Move)
    # A full round (both players' turns) without a change: it plays the clue after all.
    stalled = greedy_waits_state(last_map_change=7)
    assert stalled.observation(0).last_map_change == 7
    assert bot.choose(stalled.observation(0), rng) in plays


def test_the_last_map_change_is_public_and_follows_the_game() -> None:
    state = tb.new_game(ISLAND, 2, seed=3)
    assert state.last_map_change == -1
    play = next(a for a in state.legal_actions() if isinstance(a, Play))
    after = state.apply(play)
    assert after.last_map_change == 0
    assert after.observation(1).last_map_change == 0
    move = next(a for a in after.legal_actions() if isinstance(a, Move))
    while after.to_move == 1 and after.turn == 1:
        after = after.apply(move if after.phase == "action" else after.legal_actions()[-1])
    assert after.last_map_change == 0


@pytest.mark.parametrize(
    ("rules", "wanted"),
    [("seed", END_UNLOCATABLE), ("seed", END_STALEMATE), ("published", END_STALEMATE)],
)
def test_records_of_games_ended_by_the_new_rules_replay(rules: str, wanted: str) -> None:
    island = tb.islands.get("abc-4")
    bots: list[tb.Bot] = [tb.GreedyBot()] * 4
    record = next(
        r
        for seed in range(60)
        if (r := tb.play_game(island, bots, seed=seed, rules=rules)).end_reason == wanted
    )
    again = tb.GameRecord.from_json(record.to_json())
    assert again == record
    final = list(tb.replay(again))[-1]
    assert final.end_reason == wanted
    assert final.winners == record.winners


def test_records_of_published_games_with_abandoned_maps_replay() -> None:
    island = tb.islands.get("ABC-1")
    bots: list[tb.Bot] = [tb.GreedyBot(), tb.RandomBot(), tb.RandomBot(), tb.RandomBot()]
    record = next(
        r
        for seed in range(60)
        if (r := tb.play_game(island, bots, seed=seed, rules="published")).abandoned
    )
    again = tb.GameRecord.from_json(record.to_json())
    assert again.abandoned == record.abandoned > 0
    assert sum(list(tb.replay(again))[-1].abandoned) == record.abandoned
