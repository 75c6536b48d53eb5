"""A table across machines over the loopback, in one process (issue 35):
two seats join a host by its code and play a whole game as scripted
players; every frame the host sends is checked for cards a seat may not
see; wrong codes, moves out of turn, illegal, stale, malformed and huge
messages and floods are refused with the game intact; a seat that drops
comes back with its token."""

from __future__ import annotations

import asyncio
import dataclasses
import json
from collections.abc import Iterator
from typing import Any

import pytest
from apphelp import until_true
from nethelp import within

from ginrummies.ai import make_bot
from ginrummies.core import (
    CARDS,
    Attempt,
    Card,
    Discard,
    DrawStock,
    Format,
    IllegalAction,
    Knock,
    Reason,
    Refusal,
    preset,
)
from ginrummies.core.levels import Level, SeatKind
from ginrummies.net import server as host_module
from ginrummies.net.client import JoinError, Seated, join
from ginrummies.net.protocol import (
    HOST_LIMIT,
    VERSION,
    Answer,
    Hello,
    Move,
    Ready,
    Refused,
    Sent,
    State,
    joined,
    read,
    since,
    write,
)
from ginrummies.net.server import TableServer
from ginrummies.net.table import Table, new_code, same_code
from ginrummies.play.session import Seat, Session

CODES = {c.code for c in CARDS}
LOOP = 600  # moves a test game may take at most: every loop is bounded


def people_and_computers(fmt: Format, people: int) -> list[Seat]:
    return [
        Seat(f"P{i}") if i < people else Seat(f"C{i}", SeatKind.COMPUTER, Level.EASY)
        for i in range(fmt.seats)
    ]


def cards_in(data: Any) -> Iterator[str]:
    """Every card code in a frame's data, wherever it sits."""
    if isinstance(data, str):
        if data in CODES:
            yield data
    elif isinstance(data, list):
        for v in data:
            yield from cards_in(v)
    elif isinstance(data, dict):
        for v in data.values():
            yield from cards_in(v)


def secret(session: Session, seat: int) -> dict[int, set[str]]:
    """By table (each deals its own deck), the cards ``seat`` may not see
    now: in the hands still in play, the stock and the other players'
    cards, less those the table saw (taken from the pile, offered)."""
    out: dict[int, set[str]] = {}
    rnd = session.game.round
    for t, (seating, hand) in enumerate(zip(rnd.tables, rnd.hands, strict=True)):
        if hand.is_over:
            continue  # its result shows both hands
        shown = {e.card.code for e in hand.events if e.card is not None}
        hidden = {c.code for c in hand._stock}  # the test's truth: the stock
        for player, s in enumerate(seating.seats):
            if s != seat:
                hidden |= {c.code for c in hand.cards_of(player)} - shown
        out[t] = hidden
    return out


def told(data: dict[str, Any], table: int) -> set[str]:
    """The cards a State frame tells of ``table`` in the round in play (a
    past hand's result names the same cards, dealt again since)."""
    found: set[str] = set()
    view = data["view"]
    public = data["public"]
    mine = next((t["table"] for t in public["tables"] if public["seat"] in t["seats"]), None)
    if view is not None and mine == table:
        for name, value in view.items():
            if name != "game":
                found |= set(cards_in(value))
    found |= set(cards_in([t for t in public["tables"] if t["table"] == table]))
    now = public["number"]
    entries = [e for e in data["log"] if e["round"] == now and e["table"] == table]
    return found | set(cards_in(entries))


class Wire:
    """Every State frame the host sends a seat, with the cards it may not
    see then and the whole State the frame was cut from (``check``: the
    seat's ``state``, joined from the frames, is that State)."""

    def __init__(self, host: TableServer) -> None:
        self.frames: list[tuple[int, str, dict[int, set[str]]]] = []
        self.wholes: dict[int, list[State]] = {}
        self.checked: dict[int, int] = {}
        real = host.frame

        def recorded(seat: int) -> str:
            truth = secret(host.session, seat)
            self.wholes.setdefault(seat, []).append(host.table.state(seat))
            frame = real(seat)
            self.frames.append((seat, frame, truth))
            return frame

        host.frame = recorded  # type: ignore[method-assign]

    def check(self, seated: Seated, message: object) -> None:
        """After the seat's n-th State: it holds the n-th whole State built for it."""
        if isinstance(message, State):
            n = self.checked.get(seated.seat, 0)
            self.checked[seated.seat] = n + 1
            assert seated.state == self.wholes[seated.seat][n], (seated.seat, n)


async def play(
    seated: Seated, bot_name: str = "easy", hands: int = 0, wire: Wire | None = None
) -> None:
    """A scripted person at a joined seat: moves as the bot would, says
    Ready after each hand, until the game is over (or ``hands`` hands are).
    It acts once on each state (a move chosen while the table moved on is
    refused, and the newer state follows)."""
    bot = None
    acted = -1
    for _ in range(LOOP * 8):
        message = await seated.receive()
        if wire is not None:
            wire.check(seated, message)
        if isinstance(message, Refused):
            assert "moved on" in message.why or "slow down" in message.why, message.why
            if "slow down" in message.why:  # act again on the state as it is, slower
                await asyncio.sleep(0.2)
                acted = -1
            # a move the table had moved on from: the newer state is on its way
        state = seated.state
        if state is None or state.version == acted:
            continue
        if state.public.result is not None:
            return
        if hands and len(state.public.rounds) >= hands:
            return
        view = state.view
        if view is not None and view.legal_actions and view.to_move == view.player:
            if bot is None:
                bot = make_bot(bot_name, view.rules, seed=seated.seat)
            acted = state.version
            await seated.move(bot.choose(view, list(view.legal_actions)))
        elif all(t.result is not None for t in state.public.tables):
            acted = state.version
            await seated.ready()
    raise AssertionError("the game did not end")


async def two_seated(session: Session, host: TableServer, address: str) -> tuple[Seated, Seated]:
    """A and B sit down, the game begins, and both hold its first State:
    (the seat to move, the other)."""
    a = await join(address, host.table.code, "A")
    b = await join(address, host.table.code, "B")
    await host.start()
    for s in (a, b):
        while s.state is None:
            await within(s.receive(), f"the game's first State at seat {s.seat}")
    return (a, b) if session.to_move == a.seat else (b, a)


async def hosted(session: Session, remote: set[int]) -> tuple[TableServer, str]:
    host = TableServer(Table(session, frozenset(remote)), started=False)
    address, port = await host.listen("127.0.0.1", 0)
    return host, f"{address}:{port}"


@pytest.mark.parametrize(
    ("variant", "fmt", "hands"),
    [("gin", Format.TWO, 0), ("gin", Format.PARTNERSHIP, 0), ("skarney", Format.TWO, 1)],
)
@pytest.mark.slow
async def test_two_seats_play_a_whole_game_and_see_only_their_own(
    variant: str, fmt: Format, hands: int
) -> None:
    """Two people at two machines (and computers in the other seats) play a
    whole game (Skarney: a hand, which is long) through the protocol."""
    people = 2
    session = Session(preset(variant), people_and_computers(fmt, people), 3, format=fmt, target=40)
    host, address = await hosted(session, set(range(people)))
    wire = Wire(host)
    try:
        seats = [await join(address, host.table.code, f"Remote {i}") for i in range(people)]
        assert sorted(s.seat for s in seats) == list(range(people))
        assert host.table.full and session.names[0] == "Remote 0"
        await host.start()
        games = (play(s, hands=hands, wire=wire) for s in seats)
        await within(asyncio.gather(*games), "the game's end at every seat", 120)
        final = seats[0].state
        assert final is not None
        if hands:
            assert len(session.game.rounds) > hands or session.round_over
        else:
            assert session.game.is_over and final.public.result is not None
            assert final.public.result.winner == session.game.result.winner  # type: ignore[union-attr]
        for s in seats:
            assert s.resyncs == 0 and wire.checked[s.seat] > 20
            await s.close()
    finally:
        await host.close()
    # the wire: after its first, a seat is sent what is new (the frames do
    # not hold the game so far); and what a seat is told of the round in
    # play never holds a card it may not see (the other hands, the stock)
    assert len(wire.frames) > 50
    wholes = [f for _, f, _ in wire.frames if json.loads(f)["log_from"] == 0]
    assert len(wholes) == people
    for seat, frame, hidden in wire.frames:
        data = json.loads(frame)
        for table, cards in hidden.items():
            leaked = cards & told(data, table)
            assert not leaked, (seat, table, leaked)


async def test_wrong_codes_and_full_tables_are_refused_and_slowed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    session = Session(preset("gin"), people_and_computers(Format.TWO, 1), 3)
    host, address = await hosted(session, {0})
    waits: list[float] = []

    async def slow_down(seconds: float) -> None:  # the schedule, not the clock
        waits.append(seconds)

    monkeypatch.setattr(host, "slow_down", slow_down)
    try:
        for _ in range(3):
            with pytest.raises(JoinError, match="not this table's code"):
                await join(address, "AAAA-AAAA-AAAA", "Eve")
        # each wrong try from the same address waits longer, up to a limit
        assert waits == [host_module.WRONG_WAIT * n for n in (1, 2, 3)]
        with pytest.raises(JoinError, match="token is not this table's"):
            await join(address, token="forged")
        # the code as people type it: any case, dashes or none
        code = host.table.code.replace("-", " ").lower()
        ann = await join(address, code, "Ann")
        with pytest.raises(JoinError, match="every seat at this table is taken"):
            await join(address, host.table.code, "Bob")
        await ann.close()
        await until_true(  # the host sees Ann's connection go
            lambda: not any(seat.here for seat in host.table.seats.values()),
            "the host seeing Ann's connection go",
        )
        # her seat is kept for her: who joins under another name is told how to come back
        with pytest.raises(JoinError, match="Ann may come back: join again from the same machine"):
            await join(address, host.table.code, "Annie")
    finally:
        await host.close()


async def test_bad_moves_are_refused_and_the_game_is_intact() -> None:
    session = Session(preset("gin"), [Seat("A"), Seat("B")], 3)
    host, address = await hosted(session, {0, 1})
    try:
        mover, other = await two_seated(session, host, address)
        before = (session.version, list(session.game.log))

        async def refused(seated: Seated, frame: str, why: str) -> None:
            await seated.ws.send(frame)
            while True:
                message = await within(seated.receive(), f"a refusal of {frame[:40]!r}")
                if isinstance(message, Refused):
                    assert why in message.why, message.why
                    return

        # out of turn, illegal, stale, malformed, not JSON, the wrong kind, huge
        legal = other.state.view.legal_actions if other.state and other.state.view else ()
        await other.move(legal[0] if legal else Discard(Card.parse("2c")))
        while not other.refused:
            await within(other.receive(), "the refusal of a move out of turn")
        assert "not your turn" in other.refused[-1]
        turn = session.table_version(mover.seat)
        await refused(mover, write_move(Discard(Card.parse("Kd")), turn), "")
        stale = (turn[0], turn[1], turn[2] - 1)
        await refused(mover, write_move(session.legal()[0], stale), "moved on")
        fly = f'{{"$": "Move", "v": {VERSION}, "action": {{"type": "fly"}}, "turn": [0, 1, 0]}}'
        await refused(mover, fly, "unknown action type 'fly'")
        await refused(mover, "{not json", "not JSON")
        await refused(mover, f'{{"$": "Welcome", "v": {VERSION}}}', "no message 'Welcome'")
        await refused(mover, '{"$": "Move", "v": 99}', "protocol version 99")
        assert (session.version, list(session.game.log)) == before
        # a message past the limit: the connection is cut, the seat kept
        await mover.ws.send("x" * 20000)
        with pytest.raises(JoinError):
            for _ in range(20):
                await within(mover.receive(), "the connection cut for a huge message")
        assert (session.version, list(session.game.log)) == before
        await until_true(  # the host sees the connection go
            lambda: not host.table.seats[mover.seat].here,
            "the host seeing the cut connection go",
        )
        assert not host.table.seats[mover.seat].here
        assert (
            f"P{mover.seat} to come back" in " ".join(host.table.waiting()) or host.table.waiting()
        )
        # back with its token, the same seat, the game where it was: sent whole
        back = await join(address, token=mover.welcome.token)
        assert back.seat == mover.seat
        while back.state is None:
            message = await within(back.receive(), "the whole State on coming back")
        assert isinstance(message, State) and message.whole and back.resyncs == 0
        assert back.state == host.table.state(back.seat)
        await back.close()
        await other.close()
    finally:
        await host.close()


async def test_the_hosts_close_tells_each_seat_the_table_is_closed() -> None:
    """Closing the table is not a lost connection: each seat is told so,
    and does not try to come back."""
    session = Session(preset("gin"), [Seat("A"), Seat("B")], 3)
    host, address = await hosted(session, {0, 1})
    a = await join(address, host.table.code, "A")
    b = await join(address, host.table.code, "B")
    await host.start()
    await host.close()
    for seated in (a, b):
        with pytest.raises(JoinError, match="the table is closed"):
            for _ in range(50):
                await within(seated.receive(), "the word that the table is closed")
        assert seated.goodbye == "the table is closed"


async def test_a_seat_is_answered_with_the_cores_own_refusal() -> None:
    """A seat judges no rule: asked why a move may not be made, the host
    answers with the rules core's record, the one a table here words; a
    move the rules refuse comes back with that record too."""
    session = Session(preset("gin"), [Seat("A"), Seat("B")], 3)
    host, address = await hosted(session, {0, 1})
    try:
        mover, other = await two_seated(session, host, address)

        async def answer(seated: Seated, attempt: Attempt) -> Refusal | None:
            await seated.ask(attempt)
            while True:
                message = await within(seated.receive(), f"the answer to {attempt}")
                if isinstance(message, Answer):
                    assert message.attempt == attempt
                    return message.refusal

        for seated, attempt in [
            (other, Attempt(Knock)),
            (mover, Attempt(Knock)),
            (mover, Attempt(DrawStock)),
            (mover, Attempt(Discard, Card.parse("Kd"))),
        ]:
            truth = session.refusal(attempt, session.view(seated.seat))
            assert truth is not None
            assert await answer(seated, attempt) == truth
        knock = await answer(mover, Attempt(Knock))
        assert knock is not None and knock.reason is Reason.WRONG_PHASE and knock.first
        held = mover.state.view.hand if mover.state and mover.state.view else ()
        stranger = next(c for c in CARDS if c not in held)
        await mover.move(Discard(stranger))
        while not mover.refused:
            await within(mover.receive(), "the refusal of a card not held")
        assert mover.refusals[-1] == session.refusal(Discard(stranger), session.view(mover.seat))
    finally:
        await host.close()


async def test_a_state_that_does_not_follow_what_a_seat_holds_brings_a_whole_one() -> None:
    """A seat whose State has gone wrong (here: a log entry lost) does not
    join the next onto it: it asks for a whole one (Resync) and holds the
    host's whole State again."""
    session = Session(preset("gin"), [Seat("A"), Seat("C", SeatKind.COMPUTER)], 3)
    host, address = await hosted(session, {0})
    try:
        a = await join(address, host.table.code, "A")
        await host.start()  # the computer's first moves played: nothing moves until A does
        while a.state is None or a.state.version != session.version:
            await within(a.receive(), "the State after the computer's first moves")
        assert a.state == host.table.state(0)
        view = a.state.view
        assert view is not None and view.to_move == view.player
        a.state = dataclasses.replace(a.state, log=a.state.log[:-1])
        await a.move(view.legal_actions[0])
        for _ in range(LOOP):
            message = await within(a.receive(), "the whole State asked for (Resync)")
            if isinstance(message, State) and message.whole and a.state.version == session.version:
                break
        assert a.resyncs == 1 and not a.resyncing
        assert a.state == host.table.state(0)
    finally:
        await host.close()


def write_move(action: Any, turn: tuple[int, int, int]) -> str:
    return write(Move(action, turn))


@pytest.mark.slow
async def test_a_flood_is_refused_then_cut(monkeypatch: pytest.MonkeyPatch) -> None:
    session = Session(preset("gin"), [Seat("A"), Seat("C", SeatKind.COMPUTER)], 3)
    host, address = await hosted(session, {0})
    try:
        a = await join(address, host.table.code, "A")
        await host.start()  # the computer's first moves played: nothing moves now until A does
        before = list(session.game.round.hands[0].log)
        for _ in range(200):
            try:
                await a.ws.send(write_move(Discard(Card.parse("2c")), (-5, 0, 0)))
            except Exception:
                break
        with pytest.raises(JoinError, match="too many messages"):
            for _ in range(400):
                await within(a.receive(), "the connection cut for the flood")
        assert any("slow down" in why for why in a.refused)
        assert session.game.round.hands[0].log == before  # nothing it sent was played
    finally:
        await host.close()


def test_codes_are_long_random_and_read_as_typed() -> None:
    codes = {new_code() for _ in range(200)}
    assert len(codes) == 200
    for code in list(codes)[:5]:
        assert len(code.replace("-", "")) == 12
        assert same_code(code.lower().replace("-", " "), code)
        assert not same_code(code[:-1], code)


# --- the wire of every format, without the network ------------------------------------


class Line:
    """A seat's connection without the network: the host's side cuts each
    whole State to what is new (``since``), the seat's side reads the frame
    and joins it onto what it holds, which must be the whole State again."""

    def __init__(self) -> None:
        self.sent: Sent | None = None
        self.held: State | None = None

    def send(self, whole: State) -> str:
        state, self.sent = since(whole, self.sent)
        frame = write(state)
        self.held = joined(self.held, read(frame, (State,), HOST_LIMIT))
        assert self.held == whole
        return frame


def frames_of(
    variant: str, fmt: Format, rounds: int, target: int
) -> Iterator[tuple[Session, int, str]]:
    """A game played by the easy level in every seat, each seat taken from
    elsewhere (or its first ``rounds`` rounds): after every change, each
    seat's frame, as ``(session, seat, frame)``."""
    seats = [Seat(f"P{i}") for i in range(fmt.seats)]
    session = Session(preset(variant), seats, 11, format=fmt, target=target)
    table = Table(session, frozenset(range(fmt.seats)))
    bots = {i: make_bot("easy", session.rules, seed=i) for i in range(fmt.seats)}
    lines = [Line() for _ in range(fmt.seats)]
    for _ in range(LOOP * 20):
        for seat, line in enumerate(lines):
            yield session, seat, line.send(table.state(seat))
        if session.game.is_over or (
            rounds and session.round_over and len(session.game.rounds) >= rounds
        ):
            return
        if session.round_over:
            for seat in range(fmt.seats):
                table.ready(seat, Ready(table.version))
            session.next_hand()
            continue
        seat = session.next_mover()
        view = session.view(seat)
        action = bots[seat].choose(view, list(view.legal_actions))
        table.move(seat, Move(action, session.table_version(seat)))
    raise AssertionError("the game did not end")


# every format to the end of the game but Skarney Partners: its four seats'
# long hands (a frame for each after each of some 600 moves, 20 s a game)
# a round
FORMATS = [
    ("gin", Format.TWO, 0),
    ("oklahoma", Format.THREE, 0),
    ("gin", Format.PARTNERSHIP, 0),
    ("skarney", Format.SKARNEY3, 0),
    ("skarney", Format.PARTNERS, 0),
    ("skarney", Format.CAPTAINS, 0),
    ("colonel", Format.TWO, 0),
]


@pytest.mark.parametrize(
    ("variant", "fmt", "rounds"), FORMATS, ids=lambda v: getattr(v, "value", v)
)
@pytest.mark.slow
def test_every_frame_of_a_game_of_each_format_hides_what_it_must(
    variant: str, fmt: Format, rounds: int
) -> None:
    """Every seat taken from elsewhere, each sent its State after every
    change of a game (or its first ``rounds`` rounds): none tells a card of
    the round in play its seat may not see, and each, joined onto the ones
    before, is the seat's whole State (Oklahoma's seat sitting out, sent
    the table it watches with no hand, and meeting another, the
    partnerships' seats changing tables: a part that does not go on from
    what was sent is sent whole)."""
    target = {"skarney": 35, "colonel": 40}.get(variant, 25)
    frames = 0
    past_again = sat_out = 0  # past hands sent whole after the first frame; frames sitting out
    for session, seat, frame in frames_of(variant, fmt, rounds, target):
        hidden = secret(session, seat)
        data = json.loads(frame)
        frames += 1
        view = data["view"]
        if session.game.table_of(seat) is None:  # sitting out: the table watched, no hand
            sat_out += 1
            assert view is not None and view["hand"] == [], view
        whole_past = bool(view and view["game"]["past"]) and not data["past_from"]
        past_again += frames > fmt.seats and whole_past
        for number, cards in hidden.items():
            leaked = cards & told(data, number)
            assert not leaked, (seat, number, leaked)
        final = session
    assert final.game.is_over or len(final.game.rounds) >= rounds
    assert frames > 20
    if fmt is Format.THREE:  # the seat that sat out meets another: its past goes whole
        assert past_again and sat_out


@pytest.mark.slow
def test_a_frame_in_hand_ten_is_the_size_of_one_in_hand_one() -> None:
    """What a seat is sent does not grow with the game: only what is new
    goes, while the whole State grows by every hand played."""
    sizes: dict[int, list[int]] = {}
    for session, seat, frame in frames_of("gin", Format.TWO, 10, 500):
        if seat == 0:
            sizes.setdefault(len(session.game.rounds), []).append(len(frame))
            final = session
    whole = len(write(Table(final, frozenset({0})).state(0)))
    assert len(sizes) == 10
    assert max(sizes[10]) < 2 * max(sizes[1]), (max(sizes[1]), max(sizes[10]))
    assert whole > 4 * max(sizes[10]), (whole, max(sizes[10]))


def test_a_captains_table_deals_its_next_game_with_the_captaincy_passed() -> None:
    """The rematch at a table across machines (issue 51): the same seats,
    code and tokens; in Captains the next seat is the Captain (RULES.md 6);
    the hands' readiness is asked afresh."""
    seats = [Seat("Ann"), Seat("Seat B"), Seat("Seat C")]
    session = Session(preset("skarney"), seats, 11, format=Format.CAPTAINS, target=30)
    table = Table(session, frozenset({1, 2}))
    tokens = {}
    for seat, name in ((1, "Bob"), (2, "Cy")):
        tokens[seat] = table.sit(Hello(table.code, name)).token
    table.begin()
    bots = [make_bot(Level.EASY, session.rules, 3 + seat) for seat in range(3)]
    with pytest.raises(IllegalAction, match="still being played"):
        table.rematch(12)
    while not session.game.is_over:
        if session.round_over:
            session.next_hand()
            continue
        seat = session.game.seat_to_move(0)
        assert seat is not None
        view = session.view(seat)
        session.play(bots[seat].choose(view, list(view.legal_actions)), seat)
    captain = session.game.format.play.captain(session.game.rounds[0].rota)
    assert captain is not None
    table.rematch(12)
    again = table.session
    assert again is not session and table.game == 2 and again.game.target == 30
    assert again.game.format.play.captain(again.game.round.rota) == (captain + 1) % 3
    assert {s: table.seats[s].token for s in (1, 2)} == tokens
    assert again.names == ("Ann", "Bob", "Cy") and again.away == session.away
    table.gone(2)  # Cy's connection dropped: back by his token, told it is game 2
    welcome = table.sit(Hello("", "", token=tokens[2]))
    assert welcome.seat == 2 and welcome.game == 2
