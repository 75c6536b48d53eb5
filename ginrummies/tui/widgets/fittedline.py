"""A one-line label of parts ("You · 10 cards · deadwood 43 · dealer") that
fits its width: the parts that may go go first, and what is still too long
ends in "…" at a word, never mid-card or on a dangling "last:"."""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len
from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

SEP = " · "


@dataclass(frozen=True)
class Parts:
    """A line of parts joined by " · ", and the ones that may go when the
    line is too wide (by index, the first named goes first)."""

    parts: tuple[str, ...] = ()
    spare: tuple[int, ...] = ()

    def fitted(self, width: int) -> str:
        """The line in at most ``width`` cells."""
        kept = [i for i, part in enumerate(self.parts) if part]
        text = SEP.join(self.parts[i] for i in kept)
        for index in self.spare:
            if cell_len(text) <= width:
                break
            if index in kept:
                kept.remove(index)
                text = SEP.join(self.parts[i] for i in kept)
        return shortened(text, width)


def shortened(text: str, width: int) -> str:
    """``text`` cut at a space to fit ``width`` cells, ending in "…"."""
    if cell_len(text) <= width:
        return text
    words = text.split(" ")
    while words and cell_len(" ".join(words) + " …") > width:
        words.pop()
    # a word that names nothing yet ("last:", "·") does not end a line
    while words and (words[-1].endswith(":") or words[-1] in ("·", "")):
        words.pop()
    return (" ".join(words) + " …") if words else "…"[:width]


class FittedLine(Static):
    """One line of parts, fitted to the widget's width as it is drawn."""

    line: reactive[Parts] = reactive(Parts)

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes, markup=False)

    def render(self) -> Text:
        return Text(self.line.fitted(max(self.size.width, 1)), no_wrap=True)
