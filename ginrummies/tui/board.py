"""The public part of the table, drawn the same way wherever a game is shown
(the table, the replay): the stock and the pile, the melds on the table and
the scoreboard."""

from __future__ import annotations

from textual.dom import DOMNode

from ..core import PlayerView
from ..play.place import Place
from .seatview import score_rows, short_names
from .widgets.melds import TableMeldsView
from .widgets.piles import Piles, PileView
from .widgets.scoreboard import Scoreboard, Scores


def show_board(
    root: DOMNode,
    session: Place,
    view: PlayerView,
    *,
    history: bool,
    notes: list[str],
    names: tuple[str, str] | None = None,
) -> None:
    """Draw what everybody at the table can see, as ``view`` holds it
    (``names``: the players of its table, as the view numbers them)."""
    rules, game = session.rules, session.game
    names = names or session.names_at()
    root.query_one(PileView).shown = Piles(
        view.stock_size,
        view.discard_pile,
        has_pile=rules.has_discard_pile,
        history=history,
        notes=tuple(notes),
    )
    melds = root.query_one(TableMeldsView)
    melds.display = rules.has_table_melds
    melds.melds = tuple((t.meld, names[t.owner]) for t in view.table.melds)
    root.query_one(Scoreboard).shown = Scores(
        short_names(session), tuple(score_rows(session)), tuple(game.boxes), rules
    )
