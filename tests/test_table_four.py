"""Four people at one partnership table across processes (issue 51, "done
when"): the host is the app itself in a terminal (tmux), playing its seat
with keys; three friends are scripted seats (tests/netseat.py), each its
own process. One friend is killed mid-hand and comes back by his token;
the host opens the lobby while the other table plays on; the host is
killed with SIGKILL and continued (``host --continue``), the friends
coming back by themselves; the game is played to its end, and the host's
``a`` deals the next game at the same table, which every friend is sent."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from procs import (
    CODE,
    SEAT,
    Proc,
    Terminal,
    free_port,
    host_code,
    moves_saved,
    processes,
    wait_until,
)

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux"),
]

LOBBY = "Table across machines"


def test_four_play_a_partnership_game_through_drops_a_lobby_a_killed_host_and_a_rematch(
    tmp_path: Path,
) -> None:
    port, data = free_port(), tmp_path / "ann"
    address = f"127.0.0.1:{port}"
    table = f"--port {port} --data-dir {data} --name Ann"
    host = Terminal(f"four{os.getpid()}")
    with processes(tmp_path) as start:

        def friend(name: str, *extra: str) -> Proc:
            token = str(tmp_path / f"{name}.token")
            return start(name, [*SEAT, address, code, name, token, "--games", "2", *extra])

        host.open(f"host --format partnership --people 4 --seed 8 --target 100 {table}")
        try:
            code = host_code(host)
            cy = friend("Cy", "--die-after", "6")
            friends = {"Bob": friend("Bob"), "Cy": cy, "Dee": friend("Dee")}
            host.wait_for(lambda s: "3 of 3 seats taken" in s, "the friends seated")
            host.key("s")
            # Cy is killed mid-hand, and comes back by his token
            host.play_until(lambda: cy.proc.poll() is not None, "Cy's end")
            assert cy.ended() == 9
            # the host looks at the lobby, and Cy comes back meanwhile by his
            # token: his table, waiting on him since he died at his turn,
            # plays on while the host is away (a move by nobody else would
            # depend on how far the other table had got)
            host.wait_for(lambda s: "Esc Lobby" in s or "esc Lobby" in s, "the table")
            host.key("Escape")
            host.wait_for(lambda s: LOBBY in s and "The game is on" in s, "the lobby")
            before = moves_saved(data)
            friends["Cy"] = friend("Cy")
            wait_until(
                lambda: moves_saved(data) > before,
                "a move while the host was away: the game stood still",
                shown=lambda: host.screen,
            )
            # seated again before the host is killed below (else its first
            # join could meet the host down, and end)
            friends["Cy"].wait_for(lambda t: "seated" in t, "Cy seated again")
            host.key("Enter")
            host.wait_for(lambda s: LOBBY not in s, "back at the table")
            # the host is killed mid-game, and takes the table up again
            moved = moves_saved(data)
            host.play_until(lambda: moves_saved(data) > moved, "a move more")
            assert "Game over" not in host.screen
            host.kill()
            host.open(f"host --continue {table}")
            for name, seat in friends.items():
                seat.wait_for(lambda t: "back" in t, f"{name} back after the host's restart")
            # to the game's end, then the next game at the same table
            host.play_until(
                lambda: all("over" in f.text for f in friends.values()), "the game's end"
            )
            host.wait_for(lambda s: "a: another game" in s, "the game's result")
            host.key("a")
            for name, seat in friends.items():
                seat.wait_for(lambda t: "next game 2" in t, f"{name} told of the next game")
            # and played: a hand of the new game to its end, on every screen
            host.play_until(
                lambda: all("hand" in f.text.split("next game 2")[1] for f in friends.values()),
                "a hand of the next game played",
            )
        finally:
            host.close()


def test_the_host_app_gives_a_seat_back_opens_its_table_again_and_asks_once(
    tmp_path: Path,
) -> None:
    """The host's app with one friend elsewhere, as real processes: a seat
    given to a computer is taken back by its person; Close the table, then
    the menu's Continue, opens the table again and the friend comes back;
    a new table over the hosted game asks once, before any code is shown."""
    port, data = free_port(), tmp_path / "ann"
    address = f"127.0.0.1:{port}"
    table = f"--port {port} --data-dir {data} --name Ann"
    host = Terminal(f"back{os.getpid()}")
    with processes(tmp_path) as start:

        def friend(name: str, code: str, *extra: str) -> Proc:
            token = str(tmp_path / f"{name}.token")
            return start(name, [*SEAT, address, code, name, token, *extra])

        host.open(f"host --seed 3 {table}")
        try:
            code = host_code(host)
            bob = friend("Bob", code, "--die-after", "3")
            host.wait_for(lambda s: "1 of 1 seats taken" in s, "Bob seated")
            host.key("s")
            host.play_until(lambda: bob.proc.poll() is not None, "Bob's end")
            assert bob.ended() == 9
            # the seat given to the computer, then taken back by Bob
            host.key("Escape")
            host.wait_for(lambda s: "c: computers take the seats" in s, "the lobby's offer")
            host.key("c")
            host.wait_for(lambda s: "to the computer?" in s, "asked first")
            host.key("Down")
            host.key("Enter")
            host.wait_for(lambda s: "Bob (computer)" in s, "the computer in Bob's seat")
            bob = friend("Bob", code)
            host.wait_for(lambda s: "Bob (computer)" not in s, "Bob's seat his again")
            # Close the table; the menu's Continue opens it again for Bob
            host.key("Escape")
            host.wait_for(lambda s: "Close the table?" in s, "asked to close")
            host.key("Down")
            host.key("Enter")
            assert bob.ended() == 1 and "the table is closed" in bob.text
            host.wait_for(lambda s: "Continue the game" in s, "the menu")
            host.key("Enter")
            host.wait_for(lambda s: "Waiting for Bob to come back" in s, "the table open again")
            bob = friend("Bob", code)
            host.play_until(lambda: "hand 1" in bob.text, "a hand played with Bob back")
            # a new table over the hosted game: asked once, before any code
            host.kill()
            host.open(f"host --seed 4 {table}")
            host.wait_for(lambda s: "Host a new table instead?" in s, "asked")
            assert CODE.search(host.screen) is None  # no code given out before the answer
            host.key("Down")
            host.key("Enter")
            fresh = host_code(host)
            assert fresh != code
            friend("Cy", fresh)
            host.wait_for(lambda s: "1 of 1 seats taken" in s, "Cy seated")
            host.key("s")
            host.wait_for(lambda s: "Esc Lobby" in s or "esc Lobby" in s, "the new game")
            assert "Host a new table instead?" not in host.screen  # asked once
        finally:
            host.close()
