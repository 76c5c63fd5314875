"""The picture of a game (:func:`render_game_svg`): the grid, whether the start and finish cards
were played, the last play, how the game stands, and every player's hand and deck.

>>> from tranquility_solver.game import new_game, parse_action
>>> state = new_game(2, seed=1).apply(parse_action("discard 3 5"))
>>> svg = render_game_svg(state)
>>> "P1 to move" in svg and "start not played" in svg and "P0: hand 5, deck 35" in svg
True
"""

from __future__ import annotations

import textwrap

from ..game.board import loss_reason
from ..game.choices import card_text
from ..game.state import GameState, Observation
from ..grid import cell_index
from .grid import Picture, draw_picture
from .layout import INK, LOST_COLOUR, WON_COLOUR

__all__ = ["render_game_svg"]

SIDE_CHARS = 30
"""The side panel's width in characters, whatever it holds: every picture of a game has one
size (a hand longer than this wraps)."""


def render_game_svg(
    game: GameState | Observation,
    *,
    last_play: str | None = None,
    title: str | None = None,
) -> str:
    """A game state or an observation as a picture: the grid with ``last_play`` (a cell)
    ringed, the start spot filled once a start card was played and the finish spot once the
    finish card was (a won game), how the game stands under the title (``won``, ``lost: no
    legal action``, or who is to move), and beside the grid each player's hand and deck size;
    an observation adds its player's own hand, and holds nothing else of any hand. Every
    picture of one game has the same size.

    >>> from tranquility_solver.game import new_game
    >>> svg = render_game_svg(new_game(2, seed=1).observation(0), last_play="c3")
    >>> "your hand: 3 5 12 45 68" in svg and "last play" in svg
    True
    """
    if not isinstance(game, GameState | Observation):
        raise TypeError(f"render_game_svg needs a GameState or an Observation, got {game!r}")
    outcome = game.outcome
    if outcome is None:
        status = (f"P{game.current_player} to move ({game.phase} phase), turn {game.turn}", INK)
    elif outcome.won:
        status = ("won: the finish card is played on the full grid", WON_COLOUR)
    else:
        seen = game if isinstance(game, Observation) else game.observation(game.current_player)
        status = (f"lost: {loss_reason(seen)}", LOST_COLOUR)
    if isinstance(game, GameState):
        hand_sizes = tuple(len(hand) for hand in game.hands)
        finish_played = game.finish_played
        discards = len(game.discards)
    else:
        hand_sizes = game.hand_sizes
        finish_played = outcome is not None and outcome.won
        discards = game.discard_count
    side = ["players"]
    for seat, (hand, deck) in enumerate(zip(hand_sizes, game.deck_sizes, strict=True)):
        mark = " (to move)" if outcome is None and seat == game.current_player else ""
        side.append(f"P{seat}: hand {hand}, deck {deck}{mark}")
    if isinstance(game, Observation):
        cards = " ".join(map(card_text, game.hand)) or "(empty)"
        # A no-break space indents the wrapped part: SVG collapses leading spaces.
        side.extend(
            textwrap.wrap(f"your hand: {cards}", SIDE_CHARS, subsequent_indent="\u00a0" * 4)
        )
    side.append(f"discards: {discards}")
    return draw_picture(
        Picture(
            game.grid,
            title=title or f"Tranquility, turn {game.turn}",
            caption=(status,),
            spots={"start": game.start_played, "finish": finish_played},
            last_play=None if last_play is None else cell_index(last_play),
            side=tuple(side),
            side_chars=SIDE_CHARS,
        )
    )
