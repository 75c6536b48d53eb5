"""The replay of every format of three and four: a finished game, played by
the computer, stepped through move by move to its end and back at 80×24 and
120×36, each step checked against the core's own state rebuilt apart from
the screen: the cards at every table, who sits out, the scores."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from apphelp import finish, until
from textual.pilot import Pilot
from textual.widgets import Static

from ginrummies.cli import main
from ginrummies.core import Card, Format, Match, preset, says
from ginrummies.core.levels import Level
from ginrummies.play.saving import record
from ginrummies.play.session import Session, format_seats
from ginrummies.store import Settings
from ginrummies.store.saves import Saved, parse, replay
from ginrummies.store.stats import STATS_NAME, Stats
from ginrummies.tui.app import GinApp
from ginrummies.tui.screens.melds import MeldsScreen
from ginrummies.tui.screens.replay import BOTH_TABLES_FROM, Place, ReplayScreen
from ginrummies.tui.screens.statistics import StatsScreen
from ginrummies.tui.seatview import short_names
from ginrummies.tui.widgets.melds import TableMeldsView
from ginrummies.tui.widgets.piles import PileView
from ginrummies.tui.widgets.replaytable import ReplayTable

# each format: its variant, the target and the seed of a short game of two
# rounds or more (Skarney Partners' rounds are long: one of 31 moves)
CASES = {
    "three": ("gin", Format.THREE, 30, 5),
    "partnership": ("gin", Format.PARTNERSHIP, 20, 23),
    "skarney3": ("skarney", Format.SKARNEY3, 30, 23),
    "captains": ("skarney", Format.CAPTAINS, 30, 5),
    "partners": ("skarney", Format.PARTNERS, 5, 5),
}
SIZES = [(80, 24), (120, 36)]


@cache
def finished(name: str) -> tuple[str, Session]:
    """A finished game of the format ``name``, by computers (the one person's
    moves too), as a replay file's text and as played."""
    variant, fmt, target, seed = CASES[name]
    seats = format_seats(fmt, 1, Level.EASY)
    session = Session(preset(variant), seats, seed, format=fmt, target=target)
    finish(None, session)
    return session.to_json(), session


@dataclass(frozen=True)
class State:
    """What the core says of one step: each table's seats and both hands,
    who sits out and the scores."""

    tables: tuple[tuple[tuple[int, int], tuple[Card, ...], tuple[Card, ...]], ...]
    sitting_out: tuple[int, ...]
    scores: tuple[int, ...]


def state(match: Match) -> State:
    rnd = match.round
    tables = tuple(
        (t.seats, h.cards_of(0), h.cards_of(1)) for t, h in zip(rnd.tables, rnd.hands, strict=True)
    )
    return State(tables, match.public().sitting_out, tuple(match.scores))


def states(saved: Saved) -> list[list[State]]:
    """Every step of the game, round by round (the deal, then each move in
    the order it was made), from a match of the core's own, not the screen's."""
    match = replay(replace(saved, log=[]))  # the deal of the first round, nothing played
    per = saved.format.tables
    out = []
    for n in range(len(saved.log) // per):
        if n:
            match.next_hand()
        if per > 1:
            assert saved.order is not None  # a game's own file keeps the order of its moves
            order = saved.order[n]
        else:
            order = [0] * len(saved.log[n])
        taken = [0] * per
        steps = [state(match)]
        for t in order:
            match.apply(saved.log[n * per + t][taken[t]], t)
            taken[t] += 1
            steps.append(state(match))
        out.append(steps)
    assert match.is_over
    return out


def text(widget: Static) -> str:
    return str(widget.render())


async def check(pilot: Pilot[Any], screen: ReplayScreen, want: State, switch: bool = True) -> None:
    """The screen shows ``want``: every table's hands (the other table too,
    through ``t``, when one is shown at a time; without ``switch``, the
    hidden table's cards as they stand, ready for ``t``), who sits out, the
    scores."""
    session = screen.session
    assert session is not None
    names = session.names
    tables = list(screen.query(ReplayTable).results(ReplayTable))
    assert len(tables) == len(want.tables)
    seen: set[int] = set()
    for _ in range(len(tables)):
        for table in tables:
            if not table.display and switch:
                continue
            seats, cards0, cards1 = want.tables[table.table]
            assert sorted(table.hand_of(0).cards) == sorted(cards0)
            assert sorted(table.hand_of(1).cards) == sorted(cards1)
            if table.display:  # (a hidden table's names have no room: "…")
                upper = str(table.query_one("#upper-name").render())
                lower = str(table.query_one("#lower-name").render())
                assert upper.startswith(names[seats[1]]) and lower.startswith(names[seats[0]])
            notes = table.query_one(PileView).shown.notes
            for seat in want.sitting_out:
                assert says(names[seat], "sits out") in notes
            seen.add(table.table)
        if len(seen) < len(tables):
            await pilot.press("t")  # one table at a time: the other one
    assert seen == set(range(len(tables)))
    seating = text(screen.query_one("#seating", Static))
    for seat in want.sitting_out:
        assert names[seat] in seating and ("sits out" in seating or "sit out" in seating)
    for side, score in zip(short_names(session), want.scores, strict=True):
        assert f"{side} {score}" in screen.sub_title
    assert tuple(session.game.scores) == want.scores


async def walk(name: str, size: tuple[int, int]) -> None:
    replay_text, played = finished(name)
    saved = parse(replay_text)
    steps = states(saved)
    app = GinApp(Settings(speed="instant"), replay=saved)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert screen.both_tables == (saved.format.tables > 1 and size[0] >= BOTH_TABLES_FROM)
        # to the end, move by move: every step's cards at every table. Where
        # one table shows at a time, t switches to the other at each hand's
        # deal and at the last move (the seats, and so the names, are the
        # hand's); between them the hidden table is read as it stands
        places = [Place(n, s) for n, round_ in enumerate(steps) for s in range(len(round_))]
        for i, place in enumerate(places):
            if i:
                await pilot.press("right")
            assert screen.place == place
            assert f"Move {place.step} of {len(steps[place.hand]) - 1}" in text(
                screen.query_one("#replay-move", Static)
            )
            switch = place.step == 0 or i == len(places) - 1
            await check(pilot, screen, steps[place.hand][place.step], switch)
        # the end: the game's own final scores and its result
        session = screen.session
        assert session is not None and session.game.is_over
        assert session.game.scores == played.game.scores
        assert played.game.result is not None
        first = played.game.result.breakdown(played.side_names)[0]
        assert first in text(screen.query_one("#replay-status", Static))
        await pilot.press("right")  # nothing after the last move
        assert screen.place == places[-1]
        # and back to the deal of the first hand (the hidden table read as
        # it stands: the way forward switched tables, which costs a redraw)
        for place in reversed(places[:-1]):
            await pilot.press("left")
            assert screen.place == place
            await check(pilot, screen, steps[place.hand][place.step], switch=False)
        # hand by hand
        for n in range(1, len(steps)):
            await pilot.press("pagedown")
            assert screen.place == Place(n, 0)
            await check(pilot, screen, steps[n][0])
        await pilot.press("end")
        assert screen.place == places[-1]
        await pilot.press("q")
    assert app.return_code in (0, None)


# every format where one table shows at a time, and the two-table formats
# again where both show side by side (a game of three lays out alike at both)
STEPPED = [(name, SIZES[0]) for name in CASES] + [
    (name, SIZES[1]) for name in CASES if CASES[name][1].tables > 1
]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "size"), STEPPED, ids=[f"{n}-{s[0]}x{s[1]}" for n, s in STEPPED])
async def test_every_step_shows_the_cores_state(name: str, size: tuple[int, int]) -> None:
    await walk(name, size)


@pytest.mark.slow
async def test_two_tables_one_at_a_time_the_footer_shows_the_other() -> None:
    saved = parse(finished("partnership")[0])
    app = GinApp(Settings(speed="instant"), replay=saved)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)

        def footer() -> str:
            return app.screen._compositor.render_strips()[-1].text

        # the footer lays out its keys a refresh after the screen's bindings change
        await until(pilot, lambda: "t Table 2" in footer(), "the key to the other table")
        assert "Next" in footer() and "Leave" in footer(), footer()
        await pilot.press("t")
        await until(pilot, lambda: "t Table 1" in footer(), "the key back to table 1")
        shown = [t.table for t in screen.query(ReplayTable).results(ReplayTable) if t.display]
        assert shown == [1]
        # home and end still work, though the footer has no room to name them
        await pilot.press("right", "right", "end")
        assert screen.place == Place(0, screen.moves[0])
        await pilot.press("home")
        assert screen.place == Place(0, 0)
        # wide enough: both tables at once, and no key to switch
        await pilot.resize_terminal(*SIZES[1])
        await until(pilot, lambda: "Start" in footer(), "the footer of the wide window")
        assert all(t.display for t in screen.query(ReplayTable).results(ReplayTable))
        assert "Table" not in footer(), footer()


@pytest.mark.slow
@pytest.mark.parametrize("name", ["three", "partners"])
def test_ginrummies_replay_starts_on_a_game_of_three_or_four(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / f"{name}.json"
    path.write_text(finished(name)[0])
    opened: list[str] = []

    def run(app: GinApp) -> None:
        """The app as ``ginrummies replay`` runs it, headless: it opens the
        replay, a step is taken, and q quits."""

        async def drive() -> None:
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause()
                assert isinstance(app.screen, ReplayScreen)
                await pilot.press("right")
                opened.append(app.screen.title)
                await pilot.press("q")

        asyncio.run(drive())

    monkeypatch.setattr(GinApp, "run", run)
    assert main(["replay", str(path)]) == 0
    assert len(opened) == 1 and opened[0].startswith(("Replay: ", "Gin Rummy", "Skarney"))


@pytest.mark.slow
@pytest.mark.parametrize("name", ["three", "partnership"])
async def test_the_statistics_games_list_replays_a_game_of_three_or_four(
    name: str, tmp_path: Path
) -> None:
    """Enter on a game of three or four in the games list opens its replay
    (it used to be refused: the replay showed two players only)."""
    played = finished(name)[1]
    record(played, Stats(tmp_path / STATS_NAME))
    app = GinApp(Settings(speed="instant"), data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(StatsScreen(app.stats))
        await pilot.pause()
        await pilot.press("g")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert screen.saved.log == played.game.log
        assert len(screen.query(ReplayTable)) == played.format.tables
        await pilot.press("end")
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)


@pytest.mark.slow
def test_a_two_table_record_without_its_order_says_so() -> None:
    """The statistics keep no order of a round's moves at two tables: the
    replay shows each table's moves in turn and says so."""
    import json

    data = json.loads(finished("partnership")[0])
    del data["order"]
    saved = parse(json.dumps(data))
    assert saved.order is None

    async def look() -> str:
        app = GinApp(Settings(speed="instant"), replay=saved)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            said = text(app.screen.query_one("#replay-status", Static))
            await pilot.press("q")
        return said

    assert "does not keep the order" in asyncio.run(look())


@pytest.mark.slow
@pytest.mark.parametrize("name", ["three", "partnership"])
def test_the_replay_at_80_by_24(name: str, snap_compare: Any) -> None:
    """Nine moves into the game: who sits out (three), one table of two
    and the key to the other (partnership)."""
    app = GinApp(Settings(speed="instant"), replay=parse(finished(name)[0]))

    async def steps(pilot: Pilot[Any]) -> None:
        for _ in range(9):
            await pilot.press("right")

    assert snap_compare(app, terminal_size=(80, 24), run_before=steps)


@pytest.mark.slow
async def test_b_lists_every_meld_on_the_table_when_they_do_not_all_fit() -> None:
    saved = parse(finished("skarney3")[0])
    app = GinApp(Settings(speed="instant"), replay=saved)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("end")  # the end of the first round: its table is full
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and screen.session is not None
        table = screen.session.game.round.hands[0].view(0).table
        melds = screen.query_one("#replay-melds", TableMeldsView)
        assert melds.hidden, "the round should end with more melds than fit 80×24"
        assert "b shows them all" in str(melds.render())
        await pilot.press("b")
        shown = app.screen
        assert isinstance(shown, MeldsScreen)
        assert [m for m, _ in shown.melds] == [t.meld for t in table.melds]
        await pilot.press("escape")
        assert app.screen is screen
