"""Rule presets: where the `seed` reading and the `published` game differ.

>>> TobagoRules.published().requires_new_information(candidates_before=40)
False
>>> TobagoRules.seed().requires_new_information(candidates_before=40)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from tobago_solver.errors import TobagoError

PresetName = Literal["seed", "published"]

MAP_NAMES: Final = ("grey", "brown", "black", "white")
"""The four treasure maps, in the order the game lists them.

>>> import tobago_solver as tb
>>> tb.MAP_NAMES
('grey', 'brown', 'black', 'white')
"""

MAP_SPELLINGS: Final = {"gray": "grey"}
"""Other spellings of the maps' names that commands read as them."""

PRESET_LABELS: Final = {"seed": "seed text", "published": "printed game"}
"""What screens call each preset, so nobody takes ``seed`` for a random seed."""

PUBLISHED_NEW_INFORMATION_THRESHOLD = 16
"""Published preset: a clue must shrink the candidates only once a map has this many or fewer."""


@dataclass(frozen=True)
class TobagoRules:
    """A rule preset; ``seed`` (every clue must shrink the candidates) is the default.

    >>> import tobago_solver as tb
    >>> tb.TobagoRules.published().requires_new_information(20)
    False

    ``new_information_threshold``: the clue rule "a clue must rule out a field" (the candidates
    must shrink) applies only when the map has at most this many candidates; None means always.
    """

    name: str = "seed"
    new_information_threshold: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.isprintable():
            raise TobagoError(f"rules name must be a printable string, not {self.name!r}")
        threshold = self.new_information_threshold
        if threshold is not None and (type(threshold) is not int or threshold < 0):
            raise TobagoError(
                f"new_information_threshold must be a whole number ≥ 0 or None, not {threshold!r}"
            )

    @classmethod
    def seed(cls) -> TobagoRules:
        """The user's description: every clue must give new information."""
        return cls("seed", None)

    @classmethod
    def published(
        cls, new_information_threshold: int = PUBLISHED_NEW_INFORMATION_THRESHOLD
    ) -> TobagoRules:
        """The printed game: new information is required only at 16 candidates or fewer."""
        return cls("published", new_information_threshold)

    @classmethod
    def named(cls, preset: PresetName | TobagoRules) -> TobagoRules:
        """A preset by name (``seed`` or ``published``), or the rules themselves."""
        if isinstance(preset, TobagoRules):
            return preset
        if preset == "seed":
            return cls.seed()
        if preset == "published":
            return cls.published()
        raise TobagoError(f"unknown rules preset {preset!r} (expected 'seed' or 'published')")

    def requires_new_information(self, candidates_before: int) -> bool:
        """Whether rule 3 applies to a map with this many candidates."""
        threshold = self.new_information_threshold
        return threshold is None or candidates_before <= threshold


def rules_label(name: str) -> str:
    """How screens name a rule set, from its name (``seed``, ``published+exchange``, ``custom``).

    >>> rules_label("seed"), rules_label("published+exchange"), rules_label("custom")
    ('rules: seed text', 'rules: printed game + exchange', 'rules: custom')
    """
    base, *variants = name.split("+")
    return "rules: " + " + ".join([PRESET_LABELS.get(base, base), *variants])
