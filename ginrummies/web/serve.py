"""``ginrummies serve``: the app in a web browser, through textual-serve.

Every browser tab that opens the page gets its own copy of the app (a
process of its own, started with the options given to ``serve``), on the
one data folder: two tabs behave like two terminals on it, and a tab closed
mid-hand leaves its game saved for the next one.
"""

from __future__ import annotations

import argparse
import contextlib
import ipaddress
import os
import shlex
import socket
import sys
from collections.abc import Sequence
from pathlib import Path

from ..cli.options import (
    add_format_option,
    add_game_options,
    add_people_option,
    people_for,
    starts_a_game,
)
from ..core import PRESETS, Format, RulesError, preset
from ..store import THEMES

WEB_EXTRA = "pip install 'ginrummies[web]'"
PAGE_TITLE = "ginrummies"
TEMPLATES = Path(__file__).parent / "templates"  # the page: textual-serve's, in the game's words
# tabs playing at once: two people on two tabs, or one on a phone and a
# computer, with room to reload; a tab is a process of some 50 MB
DEFAULT_MAX_TABS = 4


def build_serve_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ginrummies serve",
        description="Play in a web browser: serve the game on this machine and open "
        "the address it prints. Each browser tab is a game of its own; all of them keep "
        "their saved game, statistics and settings in one data folder.",
        epilog="Needs the web extra: " + WEB_EXTRA + ". It listens on this machine only "
        "(127.0.0.1) unless --host says otherwise.",
    )
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="the address to listen on (default: 127.0.0.1, this machine only; "
        "0.0.0.0 lets any device that can reach this one play)",
    )
    parser.add_argument(
        "--port", type=int, default=8000, help="the port to listen on (default: 8000)"
    )
    parser.add_argument(
        "--data-dir",
        default=None,
        help="folder for the saved game, statistics and settings "
        "(default: $GINRUMMIES_DATA_DIR, else your user data folder)",
    )
    parser.add_argument(
        "--rules",
        default=None,
        choices=sorted(PRESETS),
        help="each tab starts a game of this variant at once (default: the menu), "
        "or goes on with the game in progress",
    )
    add_game_options(parser)
    add_format_option(parser, None, "; given, each tab starts a game of it at once")
    # --hot-seat and --people (from add_game_options and add_people_option)
    # start a game at once too, as in the terminal
    add_people_option(parser)
    parser.add_argument(
        "--theme",
        metavar="NAME",
        default=None,
        help=f"colour theme: {', '.join(THEMES)}, or one of your own (a theme file in the "
        "themes folder of your config folder; default: the theme chosen in the game's settings)",
    )
    parser.add_argument("--ascii", action="store_true", help="plain ASCII card faces")
    parser.add_argument(
        "--max-tabs",
        type=int,
        default=DEFAULT_MAX_TABS,
        metavar="N",
        help=f"the most browser tabs that play at once (default: {DEFAULT_MAX_TABS}); each "
        "is a game of its own, some 50 MB of memory. A tab over the limit is told so and "
        "starts no game; a tab closed frees its place",
    )
    return parser


def app_command(args: argparse.Namespace, folder: Path) -> str:
    """The shell command each tab runs: this Python's ginrummies, with the
    options that make sense in a browser, on one data folder (``--data-dir``
    only when it was given: otherwise the settings stay in the user's config
    folder, as in the terminal). -P: the package the server runs, never a
    ``ginrummies`` folder in the directory it was started from (a checkout's
    source, which lacks the installed themes and may be another version)."""
    words = [sys.executable, "-P", "-m", "ginrummies", "--served"]
    if args.data_dir is not None:
        words += ["--data-dir", str(folder)]
    for name in ("rules", "format", "people", "seed", "opponent", "theme"):
        value = getattr(args, name)
        if value is not None:
            words += [f"--{name}", str(value)]
    for name in ("hot_seat", "ascii"):
        if getattr(args, name):
            words.append(f"--{name.replace('_', '-')}")
    if starts_a_game(args):
        # each tab asks for that game; a tab opened or reloaded while one
        # is in progress goes on with it instead of asking to leave it
        words.append("--continue")
    return shlex.join(words)


def is_local(host: str) -> bool:
    """Whether ``host`` is reached from this machine only (loopback)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def outward_ip() -> str | None:
    """This machine's address on its network (the one a tablet on the same
    Wi-Fi reaches), or None. A UDP socket "connected" to an outside address
    sends nothing but picks the interface the route goes through."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never reached
            ip = str(probe.getsockname()[0])
    except OSError:
        try:
            ip = socket.gethostbyname(socket.gethostname())
        except OSError:
            return None
    try:
        address = ipaddress.ip_address(ip)
    except ValueError:
        return None
    return None if address.is_loopback or address.is_unspecified else ip


def addresses(host: str, port: int) -> list[str]:
    """The addresses to open: the host itself, or for every interface
    (0.0.0.0, ::) this machine, by its name and by its network address."""
    if host in ("0.0.0.0", "::", ""):
        found = [f"http://localhost:{port}"]
        with contextlib.suppress(OSError):
            found.append(f"http://{socket.gethostname()}:{port}")
        ip = outward_ip()
        if ip is not None:
            found.append(f"http://{ip}:{port}")
        return found
    shown = f"[{host}]" if ":" in host else host
    return [f"http://{shown}:{port}"]


def exposure_warning(host: str, port: int, folder: Path) -> str:
    """What listening beyond this machine means, in a player's words."""
    return (
        f"Warning: listening on {host}, not on this machine alone. Anyone who can reach "
        f"this machine on port {port} can open the game with no password: play, continue "
        f"the saved game, and see the statistics and settings in {folder}. Use it on a "
        "network you trust, and stop it (Ctrl+C) when you are done."
    )


def greeting(host: str, port: int, folder: Path) -> list[str]:
    """What the server says once it listens: the addresses to open, where
    the games are saved, and what listening beyond this machine means."""
    lines = [
        "ginrummies is served. Open in a web browser:",
        *(f"  {url}" for url in addresses(host, port)),
        f"Games are saved in {folder}. Ctrl+C stops the server.",
    ]
    if not is_local(host):
        lines.append(exposure_warning(host, port, folder))
    return lines


def check_game_options(args: argparse.Namespace) -> None:
    """The game options, checked once here rather than in every tab
    (ValueError or RulesError in the command line's words)."""
    fmt = Format(args.format or "two")
    if args.rules is not None:
        fmt.check(preset(args.rules))
    if starts_a_game(args):
        people_for(args, fmt, least=1 if fmt.seats > 2 else 0)


def free_port_near(host: str, port: int) -> int | None:
    """The first port after ``port`` that ``host`` can listen on, if one of the next few."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    for other in range(port + 1, min(port + 20, 65536)):
        try:
            with socket.create_server((host, other), family=family):
                return other
        except OSError:
            continue
    return None


def serve_main(argv: Sequence[str]) -> int:
    """``ginrummies serve``: run the web server until Ctrl+C."""
    args = build_serve_parser().parse_args(argv)

    def fail(message: str) -> int:
        print(f"ginrummies serve: {message}", file=sys.stderr)
        return 2

    try:
        import textual_serve.server  # noqa: F401 - the web extra is there
    except ImportError:
        return fail(f"browser play needs the web extra: {WEB_EXTRA}")
    if not 0 < args.port < 65536:
        return fail("--port must be from 1 to 65535")
    if args.max_tabs < 1:
        return fail("--max-tabs must be 1 or more")
    try:
        check_game_options(args)
    except (RulesError, ValueError) as exc:
        return fail(str(exc))
    from ..store.files import LOCK_NAME, FolderError, FolderLock, config_dir, data_dir
    from ..store.themefiles import theme_names

    try:
        folder = data_dir(args.data_dir).resolve()
        themes = theme_names(config_dir(args.data_dir))
    except OSError as exc:
        return fail(f"cannot use the data folder: {exc}")
    if args.theme is not None and args.theme not in themes:
        # each tab's game says why a theme file of the player's was left out
        return fail(f"there is no theme {args.theme!r}: the themes are {', '.join(themes)}")
    # checked as each tab's game checks it at its start (a new file made in
    # it, its lock file opened), once here rather than failing in every tab.
    # Held by a game in a terminal is fine: each tab says so itself
    lock = FolderLock(folder / LOCK_NAME)
    try:
        lock.acquire()
    except FolderError as exc:
        return fail(f"{exc}. Choose another folder with --data-dir.")
    finally:
        lock.release()
    # taken before the first tab, so that a port in use is said plainly
    try:
        socket.getaddrinfo(args.host, args.port)
    except socket.gaierror:
        return fail(f"cannot listen on {args.host}: no such address (try 127.0.0.1 or 0.0.0.0)")
    try:
        family = socket.AF_INET6 if ":" in args.host else socket.AF_INET
        with socket.create_server((args.host, args.port), family=family):
            pass
    except OSError as exc:
        why = os.strerror(exc.errno) if exc.errno else str(exc)
        other = free_port_near(args.host, args.port)
        hint = f" (another server may have it: try --port {other})" if other else ""
        return fail(f"cannot listen on {args.host} port {args.port}: {why}{hint}")

    from .tabs import GameServer  # textual-serve is there: checked above

    server = GameServer(
        app_command(args, folder),
        host=args.host,
        port=args.port,
        title=PAGE_TITLE,
        templates_path=TEMPLATES,
        max_tabs=args.max_tabs,
        greeting=greeting(args.host, args.port, folder),
    )
    server.serve()
    return 0
