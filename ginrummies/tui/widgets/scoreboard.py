"""The scoreboard: each side's score, boxes and games."""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len
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


@dataclass(frozen=True)
class Column:
    """One column of the scoreboard: its heading, cells and footer."""

    heading: str
    cells: tuple[str, ...]
    footer: str = ""
    table: bool = False  # a table's result in the team formats (dim)

    @property
    def width(self) -> int:
        return max(cell_len(text) for text in (self.heading, self.footer, *self.cells))


class Scoreboard(Widget):
    """Hands, running totals and boxes: a column per side (player or team).

    A heading or a label cut to its first letter ("C…" for "C+D") says
    nothing, so where the columns do not fit the panel at their usual
    spacing they close up to one space, and if even that is too wide the
    tables' results go (the moves and each hand's result say them)."""

    SHOWN = 8  # the last hands shown

    shown: reactive[Scores] = reactive(Scores, layout=True)  # each hand adds a row

    def render(self) -> Table:
        return board(columns(self.shown, self.SHOWN), self.size.width)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return min(len(self.shown.rows), self.SHOWN) + 4


def columns(shown: Scores, last: int) -> list[Column]:
    """The board's columns, left to right: the hand, each table, each side
    (the ``last`` hands' rows, the boxes, the totals)."""
    rows = shown.rows[-last:]
    boxes = shown.rules is not None and shown.rules.box_bonus
    label = ("boxes",) if boxes else ()
    out = [Column("#", (*(str(r.number) for r in rows), *label), "total")]
    tables = max((len(r.tables) for r in shown.rows), default=0)
    for t in range(tables):
        cells = tuple(r.tables[t] if t < len(r.tables) else "" for r in rows)
        out.append(Column(f"t{t + 1}", (*cells, *[""] * len(label)), table=True))
    for p, name in enumerate(shown.names):
        cells = tuple(str(r.points[p]) if r.points[p] else "·" for r in rows)
        box = (str(shown.boxes[p]),) if boxes else ()
        total = sum(r.points[p] for r in shown.rows)
        out.append(Column(name, (*cells, *box), str(total)))
    return out


def board(columns: list[Column], width: int) -> Table:
    """The columns laid out in ``width`` cells, none cut: spaced as usual,
    closed up, or (still too wide) without the tables' columns."""
    if needed(columns, tight=False) <= width:
        return laid_out(columns, tight=False)
    if needed(columns, tight=True) > width:
        columns = [c for c in columns if not c.table]
    return laid_out(columns, tight=True)


def needed(columns: list[Column], *, tight: bool) -> int:
    """The cells ``columns`` take laid out without cutting a word: a space
    each side of every column, or (``tight``) one space between columns."""
    words = sum(c.width for c in columns)
    return words + (len(columns) - 1 if tight else 2 * len(columns))


def laid_out(columns: list[Column], *, tight: bool) -> Table:
    table = Table(
        expand=True,
        box=None,
        padding=(0, 1),
        show_footer=True,
        collapse_padding=tight,
        pad_edge=not tight,
    )
    for c in columns:
        # a name is words, never markup (it may hold brackets)
        table.add_column(
            Text(c.heading),
            footer=c.footer,
            justify="right",
            style="dim" if c.table else "",
            no_wrap=True,
        )
    for row in zip(*(c.cells for c in columns), strict=True):
        table.add_row(*row)
    return table
