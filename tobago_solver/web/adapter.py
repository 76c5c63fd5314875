"""Tobago for the web server: dealing a game, a seat's observation as JSON, its moves (full
text or the terminal's short forms), bots, pictures, records and the clickable targets.

>>> from tabletop_web.setup import Setup
>>> adapter = TobagoAdapter()
>>> state = adapter.start(Setup(2, ("human", "greedy"), "seed", 1, (("island", "ABC-1"),)))
>>> seen = adapter.observation(state, 0)
>>> seen["turn"], seen["current_player"], seen["over"], len(seen["hand"])
(0, 0, False, 6)
>>> adapter.apply(state, 0, "play 2 grey").action
'play in sight of sea on grey'
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

from starlette.routing import BaseRoute

import tobago_solver.islands as islands
from tabletop_web.adapter import Applied, Frame
from tabletop_web.errors import UnprocessableError
from tabletop_web.setup import Choices, Setup
from tobago_solver.errors import TobagoError
from tobago_solver.game.records import GameRecord, replay
from tobago_solver.game.rules import GameRules
from tobago_solver.game.setup import new_game
from tobago_solver.game.state import GameState
from tobago_solver.island import Island
from tobago_solver.rules import MAP_NAMES
from tobago_solver.web import assist
from tobago_solver.web.library import (
    BOTS,
    hint_text,
    make_bot,
    read_action,
    record_of,
    render_game_svg,
    targets,
)

PRESETS: Final = ("seed", "published")


class TobagoAdapter:
    """Tobago's part of the server (see :class:`tabletop_web.adapter.GameAdapter`)."""

    name = "tobago"
    title = "Tobago"

    def choices(self) -> Choices:
        """Two to four players; ``heuristic`` is read as Tobago's ``greedy`` bot."""
        return Choices(
            players=range(2, 5),
            bots=tuple(sorted(BOTS)),
            default_bot="greedy",
            presets=PRESETS,
            extra={"island": islands.default().name},
            aliases={"heuristic": "greedy"},
            options={"island": islands.names()},
        )

    def check(self, setup: Setup) -> None:
        """An island the library does not bundle is UnprocessableError."""
        self._island(setup)

    def _island(self, setup: Setup) -> Island:
        try:
            return islands.get(setup.get("island"))
        except TobagoError as error:
            raise UnprocessableError(str(error)) from None

    def start(self, setup: Setup) -> GameState:
        """The deal of ``setup``."""
        rules = GameRules.named(setup.rules)
        return new_game(self._island(setup), setup.players, seed=setup.seed, rules=rules)

    def to_move(self, state: GameState) -> int | None:
        """The player to decide (in a bonus step, the same again), or None at the end."""
        return None if state.is_terminal else state.to_move

    def apply(self, state: GameState, seat: int, text: str) -> Applied:
        """The seat's action, read as the terminal reads it; refusals carry the engine's
        reason."""
        try:
            reading = read_action(state.observation(seat), text)
            return Applied(state.apply(reading.action), str(reading.action), reading.note)
        except TobagoError as error:
            raise UnprocessableError(str(error)) from None

    def bot_action(self, state: GameState, seat: int, bot: str, rng: random.Random) -> str:
        """The bot's choice from the seat's observation."""
        return str(make_bot(bot).choose(state.observation(seat), rng))

    def observation(self, state: GameState, seat: int) -> dict[str, Any]:
        """The seat's observation: the public board, the seat's own hand, its legal actions."""
        seen = state.observation(seat)
        over = state.is_terminal
        return {
            "game": "tobago",
            "island": seen.island.name,
            "rules": seen.rules.name,
            "players": seen.players,
            "turn": seen.turn,
            "current_player": None if over else seen.to_move,
            "phase": seen.phase,
            "over": over,
            "result": _result(state) if over else None,
            "status": _status(state, seat),
            "hand": [str(clue) for clue in seen.hand],
            "hand_sizes": list(seen.hand_sizes),
            "maps": [
                {
                    "name": MAP_NAMES[index],
                    "clues": [str(clue) for clue in map_state.clues],
                    "candidates": map_state.candidates_mask.bit_count(),
                }
                for index, map_state in enumerate(seen.maps)
            ],
            "cars": list(seen.cars),
            "amulets": list(seen.amulets),
            "amulets_held": list(seen.amulets_held),
            "gold": [sum(cards) for cards in seen.gold],
            "treasure_deck": seen.treasure_deck_size,
            "legal": [str(action) for action in seen.legal_actions],
        }

    def picture(self, state: GameState, seat: int) -> str:
        """The board as the seat sees it."""
        seen = state.observation(seat)
        return render_game_svg(seen, title=f"{seen.island.name}, turn {seen.turn}")

    def seen_action(self, state: GameState, player: int, action: str, seat: int) -> str:
        """Every Tobago action is played in the open."""
        return action

    def targets(self, state: GameState, seat: int, card: str | None) -> dict[str, Any]:
        """The fields to drive to, the maps each card may go on, the other actions."""
        found = targets(state.observation(seat))
        return {
            "fields": list(found.fields),
            "maps": dict(found.maps),
            "others": list(found.others),
        }

    def preview(self, state: GameState, seat: int, text: str) -> str:
        """Tobago warns of nothing: a legal move is made at once (an unreadable one is
        UnprocessableError)."""
        self.apply(state, seat, text)
        return ""

    def hint(self, state: GameState, seat: int) -> str:
        """The actions the library's advice ranks first, and why."""
        return hint_text(state.observation(seat))

    def odds(self, state: GameState, seat: int) -> str:
        """Tobago has no win odds."""
        return ""

    def record(
        self,
        setup: Setup,
        start: GameState,
        state: GameState,
        actions: Sequence[tuple[int, str]],
    ) -> str:
        """The record ``tobago replay`` reads."""
        texts = tuple(text for _, text in actions)
        actors = tuple(player for player, _ in actions)
        return record_of(start, state, setup.seats, texts, actors).to_json() + "\n"

    def replay(self, record: str) -> list[Frame]:
        """Every state of a record, drawn as everyone at the table saw it (no hand)."""
        try:
            parsed = GameRecord.from_json(record)
            states = list(replay(parsed))
        except (TobagoError, ValueError) as error:
            raise UnprocessableError(f"not a Tobago game record: {error}") from None
        name = parsed.island.name
        frames = [Frame(render_game_svg(states[0], title=f"{name} · the deal"), "the deal")]
        for number, (text, before, after) in enumerate(
            zip(parsed.actions, states, states[1:], strict=False), start=1
        ):
            caption = f"{number}. turn {before.turn} · P{before.to_move}: {text}"
            frames.append(Frame(render_game_svg(after, title=f"{name} · {caption}"), caption))
        return frames

    def routes(self) -> Sequence[BaseRoute]:
        """The table assistant and the islands' pictures."""
        return assist.routes()


def _result(state: GameState) -> dict[str, Any]:
    return {
        "scores": list(state.scores),
        "winners": list(state.winners),
        "end_reason": state.end_reason,
    }


def _status(state: GameState, seat: int) -> str:
    if state.is_terminal:
        scores = state.scores
        names = " and ".join(f"P{p}" for p in state.winners)
        you = " (you)" if seat in state.winners else ""
        verb = "wins" if len(state.winners) == 1 else "share the win"
        best = scores[state.winners[0]] if state.winners else 0
        return f"game over ({state.end_reason}): {names}{you} {verb} with {best} gold"
    who = "your turn" if state.to_move == seat else f"P{state.to_move} to move"
    return f"turn {state.turn} · {who} (P{state.to_move}, {state.phase}); you are P{seat}"
