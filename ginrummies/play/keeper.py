"""Keeping a game safe in a data folder: saved after every move, every
finished hand in the statistics, and the folder held so that a second copy
of the game does not overwrite the first one's save.

The app and text play keep their games with a ``Keeper``: one way to save
for both. A problem (a full disk, a damaged statistics file, another copy
on the folder) is said through ``warn`` (once, not after every move) and
the game goes on.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ..store.files import LOCK_NAME, FolderError, FolderLock
from ..store.saves import SAVE_NAME, Saved, load
from ..store.stats import STATS_NAME, Stats, StatsError
from .session import Session

# what ``warn`` is told about: the folder cannot be written, another copy
# holds it, the save failed, the statistics failed, the statistics file was
# damaged and a new one begun
FOLDER, BUSY, SAVE, STATS, STATS_NOTE = "folder", "busy", "save", "stats", "stats-note"


class Keeper:
    """The save and statistics of one data folder, for one running game.

    ``warn(message, kind)`` hears every problem; ``kind`` (FOLDER, BUSY,
    SAVE, STATS, STATS_NOTE) lets the app title and colour it."""

    def __init__(self, folder: Path, warn: Callable[[str, str], None]) -> None:
        self.folder = folder
        self.warn = warn
        self.save_path = folder / SAVE_NAME
        self.stats: Stats | None = Stats(folder / STATS_NAME)
        self.lock = FolderLock(folder / LOCK_NAME)
        self.saving = True  # False while another copy of the game saves here
        self._failed: set[str] = set()  # problems said already

    def open(self) -> None:
        """Take the folder. If another copy of the game holds it, games are
        played and counted but not saved; if the folder cannot be written,
        neither (FolderError is said, not raised)."""
        try:
            held = self.lock.acquire()
        except FolderError as exc:
            self.saving = False
            self.stats = None
            self.warn(f"{exc}. Games are not saved and statistics not kept.", FOLDER)
            return
        if not held:
            self.saving = False
            self.warn(
                "Another ginrummies (in another terminal or browser tab) is open on this "
                "data folder and keeps its game there. This game counts in the statistics "
                "but is not saved to continue.",
                BUSY,
            )

    def close(self) -> None:
        self.lock.release()

    def saved(self) -> Saved | None:
        """The game saved in the folder, if any (SaveError says why it cannot be used)."""
        return load(self.save_path)

    def leave(self, saved: Saved) -> None:
        """A saved game left for a new one: it stays in the statistics as abandoned."""
        try:
            self.record(Session.from_saved(saved), abandoned=True)
        except ValueError as exc:
            self.warn(f"The saved game could not be recorded: {exc}", STATS)

    def keep(self, session: Session) -> None:
        """After every move: the save on disk is the game in play, and every
        finished hand is in the statistics."""
        if session.round_over:
            self.record(session)
        if not self.saving:
            return
        try:
            if session.game.is_over:
                self.save_path.unlink(missing_ok=True)  # nothing left to continue
            else:
                session.save(self.save_path)
        except OSError as exc:
            self._once(SAVE, f"The game could not be saved: {exc}")
        else:
            self._failed.discard(SAVE)

    def record(self, session: Session, abandoned: bool = False) -> None:
        """Put the game so far in the statistics (a problem is said once)."""
        if self.stats is None:
            return
        try:
            session.record(self.stats, abandoned)
        except StatsError as exc:
            self._once(STATS, str(exc))
        else:
            self._failed.discard(STATS)
        if self.stats.problem:
            self.warn(self.stats.problem, STATS_NOTE)
            self.stats.problem = None

    def _once(self, kind: str, message: str) -> None:
        if kind not in self._failed:
            self.warn(message, kind)
        self._failed.add(kind)
