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
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core import Format, Match, Outcome, RuleSet, SeatKind
from .files import move_aside
from .saves import SeatRecord, seats_data, to_json

STATS_NAME = "statistics.sqlite3"
# 2: formats, sides and the seats at each hand; 3: reviews and their costly moves
SCHEMA_VERSION = 3
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
    winner INTEGER,               -- the side that won
    score0 INTEGER NOT NULL,      -- side 0's score
    score1 INTEGER NOT NULL,
    settlement INTEGER,
    hands INTEGER NOT NULL,
    replay TEXT NOT NULL,         -- the whole game, in the save format
    format TEXT NOT NULL DEFAULT 'two',
    side INTEGER,                 -- the side of seat ``me`` (its team, in the team formats)
    scores TEXT,                  -- every side's score, as JSON
    payments TEXT                 -- what each side paid the winner, as JSON
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
    table_no INTEGER NOT NULL DEFAULT 0,
    seat0 INTEGER NOT NULL DEFAULT 0,  -- the seats of hand players 0 and 1
    seat1 INTEGER NOT NULL DEFAULT 1,
    PRIMARY KEY (game_id, number)   -- number counts every table's hand
);
CREATE INDEX IF NOT EXISTS games_by_time ON games(status, updated);
CREATE TABLE IF NOT EXISTS reviews (
    game_id TEXT NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,        -- the seat reviewed
    engine INTEGER NOT NULL,      -- the review's version: a newer one reviews again
    reviewed REAL NOT NULL,
    decisions INTEGER NOT NULL,
    lost REAL NOT NULL,           -- points expected lost over the game
    counts TEXT NOT NULL,         -- decisions by verdict, as JSON
    accuracy REAL,                -- percent of decisions best or good
    ratings BLOB,                 -- every rating of the review, to show it again at once
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE IF NOT EXISTS costly (
    game_id TEXT NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    hand INTEGER NOT NULL,        -- the hand's index in the game (the review's)
    move INTEGER NOT NULL,        -- the move's index in the hand's log
    round INTEGER NOT NULL,       -- the round it was played in, from 0
    tbl INTEGER NOT NULL,         -- its table, from 0
    habit TEXT NOT NULL,          -- the kind of move (ai.habits.Habit's value)
    verdict TEXT NOT NULL,
    loss REAL NOT NULL,
    made TEXT NOT NULL,           -- the move made, in words
    best TEXT NOT NULL,           -- the best move, in words
    PRIMARY KEY (game_id, seat, hand, move)
);
"""
TABLES = {"games", "hands", "games_by_time", "reviews", "costly"}

# from schema 1 (two players only): every old game is a two-player game
MIGRATE_1 = [
    "ALTER TABLE games ADD COLUMN format TEXT NOT NULL DEFAULT 'two'",
    "ALTER TABLE games ADD COLUMN side INTEGER",
    "ALTER TABLE games ADD COLUMN scores TEXT",
    "ALTER TABLE games ADD COLUMN payments TEXT",
    "UPDATE games SET side = me, scores = '[' || score0 || ', ' || score1 || ']'",
    "ALTER TABLE hands ADD COLUMN table_no INTEGER NOT NULL DEFAULT 0",
    "ALTER TABLE hands ADD COLUMN seat0 INTEGER NOT NULL DEFAULT 0",
    "ALTER TABLE hands ADD COLUMN seat1 INTEGER NOT NULL DEFAULT 1",
]


def variant_label(variant: str, fmt: str) -> str:
    """The variant as the statistics show it: "Gin Rummy (partnership)", the
    format in its stored word (``FormatPlay.short``; none for two players,
    nor for a format this version does not know)."""
    short = Format(fmt).play.short if fmt in Format._value2member_map_ else ""
    return f"{variant} ({short})" if short else variant


@dataclass(frozen=True)
class Line:
    """One row of the statistics table: a variant against one opponent."""

    variant: str
    opponent: str
    games: int  # games played to the end
    games_won: int
    hands: int  # hands played to a score (not the cancelled ones)
    hands_won: int
    gins: int  # hands I won by gin (big gin too)
    undercuts: int  # hands I won by undercutting the knocker
    points_per_hand: float  # my points minus theirs, per hand
    abandoned: int = 0  # games left for a new one before their end
    format: str = "two"  # the format of play (core.Format's value)
    gins_against: int = 0  # hands the other side won by gin
    undercuts_against: int = 0  # hands in which I knocked and was undercut


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
    others: tuple[int, ...] = ()  # every other side's score, in seat order

    @property
    def score(self) -> str:
        """ "120–84", yours first; with three, each other player's after it."""
        return "–".join(str(v) for v in (self.mine, *(self.others or (self.theirs,))))


@dataclass(frozen=True)
class Streaks:
    current: int  # games won in a row up to now (negative: games lost in a row)
    best: int  # most games won in a row


def me_and_opponent(seats: Sequence[SeatRecord]) -> tuple[int, str]:
    """Whose record a game is (the person; the first player in hot-seat) and
    who they played (the computer's level, 'hot-seat', or 'across machines')."""
    people = [i for i, s in enumerate(seats) if s.kind == SeatKind.PERSON]
    computers = [s.level.value for s in seats if s.kind == SeatKind.COMPUTER]
    me = people[0] if people else 0
    if any(s.kind == SeatKind.AWAY for s in seats):  # people at other machines
        return me, "across machines"
    if len(people) >= 2:
        return me, "hot-seat"
    if len(people) == 1:
        return me, computers[0] if len(set(computers)) == 1 else "mixed levels"
    return me, "computers"


class StatsError(Exception):
    """The statistics cannot be read or written; the message says why."""


class StatsBusy(StatsError):
    """Another program holds the database's lock (another copy of the game
    in the middle of a write, a tool holding it open): worth trying again."""


class StatsDamaged(StatsError):
    """The database was found damaged and kept aside: the message says where,
    and that a new record begins."""


# sqlite's result codes (the low byte of an extended code)
_BUSY, _LOCKED, _CORRUPT, _NOTADB = 5, 6, 11, 26
READ_TIMEOUT = 1.0  # seconds a reader (the statistics screen) waits for a lock

# per database: how to wait for the writes this process has still to make
# there (a Keeper's background writer), so that a read sees them
_SETTLERS: dict[str, list[Callable[[], None]]] = {}
_SETTLERS_LOCK = threading.Lock()


def _key(path: Path) -> str:
    return os.path.abspath(path)


def pending_writes(path: Path, settle: Callable[[], None]) -> Callable[[], None]:
    """Have every read of the database at ``path`` call ``settle`` first
    (it waits, briefly, for writes still to be made); the function returned
    undoes that."""
    with _SETTLERS_LOCK:
        _SETTLERS.setdefault(_key(path), []).append(settle)

    def done() -> None:
        with _SETTLERS_LOCK:
            settlers = _SETTLERS.get(_key(path), [])
            if settle in settlers:
                settlers.remove(settle)
            if not settlers:
                _SETTLERS.pop(_key(path), None)

    return done


def _code(exc: sqlite3.Error) -> int:
    return int(getattr(exc, "sqlite_errorcode", 0) or 0) & 0xFF


def _is_busy(exc: sqlite3.Error) -> bool:
    return _code(exc) in (_BUSY, _LOCKED) or "locked" in str(exc) or "busy" in str(exc)


def _is_damaged(exc: sqlite3.Error) -> bool:
    text = str(exc)
    return _code(exc) in (_CORRUPT, _NOTADB) or "malformed" in text or "not a database" in text


@dataclass(frozen=True)
class Entry:
    """A game's record as it stood when it was asked for: the rows ``write``
    stores. It is made on the thread that owns the game, so that a writer
    in another thread never reads a game that is moving on."""

    game: tuple[Any, ...]
    hands: tuple[tuple[Any, ...], ...]


def entry(
    game_id: str,
    rules: RuleSet,
    seed: int,
    seats: Sequence[SeatRecord],
    game: Match,
    *,
    abandoned: bool = False,
    order: list[list[int]] | None = None,
) -> Entry:
    """The record of the game so far: its finished hands (every table's,
    with the seats that played them), and the game itself once it is over
    (or ``abandoned`` for a game left for a new one); ``order``: at two
    tables, the order the moves were made in (a replay steps them so)."""
    now = time.time()
    me, opponent = me_and_opponent(seats)
    result = game.result
    status = "finished" if result is not None else "abandoned" if abandoned else "playing"
    scores = list(game.scores)
    per = game.format.tables
    row = (
        game_id,
        rules.name,
        json.dumps(rules.to_dict()),
        seed,
        json.dumps(seats_data(seats)),
        me,
        opponent,
        now,
        now,
        status,
        result.winner if result is not None else None,
        scores[0],
        scores[1],
        result.settlement if result is not None else None,
        len(game.results),
        to_json(rules, seed, seats, game, game_id=game_id, order=order),
        game.format.value,
        game.side_of(me),
        json.dumps(scores),
        json.dumps(list(result.payments)) if result is not None else None,
    )
    hands = []
    for rnd in game.rounds:
        for t, (seating, hand) in enumerate(zip(rnd.tables, rnd.hands, strict=True)):
            r = hand.result
            if r is None:
                continue
            hands.append(
                (
                    game_id,
                    rnd.number * per + t + 1,
                    now,
                    r.outcome.value,
                    r.winner,
                    r.knocker,
                    r.points[0],
                    r.points[1],
                    t,
                    seating.seats[0],
                    seating.seats[1],
                )
            )
    return Entry(row, tuple(hands))


class Stats:
    """The statistics database at ``path`` (made on first use).

    ``timeout`` is how long a write waits for another program's lock before
    StatsBusy (readers wait READ_TIMEOUT at most). A database found damaged,
    when it is opened or by any query later (a page in its middle), is kept
    aside as ``statistics.unreadable-N.sqlite3`` and a new one begun: a read
    then raises StatsDamaged, whose message says so; a write is made again
    in the new one and ``problem`` says so. Safe to share between threads
    (each call opens its own connection)."""

    def __init__(self, path: Path, timeout: float = 30.0) -> None:
        self.path = path
        self.timeout = timeout
        self.problem: str | None = None  # set when a damaged database was put aside by a write
        self._ready = False
        self._lock = threading.RLock()
        self._generation = 0  # goes up each time a damaged file is put aside

    def _open(self, timeout: float | None = None) -> sqlite3.Connection:
        try:
            return sqlite3.connect(
                self.path,
                timeout=self.timeout if timeout is None else timeout,
                isolation_level=None,
                check_same_thread=False,
            )
        except sqlite3.Error as exc:
            raise StatsError(f"the statistics cannot be opened: {exc}") from None

    def _set_up(self) -> None:
        """WAL mode, the tables, and a check of the schema's version; each
        written only when it is not so already, so that a database another
        program holds locked can still be read."""
        conn = self._open()
        try:
            if conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                conn.execute("PRAGMA journal_mode=WAL")
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise StatsError(
                    "the statistics were written by a newer ginrummies; update the game "
                    "to record more"
                )
            # from 2 the new tables are all it takes: SCHEMA makes them below
            if version == 1:
                conn.execute("BEGIN IMMEDIATE")
                try:
                    for statement in MIGRATE_1:
                        conn.execute(statement)
                    conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
                except BaseException:
                    conn.execute("ROLLBACK")
                    raise
                conn.execute("COMMIT")
            tables = {name for (name,) in conn.execute("SELECT name FROM sqlite_master").fetchall()}
            if not tables >= TABLES:
                conn.executescript(SCHEMA)
            if version != SCHEMA_VERSION:
                conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        finally:
            conn.close()

    def _ready_up(self) -> None:
        """Set the database up once; a damaged file is kept aside and replaced."""
        with self._lock:
            if self._ready:
                return
            generation = self._generation
            try:
                self._set_up()
            except sqlite3.Error as exc:
                raise self._failure(exc, generation, "opened") from None
            self._ready = True

    def _failure(self, exc: sqlite3.Error, generation: int, doing: str) -> StatsError:
        """The StatsError for ``exc``; a damaged database is kept aside first."""
        if _is_busy(exc):
            return StatsBusy(
                "the statistics are held by another program (their database is locked)"
            )
        if not _is_damaged(exc):
            return StatsError(f"the statistics could not be {doing}: {exc}")
        with self._lock:
            if generation != self._generation:  # another thread put it aside already
                return StatsDamaged(self._note)
            try:
                kept = move_aside(self.path, "unreadable")
            except OSError as moved:  # a read-only folder: it cannot be put aside
                return StatsError(
                    f"the statistics file is damaged ({exc}) and cannot be kept aside "
                    f"for a new one ({moved.strerror or moved})"
                )
            for suffix in ("-wal", "-shm", "-journal"):  # its unfinished writes go with it
                side = self.path.with_name(self.path.name + suffix)
                try:
                    if side.exists():
                        os.replace(side, kept.with_name(kept.name + suffix))
                except OSError:
                    side.unlink(missing_ok=True)
            self._generation += 1
            self._ready = False
            self._note = (
                f"The statistics file was damaged ({exc}). It was kept as {kept}, "
                "and a new record begins."
            )
            return StatsDamaged(self._note)

    _note = ""

    @contextmanager
    def connect(self, write: bool = False) -> Iterator[sqlite3.Connection]:
        """A transaction on the database; a writer takes the lock at once.

        StatsBusy if another program holds the lock; StatsDamaged (the file
        kept aside) if the database is damaged; StatsError otherwise."""
        generation = self._generation
        self._ready_up()
        conn = self._open(None if write else min(self.timeout, READ_TIMEOUT))
        failure: sqlite3.Error | None = None
        try:
            conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
            try:
                yield conn
            except BaseException:
                with suppress(sqlite3.Error):
                    conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")
        except sqlite3.Error as exc:
            failure = exc
        finally:
            conn.close()
        if failure is not None:
            raise self._failure(failure, generation, "updated" if write else "read") from None

    def before_read(self) -> None:
        """Before a read: the writes this process has still to make land first."""
        with _SETTLERS_LOCK:
            settlers = list(_SETTLERS.get(_key(self.path), ()))
        for settle in settlers:
            settle()

    # --- recording ---------------------------------------------------------------

    def record(
        self,
        game_id: str,
        rules: RuleSet,
        seed: int,
        seats: Sequence[SeatRecord],
        game: Match,
        *,
        abandoned: bool = False,
        order: list[list[int]] | None = None,
    ) -> None:
        """Store the game so far (see ``entry``)."""
        self.write(entry(game_id, rules, seed, seats, game, abandoned=abandoned, order=order))

    def write(self, record: Entry) -> None:
        """Store an entry (idempotent: a hand or game stored twice is stored
        once). A damaged database is kept aside, ``problem`` says so, and the
        entry goes in the new one; StatsBusy if the lock is held elsewhere."""
        for attempt in (1, 2):
            try:
                self._write(record)
            except StatsDamaged as exc:
                self.problem = str(exc)
                if attempt == 2:
                    raise
            else:
                return

    def _write(self, record: Entry) -> None:
        with self.connect(write=True) as db:
            db.execute(
                "INSERT INTO games (id, variant, rules, seed, seats, me, opponent, started, "
                "updated, status, winner, score0, score1, settlement, hands, replay, "
                "format, side, scores, payments) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT(id) DO UPDATE SET updated=excluded.updated, "
                "status=excluded.status, winner=excluded.winner, score0=excluded.score0, "
                "score1=excluded.score1, settlement=excluded.settlement, "
                "hands=excluded.hands, replay=excluded.replay, scores=excluded.scores, "
                "payments=excluded.payments "
                "WHERE games.status = 'playing'",
                record.game,
            )
            db.executemany(
                "INSERT OR IGNORE INTO hands (game_id, number, finished, outcome, "
                "winner, knocker, points0, points1, table_no, seat0, seat1) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                record.hands,
            )

    # --- reading -----------------------------------------------------------------

    def lines(self) -> list[Line]:
        """Games won and abandoned, hands won, gins, undercuts and points, per
        variant, format and opponent. Cancelled hands are not hands played;
        a game is won when the player's side (their team) wins it, a hand
        when the player wins it at their table."""
        self.before_read()
        mine = "CASE WHEN h.seat0 = g.me THEN 0 ELSE 1 END"
        with self.connect() as db:
            games = db.execute(
                "SELECT variant, format, opponent, SUM(status = 'finished'), "
                "SUM(status = 'finished' AND winner = COALESCE(side, me)), "
                "SUM(status = 'abandoned') FROM games "
                "WHERE status IN ('finished', 'abandoned') GROUP BY variant, format, opponent"
            ).fetchall()
            hands = db.execute(
                f"SELECT g.variant, g.format, g.opponent, COUNT(*), SUM(h.winner = {mine}), "
                f"SUM(h.winner = {mine} AND h.outcome IN (?, ?)), "
                f"SUM(h.winner = {mine} AND h.outcome = ?), "
                f"SUM(CASE WHEN {mine} = 0 THEN h.points0 - h.points1 "
                "ELSE h.points1 - h.points0 END), "
                f"SUM(h.winner != {mine} AND h.outcome IN (?, ?)), "
                f"SUM(h.winner != {mine} AND h.outcome = ?) "
                "FROM hands h JOIN games g ON g.id = h.game_id "
                "WHERE h.outcome != ? AND g.me IN (h.seat0, h.seat1) "
                "GROUP BY g.variant, g.format, g.opponent",
                (
                    Outcome.GIN.value,
                    Outcome.BIG_GIN.value,
                    Outcome.UNDERCUT.value,
                    Outcome.GIN.value,
                    Outcome.BIG_GIN.value,
                    Outcome.UNDERCUT.value,
                    Outcome.CANCELLED.value,
                ),
            ).fetchall()
        table: dict[tuple[str, str, str], list[Any]] = {}
        for variant, fmt, opponent, n, won, abandoned in games:
            row = [0] * 10
            row[0:2], row[7] = [n or 0, won or 0], abandoned or 0
            table[(variant, fmt, opponent)] = row
        for variant, fmt, opponent, n, won, gins, undercuts, points, gins_, under_ in hands:
            row = table.setdefault((variant, fmt, opponent), [0] * 10)
            row[2:7] = [n, won or 0, gins or 0, undercuts or 0, points or 0]
            row[8:10] = [gins_ or 0, under_ or 0]
        return [
            Line(
                variant_label(v, f),
                o,
                r[0],
                r[1],
                r[2],
                r[3],
                r[4],
                r[5],
                r[6] / r[2] if r[2] else 0.0,
                r[7],
                f,
                r[8],
                r[9],
            )
            for (v, f, o), r in sorted(table.items())
        ]

    def history(self, limit: int = 200) -> list[Played]:
        """The finished and abandoned games, oldest first (the last ``limit``).
        With three sides, "theirs" is the best of the other scores, and a
        loser's margin is what that loser paid. A row that cannot be read
        (changed by hand, say) is left out."""
        self.before_read()
        with self.connect() as db:
            rows = db.execute(
                "SELECT id, updated, variant, format, opponent, status, winner, "
                "COALESCE(side, me), settlement, score0, score1, scores, payments FROM games "
                "WHERE status IN ('finished', 'abandoned') "
                "ORDER BY updated DESC, rowid DESC LIMIT ?",
                (limit,),
            ).fetchall()
        out = []
        for row in reversed(rows):
            try:
                out.append(_played(row))
            except (TypeError, ValueError, IndexError, KeyError, RecursionError):
                continue
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
        self.before_read()
        with self.connect() as db:
            row = db.execute("SELECT replay FROM games WHERE id = ?", (game_id,)).fetchone()
        return row[0] if row and isinstance(row[0], str) else None


def _played(row: Sequence[Any]) -> Played:
    """A game of the history from its row (ValueError and the like if the
    row is not one the game wrote)."""
    game_id, when, variant, fmt, opponent, status, winner, side, settlement = row[:9]
    scores = json.loads(row[11]) if row[11] else [row[9], row[10]]
    abandoned = status == "abandoned"
    won = not abandoned and winner == side
    mine = scores[side]
    theirs = max(v for i, v in enumerate(scores) if i != side)
    margin = 0 if abandoned else settlement or 0
    if row[12] and not won and not abandoned:
        margin = json.loads(row[12])[side]  # with three, each loser pays their own
    return Played(
        game_id,
        when,
        variant_label(variant, fmt),
        opponent,
        won,
        margin if won else -margin,
        mine,
        theirs,
        abandoned,
        tuple(v for i, v in enumerate(scores) if i != side),
    )


def recorded_status(path: Path, game_id: str) -> str | None:
    """How the statistics at ``path`` record a game (playing, finished,
    abandoned), read without changing or making anything; None if they
    cannot tell (no file, no such game, a damaged or busy database)."""
    if not path.is_file():
        return None
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=1.0)
    except (sqlite3.Error, ValueError, OSError):
        return None
    try:
        row = conn.execute("SELECT status FROM games WHERE id = ?", (game_id,)).fetchone()
    except sqlite3.Error:
        return None
    finally:
        conn.close()
    return row[0] if row and isinstance(row[0], str) else None
