"""The statistics database locked by another program (issue 30, item 4):
the game is saved first, no move waits on the statistics, a lock that
stays is said once, and what was recorded meanwhile goes in when the lock
is let go (or, at close, is kept for the next start)."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from apphelp import finish, step

from ginrummies.ai import make_bot
from ginrummies.core import preset
from ginrummies.play.keeper import (
    KEPT,
    LOCKED,
    LOST,
    PENDING_NAME,
    STATS,
    STATS_NOTE,
    UNLOCKED,
    Keeper,
)
from ginrummies.play.session import Seat, SeatKind, Session, default_seats
from ginrummies.store.saves import SAVE_NAME
from ginrummies.store.stats import STATS_NAME, Stats


def hand_over(seed: int = 5) -> Session:
    """A game whose first hand has just ended (the game goes on)."""
    rules = preset("gin")
    session = Session(rules, default_seats(level="easy"), seed)
    bot = make_bot("easy", rules, 1)
    while not session.round_over:
        step(session, bot)
    assert not session.game.is_over
    return session


@contextmanager
def locked(path: Path) -> Iterator[sqlite3.Connection]:
    """The statistics held by another connection (another program, say)."""
    Stats(path).lines()  # the database as the game makes it (WAL)
    other = sqlite3.connect(path, isolation_level=None, timeout=0)
    other.execute("BEGIN EXCLUSIVE")
    try:
        yield other
    finally:
        other.close()


def recorded(path: Path) -> int:
    with sqlite3.connect(path) as db:
        return int(db.execute("SELECT COUNT(*) FROM hands").fetchone()[0])


class Heard:
    """What ``warn`` was told, from whichever thread."""

    def __init__(self) -> None:
        self.said: list[tuple[str, str]] = []
        self.event = threading.Event()

    def __call__(self, message: str, kind: str) -> None:
        self.said.append((message, kind))
        self.event.set()


def test_a_locked_database_never_holds_up_a_move_and_gets_the_hand_later(tmp_path: Path) -> None:
    heard = Heard()
    keeper = Keeper(tmp_path, heard)
    keeper.open()
    session = hand_over()
    with locked(tmp_path / STATS_NAME) as other:
        keeper.keep(session)  # returns while the lock is still held
        assert (tmp_path / SAVE_NAME).exists()  # the game is saved first
        assert heard.said == []  # nothing said: a short lock is nobody's business
        assert other.in_transaction  # still held: keep did not wait for it
        assert recorded(tmp_path / STATS_NAME) == 0
    # the writer gets through once the lock is let go
    assert keeper.flush(30), "never the hand written once the lock was let go (in 30 s)"
    assert recorded(tmp_path / STATS_NAME) == len(session.game.results) >= 1
    keeper.close()
    assert heard.said == []


def test_a_lock_that_stays_is_said_once_and_its_end_too(tmp_path: Path) -> None:
    heard = Heard()
    keeper = Keeper(tmp_path, heard, patience=0)
    keeper.open()
    session = hand_over()
    with locked(tmp_path / STATS_NAME):
        keeper.keep(session)
        assert heard.event.wait(30), "never the lock said (in 30 s)"  # from the writer's thread
        keeper.keep(session)
        keeper.record(session)
        assert heard.said == [(LOCKED, STATS)]
    assert keeper.flush(30), "never the hands written once the lock was let go (in 30 s)"
    assert heard.said == [(LOCKED, STATS), (UNLOCKED, STATS_NOTE)]
    assert recorded(tmp_path / STATS_NAME) == len(session.game.results)
    keeper.close()


def test_close_writes_what_is_left_and_says_what_a_lasting_lock_kept_out(tmp_path: Path) -> None:
    seats = (Seat("Ann"), Seat("Bob", SeatKind.COMPUTER, "easy"))
    heard = Heard()
    keeper = Keeper(tmp_path, heard)
    keeper.open()
    game = finish(None, Session(preset("gin").but(target=40), seats, 9), 9)
    keeper.record(game)
    keeper.close()  # flushed before the lock is let go: nothing lost
    assert recorded(tmp_path / STATS_NAME) == len(game.game.results)
    again = Keeper(tmp_path, heard)
    again.open()
    later = hand_over(6)
    with locked(tmp_path / STATS_NAME):
        again.record(later)
        writer = again._writer
        assert writer is not None
        again.close(wait=0.3)
        # not lost: kept in the folder for the next start, and said so
        assert (KEPT.format(name=PENDING_NAME), STATS) in heard.said
        assert (tmp_path / PENDING_NAME).exists()
    # this keeper's writer ends after its last try (other tests' keepers
    # may have writers of their own in this process: not theirs)
    writer._thread.join(30)  # a guard against a hang
    assert not writer._thread.is_alive(), "never the end of this keeper's writer (in 30 s)"
    before = recorded(tmp_path / STATS_NAME)
    third = Keeper(tmp_path, heard)
    third.open()  # the next start writes what was kept, then lets the file go
    assert third.flush(30), "never what was kept written at the next start (in 30 s)"
    assert recorded(tmp_path / STATS_NAME) == before + len(later.game.results)
    assert not (tmp_path / PENDING_NAME).exists()
    third.close()


def test_a_copy_that_does_not_hold_the_folder_says_what_a_lock_kept_out(tmp_path: Path) -> None:
    heard = Heard()
    holder = Keeper(tmp_path, Heard())
    holder.open()
    other = Keeper(tmp_path, heard)
    other.open()  # the folder is held: this copy saves nothing there
    with locked(tmp_path / STATS_NAME):
        other.record(hand_over(6))
        other.close(wait=0.3)
    assert (LOST, STATS) in heard.said
    assert not (tmp_path / PENDING_NAME).exists()
    holder.close()


def test_damaged_kept_records_are_put_aside_in_words(tmp_path: Path) -> None:
    (tmp_path / PENDING_NAME).write_text('[{"game": 5', encoding="utf-8")
    heard = Heard()
    keeper = Keeper(tmp_path, heard)
    keeper.open()
    keeper.close()
    assert any("damaged" in m and kind == STATS_NOTE for m, kind in heard.said), heard.said
    assert (tmp_path / "statistics.pending.unreadable-1.json").read_text() == '[{"game": 5'


@pytest.mark.slow
async def test_the_app_says_after_it_closes_what_a_lock_kept_for_the_next_start(
    tmp_path: Path,
) -> None:
    """As the app closes there is no screen to show it on: the words are
    kept for the terminal (the command line prints them after the app)."""

    from ginrummies.store import Settings
    from ginrummies.tui.app import GinApp

    session = hand_over(7)
    app = GinApp(Settings(speed="instant"), data_dir=tmp_path)

    with locked(tmp_path / STATS_NAME):
        async with app.run_test():  # it closes while the lock is held
            assert app.keeper is not None
            app.keeper.record(session)
    assert app.said_at_close == [KEPT.format(name=PENDING_NAME)]
    assert (tmp_path / PENDING_NAME).exists()
