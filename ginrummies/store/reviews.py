"""Reviews kept in the statistics (issue 34, item 4): each reviewed game's
accuracy for the person, and its costly moves by kind, which the coach
turns into accuracy over time and habits with an example each.

Plain records only: the review itself (``ai.review``) and the kinds of
moves (``ai.habits``) are made a layer above (``play.coach``). A review is
stored with the version of the engine that made it, so that games
reviewed by an older one count as not reviewed and are reviewed again.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass

from ..core import Format
from .stats import Stats, variant_label

OTHER = "other"  # ai.habits.Habit.OTHER: the moves of no named kind


@dataclass(frozen=True)
class Costly:
    """One costly move of a reviewed game: where it was, its kind and cost."""

    hand: int  # the hand's index in the game (round by round, table by table)
    move: int  # the move's index in the hand's log
    round: int  # the round it was played in, from 0
    table: int  # its table, from 0
    habit: str  # ai.habits.Habit's value
    verdict: str
    loss: float
    made: str  # the move made, in words
    best: str  # the best move, in words


@dataclass(frozen=True)
class Reviewed:
    """A game's review for one seat, as the statistics keep it."""

    game_id: str
    seat: int
    engine: int
    decisions: int
    lost: float
    counts: tuple[int, ...]  # by verdict
    accuracy: float | None
    costly: tuple[Costly, ...] = ()
    ratings: bytes = b""  # every rating, packed (play.coach): the review shown again at once


@dataclass(frozen=True)
class Point:
    """A reviewed game on the accuracy chart."""

    game_id: str
    when: float  # when the game was played (its last move)
    accuracy: float


@dataclass(frozen=True)
class Example:
    """A costly move to open in the review."""

    game_id: str
    when: float
    variant: str  # as the statistics show it: "Gin Rummy (three)"
    hand: int  # the hand's index in the game (the review opens there)
    move: int
    round: int
    table: int
    tables: int  # tables a round (2 in the partnership formats)
    verdict: str
    loss: float
    made: str
    best: str


@dataclass(frozen=True)
class HabitLine:
    """A kind of costly move over every reviewed game: how often, how many
    points it cost, and the costliest example."""

    habit: str
    times: int
    lost: float
    example: Example


def keep(stats: Stats, review: Reviewed) -> None:
    """Store a game's review for a seat (replacing an older one). A game
    the statistics do not hold (a file from elsewhere) is not kept."""
    with stats.connect(write=True) as db:
        if db.execute("SELECT 1 FROM games WHERE id = ?", (review.game_id,)).fetchone() is None:
            return
        key = (review.game_id, review.seat)
        db.execute("DELETE FROM costly WHERE game_id = ? AND seat = ?", key)
        db.execute(
            "INSERT OR REPLACE INTO reviews (game_id, seat, engine, reviewed, decisions, "
            "lost, counts, accuracy, ratings) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                *key,
                review.engine,
                time.time(),
                review.decisions,
                review.lost,
                json.dumps(list(review.counts)),
                review.accuracy,
                review.ratings or None,
            ),
        )
        db.executemany(
            "INSERT OR REPLACE INTO costly (game_id, seat, hand, move, round, tbl, habit, "
            "verdict, loss, made, best) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (*key, c.hand, c.move, c.round, c.table, c.habit, c.verdict, c.loss, c.made, c.best)
                for c in review.costly
            ],
        )


def kept_ratings(stats: Stats, game_id: str, engine: int) -> bytes | None:
    """The packed ratings of a game's review by ``engine``, if the
    statistics keep one (any reviewed seat's: each row holds them all)."""
    stats.before_read()
    with stats.connect() as db:
        row = db.execute(
            "SELECT ratings FROM reviews WHERE game_id = ? AND engine = ? "
            "AND ratings IS NOT NULL LIMIT 1",
            (game_id, engine),
        ).fetchone()
    return bytes(row[0]) if row and isinstance(row[0], bytes) else None


def pending(stats: Stats, engine: int, limit: int = 1000) -> list[str]:
    """The finished games whose person has no review by ``engine`` yet,
    the newest first (the last ``limit``); games without a person (a
    computer's demonstration) are not the coach's."""
    stats.before_read()
    with stats.connect() as db:
        rows = db.execute(
            "SELECT g.id FROM games g LEFT JOIN reviews r "
            "ON r.game_id = g.id AND r.seat = g.me AND r.engine = ? "
            "WHERE g.status = 'finished' AND r.game_id IS NULL "
            "AND g.opponent != 'computers' "
            "ORDER BY g.updated DESC, g.rowid DESC LIMIT ?",
            (engine, limit),
        ).fetchall()
    return [game_id for (game_id,) in rows]


def reviewed_count(stats: Stats, engine: int) -> tuple[int, int]:
    """Finished games of a person reviewed by ``engine``, and finished games of a person."""
    stats.before_read()
    with stats.connect() as db:
        done, total = db.execute(
            "SELECT COUNT(r.game_id), COUNT(*) FROM games g LEFT JOIN reviews r "
            "ON r.game_id = g.id AND r.seat = g.me AND r.engine = ? "
            "WHERE g.status = 'finished' AND g.opponent != 'computers'",
            (engine,),
        ).fetchone()
    return int(done), int(total)


def accuracy_by_variant(stats: Stats, engine: int) -> dict[str, list[Point]]:
    """Per variant (as the statistics name it), the person's accuracy in
    each game reviewed, oldest first."""
    stats.before_read()
    with stats.connect() as db:
        rows = db.execute(
            "SELECT g.variant, g.format, g.id, g.updated, r.accuracy FROM reviews r "
            "JOIN games g ON g.id = r.game_id AND r.seat = g.me "
            "WHERE r.engine = ? AND r.accuracy IS NOT NULL "
            "ORDER BY g.updated, g.rowid",
            (engine,),
        ).fetchall()
    out: dict[str, list[Point]] = {}
    for variant, fmt, game_id, when, accuracy in rows:
        out.setdefault(variant_label(variant, fmt), []).append(Point(game_id, when, accuracy))
    return out


def habits(stats: Stats, engine: int) -> list[HabitLine]:
    """The person's costly moves by kind over every reviewed game, the
    kind that cost the most points first (and "other" last), each with
    its costliest move."""
    stats.before_read()
    with stats.connect() as db:
        rows = db.execute(
            "SELECT c.habit, c.game_id, g.updated, g.variant, g.format, c.hand, c.move, "
            "c.round, c.tbl, c.verdict, c.loss, c.made, c.best FROM costly c "
            "JOIN reviews r ON r.game_id = c.game_id AND r.seat = c.seat "
            "JOIN games g ON g.id = c.game_id AND c.seat = g.me "
            "WHERE r.engine = ? ORDER BY c.loss DESC, g.updated DESC",
            (engine,),
        ).fetchall()
    times: dict[str, int] = {}
    lost: dict[str, float] = {}
    costliest: dict[str, Example] = {}
    for (
        habit,
        game_id,
        when,
        variant,
        fmt,
        hand,
        move,
        rnd,
        table,
        verdict,
        loss,
        made,
        best,
    ) in rows:
        if habit not in costliest:  # the rows come the costliest first
            tables = Format(fmt).tables if fmt in Format._value2member_map_ else 1
            label = variant_label(variant, fmt)
            costliest[habit] = Example(
                game_id, when, label, hand, move, rnd, table, tables, verdict, loss, made, best
            )
        times[habit] = times.get(habit, 0) + 1
        lost[habit] = lost.get(habit, 0.0) + loss
    found = [HabitLine(h, times[h], lost[h], costliest[h]) for h in costliest]
    # the moves of no named kind ("other") last: the coach has no advice for them
    return sorted(found, key=lambda h: (h.habit == OTHER, -h.lost, h.habit))
