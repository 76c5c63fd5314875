"""The clue grammar: canonical text, round trips, the deck and errors that quote the input."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tobago_solver as tb
from tobago_solver.clues import SEA, Clue, Relation

from .strategies import ALL_CLUES


@given(st.sampled_from(ALL_CLUES))
def test_canonical_text_round_trips(clue: Clue) -> None:
    assert Clue.parse(str(clue)) == clue
    assert eval(repr(clue), {"Clue": Clue}) == clue


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("Not In Sight Of The Largest Lake", "not in sight of largest lake"),
        ("next to a hut", "next to hut"),
        ("next to the huts", "next to hut"),
        ("in   beaches", "in beach"),
        ("not next to an statue", "not next to statue"),
        ("in sight of the sea", "in sight of sea"),
        ("in the largest mountains", "in largest mountain"),
        ("in hut", "in hut"),
    ],
)
def test_articles_plurals_and_case_are_dropped(text: str, canonical: str) -> None:
    assert str(Clue.parse(text)) == canonical


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "expected 'in', 'next to' or 'in sight of' at word 1, the clue ended"),
        ("next hut", "expected 'to' at word 2, found 'hut'"),
        ("in sight lake", "expected 'of' at word 3, found 'lake'"),
        ("in largest hut", "expected a terrain at word 3, found 'hut'"),
        ("in the largest sea", "expected a terrain at word 4, found 'sea'"),
        ("next to lake now", "expected the end of the clue at word 4, found 'now'"),
        ("close to lake", "at word 1, found 'close'"),
        ("in volcano", "expected a terrain, 'sea', 'hut', 'palm' or 'statue' at word 2"),
        ("in sea", "'in sea' is not a clue"),
    ],
)
def test_bad_clues_name_the_word_and_what_was_expected(text: str, message: str) -> None:
    with pytest.raises(tb.ClueSyntaxError) as raised:
        Clue.parse(text)
    assert message in str(raised.value)
    assert repr(text) in str(raised.value)


@given(st.text(max_size=40))
def test_parser_raises_only_the_documented_error(text: str) -> None:
    try:
        clue = Clue.parse(text)
    except tb.ClueSyntaxError:
        return
    assert Clue.parse(str(clue)) == clue


@given(
    st.lists(
        st.sampled_from(
            [
                "not",
                "in",
                "next",
                "to",
                "sight",
                "of",
                "largest",
                "the",
                "lake",
                "sea",
                "hut",
                "huts",
                "beaches",
                "a",
            ]
        ),
        max_size=7,
    )
)
def test_parser_on_near_miss_word_salad(words: list[str]) -> None:
    text = " ".join(words)
    try:
        clue = Clue.parse(text)
    except tb.ClueSyntaxError as error:
        message = str(error)
    else:
        assert Clue.parse(str(clue)) == clue
        return
    assert repr(text) in message


def test_deck_has_the_52_cards_of_the_rules() -> None:
    deck = tb.DECK
    assert len(deck) == 52
    assert len(set(deck)) == 52
    texts = {str(card) for card in deck}
    assert "not in largest jungle" in texts
    assert "in sight of sea" in texts
    assert "not in sight of statue" in texts
    assert "in largest lake" in texts
    assert not any(card.target == SEA and card.relation is Relation.IN for card in deck)
    assert not any(
        card.relation is Relation.IN and isinstance(card.target, tb.LandmarkKind) for card in deck
    )
    assert sum(card.largest for card in deck) == 12


def test_constructor_rejects_what_the_grammar_rejects() -> None:
    with pytest.raises(tb.ClueSyntaxError):
        Clue(Relation.IN, SEA)
    with pytest.raises(tb.ClueSyntaxError):
        Clue(Relation.NEXT_TO, tb.LandmarkKind.HUT, largest=True)
    with pytest.raises(tb.ClueSyntaxError):
        Clue(Relation.NEXT_TO, "volcano")


def test_clues_compare_by_meaning() -> None:
    assert Clue(Relation.NEXT_TO, "hut") == Clue.parse("next to hut")
    assert hash(Clue(Relation.IN, "lake")) == hash(Clue.parse("in lakes"))


def test_clues_are_equal_exactly_when_their_fields_are() -> None:
    """Clue's own comparison (hash first, for the game's hot loop) against the fields'."""
    fresh = [Clue.parse(str(clue)) for clue in ALL_CLUES]
    for a in ALL_CLUES:
        for b in fresh:
            same = (a.relation, a.target, a.negated, a.largest) == (
                b.relation,
                b.target,
                b.negated,
                b.largest,
            )
            assert (a == b) is same
            assert (a != b) is not same
    assert ALL_CLUES[0] != str(ALL_CLUES[0])
    assert ALL_CLUES[0] in [0, ALL_CLUES[0]]
