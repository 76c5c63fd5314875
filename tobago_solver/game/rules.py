"""The game's rule choices in one place: every **(choice)** of §4–7 is a field of `GameRules`.

>>> rules = GameRules.named("published")
>>> rules.opening, rules.hand_size(2), rules.hand_size(4)
('clues', 6, 4)
>>> sum(GameRules().gold_counts)
39
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Final, Literal

from tobago_solver.errors import TobagoError
from tobago_solver.hexgrid import step
from tobago_solver.island import Island, LandmarkKind
from tobago_solver.rules import PresetName, TobagoRules

CURSE: Final = 0
"""A curse card in the treasure deck (gold cards hold their value, 2–6)."""

Opening = Literal["roses", "clues"]


@dataclass(frozen=True)
class GameRules:
    """Every rule constant and (choice) of the game, with the §3 clue preset it plays under.

    >>> GameRules.seed().clue_rules.name
    'seed'
    """

    clue_rules: TobagoRules = field(default_factory=TobagoRules.seed)
    """§3: when a clue must give new information (the core's preset)."""
    gold_counts: tuple[int, ...] = (9, 9, 8, 7, 6)
    """(choice) How many gold cards of the values 2, 3, 4, 5, 6 (39 in all)."""
    curses: int = 2
    """Curse cards, shuffled into the bottom of the treasure deck."""
    curse_zone: int = 27
    """The curses are shuffled into the bottom this many gold cards; the rest go on top."""
    amulet_supply: int = 21
    roses: int = 15
    """Wind roses per player."""
    small_hand: int = 6
    """Clue cards in hand in a two-player game."""
    hand: int = 4
    """Clue cards in hand with three or four players."""
    opening: Opening = "roses"
    """Seed: each player puts a rose on every map (also after each reset). Published: each player
    in turn starts a different empty map with a clue from hand (these opening plays are turns)."""
    max_steps: int = 3
    """Steps per move."""
    amulets_after_claim: bool = True
    """(choice) New amulets appear at the statues' gazes after every claimed treasure."""
    turn_limit: int = 500
    """A game that reaches this many turns ends, reported as ``"turn limit"``."""
    first_player: int = 0

    @classmethod
    def seed(cls) -> GameRules:
        """The user's description: roses on the maps at set-up, every clue gives information."""
        return cls()

    @classmethod
    def published(cls) -> GameRules:
        """The printed game: opening clues instead of roses; §3 rule 3 only from 16 candidates."""
        return cls(clue_rules=TobagoRules.published(), opening="clues")

    @classmethod
    def named(cls, preset: PresetName | str | GameRules) -> GameRules:
        """A preset by name (``seed`` or ``published``), or the rules themselves."""
        if isinstance(preset, GameRules):
            return preset
        # The clue rules know the preset names and say the same thing about an unknown one.
        clue_rules = TobagoRules.named(preset)  # type: ignore[arg-type]
        return cls.published() if clue_rules.name == "published" else cls.seed()

    @property
    def name(self) -> str:
        """The preset's name (``seed``, ``published``) or ``custom``."""
        for preset in (GameRules.seed(), GameRules.published()):
            if self == preset:
                return preset.clue_rules.name
        return "custom"

    def hand_size(self, players: int) -> int:
        """Clue cards per hand: 6 in a two-player game, else 4."""
        return self.small_hand if players == 2 else self.hand

    def gold_cards(self) -> tuple[int, ...]:
        """The gold card values, unshuffled (2 2 … 6)."""
        return tuple(
            value for value, count in enumerate(self.gold_counts, start=2) for _ in range(count)
        )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly form; :meth:`from_dict` reads it back.

        >>> GameRules.from_dict(GameRules.published().to_dict()) == GameRules.published()
        True
        """
        data = asdict(self)
        data["clue_rules"] = asdict(self.clue_rules)
        data["gold_counts"] = list(self.gold_counts)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameRules:
        """The rules written by :meth:`to_dict`."""
        try:
            values = dict(data)
            values["clue_rules"] = TobagoRules(**values["clue_rules"])
            values["gold_counts"] = tuple(values["gold_counts"])
            return cls(**values)
        except (KeyError, TypeError) as error:
            raise TobagoError(f"cannot read game rules {data!r}: {error}") from None


def gaze_fields(island: Island) -> tuple[str, ...]:
    """Where each statue's gaze meets the sea (§4), one entry per statue in landmark order.

    Walk from the statue in its facing direction; the last land field before the first non-land
    hex is the one. A statue facing the sea directly would give its own field (the placement
    rules forbid coastal statues, so this only happens on hand-built islands).

    >>> import tobago_solver as tb
    >>> island = tb.islands.default()
    >>> len(gaze_fields(island)) == len(island.landmarks_of("statue"))
    True
    """
    result = []
    for mark in island.landmarks_of(LandmarkKind.STATUE):
        if mark.facing is None:
            continue
        hex_ = island.hex(mark.field)
        while island.is_land(step(hex_, mark.facing)):
            hex_ = step(hex_, mark.facing)
        name = island.field_at(hex_)
        assert name is not None
        result.append(name)
    return tuple(result)


def add_amulets(
    island: Island, amulets: tuple[str, ...], supply: int
) -> tuple[tuple[str, ...], int]:
    """§4: an amulet on each gaze field that has none, while the supply lasts.

    Returns the fields holding an amulet (reading order) and the supply left.

    >>> import tobago_solver as tb
    >>> fields, left = add_amulets(tb.islands.default(), (), 21)
    >>> len(fields) + left <= 21
    True
    """
    held = set(amulets)
    for name in gaze_fields(island):
        if supply > 0 and name not in held:
            held.add(name)
            supply -= 1
    order = island.fields
    return tuple(f for f in order if f in held), supply
