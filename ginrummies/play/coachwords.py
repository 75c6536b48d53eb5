"""The coach's words, for the statistics' Coach tab and ``ginrummies
review --coach``: how many games are reviewed, a variant's accuracy over
time, a habit's title, advice and costliest example."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, tzinfo

from ..ai.habits import Habit
from ..core import plural
from ..store.reviews import Example, Point

RECENT = 5  # games the words compare: the last few against the first few
KINDS = {h.value: h for h in Habit}


def reviewed_words(done: int, total: int) -> str:
    """How many of the finished games are reviewed."""
    if not total:
        return "No finished game yet: finish one and the coach reviews it."
    if done == total:
        return f"{plural(total, 'finished game')}, all reviewed."
    return f"{done} of {plural(total, 'finished game')} reviewed."


def trend_words(variant: str, points: Sequence[Point]) -> str:
    """A variant's accuracy in words: its games reviewed, the recent
    accuracy, and the first games' beside it once there are enough."""
    n = len(points)
    mean = sum(p.accuracy for p in points[-RECENT:]) / min(n, RECENT)
    said = f"{variant}: {plural(n, 'game')} reviewed, accuracy {mean:.0f}%"
    if n >= 2 * RECENT:
        first = sum(p.accuracy for p in points[:RECENT]) / RECENT
        said += f" in the last {RECENT} (the first {RECENT}: {first:.0f}%)"
    elif n > 1:
        said += " on average" if n <= RECENT else f" in the last {RECENT}"
    return said


def habit_title(value: str) -> str:
    """A habit's title (its stored value, if a newer game stored a kind this one lacks)."""
    return KINDS[value].title if value in KINDS else value


def habit_advice(value: str) -> str:
    return KINDS[value].advice if value in KINDS else ""


def example_words(e: Example, zone: tzinfo | None = None) -> str:
    """Where the costliest move of a kind was, and what was better (the
    day in ``zone``, else the computer's time zone)."""
    when = datetime.fromtimestamp(e.when, zone).strftime("%Y-%m-%d")
    table = f" (table {e.table + 1})" if e.tables > 1 else ""
    return (
        f"e.g. {e.variant}, {when}, hand {e.round + 1}{table}, move {e.move + 1}: "
        f"{e.made} ({e.verdict}, {e.loss:.1f} points); better: {e.best}"
    )
