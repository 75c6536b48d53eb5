"""``ginrummies host`` and ``ginrummies join``: a table across machines.

``host`` opens a table in the app for people on other machines (the host
plays at its own keyboard too); ``join ADDRESS CODE`` sits down at one.
Both run the same Textual app as ``ginrummies``, on the same data folder.
"""

from __future__ import annotations

import argparse
import secrets
import socket
import ssl
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..core import LEVELS, PRESETS, Format, Level, RulesError, preset
from ..net.plan import PORT, login_name
from .app import fail, run_app, theme_help
from .options import add_format_option

if TYPE_CHECKING:
    from ..net.plan import HostPlan


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--name", default=None, help="the name you sit under (default: your login)")
    parser.add_argument(
        "--theme", metavar="NAME", default=None, help=theme_help("the one in your settings")
    )
    parser.add_argument("--ascii", action="store_true", help="plain ASCII card faces")
    parser.add_argument("--data-dir", default=None, help="folder for saves and statistics")
    parser.set_defaults(served=False)


def build_host_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ginrummies host",
        description="Open a table for people on other machines; you play at it too.",
        epilog=(
            "It prints the command to give the others: ginrummies join ADDRESS CODE. "
            "By default only this machine can reach the table (friends come through "
            "an SSH tunnel: see the README); --listen 0.0.0.0 opens it to your network, "
            "where the traffic is not encrypted unless --tls is given a certificate."
        ),
    )
    parser.add_argument("--rules", default="gin", choices=sorted(PRESETS), help="the variant")
    add_format_option(parser)
    parser.add_argument("--seed", type=int, default=None, help="the seed that deals the game")
    parser.add_argument(
        "--target",
        type=int,
        default=None,
        help="the score that wins the game (default: the variant's, in its format)",
    )
    parser.add_argument(
        "--opponent",
        default="normal",
        choices=list(LEVELS),
        help="the computer's level in the seats nobody takes (default: normal)",
    )
    parser.add_argument(
        "--listen",
        default="127.0.0.1",
        help="the address to listen on (default 127.0.0.1: this machine only; "
        "0.0.0.0: every network this machine is on)",
    )
    parser.add_argument("--port", type=int, default=PORT, help=f"the port (default {PORT})")
    parser.add_argument(
        "--hints",
        action="store_true",
        help="allow hints at the table (off by default: people play people)",
    )
    parser.add_argument("--tls", metavar="CERT", default=None, help="a certificate (PEM) for TLS")
    parser.add_argument("--tls-key", metavar="KEY", default=None, help="its private key (PEM)")
    parser.add_argument(
        "--people",
        type=int,
        default=None,
        help="how many people sit at the table, you included (default: every seat); "
        "the computer plays the other seats",
    )
    parser.add_argument(
        "--headless",
        action="store_true",
        help="hold the table without playing at it and without a screen (a server): "
        "--people seats for people elsewhere, it starts once they have all sat down",
    )
    parser.add_argument(
        "--continue",
        dest="resume",
        action="store_true",
        help="take up the table's game where it stopped (the others rejoin by themselves)",
    )
    _common(parser)
    return parser


def build_join_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ginrummies join",
        description="Sit down at a table hosted on another machine.",
    )
    parser.add_argument("address", help="the host's address and port, as it printed it")
    parser.add_argument("code", help="the table's code, as the host gave it")
    parser.add_argument(
        "--tls",
        action="store_true",
        help="the host uses TLS (its certificate must be trusted, or given with --tls-ca)",
    )
    parser.add_argument("--tls-ca", metavar="CERT", default=None, help="a certificate to trust")
    _common(parser)
    return parser


def host_main(argv: Sequence[str]) -> int:
    """``ginrummies host``: the app, hosting a table."""
    args = build_host_parser().parse_args(list(argv))
    if not 0 <= args.port <= 65535:
        return fail(f"no port {args.port}: a port is 0 to 65535")
    tls = None
    if args.tls is not None:
        try:
            tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            tls.load_cert_chain(args.tls, args.tls_key)
        except (OSError, ssl.SSLError) as exc:
            return fail(f"cannot use the certificate {args.tls}: {exc}")
    elif args.tls_key is not None:
        return fail("--tls-key goes with --tls CERT")
    from ..net.kept import game_in_progress, read_table
    from ..net.plan import HostPlan, new_plan  # the bots: only now

    fmt = Format(args.format)
    level = Level(args.opponent)
    name = args.name or login_name()
    if args.resume:
        taken = read_table(args.data_dir)
        if isinstance(taken, str):
            return fail(taken)
        session, code, tokens = taken
        remote = frozenset(seat for seat, _, _ in tokens)
        plan = HostPlan(
            session, remote, args.listen, args.port, tls, level, code, tokens, args.hints
        )
        return headless(args, plan) if args.headless else run_app(args, host=plan)
    try:
        rules = preset(args.rules)
        fmt.check(rules)
    except (RulesError, ValueError) as exc:
        return fail(str(exc))
    if not args.headless:  # said here, before the app: a busy port is the usual trouble
        problem = port_problem(args.listen, args.port)
        if problem:
            return fail(problem)
    elif in_progress := game_in_progress(args.data_dir):  # the app asks; here, no one to ask
        return fail(in_progress)
    people = fmt.seats if args.people is None else args.people
    seed = args.seed if args.seed is not None else secrets.randbelow(10**6)
    try:
        plan = new_plan(
            rules, fmt, people, level, seed,
            name=None if args.headless else name,
            listen=args.listen, port=args.port, tls=tls, hints=args.hints, target=args.target,
        )  # fmt: skip
    except ValueError as exc:
        return fail(str(exc))
    return headless(args, plan) if args.headless else run_app(args, host=plan)


def port_problem(address: str, port: int) -> str:
    """Why the table cannot listen at ``address``:``port`` ("" if it can)."""
    try:
        infos = socket.getaddrinfo(address, port, type=socket.SOCK_STREAM)
    except OSError as exc:
        return f"cannot listen on {address}: {exc.strerror or exc}"
    family, kind, proto, _, where = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(where)
        except OSError as exc:
            why = exc.strerror or str(exc)
            return f"cannot listen on {address}:{port}: {why} (another --port?)"
    return ""


def headless(args: argparse.Namespace, plan: HostPlan) -> int:
    """The table held without a screen, until its game is over."""
    import asyncio
    from pathlib import Path

    from ..net.headless import Headless
    from ..play.printable import printable
    from ..store.files import data_dir

    try:
        folder: Path | None = data_dir(args.data_dir)
    except OSError as exc:
        return fail(f"cannot use the data folder: {exc}")
    table = plan.table()

    def say(line: str) -> None:
        print(printable(line), flush=True)

    def invite(port: int) -> str:
        shown = plan.listen if plan.listen not in ("0.0.0.0", "::") else "THIS-MACHINE"
        tls = " --tls" if plan.tls is not None else ""
        return f"ginrummies join {shown}:{port} {table.code}{tls}"

    held = Headless(table, folder, say, started=bool(plan.tokens), level=plan.level)
    try:
        return asyncio.run(held.run(plan.listen, plan.port, plan.tls, invite))
    except KeyboardInterrupt:
        say("Stopped: ginrummies host --headless --continue takes the game up again.")
        return 130


def join_main(argv: Sequence[str]) -> int:
    """``ginrummies join ADDRESS CODE``: the app, seated at a hosted table."""
    args = build_join_parser().parse_args(list(argv))
    tls = None
    if args.tls or args.tls_ca is not None or args.address.startswith("wss://"):
        try:
            tls = ssl.create_default_context(cafile=args.tls_ca)
        except (OSError, ssl.SSLError) as exc:
            return fail(f"cannot use the certificate {args.tls_ca}: {exc}")
    from ..net.client import JoinError, address_uri
    from ..net.joining import JoinPlan

    try:
        address_uri(args.address, tls is not None)  # said here, before the app starts
    except JoinError as exc:
        return fail(str(exc))
    plan = JoinPlan(args.address, args.code, args.name or login_name(), tls)
    return run_app(args, join=plan)
