"""Replays (export, and stepping through with both hands face up) and undo
against the computer."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from apphelp import SIZE, advanced, finish, held_computer, play_hand, round_ends, settle

from ginrummies.cli import main
from ginrummies.core import Discard, DrawStock, IllegalAction, Pass, Phase, TakeDiscard, preset
from ginrummies.play.handorder import SortMode, lay_out
from ginrummies.play.saving import resume
from ginrummies.play.session import Seat, SeatKind, Session, default_seats
from ginrummies.store import Settings
from ginrummies.store.saves import parse, replay
from ginrummies.tui.app import GinApp
from ginrummies.tui.screens.replay import ReplayScreen
from ginrummies.tui.screens.result import ResultScreen
from ginrummies.tui.screens.table import TableScreen
from ginrummies.tui.widgets.hand import HandView


def finished(variant: str, seed: int, target: int = 40) -> Session:
    rules = preset(variant).but(target=target)
    seats = (Seat("Ann"), Seat("Bob", SeatKind.COMPUTER, "easy"))
    return finish(None, Session(rules, seats, seed), seed)


def replay_file(session: Session, path: Path) -> Path:
    path.write_text(session.to_json())
    return path


# --- replays -------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["gin", "skarney", "colonel"])
async def test_replay_steps_through_every_move_with_both_hands_shown(
    variant: str, tmp_path: Path
) -> None:
    # a game of two hands or more, since the steps go past hand 1's last move
    session = finished(variant, 13 if variant == "skarney" else 12)
    saved = parse(replay_file(session, tmp_path / "r.json").read_text())
    rules = saved.rules

    def shown(screen: ReplayScreen, seat: int) -> list[object]:
        return screen.query_one(f"#hand{seat}", HandView).cards

    app = GinApp(Settings(), replay=saved)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        first = saved.log[0]
        for step in range(len(first) + 1):
            game = resume(rules, screen.seats, saved.seed, [first[:step]]).game
            for seat in (0, 1):
                cards = game.view(seat).hand
                assert shown(screen, seat) == lay_out(cards, rules, SortMode.MELDS)[0].cards
            assert f"move {step} of {len(first)}" in screen.sub_title
            await pilot.press("right")
        # past the last move of hand 1: the deal of hand 2
        assert screen.hand_no == (1 if len(saved.log) > 1 else 0)
        await pilot.press("left")
        assert (screen.hand_no, screen.step_no) == (0, len(first))
        status = str(screen.query_one("#replay-status").render())
        assert "score" in status or "cancelled" in status or "wins" in status
        await pilot.press("end")
        await pilot.press("pagedown")
        for _ in range(len(saved.log)):
            await pilot.press("pagedown")
        assert screen.hand_no == len(saved.log) - 1
        await pilot.press("end")
        assert "wins the game" in str(screen.query_one("#replay-status").render())
        await pilot.press("home")
        assert screen.step_no == 0
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0


def test_replay_command_refuses_a_bad_file_with_a_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(tmp_path / "missing.json")]) == 2
    assert "cannot read" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text('{"app": "ginrummies", "format": 1, "rules": {}, "seed": "x"}')
    assert main(["replay", str(bad)]) == 2
    assert "cannot be replayed" in capsys.readouterr().err
    odd = finished("gin", 3)
    data = json.loads(odd.to_json())
    data["seats"][1]["level"] = "grandmaster"
    bad.write_text(json.dumps(data))
    assert main(["replay", str(bad)]) == 2
    assert "players are not readable" in capsys.readouterr().err


@pytest.mark.slow
async def test_a_finished_game_is_exported_from_its_result(tmp_path: Path) -> None:
    """x on the game's last result writes the whole game as a replay file.
    (The game is played through the core to a few moves before its end.)"""
    rules = preset("gin").but(target=1)

    def new() -> Session:
        return Session(rules, default_seats(level="easy"), 21)

    session = advanced(new(), round_ends(new)[-1] - 6)

    app = GinApp(Settings(speed="instant"), session=session, data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        while True:
            screen = await play_hand(pilot)
            if session.game.is_over:
                break
            await pilot.press("enter")
        assert isinstance(screen, ResultScreen)
        await pilot.press("x")
        await pilot.pause()
    (path,) = (tmp_path / "replays").glob("*.json")
    saved = parse(path.read_text())
    assert saved.log == session.game.log and saved.seed == session.seed
    assert replay(saved).result == session.game.result


async def test_in_a_browser_an_exported_replay_is_downloaded_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Served to a browser (a tablet, say), the file on the server is out of
    reach: the replay comes to the person's own downloads as well."""
    delivered: list[tuple[Path, str | None]] = []
    monkeypatch.setattr(GinApp, "is_web", property(lambda app: True))
    monkeypatch.setattr(
        GinApp,
        "deliver_text",
        lambda app, path, save_filename=None, **_: delivered.append((path, save_filename)),
    )

    app = GinApp(Settings(), data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        path = app.export_replay('{"x": 1}', "Gin Rummy", 7)
        await pilot.pause()
        assert path is not None and path.read_text() == '{"x": 1}'
        assert delivered == [(path, path.name)] and path.name.endswith("-gin-rummy-7.json")
        (note,) = app._notifications
        assert note.message.startswith(f"Downloaded, and saved on the server as {path}")


@pytest.mark.slow
async def test_statistics_screen_exports_and_watches_a_game(tmp_path: Path) -> None:
    session = finished("gin", 5)
    app = GinApp(Settings(speed="instant"), data_dir=tmp_path)
    app.session = session
    app.record(session)  # what autosave does when a game ends

    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        from ginrummies.tui.screens.statistics import StatsScreen

        app.push_screen(StatsScreen(app.stats))
        await pilot.pause()
        await pilot.press("x", "enter")  # the Games tab's keys: nothing on the Record tab
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen) and not (tmp_path / "replays").exists()
        await pilot.press("g", "x")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        assert app.screen.saved.log == session.game.log
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
    (path,) = (tmp_path / "replays").glob("*.json")
    assert json.loads(path.read_text())["id"] == session.game_id


# --- undo ----------------------------------------------------------------------


def to_person_turn(session: Session) -> None:
    while session.computer_to_move:
        session.computers.play_now()


def test_undo_takes_back_a_taken_upcard_and_a_discard() -> None:
    session = Session(preset("gin"), default_seats(level="easy"), 8)
    to_person_turn(session)
    before = session.hand.state_key()
    words = list(session.log)
    take = next(a for a in session.legal() if isinstance(a, TakeDiscard))
    session.play(take)
    session.undo()
    assert session.hand.state_key() == before
    assert session.log[:-1] == words and "take back" in session.log[-1]
    # the first turn's card is named as players name it, the upcard
    if session.view().phase is Phase.UPCARD:
        top = session.view().discard_top
        assert top is not None and f"take the upcard ({top.label})" in session.log[-1]
    else:
        assert "take the discard" not in session.log[-1]
    session.play(take)
    discard = next(a for a in session.legal() if isinstance(a, Discard))
    after_take = session.hand.state_key()
    session.play(discard)
    assert session.computer_to_move
    assert session.undo() == discard
    assert session.hand.state_key() == after_take


def test_undo_refuses_what_would_show_a_hidden_card() -> None:
    session = Session(preset("gin"), default_seats(level="easy"), 8)
    to_person_turn(session)
    assert session.undo_problem() is not None  # nothing of the person's yet
    session.play(next(a for a in session.legal() if isinstance(a, Pass | DrawStock)))
    while session.hand.phase is not Phase.DRAW or session.computer_to_move:
        if session.computer_to_move:
            session.computers.play_now()
        else:
            session.play(session.legal()[0])
    session.play(DrawStock())
    with pytest.raises(IllegalAction, match="drew from the stock"):
        session.undo()
    session.play(next(a for a in session.legal() if isinstance(a, Discard)))
    session.computers.play_now()  # the computer answers
    with pytest.raises(IllegalAction, match="computer has moved"):
        session.undo()
    hot = Session(preset("gin"), default_seats(hot_seat=True), 8)
    hot.play(hot.legal()[0])
    with pytest.raises(IllegalAction, match="hot-seat"):
        hot.undo()


@pytest.mark.slow
async def test_undo_key_in_the_app() -> None:
    session = Session(preset("gin"), default_seats(level="easy"), 8)
    to_person_turn(session)

    app = GinApp(Settings(speed="instant"), session=session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        before = session.hand.state_key()
        await pilot.press("t")  # take the upcard (or the discard)
        assert session.hand.state_key() != before
        await pilot.press("u")
        assert session.hand.state_key() == before
        assert "Taken back" in str(screen.query_one("#status").render())
        # a stock draw cannot be taken back, and the key says why
        await pilot.press("p" if session.hand.phase is Phase.UPCARD else "d")
        await settle(pilot)
        while session.computer_to_move or session.hand.phase is not Phase.DISCARD:
            await settle(pilot)
            if session.hand.phase is Phase.DRAW and session.person_to_move:
                await pilot.press("d")
            elif session.hand.phase is Phase.UPCARD and session.person_to_move:
                await pilot.press("p")
        last = session.hand.log[-1][1]
        if isinstance(last, DrawStock):
            await pilot.press("u")
            assert "drew from the stock" in str(screen.query_one("#status").render())
            assert isinstance(session.hand.log[-1][1], DrawStock)
        # a discard can be taken back while the computer is still to answer:
        # its answer waits until the test lets it go, so no clock decides
        key = session.hand.state_key()
        with held_computer(session) as held:
            await pilot.press("x")
            assert session.computer_to_move
            await held.until_thought(pilot)  # it has chosen, for the discard
            await pilot.press("u")
            assert session.hand.state_key() == key and session.person_to_move
            held.release()
            await settle(pilot)  # its answer to the old position arrives: dropped
        assert len(held.answers) == 1
        assert session.person_to_move and session.hand.state_key() == key


@pytest.mark.slow
async def test_undo_switched_off_says_so() -> None:
    session = Session(preset("gin"), default_seats(level="easy"), 8)
    to_person_turn(session)

    app = GinApp(Settings(speed="instant", undo=False), session=session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("t")
        key = session.hand.state_key()
        await pilot.press("u")
        assert session.hand.state_key() == key
        assert "switched off" in str(app.screen.query_one("#status").render())
