"""The table drawn, for the window it is in.

``TableArea`` lays out the other hand, the stock and the pile, the melds on
the table, your hand, the status line, the score and the moves in words. It
shows what it is given (a ``Shown``) and decides nothing. ``fit.fit`` picks the
layout from the window's size: the moves beside the table from 100 columns
(on demand below), no spacing below 30 rows, big cards from 150×40.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import RichLog, Static

from ...core import Card
from ...play.cardart import CardSize
from ...play.fit import Fit
from .fittedline import FittedLine, Parts
from .hand import HandShown, HandView
from .melds import TableMeldsView
from .piles import Backs, BacksView, PileView
from .sidepanel import side_panel
from .statusline import StatusLine


@dataclass(frozen=True)
class Shown:
    """What the table shows of one player's side: the hand and the lines about it."""

    opponent: Parts = field(default_factory=Parts)  # the line over the other hand
    backs: int = 0  # how many cards the other hand holds
    known: tuple[Card, ...] = ()  # its cards everybody has seen
    hand_label: Parts = field(default_factory=Parts)
    # face down (hot-seat) when it is not the person's at the keyboard
    hand: HandShown = field(default_factory=HandShown)
    status: str = ""


@dataclass(frozen=True)
class FormatLines:
    """The formats' lines, each shown only when it says something: who plays
    whom and who sits out, the other table live, who meets whom next."""

    seating: str = ""
    other: str = ""
    following: str = ""


class TableArea(Horizontal):
    """The table and, beside it or over it, the score and the moves."""

    card_size: reactive[CardSize] = reactive(CardSize.SMALL)  # its card widgets follow it
    shown: reactive[Shown] = reactive(Shown, init=False)
    format_lines: reactive[FormatLines] = reactive(FormatLines)  # at mount too: hidden

    def compose(self) -> ComposeResult:
        size = TableArea.card_size
        with Vertical(id="play"):
            yield Static(id="seating", markup=False)  # the formats: who plays whom, who sits out
            yield FittedLine(id="opp-name", classes="label")
            yield BacksView(id="opp").data_bind(size)
            yield Static(classes="spacer", markup=False)  # the spacers share out the room left over
            yield PileView(id="piles").data_bind(size)
            # the room the other parts leave; "b" lists the melds that do not fit
            yield TableMeldsView(id="melds", key="b").data_bind(size)
            yield Static(id="other", markup=False)  # partnership: the other table, live
            yield Static(classes="spacer", markup=False)
            yield FittedLine(id="hand-name", classes="label")
            yield HandView(id="hand").data_bind(size)
            yield StatusLine(id="status")
        yield side_panel()

    @property
    def composed(self) -> bool:
        """Whether the area's parts are all there: not before its compose (its
        screen closed at once, by an Esc right after Enter), nor while they
        are being removed (the screen closing, the app quitting, as a
        table's news comes in)."""
        return not self._pruning and bool(self.query("#seating"))

    def watch_shown(self, old: Shown, new: Shown) -> None:
        """One side of the table (the board is drawn by ``show_board``)."""
        if not self.composed:
            return
        self.query_one(HandView).shown = new.hand
        self.query_one(BacksView).shown = Backs(new.backs, new.known)
        self.query_one("#hand-name", FittedLine).line = new.hand_label
        self.query_one("#opp-name", FittedLine).line = new.opponent
        self.query_one(StatusLine).text = new.status

    def watch_format_lines(self, old: FormatLines, new: FormatLines) -> None:
        if not self.composed:
            return
        for selector, before, now in (
            ("#seating", old.seating, new.seating),
            ("#other", old.other, new.other),
            ("#next", old.following, new.following),
        ):
            self.query_one(selector).display = bool(now)
            self._put(selector, before, now)

    def _put(self, selector: str, before: str, text: str) -> None:
        """A line of text, updated only when it changes (each update costs a layout)."""
        if text != before:
            widget = self.query_one(selector, Static)
            # a label is one line high whatever it says: no new layout for it
            widget.update(text, layout=not widget.has_class("label"))

    def write_log(self, lines: list[str]) -> None:
        log = self.query_one(RichLog)
        for line in lines:
            log.write(line, scroll_end=False)
        if lines:  # at once, not after the next refresh: a screen pushed meanwhile sees the end
            log.scroll_end(animate=False, immediate=True, x_axis=False)

    def clear_log(self) -> None:
        self.query_one(RichLog).clear()


def fitted(widget: Widget, layout: Fit) -> None:
    """Set the layout's classes on ``widget`` (the screen)."""
    for name, on in layout.classes.items():
        widget.set_class(on, name)
