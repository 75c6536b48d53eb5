"""The table's widgets: your hand, the opponent's hand, stock and discard pile,
table melds, the scoreboard. They show what they are given and post messages
up; the rules stay in the core.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual import events
from textual.containers import Vertical
from textual.dom import NoScreen
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Header, RichLog, Static
from textual.widgets._header import HeaderTitle

from ..core import Card, Meld, MeldKind, RuleSet
from ..store.settings import CardStyle
from .cardart import CardSize, back_rows, face_label, face_rows, suit_class

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
    card_style: CardStyle = CardStyle.UNICODE
    four_colour: bool = False
    card_size: CardSize = CardSize.SMALL

    def on_mount(self) -> None:
        settings = getattr(self.app, "settings", None)
        if settings is not None:
            self.card_style = CardStyle(settings.card_style)
            self.four_colour = settings.four_colour

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


@dataclass(frozen=True, slots=True)
class Group:
    """Cards a hand shows together, ``cards[start:end]``: a meld, its label
    under it, or the deadwood, each card's value under it."""

    start: int
    end: int
    label: str = ""  # a meld's: "set", "run"
    deadwood: bool = False


@dataclass
class HandLayout:
    """How a hand is shown: cards in order, and the groups they form."""

    cards: list[Card] = field(default_factory=list)
    groups: list[Group] = field(default_factory=list)
    values: dict[Card, int] = field(default_factory=dict)  # deadwood value of each card


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


class TableMeldsView(CardInk):
    """Melds on the table (Skarney, Colonel), numbered, with their owners."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, classes="cards")
        self.melds: list[tuple[Meld, str]] = []

    def show(self, melds: list[tuple[Meld, str]]) -> None:
        if melds == self.melds:
            return
        self.melds = melds
        self.refresh(layout=True)  # more melds may need more lines

    def render(self) -> Text:
        if not self.melds:
            return Text("No melds on the table yet.", self.ink("card--dead"))
        out = Text()
        width = max(self.size.width, 30)
        col = 0
        for i, (meld, owner) in enumerate(self.melds, 1):
            piece = Text(f"{i}:", self.ink("card--dead"))
            piece.append("[")
            piece.append_text(self.cards_text(list(meld.cards)))
            piece.append("]")
            piece.append(f" {owner}  ", self.ink("card--dead"))
            if col and col + len(piece) > width:
                out.append("\n")
                col = 0
            out.append_text(piece)
            col += len(piece)
        return out


def meld_label(meld: Meld) -> str:
    return {MeldKind.SET: "set", MeldKind.RUN: "run"}.get(meld.kind, "meld")


@dataclass(frozen=True)
class ScoreRow:
    """One finished hand on the scoreboard: what it added to each side and,
    in the team formats, each table's result ("A 25")."""

    number: int
    points: tuple[int, ...]
    tables: tuple[str, ...] = ()


class Scoreboard(Widget):
    """Hands, running totals and boxes: a column per side (player or team)."""

    SHOWN = 8  # the last hands shown

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.names: tuple[str, ...] = ()
        self.rows: list[ScoreRow] = []
        self.boxes: tuple[int, ...] = ()
        self.rules: RuleSet | None = None

    def show(
        self,
        names: tuple[str, ...],
        rows: list[ScoreRow],
        boxes: tuple[int, ...],
        rules: RuleSet,
    ) -> None:
        if (names, rows, boxes, rules) == (self.names, self.rows, self.boxes, self.rules):
            return
        self.names, self.rows, self.boxes, self.rules = names, rows, boxes, rules
        self.refresh(layout=True)

    def render(self) -> Table:
        table = Table(expand=True, box=None, padding=(0, 1), show_footer=True)
        sides = range(len(self.names))
        totals = [sum(r.points[p] for r in self.rows) for p in sides]
        tables = max((len(r.tables) for r in self.rows), default=0)
        table.add_column("#", footer="total", justify="right")
        for t in range(tables):
            table.add_column(f"t{t + 1}", justify="right", style="dim", no_wrap=True)
        for p in sides:
            # a name is words, never markup (it may hold brackets)
            table.add_column(Text(self.names[p]), footer=str(totals[p]), justify="right")
        for row in self.rows[-self.SHOWN :]:
            cells = [str(row.number), *row.tables]
            table.add_row(*cells, *(str(v) if v else "·" for v in row.points))
        if self.rules is not None and self.rules.box_bonus:
            table.add_row("boxes", *[""] * tables, *(str(b) for b in self.boxes))
        return table

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return min(len(self.rows), self.SHOWN) + 4


class GameHeader(Header):
    """Textual's header, with a title that follows the screen's and cannot
    end the app: Header's own watcher asks for its title widget with
    ``query_one``, and a screen closed a moment after it opened (Enter then
    Esc in one read of the keyboard) has removed it by then, so the
    ``NoMatches`` ended the app."""

    def _on_mount(self, event: events.Mount) -> None:
        # Header's own handler is replaced, not added to (Widget's, next in
        # line, only shows scrollbars a header does not have)
        event.prevent_default()

        async def set_title() -> None:
            try:
                title = self.format_title()
            except NoScreen:  # the header has left its screen
                return
            for shown in self.query(HeaderTitle).results(HeaderTitle):
                shown.update(title)

        self.watch(self.app, "title", set_title)
        self.watch(self.app, "sub_title", set_title)
        self.watch(self.screen, "title", set_title)
        self.watch(self.screen, "sub_title", set_title)


def header() -> Header:
    """The title bar of every screen; its club (clicked: the command palette)
    is in every font that has the suits, where Textual's own circle is not."""
    return GameHeader(icon="♣")


def side_panel() -> Vertical:
    """The column beside the table: the scoreboard and the moves in words."""
    return Vertical(
        Static("Score", classes="label", markup=False),
        Scoreboard(id="score"),
        Static(id="next", markup=False),
        Static("Moves", classes="label", markup=False),
        RichLog(id="log", wrap=True, markup=False, min_width=20),
        id="side",
    )


def style_cards(root: Widget, card_style: CardStyle, four_colour: bool) -> None:
    """Apply the card settings to every card widget under ``root``."""
    for w in root.query(".cards").results(CardInk):
        w.card_style = CardStyle(card_style)
        w.four_colour = four_colour
        w.refresh()
