"""The melds on the table, in Skarney and Colonel."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive

from ...core import Meld
from .cards import CardInk


class TableMeldsView(CardInk):
    """Melds on the table (Skarney, Colonel), numbered, with their owners."""

    # each meld and its owner's name; more melds may need more lines
    melds: reactive[tuple[tuple[Meld, str], ...]] = reactive((), layout=True)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, classes="cards")

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
