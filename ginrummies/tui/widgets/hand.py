"""The hand of the person at the keyboard: a cursor, marks, groups."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.message import Message

from ...core import Card
from ..cardart import CardSize, face_label
from ..handorder import HandLayout
from .cards import Canvas, CardInk


class HandView(CardInk, can_focus=True):
    """A player's hand: face up with melds grouped, deadwood marked and a
    cursor, or hidden (hot-seat), when it is given only how many cards to
    draw as backs, so a hidden hand never reaches the screen."""

    class Clicked(Message):
        """A card was clicked."""

        def __init__(self, index: int) -> None:
            self.index = index
            super().__init__()

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, classes="cards")
        self.layout_ = HandLayout()
        self.cursor = 0
        self.marked: set[Card] = set()
        self.new: Card | None = None
        self.face_up = False
        self.backs = 0  # how many cards a hidden hand holds
        self._xs: list[int] = []

    def show(self, layout: HandLayout, cursor: int, marked: set[Card], new: Card | None) -> None:
        """Show a hand face up."""
        same = (layout, cursor, marked, new) == (self.layout_, self.cursor, self.marked, self.new)
        if same and self.face_up:
            return
        self.face_up = True
        self.layout_ = layout
        self.cursor = cursor
        self.marked = marked
        self.new = new
        self.refresh()

    def hide(self, count: int) -> None:
        """Show ``count`` card backs, and forget the cards shown before."""
        if not self.face_up and self.backs == count:
            return
        self.face_up = False
        self.backs = count
        self.layout_ = HandLayout()
        self.marked = set()
        self.new = None
        self.refresh()

    def _positions(self, width: int) -> list[int]:
        gaps = {group.start for group in self.layout_.groups if group.start}
        n = len(self.layout_.cards) if self.face_up else self.backs
        card = self.card_size.width
        steps = list(range(card + 1, 2, -1))
        for step in steps:  # the widest spacing that fits, overlapping when it must
            gap = 2 if step >= card else 1
            need = (n - 1) * step + card + gap * len(gaps)
            if need <= width or step == steps[-1]:
                break
        xs, x = [], 0
        for i in range(n):
            if i in gaps:
                x += gap
            xs.append(x)
            x += step
        return xs

    def render(self) -> Text:
        width = max(self.size.width, 10)
        tall = self.card_size.height
        canvas = Canvas(width, tall + 2)
        cards = self.layout_.cards
        xs = self._positions(width)
        self._xs = xs
        face, dead_ink = self.ink("card--face"), self.ink("card--dead")
        if not self.face_up:
            for x in xs:
                self.draw_back(canvas, x, 1)
            return canvas.text()
        for i, card in enumerate(cards):
            x = xs[i]
            y = 0 if card in self.marked else 1  # a marked card stands a row higher
            frame = face
            if i == self.cursor:
                frame = face + self.ink("card--cursor")
            elif card == self.new:
                frame = face + self.ink("card--new")
            if card in self.marked:
                frame = frame + self.ink("card--marked")
            self.draw_face(canvas, x, y, card, frame, picked=i == self.cursor)
            step = xs[i + 1] - x if i + 1 < len(xs) else self.card_size.width
            label = face_label(card, self.card_style).strip()
            shown_to = 4 if self.card_size is CardSize.SMALL else len(label) + 1
            if step < shown_to and i + 1 < len(xs):
                # overlapped so tightly that the next card would hide the suit:
                # the rank and suit go over this card's left edge instead
                canvas.put(x, y + 1, label.ljust(step), frame + self.suit_ink(card))
        meld_ink = self.ink("card--meld")
        under = tall + 1
        right_edge = self.card_size.width - 1
        for group in self.layout_.groups:
            start, end = group.start, group.end
            if end <= start or end > len(xs):
                continue
            left, right = xs[start], xs[end - 1] + right_edge
            if group.deadwood:
                for i in range(start, end):
                    value = str(self.layout_.values.get(cards[i], 0))
                    canvas.put(xs[i] + 1, under, value.center(right_edge - 1), dead_ink)
                continue
            bar = "└" + "─" * max(0, right - left - 1) + "┘"
            canvas.put(left, under, bar, meld_ink)
            tag = f" {group.label} "
            if len(tag) < right - left - 1:
                canvas.put(left + (right - left - len(tag)) // 2 + 1, under, tag, meld_ink)
        return canvas.text()

    def index_at(self, x: int) -> int | None:
        for i in reversed(range(len(self._xs))):
            if self._xs[i] <= x < self._xs[i] + self.card_size.width:
                return i
        return None

    def on_click(self, event: events.Click) -> None:
        index = self.index_at(event.x)
        if index is not None:
            self.post_message(self.Clicked(index))
