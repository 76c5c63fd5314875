"""Perfect recall: a short digest of everything one player has observed since the deal.

>>> import tobago_solver as tb
>>> state = tb.new_game(tb.islands.default(), 2, seed=1)
>>> trail = Trail(state).then(state.apply(state.legal_actions()[0]))
>>> len(trail.digest(0)), trail.digest(0) == trail.digest(1)
(32, False)

OpenSpiel's information state must tell apart any two histories a player can tell apart, and
nothing else. A trail keeps the game's states in order; a player's digest hashes what they
observed in each (:func:`seen`), so two histories get the same digest exactly when the player
saw the same thing at every step (up to a 128-bit hash collision). Digests are worked out when
asked for and kept, so games nobody asks about cost nothing.
"""

from __future__ import annotations

import hashlib
import weakref
from collections.abc import Callable
from typing import Any

from tobago_solver.ai.ids import CARD_INDEX
from tobago_solver.ai.tensors import observation_of
from tobago_solver.clues import Clue
from tobago_solver.game.observation import Observation
from tobago_solver.game.state import GameState


def seen(state: GameState, player: int) -> bytes:
    """Everything ``player`` observes in ``state``, as bytes (the observation's fields; clue
    cards by their place in the deck)."""
    obs: Observation = observation_of(state, player)
    facts = (
        obs.player,
        obs.to_move,
        obs.turn,
        obs.phase,
        tuple((_cards(m.clues), m.roses, m.candidates_mask) for m in obs.maps),
        obs.cars,
        obs.amulets,
        obs.amulets_held,
        obs.roses_left,
        _cards(obs.hand),
        obs.hand_sizes,
        obs.gold,
        obs.cursed_gold,
        obs.treasure_deck_size,
        obs.clue_deck_size,
        _cards(obs.clue_discards),
        obs.abandoned,
        obs.last_map_change,
    )
    return repr(facts).encode()


def _cards(clues: tuple[Clue, ...]) -> tuple[int, ...]:
    return tuple(CARD_INDEX[clue] for clue in clues)


class Trail:
    """The states of a game so far (newest: :attr:`state`) and each player's digest of them.

    A trail may start anywhere with given digests (``start``): a world sampled for search keeps
    the searching player's digest of the real game.
    """

    __slots__ = ("__weakref__", "_digests", "memo", "parent", "state")

    def __init__(
        self,
        state: GameState,
        parent: Trail | None = None,
        start: dict[int, bytes] | None = None,
    ) -> None:
        self.state = state
        self.parent = parent
        self._digests: dict[int, bytes] = dict(start or {})
        self.memo: dict[Any, Any] = {}
        """Facts derived from :attr:`state` that callers keep here (the state is immutable)."""

    def then(self, state: GameState) -> Trail:
        """The trail one step on, at ``state``."""
        return Trail(state, self)

    def after(self, move: int, make: Callable[[], GameState]) -> Trail:
        """The trail one step on by ``move``, at ``make()``, made once and then shared: copies
        of a game (OpenSpiel's clones, a search's branches) that make the same move from here
        share what follows, views and digests included (the states are immutable).

        The trail keeps the step weakly: a child points to its parent, and a parent holding its
        children too would make every game a cycle of states that only the garbage collector's
        slowest pass frees (a quarter of OpenSpiel's time in a random game)."""
        key = ("after", move)
        kept: weakref.ref[Trail] | None = self.memo.get(key)
        child = kept() if kept is not None else None
        if child is None:
            child = self.then(make())
            self.memo[key] = weakref.ref(child)
        return child

    def digest(self, player: int) -> str:
        """``player``'s digest of the whole trail, as 32 hex digits."""
        missing = []
        node: Trail | None = self
        while node is not None and player not in node._digests:
            missing.append(node)
            node = node.parent
        digest = node._digests[player] if node is not None else b""
        for step in reversed(missing):
            digest = hashlib.blake2b(digest + seen(step.state, player), digest_size=16).digest()
            step._digests[player] = digest
        return digest.hex()

    def restarted(self, state: GameState, keep: int) -> Trail:
        """A trail starting at ``state`` (a sampled world) with ``keep``'s digest of this one."""
        return Trail(state, start={keep: bytes.fromhex(self.digest(keep))})

    def __deepcopy__(self, memo: dict[int, Any]) -> Trail:
        return self  # immutable in all that matters: digests are only ever added, never changed

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled as the last state and every player's digest: a trail that starts there.
        digests = {p: self.digest(p) for p in range(self.state.players)}
        return _restored, (self.state, digests)


def _restored(state: GameState, digests: dict[int, str]) -> Trail:
    return Trail(state, start={p: bytes.fromhex(d) for p, d in digests.items()})
