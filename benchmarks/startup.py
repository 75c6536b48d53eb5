"""Start-up: how soon the menu shows, against a bare Textual app, and how
soon the new-game form opens.

    python benchmarks/startup.py              # 7 rounds of each kind
    python benchmarks/startup.py --runs 15

First frame. Each app is started in a new process on a pseudo-terminal of
100 x 32 and timed as a person sees it: from just before the process starts
to the moment the terminal receives the frame that holds the app's text.
Then Ctrl+Q quits it. The apps are

- a bare Textual app: an ``App`` whose screen is one ``Static`` (its text
  is awaited); what any Textual app costs before it draws;
- a Textual app of the menu's widgets (a ``Static``, an ``OptionList`` of
  six items, the ``Footer``) and nothing of the game: what Textual costs to
  show a screen like the menu;
- ``ginrummies`` to its menu ("New game" is awaited), started as the console
  script starts it (``ginrummies.cli.main()``), with $GINRUMMIES_DATA_DIR a
  new folder: empty, and once more holding a game in progress.

New game. In a new process each time (so that what the first opening costs
is counted), the app runs headless (``App.run_test``) on a data folder as
above; timed from Enter on the menu's New game to the form mounted and
drawn once.

Beside each time, the processor time it took (user and system), which a
busy machine inflates far less than the time on the clock: for the first
frames, the whole child process's (start, first frame, quit); for New
game, the main thread's from Enter to the form drawn.

Every kind of run takes its turn in each round, so that a busy moment of a
shared machine slows them alike; each figure is the median and the maximum
of ``--runs`` rounds, after one round not counted. That round writes the
bytecode of every module imported into a temporary folder
($PYTHONPYCACHEPREFIX), where the rounds counted find it, as an installed
package has it: the project's machines set $PYTHONDONTWRITEBYTECODE, under
which every start compiled the game's modules again (about 0.1 s more) but
not Textual's, compiled when it was installed. Nothing is asserted of the
times: see docs/performance.md.
"""

from __future__ import annotations

import argparse
import asyncio
import fcntl
import os
import platform
import pty
import re
import resource
import select
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

SIZE = (100, 32)  # columns, rows
QUIT = b"\x11"  # Ctrl+Q: Textual's quit
TIMEOUT = 60.0  # seconds a run may take before it is given up
CSI = re.compile(rb"\x1b\[[0-9;?<>=$]*[ -/]*[@-~]|\x1b\][^\x07]*\x07|\x1b[()=>][0-9A-Za-z]?")

BARE_TEXT = "bare textual app"
BARE_APP = f"""
from textual.app import App, ComposeResult
from textual.widgets import Static


class Bare(App[None]):
    def compose(self) -> ComposeResult:
        yield Static({BARE_TEXT!r})


Bare().run()
"""

# the menu's own widgets in a Textual app of nothing else: what Textual
# itself costs to show a screen like the menu, with its options and keys
LIKE_TEXT = "New game"
LIKE_APP = f"""
from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.widgets import Footer, OptionList, Static


class Like(App[None]):
    BINDINGS = [("q", "quit", "Quit")]

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("a menu")
            yield OptionList(
                "Continue", {LIKE_TEXT!r}, "Statistics", "Rules", "Settings", "Quit"
            )
        yield Footer()


Like().run()
"""

MENU_TEXT = "New game"
# what the console script ``ginrummies`` runs
GINRUMMIES = "import sys\nfrom ginrummies.cli import main\nsys.exit(main())\n"

GOALS = {"menu / bare": 1.3, "new game": 0.3}


def child_env(cache: Path, folder: Path | None = None) -> dict[str, str]:
    """The environment of a child: bytecode kept in ``cache``, the game's
    data in ``folder``, a terminal of ``SIZE`` that Textual draws on."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("TEXTUAL")}
    for name in ("COLUMNS", "LINES", "PYTHONDONTWRITEBYTECODE"):
        env.pop(name, None)
    env["PYTHONPYCACHEPREFIX"] = str(cache)
    env["TERM"] = "xterm-256color"
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    if folder is not None:
        env["GINRUMMIES_DATA_DIR"] = str(folder)
    return env


def children_cpu() -> float:
    """Processor seconds of the children that have ended so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def first_frame(code: str, text: str, env: dict[str, str]) -> tuple[float, float]:
    """Seconds from starting ``python -c code`` on a pseudo-terminal to
    ``text`` on that terminal (the app is then quit with Ctrl+Q), and the
    processor seconds of the whole process."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", SIZE[1], SIZE[0], 0, 0))
    wanted = text.encode()
    cpu = children_cpu()
    start = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, "-c", code],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        start_new_session=True,
    )
    os.close(slave)
    seen: float | None = None
    out = b""
    try:
        while True:  # read until the child is gone, so that it never waits on the terminal
            ready, _, _ = select.select([master], [], [], TIMEOUT)
            if not ready:
                break
            try:
                chunk = os.read(master, 65536)
            except OSError:  # EIO: the child closed the terminal
                break
            if not chunk:
                break
            if seen is None:
                out += chunk
                if wanted in CSI.sub(b"", out):
                    seen = time.perf_counter() - start
                    os.write(master, QUIT)
    finally:
        os.close(master)
        try:
            child.wait(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()
    if seen is None:
        shown = CSI.sub(b"", out).decode(errors="replace")[-2000:]
        raise RuntimeError(f"{text!r} never showed; the terminal had:\n{shown}")
    return seen, children_cpu() - cpu


def new_game_time(env: dict[str, str]) -> tuple[float, float]:
    """Seconds to open the new-game form, in a new process (see --new-game),
    and the processor seconds it took."""
    out = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--new-game", env["GINRUMMIES_DATA_DIR"]],
        env=env,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=True,
    )
    wall, cpu = out.stdout.split()[-2:]
    return float(wall), float(cpu)


async def open_new_game(folder: Path) -> tuple[float, float]:
    """The child's side: the app on ``folder``, headless; the seconds from
    Enter on New game to the form mounted and drawn, and the processor
    seconds of the main thread meanwhile."""
    from ginrummies.store.settings import SETTINGS_NAME, load_settings
    from ginrummies.tui.app import GinApp
    from ginrummies.tui.screens.menu import MenuScreen

    def new_game_shown() -> bool:  # by name: importing the form's module is part of opening it
        return type(app.screen).__name__ == "NewGameScreen" and app.screen.is_mounted

    settings, _ = load_settings(folder / SETTINGS_NAME)
    app = GinApp(settings, data_dir=folder, settings_path=folder / SETTINGS_NAME)
    async with app.run_test(size=SIZE) as pilot:
        while not (isinstance(app.screen, MenuScreen) and app.screen.is_mounted):
            await asyncio.sleep(0.001)
        await pilot.pause()
        if app.has_game():  # the first item is Continue
            await pilot.press("down")
        cpu = time.thread_time()
        start = time.perf_counter()
        await pilot.press("enter")
        while not new_game_shown():
            await asyncio.sleep(0.001)
        await app.screen.wait_for_refresh()
        took = time.perf_counter() - start, time.thread_time() - cpu
        await pilot.press("escape")
    return took


def save_a_game(folder: Path) -> None:
    """A game in progress in ``folder``, saved as the app saves it: a game
    of Gin against the computer, one move made, kept by a ``Keeper``."""
    from ginrummies.core import Format, preset
    from ginrummies.core.levels import Level
    from ginrummies.play.keeper import Keeper
    from ginrummies.play.session import Session, format_seats

    session = Session(preset("gin"), format_seats(Format.TWO, 1, Level.NORMAL), 2024)
    if session.cut_choosers():
        session.choose_deal([False] * len(session.cut_choosers()))
    if session.person_to_move:
        session.play(session.legal()[0])
    else:
        session.computers.play(session.computers.play_now())
    keeper = Keeper(folder, lambda message, _kind: print(message, file=sys.stderr))
    keeper.open()
    keeper.keep(session)
    keeper.close()
    if not (folder / "game.json").is_file():
        raise RuntimeError(f"no game saved in {folder}")


Measure = Callable[[], tuple[float, float]]


def rounds(runs: int, kinds: dict[str, Measure]) -> dict[str, list[tuple[float, float]]]:
    """Each kind once a round, in turn; one round first not counted."""
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in kinds}
    for n in range(runs + 1):
        for name, measure in kinds.items():
            took = measure()
            if n:
                times[name].append(took)
        print(f"  round {n}/{runs}" + (" (not counted)" if not n else ""), file=sys.stderr)
    return times


def row(name: str, times: Sequence[tuple[float, float]]) -> str:
    wall = [w for w, _ in times]
    cpu = statistics.median(c for _, c in times)
    return f"{name:<38} {statistics.median(wall):>8.3f} {max(wall):>8.3f} {cpu:>8.3f}"


def median(times: Sequence[tuple[float, float]], which: int = 0) -> float:
    """The median time (``which`` 0) or processor time (1)."""
    return statistics.median(t[which] for t in times)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="rounds counted (default: 7)")
    parser.add_argument("--new-game", metavar="FOLDER", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.new_game:  # the child of new_game_time
        wall, cpu = asyncio.run(open_new_game(Path(args.new_game)))
        print(f"{wall:.6f} {cpu:.6f}")
        return 0

    base = Path(tempfile.mkdtemp(prefix="ginrummies-startup-"))
    try:
        cache, empty, playing = base / "pycache", base / "empty", base / "playing"
        empty.mkdir()
        playing.mkdir()
        save_a_game(playing)
        bare, menu, saved = child_env(cache), child_env(cache, empty), child_env(cache, playing)
        kinds: dict[str, Measure] = {
            "bare Textual app, first frame": lambda: first_frame(BARE_APP, BARE_TEXT, bare),
            "Textual app of the menu's widgets": lambda: first_frame(LIKE_APP, LIKE_TEXT, bare),
            "ginrummies menu, first frame": lambda: first_frame(GINRUMMIES, MENU_TEXT, menu),
            "ginrummies menu, a game saved": lambda: first_frame(GINRUMMIES, MENU_TEXT, saved),
            "New game opens, no game": lambda: new_game_time(menu),
            "New game opens, a game in progress": lambda: new_game_time(saved),
        }
        times = rounds(args.runs, kinds)
    finally:
        shutil.rmtree(base, ignore_errors=True)

    sys.stderr.flush()
    print(
        f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores; "
        f"{args.runs} rounds, each kind once a round; seconds"
    )
    print(f"{'':<38} {'median':>8} {'max':>8} {'cpu':>8}")
    for name, taken in times.items():
        print(row(name, taken))
    bare = times["bare Textual app, first frame"]
    for name in ("ginrummies menu, first frame", "ginrummies menu, a game saved"):
        ratio, cpu = median(times[name]) / median(bare), median(times[name], 1) / median(bare, 1)
        print(f"{name} / bare: {ratio:.2f}, cpu {cpu:.2f}  (goal: {GOALS['menu / bare']})")
    like = times["Textual app of the menu's widgets"]
    ratio, cpu = median(like) / median(bare), median(like, 1) / median(bare, 1)
    print(f"Textual app of the menu's widgets / bare: {ratio:.2f}, cpu {cpu:.2f}")
    worst = max(median(times[n]) for n in kinds if n.startswith("New game"))
    print(f"New game, slower median: {worst:.3f} s  (goal: under {GOALS['new game']} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
