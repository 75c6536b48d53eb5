"""Watching a finished game again, move by move, with both hands face up.

``ginrummies replay FILE`` opens it; so does the statistics screen. The
replay rebuilds the game from its seed and action log through the core at
each step, so what is shown is exactly what was played.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Footer, RichLog, Static

from ...core import Card, hand_count
from ...play.session import Session
from ...store.saves import Saved
from ..board import show_board
from ..handorder import SortMode, lay_out
from ..widgets.hand import HandShown, HandView
from ..widgets.header import header
from ..widgets.melds import TableMeldsView
from ..widgets.piles import PileView
from ..widgets.sidepanel import side_panel
from .base import on_top


@dataclass(frozen=True)
class Place:
    """Where the replay stands: after ``step`` moves of hand ``hand`` (from 0)."""

    hand: int = 0
    step: int = 0


class ReplayScreen(Screen[None]):
    """Step through a saved game: → next move, ← back, PgDn/PgUp a hand."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,space,l", "step(1)", "Next"),
        Binding("left,backspace,h", "step(-1)", "Back"),
        Binding("pagedown,n", "hand(1)", "Next hand"),
        Binding("pageup,p", "hand(-1)", "Prev hand"),
        Binding("home", "to_start", "Start"),
        Binding("end", "to_end", "End"),
        Binding("escape,q", "leave", "Leave"),
    ]

    def __init__(self, saved: Saved, *, quit_on_leave: bool = False) -> None:
        super().__init__()
        self.saved = saved
        self.seats = Session.seats_from(saved.seats, saved.format.seats)
        self.quit_on_leave = quit_on_leave
        self.session: Session | None = None

    place: reactive[Place] = reactive(Place, init=False)  # a change shows it

    @property
    def hand_no(self) -> int:
        return self.place.hand

    @property
    def step_no(self) -> int:
        return self.place.step

    def watch_place(self) -> None:
        self.show()

    @property
    def moves(self) -> list[int]:
        """How many moves each hand of the game has."""
        return [len(h) for h in self.saved.log] or [0]

    def compose(self) -> ComposeResult:
        yield header()
        with Horizontal(id="board"):
            with Vertical(id="play"):
                yield Static(id="name1", classes="label", markup=False)
                yield HandView(id="hand1")
                yield PileView(id="piles")
                yield TableMeldsView(id="melds")
                yield Static(id="name0", classes="label", markup=False)
                yield HandView(id="hand0")
                yield Static(id="replay-status", markup=False)
            yield side_panel()
        # compact and without the palette key, so all seven moves fit 80 columns
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.show()

    def show(self) -> None:
        saved = self.saved
        log = [list(h) for h in saved.log[: self.hand_no]]
        if saved.log:
            log.append(list(saved.log[self.hand_no][: self.step_no]))
        session = Session.resume(
            saved.rules,
            self.seats,
            saved.seed,
            log,
            saved.game_id,
            format=saved.format,
            target=saved.target,
            first=saved.first,
            winner_deals=saved.winner_deals,
        )
        before = self.session
        self.session = session
        game, hand, rules, names = session.game, session.hand, saved.rules, session.names
        self.title = f"Replay: {rules.name}"
        total = self.moves[self.hand_no]
        self.sub_title = (
            f"hand {self.hand_no + 1} of {len(self.moves)} · move {self.step_no} of {total}"
        )
        for seat in (0, 1):
            view = game.view(seat)
            layout, _ = lay_out(view.hand, rules, SortMode.MELDS)
            new = self._gained(before, seat, view.hand)
            self.query_one(f"#hand{seat}", HandView).shown = HandShown(layout, new=new)
            count = hand_count(view.hand, rules, discard=False)  # every card laid out
            mover = " · to move" if hand.to_move == seat else ""
            self.query_one(f"#name{seat}", Static).update(
                f"{names[seat]} · {len(view.hand)} cards · {rules.count_word} {count}{mover}"
            )
        show_board(self, session, game.view(0), history=True, notes=[])
        words = self.query_one(RichLog)
        words.clear()
        for line in session.log:
            words.write(line, scroll_end=True)
        self.query_one("#replay-status", Static).update(self.status_text(session))

    def status_text(self, session: Session) -> str:
        hand = session.hand
        if hand.result is not None:
            lines = hand.result.breakdown(session.names_at())
            if session.game.result is not None:
                lines += session.game.result.breakdown(session.names)
            return "\n".join(lines)
        if self.step_no == 0:
            return "The deal. → steps through the moves, PgDn skips to the next hand."
        return session.log[-1]

    def _gained(self, before: Session | None, seat: int, now: tuple[Card, ...]) -> Card | None:
        """The card a seat has just picked up, to point it out."""
        if before is None:
            return None
        old = set(before.game.view(seat).hand)
        gained = set(now) - old
        return next(iter(gained)) if len(gained) == 1 else None

    def action_step(self, delta: int) -> None:
        moves = self.moves
        hand, step = self.hand_no, self.step_no + delta
        if step < 0:
            if hand == 0:
                self.notify("This is the deal of the first hand.", timeout=3)
                return
            hand -= 1
            step = moves[hand]
        elif step > moves[hand]:
            if hand + 1 >= len(moves):
                self.notify("That was the last move of the game.", timeout=3)
                return
            hand, step = hand + 1, 0
        self.place = Place(hand, step)

    def action_hand(self, delta: int) -> None:
        target = self.hand_no + delta
        if not 0 <= target < len(self.moves):
            self.notify("There is no other hand that way.", timeout=3)
            return
        self.place = Place(target, 0)

    def action_to_start(self) -> None:
        self.place = Place(self.hand_no, 0)

    def action_to_end(self) -> None:
        self.place = Place(self.hand_no, self.moves[self.hand_no])

    def action_leave(self) -> None:
        if self.quit_on_leave:
            self.app.exit()
        elif on_top(self):
            self.app.pop_screen()
