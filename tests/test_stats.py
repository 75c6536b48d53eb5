"""Statistics: every finished hand and game recorded once, figures that
match the games played, a database that two instances can share."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from apphelp import SIZE, advanced, computer_seat, finish, play_hand, round_ends, step
from textual.containers import VerticalScroll
from textual.pilot import Pilot
from textual.widgets import DataTable

from ginrummies.ai import make_bot
from ginrummies.core import Format, Outcome, preset
from ginrummies.play.saving import record as record_game
from ginrummies.play.session import Seat, SeatKind, Session, format_seats
from ginrummies.store import Settings
from ginrummies.store.saves import parse
from ginrummies.store.stats import STATS_NAME, Stats, StatsDamaged
from ginrummies.tui.app import GinApp
from ginrummies.tui.screens.menu import MenuScreen
from ginrummies.tui.screens.replay import ReplayScreen
from ginrummies.tui.screens.statistics import StatsScreen, streak_words
from ginrummies.tui.widgets.chart import Chart, chart_text

GAMES = [("gin", "easy", 1), ("gin", "easy", 2), ("gin", "random", 3), ("oklahoma", "easy", 4)]


@pytest.mark.slow
def test_statistics_match_the_games_played(tmp_path: Path) -> None:
    app = GinApp(Settings(speed="instant"), data_dir=tmp_path)
    played = []
    for variant, level, seed in GAMES:
        rules = preset(variant).but(target=60)
        seats = (Seat("You"), Seat("Computer", SeatKind.COMPUTER, level))
        session = Session(rules, seats, seed)
        finish(app, session, seed)
        played.append((session, level))

    stats = Stats(tmp_path / STATS_NAME)
    lines = {(line.variant, line.opponent): line for line in stats.lines()}
    assert set(lines) == {("Gin Rummy", "easy"), ("Gin Rummy", "random"), ("Oklahoma Gin", "easy")}
    for (variant, opponent), line in lines.items():
        games = [s.game for s, lv in played if s.rules.name == variant and lv == opponent]
        results = [r for g in games for r in g.results if r.scored]
        assert line.games == len(games)
        assert line.games_won == sum(g.result is not None and g.result.winner == 0 for g in games)
        assert line.hands == len(results)
        assert line.hands_won == sum(r.winner == 0 for r in results)
        assert line.gins == sum(
            r.winner == 0 and r.outcome in (Outcome.GIN, Outcome.BIG_GIN) for r in results
        )
        assert line.undercuts == sum(
            r.winner == 0 and r.outcome is Outcome.UNDERCUT for r in results
        )
        # and the other way round: the gins and undercuts suffered (issue 54)
        assert line.gins_against == sum(
            r.winner == 1 and r.outcome in (Outcome.GIN, Outcome.BIG_GIN) for r in results
        )
        assert line.undercuts_against == sum(
            r.winner == 1 and r.outcome is Outcome.UNDERCUT for r in results
        )
        net = sum(r.points[0] - r.points[1] for r in results)
        assert line.points_per_hand == pytest.approx(net / len(results))
    assert any(line.gins_against or line.undercuts_against for line in lines.values())

    history = stats.history()
    assert [h.game_id for h in history] == [s.game_id for s, _ in played]
    for h, (s, _) in zip(history, played, strict=True):
        assert s.game.result is not None
        assert h.won == (s.game.result.winner == 0)
        assert abs(h.margin) == s.game.result.settlement
        assert (h.mine, h.theirs) == tuple(s.game.scores)
    wins = [h.won for h in history]
    run_now = 0
    for w in wins:
        run_now = max(run_now, 0) + 1 if w else min(run_now, 0) - 1
    assert stats.streaks().current == run_now

    # recording again (a crash and a resumed save) counts nothing twice
    for s, _ in played:
        record_game(s, stats)
    assert stats.lines() == list(lines.values())


def test_a_game_left_for_a_new_one_is_abandoned_but_its_hands_count(tmp_path: Path) -> None:
    app = GinApp(Settings(speed="instant"), data_dir=tmp_path)
    rules = preset("gin")
    session = Session(rules, (Seat("You"), Seat("Computer", SeatKind.COMPUTER, "easy")), 9)
    app.session = session
    app.watch_session(session)
    bot = make_bot("easy", rules, 2)
    while not session.hand.is_over:
        if session.computer_to_move:
            session.computers.play_now()
        else:
            session.play(bot.choose(session.view(), session.view().legal_actions))
    session.next_hand()
    app.record(session, abandoned=True)
    stats = Stats(tmp_path / STATS_NAME)
    (line,) = stats.lines()
    assert line.games == 0 and line.hands == 1 and line.abandoned == 1
    with sqlite3.connect(tmp_path / STATS_NAME) as db:
        assert db.execute("SELECT status FROM games").fetchall() == [("abandoned",)]


RECORDER = textwrap.dedent(
    """
    import sys
    sys.path[:0] = {paths!r}
    from pathlib import Path
    from ginrummies.ai import make_bot
    from ginrummies.core import preset
    from ginrummies.store.stats import Stats
    from ginrummies.play.session import Seat, SeatKind, Session, format_seats, seats_data
    stats = Stats(Path({path!r}))
    for n in range(25):
        seats = (Seat("You"), Seat("Computer", SeatKind.COMPUTER, "easy"))
        session = Session(preset("gin").but(target=1), seats, {base} + n)
        me = make_bot("easy", session.rules, n)
        while not session.game.is_over:
            if session.computer_to_move:
                session.computers.play_now()
            else:
                session.play(me.choose(session.view(), session.legal()))
            if session.hand.is_over and not session.game.is_over:
                stats.record(session.game_id, session.rules, session.seed,
                             seats_data(session.seats), session.game)
                session.next_hand()
        stats.record(session.game_id, session.rules, session.seed,
                     seats_data(session.seats), session.game)
        stats.lines()
    """
)


@pytest.mark.slow
def test_two_instances_recording_at_once_keep_every_game(tmp_path: Path) -> None:
    here = Path(__file__).resolve().parent
    path = tmp_path / STATS_NAME
    procs = [
        subprocess.Popen(
            [
                sys.executable,
                "-c",
                RECORDER.format(paths=[str(here), str(here.parent)], path=str(path), base=base),
            ],
            stderr=subprocess.PIPE,
            text=True,
        )
        for base in (1000, 2000)
    ]
    for p in procs:
        _, err = p.communicate(timeout=300)
        assert p.returncode == 0, err
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert db.execute("SELECT COUNT(*) FROM games WHERE status='finished'").fetchone() == (50,)
        seeds = {s for (s,) in db.execute("SELECT seed FROM games")}
    assert seeds == set(range(1000, 1025)) | set(range(2000, 2025))
    assert sum(line.games for line in Stats(path).lines()) == 50


def test_a_damaged_database_is_kept_aside_and_a_new_one_begun(tmp_path: Path) -> None:
    path = tmp_path / STATS_NAME
    path.write_bytes(b"this is not sqlite at all" * 100)
    stats = Stats(path)
    # the statistics screen shows why its record is empty, once
    with pytest.raises(StatsDamaged, match=r"It was kept as .*statistics\.unreadable-1\.sqlite3"):
        stats.lines()
    assert stats.lines() == []
    assert (tmp_path / "statistics.unreadable-1.sqlite3").read_bytes().startswith(b"this is")


def record(stats: Stats, session: Session, abandoned: bool = False) -> None:
    record_game(session, stats, abandoned)


def game_with_cancelled_hands() -> Session:
    """A one-hand game (target 1) played at random by both sides, whose
    first deals ran the stock down to two and were cancelled."""
    rules = preset("gin").but(target=1)
    for seed in range(1, 40):
        session = Session(rules, (Seat("You"), computer_seat("random")), seed)
        person = make_bot("random", rules, seed)
        while not session.game.is_over:
            step(session, person)
        outcomes = [r.outcome for r in session.game.results]
        if Outcome.CANCELLED in outcomes[:-1]:
            return session
    raise AssertionError("no random game had a cancelled hand")


def test_cancelled_hands_are_not_hands_played(tmp_path: Path) -> None:
    session = game_with_cancelled_hands()
    results = session.game.results
    scored = [r for r in results if r.scored]
    assert len(scored) == 1 < len(results)
    stats = Stats(tmp_path / STATS_NAME)
    record(stats, session)
    (line,) = stats.lines()
    assert line.hands == 1
    assert line.hands_won == (scored[0].winner == 0)
    mine, theirs = scored[0].points
    assert line.points_per_hand == mine - theirs  # one hand, not spread over the cancelled
    with sqlite3.connect(tmp_path / STATS_NAME) as db:  # kept all the same
        (kept,) = db.execute("SELECT COUNT(*) FROM hands WHERE outcome = 'cancelled'").fetchone()
    assert kept == len(results) - 1


def finished_and_abandoned(stats: Stats) -> tuple[Session, Session, Session]:
    """One game played to its end, one left after its first hand, one left
    before any hand ended (recorded in that order)."""
    rules = preset("gin").but(target=60)
    seats = (Seat("You"), computer_seat("easy"))
    done = finish(None, Session(rules, seats, 1), 1)
    record(stats, done)
    left = Session(rules, seats, 2)
    person = make_bot("easy", rules, 2)
    while not left.hand.is_over:
        step(left, person)
    left.next_hand()
    step(left, person)
    assert left.game.results[0].scored and left.game.scores != [0, 0]
    record(stats, left, abandoned=True)
    fresh = Session(rules, seats, 3)
    for _ in range(3):
        step(fresh, person)
    record(stats, fresh, abandoned=True)
    return done, left, fresh


def test_abandoned_games_show_with_their_score_and_count_apart(tmp_path: Path) -> None:
    stats = Stats(tmp_path / STATS_NAME)
    done, left, fresh = finished_and_abandoned(stats)
    assert done.game.result is not None
    won = done.game.result.winner == 0

    (line,) = stats.lines()
    assert (line.games, line.games_won, line.abandoned) == (1, int(won), 2)
    hands = [r for s in (done, left) for r in s.game.results if r.scored]
    assert line.hands == len(hands)  # the abandoned game's hand was played: it counts

    history = stats.history()
    assert [h.game_id for h in history] == [done.game_id, left.game_id, fresh.game_id]
    assert [h.abandoned for h in history] == [False, True, True]
    assert history[0].won == won
    for h, s in zip(history[1:], (left, fresh), strict=True):
        assert not h.won and h.margin == 0
        assert (h.mine, h.theirs) == tuple(s.game.scores)  # the score when it was left
    assert (history[2].mine, history[2].theirs) == (0, 0)

    # neither won nor lost: the run of the finished game goes on
    assert stats.streaks().current == (1 if won else -1)
    assert stats.streaks().best == (1 if won else 0)

    # left again (recorded twice) it is still one game
    record(stats, left, abandoned=True)
    assert stats.lines() == [line]


async def open_stats(app: GinApp, pilot: Pilot[None]) -> None:
    await pilot.pause()
    app.push_screen(StatsScreen(app.stats))
    await pilot.pause()


@pytest.mark.slow
async def test_no_hands_played_shows_no_points_per_hand(tmp_path: Path) -> None:
    stats = Stats(tmp_path / STATS_NAME)
    rules = preset("gin")
    fresh = Session(rules, (Seat("You"), computer_seat("easy")), 3)
    step(fresh, make_bot("easy", rules, 3))
    record(stats, fresh, abandoned=True)
    (line,) = stats.lines()
    assert line.hands == 0

    app = GinApp(Settings(speed="instant"), data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_stats(app, pilot)
        row = [str(c) for c in app.screen.query_one("#hands-table", DataTable).get_row_at(0)]
        assert row[-1] == "–"  # not "+0.0", which reads as level play


@pytest.mark.slow
async def test_the_games_tab_shows_an_abandoned_game_and_watches_it(tmp_path: Path) -> None:
    stats = Stats(tmp_path / STATS_NAME)
    _, left, _ = finished_and_abandoned(stats)

    app = GinApp(Settings(speed="instant"), data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_stats(app, pilot)
        row = [str(c) for c in app.screen.query_one("#stats-table", DataTable).get_row_at(0)]
        assert (row[2], row[4]) == ("1", "2")  # finished, abandoned
        assert len(app.screen.query_one("#chart", Chart).games) == 1  # no bar when left
        await pilot.press("g")
        await pilot.pause()
        games = app.screen.query_one("#games", DataTable)
        assert games.row_count == 3
        rows = [[str(c) for c in games.get_row_at(n)] for n in range(3)]  # the newest first
        assert [r[3] for r in rows[:2]] == ["abandoned", "abandoned"]
        assert rows[0][4] == "0–0"
        assert rows[1][4] == f"{left.game.scores[0]}–{left.game.scores[1]}"
        assert rows[2][3].startswith(("won by", "lost by"))
        games.move_cursor(row=1)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        assert app.screen.saved.log == left.game.log  # as far as it went


def test_chart_draws_wins_up_and_losses_down() -> None:
    from ginrummies.store.stats import Played

    games = [
        Played("a", 0, "Gin Rummy", "easy", True, 100, 120, 20),
        Played("b", 0, "Gin Rummy", "easy", False, -50, 40, 110),
    ]
    rows = chart_text(games, 40).plain.splitlines()
    assert rows[0].startswith("  +100") and rows[0].rstrip().endswith("█")
    axis = rows[3]
    assert axis.strip().startswith("0") and "────" in axis
    assert "█" in rows[4] or "█" in rows[5]  # the loss, half as deep
    assert "█" not in rows[6].split("−100")[-1][:2]  # the win's column stays empty below


@pytest.mark.slow
async def test_the_record_says_which_won_is_games_and_which_hands(tmp_path: Path) -> None:
    stats = Stats(tmp_path / STATS_NAME)
    finished_and_abandoned(stats)

    app = GinApp(Settings(speed="instant"), data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(StatsScreen(app.stats))
        await pilot.pause()
        record = app.screen.query_one("#record")
        headings = [
            str(column.label)
            for table in record.query(DataTable)
            for column in table.ordered_columns
            if str(column.label) not in ("Variant", "Opponent")  # each table's row names
        ]
        assert "Won" not in headings
        assert "Games won" in headings and "Hands won" in headings
        assert len(headings) == len(set(headings))  # no heading twice


def test_words_take_the_plural_only_when_plural() -> None:
    from ginrummies.store.stats import Played

    one = [Played("a", 0, "Gin Rummy", "easy", True, 100, 120, 20)]
    assert chart_text(one, 40).plain.endswith("(1 game)")
    assert chart_text(one * 2, 40).plain.endswith("(2 games)")
    assert streak_words(1, 1) == "Streak: 1 game won in a row · best winning streak: 1 game"
    assert streak_words(-2, 0) == "Streak: 2 games lost in a row · best winning streak: 0 games"


@pytest.mark.slow
async def test_the_statistics_screen_after_a_game_played_with_keys(tmp_path: Path) -> None:
    """The statistics screen shows the game the app just recorded. The
    moves up to the hand's last few are played through the core (they are
    not under test); the app plays the end of the game with keys."""
    rules = preset("gin").but(target=1)  # one scored hand ends the game

    def new() -> Session:
        return Session(rules, (Seat("You"), Seat("Computer", SeatKind.COMPUTER, "easy")), 4)

    session = advanced(new(), round_ends(new)[-1] - 6)
    assert not session.round_over
    app = GinApp(Settings(speed="instant"), session=session, data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        while not session.game.is_over:
            await play_hand(pilot)
            await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        app.push_screen(StatsScreen(app.stats))
        await pilot.pause()
        table = app.screen.query_one("#stats-table", DataTable)
        row = [str(c) for c in table.get_row_at(0)]
        assert row[0] == "Gin Rummy" and row[1] == "easy" and row[2] == "1"
        won = session.game.result is not None and session.game.result.winner == 0
        assert row[3].startswith("1" if won else "0")
        assert row[4] == "0"  # abandoned
        hands = [str(c) for c in app.screen.query_one("#hands-table", DataTable).get_row_at(0)]
        assert hands[:3] == [
            "Gin Rummy",
            "easy",
            str(sum(r.scored for r in session.game.results)),
        ]
        games = app.screen.query_one("#games", DataTable)
        assert games.row_count == 1
        assert games.get_row_at(0)[3].startswith("won by" if won else "lost by")
        # the record scrolls with the keys at once, no Tab first
        record = app.screen.query_one("#stats", VerticalScroll)
        assert app.focused is record
        await pilot.resize_terminal(80, 14)
        await pilot.pause()
        assert record.max_scroll_y > 0
        await pilot.press("pagedown")
        await pilot.pause()
        assert record.scroll_y > 0


APP_GAME = textwrap.dedent(
    """
    import asyncio, sys
    sys.path[:0] = {paths!r}
    from apphelp import advanced, play_hand, round_ends
    from ginrummies.core import preset
    from ginrummies.store import Settings
    from ginrummies.tui.app import GinApp
    from ginrummies.play.session import Seat, SeatKind, Session, format_seats, seats_data

    async def main():
        rules = preset("gin").but(target=1)
        seats = (Seat("You"), Seat("Computer", SeatKind.COMPUTER, "easy"))
        for seed in {seeds!r}:
            # the hand's last few moves with keys (the ones before, through the core)
            new = lambda: Session(rules, seats, seed)
            session = advanced(new(), round_ends(new)[-1] - 6)
            app = GinApp(Settings(speed="instant"), session=session, data_dir={folder!r})
            async with app.run_test(size=(120, 36)) as pilot:
                while not session.game.is_over:
                    await play_hand(pilot)
                    await pilot.press("enter")
                await pilot.pause()

    asyncio.run(main())
    """
)


@pytest.mark.slow
def test_two_app_instances_on_one_data_folder(tmp_path: Path) -> None:
    """Two copies of the app, each playing games to the end at the same time
    in the same folder: every game is recorded, the database stays whole.
    (Each game starts a few moves before its end, the moves before played
    through the core: what is under test is the recording, not the keys.)"""
    here = Path(__file__).resolve().parent
    procs = [
        subprocess.Popen(
            [
                sys.executable,
                "-c",
                APP_GAME.format(
                    paths=[str(here), str(here.parent)], seeds=seeds, folder=str(tmp_path)
                ),
            ],
            stderr=subprocess.PIPE,
            text=True,
        )
        for seeds in ([1, 2, 3], [11, 12, 13])
    ]
    for p in procs:
        _, err = p.communicate(timeout=300)
        assert p.returncode == 0, err
    with sqlite3.connect(tmp_path / STATS_NAME) as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        seeds = sorted(s for (s,) in db.execute("SELECT seed FROM games WHERE status='finished'"))
    assert seeds == [1, 2, 3, 11, 12, 13]


# --- a database damaged in its middle pages (issue 30, item 3) ------------------------


def damaged_in_the_middle(path: Path) -> list[Session]:
    """A database of a few games whose header and schema are whole but whose
    other pages are scrambled: it opens, and only some queries find the damage."""
    stats = Stats(path)
    games = []
    for seed in range(4):
        seats = (Seat("Ann"), Seat("Bob", SeatKind.COMPUTER, "easy"))
        session = finish(None, Session(preset("gin").but(target=40), seats, seed), seed)
        record_game(session, stats)
        games.append(session)
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        size = db.execute("PRAGMA page_size").fetchone()[0]
    data = bytearray(path.read_bytes())
    for page in range(2, len(data) // size):
        data[page * size : page * size + 100] = b"\xa5" * 100
    path.write_bytes(bytes(data))
    return games


@pytest.mark.parametrize("read", ["lines", "history", "streaks"])
def test_damage_found_by_the_statistics_screen_is_kept_aside(read: str, tmp_path: Path) -> None:
    path = tmp_path / STATS_NAME
    damaged_in_the_middle(path)
    before = path.read_bytes()
    stats = Stats(path)
    try:
        result = getattr(stats, read)()
    except StatsDamaged as exc:
        message = str(exc)
        kept = tmp_path / "statistics.unreadable-1.sqlite3"
        assert kept.read_bytes() == before
        assert f"It was kept as {kept}, and a new record begins." in message
        assert stats.lines() == []  # the new record
    else:  # this query did not touch a damaged page: nothing is lost or moved
        assert result is not None and path.read_bytes() == before


def test_damage_found_by_a_write_is_kept_aside_and_the_game_recorded_anew(tmp_path: Path) -> None:
    path = tmp_path / STATS_NAME
    games = damaged_in_the_middle(path)
    before = path.read_bytes()
    stats = Stats(path)
    record_game(games[0], stats)  # the same game again: its row must be looked up
    kept = tmp_path / "statistics.unreadable-1.sqlite3"
    assert kept.read_bytes() == before
    assert stats.problem is not None and f"It was kept as {kept}" in stats.problem
    assert sum(line.games for line in stats.lines()) == 1  # the new record holds it


def test_a_two_table_game_keeps_the_order_of_its_moves(tmp_path: Path) -> None:
    """A partnership game opened from the statistics replays its moves in
    the order they were made, as its own file does."""
    session = Session(
        preset("gin").but(target=40),
        format_seats(Format.PARTNERSHIP, 1),
        3,
        format=Format.PARTNERSHIP,
    )
    session = finish(None, session, 3)
    stats = Stats(tmp_path / "stats.sqlite")
    record_game(session, stats)
    text = stats.replay_text(session.game_id)
    assert text is not None
    saved = parse(text)
    assert saved.order is not None and saved.order == session.order()
