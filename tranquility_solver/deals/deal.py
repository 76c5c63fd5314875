"""A deal: everything that decides how a game can go, with every hidden card shown.

A :class:`Deal` holds the preset, the player to move, every hand and every deck order (top
first), and optionally a game already under way: the grid, whether a start card was played, the
discard pile and an unfinished `published` share round. :meth:`Deal.from_state` reads one off
any game state and :meth:`Deal.to_state` starts the game engine from one.

>>> deal = Deal.random(2, rules="published", seed=5)
>>> deal.to_state(seed=5) == new_game(2, seed=5, rules="published")
True
>>> Deal.from_json(deal.to_json()) == deal
True
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from typing import Any

from ..errors import TranquilityError
from ..game.choices import FINISH, HAND_SIZE, START, share_round, sort_hand
from ..game.setup import MAX_PLAYERS, MIN_PLAYERS, new_game
from ..game.state import GameState
from ..grid import FIRST_CARD, LAST_CARD, Grid, shorten
from ..jsontext import load_json
from ..rules import Rules
from ..validate import violations

__all__ = ["DEAL_FORMAT", "Deal", "DealFormatError"]

DEAL_FORMAT = "tranquility-deal/1"
"""Accepted as an optional ``"format"`` key when reading; not written, so the JSON is exactly
the issue's form (rules, first_player, hands, decks, grid, start_played)."""

_CARD_WORDS = {"S": START, "F": FINISH}
_EMPTY = Grid.empty()


class DealFormatError(TranquilityError):
    """A deal (JSON or values) is malformed or impossible; the message quotes the bad part.

    >>> import tranquility_solver as tq
    >>> tq.Deal.from_json("[]")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tranquility_solver.deals.deal.DealFormatError: ...
    """


def _number(value: object) -> str:
    """A value for an error message (an integer past Python's digit limit has no repr)."""
    if isinstance(value, int) and value.bit_length() > 10_000:
        return "of thousands of digits"
    return shorten(repr(value), 30)


def _card_json(card: int) -> int | str:
    return "S" if card == START else "F" if card == FINISH else card


def _card_of(value: object, where: str) -> int:
    if isinstance(value, str) and value.strip().upper() in _CARD_WORDS:
        return _CARD_WORDS[value.strip().upper()]
    if isinstance(value, int) and not isinstance(value, bool) and FIRST_CARD <= value <= LAST_CARD:
        return value
    raise DealFormatError(
        f"{where}: {shorten(repr(value), 30)} is not a card: expected {FIRST_CARD}-{LAST_CARD}, "
        '"S" (start) or "F" (finish)'
    )


def _cards_of(value: object, where: str) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise DealFormatError(f"{where}: expected a list of cards, got {shorten(repr(value), 30)}")
    return tuple(_card_of(item, f"{where}[{index}]") for index, item in enumerate(value))


@dataclass(frozen=True)
class Deal:
    """A perfect-information deal (see the module docstring); hands are kept sorted.

    ``first_player`` is the player to move; ``discards`` holds ``(player, card)`` pairs as in
    :class:`~tranquility_solver.game.state.GameState`; ``share_left > 0`` means a `published`
    share round is under way, with ``first_player`` the player who shares next.

    >>> Deal(Rules.seed(), 0, ((1, 2, 3, 4, 81),), ((0, 5),)).players
    1
    """

    rules: Rules
    first_player: int
    hands: tuple[tuple[int, ...], ...]
    decks: tuple[tuple[int, ...], ...]
    grid: Grid = _EMPTY
    start_played: bool = False
    discards: tuple[tuple[int, int], ...] = ()
    share_left: int = 0
    share_starter: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "hands", tuple(sort_hand(tuple(hand)) for hand in self.hands))
        object.__setattr__(self, "decks", tuple(tuple(deck) for deck in self.decks))
        object.__setattr__(self, "discards", tuple((p, c) for p, c in self.discards))
        players = len(self.hands)
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise DealFormatError(
                f"a deal has {MIN_PLAYERS}-{MAX_PLAYERS} hands, one per player, got {players}"
            )
        if len(self.decks) != players:
            raise DealFormatError(f"{players} hands but {len(self.decks)} decks: one per player")
        for seat in (self.first_player, self.share_starter):
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
                raise DealFormatError(f"player {_number(seat)} is not one of 0-{players - 1}")
        share_left = self.share_left
        if (
            isinstance(share_left, bool)
            or not isinstance(share_left, int)
            or not 0 <= share_left <= self.rules.start_card.team_discard
        ):
            raise DealFormatError(
                f"share_left {_number(share_left)} is outside "
                f"0-{self.rules.start_card.team_discard} (the team discard, {self.rules.label})"
            )
        if self.share_left and not self.start_played:
            raise DealFormatError("a share round only follows a played start card")
        if self.share_starter and not self.share_left:
            # Kept only in a share round (the JSON writes it only then): refused, not dropped.
            raise DealFormatError(
                f"share_starter {self.share_starter} outside a share round: it names who "
                "started the round under way, so give it with share_left, or leave it 0"
            )
        self._check_hand_sizes(players)
        in_hands = sum(len(hand) for hand in self.hands)
        if self.share_left > in_hands:
            # The engine's own start event asks for at most what the hands hold.
            raise DealFormatError(
                f"share_left {self.share_left} is more than the {in_hands} cards in all hands"
            )
        if self.share_left:
            order = share_round(self.share_starter, players)
            still = order[order.index(self.first_player) :]
            able = sum(len(self.hands[seat]) for seat in still)
            if self.share_left > able:
                raise DealFormatError(
                    f"share_left {self.share_left} is more than the {able} cards held by "
                    f"player {self.first_player} and the players after them in the round"
                )
        broken = violations(self.grid, self.rules)
        if broken:
            low, high = broken[0]
            raise DealFormatError(
                f"the grid breaks the order rule ({self.rules.label}) at {low} and {high} "
                f"({self.grid[low]} must be lower than {self.grid[high]}); no game reaches it"
            )
        for who, _ in self.discards:
            if isinstance(who, bool) or not isinstance(who, int) or not 0 <= who < players:
                raise DealFormatError(
                    f"discard by player {_number(who)}: players are 0-{players - 1}"
                )
        counts: Counter[int] = Counter(card for card in self.grid.cells if card is not None)
        for cards in (*self.hands, *self.decks, tuple(card for _, card in self.discards)):
            for card in cards:
                if not (card in (START, FINISH) or FIRST_CARD <= card <= LAST_CARD):
                    raise DealFormatError(f"{_number(card)} is not a card")
                counts[card] += 1
        repeated = sorted(
            card for card, n in counts.items() if FIRST_CARD <= card <= LAST_CARD and n > 1
        )
        if repeated:
            raise DealFormatError(f"island card {repeated[0]} appears {counts[repeated[0]]} times")
        if counts[FINISH] > self.rules.finish_cards:
            raise DealFormatError(
                f"{counts[FINISH]} finish cards, but the game ({self.rules.label}) has "
                f"{self.rules.finish_cards}"
            )
        if counts[START] + self.start_played > players:
            raise DealFormatError(
                f"{counts[START] + self.start_played} start cards for {players} players (one each)"
            )

    def _check_hand_sizes(self, players: int) -> None:
        """No game holds more than five cards in a hand, but in a two-player share round after
        the start event's draw (seven in `published`)."""
        drawn = self.rules.start_card.two_player_draw if players == 2 and self.share_left else 0
        most = HAND_SIZE + drawn
        for seat, hand in enumerate(self.hands):
            if len(hand) > most:
                where = "in a two-player share round" if drawn else "outside a share round"
                raise DealFormatError(
                    f"hands[{seat}] holds {len(hand)} cards; no game ({self.rules.label}) holds "
                    f"more than {most} {where}"
                )

    @property
    def players(self) -> int:
        """How many players the deal is for."""
        return len(self.hands)

    # -- conversions ---------------------------------------------------------------------------

    @classmethod
    def from_state(cls, state: GameState) -> Deal:
        """The deal a game state stands at (its future depends on nothing else).

        >>> state = new_game(3, seed=1)
        >>> Deal.from_state(state).to_state(seed=1) == state
        True
        """
        if state.finish_played:
            raise DealFormatError("the game is already won: no deal is left to play")
        return cls(
            rules=state.rules,
            first_player=state.current_player,
            hands=state.hands,
            decks=state.decks,
            grid=state.grid,
            start_played=state.start_played,
            discards=state.discards,
            share_left=state.share_left if state.phase == "share" else 0,
            share_starter=state.share_starter if state.phase == "share" else 0,
        )

    def to_state(self, seed: int = 0) -> GameState:
        """A game state at this deal (turn 0 for a fresh deal); ``seed`` is only recorded.

        >>> Deal.random(2, seed=3).to_state().legal_actions()[0]
        Play(card=4, cell='a1', discards=())
        """
        state = GameState(
            rules=self.rules,
            players=self.players,
            seed=seed,
            first_player=self.first_player,
            current_player=self.first_player,
            turn=0,
            grid=self.grid,
            hands=self.hands,
            decks=self.decks,
            discards=self.discards,
            start_played=self.start_played,
            phase="share" if self.share_left else "play",
            share_left=self.share_left,
            share_starter=self.share_starter,
        )
        return state._settle()

    @classmethod
    def random(
        cls, players: int, rules: Rules | str = "seed", seed: int = 0, first_player: int = 0
    ) -> Deal:
        """The deal :func:`~tranquility_solver.game.setup.new_game` deals with this seed.

        >>> Deal.random(2, seed=1).hands[0]
        (3, 5, 12, 45, 68)
        """
        return cls.from_state(new_game(players, seed=seed, rules=rules, first_player=first_player))

    # -- JSON ----------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready form (start and finish cards as ``"S"`` and ``"F"``)."""
        data: dict[str, Any] = {
            "rules": self.rules.name,
            "first_player": self.first_player,
            "hands": [[_card_json(card) for card in hand] for hand in self.hands],
            "decks": [[_card_json(card) for card in deck] for deck in self.decks],
            "grid": None if self.grid == _EMPTY else str(self.grid),
            "start_played": self.start_played,
        }
        if self.discards:
            data["discards"] = [[who, _card_json(card)] for who, card in self.discards]
        if self.share_left:
            data["share_left"] = self.share_left
            data["share_starter"] = self.share_starter
        return data

    def to_json(self, indent: int | None = None) -> str:
        """The deal as JSON text (see :meth:`to_dict`)."""
        return json.dumps(self.to_dict(), indent=indent)

    @classmethod
    def from_dict(cls, data: object) -> Deal:
        """Read the form :meth:`to_dict` writes; errors quote the bad field.

        >>> bad = {"rules": "seed", "hands": [[1]], "decks": [[0.5]]}
        >>> Deal.from_dict(bad)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        tranquility_solver.deals.deal.DealFormatError: decks[0][0]: 0.5 is not a card: ...
        """
        if not isinstance(data, dict):
            raise DealFormatError(f"a deal is a JSON object, got {type(data).__name__}")
        known = {"format", "rules", "first_player", "hands", "decks", "grid", "start_played"}
        known |= {"discards", "share_left", "share_starter"}
        unknown = sorted(set(data) - known)
        if unknown:
            raise DealFormatError(f"unknown field {shorten(str(unknown[0]), 30)!r} in a deal")
        if data.get("format", DEAL_FORMAT) != DEAL_FORMAT:
            raise DealFormatError(
                f"format {shorten(str(data['format']), 30)!r} is not {DEAL_FORMAT!r}"
            )
        for field in ("rules", "hands", "decks"):
            if field not in data:
                raise DealFormatError(f"a deal needs the field {field!r}")
        rules_name = data["rules"]
        if not isinstance(rules_name, str):
            raise DealFormatError(f"rules: expected a preset name, got {rules_name!r}")
        try:
            rules = Rules.by_name(rules_name)
        except TranquilityError as error:
            raise DealFormatError(f"rules: {error}") from None
        hands, decks = data["hands"], data["decks"]
        if not isinstance(hands, list) or not isinstance(decks, list):
            raise DealFormatError("hands and decks: expected lists, one list of cards per player")
        grid_text = data.get("grid")
        if grid_text is not None and not isinstance(grid_text, str):
            raise DealFormatError(f"grid: expected grid text or null, got {grid_text!r}")
        try:
            grid = Grid.empty() if grid_text is None else Grid.parse(grid_text)
        except TranquilityError as error:
            raise DealFormatError(f"grid: {error}") from None
        integers = {}
        for field in ("first_player", "share_left", "share_starter"):
            value = data.get(field, 0)
            if isinstance(value, bool) or not isinstance(value, int):
                raise DealFormatError(
                    f"{field}: expected an integer, got {shorten(repr(value), 30)}"
                )
            integers[field] = value
        start_played = data.get("start_played", False)
        if not isinstance(start_played, bool):
            raise DealFormatError(f"start_played: expected true or false, got {start_played!r}")
        discards = []
        raw = data.get("discards", [])
        if not isinstance(raw, list):
            raise DealFormatError("discards: expected a list of [player, card] pairs")
        for index, pair in enumerate(raw):
            if (
                not isinstance(pair, list)
                or len(pair) != 2
                or isinstance(pair[0], bool)
                or not isinstance(pair[0], int)
            ):
                raise DealFormatError(
                    f"discards[{index}]: expected [player, card], got {shorten(repr(pair), 30)}"
                )
            discards.append((pair[0], _card_of(pair[1], f"discards[{index}][1]")))
        return cls(
            rules=rules,
            first_player=integers["first_player"],
            hands=tuple(_cards_of(hand, f"hands[{i}]") for i, hand in enumerate(hands)),
            decks=tuple(_cards_of(deck, f"decks[{i}]") for i, deck in enumerate(decks)),
            grid=grid,
            start_played=start_played,
            discards=tuple(discards),
            share_left=integers["share_left"],
            share_starter=integers["share_starter"],
        )

    @classmethod
    def from_json(cls, text: str) -> Deal:
        """Read a deal's JSON text; malformed JSON is a :class:`DealFormatError` too, and so
        is JSON Python cannot hold (nested too deeply, numbers of thousands of digits)."""
        return cls.from_dict(load_json(text, DealFormatError, "deal"))
