"""Nothing lost, nothing seen, nothing crashes: a saved game is replaced only
on the person's word, a hot-seat hand is shown only to its owner, a bot's
failure or a slow hint never stops the app."""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from apphelp import (
    SIZE,
    computer_seat,
    hintless_turn,
    key_for_turn,
    quiet,
    settle,
    step,
    until,
)
from textual.pilot import Pilot

from ginrummies.ai import make_bot
from ginrummies.core import Action, Discard, PlayerView, preset
from ginrummies.play import Seat, Session, default_seats
from ginrummies.play import hinting as hinting_module
from ginrummies.play.saving import save
from ginrummies.store import Settings
from ginrummies.store.saves import SAVE_NAME, load
from ginrummies.tui.app import GinApp
from ginrummies.tui.screens.choice import ChoiceScreen
from ginrummies.tui.screens.curtain import CurtainScreen
from ginrummies.tui.screens.menu import MenuScreen
from ginrummies.tui.screens.newgame import NewGameScreen
from ginrummies.tui.screens.result import ResultScreen
from ginrummies.tui.screens.table import TableScreen
from ginrummies.tui.widgets.hand import HandView

FAST = Settings(speed="instant")


def saved_game(folder: Path, moves: int = 12, seed: int = 4) -> Session:
    """A game against the computer, some moves in, saved in ``folder``."""
    session = Session(preset("gin"), default_seats(), seed)
    person = make_bot("easy", session.rules, 1)
    for _ in range(moves):
        step(session, person)
    save(session, folder / SAVE_NAME)
    return session


# --- 1. a saved game is replaced only on the person's word --------------------


@pytest.mark.slow
async def test_continue_with_a_game_asked_for_goes_on_with_the_saved_one(tmp_path: Path) -> None:
    """``--rules oklahoma --continue`` (a served tab reloaded): the game in
    progress goes on, unasked; with none in progress, the new one starts."""
    old = saved_game(tmp_path)
    before = (tmp_path / SAVE_NAME).read_bytes()

    async def main(folder: Path) -> GinApp:
        new = Session(preset("oklahoma"), default_seats(level="easy"), 77)
        app = GinApp(FAST, session=new, data_dir=folder, resume=True)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, TableScreen)
            assert app.session is not None
            assert app.screen.session is app.session
        return app

    app = await main(tmp_path)
    assert app.session is not None and app.session.game_id == old.game_id
    assert (tmp_path / SAVE_NAME).read_bytes() == before
    (tmp_path / "empty").mkdir()
    fresh = await main(tmp_path / "empty")
    assert fresh.session is not None and fresh.session.rules == preset("oklahoma")


@pytest.mark.slow
@pytest.mark.parametrize("hot_seat", [False, True])
@pytest.mark.parametrize("answer", ["continue", "leave", "escape"])
async def test_a_game_from_the_command_line_asks_before_replacing_the_saved_one(
    tmp_path: Path, hot_seat: bool, answer: str
) -> None:
    old = saved_game(tmp_path)
    before = (tmp_path / SAVE_NAME).read_bytes()
    new = Session(preset("oklahoma"), default_seats(hot_seat, "easy"), 77)

    app = GinApp(FAST, session=new, data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ChoiceScreen), app.screen
        assert "A game is in progress" in app.screen.title_text
        # until the person answers, the save is exactly as it was (a kill
        # now loses nothing)
        assert (tmp_path / SAVE_NAME).read_bytes() == before
        if answer == "continue":
            await pilot.press("enter")
        elif answer == "leave":
            await pilot.press("down", "enter")
        else:
            await pilot.press("escape")
        await settle(pilot)
        saved = load(tmp_path / SAVE_NAME)
        assert saved is not None
        if answer == "leave":
            assert app.session is new
            assert saved.game_id == new.game_id
            assert isinstance(app.screen, TableScreen | CurtainScreen)
            assert app.stats is not None
            left = {g.game_id: g for g in app.stats.history()}
            assert old.game_id in left, "the game left behind is not in the statistics"
        else:
            assert app.session is not None and app.session.game_id == old.game_id
            assert (tmp_path / SAVE_NAME).read_bytes() == before
            want = TableScreen if answer == "continue" else MenuScreen
            assert isinstance(app.screen, want), app.screen


@pytest.mark.slow
async def test_new_game_from_the_menu_asks_while_a_game_is_in_progress(tmp_path: Path) -> None:
    old = saved_game(tmp_path)
    before = (tmp_path / SAVE_NAME).read_bytes()

    app = GinApp(FAST, data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.has_game()
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("down", "enter")  # New game (under Continue the game)
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("ctrl+s")  # Start
        await settle(pilot)
        assert isinstance(app.screen, ChoiceScreen)
        assert (tmp_path / SAVE_NAME).read_bytes() == before
        await pilot.press("escape")  # back to the form: nothing changed
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)
        assert app.session is not None and app.session.game_id == old.game_id
        assert (tmp_path / SAVE_NAME).read_bytes() == before


# --- 2. hot-seat: no frame shows a hand to anyone but its owner ---------------


class FrameWatch:
    """Checks every frame the table's hand is drawn: face up only for the
    person the last curtain named (nobody before the first curtain, nobody
    after a hand's result), and then exactly that person's cards."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.at_keyboard: int | None = None
        self.frames = 0
        self.face_up = 0
        self.leaks: list[str] = []
        self.app: GinApp | None = None
        draw = HandView.render
        watch = self

        def render(view: HandView) -> Any:
            watch.check(view)
            return draw(view)

        monkeypatch.setattr(HandView, "render", render)

    def check(self, view: HandView) -> None:
        self.frames += 1
        if not view.face_up:
            return
        self.face_up += 1
        session = self.app.session if self.app is not None else None
        assert session is not None
        shown = set(view.cards)
        if self.at_keyboard is None:
            self.leaks.append(f"hand {len(session.game.hands)}: shown with nobody at the keys")
        elif shown != set(session.hand.cards_of(self.at_keyboard)):
            self.leaks.append(
                f"hand {len(session.game.hands)}: shown to the wrong player "
                f"({self.at_keyboard}, to move {session.to_move}, {session.hand.phase})"
            )

    async def walk(self, pilot: Pilot[Any], hands: int, limit: int = 3000) -> None:
        """Play hot-seat with keys to the result of the ``hands``-th hand from
        here (``hands=0``: just ``limit`` steps)."""
        app = pilot.app
        assert isinstance(app, GinApp) and app.session is not None
        names = app.session.names
        results = 0
        for _ in range(limit):
            await settle(pilot)
            screen = app.screen
            if isinstance(screen, CurtainScreen):
                self.at_keyboard = names.index(screen.player)  # the one who presses Enter
                await pilot.press("enter")
            elif isinstance(screen, ResultScreen):
                results += 1
                self.at_keyboard = None  # both look at the result together
                if results >= hands > 0 or app.session.game.is_over:
                    return
                await pilot.press("enter")
            elif isinstance(screen, ChoiceScreen):
                await pilot.press("enter")
            elif isinstance(screen, TableScreen):
                await hintless_turn(pilot)  # the frames are the point, not the hint
            else:
                return
        if hands:
            raise AssertionError("the hands did not end")


@pytest.mark.every_frame
@pytest.mark.slow
@pytest.mark.parametrize(
    ("variant", "whole"),
    [("gin", True), ("oklahoma", True), ("skarney", False), ("colonel", False)],
)
async def test_hot_seat_frames_show_a_hand_only_to_its_owner(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, variant: str, whole: bool
) -> None:
    """Whole hot-seat games of Gin and Oklahoma (a low target), and in Skarney
    and Colonel, whose hands are long, the opening, a change of turn, the
    menu and back, and --continue."""
    watch = FrameWatch(monkeypatch)
    rules = dataclasses.replace(preset(variant), target=40)

    async def first() -> None:
        app = GinApp(FAST, session=Session(rules, default_seats(True), 42), data_dir=tmp_path)
        watch.app = app
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, CurtainScreen), "the first hand opens without a curtain"
            if not whole:
                await watch.walk(pilot, hands=0, limit=16)
                await pilot.press("escape")
                await settle(pilot)
                if isinstance(app.screen, MenuScreen):
                    watch.at_keyboard = None
                    await pilot.press("enter")  # Continue the game: the curtain first
                    await settle(pilot)
                    assert isinstance(app.screen, CurtainScreen), app.screen
                    await watch.walk(pilot, hands=0, limit=6)
                return
            await watch.walk(pilot, hands=1)  # to the first hand's result
            assert app.session is not None
            if app.session.game.is_over:
                return
            await pilot.press("enter")  # the next hand opens behind the curtain
            await settle(pilot)
            assert isinstance(app.screen, CurtainScreen), app.screen
            await watch.walk(pilot, hands=0, limit=8)  # a few moves into hand 2
            if not isinstance(app.screen, TableScreen):
                return
            await pilot.press("escape")  # to the menu, and back with "Continue the game"
            await settle(pilot)
            assert isinstance(app.screen, MenuScreen)
            watch.at_keyboard = None
            await pilot.press("enter")
            await settle(pilot)
            assert isinstance(app.screen, CurtainScreen), app.screen
            await watch.walk(pilot, hands=0, limit=8)

    async def resumed() -> None:  # --continue
        app = GinApp(FAST, data_dir=tmp_path, resume=True)
        watch.app = app
        watch.at_keyboard = None
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            if app.session is None:
                return  # the game ended in the first part
            assert isinstance(app.screen, CurtainScreen), app.screen
            await watch.walk(pilot, hands=1 if whole else 0, limit=3000 if whole else 8)

    await first()
    await resumed()
    assert watch.face_up > 0, "no hand was ever shown: the check proves nothing"
    assert not watch.leaks, "\n".join(watch.leaks)


# --- 4. a bot that fails, and the race with undo ------------------------------


class Broken:
    """A computer player with a bug."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        raise RuntimeError("a bug in the bot")


@pytest.mark.slow
async def test_a_failing_bot_leaves_the_game_playable_and_saved(tmp_path: Path) -> None:
    session = Session(preset("gin"), (Seat("You"), computer_seat("normal")), 6)
    session.computers.bots[1] = Broken()

    app = GinApp(FAST, session=session, data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(8):
            await settle(pilot)
            if not isinstance(app.screen, TableScreen):
                break  # the hand is over: the broken seat played it out
            for key in key_for_turn(app):
                await pilot.press(key)
        await settle(pilot)
        moves = sum(1 for p, _ in session.hand.log if p == 1)
        assert moves >= 2, "the computer's seat stopped playing"
        said = [n.message for n in app._notifications]
        assert any("could not choose a move" in m and "a bug in the bot" in m for m in said)
        saved = load(tmp_path / SAVE_NAME)
        assert saved is not None and saved.log == session.game.log
        assert app.is_running


def test_an_answer_to_a_turn_that_has_passed_is_not_played() -> None:
    """The computer thinks about a frozen turn; an undo meanwhile makes its
    answer stale, and a stale answer changes nothing."""
    session = Session(preset("gin"), (Seat("You"), computer_seat("easy")), 11)
    person = make_bot("easy", session.rules, 1)
    while not (
        session.computer_to_move and isinstance(session.hand.log[-1][1], Discard)
        if session.hand.log
        else False
    ):
        step(session, person)
    turn = session.computers.turn()
    assert turn is not None
    from ginrummies.play.session import decide

    decision = decide(turn)
    session.undo()  # the person takes the discard back while the computer thinks
    key = session.hand.state_key()
    assert session.computers.play(decision) is False
    assert session.hand.state_key() == key
    assert session.person_to_move


# --- 5. hints are thought in a worker --------------------------------------------


@pytest.mark.slow
async def test_the_app_answers_keys_while_a_hint_is_thought(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    release = threading.Event()
    returned = threading.Event()
    real = hinting_module.hint

    def slow_hint(*args: Any, **kwargs: Any) -> Any:
        if not release.wait(timeout=60):  # a guard: the test lets it go
            raise AssertionError("the test never let the hint go")
        returned.set()
        return real(*args, **kwargs)

    monkeypatch.setattr(hinting_module, "hint", slow_hint)

    app = GinApp(
        dataclasses.replace(FAST, hint_level="hard"),
        session=Session(preset("gin"), (Seat("You"), computer_seat()), 9),
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        sort_before = screen.state.sort_mode
        await pilot.press("question_mark")
        await pilot.press("s")
        await pilot.pause()
        # the sort key was handled while the hint is still being thought
        assert screen.state.sort_mode is not sort_before
        assert not returned.is_set(), "the hint ran on the UI thread"
        release.set()
        await settle(pilot)
        await until(
            pilot,
            lambda: returned.is_set() and not screen.hints.thinking,
            "the hint thought to its end",
        )
        await quiet(pilot)
        assert "Hint:" in str(screen.query_one("#status").render())


# --- 7. the count shown is the count that would be scored -----------------------


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["skarney", "colonel", "gin"])
async def test_the_table_shows_the_count_that_would_be_scored(variant: str) -> None:
    from ginrummies.core import hand_count

    session = Session(preset(variant), (Seat("You"), computer_seat()), 21)
    app = GinApp(FAST, session=session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        view = session.view(0)
        text = str(app.screen.query_one("#hand-name").render())
        want = hand_count(view.hand, session.rules, discard=False)
        word = session.rules.count_word
        assert f"{word} {want} " in text, text
        if variant != "gin":  # every card held counts, melded or not
            assert want == sum(
                min(c.rank, 10) if c.rank > 1 else session.rules.ace_value for c in view.hand
            )


@pytest.mark.slow
async def test_a_double_enter_does_not_lift_the_next_curtain(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Enter discards at the table; a second Enter at once must not show the
    next player's hand to the one who discarded."""
    # long, so that a busy machine's pause between the two Enters stays inside it
    monkeypatch.setattr(CurtainScreen, "GUARD", 60.0)

    async def ready(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        curtain = pilot.app.screen
        assert isinstance(curtain, CurtainScreen)
        curtain.shown_at -= CurtainScreen.GUARD  # a person who waited for the curtain
        await pilot.press("enter")
        await settle(pilot)

    session = Session(preset("gin"), default_seats(True), 42)
    app = GinApp(FAST, session=session)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await pilot.press("p")  # first player passes the upcard
        await ready(pilot)
        await pilot.press("p")  # so does the second
        await ready(pilot)
        await pilot.press("d")
        await settle(pilot)
        mover = session.to_move
        await pilot.press("enter", "enter")  # discard, and a second Enter at once
        await settle(pilot)
        assert session.to_move != mover, "the discard was not made"
        assert isinstance(app.screen, CurtainScreen), "the curtain was lifted at once"
        table = app.screen_stack[-2]
        assert isinstance(table, TableScreen)
        assert not table.query_one(HandView).face_up
