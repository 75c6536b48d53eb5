"""Where the app keeps its files, and how it writes them without ever
leaving half a file behind."""

from __future__ import annotations

import os
import stat
import sys
import tempfile
import time
from pathlib import Path
from typing import IO

ENV_DATA_DIR = "GINRUMMIES_DATA_DIR"
LOCK_NAME = "ginrummies.lock"


class FolderError(Exception):
    """The data folder cannot be used: it exists but cannot be written (a
    read-only disk, a folder the user may not write, a lock file that is not
    a file). ``str()`` is the whole message, for the command line or a dialog."""

    def __init__(self, folder: Path, reason: str) -> None:
        super().__init__(f"cannot use the data folder {folder}: {reason}")
        self.folder = folder
        self.reason = reason


def _why(exc: OSError) -> str:
    """An OSError in words, without the file name it may repeat."""
    return exc.strerror or str(exc) or type(exc).__name__


def data_dir(override: str | Path | None = None) -> Path:
    """The folder for saves, statistics and settings.

    ``--data-dir`` wins, then $GINRUMMIES_DATA_DIR, then the user's data
    folder (platformdirs). Tests always pass a temporary one.
    """
    if override is not None:
        path = Path(override)
    elif os.environ.get(ENV_DATA_DIR):
        path = Path(os.environ[ENV_DATA_DIR])
    else:
        from platformdirs import user_data_dir

        path = Path(user_data_dir("ginrummies", appauthor=False))
    make_folder(path)
    return path


def make_folder(path: Path) -> None:
    """Make the folder ``path`` (and the folders above it) if it is not there.

    OSError in words when it cannot be: a file has the name of the folder or
    of one above it, or the folder cannot be made (its message names the
    folder and says why, without the "[Errno 17]" of the system's)."""
    for place in (path, *path.parents):
        try:
            there, folder = place.exists(), place.is_dir()
        except OSError:  # cannot be looked at: mkdir below says why
            break
        if there:
            if not folder:
                raise NotADirectoryError(
                    f"{place} is a file, not a folder: choose a folder for the game's data"
                )
            break
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise type(exc)(f"the folder {path} cannot be made ({_why(exc)})") from None


def config_dir(override: str | Path | None = None) -> Path:
    """The folder for settings.toml: the data folder when one is given
    (``--data-dir`` or $GINRUMMIES_DATA_DIR points everything there), else
    the user's config folder (platformdirs)."""
    if override is not None or os.environ.get(ENV_DATA_DIR):
        return data_dir(override)
    from platformdirs import user_config_dir

    path = Path(user_config_dir("ginrummies", appauthor=False))
    make_folder(path)
    return path


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` so that ``path`` holds either the old or the new text,
    whatever happens: temporary file in the same folder, fsync, rename."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    try:  # the rename itself reaches the disk only with the folder's fsync
        dir_fd = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)


class UnfitFile(ValueError):
    """A file the game reads is not one it could have written: not a
    regular file (a device, a pipe, a folder) or far too large. ``str()``
    says which, in words."""


def read_capped(path: Path, limit: int) -> bytes:
    """The bytes of the regular file at ``path``, if they are at most ``limit``.

    UnfitFile otherwise, before anything is read: a pipe in its place would
    wait for ever, and /dev/zero (or a file growing as it is read) would
    fill the memory. OSError if it cannot be opened (FileNotFoundError if
    it is not there)."""
    if not stat.S_ISREG(path.stat().st_mode):
        raise UnfitFile("it is not a file (a folder, a device or a pipe has its name)")
    with open(path, "rb") as f:
        data = f.read(limit + 1)
    if len(data) > limit:
        raise UnfitFile(f"it is far too large (over {size_words(limit)})")
    return data


def size_words(size: int) -> str:
    """A number of bytes in words: "64 KB", "1 MB"."""
    if size >= 1024 * 1024:
        return f"{size // (1024 * 1024)} MB"
    return f"{size // 1024} KB" if size >= 1024 else f"{size} bytes"


def move_aside(path: Path, why: str) -> Path:
    """Keep a file that cannot be used, under a new name beside it (never delete)."""
    n = 1
    while True:
        target = path.with_name(f"{path.stem}.{why}-{n}{path.suffix}")
        if not target.exists():
            break
        n += 1
    os.replace(path, target)
    return target


class FolderLock:
    """Marks a data folder as in use by one running app (an OS file lock,
    released by the OS if the app dies), so a second copy of the app does
    not overwrite the first one's saved game."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._file: IO[str] | None = None

    def acquire(self, wait: float = 0.0) -> bool:
        """Take the lock; False if another running app holds it (after
        trying for ``wait`` seconds: an app that is closing lets go soon).

        FolderError if the folder cannot be written at all (a read-only
        disk, no permission, the lock file's name taken by a folder): the
        app cannot keep its game or statistics there, and says so."""
        deadline = time.monotonic() + wait
        while not self._try():
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.05)
        return True

    def _try(self) -> bool:
        if self._file is not None:
            return True
        folder = self.path.parent
        check_writable(folder)
        try:
            f = open(self.path, "a+", encoding="utf-8")  # noqa: SIM115 - held while the app runs
        except OSError as exc:
            raise FolderError(
                folder, f"the lock file {self.path.name} cannot be opened ({_why(exc)})"
            ) from None
        try:
            _lock(f)
        except OSError:
            f.close()
            return False
        self._file = f
        return True

    def release(self) -> None:
        if self._file is not None:
            self._file.close()  # closing the file releases the lock
            self._file = None


def check_writable(folder: Path) -> None:
    """FolderError unless a new file can be made in ``folder`` (the saves
    and statistics need that, the lock file alone does not show it)."""
    try:
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as exc:
        raise FolderError(folder, f"it cannot be written ({_why(exc)})") from None


def _lock(f: IO[str]) -> None:
    if sys.platform == "win32":
        import msvcrt

        f.seek(0)
        msvcrt.locking(f.fileno(), msvcrt.LK_NBLCK, 1)
    else:
        import fcntl

        fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
