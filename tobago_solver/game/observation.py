"""What one player may know: the public board (gold included), their own hand, deck sizes.

>>> import tobago_solver as tb
>>> state = tb.new_game(tb.islands.default(), 2, seed=1)
>>> seen = state.observation(1)
>>> len(seen.hand), seen.hand_sizes, seen.legal_actions
(6, (6, 6), ())
>>> print(seen)  # doctest: +ELLIPSIS
   a b c d e f g h i j k l   turn 0 · P0 to move; you are P1
 1 . . . . . . . B B B       map   fields clues roses P0 P1
...
 8  B*JhL SsJ B . . B B      P1     h14     0    11       0   you
...
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import fields as dataclass_fields
from typing import Final

from tobago_solver.clues import Clue
from tobago_solver.errors import TobagoError
from tobago_solver.game.actions import Action
from tobago_solver.game.board import board_text
from tobago_solver.game.position import Distribution, MapState, Phase, Position, replace
from tobago_solver.game.rules import GameRules
from tobago_solver.island import Island


@dataclass(frozen=True)
class Observation:
    """A player's view of a :class:`GameState`; bots decide on this alone.

    >>> import tobago_solver as tb
    >>> state = tb.new_game(tb.islands.default(), 3, seed=1)
    >>> seen = state.observation(0)
    >>> len(seen.hand) == len(state.hands[0]), seen.hand_sizes == tuple(map(len, state.hands))
    (True, True)

    Hidden: the other hands, the order of both decks and the cards of a distribution not yet
    revealed; everything else at the table is here (``tb.sample_worlds`` deals the hidden part
    again). Gold is public: a distribution reveals every card as it is dealt, so a player who pays
    attention knows everyone's gold, and the observation says so rather than reward memory.
    """

    player: int
    island: Island
    rules: GameRules
    players: int
    current_player: int
    to_move: int
    turn: int
    phase: Phase
    maps: tuple[MapState, ...]
    cars: tuple[str, ...]
    amulets: tuple[str, ...]
    amulets_held: tuple[int, ...]
    roses_left: tuple[int, ...]
    hand: tuple[Clue, ...]
    hand_sizes: tuple[int, ...]
    gold: tuple[tuple[int, ...], ...]
    """Every player's gold cards (revealed when dealt)."""
    cursed_gold: tuple[int, ...]
    treasure_deck_size: int
    clue_deck_size: int
    clue_discards: tuple[Clue, ...]
    abandoned: tuple[int, ...]
    """How many times each map was abandoned (published)."""
    last_map_change: int
    """The last turn in which a clue was played, a treasure claimed or a map abandoned (-1: none
    yet): everyone at the table sees when the maps last changed."""
    legal_actions: tuple[Action, ...]
    """The legal actions when this player is to move, else empty."""
    moved: bool = False
    """In the ``bonus`` phase: the action was a move (the car's amulet may still be taken)."""
    claims: tuple[tuple[int, int], ...] = ()
    """Claims waiting for their distribution: (map, claimant)."""
    distribution: Distribution | None = None
    """The distribution in progress, its cards not yet revealed left out (``cards`` is empty;
    :attr:`distribution_cards` says how many there are)."""
    distribution_cards: int = 0
    amulets_spent: tuple[int, ...] = ()
    end_reason: str | None = None
    """Why the game ended (public), or None while it goes on."""
    hand_decks: tuple[tuple[int, ...], ...] = ()
    """Which clue deck each player's hand cards were drawn from (0: the dealt deck, k: the deck
    of the k-th reshuffle), aligned with each hand: the table sees who draws when."""
    reshuffled_piles: tuple[tuple[Clue, ...], ...] = ()
    """The discard pile shuffled into a new clue deck at each reshuffle."""

    def __repr__(self) -> str:
        return (
            f"Observation(player={self.player}, turn={self.turn}, phase={self.phase!r}, "
            f"to_move={self.to_move}, hand={[str(c) for c in self.hand]})"
        )

    def __str__(self) -> str:
        return board_text(self)

    def _repr_svg_(self) -> str:
        """The picture a notebook shows: the board as this player sees it, their hand only."""
        # Lazy: pictures sit below the game in the package's layers and read it, not import it.
        from tobago_solver.render import render_game_svg

        return render_game_svg(self)


def observe(state: Position, player: int, legal_actions: tuple[Action, ...]) -> Observation:
    """The observation of ``player``, who may take ``legal_actions`` (empty when another player
    is to move); see :meth:`GameState.observation <tobago_solver.game.state.GameState.observation>`.
    """
    if type(player) is not int or not 0 <= player < state.players:
        raise TobagoError(f"no player {player!r} in a {state.players}-player game")
    # Filled without __init__: a frozen dataclass sets its fields one by one through
    # object.__setattr__, and every decision of every bot builds an observation. Most of its
    # fields are the position's own, so the new instance takes a copy of the position's dict
    # (one copy in C), less the hidden fields, with the fields of its own set.
    fields = state.__dict__.copy()
    for name in _HIDDEN:
        del fields[name]
    hands = fields.pop("hands")
    fields["player"] = player
    fields["to_move"] = state.to_move
    fields["hand"] = hands[player]
    fields["hand_sizes"] = tuple(map(len, hands))
    fields["treasure_deck_size"] = len(state.treasure_deck)
    fields["clue_deck_size"] = len(state.clue_deck)
    fields["legal_actions"] = legal_actions
    dist = fields["distribution"]
    if dist is not None:
        fields["distribution"] = replace(dist, cards=())
        fields["distribution_cards"] = len(dist.cards)
    else:
        fields["distribution_cards"] = 0
    if len(fields["hand_decks"]) != len(hands):
        fields["hand_decks"] = state.decks_of_hands()
    seen = object.__new__(Observation)
    object.__setattr__(seen, "__dict__", fields)
    return seen


_HIDDEN: Final = tuple(
    f.name
    for f in dataclass_fields(Position)
    if f.name not in {g.name for g in dataclass_fields(Observation)} and f.name != "hands"
)
"""The fields of a position an observation leaves out (the hands give its own ``hand``): the
decks' order, the seed of their reshuffles and the like."""
