"""What ``ginrummies serve`` lets in: the pure checks behind the server.

A browser tab's game is a process of its own that a websocket drives, so
whoever opens ``/ws`` can read a player's screen and press their keys. This
module decides, without any web framework, which websockets may open (the
server's own page only, ``origin_allowed`` and ``host_allowed``), how many
may play at once (``TabPlaces``), and which messages from a tab mean
something (``parse_message``; anything else is dropped, never an error).
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
from dataclasses import dataclass
from urllib.parse import urlsplit

DEFAULT_PORTS = {"http": 80, "https": 443}
# the terminal's size in cells: a 4K screen at a tiny font is some 700
# columns; more is no screen, and would make the game draw a huge one
MOST_CELLS = 1000
# keys typed or text pasted in one message: a name pasted is a few dozen
# characters; more is not a person at a keyboard
MOST_KEYS = 64 * 1024
MOST_PING = 32  # textual.js sends the time in milliseconds, as digits


def _origin_parts(url: str) -> tuple[str, str, int] | None:
    """(scheme, host, port) of an origin such as ``http://127.0.0.1:8000``, or
    None when it is not one (``null``, a path, a user name, a bad port)."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if scheme not in DEFAULT_PORTS or not parts.hostname or parts.username is not None:
        return None
    if parts.path not in ("", "/") or parts.query or parts.fragment:
        return None
    return scheme, parts.hostname.lower(), port if port is not None else DEFAULT_PORTS[scheme]


def origin_allowed(origin: str | None, scheme: str, host: str) -> bool:
    """Whether a websocket with this ``Origin`` header comes from the server's
    own page: the same scheme, host and port as the address the request was
    made to (``scheme`` and the ``Host`` header, ``host``).

    A missing Origin is allowed. Browsers always send one with a websocket
    (RFC 6455), so the attack this stops, a page of another site opening
    the game's websocket in a player's browser, always shows its origin. A
    client with no Origin is a program on a machine that can reach the
    port, which could as well send the right Origin: refusing it would stop
    no one and break command-line clients."""
    if origin is None:
        return True
    ours = _origin_parts(f"{scheme}://{host}")
    return ours is not None and _origin_parts(origin) == ours


def _is_loopback_name(name: str) -> bool:
    if name == "localhost" or name.endswith(".localhost"):
        return True  # RFC 6761: always this machine
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def host_allowed(host: str, listening_on: str) -> bool:
    """Whether a request's ``Host`` header may reach a server listening on
    ``listening_on``. Served on this machine alone (loopback), only this
    machine's own names are answered: a page of another site whose name
    was pointed at 127.0.0.1 (DNS rebinding) is then of the same origin as
    the game, and only its name gives it away. Served on the network, the
    machine's names are many (a tablet may use any) and all are answered."""
    if not _is_loopback_name(listening_on):
        return True
    parts = _origin_parts(f"http://{host}")
    if parts is None:
        return False
    name = parts[1]
    return name == listening_on.lower() or _is_loopback_name(name)


# --- a tab's messages ---------------------------------------------------------


@dataclass(frozen=True)
class Keys:
    """Keys pressed or text pasted in the tab, for the game's input."""

    text: str


@dataclass(frozen=True)
class Resize:
    """The tab's terminal has a new size, in cells."""

    width: int
    height: int


@dataclass(frozen=True)
class Ping:
    """The page asks for an answer (it logs the time the answer took)."""

    data: str


@dataclass(frozen=True)
class Focus:
    """The tab gained (True) or lost (False) the keyboard."""

    focused: bool


Message = Keys | Resize | Ping | Focus


def cells(value: object) -> int | None:
    """A terminal width or height: a whole number from 1 to MOST_CELLS, else None."""
    if isinstance(value, bool) or not isinstance(value, int):
        return None
    return value if 1 <= value <= MOST_CELLS else None


def cells_from_text(value: str | None, default: int) -> int:
    """A width or height given as text (the websocket's query), else ``default``."""
    if value is None or not value.isascii() or not value.isdigit() or len(value) > 6:
        return default
    return cells(int(value)) or default


def parse_message(text: str) -> Message | None:
    """What a tab's websocket text message asks for, or None when it means
    nothing (not JSON, not a list, an unknown kind, values of the wrong type
    or out of range): such a message is dropped, and the game goes on."""
    try:
        envelope = json.loads(text)
    except (ValueError, RecursionError):  # bad JSON, a huge number, deep nesting
        return None
    if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
        return None
    kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
    if kind == "stdin":
        if isinstance(data, str) and len(data) <= MOST_KEYS:
            return Keys(data)
    elif kind == "resize":
        if isinstance(data, dict):
            width, height = cells(data.get("width")), cells(data.get("height"))
            if width is not None and height is not None:
                return Resize(width, height)
    elif kind == "ping":
        if isinstance(data, str) and len(data) <= MOST_PING:
            return Ping(data)
    elif kind in ("focus", "blur"):
        return Focus(kind == "focus")
    return None


# --- how many tabs play -------------------------------------------------------


class TabPlaces:
    """The places for tabs' games: at most ``most`` at once (each is a process
    of some 50 MB). A tab takes a place before its game starts and gives it
    back once the game's process has ended."""

    def __init__(self, most: int) -> None:
        if most < 1:
            raise ValueError("at least one tab must be able to play")
        self.most = most
        self.taken = 0
        self._changed = asyncio.Condition()

    async def take(self, wait: float) -> bool:
        """Take a place, waiting up to ``wait`` seconds for one to be given
        back (a tab reloaded: its old game is still ending); False if none."""
        async with self._changed:
            try:
                if self.taken >= self.most:
                    await asyncio.wait_for(
                        self._changed.wait_for(lambda: self.taken < self.most), wait
                    )
            except TimeoutError:
                return False
            self.taken += 1
            return True

    async def give_back(self) -> None:
        async with self._changed:
            self.taken -= 1
            self._changed.notify_all()
