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
from textual.widget import Widget
from textual.widgets import RichLog, Static

from ...core import Card
from ..cardart import CardSize
from ..fit import Fit
from ..handorder import HandLayout
from .cards import CardInk
from .hand import HandView
from .header import side_panel
from .melds import TableMeldsView
from .piles import BacksView, PileView


@dataclass(frozen=True)
class Shown:
    """What the table shows of one player's side: the hand and the lines about it."""

    opponent: str  # the line over the other hand
    backs: int  # how many cards the other hand holds
    known: tuple[Card, ...]  # its cards everybody has seen
    hand_label: str
    hand: HandLayout | None  # None: hidden (hot-seat), drawn as ``hand_backs`` backs
    hand_backs: int = 0
    cursor: int = 0
    marked: frozenset[Card] = field(default_factory=frozenset)
    new: Card | None = None
    status: str = ""


class TableArea(Horizontal):
    """The table and, beside it or over it, the score and the moves."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.texts: dict[str, str] = {}

    def compose(self) -> ComposeResult:
        with Vertical(id="play"):
            yield Static(id="seating", markup=False)  # the formats: who plays whom, who sits out
            yield Static(id="opp-name", classes="label", markup=False)
            yield BacksView(id="opp")
            yield Static(classes="spacer", markup=False)  # the spacers share out the room left over
            yield PileView(id="piles")
            yield TableMeldsView(id="melds")
            yield Static(id="other", markup=False)  # partnership: the other table, live
            yield Static(classes="spacer", markup=False)
            yield Static(id="hand-name", classes="label", markup=False)
            yield HandView(id="hand")
            yield Static(id="status", markup=False)
        yield side_panel()

    def draw(self, shown: Shown) -> None:
        """Show one side of the table (the board is drawn by ``show_board``)."""
        hand = self.query_one(HandView)
        if shown.hand is None:
            hand.hide(shown.hand_backs)
        else:
            hand.show(shown.hand, shown.cursor, set(shown.marked), shown.new)
        self.put("#hand-name", shown.hand_label)
        self.put("#opp-name", shown.opponent)
        backs = self.query_one(BacksView)
        backs.set_class(bool(shown.known), "-known")
        backs.show(shown.backs, shown.known)
        self.put("#status", shown.status)

    def lines(self, seating: str, other: str, following: str) -> None:
        """The formats' lines: the seating, the other table and who meets whom next."""
        for selector, text in (("#seating", seating), ("#other", other), ("#next", following)):
            self.query_one(selector).display = bool(text)
            self.put(selector, text)

    def put(self, selector: str, text: str) -> None:
        """Update a line of text only when it changes (each update costs a layout)."""
        if self.texts.get(selector) != text:
            for widget in self.query(selector).results(Static):
                self.texts[selector] = text
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

    def size_cards(self, big: bool) -> None:
        size = CardSize.BIG if big else CardSize.SMALL
        for widget in self.query(".cards").results(CardInk):
            if widget.card_size is not size:
                widget.card_size = size
                widget.refresh(layout=True)


def fitted(widget: Widget, layout: Fit) -> None:
    """Set the layout's classes on ``widget`` (the screen)."""
    for name, on in layout.classes.items():
        widget.set_class(on, name)
