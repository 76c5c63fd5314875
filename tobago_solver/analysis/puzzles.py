"""Puzzles: clue cards, each legal when played in order, that locate one field, none removable.

>>> import tobago_solver as tb
>>> island = tb.islands.default()
>>> puzzle = make_puzzle(island, seed=3, size=4)
>>> len(puzzle.clues), tb.candidates(island, puzzle.clues) == {puzzle.answer}
(4, True)
>>> make_puzzle(island, seed=3, size=4) == puzzle  # a seed always gives the same puzzle
True

A CP-SAT model picks the cards: an irredundant cover (every other field ruled out, and every
chosen card the only one to rule out some field) of the requested size, steered by random
weights drawn from the seed. An irredundant set is legal in every order (``docs/analysis.md``);
the order is shuffled from the seed and checked card by card against the clue rules.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ortools.sat.python import cp_model

from tobago_solver.analysis.min_clues import (
    DEFAULT_TIME_LIMIT,
    cover_rows,
    deck_cards,
    min_clues,
)
from tobago_solver.clues import DECK, Clue
from tobago_solver.compile import compiled
from tobago_solver.errors import SolverUnknownError, TobagoError, require_time_limit
from tobago_solver.island import Island
from tobago_solver.legality import Reason, play_reason
from tobago_solver.rules import PresetName, TobagoRules
from tobago_solver.solving import new_solver, solve


@dataclass(frozen=True)
class Puzzle:
    """A puzzle: ``clues`` in play order; ``answer`` is the one field they leave.

    >>> import tobago_solver as tb
    >>> puzzle = tb.make_puzzle(tb.islands.default(), seed=1, size=3)
    >>> print(puzzle.text())  # doctest: +ELLIPSIS
    Puzzle ABC-1 #1: 3 clues locate the treasure. Where is it?
      1. ...
      2. ...
      3. ...
    answer: hidden (--show-answer shows it)
    """

    island: Island
    seed: int
    clues: tuple[Clue, ...]
    answer: str

    def __repr__(self) -> str:
        return (
            f"Puzzle(island={self.island.name!r}, seed={self.seed}, "
            f"clues={[str(c) for c in self.clues]}, answer={self.answer!r})"
        )

    def text(self, show_answer: bool = False) -> str:
        """The puzzle as text, the answer hidden unless ``show_answer``."""
        count = len(self.clues)
        lines = [
            f"Puzzle {self.island.name} #{self.seed}: {count} clue{'s' * (count != 1)} locate"
            f"{'s' * (count == 1)} the treasure. Where is it?"
        ]
        lines += [f"  {n}. {clue}" for n, clue in enumerate(self.clues, 1)]
        if show_answer:
            lines.append(f"answer: {self.answer} ({self.island.terrain(self.answer).value})")
        else:
            lines.append("answer: hidden (--show-answer shows it)")
        return "\n".join(lines)


def make_puzzle(
    island: Island,
    seed: int = 0,
    size: int | None = None,
    *,
    field: str | None = None,
    deck: Iterable[Clue | str] = DECK,
    rules: PresetName | TobagoRules = "seed",
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> Puzzle:
    """A puzzle of ``size`` cards of ``deck`` whose only candidate is one field.

    >>> import tobago_solver as tb
    >>> island = tb.islands.default()
    >>> puzzle = tb.make_puzzle(island, seed=3, size=3)
    >>> tb.candidates(island, puzzle.clues) == {puzzle.answer}
    True

    Every card is legal when played after the ones before it (the clue rules of ``rules``) and every
    card is needed: leaving any one out leaves more than one field. The answer is drawn from the
    seed among the fields that ``size`` cards can locate (or is ``field``); without ``size`` the
    puzzle has as few cards as the answer allows. The same arguments give the same puzzle.

    Raises TobagoError when no field (or not ``field``) can be the answer of such a puzzle, and
    :class:`~tobago_solver.errors.SolverUnknownError` when CP-SAT stops undecided.
    """
    require_time_limit(time_limit)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TobagoError(f"a puzzle seed is a whole number, got {seed!r}")
    if size is not None and (isinstance(size, bool) or not isinstance(size, int) or size < 1):
        raise TobagoError(f"a puzzle has at least one clue, got size {size!r}")
    preset = TobagoRules.named(rules)
    cards = deck_cards(deck)
    rng = random.Random(f"tobago-puzzle:{seed}")
    if field is not None:
        targets = [island.require_field(field)]
    else:
        targets = list(island.fields)
        rng.shuffle(targets)
    for target in targets:
        shortest = min_clues(island, target, cards, time_limit=time_limit)
        if shortest is None:
            if field is not None:
                raise TobagoError(f"no set of cards locates field {target} of {island.name}")
            continue
        if size is not None and size < len(shortest):
            if field is not None:
                raise TobagoError(
                    f"field {target} of {island.name} needs at least {len(shortest)} clues, "
                    f"not {size}"
                )
            continue
        # A one-field island is located before any clue: a puzzle needs at least one card.
        wanted = max(1, len(shortest)) if size is None else size
        chosen = _irredundant_cover(island, target, cards, wanted, rng, time_limit)
        if chosen is None:
            continue
        order = list(chosen)
        rng.shuffle(order)
        _check_order(island, order, preset)
        return Puzzle(island, seed, tuple(order), target)
    where = f"field {targets[0]}" if field is not None else "any field"
    if size is None:  # only reached without ``field``: no field can be located at all
        raise TobagoError(
            f"no puzzle on {island.name}: no field is located by clues of the deck, each needed"
        )
    raise TobagoError(f"no {size} clues of the deck, each needed, locate {where} of {island.name}")


def _irredundant_cover(
    island: Island,
    target_name: str,
    cards: tuple[Clue, ...],
    size: int,
    rng: random.Random,
    time_limit: float,
) -> tuple[Clue, ...] | None:
    """``size`` cards holding on the target that rule out every other field, each the only
    chosen card to rule out some field; None when there is no such set (proven)."""
    from ortools.sat.python import cp_model  # lazy: ortools takes seconds to load

    table = compiled(island)
    target = table.index[target_name]
    masks = [table.masks[card] for card in cards]
    if cover_rows(table, target, masks) is None:
        return None
    usable = [i for i, mask in enumerate(masks) if mask >> target & 1]
    # Identical rows give the same private fields, so each distinct row is kept once.
    rows: dict[int, None] = {}
    for other in range(len(table.fields)):
        if other != target:
            rows[sum(1 << i for i in usable if not masks[i] >> other & 1)] = None
    model = cp_model.CpModel()
    take = {i: model.new_bool_var(f"card{i}") for i in usable}
    private: dict[int, list[cp_model.IntVar]] = {i: [] for i in usable}
    for number, row in enumerate(rows):
        members = [i for i in usable if row >> i & 1]
        model.add_bool_or([take[i] for i in members])
        for i in members:
            # "only card i rules this field out": i chosen, every other excluder not chosen.
            only = model.new_bool_var(f"only{i}_{number}")
            model.add_implication(only, take[i])
            for j in members:
                if j != i:
                    model.add_implication(only, take[j].Not())
            private[i].append(only)
    for i in usable:
        model.add_bool_or([take[i].Not(), *private[i]])
    model.add(sum(take.values()) == size)
    model.maximize(sum(rng.randrange(1, 1000) * var for var in take.values()))
    # One worker and a fixed solver seed: the puzzle depends on the puzzle seed alone.
    solver = new_solver(time_limit, seed=0)
    status = solve(solver, model)
    if status == cp_model.INFEASIBLE:
        return None
    # Any feasible set would be a valid puzzle, but one found when time ran out depends on the
    # machine's speed: only the proven best set for the seed's weights keeps puzzles repeatable.
    if status != cp_model.OPTIMAL:
        raise SolverUnknownError(
            f"CP-SAT could not settle the {size}-clue puzzle for {target_name} within "
            f"{time_limit:g} s ({solver.status_name(status)})"
        )
    return tuple(cards[i] for i in usable if solver.boolean_value(take[i]))


def _check_order(island: Island, order: list[Clue], rules: TobagoRules) -> None:
    """Raise if a card is not legal after the ones before it (impossible for an irredundant
    set, see docs/analysis.md; checked because a puzzle must never break the rules)."""
    table = compiled(island)
    before = table.land_mask
    for clue in order:
        after = before & table.masks[clue]
        if play_reason(before, after, rules) is not Reason.OK:  # pragma: no cover
            raise AssertionError(f"puzzle card {clue} is illegal after {order}")
        before = after
