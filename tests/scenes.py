"""The app's screens in fixed states: for the snapshot tests and for
screenshots/make.py, which draws the README's pictures from the same scenes."""

from __future__ import annotations

import dataclasses
import functools
import shutil
import tempfile
import weakref
from collections.abc import Awaitable, Callable
from datetime import UTC
from pathlib import Path
from typing import Any

from apphelp import finish, make_app, settle, step, turns, until
from textual.pilot import Pilot

from ginrummies.ai import make_bot
from ginrummies.core import Format, Knock, preset
from ginrummies.play.saving import record
from ginrummies.play.session import Seat, SeatKind, Session, default_seats, format_seats
from ginrummies.store import Settings
from ginrummies.store.saves import parse
from ginrummies.store.stats import STATS_NAME
from ginrummies.tui.app import GinApp
from ginrummies.tui.screens.curtain import CurtainScreen
from ginrummies.tui.screens.newgame import NewGameScreen
from ginrummies.tui.screens.review import ReviewScreen
from ginrummies.tui.screens.rules import RulesScreen
from ginrummies.tui.screens.settings import SettingsScreen
from ginrummies.tui.screens.statistics import StatsScreen
from ginrummies.tui.screens.table import TableScreen
from ginrummies.tui.themes import load_themes

Before = Callable[[Pilot[Any]], Awaitable[None]]
COACH = Path(__file__).parent / "data" / "coach"  # ten games reviewed (its make.py)
# a player's own themes folder, with the README's example theme (harbour.toml)
YOURS = Path(__file__).parent / "data" / "themes"
SIZE = (120, 36)
# scenes drawn at another size than SIZE: the small tables are another
# scene's game in the window most terminals open with
SIZES = {
    "host-form": (80, 24),
    "too-small": (80, 20),
    "cut": (80, 24),
    "small-gin": (80, 24),
    "small-skarney": (80, 24),
    "small-three": (80, 24),
    "small-partnership": (80, 24),
    "small-partners": (80, 24),
}


def size_of(name: str) -> tuple[int, int]:
    return SIZES.get(name, SIZE)


def settled(extra: Before | None = None) -> Before:
    async def before(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        if extra is not None:
            await extra(pilot)
        await settle(pilot)

    return before


def core_played(variant: str, seed: int, point: Callable[[Session], bool]) -> Session:
    """A game against the easy computer, played without the app (fast) by
    an easy player up to ``point``: the app is started there, as a game
    taken up again, and draws the position the scene is about."""
    session = Session(preset(variant), default_seats(False, "easy"), seed)
    person = make_bot("easy", session.rules, 8)
    for _ in range(600):
        if point(session):
            return session
        step(session, person)
    raise AssertionError(f"{variant} {seed}: the scene's position never came")


def can_knock(session: Session) -> bool:
    return any(isinstance(a, Knock) for a in session.legal())


def your_turn_after(moves: int) -> Callable[[Session], bool]:
    """The person's turn, once ``moves`` moves have been made in the hand."""
    return lambda s: len(s.hand.log) >= moves and s.to_move == 0 and not s.round_over


def on_table(variant: str, seed: int, moves: int, **settings: Any) -> tuple[GinApp, Before]:
    """The table ``moves`` moves into a hand, the person to move."""
    session = core_played(variant, seed, your_turn_after(moves))
    return GinApp(Settings(speed="instant", **settings), session=session), settled()


def scene(name: str, folder: Path | None = None) -> tuple[GinApp, Before]:
    """The app and what to do before the picture, by scene name. ``folder``:
    the data folder of the scenes that need one (default: a temporary one,
    removed with the app)."""
    felt = Settings(speed="instant")
    if name == "menu":
        return make_app(session=False), settled()
    if name == "new-game":
        app = make_app(session=False)

        async def new(pilot: Pilot[Any]) -> None:
            app.push_screen(NewGameScreen(dataclasses.replace(felt, default_rules="oklahoma")))
            await pilot.pause()
            app.screen.query_one("#seed").value = "1234"  # type: ignore[attr-defined]

        return app, settled(new)
    if name == "rules":
        app = make_app(session=False)

        async def rules(pilot: Pilot[Any]) -> None:
            app.push_screen(RulesScreen("skarney"))

        return app, settled(rules)
    if name in ("host-form", "join-form"):
        app = make_app(session=False)

        async def form(pilot: Pilot[Any]) -> None:
            from ginrummies.tui.screens.hostform import HostForm
            from ginrummies.tui.screens.joinform import JoinForm

            app.push_screen(HostForm("Ann") if name == "host-form" else JoinForm("Ann"))

        return app, settled(form)
    if name == "settings":
        app = make_app(session=False)

        async def prefs(pilot: Pilot[Any]) -> None:
            app.push_screen(SettingsScreen(app.settings))

        return app, settled(prefs)
    if name in FORMAT_SCENES or name.startswith(("small-three", "small-partner")):
        return format_scene(name.removeprefix("small-"))
    if name.startswith("small-"):
        return scene("table-" + name.removeprefix("small-"), folder)
    if name.startswith("table-"):
        variant = name.removeprefix("table-")
        if variant in ("skarney", "colonel"):
            # melds on the table, your turn
            session = core_played(
                variant, 4, lambda s: len(s.view(0).table.melds) >= 3 and s.to_move == 0
            )
            assert not session.hand.is_over
            return GinApp(felt, session=session), settled()
        return on_table(variant, 2, 10)
    if name == "joined":
        return joined_scene()
    if name == "theme-yours":
        return yours_scene()
    if name.startswith("theme-"):
        theme = name.removeprefix("theme-")
        return on_table("gin", 2, 10, theme=theme)
    if name == "four-colour-ascii":
        return on_table("gin", 2, 10, four_colour=True, card_style="ascii")
    if name == "four-colour-colour-blind":
        return on_table("gin", 2, 10, four_colour=True, theme="colour-blind")
    if name == "result":
        # a hand played to its end: the app opens on its result
        session = core_played("gin", 21, lambda s: s.round_over)
        return GinApp(felt, session=session), settled()
    if name == "cut":
        app = make_app("gin", 2)  # you win the cut: play first, or deal?

        async def asked(pilot: Pilot[Any]) -> None:
            await pilot.pause()

        return app, asked
    if name == "curtain":
        app = make_app("gin", 2, hot_seat=True)

        async def curtain(pilot: Pilot[Any]) -> None:
            await turns(pilot, 3, until=lambda a: isinstance(a.screen, CurtainScreen))

        return app, settled(curtain)
    if name == "help":
        app = make_app("gin", 2)

        async def help_(pilot: Pilot[Any]) -> None:
            await pilot.press("f1")

        return app, settled(help_)
    if name == "knock":
        # the person's first chance to knock, then k
        session = core_played("gin", 21, lambda s: s.to_move == 0 and can_knock(s))

        async def knock(pilot: Pilot[Any]) -> None:
            await pilot.press("k")

        return GinApp(felt, session=session), settled(knock)
    if name == "too-small":
        app = make_app("gin", 2)

        async def small(pilot: Pilot[Any]) -> None:
            await pilot.resize_terminal(80, 20)

        return app, settled(small)
    if name.startswith("statistics"):
        app = recorded_app(folder)

        async def stats(pilot: Pilot[Any]) -> None:
            # the games' times in one time zone, whatever the machine's
            app.push_screen(StatsScreen(app.stats, zone=UTC))
            await pilot.pause()
            if name == "statistics-games":
                await pilot.press("g")

        return app, settled(stats)
    if name == "replay":
        session = finish(None, played_session("gin", "easy", 11, target=60), 3)
        saved = parse(session.to_json())
        app = GinApp(Settings(speed="instant"), replay=saved)

        async def steps(pilot: Pilot[Any]) -> None:
            for _ in range(9):
                await pilot.press("right")

        return app, settled(steps)
    if name == "review":
        session = finish(None, played_session("gin", "easy", 11, target=60), 3)
        app = GinApp(Settings(speed="instant"), replay=parse(session.to_json()))

        async def rated(pilot: Pilot[Any]) -> None:
            await pilot.press("r")
            await review_done(pilot)

        return app, settled(rated)
    if name == "coach":
        app = data_app(folder)
        shutil.copy(COACH / STATS_NAME, app.data_dir / STATS_NAME)

        async def coach(pilot: Pilot[Any]) -> None:
            app.push_screen(StatsScreen(app.stats, zone=UTC))
            await pilot.pause()
            await pilot.press("c")

        return app, settled(coach)
    if name == "undo":
        app = make_app("gin", 8)

        async def undo(pilot: Pilot[Any]) -> None:
            await pilot.press("t")
            await pilot.press("u")

        return app, settled(undo)
    raise KeyError(name)


FORMAT_SCENES = [
    "three",
    "partnership",
    "partners",
    "partnership-light",
    "curtain-partnership",
    "result-partnership",
    "game-over-three",
    "help-partnership",
]


def yours_scene() -> tuple[GinApp, Before]:
    """The table in a theme of the player's: the README's example,
    tests/data/themes/harbour.toml, as if in their config folder's themes."""
    settings = Settings(speed="instant", theme="harbour")
    session = Session(preset("gin"), default_seats(False, "easy"), 2)
    app = GinApp(settings, session=session, themes=load_themes(YOURS))

    async def play(pilot: Pilot[Any]) -> None:
        await turns(pilot, 3, until=lambda a: bool(a.session and a.session.hand.is_over))

    return app, settled(play)


def joined_scene() -> tuple[GinApp, Before]:
    """Bob's seat at Ann's table across machines, as his app draws it: the
    table from the host's states alone (the public match, his own view and
    the log; tests/test_remote_session.py shows that this is the table the
    states make), a few turns into the first hand."""
    from ginrummies.play.remote import RemoteSession

    seats = [Seat("Ann"), Seat("Bob", SeatKind.AWAY)]
    session = Session(preset("gin"), seats, 9)
    players = [make_bot("normal", session.rules, 3), make_bot("normal", session.rules, 4)]
    while len(session.game.round.hands[0].events) < 9 or session.game.seat_to_move(0) != 1:
        seat = session.game.seat_to_move(0)
        assert seat is not None
        view = session.game.view(seat)
        session.play(players[seat].choose(view, list(view.legal_actions)), seat)
    public, view = session.game.public(1), session.game.view(1)
    remote = RemoteSession(
        1, session.rules, session.format, session.names, public, view, send=print, ready=print
    )
    seated = [(s.name, None) for s in session.seats]
    remote.update(public, view, session.records, seated, ())
    app = GinApp(Settings(speed="instant"))

    async def joined(pilot: Pilot[Any]) -> None:
        app.push_screen(TableScreen(remote))

    return app, settled(joined)


def format_scene(name: str) -> tuple[GinApp, Before]:
    """The formats of three and four, played without the app (fast, and the
    same every time) to a moment worth a picture, then shown."""
    fmt = Format.PARTNERSHIP
    if "three" in name:
        fmt = Format.THREE
    elif "partners" in name and "partnership" not in name:
        fmt = Format.PARTNERS
    variant = "skarney" if fmt is Format.PARTNERS else "gin"
    # partnership: you (A) and Ann (B) against two computers, hot-seat, so
    # the other table waits for Ann and the picture is the same every time
    people = 1 if fmt is Format.THREE else 2
    seats = format_seats(fmt, people, "easy", ("You", "Ann"))
    session = Session(preset(variant), seats, 6, format=fmt)
    person = make_bot("easy", session.rules, 8)
    settings = Settings(speed="instant", theme="light" if name.endswith("light") else "felt")

    def played() -> int:
        return sum(len(h.log) for h in session.game.round.hands)

    if name == "game-over-three":
        finish(None, session)
    elif name == "result-partnership":
        while not session.round_over:
            step(session, person)
    else:
        rounds = 2 if fmt is not Format.PARTNERS else 1
        while len(session.game.rounds) < rounds or played() < 12 or session.to_move != 0:
            step(session, person)
    app = GinApp(settings, session=session)

    async def sit_down(pilot: Pilot[Any]) -> None:
        if name == "curtain-partnership":
            return
        if isinstance(app.screen, CurtainScreen):
            await pilot.press("enter")
            await settle(pilot)
        if name == "help-partnership":
            await pilot.press("f1")

    return app, settled(sit_down)


def played_session(variant: str, level: str, seed: int, target: int) -> Session:
    rules = preset(variant).but(target=target)
    return Session(rules, (Seat("You"), Seat("Computer", SeatKind.COMPUTER, level)), seed)


RECORD = [("gin", "easy"), ("gin", "normal"), ("oklahoma", "easy"), ("colonel", "easy")]


def data_app(folder: Path | None = None) -> GinApp:
    """An app whose data folder is ``folder``, or a temporary one that goes
    when the app does (or at the latest when Python exits), so no run
    leaves one behind."""
    if folder is None:
        folder = Path(tempfile.mkdtemp(prefix="ginrummies-scene-"))
        app = GinApp(Settings(speed="instant"), data_dir=folder)
        weakref.finalize(app, shutil.rmtree, folder, ignore_errors=True)
        return app
    return GinApp(Settings(speed="instant"), data_dir=folder)


async def review_done(pilot: Pilot[Any]) -> None:
    """Wait (two minutes at most) for the review on screen to end."""

    def ended() -> bool:
        screen = pilot.app.screen
        return isinstance(screen, ReviewScreen) and not screen.running

    await until(pilot, ended, "the review to end", guard=120)


@functools.cache
def recorded_games() -> tuple[tuple[Session, ...], Session]:
    """The eight finished games and the one left after its first hand
    (played once a process: the same games for every picture)."""
    done = []
    for n, (variant, level) in enumerate(RECORD * 2):
        target = 150 if variant == "colonel" else 60
        done.append(finish(None, played_session(variant, level, 100 + n, target), n))
    left = played_session("gin", "easy", 200, 60)
    person = make_bot("easy", left.rules, 8)
    while not left.hand.is_over:
        step(left, person)
    left.next_hand()  # left at the start of its second hand
    return tuple(done), left


def recorded_app(folder: Path | None = None) -> GinApp:
    """An app whose statistics hold eight finished games and one abandoned
    after its first hand, at fixed times (its data folder: ``data_app``'s)."""
    app = data_app(folder)
    stats = app.stats
    assert stats is not None
    # recorded the way the app records them, without its save after every move
    done, left = recorded_games()
    for session in done:
        record(session, stats)
    record(left, stats, abandoned=True)
    with stats.connect(write=True) as db:  # the same clock in every picture
        db.execute("UPDATE games SET updated = 1795300000 + 3600 * rowid")
    return app


SCENES = [
    "menu",
    "new-game",
    "rules",
    "settings",
    "table-gin",
    "table-oklahoma",
    "table-sequence",
    "table-skarney",
    "table-colonel",
    "knock",
    "result",
    "curtain",
    "help",
    "theme-dark",
    "theme-light",
    "theme-contrast",
    "theme-terminal-dark",
    "theme-terminal-light",
    "theme-colour-blind",
    "theme-yours",
    "four-colour-colour-blind",
    "four-colour-ascii",
    "too-small",
    "small-gin",
    "small-skarney",
    "statistics",
    "statistics-games",
    "replay",
    "review",
    "coach",
    "undo",
    "cut",
    "joined",
    "host-form",
    "join-form",
    *FORMAT_SCENES,
    "small-three",
    "small-partnership",
    "small-partners",
]
