"""How fast a move reaches the other screen at a table across machines
(issue 35), and what a table costs the host in memory.

    python benchmarks/table.py                 # Gin, two seats, 200 moves timed
    python benchmarks/table.py --variant skarney --format partners

A host and two joined seats run on the loopback in this one process (one
asyncio loop: what is timed is the protocol's work, the JSON and the
sockets, not a second machine's). Seat A plays its moves as the ``easy``
level would; each is timed from the moment A sends it to the moment seat
B has read the State that shows it. Goal: under 50 ms at the median. The
memory is the host's Python allocations for one table (its Session and
Table, with a game played to its end), by tracemalloc.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ginrummies.ai import make_bot
from ginrummies.core import Format, preset
from ginrummies.net.client import Seated, join
from ginrummies.net.host import Host
from ginrummies.net.protocol import State
from ginrummies.net.table import Table
from ginrummies.play.session import Seat, SeatKind, Session


def seats_for(fmt: Format) -> list[Seat]:
    return [Seat(f"P{i}") if i < 2 else Seat(f"C{i}", SeatKind.COMPUTER) for i in range(fmt.seats)]


async def timed(variant: str, fmt: Format, moves: int) -> list[float]:
    """Seconds from each of A's moves to B's screen, for ``moves`` moves."""
    session = Session(preset(variant), seats_for(fmt), 1, format=fmt, target=500)
    host = Host(Table(session, frozenset({0, 1})), started=False)
    address, port = await host.listen("127.0.0.1", 0)
    where = f"{address}:{port}"
    a = await join(where, host.table.code, "A")
    b = await join(where, host.table.code, "B")
    await host.start()
    bots = {s.seat: make_bot("easy", session.rules, seed=s.seat) for s in (a, b)}
    times: list[float] = []
    pending: dict[str, float] = {}  # the version A's move makes, and when it was sent

    async def side(s: Seated) -> None:
        """A seat playing as the easy level; A's moves are timed, B's reads stop the clock."""
        while len(times) < moves:
            message = await s.receive()
            state = s.state
            if not isinstance(message, State) or state is None:
                continue
            if s is b and "sent" in pending and state.version >= pending["version"]:
                times.append(time.perf_counter() - pending.pop("sent"))
            if state.public.result is not None:
                return
            view = state.view
            if view is not None and view.legal_actions and view.to_move == view.player:
                action = bots[s.seat].choose(view, list(view.legal_actions))
                if s is a and "sent" not in pending:
                    pending["version"] = state.version + 1
                    pending["sent"] = time.perf_counter()
                await s.move(action)
            elif all(t.result is not None for t in state.public.tables):
                await s.ready()

    try:
        await asyncio.wait_for(asyncio.gather(side(a), side(b)), 600)
    except TimeoutError:
        pass
    finally:
        await a.close()
        await b.close()
        await host.close()
    return times


def table_memory(variant: str, fmt: Format) -> int:
    """Bytes the host holds for one table with a game played to its end."""
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    session = Session(preset(variant), seats_for(fmt), 1, format=fmt)
    table = Table(session, frozenset({0, 1}))
    people = {i: make_bot("easy", session.rules, seed=i) for i in (0, 1)}
    for _ in range(5000):
        if session.game.is_over:
            break
        if session.round_over:
            session.next_hand()
        elif session.computer_to_move:
            session.computer_plays()
        else:
            seat = session.to_move
            assert seat is not None
            view = session.view(seat)
            session.play(people[seat].choose(view, list(view.legal_actions)), seat)
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    held = sum(s.size_diff for s in after.compare_to(before, "filename"))
    assert table.session is session
    return held


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="gin")
    parser.add_argument("--format", default="two", choices=[f.value for f in Format])
    parser.add_argument("--moves", type=int, default=200)
    args = parser.parse_args()
    fmt = Format(args.format)
    times = asyncio.run(timed(args.variant, fmt, args.moves))
    ms = sorted(t * 1000 for t in times)
    print(f"{args.variant}, {fmt.title}: {len(ms)} moves from seat A to seat B's screen")
    if ms:
        p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
        print(f"median {statistics.median(ms):.1f} ms, p95 {p95:.1f} ms, most {ms[-1]:.1f} ms")
    print(f"memory per table (a whole game held): {table_memory(args.variant, fmt) / 1024:.0f} KiB")


if __name__ == "__main__":
    main()
