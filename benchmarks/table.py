"""How fast a move reaches the other screen at a table across machines
(issue 35), and what a table costs the host in memory.

    python benchmarks/table.py                 # Gin, two seats, 200 moves timed
    python benchmarks/table.py --variant skarney --format partners

A host and two joined seats run on the loopback in this one process (one
asyncio loop: what is timed is the protocol's work, the JSON and the
sockets, not a second machine's; the computers of the other seats think
in threads of it, as at a real host). Seats A and B play as the ``easy``
level would; each of A's moves is timed from the moment A sends it to
the moment seat B has read the State that shows it (its table's history
one event longer). A seat reads every message as it comes (its screen)
and acts on the newest State a tenth of a second after it came (its
person: the host takes 10 messages a second from a seat, and refuses
faster ones as a flood). Goal: under 50 ms at the median. The memory is
the host's Python allocations for one table (its Session and Table,
with a game played to its end), by tracemalloc.
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
from ginrummies.net.protocol import State
from ginrummies.net.server import RATE, TableServer
from ginrummies.net.table import Table
from ginrummies.play.session import Seat, SeatKind, Session


def seats_for(fmt: Format) -> list[Seat]:
    return [Seat(f"P{i}") if i < 2 else Seat(f"C{i}", SeatKind.COMPUTER) for i in range(fmt.seats)]


async def timed(variant: str, fmt: Format, moves: int) -> list[float]:
    """Seconds from each of A's moves to B's screen, for ``moves`` moves."""
    session = Session(preset(variant), seats_for(fmt), 1, format=fmt, target=500)
    host = TableServer(Table(session, frozenset({0, 1})), started=False)
    address, port = await host.listen("127.0.0.1", 0)
    where = f"{address}:{port}"
    a = await join(where, host.table.code, "A")
    b = await join(where, host.table.code, "B")
    await host.start()
    bots = {s.seat: make_bot("easy", session.rules, seed=s.seat) for s in (a, b)}
    times: list[float] = []
    # A's move in flight: its round, table and that table's history length
    # before it, and when it was sent
    pending: list[tuple[tuple[int, int, int], float]] = []
    done = asyncio.Event()

    def shows(state: State, move: tuple[int, int, int]) -> bool:
        number, table, events = move
        public = state.public
        return public.number > number or len(public.tables[table].history) > events

    async def screen(s: Seated, fresh: asyncio.Event) -> None:
        """The seat reads every message as it comes; B's reads stop A's clock."""
        while not done.is_set():
            message = await s.receive()
            state = s.state
            if not isinstance(message, State) or state is None:
                continue
            if s is b and pending and shows(state, pending[0][0]):
                times.append(time.perf_counter() - pending.pop()[1])
            if len(times) >= moves or state.public.result is not None:
                done.set()
            fresh.set()

    async def person(s: Seated, fresh: asyncio.Event) -> None:
        """The seat acts on the newest State a tenth of a second after one
        came: a move once in each position of its table, Ready once a hand."""
        moved, readied = (-1, -1, -1), -1
        while not done.is_set():
            await fresh.wait()
            fresh.clear()
            await asyncio.sleep(1 / RATE)
            state = s.state
            if state is None:
                continue
            view = state.view
            if view is not None and view.legal_actions and view.to_move == view.player:
                if state.turn == moved:
                    continue
                moved = state.turn
                action = bots[s.seat].choose(view, list(view.legal_actions))
                if s is a and not pending:
                    table = state.public.table_of(s.seat)
                    assert table is not None
                    move = (state.public.number, table, len(state.public.tables[table].history))
                    pending.append((move, time.perf_counter()))
                await s.move(action)
            elif (
                all(t.result is not None for t in state.public.tables) and state.version != readied
            ):
                readied = state.version
                await s.ready()

    fresh = {s.seat: asyncio.Event() for s in (a, b)}  # a State came: the person looks
    tasks = [asyncio.create_task(f(s, fresh[s.seat])) for s in (a, b) for f in (screen, person)]
    try:
        await asyncio.wait_for(done.wait(), 600)
    except TimeoutError:
        pass
    finally:
        for task in tasks:
            task.cancel()
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
            session.computers.play_now()
        else:  # at two tables the one with fewer moves goes on
            seat = session.next_mover()
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
