"""The status line under the hand: what to do now, a refusal or a hint,
fitted to the lines it has. A text longer than its room (a hint with its
reasons beside the moves panel at 80×24) loses its last clauses, the ones
after a "; ", and ends in "…", so its first line, the move and its key, and
the reason that matters most always show and no line is cut off unseen."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text
from textual.geometry import Size
from textual.reactive import reactive
from textual.widgets import Static

_MEASURE = Console(width=200, color_system=None)  # only measures: nothing is printed


def wrapped_lines(text: str, width: int) -> int:
    """How many lines ``text`` takes wrapped at ``width`` cells."""
    return len(Text(text).wrap(_MEASURE, max(width, 1)))


def fit_lines(text: str, width: int, lines: int) -> str:
    """``text`` in at most ``lines`` lines of ``width`` cells: whole when it
    fits, else without its last "; " clauses and ending in " …"."""
    if wrapped_lines(text, width) <= lines:
        return text
    clauses = text.rstrip(".").split("; ")
    while len(clauses) > 1:
        clauses.pop()
        shorter = "; ".join(clauses) + " …"
        if wrapped_lines(shorter, width) <= lines:
            return shorter
    # one clause still too long: cut it at a word
    words = clauses[0].split(" ")
    while len(words) > 1 and wrapped_lines(" ".join(words) + " …", width) > lines:
        words.pop()
    return " ".join(words) + " …"


class StatusLine(Static):
    """A status line that fits its text to its width and its max height."""

    text: reactive[str] = reactive("", layout=True)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, markup=False)

    def room(self) -> int:
        """The most lines the stylesheet gives it (``max-height``)."""
        most = self.styles.max_height
        return int(most.value) if most is not None and most.is_cells else 1_000

    def render(self) -> Text:
        return Text(fit_lines(self.text, self.size.width, self.room()))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return wrapped_lines(fit_lines(self.text, width, self.room()), width) if self.text else 0
