"""The column beside the table: the scoreboard and the moves in words.

Apart from the header, which every screen has: the moves' log (a
``RichLog``) brings Rich's pretty-printer, which the menu and the forms do
not need (benchmarks/startup.py).
"""

from __future__ import annotations

from textual.containers import Vertical
from textual.widgets import RichLog, Static

from .scoreboard import Scoreboard


def side_panel() -> Vertical:
    """The column beside the table: the scoreboard and the moves in words."""
    return Vertical(
        Static("Score", classes="label", markup=False),
        Scoreboard(id="score"),
        Static(id="next", markup=False),
        Static("Moves", classes="label", markup=False),
        RichLog(id="log", wrap=True, markup=False, min_width=20),
        id="side",
    )
