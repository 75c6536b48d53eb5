"""The scoreboard: each side's score, boxes and games."""

from __future__ import annotations

from dataclasses import dataclass

from rich.table import Table
from rich.text import Text
from textual.geometry import Size
from textual.widget import Widget

from ...core import RuleSet


@dataclass(frozen=True)
class ScoreRow:
    """One finished hand on the scoreboard: what it added to each side and,
    in the team formats, each table's result ("A 25")."""

    number: int
    points: tuple[int, ...]
    tables: tuple[str, ...] = ()


class Scoreboard(Widget):
    """Hands, running totals and boxes: a column per side (player or team)."""

    SHOWN = 8  # the last hands shown

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.names: tuple[str, ...] = ()
        self.rows: list[ScoreRow] = []
        self.boxes: tuple[int, ...] = ()
        self.rules: RuleSet | None = None

    def show(
        self,
        names: tuple[str, ...],
        rows: list[ScoreRow],
        boxes: tuple[int, ...],
        rules: RuleSet,
    ) -> None:
        if (names, rows, boxes, rules) == (self.names, self.rows, self.boxes, self.rules):
            return
        self.names, self.rows, self.boxes, self.rules = names, rows, boxes, rules
        self.refresh(layout=True)

    def render(self) -> Table:
        table = Table(expand=True, box=None, padding=(0, 1), show_footer=True)
        sides = range(len(self.names))
        totals = [sum(r.points[p] for r in self.rows) for p in sides]
        tables = max((len(r.tables) for r in self.rows), default=0)
        table.add_column("#", footer="total", justify="right")
        for t in range(tables):
            table.add_column(f"t{t + 1}", justify="right", style="dim", no_wrap=True)
        for p in sides:
            # a name is words, never markup (it may hold brackets)
            table.add_column(Text(self.names[p]), footer=str(totals[p]), justify="right")
        for row in self.rows[-self.SHOWN :]:
            cells = [str(row.number), *row.tables]
            table.add_row(*cells, *(str(v) if v else "·" for v in row.points))
        if self.rules is not None and self.rules.box_bonus:
            table.add_row("boxes", *[""] * tables, *(str(b) for b in self.boxes))
        return table

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return min(len(self.rows), self.SHOWN) + 4
