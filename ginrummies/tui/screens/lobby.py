"""A table across machines, before and around its game: where to join it
(the host's), who has sat down, and who the game waits for. The host
starts from here; once the game is on, the table opens over it, and
Escape on the table comes back here (Enter goes back to the table).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar, Protocol

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Static

from ...net.protocol import SeatInfo
from ...play.news import Listener, News
from ..messages import LobbyClosed, LobbyLeave, LobbyToTable
from ..widgets.footer import KeyFooter
from ..widgets.header import header
from .base import on_top
from .choice import ChoiceScreen


class Gathering(Protocol):
    """What the lobby shows and does: a table hosted here or joined."""

    hosting: bool

    def heading(self) -> str: ...
    def invite(self) -> str: ...  # the command to give out ("" when joined)
    def reach(self) -> str: ...
    def seat_infos(self) -> Sequence[SeatInfo]: ...
    def status(self) -> str: ...
    def started(self) -> bool: ...
    def start(self) -> None: ...
    def mine(self) -> int | None: ...  # the seat of the person here
    def listen(self, listener: Listener) -> Callable[[], None]: ...
    def away(self) -> list[str]: ...  # the people the game waits for to come back
    def replace_away(self) -> None: ...  # the host gives their seats to computers


def seat_lines(seats: Sequence[SeatInfo], mine: int | None) -> list[str]:
    """One line a seat: its letter, who sits there, and whether they are here."""
    out = []
    for i, seat in enumerate(seats):
        you = " (you)" if i == mine else ""
        match seat.kind:
            case "open":
                said = "open: a computer plays it if nobody takes it"
            case "computer":
                said = f"{seat.name} (computer)"
            case _:
                said = f"{seat.name}{you}" + ("" if seat.here else ": away, awaited")
        out.append(f"  {'ABCD'[i]}  {said}")
    return out


class LobbyScreen(Screen[None]):
    """Who sits where at a table across machines, and how to join it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        # short, so that all four fit the footer at 80 columns
        Binding("s", "start", "Start"),
        Binding("enter", "table", "Table"),
        Binding("c", "computers", "Computers"),
        Binding("escape", "leave", "Leave"),
    ]

    class Changed(Message):
        """The table's news: who sits where, what it waits for."""

    def __init__(self, gathering: Gathering) -> None:
        super().__init__()
        self.gathering = gathering
        self._unlisten: Callable[[], None] = lambda: None

    def compose(self) -> ComposeResult:
        yield header()
        with VerticalScroll(id="lobby"):
            yield Static(id="lobby-heading", markup=False)
            yield Static(id="lobby-invite", markup=False)
            yield Static(id="lobby-reach", markup=False, classes="hint")
            yield Static(id="lobby-seats", markup=False)
            yield Static(id="lobby-status", markup=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        self.title = "Table across machines"
        self._unlisten = self.gathering.listen(self.heard)
        self.refresh_lobby()

    def heard(self, _news: News) -> None:
        self.post_message(self.Changed())

    @on(Changed)
    @on(events.ScreenResume)
    def catch_up(self) -> None:
        self.refresh_lobby()

    def on_unmount(self) -> None:
        self._unlisten()
        self.app.post_message(LobbyClosed())

    def refresh_lobby(self) -> None:
        """Show the table as it stands now (called after every change)."""
        if not self.query("#lobby-heading"):
            return  # not drawn yet: on_mount shows it
        g = self.gathering
        self.query_one("#lobby-heading", Static).update(g.heading())
        invite = g.invite()
        self.query_one("#lobby-invite", Static).update(
            f"Give the others this command:\n  {invite}" if invite else ""
        )
        self.query_one("#lobby-invite").display = bool(invite)
        self.query_one("#lobby-reach", Static).update(g.reach())
        lines = seat_lines(g.seat_infos(), g.mine())
        self.query_one("#lobby-seats", Static).update("Seats:\n" + "\n".join(lines))
        self.query_one("#lobby-status", Static).update(g.status())
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        g = self.gathering
        if action == "start":
            return g.hosting and not g.started()
        if action == "table":
            return g.started()
        if action == "computers":
            return g.hosting and g.started() and bool(g.away())
        return True

    def action_computers(self) -> None:
        """The host gives the seats of the people away to computers (a
        person whose app died without its seat's token cannot come back)."""
        g = self.gathering
        if not (on_top(self) and g.hosting and g.started() and g.away()):
            return
        away = g.away()
        names = " and ".join(away)

        def answered(choice: int | None) -> None:
            # the same people still away: a seat taken back meanwhile stays its person's
            if choice == 1 and g.away() == away:
                g.replace_away()
                self.refresh_lobby()

        self.app.push_screen(
            ChoiceScreen(
                f"Give the seat{'s' * (len(away) > 1)} of {names} to the computer? "
                "Until then they can come back with their seat's token.",
                ["Keep waiting for them", "Give them to the computer"],
            ),
            answered,
        )

    def action_start(self) -> None:
        if on_top(self) and self.gathering.hosting and not self.gathering.started():
            self.gathering.start()

    def action_table(self) -> None:
        if on_top(self) and self.gathering.started():
            self.post_message(LobbyToTable())

    def action_leave(self) -> None:
        if on_top(self):
            self.post_message(LobbyLeave())
