"""The chart of recent results on the statistics screen."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ...core import plural
from ...store.stats import Played

CHART_ROWS = 3  # rows above and below the axis


def chart_text(games: Sequence[Played], width: int) -> Text:
    """Recent games as bars: up for a win, down for a loss, height by margin
    (an abandoned game has no result, so no bar)."""
    out = Text()
    games = [g for g in games if not g.abandoned]
    shown = games[-max(1, (width - 8) // 2) :]
    if not shown:
        return Text("No finished games yet.")
    top = max(abs(g.margin) for g in shown) or 1
    heights = [max(1, round(CHART_ROWS * abs(g.margin) / top)) for g in shown]
    for row in range(CHART_ROWS, -CHART_ROWS - 1, -1):
        if row == CHART_ROWS:
            label = f"+{top}"
        elif row == -CHART_ROWS:
            label = f"−{top}"
        elif row == 0:
            label = "0"
        else:
            label = ""
        out.append(f"{label:>6} ", style="dim")
        for g, h in zip(shown, heights, strict=True):
            if row == 0:
                out.append("──", style="dim")
            elif row > 0 and g.won and h >= row:
                out.append("█ ", style="green")
            elif row < 0 and not g.won and h >= -row:
                out.append("█ ", style="red")
            else:
                out.append("  ")
        out.append("\n")
    out.append(f"{'':>7}oldest → newest ({plural(len(shown), 'game')})", style="dim")
    return out


class Chart(Widget):
    """The bar chart of recent results."""

    DEFAULT_CSS = "Chart { height: auto; }"

    games: reactive[tuple[Played, ...]] = reactive((), layout=True)  # the games finished

    def __init__(self, games: list[Played], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.set_reactive(Chart.games, tuple(g for g in games if not g.abandoned))

    def render(self) -> Text:
        return chart_text(self.games, self.size.width)

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        return 2 * CHART_ROWS + 2 if self.games else 1
