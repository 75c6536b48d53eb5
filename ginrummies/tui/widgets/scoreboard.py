"""The scoreboard: each side's score, boxes and games."""

from __future__ import annotations

from dataclasses import dataclass

from rich.table import Table
from rich.text import Text
from textual.geometry import Size
from textual.reactive import reactive
from textual.widget import Widget

from ...core import RuleSet


@dataclass(frozen=True)
class ScoreRow:
    """One finished hand on the scoreboard: what it added to each side and,
    in the team formats, each table's result ("A 25")."""

    number: int
    points: tuple[int, ...]
    tables: tuple[str, ...] = ()


@dataclass(frozen=True)
class Scores:
    """The scoreboard's content: the sides' names, the finished hands, the
    boxes (shown where the rules give a box bonus)."""

    names: tuple[str, ...] = ()
    rows: tuple[ScoreRow, ...] = ()
    boxes: tuple[int, ...] = ()
    rules: RuleSet | None = None


class Scoreboard(Widget):
    """Hands, running totals and boxes: a column per side (player or team)."""

    SHOWN = 8  # the last hands shown

    shown: reactive[Scores] = reactive(Scores, layout=True)  # each hand adds a row

    def render(self) -> Table:
        shown = self.shown
        table = Table(expand=True, box=None, padding=(0, 1), show_footer=True)
        sides = range(len(shown.names))
        totals = [sum(r.points[p] for r in shown.rows) for p in sides]
        tables = max((len(r.tables) for r in shown.rows), default=0)
        table.add_column("#", footer="total", justify="right")
        for t in range(tables):
            table.add_column(f"t{t + 1}", justify="right", style="dim", no_wrap=True)
        for p in sides:
            # a name is words, never markup (it may hold brackets)
            table.add_column(Text(shown.names[p]), footer=str(totals[p]), justify="right")
        for row in shown.rows[-self.SHOWN :]:
            cells = [str(row.number), *row.tables]
            table.add_row(*cells, *(str(v) if v else "·" for v in row.points))
        if shown.rules is not None and shown.rules.box_bonus:
            table.add_row("boxes", *[""] * tables, *(str(b) for b in shown.boxes))
        return table

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return min(len(self.shown.rows), self.SHOWN) + 4
