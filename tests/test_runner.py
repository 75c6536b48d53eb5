"""The runner plays a game's computers whatever screen is in front: the
table, help, the settings, the menu, a hosted table's lobby. No test here
waits on the clock: a computer's move is held until the test lets it go."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from apphelp import SIZE, HeldBot, computer_seat, held_computer, until, until_true
from textual.pilot import Pilot

from ginrummies.ai import make_bot
from ginrummies.core import Format, preset
from ginrummies.net.plan import HostPlan
from ginrummies.play.runner import Change, Runner, What
from ginrummies.play.session import Seat, Session, format_seats
from ginrummies.store import Settings
from ginrummies.tui.app import GinApp
from ginrummies.tui.screens.base import on_top
from ginrummies.tui.screens.choice import ChoiceScreen
from ginrummies.tui.screens.help import HelpScreen
from ginrummies.tui.screens.lobby import LobbyScreen
from ginrummies.tui.screens.menu import MenuScreen
from ginrummies.tui.screens.settings import SettingsScreen
from ginrummies.tui.screens.table import TableScreen

FAST = Settings(speed="instant")


def person_moves(session: Session, seed: int = 3) -> None:
    """The person to move plays, as a plain player would, until the computer is to move."""
    bot = make_bot("easy", session.rules, seed)
    for _ in range(4):
        if session.computer_to_move or not session.person_to_move:
            return
        view = session.view()
        session.play(bot.choose(view, list(view.legal_actions)))


async def moved_under(pilot: Pilot[Any], held: HeldBot, runner: Runner, screen: type) -> None:
    """With ``screen`` in front and the computer to move: let the computer's
    move go, and see it played while ``screen`` stays in front."""
    app = pilot.app
    assert isinstance(app.screen, screen), app.screen
    session = runner.session
    # each decision of its turn (a draw, then a discard), one at a time
    while session.computer_to_move:
        await until(pilot, held.thought.is_set, "the computer thinking")
        held.thought.clear()  # before the release: the next decision's is not missed
        version = session.version
        held.release_one()
        await until(pilot, lambda v=version: session.version > v, "the computer's move")
        assert isinstance(app.screen, screen), app.screen


# --- the runner alone -----------------------------------------------------------------


def test_a_runner_plays_a_game_of_computers_to_the_end_and_tells_each_change() -> None:
    seats = format_seats(Format.TWO, people=0, level="easy")
    session = Session(preset("gin"), seats, 11, target=30)
    runner = Runner(session)
    heard: list[Change] = []
    runner.listen(heard.append)

    async def run() -> None:
        runner.start()
        while not session.game.is_over:
            await runner.idle()
            if session.game.is_over:
                break
            if session.round_over:
                session.next_hand()
            elif not runner.thinking:
                raise AssertionError("the runner stopped with a computer to move")

    asyncio.run(run())
    moves = sum(len(h.log) for r in session.game.rounds for h in r.hands)
    assert session.game.is_over and moves > 20
    assert [c.what for c in heard] == [What.MOVED] * len(heard)
    # every move and every new hand was told, each at its own version
    assert [c.version for c in heard] == sorted({c.version for c in heard})
    assert heard[-1].version == session.version


def test_a_stopped_runner_plays_no_more_and_hurry_skips_the_pace() -> None:
    seats = format_seats(Format.TWO, people=0, level="easy")
    session = Session(preset("gin"), seats, 12)

    async def run() -> None:
        runner = Runner(session, pace=lambda: 3600.0)  # an hour a move: only hurry moves it
        runner.start()
        await asyncio.sleep(0)
        assert runner.thinking
        before = session.version
        runner.hurry()  # the rest of the hand without the pace
        await runner.idle()
        assert session.round_over and session.version > before
        session.next_hand()  # a new hand: the pace again
        await asyncio.sleep(0)
        assert runner.thinking and not runner.hurrying
        runner.stop()
        assert not runner.thinking
        version = session.version
        await asyncio.sleep(0)
        assert session.version == version  # nothing moved after the stop

    asyncio.run(run())


def test_an_answer_made_stale_by_an_undo_is_thought_again() -> None:
    session = Session(preset("gin"), (Seat("You"), computer_seat()), 4)
    while not session.hand.log or not session.computer_to_move:  # the person has moved
        if session.computer_to_move:
            session.computers.play_now()
        else:
            person_moves(session)

    async def run() -> None:
        runner = Runner(session)
        with held_computer(session) as held:
            runner.start()
            await until_true(held.thought.is_set, "the computer thinking")
            assert session.undo_problem() is None, session.undo_problem()
            session.undo()  # the computer's turn goes with the person's move
            person_moves(session, seed=4)
            assert session.computer_to_move
            held.release()
            await runner.idle()
            # the answer to the turn taken back was dropped; the new turn was played
            played = [a for _, a in session.hand.log[-(len(held.answers) - 1) :]]
            assert len(held.answers) >= 2 and played == held.answers[1:]
            assert not session.computer_to_move

    asyncio.run(run())


# --- in the app ---------------------------------------------------------------------


@pytest.mark.slow
async def test_the_computer_moves_under_help_the_menu_and_the_settings() -> None:
    session = Session(preset("gin"), (Seat("You"), computer_seat()), 4)
    app = GinApp(FAST, session=session)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        runner = app.runner
        assert runner is not None and runner.session is session
        with held_computer(session) as held:
            for opening in ("f1", "escape", "settings"):
                await until(pilot, lambda: not runner.thinking, "the computer done")
                await until(pilot, lambda: session.person_to_move, "the person's turn")
                if opening == "settings":  # from the menu, as a person opens them
                    await pilot.press("escape")
                    await until(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
                    await pilot.press("end", "up", "enter")
                    shown: type = SettingsScreen
                elif opening == "f1":
                    await pilot.press("f1")
                    shown = HelpScreen
                else:
                    await pilot.press("escape")
                    shown = MenuScreen
                await until(pilot, lambda s=shown: isinstance(app.screen, s), f"{shown}")
                person_moves(session)  # the person's move, made as the screen opened
                assert session.computer_to_move
                await moved_under(pilot, held, runner, shown)
                # back to the table, for the next
                while not isinstance(app.screen, MenuScreen | TableScreen):
                    await pilot.press("escape")
                    await pilot.pause()
                if isinstance(app.screen, MenuScreen):
                    app.continue_game()
                await until(pilot, lambda: on_top(app.screen), "the table again")
                assert isinstance(app.screen, TableScreen)


@pytest.mark.slow
async def test_at_a_hosted_table_the_computer_moves_while_the_host_is_in_the_lobby() -> None:
    session = Session(preset("gin"), [Seat("Ann"), Seat("Seat B")], 8)
    app = GinApp(FAST, host=HostPlan(session, frozenset({1})))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
        lobby = app.screen
        await pilot.press("s")  # nobody came: a computer takes seat B
        await until(pilot, lambda: not isinstance(app.screen, LobbyScreen), "the start")
        if isinstance(app.screen, ChoiceScreen):
            await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        assert not session.seats[1].is_person
        runner = app.runner
        assert runner is not None and runner.session is session
        await until(pilot, lambda: session.person_to_move, "Ann's turn")
        with held_computer(session) as held:
            await pilot.press("f1")  # help, over the hosted table
            await until(pilot, lambda: isinstance(app.screen, HelpScreen), "help")
            person_moves(session)
            assert session.computer_to_move
            await moved_under(pilot, held, runner, HelpScreen)
            await pilot.press("escape")
            await until(pilot, lambda: on_top(app.screen), "the table again")
            await until(pilot, lambda: session.person_to_move, "Ann's turn again")
            await pilot.press("escape")  # to the lobby, as the host does to see who left
            await until(pilot, lambda: app.screen is lobby, "the lobby again")
            person_moves(session)
            assert session.computer_to_move
            await moved_under(pilot, held, runner, LobbyScreen)
            for _ in range(3):  # and on, move after move, with the table closed
                await until(pilot, lambda: session.person_to_move, "Ann's turn again")
                person_moves(session)
                if not session.computer_to_move:
                    break
                await moved_under(pilot, held, runner, LobbyScreen)


@pytest.mark.slow
async def test_a_hand_sat_out_plays_at_the_games_pace_and_enter_skips_to_its_end() -> None:
    """Three-player Gin at the normal speed: the hand the person sits out
    is played at the game's pace (as every computer's move), the status
    line says Enter skips, and Enter plays the rest at once."""
    fmt = Format.THREE
    session = Session(preset("gin"), format_seats(fmt, 1, "easy"), 1, format=fmt)
    assert session.game.table_of(0) is None and not session.cut_choosers()
    app = GinApp(Settings(speed="slow"), session=session)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        table = app.screen
        assert isinstance(table, TableScreen)
        runner = app.runner
        assert runner is not None and runner.pace() == app.settings.delay > 0
        await until(pilot, lambda: runner.thinking, "the first computer's move")
        assert table.look.watching and not session.round_over
        status = str(table.query_one("#status").render())
        assert "Enter skips to the end of the hand." in status, status
        await pilot.press("enter")
        assert runner.hurrying
        assert "played at once" in str(table.query_one("#status").render())
        await until(pilot, lambda: session.round_over, "the hand's end")
        assert len(session.game.round.hands[0].log) > 10  # played, not cut short
