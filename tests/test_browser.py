"""``ginrummies serve`` end to end, in a real headless Chromium.

A person opens the page, starts a game with the keyboard, draws by key and
discards with the mouse; the moves are in the saved game. A second tab on
the same folder leaves that game alone; a tab closed mid-hand loses nothing,
and the next tab continues the game from the menu. Chromium and Playwright
must be there in CI (.ci/run installs them); elsewhere the test is skipped
when they are not.
"""

from __future__ import annotations

import functools
import http.server
import os
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from browser import (
    SEED,
    Table,
    answers,
    chromium,
    discard_by_mouse,
    draw_by_keyboard,
    free_port,
    launch,
    served,
    start_by_keyboard,
    wait_for,
)

from ginrummies.core import DrawStock
from ginrummies.store.files import LOCK_NAME, FolderLock

# a browser, a server and a game each: the quick run (-m 'not slow') leaves them out
pytestmark = pytest.mark.slow


def needs(what: str) -> None:
    """Skip without ``what``, except in CI, where its absence is a failure."""
    if os.environ.get("CI"):
        pytest.fail(f"{what} is missing: .ci/run installs it")
    pytest.skip(f"{what} is not installed")


@pytest.fixture(scope="module")
def playwright():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        needs("Playwright (pip install playwright)")
    try:
        import textual_serve  # noqa: F401
    except ImportError:
        needs("the web extra (pip install 'ginrummies[web]')")
    if chromium() is None:
        needs("Chromium (apt-get install chromium)")
    with sync_playwright() as p:
        yield p


def test_a_hand_played_in_the_browser_is_saved_and_continues(playwright, tmp_path: Path) -> None:
    folder = tmp_path / "data"
    with served(folder, "--seed", str(SEED)) as url:
        browser = launch(playwright)
        try:
            first = Table.open(browser, url, folder)
            start_by_keyboard(first)
            draw_by_keyboard(first)
            discard_by_mouse(first)
            first.page.screenshot(path=str(tmp_path / "browser.png"))
            wait_for(first.my_turn, "the person's next turn", timeout=60)
            game = first.saved()
            assert game is not None

            # a second tab on the folder plays a game of its own (a hand is
            # picked on its table) but leaves the first one's save alone
            second = Table.open(browser, url, folder)
            start_by_keyboard(second, started=second.picked_card)
            assert first.saved() == game
            second.page.close()

            # the keys a browser keeps for itself in places reach the game: F1
            # opens the help and Ctrl+P the palette (Esc closes each), Esc goes
            # to the menu and Enter back to the table
            # (the table's status line: below the palette, whose late lines
            # redraw the table around it; and a lone Esc is read as one only
            # once no key follows it at once, so the next waits for its screen)
            asked = "from the stock (d)"  # the person's turn: draw or take
            for key, shows in (
                ("F1", "mark the card picked"),  # the help's keys
                ("Escape", asked),  # the table
                ("Control+p", "for commands"),  # the palette's search
                ("Escape", asked),
                ("Escape", "Continue the game"),  # the menu
                ("Enter", asked),
            ):
                first.change(key, shows)  # each brings its screen: the next waits for it
            kept = first.kept_keys()
            for key in ("Enter", "F1", "Escape", "Control+p", "Control+s"):
                assert kept.get(key), f"Chromium was not kept from {key}: {kept}"
            wait_for(first.picked_card, "the table again")
            assert first.saved() == game

            # the first tab closed mid-hand: its app quits and lets go of the folder
            first.page.close()
            wait_for(lambda: _free(folder), "the closed tab's app to let go of the folder")
            assert first.saved() == game

            # the next tab: Continue (the menu's first choice) goes on with that hand
            third = Table.open(browser, url, folder)
            third.change("Enter", "deadwood")
            wait_for(third.picked_card, "the table of the game continued")
            wait_for(third.my_turn, "the person's turn in the game continued", timeout=60)
            before = third.moves()
            third.key_move("d")
            after = third.saved()
            assert after is not None and after.game_id == game.game_id
            assert third.moves()[: len(before)] == before
            assert third.moves()[-1][1] == DrawStock.__name__

            # quit from the menu: the page says so, and Enter opens the game again
            third.change("Escape", "Continue the game")
            third.change("q", "Quit ginrummies?")  # a game in progress: it asks first (issue 54)
            third.press("Enter")
            third.page.wait_for_selector("body.-closed", timeout=30_000)
            assert third.page.evaluate("document.activeElement.id") == "reopen"
            assert third.saved() == after
        finally:
            browser.close()


def test_ctrl_c_with_a_tab_open_stops_the_server_and_tells_the_tab(
    playwright, tmp_path: Path
) -> None:
    """Ctrl+C in the terminal (SIGINT to the server and the tabs' apps):
    the server stops at once rather than waiting on the open tab, says
    nothing alarming, and the tab shows the closed page."""
    port = free_port()
    command = [sys.executable, "-m", "ginrummies", "serve", "--port", str(port)]
    command += ["--data-dir", str(tmp_path)]
    server = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True
    )
    browser = launch(playwright)
    try:
        wait_for(lambda: answers(port), "the server to answer")
        tab = Table.open(browser, f"http://127.0.0.1:{port}", tmp_path)
        os.killpg(server.pid, signal.SIGINT)  # as a terminal's Ctrl+C does
        # the tab closed by the server or by its game, each on the Ctrl+C
        # (aiohttp alone would wait a minute for it, then drop it: 1006)
        tab.page.wait_for_selector("body.-closed", timeout=30_000)
        closed = tab.page.evaluate("window.gameClosed")
        assert closed in ([1000, ""], [1001, "the server stopped"]), closed
        try:
            printed, _ = server.communicate(timeout=30)  # a guard against a hang
        except subprocess.TimeoutExpired:
            raise AssertionError("the server never stopped after Ctrl+C") from None
        assert server.returncode == 0
        assert printed.splitlines()[-1].endswith("Ctrl+C stops the server."), printed
    finally:
        browser.close()
        if server.poll() is None:
            server.kill()


@contextmanager
def _another_site(tmp_path: Path) -> Iterator[str]:
    """A page served from another port of this machine; yields its address."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<p>another site</p>", encoding="utf-8")

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:
            pass

    handler = functools.partial(Quiet, directory=str(site))
    with http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler) as httpd:
        thread = threading.Thread(target=httpd.serve_forever, daemon=True)
        thread.start()
        try:
            yield f"http://127.0.0.1:{httpd.server_address[1]}/"
        finally:
            httpd.shutdown()


def _free(folder: Path) -> bool:
    lock = FolderLock(folder / LOCK_NAME)
    try:
        return lock.acquire()
    finally:
        lock.release()


def test_a_tab_over_the_limit_is_told_and_another_page_cannot_play(
    playwright, tmp_path: Path
) -> None:
    """serve --max-tabs 1: the second tab shows why it has no game and how to
    raise the limit, and plays once the first is closed. A page served from
    another local port cannot open the game's websocket."""
    folder = tmp_path / "data"
    with served(folder, "--max-tabs", "1") as url:
        browser = launch(playwright)
        try:
            first = Table.open(browser, url, folder)
            second = browser.new_page(viewport={"width": 1100, "height": 700})
            second.goto(url)
            second.wait_for_selector("body.-full", timeout=30_000)
            said = second.inner_text(".full-dialog")
            assert "at most 1 game at once (--max-tabs 1)" in said
            assert "ginrummies serve --max-tabs 8" in said
            assert second.is_hidden(".closed-dialog") and second.is_hidden(".intro-dialog")
            assert second.evaluate("document.activeElement.id") == "retry"
            second.screenshot(path=str(tmp_path / "full.png"))
            first.page.close()  # its place is free once its game has ended
            wait_for(lambda: _free(folder), "the closed tab's game to end")

            # a page served from another port of this machine: its websocket
            # is refused at the handshake (as a page of any other site)
            with _another_site(tmp_path) as other:
                page = browser.new_page()
                said_by_chromium: list[str] = []
                page.on("console", lambda message: said_by_chromium.append(message.text))
                page.goto(other)
                outcome = page.evaluate(
                    """(url) => new Promise(resolve => {
                        const ws = new WebSocket(url);
                        ws.onopen = () => resolve("opened");
                            ws.onclose = (e) => resolve("closed " + e.code);
                    })""",
                    url.replace("http://", "ws://") + "/ws",
                )
            assert outcome == "closed 1006"
            assert any("Unexpected response code: 403" in m for m in said_by_chromium)

            # the second tab's "Try again" (Enter): its game starts
            second.keyboard.press("Enter")
            second.wait_for_selector("body.-first-byte", timeout=30_000)
            assert second.is_hidden(".full-dialog")
        finally:
            browser.close()
