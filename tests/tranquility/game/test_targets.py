"""The cells a card fits and their costs, and the once-only warning, as a page asks them."""

from __future__ import annotations

from dataclasses import replace

from tranquility_solver.game import Play, new_game
from tranquility_solver.game.targets import CellTarget, card_targets, move_warning, refusal
from tranquility_solver.grid import Grid, cell_index


def _after(seed: int, plays: int, players: int = 2):  # type: ignore[no-untyped-def]
    state = new_game(players, seed=seed)
    for _ in range(plays):
        state = state.apply(state.legal_actions()[0])
    return state


def test_targets_are_the_legal_cells_with_the_cheapest_cost() -> None:
    state = _after(1, 2)
    seen = state.observation(state.current_player)
    for card in seen.hand:
        targets = card_targets(seen, card)
        plays = [a for a in seen.legal_actions() if isinstance(a, Play) and a.card == card]
        assert {t.cell for t in targets} == {a.cell for a in plays}
        for target in targets:
            assert target.cost == min(len(a.discards) for a in plays if a.cell == target.cell)
        assert [cell_index(t.cell) for t in targets] == sorted(cell_index(t.cell) for t in targets)


def test_a_cell_between_close_numbers_costs_cards() -> None:
    # 21 between 20 and 22 costs two cards on b1 (the short forms' own example), nothing far off.
    state = replace(
        new_game(1, seed=3),
        grid=Grid.from_mapping({"a1": 20, "c1": 22}),
        hands=((2, 21, 41, 57, 79),),
    )
    costs = {t.cell: t.cost for t in card_targets(state.observation(0), 21)}
    assert costs["b1"] == 2
    assert costs["f6"] == 0


def test_no_targets_out_of_turn_or_for_cards_not_held() -> None:
    state = new_game(2, seed=1)
    assert card_targets(state.observation(1), state.hands[1][0]) == ()
    held = set(state.hands[0])
    missing = next(card for card in range(1, 81) if card not in held)
    assert card_targets(state.observation(0), missing) == ()
    assert card_targets(state.observation(0), state.hands[0][0])[0] == CellTarget("a1", 0)


def test_the_warning_names_a_dead_end_and_stays_quiet_otherwise() -> None:
    seen = new_game(1, seed=0).observation(0)
    assert "can no longer be filled" in move_warning(seen, Play(10, "f2"))
    assert move_warning(seen, Play(10, "a1")) == ""


def test_a_refusal_reads_only_what_the_player_sees() -> None:
    # Two deals alike for P0 (same hand, same grid) get the same words, though P1's hand
    # differs: P1's hand and the top of P1's deck trade places.
    state = new_game(2, seed=1)
    hand, deck = state.hands[1], state.decks[1]
    other = replace(
        state,
        hands=(state.hands[0], deck[: len(hand)]),
        decks=(state.decks[0], hand + deck[len(hand) :]),
    )
    assert set(other.hands[1]) != set(hand)
    action = Play(state.hands[1][0], "a1")
    assert refusal(state.observation(0), action) == refusal(other.observation(0), action)
    assert refusal(state.observation(0), action).startswith(f"play {action.card} a1")
    assert refusal(state.observation(0), Play(state.hands[0][0], "a1")) == ""
