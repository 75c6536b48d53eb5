"""The ``ginrummies`` command line."""

from __future__ import annotations

import argparse
import os
import secrets
import sys
from collections.abc import Sequence

from . import __version__
from .ai import make_bot
from .core import PRESETS, RulesError, preset


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ginrummies",
        description="Gin Rummy and its relatives in the terminal.",
        epilog="ginrummies sim --help: computer against computer.",
    )
    parser.add_argument(
        "--rules",
        default="gin",
        choices=sorted(PRESETS),
        help="which game to play (default: gin)",
    )
    parser.add_argument(
        "--seed", type=int, default=None, help="deal a game you can replay (default: random)"
    )
    parser.add_argument(
        "--opponent",
        default="normal",
        choices=["random", "easy", "normal", "hard"],
        help="how well the computer plays (default: normal)",
    )
    parser.add_argument("--version", action="version", version=f"ginrummies {__version__}")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args_in = list(sys.argv[1:] if argv is None else argv)
    if args_in[:1] == ["sim"]:
        from .simcli import main as sim_main

        return sim_main(args_in[1:])
    args = build_parser().parse_args(args_in)
    from .textplay import Quit, play

    seed = args.seed if args.seed is not None else secrets.randbelow(10**6)
    try:
        rules = preset(args.rules)
    except RulesError as exc:
        print(f"ginrummies: {exc}", file=sys.stderr)
        return 2

    def ask(prompt: str) -> str:
        try:
            answer = input(prompt)
        except EOFError:
            raise Quit from None
        if answer.strip().lower() in ("q", "quit"):
            raise Quit
        return answer

    try:
        play(rules, seed, make_bot(args.opponent, rules, seed), ask, print)
    except (Quit, KeyboardInterrupt):
        print(f"\nGoodbye. (This deal was seed {seed}: --seed {seed} plays it again.)")
    except BrokenPipeError:
        # the reader went away (| head): stop quietly, as a filter should
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0
