"""What comes next at the table, apart from how it is drawn.

The game runs in the play layer (``play.runner.Runner``): its computers move
whatever screen is in front. A table screen listens to its runner, each
change a ``GameChanged`` message, and redraws; after every redraw it asks
for what only a person's screen does: the hand's result when it is over,
and in hot-seat the curtain whenever the person at the keyboard must change.
``FlowScreen`` holds that; the table screen (``screens.table``) draws.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from textual import events, on
from textual.message import Message
from textual.screen import Screen

from ..play.place import Place
from ..play.remote import RemoteSession
from ..play.runner import Change, Runner, What
from ..play.session import Session
from .gameapp import gin_app
from .screens.curtain import curtain
from .screens.result import ResultScreen

# how the runner's troubles are told: title, what happens now, seconds on screen
TROUBLE = {
    What.STUMBLED: (
        "The computer stumbled",
        "It played a simple move instead; the game goes on and is saved.",
        15,
    ),
    What.STUCK: (
        "The computer could not move",
        "The game is saved as it stands: leave to the menu and continue it to try again.",
        30,
    ),
}


class GameChanged(Message):
    """The game a screen shows has changed (its runner says how)."""

    def __init__(self, change: Change) -> None:
        super().__init__()
        self.change = change


class FlowScreen(Screen[None]):
    """A screen where the game's turns come: the result and the curtain; the
    computers' moves come from the runner (``runner``: None for a seat at a
    table elsewhere, whose computers play at the host). The screen that
    draws the game (``TableScreen``) says how with ``redraw`` and
    ``forget``."""

    def __init__(self, session: Place, runner: Runner | None = None) -> None:
        super().__init__()
        self.session = session
        self.runner = runner
        # hot-seat: the seat whose person said (at the curtain) they are at the
        # keyboard; a hand is drawn face up only for them. A new table, a new
        # hand and every change of turn start with nobody.
        self.at_keyboard: int | None = None
        self.curtain_up = False
        self.result_shown = -1
        self._unlisten: Callable[[], None] = lambda: None

    def redraw(self) -> None:
        """Show the game as it stands, then call ``step``."""
        raise NotImplementedError

    def forget(self) -> None:
        """Drop what the last person picked and marked: someone else sits down."""
        raise NotImplementedError

    @on(events.Mount)
    def listen(self) -> None:
        if self.runner is not None:
            self._unlisten = self.runner.listen(self.heard)
            self.runner.start()
        elif isinstance(self.session, RemoteSession):  # its host sends each change
            seat = self.session
            self._unlisten = seat.listen(lambda: self.heard(Change(What.MOVED, seat.version)))

    def heard(self, change: Change) -> None:
        self.post_message(GameChanged(change))

    @on(events.Unmount)
    def stop_listening(self) -> None:
        self._unlisten()

    @on(events.ScreenResume)
    def catch_up(self) -> None:
        """In front again: what changed meanwhile is shown, and what it
        brings (the hand's result, the curtain) comes now. After the next
        refresh: a screen just pushed is resumed before its widgets are all
        mounted."""
        self.call_after_refresh(self._catch_up)

    def _catch_up(self) -> None:
        if self.attached():
            self.redraw()

    def attached(self) -> bool:
        """Still on the app's stack (a change may be told as it leaves)."""
        return self.is_attached and self.app.screen_stack.count(self) > 0

    @on(GameChanged)
    def game_changed(self, message: GameChanged) -> None:
        if not self.attached():
            return
        change = message.change
        told = TROUBLE.get(change.what)
        if told is not None:
            title, after, seconds = told
            self.notify(
                f"{change.problem}. {after}", title=title, severity="error", timeout=seconds
            )
        self.redraw()

    @property
    def thinking(self) -> bool:
        """A computer is thinking at some table."""
        return self.runner is not None and self.runner.thinking

    def thinking_at(self, table: int) -> bool:
        return self.runner is not None and self.runner.thinking_at(table)

    def slow_at(self, table: int) -> bool:
        return self.runner is not None and self.runner.slow_at(table)

    @property
    def slow(self) -> bool:
        return self.runner is not None and bool(self.runner.slow)

    @property
    def hand_hidden(self) -> bool:
        """Hot-seat: the hand shown is not the hand of the person at the keyboard
        (or the hand is over: the result shows it, and the next person comes)."""
        session = self.session
        if not session.hot_seat:
            return False
        return self.curtain_up or session.round_over or self.at_keyboard != session.viewer()

    def step(self) -> None:
        """Start whatever comes next; called after every redraw. Only while
        this screen is in front: what it brings waits under a dialog, help
        or the palette, and comes when they close (``catch_up``)."""
        session = self.session
        if self.app.screen is not self:
            return
        if session.round_over:
            rounds = len(session.game.rounds)
            if self.result_shown != rounds:
                self.result_shown = rounds
                self.app.push_screen(ResultScreen(session), self.after_result)
            return
        if not session.person_to_move:
            return
        seat = session.to_move
        hidden = session.hot_seat and seat is not None and seat != self.at_keyboard
        if hidden and seat is not None and not self.curtain_up:
            self.curtain_up = True
            self.app.push_screen(curtain(session, seat), partial(self.ready, seat))

    def ready(self, seat: int, ready: bool | None = True) -> None:
        """The curtain's Enter: ``seat``'s person is at the keyboard (its Esc:
        back to the menu, the hand still hidden)."""
        self.curtain_up = False
        if ready is False:
            gin_app(self).show_menu()
            return
        self.at_keyboard = self.session.keyboard = seat
        self.forget()
        self.redraw()

    def after_result(self, choice: str | None = None) -> None:
        session = self.session
        app = gin_app(self)
        if session.game.is_over:
            # after the result screen has gone: its dismissal is still under way
            if choice == "another" and isinstance(session, Session):
                app.call_later(app.another_game, session)
            elif app.in_lobby(session):  # the table stays: its host may deal again
                app.call_later(app.back_to_lobby)
            else:
                app.call_later(app.show_menu)
            return
        app.next_hand(session)
        # all saw the result: the next hand starts behind the curtain
        self.at_keyboard = self.session.keyboard = None
        self.forget()
        self.redraw()
