"""The app at a table across machines (issue 35), driven by Textual's pilot
over the loopback: the host's app seats a person from elsewhere, plays
with them and deals on once both have seen the result; a joined app plays
its seat with keys from the host's states alone, comes back after its
connection drops, and leaves its seat to a computer."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from apphelp import key_for_turn, rounds, until
from nethelp import table_for_one
from procs import free_port
from textual.widgets import Input, Select, Static

from ginrummies.ai import make_bot
from ginrummies.core import Discard, DrawStock, Format, preset
from ginrummies.core.levels import Level, SeatKind
from ginrummies.net import joining
from ginrummies.net.client import JoinError, Seated, address_uri, join
from ginrummies.net.headless import Headless
from ginrummies.net.joining import Joining, JoinPlan
from ginrummies.net.kept import kept_seat
from ginrummies.net.plan import HostPlan
from ginrummies.net.server import TableServer
from ginrummies.net.table import Table
from ginrummies.play.keys import MoveName
from ginrummies.play.remote import RemoteSession
from ginrummies.play.session import Seat, Session
from ginrummies.play.words import why_not
from ginrummies.store import Settings
from ginrummies.tui.app import GinApp
from ginrummies.tui.screens.choice import ChoiceScreen
from ginrummies.tui.screens.lobby import LobbyScreen
from ginrummies.tui.screens.result import ResultScreen
from ginrummies.tui.screens.table import TableScreen
from ginrummies.tui.widgets.area import TableArea

SIZE = (100, 30)
LOOP = 800  # waits and moves are bounded


def screen_words(screen: Any) -> str:
    return "\n".join(str(s.render()) for s in screen.query(Static))


def lobby_text(screen: LobbyScreen) -> str:
    return screen_words(screen)


async def follow(seated: Seated) -> None:
    """Keep the scripted seat's latest state (until its connection ends)."""
    try:
        while True:
            await seated.receive()
    except Exception:
        return


async def hand_to_its_end(pilot: Any, session: Session, seated: Seated) -> bool:
    """Ann (here, by the host app's table) and Bob (scripted, elsewhere)
    play the hand with the easy computer's moves until its result shows;
    whether Ann's table said it waited for Bob."""
    app = pilot.app
    table = app.screen
    assert isinstance(table, TableScreen)
    bob = make_bot(Level.EASY, session.rules, 4)
    ann = make_bot(Level.EASY, session.rules, 5)
    waited = False
    for _ in range(LOOP):
        if isinstance(app.screen, ResultScreen):
            return waited
        state = seated.state
        view = state.view if state is not None else None
        bobs = view is not None and view.my_turn and view.result is None
        if view is not None and bobs and session.game.seat_to_move(0) == 1:
            shown = table.query_one(TableArea).shown.status
            waited = waited or shown.startswith("Waiting for Bob to move")
            await seated.move(bob.choose(view, list(view.legal_actions)))
            await until(
                pilot,
                lambda s=state: seated.state is not s or bool(seated.refused),
                "Bob's move back",
            )
            assert not seated.refused
            continue
        if session.person_to_move:
            view = session.view()
            table.play(ann.choose(view, list(view.legal_actions)))
        await pilot.pause(0.01)
    raise AssertionError("the hand never ended")


@pytest.mark.slow
async def test_the_host_app_seats_a_person_from_elsewhere_and_plays_a_hand(
    tmp_path: Path,
) -> None:
    session = Session(preset("gin"), [Seat("Ann"), Seat("Seat B")], 8)
    plan = HostPlan(session, frozenset({1}))
    app = GinApp(Settings(speed="instant"), data_dir=tmp_path, host=plan)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen) and app.hosting is not None
        assert app.hosting.address is not None
        code, port = app.hosting.table.code, app.hosting.address[1]
        said = lobby_text(lobby)
        assert f"ginrummies join 127.0.0.1:{port} {code}" in said
        assert "Only this machine can reach the table" in said
        seated = await join(f"127.0.0.1:{port}", code, "Bob")
        reader = asyncio.create_task(follow(seated))
        await until(pilot, lambda: "B  Bob" in lobby_text(lobby), "Bob in the lobby")
        await pilot.press("s")
        await until(pilot, lambda: not isinstance(app.screen, LobbyScreen), "the start")
        if isinstance(app.screen, ChoiceScreen):  # Ann won the cut: she chooses
            await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        waited = await hand_to_its_end(pilot, session, seated)
        assert isinstance(app.screen, ResultScreen)
        # Ann has seen the result; the next hand waits for Bob
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "back at the table")
        assert len(session.game.rounds) == 1
        assert session.waiting == ("Bob to be ready for the next hand",)
        await seated.ready()
        await until(pilot, lambda: len(session.game.rounds) == 2, "the next hand")
        assert waited
        reader.cancel()
        await seated.close()


async def started_at_the_host(pilot: Any, seated: Seated) -> None:
    """The cut's choice made, by Ann here or Bob elsewhere: the table shows."""
    app = pilot.app
    for _ in range(LOOP):
        if isinstance(app.screen, TableScreen) and app.screen.session is app.session:
            return
        if isinstance(app.screen, ChoiceScreen):  # Ann won the cut: she chooses
            await pilot.press("enter")
        lobby = seated.lobby
        if lobby is not None and lobby.question:  # Bob won it: he plays first
            seated.lobby = None
            await seated.deal(False)
        await pilot.pause(0.01)
    raise AssertionError("the game never began")


@pytest.mark.slow
async def test_the_host_deals_the_next_game_at_the_same_table(tmp_path: Path) -> None:
    """The game over, the host's ``a`` deals the next game of the match at
    the same table: the same code, seats and tokens; the friend elsewhere is
    told, asked the cut's question if he won it, and sent the new game."""
    session = Session(preset("gin"), [Seat("Ann"), Seat("Seat B")], 8, target=1)
    app = GinApp(
        Settings(speed="instant"), data_dir=tmp_path, host=HostPlan(session, frozenset({1}))
    )
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
        lobby, hosting = app.screen, app.hosting
        assert hosting is not None and hosting.address is not None
        table = hosting.table
        seated = await join(f"127.0.0.1:{hosting.address[1]}", table.code, "Bob")
        reader = asyncio.create_task(follow(seated))
        await until(pilot, lambda: table.full, "Bob seated")
        await pilot.press("s")
        await started_at_the_host(pilot, seated)
        for _ in range(20):  # hands until one scores (a hand may be a draw)
            await hand_to_its_end(pilot, session, seated)
            if session.game.is_over:
                break
            await pilot.press("enter")
            await seated.ready()
            await until(pilot, lambda: isinstance(app.screen, TableScreen), "the next hand")
        result = app.screen
        assert isinstance(result, ResultScreen) and session.game.is_over
        assert "a: another game" in str(result.query_one("#result-keys", Static).render())
        await until(pilot, lambda: seated.finished != "", "the whole game sent to Bob")
        await pilot.press("a")
        await until(pilot, lambda: table.game == 2, "the next game dealt")
        await until(pilot, lambda: seated.finished == "", "Bob told of it")
        again = hosting.session
        assert again is not session and again.rules == session.rules
        assert again.names == session.names and table.seats[1].token == seated.welcome.token
        await started_at_the_host(pilot, seated)
        await until(
            pilot,
            lambda: seated.state is not None and seated.state.view is not None,
            "Bob sent the new game",
        )
        assert seated.state is not None and seated.state.public.scores == (0, 0)
        assert app.session is again and len(again.game.rounds) == 1
        await pilot.press("escape")  # the lobby, not the last game's table
        await until(pilot, lambda: app.screen is lobby, "the lobby")
        reader.cancel()
        await seated.close()


async def turn_played(pilot: Any, session: Session) -> None:
    """The joined app's person plays the turn in front of them by keys, and
    the host's game moves on."""
    before = session.version
    for key in key_for_turn(pilot.app):
        await pilot.press(key)
    await until(pilot, lambda: session.version > before, "the move played")


@pytest.mark.slow
async def test_the_host_says_once_that_it_waits_for_a_friend_away(tmp_path: Path) -> None:
    """Bob to move and away: the table waits for him to come back, said
    once ("Waiting for Bob to move… Waiting for Bob to come back." before)."""
    session = Session(preset("gin"), [Seat("Ann"), Seat("Seat B")], 8)
    app = GinApp(
        Settings(speed="instant"), data_dir=tmp_path, host=HostPlan(session, frozenset({1}))
    )
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
        hosting = app.hosting
        assert hosting is not None and hosting.address is not None
        seated = await join(f"127.0.0.1:{hosting.address[1]}", hosting.table.code, "Bob")
        reader = asyncio.create_task(follow(seated))
        await until(pilot, lambda: hosting.table.full, "Bob seated")
        await pilot.press("s")
        await started_at_the_host(pilot, seated)
        table = app.screen
        assert isinstance(table, TableScreen)
        ann = make_bot(Level.EASY, session.rules, 5)
        for _ in rounds("Bob's turn"):
            if session.game.seat_to_move(0) == 1:
                break
            if session.person_to_move:
                view = session.view()
                table.play(ann.choose(view, list(view.legal_actions)))
            await pilot.pause(0.01)
        reader.cancel()
        await seated.close()  # Bob's connection gone, his seat kept
        area = table.query_one(TableArea)
        await until(pilot, lambda: "come back" in area.shown.status, "the wait said")
        assert area.shown.status == "Waiting for Bob to come back."


async def seated_and_started(pilot: Any, table: Table, host: TableServer) -> TableScreen:
    """The joining app's person seated, the host starts: the table shown."""
    app = pilot.app
    await until(pilot, lambda: table.full, "Bob seated")
    await host.start()
    await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
    screen = app.screen
    assert isinstance(screen, TableScreen)
    return screen


@pytest.mark.slow
async def test_a_joined_app_plays_its_seat_comes_back_and_leaves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(joining, "RETRY_EVERY", 0.05)
    session, table, host, port = await table_for_one()
    plan = JoinPlan(f"127.0.0.1:{port}", table.code.lower().replace("-", " "), "Bob")
    app = GinApp(Settings(speed="instant"), data_dir=tmp_path, join=plan)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: table.full, "Bob seated")
            lobby = app.screen
            assert isinstance(lobby, LobbyScreen)
            await until(pilot, lambda: "B  Bob (you)" in lobby_text(lobby), "the lobby")
            assert "The game begins once every seat is taken." in lobby_text(lobby)
            await host.start()
            await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
            screen = app.screen
            assert isinstance(screen, TableScreen)
            remote = screen.session
            assert isinstance(remote, RemoteSession)
            # Escape goes to the table's lobby, and the footer says so
            assert screen.check_action("lobby", ()) and not screen.check_action("leave", ())
            dropped = asked = False
            for _ in rounds("the game's result"):
                if isinstance(app.screen, ResultScreen):
                    break
                if isinstance(app.screen, ChoiceScreen):
                    await pilot.press("enter")
                    continue
                if remote.person_to_move and not asked:
                    # a knock out of its time: the host answers with the core's
                    # refusal, worded as a table here words it
                    asked = True
                    words = why_not(session, session.view(1), MoveName.KNOCK)
                    await pilot.press("k")
                    area = screen.query_one(TableArea)
                    await until(pilot, lambda a=area, w=words: a.shown.status == w, words)
                    # hints are the host's to allow, and this one did not
                    await pilot.press("question_mark")
                    off = "Hints are off at this table: the host's choice, people playing people."
                    await until(pilot, lambda a=area, o=off: a.shown.status == o, "no hint here")
                if remote.person_to_move:
                    await turn_played(pilot, session)
                    if not dropped and session.game.round.hands[0].stock_size < 25:
                        dropped = True  # the connection drops mid-hand: back by token
                        await host.connections[1].close()
                        await until(pilot, lambda: not table.seats[1].here, "the drop")
                        await until(pilot, lambda: table.seats[1].here, "Bob back")
                await pilot.pause(0.01)
            assert dropped and asked and isinstance(app.screen, ResultScreen)
            # what the joined seat shows is the host's game, card for card
            assert remote.game.own == session.view(1)
            await pilot.press("enter")
            await until(pilot, lambda: len(session.game.rounds) == 2, "the next hand")
            await until(pilot, lambda: remote.game.round.number == 1, "hand 2 shown")
            await pilot.press("escape")  # the table: back to the lobby
            await until(pilot, lambda: app.screen is lobby, "the lobby again")
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "asked")
            await pilot.press("down", "enter")  # leave the table
            await until(pilot, lambda: not session.seats[1].is_person, "a computer takes over")
    finally:
        await host.close()


def test_a_pasted_join_command_gives_address_code_name_and_tls() -> None:
    from ginrummies.tui.screens.joinform import read_invite

    line = "ginrummies join 10.0.0.2:8765 K7QF-9XPM-2D4H --name Bob --tls"
    assert read_invite(line, "") == ("wss://10.0.0.2:8765", "K7QF-9XPM-2D4H", "Bob", "")
    assert read_invite("10.0.0.2:8765", "K7QF9XPM2D4H")[2:] == ("", "")
    assert "not an address" in read_invite("ginrummies join nowhere K7QF-9XPM-2D4H", "")[3]


@pytest.mark.slow
async def test_the_menu_joins_a_table_from_a_pasted_command(tmp_path: Path) -> None:
    """What a browser tab of ``serve`` does: Join from the menu, the host's
    command pasted whole; a wrong address or code is said, nothing breaks."""
    seats = [Seat("Computer A", SeatKind.COMPUTER, Level.EASY), Seat("Seat B")]
    table = Table(Session(preset("gin"), seats, 12), frozenset({1}))
    host = TableServer(table, started=False)
    _, port = await host.listen()
    app = GinApp(Settings(speed="instant"), data_dir=tmp_path)
    try:
        async with app.run_test(size=SIZE) as pilot:
            options = app.screen.query_one("#menu-options")
            ids = [options.get_option_at_index(i).id for i in range(options.option_count)]
            await pilot.press(*["down"] * ids.index("join"), "enter")
            await until(pilot, lambda: app.screen.query("#address"), "the join form")
            form = app.screen
            await pilot.press(*"nowhere", "enter", *"XY", "enter", "enter")
            problem = str(form.query_one("#join-problem", Static).render())
            assert "not an address" in problem and app.screen is form
            address = form.query_one("#address", Input)
            # the README's whole command, --name included
            address.value = f"ginrummies join 127.0.0.1:{port} {table.code} --name Zed"
            form.query_one("#code", Input).value = ""
            address.focus()
            await pilot.press("enter")
            await until(pilot, lambda: table.full, "seated from the menu")
            assert table.seats[1].name == "Zed"
            assert app.join_typed == (f"127.0.0.1:{port}", table.code, "Zed")  # kept for next time
            lobby = app.screen
            assert isinstance(lobby, LobbyScreen)
            await until(
                pilot,
                lambda: "B  " in lobby_text(lobby) and "(you)" in lobby_text(lobby),
                "the lobby",
            )
    finally:
        await host.close()


@pytest.mark.slow
async def test_the_menu_hosts_a_table_a_friend_joins(tmp_path: Path) -> None:
    """What ``ginrummies host`` does, from the menu (and so from a browser tab
    of ``serve``): the form's game, format, friends, level and hints make the
    table; a port that is not one is said; a friend joins with the code."""
    from ginrummies.tui.screens.hostform import HostForm

    app = GinApp(Settings(speed="instant"), data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        options = app.screen.query_one("#menu-options")
        ids = [options.get_option_at_index(i).id for i in range(options.option_count)]
        await pilot.press(*["down"] * ids.index("host"), "enter")
        await until(pilot, lambda: isinstance(app.screen, HostForm), "the host form")
        form = app.screen
        variant = form.query_one("#variant", Select)
        variant.value = "skarney"
        await pilot.pause()
        formats = form.query_one("#format", Select)
        # the formats follow the variant, the friends the format
        assert Format.PARTNERS in [value for _, value in formats._options]
        formats.value = Format.PARTNERS
        await pilot.pause()
        friends = form.query_one("#friends", Select)
        assert [value for _, value in friends._options] == [1, 2, 3]
        friends.value = 2
        form.query_one("#level", Select).value = Level.EASY
        form.query_one("#hints", Select).value = True
        port = form.query_one("#port", Input)
        port.value = "99999"
        port.focus()
        await pilot.press("enter")
        problem = str(form.query_one("#host-problem", Static).render())
        assert problem == "There is no port 99999: a port is 0 to 65535." and app.screen is form
        port.value = "0"  # any free port (the lobby says which)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
        hosting = app.hosting
        assert hosting is not None and hosting.address is not None
        session = hosting.session
        assert session.rules.name == preset("skarney").name and session.format is Format.PARTNERS
        assert hosting.table.remote == frozenset({1, 2}) and session.hints
        assert [s.level for s in session.seats if not s.is_person] == [Level.EASY]
        lobby = app.screen
        assert "ginrummies join 127.0.0.1:" in lobby_text(lobby)
        seated = await join(f"127.0.0.1:{hosting.address[1]}", hosting.table.code, "Zoe")
        try:
            await until(pilot, lambda: "Zoe" in lobby_text(lobby), "Zoe in the lobby")
        finally:
            await seated.close()


@pytest.mark.slow
async def test_a_game_ended_at_a_hosted_table_is_kept_as_this_machines_persons(
    tmp_path: Path,
) -> None:
    """Once the game is over the host sends it whole; the joined machine's
    statistics hold it as its own person's (Bob, seat B), against people
    across machines, and its replay can be exported."""
    seats = [Seat("Ann"), Seat("Seat B")]
    session = Session(preset("gin"), seats, 21, target=10)  # over after a scored hand or so
    table = Table(session, frozenset({0, 1}))
    host = TableServer(table, started=False)
    _, port = await host.listen()
    ann = await join(f"127.0.0.1:{port}", table.code, "Ann")
    reader = asyncio.create_task(follow(ann))
    plan = JoinPlan(f"127.0.0.1:{port}", table.code, "Bob")
    app = GinApp(Settings(speed="instant"), data_dir=tmp_path, join=plan)
    ann_bot = make_bot(Level.EASY, session.rules, 2)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: table.full, "both seated")
            table.begin()
            await host.start()
            for _ in rounds("the game over and its result"):
                if session.game.is_over and isinstance(app.screen, ResultScreen):
                    break
                screen = app.screen
                if isinstance(screen, ChoiceScreen):
                    await pilot.press("enter")
                elif isinstance(screen, ResultScreen):
                    await pilot.press("enter")
                    if ann.state is not None and ann.state.version == session.version:
                        await ann.ready()
                elif session.game.seat_to_move(0) == 0 and ann.state is not None:
                    view = ann.state.view
                    if view is not None and view.my_turn and ann.state.version == session.version:
                        await ann.move(ann_bot.choose(view, list(view.legal_actions)))
                elif isinstance(screen, TableScreen) and screen.session.person_to_move:
                    for key in key_for_turn(app):
                        await pilot.press(key)
                await pilot.pause(0.02)
            remote = app.screen.session  # type: ignore[attr-defined]
            assert isinstance(remote, RemoteSession) and remote.game.is_over
            await until(pilot, lambda: bool(remote.finished), "the whole game sent")
            # the result screen is told of it by a message, and then offers the export
            await until(
                pilot,
                lambda: any(
                    "x: export the replay" in str(h.render()) for h in app.screen.query(".hint")
                ),
                "the result offering the replay's export",
            )
            stats = app.stats
            assert stats is not None
            await until(pilot, lambda: bool(stats.history()), "the game in the statistics")
            (played,) = stats.history()
            assert played.opponent == "across machines"
            assert played.mine == session.game.scores[1]  # Bob's side, not the host's
    finally:
        reader.cancel()
        await host.close()


@pytest.mark.slow
async def test_a_person_elsewhere_who_wins_the_cut_chooses_to_deal(tmp_path: Path) -> None:
    """RULES.md 1: the cut's winner chooses who deals, at another machine
    too: the headless host asks Bob's app, and deals as he answers."""
    session = Session(preset("gin"), [Seat("Seat A"), Seat("Seat B")], 0)
    assert session.cut_choosers() == (1,)  # seat B wins this seed's cut
    table = Table(session, frozenset({0, 1}))
    said: list[str] = []
    ports: list[int] = []

    def invite(port: int) -> str:
        ports.append(port)
        return "join"

    held = Headless(table, None, said.append)
    running = asyncio.create_task(held.run("127.0.0.1", 0, None, invite))
    app = GinApp(Settings(speed="instant"), data_dir=tmp_path)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: bool(ports), "the table open")
            ann = await join(f"127.0.0.1:{ports[0]}", table.code, "Ann")
            reader = asyncio.create_task(follow(ann))
            app.open_joined(JoinPlan(f"127.0.0.1:{ports[0]}", table.code, "Bob"))
            await until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "asked")
            assert "Bob wins the cut: play first, or deal?" in str(
                app.screen.query_one(".title", Static).render()
            )
            # Ann, meanwhile, sees the cut and who is choosing
            await until(
                pilot,
                lambda: ann.lobby is not None and "Waiting for Bob" in ann.lobby.status,
                "Ann told who chooses",
            )
            assert ann.lobby is not None and ann.lobby.status.startswith("Cut: ")
            await pilot.press("down", "enter")  # Deal
            await until(pilot, lambda: held.host.started, "the game begun")
            assert session.game.dealer_seat(0) == 1 and session.game.winner_deals == (True,)
            assert any("Bob wins and deals" in line for line in said)
            await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
            reader.cancel()
    finally:
        running.cancel()
        await held.host.close()


@pytest.mark.slow
async def test_the_card_drawn_stays_picked_across_the_lobby_and_a_new_app(
    tmp_path: Path,
) -> None:
    """A card drawn at a joined table is the one under the cursor when the
    person comes back to the table from the lobby, or in an app started
    again: ``x`` throws away the card just drawn, not another (issue 51)."""
    session, table, host, port = await table_for_one()
    plan = JoinPlan(f"127.0.0.1:{port}", table.code, "Bob")
    try:
        app = GinApp(Settings(speed="instant"), data_dir=tmp_path, join=plan)
        async with app.run_test(size=SIZE) as pilot:
            screen = await seated_and_started(pilot, table, host)
            remote = screen.session
            for _ in rounds("a turn of Bob's that begins with a draw"):
                if remote.person_to_move and DrawStock() in remote.legal():
                    break
                if remote.person_to_move:
                    await turn_played(pilot, session)
                await pilot.pause(0.01)
            lobby_at = session.version
            await pilot.press("d", "escape")  # drawn, and off to the lobby at once
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            await until(pilot, lambda: session.version > lobby_at, "the draw played")
            drawn = session.view(1).drawn_card
            assert drawn is not None
            await pilot.press("enter")  # back to the table
            await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table again")
            again = app.screen
            assert isinstance(again, TableScreen)
            await until(pilot, lambda: again.state.cursor_card == drawn, "the card drawn picked")
            assert again.state.new_card == drawn
        # the app closed and opened again: the seat and the card drawn come back
        reopened = GinApp(Settings(speed="instant"), data_dir=tmp_path, join=plan)
        async with reopened.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(reopened.screen, TableScreen), "the table")
            screen = reopened.screen
            assert isinstance(screen, TableScreen)
            assert screen.state.cursor_card == drawn and screen.state.new_card == drawn
            await pilot.press("x")
            await until(
                pilot,
                lambda: Discard(drawn) in [e.action for e in session.game.round.hands[0].events],
                "the card drawn thrown away",
            )
    finally:
        await host.close()


@pytest.mark.slow
async def test_an_app_closed_mid_game_takes_its_seat_back_when_it_joins_again(
    tmp_path: Path,
) -> None:
    """The app closed (a tab reloaded, a crash) does not give the seat up:
    the table waits, and the same machine joining again is back at it by
    the token it kept; another machine cannot take it."""
    seats = [Seat("Computer A", SeatKind.COMPUTER, Level.EASY), Seat("Seat B")]
    session = Session(preset("gin"), seats, 12)
    table = Table(session, frozenset({1}))
    host = TableServer(table, started=False)
    _, port = await host.listen()
    plan = JoinPlan(f"127.0.0.1:{port}", table.code, "Bob")
    try:
        await seated_then_closed(tmp_path, table, host, plan)
        assert session.seats[1].kind is SeatKind.AWAY
        again = GinApp(Settings(speed="instant"), data_dir=tmp_path, join=plan)
        async with again.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: table.seats[1].here, "Bob back at his seat")
            await until(pilot, lambda: isinstance(again.screen, TableScreen), "the table again")
            with pytest.raises(JoinError, match="every seat at this table is taken"):
                await join(f"127.0.0.1:{port}", table.code, "Eve")
    finally:
        await host.close()


def menu_items(app: GinApp) -> list[str]:
    options = app.screen.query_one("#menu-options")
    return [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]


@pytest.mark.slow
async def test_a_joined_app_follows_the_host_to_the_next_game(tmp_path: Path) -> None:
    """The host deals the next game at the same table: the joined app leaves
    the last game's result for the table's lobby, answers the cut if it won
    it, and opens the new game's table; its seat is kept to come back to."""
    session, table, host, port = await table_for_one(target=1)
    plan = JoinPlan(f"127.0.0.1:{port}", table.code, "Bob")
    try:
        app = GinApp(Settings(speed="instant"), data_dir=tmp_path, join=plan)
        async with app.run_test(size=SIZE) as pilot:
            first = (await seated_and_started(pilot, table, host)).session
            for _ in rounds("the game over"):
                if session.game.is_over:
                    break
                if isinstance(app.screen, ResultScreen):
                    await pilot.press("enter")
                elif first.person_to_move:
                    await turn_played(pilot, session)
                await pilot.pause(0.01)
            await until(pilot, lambda: isinstance(app.screen, ResultScreen), "the game's result")
            result = app.screen
            keys = str(result.query_one("#result-keys", Static).render())
            assert keys.startswith("Enter: back to the lobby")
            await pilot.press("enter")  # the lobby, where the host may deal again
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            # the seat is still this machine's (the menu would offer it back)
            assert kept_seat(tmp_path, plan.address, plan.code, "Bob") == table.seats[1].token
            table.rematch(7)
            host.next_game()
            await host.send_all()
            joining = app.joining
            assert joining is not None
            await until(pilot, lambda: joining.game == 2, "told of the next game")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby again")
            if table.choosing:  # Bob won the cut: asked on his screen
                await until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "asked")
                await pilot.press("enter")
                await until(pilot, lambda: not table.choosing, "Bob's choice")
            await host.start()
            await until(
                pilot,
                lambda: isinstance(app.screen, TableScreen) and app.screen.session is not first,
                "the next game's table",
            )
            assert joining.session is not None and list(joining.session.game.scores) == [0, 0]
            assert kept_seat(tmp_path, plan.address, plan.code, "Bob") == table.seats[1].token
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "its lobby under it")
    finally:
        await host.close()


@pytest.mark.slow
async def test_a_joined_app_waits_for_a_table_closed_mid_game_to_open_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The host closes its table mid-game (its game saved): the joined app
    does not give up on it, and is back at its seat once the host opens the
    table again (the menu's Continue, on the same port)."""
    monkeypatch.setattr(joining, "RETRY_EVERY", 0.05)
    session, table, host, port = await table_for_one()
    plan = JoinPlan(f"127.0.0.1:{port}", table.code, "Bob")
    app = GinApp(Settings(speed="instant"), data_dir=tmp_path, join=plan)
    async with app.run_test(size=SIZE) as pilot:
        await seated_and_started(pilot, table, host)
        joined = app.joining
        assert joined is not None
        await host.close()  # the host's Close the table
        await until(pilot, lambda: "the host closed the table" in joined.said, "waiting")
        # opened again as the menu's Continue does: from the code and tokens kept
        kept = [(1, table.seats[1].name, table.seats[1].token)]
        reopened = HostPlan(session, frozenset({1}), code=table.code, tokens=tuple(kept)).table()
        again = TableServer(reopened)
        await again.listen(port=port)
        try:
            await until(pilot, lambda: joined.said == "Back at the table.", "Bob back")
            assert reopened.seats[1].here and isinstance(app.screen, TableScreen)
        finally:
            await again.close()


@pytest.mark.slow
async def test_a_reloaded_tab_finds_its_table_in_the_menu(tmp_path: Path) -> None:
    """A browser tab reloaded (or the app closed) mid-game: the menu's first
    item goes back to the table it sat at, to the same seat; once the person
    leaves it for good, the menu no longer offers it."""
    session, table, host, port = await table_for_one()
    plan = JoinPlan(f"127.0.0.1:{port}", table.code, "Bob")
    try:
        await seated_then_closed(tmp_path, table, host, plan)
        again = GinApp(Settings(speed="instant"), data_dir=tmp_path)
        async with again.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: bool(again.screen.query("#menu-options")), "the menu")
            assert menu_items(again)[0] == f"Back to the table {table.code}"
            await pilot.press("enter")
            await until(pilot, lambda: table.seats[1].here, "Bob back at his seat")
            await until(pilot, lambda: isinstance(again.screen, TableScreen), "the table")
            assert table.seats[1].name == "Bob"
            await pilot.press("escape", "escape")  # the lobby, then leave
            await until(pilot, lambda: isinstance(again.screen, ChoiceScreen), "asked")
            await pilot.press("down", "enter")
            await until(pilot, lambda: not session.seats[1].is_person, "a computer takes over")
            await until(pilot, lambda: bool(again.screen.query("#menu-options")), "the menu")
            assert not any(item.startswith("Back to the table") for item in menu_items(again))
    finally:
        await host.close()


async def seated_then_closed(
    tmp_path: Path, table: Table, host: TableServer, plan: JoinPlan
) -> None:
    """An app joins by ``plan``, the game starts, and the app closes (a tab
    reloaded, a crash): the host notices the seat gone."""
    app = GinApp(Settings(speed="instant"), data_dir=tmp_path, join=plan)
    async with app.run_test(size=SIZE) as pilot:
        await seated_and_started(pilot, table, host)
    await until_gone(table, 1)


async def until_gone(table: Table, seat: int) -> None:
    """The app has gone: its connection with it (the host notices)."""
    for _ in range(LOOP):
        if not table.seats[seat].here:
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"seat {seat} still here")


@pytest.mark.slow
async def test_the_host_gives_the_seat_of_someone_who_never_comes_back_to_a_computer(
    tmp_path: Path,
) -> None:
    session = Session(preset("gin"), [Seat("Ann"), Seat("Seat B")], 8)
    app = GinApp(
        Settings(speed="instant"), data_dir=tmp_path, host=HostPlan(session, frozenset({1}))
    )
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.hosting is not None and bool(app.hosting.address), "open")
        assert app.hosting is not None and app.hosting.address is not None
        code, port = app.hosting.table.code, app.hosting.address[1]
        bob = await join(f"127.0.0.1:{port}", code, "Bob")
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        await until(pilot, lambda: "B  Bob" in lobby_text(lobby), "Bob seated")
        await pilot.press("s")
        await until(pilot, lambda: not isinstance(app.screen, LobbyScreen), "the start")
        if isinstance(app.screen, ChoiceScreen):
            await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        await bob.close()  # Bob's machine is gone for good
        await until(pilot, lambda: session.waiting != (), "the table waiting for Bob")
        await pilot.press("escape")  # to the lobby
        await until(pilot, lambda: app.screen is lobby, "the lobby")
        assert "c: computers take the seats of people away" in lobby_text(lobby)
        await pilot.press("c")  # asked first: the seat is given away only on a yes
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "asked")
        assert "Give the seat of Bob to the computer?" in screen_words(app.screen)
        await pilot.press("escape")  # not now
        await until(pilot, lambda: app.screen is lobby, "the lobby again")
        assert session.seats[1].is_person
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "asked again")
        await pilot.press("down", "enter")
        await until(pilot, lambda: not session.seats[1].is_person, "a computer in Bob's seat")
        # named as a computer, and the log says so
        assert session.seats[1].name == "Bob (computer)" and session.waiting == ()
        assert "The computer plays Bob's seat from now on." in session.log
        # Bob comes back after all, with his seat's token: the seat is his again
        back = await join(f"127.0.0.1:{port}", token=bob.welcome.token)
        assert back.seat == 1
        await until(pilot, lambda: session.seats[1].is_person, "Bob's seat his again")
        assert session.seats[1].name == "Bob"
        assert "Bob is back, and takes the seat back from the computer." in session.log
        await back.close()


def test_an_address_that_is_not_one_is_told_before_any_connection() -> None:
    for address in ("nonsense.invalid:99999", "localhost:abc", "127.0.0.1:-5", "", "[::1:80"):
        with pytest.raises(JoinError, match=r"port|address"):
            address_uri(address)
    assert address_uri("192.168.1.5:8765", tls=True) == "wss://192.168.1.5:8765"


async def test_two_windows_of_one_machine_keep_a_seat_each(tmp_path: Path) -> None:
    """Two terminals (or two tabs of serve) on one machine and one data
    folder: the second does not take the first's seat with the token the
    first kept, even under the same name; a window closed and opened again
    under its name is back at its own seat."""
    seats = [Seat("Seat A"), Seat("Seat B"), Seat("Seat C")]
    table = Table(Session(preset("gin"), seats, 3, format=Format.THREE), frozenset({0, 1, 2}))
    host = TableServer(table, started=False)
    _, port = await host.listen()
    address, running = f"127.0.0.1:{port}", []

    async def window(name: str) -> Joining:
        joining = Joining(JoinPlan(address, table.code, name))
        joining.folder = tmp_path
        running.append(asyncio.create_task(joining.run()))
        for _ in range(LOOP):
            if joining.seated is not None:
                return joining
            await asyncio.sleep(0.02)
        raise AssertionError(f"{name} never sat down")

    try:
        one, two = await window("Root"), await window("Root")
        assert one.seat != two.seat and table.seats[0].here and table.seats[1].here
        ann = await window("Ann")
        seat = ann.seat
        await ann.close(leave=False)  # the window closed, the seat kept
        for _ in rounds("Ann's seat let go of"):
            if seat is not None and not table.seats[seat].here:
                break
            await asyncio.sleep(0.02)
        again = await window("Ann")
        assert again.seated is not None and again.seated.welcome.seat == seat
    finally:
        for task in running:
            task.cancel()
        await host.close()


@pytest.mark.slow
async def test_continue_opens_a_hosted_game_s_table_again_for_the_friends(tmp_path: Path) -> None:
    """A hosted game closed mid-game: the menu's Continue opens its table
    again, with its code and seats as before, and Bob's machine takes his
    seat back with the token it kept (no one could move else)."""
    from ginrummies.net.kept import Reach, table_reach, write_table
    from ginrummies.play.saving import save
    from ginrummies.store.saves import SAVE_NAME

    seats = [Seat("Ann"), Seat("Bob", SeatKind.AWAY)]
    session = Session(preset("gin"), seats, 21)
    save(session, tmp_path / SAVE_NAME)
    code, token, port = "ABCDEFGHJKMN", "t" * 32, free_port()
    # where it listened is kept with it: Bob's machine comes back to the same port
    write_table(tmp_path, session.game_id, code, [(1, "Bob", token)], Reach(port=port, hints=True))
    app = GinApp(Settings(speed="instant"), data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.session is not None, "the saved game")
        await pilot.press("enter")  # Continue the game
        await until(pilot, lambda: app.hosting is not None, "the table open again")
        hosting = app.hosting
        assert hosting is not None and hosting.table.code == code
        assert hosting.address is not None and hosting.address[1] == port and hosting.table.hints
        assert table_reach(tmp_path) == Reach(port=port, hints=True)  # kept as it was
        address = f"127.0.0.1:{port}"
        bob = await join(address, token=token)
        assert bob.seat == 1
        await until(pilot, lambda: hosting.table.seats[1].here, "Bob back in his seat")
        await bob.close()


@pytest.mark.slow
async def test_a_new_table_over_a_game_in_progress_asks_once_before_a_code(
    tmp_path: Path,
) -> None:
    """``ginrummies host`` over a saved game in progress: asked once, before
    the table opens and its code is given out; leaving it opens the table,
    and Start does not ask again."""
    from ginrummies.play.saving import save
    from ginrummies.store.saves import SAVE_NAME

    old = Session(preset("gin"), [Seat("Ann"), Seat("Computer", SeatKind.COMPUTER)], 31)
    if old.computer_to_move:  # a move made: a game in progress
        old.computers.play_now()
    else:
        old.play(old.legal()[0])
    save(old, tmp_path / SAVE_NAME)
    new = Session(preset("oklahoma"), [Seat("Ann"), Seat("Seat B")], 32)
    plan = HostPlan(new, frozenset({1}))
    app = GinApp(Settings(speed="instant"), data_dir=tmp_path, host=plan)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "asked")
        assert app.hosting is None  # no table, no code, before the answer
        assert "Host a new table instead?" in screen_words(app.screen)
        await pilot.press("down", "enter")  # leave it, host the new table
        await until(pilot, lambda: app.hosting is not None and bool(app.hosting.address), "open")
        assert app.hosting is not None and app.hosting.address is not None
        bob = await join(f"127.0.0.1:{app.hosting.address[1]}", app.hosting.table.code, "Bob")
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        await until(pilot, lambda: "B  Bob" in lobby_text(lobby), "Bob seated")
        await pilot.press("s")
        await until(pilot, lambda: not isinstance(app.screen, LobbyScreen), "the start")
        if isinstance(app.screen, ChoiceScreen):  # only the cut's own question, if won
            assert "instead" not in screen_words(app.screen)
            await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the new table")
        assert app.session is new
        await bob.close()
