"""The game engine: set-up, every rule of play (dealing, turns, the end), errors, observations."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

import tranquility_solver as tq
from tranquility_solver.game import (
    FINISH,
    START,
    Discard,
    Finish,
    GameState,
    Play,
    Share,
    Start,
    new_game,
    parse_action,
)
from tranquility_solver.game.choices import deal_sizes

SEED, PUBLISHED = tq.Rules.seed(), tq.Rules.published()


def _total_cards(rules: tq.Rules, players: int) -> int:
    return 80 + rules.finish_cards + players


@pytest.mark.parametrize("rules", [SEED, PUBLISHED])
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_deal(rules: tq.Rules, players: int) -> None:
    state = new_game(players, seed=11, rules=rules)
    sizes = [len(hand) + len(deck) - 1 for hand, deck in zip(state.hands, state.decks, strict=True)]
    assert sizes == sorted(sizes, reverse=True)  # earlier players take the extra cards
    assert max(sizes) - min(sizes) <= 1
    assert sum(sizes) == 80 + rules.finish_cards
    assert all(len(hand) == 5 and START not in hand for hand in state.hands)
    assert all(deck.count(START) == 1 for deck in state.decks)
    assert sum(state.all_cards.values()) == _total_cards(rules, players)
    assert state.all_cards[FINISH] == rules.finish_cards
    assert state.current_player == 0
    assert state.turn == 0
    assert not state.is_terminal


def test_deal_sizes() -> None:
    assert deal_sizes(85, 3) == (29, 28, 28)
    assert deal_sizes(81, 5) == (17, 16, 16, 16, 16)


def test_same_seed_same_game_and_start_positions_vary() -> None:
    assert new_game(3, seed=5) == new_game(3, seed=5)
    positions = {new_game(1, seed=seed).decks[0].index(START) for seed in range(30)}
    assert len(positions) > 5  # shuffled in, not always at the same place


def test_bad_set_up() -> None:
    with pytest.raises(tq.TranquilityError, match="1-5 players, got 6"):
        new_game(6, seed=1)
    with pytest.raises(tq.UnknownRulesError):
        new_game(2, seed=1, rules="house")


def _state(
    rules: tq.Rules = SEED,
    hands: tuple[tuple[int, ...], ...] = ((10, 20, 30, 40, 50),),
    decks: tuple[tuple[int, ...], ...] | None = None,
    grid: tq.Grid | None = None,
    **changes: object,
) -> GameState:
    base = new_game(len(hands), seed=1, rules=rules)
    if decks is None:
        decks = tuple((60 + seat, 70 + seat, START) for seat in range(len(hands)))
    grid = grid or tq.Grid.empty()
    return replace(base, hands=hands, decks=decks, grid=grid, **changes)  # type: ignore[arg-type]


def test_play_pays_cost_and_draws_back() -> None:
    grid = tq.Grid.from_mapping({"a1": 5, "c1": 9})
    state = _state(hands=((6, 20, 30, 40, 50),), grid=grid)
    after = state.apply(parse_action("play 6 b1 discard 20 30 40 50"))
    assert after.grid["b1"] == 6
    assert after.discard_pile == (20, 30, 40, 50)
    assert after.hands[0] == (START, 60, 70)  # drew what the deck had
    with pytest.raises(tq.IllegalActionError, match=r"costs 4 discards.*1 given"):
        state.apply(Play(6, "b1", (20,)))
    with pytest.raises(tq.IllegalActionError, match="must be higher than 9 on c1"):
        state.apply(Play(6, "d1"))


def test_play_errors_name_the_rule() -> None:
    state = _state()
    with pytest.raises(tq.IllegalActionError, match="holds 10 20 30 40 50, not all of 11"):
        state.apply(Play(11, "a1"))
    with pytest.raises(tq.IllegalActionError, match="exactly two"):
        state.apply(Discard((10, 20, 30)))
    with pytest.raises(tq.IllegalActionError, match="holds no start card"):
        state.apply(Start())
    with pytest.raises(tq.IllegalActionError, match="only be played on a full grid"):
        _state(hands=((FINISH, 1, 2),)).apply(Finish())
    with pytest.raises(tq.IllegalActionError, match="only follows a `published` start"):
        state.apply(Share(()))


def test_only_the_first_start_card_plays() -> None:
    state = _state(hands=((START, 1, 2),), start_played=True)
    with pytest.raises(tq.IllegalActionError, match="only the first start card"):
        state.apply(Start())
    assert Start() not in state.legal_actions()
    assert Discard((START, 1)) in state.legal_actions()


def test_seed_start_is_optional() -> None:
    state = _state(hands=((START, 10, 20, 30, 40),))
    actions = state.legal_actions()
    assert Start() in actions
    assert any(isinstance(a, Play) for a in actions)
    after = state.apply(Start())
    assert after.start_played
    assert after.phase == "play"
    assert after.hands[0].count(START) == 0


def _full_grid(rules: tq.Rules) -> tq.Grid:
    return tq.random_full_grid(rules, random.Random(3))


@pytest.mark.parametrize("rules", [SEED, PUBLISHED])
def test_finish_wins_only_on_a_full_grid_after_a_start(rules: tq.Rules) -> None:
    full = _full_grid(rules)
    state = _state(rules, hands=((FINISH, FINISH),), grid=full)
    with pytest.raises(tq.IllegalActionError, match="after a start card"):
        state.apply(Finish())
    won = replace(state, start_played=True).apply(Finish())
    assert won.outcome == tq.game.Outcome(True)
    assert won.is_terminal
    assert won.legal_actions() == ()
    with pytest.raises(tq.IllegalActionError, match="the game is over"):
        won.apply(Finish())


def test_published_must_play_start() -> None:
    state = _state(PUBLISHED, hands=((START, 10, 20, 30, 40),))
    assert state.legal_actions() == (Start(),)
    with pytest.raises(tq.IllegalActionError, match="must play it"):
        state.apply(Discard((10, 20)))


def test_published_start_event_two_players() -> None:
    hands = ((START, 10, 20, 30, 40), (11, 21, 31, 41, 51))
    decks = ((1, 2, 3, 4), (5, 6, 7, 8, 9))
    state = _state(PUBLISHED, hands=hands, decks=decks)
    after = state.apply(Start())
    assert after.phase == "share"
    assert after.share_left == 8
    assert after.current_player == 0
    assert after.hands == ((1, 2, 10, 20, 30, 40), (5, 6, 11, 21, 31, 41, 51))  # both drew 2
    # Player 1 holds 7, so player 0 must give at least 1 and at most 6.
    sizes = {len(a.cards) for a in after.legal_actions()}  # type: ignore[union-attr]
    assert sizes == set(range(1, 7))
    with pytest.raises(tq.IllegalActionError, match="must give 1-6 cards"):
        after.apply(Share(()))
    with pytest.raises(tq.IllegalActionError, match="player 0 shares now"):
        after.apply(Discard((1, 2)))
    middle = after.apply(Share((1, 2, 10)))
    assert middle.current_player == 1
    assert middle.share_left == 5
    assert {len(a.cards) for a in middle.legal_actions()} == {5}  # type: ignore[union-attr]
    done = middle.apply(Share((5, 6, 11, 21, 31)))
    assert done.phase == "play"
    assert done.current_player == 1
    assert done.turn == 1
    assert done.hands[0] == (3, 4, 20, 30, 40)  # the starter drew back to five
    assert done.hands[1] == (41, 51)  # the others draw at the end of their own turn
    assert len(done.discards) == 8


def test_everyone_refills_after_the_share_round_when_the_rules_say_so() -> None:
    """`StartCardEvent.refill="everyone"` (the open C++ engine's reading): both players draw
    back to five when the team discard is done, not only the one who played the start card."""
    event = replace(PUBLISHED.start_card, refill="everyone")
    rules = replace(PUBLISHED, name="published-refill", start_card=event)
    hands = ((START, 10, 20, 30, 40), (11, 21, 31, 41, 51))
    decks = ((1, 2, 3, 4), (5, 6, 7, 8, 9))
    done = _state(rules, hands=hands, decks=decks).apply(Start())
    done = done.apply(Share((1, 2, 10))).apply(Share((5, 6, 11, 21, 31)))
    assert done.hands == ((3, 4, 20, 30, 40), (7, 8, 9, 41, 51))
    assert done.current_player == 1
    with pytest.raises(tq.TranquilityError, match="refill 'all'"):
        replace(event, refill="all")  # type: ignore[arg-type]


def test_share_round_skips_once_the_total_is_reached() -> None:
    hands = ((START, 10, 20, 30, 40), (11, 21, 31, 41, 51), (12, 22, 32, 42, 52))
    state = _state(PUBLISHED, hands=hands).apply(Start())
    assert state.hands[0] == (10, 20, 30, 40)  # no draw with three players
    after = state.apply(Share((10, 20, 30, 40))).apply(Share((11, 21, 31, 41)))
    assert after.phase == "play"
    assert after.current_player == 1
    assert after.hands[2] == hands[2]


def test_loss_out_of_cards() -> None:
    state = _state(hands=((10, 20),), decks=((),))
    after = state.apply(Discard((10, 20)))
    assert after.outcome == tq.game.Outcome(False, "a player ran out of cards")


# The regression position: the grid is full but for f6 (e6 = 36, f5 = 31).
NEARLY_FULL = tq.Grid.parse(
    "32 33 34 35 36 .\n26 27 28 29 30 31\n20 21 22 23 24 25\n"
    "14 15 16 17 18 19\n8 9 10 11 12 13\n2 3 4 5 6 7"
)


def test_published_lets_the_partner_finish_after_the_last_cards() -> None:
    """`published` checks running out of cards on the player's turn: player 0 fills f6 with
    their last cards (37, paying 50), and player 1 still plays the finish card."""
    state = _state(
        PUBLISHED, hands=((37, 50), (FINISH,)), decks=((), ()), grid=NEARLY_FULL, start_played=True
    )
    after = state.apply(parse_action("play 37 f6 discard 50"))
    assert after.outcome is None
    assert after.current_player == 1
    assert after.legal_actions() == (Finish(),)
    assert after.apply(Finish()).outcome == tq.game.Outcome(True)


def test_seed_loses_at_once_when_the_last_card_fills_the_grid() -> None:
    """`seed` keeps the description's reading: out of cards before the finish card is played
    loses at once (f6 is a corner, so 37 costs nothing there)."""
    state = _state(
        SEED, hands=((37,), (FINISH,)), decks=((), ()), grid=NEARLY_FULL, start_played=True
    )
    after = state.apply(parse_action("play 37 f6"))
    assert after.outcome == tq.game.Outcome(False, "a player ran out of cards")


def test_on_turn_a_player_with_no_cards_loses_when_their_turn_comes() -> None:
    """`published`, three players: player 0 plays their last two cards; player 1 (no finish
    card) discards, and the loss comes on player 0's next turn, not before."""
    grid = tq.Grid.from_mapping({"a1": 9})
    hands = ((10, 20), (30, 40, 50), (60, 70, 80))
    state = _state(PUBLISHED, hands=hands, decks=((), (), ()), grid=grid, start_played=True)
    state = state.apply(parse_action("play 10 b1 discard 20"))
    assert state.outcome is None
    assert state.hands[0] == ()
    state = state.apply(parse_action("discard 30 40")).apply(parse_action("discard 60 70"))
    assert state.current_player == 0
    assert state.outcome == tq.game.Outcome(False, "a player ran out of cards")


def test_on_turn_a_player_with_no_cards_shares_none() -> None:
    """A share round is part of the start card's turn: a `published` player with no cards is
    not yet lost there and gives nothing."""
    hands = ((START, 10, 20, 30, 40), (), (12, 22, 32, 42, 52))
    state = _state(PUBLISHED, hands=hands, decks=((61,), (), (62,)))
    state = state.apply(Start()).apply(Share((10, 20, 30, 40)))
    assert (state.phase, state.current_player, state.outcome) == ("share", 1, None)
    assert state.legal_actions() == (Share(()),)
    state = state.apply(Share(())).apply(Share((12, 22, 32, 42)))
    assert state.current_player == 1
    assert state.outcome == tq.game.Outcome(False, "a player ran out of cards")


def test_loss_no_legal_action() -> None:
    grid = tq.Grid.from_mapping({"a1": 50, "b1": 52})
    state = _state(PUBLISHED, hands=((51, 60, 70),), decks=((),), grid=grid)
    after = state.apply(Discard((60, 70)))  # 51 is left and fits nowhere in the sequence
    assert after.outcome == tq.game.Outcome(False, "no legal action")
    assert after.legal_actions() == ()


def test_legal_actions_include_every_payment_and_parse_back() -> None:
    grid = tq.Grid.from_mapping({"a1": 5, "c1": 7})
    state = _state(hands=((6, 20, 30, 40, START),), grid=grid)
    plays = [a for a in state.legal_actions() if isinstance(a, Play) and a.cell == "b1"]
    assert len(plays) == 6  # choose 2 of the 4 other cards, start card included
    for action in state.legal_actions():
        assert parse_action(str(action)) == action
        state.apply(action)


def test_observation_hides_other_hands_and_deck_orders() -> None:
    state = new_game(3, seed=9, rules=PUBLISHED)
    other = replace(
        state,
        hands=(state.hands[0], state.hands[2], state.hands[1]),
        decks=tuple(tuple(reversed(deck)) for deck in state.decks),
    )
    assert other != state
    assert other.observation(0) == state.observation(0)
    assert other.observation(1) != state.observation(1)


def test_observation_shows_discards_per_preset() -> None:
    for rules, visible in ((SEED, (10, 20)), (PUBLISHED, ())):
        state = _state(rules).apply(Discard((10, 20)))
        assert state.discarded == visible
        observation = state.observation(0)
        assert observation.discarded == visible
        assert observation.own_discards == (10, 20)
        assert observation.discard_count == 2
        assert 10 not in observation.unknown_cards()


def test_repr_is_short_and_useful() -> None:
    text = repr(new_game(2, seed=4, rules=PUBLISHED))
    assert "published" in text
    assert "seed=4" in text
    assert "turn=0" in text


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty action"),
        ("jump 3", "unknown action 'jump'"),
        ("discard 3", "exactly two cards"),
        ("play 41", "needs a card and a cell"),
        ("play start a1", "only island cards go on the grid"),
        ("play 41 d3 pay 12", "expected 'discard' after the cell"),
        ("play 41 d3 discard", "needs at least one card"),
        ("discard 0 3", "card '0' is not 1-80"),
        ("start now", "'start' takes no further words"),
    ],
)
def test_action_text_errors(text: str, message: str) -> None:
    with pytest.raises(tq.ActionFormatError, match=message):
        parse_action(text)


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("play 41 d3", "play 41 d3"),
        ("play 41 D3 DISCARD finish 12", "play 41 d3 discard 12 finish"),
        ("discard finish start", "discard start finish"),
        ("share", "share none"),
        ("  START ", "start"),
    ],
)
def test_action_text_round_trips(text: str, canonical: str) -> None:
    action = parse_action(text)
    assert str(action) == canonical
    assert parse_action(canonical) == action


def test_a_changed_copy_lists_its_own_legal_actions() -> None:
    state = _state(hands=((10, 20, 30, 40, 50),))
    assert Play(10, "a1") in state.legal_actions()
    other = replace(state, hands=((11, 21, 31, 41, 51),))
    assert Play(10, "a1") not in other.legal_actions()
    assert Play(11, "a1") in other.legal_actions()


@pytest.mark.parametrize("seed", [-3, 1.5, "abc", True])
def test_the_seed_is_a_whole_number_at_least_zero(seed: object) -> None:
    with pytest.raises(tq.TranquilityError, match="seed must be a whole number"):
        tq.new_game(2, seed=seed)  # type: ignore[arg-type]


def test_the_first_player_takes_the_extra_card() -> None:
    state = tq.new_game(2, seed=1, first_player=1)
    sizes = [len(hand) + len(deck) for hand, deck in zip(state.hands, state.decks, strict=True)]
    assert sizes[1] == sizes[0] + 1
    assert deal_sizes(85, 3, first_player=2) == (28, 28, 29)


def test_all_cards_cannot_change_the_state() -> None:
    state = tq.new_game(2, seed=1)
    cards = state.all_cards
    cards[5] += 10
    assert state.all_cards[5] == 1
