"""The hand of the person at the keyboard: a cursor, marks, groups."""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive

from ...core import Card
from ...play.cardart import CardSize, face_label
from ...play.handorder import HandLayout
from .cards import Canvas, CardInk


@dataclass(frozen=True)
class HandShown:
    """What a hand widget shows: the cards face up, with the cursor, the
    marks and the card just taken, or (``layout`` None) ``backs`` card backs."""

    layout: HandLayout | None = None
    backs: int = 0
    cursor: int = -1  # -1: no cursor (the replay)
    marked: frozenset[Card] = field(default_factory=frozenset)
    new: Card | None = None


class HandView(CardInk, can_focus=True):
    """A player's hand: face up with melds grouped, deadwood marked and a
    cursor, or hidden (hot-seat), when it is given only how many cards to
    draw as backs, so a hidden hand never reaches the screen."""

    class Clicked(Message):
        """A card was clicked."""

        def __init__(self, index: int) -> None:
            self.index = index
            super().__init__()

    shown: reactive[HandShown] = reactive(HandShown)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, classes="cards")
        self._xs: list[int] = []

    @property
    def face_up(self) -> bool:
        return self.shown.layout is not None

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards shown face up (none when the hand is face down)."""
        layout = self.shown.layout
        return layout.cards if layout is not None else ()

    def _positions(self, width: int) -> list[int]:
        layout = self.shown.layout or HandLayout()
        gaps = {group.start for group in layout.groups if group.start}
        n = len(layout.cards) if self.face_up else self.shown.backs
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
        shown = self.shown
        xs = self._positions(width)
        self._xs = xs
        face, dead_ink = self.ink("card--face"), self.ink("card--dead")
        layout = shown.layout
        if layout is None:
            for x in xs:
                self.draw_back(canvas, x, 1)
            return canvas.text()
        cards = layout.cards
        for i, card in enumerate(cards):
            x = xs[i]
            y = 0 if card in shown.marked else 1  # a marked card stands a row higher
            frame = face
            if i == shown.cursor:
                frame = face + self.ink("card--cursor")
            elif card == shown.new:
                frame = face + self.ink("card--new")
            if card in shown.marked:
                frame = frame + self.ink("card--marked")
            self.draw_face(canvas, x, y, card, frame, picked=i == shown.cursor)
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
        for group in layout.groups:
            start, end = group.start, group.end
            if end <= start or end > len(xs):
                continue
            left, right = xs[start], xs[end - 1] + right_edge
            if group.deadwood:
                for i in range(start, end):
                    value = str(layout.values.get(cards[i], 0))
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
