"""The other hand (card backs) and the stock and the discard pile."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message

from ...core import Card
from .cards import Canvas, CardInk


class BacksView(CardInk):
    """The opponent's hand, face down, with its count."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, classes="cards")
        self.count = 0
        self.known: tuple[Card, ...] = ()

    def show(self, count: int, known: tuple[Card, ...]) -> None:
        if (count, known) == (self.count, self.known):
            return
        self.count, self.known = count, known
        self.refresh()

    def render(self) -> Text:
        width = max(self.size.width, 10)
        canvas = Canvas(width, self.card_size.height)
        card = self.card_size.width
        step = 2 if (self.count - 1) * 2 + card <= width else 1
        for i in range(self.count):
            self.draw_back(canvas, i * step, 0)
        text = canvas.text()
        if self.known:
            text.append("\n")
            text.append("known: ", self.ink("card--dead"))
            text.append_text(self.cards_text(self.known))
        return text


class PileView(CardInk):
    """The stock with its count and the discard pile with its top card."""

    class Clicked(Message):
        """The stock ("stock") or the discard pile ("discard") was clicked."""

        def __init__(self, pile: str) -> None:
            self.pile = pile
            super().__init__()

    @property
    def pile_x(self) -> int:
        """Where the discard pile starts: after the stock and its count."""
        return self.card_size.width + 8

    def on_click(self, event: events.Click) -> None:
        if event.y > self.card_size.height:
            return
        if event.x < self.pile_x - 1:
            self.post_message(self.Clicked("stock"))
        elif self.pile_x <= event.x < self.pile_x + 12 and self.has_pile:
            self.post_message(self.Clicked("discard"))

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, classes="cards")
        self.stock = 0
        self.pile: tuple[Card, ...] = ()
        self.has_pile = True
        self.history = True
        self.notes: list[str] = []

    def show(
        self,
        stock: int,
        pile: tuple[Card, ...],
        *,
        has_pile: bool,
        history: bool,
        notes: list[str],
    ) -> None:
        state = (stock, pile, has_pile, history, notes)
        if state == (self.stock, self.pile, self.has_pile, self.history, self.notes):
            return
        self.stock, self.pile, self.has_pile = stock, pile, has_pile
        self.history, self.notes = history, notes
        self.refresh()

    def render(self) -> Text:
        width = max(self.size.width, 20)
        tall = self.card_size.height
        canvas = Canvas(width, tall + 1)
        face, dead = self.ink("card--face"), self.ink("card--dead")
        self.draw_back(canvas, 0, 0)
        canvas.put(0, tall, f"stock {self.stock}", dead)
        x = self.pile_x
        if self.has_pile:
            if self.pile:
                self.draw_face(canvas, x, 0, self.pile[-1], face)
            else:
                canvas.put(x, tall // 2, "empty", dead)
            canvas.put(x, tall, f"discards {len(self.pile)}", dead)
        notes_x = x + 13 if self.has_pile else x
        for i, note in enumerate(self.notes[: tall + 1]):
            canvas.put(notes_x, i, note, Style())
        text = canvas.text()
        if self.has_pile and self.history and len(self.pile) > 1:
            text.append("\nbelow: ", dead)
            below = list(reversed(self.pile[:-1]))
            text.append_text(self.cards_text(below[: max(1, (width - 8) // 4)]))
        return text
