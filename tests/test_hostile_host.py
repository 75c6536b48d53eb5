"""A hostile or broken host cannot hurt the person who joins (issue 51):
a scripted host sends well-formed frames with deep JSON, escapes and
controls in its words, a huge token, or a table that is not one; the
joining side says one sentence, keeps its files, and never falls over.
The files a table keeps on disk, damaged, are kept aside and read as none."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import socket
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from apphelp import until_true
from nethelp import table_for_one, within
from websockets.asyncio.server import ServerConnection, serve

from ginrummies.cli import main
from ginrummies.core import Format, SeatKind, preset
from ginrummies.net import joining as joining_module
from ginrummies.net.client import join
from ginrummies.net.headless import Headless
from ginrummies.net.joining import Joining, JoinPlan
from ginrummies.net.kept import (
    LAST_NAME,
    SEATS_NAME,
    TABLE_NAME,
    keep_last_table,
    keep_seat,
    kept_seat,
    last_table,
    read_table,
)
from ginrummies.net.protocol import Finished, Lobby, SeatInfo, State, Welcome, write
from ginrummies.net.server import OUTBOX_MOST, Outbox, TableServer
from ginrummies.net.table import Table
from ginrummies.play import news
from ginrummies.play.saving import save
from ginrummies.play.session import Seat, Session
from ginrummies.store.saves import SAVE_NAME

CODE = "ABCDEFGHJKMN"
HOSTILE_WORDS = "\x1b[31mred\x1b[0m \u202eevil\nFAKE LINE\r\x07"
DEEP = "[" * 5000 + "]" * 5000


def a_table() -> Table:
    """A real two-seat table, both seats for people elsewhere: its frames are
    what an honest host sends, for the scripted host to start from."""
    session = Session(preset("gin"), [Seat("Ann"), Seat("Bob")], 5)
    table = Table(session, frozenset({0, 1}), code=CODE)
    return table


Script = Callable[[ServerConnection, Table], Awaitable[None]]


Done = Callable[[Joining, list[news.News]], bool]


def said_something(joining: Joining, told: list[news.News]) -> bool:
    return any(isinstance(n, news.Gone | news.Note) for n in told)


async def joined(
    script: Script, tmp_path: Path, done: Done = said_something
) -> tuple[Joining, list[news.News]]:
    """Join a scripted host as Bob (seat 1) until ``done`` holds of what the
    joining side has told, and hand back the joining side and all it told."""
    table = a_table()

    async def host(ws: ServerConnection) -> None:
        await ws.recv()  # Hello
        welcome = Welcome(1, "t" * 32, table.session.rules, table.session.format, ("Ann", "Bob"))
        await ws.send(write(welcome))
        await script(ws, table)
        await ws.wait_closed()

    async with serve(host, "127.0.0.1", 0) as server:
        port = server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        joining = Joining(JoinPlan(f"127.0.0.1:{port}", CODE, "Bob"))
        joining.folder = tmp_path
        told: list[news.News] = []
        heard = asyncio.Event()

        def listener(told_now: news.News) -> None:
            told.append(told_now)
            if done(joining, told):
                heard.set()

        joining.listen(listener)
        task = asyncio.create_task(joining.run())
        told_what = f"news from the joining side for which {done.__name__} holds"
        await within(heard.wait(), told_what, 30)  # a guard: the wait is on what is told
        joining.ended = True
        await joining.close(leave=False)
        await within(task, "the joining side's end once closed", 10)
    return joining, told


def begun(table: Table) -> State:
    table.begin()
    return table.state(1)


def shown(text: str) -> bool:
    """Text a terminal shows as it is: no escape, no control, no bidi override."""
    return not any(ord(c) < 32 or c in "\x7f\u202e\u202d\u2066\u2067\u2068" for c in text)


async def test_deep_json_in_the_finished_game_is_said_not_fallen_over(tmp_path: Path) -> None:
    async def script(ws: ServerConnection, table: Table) -> None:
        await ws.send(write(begun(table)))
        await ws.send(write(Finished(DEEP)))

    joining, told = await joined(script, tmp_path)
    notes = [n.text for n in told if isinstance(n, news.Note)]
    assert any("could not be kept" in t for t in notes), told
    assert joining.session is not None and joining.session.finished == ""


async def test_a_state_that_is_not_a_table_makes_the_seat_leave_with_a_sentence(
    tmp_path: Path,
) -> None:
    async def script(ws: ServerConnection, table: Table) -> None:
        state = begun(table)
        broken = dataclasses.replace(state, public=dataclasses.replace(state.public, tables=()))
        await ws.send(write(broken))

    _, told = await joined(script, tmp_path)
    gone = [n.why for n in told if isinstance(n, news.Gone)]
    assert gone and "cannot show" in gone[-1], told
    assert all(shown(w) for w in gone)


async def test_a_hosts_words_reach_the_screen_as_text_not_as_commands(tmp_path: Path) -> None:
    async def script(ws: ServerConnection, table: Table) -> None:
        seats = (SeatInfo("Ann", "person", True), SeatInfo("Bob", "person", True))
        question = f"Deal? {HOSTILE_WORDS}"
        answers = (f"play {HOSTILE_WORDS}", f"deal {HOSTILE_WORDS}")
        await ws.send(write(Lobby(seats, question, answers, HOSTILE_WORDS)))
        state = begun(table)
        await ws.send(write(dataclasses.replace(state, waiting=(HOSTILE_WORDS,))))

    def waiting_shown(joining: Joining, told: list[news.News]) -> bool:
        return joining.session is not None and bool(joining.session.waiting)

    joining, told = await joined(script, tmp_path, waiting_shown)
    asked = [n for n in told if isinstance(n, news.Question)]
    assert asked and shown(asked[0].question) and all(shown(a) for a in asked[0].answers)
    assert "red" in asked[0].question and "FAKE LINE" in asked[0].question  # seen, not obeyed
    assert joining.session is not None
    assert all(shown(w) for w in joining.session.waiting)
    assert shown(joining.status())


async def test_a_token_too_long_to_be_one_is_refused_and_never_kept(tmp_path: Path) -> None:
    table = a_table()
    huge = "x" * (3 * 1024 * 1024)

    async def host(ws: ServerConnection) -> None:
        await ws.recv()
        rules, fmt = table.session.rules, table.session.format
        await ws.send(write(Welcome(1, huge, rules, fmt, ("Ann", "Bob"))))
        await ws.wait_closed()

    async with serve(host, "127.0.0.1", 0, max_size=None) as server:
        port = server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        joining = Joining(JoinPlan(f"127.0.0.1:{port}", CODE, "Bob"))
        joining.folder = tmp_path
        told: list[news.News] = []
        joining.listen(told.append)
        await within(joining.run(), "the joining side's end on a token too long", 20)
    gone = [n.why for n in told if isinstance(n, news.Gone)]
    assert gone and "too long" in gone[-1]
    assert not (tmp_path / SEATS_NAME).exists() or huge not in (tmp_path / SEATS_NAME).read_text()
    keep_seat(tmp_path, "a:1", CODE, "Bob", huge)  # nor kept if it came another way
    assert kept_seat(tmp_path, "a:1", CODE, "Bob") == ""


def nested(depth: int) -> str:
    return json.dumps({"x": 1})[:-1] + ', "deep": ' + "[" * depth + "]" * depth + "}"


def test_a_damaged_seats_file_is_kept_aside_and_joining_goes_on(tmp_path: Path) -> None:
    (tmp_path / SEATS_NAME).write_text(nested(20000))
    assert len((tmp_path / SEATS_NAME).read_bytes()) < 64 * 1024
    assert kept_seat(tmp_path, "a:1", CODE, "Bob") == ""  # no crash: no seat kept
    aside = list(tmp_path.glob("seats.unreadable-*.json"))
    assert len(aside) == 1 and aside[0].read_text() == nested(20000)  # nothing lost
    keep_seat(tmp_path, "a:1", CODE, "Bob", "t" * 32)
    assert kept_seat(tmp_path, "a:1", CODE, "Bob") == "t" * 32


@pytest.mark.parametrize(
    "text", [nested(20000), "[1, 2]", '{"address": 5}', "\x00not json"], ids=range(4)
)
def test_a_damaged_last_table_file_is_kept_aside_and_the_menu_goes_on(
    tmp_path: Path, text: str
) -> None:
    (tmp_path / LAST_NAME).write_text(text)
    assert last_table(tmp_path) is None  # no crash: no way back offered
    aside = list(tmp_path.glob("last-table.unreadable-*.json"))
    assert len(aside) == 1 and aside[0].read_text() == text  # nothing lost
    keep_seat(tmp_path, "a:1", CODE, "Bob", "t" * 32)
    keep_last_table(tmp_path, "a:1", CODE, "Bob\x1b[2J", tls=True)  # a name with an escape
    assert last_table(tmp_path) is None  # no token kept under the cleaned name
    keep_last_table(tmp_path, "a:1", CODE, "Bob", tls=True)
    assert last_table(tmp_path) == ("a:1", CODE, "Bob", True)


def test_a_damaged_table_file_is_said_and_kept_aside(tmp_path: Path) -> None:
    session = Session(preset("gin"), [Seat("Ann"), Seat("Bob")], 5)
    save(session, tmp_path / SAVE_NAME)
    (tmp_path / TABLE_NAME).write_text(nested(20000))
    why = read_table(str(tmp_path))
    assert isinstance(why, str) and "cannot be read" in why and "kept as" in why
    assert list(tmp_path.glob("table.unreadable-*.json"))


def test_names_in_the_table_file_are_cleaned_and_capped(tmp_path: Path) -> None:
    session = Session(preset("gin"), [Seat("Ann"), Seat("Bob")], 5)
    save(session, tmp_path / SAVE_NAME)
    data: dict[str, Any] = {
        "game": session.game_id,
        "code": CODE,
        "seats": [[1, HOSTILE_WORDS * 20, "t" * 32]],
    }
    (tmp_path / TABLE_NAME).write_text(json.dumps(data))
    taken = read_table(str(tmp_path))
    assert not isinstance(taken, str), taken
    ((_, name, _),) = taken[2]
    assert shown(name) and len(name) <= 40


def test_a_headless_host_does_not_replace_a_game_in_progress(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The app asks before a new table replaces the saved game; a table held
    headless has no one to ask: it says so and starts nothing."""
    session = Session(preset("gin"), [Seat("Ann"), Seat("Bob")], 5)
    save(session, tmp_path / SAVE_NAME)
    before = (tmp_path / SAVE_NAME).read_bytes()
    assert main(["host", "--headless", "--port", "0", "--data-dir", str(tmp_path)]) == 2
    said = capsys.readouterr().err
    assert "a game in progress is saved" in said and "--continue" in said
    assert (tmp_path / SAVE_NAME).read_bytes() == before


@pytest.mark.parametrize("target", ["0", "-5", "100000"])
def test_a_host_asked_for_a_target_no_game_can_have_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], target: str
) -> None:
    args = ["host", "--headless", "--port", "0", "--data-dir", str(tmp_path), "--target", target]
    assert main(args) == 2
    assert f"a game is to 1 to 10000 points, not {target}" in capsys.readouterr().err


class Connection:
    """A seat's connection as the host's outbox sees it: one that reads
    (its frames are kept) or one that has stopped reading (a send never ends)."""

    def __init__(self, reads: bool) -> None:
        self.reads = reads
        self.frames: list[str] = []
        self.arrived = asyncio.Event()
        self.aborted = False
        self.transport = self

    async def send(self, frame: str) -> None:
        if not self.reads:
            await asyncio.Event().wait()  # never read: the send never ends
        self.frames.append(frame)
        self.arrived.set()

    def abort(self) -> None:
        self.aborted = True


async def test_a_seat_that_stops_reading_holds_up_no_other() -> None:
    """Three seats elsewhere; one stops reading. The other two are sent
    every State at once, and the one that reads nothing is cut once its
    frames pile up (it comes back with its token)."""
    session = Session(preset("gin"), [Seat("A"), Seat("B"), Seat("C")], 3, format=Format.THREE)
    host = TableServer(Table(session, frozenset({0, 1, 2})), started=True, computers=False)
    stuck, *readers = (Connection(False), Connection(True), Connection(True))
    for seat, ws in enumerate((stuck, *readers)):
        host.connections[seat] = ws  # type: ignore[assignment]
        host.outboxes[ws] = Outbox(ws)  # type: ignore[arg-type,index]
    sends = 0
    while not stuck.aborted:
        for ws in readers:
            ws.arrived.clear()
        await host.send_all()
        sends += 1
        for ws in readers:
            await within(ws.arrived.wait(), f"frame {sends} at a seat that reads", 10)  # a guard
            assert len(ws.frames) == sends
        assert sends <= OUTBOX_MOST + 2
    assert stuck.frames == [] and sends >= OUTBOX_MOST
    for outbox in host.outboxes.values():
        outbox.stop()


async def test_a_move_made_while_the_host_is_away_is_played_when_it_is_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bob's move, made while the host was down ("on its way to the host"),
    is sent again once the host is back with the table: the keys never stay
    dead, the host never waits for ever."""
    monkeypatch.setattr(joining_module, "RETRY_EVERY", 0.05)
    session, table, host, port = await table_for_one()
    joining = Joining(JoinPlan(f"127.0.0.1:{port}", table.code, "Bob"))
    joining.folder = tmp_path
    task = asyncio.create_task(joining.run())
    again = None
    try:
        await until_true(lambda: table.full, "Bob seated")
        await host.start()
        await until_true(
            lambda: joining.session is not None and joining.session.person_to_move, "Bob to move"
        )
        remote = joining.session
        assert remote is not None
        # the host goes down (killed: no goodbye, the connection just goes)
        assert host.server is not None and host.runner is not None
        host.runner.stop()
        for ws in list(host.connections.values()):
            ws.transport.abort()
        host.server.close()
        await host.server.wait_closed()
        await until_true(
            lambda: joining.said.startswith("The connection was lost"), "the drop seen"
        )
        moves = len(session.game.round.hands[0].log)
        action = remote.legal()[0]
        remote.play(action)  # on its way to a host that is not there
        assert remote.pending == action
        again = TableServer(table, started=True)  # host --continue: the table as it was
        await again.listen(port=port)
        await until_true(lambda: len(session.game.round.hands[0].log) > moves, "Bob's move played")
        assert any(a == action for _, a in session.game.round.hands[0].log[moves:])
        await until_true(lambda: remote.pending is None, "the move seen played")
    finally:
        joining.ended = True
        await joining.close(leave=False)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(task, 10)
        if again is not None:
            await again.close()


async def test_joining_before_the_host_is_up_waits_and_sits_down_once_it_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nothing answers yet: a plain sentence (no errno, no TLS hint), tried
    again, and seated once the host opens the table."""
    monkeypatch.setattr(joining_module, "RETRY_EVERY", 0.05)
    with socket.socket() as probe:  # a port nothing listens on, for now
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    session = Session(preset("gin"), [Seat("Computer A", SeatKind.COMPUTER), Seat("B")], 4)
    table = Table(session, frozenset({1}))
    joining = Joining(JoinPlan(f"127.0.0.1:{port}", table.code, "Bob"))
    joining.folder = tmp_path
    told: list[news.News] = []
    joining.listen(told.append)
    task = asyncio.create_task(joining.run())
    host = TableServer(table, started=False)
    try:
        await until_true(lambda: joining.said.startswith("Waiting for the table"), "told to wait")
        said = joining.said
        assert "nothing answers" in said and "Errno" not in said and "--tls" not in said
        await host.listen(port=port)
        await until_true(lambda: table.full, "Bob seated once the table opens")
        assert not any(isinstance(n, news.Gone) for n in told)
    finally:
        joining.ended = True
        await joining.close(leave=False)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(task, 10)
        await host.close()


async def test_a_headless_table_does_not_wait_for_ever_for_a_seat(tmp_path: Path) -> None:
    """Bob sits down, the game begins, and Bob's machine goes for good: after
    the table's wait the computer plays his seat, and the game ends."""
    session = Session(
        preset("gin"), [Seat("Computer A", SeatKind.COMPUTER), Seat("B")], 6, target=10
    )
    table = Table(session, frozenset({1}))
    said: list[str] = []
    held = Headless(table, None, said.append, away_most=0.05)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    run = asyncio.create_task(held.run("127.0.0.1", port, None, lambda p: f"join {p}"))
    await until_true(lambda: any(line.startswith("Give the others") for line in said), "listening")
    bob = await join(f"127.0.0.1:{port}", table.code, "Bob")
    while bob.state is None:  # to the game's start, answering the cut's question if asked
        message = await within(bob.receive(), "the game's start at Bob's seat", 30)
        if isinstance(message, Lobby) and message.question:
            await bob.deal(False)
    await bob.close()  # gone, for now
    await until_true(lambda: session.game.is_over, "the computer plays Bob's seat to the end")
    assert any("away too long: the computer plays the seat" in line for line in said)
    assert not session.seats[1].is_person and not run.done()  # open for Bob a while
    # Bob comes back at last: sent the whole game, for his statistics
    back = await join(f"127.0.0.1:{port}", token=bob.welcome.token)
    while not back.finished:
        await within(back.receive(), "the whole game sent to Bob back", 30)
    assert json.loads(back.finished)["seed"] == 6
    await back.close()
    assert await within(run, "the table closing once the game is over", 60) == 0
