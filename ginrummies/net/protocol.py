"""The messages between a host and the seats that join it: versioned JSON,
one message a WebSocket text frame, built from the core's records
(``core.data``: the views, actions and results the saves write the same
way). docs/protocol.md describes them for anyone writing another client.

A seat is sent its whole State when it sits down (or asks, ``Resync``),
and afterwards only what is new of the parts that grow with the game:
``since`` cuts a State down to that for what the seat holds (``Sent``:
the host's memory of it), ``joined`` puts it back together on the seat's
side, or says it does not follow what the seat holds.

Every message is a frozen dataclass here; on the wire it is its data with
``"$"`` (the message's name) and ``"v"`` (``VERSION``). ``read`` takes a
frame from the other side, checks its size, its JSON, its version and that
it is one of the messages that side may send, and gives the record or a
``ProtocolError`` saying what is wrong; nothing else escapes it.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from typing import TypeVar

from ..core import (
    Action,
    Attempt,
    DataError,
    Format,
    MatchView,
    PastHand,
    PlayerView,
    Refusal,
    RuleSet,
    from_data,
    to_data,
)
from ..play.log import Entry

VERSION = 4
# a seat's messages are a few hundred bytes; the host's carry a view and
# the public match (a whole State of a long game of four: a few hundred kilobytes)
SEAT_LIMIT = 16 * 1024
# a seat's token is 32 characters (``Table.sit``); one far longer is not one
# a table of this game gave: not taken, not kept
TOKEN_MOST = 200
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
class Ask:
    """Why may the seat not make this kind of move now? (A key pressed for a
    move that is not among its legal moves.) Answered by ``Answer``."""

    attempt: Attempt
    turn: tuple[int, int, int]


@dataclass(frozen=True)
class Ready:
    """The seat has seen the hand's result: deal the next when all have."""

    version: int


@dataclass(frozen=True)
class Deal:
    """The seat won the cut for the first deal and chooses (RULES.md 1):
    to deal (true) or to play first (false)."""

    deals: bool


@dataclass(frozen=True)
class Leave:
    """The seat leaves for good (a computer takes it over)."""


@dataclass(frozen=True)
class Resync:
    """A State did not follow what the seat holds: send it a whole one."""


# --- the host to a seat -------------------------------------------------------------


@dataclass(frozen=True)
class SeatInfo:
    """A seat as the lobby and the table show it."""

    name: str
    kind: str  # "person" (here or away), "computer", or "open"
    here: bool  # a person connected now (the host's own person: always)
    level: str = ""  # a computer's level ("easy", "normal", "hard")


@dataclass(frozen=True)
class Welcome:
    """The seat taken: which, its token (to come back with), the rules and format."""

    seat: int
    token: str
    rules: RuleSet
    format: Format
    names: tuple[str, ...]
    host: str = ""  # the name of the person who hosts and plays ("": a table held headless)
    hints: bool = False  # the host allows hints at its table
    game: int = 1  # the games dealt at this table so far (a rematch is the second)


@dataclass(frozen=True)
class Lobby:
    """Who has sat down, before the host starts the game; to a seat that
    won the cut, the question it answers with ``Deal`` and its two answers
    (to play first, to deal)."""

    seats: tuple[SeatInfo, ...]
    question: str = ""
    answers: tuple[str, ...] = ()
    status: str = ""  # what the start waits for, in words ("": the host to start it)


@dataclass(frozen=True)
class State:
    """The table as this seat may see it: its own view (None while it sits
    a hand out), the public match, the log so far, and who is awaited.

    The parts that only grow, the log, the view's past hands
    (``view.game.past``) and the public match's past rounds
    (``public.rounds``), may be sent as what follows the first
    ``log_from``, ``past_from`` and ``rounds_from`` the seat holds
    already; 0: the part is whole. A State with all three 0 is whole.
    ``match_public``: the view's ``game.match`` is ``public`` (formats of
    more than two), sent once, not twice: the view's is null."""

    version: int
    turn: tuple[int, int, int]  # the seat's table as it stands: a Move gives it back
    seats: tuple[SeatInfo, ...]
    view: PlayerView | None
    public: MatchView
    log: tuple[Entry, ...]
    waiting: tuple[str, ...]  # what the table waits for, in words ("Bob to come back")
    log_from: int = 0
    past_from: int = 0
    rounds_from: int = 0
    match_public: bool = False

    @property
    def whole(self) -> bool:
        return self.log_from == self.past_from == self.rounds_from == 0


@dataclass(frozen=True)
class Finished:
    """The whole game as the saves write it (its seed and every hand), sent
    once it is over, when nothing in it is hidden any more: the seat's
    machine keeps it in its statistics, and can replay and review it."""

    game: str


@dataclass(frozen=True)
class Refused:
    """A message the host did not act on, and why (the game is unchanged):
    ``refusal``, the rules core's own record, when the rules refused a move
    (the seat words it as a move refused here is worded); ``why`` in words
    for the rest (the table moved on, too many messages)."""

    why: str
    refusal: Refusal | None = None


@dataclass(frozen=True)
class Answer:
    """The host's answer to ``Ask``: the rules core's refusal of the move
    asked about, as the table stands now (None: it may be made now)."""

    attempt: Attempt
    refusal: Refusal | None


@dataclass(frozen=True)
class NextGame:
    """The host dealt the next game of the match at this table, with the
    same seats and code (its ``game``: the games dealt so far): the seat is
    done with the last one; the cut's question, if it must answer one, and
    the new game's States follow, as at the first start."""

    game: int


TABLE_CLOSED = "the table is closed"  # the host's goodbye when it closes the table


@dataclass(frozen=True)
class Goodbye:
    """The host ends the connection, and why (a wrong code, the game over...)."""

    why: str


FROM_SEAT = (Hello, Move, Ask, Ready, Deal, Leave, Resync)
FROM_HOST = (Welcome, Lobby, State, Finished, Refused, Answer, NextGame, Goodbye)


# --- what is new since the last State ------------------------------------------------


@dataclass(frozen=True)
class Sent:
    """What a connection holds of a State's growing parts, as the host
    remembers it: how many of each, and the last one (a reference, not a
    copy): a part that no longer ends so there was begun anew (a game
    rebuilt, another opponent's past hands) and is sent whole."""

    log: int = 0
    past: int = 0
    rounds: int = 0
    last: tuple[object, object, object] = (None, None, None)


def _past(state: State) -> tuple[PastHand, ...]:
    return state.view.game.past if state.view is not None else ()


def _follows(now: tuple[object, ...], count: int, last: object) -> int:
    """``count`` if ``now`` goes on from the ``count`` sent, ending with
    ``last``; else 0 (send it whole)."""
    if count <= 0 or count > len(now):
        return 0
    held = now[count - 1]
    return count if held is last or held == last else 0


def since(whole: State, sent: Sent | None) -> tuple[State, Sent]:
    """``whole`` cut to what a connection holding ``sent`` lacks (all of
    it for None: a new connection), and what it holds once sent."""
    sent = sent or Sent()
    past, rounds = _past(whole), whole.public.rounds
    log_from = _follows(whole.log, sent.log, sent.last[0])
    past_from = _follows(past, sent.past, sent.last[1])
    rounds_from = _follows(rounds, sent.rounds, sent.last[2])
    view, match_public = whole.view, False
    if view is not None:
        match = view.game.match
        match_public = match is whole.public
        game = dataclasses.replace(
            view.game, past=past[past_from:], match=None if match_public else match
        )
        view = dataclasses.replace(view, game=game)
    state = dataclasses.replace(
        whole,
        view=view,
        public=dataclasses.replace(whole.public, rounds=rounds[rounds_from:]),
        log=whole.log[log_from:],
        log_from=log_from,
        past_from=past_from,
        rounds_from=rounds_from,
        match_public=match_public,
    )
    last = (_last(whole.log), _last(past), _last(rounds))
    return state, Sent(len(whole.log), len(past), len(rounds), last)


def _last(part: tuple[object, ...]) -> object:
    return part[-1] if part else None


def joined(held: State | None, state: State) -> State | None:
    """``state`` whole: its parts after the first of ``held``'s they
    follow; None if they do not follow what ``held`` holds (ask again)."""
    log = held.log if held is not None else ()
    past = _past(held) if held is not None else ()
    rounds = held.public.rounds if held is not None else ()
    parts = ((state.log_from, log), (state.past_from, past), (state.rounds_from, rounds))
    if any(n and n != len(part) for n, part in parts) or (state.past_from and not state.view):
        return None
    public = dataclasses.replace(
        state.public, rounds=rounds[: state.rounds_from] + state.public.rounds
    )
    view = state.view
    if view is not None:
        match = public if state.match_public else view.game.match
        game = dataclasses.replace(
            view.game, past=past[: state.past_from] + view.game.past, match=match
        )
        view = dataclasses.replace(view, game=game)
    return dataclasses.replace(
        state,
        view=view,
        public=public,
        log=log[: state.log_from] + state.log,
        log_from=0,
        past_from=0,
        rounds_from=0,
        match_public=False,
    )


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
