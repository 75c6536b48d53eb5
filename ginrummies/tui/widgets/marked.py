"""Lists whose highlighted row is marked in text, not by colour alone.

Textual's option lists (and a table's row cursor) tell the highlighted row
only by its colours, which a monochrome terminal or a colour-blind eye may
not see. These draw a mark before it: "▶ " (with ``--ascii`` the ASCII
filter draws it as "> "); every other row has blanks there, so the rows
stay in line. The menu, the dialogs and the rules use MarkedList; the
palette, the forms' Selects and the statistics' games their own kinds.

They draw through Textual's private hooks (``_get_left_gutter_width`` and
``_get_option_render``, as its SelectionList does; a table's row labels):
tests/test_marks.py says at once if a Textual release changes them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style as RichStyle
from rich.text import TextType
from textual.app import ComposeResult
from textual.command import CommandList
from textual.strip import Strip
from textual.style import Style
from textual.widget import Widget
from textual.widgets import DataTable, OptionList, Select
from textual.widgets._data_table import CellType, RowKey, RowRenderables
from textual.widgets._select import SelectOverlay
from textual.widgets.option_list import Option

MARK = "▶ "
BLANK = " " * cell_len(MARK)

T = TypeVar("T")


class MarkedList(OptionList):
    """An OptionList with a mark before the highlighted option."""

    def _get_left_gutter_width(self) -> int:
        # Textual draws the options this much narrower: the mark goes in front
        return cell_len(MARK)

    def _get_option_render(self, option: Option, style: Style) -> list[Strip]:
        """Textual's lines of ``option``, each after the mark or a blank as
        wide, in the row's own colours (highlighted, hovered or neither)."""
        strips = super()._get_option_render(option, style)
        index = self._option_to_index[option]
        # a click on the mark is a click on its option
        front = style.rich_style + RichStyle.from_meta({"option": index})
        first = MARK if index == self.highlighted else BLANK
        return [
            Strip([Segment(first if n == 0 else BLANK, front), *strip])
            for n, strip in enumerate(strips)
        ]


# Textual's own class first: its CSS (and a query for it) follows the first
# base only; the marks come from MarkedList all the same, next in the MRO


class MarkedCommandList(CommandList, MarkedList):
    """The command palette's list of commands, marked."""


class MarkedSelectOverlay(SelectOverlay, MarkedList):
    """A Select's drop-down list, marked."""


class MarkedSelect(Select[T]):
    """A Select whose drop-down list marks the highlighted choice."""

    def compose(self) -> ComposeResult:
        yield from swapped(super().compose(), self._marked)

    def _marked(self, widget: Widget) -> Widget:
        if not isinstance(widget, SelectOverlay):
            return widget
        overlay = MarkedSelectOverlay(type_to_search=widget._type_to_search)
        return overlay.data_bind(compact=Select.compact)


class MarkedTable(DataTable[CellType]):
    """A DataTable whose cursor row, with a row cursor, has the mark (one
    cell of it: a table is narrow) as its row's label."""

    def add_row(
        self,
        *cells: CellType,
        height: int | None = 1,
        key: str | None = None,
        label: TextType | None = None,
    ) -> RowKey:
        # every row has a label, where the mark goes: a table draws the
        # labels' column only when a row has one
        return super().add_row(*cells, height=height, key=key, label=label or " ")

    def _get_row_renderables(self, row_index: int) -> RowRenderables:
        # the mark moves with the cursor: Textual caches a label drawn with
        # the cursor on its row apart from one drawn without
        found = super()._get_row_renderables(row_index)
        if row_index < 0 or self.cursor_type != "row":
            return found
        mark = MARK.strip() if row_index == self.cursor_row else " "
        return RowRenderables(mark, found.cells)


def swapped(widgets: Iterable[Widget], swap: Callable[[Widget], Widget]) -> Iterator[Widget]:
    """``widgets`` as a ``compose`` yields them, each as ``swap`` makes it:
    Textual's screens and widgets, with a list of theirs marked."""
    for widget in widgets:
        yield swap(widget)
