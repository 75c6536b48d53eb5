"""The other hand (card backs) and the stock and the discard pile."""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive

from ...core import Card
from .cards import Canvas, CardInk


@dataclass(frozen=True)
class Backs:
    """The other hand as shown: how many cards, and those everybody has seen."""

    count: int = 0
    known: tuple[Card, ...] = ()


@dataclass(frozen=True)
class Piles:
    """The stock's count, the discard pile (top last), and the notes beside them."""

    stock: int = 0
    pile: tuple[Card, ...] = ()
    has_pile: bool = True  # Skarney has none
    history: bool = True  # the cards under the top shown in a line
    notes: tuple[str, ...] = ()


# after the cards of the discard history a line has room for: how many more
MORE_BELOW = " … {n} more"


class BacksView(CardInk):
    """The opponent's hand, face down, with its count."""

    shown: reactive[Backs] = reactive(Backs, layout=True)  # known cards take a line

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, classes="cards")

    def watch_shown(self, shown: Backs) -> None:
        self.set_class(bool(shown.known), "-known")

    def render(self) -> Text:
        width = max(self.size.width, 10)
        shown = self.shown
        canvas = Canvas(width, self.card_size.height)
        card = self.card_size.width
        step = 2 if (shown.count - 1) * 2 + card <= width else 1
        for i in range(shown.count):
            self.draw_back(canvas, i * step, 0)
        text = canvas.text()
        if shown.known:
            text.append("\n")
            text.append("known: ", self.ink("card--dead"))
            text.append_text(self.cards_text(shown.known))
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
        elif self.pile_x <= event.x < self.pile_x + 12 and self.shown.has_pile:
            self.post_message(self.Clicked("discard"))

    shown: reactive[Piles] = reactive(Piles)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, classes="cards")

    def watch_shown(self, shown: Piles) -> None:
        self.set_class(not shown.has_pile, "-flat")  # no pile: no row for its history

    def render(self) -> Text:
        width = max(self.size.width, 20)
        shown = self.shown
        tall = self.card_size.height
        canvas = Canvas(width, tall + 1)
        face, dead = self.ink("card--face"), self.ink("card--dead")
        self.draw_back(canvas, 0, 0)
        canvas.put(0, tall, f"stock {shown.stock}", dead)
        x = self.pile_x
        if shown.has_pile:
            if shown.pile:
                self.draw_face(canvas, x, 0, shown.pile[-1], face)
            else:
                canvas.put(x, tall // 2, "empty", dead)
            canvas.put(x, tall, f"discards {len(shown.pile)}", dead)
        notes_x = x + 13 if shown.has_pile else x
        for i, note in enumerate(shown.notes[: tall + 1]):
            canvas.put(notes_x, i, note, Style())
        text = canvas.text()
        if shown.has_pile and shown.history and len(shown.pile) > 1:
            text.append("\nbelow: ", dead)
            below = list(reversed(shown.pile[:-1]))
            room = max(1, (width - 8) // 4)
            if len(below) > room:  # the deepest go, and the line says so
                room = max(1, (width - 8 - len(MORE_BELOW.format(n=len(below)))) // 4)
                text.append_text(self.cards_text(below[:room]))
                text.append(MORE_BELOW.format(n=len(below) - room), dead)
            else:
                text.append_text(self.cards_text(below))
        return text
