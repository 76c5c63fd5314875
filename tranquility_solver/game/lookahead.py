"""Whether an action loses the game at once, so a person can be warned before confirming it.

Most actions that lose do so in the state they lead to. A share of the `published` team discard
may lose one step later: in a two-player game the player who played the start card holds six
cards and the partner seven after both drew two, so the engine offers the starter shares of one
to six cards — and after a share of one the partner must give all seven, is left with an empty
hand on their turn and has no legal action. :func:`loses_at_once` sees through the rest of the
round.

>>> from tranquility_solver.game import Share, Start, new_game
>>> state = new_game(2, seed=4, rules="published")
>>> while Start() not in state.legal_actions():
...     state = state.apply(state.legal_actions()[-1])
>>> sharing = state.apply(Start())
>>> sharing.hands[sharing.current_player], sharing.current_player
((2, 6, 11, 23, 34, 81), 1)
>>> sorted({len(share.cards) for share in sharing.legal_actions()
...         if loses_at_once(sharing, share)})
[1]
>>> loses_at_once(sharing, Share((2, 6)))
False
"""

from __future__ import annotations

from dataclasses import dataclass

from ..completion import fast
from ..hints import Explanation, explain
from ..placement import pool_without
from .actions import Action, Discard, Play, Share
from .choices import is_island
from .state import GameState, Observation
from .worlds import sample_worlds

__all__ = ["LossRisk", "dead_end", "loses_at_once", "loss_risk"]

WARNING_WORLDS = 30
"""Deals of the unseen cards :func:`loss_risk` tries."""

_RoundKey = tuple[int, int, tuple[tuple[int, ...], ...]]


def loses_at_once(state: GameState, action: Action) -> bool:
    """True when the game is lost right after ``action``, whatever the other players do to end
    the share round it may open or continue: the action itself ends the game lost, or every
    way the round can go ends it lost. An illegal action raises as ``state.apply`` does.

    >>> import tranquility_solver as tq
    >>> state = tq.new_game(2, seed=0)
    >>> any(tq.loses_at_once(state, action) for action in state.legal_actions())
    False

    Exact: it tries the other players' shares with the engine itself, stopping at the first
    way out; a round's positions are remembered, so each is looked at once.
    """
    return _lost_whatever_the_round(state.apply(action), {})


def _lost_whatever_the_round(state: GameState, seen: dict[_RoundKey, bool]) -> bool:
    if state.outcome is not None:
        return not state.outcome.won
    if state.phase != "share":
        return False
    # Decks do not change within a round, so these decide the rest of it.
    key = (state.current_player, state.share_left, state.hands)
    if key not in seen:
        seen[key] = all(
            _lost_whatever_the_round(state.apply(share), seen) for share in state.legal_actions()
        )
    return seen[key]


@dataclass(frozen=True)
class LossRisk:
    """In how many of ``worlds`` deals of the cards a player cannot see an action loses the game
    at once (:func:`loss_risk`)."""

    lost: int
    worlds: int

    def warning(self, action: Action) -> str:
        """What to tell the player before they confirm ``action`` (empty when it never loses).

        >>> from tranquility_solver.game import Start
        >>> print(LossRisk(30, 30).warning(Start()))
        careful: after 'start' the game is lost at once, whatever the others hold or do
        >>> print(LossRisk(2, 30).warning(Start()))  # doctest: +NORMALIZE_WHITESPACE
        careful: after 'start' the game is lost at once in 2 of 30 deals of the cards you
        cannot see
        """
        if not self.lost:
            return ""
        if self.lost == self.worlds:
            return (
                f"careful: after '{action}' the game is lost at once, whatever the others hold "
                "or do"
            )
        return (
            f"careful: after '{action}' the game is lost at once in {self.lost} of "
            f"{self.worlds} deals of the cards you cannot see"
        )


def loss_risk(observation: Observation, action: Action, worlds: int = WARNING_WORLDS) -> LossRisk:
    """How often ``action`` loses the game at once (:func:`loses_at_once`) in ``worlds`` deals
    of what the player of ``observation`` cannot see, always the same deals for the same
    observation: a function of what the player knows, never of the cards they cannot see.
    An illegal action raises as ``state.apply`` does.

    >>> from tranquility_solver.game import Share, Start, new_game
    >>> state = new_game(2, seed=4, rules="published")
    >>> while Start() not in state.legal_actions():
    ...     state = state.apply(state.legal_actions()[-1])
    >>> sharing = state.apply(Start())
    >>> seen = sharing.observation(sharing.current_player)
    >>> loss_risk(seen, Share((2,))), loss_risk(seen, Share((2, 6)))
    (LossRisk(lost=30, worlds=30), LossRisk(lost=0, worlds=30))
    """
    deals = sample_worlds(observation, worlds, seed=0)
    return LossRisk(sum(loses_at_once(world, action) for world in deals), len(deals))


def dead_end(observation: Observation, action: Action) -> Explanation | None:
    """Why the grid could no longer be filled after ``action`` by its player, or None.

    Only the cards the player knows are gone count as gone (the grid, their own discards, what
    they pay or give): the others' hands, the decks and face-down discards may all still come.
    So a reason is certain whatever the others hold. A grid that could not be filled before
    the action has no reason here: the action did not cause it.

    >>> from tranquility_solver.game import new_game
    >>> from tranquility_solver.grid import Grid
    >>> from dataclasses import replace
    >>> state = replace(new_game(1, seed=3, rules="published"),
    ...                 grid=Grid.from_mapping({"a3": 29}), hands=((30, 31, 40, 50, 60),))
    >>> print(dead_end(state.observation(0), Play(30, "c3")))
    cell b3 needs a number between 29 and 30; none is available
    >>> dead_end(state.observation(0), Play(30, "b3")) is None
    True
    """
    if not isinstance(action, Play | Discard | Share):
        return None
    order = observation.rules.order
    pool = observation.possible_cards()
    if not fast.feasible(observation.grid.cells, pool, order):
        return None
    grid = observation.grid
    if isinstance(action, Play):
        grid = grid.place(action.cell, action.card)
        gone = (action.card, *action.discards)
    else:
        gone = action.cards
    after = pool_without(pool, tuple(filter(is_island, gone)))
    return explain(grid, after, observation.rules)
