"""The formats' words as a person sees them, at 80×24 and wider (issue 33,
items 5 and 6): the team scores read in full beside the table, the other
table's line is never cut and says how its hand ended, the curtains say
whom a person plays and who sits out, the header names the variant with
the format, and the Captain is "You are", never "You is"."""

from __future__ import annotations

import io
import time
from typing import Any

import pytest
from apphelp import held_computers, settle, step
from rich.cells import cell_len
from rich.console import Console
from textual.content import Content
from textual.geometry import Region
from textual.widgets import RichLog, Static

from ginrummies.ai import make_bot
from ginrummies.cli.textplay import Quit, play
from ginrummies.core import PRESETS, Format, HandResult, KnockEnd, Outcome, TableEnd, preset
from ginrummies.play.fit import MIN_SIZE
from ginrummies.play.session import Session, format_seats
from ginrummies.play.tell import ending_words
from ginrummies.store import Settings
from ginrummies.tui.app import GinApp
from ginrummies.tui.screens.curtain import CurtainScreen, seat_words
from ginrummies.tui.screens.table import TableScreen
from ginrummies.tui.seatview import (
    TITLE_JOIN,
    header_texts,
    score_rows,
    seating_line,
    sub_title,
    title,
)
from ginrummies.tui.widgets.header import title_room
from ginrummies.tui.widgets.scoreboard import Scoreboard, ScoreRow, Scores, board, columns


def played(fmt: Format, rules: str = "gin", rounds: int = 2, people: int = 1) -> Session:
    """A game of ``fmt`` with ``rounds`` rounds scored and the next one
    dealt, the people's moves chosen by an easy bot."""
    session = Session(preset(rules), format_seats(fmt, people, "easy"), 5, format=fmt)
    person = make_bot("easy", session.rules, 1)
    while sum(r.score is not None for r in session.game.rounds) < rounds:
        step(session, person)
    if session.round_over:
        session.next_hand()
    return session


async def on_top(pilot: Any, kind: type) -> Any:
    """Wait (answering the cut's question) until a ``kind`` screen is on top."""
    deadline = time.monotonic() + 60
    while not isinstance(pilot.app.screen, kind):
        assert time.monotonic() < deadline, f"no {kind.__name__} came: {pilot.app.screen}"
        await settle(pilot)
    return pilot.app.screen


def screen_lines(app: Any) -> list[str]:
    return [strip.text for strip in app.screen._compositor.render_strips()]


def text_in(app: Any, region: Region) -> str:
    """What the screen shows inside ``region``, line by line."""
    rows = screen_lines(app)[region.y : region.bottom]
    return "\n".join(row[region.x : region.right] for row in rows)


def uncut(widget: Static) -> str:
    """The widget's text, checked to show every row it wraps to."""
    text = str(widget.render())
    box = widget.content_region
    rows = len(Content(text).wrap(box.width))
    assert rows <= box.height, f"{rows} rows in {box.height}: {text!r} is cut"
    return text


# --- the team scores ---------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("size", [(80, 24), (100, 30)], ids=["80x24", "100x30"])
async def test_the_team_scores_read_in_full_beside_the_table(size: tuple[int, int]) -> None:
    session = played(Format.PARTNERSHIP)
    app = GinApp(Settings(speed="instant"), session=session)
    async with app.run_test(size=size) as pilot:
        table = await on_top(pilot, TableScreen)
        if table.has_class("-narrow"):  # below 100 columns the panel comes with v
            await pilot.press("v")
            await settle(pilot)
        shown = text_in(app, table.query_one(Scoreboard).region)
        assert "…" not in shown
        lines = [line for line in shown.splitlines() if line.strip()]
        assert lines[0].split() == ["#", "t1", "t2", "A+B", "C+D"]
        assert lines[-2].split()[0] == "boxes" and lines[-1].split()[0] == "total"
        rows = score_rows(session)
        assert len(rows) == 2
        for line, row in zip(lines[1:], rows, strict=False):
            assert line.split()[0] == str(row.number)
            for cell in row.tables:  # each table's result, "A 14", whole
                assert cell in line


def test_the_scoreboard_never_cuts_a_heading_at_any_width() -> None:
    """Spaced, closed up, or without the tables' columns: never "C…"."""
    shown = Scores(
        names=("A+B", "C+D"),
        rows=(ScoreRow(1, (112, 0), ("A 112", "D 98")), ScoreRow(2, (0, 35), ("·", "C 35"))),
        boxes=(1, 1),
        rules=preset("oklahoma"),
    )
    seen = set()
    for width in range(14, 40):
        out = io.StringIO()
        Console(file=out, width=width, color_system=None).print(board(columns(shown, 8), width))
        text = out.getvalue()
        assert "…" not in text, (width, text)
        assert all(cell_len(line) <= width for line in text.splitlines())
        words = text.split()
        assert {"A+B", "C+D", "boxes", "total"} <= set(words), (width, text)
        seen.add("t1" in words)
    assert seen == {True, False}  # the tables' columns go only where nothing else fits


# --- the other table ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("size", "panel", "short"),
    [((80, 24), True, True), ((80, 30), True, True), ((150, 40), False, False)],
    ids=["80x24-panel", "80x30-panel", "150x40"],
)
@pytest.mark.slow
async def test_the_other_tables_line_is_never_cut_and_says_how_it_ended(
    size: tuple[int, int], panel: bool, short: bool
) -> None:
    session = played(Format.PARTNERSHIP)
    app = GinApp(Settings(speed="instant"), session=session)
    async with app.run_test(size=size) as pilot:
        table = await on_top(pilot, TableScreen)
        if panel:
            await pilot.press("v")
        await settle(pilot)
        other = table.query_one("#other", Static)
        text = uncut(other)
        # the person has not moved: the computers at table 2 have played their hand out
        result = session.game.round.hands[1].result
        assert result is not None
        if short:  # players by letter, one sentence
            assert text.startswith("Table 2: B 10 v D 10 cards · over: ")
        else:
            first, said = text.split("\n")
            assert first.startswith("Table 2: Computer B (easy) ") and first.endswith(" · over")
            assert said.endswith(".")  # how it ended, in a line of its own
            assert max(cell_len(first), cell_len(said)) <= other.content_region.width
        ended = {
            Outcome.KNOCK: "knocked",
            Outcome.GIN: "went gin",
            Outcome.BIG_GIN: "went big gin",
            Outcome.UNDERCUT: "undercut",
            Outcome.CANCELLED: "Cancelled",
        }[result.outcome]
        assert ended in text
        if result.scored:
            assert f"scores {max(result.points)}." in text


@pytest.mark.slow
async def test_the_other_table_in_play_is_whole_beside_the_panel_at_80_by_24() -> None:
    """While its hand is played: the short form, each move by its player's letter."""
    session = played(Format.PARTNERSHIP, rounds=0)
    hand = session.game.round.hands[1]
    person = make_bot("easy", session.rules, 1)
    while len(hand.events) < 3 or not session.person_to_move:
        step(session, person)
    assert not hand.is_over
    app = GinApp(Settings(speed="instant"), session=session)
    # the computers at table 2 hold their moves while the test looks
    with held_computers(session):
        async with app.run_test(size=(80, 24)) as pilot:
            table = await on_top(pilot, TableScreen)
            await pilot.press("v")
            await pilot.pause()
            text = uncut(table.query_one("#other", Static))
            assert not hand.is_over
            assert text.startswith("Table 2: B ") and " · stock " in text
            mover = "ABCD"[session.game.round.tables[1].seats[hand.events[-1].player]]
            assert f" · {mover} " in text  # "· D discarded 8♣", not "Computer D ..."
            assert "Computer" not in text


def knock(outcome: Outcome, knocker: int, points: tuple[int, int]) -> HandResult:
    """A Gin hand's end: ``knocker`` knocked, and each scored ``points``."""
    winner = 1 - knocker if outcome is Outcome.UNDERCUT else knocker
    return HandResult(outcome, winner, points, ending=KnockEnd(knocker=knocker))


def out(outcome: Outcome, points: tuple[int, int], **ending: int) -> HandResult:
    """A Skarney or Colonel hand's end (``ending``: who went out or challenged)."""
    winner = None if points == (0, 0) else points.index(max(points))
    return HandResult(outcome, winner, points, ending=TableEnd(**ending))


ANN_BOB = ("Ann", "Bob")


@pytest.mark.parametrize(
    ("result", "names", "said"),
    [
        (knock(Outcome.KNOCK, 1, (0, 16)), ("B", "D"), "D knocked and scores 16."),
        (knock(Outcome.KNOCK, 0, (16, 0)), ("You", "Bob"), "You knocked and score 16."),
        (knock(Outcome.GIN, 0, (41, 0)), ANN_BOB, "Ann went gin and scores 41."),
        (knock(Outcome.BIG_GIN, 1, (0, 62)), ANN_BOB, "Bob went big gin and scores 62."),
        (knock(Outcome.UNDERCUT, 1, (35, 0)), ANN_BOB, "Ann undercut Bob and scores 35."),
        # Sequence Gin's bonuses: both score
        (knock(Outcome.KNOCK, 0, (20, 5)), ANN_BOB, "Ann knocked: Ann scores 20, Bob scores 5."),
        (
            HandResult(Outcome.CANCELLED),
            ANN_BOB,
            "Cancelled: the stock is down to two cards, no score.",
        ),
        (out(Outcome.OUT, (0, 45), went_out=1), ANN_BOB, "Bob went out and scores 45."),
        (out(Outcome.STOCK, (0, 12)), ANN_BOB, "The stock ran out: Bob scores 12."),
        (out(Outcome.STOCK, (0, 0)), ANN_BOB, "The stock ran out: no score."),
        (
            out(Outcome.CHALLENGE, (30, 0), challenger=0),
            ANN_BOB,
            "Ann challenged and Bob accepted: Ann scores 30.",
        ),
    ],
    ids=lambda v: v.outcome.value if isinstance(v, HandResult) else "",
)
def test_a_hands_end_in_one_sentence(result: HandResult, names: tuple[str, str], said: str) -> None:
    assert ending_words(result, names) == said


# --- the curtains ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fmt", "rules", "word"),
    [(Format.THREE, "gin", "hand"), (Format.SKARNEY3, "skarney", "round")],
    ids=["three", "skarney3"],
)
def test_the_curtains_of_three_say_whom_you_play_and_who_sits_out(
    fmt: Format, rules: str, word: str
) -> None:
    for rounds in (0, 1, 2):  # the one sitting out changes
        session = played(fmt, rules, rounds, people=3)
        (seating,) = session.game.round.tables
        a, b = seating.seats
        (out,) = {0, 1, 2} - {a, b}
        names = session.names
        assert seat_words(session, a) == f"{names[a]} plays {names[b]} this {word}; " + (
            f"{names[out]} sits out."
        )
        assert seat_words(session, out) == ""  # never called to the keyboard to sit out


def test_the_partnership_curtain_says_the_table_and_whom_you_play() -> None:
    session = played(Format.PARTNERSHIP, rounds=1, people=4)
    for t, seating in enumerate(session.game.round.tables):
        a, b = seating.seats
        names = session.names
        assert seat_words(session, a) == f"{names[a]} plays {names[b]} at table {t + 1} this hand."


@pytest.mark.slow
async def test_a_hot_seat_curtain_of_three_shows_who_sits_out_at_80_by_24() -> None:
    session = Session(preset("gin"), format_seats(Format.THREE, 3), 5, format=Format.THREE)
    app = GinApp(Settings(speed="instant"), session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        curtain = await on_top(pilot, CurtainScreen)
        where = uncut(curtain.query_one("#curtain-where", Static))
        (out,) = session.format.play.sitting_out(session.game.round.rota)
        assert where.endswith(f"this hand; {session.names[out]} sits out.")
        assert f"{curtain.player} plays " in where
        assert where in "\n".join(screen_lines(app))


# --- the header --------------------------------------------------------------------


def test_every_variant_and_format_is_named_in_the_header_at_80_columns() -> None:
    room = title_room(80)
    for name in PRESETS:
        rules = preset(name)
        for fmt in Format:
            if not fmt.allows(rules):
                continue
            session = Session(rules, format_seats(fmt), 5, format=fmt)
            heading = title(session)
            assert rules.name in heading
            if not fmt.two_players:
                assert fmt.play.header_word in heading
            line = sub_title(session, room)
            assert cell_len(heading + TITLE_JOIN + line) <= room, (heading, line)
            assert "0" in line  # the scores stay, whatever else goes


def test_at_the_smallest_window_the_scores_come_before_the_name() -> None:
    room = title_room(MIN_SIZE[0])
    for name in PRESETS:
        session = Session(preset(name), format_seats(Format.TWO), 5)
        session.game.scores[:] = [137, 112]  # three figures each
        heading, line = header_texts(session, room)
        shown = (heading + TITLE_JOIN + line)[:room]
        assert "137" in shown and "112" in shown, shown
        if cell_len(title(session) + TITLE_JOIN + "You: 137 · Computer: 112") <= room:
            assert heading == title(session)  # the name first while all of it fits


@pytest.mark.slow
@pytest.mark.parametrize(
    ("rules", "fmt", "named"),
    [
        ("oklahoma", Format.PARTNERSHIP, "Oklahoma Gin · Partnership"),
        ("eaai", Format.THREE, "Gin (EAAI-2021 challenge) · Three-player"),
    ],
    ids=["oklahoma-partnership", "eaai-three"],
)
async def test_the_header_names_the_variant_and_the_format_at_80_by_24(
    rules: str, fmt: Format, named: str
) -> None:
    session = played(fmt, rules, rounds=1)
    app = GinApp(Settings(speed="instant"), session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await on_top(pilot, TableScreen)
        top = screen_lines(app)[0]
        assert named in top and "…" not in top
        assert "0" in top.partition(named)[2]  # and the scores after it


# --- the Captain -------------------------------------------------------------------


def captains() -> Session:
    """Skarney Captains with the person ("You") the Captain."""
    seats = format_seats(Format.CAPTAINS, 1, "easy")
    return Session(preset("skarney"), seats, 3, format=Format.CAPTAINS, first=0)


@pytest.mark.slow
async def test_you_are_the_captain_on_the_table_and_in_its_log() -> None:
    session = captains()
    assert "You are the Captain." in seating_line(session)
    app = GinApp(Settings(speed="instant"), session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await on_top(pilot, TableScreen)
        seating = uncut(table.query_one("#seating", Static))
        assert "You are the Captain." in seating
        await pilot.press("v")  # the moves panel, with the log
        await settle(pilot)
        log = "\n".join(line.text for line in table.query_one(RichLog).lines)
        assert "You are the Captain." in log
        for text in (seating, log, "\n".join(screen_lines(app))):
            assert "You is" not in text


def test_you_are_the_captain_in_text_play() -> None:
    said: list[str] = []

    def ask(question: str) -> str:
        if question.startswith(">"):
            raise Quit  # the first move: what was said before it is enough
        return ""

    with pytest.raises(Quit):
        play(captains(), ask, lambda text: said.extend(text.split("\n")))
    assert any("You are the Captain." in line for line in said)
    assert not any("You is" in line for line in said)
