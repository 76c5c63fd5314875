"""Perfect recall: a short digest of everything one player has observed since the deal.

>>> from tranquility_solver.game import new_game
>>> from tranquility_solver.ai.ids import Choice
>>> choice = Choice(new_game(2, seed=1))
>>> trail = Trail(choice).then(choice.choose(sorted(choice.options())[0]))
>>> len(trail.digest(0)), trail.digest(0) == trail.digest(1)
(32, False)

OpenSpiel's information state must tell apart any two histories a player can tell apart, and
nothing else. A trail keeps the game's choices in order; a player's digest hashes what they
observed (:func:`seen`) each time it changed, so two histories get the same digest exactly when
the player saw the same sequence of things (up to a 128-bit hash collision). A step that shows
a player nothing new is no step for them: while another player chooses an action token by
token, the number of tokens depends on that player's hidden hand (it takes as many as it needs
to single out one legal action), so counting them would leak it.

Digests are worked out when asked for and kept, so games nobody asks about cost nothing.
"""

from __future__ import annotations

import hashlib
import weakref
from collections.abc import Callable
from typing import Any

from .ids import Choice

__all__ = ["Trail", "seen"]


def seen(choice: Choice, player: int) -> bytes:
    """Everything ``player`` observes at ``choice``: the observation's fields, and the tokens
    chosen so far when it is this player who chooses them."""
    obs = choice.state.observation(player)
    facts = (
        obs.player,
        obs.current_player,
        obs.turn,
        obs.phase,
        obs.grid.cells,
        obs.hand,
        obs.hand_sizes,
        obs.deck_sizes,
        obs.discarded,
        obs.discard_count,
        obs.own_discards,
        obs.start_played,
        obs.share_left,
        obs.later_capacity,
        obs.later_players,
        str(obs.outcome),
        choice.chosen if player == obs.current_player else (),
    )
    return repr(facts).encode()


class Trail:
    """The choices of a game so far (newest: :attr:`choice`) and each player's digest of them.

    A trail may start anywhere with given digests (``start``): a world sampled for search keeps
    the searching player's digest of the real game.
    """

    __slots__ = ("__weakref__", "_views", "choice", "memo", "parent")

    def __init__(
        self, choice: Choice, parent: Trail | None = None, start: dict[int, bytes] | None = None
    ) -> None:
        self.choice = choice
        self.parent = parent
        # Per player: their digest up to here and what they see here (to spot a step that
        # shows them nothing new).
        self._views: dict[int, tuple[bytes, bytes]] = (
            {player: (digest, seen(choice, player)) for player, digest in start.items()}
            if start
            else {}
        )
        self.memo: dict[Any, Any] = {}
        """Facts derived from :attr:`choice` that callers keep here (it is immutable)."""

    def then(self, choice: Choice) -> Trail:
        """The trail one step on, at ``choice``."""
        return Trail(choice, self)

    def after(self, move: int, make: Callable[[], Choice]) -> Trail:
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
        while node is not None and player not in node._views:
            missing.append(node)
            node = node.parent
        digest, last = node._views[player] if node is not None else (b"", b"")
        before = node.choice.state if node is not None else None
        for step in reversed(missing):
            state = step.choice.state
            # Another player's token changes nothing this player sees: skip working it out.
            if state is not before or state.current_player == player:
                now = seen(step.choice, player)
                if now != last:
                    digest = hashlib.blake2b(digest + now, digest_size=16).digest()
                    last = now
            step._views[player] = (digest, last)
            before = state
        return digest.hex()

    def restarted(self, choice: Choice, keep: int) -> Trail:
        """A trail starting at ``choice`` (a sampled world) with ``keep``'s digest of this one."""
        return Trail(choice, start={keep: bytes.fromhex(self.digest(keep))})

    def __deepcopy__(self, memo: dict[int, Any]) -> Trail:
        return self  # immutable in all that matters: digests are only ever added, never changed

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled as the last choice and every player's digest: a trail that starts there.
        digests = {p: self.digest(p) for p in range(self.choice.state.players)}
        return _restored, (self.choice.state, self.choice.chosen, digests)


def _restored(state: Any, chosen: tuple[int, ...], digests: dict[int, str]) -> Trail:
    choice = Choice(state)
    for token in chosen:
        choice = choice.choose(token)
    return Trail(choice, start={p: bytes.fromhex(d) for p, d in digests.items()})
