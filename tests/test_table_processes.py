"""A table across machines as real processes on the loopback (issue 35):
``ginrummies host --headless`` and scripted seats (tests/netseat.py), each
its own process. A whole two-player game is played through a seat killed
mid-hand (it comes back with its token) and the host killed with SIGKILL
and continued (the seats come back by themselves); a partnership hand is
played by two people elsewhere and two computers; and the app itself,
``ginrummies join`` in a terminal, takes a seat and plays with keys."""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from ginrummies.play.saving import from_saved
from ginrummies.store.saves import load

ROOT = Path(__file__).resolve().parent.parent
SEAT = [sys.executable, str(ROOT / "tests" / "netseat.py")]
HOST = [sys.executable, "-m", "ginrummies", "host", "--headless"]
CODE = re.compile(r"[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}")
WAIT = 120.0  # seconds any one wait may take: every wait is bounded


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
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            text = self.text
            if holds(text):
                return text
            if self.proc.poll() is not None and not holds(self.text):
                raise AssertionError(f"{what}: it ended ({self.proc.returncode}):\n{self.text}")
            time.sleep(0.05)
        raise AssertionError(f"never {what}:\n{self.text}")

    def ended(self) -> int:
        return self.proc.wait(WAIT)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(WAIT)
        self.file.close()


@contextmanager
def processes(tmp_path: Path) -> Iterator[Callable[..., Proc]]:
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


@pytest.mark.slow
def test_a_whole_game_through_a_seat_killed_and_the_host_killed(tmp_path: Path) -> None:
    port, data = free_port(), tmp_path / "host"
    host_args = [*HOST, "--port", str(port), "--data-dir", str(data), "--seed", "3"]
    address = f"127.0.0.1:{port}"
    with processes(tmp_path) as start:
        host = start("host", host_args)
        code = host_code(host)
        ann = start("ann", [*SEAT, address, code, "Ann", str(tmp_path / "ann.token")])
        bob_token = str(tmp_path / "bob.token")
        bob = start("bob", [*SEAT, address, code, "Bob", bob_token, "--die-after", "12"])
        assert bob.ended() == 9  # killed mid-hand, after its twelfth move
        host.wait_for(lambda t: "Bob is away" in t, "the table waiting for Bob")
        bob = start("bob", [*SEAT, address, code, "Bob", bob_token])  # back, by its token
        host.wait_for(lambda t: "Bob is back at seat" in t, "Bob back at his seat")
        ann.wait_for(lambda t: "hand 2" in t, "a hand played after Bob came back")
        host.proc.send_signal(signal.SIGKILL)  # the host dies mid-game
        host.ended()
        host = start("host", [*host_args, "--continue"])
        host.wait_for(lambda t: "goes on where it stopped" in t, "the host taken up again")
        ann.wait_for(lambda t: "back" in t, "Ann back after the host's restart")
        bob.wait_for(lambda t: "back" in t, "Bob back after the host's restart")
        for seat in (ann, bob):
            seat.wait_for(lambda t: "over" in t, "the game's end")
            assert seat.ended() == 0
        # one game all through: both saw the same end, and the host saved it
        assert ann.text.splitlines()[-1] == bob.text.splitlines()[-1]
        assert host.ended() == 0
    saved = load(data / "game.json")
    assert saved is not None and from_saved(saved).game.is_over


@pytest.mark.slow
def test_a_partnership_hand_with_two_people_elsewhere_and_two_computers(
    tmp_path: Path,
) -> None:
    port = free_port()
    args = [*HOST, "--format", "partnership", "--people", "2", "--port", str(port)]
    address = f"127.0.0.1:{port}"
    with processes(tmp_path) as start:
        host = start("host", [*args, "--data-dir", str(tmp_path / "host"), "--seed", "8"])
        code = host_code(host)
        seats = [
            start(name, [*SEAT, address, code, name, str(tmp_path / name), "--hands", "1"])
            for name in ("Ann", "Bob")
        ]
        for seat in seats:
            seat.wait_for(lambda t: "hand 1" in t, "the partnership hand's end")
            assert seat.ended() == 0
        told = host.text
        assert "Computer C" in told and "Computer D" in told and "Table 2:" in told


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")
def test_the_app_joins_in_a_terminal_and_plays_with_keys(tmp_path: Path) -> None:
    port = free_port()
    address = f"127.0.0.1:{port}"
    session = f"join{os.getpid()}"
    with processes(tmp_path) as start:
        host = start("host", [*HOST, "--port", str(port), "--data-dir", str(tmp_path / "h")])
        code = host_code(host)
        start("ann", [*SEAT, address, code, "Ann", str(tmp_path / "ann.token")])
        bob_in_tmux(session, address, code, tmp_path / "bob")
        try:
            host.wait_for(lambda t: "Bob sat down" in t, "Bob seated")
            # a key for what the screen asks (the cut's choice, then the moves);
            # after each key, the next waits until the screen no longer asks
            # it, so a slow machine never gets a key twice. The moves are
            # counted in the host's log, where only moves played appear.
            deadline = time.monotonic() + WAIT
            while len(BOBS.findall(host.text)) < 6 and time.monotonic() < deadline:
                screen = capture(session)
                asked = next(((said, k) for said, k in KEYS if said in screen), None)
                if asked is None:
                    time.sleep(0.1)
                    continue
                said, key = asked
                subprocess.run(["tmux", "send-keys", "-t", session, key], check=True)
                while said in capture(session) and time.monotonic() < deadline:
                    time.sleep(0.1)
            assert len(BOBS.findall(host.text)) >= 6, capture(session)
            assert "Bob · 1" in capture(session)  # his own hand, face up, on his screen
        finally:
            subprocess.run(["tmux", "kill-session", "-t", session], check=False)


def bob_in_tmux(session: str, address: str, code: str, folder: Path) -> None:
    """The app, ``ginrummies join`` as Bob, in a tmux pane of its own."""
    app = f"{sys.executable} -m ginrummies join {address} {code} --name Bob --data-dir {folder}"
    env = f"PYTHONPATH={ROOT} TERM=xterm-256color"
    subprocess.run(
        ["tmux", "new", "-d", "-s", session, "-x", "100", "-y", "30", f"{env} {app}"],
        check=True,
    )


BOBS = re.compile(r"^Bob (passed|drew|discarded|took)", re.MULTILINE)  # Bob's moves, logged
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


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")
def test_a_move_made_while_the_host_is_down_is_played_once_it_is_back(tmp_path: Path) -> None:
    """The joined app in a terminal: the host is killed while Bob is to
    move; his key, pressed meanwhile, is kept and sent once the host is
    continued, and the game goes on (it stuck for ever before)."""
    port, data = free_port(), tmp_path / "h"
    address = f"127.0.0.1:{port}"
    host_args = [*HOST, "--port", str(port), "--data-dir", str(data), "--seed", "5"]
    session = f"stuck{os.getpid()}"
    with processes(tmp_path) as start:
        host = start("host", host_args)
        code = host_code(host)
        start("ann", [*SEAT, address, code, "Ann", str(tmp_path / "ann.token")])
        bob_in_tmux(session, address, code, tmp_path / "bob")
        try:
            host.wait_for(lambda t: "Bob sat down" in t, "Bob seated")
            deadline = time.monotonic() + WAIT
            asked = None
            while asked is None and time.monotonic() < deadline:  # on to Bob's move
                screen = capture(session)
                if "Play first (" in screen:  # he won the cut: he plays first
                    subprocess.run(["tmux", "send-keys", "-t", session, "Enter"], check=True)
                    while "Play first (" in capture(session) and time.monotonic() < deadline:
                        time.sleep(0.1)
                asked = next(((s, k) for s, k in KEYS if s in screen and k != "Enter"), None)
                time.sleep(0.1)
            assert asked is not None, capture(session)
            host.proc.send_signal(signal.SIGKILL)
            host.ended()
            played = moves_saved(data)  # Bob's turn: nothing moves until he does
            subprocess.run(["tmux", "send-keys", "-t", session, asked[1]], check=True)
            host = start("host", [*host_args, "--continue"])
            host.wait_for(lambda t: "Bob is back at seat" in t, "Bob back after the restart")
            deadline = time.monotonic() + WAIT
            while moves_saved(data) == played and time.monotonic() < deadline:
                time.sleep(0.1)
            assert moves_saved(data) > played, f"the move never came:\n{capture(session)}"
        finally:
            subprocess.run(["tmux", "kill-session", "-t", session], check=False)
