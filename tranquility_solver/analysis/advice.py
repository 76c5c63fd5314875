"""What to play, as a player at the table reads it (``hint`` in ``tranquility play``): the safe
plays of the hand, each paid as the short form would pay it, or the cheapest cards to give.

>>> from tranquility_solver.game import new_game
>>> print(hint_text(new_game(2, seed=1).observation(0)))  # doctest: +ELLIPSIS
safe plays (after them the grid can still be filled from cards not yet gone):
     3  a1-c1 a2 a3 free
...
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Sequence

from ..game.actions import Finish, Start
from ..game.board import cells_text
from ..game.choices import FINISH, START, card_text, is_island
from ..game.payments import cheapest_first, default_payment, needed_share
from ..game.state import Observation
from ..grid import CELL_NAMES
from ..hints import SafePlacement, dead_cells

__all__ = ["hint_text", "safe_by_card", "safe_plays"]

_SHOWN = 8
"""At most this many cards' safe plays are listed."""


def hint_text(observation: Observation, width: int = 80) -> str:
    """The hint for the player of ``observation``, within ``width`` characters a line."""
    obs = observation
    legal = obs.legal_actions()
    if not legal:
        return "nothing to decide now"
    cards = giving_order_text(obs)
    if obs.phase == "share":
        return "\n".join(
            textwrap.wrap(
                "cheapest to give first (in brackets the share of the ways to fill the grid "
                f"that use each): {cards}",
                width,
                subsequent_indent="  ",
            )
        )
    if Finish() in legal:
        return "'finish' wins the game"
    if legal == (Start(),):
        return "you hold the start card and none was played: 'start' plays it"
    island = [card for card in obs.hand if is_island(card)]
    safe = safe_plays(obs)
    if safe:
        lines = ["safe plays (after them the grid can still be filled from cards not yet gone):"]
        for line in safe_by_card(safe)[:_SHOWN]:
            lines.extend(textwrap.wrap(line, width, subsequent_indent=" " * 8))
        return "\n".join(lines)
    dead = dead_cells(obs.grid, [*obs.unknown_cards(), *island], obs.rules)
    why = f" (no card left can fill {' '.join(dead)})" if dead else ""
    return "\n".join(
        textwrap.wrap(
            f"no safe play: after any play the grid can no longer be filled{why}; "
            f"cheapest cards to discard first (in brackets the share of the ways to fill the "
            f"grid that use each): {cards}",
            width,
            subsequent_indent="  ",
        )
    )


def giving_order_text(observation: Observation) -> str:
    """The hand, cheapest to give up first (:func:`~.payments.cheapest_first`), each card with
    how much it is worth: the share of the ways to fill the grid that use an island card.

    >>> from tranquility_solver.game import new_game
    >>> print(giving_order_text(new_game(2, seed=4, rules="published").observation(0)))
    4 (44%), 40 (44%), 45 (44%), 46 (44%), 74 (44%)
    """
    needed = needed_share(observation)
    finishes = observation.hand.count(FINISH)
    parts = []
    for card in cheapest_first(observation, observation.hand):
        if card == FINISH:
            finishes -= 1
            worth = "spare" if finishes else "your last: keep it"
        elif card == START:
            worth = "can only be discarded" if observation.start_played else "play it first"
        else:
            worth = f"{math.floor(needed.get(card, 0.0) * 100)}%"
        parts.append(f"{card_text(card)} ({worth})")
    return ", ".join(parts)


def safe_plays(observation: Observation) -> list[SafePlacement]:
    """The legal plays after which the grid can still be filled from the cards the player
    cannot rule out, each with the payment ``CARD CELL`` would make
    (:func:`~.payments.default_payment`): the hint and the short form pay alike.

    >>> from tranquility_solver.game import new_game
    >>> safe_plays(new_game(2, seed=1).observation(0))[0]
    SafePlacement(card=3, cell='a1', cost=0, discards=())
    """
    found = []
    for card, cost, index in observation.lazy_legal_actions().placements():
        payment = default_payment(observation, card, CELL_NAMES[index], cost)
        if payment is not None and payment.safe:
            found.append(SafePlacement(card, CELL_NAMES[index], cost, payment.cards))
    return found


def safe_by_card(safe: Sequence[SafePlacement]) -> list[str]:
    """Safe plays, one line per card (the card with the cheapest play first): its cells by
    cost, runs of a row written ``first-last``, and the cards a cost is paid with.

    >>> safe_by_card([SafePlacement(9, "b1", 2, (3, 4)), SafePlacement(7, "a2", 0, ()),
    ...               SafePlacement(7, "b2", 0, ())])
    ['     7  a2-b2 free', '     9  b1 (cost 2, discard 3 4)']
    """
    by_card: dict[int, dict[tuple[int, tuple[int, ...]], list[str]]] = {}
    for play in safe:
        by_card.setdefault(play.card, {}).setdefault((play.cost, play.discards), []).append(
            play.cell
        )
    lines = []
    for card, groups in sorted(by_card.items(), key=lambda item: (min(item[1])[0], item[0])):
        parts = [
            f"{cells_text(cells)} "
            + ("free" if cost == 0 else f"(cost {cost}, discard {' '.join(map(card_text, paid))})")
            for (cost, paid), cells in sorted(groups.items())
        ]
        lines.append(f"{card_text(card):>6}  " + "; ".join(parts))
    return lines
