"""The result screen at 80×24, the window most terminals open with: the
outcome (the hand's score, the game's score or its winner and settlement,
who plays next) is in view when it opens, the hands are laid out once, the
arrows scroll the rest, and the screen says when there is more below."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest
from apphelp import finish, settle, step, until
from rich.cells import cell_len
from rich.text import Text
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widgets import Footer

from ginrummies.ai import make_bot
from ginrummies.core import Format, preset
from ginrummies.play.session import Seat, SeatKind, Session, default_seats, format_seats
from ginrummies.play.tell import team_net
from ginrummies.store import Settings
from ginrummies.tui.app import GinApp
from ginrummies.tui.screens.result import (
    MORE_BELOW,
    Flow,
    ResultOutcome,
    ResultScreen,
    ResultView,
    Row,
)

SMALL = (80, 24)


def played(
    fmt: Format,
    variant: str,
    seed: int,
    *,
    over: bool = False,
    target: int | None = None,
    hot_seat: bool = False,
) -> Session:
    """A session played without the app to its first round's end (or, with
    ``over``, to the game's)."""
    if fmt is Format.TWO:
        rules = preset(variant) if target is None else preset(variant).but(target=target)
        session = Session(rules, default_seats(hot_seat, "easy"), seed)
    else:
        people = 2 if hot_seat else 1
        seats = format_seats(fmt, people, "easy")
        session = Session(preset(variant), seats, seed, format=fmt, target=target)
    if over:
        return finish(None, session)
    person = make_bot("easy", session.rules, 8)
    while not session.round_over:
        step(session, person)
    return session


def screen_rows(app: GinApp, region: Region) -> list[str]:
    """The screen's text inside ``region``, row by row."""
    lines = [strip.text for strip in app.screen._compositor.render_strips()]
    return [row[region.x : region.right] for row in lines[region.y : region.bottom]]


def words(text: str) -> str:
    return " ".join(text.split())


def expected(session: Session) -> list[str]:
    """What the outcome must say: the hand's score (a team's net), the
    game's score or its winner and settlement, and who plays next."""
    game = session.game
    lines = []
    if game.format.play.teams:
        lines.append(team_net(game, session.side_names))
    else:
        result = game.round.hands[0].result
        assert result is not None
        lines.append(result.summary(session.names_at(0)))
    if game.result is not None:
        said = game.result.breakdown(session.side_names)
        lines += [said[0], said[-1]]  # "… wins the game, 105 to 56." and the settlement
    elif game.format.two_players:
        lines.append(f"Game: {session.names[0]} {game.scores[0]} ·")
    else:
        lines.append(f"Next {game.format.play.deal_word}: ")
    if not game.format.two_players:
        lines.append("Score: ")
    return lines


@asynccontextmanager
async def result_shown(session: Session) -> AsyncIterator[tuple[GinApp, Pilot[Any], ResultScreen]]:
    """The app at 80×24 showing the result of ``session``'s hand."""
    app = GinApp(Settings(speed="instant"), session=session)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ResultScreen)
        yield app, pilot, screen


async def check_outcome_in_view(app: GinApp, session: Session) -> ResultScreen:
    """The outcome inside the screen, inside the result's view and above
    the footer, and each line it must say there on the screen."""
    screen = app.screen
    assert isinstance(screen, ResultScreen)
    outcome = screen.query_one(ResultOutcome)
    body = screen.query_one(".body")
    footer = screen.query_one(Footer)
    region = outcome.region
    assert region.height > 0
    assert Region(0, 0, *SMALL).contains_region(region), region
    assert body.region.contains_region(region), (region, body.region)
    assert region.bottom <= footer.region.y
    seen = words(" ".join(screen_rows(app, region))).lower()
    for line in expected(session):
        assert words(line).lower() in seen, (line, seen)
    return screen


CASES = [
    (Format.TWO, "gin", 3),  # a knock with a lay-off
    (Format.THREE, "gin", 3),
    (Format.PARTNERSHIP, "gin", 6),
    (Format.SKARNEY3, "skarney", 3),
]
CASE_IDS = [f"{fmt.value}-{variant}" for fmt, variant, _ in CASES]


@pytest.mark.slow
@pytest.mark.parametrize(("fmt", "variant", "seed"), CASES, ids=CASE_IDS)
async def test_a_hands_result_says_the_score_and_what_next_in_view(
    fmt: Format, variant: str, seed: int
) -> None:
    session = played(fmt, variant, seed)
    app = GinApp(Settings(speed="instant"), session=session)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        screen = await check_outcome_in_view(app, session)
        assert "Enter: next" in str(screen.query_one(".hint").render())
        assert "--seed" not in screen.plain  # in play the seed would deal what is hidden


@pytest.mark.slow
@pytest.mark.parametrize(("fmt", "variant", "seed"), CASES, ids=CASE_IDS)
async def test_a_games_last_result_says_who_won_in_view(
    fmt: Format, variant: str, seed: int
) -> None:
    """The winner, the totals and the settlement, not below the fold:
    Enter leaves the result, so what it hides is never seen."""
    session = played(fmt, variant, seed, over=True, target=10 if fmt is Format.TWO else 40)
    app = GinApp(Settings(speed="instant"), session=session)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        screen = await check_outcome_in_view(app, session)
        assert str(screen.query_one(".title").render()) == "Game over"
        # the seed, as the new-game form promises, once the game is over
        assert screen.plain.rstrip().endswith(f"--seed {session.seed} deals this game again.")


OTHERS = [
    (Format.TWO, "oklahoma", 13),  # a cancelled hand
    (Format.TWO, "sequence", 1),  # an undercut, with sequence bonuses
    (Format.TWO, "fosdick", 32),  # big gin
    (Format.TWO, "colonel", 1),
    (Format.TWO, "skarney", 2),
    (Format.CAPTAINS, "skarney", 3),
    (Format.PARTNERS, "skarney", 3),
]


@pytest.mark.slow
@pytest.mark.parametrize("over", [False, True], ids=["hand", "game"])
@pytest.mark.parametrize(
    ("fmt", "variant", "seed"), OTHERS, ids=[f"{f.value}-{v}" for f, v, _ in OTHERS]
)
async def test_every_variant_and_format_says_its_outcome_first(
    fmt: Format, variant: str, seed: int, over: bool
) -> None:
    target = None if not over else 10 if fmt is Format.TWO else 40
    session = played(fmt, variant, seed, over=over, target=target, hot_seat=seed % 2 == 1)
    app = GinApp(Settings(speed="instant"), session=session)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        await check_outcome_in_view(app, session)


@pytest.mark.slow
async def test_a_cancelled_hand_says_so_and_lays_out_nothing() -> None:
    session = played(Format.TWO, "oklahoma", 13)
    result = session.hand.result
    assert result is not None and not result.scored
    app = GinApp(Settings(speed="instant"), session=session)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        screen = await check_outcome_in_view(app, session)
        assert "cancelled" in screen.plain
        assert not screen.query(ResultView)


@pytest.mark.slow
async def test_the_hands_are_laid_out_once_as_cards() -> None:
    """Melds, lay-offs and deadwood as cards beside the player's name; the
    words below are the arithmetic only, not the hands again."""
    session = played(Format.TWO, "gin", 3)
    result = session.hand.result
    assert result is not None and result.knock is not None and result.knock.layoffs
    async with result_shown(session) as (app, _pilot, screen):
        shown = screen.plain
        assert "melds:" not in shown and "deadwood:" not in shown
        assert shown.count("lays off") == 1 and "lays off" not in shown.split("Upcard")[1]
        rows = screen_rows(app, screen.query_one(ResultView).region)
        names = session.names_at()
        for name in names:  # each name beside its first meld
            assert any(row.lstrip().startswith(name) and "[" in row for row in rows), rows


@pytest.mark.slow
async def test_the_arrows_scroll_the_result_and_it_says_when_there_is_more() -> None:
    session = played(Format.PARTNERSHIP, "gin", 6)  # two tables: more than 80×24 holds
    async with result_shown(session) as (app, pilot, screen):
        body = screen.query_one(".body")
        dialog = screen.query_one("#dialog")
        assert body.max_scroll_y > 0 and body.scroll_y == 0
        assert screen.more_below and dialog.border_subtitle == MORE_BELOW
        bottom = screen_rows(app, dialog.region)[-1]
        assert MORE_BELOW in bottom  # drawn on the dialog's bottom edge
        app.set_focus(None)  # whatever has the focus: ↓ scrolls the result
        await pilot.press("down")
        await pilot.pause()
        assert body.scroll_y == 1
        await pilot.press("pagedown", "pagedown", "pagedown")
        await pilot.pause()
        assert body.scroll_y == body.max_scroll_y
        assert not screen.more_below and dialog.border_subtitle != MORE_BELOW
        await pilot.press("home")
        await pilot.pause()
        assert body.scroll_y == 0 and dialog.border_subtitle == MORE_BELOW


@pytest.mark.slow
async def test_a_result_that_fits_says_nothing_of_more() -> None:
    session = played(Format.TWO, "gin", 3)
    async with result_shown(session) as (_app, pilot, screen):
        dialog = screen.query_one("#dialog")
        # the edge is said after the body's last layout: wait for it to agree
        await until(pilot, lambda: screen.more_below == bool(dialog.border_subtitle), "the edge")
        assert screen.query_one(".body").max_scroll_y == 0
        assert not screen.more_below and not dialog.border_subtitle


@pytest.mark.slow
async def test_melds_are_never_split_and_wrapped_rows_keep_their_indent() -> None:
    """Skarney for three at 80×24: many melds on the table, in rows that wrap."""
    session = played(Format.SKARNEY3, "skarney", 3)
    async with result_shown(session) as (_app, _pilot, screen):
        view = screen.query_one(ResultView)
        rows = view.render().text(view.content_region.width).plain.split("\n")
        wrapped = 0
        for row in rows:
            assert row.count("[") == row.count("]"), row
            if row.lstrip().startswith("["):  # a wrapped row of melds
                wrapped += 1
                assert len(row) - len(row.lstrip()) > len("on the table"), row
        assert wrapped


def test_a_row_wraps_between_its_pieces_under_its_first() -> None:
    pieces = [Text(f"[{n} {n} {n}]") for n in range(1, 7)]  # 7 cells each
    flow = Flow([Row(pieces, Text("Ann  melds "))])
    lines = flow.text(30).plain.split("\n")
    assert lines == [
        "Ann  melds [1 1 1] [2 2 2]",
        "           [3 3 3] [4 4 4]",
        "           [5 5 5] [6 6 6]",
    ]
    assert str(flow) == "Ann  melds " + " ".join(p.plain for p in pieces)
    # a sentence wraps between words, its wrapped lines indented
    said = Flow([Row.words("Computer wins the game, 31 to 0.", hang=4)]).text(20).plain
    assert said.split("\n") == ["Computer wins the", "    game, 31 to 0."]


def test_a_narrow_view_keeps_the_indent_within_reach() -> None:
    flow = Flow([Row([Text("[1 2 3]")] * 3, Text(" " * 30))])
    for line in flow.text(24).plain.split("\n")[1:]:
        assert line.startswith(" " * 12 + "[")


@pytest.mark.slow
@pytest.mark.parametrize(
    ("fmt", "variant", "seed", "over"),
    [(Format.PARTNERSHIP, "gin", 6, False), (Format.SKARNEY3, "skarney", 3, True)],
    ids=["partnership-hand", "skarney3-game"],
)
async def test_the_end_of_a_long_result_can_be_reached(
    fmt: Format, variant: str, seed: int, over: bool
) -> None:
    """Rows that wrap (and the scrollbar's columns) are counted in the
    result's height: End shows its very last row."""
    session = played(fmt, variant, seed, over=over, target=40 if over else None)
    async with result_shown(session) as (app, pilot, screen):
        body = screen.query_one(".body")
        assert body.max_scroll_y > 0
        await pilot.press("end")
        await pilot.pause()
        last = screen.query_one(ResultView).plain.splitlines()[-1]
        shown = screen_rows(app, body.region)
        assert words(last) in words(shown[-1]), shown


@pytest.mark.slow
@pytest.mark.parametrize(
    ("names", "beside"),
    [
        (("Marguerite de Valois", "Ann"), True),
        (("王小明", "Ann"), True),
        (("王小明王小明王小明", "Ann"), False),
    ],
    ids=["long", "wide", "long-and-wide"],
)
async def test_a_long_or_wide_name_keeps_its_cards_in_line(
    names: tuple[str, str], beside: bool
) -> None:
    """Names (sixteen characters at most) stand beside their cards, padded
    by their width on screen; one too wide for that goes on a line of its
    own, its cards under it."""
    session = Session(preset("gin"), (Seat(names[0]), Seat(names[1], SeatKind.COMPUTER, "easy")), 3)
    person = make_bot("easy", session.rules, 8)
    while not session.round_over:
        step(session, person)
    async with result_shown(session) as (_app, _pilot, screen):
        rows = screen.query_one(ResultView).plain.splitlines()
        rows = rows[: rows.index("")]  # the hands, above the arithmetic
        for name in session.names:
            (at,) = [i for i, row in enumerate(rows) if row.startswith(name)]
            below = rows[at + 1]
            if beside:  # the cards start where the labels under them do
                indent = cell_len(below) - cell_len(below.lstrip())
                assert cell_len(rows[at].split("[")[0]) == indent, rows
            else:
                assert rows[at] == name and below.startswith("  ["), rows


@pytest.mark.slow
async def test_cards_laid_off_on_one_meld_are_told_together() -> None:
    """4♥ then 5♥ on one run: "4♥ 5♥ on [...]", as they were laid, never
    "5♥ on" the run as it stood before 4♥ (a move the rules refuse)."""
    session = played(Format.TWO, "gin", 11)
    result = session.hand.result
    assert result is not None and result.knock is not None
    layoffs = result.knock.layoffs
    assert len(layoffs) == 2 and layoffs[0].meld == layoffs[1].meld
    async with result_shown(session) as (_app, _pilot, screen):
        shown = words(screen.query_one(ResultView).plain)
        cards = " ".join(lo.card.label for lo in layoffs)
        assert f"lays off {cards} on [" in shown, shown
        assert shown.count(" on [") == 1
