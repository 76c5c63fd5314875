"""The pages in Chromium: a whole game of each played by clicks, two browsers at one game, the
table assistant, stepping through a record, and a server started again in the middle of a game.

The seat's moves are chosen by the library's bots from the seat's observation; the test only
turns each into the clicks a person would make.
"""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.types import ASGIApp, Message, Receive, Scope, Send

import tobago_solver as tb
import tranquility_solver as tq
from tests.web.browser import LiveServer, chromium, start_server
from tobago_solver.game.actions import Move, Play
from tranquility_solver.game import Discard, Finish, Share, Start
from tranquility_solver.game import Play as CardPlay
from tranquility_solver.game.choices import card_text

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1280, "height": 800}


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from chromium()


@pytest.fixture
def tobago(tmp_path: Path) -> Iterator[LiveServer]:
    live = start_server("tobago", tmp_path)
    yield live
    live.stop()


@pytest.fixture
def tranquility(tmp_path: Path) -> Iterator[LiveServer]:
    live = start_server("tranquility", tmp_path)
    yield live
    live.stop()


def _ids(page: Any) -> tuple[str, str]:
    found = re.search(r"/game/([^/]+)/([^/?#]+)", page.url)
    assert found, page.url
    return found.group(1), found.group(2)


def _my_turn_or_over(page: Any, version: int = -1) -> str:
    """Wait until the page shows a version past ``version`` and it is the seat's turn (or the
    game is over); the status line."""
    page.wait_for_function(
        """(version) => {
            const shown = Number(document.body.dataset.version ?? -1);
            const status = document.getElementById("status").textContent;
            const ready = status.includes("your turn") || status.startsWith("game over");
            return shown > version && ready;
        }""",
        arg=version,
        timeout=60_000,
    )
    return str(page.locator('[role="status"]').inner_text())


def _deal(page: Any, url: str, players: int, seed: int, island: str | None = None) -> None:
    """The new-game page: P0 a person, the others the default bot."""
    page.goto(url + "/")
    page.select_option("#players", str(players))
    if island is not None:
        page.select_option("#island", island)
    page.fill('input[name="seed"]', str(seed))
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r"/game/"))


def test_a_whole_tobago_game_played_by_clicks(browser: Any, tobago: LiveServer) -> None:
    page = browser.new_page(viewport=DESKTOP)
    _deal(page, tobago.url, 2, seed=5, island="ABC-2")
    game, _ = _ids(page)
    bot, rng = tb.GreedyBot(), random.Random(1)
    clicks = 0
    while not _my_turn_or_over(page, tobago.games.get(game).version - 1).startswith("game over"):
        live = tobago.games.get(game)
        version = live.version
        action = bot.choose(live.state.observation(0), rng)
        if isinstance(action, Play):
            page.locator(f'#hand button[data-card="{action.clue}"]').first.click()
            name = tb.MAP_NAMES[action.map]
            page.locator(f'#choices button[data-map="{name}"]:not([disabled])').click()
        elif isinstance(action, Move):
            field = page.locator(f'#board polygon.field.target[data-field="{action.destination}"]')
            field.click()
        else:
            page.locator(f'#choices button[data-action="{action}"]').click()
        clicks += 1
        page.wait_for_function(
            "(v) => Number(document.body.dataset.version) > v", arg=version, timeout=60_000
        )
    status = page.locator('[role="status"]').inner_text()
    assert re.search(r"game over \(.+\): P\d.* (wins|share the win)", status), status
    assert clicks >= 5
    assert "refused" not in page.locator("#message").inner_text()
    # The end: the record downloads, and the replay steps through it with the keyboard.
    record = page.locator("#record")
    assert record.is_visible()
    download = page.request.get(tobago.url + record.get_attribute("href"))
    assert "tobago-game-record" in download.text()
    page.locator("#replay").click()
    page.wait_for_selector("#viewer:not([hidden])")
    assert page.locator("#caption").inner_text().startswith("step 0 of")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("document.getElementById('caption').textContent.startsWith('step 1 ')")
    page.keyboard.press("End")
    page.wait_for_function("document.getElementById('frame').textContent.includes('game over')")
    page.close()


def _click_tranquility(page: Any, action: Any, version: int) -> None:
    hand = page.locator("#hand button.card")
    if isinstance(action, CardPlay):
        page.locator(f'#hand button[data-card="{action.card}"]').first.click()
        cell = f'#board g.target[data-cell="{action.cell}"] rect'
        page.locator(cell).first.click()
        _confirm(page, cell, version)
    elif isinstance(action, Discard):
        page.locator("#discard").click()
        cards = [card_text(card) for card in action.cards]
        texts = [hand.nth(i).inner_text() for i in range(hand.count())]
        for index, text in enumerate(texts):
            if text in cards:
                cards.remove(text)
                hand.nth(index).click()
        page.locator("#discard").click()
        _confirm(page, "#discard", version)
    elif isinstance(action, Start | Finish):
        page.locator(f'#choices button[data-action="{action}"]').click()
        _confirm(page, f'#choices button[data-action="{action}"]', version)
    elif isinstance(action, Share):
        cards = [card_text(card) for card in action.cards]
        texts = [hand.nth(i).inner_text() for i in range(hand.count())]
        for index, text in enumerate(texts):
            if text in cards:
                cards.remove(text)
                hand.nth(index).click()
        page.locator('#choices button[data-action^="share"]').click()
        _confirm(page, '#choices button[data-action^="share"]', version)


def _confirm(page: Any, selector: str, version: int) -> None:
    """Wait until the move is made or warned of; warned once, the same click makes it."""
    try:
        page.wait_for_function(
            """(version) => Number(document.body.dataset.version) > version
                || document.getElementById("message").dataset.kind === "warning" """,
            arg=version,
            timeout=60_000,
        )
    except Exception as error:
        shown = page.locator("#message").inner_text()
        status = page.locator('[role="status"]').inner_text()
        raise AssertionError(f"clicked {selector}: the page says {shown!r}; {status!r}") from error
    if page.locator("#message").get_attribute("data-kind") == "warning":
        page.locator(selector).first.click()


def test_a_whole_tranquility_game_played_by_clicks(browser: Any, tranquility: LiveServer) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 844})
    _deal(page, tranquility.url, 1, seed=3)
    game, _ = _ids(page)
    bot, rng = tq.HeuristicBot(), random.Random(2)
    while not _my_turn_or_over(page, tranquility.games.get(game).version - 1).startswith(
        "game over"
    ):
        live = tranquility.games.get(game)
        version = live.version
        _click_tranquility(page, bot.choose(live.state.observation(0), rng), version)
        page.wait_for_function(
            "(v) => Number(document.body.dataset.version) > v", arg=version, timeout=60_000
        )
    status = page.locator('[role="status"]').inner_text()
    assert status.startswith(("game over: won", "game over: lost: ")), status
    assert tranquility.games.get(game).version > 20
    page.close()


def _late_answers_to_moves(app: ASGIApp) -> ASGIApp:
    """The app, answering a move a second late (the move itself is made at once)."""

    async def late(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not scope["path"].endswith("/actions"):
            await app(scope, receive, send)
            return

        async def send_late(message: Message) -> None:
            if message["type"] == "http.response.start":
                await asyncio.sleep(1.0)
            await send(message)

        await app(scope, receive, send_late)

    return late


def test_a_move_made_before_the_last_one_is_answered_is_not_lost(
    browser: Any, tmp_path: Path
) -> None:
    # The server's events show the new position before the answer to the move arrives; a
    # player who moves on at once (as a quick person, or a loaded machine, does) is heard.
    live = start_server("tranquility", tmp_path, wrap=_late_answers_to_moves)
    try:
        page = browser.new_page(viewport=DESKTOP)
        _deal(page, live.url, 1, seed=3)
        game, _ = _ids(page)
        _my_turn_or_over(page)
        state = live.games.get(game).state
        bot, rng = tq.HeuristicBot(), random.Random(2)
        first = bot.choose(state.observation(0), rng)
        second = bot.choose(state.apply(first).observation(0), rng)
        for number, action in enumerate((first, second), start=1):
            page.fill("#move", str(action))
            page.press("#move", "Enter")
            page.wait_for_function(
                "(v) => Number(document.body.dataset.version) >= v", arg=number, timeout=60_000
            )
        page.wait_for_timeout(1_500)  # the late answers arrive; neither is refused
        assert "refused" not in page.locator("#message").inner_text()
        assert [text for _, text in live.games.get(game).actions] == [str(first), str(second)]
        page.close()
    finally:
        live.stop()


def test_two_browsers_see_each_others_moves_and_never_each_others_hand(
    browser: Any, tranquility: LiveServer
) -> None:
    answer = browser.new_page().request.post(
        tranquility.url + "/api/games", data={"players": 2, "humans": [0, 1], "seed": 1}
    )
    created = answer.json()
    pages = []
    for seat in ("0", "1"):
        context = browser.new_context(viewport=DESKTOP)
        page = context.new_page()
        page.goto(tranquility.url + created["links"][seat])
        page.wait_for_function("Number(document.body.dataset.version) >= 0")
        pages.append(page)
    state = tranquility.games.get(created["id"]).state
    for seat, page in enumerate(pages):
        shown = page.locator("#hand button.card").all_inner_texts()
        assert shown == [str(card) for card in state.hands[seat]]
        other = " ".join(str(card) for card in state.hands[1 - seat])
        assert f"your hand: {other}" not in page.content()
    card = min(state.hands[0])  # the lowest card on a1 keeps the grid fillable: no warning
    pages[0].locator(f'#hand button[data-card="{card}"]').click()
    pages[0].locator('#board g.target[data-cell="a1"] rect').click()
    # The other browser sees it without reloading, pushed by the server's events.
    pages[1].wait_for_selector(f'#log li:has-text("P0: play {card} a1")', timeout=3_000)
    assert "your turn" in pages[1].locator('[role="status"]').inner_text()
    assert pages[1].locator('#board g[data-cell="a1"] text').first.text_content() == str(card)
    for page in pages:
        page.context.close()


def test_the_assistant_follows_a_table(browser: Any, tobago: LiveServer) -> None:
    page = browser.new_page(viewport=DESKTOP)
    page.goto(tobago.url + "/assist")
    grey = page.locator('.map-box[data-map="grey"]')
    grey.locator("select").wait_for()
    grey.locator("select").select_option("in lake")
    page.wait_for_function("document.getElementById('said').textContent.includes('grey: in lake')")
    assert "grey (7)" in grey.locator(".where").inner_text()
    refused = grey.locator('option[value="not in lake"]')
    assert refused.is_disabled()
    assert "not allowed" in refused.inner_text()
    grey.locator("button", has_text="show on the island").click()
    page.wait_for_function(
        "document.querySelectorAll('#board polygon.field.highlight').length === 7"
    )
    page.locator("#undo").click()
    page.wait_for_function(
        "document.querySelector('.map-box[data-map=grey] .where').textContent.includes('no clue')"
    )
    page.close()


def test_a_game_goes_on_after_the_server_starts_again(
    browser: Any, tmp_path: Path, tobago: LiveServer
) -> None:
    page = browser.new_page(viewport=DESKTOP)
    _deal(page, tobago.url, 2, seed=2)
    game, _ = _ids(page)
    _my_turn_or_over(page)
    page.locator("#hand button.card").first.click()
    page.locator('#choices button[data-map="grey"]').click()
    _my_turn_or_over(page, 1)
    before = page.locator("#log li").all_inner_texts()
    tobago.stop()
    again = start_server("tobago", tmp_path, port=tobago.port)
    try:
        # The page's event stream reconnects by itself; a reload shows the same game too.
        page.reload()
        _my_turn_or_over(page, 1)
        assert page.locator("#log li").all_inner_texts() == before
        page.locator("#hand button.card").first.click()
        page.locator('#choices button[data-map="brown"]').click()
        _my_turn_or_over(page, 3)
        assert again.games.get(game).version >= 4
    finally:
        again.stop()
    page.close()
