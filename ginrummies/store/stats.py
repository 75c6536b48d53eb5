"""The player's record, in SQLite: every finished hand and game, every game
left for a new one (abandoned), and the figures the statistics screen shows.

A cancelled hand (the stock down to two in Gin) was dealt again and scored
nothing: it is kept, but it is not a hand played. An abandoned game was won
by nobody: it is counted apart (so many abandoned), never as won or lost,
and shows in the game history with its score when it was left.

Each write is one short transaction that takes the write lock at once
(``BEGIN IMMEDIATE``) and waits for another instance's, and the database
runs in WAL mode, so two copies of the app can record at the same time
without harm. Recording is idempotent: a hand or game recorded twice (say
after a crash and a resumed save) is stored once.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core import Game, Outcome, RuleSet
from .files import move_aside
from .saves import to_json

STATS_NAME = "statistics.sqlite3"
SCHEMA_VERSION = 1

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    variant TEXT NOT NULL,
    rules TEXT NOT NULL,          -- the RuleSet as JSON
    seed INTEGER NOT NULL,
    seats TEXT NOT NULL,          -- name, kind, level of both seats, as JSON
    me INTEGER NOT NULL,          -- the seat whose record this is: the person
    opponent TEXT NOT NULL,       -- the computer's level, or 'hot-seat'
    started REAL NOT NULL,
    updated REAL NOT NULL,
    status TEXT NOT NULL,         -- playing, finished, abandoned
    winner INTEGER,
    score0 INTEGER NOT NULL,
    score1 INTEGER NOT NULL,
    settlement INTEGER,
    hands INTEGER NOT NULL,
    replay TEXT NOT NULL          -- the whole game, in the save format
);
CREATE TABLE IF NOT EXISTS hands (
    game_id TEXT NOT NULL REFERENCES games(id),
    number INTEGER NOT NULL,
    finished REAL NOT NULL,
    outcome TEXT NOT NULL,        -- knock, undercut, gin, big gin, cancelled, out, ...
    winner INTEGER,
    knocker INTEGER,
    points0 INTEGER NOT NULL,
    points1 INTEGER NOT NULL,
    PRIMARY KEY (game_id, number)
);
CREATE INDEX IF NOT EXISTS games_by_time ON games(status, updated);
"""


class StatsError(Exception):
    """The statistics cannot be read or written; the message says why."""


@dataclass(frozen=True)
class Line:
    """One row of the statistics table: a variant against one opponent."""

    variant: str
    opponent: str
    games: int  # games played to the end
    games_won: int
    hands: int  # hands played to a score (not the cancelled ones)
    hands_won: int
    gins: int
    undercuts: int
    points_per_hand: float  # my points minus theirs, per hand
    abandoned: int = 0  # games left for a new one before their end


@dataclass(frozen=True)
class Played:
    """A finished or abandoned game, from the player's side."""

    game_id: str
    when: float
    variant: str
    opponent: str
    won: bool  # False for an abandoned game: nobody won it
    margin: int  # the settlement, negative when lost (0 when abandoned)
    mine: int  # the score, at the end or when the game was left
    theirs: int
    abandoned: bool = False  # left for a new game before its end


@dataclass(frozen=True)
class Streaks:
    current: int  # games won in a row up to now (negative: games lost in a row)
    best: int  # most games won in a row


def me_and_opponent(seats: Sequence[dict[str, str]]) -> tuple[int, str]:
    """Whose record a game is (the person; the first player in hot-seat) and
    who they played (the computer's level, or 'hot-seat')."""
    people = [i for i, s in enumerate(seats) if s.get("kind", "person") == "person"]
    computers = [s.get("level", "normal") for s in seats if s.get("kind") == "computer"]
    me = people[0] if people else 0
    if len(people) == 2:
        return me, "hot-seat"
    if len(people) == 1:
        return me, computers[0]
    return me, "computers"


class Stats:
    """The statistics database at ``path`` (made on first use)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.problem: str | None = None  # set when a damaged database was put aside
        self._ready = False

    def _open(self) -> sqlite3.Connection:
        try:
            return sqlite3.connect(self.path, timeout=30, isolation_level=None)
        except sqlite3.Error as exc:
            raise StatsError(f"the statistics cannot be opened: {exc}") from None

    def _set_up(self) -> None:
        """WAL mode, the tables, and a check of the schema's version."""
        conn = self._open()
        try:
            conn.execute("PRAGMA journal_mode=WAL")
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise StatsError(
                    "the statistics were written by a newer ginrummies; update the game "
                    "to record more"
                )
            conn.executescript(SCHEMA)
            conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        finally:
            conn.close()

    def _ready_up(self) -> None:
        """Set the database up once; a damaged file is kept aside and replaced."""
        if self._ready:
            return
        try:
            self._set_up()
        except sqlite3.DatabaseError as exc:
            if "not a database" not in str(exc) and "malformed" not in str(exc):
                raise StatsError(f"the statistics cannot be opened: {exc}") from None
            try:
                kept = move_aside(self.path, "unreadable")
            except OSError as moved:  # a read-only folder: it cannot be put aside
                raise StatsError(
                    f"the statistics file is damaged ({exc}) and cannot be kept aside "
                    f"for a new one ({moved.strerror or moved})"
                ) from None
            self.problem = (
                f"The statistics file was damaged ({exc}); it was kept as {kept.name} "
                "and a new record begins."
            )
            self._set_up()
        self._ready = True

    @contextmanager
    def connect(self, write: bool = False) -> Iterator[sqlite3.Connection]:
        """A transaction on the database; a writer takes the lock at once."""
        self._ready_up()
        conn = self._open()
        try:
            conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
            try:
                yield conn
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")
        except sqlite3.Error as exc:
            raise StatsError(f"the statistics could not be updated: {exc}") from None
        finally:
            conn.close()

    # --- recording ---------------------------------------------------------------

    def record(
        self,
        game_id: str,
        rules: RuleSet,
        seed: int,
        seats: list[dict[str, str]],
        game: Game,
        *,
        abandoned: bool = False,
    ) -> None:
        """Store the game so far: its finished hands, and the game itself once
        it is over (or ``abandoned`` for a game left for a new one)."""
        now = time.time()
        me, opponent = me_and_opponent(seats)
        result = game.result
        status = "finished" if result is not None else "abandoned" if abandoned else "playing"
        replay = to_json(rules, seed, seats, game, game_id=game_id)
        with self.connect(write=True) as db:
            db.execute(
                "INSERT INTO games (id, variant, rules, seed, seats, me, opponent, started, "
                "updated, status, winner, score0, score1, settlement, hands, replay) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT(id) DO UPDATE SET updated=excluded.updated, "
                "status=excluded.status, winner=excluded.winner, score0=excluded.score0, "
                "score1=excluded.score1, settlement=excluded.settlement, "
                "hands=excluded.hands, replay=excluded.replay "
                "WHERE games.status = 'playing'",
                (
                    game_id,
                    rules.name,
                    json.dumps(rules.to_dict()),
                    seed,
                    json.dumps(seats),
                    me,
                    opponent,
                    now,
                    now,
                    status,
                    result.winner if result is not None else None,
                    game.scores[0],
                    game.scores[1],
                    result.settlement if result is not None else None,
                    len(game.results),
                    replay,
                ),
            )
            for number, hand_result in enumerate(game.results, start=1):
                db.execute(
                    "INSERT OR IGNORE INTO hands (game_id, number, finished, outcome, winner, "
                    "knocker, points0, points1) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        game_id,
                        number,
                        now,
                        hand_result.outcome.value,
                        hand_result.winner,
                        hand_result.knocker,
                        hand_result.points[0],
                        hand_result.points[1],
                    ),
                )

    # --- reading -----------------------------------------------------------------

    def lines(self) -> list[Line]:
        """Games won and abandoned, hands won, gins, undercuts and points, per
        variant and opponent. Cancelled hands are not hands played."""
        with self.connect() as db:
            games = db.execute(
                "SELECT variant, opponent, SUM(status = 'finished'), "
                "SUM(status = 'finished' AND winner = me), SUM(status = 'abandoned') "
                "FROM games WHERE status IN ('finished', 'abandoned') GROUP BY variant, opponent"
            ).fetchall()
            hands = db.execute(
                "SELECT g.variant, g.opponent, COUNT(*), SUM(h.winner = g.me), "
                "SUM(h.winner = g.me AND h.outcome IN (?, ?)), "
                "SUM(h.winner = g.me AND h.outcome = ?), "
                "SUM(CASE WHEN g.me = 0 THEN h.points0 - h.points1 "
                "ELSE h.points1 - h.points0 END) "
                "FROM hands h JOIN games g ON g.id = h.game_id WHERE h.outcome != ? "
                "GROUP BY g.variant, g.opponent",
                (
                    Outcome.GIN.value,
                    Outcome.BIG_GIN.value,
                    Outcome.UNDERCUT.value,
                    Outcome.CANCELLED.value,
                ),
            ).fetchall()
        table: dict[tuple[str, str], list[Any]] = {}
        for variant, opponent, n, won, abandoned in games:
            table[(variant, opponent)] = [n or 0, won or 0, 0, 0, 0, 0, 0, abandoned or 0]
        for variant, opponent, n, won, gins, undercuts, points in hands:
            row = table.setdefault((variant, opponent), [0, 0, 0, 0, 0, 0, 0, 0])
            row[2:7] = [n, won or 0, gins or 0, undercuts or 0, points or 0]
        return [
            Line(v, o, r[0], r[1], r[2], r[3], r[4], r[5], r[6] / r[2] if r[2] else 0.0, r[7])
            for (v, o), r in sorted(table.items())
        ]

    def history(self, limit: int = 200) -> list[Played]:
        """The finished and abandoned games, oldest first (the last ``limit``)."""
        with self.connect() as db:
            rows = db.execute(
                "SELECT id, updated, variant, opponent, status, winner, me, settlement, "
                "score0, score1 FROM games WHERE status IN ('finished', 'abandoned') "
                "ORDER BY updated DESC, rowid DESC LIMIT ?",
                (limit,),
            ).fetchall()
        out = []
        for game_id, when, variant, opponent, status, winner, me, settlement, s0, s1 in reversed(
            rows
        ):
            abandoned = status == "abandoned"
            won = not abandoned and winner == me
            mine, theirs = (s0, s1) if me == 0 else (s1, s0)
            margin = 0 if abandoned else settlement or 0
            out.append(
                Played(
                    game_id,
                    when,
                    variant,
                    opponent,
                    won,
                    margin if won else -margin,
                    mine,
                    theirs,
                    abandoned,
                )
            )
        return out

    def streaks(self) -> Streaks:
        """Games won in a row: now, and the best ever (all variants, all
        opponents). An abandoned game neither adds to a run nor ends one."""
        games = [g for g in self.history(limit=1_000_000) if not g.abandoned]
        best = run = 0
        for g in games:
            run = (max(run, 0) + 1) if g.won else (min(run, 0) - 1)
            best = max(best, run)
        return Streaks(run, best)

    def replay_text(self, game_id: str) -> str | None:
        """A recorded game in the save format (for a replay file)."""
        with self.connect() as db:
            row = db.execute("SELECT replay FROM games WHERE id = ?", (game_id,)).fetchone()
        return row[0] if row else None
