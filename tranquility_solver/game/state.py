"""The game state: an immutable value; :meth:`GameState.apply` returns the next one.

Phases: ``"play"`` is an ordinary turn (play, discard, start, finish). In `published`, playing
the first start card opens the ``"share"`` phase: in a two-player game both players first draw
two cards, then each player in turn (from the one who played the start card, clockwise) plays a
``share`` action giving their part of the 8-card team discard. When the round ends the player
who played the start card draws back to five and the turn passes as usual.

>>> from tranquility_solver.game import new_game, parse_action
>>> state = new_game(2, seed=1)
>>> state.hands[0], state.deck_sizes
((3, 5, 12, 45, 68), (37, 36))
>>> after = state.apply(parse_action("discard 3 5"))
>>> after.hands[0], after.current_player, after.turn
((12, 31, 37, 45, 68), 1, 1)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, fields
from operator import itemgetter
from typing import Any

from ..errors import IllegalActionError, TranquilityError
from ..grid import CELL_INDEX, Grid
from ..placement import check_placement, openings
from ..rules import Rules
from .actions import Action, Discard, Finish, Play, Share, Start
from .board import board_text
from .choices import (
    DISCARD_ACTION_CARDS,
    FINISH,
    HAND_SIZE,
    LOSS_NO_ACTION,
    LOSS_OUT_OF_CARDS,
    START,
    card_text,
    discards_public,
    share_round,
    sort_hand,
)
from .legal import Phase, has_legal_action, must_start, share_bounds
from .observation import ActingFacts, LegalActionViews, Observation, Outcome

__all__ = [
    "LOSS_NO_ACTION",
    "LOSS_OUT_OF_CARDS",
    "GameState",
    "Observation",
    "Outcome",
    "Phase",
]


def _without(hand: tuple[int, ...], cards: tuple[int, ...]) -> tuple[int, ...] | None:
    """``hand`` minus ``cards`` as multisets, or ``None`` if the hand lacks one of them."""
    rest = list(hand)
    for card in cards:
        if card not in rest:
            return None
        rest.remove(card)
    return tuple(rest)


@dataclass(frozen=True, repr=False)
class GameState(LegalActionViews):
    """One moment of a game. Build the first with :func:`new_game`; every field is public.

    >>> import tranquility_solver as tq
    >>> state = tq.new_game(2, seed=0)
    >>> state.players, len(state.hands[0]), state.is_terminal
    (2, 5, False)

    ``decks[p]`` lists player ``p``'s deck top first; ``hands[p]`` is sorted. ``discards`` holds
    ``(player, card)`` pairs in the order they were discarded; ``discarded``,
    ``discard_players`` and ``player_discards`` are what the players see of them, worked out by
    ``__init__`` and kept up to date by :meth:`apply`. Start cards are :data:`START` (0), finish
    cards :data:`FINISH` (81).
    """

    rules: Rules
    players: int
    seed: int
    first_player: int
    current_player: int
    turn: int
    grid: Grid
    hands: tuple[tuple[int, ...], ...]
    decks: tuple[tuple[int, ...], ...]
    discards: tuple[tuple[int, int], ...] = ()
    start_played: bool = False
    finish_played: bool = False
    phase: Phase = "play"
    share_left: int = 0
    share_starter: int = 0
    outcome: Outcome | None = None
    # Public history the world sampler needs (game/worlds.py); left out of equality so a state
    # rebuilt from a deal, which has no history, still equals the game state it came from.
    start_player: int | None = field(default=None, compare=False)
    """Who played the start card, once one is played."""
    start_bounds: tuple[tuple[int, int], ...] = field(default=(), compare=False)
    """Per player ``(deck size, discards)``: their start card was proven to be in their deck
    when the deck held that many cards (it is shuffled in after the opening draw; in
    `published` a player who acts without playing it while none is played did not hold it),
    when they had discarded that many cards. Empty when the history is unknown (a deal)."""
    # What every player sees of the discards, kept up to date by each discard so that an
    # observation takes it as it is; worked out from ``discards`` when a state is built
    # (``__post_init__``), so it adds nothing to equality, ``__init__`` or a record.
    discarded: tuple[int, ...] = field(init=False, compare=False)
    """The discard pile as the preset lets a player see it: all of it in `seed`, nothing in
    `published` (face down; see :func:`~tranquility_solver.game.choices.discards_public`)."""
    discard_players: tuple[int, ...] = field(init=False, compare=False)
    """Who discarded each card of the pile, in order (public: everyone sees a player discard)."""
    player_discards: tuple[tuple[int, ...], ...] = field(init=False, compare=False)
    """Per player, the cards they discarded, sorted (each player remembers their own)."""

    def __post_init__(self) -> None:
        public = discards_public(self.rules)
        facts = {
            "discarded": self.discard_pile if public else (),
            "discard_players": tuple(map(itemgetter(0), self.discards)),
            "player_discards": tuple(
                sort_hand([card for who, card in self.discards if who == seat])
                for seat in range(self.players)
            ),
        }
        self.__dict__.update(facts)

    # -- views ------------------------------------------------------------------------------

    @property
    def deck_sizes(self) -> tuple[int, ...]:
        """Cards left in each player's deck."""
        return tuple(map(len, self.decks))

    @property
    def discard_pile(self) -> tuple[int, ...]:
        """Every discarded card, in order (the whole truth, whatever the preset shows)."""
        return tuple(map(itemgetter(1), self.discards))

    @property
    def is_terminal(self) -> bool:
        """True once the game is won or lost."""
        return self.outcome is not None

    @property
    def later_capacity(self) -> int:
        """In the share phase: cards held by the players after the current one in the round."""
        if self.phase != "share":
            return 0
        order = share_round(self.share_starter, self.players)
        later = order[order.index(self.current_player) + 1 :]
        return sum(len(self.hands[seat]) for seat in later)

    def __repr__(self) -> str:
        outcome = f", outcome={str(self.outcome)!r}" if self.outcome else ""
        return (
            f"<GameState {self.rules.name} players={self.players} seed={self.seed} "
            f"turn={self.turn} current={self.current_player} phase={self.phase} "
            f"filled={self.grid.filled_count} hands={[len(h) for h in self.hands]} "
            f"decks={list(self.deck_sizes)} discarded={len(self.discards)} "
            f"start_played={self.start_played}{outcome}>"
        )

    def __str__(self) -> str:
        """The table as every player sees it: the grid with its coordinates, the start and
        finish spots, the hand and deck sizes and the discards (see :func:`~.board.board_text`).

        >>> from tranquility_solver.game import new_game, parse_action
        >>> print(new_game(2, seed=1).apply(parse_action("discard 3 5")))  # doctest: +ELLIPSIS
             a  b  c  d  e  f   turn 1 · P1 to move
          6  .  .  .  .  .  .   player  hand  deck
        ...
          3  .  .  .  .  .  .   discards (2, face up): 3 5
        ...
        """
        return board_text(self.observation(self.current_player), own_view=False)

    def _repr_svg_(self) -> str:
        """The picture a notebook shows: the grid, the spots, how the game stands, the sizes."""
        # Lazy: the pictures are drawn above the game, from its values.
        from ..render import render_game_svg

        return render_game_svg(self)

    def observation(self, player: int) -> Observation:
        """What ``player`` may know (see :class:`Observation`)."""
        if not 0 <= player < self.players:
            raise IllegalActionError(f"no player {player}: players are 0-{self.players - 1}")
        later = later_players = 0
        if self.phase == "share" and player == self.current_player:
            later = self.later_capacity
            order = share_round(self.share_starter, self.players)
            later_players = len(order) - 1 - order.index(player)
        values = {
            "rules": self.rules,
            "player": player,
            "players": self.players,
            "current_player": self.current_player,
            "turn": self.turn,
            "phase": self.phase,
            "grid": self.grid,
            "hand": self.hands[player],
            "hand_sizes": tuple(map(len, self.hands)),
            "deck_sizes": tuple(map(len, self.decks)),
            "discarded": self.discarded,
            "discard_count": len(self.discards),
            "own_discards": self.player_discards[player],
            "start_played": self.start_played,
            "share_left": self.share_left,
            "later_capacity": later,
            "later_players": later_players,
            "outcome": self.outcome,
            "discard_players": self.discard_players,
            "start_player": self.start_player,
            "start_bounds": self.start_bounds,
        }
        return Observation._reading(values, self._legal if player == self.current_player else None)

    def _acting(self) -> ActingFacts | None:
        if self.outcome is not None:
            return None
        return (
            self.rules,
            self.grid,
            self.hands[self.current_player],
            self.phase,
            self.start_played,
            self.share_left,
            self.later_capacity,
        )

    @property
    def all_cards(self) -> Counter[int]:
        """Every card of the game wherever it is (for conservation checks); a new Counter each
        time, so a caller cannot change the state through it."""
        cards: Counter[int] = Counter(card for card in self.grid.cells if card is not None)
        for hand in self.hands:
            cards.update(hand)
        for deck in self.decks:
            cards.update(deck)
        cards.update(self.discard_pile)
        cards[START] += self.start_played
        cards[FINISH] += self.finish_played
        return cards

    # -- transitions ------------------------------------------------------------------------

    def apply(self, action: Action) -> GameState:
        """The state after the current player takes ``action``.

        An illegal action raises :class:`IllegalActionError` naming the rule it breaks.
        """
        if self.outcome is not None:
            raise IllegalActionError(f"{action}: the game is over ({self.outcome})")
        if not isinstance(action, _ACTION_TYPES):
            raise TypeError(f"apply expects an action, got {type(action).__name__}")
        hand = self.hands[self.current_player]
        if self.phase == "share":
            return self._share(action, hand)
        if isinstance(action, Share):
            raise IllegalActionError(
                f"{action}: sharing the team discard only follows a `published` start card"
            )
        if must_start(self.rules, hand, self.start_played) and not isinstance(action, Start):
            raise IllegalActionError(
                f"{action}: a player holding a start card while none has been played must play it"
            )
        if isinstance(action, Play):
            return self._play(action, hand)
        if isinstance(action, Discard):
            rest = self._take(hand, action.cards, action)
            if len(action.cards) != DISCARD_ACTION_CARDS:
                raise IllegalActionError(f"{action}: the discard action discards exactly two cards")
            return self._end_turn(
                **self._hand_changes(rest, action.cards), **self._start_proof(len(action.cards))
            )
        if isinstance(action, Start):
            return self._start(hand)
        return self._finish(hand)

    def _start_proof(self, discarding: int) -> dict[str, Any]:
        """The change to ``start_bounds`` when this player, discarding ``discarding`` cards,
        acts without a start card in hand while none was played, where the rules would have
        made them play it: their start card was then still in their deck. Made part of the
        turn's one copy of the state."""
        if self.start_played or not self.rules.start_card.must_play or not self.start_bounds:
            return {}
        seat = self.current_player
        bounds = list(self.start_bounds)
        bounds[seat] = (len(self.decks[seat]), len(self.player_discards[seat]) + discarding)
        return {"start_bounds": tuple(bounds)}

    def _take(
        self, hand: tuple[int, ...], cards: tuple[int, ...], action: Action
    ) -> tuple[int, ...]:
        rest = _without(hand, cards)
        if rest is None:
            held = " ".join(map(card_text, hand)) or "nothing"
            raise IllegalActionError(
                f"{action}: player {self.current_player} holds {held}, not all of "
                f"{' '.join(map(card_text, cards))}"
            )
        return rest

    def _with(self, **changes: Any) -> GameState:
        """``dataclasses.replace`` without ``__init__`` (the hot path of every game): the
        fields are copied as they are, the cached legal actions are not."""
        if not changes.keys() <= _FIELD_NAMES:
            raise TypeError(f"not fields of a game state: {sorted(changes.keys() - _FIELD_NAMES)}")
        values = self.__dict__.copy()
        for name in _CACHED:
            values.pop(name, None)
        values.update(changes)
        state = object.__new__(GameState)
        state.__dict__.update(values)
        return state

    def _with_hand(
        self, hand: tuple[int, ...], discarded: tuple[int, ...] = (), **changes: Any
    ) -> GameState:
        """The current player now holds ``hand``, having discarded ``discarded``; other fields
        change as ``changes`` say."""
        return self._with(**self._hand_changes(hand, discarded), **changes)

    def _hand_changes(self, hand: tuple[int, ...], discarded: tuple[int, ...]) -> dict[str, Any]:
        """The fields that change when the current player, having discarded ``discarded``,
        holds ``hand``: the hands and, if any card was discarded, the discard pile and what
        the players see of it."""
        seat = self.current_player
        hands = list(self.hands)
        hands[seat] = hand
        if not discarded:
            return {"hands": tuple(hands)}
        own = list(self.player_discards)
        own[seat] = sort_hand(own[seat] + discarded)
        return {
            "hands": tuple(hands),
            "discards": self.discards + tuple((seat, card) for card in discarded),
            "discarded": self.discarded + discarded if discards_public(self.rules) else (),
            "discard_players": self.discard_players + (seat,) * len(discarded),
            "player_discards": tuple(own),
        }

    def _play(self, action: Play, hand: tuple[int, ...]) -> GameState:
        rest = self._take(hand, (action.card,), action)
        index = CELL_INDEX[action.cell]
        table = openings(self.grid, self.rules)
        cost = table.legal_cost(action.card, index, len(hand))
        if cost is None:
            try:
                check_placement(self.grid, action.cell, action.card, self.rules, len(hand))
            except TranquilityError as error:
                raise IllegalActionError(f"{action}: {error}") from None
            raise AssertionError(f"internal error: {action} passed the placement check")
        if len(action.discards) != cost:
            raise IllegalActionError(
                f"{action}: playing {action.card} on {action.cell} costs {cost} discards "
                f"(the discard cost, {self.rules.label}), {len(action.discards)} given"
            )
        rest = self._take(rest, action.discards, action)
        grid = table.placed(index, action.card)
        return self._end_turn(
            **self._hand_changes(rest, action.discards),
            **self._start_proof(cost),
            grid=grid,
        )

    def _start(self, hand: tuple[int, ...]) -> GameState:
        if START not in hand:
            raise IllegalActionError(f"start: player {self.current_player} holds no start card")
        if self.start_played:
            raise IllegalActionError(
                "start: only the first start card can be played; later ones can only be discarded"
            )
        state = self._with_hand(
            self._take(hand, (START,), Start()),
            start_played=True,
            start_player=self.current_player,
        )
        event = self.rules.start_card
        if event.team_discard == 0:
            return state._end_turn()
        if self.players == 2 and event.two_player_draw:
            state = state._draw(
                {seat: len(hand) + event.two_player_draw for seat, hand in enumerate(state.hands)}
            )
        total = min(event.team_discard, sum(len(h) for h in state.hands))
        if total == 0:
            return state._end_turn()
        return state._with(
            phase="share", share_left=total, share_starter=self.current_player
        )._settle()

    def _share(self, action: Action, hand: tuple[int, ...]) -> GameState:
        if not isinstance(action, Share):
            raise IllegalActionError(
                f"{action}: after the start card the players first discard {self.share_left} "
                f"more cards between them; player {self.current_player} shares now"
            )
        low, high = share_bounds(len(hand), self.share_left, self.later_capacity)
        if not low <= len(action.cards) <= high:
            raise IllegalActionError(
                f"{action}: player {self.current_player} must give {low}-{high} cards of the "
                f"{self.share_left} still to discard (the team discards "
                f"{self.rules.start_card.team_discard} in total, each at most their hand)"
            )
        rest = self._take(hand, action.cards, action)
        state = self._with_hand(rest, action.cards)
        left = self.share_left - len(action.cards)
        order = share_round(self.share_starter, self.players)
        position = order.index(self.current_player)
        if left == 0 or position + 1 == len(order):
            state = state._with(phase="play", share_left=0, current_player=self.share_starter)
            if self.rules.start_card.refill == "everyone":
                state = state._draw(dict.fromkeys(range(self.players), HAND_SIZE))
            return state._end_turn()
        return state._with(share_left=left, current_player=order[position + 1])._settle()

    def _finish(self, hand: tuple[int, ...]) -> GameState:
        if FINISH not in hand:
            raise IllegalActionError(f"finish: player {self.current_player} holds no finish card")
        if not self.grid.is_full:
            empty = len(self.grid.empty_cells)
            raise IllegalActionError(
                f"finish: a finish card can only be played on a full grid ({empty} cells empty)"
            )
        if not self.start_played:
            raise IllegalActionError(
                "finish: a finish card can only be played after a start card has been played"
            )
        rest = self._take(hand, (FINISH,), Finish())
        return self._with_hand(rest, finish_played=True, outcome=Outcome(True))

    def _draw(self, targets: dict[int, int]) -> GameState:
        """Each seat in ``targets`` draws from their deck until they hold that many cards or
        their deck is empty."""
        hands, decks = self._drawn(targets)
        return self._with(hands=hands, decks=decks)

    def _drawn(
        self, targets: dict[int, int], hands: tuple[tuple[int, ...], ...] | None = None
    ) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
        """The hands and decks after the draws of :meth:`_draw`, from ``hands`` (default: the
        state's)."""
        drawn, decks = list(self.hands if hands is None else hands), list(self.decks)
        for seat, target in targets.items():
            count = max(0, min(target - len(drawn[seat]), len(decks[seat])))
            if count:
                drawn[seat] = sort_hand(drawn[seat] + decks[seat][:count])
                decks[seat] = decks[seat][count:]
        return tuple(drawn), tuple(decks)

    def _end_turn(self, **changes: Any) -> GameState:
        """The state with ``changes`` (e.g. the hand after the action) at the end of the
        current player's turn: they draw back to five, the turn passes clockwise, then see
        whether the game is lost. One copy of the state, as this ends almost every action."""
        seat = self.current_player
        hands, decks = self._drawn({seat: HAND_SIZE}, changes.get("hands"))
        changes.update(
            hands=hands, decks=decks, current_player=(seat + 1) % self.players, turn=self.turn + 1
        )
        return self._with(**changes)._settle()

    def _settle(self) -> GameState:
        """Record a loss if a player ran out of cards or the current player cannot act."""
        if self._lost_to_running_out():
            return self._with(outcome=Outcome(False, LOSS_OUT_OF_CARDS))
        if self.phase == "play" and not has_legal_action(
            self.rules, self.grid, self.hands[self.current_player], self.start_played
        ):
            return self._with(outcome=Outcome(False, LOSS_NO_ACTION))
        return self

    def _lost_to_running_out(self) -> bool:
        """Whether a player with no card in hand and deck loses the game now: any such player
        when the rules check ``"at once"``, only the player whose turn it is when they check
        ``"on turn"`` (a share round is part of the start card's turn: a player with no cards
        shares none there)."""
        if self.rules.out_of_cards_check == "at once":
            return () in self.hands and any(
                not hand and not deck for hand, deck in zip(self.hands, self.decks, strict=True)
            )
        seat = self.current_player
        return self.phase == "play" and not self.hands[seat] and not self.decks[seat]

    # -- convenience --------------------------------------------------------------------------

    def describe_hand(self, player: int) -> str:
        """A hand as text, e.g. ``start 12 40 finish``."""
        return " ".join(map(card_text, self.hands[player])) or "(empty)"


_ACTION_TYPES = (Play, Discard, Start, Finish, Share)
_FIELD_NAMES = frozenset(field.name for field in fields(GameState))
_CACHED = ("_legal", "_legal_actions")
"""What a state caches in its instance dictionary (its cached properties)."""
