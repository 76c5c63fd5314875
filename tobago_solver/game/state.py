"""The game state: an immutable value; ``apply`` returns the next state.

>>> import tobago_solver as tb
>>> state = tb.new_game(tb.islands.default(), 3, seed=4)
>>> state.phase, state.to_move, state.treasure_deck_size
('action', 0, 41)
>>> action = state.legal_actions()[0]
>>> state.apply(action) != state
True

Phase model (``state.phase``; ``state.to_move`` is the player who decides):

- ``opening`` (published preset): the current player starts an empty map with a clue.
- ``action``: the current player plays a clue, moves or (variant ``exchange``) exchanges their
  clue cards; ``pass`` only if none of these is possible.
- ``bonus``: after an action that claimed nothing, the current player may ``take amulet`` (after
  a move onto an amulet), ``spend amulet`` (one more action: back to ``action``) or ``end turn``.
  When none of the first two is possible the turn ends by itself.
- ``curse``: a curse was revealed; ``to_move`` (a player with roses on the map, gold and an
  amulet) chooses ``spend amulet`` or ``accept curse``. Players without an amulet discard at once.
- ``over``: the game has ended (``end_reason``).

A claim ends the turn: the distribution runs (pausing only for curse decisions), then the next
player's turn begins. After every clue played and at every turn's end the end-of-game checks
run (``end.check_end``): the game may end at once, or (published) a map be abandoned.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, Final, NamedTuple

from tobago_solver.clues import Clue
from tobago_solver.compile import compiled
from tobago_solver.errors import IllegalActionError
from tobago_solver.game.actions import (
    ACCEPT_CURSE,
    END_TURN,
    EXCHANGE,
    PASS,
    SPEND_AMULET,
    TAKE_AMULET,
    Action,
    Move,
    Play,
)
from tobago_solver.game.board import board_text
from tobago_solver.game.distribution import curse_resolved, discard_highest, settle
from tobago_solver.game.end import (
    END_DECK_EMPTY,
    END_NO_CANDIDATE,
    END_STALEMATE,
    END_TURN_LIMIT,
    END_UNLOCATABLE,
    check_end,
    end_turn,
    next_turn,
)
from tobago_solver.game.observation import Observation, observe
from tobago_solver.game.paths import move_neighbours, move_paths, moves
from tobago_solver.game.plays import play_table, plays_of
from tobago_solver.game.position import (
    Distribution,
    MapState,
    Phase,
    Position,
    located_field,
    replace,
    tuple_set,
)
from tobago_solver.game.shuffling import shuffle
from tobago_solver.island import Island
from tobago_solver.legality import CLUE_RULES, check_clue
from tobago_solver.rules import MAP_NAMES

__all__ = [  # with the names that moved to position, paths and end: still importable from here
    "END_DECK_EMPTY",
    "END_NO_CANDIDATE",
    "END_STALEMATE",
    "END_TURN_LIMIT",
    "END_UNLOCATABLE",
    "ActionListing",
    "Distribution",
    "GameState",
    "MapState",
    "Phase",
    "all_roses",
    "amulet_follows_move",
    "gold_total",
    "located_field",
    "map_name",
    "move_neighbours",
    "move_paths",
    "replace",
]


# The rule an illegal action breaks, in words (``IllegalActionError.rule``); a clue's rules are
# legality.CLUE_RULES.
RULE_END: Final = "the end of the game"
RULE_CURSE: Final = "curses"
RULE_AMULETS: Final = "amulets"
RULE_OPENING: Final = "the opening"
RULE_PLAY: Final = "playing a clue"
RULE_MOVE: Final = "moving a car"
RULE_STEP: Final = "a car's steps"
RULE_CLAIM: Final = "claiming a treasure"
RULE_EXCHANGE: Final = "exchanging clue cards"
RULE_TURN: Final = "a turn's actions"


@dataclass(frozen=True, eq=True)
class GameState(Position):
    """A Tobago game position with its rules; build one with :func:`tobago_solver.new_game`.

    >>> import tobago_solver as tb
    >>> state = tb.new_game(tb.islands.default(), 2, seed=1)
    >>> state  # doctest: +NORMALIZE_WHITESPACE
    GameState(island='ABC-1', rules='seed', players=2, turn=0, phase='action', to_move=0,
              scores=(0, 0), end_reason=None)
    >>> print(state)  # doctest: +ELLIPSIS
       a b c d e f g h i j k l   turn 0 · your turn: play a clue or move
    ...

    The fields and what can be read from them are those of a
    :class:`~tobago_solver.game.position.Position`: ``maps`` are grey, brown, black, white;
    ``treasure_deck`` (top first; 0 is a curse), ``clue_deck`` and ``hands`` are hidden
    information; bots see :meth:`observation`. ``str(state)`` is the board as the player to
    move sees it.
    """

    def __repr__(self) -> str:
        return (
            f"GameState(island={self.island.name!r}, rules={self.rules.name!r}, "
            f"players={self.players}, turn={self.turn}, phase={self.phase!r}, "
            f"to_move={self.to_move}, scores={self.scores}, end_reason={self.end_reason!r})"
        )

    def __str__(self) -> str:
        return board_text(self.observation(self.to_move))

    def _repr_svg_(self) -> str:
        """The picture a notebook shows: the board as the player to move sees it."""
        # Lazy: pictures sit below the game in the package's layers and read it, not import it.
        from tobago_solver.render import render_game_svg

        return render_game_svg(self, seat=self.to_move)

    def observation(self, player: int) -> Observation:
        """What ``player`` may know: the public board, own hand and gold, deck sizes."""
        if self.to_move != player:
            return observe(self, player, ())
        # Listed, not kept as the fact legal_actions() keeps: a game asks for it once per
        # position, here, and keeping it costs a look-up and a table per position.
        return observe(self, player, self._legal_or_listed())

    # -- legal actions -------------------------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """The actions ``to_move`` may take, in a stable order (plays, moves, then the rest)."""
        actions: tuple[Action, ...] = self.derived("legal", _READS_ALL, self._legal_or_listed)
        return actions

    def _legal_or_listed(self) -> tuple[Action, ...]:
        """The legal actions of :meth:`legal_listing` when it was asked for (an adapter asks
        first, for its action ids), else listed."""
        facts = self._cache.get(_READS_ALL)
        if facts is not None:
            kept: ActionListing | None = facts.get("listing")
            if kept is not None:
                return kept.actions
        return self._legal()

    def legal_listing(self) -> ActionListing:
        """:meth:`legal_actions` with its plays and moves as the engine's shared lists.

        >>> import tobago_solver as tb
        >>> state = tb.new_game(tb.islands.default(), 2, seed=1)
        >>> listing = state.legal_listing()
        >>> listing.actions == (*listing.plays, *listing.moves, *listing.rest)
        True
        """
        listing: ActionListing = self.derived("listing", _READS_ALL, self._listing)
        return listing

    def _listing(self) -> ActionListing:
        if self.phase not in ("opening", "action"):
            return ActionListing(self.legal_actions(), (), ())
        # The parts once, for the actions and the listing both.
        plays, listed = self._legal_parts()
        return ActionListing(self._actions_of(plays, listed), plays, listed)

    def _legal(self) -> tuple[Action, ...]:
        p = self.current_player
        if self.phase == "over":
            return ()
        if self.phase == "curse":
            return (SPEND_AMULET, ACCEPT_CURSE)
        if self.phase == "bonus":
            bonus: list[Action] = []
            if self.moved and self.cars[p] in self.amulets:
                bonus.append(TAKE_AMULET)
            if self.amulets_held[p] > 0:
                bonus.append(SPEND_AMULET)
            bonus.append(END_TURN)
            return tuple(bonus)
        return self._actions_of(*self._legal_parts())

    def _actions_of(self, plays: Sequence[Play], listed: Sequence[Move]) -> tuple[Action, ...]:
        """The legal actions of the opening or action phase, from :meth:`_legal_parts`."""
        actions: list[Action] = [*plays, *listed]
        if self.phase == "action" and self.rules.exchange and self.hands[self.current_player]:
            actions.append(EXCHANGE)
        return tuple(actions) if actions else (PASS,)

    def _legal_parts(self) -> tuple[Sequence[Play], Sequence[Move]]:
        """The clue plays and the moves of the player to move in the opening or action phase:
        the lists the engine keeps and shares between positions."""
        p = self.current_player
        plays = plays_of(self, p, opening=self.phase == "opening")
        if self.phase != "action":
            return plays, ()
        stops = self.located_treasures().keys()
        return plays, moves(self.island, self.cars[p], self.rules.max_steps, stops)

    # -- applying actions ----------------------------------------------------------------------

    def apply(self, action: Action) -> GameState:
        """The state after ``action`` by ``to_move``; raises IllegalActionError naming the rule."""
        if isinstance(action, Move) and self.phase == "action":
            return self._move(action)  # checked by the step rule, without the listing
        if isinstance(action, Play):
            card = self._legal_card(action)
            if card < 0:
                if action not in self.legal_actions():
                    raise self._illegal(action)
                card = _card_in(self.hands[self.current_player], action.clue)
            return self._play(action, card)
        if action not in self.legal_actions():
            raise self._illegal(action)
        p = self.current_player
        if action == TAKE_AMULET:
            amulets = tuple(f for f in self.amulets if f != self.cars[p])
            held = tuple_set(self.amulets_held, p, self.amulets_held[p] + 1)
            return replace(self, amulets=amulets, amulets_held=held, moved=False)._after_action()
        if action == SPEND_AMULET:
            decider = self.to_move
            spent = replace(
                self,
                amulets_held=tuple_set(self.amulets_held, decider, self.amulets_held[decider] - 1),
                amulet_supply=self.amulet_supply + 1,
                amulets_spent=tuple_set(
                    self.amulets_spent, decider, self.amulets_spent[decider] + 1
                ),
            )
            if self.phase == "curse":
                return curse_resolved(spent)
            return replace(spent, phase="action", moved=False)
        if action == ACCEPT_CURSE:
            return curse_resolved(discard_highest(self, self.to_move))
        if action == EXCHANGE:
            return self._exchange()
        return end_turn(self)  # END_TURN or PASS

    def _illegal(self, action: Action) -> IllegalActionError:
        p = self.current_player
        text = str(action)
        if self.phase == "over":
            return IllegalActionError(f"{text!r}: the game is over ({self.end_reason})", RULE_END)
        if self.phase == "curse":
            return IllegalActionError(
                f"{text!r}: player {self.to_move} faces a curse and must 'spend amulet' or "
                "'accept curse'",
                RULE_CURSE,
            )
        if self.phase == "bonus" and (isinstance(action, Play | Move) or action == EXCHANGE):
            return IllegalActionError(
                f"{text!r}: the action is done; 'spend amulet' for another", RULE_AMULETS
            )
        if self.phase == "opening" and not isinstance(action, Play):
            return IllegalActionError(
                f"{text!r}: each player opens with a clue on an empty map", RULE_OPENING
            )
        if isinstance(action, Play):
            if action.clue not in self.hands[p]:
                return IllegalActionError(f"{text!r}: the clue is not in your hand", RULE_PLAY)
            if self.roses_left[p] == 0:
                return IllegalActionError(f"{text!r}: you have no wind rose left", RULE_PLAY)
            if self.phase == "opening" and self.maps[action.map].clues:
                return IllegalActionError(
                    f"{text!r}: the opening starts an empty map", RULE_OPENING
                )
            verdict = check_clue(
                self.island,
                self.maps[action.map].clues,
                action.clue,
                self.rules.clue_rules,
                explain=False,
            )
            if verdict.rule is not None:
                return IllegalActionError(
                    f"{text!r}: {verdict.explanation}", CLUE_RULES[verdict.rule]
                )
        if action == TAKE_AMULET:
            return IllegalActionError(
                f"{text!r}: only right after a move onto a field with an amulet", RULE_AMULETS
            )
        if action == SPEND_AMULET:
            if self.amulets_held[p] == 0:
                return IllegalActionError(f"{text!r}: you hold no amulet", RULE_AMULETS)
            return IllegalActionError(
                f"{text!r}: amulets buy an extra action after an action", RULE_AMULETS
            )
        if action == PASS:
            return IllegalActionError(
                f"{text!r}: passing is allowed only when no clue play and no move is",
                RULE_TURN,
            )
        if action == EXCHANGE:
            if not self.rules.exchange:
                return IllegalActionError(
                    f"{text!r}: only with the exchange variant (off in these rules)", RULE_EXCHANGE
                )
            if not self.hands[p]:
                return IllegalActionError(f"{text!r}: you hold no clue card", RULE_EXCHANGE)
        return IllegalActionError(f"{text!r}: not possible in the {self.phase} phase", RULE_TURN)

    def _legal_card(self, play: Play) -> int:
        """Where the played card is in the hand when ``play`` is one of the plays
        :meth:`legal_actions` lists (``plays_of``), by the same bit test, without listing them
        (and comparing the play with every one listed before it); -1 when it is not."""
        p = self.current_player
        if self.phase not in ("action", "opening") or self.roses_left[p] == 0:
            return -1
        card = _card_in(self.hands[p], play.clue)
        if card < 0 or not 0 <= play.map < len(self.maps):
            return -1
        map_state = self.maps[play.map]
        if self.phase == "opening" and map_state.clues:
            return -1
        table = play_table(self.island, self.rules.clue_rules)
        playable = table.playable_by_candidates[map_state.candidates_mask]
        return card if playable >> table.index[play.clue] & 1 else -1

    def _check_move(self, move: Move) -> Mapping[str, tuple[int, ...]]:
        """Raises IllegalActionError unless ``move`` is legal; the located treasures (read to
        check it, and by the move)."""
        located = self.located_treasures()
        here = self.cars[self.current_player]
        path = move.path
        checked = None
        if not located and type(path) is tuple:
            # With no treasure located the verdict depends on the island, the start, the path
            # and the step limit alone: a path found legal once from a field is legal again.
            checked = _checked_paths(self.island, self.rules.max_steps)
            if (here, path) in checked:
                return located
        if not 1 <= len(move.path) <= self.rules.max_steps:
            raise IllegalActionError(
                f"{str(move)!r}: a move has 1 to {self.rules.max_steps} steps", RULE_MOVE
            )
        neighbours = move_neighbours(self.island)
        if move.path[-1] == here:
            # A car cannot stay put (and so take the amulet under it) by driving a round trip.
            raise IllegalActionError(
                f"{str(move)!r}: the move ends where the car started, {here}; a move goes "
                "somewhere",
                RULE_MOVE,
            )
        start = here
        for i, there in enumerate(move.path):
            if there not in neighbours:
                raise IllegalActionError(f"{str(move)!r}: {there} is not a land field", RULE_MOVE)
            if there not in neighbours[here]:
                raise IllegalActionError(
                    f"{str(move)!r}: {here} to {there} is not a step (an adjacent field of another "
                    "terrain, or a field of the same area)",
                    RULE_STEP,
                )
            if there in located and i < len(move.path) - 1:
                raise IllegalActionError(
                    f"{str(move)!r}: the car claims the treasure at {there} and stops there",
                    RULE_CLAIM,
                )
            here = there
        if checked is not None:
            checked.add((start, path))
        return located

    def _play(self, play: Play, card: int) -> GameState:
        """The state after ``play``, a legal play of the card at ``card`` in the hand."""
        p = self.current_player
        hand = list(self.hands[p])
        decks = list(self.decks_of_hands()[p])
        del decks[card], hand[card]
        old = self.maps[play.map]
        candidates = old.candidates_mask & compiled(self.island).masks[play.clue]
        new_map = MapState(
            (*old.clues, play.clue), tuple_set(old.roses, p, old.roses[p] + 1), candidates
        )
        located = candidates.bit_count() == 1
        changes = {
            "maps": tuple_set(self.maps, play.map, new_map),
            "roses_left": tuple_set(self.roses_left, p, self.roses_left[p] - 1),
            "last_map_change": self.turn,
            **self._drawn(p, tuple(hand), tuple(decks), self.clue_discards),
        }
        claimed = located and self.island.fields[candidates.bit_length() - 1] in self.cars
        if (self.phase == "opening" or not self._bonus_follows()) and not claimed:
            # The turn ends with the play (nothing to decide after it): one copy of the state
            # when the end-of-game checks leave it alone, as _after_action would end it.
            quick = next_turn(self, **changes)
            if quick is not None:
                return quick
        state = replace(self, **changes)
        if located:
            field_ = self.island.fields[candidates.bit_length() - 1]
            for k in range(self.players):
                other = (p + k) % self.players
                if state.cars[other] == field_:
                    return settle(replace(state, claims=((play.map, other),)))
        state = check_end(state)
        if state.is_terminal:
            return state
        if self.phase == "opening":
            return end_turn(state)
        return state._after_action()

    def _exchange(self) -> GameState:
        """Variant ``exchange``: discard the hand, draw as many (reshuffling as after a play)."""
        p = self.current_player
        hand = self.hands[p]
        drawn = self._drawn(p, (), (), (*self.clue_discards, *hand), len(hand))
        return replace(self, **drawn)._after_action()

    def _drawn(
        self,
        player: int,
        hand: tuple[Clue, ...],
        decks: tuple[int, ...],
        discards: tuple[Clue, ...],
        count: int | None = None,
    ) -> dict[str, Any]:
        """The fields that change when ``player`` holds ``hand`` (drawn from ``decks``, see
        ``hand_decks``) and draws ``count`` cards (default: up to the hand size), the clue
        discards being ``discards``."""
        deck, reshuffles = self.clue_deck, self.reshuffles
        piles = self.reshuffled_piles
        need = self.rules.hand_size(self.players) - len(hand) if count is None else count
        while need > 0:
            if not deck:
                if not discards:
                    break
                # A fresh generator per reshuffle keeps the state a plain value.
                pile = list(discards)
                shuffle(random.Random(f"tobago-reshuffle:{self.seed}:{reshuffles}"), pile)
                piles = (*piles, discards)
                deck, discards, reshuffles = tuple(pile), (), reshuffles + 1
            taken = deck[:need]
            hand, deck, need = (*hand, *taken), deck[len(taken) :], need - len(taken)
            decks = (*decks, *(len(piles),) * len(taken))
        return {
            "hands": tuple_set(self.hands, player, hand),
            "hand_decks": tuple_set(self.decks_of_hands(), player, decks),
            "clue_deck": deck,
            "clue_discards": discards,
            "reshuffles": reshuffles,
            "reshuffled_piles": piles,
        }

    def _move(self, move: Move) -> GameState:
        located = self._check_move(move)  # first: an empty path has no destination
        destination = move.path[-1]
        maps_here = located.get(destination, ())
        p = self.current_player
        cars = tuple_set(self.cars, p, destination)
        if maps_here:
            return settle(replace(self, cars=cars, claims=tuple((m, p) for m in maps_here)))
        if not amulet_follows_move(self, p, destination):
            return end_turn(self, cars=cars)  # as _after_action would, nothing to decide
        return replace(self, cars=cars, moved=True)._after_action()

    def _after_action(self) -> GameState:
        return replace(self, phase="bonus") if self._bonus_follows() else end_turn(self)

    def _bonus_follows(self) -> bool:
        """Whether the player to move has an amulet to decide about after their action (one to
        take where their car stopped, or one held), so the turn does not end with it."""
        p = self.current_player
        return (self.moved and self.cars[p] in self.amulets) or self.amulets_held[p] > 0


def amulet_follows_move(position: Position, player: int, destination: str) -> bool:
    """Whether ``player`` has an amulet to decide about after moving their car to
    ``destination`` (one lies there to take, or they hold one to spend), so that the move does
    not end their turn (unless it claims a treasure).

    >>> import tobago_solver as tb
    >>> state = tb.new_game(tb.islands.default(), 2, seed=1)
    >>> amulet_follows_move(state, 0, state.amulets[0]), state.amulets_held
    (True, (0, 0))
    """
    return destination in position.amulets or position.amulets_held[player] > 0


_READS_ALL: Final = frozenset(f.name for f in fields(GameState))
"""Every field: a fact that reads them all lives as long as its position."""


class ActionListing(NamedTuple):
    """The legal actions of a position (plays, moves, then the rest), with its plays and moves
    as the engine keeps them: lists shared by the positions that have them, so a caller may key
    what it works out from them by the list itself (an adapter's action ids).

    >>> [str(action) for action in ActionListing((PASS,), (), ()).rest]
    ['pass']
    """

    actions: tuple[Action, ...]
    plays: Sequence[Play]
    moves: Sequence[Move]
    """A :class:`~tobago_solver.game.paths.MoveList` when there are moves."""

    @property
    def rest(self) -> tuple[Action, ...]:
        """The actions after the plays and moves (those without arguments)."""
        return self.actions[len(self.plays) + len(self.moves) :]


def _checked_paths(island: Island, max_steps: int) -> set[tuple[str, tuple[str, ...]]]:
    """The (start, path) pairs :meth:`GameState._check_move` found legal on ``island`` with no
    treasure located, under ``max_steps`` (kept on the island)."""
    by_steps: dict[int, set[tuple[str, tuple[str, ...]]]] | None = island._cache.get(_CHECKED_KEY)
    if by_steps is None:
        by_steps = island._cache[_CHECKED_KEY] = {}
    checked = by_steps.get(max_steps)
    if checked is None:
        checked = by_steps[max_steps] = set()
    return checked


_CHECKED_KEY: Final = "tobago_solver.game.state:checked paths"


def _card_in(hand: Sequence[Clue], clue: Clue) -> int:
    """Where ``clue`` is in ``hand`` (-1: nowhere).

    >>> from tobago_solver.clues import DECK
    >>> hand = DECK[:3]
    >>> _card_in(hand, DECK[2]), _card_in(hand, Clue.parse(str(DECK[1]))), _card_in(hand, DECK[3])
    (2, 1, -1)
    """
    # Hands and the plays listed hold the deck's own clue objects: found by identity first,
    # without a Python __eq__ call for every card before it (clues made apart compare equal).
    for i, card in enumerate(hand):
        if card is clue:
            return i
    return hand.index(clue) if clue in hand else -1


def map_name(index: int) -> str:
    """``grey``, ``brown``, ``black`` or ``white``."""
    return MAP_NAMES[index]


def all_roses(state: GameState) -> tuple[int, ...]:
    """Each player's roses in total (on maps and in hand): always ``rules.roses``."""
    return tuple(
        state.roses_left[p] + sum(m.roses[p] for m in state.maps) for p in range(state.players)
    )


def gold_total(state: GameState) -> int:
    """Treasure cards in the deck, with players, being distributed and cursed away (41)."""
    pending = len(state.distribution.cards) if state.distribution else 0
    return (
        len(state.treasure_deck)
        + sum(len(cards) for cards in state.gold)
        + len(state.cursed_gold)
        + state.curses_drawn
        + pending
    )
