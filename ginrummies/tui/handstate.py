"""The person's picks in the hand on show: the cursor, the marks, the
sort and the card that came last; kept while the table's screen comes and
goes (back from the menu or the lobby, a move on its way to a host)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core import Card, PlayerView
from ..play.handorder import HandLayout, SortMode, lay_out


@dataclass
class HandState:
    """The person's picks in the hand on show: cursor, marks, sort, new card."""

    sort_mode: SortMode = SortMode.MELDS
    cursor_card: Card | None = None
    marked: set[Card] = field(default_factory=set)
    new_card: Card | None = None
    order: list[Card] = field(default_factory=list)
    grouped: set[frozenset[Card]] = field(default_factory=set)  # the melds shown grouped
    held: frozenset[Card] | None = None  # the hand before a move sent to a host

    def mark_drawn(self, view: PlayerView) -> None:
        """A hand shown afresh (the app started again, back from the lobby)
        in the turn the person drew: the card drawn or taken is new, and
        picked, as it was when it came."""
        card = view.drawn_card or view.taken_card
        if card is not None and card in view.hand and self.cursor_card is None:
            self.new_card = self.cursor_card = card

    def arrange(self, view: PlayerView) -> HandLayout:
        """Lay the hand out and keep the cursor and marks on cards it holds."""
        layout, _ = lay_out(view.hand, view.rules, self.sort_mode)
        self.order = list(layout.cards)
        self.grouped = {
            frozenset(layout.cards[group.start : group.end])
            for group in layout.groups
            if not group.deadwood
        }
        if self.cursor_card not in self.order:
            self.cursor_card = self.order[0] if self.order else None
        self.marked &= set(self.order)
        return layout

    @property
    def cursor(self) -> int:
        return self.order.index(self.cursor_card) if self.cursor_card in self.order else 0

    def forget(self) -> None:
        self.marked.clear()
        self.new_card = None
