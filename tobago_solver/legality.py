"""May this clue be played on this map? The three clue rules, with the reason and the conflict.

>>> import tobago_solver as tb
>>> island = tb.islands.default()
>>> verdict = check_clue(island, ["in lake"], "not in lake")
>>> verdict.legal, verdict.reason, [str(c) for c in verdict.conflict]
(False, <Reason.CONTRADICTION: 'contradiction'>, ['in lake'])
>>> check_clue(island, ["in lake"], "in lake").reason
<Reason.NO_NEW_INFORMATION: 'no-new-information'>
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from tobago_solver.clues import Clue
from tobago_solver.compile import CompiledIsland, compiled
from tobago_solver.engines.fast import candidates_mask
from tobago_solver.fieldset import FieldSet
from tobago_solver.island import Island
from tobago_solver.rules import PresetName, TobagoRules
from tobago_solver.treasure import Engine, as_clues, candidates


class Reason(StrEnum):
    """Why a clue may or may not be played; compares equal to its text.

    >>> import tobago_solver as tb
    >>> tb.check_clue(tb.islands.default(), [], "in lake").reason == "ok"
    True
    """

    OK = "ok"
    CONTRADICTION = "contradiction"
    NO_NEW_INFORMATION = "no-new-information"


@dataclass(frozen=True)
class ClueVerdict:
    """The answer of :func:`check_clue`.

    >>> import tobago_solver as tb
    >>> verdict = tb.check_clue(tb.islands.default(), ["in lake"], "not in lake")
    >>> verdict.legal, verdict.reason, verdict.conflict
    (False, <Reason.CONTRADICTION: 'contradiction'>, (Clue.parse('in lake'),))
    """

    clue: Clue
    legal: bool
    reason: Reason
    rule: int | None
    """The clue rule that failed (1 located, 2 contradiction, 3 no new information), or None."""
    before: FieldSet
    """The map's candidates before the clue."""
    candidates: FieldSet
    """The map's candidates with the clue added."""
    conflict: tuple[Clue, ...]
    """For a contradiction, a smallest set of the map's clues that with ``clue`` leaves no field."""
    message: str

    @property
    def explanation(self) -> str:
        """The message without its closing rule reference, for callers that cite the rule in
        their own words (the game engine's ``IllegalActionError``)."""
        return self.message.removesuffix(_rule_reference(self.rule))


CLUE_RULES: Final = {
    1: "a located map takes no clue",
    2: "a clue must leave a field",
    3: "a clue must rule out a field",
}
"""Rules 1 to 3 of a clue's legality in words, as messages and refusals name them."""


def _rule_reference(rule: int | None) -> str:
    """How a message names the rule it breaks: in words, in brackets."""
    return "" if rule is None else f" ({CLUE_RULES[rule]})"


def _reason(before: int, after: int, rules: TobagoRules) -> tuple[Reason, int | None]:
    if before.bit_count() == 1:
        return (Reason.CONTRADICTION if after == 0 else Reason.NO_NEW_INFORMATION), 1
    if after == 0:
        return Reason.CONTRADICTION, 2
    if after == before and rules.requires_new_information(before.bit_count()):
        return Reason.NO_NEW_INFORMATION, 3
    return Reason.OK, None


def play_reason(before: int, after: int, rules: TobagoRules) -> Reason:
    """The verdict on a play from candidate bitmasks: the map's before, and after the clue.

    The game engine keeps each map's candidates as a bitmask; this is the same rule as
    :func:`check_clue` without recomputing them.

    >>> play_reason(0b110, 0b010, TobagoRules.seed())
    <Reason.OK: 'ok'>
    """
    return _reason(before, after, rules)[0]


def cards_by_field(card_masks: Sequence[int], fields: int) -> tuple[int, ...]:
    """Per field (bit ``f < fields`` of the masks), the cards whose mask holds it: bit ``i`` for
    the card of ``card_masks[i]``; the table :func:`playable_cards` reads.

    >>> [bin(cards) for cards in cards_by_field([0b010, 0b110, 0b001], 3)]
    ['0b100', '0b11', '0b10']
    """
    by_field = [0] * fields
    for i, card_mask in enumerate(card_masks):
        for f in range(fields):
            if card_mask >> f & 1:
                by_field[f] |= 1 << i
    return tuple(by_field)


def playable_cards(before: int, by_field: Sequence[int], rules: TobagoRules) -> int:
    """Which cards may be played on a map with candidates ``before``: bit ``i`` for the card of
    ``card_masks[i]``, where ``by_field`` is :func:`cards_by_field` of the card masks.

    :func:`play_reason` for every card at once, the game's hot loop: rules 1 to 3, each asked
    once per map. A card leaves some field (rule 2) when it holds one of the candidates, and
    leaves them all (rule 3) when it holds every one, so the loop runs over the candidates (a
    handful, late in a game) rather than over the cards.

    >>> bin(playable_cards(0b110, cards_by_field([0b010, 0b110, 0b001], 3), TobagoRules.seed()))
    '0b1'
    """
    count = before.bit_count()
    if count == 1:
        return 0  # rule 1: the map is located
    some = 0
    every = -1
    while before:
        low = before & -before
        cards = by_field[low.bit_length() - 1]
        some |= cards
        every &= cards
        before ^= low
    if rules.requires_new_information(count):
        return some & ~every  # rule 3: the candidates shrink
    return some  # rule 2: some field remains


def check_clue(
    island: Island,
    clues: Iterable[Clue | str],
    clue: Clue | str,
    rules: PresetName | TobagoRules = "seed",
    *,
    engine: Engine = "fast",
    explain: bool = True,
) -> ClueVerdict:
    """Whether ``clue`` may be added to a map holding ``clues``, and why.

    >>> import tobago_solver as tb
    >>> island = tb.islands.default()
    >>> tb.check_clue(island, ["in lake"], "in lake").reason  # it rules nothing out
    <Reason.NO_NEW_INFORMATION: 'no-new-information'>

    Rule 1: the map is not located yet; rule 2: some field remains; rule 3: the candidates shrink
    (preset ``published``: only once the map has 16 candidates or fewer). For a contradiction,
    ``conflict`` names a smallest subset of ``clues`` (a CP-SAT set cover) unless ``explain`` is
    False. ``engine`` picks how candidates are found.
    """
    existing = as_clues(clues)
    (new_clue,) = as_clues([clue])
    preset = TobagoRules.named(rules)
    table = compiled(island)
    before = table.mask_of(candidates(island, existing, engine))
    after = before & table.mask(new_clue)
    reason, rule = _reason(before, after, preset)
    conflict: tuple[Clue, ...] = ()
    if reason is Reason.CONTRADICTION and explain:
        # Lazy: ortools loads only when a contradiction is explained.
        from tobago_solver.engines.cpsat import smallest_conflict

        conflict = tuple(existing[i] for i in smallest_conflict(island, existing, new_clue))
    return ClueVerdict(
        new_clue,
        reason is Reason.OK,
        reason,
        rule,
        table.field_set(before),
        table.field_set(after),
        conflict,
        _message(table, new_clue, reason, rule, before, after, conflict),
    )


def _message(
    table: CompiledIsland,
    clue: Clue,
    reason: Reason,
    rule: int | None,
    before: int,
    after: int,
    conflict: tuple[Clue, ...],
) -> str:
    if rule == 1:
        (only,) = table.field_set(before)
        return f"{clue!s}: the map is already located at {only}{_rule_reference(rule)}"
    if reason is Reason.CONTRADICTION:
        if conflict:
            quoted = ", ".join(f"'{c}'" for c in conflict)
            return f"{clue!s}: no field is left; it contradicts {quoted}{_rule_reference(rule)}"
        return f"{clue!s}: no field is left{_rule_reference(rule)}"
    if reason is Reason.NO_NEW_INFORMATION:
        return f"{clue!s}: the {before.bit_count()} candidates do not change{_rule_reference(rule)}"
    return f"{clue!s}: candidates {before.bit_count()} -> {after.bit_count()}"


def legal_plays(
    island: Island,
    maps: Sequence[Sequence[Clue | str]],
    hand: Sequence[Clue | str],
    rules: PresetName | TobagoRules = "seed",
) -> tuple[tuple[Reason, ...], ...]:
    """For each card of ``hand`` and each map, the verdict's reason: the hot loop of bots.

    >>> import tobago_solver as tb
    >>> island = tb.islands.default()
    >>> hand = [tb.Clue.parse("in lake"), tb.Clue.parse("not in lake")]
    >>> legal_plays(island, [[], [hand[0]]], hand)[1]
    (<Reason.OK: 'ok'>, <Reason.CONTRADICTION: 'contradiction'>)
    """
    preset = TobagoRules.named(rules)
    table = compiled(island)
    befores = [candidates_mask(table, as_clues(clues)) for clues in maps]
    masks = table.masks
    return tuple(
        tuple(play_reason(before, before & masks[card], preset) for before in befores)
        for card in as_clues(hand)
    )
