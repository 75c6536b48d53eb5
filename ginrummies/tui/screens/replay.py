"""Watching a finished game again, move by move, every card face up.

``ginrummies replay FILE`` opens it; so do a finished game's result and the
statistics screen. The replay rebuilds the game from its seed and action log
through the core at each step, so what is shown is exactly what was played.
Every format is shown: a game of three with the seat that sits out named,
a partnership game's two tables side by side in a wide window, one at a
time (``t`` switches) in a narrow one, its moves in the order they were made.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import RichLog, Static

from ...core import Card, hand_count
from ...play.fit import ROOMY_FROM
from ...play.handorder import SortMode, lay_out
from ...play.log import Kind
from ...play.saving import from_saved, seats_from
from ...play.session import Session
from ...play.tell import unit
from ...store.saves import Saved
from ..board import show_board
from ..seatview import TITLE_JOIN, seating_line, short_names, title
from ..widgets.footer import KeyFooter
from ..widgets.hand import HandShown, HandView
from ..widgets.header import header, title_room
from ..widgets.melds import TableMeldsView
from ..widgets.piles import PileView
from ..widgets.replaytable import ReplayTable
from ..widgets.sidepanel import side_panel
from .base import gin_app, on_top
from .melds import MeldsScreen

# from this width a partnership game's two tables are shown side by side
# (a hand of eleven, slightly overlapped, in each half); below, one at a time
BOTH_TABLES_FROM = 120
# from this width the footer has room for the review's key (r works at any width)
REVIEW_SHOWN_FROM = 90

DEAL_WORDS = "The deal. → steps through the moves, PgDn skips to the next hand."

# a save without the order of a round's moves at two tables (the
# statistics keep none): said where the moves are shown
NO_ORDER = (
    "This record does not keep the order in which the two tables' moves were made: "
    "each round shows table 1's moves, then table 2's."
)


@dataclass(frozen=True)
class Place:
    """Where the replay stands: after ``step`` moves of hand ``hand`` (from 0)."""

    hand: int = 0
    step: int = 0


def round_turns(saved: Saved) -> list[list[int]]:
    """Each round's moves as they were made: the table of each (at one
    table, all 0). At two tables without a kept order, table after table."""
    per = saved.format.tables
    out = []
    for n in range(len(saved.log) // per):
        made = [t for t in range(per) for _ in saved.log[n * per + t]]
        kept = saved.order[n] if saved.order is not None and n < len(saved.order) else None
        out.append(list(kept) if kept is not None and sorted(kept) == made else made)
    return out or [[]]


def session_at(saved: Saved, turns: list[list[int]], place: Place) -> Session:
    """The game as it stood after ``place.step`` moves of round ``place.hand``."""
    per = saved.format.tables
    log = [list(h) for h in saved.log[: place.hand * per]]
    done = turns[place.hand][: place.step]
    if saved.log:
        for t in range(per):
            log.append(list(saved.log[place.hand * per + t][: done.count(t)]))
    order = [*turns[: place.hand], done] if per > 1 else None
    return from_saved(replace(saved, log=log, order=order))


def heading(session: Session, place: Place, hands: int, width: int) -> tuple[str, str]:
    """The header of a replay of three or four: the format, the hand and the
    scores as they stood, fitted to a window ``width`` wide (the words that
    matter least go first; the scores stay)."""
    game = session.game
    scores = " · ".join(
        f"{name} {score}" for name, score in zip(short_names(session), game.scores, strict=True)
    )
    hand = f"{unit(game).lower()} {place.hand + 1}"
    named = title(session)
    room = title_room(width)
    tries = [
        (f"Replay: {named}", f"{hand} of {hands} · {scores}"),
        (f"Replay: {named}", f"{hand} · {scores}"),
        (named, f"{hand} · {scores}"),
    ]
    for top, line in tries:
        if cell_len(f"{top}{TITLE_JOIN}{line}") <= room:
            break
    return top, line


class ReplayScreen(Screen[None]):
    """Step through a saved game: → next move, ← back, PgDn/PgUp a hand;
    at two tables in a narrow window ``t`` shows the other table."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,space,l", "step(1)", "Next"),
        Binding("left,backspace,h", "step(-1)", "Back"),
        Binding("pagedown,n", "hand(1)", "Next hand"),
        Binding("pageup,p", "hand(-1)", "Prev hand"),
        # two tables one at a time: the other table's key takes the footer
        # room of these two (still bound, by the unshown pair below)
        Binding("home", "to_start", "Start"),
        Binding("end", "to_end", "End"),
        Binding("home", "to_start('quiet')", "Start", show=False),
        Binding("end", "to_end('quiet')", "End", show=False),
        Binding("t", "table(1)", "Table 2"),
        Binding("t", "table(0)", "Table 1"),
        # named where the melds on the table do not all fit, not in the footer
        Binding("b", "melds", "Melds", show=False),
        # in the footer where it fits (from REVIEW_SHOWN_FROM columns)
        Binding("r", "review", "Review"),
        Binding("r", "review('quiet')", "Review", show=False),
        Binding("escape,q", "leave", "Leave"),
    ]

    def __init__(self, saved: Saved, *, quit_on_leave: bool = False) -> None:
        super().__init__()
        self.saved = saved
        self.seats = seats_from(saved.seats, saved.format.seats)
        self.quit_on_leave = quit_on_leave
        self.session: Session | None = None
        self.before: Session | None = None  # the step shown before this one
        self.turns = round_turns(saved)
        self.tables = saved.format.tables

    place: reactive[Place] = reactive(Place, init=False)  # a change shows it
    # at two tables in a narrow window: the one on show (from 0)
    table_shown: reactive[int] = reactive(0, init=False)

    @property
    def hand_no(self) -> int:
        return self.place.hand

    @property
    def step_no(self) -> int:
        return self.place.step

    @property
    def two_players(self) -> bool:
        return self.saved.format.two_players

    @property
    def both_tables(self) -> bool:
        """Two tables side by side (else one at a time, or only one)."""
        return self.tables > 1 and self.size.width >= BOTH_TABLES_FROM

    def watch_place(self) -> None:
        self.show()

    def watch_table_shown(self) -> None:
        self.arrange_tables()

    @property
    def moves(self) -> list[int]:
        """How many moves each hand (round, at every table) of the game has."""
        return [len(turns) for turns in self.turns]

    def compose(self) -> ComposeResult:
        yield header()
        with Horizontal(id="board"):
            with Vertical(id="play"):
                if self.two_players:
                    yield Static(id="name1", classes="label", markup=False)
                    yield HandView(id="hand1")
                    yield PileView(id="piles")
                    yield TableMeldsView(id="melds", key="b")
                    yield Static(id="name0", classes="label", markup=False)
                    yield HandView(id="hand0")
                else:
                    yield Static(id="seating", markup=False)
                    yield Static(id="replay-move", classes="label", markup=False)
                    with Horizontal(id="tables"):
                        for t in range(self.tables):
                            yield ReplayTable(t, id=f"table{t + 1}")
                yield Static(id="replay-status", markup=False)
            yield side_panel()
        # compact and without the palette key, so all seven moves fit 80 columns
        yield KeyFooter(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        if not self.two_players:
            self.add_class("-formats")
            self.set_class(self.saved.rules.has_table_melds, "-melds")
        self.arrange_tables()
        self.show()

    def on_resize(self, event: events.Resize) -> None:
        self.arrange_tables()
        if self.session is not None and not self.two_players:
            self.show_tables(self.session, self.before)  # the header and results fit anew

    def arrange_tables(self) -> None:
        """Both tables, or the one chosen, and the footer's keys to match;
        room between the parts in a tall window."""
        self.set_class(self.both_tables, "-both")
        self.set_class(self.size.height >= ROOMY_FROM, "-roomy")
        for table in self.query(ReplayTable).results(ReplayTable):
            table.display = self.both_tables or table.table == self.table_shown
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        one_at_a_time = self.tables > 1 and not self.both_tables
        if action == "table":
            return one_at_a_time and parameters != (self.table_shown,)
        if action in ("to_start", "to_end") and not parameters:
            return not one_at_a_time
        if action == "review" and not parameters:
            return self.size.width >= REVIEW_SHOWN_FROM
        return True

    def show(self) -> None:
        before = self.session
        session = session_at(self.saved, self.turns, self.place)
        self.session, self.before = session, before
        if self.two_players:
            self.show_two(session, before)
        else:
            self.show_tables(session, before)
        words = self.query_one(RichLog)
        words.clear()
        for line in session.log:
            words.write(line, scroll_end=True)

    def show_two(self, session: Session, before: Session | None) -> None:
        """One against one: both hands, the piles and the hand's result."""
        game, hand, rules, names = session.game, session.hand, self.saved.rules, session.names
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
        self.query_one("#replay-status", Static).update(self.status_text(session))

    def show_tables(self, session: Session, before: Session | None) -> None:
        """Three or four: who plays and who sits out, each table, the round's score."""
        game = session.game
        self.title, self.sub_title = heading(session, self.place, len(self.moves), self.size.width)
        self.query_one("#seating", Static).update(seating_line(session))
        self.query_one("#replay-move", Static).update(self.move_line(session))
        brief = self.size.height < ROOMY_FROM
        for table in self.query(ReplayTable).results(ReplayTable):
            table.show(session, before, brief=brief)
        lines = []
        if game.round.is_over:
            lines += [
                e.words
                for e in session.records
                if e.kind is Kind.ROUND and e.round == len(game.rounds)
            ]
        if game.result is not None:
            lines += game.result.breakdown(session.side_names)
        if self.step_no == 0 and self.tables > 1 and self.saved.order is None:
            lines.append(NO_ORDER)
        status = self.query_one("#replay-status", Static)
        status.display = bool(lines)
        status.update("\n".join(lines))

    def move_line(self, session: Session) -> str:
        """The move just made, and where the replay stands in its round."""
        at = f"Move {self.step_no} of {self.moves[self.hand_no]}"
        if self.step_no == 0:
            word = unit(session.game).lower()
            return f"{at}: the deal (→ steps through the moves, PgDn to the next {word})."
        made = [e for e in session.records if e.kind is Kind.MOVE]
        return f"{at}: {made[-1].words}" if made else at

    def status_text(self, session: Session) -> str:
        hand = session.hand
        if hand.result is not None:
            lines = hand.result.breakdown(session.names_at())
            if session.game.result is not None:
                lines += session.game.result.breakdown(session.names)
            return "\n".join(lines)
        if self.step_no == 0:
            return DEAL_WORDS
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

    def action_to_start(self, quiet: str = "") -> None:
        self.place = Place(self.hand_no, 0)

    def action_to_end(self, quiet: str = "") -> None:
        self.place = Place(self.hand_no, self.moves[self.hand_no])

    def action_table(self, table: int) -> None:
        """Show the other table (two tables, one at a time)."""
        self.table_shown = table

    def action_melds(self) -> None:
        """Every meld on a table, over it: the first table on show whose
        melds do not all fit, else the first on show."""
        if not self.saved.rules.has_table_melds:
            self.notify(f"{self.saved.rules.name} has no melds on the table.", timeout=3)
            return
        shown = [m for m in self.query(TableMeldsView).results(TableMeldsView) if m.display]
        shown = [m for m in shown if m.parent is None or m.parent.display]
        folded = [m for m in shown if m.hidden] or shown
        if folded:
            self.app.push_screen(MeldsScreen(folded[0].melds))

    def action_review(self, quiet: str = "") -> None:
        """The game's decisions rated, over the replay (Escape comes back)."""
        if on_top(self):
            gin_app(self).show_review(self.saved)

    def action_leave(self) -> None:
        if self.quit_on_leave:
            self.app.exit()
        elif on_top(self):
            self.app.pop_screen()
