"""The table as people meet it: seats of people and computers, whose turn,
undo, the moves in words and autosave. One way to run a game, used by the
app, text play and sim alike; nothing here imports Textual or Rich."""

from .session import Seat, SeatKind, Session, default_seats
from .tell import action_words
from .words import prompt

__all__ = ["Seat", "SeatKind", "Session", "action_words", "default_seats", "prompt"]
