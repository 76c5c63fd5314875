"""The game's rule choices in one place: every **(choice)** of the game is a field of `GameRules`.

>>> rules = GameRules.named("published")
>>> rules.opening, rules.hand_size(2), rules.hand_size(4), rules.unlocatable_map
('clues', 6, 4, 'abandon')
>>> sum(GameRules().gold_counts)
39
>>> GameRules.named("seed+exchange").exchange
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any, Final, Literal, get_args

from tobago_solver.compile import compiled
from tobago_solver.errors import TobagoError
from tobago_solver.game.actions import MAX_MOVE_STEPS
from tobago_solver.hexgrid import step
from tobago_solver.island import Island, LandmarkKind
from tobago_solver.rules import PresetName, TobagoRules

MIN_PLAYERS, MAX_PLAYERS = 2, 4
CURSE: Final = 0
"""A curse card in the treasure deck (gold cards hold their value, 2–6)."""

Opening = Literal["roses", "clues"]
UnlocatableMap = Literal["end", "abandon"]
VARIANTS: Final = ("exchange",)
"""The optional variants, each a boolean field of :class:`GameRules` (off in both presets)."""

MAX_CARDS_OF_A_KIND: Final = 100
"""The most gold cards of one value, or curses, a rule set may ask for (the game has 9 at most)."""
MAX_TURN_LIMIT: Final = 1_000_000
MAX_GOLD_VALUES: Final = 20
"""The most gold values ``gold_counts`` may count cards of (2 to 21; the game has 2 to 6)."""


@dataclass(frozen=True)
class GameRules:
    """Every rule constant and (choice) of the game, and the clue rules' preset it plays under.

    >>> GameRules.seed().clue_rules.name
    'seed'
    """

    clue_rules: TobagoRules = field(default_factory=TobagoRules.seed)
    """The clue rules: when a clue must give new information (the core's preset)."""
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
    """(choice) New amulets appear at the statues' gazes after every claimed treasure (not after
    a map is abandoned: no treasure was found)."""
    unlocatable_map: UnlocatableMap = "end"
    """(choice) When no set of the deck's clue cards can reduce a map to one field any more:
    ``end`` the game at once, "treasure cannot be located" (seed); or ``abandon`` the map
    (published): its clues go to the discard pile, its roses back to their owners, and it
    restarts empty as after a claim, with no distribution."""
    exchange: bool = False
    """Variant ``exchange`` (off in both presets): a third action, (C) exchange all your clue
    cards: discard the hand and draw as many."""
    turn_limit: int = 5000
    """A safety net, not a rule: a game that reaches this many turns ends, reported as
    ``"turn limit"`` and counted apart by ``simulate``."""
    first_player: int = 0
    """The seat that starts (0 to 3; below the number of players)."""

    def __post_init__(self) -> None:
        _check_rules(self)

    @classmethod
    def seed(cls) -> GameRules:
        """The user's description: roses on the maps at set-up, every clue gives information."""
        return cls()

    @classmethod
    def published(cls) -> GameRules:
        """The printed game: opening clues instead of roses; a clue must rule out a field only
        from 16 candidates; a map that can no longer be located is abandoned."""
        return cls(clue_rules=TobagoRules.published(), opening="clues", unlocatable_map="abandon")

    @classmethod
    def named(cls, preset: PresetName | str | GameRules) -> GameRules:
        """A preset by name (``seed`` or ``published``), or the rules themselves; ``+exchange``
        after the name turns the variant on (``seed+exchange``), as :attr:`name` writes it."""
        if isinstance(preset, GameRules):
            return preset
        if not isinstance(preset, str):
            raise TobagoError(f"rules must be a preset name or GameRules, not {preset!r}")
        known = _NAMED.get(preset)
        if known is not None and cls is GameRules:  # every game deals from a name
            return known
        base, *variants = preset.split("+")
        # The clue rules know the preset names and say the same thing about an unknown one.
        clue_rules = TobagoRules.named(base)  # type: ignore[arg-type]
        rules = cls.published() if clue_rules.name == "published" else cls.seed()
        rules = rules.with_variants(variants)
        if cls is GameRules:
            _NAMED[preset] = rules
        return rules

    def with_variants(self, variants: Sequence[str]) -> GameRules:
        """These rules with the named variants turned on (``exchange``).

        >>> GameRules.seed().with_variants(["exchange"]).name
        'seed+exchange'
        """
        for variant in variants:
            if variant not in VARIANTS:
                raise TobagoError(
                    f"unknown variant {variant!r} (expected one of {', '.join(VARIANTS)})"
                )
        return replace(self, exchange=self.exchange or "exchange" in variants)

    @property
    def variants(self) -> tuple[str, ...]:
        """The variants turned on."""
        return tuple(v for v in VARIANTS if getattr(self, v))

    @property
    def name(self) -> str:
        """The preset's name (``seed``, ``published``) with ``+VARIANT`` for each variant on,
        or ``custom``."""
        plain = replace(self, exchange=False)
        for preset in (GameRules.seed(), GameRules.published()):
            if plain == preset:
                return "+".join((preset.clue_rules.name, *self.variants))
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
    def from_dict(cls, data: Any) -> GameRules:
        """The rules written by :meth:`to_dict`; TobagoError naming what is wrong.

        Every field must be there with its type, except those added later (``unlocatable_map``,
        ``exchange``): a record written before them reads them as its preset's values.

        >>> GameRules.from_dict({**GameRules.seed().to_dict(), "turn_limit": 0})
        Traceback (most recent call last):
        ...
        tobago_solver.errors.TobagoError: game rules: turn_limit must be 1 to 1000000, not 0
        """
        if not isinstance(data, dict):
            raise TobagoError(f"game rules must be an object, not {_kind(data)}")
        names = [f.name for f in fields(cls)]
        unknown = [key for key in data if key not in names]
        if unknown:
            raise TobagoError(f"game rules: unknown field(s) {', '.join(map(repr, unknown))}")
        missing = [n for n in names if n not in data and n not in _ADDED_LATER]
        if missing:
            raise TobagoError(f"game rules: missing {', '.join(map(repr, missing))}")
        values = dict(data)
        clue_rules = values["clue_rules"]
        if not isinstance(clue_rules, dict) or set(clue_rules) != {
            "name",
            "new_information_threshold",
        }:
            raise TobagoError(
                "game rules: 'clue_rules' must be an object with 'name' and "
                "'new_information_threshold'"
            )
        values["clue_rules"] = TobagoRules(**clue_rules)
        if not isinstance(values["gold_counts"], list):
            raise TobagoError("game rules: 'gold_counts' must be a list of whole numbers")
        _check_gold_values(len(values["gold_counts"]))
        values["gold_counts"] = tuple(values["gold_counts"])
        preset = cls.published() if values["clue_rules"].name == "published" else cls.seed()
        for name in _ADDED_LATER:
            values.setdefault(name, getattr(preset, name))
        return cls(**values)


_ADDED_LATER: Final = ("unlocatable_map", "exchange")


def _kind(value: object) -> str:
    return "a list" if isinstance(value, list) else type(value).__name__


def _whole(rules: GameRules, name: str, low: int, high: int) -> None:
    value = getattr(rules, name)
    if type(value) is not int:
        raise TobagoError(f"game rules: {name} must be a whole number, not {value!r}")
    if not low <= value <= high:
        raise TobagoError(f"game rules: {name} must be {low} to {high}, not {value}")


def _check_gold_values(length: int) -> None:
    """Refuse more gold values than ``MAX_GOLD_VALUES`` before reading a single count."""
    if length > MAX_GOLD_VALUES:
        raise TobagoError(
            f"game rules: gold_counts counts the cards of at most {MAX_GOLD_VALUES} values "
            f"(2 to {MAX_GOLD_VALUES + 1}), not {length:,}"
        )


def _check_rules(rules: GameRules) -> None:
    """Refuse rules of the wrong type or out of range, before any game uses them."""
    if not isinstance(rules.clue_rules, TobagoRules):
        raise TobagoError(f"game rules: clue_rules must be TobagoRules, not {rules.clue_rules!r}")
    counts = rules.gold_counts
    if not isinstance(counts, tuple) or not counts:
        raise TobagoError(f"game rules: gold_counts must be a non-empty tuple, not {counts!r}")
    _check_gold_values(len(counts))
    for count in counts:
        if type(count) is not int or not 0 <= count <= MAX_CARDS_OF_A_KIND:
            raise TobagoError(
                f"game rules: gold_counts must hold whole numbers 0 to {MAX_CARDS_OF_A_KIND}, "
                f"not {count!r}"
            )
    if sum(counts) == 0:
        raise TobagoError("game rules: gold_counts hold no gold card")
    _whole(rules, "curses", 0, MAX_CARDS_OF_A_KIND)
    _whole(rules, "curse_zone", 0, sum(counts))
    _whole(rules, "amulet_supply", 0, MAX_CARDS_OF_A_KIND)
    _whole(rules, "roses", 1, MAX_CARDS_OF_A_KIND)
    # Four hands of 13 use up the 52 clue cards.
    _whole(rules, "small_hand", 1, 13)
    _whole(rules, "hand", 1, 13)
    _whole(rules, "max_steps", 1, MAX_MOVE_STEPS)
    _whole(rules, "turn_limit", 1, MAX_TURN_LIMIT)
    _whole(rules, "first_player", 0, 3)
    if rules.opening not in get_args(Opening):
        raise TobagoError(f"game rules: opening must be 'roses' or 'clues', not {rules.opening!r}")
    if rules.unlocatable_map not in get_args(UnlocatableMap):
        raise TobagoError(
            f"game rules: unlocatable_map must be 'end' or 'abandon', not {rules.unlocatable_map!r}"
        )
    for flag in ("amulets_after_claim", *VARIANTS):
        if type(getattr(rules, flag)) is not bool:
            raise TobagoError(f"game rules: {flag} must be true or false")


def gaze_fields(island: Island) -> tuple[str, ...]:
    """Where each statue's gaze meets the sea, one entry per statue in landmark order.

    Walk from the statue in its facing direction; the last land field before the first non-land
    hex is the one. A statue facing the sea directly would give its own field (the placement
    rules forbid coastal statues, so this only happens on hand-built islands).

    >>> import tobago_solver as tb
    >>> island = tb.islands.default()
    >>> len(gaze_fields(island)) == len(island.landmarks_of("statue"))
    True
    """
    # Found once per island: every claim puts out new amulets.
    found: tuple[str, ...] | None = island._cache.get(_GAZE_KEY)
    if found is None:
        found = island._cache[_GAZE_KEY] = _walk_gazes(island)
    return found


_NAMED: Final[dict[str, GameRules]] = {}
"""The rules of each preset name read so far (values: one instance serves every game)."""
_GAZE_KEY: Final = "tobago_solver.game.rules.gaze_fields"


def _walk_gazes(island: Island) -> tuple[str, ...]:
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
    """An amulet on each gaze field that has none, while the supply lasts.

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
    order = compiled(island).index  # reading order, without a walk over every field
    return tuple(sorted(held, key=order.__getitem__)), supply
