"""``ginrummies review --coach``: the coach in plain text (issue 34, item
4). The finished games the statistics hold and no review covers yet are
reviewed first (Ctrl+C stops, keeping the games done), then it prints how
each variant's accuracy went, game by game, and the costly habits, each
with its costliest example and what to do instead."""

from __future__ import annotations

import sys

from ..ai.review import VERSION
from ..core import plural
from ..play.coach import review_pending
from ..play.coachwords import (
    example_words,
    habit_advice,
    habit_title,
    reviewed_words,
    trend_words,
)
from ..play.printable import printable
from ..store.reviews import accuracy_by_variant, habits, pending, reviewed_count
from ..store.stats import Stats, StatsError
from .finished import stats_path
from .lines import wrap


def coach_main(limit: int | None, review: bool = True) -> int:
    """Review the games waiting (the newest ``limit``; none without
    ``review``), then print the coach's report; exit status 2 when the
    statistics cannot be read."""
    path = stats_path()
    if not path.is_file():
        print("ginrummies: no statistics yet: finish a game and the coach has one to review.")
        return 0
    stats = Stats(path)
    try:
        if review:
            waiting = pending(stats, VERSION)
            if limit is not None:
                waiting = waiting[:limit]
            review_waiting(stats, waiting)
        say_report(stats)
    except StatsError as exc:
        print(f"ginrummies: {exc}", file=sys.stderr)
        return 2
    return 0


def review_waiting(stats: Stats, games: list[str]) -> None:
    """Review ``games`` with a progress line on a terminal; Ctrl+C stops."""
    if not games:
        return
    tty = sys.stderr.isatty()

    def advanced(game: int, total: int, done: int, decisions: int) -> None:
        print(
            f"\r\033[KReviewing game {game + 1} of {total}: {done} of "
            f"{plural(decisions, 'decision')}",
            end="",
            file=sys.stderr,
            flush=True,
        )

    print(f"Reviewing {plural(len(games), 'game')} (Ctrl+C stops)…", file=sys.stderr)
    try:
        caught = review_pending(stats, games, on_progress=advanced if tty else None)
    except KeyboardInterrupt:
        caught = []
        print("\nStopped: the games reviewed so far are kept.", file=sys.stderr)
    if tty:
        print("\r\033[K", end="", file=sys.stderr)
    for c in caught:
        print(f"ginrummies: game {c.game_id} could not be reviewed: {c.why}", file=sys.stderr)


def say_report(stats: Stats) -> None:
    done, total = reviewed_count(stats, VERSION)
    series = accuracy_by_variant(stats, VERSION)
    lines = habits(stats, VERSION)
    print(wrap(f"Coach. {reviewed_words(done, total)}"))
    if done < total:
        print(wrap("ginrummies review --coach reviews the rest (Ctrl+C stops)."))
    print("\nAccuracy (percent of decisions best or good), game by game, oldest first")
    if not series:
        print("  No game reviewed yet.")
    for variant, points in sorted(series.items()):
        print(wrap(printable(trend_words(variant, points), lines=False), "  "))
        print(wrap(" ".join(f"{p.accuracy:.0f}" for p in points), "    "))
    print("\nCostly habits, the costliest first")
    if not lines:
        print("  No costly move reviewed yet.")
    for line in lines:
        head = (
            f"{habit_title(line.habit)}: {plural(line.times, 'time')}, "
            f"{line.lost:.1f} points expected lost."
        )
        print(wrap(head, "  "))
        print(wrap(printable(example_words(line.example), lines=False) + ".", "    ", "      "))
        advice = habit_advice(line.habit)
        if advice:
            print(wrap(advice, "    "))
