"""What a click on the table can mean: the cells a card of the hand fits and what it costs
there, and the warning to give once before a move that loses the game or leaves a grid that can
no longer be filled.

>>> from tranquility_solver.game import new_game
>>> seen = new_game(2, seed=1).observation(0)
>>> targets = card_targets(seen, 3)
>>> len(targets), targets[0]
(36, CellTarget(cell='a1', cost=0))
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import IllegalActionError, TranquilityError
from .actions import Action, Play
from .lookahead import dead_end, loss_risk
from .state import Observation
from .worlds import sample_worlds

__all__ = ["CellTarget", "card_targets", "move_warning", "refusal"]


@dataclass(frozen=True, order=True)
class CellTarget:
    """A cell where a card may be played now, and the fewest cards the play costs there.

    >>> CellTarget("d3", 2).cost
    2
    """

    cell: str
    cost: int


def card_targets(observation: Observation, card: int) -> tuple[CellTarget, ...]:
    """The cells where the player of ``observation`` may play ``card`` now, each with the
    fewest cards that play costs there, in the grid's reading order from ``a1``; empty when the
    card cannot be played (not in the hand, not this player's turn, a start or finish card, or
    no legal cell). Only the observation is read: the answer is the same for every deal of the
    cards its player cannot see.

    >>> from tranquility_solver.game import new_game
    >>> card_targets(new_game(2, seed=1).observation(1), 3)  # not P1's turn
    ()
    """
    if card not in observation.hand:
        if not isinstance(card, int):
            raise TranquilityError(f"a card is a number, not {card!r}")
        return ()
    cheapest: dict[str, int] = {}
    for action in observation.legal_actions():
        if isinstance(action, Play) and action.card == card:
            cost = len(action.discards)
            cheapest[action.cell] = min(cost, cheapest.get(action.cell, cost))
    # Reading order from a1: along a row, then the next row up (the cell names sort that way
    # once the row comes first).
    return tuple(
        CellTarget(cell, cost)
        for cell, cost in sorted(cheapest.items(), key=lambda item: (item[0][1], item[0][0]))
    )


def move_warning(observation: Observation, action: Action) -> str:
    """What to tell the player before they confirm ``action``: that it may lose the game at
    once (in some of the deals of the cards they cannot see), or that the grid could no longer
    be filled after it (from the cards not known to be gone); empty when neither. A seat shows
    it once and makes the move when asked again.

    >>> from tranquility_solver.game import new_game
    >>> seen = new_game(1, seed=0).observation(0)
    >>> print(move_warning(seen, Play(10, "f2")))  # doctest: +NORMALIZE_WHITESPACE
    careful: after 'play 10 f2' the grid can no longer be filled: cells a1, b1, c1, d1, e1, f1,
    a2, b2, c2, d2, e2 need 11 numbers below 10; only 9 are available (1, 2, 3, 4, 5, 6, 7, 8, 9)
    >>> move_warning(seen, Play(10, "a1"))
    ''
    """
    at_once = loss_risk(observation, action).warning(action)
    if at_once:
        return at_once
    reason = dead_end(observation, action)
    if reason is None:
        return ""
    return f"careful: after '{action}' the grid can no longer be filled: {reason}"


def refusal(observation: Observation, action: Action) -> str:
    """Why ``action`` is not legal now for the player of ``observation`` (empty when it is):
    the engine's own reason, asked of a deal of the cards this player cannot see, since
    legality reads only what they see, and the true deal's words could tell more.

    >>> from tranquility_solver.game import new_game
    >>> seen = new_game(2, seed=1).observation(0)
    >>> refusal(seen, Play(3, "a1")), refusal(seen, Play(4, "a1"))
    ('', 'play 4 a1: player 0 holds 3 5 12 45 68, not all of 4')
    """
    if action in observation.lazy_legal_actions():
        return ""
    try:
        world = sample_worlds(observation, 1, seed=0)[0]
        world.apply(action)
    except IllegalActionError as error:
        return str(error)
    except TranquilityError:
        pass  # a position built by hand that no deal fits: no reason to ask
    return f"{action}: not a legal action now ('moves' lists them)"
