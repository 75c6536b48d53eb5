"""A scripted seat at a hosted table, run as its own process by
tests/test_table_processes.py: it sits down (with the table's code, or its
token from TOKEN_FILE), plays its seat with the easy computer, says it has
seen each hand's result, and comes back with its token when the
connection drops (the host killed and continued). It writes its token to
TOKEN_FILE as soon as it has one, and prints one line per hand, each
game's end and each next game the host deals at the table. Winning the
cut, it plays first.

    python tests/netseat.py ADDRESS CODE NAME TOKEN_FILE [--hands N] [--die-after N]
        [--games N]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import time
from pathlib import Path

from ginrummies.ai import make_bot
from ginrummies.core.levels import Level
from ginrummies.net.client import JoinError, Seated, join
from ginrummies.net.protocol import Goodbye, Lobby, NextGame, Refused, State

BACK_FOR = 60.0  # seconds it tries to come back after a drop
PACE = 0.11  # seconds before each move: within the host's rate (10 a second)


async def sit(address: str, code: str, name: str, token_file: Path) -> Seated:
    token = token_file.read_text().strip() if token_file.exists() else ""
    seated = await join(address, "" if token else code, name, token=token)
    token_file.write_text(seated.welcome.token)
    return seated


async def play(args: argparse.Namespace) -> int:
    token_file = Path(args.token_file)
    seated = await sit(args.address, args.code, args.name, token_file)
    print("seated", flush=True)  # a test may wait for this before it kills the host
    bot = make_bot(Level.EASY, seated.welcome.rules, seated.seat + 7)
    moves = hands = games = 0
    over = False  # this game's end said
    said_ready = -1
    acted: tuple[int, int, int] | None = None  # the turn a move was sent for
    while True:
        try:
            message = await seated.receive()
        except JoinError as exc:
            if seated.goodbye:
                print(f"goodbye: {seated.goodbye}", flush=True)
                return 1
            until = time.monotonic() + BACK_FOR
            while True:  # the host went away: come back with the token
                await asyncio.sleep(0.2)
                try:
                    seated = await sit(args.address, args.code, args.name, token_file)
                    break
                except JoinError:
                    if time.monotonic() > until:
                        print(f"lost: {exc}", flush=True)
                        return 1
            print("back", flush=True)
            acted = None
            continue
        if isinstance(message, Goodbye):
            print(f"goodbye: {message.why}", flush=True)
            return 1
        if isinstance(message, NextGame):
            print(f"next game {message.game}", flush=True)
            over, said_ready, acted = False, -1, None
            continue
        if isinstance(message, Lobby) and message.question:
            await seated.deal(False)  # won the cut: plays first, as the computer would
            continue
        if isinstance(message, Refused):
            acted = None  # refused (the table moved on): look again
        state = seated.state
        if state is None or not isinstance(message, State | Refused):
            continue
        if state.public.result is not None:
            if not over:
                over, games = True, games + 1
                scores = " ".join(str(s) for s in state.public.scores)
                print(f"over {scores}", flush=True)
            if games >= args.games:
                await seated.close()
                return 0
            continue  # the next game, if the host deals one
        view = state.view
        if state.public.tables and all(t.result is not None for t in state.public.tables):
            if said_ready != state.version:
                said_ready = state.version
                hands += 1
                print(f"hand {hands}", flush=True)
                if args.hands and hands >= args.hands:
                    await seated.close()
                    return 0
                await seated.ready()
            continue
        if view is None or not view.my_turn or view.result is not None or acted == state.turn:
            continue
        if args.die_after and moves >= args.die_after:
            os._exit(9)  # killed mid-hand: no goodbye, no close
        acted = state.turn
        await asyncio.sleep(PACE)
        await seated.move(bot.choose(view, list(view.legal_actions)))
        moves += 1


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("address")
    parser.add_argument("code")
    parser.add_argument("name")
    parser.add_argument("token_file")
    parser.add_argument("--hands", type=int, default=0)
    parser.add_argument("--die-after", type=int, default=0)
    parser.add_argument("--games", type=int, default=1)
    args = parser.parse_args()
    try:
        return asyncio.run(play(args))
    except JoinError as exc:
        print(f"cannot join: {exc}", flush=True)
        return 2


if __name__ == "__main__":
    sys.exit(main())
