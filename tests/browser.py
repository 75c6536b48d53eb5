"""Playing through ``ginrummies serve`` in a real browser: Debian's Chromium
driven by Playwright, for tests/test_browser.py and screenshots/make.py.

The page is a terminal drawn on a canvas, so nothing on it can be read as
text: what the game did is read from its data folder (the save after every
move), where the picked card is from the pixels of a screenshot, and what a
key brought from the words the game sent the page to draw (its websocket's
output, kept by a script the test adds to the page).
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from procs import Proc, wait_until

from ginrummies.core import Discard, DrawStock, Match, Pass
from ginrummies.store.saves import SAVE_NAME, Saved, parse, replay

# Chromium as this machine's headless tests run it: no sandbox (root), no
# calls home (the network is closed, and each refused call costs time)
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# colours of the felt theme, the default: the picked card (card-cursor-background
# in themes/felt.toml), and Textual's accent, which a focused widget's border has
PICKED = (0xFD, 0xE6, 0x8A)
FOCUSED = (0x01, 0x78, 0xD4)
PERSON = 0  # the new-game form's first seat is the person
# kept before the page's own scripts run: every byte the game sends the
# page's terminal, as text (escape sequences and all), and how the game's
# websocket closed ([code, reason])
KEEP_OUTPUT = """(() => {
  const Native = window.WebSocket;
  const decoder = new TextDecoder();
  window.gameOutput = "";
  window.gameClosed = null;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (event) => {
        if (event.data instanceof ArrayBuffer) {
          window.gameOutput += decoder.decode(event.data, { stream: true });
        }
      });
      this.addEventListener("close", (event) => {
        window.gameClosed = [event.code, event.reason];
      });
    }
  };
})();"""
# a terminal's escape sequences (CSI, and OSC/DCS strings): not words
ESCAPES = re.compile(r"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b[PX^_\]].*?(?:\x1b\\|\x07)|\x1b.")
# the deal served (serve --seed: the new-game form's seed): one where the
# computer plays on for a few turns, so the test meets no end of a hand, and
# the person wins the cut (start_by_keyboard answers its question)
SEED = 2


def chromium() -> str | None:
    """The system's Chromium ($GINRUMMIES_CHROMIUM, else chromium on the PATH)."""
    return (
        os.environ.get("GINRUMMIES_CHROMIUM")
        or shutil.which("chromium")
        or shutil.which("chromium-browser")
    )


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def answers(port: int) -> bool:
    """Whether something answers on this machine's ``port``."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1):
            return True
    except OSError:
        return False


def wait_for(check: Callable[[], Any], what: str, timeout: float = 30.0) -> Any:
    """Look until ``check`` returns something true (procs.wait_until)."""
    return wait_until(check, what, guard=timeout)


@contextmanager
def served(folder: Path, *options: str) -> Iterator[str]:
    """``ginrummies serve`` on a free port with ``folder``; yields the address it printed."""
    port = free_port()
    command = [sys.executable, "-m", "ginrummies", "serve", "--port", str(port)]
    command += ["--data-dir", str(folder), *options]
    with tempfile.TemporaryDirectory() as tmp:
        server = Proc(command, Path(tmp) / "serve.out", dict(os.environ))
        try:
            said = server.wait_for(
                lambda text: re.search(r"http://\S+", text) is not None,
                "ginrummies serve to print its address",
            )
            found = re.search(r"http://\S+", said)
            assert found is not None
            # the address is printed as the server starts, a moment before it answers
            wait_for(lambda: answers(port), f"the server to answer on port {port}")
            yield found.group(0)
        finally:
            server.stop(gently=True)


class Table:
    """One browser tab on the served game, and the data folder it plays in."""

    def __init__(self, page: Any, folder: Path) -> None:
        self.page = page
        self.folder = folder

    @classmethod
    def open(cls, browser: Any, url: str, folder: Path) -> Table:
        page = browser.new_page(viewport={"width": 1100, "height": 700})
        page.add_init_script(KEEP_OUTPUT)
        page.goto(url)
        page.wait_for_selector("body.-first-byte", timeout=30_000)
        # whether the page kept each key from the browser (its default prevented)
        page.evaluate(
            """() => { window.keys = [];
            window.addEventListener('keydown', e => setTimeout(
                () => window.keys.push([(e.ctrlKey ? 'Control+' : '') + e.key,
                                        e.defaultPrevented]), 0), true); }"""
        )
        table = cls(page, folder)
        # the first bytes come before the app has drawn anything: keys count
        # once a widget has the keyboard (the menu, shown focused)
        wait_for(lambda: table.find(FOCUSED), "the app to be ready for keys")
        return table

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)

    def output_length(self) -> int:
        """How much the game has sent the page so far."""
        return int(self.page.evaluate("window.gameOutput.length"))

    def drawn(self, since: int) -> str:
        """The words the game has sent the page since ``since`` (escape
        sequences and runs of spaces as one space)."""
        sent = str(self.page.evaluate("(n) => window.gameOutput.slice(n)", since))
        return " ".join(ESCAPES.sub(" ", sent).split())

    def change(self, key: str, shows: str) -> None:
        """Press ``key`` and wait until the game has drawn ``shows``, words
        of the screen the key brings (so the next key meets that screen)."""
        since = self.output_length()
        self.press(key)
        wait_for(lambda: shows in self.drawn(since), f"{shows!r} drawn after {key}")

    def kept_keys(self) -> dict[str, bool]:
        """Each key pressed ("Control+p" with Ctrl): whether the browser was kept from it."""
        return {key: kept for key, kept in self.page.evaluate("window.keys")}

    # --- the game, as saved ------------------------------------------------------

    def saved(self) -> Saved | None:
        path = self.folder / SAVE_NAME
        if not path.exists():
            return None
        return parse(path.read_text(encoding="utf-8"))

    def match(self) -> Match:
        saved = self.saved()
        assert saved is not None, "no game is saved"
        return replay(saved)

    def moves(self) -> list[tuple[int, str]]:
        """The hand's moves so far: (seat, kind of move)."""
        return [(seat, type(a).__name__) for seat, a in self.match().hand.log]

    def played(self, kind: type) -> bool:
        """Whether the person has made a move of ``kind`` in this hand."""
        return (PERSON, kind.__name__) in self.moves()

    def my_turn(self) -> set[type]:
        """The kinds of move the person may make now (empty: not their turn)."""
        match = self.match()
        if match.round.is_over or match.seat_to_move() != PERSON:
            return set()
        return {type(a) for a in match.hand.legal_actions()}

    def key_move(self, key: str) -> None:
        """Press ``key`` and wait for the save to show a move more."""
        before = len(self.moves())
        self.press(key)
        wait_for(lambda: len(self.moves()) > before, f"the move of key {key!r} in the save")

    # --- the screen --------------------------------------------------------------

    def picked_card(self) -> tuple[float, float, float, float] | None:
        """The picked card's box on the page (x, y, width, height)."""
        return self.find(PICKED)

    def find(self, rgb: tuple[int, int, int]) -> tuple[float, float, float, float] | None:
        """The box on the page (x, y, width, height) of every pixel of colour ``rgb``."""
        shot = self.page.screenshot()
        return self.page.evaluate(
            """async ([png, rgb]) => {
                const image = new Image();
                image.src = 'data:image/png;base64,' + png;
                await image.decode();
                const canvas = document.createElement('canvas');
                canvas.width = image.width; canvas.height = image.height;
                const ctx = canvas.getContext('2d');
                ctx.drawImage(image, 0, 0);
                const px = ctx.getImageData(0, 0, image.width, image.height).data;
                let x0 = 1e9, y0 = 1e9, x1 = -1, y1 = -1;
                for (let y = 0; y < image.height; y++)
                    for (let x = 0; x < image.width; x++) {
                        const i = 4 * (y * image.width + x);
                        if (px[i] === rgb[0] && px[i + 1] === rgb[1] && px[i + 2] === rgb[2]) {
                            x0 = Math.min(x0, x); x1 = Math.max(x1, x);
                            y0 = Math.min(y0, y); y1 = Math.max(y1, y);
                        }
                    }
                const scale = window.devicePixelRatio;
                return x1 < 0 ? null
                    : [x0 / scale, y0 / scale, (x1 - x0 + 1) / scale, (y1 - y0 + 1) / scale];
            }""",
            [_base64(shot), list(rgb)],
        )

    def click(self, x: float, y: float) -> None:
        self.page.mouse.click(x, y)


def _base64(data: bytes) -> str:
    import base64

    return base64.b64encode(data).decode("ascii")


def start_by_keyboard(table: Table, started: Callable[[], Any] | None = None) -> None:
    """Menu → New game (Enter) → Start (Ctrl+S) → play first (Enter: the
    person wins the cut at SEED), and wait for ``started`` (by default:
    the game saved)."""
    table.change("Enter", "Variant")
    table.change("Control+s", "play first, or deal?")
    table.press("Enter")
    wait_for(started or table.saved, "a new game started with Enter and Ctrl+S")


def draw_by_keyboard(table: Table) -> None:
    """Play the person's turns by keyboard until they have drawn: pass on the
    first turn's upcard (p), then draw from the stock (d)."""
    while not table.played(DrawStock):
        legal = wait_for(table.my_turn, "the person's turn", timeout=60)
        if DrawStock in legal:
            table.key_move("d")
        elif Pass in legal:
            table.key_move("p")
        else:
            raise AssertionError(f"the person can neither draw nor pass: {legal}")


def discard_by_mouse(table: Table) -> None:
    """Click the card beside the picked one (it is picked, nothing is played),
    then click it again (it is discarded)."""
    wait_for(lambda: Discard in table.my_turn(), "the person's discard")
    box = wait_for(table.picked_card, "the picked card on the page")
    x, y, width, height = box
    step = width * 6 / 5  # a card is five cells wide, with a cell between cards
    target = (x - step if x > step * 2 else x + step) + width / 2, y + height / 2
    before = table.moves()
    table.click(*target)

    def moved() -> bool:
        now = table.picked_card()
        return now is not None and now[0] <= target[0] <= now[0] + now[2]

    wait_for(moved, "the card clicked to be picked")
    assert table.moves() == before, "a first click on a card only picks it"
    table.click(*target)
    wait_for(lambda: table.played(Discard), "the discard of the card clicked twice")


def launch(playwright: Any) -> Any:
    path = chromium()
    assert path is not None, "no Chromium on this machine"
    return playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)


def shoot(path: Path) -> None:
    """screenshots/browser.png: a served game, started and played by keyboard and mouse."""
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        folder = Path(tmp)
        with served(folder, "--seed", str(SEED)) as url:
            browser = launch(playwright)
            table = Table.open(browser, url, folder)
            start_by_keyboard(table)
            draw_by_keyboard(table)
            since = table.output_length()
            discard_by_mouse(table)
            wait_for(lambda: table.my_turn(), "the person's next turn", timeout=60)
            asked = "from the stock (d)"
            wait_for(lambda: asked in table.drawn(since), "the person asked to draw")
            table.page.screenshot(path=str(path))
            browser.close()
