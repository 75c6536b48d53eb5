"""Real processes in the tests: a process whose output is read as it grows,
the app in a tmux pane played by what its screen asks, and the one wait
they all use: on what the process says or shows, with a guard against a
hang that names what never came."""

from __future__ import annotations

import array
import fcntl
import os
import platform
import re
import signal
import socket
import subprocess
import sys
import termios
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from ginrummies.store.saves import load

ROOT = Path(__file__).resolve().parent.parent
SEAT = [sys.executable, str(ROOT / "tests" / "netseat.py")]
HOST = [sys.executable, "-m", "ginrummies", "host", "--headless"]
CODE = re.compile(r"[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}")
WAIT = 120.0  # seconds any one wait may take: every wait is bounded
LOOK_EVERY = 0.05  # seconds between two looks at a process's output or screen

T = TypeVar("T")


def wait_until(
    holds: Callable[[], T], what: str, guard: float = WAIT, shown: Callable[[], str] = str
) -> T:
    """Look until ``holds()`` gives something true, and return it; after
    ``guard`` seconds (against a hang, not a timing) fail, saying ``what``
    never came and what ``shown()`` shows."""
    deadline = time.monotonic() + guard
    while True:
        got = holds()
        if got:
            return got
        if time.monotonic() > deadline:
            raise AssertionError(f"never {what} (in {guard:.0f} s):\n{shown()}")
        time.sleep(LOOK_EVERY)


# the number of the read system call, by machine (Linux)
READ_CALL = {"x86_64": "0", "aarch64": "63"}


def can_see_reads() -> bool:
    """Whether this machine shows what system call a process waits in."""
    return platform.machine() in READ_CALL and Path("/proc/self/syscall").exists()


def reading_input(pid: int, pipe: int | None = None) -> bool:
    """Whether process ``pid`` waits for more input: asleep reading its
    standard input, with nothing left unread in ``pipe`` (the test's end of
    that input, when it is a pipe). Linux's /proc tells; the state is read
    after the pipe, so an answer being taken is never mistaken for a wait."""
    if pipe is not None:
        unread = array.array("i", [0])
        fcntl.ioctl(pipe, termios.FIONREAD, unread)
        if unread[0]:
            return False
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        call = Path(f"/proc/{pid}/syscall").read_text().split()
    except (OSError, IndexError):
        return False
    return state == "S" and call[:2] == [READ_CALL[platform.machine()], "0x0"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Proc:
    """A process whose output goes to a file, read as it grows."""

    def __init__(self, args: list[str], out: Path, env: dict[str, str]) -> None:
        self.out = out
        self.file = open(out, "w")  # noqa: SIM115 (closed in stop)
        self.proc = subprocess.Popen(args, stdout=self.file, stderr=subprocess.STDOUT, env=env)

    @property
    def text(self) -> str:
        return self.out.read_text()

    def wait_for(self, holds: Callable[[str], bool], what: str) -> str:
        """The output, once ``holds`` it; a process that ends first fails at once."""

        def said() -> str:
            text = self.text
            if holds(text):
                return text
            if self.proc.poll() is not None and not holds(self.text):
                raise AssertionError(f"{what}: it ended ({self.proc.returncode}):\n{self.text}")
            return ""

        return wait_until(said, what, shown=lambda: self.text)

    def ended(self) -> int:
        try:
            return self.proc.wait(WAIT)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"never ended (in {WAIT:.0f} s):\n{self.text}") from None

    def stop(self, gently: bool = False) -> None:
        """Kill it (``gently``: ask it to stop, and kill it if it will not)."""
        if self.proc.poll() is None:
            if gently:
                self.proc.terminate()
                try:
                    self.proc.wait(10)
                except subprocess.TimeoutExpired:
                    self.proc.kill()
            else:
                self.proc.kill()
            self.proc.wait(WAIT)
        self.file.close()


@contextmanager
def processes(tmp_path: Path) -> Iterator[Callable[..., Proc]]:
    """``start(name, args)`` starts a process; all are stopped at the end."""
    started: list[Proc] = []
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1"}

    def start(name: str, args: list[str]) -> Proc:
        proc = Proc(args, tmp_path / f"{name}-{len(started)}.out", env)
        started.append(proc)
        return proc

    try:
        yield start
    finally:
        for proc in started:
            proc.stop()


def moves_saved(folder: Path) -> int:
    """The moves in the host's save (it saves after every one)."""
    try:
        saved = load(folder / "game.json")
    except Exception:  # being written: read again on the next look
        return 0
    return 0 if saved is None else sum(len(hand) for hand in saved.log)


def host_code(host: Any) -> str:
    """The table's code, once the host (a process, or the app in a terminal) shows it."""
    text = host.wait_for(lambda t: CODE.search(t) is not None, "the table's code")
    match = CODE.search(text)
    assert match is not None
    return match.group(0)


# the keys a steady player presses, by what the status line asks
KEYS = [
    ("Play first (", "Enter"),  # won the cut: the first answer, to play first
    ("or pass (p)", "p"),
    ("Draw from the stock (d)", "d"),
    ("and discard it (x)", "x"),
    ("Enter: next hand", "Enter"),  # a hand over early (the seed is the host's): the next
]


def capture(session: str) -> str:
    out = subprocess.run(
        ["tmux", "capture-pane", "-p", "-t", session], capture_output=True, text=True, check=False
    ).stdout
    # the moves panel beside the table: each line up to it, joined as one text
    return " ".join(" ".join(line.split("▏")[0].split()) for line in out.splitlines())


class Terminal:
    """The app in a tmux pane (100x30), played by what its screen asks."""

    def __init__(self, name: str) -> None:
        self.name = name

    def open(self, args: str) -> None:
        """Start ``ginrummies {args}`` in the pane."""
        env = f"PYTHONPATH={ROOT} TERM=xterm-256color"
        command = f"exec env {env} {sys.executable} -m ginrummies {args}"
        subprocess.run(
            ["tmux", "new", "-d", "-s", self.name, "-x", "100", "-y", "30", command], check=True
        )

    def kill(self) -> None:
        pid = subprocess.run(
            ["tmux", "list-panes", "-t", self.name, "-F", "#{pane_pid}"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split()[0]
        os.kill(int(pid), signal.SIGKILL)
        subprocess.run(["tmux", "kill-session", "-t", self.name], check=False)

    def close(self) -> None:
        subprocess.run(["tmux", "kill-session", "-t", self.name], check=False)

    @property
    def screen(self) -> str:
        return capture(self.name)

    def key(self, key: str) -> None:
        subprocess.run(["tmux", "send-keys", "-t", self.name, key], check=True)

    def wait_for(self, holds: Callable[[str], bool], what: str) -> str:
        def shows() -> str:
            screen = self.screen
            return screen if holds(screen) else ""

        return wait_until(shows, what, shown=lambda: self.screen)

    def answer(self, keys: list[tuple[str, str]] = KEYS) -> bool:
        """Press the key for what the screen asks, if it asks one of
        ``keys``, and wait until it no longer asks it (so that a busy
        machine never gets a key twice). False if nothing is asked."""
        screen = self.screen
        asked = next(((said, k) for said, k in keys if said in screen), None)
        if asked is None:
            return False
        said, key = asked
        self.key(key)
        self.wait_for(lambda s: said not in s, f"the screen past {said!r}")
        return True

    def play_until(self, done: Callable[[], bool], what: str, most: float = 3 * WAIT) -> None:
        """Answer what the screen asks until ``done``."""

        def played() -> bool:
            if done():
                return True
            self.answer()
            return False

        wait_until(played, what, guard=most, shown=lambda: self.screen)
