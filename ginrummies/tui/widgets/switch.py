"""A switch that says on or off in words."""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text
from textual.app import RenderResult
from textual.scrollbar import ScrollBarRender
from textual.widgets import (
    Switch,
)


class OnOffSwitch(Switch):
    """A switch that says "on" or "off" in words beside its slider, not by colour alone."""

    def render(self) -> RenderResult:
        slider = super().render()
        if not isinstance(slider, ScrollBarRender):  # a Textual that draws it otherwise
            return slider
        grid = Table.grid()
        grid.add_column(width=4)
        grid.add_column(width=4)
        grid.add_row(slider, Text(" on" if self.value else " off"))
        return grid

    def get_content_width(self, container: Any, viewport: Any) -> int:
        return 8
