"""The table for every terminal and every player: its layout by size, live
resizing, keys for every card, the hint key, the thinking mark, marks that
do not need colour, and the contract laid as the hand shows it."""

from __future__ import annotations

import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from apphelp import VARIANTS, make_app, play_hand, settle, until
from scenes import core_played
from textual.widgets import Static

from ginrummies.core import Card, DrawStock, LayContract, Meld, MeldKind, Phase, preset
from ginrummies.play import runner as runner_module
from ginrummies.play import session as session_module
from ginrummies.play.cardart import CardSize
from ginrummies.play.fit import MIN_SIZE, fit
from ginrummies.play.session import Session, default_seats
from ginrummies.store import Settings
from ginrummies.tui.app import GinApp
from ginrummies.tui.screens.curtain import CurtainScreen
from ginrummies.tui.screens.menu import MenuScreen
from ginrummies.tui.screens.table import TableScreen, pick_grouping
from ginrummies.tui.widgets.hand import HandView
from ginrummies.tui.widgets.piles import BacksView


@asynccontextmanager
async def at_table(
    variant: str = "gin", seed: int = 5, size: tuple[int, int] = (80, 24), **options: Any
) -> AsyncIterator[tuple[Any, TableScreen]]:
    """The pilot and the table of a fresh game against the computer, settled."""
    app = make_app(variant, seed=seed, **options)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        yield pilot, table_of(app)


def table_of(app: Any) -> TableScreen:
    screen = app.screen
    assert isinstance(screen, TableScreen)
    return screen


def text_of(app: Any, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


def test_the_layout_follows_the_size() -> None:
    small = fit(80, 24)
    assert not small.too_small and not small.side and not small.roomy and not small.big
    middle = fit(100, 30)
    assert middle.side and middle.roomy and not middle.big
    large = fit(160, 50)
    assert large.side and large.big
    assert fit(*MIN_SIZE) == fit(MIN_SIZE[0], MIN_SIZE[1])
    assert not fit(*MIN_SIZE).too_small
    assert fit(MIN_SIZE[0] - 1, 30).too_small and fit(100, MIN_SIZE[1] - 1).too_small


@pytest.mark.slow
async def test_resizing_switches_the_layout_live_and_keeps_the_game() -> None:
    app = make_app("gin", seed=5)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        table = table_of(app)
        side = table.query_one("#side")
        assert side.display and side.region.width > 0
        before = table.session.hand.state_key()
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert table.has_class("-narrow") and not table.has_class("-too-small")
        assert side.region.width == 0  # the moves go away in a narrow window
        hand = table.query_one(HandView)
        assert hand.region.right <= 80 and hand.region.bottom <= 23
        await pilot.press("v")  # and come back on demand
        await pilot.pause()
        assert side.region.width > 0
        await pilot.press("v")
        await pilot.resize_terminal(160, 50)
        await pilot.pause()
        assert hand.card_size is CardSize.BIG and table.has_class("-large")
        assert side.region.width > 34  # the moves take a share of the room
        await pilot.resize_terminal(50, 18)
        await pilot.pause()
        assert table.has_class("-too-small")
        message = text_of(app, "#too-small")
        assert "50×18" in message and f"{MIN_SIZE[0]}×{MIN_SIZE[1]}" in message
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not table.has_class("-too-small")
        assert hand.card_size is CardSize.SMALL
        assert table.session.hand.state_key() == before


@pytest.mark.slow
async def test_every_card_of_an_eleven_card_hand_has_a_key() -> None:
    async with at_table("gin", seed=5) as (pilot, table):
        app = pilot.app
        session = table.session
        await pilot.press("p")
        await settle(pilot)
        if session.hand.phase is not Phase.DRAW:
            await pilot.press("p")
            await settle(pilot)
        await pilot.press("d")
        await settle(pilot)
        assert len(table.state.order) == 11
        await pilot.press("minus")
        assert table.state.cursor_card == table.state.order[10]
        await pilot.press("0")
        assert table.state.cursor_card == table.state.order[9]
        await pilot.press("equals_sign")  # a twelfth card: there is none
        assert "You hold 11 cards." in text_of(app, "#status")
        assert table.state.cursor_card == table.state.order[9]


@pytest.mark.slow
async def test_the_hint_key_plays_the_hinted_move() -> None:
    async with at_table("gin", seed=5) as (pilot, table):
        app = pilot.app
        session = table.session
        played = len(session.hand.events)
        await pilot.press("y")
        assert "no hint to play" in text_of(app, "#status")
        assert len(session.hand.events) == played
        await pilot.press("question_mark")
        await until(pilot, lambda: table.hints.hinted is not None, "the hint thought")
        hinted = table.hints.hinted[1]
        assert "y plays it" in text_of(app, "#status")
        await pilot.press("y")
        assert len(session.hand.events) > played
        assert session.hand.events[played].action == hinted
        await pilot.press("y")  # the hint was for a turn that has passed
        assert "no hint to play" in text_of(app, "#status")


@pytest.mark.slow
async def test_a_slow_computer_shows_that_it_is_thinking(monkeypatch: pytest.MonkeyPatch) -> None:
    real = session_module.decide
    gate = threading.Event()  # the computer thinks until the test has seen the mark

    def slow(turn: Any) -> Any:
        if not gate.wait(60):  # a guard: the test lets it go
            raise AssertionError("the test never let the computer's move go")
        return real(turn)

    monkeypatch.setattr(runner_module, "decide", slow)

    app = make_app("gin", seed=5, settings=Settings(speed="instant"))
    async with app.run_test(size=(80, 24)) as pilot:
        table = table_of(app)
        # the mark comes 0.3 s past the pace (here none)
        await until(pilot, lambda: "thinking" in text_of(app, "#opp-name"), "the thinking mark")
        assert table.thinking
        gate.set()
        await settle(pilot)
        assert "thinking" not in text_of(app, "#opp-name")


def test_the_default_pace_is_brisk() -> None:
    assert Settings().delay <= 0.5


async def test_the_table_names_the_opponents_level_and_the_dealer() -> None:
    app = make_app("gin", seed=5, level="normal")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        opponent = text_of(app, "#opp-name")
        mine = text_of(app, "#hand-name")
        assert opponent.startswith("Computer (normal)")
        assert ("dealer" in opponent) != ("dealer" in mine)


@pytest.mark.slow
async def test_beside_the_moves_panel_the_dealer_stays_named() -> None:
    """At 80 columns with the moves panel open the computer's line is too
    wide: its last move goes (the panel says it), never who deals."""
    app = make_app("gin", seed=7, level="normal")  # the computer deals
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("p")  # the upcard passed: the computer answers
        await settle(pilot)
        assert text_of(app, "#opp-name").endswith("· dealer · last: passed")
        await pilot.press("v")
        await pilot.pause()
        assert text_of(app, "#opp-name").endswith("· dealer")


@pytest.mark.slow
async def test_the_picked_and_marked_cards_show_without_colour() -> None:
    for style, picked_edge in (("unicode", "╔"), ("ascii", "#=")):
        settings = Settings(speed="instant", card_style=style)
        app = make_app("skarney", seed=4, settings=settings)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            table = table_of(app)
            hand = table.query_one(HandView)
            rows = hand.render().plain.splitlines()
            assert picked_edge in rows[1] and picked_edge not in rows[0]
            await pilot.press("right", "space")  # mark the second card
            rows = hand.render().plain.splitlines()
            x = hand._xs[1]
            assert rows[0][x] in "╔#"  # a marked card stands a row higher
            assert "1 marked" in text_of(app, "#hand-name")


@pytest.mark.slow
async def test_the_known_cards_are_named_in_words(tmp_path: Path) -> None:
    # the person to move after the computer took a card from the pile
    session = core_played(
        "gin", 2, lambda s: s.to_move == 0 and bool(s.view(0).known_opponent_cards)
    )
    app = GinApp(Settings(speed="instant"), session=session, data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = table_of(app)
        known = table.session.view().known_opponent_cards
        assert known
        drawn = table.query_one(BacksView).render().plain
        assert "known: " + " ".join(c.label.rjust(3) for c in known) in drawn


def test_a_contract_is_laid_as_the_hand_shows_it_grouped() -> None:
    c = Card.parse
    sets = [Meld(MeldKind.SET, (c(f"{r}h"), c(f"{r}c"), c(f"{r}d"))) for r in (5, 6, 7)]
    runs = [Meld(MeldKind.RUN, (c(f"5{s}"), c(f"6{s}"), c(f"7{s}"))) for s in "hcd"]
    as_sets = LayContract((sets[0], sets[1], sets[2]))
    as_runs = LayContract((runs[0], runs[1], runs[2]))
    shown_runs = {frozenset(m.cards) for m in runs}
    shown_sets = {frozenset(m.cards) for m in sets}
    assert pick_grouping([as_sets, as_runs], shown_runs) is as_runs
    assert pick_grouping([as_runs, as_sets], shown_sets) is as_sets


@pytest.mark.slow
async def test_esc_on_the_curtain_goes_to_the_menu_and_the_hand_stays_hidden() -> None:
    app = make_app("gin", seed=2, hot_seat=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("home", "enter")  # Continue
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)


@pytest.mark.slow
async def test_a_refused_move_says_why_in_the_app() -> None:
    async with at_table("gin", seed=5) as (pilot, table):
        app = pilot.app
        session = table.session
        while session.hand.phase is not Phase.DRAW:
            await pilot.press("p")
            await settle(pilot)
        assert DrawStock() in session.legal()
        await pilot.press("d")
        await settle(pilot)
        await pilot.press("g")
        said = text_of(app, "#status")
        assert said.startswith("You cannot go gin") and "gin needs 0" in said


@pytest.mark.slow
async def test_the_result_and_the_help_scroll_to_their_end_at_80_by_24() -> None:
    async with at_table("gin", seed=5) as (pilot, _table):
        app = pilot.app
        await pilot.press("f1")
        await settle(pilot)
        body = app.screen.query_one(".body")
        assert app.focused is body and body.max_scroll_y > 0  # more than fits
        assert app.screen.query_one("#dialog").region.bottom <= 23
        await pilot.press("end")
        await pilot.pause()
        assert body.scroll_y == body.max_scroll_y
        await pilot.press("escape")
        result = await play_hand(pilot)
        body = result.query_one(".body")
        assert app.focused is body
        assert result.query_one("#dialog").region.bottom <= 23
        hint = result.query_one("#dialog > .hint")
        assert hint.region.height and hint.region.bottom <= 23  # "Enter: next hand" shows


def test_the_log_names_the_upcard_in_every_variant_that_has_one() -> None:
    for variant in VARIANTS:
        session = Session(preset(variant), default_seats(False, "easy"), 4)
        upcard = session.view(0).discard_top
        if session.rules.has_discard_pile:
            assert upcard is not None and f"The upcard is {upcard.label}." in session.log, variant
        else:
            assert not [line for line in session.log if "upcard" in line], variant
