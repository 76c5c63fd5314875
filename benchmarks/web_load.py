"""Load on the web server: many games at once against one server on 127.0.0.1.

Each game has a simulated person at seat 0 and a bot at seat 1 (moving on the server), and two
listeners (two browser tabs of the person): each holds the game's event stream open and, at
every move, asks for the seat's observation with its picture, as the game page does. The person
waits for their turn, asks for the observation and the clickable targets as the page does,
thinks ``--think`` seconds and makes a legal move (a numbered action, ``#N``). A game that ends
is replaced by a new one until ``--seconds`` pass.

Reported: requests per second, latency p50/p95 of all requests (the event streams left out:
they stay open), p50/p95 of the moves alone (``POST .../actions``: the action's own server
time, a bot's thinking not included, since bots move after the answer), games finished, errors
(any answer other than the expected, or a failed connection).

    python benchmarks/web_load.py --game tranquility --games 50 --seconds 60
    python benchmarks/web_load.py --game tobago --games 50 --seconds 60 --json
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]


@dataclass
class Tally:
    """Every request's latency, the moves' apart, and the errors."""

    latencies: list[float] = field(default_factory=list)
    moves: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    finished: int = 0

    async def call(
        self,
        client: httpx.AsyncClient,
        method: str,
        url: str,
        move: bool = False,
        **options: object,
    ) -> httpx.Response | None:
        start = time.perf_counter()
        try:
            response = await client.request(method, url, **options)  # type: ignore[arg-type]
        except httpx.HTTPError as error:
            self.errors.append(f"{method} {url}: {type(error).__name__}")
            return None
        spent = time.perf_counter() - start
        self.latencies.append(spent)
        if move:
            self.moves.append(spent)
        if response.status_code >= 400:
            self.errors.append(f"{method} {url}: {response.status_code} {response.text[:120]}")
            return None
        return response


async def listener(
    client: httpx.AsyncClient, tally: Tally, game: str, token: str, done: asyncio.Event
) -> None:
    """A browser tab: the event stream, and the observation with its picture at each move."""
    try:
        async with client.stream(
            "GET", f"/api/games/{game}/events", params={"seat": token}, timeout=None
        ) as events:
            async for line in events.aiter_lines():
                if done.is_set():
                    return
                if line.startswith("data:"):
                    await tally.call(
                        client, "GET", f"/api/games/{game}", params={"seat": token, "svg": "1"}
                    )
    except httpx.HTTPError as error:
        if not done.is_set():
            tally.errors.append(f"events: {type(error).__name__}")


async def person(
    client: httpx.AsyncClient,
    tally: Tally,
    kind: str,
    think: float,
    stop: float,
    rng: random.Random,
) -> None:
    """One seat played until the game ends, then a new game, until ``stop``."""
    bot = "greedy" if kind == "tobago" else "heuristic"
    while time.monotonic() < stop:
        created = await tally.call(
            client,
            "POST",
            "/api/games",
            json={"players": 2, "humans": [0], "bots": bot, "seed": rng.randrange(10**6)},
        )
        if created is None:
            await asyncio.sleep(1)
            continue
        game, token = created.json()["id"], created.json()["seats"]["0"]
        done = asyncio.Event()
        tabs = [asyncio.create_task(listener(client, tally, game, token, done)) for _ in range(2)]
        try:
            while time.monotonic() < stop:
                answer = await tally.call(
                    client, "GET", f"/api/games/{game}", params={"seat": token, "svg": "1"}
                )
                if answer is None:
                    break
                seen = answer.json()
                if seen["over"]:
                    tally.finished += 1
                    break
                if seen["current_player"] != 0:
                    await asyncio.sleep(0.1)
                    continue
                await tally.call(
                    client, "GET", f"/api/games/{game}/targets", params={"seat": token}
                )
                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                count = len(seen["legal"]) if kind == "tobago" else seen["legal_count"]
                action = f"#{rng.randrange(count) + 1}"
                await tally.call(
                    client,
                    "POST",
                    f"/api/games/{game}/actions",
                    move=True,
                    json={"seat": token, "action": action},
                )
        finally:
            done.set()
            for tab in tabs:
                tab.cancel()


async def alone(client: httpx.AsyncClient, kind: str, moves: int = 40) -> list[float]:
    """An action's own server time: moves made one at a time in one game, nothing else
    running on the server (the person moves as soon as it is their turn again)."""
    tally = Tally()
    stop = time.monotonic() + 120
    bot = "greedy" if kind == "tobago" else "heuristic"
    while len(tally.moves) < moves and time.monotonic() < stop:
        created = await tally.call(
            client, "POST", "/api/games", json={"players": 2, "humans": [0], "bots": bot}
        )
        assert created is not None, tally.errors
        game, token = created.json()["id"], created.json()["seats"]["0"]
        while len(tally.moves) < moves and time.monotonic() < stop:
            answer = await tally.call(client, "GET", f"/api/games/{game}", params={"seat": token})
            assert answer is not None, tally.errors
            seen = answer.json()
            if seen["over"]:
                break
            if seen["current_player"] != 0:
                await asyncio.sleep(0.05)
                continue
            await tally.call(
                client,
                "POST",
                f"/api/games/{game}/actions",
                move=True,
                json={"seat": token, "action": "#1"},
            )
    return tally.moves


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


async def load(url: str, kind: str, games: int, seconds: float, think: float) -> dict[str, object]:
    tally = Tally()
    limits = httpx.Limits(max_connections=games * 4, max_keepalive_connections=games * 4)
    async with httpx.AsyncClient(base_url=url, limits=limits, timeout=30) as client:
        start = time.monotonic()
        stop = start + seconds
        await asyncio.gather(
            *(person(client, tally, kind, think, stop, random.Random(n)) for n in range(games))
        )
        spent = time.monotonic() - start
        solo = await alone(client, kind)
    return {
        "game": kind,
        "games_at_once": games,
        "seconds": round(spent, 1),
        "requests": len(tally.latencies),
        "requests_per_second": round(len(tally.latencies) / spent, 1),
        "p50_ms": round(1000 * statistics.median(tally.latencies), 1),
        "p95_ms": round(1000 * percentile(tally.latencies, 0.95), 1),
        "moves": len(tally.moves),
        "move_p50_ms": round(1000 * statistics.median(tally.moves), 1) if tally.moves else None,
        "move_p95_ms": round(1000 * percentile(tally.moves, 0.95), 1) if tally.moves else None,
        "games_finished": tally.finished,
        "alone_move_p50_ms": round(1000 * statistics.median(solo), 1),
        "alone_move_p95_ms": round(1000 * percentile(solo, 0.95), 1),
        "errors": len(tally.errors),
        # Other work on the machine shares its cores with the server and these clients.
        "load_average_1min": round(os.getloadavg()[0], 2),
        "cpus": os.cpu_count(),
        "first_errors": tally.errors[:5],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", choices=("tranquility", "tobago"), default="tranquility")
    parser.add_argument("--games", type=int, default=50, help="games at once (default 50)")
    parser.add_argument("--seconds", type=float, default=60, help="how long (default 60)")
    parser.add_argument(
        "--think", type=float, default=2.0, help="a person's seconds per move, ±50%% (default 2)"
    )
    parser.add_argument("--bot-delay", default="0.5", help="the server's --bot-delay (default 0.5)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data:
        server = subprocess.Popen(
            [
                sys.executable,
                "-m",
                f"{args.game}_solver",
                "serve",
                "--port",
                "0",
                "--no-browser",
                "--data",
                data,
                "--bot-delay",
                args.bot_delay,
            ],
            stdout=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        assert server.stdout is not None
        url = server.stdout.readline().strip().removeprefix("serving on ")
        try:
            figures = asyncio.run(load(url, args.game, args.games, args.seconds, args.think))
        finally:
            server.terminate()
            server.wait(timeout=20)
    if args.json:
        print(json.dumps(figures, indent=1))
    else:
        for key, value in figures.items():
            print(f"{key:<22} {value}")
    return 1 if figures["errors"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
