"""The public part of the table, drawn the same way wherever a game is shown
(the table, the replay): the stock and the pile, the melds on the table and
the scoreboard."""

from __future__ import annotations

from textual.dom import DOMNode

from ..core import PlayerView
from ..play.session import Session
from .widgets import PileView, Scoreboard, TableMeldsView


def show_board(
    root: DOMNode, session: Session, view: PlayerView, *, history: bool, notes: list[str]
) -> None:
    """Draw what everybody at the table can see, as ``view`` holds it."""
    rules, names, game = session.rules, session.names, session.game
    root.query_one(PileView).show(
        view.stock_size,
        view.discard_pile,
        has_pile=rules.has_discard_pile,
        history=history,
        notes=notes,
    )
    melds = root.query_one(TableMeldsView)
    melds.display = rules.has_table_melds
    melds.show([(t.meld, names[t.owner]) for t in view.table])
    rows = [h.result.points for h in game.hands if h.result is not None]
    root.query_one(Scoreboard).show(session.names_at(), rows, (game.boxes[0], game.boxes[1]), rules)
