"""Keeping a game safe in a data folder: saved after every move, every
finished hand in the statistics, and the folder held so that a second copy
of the game does not overwrite the first one's save.

The app and text play keep their games with a ``Keeper``: one way to save
for both. A problem (a full disk, a damaged statistics file, another copy
on the folder) is said through ``warn`` (once, not after every move) and
the game goes on.

The save is written at once, on the caller's thread, before anything else;
the statistics are written by one background thread per Keeper, so that no
key ever waits on them: a database another program holds locked is tried
again and again in the background (and said, once, if it stays locked),
and what was recorded meanwhile goes in when the lock is let go.
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from collections.abc import Callable
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING

from ..store.files import (
    LOCK_NAME,
    FolderError,
    FolderLock,
    UnfitFile,
    move_aside,
    read_capped,
    write_atomic,
)
from ..store.saves import SAVE_NAME, UNKNOWN, Saved, SaveError, load, refuse
from ..store.settings import SETTINGS_NAME
from ..store.stats import (
    STATS_NAME,
    Entry,
    Stats,
    StatsBusy,
    StatsError,
    pending_writes,
)

if TYPE_CHECKING:
    from .session import Session


class Trouble(Enum):
    """What kind of problem ``warn`` is told about, so that the app can title
    and colour it and text play can tell the folder's problems apart."""

    FOLDER = "folder"  # the data folder cannot be written
    BUSY = "busy"  # another copy of the game holds the folder
    SAVE = "save"  # the game could not be saved
    STATS = "stats"  # the statistics could not be written
    STATS_NOTE = "stats-note"  # news of the statistics: damaged and begun anew, free again


# the kinds by their old names, as the tests of the statistics' lock know them
FOLDER, BUSY, SAVE, STATS, STATS_NOTE = (
    Trouble.FOLDER,
    Trouble.BUSY,
    Trouble.SAVE,
    Trouble.STATS,
    Trouble.STATS_NOTE,
)

ATTEMPT = 0.25  # seconds one write waits for another program's lock
PATIENCE = 10.0  # seconds of a locked database before it is said
CLOSE_WAIT = 3.0  # seconds close() waits for the records still to write
READ_WAIT = 1.0  # seconds a reader waits for the records still to write
PENDING_LIMIT = 64 * 1024 * 1024  # bytes: the records of a few games are far less
STALE = 3600.0  # seconds after which a temporary file of the settings is left over
LOCKED = (
    "The statistics are locked by another program, so the hands just played "
    "are not recorded yet. The game goes on, and they are recorded as soon as "
    "the lock is let go."
)
UNLOCKED = "The statistics are free again: every hand played is recorded."
LOST = (
    "The statistics were still locked by another program as the game closed: "
    "the last hands played could not be recorded."
)
PENDING_NAME = "statistics.pending.json"  # records a lock kept out, for the next start
KEPT = (
    "The statistics were still locked by another program as the game closed: "
    "the last hands played are kept in {name} and recorded the next time the game starts."
)


class Keeper:
    """The save and statistics of one data folder, for one running game.

    ``warn(message, kind)`` hears every problem; ``kind`` (a ``Trouble``)
    lets the app title and colour it. The statistics' problems
    (``Trouble.STATS``, ``Trouble.STATS_NOTE``) are found by the background
    writer and ``warn`` is then called from that thread: it must be safe to
    call from any thread (Textual's ``App.notify`` is; text play's print is)."""

    def __init__(
        self, folder: Path, warn: Callable[[str, Trouble], None], *, patience: float = PATIENCE
    ) -> None:
        self.folder = folder
        self.warn = warn
        self.save_path = folder / SAVE_NAME
        self.stats: Stats | None = Stats(folder / STATS_NAME, timeout=ATTEMPT)
        self.lock = FolderLock(folder / LOCK_NAME)
        self.saving = True  # False while another copy of the game saves here
        self.patience = patience
        self._failed: set[Trouble] = set()  # problems said already
        self._said = threading.Lock()
        self._writer: _Writer | None = None
        self._pending_taken = False  # the records of the last start are being written
        self._unsettle: Callable[[], None] = lambda: None

    def open(self) -> None:
        """Take the folder. If another copy of the game holds it, games are
        played and counted but not saved; if the folder cannot be written,
        neither (FolderError is said, not raised)."""
        try:
            held = self.lock.acquire()
        except FolderError as exc:
            self.saving = False
            self.stats = None
            self.warn(f"{exc}. Games are not saved and statistics not kept.", Trouble.FOLDER)
            return
        if not held:
            self.saving = False
            self.warn(
                "Another ginrummies (in another terminal or browser tab) is open on this "
                "data folder and keeps its game there. This game counts in the statistics "
                "but is not saved to continue.",
                Trouble.BUSY,
            )
            return
        remove_stale_temporaries(self.folder)
        self._take_up_pending()

    def close(self, wait: float = CLOSE_WAIT) -> None:
        """Let go of the folder, once the statistics still to write are
        written (waiting ``wait`` seconds at most: LOST is said if a lock
        held elsewhere keeps them out)."""
        writer, self._writer = self._writer, None
        if writer is not None:
            self._unsettle()
            left = writer.close(wait)
            if left:
                self._keep_pending(left)
        self.lock.release()

    @property
    def pending_path(self) -> Path:
        return self.folder / PENDING_NAME

    def _keep_pending(self, left: list[Entry]) -> None:
        """Records a lock kept out as the game closed, kept in the folder for
        the next start (a copy that does not hold the folder cannot: LOST)."""
        if self.saving:
            try:
                text = json.dumps([{"game": e.game, "hands": e.hands} for e in left])
                write_atomic(self.pending_path, text)
            except (OSError, TypeError, ValueError):
                pass
            else:
                self._once(Trouble.STATS, KEPT.format(name=self.pending_path.name))
                return
        self._once(Trouble.STATS, LOST)

    def _take_up_pending(self) -> None:
        """The records an earlier start could not write, written now (in the
        background); the file goes once they are in. A damaged one is kept aside."""
        if self.stats is None:
            return
        try:
            raw = read_capped(self.pending_path, PENDING_LIMIT)
        except FileNotFoundError:
            return
        except (OSError, UnfitFile) as exc:
            self.warn(
                f"The statistics kept from the last time cannot be read: {exc}", Trouble.STATS_NOTE
            )
            return
        try:
            entries = [
                Entry(tuple(e["game"]), tuple(tuple(h) for h in e["hands"]))
                for e in json.loads(raw.decode("utf-8"))
            ]
        except (ValueError, TypeError, KeyError, RecursionError) as exc:
            try:
                kept = move_aside(self.pending_path, "unreadable")
            except OSError:
                kept = self.pending_path
            self.warn(
                f"The statistics kept from the last time are damaged ({exc}); "
                f"they are kept as {kept.name} and not recorded.",
                Trouble.STATS_NOTE,
            )
            return
        self._pending_taken = True
        for taken in entries:
            self._put(taken)

    def _drained(self) -> None:
        """Every record asked for is written (the writer's thread)."""
        if self._pending_taken:
            self._pending_taken = False
            self.pending_path.unlink(missing_ok=True)

    def saved(self) -> Saved | None:
        """The game saved in the folder, if any: one that can be played.
        SaveError says why it cannot be used (the file is then kept aside)."""
        saved = load(self.save_path)
        if saved is None:
            return None
        # here, not with the module: the session brings the bots, which the
        # app's menu needs only once there is a game (benchmarks/startup.py)
        from .saving import from_saved

        try:
            from_saved(saved)
        except Exception as exc:  # nothing in a saved file may stop the game
            problem = SaveError(f"the save cannot be played ({str(exc)[:200]})", UNKNOWN)
            raise refuse(self.save_path, problem) from None
        return saved

    def leave(self, saved: Saved) -> None:
        """A saved game left for a new one: it stays in the statistics as abandoned."""
        from .saving import from_saved  # here: see saved()

        try:
            self.record(from_saved(saved), abandoned=True)
        except ValueError as exc:
            self.warn(f"The saved game could not be recorded: {exc}", Trouble.STATS)

    def keep(self, session: Session) -> None:
        """After every move: the save on disk is the game in play (written
        first, at once), and every finished hand goes to the statistics (in
        the background: this never waits on them)."""
        if self.saving:
            try:
                if session.game.is_over:
                    self.save_path.unlink(missing_ok=True)  # nothing left to continue
                else:
                    write_atomic(self.save_path, session.to_json())
            except OSError as exc:
                self._once(Trouble.SAVE, f"The game could not be saved: {exc}")
            else:
                self._failed.discard(Trouble.SAVE)
        if session.round_over:
            self.record(session)

    def record(self, session: Session, abandoned: bool = False) -> None:
        """Put the game so far in the statistics: taken now, written in the
        background (a problem is said once)."""
        if self.stats is None:
            return
        from .saving import stats_entry  # the session's module is loaded: a session is here

        try:
            taken = stats_entry(session, abandoned)
        except Exception as exc:  # a game the statistics cannot hold: the game goes on
            self._once(Trouble.STATS, f"The game could not be recorded in the statistics: {exc}")
            return
        self._put(taken)

    def _put(self, taken: Entry) -> None:
        assert self.stats is not None
        if self._writer is None:
            self._writer = _Writer(self.stats, self)
            # a read of these statistics (the statistics screen) sees this game
            self._unsettle = pending_writes(self.stats.path, self._settle)
        self._writer.put(taken)

    def flush(self, wait: float = CLOSE_WAIT) -> bool:
        """Wait (``wait`` seconds at most) until the statistics hold every
        record asked for; False if some are still to write."""
        return self._writer is None or self._writer.flush(wait)

    def _settle(self) -> None:
        self.flush(READ_WAIT)  # the statistics screen shows the hand just played

    def _once(self, kind: Trouble, message: str) -> None:
        with self._said:
            if kind in self._failed:
                return
            self._failed.add(kind)
        self.warn(message, kind)

    def _clear(self, kind: Trouble) -> bool:
        """Forget that ``kind`` was said (it works again); whether it was."""
        with self._said:
            was = kind in self._failed
            self._failed.discard(kind)
        return was


class _Writer:
    """The one thread that writes a Keeper's statistics, in the order asked.

    A database locked by another program is tried again with a growing
    pause (the entries wait in order, none is lost); PATIENCE seconds of it
    are said once, and its end too. Any other failure is said once and
    that entry dropped: the next one holds the whole game so far again."""

    def __init__(self, stats: Stats, keeper: Keeper) -> None:
        self.stats = stats
        self.keeper = keeper
        self._queue: deque[Entry] = deque()
        self._writing = False
        self._closing = False
        self._gone = False  # close() stopped waiting: the thread ends at once
        self._cond = threading.Condition()
        self._thread = threading.Thread(target=self._run, name="ginrummies-stats", daemon=True)
        self._thread.start()

    def put(self, record: Entry) -> None:
        with self._cond:
            self._queue.append(record)
            self._cond.notify_all()

    def flush(self, wait: float) -> bool:
        with self._cond:
            return self._cond.wait_for(lambda: not self._queue and not self._writing, wait)

    def close(self, wait: float) -> list[Entry]:
        """Write what is left (``wait`` seconds at most) and end the thread;
        the records left unwritten."""
        with self._cond:
            self._closing = True
            self._cond.notify_all()
        self._thread.join(wait)
        with self._cond:
            self._gone = True
            self._cond.notify_all()
            left = list(self._queue)
        self._thread.join(ATTEMPT * 2)  # the try under way ends, and the thread with it
        return left

    def _next(self) -> Entry | None:
        with self._cond:
            self._cond.wait_for(lambda: self._queue or self._closing or self._gone)
            if self._gone or not self._queue:
                return None
            self._writing = True
            return self._queue[0]

    def _done(self) -> None:
        with self._cond:
            self._queue.popleft()
            drained = not self._queue
        if drained:
            self.keeper._drained()
        with self._cond:
            self._writing = False
            self._cond.notify_all()

    def _pause(self, seconds: float) -> bool:
        """Wait before trying again; False if the thread is to end now."""
        with self._cond:
            self._writing = False
            self._cond.notify_all()
            self._cond.wait_for(lambda: self._gone, seconds)
            if self._gone:
                return False
            self._writing = True
            return True

    def _run(self) -> None:
        keeper = self.keeper
        locked_since: float | None = None
        pause = 0.05
        while (record := self._next()) is not None:
            try:
                self.stats.write(record)
            except StatsBusy:
                now = time.monotonic()
                locked_since = locked_since if locked_since is not None else now
                if now - locked_since >= keeper.patience:
                    keeper._once(Trouble.STATS, LOCKED)
                if not self._pause(pause):
                    return
                pause = min(pause * 2, 2.0)
                continue
            except StatsError as exc:
                keeper._once(Trouble.STATS, f"The statistics could not be updated: {exc}")
            except Exception as exc:  # a bug must not end the writer: the game goes on
                keeper._once(Trouble.STATS, f"The statistics could not be updated: {exc}")
            else:
                if keeper._clear(Trouble.STATS) and locked_since is not None:
                    keeper.warn(UNLOCKED, Trouble.STATS_NOTE)
            locked_since, pause = None, 0.05
            problem, self.stats.problem = self.stats.problem, None
            if problem:
                keeper.warn(problem, Trouble.STATS_NOTE)
            self._done()


def remove_stale_temporaries(folder: Path, *, now: float | None = None) -> list[Path]:
    """Remove the temporary files a killed game left in ``folder`` (a
    ``kill -9`` in the middle of ``write_atomic``). Called only while the
    folder's lock is held: the saved game's are then nobody else's, since
    only the holder saves the game; those of the settings and of replays,
    which a copy without the lock writes too, only once an hour old."""
    now = time.time() if now is None else now
    gone = []
    for place, pattern, old_enough in (
        (folder, f".{SAVE_NAME}.*.tmp", 0.0),
        (folder, f".{SETTINGS_NAME}.*.tmp", STALE),
        (folder / "replays", ".*.tmp", STALE),
    ):
        for path in place.glob(pattern):
            try:
                if path.is_file() and now - path.stat().st_mtime >= old_enough:
                    path.unlink()
                    gone.append(path)
            except OSError:
                continue  # it can wait for the next start
    return gone
