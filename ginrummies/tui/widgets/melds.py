"""The melds on the table, in Skarney and Colonel.

The table's melds take the room the other parts leave (the prompt, the hand
and the footer always show); when they need more lines than there are, the
last line says how many more there are and which key lists them all.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.reactive import reactive

from ...core import Meld
from .cards import CardInk


def more_words(hidden: int, key: str | None) -> str:
    """The line that stands for the melds that do not fit."""
    melds = "meld" if hidden == 1 else "melds"
    where = f": {key} shows them all" if key else ""
    return f"… and {hidden} more {melds} on the table{where}"


class TableMeldsView(CardInk):
    """Melds on the table (Skarney, Colonel), numbered, with their owners,
    as many as fit its height (``fold``); the rest are counted on its last line."""

    # each meld and its owner's name; more melds may need more lines
    melds: reactive[tuple[tuple[Meld, str], ...]] = reactive((), layout=True)

    def __init__(self, *, id: str | None = None, fold: bool = True, key: str | None = None) -> None:
        """``fold``: show what fits the widget's height and count the rest;
        ``key``: the key that lists them all, named on that line."""
        super().__init__(id=id, classes="cards")
        self.fold = fold
        self.key = key
        self.hidden = 0  # melds not shown for want of room (as last drawn)

    def lines(self, width: int) -> list[tuple[Text, int]]:
        """The melds wrapped to ``width``: each line, and how many melds it holds.
        A meld is never split across lines."""
        out: list[tuple[Text, int]] = []
        line, count = Text(), 0
        for i, (meld, owner) in enumerate(self.melds, 1):
            piece = Text(f"{i}:", self.ink("card--dead"))
            piece.append("[")
            piece.append_text(self.cards_text(list(meld.cards)))
            piece.append("]")
            piece.append(f" {owner}  ", self.ink("card--dead"))
            if count and len(line) + len(piece.plain.rstrip()) > width:
                out.append((line, count))
                line, count = Text(), 0
            line.append_text(piece)
            count += 1
        if count:
            out.append((line, count))
        return out

    def render(self) -> Text:
        if not self.melds:
            self.hidden = 0
            return Text("No melds on the table yet.", self.ink("card--dead"))
        lines = self.lines(max(self.size.width, 30))
        room = self.size.height
        hidden = 0
        if self.fold and 0 < room < len(lines):
            kept = lines[: room - 1]
            hidden = len(self.melds) - sum(n for _, n in kept)
            more = Text(more_words(hidden, self.key), self.ink("card--dead") + Style(italic=True))
            lines = [*kept, (more, 0)]
        self.hidden = hidden
        return Text("\n").join(text for text, _ in lines)
