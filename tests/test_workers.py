"""The computer's move (the runner's) and the hint (a worker of the table screen):
a fault in either is said on screen, and the game and the app go on."""

from __future__ import annotations

from typing import Any

import pytest
from apphelp import SIZE, computer_seat, key_for_turn, quiet, settle

from ginrummies.core import preset
from ginrummies.play import Seat, Session
from ginrummies.play import hinting as hinting_module
from ginrummies.play import runner as runner_module
from ginrummies.store import Settings
from ginrummies.tui.app import GinApp
from ginrummies.tui.screens.table import TableScreen

FAST = Settings(speed="instant")


@pytest.mark.slow
async def test_a_fault_outside_the_bot_is_said_and_the_app_goes_on(monkeypatch: Any) -> None:
    tries: list[Any] = []

    def broken(turn: Any) -> Any:
        tries.append(turn)
        raise RuntimeError("the worker broke")

    monkeypatch.setattr(runner_module, "decide", broken)
    session = Session(preset("gin"), (Seat("You"), computer_seat()), 4)
    app = GinApp(FAST, session=session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for _ in range(6):  # the person moves until it is the computer's turn
            if session.computer_to_move:
                break
            for key in key_for_turn(app):
                await pilot.press(key)
            await settle(pilot)
        assert session.computer_to_move
        screen = app.screen
        assert isinstance(screen, TableScreen)
        log = list(session.hand.log)
        said = [n.message for n in app._notifications]
        assert any("the worker broke" in m for m in said), said
        assert any(n.title == "The computer could not move" for n in app._notifications)
        # the table waits, not asking again and again; nothing was played
        assert not screen.thinking and app.runner is not None and app.runner.stuck == {0}
        # all that was set going has run its course: it was tried once
        await app.workers.wait_for_complete()
        await quiet(pilot)
        assert len(tries) == 1 and app.runner.stuck == {0} and not screen.thinking
        assert session.hand.log == log
        assert app.is_running and app.return_code is None


@pytest.mark.slow
async def test_a_hint_that_fails_is_said_and_play_goes_on(monkeypatch: Any) -> None:
    def broken(*args: Any, **kwargs: Any) -> Any:
        raise ValueError("no idea")

    monkeypatch.setattr(hinting_module, "hint", broken)
    session = Session(preset("gin"), (Seat("You"), computer_seat()), 9)
    app = GinApp(FAST, session=session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen) and session.person_to_move
        await pilot.press("question_mark")
        await settle(pilot)
        status = str(screen.query_one("#status").render())
        assert "No hint this time (ValueError: no idea)" in status
        assert not screen.hints.thinking and screen.hint_move() is None
        before = len(session.hand.log)
        for key in key_for_turn(app):  # the game goes on
            await pilot.press(key)
        await settle(pilot)
        assert len(session.hand.log) > before and app.is_running
