"""A data folder that exists but cannot be written (a read-only disk, a
folder the user may not write, a lock file whose name a folder has taken)
is refused with the reason, never a traceback; the statistics in such a
folder fail with a message the app shows.

The tests run as root in some places, and root writes through permission
bits: an unwritable folder is made with ``chattr +i`` (or a read-only
mount) there, and with the permission bits elsewhere.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from ginrummies.store.files import LOCK_NAME, FolderError, FolderLock, check_writable, data_dir
from ginrummies.store.stats import STATS_NAME, Stats, StatsError


def as_root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


def run_quietly(*command: str) -> bool:
    if shutil.which(command[0]) is None:
        return False
    return subprocess.run(command, capture_output=True, check=False).returncode == 0


def start_on(data: Path) -> subprocess.CompletedProcess[str]:
    """``ginrummies --data-dir DATA``, with no terminal: it should refuse to start."""
    return subprocess.run(
        [sys.executable, "-m", "ginrummies", "--data-dir", str(data)],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=60,
        check=False,
    )


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    path = tmp_path / "data"
    path.mkdir()
    return path


@contextmanager
def no_new_files(folder: Path) -> Iterator[Path]:
    """``folder``, made so that no new file can be made in it (files already
    there stay writable): immutable for root, without write bits for others."""
    if as_root():
        if not run_quietly("chattr", "+i", str(folder)):
            pytest.skip("chattr +i is not possible here, and root ignores permission bits")
        try:
            yield folder
        finally:
            run_quietly("chattr", "-i", str(folder))
    else:
        folder.chmod(0o555)
        try:
            yield folder
        finally:
            folder.chmod(0o755)


@pytest.fixture
def unwritable(folder: Path) -> Iterator[Path]:
    with no_new_files(folder):
        yield folder


@pytest.fixture
def read_only_disk(folder: Path) -> Iterator[Path]:
    """``folder`` as a read-only file system (a tmpfs mounted read-only)."""
    if sys.platform != "linux" or not as_root():
        pytest.skip("mounting needs root on Linux")
    if not run_quietly("mount", "-t", "tmpfs", "-o", "ro,size=64k", "tmpfs", str(folder)):
        pytest.skip("a read-only file system cannot be mounted here")
    try:
        yield folder
    finally:
        run_quietly("umount", str(folder))


def test_an_unwritable_folder_is_refused_with_the_reason(unwritable: Path) -> None:
    lock = FolderLock(unwritable / LOCK_NAME)
    with pytest.raises(FolderError) as caught:
        lock.acquire()
    message = str(caught.value)
    assert message.startswith(f"cannot use the data folder {unwritable}: ")
    assert "it cannot be written (" in message
    assert caught.value.folder == unwritable
    assert list(unwritable.iterdir()) == []


def test_a_read_only_disk_is_refused_with_the_reason(read_only_disk: Path) -> None:
    with pytest.raises(FolderError, match="Read-only file system"):
        FolderLock(read_only_disk / LOCK_NAME).acquire()


def test_a_lock_file_left_in_a_folder_now_unwritable_does_not_hide_it(folder: Path) -> None:
    """The lock file from an earlier run can still be opened: the folder is
    tried as well, since the saves and statistics need new files there."""
    (folder / LOCK_NAME).write_text("", encoding="utf-8")
    with no_new_files(folder):
        lock = FolderLock(folder / LOCK_NAME)
        with pytest.raises(FolderError, match="it cannot be written"):
            lock.acquire()
        lock.release()
        with pytest.raises(FolderError):
            check_writable(folder)


def test_a_folder_where_the_lock_file_should_be_is_refused(folder: Path) -> None:
    (folder / LOCK_NAME).mkdir()  # fails for root too
    with pytest.raises(FolderError, match=f"the lock file {LOCK_NAME} cannot be opened"):
        FolderLock(folder / LOCK_NAME).acquire()


def test_a_writable_folder_is_locked_by_one_app_at_a_time(folder: Path) -> None:
    first, second = FolderLock(folder / LOCK_NAME), FolderLock(folder / LOCK_NAME)
    assert first.acquire() is True
    assert first.acquire() is True  # already held
    assert second.acquire() is False  # another app holds it: no error
    first.release()
    assert second.acquire() is True
    second.release()
    check_writable(folder)
    assert sorted(p.name for p in folder.iterdir()) == [LOCK_NAME]  # the check leaves nothing


def test_statistics_in_an_unwritable_folder_fail_with_a_message(unwritable: Path) -> None:
    with pytest.raises(StatsError, match="cannot be opened"):
        Stats(unwritable / STATS_NAME).lines()


def test_damaged_statistics_that_cannot_be_put_aside_fail_with_a_message(folder: Path) -> None:
    """A damaged file is normally kept aside under a new name; in a folder
    that cannot be written that fails, and it must say so, not crash."""
    (folder / STATS_NAME).write_bytes(b"this is not sqlite at all" * 100)
    with (
        no_new_files(folder),
        pytest.raises(StatsError, match=r"damaged .* cannot be kept aside"),
    ):
        Stats(folder / STATS_NAME).lines()
    assert (folder / STATS_NAME).read_bytes().startswith(b"this is not")  # left as it was


@pytest.mark.slow
def test_the_command_refuses_an_unwritable_data_folder(folder: Path) -> None:
    """Needs cli.app_main to take the lock before the app starts and print
    the FolderError (the lead's change to cli.py): until then the app starts
    and fails inside."""
    (folder / LOCK_NAME).mkdir()  # a data folder no one can use, root included
    done = start_on(folder)
    assert done.returncode == 2, done.stderr[-2000:]
    assert done.stderr.startswith(f"ginrummies: cannot use the data folder {folder}: ")
    assert "Traceback" not in done.stderr


def test_a_file_given_as_the_data_folder_is_refused_in_words(tmp_path: Path) -> None:
    a_file = tmp_path / "notes.txt"
    a_file.write_text("mine", encoding="utf-8")
    for given in (a_file, a_file / "ginrummies"):  # the file itself, or a folder inside it
        with pytest.raises(OSError) as caught:
            data_dir(given)
        message = str(caught.value)
        assert message == f"{a_file} is a file, not a folder: choose a folder for the game's data"
    assert a_file.read_text(encoding="utf-8") == "mine"  # left alone


@pytest.mark.slow
def test_the_command_refuses_a_file_as_the_data_folder(tmp_path: Path) -> None:
    a_file = tmp_path / "notes.txt"
    a_file.write_text("mine", encoding="utf-8")
    done = start_on(a_file)
    assert done.returncode == 2, done.stderr[-2000:]
    assert f"{a_file} is a file, not a folder: choose a folder" in done.stderr
    assert "Errno" not in done.stderr and "Traceback" not in done.stderr


def test_a_lock_let_go_of_while_waiting_is_taken(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A browser tab reloaded: its app waits for the closing one's lock."""
    import time
    from types import SimpleNamespace

    from ginrummies.store import files

    first, second = FolderLock(folder / LOCK_NAME), FolderLock(folder / LOCK_NAME)
    assert first.acquire()
    assert second.acquire(wait=0.2) is False  # still held when the wait is over
    pauses: list[float] = []

    def closing(seconds: float) -> None:  # the other app closes while this one waits
        pauses.append(seconds)
        first.release()

    monkeypatch.setattr(files, "time", SimpleNamespace(monotonic=time.monotonic, sleep=closing))
    assert second.acquire(wait=60.0) is True
    assert len(pauses) == 1  # taken at the first try after it was let go
    second.release()


def test_temporary_files_a_killed_game_left_are_removed_when_the_lock_is_taken(
    folder: Path,
) -> None:
    """A kill -9 in the middle of a save leaves .game.json.*.tmp behind: the
    next copy that takes the folder removes it; one that does not hold the
    folder (another copy is on it) removes nothing, as that copy may be
    writing it; the settings' and replays' are removed only once old, since
    a copy without the lock writes those too."""
    import time

    from ginrummies.play.keeper import Keeper

    (folder / "replays").mkdir()
    game_tmp = folder / ".game.json.k9x2a.tmp"
    old_settings = folder / ".settings.toml.a1b2.tmp"
    new_settings = folder / ".settings.toml.c3d4.tmp"
    old_replay = folder / "replays" / ".2024-gin-3.json.e5f6.tmp"
    other = folder / ".notes.txt.tmp"  # not ours: left alone
    for path in (game_tmp, old_settings, new_settings, old_replay, other):
        path.write_text("half a file")
    hours_ago = time.time() - 2 * 3600
    for path in (old_settings, old_replay, other):
        os.utime(path, (hours_ago, hours_ago))
    holder = FolderLock(folder / LOCK_NAME)
    assert holder.acquire()
    second = Keeper(folder, lambda message, kind: None)
    second.open()  # the folder is held: nothing is removed
    assert not second.saving
    assert all(p.exists() for p in (game_tmp, old_settings, new_settings, old_replay, other))
    second.close()
    holder.release()
    keeper = Keeper(folder, lambda message, kind: None)
    keeper.open()
    try:
        assert not game_tmp.exists() and not old_settings.exists() and not old_replay.exists()
        assert new_settings.exists() and other.exists()
    finally:
        keeper.close()
