"""The end of a turn and of the game, and the restart of a map (after a claim or abandoned).

The game ends at once:

- when a distribution empties the treasure deck (``treasure deck empty``, see ``distribution``);
- when a map has no candidate left (``map without candidate``: only a hand-built state);
- when no set of the deck's clue cards can reduce a map to one field any more (``treasure cannot
  be located``, :func:`can_be_located`); with ``GameRules.unlocatable_map == "abandon"``
  (published) the map is abandoned instead (:func:`abandon`);
- in a ``stalemate`` (:func:`is_stalemate`): no treasure is located and no player can ever play
  a clue again;
- and, as a safety net only, at ``GameRules.turn_limit`` turns (``turn limit``).

:func:`check_end` runs the middle three after every clue played and at the end of every turn:
maps and hands change only through a clue played, a claim, an abandoned map or an exchange
(variant), and a move or an amulet cannot unfreeze a table, so nothing is missed by waiting for
the end of the turn. Each check is a few bitmask operations.

>>> import tobago_solver as tb
>>> state = tb.new_game(tb.islands.default(), 2, seed=1)
>>> after = end_turn(state)
>>> after.turn, after.current_player, after.phase
(1, 1, 'action')
>>> is_stalemate(state), can_be_located(state, 0)
(False, True)
"""

from __future__ import annotations

from itertools import chain
from typing import Any, Final, TypeVar

from tobago_solver.game.plays import play_table, plays_of
from tobago_solver.game.position import MapState, Phase, Position, replace, replaced, tuple_set
from tobago_solver.locating import locator

END_DECK_EMPTY: Final = "treasure deck empty"
END_NO_CANDIDATE: Final = "map without candidate"
END_UNLOCATABLE: Final = "treasure cannot be located"
END_STALEMATE: Final = "stalemate"
END_TURN_LIMIT: Final = "turn limit"
RULE_ENDS: Final = (END_DECK_EMPTY, END_UNLOCATABLE, END_STALEMATE, END_NO_CANDIDATE)
"""The end reasons of the rules; ``turn limit`` is the safety net's."""

_P = TypeVar("_P", bound=Position)


def game_over(state: _P, reason: str) -> _P:
    """The state with the game ended for ``reason``."""
    return replace(state, end_reason=reason, phase="over", claims=())


def can_be_located(state: Position, map_index: int) -> bool:
    """Whether some set of the deck's clue cards, played one by one under the clue rules, can
    still reduce the map to one field (``tobago_solver.locating`` proves the test and says which
    cards count: all 52)."""
    return locator(state.island).can_locate(state.maps[map_index].candidates_mask)


def is_stalemate(state: Position) -> bool:
    """No treasure is located and no player can ever play a clue again.

    Clue cards are drawn only after a clue is played, and wind roses come back only from a claim
    or an abandoned map, so when no player with a rose holds a clue legal on some map, no map
    and no hand can change again. With the ``exchange`` variant a player with a rose and a hand
    can draw every card outside the maps (the others may exchange theirs away), so it is a
    stalemate only when no such card is legal on any map, whatever the luck of the shuffle.
    """
    if state.claims or state.distribution is not None:
        return False
    if state.located_treasures():  # the fact the moves read, shared
        return False
    players, current = state.players, state.current_player
    # The current player first: the check runs on the state that starts a turn (see
    # next_turn), so their plays, listed here, are those the turn offers. Most of the time
    # they have one, and the others need not be looked at.
    if state.roses_left[current] > 0 and state.hands[current] and plays_of(state, current):
        return False
    order = [(current + k) % players for k in range(players)]
    holders = [p for p in order if state.roses_left[p] > 0 and state.hands[p]]
    if not holders:
        return True
    if any(plays_of(state, p) for p in holders):
        return False
    if not state.rules.exchange:
        return True
    # Looked at lazily: usually one of the first cards is playable.
    cards = chain(state.clue_deck, state.clue_discards, *state.hands)
    table = play_table(state.island, state.rules.clue_rules)
    playable = 0
    for map_state in state.maps:
        playable |= table.playable(map_state.candidates_mask)
    index = table.index
    return not any(playable >> index[card] & 1 for card in cards)


def restart_map(state: _P, map_index: int) -> _P:
    """The map empty again (as after a distribution): its roses back to their owners, its clues
    to the clue discard pile; with the ``roses`` opening (seed) each player with a rose left puts
    one on it."""
    old = state.maps[map_index]
    roses_left = tuple(
        left + on_map for left, on_map in zip(state.roses_left, old.roses, strict=True)
    )
    new_map = MapState.empty(state.island, state.players)
    if state.rules.opening == "roses":
        roses = tuple(int(left > 0) for left in roses_left)
        new_map = MapState(new_map.clues, roses, new_map.candidates_mask)
        roses_left = tuple(
            left - on_map for left, on_map in zip(roses_left, new_map.roses, strict=True)
        )
    return replace(
        state,
        maps=tuple_set(state.maps, map_index, new_map),
        roses_left=roses_left,
        clue_discards=(*state.clue_discards, *old.clues),
        last_map_change=state.turn,
    )


def abandon(state: _P, map_index: int) -> _P:
    """(published, choice) A map that can no longer be located restarts as after a claim, with
    no distribution and no new amulets (no treasure was found)."""
    state = restart_map(state, map_index)
    counts = tuple_set(state.abandoned, map_index, state.abandoned[map_index] + 1)
    return replace(state, abandoned=counts)


def check_end(state: _P) -> _P:
    """The end-of-game checks that follow a change of the maps or hands: the game ends (or,
    published, a map is abandoned) when the rules say so."""
    if state.end_reason is not None or nothing_ends(state):
        return state
    finder = locator(state.island)
    for m, map_state in enumerate(state.maps):
        mask = map_state.candidates_mask
        if mask == 0:
            return game_over(state, END_NO_CANDIDATE)
        if not finder.can_locate(mask):
            if state.rules.unlocatable_map == "end":
                return game_over(state, END_UNLOCATABLE)
            state = abandon(state, m)
    if is_stalemate(state):
        return game_over(state, END_STALEMATE)
    return state


_READS: Final = frozenset(
    {"island", "rules", "players", "maps", "hands", "roses_left", "claims", "distribution"}
    | {"clue_deck", "clue_discards"}
)
"""The fields :func:`check_end` reads (the decks for the ``exchange`` variant's stalemate)."""


def nothing_ends(state: Position) -> bool:
    """Whether :func:`check_end` leaves a position of a game going on as it is, kept with the
    fields it reads (a car's move keeps it).

    >>> import tobago_solver as tb
    >>> nothing_ends(tb.new_game(tb.islands.default(), 2, seed=1))
    True
    """
    return state.derived("nothing ends", _READS, _nothing_ends, state)


def _nothing_ends(state: Position) -> bool:
    """Whether :func:`check_end` leaves ``state`` as it is: every map can still be located (a
    map without candidate cannot) and it is no stalemate."""
    finder = locator(state.island)
    singled_out = finder.singled_out
    for map_state in state.maps:  # a loop, not all(): a generator is a call of its own
        mask = map_state.candidates_mask
        # Most maps hold a field some cards single out: locatable without a call (the first
        # test of can_locate).
        if not mask & singled_out and not finder.can_locate(mask):
            return False
    return not is_stalemate(state)


def next_turn(state: _P, **also: Any) -> _P | None:
    """The next player's turn with the fields ``also`` changed, in one copy of the state, when
    the end-of-game checks then leave it as it is (the common case); None when they have
    something to do or the turn limit is reached: then the caller makes the change and ends the
    turn the long way.

    ``also`` may change what the end-of-game checks read (a clue played): the checks run on the
    new turn's state, whose maps, hands and decks are those the long way would check.

    >>> import tobago_solver as tb
    >>> state = tb.new_game(tb.islands.default(), 2, seed=1)
    >>> next_turn(state) == end_turn(state)
    True
    """
    opening_left = state.opening_left - 1 if state.opening_left > 0 else 0
    turn = state.turn + 1
    if state.end_reason is not None or turn >= state.rules.turn_limit:
        return None
    also["current_player"] = (state.current_player + 1) % state.players
    also["turn"] = turn
    also["phase"] = "opening" if opening_left > 0 else "action"
    also["moved"] = False
    also["opening_left"] = opening_left
    following = replaced(state, also)
    return following if nothing_ends(following) else None


def end_turn(state: _P, **also: Any) -> _P:
    """The next player's turn, or the end of the game when the end-of-game checks say so or the
    turn limit is reached; ``also``: other fields that change with it, none that those checks
    read (the car of the move that ends the turn, in one copy of the state rather than two)."""
    quick = next_turn(state, **also)
    if quick is not None:
        return quick
    opening_left = state.opening_left - 1 if state.opening_left > 0 else 0
    turn = state.turn + 1
    state = check_end(state)
    end_reason = state.end_reason
    if end_reason is None and turn >= state.rules.turn_limit:
        end_reason = END_TURN_LIMIT
    phase: Phase = "over" if end_reason is not None else "opening" if opening_left > 0 else "action"
    return replace(
        state,
        current_player=(state.current_player + 1) % state.players,
        turn=turn,
        phase=phase,
        moved=False,
        opening_left=opening_left,
        end_reason=end_reason,
        **also,
    )
