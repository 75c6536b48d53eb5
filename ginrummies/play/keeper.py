"""Keeping a game safe in a data folder: saved after every move, every
finished hand in the statistics, and the folder held so that a second copy
of the game does not overwrite the first one's save.

Text play keeps its game with a ``Keeper``; a problem (a full disk, a
damaged statistics file) is said once through ``warn`` and the game goes
on.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ..store.files import LOCK_NAME, FolderLock
from ..store.saves import SAVE_NAME, Saved, load
from ..store.stats import STATS_NAME, Stats, StatsError
from .session import Session


class Keeper:
    """The save and statistics of one data folder, for one running game."""

    def __init__(self, folder: Path, warn: Callable[[str], None]) -> None:
        self.folder = folder
        self.warn = warn
        self.save_path = folder / SAVE_NAME
        self.stats = Stats(folder / STATS_NAME)
        self.lock = FolderLock(folder / LOCK_NAME)
        self.saving = True
        self._failed: set[str] = set()  # problems said already

    def open(self) -> None:
        """Take the folder (FolderError if it cannot be written). If another
        copy of the game holds it, games are played but not saved."""
        if not self.lock.acquire():
            self.saving = False
            self.warn(
                "Another ginrummies is open on this data folder and keeps its game there: "
                "this game counts in the statistics but is not saved to continue."
            )

    def close(self) -> None:
        self.lock.release()

    def saved(self) -> Saved | None:
        """The game saved in the folder, if any (SaveError says why it cannot be used)."""
        return load(self.save_path)

    def leave(self, saved: Saved) -> None:
        """A saved game left for a new one: it stays in the statistics as abandoned."""
        try:
            self._record(Session.from_saved(saved), abandoned=True)
        except ValueError as exc:
            self._say("leave", f"The saved game could not be recorded: {exc}")

    def watch(self, session: Session) -> None:
        """Keep ``session`` from now on, after each of its moves."""
        session.on_change = self.keep
        self.keep(session)

    def keep(self, session: Session) -> None:
        if session.round_over:
            self._record(session)
        if not self.saving:
            return
        try:
            if session.game.is_over:
                self.save_path.unlink(missing_ok=True)  # nothing left to continue
            else:
                session.save(self.save_path)
        except OSError as exc:
            self._say("save", f"The game could not be saved: {exc}")
        else:
            self._failed.discard("save")

    def _record(self, session: Session, abandoned: bool = False) -> None:
        try:
            session.record(self.stats, abandoned)
        except StatsError as exc:
            self._say("stats", str(exc))
        else:
            self._failed.discard("stats")
        if self.stats.problem:
            self.warn(self.stats.problem)
            self.stats.problem = None

    def _say(self, kind: str, message: str) -> None:
        if kind not in self._failed:  # once, not after every move
            self.warn(message)
        self._failed.add(kind)
