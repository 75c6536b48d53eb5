"""The hint key's state at the table. A hint is thought in a worker, like
the computer's moves (``TableScreen.find_hint``), so keys keep working; it
shows in the status line, moves the cursor to its card, and ``y`` plays it
while it still applies."""

from __future__ import annotations

from dataclasses import dataclass

from ..ai.hints import Hint, hint, move_name
from ..core import Action, Card, Level, PlayerView
from ..store import HintLevel


@dataclass(frozen=True)
class Found:
    """A hint's answer: the best move for ``view``, asked at ``moment``."""

    moment: object
    view: PlayerView
    best: Hint | None


def think(moment: object, view: PlayerView, level: HintLevel, opponent: Level | None) -> Found:
    """The best move in ``view`` at ``level`` against ``opponent`` (a
    computer's level, or None for a person; any thread: reads only ``view``).
    The setting's hint level is the hint's ``Level`` of the same word."""
    shown = Level(level.value)
    hints = hint(view, view.legal_actions, level=shown, opponent=opponent, first_only=True)
    return Found(moment, view, hints[0] if hints else None)


def hint_text(best: Hint, view: PlayerView) -> str:
    """The status line's hint: the move named short ("knock with 4,
    discarding 4♥": its melds are in the hand below), its key first, then
    why; the status line drops the last clauses of a reason too long for it."""
    return f"Hint: {move_name(best.action, view)} (y plays it) — {best.explanation()}."


def hinted_card(action: Action) -> Card | None:
    """The card a hinted move is about (the cursor goes to it)."""
    card = getattr(action, "card", None) or getattr(action, "discard", None)
    return card if isinstance(card, Card) else None


class Hints:
    """One hint at a time, for the person to move."""

    def __init__(self) -> None:
        self.thinking = False
        self.cursor_then: Card | None = None  # where the cursor was: a pick made meanwhile is kept
        # (the person's table as it stood, move) of the last hint
        self.hinted: tuple[object, Action] | None = None

    def forget(self) -> None:
        self.hinted = None
