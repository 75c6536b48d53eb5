"""Undo: when a person may take back their last move, and the game without it.

Only a person's own last move, against the computer, and only when taking
it back shows nothing hidden: after a stock draw the person has seen the
card, and after the computer's move they have seen what it did. There is
no undo in a hot-seat game, nor at a table played across machines, where
the others have seen the move on their own screens.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core import Action, DrawStock, Match, SeatKind
from .seats import Seat


def undo_problem(game: Match, seats: Sequence[Seat]) -> str | None:
    """Why the last move of ``game`` cannot be taken back now; None if it can."""
    if sum(s.kind is SeatKind.PERSON for s in seats) >= 2:
        return "there is no undo in a hot-seat game"
    if any(s.kind is SeatKind.AWAY for s in seats):
        return "there is no undo at a table played across machines"
    person = next((i for i, s in enumerate(seats) if s.is_person), None)
    table = None if person is None else game.table_of(person)
    if table is None:
        return "you are not playing this hand"
    hand = game.round.hands[table]
    if hand.is_over:
        return "the hand is over"
    if not hand.log:
        return "there is no move of yours to take back in this hand"
    player, action = hand.log[-1]
    if game.round.tables[table].seats[player] != person:
        return "the computer has moved since, and taking that back would show its cards"
    if isinstance(action, DrawStock):
        return "you have seen the card you drew from the stock"
    return None


def taken_back(
    game: Match, person: int, order: list[list[int]] | None
) -> tuple[Action, list[list[Action]], list[list[int]] | None]:
    """The last move at ``person``'s table, and the game's log and its
    tables' order (two tables) without it, to replay."""
    table = game.table_of(person)
    if table is None:
        raise ValueError("the person sits out this hand")
    log = game.log
    action = log[(len(game.rounds) - 1) * game.format.tables + table].pop()
    if order is not None:  # the move taken back was its table's last
        turns = order[-1]
        del turns[len(turns) - 1 - turns[::-1].index(table)]
    return action, log, order
