"""textual-serve's server, made safe to leave running: the one module that
knows textual-serve's insides (its ``Server`` methods, ``AppService`` and
the process it keeps), so that a new textual-serve breaks one file.

What it changes, and why:

- ``/ws`` opens from the server's own page only (guard.py): a page of any
  other site could otherwise read a player's screen and press their keys.
  A refused websocket gets HTTP 403 before the upgrade, and no game starts.
- At most ``max_tabs`` games at once (each a process of some 50 MB): the tab
  over the limit gets a websocket closed at once with ``FULL_CODE`` and the
  reason, which the page shows; no game starts for it.
- A tab's messages are read through ``guard.parse_message``: one that means
  nothing is dropped (textual-serve's own loop raised on it, which ended
  the tab's game with a traceback).
- ``/static`` serves files, never a listing of its folder.

``GameServer`` is the one ``serve`` runs: the above, in the game's words.
textual-serve's private names (``_make_app``, ``AppService._process``) are
used here and nowhere else; pyproject.toml pins the releases they were read
from.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import weakref
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import aiohttp_jinja2
import jinja2
from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from .guard import (
    Focus,
    Keys,
    Ping,
    Resize,
    TabPlaces,
    cells_from_text,
    host_allowed,
    origin_allowed,
    parse_message,
)

log = logging.getLogger("ginrummies.serve")

# the close code of a tab refused for want of a place (4000-4999: the
# application's own); the page's script shows the reason that comes with it
FULL_CODE = 4429
# a tab reloaded asks for a place before its old game has quite ended: the
# new one waits this long for it before being told that all are taken
PLACE_WAIT = 5.0


def full_words(most: int) -> str:
    """The reason a tab is refused, as the page shows it (at most 123 bytes)."""
    games, are = ("1 game", "is") if most == 1 else (f"{most} games", "are")
    return (
        f"This server plays at most {games} at once (--max-tabs {most}), "
        f"and {most} {are} being played."
    )


async def end_process(process: Any) -> None:
    """Wait for a tab's game to end, its pipes closed (an asyncio Process)."""
    if process.stdin is not None:
        process.stdin.close()
    for stream in (process.stdout, process.stderr):
        if stream is not None:
            with contextlib.suppress(Exception):  # already read to the end, or closed
                while await stream.read(1 << 16):
                    pass
    await process.wait()


async def end_processes(processes: list[Any]) -> None:
    """``end_process`` for each of ``processes`` (None: none started), at
    once, for 10 s at most: while the loop runs, as asyncio can close the
    pipes only then (it prints a traceback at exit for any left open)."""
    ending = [end_process(p) for p in processes if p is not None]
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(asyncio.gather(*ending), timeout=10)


class TabServer(Server):
    """textual-serve's server with the guards above, and each tab's websocket
    and game kept, to close them all promptly when the server stops."""

    def __init__(
        self,
        command: str,
        *,
        host: str,
        port: int,
        title: str,
        templates_path: Path,
        max_tabs: int,
        place_wait: float = PLACE_WAIT,
    ) -> None:
        super().__init__(command, host=host, port=port, title=title, templates_path=templates_path)
        self.places = TabPlaces(max_tabs)
        self.place_wait = place_wait
        self.tabs: dict[web.WebSocketResponse, AppService] = {}  # each open tab: its game
        self.games: weakref.WeakSet[AppService] = weakref.WeakSet()  # every game still about

    async def _make_app(self) -> web.Application:
        # textual-serve's routes, but for the static folder's listing
        # (show_index=True there) and with the stop handled below
        app = web.Application()
        # autoescape (aiohttp_jinja2's default, said here so it stays): the
        # page is made from the request's Host, which is the asker's text
        aiohttp_jinja2.setup(
            app, loader=jinja2.FileSystemLoader(self.templates_path), autoescape=True
        )
        app.add_routes(
            [
                web.get("/", self.handle_index, name="index"),
                web.get("/ws", self.handle_websocket, name="websocket"),
                web.get("/download/{key}", self.handle_download, name="download"),
                web.static("/static", self.statics_path, show_index=False, name="static"),
            ]
        )
        app.on_startup.append(self.on_startup)
        app.on_shutdown.append(self.on_shutdown)
        app.on_cleanup.append(self.end_games)
        return app

    async def handle_index(self, request: web.Request) -> Any:
        # the page's links made from the address the browser used (so that a
        # tablet reaching 0.0.0.0 gets a working link); read synchronously by
        # textual-serve's handler, so no other request changes it in between
        self.public_url = f"{request.scheme}://{request.host}"
        return await super().handle_index(request)

    def refusal(self, request: web.Request) -> str | None:
        """Why this websocket may not open (in a sentence), or None."""
        if not host_allowed(request.host, self.host):
            return (
                "This game is served to this machine alone: open it by this machine's "
                f"own name, http://localhost:{self.port}/."
            )
        if not origin_allowed(request.headers.get("Origin"), request.scheme, request.host):
            return "This game opens from its own page only, not from another site's."
        return None

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        refusal = self.refusal(request)
        if refusal is not None:
            # the header is the asker's: shown as repr, never as raw terminal text
            log.warning(
                "refused a tab from %r (asked for %r): %s",
                request.headers.get("Origin"),
                request.host,
                refusal,
            )
            raise web.HTTPForbidden(text=refusal)
        websocket = web.WebSocketResponse(heartbeat=15)
        if not websocket.can_prepare(request).ok:
            # the address opened as a page, not as a websocket (textual-serve
            # went on and failed with a traceback)
            raise web.HTTPBadRequest(
                text="This is the game's websocket, for its page: open the address "
                "ginrummies serve printed instead."
            )
        if not await self.places.take(self.place_wait):
            await websocket.prepare(request)
            await websocket.close(code=FULL_CODE, message=full_words(self.places.most).encode())
            return websocket
        try:
            await self._play(request, websocket)
        finally:
            await self.places.give_back()
        return websocket

    async def _play(self, request: web.Request, websocket: web.WebSocketResponse) -> None:
        """A tab's game, from its start to the end of its process (as
        textual-serve's handle_websocket, with the size and messages checked)."""
        width = cells_from_text(request.query.get("width"), 80)
        height = cells_from_text(request.query.get("height"), 24)
        game: AppService | None = None

        async def close() -> None:  # the game quit: the tab shows its closed page
            await websocket.close()

        try:
            await websocket.prepare(request)
            game = AppService(
                self.command,
                write_bytes=websocket.send_bytes,
                write_str=websocket.send_str,
                close=close,
                download_manager=self.download_manager,
                debug=self.debug,
            )
            self.tabs[websocket] = game
            self.games.add(game)
            await game.start(width, height)
            await self._relay(websocket, game)
        except asyncio.CancelledError:
            await websocket.close()
        except Exception as error:
            log.exception(error)
        finally:
            self.tabs.pop(websocket, None)
            if game is not None:
                await game.stop()  # its output has ended (textual-serve's part)
                if game._process is not None:  # and its process too: the place is free
                    await end_processes([game._process])

    async def _relay(self, websocket: web.WebSocketResponse, game: AppService) -> None:
        """The tab's messages to its game, until the tab closes."""
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue  # the page sends text only
            match parse_message(message.data):
                case Keys(text):
                    await game.send_bytes(text.encode("utf-8", "replace"))
                case Resize(width, height):
                    await game.set_terminal_size(width, height)
                case Ping(data):
                    with contextlib.suppress(ConnectionError):  # the tab closed meanwhile
                        await websocket.send_json(["pong", data])
                case Focus(True):
                    await game.focus()
                case Focus(False):
                    await game.blur()
                case None:
                    pass  # means nothing: dropped, the game goes on

    async def on_shutdown(self, app: web.Application) -> None:
        # an open tab would hold the server for a minute (aiohttp waits for
        # its handler): it is closed, so its game stops, saved as after every
        # move, and the page says the server stopped
        for websocket in list(self.tabs):
            await websocket.close(code=1001, message=b"the server stopped")

    async def end_games(self, app: web.Application) -> None:
        # once every tab's handler is done: each game's process ended and its
        # pipes read to the end while the loop still runs (asyncio prints a
        # traceback at exit for any pipe left open)
        await end_processes([game._process for game in list(self.games)])
        # a closed tab's game may wait in a reference cycle: collected now,
        # its process's pipes close while the loop can still do it
        gc.collect()


class GameServer(TabServer):
    """The guarded server in the game's words: ``greeting`` printed once it
    listens, and only problems in its log."""

    def __init__(self, command: str, *, greeting: Sequence[str] = (), **options: Any) -> None:
        """``options``: TabServer's (host, port, title, templates_path, max_tabs)."""
        super().__init__(command, **options)
        self.greeting = tuple(greeting)

    def initialize_logging(self) -> None:
        # problems only: a line for every request says nothing to a player
        logging.basicConfig(level=logging.WARNING, format="ginrummies serve: %(message)s")
        # tabs still open at Ctrl+C end mid-conversation: asyncio's
        # warnings about them are no news to the person who stopped it
        logging.getLogger("asyncio").setLevel(logging.ERROR)

    async def on_startup(self, app: web.Application) -> None:
        for line in self.greeting:
            print(line, flush=True)
