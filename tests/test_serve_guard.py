"""What ``ginrummies serve`` lets in: the websocket's origin, the number of
tabs, the messages a tab sends, the static folder.

The server runs in the test's own event loop (aiohttp's test server on a
free port), each tab's game being a small stand-in that speaks
textual-serve's protocol and echoes back what reaches it: so a test sees
exactly which keys and sizes got through to the game, and which did not.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import shlex
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from aiohttp import ClientWebSocketResponse, WSMsgType, WSServerHandshakeError
from aiohttp.test_utils import TestClient, TestServer
from hypothesis import given
from hypothesis import strategies as st

from ginrummies.web.guard import (
    MOST_CELLS,
    MOST_KEYS,
    Focus,
    Keys,
    Ping,
    Resize,
    cells_from_text,
    host_allowed,
    origin_allowed,
    parse_message,
)
from ginrummies.web.serve import TEMPLATES
from ginrummies.web.tabs import FULL_CODE, TabServer, full_words

# a tab's game, as textual-serve runs it: says it is ready, tells its size,
# then echoes every packet it is sent (keys as "keys ...", the rest as
# "meta {...}") until it is told to quit
STAND_IN = """
import json, os, sys
out, read = sys.stdout.buffer, sys.stdin.buffer.read
def send(data):
    out.write(b"D" + len(data).to_bytes(4, "big") + data)
    out.flush()
out.write(b"__GANGLION__\\n")
send(("size %sx%s" % (os.environ["COLUMNS"], os.environ["ROWS"])).encode())
while len(head := read(5)) == 5:
    payload = read(int.from_bytes(head[1:], "big"))
    if head[:1] == b"D":
        send(b"keys " + payload)
        continue
    meta = json.loads(payload)
    if meta["type"] == "quit":
        break
    send(b"meta " + json.dumps(meta, sort_keys=True).encode())
"""


class QuietServer(TabServer):
    async def on_startup(self, app: Any) -> None:
        pass  # textual-serve's banner


@asynccontextmanager
async def serving(
    tmp_path: Path, *, max_tabs: int = 4, host: str = "127.0.0.1", game: str = STAND_IN
) -> AsyncIterator[tuple[TabServer, TestClient[Any, Any]]]:
    script = tmp_path / "stand_in.py"
    script.write_text(game, encoding="utf-8")
    server = QuietServer(
        shlex.join([sys.executable, str(script)]),
        host=host,
        port=0,
        title="ginrummies",
        templates_path=TEMPLATES,
        max_tabs=max_tabs,
        place_wait=0.0,
    )
    app = await server._make_app()
    async with TestClient(TestServer(app, host="127.0.0.1")) as client:
        yield server, client


GUARD = 60.0  # seconds a whole test may take: a hang is a failure, not a stall
SAID_GUARD = 20.0  # seconds the tab's next message may take


def waiting_at(coro: Any) -> str:
    """Where a coroutine waits: each coroutine it awaits, by name and line."""
    where = []
    while coro is not None and getattr(coro, "cr_frame", None) is not None:
        where.append(f"{coro.cr_code.co_name} (line {coro.cr_frame.f_lineno})")
        coro = coro.cr_await
    return " > ".join(where) or "?"


def run(test: Callable[[], Awaitable[None]]) -> None:
    """Run the test's steps; after GUARD seconds (a guard against a hang)
    fail, saying where it waited."""

    async def guarded() -> None:
        steps = asyncio.ensure_future(test())
        await asyncio.wait({steps}, timeout=GUARD)
        if steps.done():
            return steps.result()
        where = waiting_at(steps.get_coro())
        steps.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await steps
        raise AssertionError(f"never the test's steps all done (in {GUARD:.0f} s): at {where}")

    asyncio.run(guarded())


async def said(ws: ClientWebSocketResponse) -> str:
    """The next thing the tab is sent: the game's output, or the server's answer."""
    try:
        message = await ws.receive(timeout=SAID_GUARD)
    except TimeoutError:
        raise AssertionError(f"never the tab's next message (in {SAID_GUARD:.0f} s)") from None
    if message.type == WSMsgType.BINARY:
        return bytes(message.data).decode("utf-8")
    assert message.type == WSMsgType.TEXT, f"the tab was closed: {message}"
    return str(message.data)


async def open_tab(
    client: TestClient[Any, Any], origin: str | None = None, query: str = ""
) -> ClientWebSocketResponse:
    headers = {} if origin is None else {"Origin": origin}
    return await client.ws_connect("/ws" + query, headers=headers)


def own_origin(client: TestClient[Any, Any]) -> str:
    return f"http://127.0.0.1:{client.port}"


# --- the origin -----------------------------------------------------------------


def test_a_websocket_from_another_page_is_refused_before_any_game_starts(
    tmp_path: Path,
) -> None:
    async def test() -> None:
        async with serving(tmp_path) as (server, client):
            port = client.port
            for origin in (
                f"http://127.0.0.1:{port + 1}",  # a page served from another local port
                f"http://localhost:{port + 1}",
                "http://evil.example",
                f"http://evil.example:{port}",
                f"https://127.0.0.1:{port}",  # another scheme is another origin
                "null",  # a sandboxed frame, a file:// page
                "",
            ):
                with pytest.raises(WSServerHandshakeError) as refused:
                    await open_tab(client, origin)
                assert refused.value.status == 403, origin
            assert not server.games and server.places.taken == 0  # no game started

            # the server's own page opens it, and the game starts
            ws = await open_tab(client, own_origin(client))
            assert await said(ws) == "size 80x24"
            assert len(server.games) == 1
            await ws.close()

    run(test)


def test_a_client_that_is_no_browser_sends_no_origin_and_plays(tmp_path: Path) -> None:
    async def test() -> None:
        async with serving(tmp_path) as (_, client):
            ws = await open_tab(client)
            assert await said(ws) == "size 80x24"
            await ws.close()

    run(test)


def test_a_closed_tabs_game_has_ended_when_its_place_is_free(tmp_path: Path) -> None:
    """Its process waited for and its pipes read to the end while the server
    runs (else they are closed after the loop, with a traceback)."""

    # a game that takes its time to end once its output is closed (as the
    # app does, saving and closing its files)
    slow_to_end = STAND_IN + "sys.stdout.close()\nimport time\ntime.sleep(0.5)\n"

    async def test() -> None:
        async with serving(tmp_path, game=slow_to_end) as (server, client):
            ws = await open_tab(client)
            assert await said(ws) == "size 80x24"
            (game,) = server.games
            process = game._process
            assert process is not None and process.returncode is None
            await ws.close()
            while server.places.taken:  # the server's word that the tab is done with
                await asyncio.sleep(0.01)
            assert process.returncode == 0
            assert process.stdout is not None and process.stdout.at_eof()
            assert process.stderr is not None and process.stderr.at_eof()

    run(test)


@pytest.mark.slow
def test_another_site_named_as_this_machine_is_refused(tmp_path: Path) -> None:
    """DNS rebinding: a site's name pointed at 127.0.0.1 makes its page of the
    same origin as the game; served on this machine alone, only this
    machine's names are answered. Served on the network, a tablet's name for
    the machine is answered."""

    async def test() -> None:
        async with serving(tmp_path) as (server, client):
            site = f"evil.example:{client.port}"
            with pytest.raises(WSServerHandshakeError) as refused:
                await client.ws_connect("/ws", headers={"Host": site, "Origin": f"http://{site}"})
            assert refused.value.status == 403
            assert not server.games
        async with serving(tmp_path, host="0.0.0.0") as (_, client):
            name = f"gin-table.local:{client.port}"
            ws = await client.ws_connect("/ws", headers={"Host": name, "Origin": f"http://{name}"})
            assert await said(ws) == "size 80x24"
            await ws.close()

    run(test)


@pytest.mark.parametrize(
    ("origin", "host", "scheme", "allowed"),
    [
        ("http://127.0.0.1:8000", "127.0.0.1:8000", "http", True),
        ("HTTP://LocalHost:8000", "localhost:8000", "http", True),
        ("http://gin.example", "gin.example:80", "http", True),  # the scheme's own port
        ("https://gin.example:443", "gin.example", "https", True),
        (None, "127.0.0.1:8000", "http", True),  # not a browser (see origin_allowed)
        ("http://127.0.0.1:8001", "127.0.0.1:8000", "http", False),
        ("http://localhost:8000", "127.0.0.1:8000", "http", False),  # another name, another origin
        ("http://127.0.0.1:8000/page", "127.0.0.1:8000", "http", False),
        ("http://user@127.0.0.1:8000", "127.0.0.1:8000", "http", False),
        ("http://127.0.0.1:99999", "127.0.0.1:8000", "http", False),
        ("ws://127.0.0.1:8000", "127.0.0.1:8000", "http", False),
        ("null", "127.0.0.1:8000", "http", False),
        ("http://127.0.0.1:8000", "127.0.0.1:bad", "http", False),
    ],
)
def test_the_origin_is_the_servers_own_page(
    origin: str | None, host: str, scheme: str, allowed: bool
) -> None:
    assert origin_allowed(origin, scheme, host) is allowed


@pytest.mark.parametrize(
    ("host", "listening_on", "allowed"),
    [
        ("127.0.0.1:8000", "127.0.0.1", True),
        ("localhost:8000", "127.0.0.1", True),
        ("[::1]:8000", "::1", True),
        ("game.localhost:8000", "127.0.0.1", True),
        ("evil.example:8000", "127.0.0.1", False),
        ("192.168.1.5:8000", "127.0.0.1", False),
        ("evil.example:8000", "0.0.0.0", True),  # on the network: any name
    ],
)
def test_served_on_this_machine_only_its_names_are_answered(
    host: str, listening_on: str, allowed: bool
) -> None:
    assert host_allowed(host, listening_on) is allowed


# --- the number of tabs ---------------------------------------------------------


def test_the_tab_over_the_limit_is_told_and_starts_no_game(tmp_path: Path) -> None:
    async def test() -> None:
        async with serving(tmp_path, max_tabs=2) as (server, client):
            first, second = await open_tab(client), await open_tab(client)
            assert await said(first) == await said(second) == "size 80x24"

            third = await open_tab(client)
            try:
                closing = await third.receive(timeout=SAID_GUARD)
            except TimeoutError:
                raise AssertionError("never the close of the tab over the limit") from None
            assert closing.type == WSMsgType.CLOSE and closing.data == FULL_CODE
            assert closing.extra == full_words(2)
            assert "--max-tabs 2" in closing.extra
            assert len(server.games) == 2 and server.places.taken == 2  # no third game

            # a tab closed frees its place (its game ends first: the next one
            # waits for it rather than being refused)
            await first.close()
            server.place_wait = 30
            fourth = await open_tab(client)
            assert await said(fourth) == "size 80x24"
            assert server.places.taken == 2
            await second.close()
            await fourth.close()

    run(test)


@pytest.mark.parametrize("most", [1, 4, 99, 10**6])
def test_the_reason_fits_a_websocket_close(most: int) -> None:
    words = full_words(most)
    assert len(words.encode("utf-8")) <= 123  # the most a close frame carries
    assert f"--max-tabs {most}" in words


def test_the_page_says_the_limit_and_how_to_raise_it() -> None:
    page = (TEMPLATES / "app_index.html").read_text(encoding="utf-8")
    assert f"event.code === {FULL_CODE}" in page  # the close the server sends
    assert "textContent = event.reason" in page  # shown as text, never as HTML
    assert "--max-tabs 8" in page


# --- a tab's messages -----------------------------------------------------------

MALFORMED: list[str | bytes] = [
    "hello{",
    "[]",
    "{}",
    "null",
    "5",
    '"stdin"',
    '{"stdin": "x"}',
    '[5, "x"]',
    '["stdin", 5]',
    '["stdin"]',
    '["stdin", ["x"]]',
    json.dumps(["stdin", "x" * (MOST_KEYS + 1)]),
    '["resize"]',
    '["resize", [80, 24]]',
    '["resize", {"width": "abc", "height": 24}]',
    '["resize", {"width": -5, "height": 24}]',
    '["resize", {"width": 0, "height": 24}]',
    '["resize", {"width": 80}]',
    '["resize", {"width": 80.5, "height": 24}]',
    '["resize", {"width": true, "height": 24}]',
    json.dumps(["resize", {"width": 10**12, "height": 10**12}]),
    '["resize", {"width": ' + "9" * 5000 + ', "height": 24}]',  # too many digits for int()
    '["ping", {"a": 1}]',
    json.dumps(["ping", "1" * 10_000]),
    '["launch", "rm -rf /"]',
    "[" * 100_000 + "]" * 100_000,  # deeper than Python's recursion
    b"\x00\x01binary",
    b"",
]


def test_malformed_messages_are_dropped_and_the_game_goes_on(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    async def test() -> None:
        async with serving(tmp_path) as (server, client):
            ws = await open_tab(client, own_origin(client))
            assert await said(ws) == "size 80x24"
            for message in MALFORMED:
                if isinstance(message, bytes):
                    await ws.send_bytes(message)
                else:
                    await ws.send_str(message)
            # the tab is open, and the next things to reach the game are the
            # valid messages that follow: none of the above got through
            await ws.send_str('["resize", {"width": 100, "height": 30}]')
            assert await said(ws) == 'meta {"height": 30, "type": "resize", "width": 100}'
            await ws.send_str('["ping", "1234"]')
            assert json.loads(await said(ws)) == ["pong", "1234"]
            await ws.send_str('["stdin", "x"]')
            assert await said(ws) == "keys x"
            await ws.send_str('["stdin", "\\ud800y"]')  # a lone surrogate: no UTF-8
            assert await said(ws) == "keys ?y"
            assert not ws.closed and len(server.tabs) == 1
            await ws.close()

    with caplog.at_level(logging.DEBUG):
        run(test)
    problems = [r for r in caplog.records if r.levelno >= logging.WARNING or r.exc_info]
    assert not problems, [r.getMessage() for r in problems]


def test_the_websocket_opened_as_a_page_is_answered_and_starts_no_game(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    async def test() -> None:
        async with serving(tmp_path) as (server, client):
            response = await client.get("/ws")
            assert response.status == 400
            assert "open the address ginrummies serve printed" in await response.text()
            assert not server.games and server.places.taken == 0

    run(test)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]


@pytest.mark.parametrize(
    ("query", "size"),
    [
        ("?width=120&height=40", "120x40"),
        ("?width=-5&height=abc", "80x24"),
        ("?width=99999999&height=0", "80x24"),
        ("?width=%EF%BC%95&height=1e3", "80x24"),  # a full-width digit 5
    ],
)
def test_the_first_size_is_checked_too(tmp_path: Path, query: str, size: str) -> None:
    async def test() -> None:
        async with serving(tmp_path) as (_, client):
            ws = await open_tab(client, query=query)
            assert await said(ws) == f"size {size}"
            await ws.close()

    run(test)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)


@pytest.mark.slow
@given(st.one_of(st.text(), json_values.map(json.dumps)))
def test_no_message_makes_the_parser_raise(text: str) -> None:
    parsed = parse_message(text)
    if isinstance(parsed, Resize):
        assert 1 <= parsed.width <= MOST_CELLS and 1 <= parsed.height <= MOST_CELLS


@given(st.sampled_from(["stdin", "resize", "ping", "focus", "blur"]), json_values)
def test_a_known_kind_with_any_value_never_raises(kind: str, data: object) -> None:
    parse_message(json.dumps([kind, data]))


def test_the_pages_own_messages_are_understood() -> None:
    """What textual.js sends (its sendPing, sendSize, onData, onFocus, onBlur)."""
    assert parse_message('["stdin", "\\u001b[A"]') == Keys("\x1b[A")
    assert parse_message('["resize", {"width": 132, "height": 43}]') == Resize(132, 43)
    assert parse_message('["ping", "1700000000000"]') == Ping("1700000000000")
    assert parse_message('["focus"]') == Focus(True)
    assert parse_message('["blur"]') == Focus(False)


@pytest.mark.parametrize(
    ("text", "value"), [("80", 80), (None, 24), ("", 24), ("-1", 24), ("٣", 24), ("1001", 24)]
)
def test_a_size_in_text(text: str | None, value: int) -> None:
    assert cells_from_text(text, 24) == value


# --- the static folder and the page ---------------------------------------------


def test_the_static_folder_serves_files_but_no_listing(tmp_path: Path) -> None:
    async def test() -> None:
        async with serving(tmp_path) as (_, client):
            for folder in ("/static/", "/static/js/", "/static/fonts"):
                response = await client.get(folder)
                body = await response.text()
                assert response.status in (403, 404), folder
                assert "textual.js" not in body and "Index of" not in body
            response = await client.get("/static/js/textual.js")
            assert response.status == 200

    run(test)


def test_the_page_shows_what_a_request_says_as_text(tmp_path: Path) -> None:
    """The page is made from the request's Host (its links) and a size: a
    hostile Host comes back escaped, never as markup of the page."""

    async def test() -> None:
        async with serving(tmp_path) as (_, client):
            response = await client.get(
                "/?fontsize=<b>", headers={"Host": 'x"><script>alert(1)</script>'}
            )
            page = await response.text()
            assert "<script>alert(1)" not in page
            assert 'data-font-size="16"' in page

    run(test)
