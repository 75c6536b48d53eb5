"""The table's record of what happened: one frozen record an entry.

Screens and text play choose entries by their fields (what kind, which
table, which seat, the core's event), never by matching their words: a
player may be called "Hiscore" or "Ann B", and the words of a name are
not the words of the log.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..core import Event


class Kind(Enum):
    """What an entry tells."""

    GAME = "game"  # the game's name, first
    CUT = "cut"  # the cuts that began the game, one line a cut
    DEAL = "deal"  # a round begins: who deals, the upcards
    MOVE = "move"  # a move at a table, from the core's event
    RESULT = "result"  # a hand's score, in one line
    ROUND = "round"  # a round of three or four: its score, who meets whom next
    UNDO = "undo"  # a person took back a move
    SEAT = "seat"  # a computer took a person's seat at a table across machines, or gave it back
    SEED = "seed"  # the game is over: the seed that dealt it


@dataclass(frozen=True, slots=True)
class Entry:
    """One line of the log: ``words`` as the moves panel shows them (with
    "Table 2: " before a table's own in a round of two tables), ``said``
    the same without it."""

    kind: Kind
    words: str
    round: int  # the round (hand) it belongs to, from 1; 0 before the first deal
    table: int | None = None  # the table of a move or a result
    seat: int | None = None  # the seat that moved
    event: Event | None = None  # the core's event of a move
    said: str = ""

    def __post_init__(self) -> None:
        if not self.said:
            object.__setattr__(self, "said", self.words)
