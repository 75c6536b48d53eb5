"""The melds on the table, in Skarney and Colonel."""

from __future__ import annotations

from rich.text import Text

from ...core import Meld
from .cards import CardInk


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
