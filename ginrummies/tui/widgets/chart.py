"""Bar charts in text: the chart of recent results on the statistics screen
(``Chart``), and the bars that draw it (``bar_rows``), which the review's
chart of points lost per hand draws with too (``losschart.py``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ...core import plural
from ...store.stats import Played

CHART_ROWS = 3  # rows above and below the axis


LABEL_WIDTH = 6  # the labels' column, left of the bars (then a space)


def bar_rows(
    bars: Sequence[tuple[int, str]],
    above: int,
    below: int = 0,
    labels: Mapping[int, str] | None = None,
    step: int = 2,
) -> Text:
    """Bars on an axis, each ``(height, style)``: a height in rows, up from
    the axis when above 0, down when below (0: no bar), at most ``above``
    rows up and ``below`` down; ``step`` cells a bar, its last a gap (of more than one). Each
    row ends with a newline; ``labels`` name rows (the axis is row 0) in
    the column before the bars."""
    labels = labels or {}
    bar = "█" * (step - 1) + " " if step > 1 else "█"
    out = Text()
    for row in range(above, -below - 1, -1):
        out.append(f"{labels.get(row, ''):>{LABEL_WIDTH}} ", style="dim")
        for height, style in bars:
            if row == 0:
                out.append("─" * step, style="dim")
            elif (row > 0 and height >= row) or (row < 0 and height <= row):
                out.append(bar, style=style)
            else:
                out.append(" " * step)
        out.append("\n")
    return out


def chart_text(games: Sequence[Played], width: int) -> Text:
    """Recent games as bars: up for a win, down for a loss, height by margin
    (an abandoned game has no result, so no bar)."""
    games = [g for g in games if not g.abandoned]
    shown = games[-max(1, (width - 8) // 2) :]
    if not shown:
        return Text("No finished games yet.")
    top = max(abs(g.margin) for g in shown) or 1
    bars = []
    for g in shown:
        height = max(1, round(CHART_ROWS * abs(g.margin) / top))
        bars.append((height, "green") if g.won else (-height, "red"))
    labels = {CHART_ROWS: f"+{top}", 0: "0", -CHART_ROWS: f"−{top}"}
    out = bar_rows(bars, CHART_ROWS, CHART_ROWS, labels)
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
