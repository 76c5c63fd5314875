"""Deal the hidden cards again: full game states a player cannot tell from the real one.

>>> import tobago_solver as tb
>>> state = tb.new_game(tb.islands.default(), 4, seed=7)
>>> seen = state.observation(2)
>>> worlds = sample_worlds(seen, 3, seed=1)
>>> all(world.observation(2) == seen for world in worlds)
True
>>> worlds == sample_worlds(seen, 3, seed=1), worlds[0].hands[2] == state.hands[2]
(True, True)

**What is hidden** from a player: the other players' clue cards, the order of the clue deck,
the order of the treasure deck and the cards of a distribution not yet revealed. Everything else
(maps, cars, gold, discards, who drew how many cards from which deck) is public and kept.

**The distribution**: uniform over the *consistent* worlds, the deal conditioned on what the
player saw. A world is consistent when it looks the same to the player (same observation) and:

- every clue card of the game is in exactly one place; a card unseen by the player lies in
  another hand or in the deck. Reshuffles are the one public constraint on where: a reshuffle
  happens only when the deck is empty and shuffles the face-up discard pile, so a hidden card
  drawn from the deck of the k-th reshuffle is a card of that pile (of no later one), the deck
  holds only cards of the last pile, and each hand holds as many cards of each deck as the table
  saw it draw (``Observation.hand_decks``). Within one deck the unseen cards are exchangeable
  (each shuffle is uniform), so each deck's unseen cards are dealt uniformly over its slots;
- the treasure cards still hidden (a distribution's unrevealed cards, then the treasure deck)
  are the deck's cards minus those revealed (every player's gold, gold lost to curses, curses
  drawn), in any order that keeps the curses out of the top of the original deck (at set-up the
  curses are shuffled into the bottom ``curse_zone`` cards). The set-up deals every such order
  with the same chance, so the curses take uniform places among those allowed and the gold a
  uniform order around them.

Opponents' choices are not read for what they reveal of their hands (a bot's policy is not
known). Two public events do depend on hands and are not conditioned on: a pass (a player with
no legal action: never in the action phase, where a car can always move, and in the published
opening only with a hand of clue cards that match no field, which no bundled island has) and
the stalemate end (a finished game has nothing left to sample). The game seed, which would fix
later reshuffles, is hidden too: a world gets a fresh one, so its reshuffles are new shuffles.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from tobago_solver.clues import DECK, Clue
from tobago_solver.errors import TobagoError
from tobago_solver.game.observation import Observation
from tobago_solver.game.position import replace
from tobago_solver.game.rules import CURSE, GameRules
from tobago_solver.game.state import GameState


def sample_worlds(observation: Observation, n: int, seed: int = 0) -> tuple[GameState, ...]:
    """``n`` game states drawn uniformly from those consistent with ``observation``.

    >>> import tobago_solver as tb
    >>> state = tb.new_game(tb.islands.default(), 2, seed=1)
    >>> worlds = tb.sample_worlds(state.observation(0), 3, seed=0)
    >>> len(worlds), all(world.hands[0] == state.hands[0] for world in worlds)
    (3, True)

    The same observation and ``seed`` give the same worlds. Raises TobagoError when no world is
    consistent (an observation built by hand that no game can show).
    """
    if type(n) is not int or n < 0:
        raise TobagoError(f"the number of worlds must be a whole number >= 0, not {n!r}")
    hidden = HiddenCards.of(observation)
    rng = random.Random(f"tobago-worlds:{seed}")
    return tuple(hidden.world(observation, rng) for _ in range(n))


@dataclass(frozen=True)
class HiddenCards:
    """What is hidden from one player: the unseen clue cards of each deck and where they may
    lie, and the treasure cards still to come with the places a curse may take."""

    pools: tuple[tuple[Clue, ...], ...]
    """Per clue deck (0: dealt, k: the k-th reshuffle), its cards the player has not seen."""
    hand_slots: tuple[tuple[int, ...], ...]
    """Per player, the deck of each hand card to deal (empty for the player themselves)."""
    treasure_gold: tuple[int, ...]
    """The gold cards still hidden (values), in a fixed order."""
    curses: int
    """Curses still hidden."""
    curse_free: int
    """How many of the first hidden treasure cards cannot be curses (top of the set-up deck)."""
    pending: int
    """Hidden cards of the distribution in progress (they come first)."""

    @classmethod
    def of(cls, obs: Observation) -> HiddenCards:
        """Read the hidden part from an observation; TobagoError when it cannot be dealt."""
        if len(obs.hand_decks) != obs.players:
            raise TobagoError("the observation does not say which deck each hand card came from")
        piles = obs.reshuffled_piles
        seen = Counter(obs.hand)
        seen.update(obs.clue_discards)
        for map_state in obs.maps:
            seen.update(map_state.clues)
        unseen = Counter(DECK)
        unseen.subtract(seen)
        if any(count < 0 for count in unseen.values()):
            raise TobagoError("the observation shows a clue card twice")
        last_pile = {card: k for k, pile in enumerate(piles, start=1) for card in pile}
        pools: list[list[Clue]] = [[] for _ in range(len(piles) + 1)]
        for card in DECK:  # the deck's order keeps the pools' order, and so the worlds, fixed
            if unseen[card]:
                pools[last_pile.get(card, 0)].append(card)
        hand_slots = tuple(() if p == obs.player else obs.hand_decks[p] for p in range(obs.players))
        needed = Counter(deck for slots in hand_slots for deck in slots)
        needed[len(piles)] += obs.clue_deck_size
        for deck, pool in enumerate(pools):
            if needed[deck] != len(pool):
                raise TobagoError(
                    f"no consistent deal: {len(pool)} unseen clue card(s) of deck {deck} for "
                    f"{needed[deck]} place(s)"
                )
        gold, curses, curse_free = _treasure_left(obs)
        return cls(
            tuple(tuple(pool) for pool in pools),
            hand_slots,
            gold,
            curses,
            curse_free,
            obs.distribution_cards,
        )

    def world(self, obs: Observation, rng: random.Random) -> GameState:
        """One world drawn uniformly (see the module's text)."""
        pools = [list(pool) for pool in self.pools]
        for pool in pools:
            rng.shuffle(pool)
        hands = []
        for p, slots in enumerate(self.hand_slots):
            hands.append(obs.hand if p == obs.player else tuple(pools[d].pop() for d in slots))
        clue_deck = tuple(pools[-1])
        hidden_treasure = self.treasure_order(rng)
        dist = obs.distribution
        if dist is not None:
            dist = replace(dist, cards=hidden_treasure[: self.pending])
        held = sum(obs.amulets_held)
        return GameState(
            island=obs.island,
            rules=obs.rules,
            players=obs.players,
            current_player=obs.current_player,
            turn=obs.turn,
            phase=obs.phase,
            maps=obs.maps,
            cars=obs.cars,
            hands=tuple(hands),
            gold=obs.gold,
            amulets=obs.amulets,
            amulets_held=obs.amulets_held,
            amulet_supply=obs.rules.amulet_supply - len(obs.amulets) - held,
            roses_left=obs.roses_left,
            treasure_deck=hidden_treasure[self.pending :],
            clue_deck=clue_deck,
            clue_discards=obs.clue_discards,
            seed=rng.getrandbits(64),
            reshuffles=len(obs.reshuffled_piles),
            moved=obs.moved,
            claims=obs.claims,
            distribution=dist,
            end_reason=obs.end_reason,
            cursed_gold=obs.cursed_gold,
            curses_drawn=obs.rules.curses - self.curses,
            amulets_spent=obs.amulets_spent,
            opening_left=opening_left(obs),
            abandoned=obs.abandoned,
            last_map_change=obs.last_map_change,
            hand_decks=obs.hand_decks,
            reshuffled_piles=obs.reshuffled_piles,
        )

    def treasure_order(self, rng: random.Random) -> tuple[int, ...]:
        """The hidden treasure cards in a uniform order with the curses where they may be."""
        size = len(self.treasure_gold) + self.curses
        places = set(rng.sample(range(self.curse_free, size), self.curses))
        gold = list(self.treasure_gold)
        rng.shuffle(gold)
        return tuple(CURSE if i in places else gold.pop() for i in range(size))


def curse_free_top(rules: GameRules) -> int:
    """How many cards on top of the set-up treasure deck are never curses (12 by default)."""
    gold = len(rules.gold_cards())
    return gold - min(rules.curse_zone, gold)


def _treasure_left(obs: Observation) -> tuple[tuple[int, ...], int, int]:
    """The hidden gold (values), the hidden curses and the number of hidden cards on top that
    cannot be curses."""
    left = Counter(obs.rules.gold_cards())
    revealed = Counter(card for cards in obs.gold for card in cards)
    revealed.update(obs.cursed_gold)
    left.subtract(revealed)
    if any(count < 0 for count in left.values()):
        raise TobagoError("the observation shows more gold cards than the treasure deck holds")
    gold = tuple(sorted(left.elements()))
    hidden = obs.distribution_cards + obs.treasure_deck_size
    curses = hidden - len(gold)
    if not 0 <= curses <= obs.rules.curses:
        raise TobagoError(
            f"no consistent deal: {hidden} hidden treasure card(s) but {len(gold)} gold card(s) "
            "unseen"
        )
    total = len(obs.rules.gold_cards()) + obs.rules.curses
    revealed_count = total - hidden
    curse_free = max(0, curse_free_top(obs.rules) - revealed_count)
    if curses > hidden - min(curse_free, hidden):
        raise TobagoError("no consistent deal: the curses have no place below the deck's top")
    return gold, curses, curse_free


def opening_left(obs: Observation) -> int:
    """Opening plays still to make (published): one per turn from the first, one per map."""
    if obs.rules.opening != "clues" or obs.phase == "over":
        return 0
    return max(0, min(obs.players, len(obs.maps)) - obs.turn)
