"""Shortest proofs: the fewest clue cards that single out one field, proven optimal by CP-SAT.

>>> import tobago_solver as tb
>>> island = tb.islands.default()
>>> proof = min_clues(island, "j2")
>>> len(proof), tb.candidates(island, proof) == {"j2"}
(4, True)

A set of cards leaves exactly ``{field}`` when ``field`` satisfies every card and every other
land field is ruled out by at least one card. Only cards that hold on ``field`` may be chosen, so
this is a set cover: the other fields are the elements, each card covers the fields it rules out.
CP-SAT minimises the number of cards; the answer is proven optimal or the call raises
:class:`~tobago_solver.errors.SolverUnknownError`. ``docs/analysis.md`` explains the model and why
a minimum set can be played in any order.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tobago_solver.clues import DECK, Clue
from tobago_solver.compile import CompiledIsland, compiled
from tobago_solver.errors import SolverUnknownError, TobagoError, require_time_limit
from tobago_solver.island import Island
from tobago_solver.legality import Reason, play_reason
from tobago_solver.rules import PresetName, TobagoRules
from tobago_solver.solving import new_solver, solve
from tobago_solver.treasure import as_clues

DEFAULT_TIME_LIMIT = 10.0
"""Seconds CP-SAT may spend on one field before the answer is undecided."""


def deck_cards(deck: Iterable[Clue | str]) -> tuple[Clue, ...]:
    """The distinct cards of ``deck`` in their first order (a card is used at most once, so a
    second copy can never help).

    >>> [str(c) for c in deck_cards(["in lake", "In the lake", "next to hut"])]
    ['in lake', 'next to hut']
    """
    if isinstance(deck, str):
        raise TobagoError(f"a deck is a list of clues, not the text {deck!r}")
    return tuple(dict.fromkeys(as_clues(list(deck))))


def cover_rows(table: CompiledIsland, target: int, masks: Sequence[int]) -> list[int] | None:
    """For each land field other than ``target``, the bitmask of cards (by position in
    ``masks``) that rule it out, for the cards that hold on ``target``; duplicate rows once.

    None when some field is ruled out by no such card: then no set of cards locates ``target``.

    >>> table = compiled(__import__("tobago_solver").islands.default())
    >>> cover_rows(table, 0, [table.land_mask]) is None  # a card that rules nothing out
    True
    """
    usable = [i for i, mask in enumerate(masks) if mask >> target & 1]
    rows: dict[int, None] = {}
    for field in range(len(table.fields)):
        if field == target:
            continue
        row = 0
        for i in usable:
            if not masks[i] >> field & 1:
                row |= 1 << i
        if row == 0:
            return None
        rows[row] = None
    # A field whose excluders include another field's excluders is covered whenever that one is.
    ordered = sorted(rows, key=int.bit_count)
    kept: list[int] = []
    for row in ordered:
        if not any(small & row == small for small in kept):
            kept.append(row)
    return kept


def min_clues(
    island: Island,
    field: str,
    deck: Iterable[Clue | str] = DECK,
    *,
    playable: bool = False,
    rules: PresetName | TobagoRules = "seed",
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> tuple[Clue, ...] | None:
    """The fewest cards of ``deck`` (each at most once) whose candidates are exactly ``field``.

    None when no set of the deck's cards singles the field out (proven: even all cards that hold
    on it together leave another field). Raises
    :class:`~tobago_solver.errors.SolverUnknownError` when CP-SAT cannot prove a minimum within
    ``time_limit`` seconds, and UnknownFieldError for a field that is not land.

    The cards come in deck order. With ``playable=True`` they come in an order in which each is
    legal when added under the clue rules of ``rules``: the one that leaves the fewest
    candidates first; a minimum set is playable in every order (see ``docs/analysis.md``), and
    the order returned is checked card by card.

    >>> import tobago_solver as tb
    >>> island = tb.islands.default()
    >>> min_clues(island, island.fields[0], deck=["in lake"]) is None
    True
    """
    require_time_limit(time_limit)
    preset = TobagoRules.named(rules)
    name = island.require_field(field)
    table = compiled(island)
    cards = deck_cards(deck)
    target = table.index[name]
    masks = [table.masks[card] for card in cards]
    rows = cover_rows(table, target, masks)
    if rows is None:
        return None
    chosen = _minimum_cover(rows, len(cards), time_limit, name)
    proof = tuple(cards[i] for i in chosen)
    if playable:
        order = playable_order(island, proof, preset)
        if order is None:  # pragma: no cover - impossible for a minimum cover (docs/analysis.md)
            raise AssertionError(f"a minimum proof of {name} found no legal order: {proof}")
        return order
    return proof


def _minimum_cover(rows: list[int], size: int, time_limit: float, name: str) -> list[int]:
    """Positions of a minimum set of cards hitting every row (a row = a bitmask of cards)."""
    from ortools.sat.python import cp_model  # lazy: ortools takes seconds to load

    if not rows:
        return []
    used = 0
    for row in rows:
        used |= row
    model = cp_model.CpModel()
    take = {i: model.new_bool_var(f"card{i}") for i in range(size) if used >> i & 1}
    for row in rows:
        model.add_bool_or([var for i, var in take.items() if row >> i & 1])
    model.minimize(sum(take.values()))
    # One worker (new_solver's): the same question always gets the same cards back.
    solver = new_solver(time_limit)
    status = solve(solver, model)
    if status != cp_model.OPTIMAL:
        raise SolverUnknownError(
            f"CP-SAT could not prove the fewest cards for {name} within {time_limit:g} s "
            f"({solver.status_name(status)})"
        )
    return [i for i, var in take.items() if solver.boolean_value(var)]


def playable_order(
    island: Island, clues: Sequence[Clue | str], rules: PresetName | TobagoRules = "seed"
) -> tuple[Clue, ...] | None:
    """An order in which the clues, added one by one to an empty map, are each legal, or None.

    Tries the clue that leaves the fewest candidates first and backtracks (above, "in lake" after
    "in largest lake" would change nothing); for an irredundant set (no clue can be left out)
    the first try succeeds.

    >>> import tobago_solver as tb
    >>> island = tb.islands.default()
    >>> [str(c) for c in playable_order(island, ["in largest lake", "in lake"])]
    ['in lake', 'in largest lake']
    >>> playable_order(island, ["in lake", "not in lake"]) is None
    True
    """
    preset = TobagoRules.named(rules)
    table = compiled(island)
    cards = as_clues(list(clues))
    masks = [table.masks[card] for card in cards]

    dead_ends: set[tuple[int, ...]] = set()

    def search(before: int, left: tuple[int, ...]) -> list[int] | None:
        # The candidates depend only on which clues were played, so a set of clues left that
        # failed once fails again: remember it.
        if not left:
            return []
        if left in dead_ends:
            return None
        ranked = sorted(left, key=lambda i: ((before & masks[i]).bit_count(), i))
        for i in ranked:
            after = before & masks[i]
            if play_reason(before, after, preset) is not Reason.OK:
                continue
            rest = search(after, tuple(j for j in left if j != i))
            if rest is not None:
                return [i, *rest]
        dead_ends.add(left)
        return None

    order = search(table.land_mask, tuple(range(len(cards))))
    return None if order is None else tuple(cards[i] for i in order)
