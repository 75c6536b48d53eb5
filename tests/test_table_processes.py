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
from pathlib import Path

import pytest
from procs import (
    HOST,
    KEYS,
    SEAT,
    Terminal,
    free_port,
    host_code,
    moves_saved,
    processes,
    wait_until,
)

from ginrummies.play.saving import from_saved
from ginrummies.store.saves import load


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
    bob = Terminal(f"join{os.getpid()}")
    with processes(tmp_path) as start:
        host = start("host", [*HOST, "--port", str(port), "--data-dir", str(tmp_path / "h")])
        code = host_code(host)
        start("ann", [*SEAT, address, code, "Ann", str(tmp_path / "ann.token")])
        bob.open(joined_as_bob(address, code, tmp_path / "bob"))
        try:
            host.wait_for(lambda t: "Bob sat down" in t, "Bob seated")
            # a key for what the screen asks (the cut's choice, then the
            # moves), each pressed once; the moves are counted in the host's
            # log, where only moves played appear
            bob.play_until(lambda: len(BOBS.findall(host.text)) >= 6, "six moves of Bob's")
            assert "Bob · 1" in bob.screen  # his own hand, face up, on his screen
        finally:
            bob.close()


def joined_as_bob(address: str, code: str, folder: Path) -> str:
    """The app's arguments to join the table as Bob."""
    return f"join {address} {code} --name Bob --data-dir {folder}"


BOBS = re.compile(r"^Bob (passed|drew|discarded|took)", re.MULTILINE)  # Bob's moves, logged


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")
def test_a_move_made_while_the_host_is_down_is_played_once_it_is_back(tmp_path: Path) -> None:
    """The joined app in a terminal: the host is killed while Bob is to
    move; his key, pressed meanwhile, is kept and sent once the host is
    continued, and the game goes on (it stuck for ever before)."""
    port, data = free_port(), tmp_path / "h"
    address = f"127.0.0.1:{port}"
    host_args = [*HOST, "--port", str(port), "--data-dir", str(data), "--seed", "5"]
    bob = Terminal(f"stuck{os.getpid()}")
    moves = [(said, key) for said, key in KEYS if key != "Enter"]
    with processes(tmp_path) as start:
        host = start("host", host_args)
        code = host_code(host)
        start("ann", [*SEAT, address, code, "Ann", str(tmp_path / "ann.token")])
        bob.open(joined_as_bob(address, code, tmp_path / "bob"))
        try:
            host.wait_for(lambda t: "Bob sat down" in t, "Bob seated")

            def asked() -> tuple[str, str] | None:
                bob.answer(KEYS[:1])  # he won the cut: he plays first
                screen = bob.screen
                return next(((said, key) for said, key in moves if said in screen), None)

            _, key = wait_until(asked, "Bob asked for a move", shown=lambda: bob.screen)
            host.proc.send_signal(signal.SIGKILL)
            host.ended()
            played = moves_saved(data)  # Bob's turn: nothing moves until he does
            bob.key(key)
            host = start("host", [*host_args, "--continue"])
            host.wait_for(lambda t: "Bob is back at seat" in t, "Bob back after the restart")
            wait_until(
                lambda: moves_saved(data) > played,
                "the move made while the host was down",
                shown=lambda: bob.screen,
            )
        finally:
            bob.close()
