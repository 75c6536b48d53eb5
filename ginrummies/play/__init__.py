"""The table as people meet it: seats of people and computers, whose turn,
undo, the moves in words and autosave. One way to run a game, used by the
app, text play and sim alike; nothing here imports Textual or Rich.

The names below are imported when first asked for: importing any module of
the package (the app's menu imports ``play.keeper``) runs this file, and the
session brings the bots with it, which a menu with no game to continue does
not need (benchmarks/startup.py).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .session import Seat, SeatKind, Session, default_seats
    from .tell import action_words
    from .words import prompt

__all__ = ["Seat", "SeatKind", "Session", "action_words", "default_seats", "prompt"]

# each name of __all__: the module of the package that holds it
_HOME = {
    "Seat": "session",
    "SeatKind": "session",
    "Session": "session",
    "default_seats": "session",
    "action_words": "tell",
    "prompt": "words",
}


def __getattr__(name: str) -> Any:
    """A name of ``__all__``, from its module (PEP 562)."""
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f".{home}", __name__), name)
