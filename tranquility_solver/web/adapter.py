"""Tranquility for the web server: dealing a game, a seat's observation as JSON, its moves (full
text or the terminal's short forms, refused with the engine's reason as a deal of the unseen
cards gives it), the once-only warning, bots, pictures, records and the cells a card fits.

>>> from tabletop_web.setup import Setup
>>> adapter = TranquilityAdapter()
>>> state = adapter.start(Setup(2, ("human", "heuristic"), "seed", 1))
>>> seen = adapter.observation(state, 0)
>>> seen["turn"], seen["current_player"], seen["over"], seen["hand"]
(0, 0, False, ['3', '5', '12', '45', '68'])
>>> adapter.apply(state, 0, "3 a1").action
'play 3 a1'
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

from starlette.routing import BaseRoute

from tabletop_web.adapter import Applied, Frame
from tabletop_web.errors import UnprocessableError
from tabletop_web.setup import Choices, Setup
from tranquility_solver.analysis.odds import win_odds
from tranquility_solver.errors import TranquilityError
from tranquility_solver.game import Play
from tranquility_solver.game.actions import parse_action
from tranquility_solver.game.observation import Observation
from tranquility_solver.game.records import GameRecord, replay
from tranquility_solver.game.setup import new_game
from tranquility_solver.game.state import GameState
from tranquility_solver.grid import CELL_NAMES
from tranquility_solver.web.library import (
    BOTS,
    action_seen,
    card_targets,
    card_text,
    hint_text,
    loss_reason,
    make_bot,
    move_warning,
    parse_card,
    read_action,
    record_of,
    refusal,
    render_game_svg,
)

PRESETS: Final = ("seed", "published")
ODDS_SAMPLES: Final = 12
"""Deals the odds button asks of: fewer than the terminal's 30, so the answer comes in seconds."""
ODDS_TIME_LIMIT: Final = 0.5
"""Seconds the deal solver spends on one deal before calling it undecided (the answer says how
many were)."""


class TranquilityAdapter:
    """Tranquility's part of the server (see :class:`tabletop_web.adapter.GameAdapter`)."""

    name = "tranquility"
    title = "Tranquility"

    def choices(self) -> Choices:
        """One to five players, every bot of the library."""
        return Choices(
            players=range(1, 6),
            bots=tuple(sorted(BOTS)),
            default_bot="heuristic",
            presets=PRESETS,
        )

    def check(self, setup: Setup) -> None:
        """Every set-up the shared reading lets through can be dealt."""

    def start(self, setup: Setup) -> GameState:
        """The deal of ``setup``."""
        return new_game(setup.players, seed=setup.seed, rules=setup.rules)

    def to_move(self, state: GameState) -> int | None:
        """The player to decide, or None at the end."""
        return None if state.is_terminal else state.current_player

    def apply(self, state: GameState, seat: int, text: str) -> Applied:
        """The seat's action, read as the terminal reads it; an illegal one is refused with the
        engine's reason for a deal of the cards the seat cannot see (the true deal's words
        could tell more)."""
        seen = state.observation(seat)
        try:
            reading = read_action(seen, text)
        except TranquilityError as error:
            raise UnprocessableError(str(error)) from None
        why = refusal(seen, reading.action)
        if why:
            raise UnprocessableError(why)
        return Applied(state.apply(reading.action), str(reading.action), reading.note)

    def bot_action(self, state: GameState, seat: int, bot: str, rng: random.Random) -> str:
        """The bot's choice from the seat's observation."""
        return str(make_bot(bot).choose(state.observation(seat), rng))

    def observation(self, state: GameState, seat: int) -> dict[str, Any]:
        """The seat's observation: the grid, the seat's own hand, sizes, the actions other
        than plays (a play is a card and a cell: ``targets`` lists the cells of a card)."""
        seen = state.observation(seat)
        over = seen.outcome is not None
        legal = seen.legal_actions() if not over and seen.current_player == seat else ()
        return {
            "game": "tranquility",
            "rules": seen.rules.name,
            "players": seen.players,
            "turn": seen.turn,
            "current_player": None if over else seen.current_player,
            "phase": seen.phase,
            "over": over,
            "result": _result(seen) if over else None,
            "status": _status(seen),
            "hand": [card_text(card) for card in seen.hand],
            "hand_sizes": list(seen.hand_sizes),
            "deck_sizes": list(seen.deck_sizes),
            "grid": {
                name: card
                for name, card in zip(CELL_NAMES, seen.grid.cells, strict=True)
                if card is not None
            },
            "start_played": seen.start_played,
            "discards": seen.discard_count,
            "share_left": seen.share_left,
            "playable": list(
                dict.fromkeys(card_text(a.card) for a in legal if isinstance(a, Play))
            ),
            "legal": [str(action) for action in legal if not isinstance(action, Play)],
            "legal_count": len(legal),
        }

    def picture(self, state: GameState, seat: int) -> str:
        """The table as the seat sees it."""
        return render_game_svg(state.observation(seat))

    def seen_action(self, state: GameState, player: int, action: str, seat: int) -> str:
        """Face-down discards (published) are a count to the other seats."""
        return action_seen(parse_action(action), state.rules, face_down_hidden=player != seat)

    def targets(self, state: GameState, seat: int, card: str | None) -> dict[str, Any]:
        """With a card chosen: its legal cells and the fewest cards each costs."""
        if card is None:
            return {"cells": {}}
        try:
            number = parse_card(card)
        except TranquilityError as error:
            raise UnprocessableError(str(error)) from None
        found = card_targets(state.observation(seat), number)
        return {"card": card_text(number), "cells": {t.cell: t.cost for t in found}}

    def preview(self, state: GameState, seat: int, text: str) -> str:
        """The warning before a move that may lose at once or leave a grid that cannot be
        filled (empty: none); an unreadable or illegal move is UnprocessableError."""
        seen = state.observation(seat)
        try:
            action = read_action(seen, text).action
        except TranquilityError as error:
            raise UnprocessableError(str(error)) from None
        why = refusal(seen, action)
        if why:
            raise UnprocessableError(why)
        return move_warning(seen, action)

    def hint(self, state: GameState, seat: int) -> str:
        """The safe plays: after them the grid can still be filled."""
        return hint_text(state.observation(seat))

    def odds(self, state: GameState, seat: int) -> str:
        """The team's odds from here, from deals of what the seat sees."""
        seen = state.observation(seat)
        if seen.outcome is not None:
            return f"the game is over: {_status(seen)}"
        return str(win_odds(seen, samples=ODDS_SAMPLES, seed=0, time_limit=ODDS_TIME_LIMIT))

    def record(
        self,
        setup: Setup,
        start: GameState,
        state: GameState,
        actions: Sequence[tuple[int, str]],
    ) -> str:
        """The record ``tranquility replay`` reads."""
        return record_of(state, setup.seats, actions).to_json() + "\n"

    def replay(self, record: str) -> list[Frame]:
        """Every state of a record, as everyone at the table saw it (no hand)."""
        try:
            parsed = GameRecord.from_json(record)
            states = list(replay(parsed))
        except (TranquilityError, ValueError) as error:
            raise UnprocessableError(f"not a Tranquility game record: {error}") from None
        frames = [Frame(render_game_svg(states[0], title="Tranquility · the deal"), "the deal")]
        for number, ((player, text), after) in enumerate(
            zip(parsed.actions, states[1:], strict=True), start=1
        ):
            shown = action_seen(parse_action(text), after.rules, face_down_hidden=True)
            caption = f"{number}. P{player}: {shown}"
            cell = text.split()[2] if text.startswith("play ") else None
            svg = render_game_svg(after, last_play=cell, title=f"Tranquility · {caption}")
            frames.append(Frame(svg, caption))
        return frames

    def routes(self) -> Sequence[BaseRoute]:
        """Tranquility has no pages of its own."""
        return ()


def _result(seen: Observation) -> dict[str, Any]:
    outcome = seen.outcome
    assert outcome is not None
    return {
        "won": outcome.won,
        "cause": outcome.cause,
        "text": "won" if outcome.won else f"lost: {loss_reason(seen)}",
    }


def _status(seen: Observation) -> str:
    outcome = seen.outcome
    if outcome is not None:
        if outcome.won:
            return "game over: won, the finish card is played on the full grid"
        return f"game over: lost: {loss_reason(seen)}"
    mover = seen.current_player
    who = "your turn" if mover == seen.player else f"P{mover} to move"
    return f"turn {seen.turn} · {who} (P{mover}, {seen.phase} phase); you are P{seen.player}"
