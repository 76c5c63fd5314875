"""The end of a turn and of the game (§7).

The game ends when a map has no candidate left, when a distribution empties the treasure deck
(see ``distribution``), or, as a guard against endless games, at ``GameRules.turn_limit`` turns.

>>> import tobago_solver as tb
>>> state = tb.new_game(tb.islands.default(), 2, seed=1)
>>> after = end_turn(state)
>>> after.turn, after.current_player, after.phase
(1, 1, 'action')
"""

from __future__ import annotations

from typing import Final, TypeVar

from tobago_solver.game.position import Phase, Position, replace

END_DECK_EMPTY: Final = "treasure deck empty"
END_NO_CANDIDATE: Final = "map without candidate"
END_TURN_LIMIT: Final = "turn limit"

_P = TypeVar("_P", bound=Position)


def end_turn(state: _P) -> _P:
    """The next player's turn, or the end of the game when a map has no candidate left or the
    turn limit is reached."""
    opening_left = state.opening_left - 1 if state.opening_left > 0 else 0
    turn = state.turn + 1
    end_reason = state.end_reason
    if end_reason is None and any(m.candidates_mask == 0 for m in state.maps):
        end_reason = END_NO_CANDIDATE
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
    )
