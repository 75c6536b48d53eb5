"""One table of a replay in the formats for three and four, every card
face up: its two hands, the stock and the pile, its melds and, once its
hand is over, how it ended. The replay screen shows one of these for a
game of three, and two (side by side, or one at a time) for a partnership.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from ...core import Card, hand_count, plural, says
from ...play.handorder import SortMode, lay_out
from ...play.session import Session
from ...play.tell import ending_words
from ..seatview import player_words
from .fittedline import FittedLine, Parts
from .hand import HandShown, HandView
from .melds import TableMeldsView
from .piles import Piles, PileView

# the table's two hand players, top first: the higher seat above, as the
# two-player replay has player 1 above
ROWS = (("upper", 1), ("lower", 0))


class ReplayHand(HandView):
    """A hand face up, without the row a marked card rises into: nothing is
    marked in a replay, and a table of four needs every row."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.add_class("replay-hand")

    def render(self) -> Text:
        return Text("\n").join(super().render().split("\n", allow_blank=True)[1:])


class ReplayTable(Vertical):
    """Table ``table`` (from 0) of the round a session stands at, face up."""

    def __init__(self, table: int, *, id: str | None = None) -> None:
        super().__init__(id=id, classes="replay-table")
        self.table = table

    def compose(self) -> ComposeResult:
        for row, _ in ROWS:
            if row == "lower":
                yield PileView(id="replay-piles")
                yield TableMeldsView(id="replay-melds", key="b")
            yield FittedLine(id=f"{row}-name", classes="label")
            yield ReplayHand(id=f"{row}-hand")
        yield Static(id="table-status", markup=False)

    def hand_of(self, player: int) -> HandView:
        """The widget showing hand player ``player`` (0 or 1) of this table."""
        row = next(r for r, p in ROWS if p == player)
        return self.query_one(f"#{row}-hand", HandView)

    def show(self, session: Session, before: Session | None, *, brief: bool = False) -> None:
        """The table as it stands in ``session``; a card its player has just
        taken (since ``before``, the step shown until now) is pointed out.
        ``brief``: a finished hand's result in one sentence (a short window)."""
        game, rules, t = session.game, session.rules, self.table
        hand = game.round.hands[t]
        seating = game.round.tables[t]
        names = session.names_at(t)
        dealer = game.dealer_seat(t)
        for row, player in ROWS:
            seat = seating.seats[player]
            held = hand.cards_of(player)
            layout, _ = lay_out(held, rules, SortMode.MELDS)
            new = _taken(before, session, t, player, held)
            self.query_one(f"#{row}-hand", HandView).shown = HandShown(layout, new=new)
            count = hand_count(held, rules, discard=False)  # every card laid out
            parts = [player_words(session, seat), plural(len(held), "card")]
            parts.append(f"{rules.count_word} {count}")
            spare = []
            if dealer == seat:
                spare.append(len(parts))
                parts.append("dealer")
            if hand.to_move == player:
                parts.append("to move")
            self.query_one(f"#{row}-name", FittedLine).line = Parts(tuple(parts), tuple(spare))
        view = hand.view(0)  # the public part of it: stock, pile, melds
        self.query_one(PileView).shown = Piles(
            view.stock_size,
            view.discard_pile,
            has_pile=rules.has_discard_pile,
            notes=tuple(self.notes(session)),
        )
        melds = self.query_one(TableMeldsView)
        melds.display = rules.has_table_melds
        melds.melds = tuple((m.meld, names[m.owner]) for m in view.table.melds)
        said = []
        if hand.result is not None:
            # a team's box is counted per round, not per table (as the result says)
            boxes = not game.format.play.teams
            told = hand.result.breakdown(names, boxes=boxes)
            said = [ending_words(hand.result, names)] if brief else told
        status = self.query_one("#table-status", Static)
        status.display = bool(said)
        status.update("\n".join(said))

    def notes(self, session: Session) -> list[str]:
        """Beside the piles: which table this is, who sits out (named here
        too, in case the seating line is cut short) and its last move."""
        game, t = session.game, self.table
        out = []
        if game.format.tables > 1:
            out.append(f"Table {t + 1} of {game.format.tables}")
        playing = {s for seating in game.round.tables for s in seating.seats}
        for seat in range(game.format.seats):
            if seat not in playing:
                out.append(says(session.names[seat], "sits out"))
        hand = game.round.hands[t]
        if hand.events:
            last = hand.events[-1]
            who = session.names[game.round.tables[t].seats[last.player]]
            out.append(f"Last: {who} {last.action.said(last.card, last.gin).rstrip('.')}")
        return out


def _taken(
    before: Session | None, now: Session, table: int, player: int, held: tuple[Card, ...]
) -> Card | None:
    """The card a hand player has just taken, if the step before was in the
    same round (to point it out as the table does)."""
    if before is None or len(before.game.rounds) != len(now.game.rounds):
        return None
    gained = set(held) - set(before.game.round.hands[table].cards_of(player))
    return next(iter(gained)) if len(gained) == 1 else None
