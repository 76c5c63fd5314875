"""Screenshots of the web pages for docs/web.md, at 1280 × 800 and 390 × 844.

Starts ``tobago serve`` and ``tranquility serve`` on free ports with a fresh data folder, plays
a few moves by clicks in Chromium (Debian's ``chromium``) and writes the PNGs into the folder
named (default: ``web-screenshots`` here); the docs' pictures are made with

    python examples/web_screenshots.py docs/web
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
OUT = Path(sys.argv[1] if len(sys.argv) > 1 else "web-screenshots")
SIZES = {"wide": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


def serve(game: str, data: str) -> tuple[subprocess.Popen[str], str]:
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            f"{game}_solver",
            "serve",
            "--port",
            "0",
            "--no-browser",
            "--data",
            data,
            "--bot-delay",
            "0",
        ],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert process.stdout is not None
    return process, process.stdout.readline().strip().removeprefix("serving on ").rstrip("/")


def turn(page: Page, after: int = -1) -> int:
    """Wait for the seat's turn at a version past ``after``; that version."""
    page.wait_for_function(
        """(after) => Number(document.body.dataset.version ?? -1) > after
            && document.getElementById('status').textContent.includes('your turn')""",
        arg=after,
        timeout=20_000,
    )
    return int(page.evaluate("Number(document.body.dataset.version)"))


def shots(page: Page, name: str, size: str) -> None:
    page.screenshot(path=str(OUT / f"{name}-{size}.png"), full_page=size == "phone")


def tobago(page: Page, url: str, size: str) -> None:
    page.goto(url + "/")
    page.select_option("#island", "ABC-2")
    page.select_option("#players", "3")
    page.fill('input[name="seed"]', "7")
    shots(page, "tobago-new", size)
    page.click("button[type=submit]")
    page.wait_for_url("**/game/**")
    version = turn(page)
    page.locator("#hand button.card").nth(1).click()
    page.locator('#choices button[data-map="grey"]').click()
    turn(page, version)
    page.locator("#hand button.card").nth(0).click()
    page.locator('#choices button[data-map="brown"]:not([disabled])').wait_for()
    shots(page, "tobago-game", size)
    page.locator("#hand button.card").nth(0).click()  # no card chosen: the fields to drive to
    page.locator("#hint").click()
    page.wait_for_function("!document.getElementById('advice').textContent.includes('thinking')")
    shots(page, "tobago-move", size)
    page.goto(url + "/assist")
    grey = page.locator('.map-box[data-map="grey"] select')
    grey.wait_for()
    grey.select_option("in sight of sea")
    page.wait_for_function("document.getElementById('said').textContent.includes('grey')")
    page.locator('.map-box[data-map="brown"] select').select_option("in lake")
    page.wait_for_function("document.getElementById('said').textContent.includes('brown')")
    page.locator('.map-box[data-map="grey"] button', has_text="show on the island").click()
    page.wait_for_timeout(300)
    shots(page, "tobago-assist", size)


def tranquility(page: Page, url: str, size: str) -> None:
    page.goto(url + "/")
    page.select_option("#players", "2")
    page.fill('input[name="seed"]', "4")
    page.click("button[type=submit]")
    page.wait_for_url("**/game/**")
    version = -1
    for _ in range(3):
        version = turn(page, version)
        page.locator("#hand button.card:not(.unplayable)").first.click()
        page.locator("#board g.target rect").first.click()
        page.wait_for_timeout(200)
        if page.locator("#message").get_attribute("data-kind") == "warning":
            page.locator("#board g.target rect").first.click()
    turn(page, version)
    page.locator("#hand button.card:not(.unplayable)").nth(1).click()
    page.locator("#board g.target").first.wait_for()
    shots(page, "tranquility-game", size)


def main() -> int:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        print("web_screenshots.py needs Chromium: apt-get install chromium", file=sys.stderr)
        return 2
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as data, sync_playwright() as playwright:
        servers: dict[str, tuple[subprocess.Popen[str], str]] = {}
        try:
            for game in ("tobago", "tranquility"):
                servers[game] = serve(game, data)
            browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
            try:
                for size, viewport in SIZES.items():
                    page = browser.new_page(viewport=viewport)  # type: ignore[arg-type]
                    tobago(page, servers["tobago"][1], size)
                    tranquility(page, servers["tranquility"][1], size)
                    page.close()
            finally:
                browser.close()
        finally:
            # Whatever failed, the servers stop: left running they would hold this script's
            # output open and keep whoever waits for it waiting.
            for process, _ in servers.values():
                process.terminate()
                process.wait(timeout=20)
    for picture in sorted(OUT.glob("*.png")):
        print(f"wrote {picture}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
