"""Text play in a real terminal (tmux): hot-seat leaves nothing of the other
player's hand on the screen or in the terminal's scrollback."""

from __future__ import annotations

import shutil
import subprocess
import sys
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from procs import can_see_reads, reading_input, wait_until

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed"),
    pytest.mark.skipif(not can_see_reads(), reason="cannot see when a process waits for input"),
]


@pytest.fixture
def terminal(tmp_path: Path) -> Iterator[Callable[[str], None]]:
    """A tmux session of its own running ``ginrummies text`` hot-seat."""
    name = f"gr-{uuid.uuid4().hex[:8]}"
    command = (
        f"GINRUMMIES_DATA_DIR={tmp_path} {sys.executable} -m ginrummies text --hot-seat --seed 7"
    )
    subprocess.run(
        ["tmux", "new-session", "-d", "-s", name, "-x", "100", "-y", "30", command], check=True
    )

    def send(*keys: str) -> None:
        subprocess.run(["tmux", "send-keys", "-t", name, *keys], check=True)

    send.name = name  # type: ignore[attr-defined]
    try:
        yield send
    finally:
        subprocess.run(["tmux", "kill-session", "-t", name], check=False)


def everything(name: str) -> str:
    """The screen and all of its scrollback."""
    return subprocess.run(
        ["tmux", "capture-pane", "-p", "-t", name, "-S", "-3000"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout


def game_pid(name: str) -> int:
    """The game's process in session ``name`` (the pane's shell may have run it
    as a child rather than become it)."""
    pid = int(
        subprocess.run(
            ["tmux", "display-message", "-p", "-t", name, "#{pane_pid}"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    )
    while "python" not in Path(f"/proc/{pid}/comm").read_text():
        pid = int(Path(f"/proc/{pid}/task/{pid}/children").read_text().split()[0])
    return pid


def wait_for(name: str, words: str) -> str:
    """The screen and scrollback, once ``words`` are in them."""

    def shown() -> str:
        text = everything(name)
        return text if words in text else ""

    return wait_until(shown, f"{words!r} shown", shown=lambda: everything(name))


def test_the_next_player_cannot_scroll_back_to_the_last_hand(
    terminal: Callable[..., None],
) -> None:
    name = terminal.name  # type: ignore[attr-defined]
    wait_for(name, "wins the cut")
    terminal("1", "Enter")  # the winner plays first
    wait_for(name, "Pass the keyboard to Player 1")
    terminal("Enter")
    first = wait_for(name, "Your hand:")
    hand = next(line for line in first.splitlines() if line.startswith("Your hand:"))
    terminal("2", "Enter")  # pass on the upcard: the keyboard goes to Player 2
    wait_for(name, "Pass the keyboard to Player 2")
    # the game waits on the question: all it printed is on the screen
    pid = game_pid(name)
    wait_until(lambda: reading_input(pid), "the game waiting for Player 2's Enter")
    shown = everything(name)
    assert "Your hand:" not in shown, shown
    assert hand not in shown
