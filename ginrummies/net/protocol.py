"""The messages between a host and the seats that join it: versioned JSON,
one message a WebSocket text frame, built from the core's records
(``core.data``: the views, actions and results the saves write the same
way). docs/protocol.md describes them for anyone writing another client.

Every message is a frozen dataclass here; on the wire it is its data with
``"$"`` (the message's name) and ``"v"`` (``VERSION``). ``read`` takes a
frame from the other side, checks its size, its JSON, its version and that
it is one of the messages that side may send, and gives the record or a
``ProtocolError`` saying what is wrong; nothing else escapes it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TypeVar

from ..core import (
    Action,
    DataError,
    Format,
    MatchView,
    PlayerView,
    RuleSet,
    from_data,
    to_data,
)
from ..play.log import Entry

VERSION = 1
# a seat's messages are a few hundred bytes; the host's carry a whole view
# (a long game of four: some tens of kilobytes)
SEAT_LIMIT = 16 * 1024
HOST_LIMIT = 4 * 1024 * 1024

M = TypeVar("M")


class ProtocolError(ValueError):
    """A frame that is not a message this side may be sent; says why."""


# --- a seat to the host -------------------------------------------------------------


@dataclass(frozen=True)
class Hello:
    """Take a seat: with the table's code (and the name to play under), or
    back at one's own seat with its token after a lost connection."""

    code: str
    name: str
    token: str = ""


@dataclass(frozen=True)
class Move:
    """A move for the seat, chosen when its table stood at ``turn`` (the
    State's: moves at another table do not make it stale)."""

    action: Action
    turn: tuple[int, int, int]


@dataclass(frozen=True)
class Ready:
    """The seat has seen the hand's result: deal the next when all have."""

    version: int


@dataclass(frozen=True)
class Leave:
    """The seat leaves for good (a computer takes it over)."""


# --- the host to a seat -------------------------------------------------------------


@dataclass(frozen=True)
class SeatInfo:
    """A seat as the lobby and the table show it."""

    name: str
    kind: str  # "person" (here or away), "computer", or "open"
    here: bool  # a person connected now (the host's own person: always)


@dataclass(frozen=True)
class Welcome:
    """The seat taken: which, its token (to come back with), the rules and format."""

    seat: int
    token: str
    rules: RuleSet
    format: Format
    names: tuple[str, ...]


@dataclass(frozen=True)
class Lobby:
    """Who has sat down, before the host starts the game."""

    seats: tuple[SeatInfo, ...]


@dataclass(frozen=True)
class State:
    """The table as this seat may see it: its own view (None while it sits
    a hand out), the public match, the log so far, and who is awaited."""

    version: int
    turn: tuple[int, int, int]  # the seat's table as it stands: a Move gives it back
    seats: tuple[SeatInfo, ...]
    view: PlayerView | None
    public: MatchView
    log: tuple[Entry, ...]
    waiting: tuple[str, ...]  # what the table waits for, in words ("Bob to come back")


@dataclass(frozen=True)
class Refused:
    """A message the host did not act on, and why (the game is unchanged)."""

    why: str


@dataclass(frozen=True)
class Goodbye:
    """The host ends the connection, and why (a wrong code, the game over...)."""

    why: str


FROM_SEAT = (Hello, Move, Ready, Leave)
FROM_HOST = (Welcome, Lobby, State, Refused, Goodbye)


def write(message: object) -> str:
    """A message as its frame."""
    data = to_data(message)
    data["v"] = VERSION
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def read(frame: str | bytes, kinds: tuple[type[M], ...], limit: int) -> M:
    """The message in ``frame``, if it is one of ``kinds`` (ProtocolError if not)."""
    if isinstance(frame, bytes):
        raise ProtocolError("messages are text frames")
    if len(frame) > limit:
        raise ProtocolError(f"a message of {len(frame)} characters (at most {limit})")
    try:
        data = json.loads(frame)
    except (ValueError, RecursionError):
        raise ProtocolError("a message that is not JSON") from None
    if not isinstance(data, dict):
        raise ProtocolError("a message is a JSON object")
    version = data.pop("v", None)
    if version != VERSION:
        raise ProtocolError(f"protocol version {version!r}: this game speaks {VERSION}")
    name = data.get("$")
    kind = next((k for k in kinds if k.__name__ == name), None)
    if kind is None:
        allowed = ", ".join(k.__name__ for k in kinds)
        raise ProtocolError(f"no message {str(name)[:20]!r} here (expected {allowed})")
    try:
        return from_data(kind, data)
    except (DataError, RecursionError) as exc:
        raise ProtocolError(f"a {name} that does not read: {exc}") from None
