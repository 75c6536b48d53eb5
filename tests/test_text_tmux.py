"""Text play in a real terminal (tmux): hot-seat leaves nothing of the other
player's hand on the screen or in the terminal's scrollback."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed"),
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


def wait_for(name: str, words: str, seconds: float = 30) -> str:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        text = everything(name)
        if words in text:
            return text
        time.sleep(0.1)
    raise AssertionError(f"{words!r} never shown:\n{everything(name)}")


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
    shown = wait_for(name, "Pass the keyboard to Player 2")
    time.sleep(0.3)  # anything printed after the question has arrived
    shown = everything(name)
    assert "Your hand:" not in shown, shown
    assert hand not in shown
