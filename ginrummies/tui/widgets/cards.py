"""A widget that draws cards in the colours its theme gives, and the
canvas it draws them on.

The card style and the four colours follow the app's (reactives of
``GameApp``, watched by each card widget); the card size follows the table
it sits in (bound with ``data_bind``). Nothing walks the tree to restyle."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ...core import Card
from ...play.cardart import CardSize, back_rows, face_label, face_rows, suit_class
from ...store.settings import CardStyle
from ..gameapp import GameApp

INK_CLASSES = {
    "card--face",
    "card--back",
    "card--red",
    "card--black",
    "card--club",
    "card--diamond",
    "card--heart",
    "card--spade",
    "card--cursor",
    "card--marked",
    "card--new",
    "card--meld",
    "card--dead",
}


class CardInk(Widget):
    """A widget that draws cards, in the colours its theme gives."""

    COMPONENT_CLASSES = INK_CLASSES
    # cards are clicked, not copied: a quick pick-and-discard is a double
    # click, which would otherwise select the whole hand as text
    ALLOW_SELECT = False
    card_style: reactive[CardStyle] = reactive(CardStyle.UNICODE)
    four_colour: reactive[bool] = reactive(False)
    card_size: reactive[CardSize] = reactive(CardSize.SMALL, layout=True)

    def on_mount(self) -> None:
        app = self.app
        if isinstance(app, GameApp):  # in a bare test app the cards keep their defaults
            self.watch(app, "card_style", self._follow_style)
            self.watch(app, "four_colour", self._follow_colours)

    def _follow_style(self, style: CardStyle) -> None:
        self.card_style = style

    def _follow_colours(self, four: bool) -> None:
        self.four_colour = four

    def ink(self, name: str) -> Style:
        return self.get_component_rich_style(name, partial=True)

    def suit_ink(self, card: Card) -> Style:
        return self.ink(suit_class(card, self.four_colour))

    def card_text(self, card: Card) -> Text:
        """A card inline: '7♥' in its suit's colour."""
        label = face_label(card, self.card_style).strip()
        return Text(f"{label:>3}", style=self.ink("card--face") + self.suit_ink(card))

    def draw_face(
        self, canvas: Canvas, x: int, y: int, card: Card, frame: Style, picked: bool = False
    ) -> None:
        """A card face at (x, y): the edge in ``frame``, the inside in the suit's ink."""
        rows = face_rows(card, self.card_style, self.card_size, picked)
        inside = frame + self.suit_ink(card)
        last = len(rows) - 1
        for i, row in enumerate(rows):
            if 0 < i < last:
                canvas.put(x, y + i, row[0], frame)
                canvas.put(x + 1, y + i, row[1:-1], inside)
                canvas.put(x + len(row) - 1, y + i, row[-1], frame)
            else:
                canvas.put(x, y + i, row, frame)

    def draw_back(self, canvas: Canvas, x: int, y: int) -> None:
        for i, row in enumerate(back_rows(self.card_style, self.card_size)):
            canvas.put(x, y + i, row, self.ink("card--back"))

    def cards_text(self, cards: tuple[Card, ...] | list[Card], sep: str = " ") -> Text:
        out = Text()
        for i, c in enumerate(cards):
            if i:
                out.append(sep)
            out.append_text(self.card_text(c))
        return out


class Canvas:
    """A grid of characters and styles, for drawing overlapping cards."""

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.chars = [[" "] * width for _ in range(height)]
        self.styles: list[list[Style]] = [[Style()] * width for _ in range(height)]

    def put(self, x: int, y: int, text: str, style: Style) -> None:
        for i, ch in enumerate(text):
            if 0 <= x + i < self.width and 0 <= y < len(self.chars):
                self.chars[y][x + i] = ch
                self.styles[y][x + i] = style

    def text(self) -> Text:
        out = Text()
        for y, row in enumerate(self.chars):
            if y:
                out.append("\n")
            styles = self.styles[y]
            start = 0
            for x in range(1, len(row) + 1):  # one span per run of a style
                if x == len(row) or styles[x] != styles[start]:
                    out.append("".join(row[start:x]), styles[start])
                    start = x
        return out
