"""Clues: their grammar, canonical text and the 52-card clue deck.

>>> clue = Clue.parse("Not in sight of the largest Lakes")
>>> str(clue)
'not in sight of largest lake'
>>> clue.reach, clue.negated
(2, True)
>>> len(DECK)
52
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from tobago_solver.errors import ClueSyntaxError
from tobago_solver.island import LandmarkKind, Terrain


class Relation(StrEnum):
    """How close a field must be to the target.

    >>> import tobago_solver as tb
    >>> tb.Clue.parse("not in sight of hut").relation
    <Relation.IN_SIGHT_OF: 'in sight of'>
    """

    IN = "in"
    NEXT_TO = "next to"
    IN_SIGHT_OF = "in sight of"

    @property
    def reach(self) -> int:
        """The largest distance from the target at which the relation holds.

        "next to" and "in sight of" include the target's own fields (choice).
        """
        return _REACH[self]


_REACH: Final = {Relation.IN: 0, Relation.NEXT_TO: 1, Relation.IN_SIGHT_OF: 2}

SEA: Final = "sea"
"""The target naming every non-land hex, beyond the map's edge included.

>>> import tobago_solver as tb
>>> tb.Clue.parse("next to sea").target == tb.SEA
True
"""

Target = Terrain | LandmarkKind | str
"""A terrain, a landmark kind or :data:`SEA`."""

_ARTICLES: Final = frozenset({"a", "an", "the"})
_ASCII_LOWER: Final = str.maketrans(string.ascii_uppercase, string.ascii_lowercase)
"""Lower-casing of A–Z only: ``str.lower`` also reads the Kelvin sign as ``k``."""
_TARGET_WORDS: Final[dict[str, Target]] = {
    **{terrain.value: terrain for terrain in Terrain},
    **{kind.value: kind for kind in LandmarkKind},
    SEA: SEA,
}
# Plural forms accepted and dropped; "beaches" needs its own entry, the rest just lose an "s".
_PLURALS: Final = {"beaches": "beach", **{f"{word}s": word for word in _TARGET_WORDS}}


def as_target(word: Target) -> Target:
    """The target a word names (``"hut"`` is :attr:`LandmarkKind.HUT`); raises ClueSyntaxError.

    >>> as_target("lake")
    <Terrain.LAKE: 'lake'>
    """
    target = _TARGET_WORDS.get(word) if isinstance(word, str) else None
    if target is None:
        raise ClueSyntaxError(f"unknown clue target {word!r}")
    return target


@dataclass(frozen=True)
class Clue:
    """One clue: ``[not] relation [largest] target``.

    >>> Clue(Relation.NEXT_TO, LandmarkKind.HUT, negated=True)
    Clue.parse('not next to hut')
    """

    relation: Relation
    target: Target
    negated: bool = False
    largest: bool = False

    def __post_init__(self) -> None:
        target = as_target(self.target)
        object.__setattr__(self, "target", target)
        try:
            object.__setattr__(self, "relation", Relation(self.relation))
        except ValueError:
            raise ClueSyntaxError(
                f"unknown clue relation {self.relation!r} (expected 'in', 'next to' or "
                "'in sight of')"
            ) from None
        if self.largest and not isinstance(target, Terrain):
            raise ClueSyntaxError(f"'largest' needs a terrain, not {str(target)!r}")
        if target == SEA and self.relation is Relation.IN:
            raise ClueSyntaxError(
                f"{str(self)!r} is not a clue: every land field is outside the sea"
            )
        # Clues key every mask lookup in the game's hot loop, and hashing the fields calls
        # Enum.__hash__ (Python code) twice, so the hash is computed once, here.
        object.__setattr__(
            self, "_hash", hash((self.relation, self.target, self.negated, self.largest))
        )
        # Kept too: every clue played is written into the game's record.
        object.__setattr__(self, "_text", self._spelled())

    def __hash__(self) -> int:
        value: int = self.__dict__["_hash"]
        return value

    def __eq__(self, other: object) -> bool:
        # The dataclass's comparison builds two tuples of fields; a hand is searched for a card
        # at every clue played, and unequal clues almost always differ in the kept hash.
        if self is other:
            return True
        if other.__class__ is not Clue:
            return NotImplemented
        mine, theirs = self.__dict__, other.__dict__
        return mine["_hash"] == theirs["_hash"] and (
            (self.relation, self.target, self.negated, self.largest)
            == (theirs["relation"], theirs["target"], theirs["negated"], theirs["largest"])
        )

    def __reduce__(self) -> tuple[type[Clue], tuple[Relation, Target, bool, bool]]:
        # Rebuilt through __init__: a string's hash differs between processes, so the kept hash
        # must not travel in a pickle.
        return Clue, (self.relation, self.target, self.negated, self.largest)

    @property
    def reach(self) -> int:
        """The largest distance from the target at which the clue's relation holds."""
        return self.relation.reach

    @classmethod
    def parse(cls, text: str) -> Clue:
        """Read a clue; raises :class:`ClueSyntaxError` quoting the input and the word at fault.

        >>> Clue.parse("next to a hut")
        Clue.parse('next to hut')
        """
        if not isinstance(text, str):
            raise ClueSyntaxError(f"cannot read clue {text!r}: a clue is text, e.g. 'in lake'")
        return _Parser(text).clue()

    def __str__(self) -> str:
        text: str | None = self.__dict__.get("_text")
        return self._spelled() if text is None else text

    def _spelled(self) -> str:
        words = ["not"] if self.negated else []
        words.append(self.relation.value)
        if self.largest:
            words.append("largest")
        words.append(str(self.target))
        return " ".join(words)

    def __repr__(self) -> str:
        return f"Clue.parse({str(self)!r})"


class _Parser:
    """A one-pass reader over the words of a clue that remembers each word's position."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.words: list[tuple[int, str]] = []
        for position, word in enumerate(re.findall(r"\S+", text.translate(_ASCII_LOWER)), 1):
            if word not in _ARTICLES:
                self.words.append((position, _PLURALS.get(word, word)))
        self.next = 0

    def fail(self, expected: str) -> ClueSyntaxError:
        if self.next < len(self.words):
            position, _ = self.words[self.next]
            found = f"found {self.original_word(position)!r}"
        else:
            position, found = len(re.findall(r"\S+", self.text)) + 1, "the clue ended"
        return ClueSyntaxError(
            f"cannot read clue {self.text!r}: expected {expected} at word {position}, {found}"
        )

    def original_word(self, position: int) -> str:
        return str(re.findall(r"\S+", self.text)[position - 1])

    def peek(self, offset: int = 0) -> str | None:
        index = self.next + offset
        return self.words[index][1] if index < len(self.words) else None

    def expect(self, word: str) -> None:
        if self.peek() != word:
            raise self.fail(repr(word))
        self.next += 1

    def clue(self) -> Clue:
        negated = self.peek() == "not"
        if negated:
            self.next += 1
        relation = self.relation()
        largest = self.peek() == "largest"
        if largest:
            self.next += 1
        expected_target = "a terrain" if largest else "a terrain, 'sea', 'hut', 'palm' or 'statue'"
        word = self.peek()
        target = _TARGET_WORDS.get(word) if word is not None else None
        if target is None or (largest and not isinstance(target, Terrain)):
            raise self.fail(expected_target)
        self.next += 1
        if self.peek() is not None:
            raise self.fail("the end of the clue")
        if target == SEA and relation is Relation.IN:
            raise ClueSyntaxError(
                f"cannot read clue {self.text!r}: 'in sea' is not a clue "
                "(every land field is outside the sea); try 'next to sea' or 'in sight of sea'"
            )
        return Clue(relation, target, negated, largest)

    def relation(self) -> Relation:
        word = self.peek()
        if word == "in":
            self.next += 1
            if self.peek() == "sight":
                self.next += 1
                self.expect("of")
                return Relation.IN_SIGHT_OF
            return Relation.IN
        if word == "next":
            self.next += 1
            self.expect("to")
            return Relation.NEXT_TO
        raise self.fail("'in', 'next to' or 'in sight of'")


def _build_deck() -> tuple[Clue, ...]:
    cards: list[Clue] = []
    for terrain in Terrain:
        cards += [Clue(Relation.IN, terrain), Clue(Relation.IN, terrain, negated=True)]
    cards += [Clue(Relation.IN, terrain, largest=True) for terrain in Terrain]
    cards += [Clue(Relation.IN, terrain, negated=True, largest=True) for terrain in Terrain]
    for terrain in Terrain:
        cards += [Clue(Relation.NEXT_TO, terrain), Clue(Relation.NEXT_TO, terrain, negated=True)]
    for target in (SEA, *LandmarkKind):
        for relation in (Relation.NEXT_TO, Relation.IN_SIGHT_OF):
            cards += [Clue(relation, target), Clue(relation, target, negated=True)]
    return tuple(cards)


DECK: Final[tuple[Clue, ...]] = _build_deck()
"""The 52 cards of the clue deck, in a fixed order (each card once).

>>> import tobago_solver as tb
>>> len(tb.DECK), tb.DECK[0]
(52, Clue.parse('in beach'))
"""
