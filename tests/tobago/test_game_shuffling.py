"""The decks' seeded shuffle against ``random.Random.shuffle`` (the records fix its orders)."""

from __future__ import annotations

import random

from tobago_solver.game.shuffling import shuffle


def test_the_shuffle_is_random_shuffle_on_many_seeds_and_sizes() -> None:
    for seed in range(300):
        for size in (0, 1, 2, 3, 7, 41, 52, 64, 65, 200):
            mine, theirs = list(range(size)), list(range(size))
            rng, reference = random.Random(seed), random.Random(seed)
            shuffle(rng, mine)
            reference.shuffle(theirs)
            assert mine == theirs, (seed, size)
            # The generators are left in the same state too: the next draws agree.
            assert rng.getrandbits(64) == reference.getrandbits(64)


def test_string_seeds_as_the_games_reshuffles_use() -> None:
    for reshuffle in range(50):
        seed = f"tobago-reshuffle:{reshuffle * 7919}:{reshuffle}"
        mine, theirs = list(range(30)), list(range(30))
        shuffle(random.Random(seed), mine)
        random.Random(seed).shuffle(theirs)
        assert mine == theirs


class _Halves(random.Random):
    """A generator that draws otherwise (its own random(), no getrandbits of its own)."""

    def random(self) -> float:
        return super().random() / 2


def test_a_generator_of_another_class_shuffles_with_its_own_method() -> None:
    mine, theirs = list(range(40)), list(range(40))
    shuffle(_Halves(3), mine)
    _Halves(3).shuffle(theirs)
    assert mine == theirs
