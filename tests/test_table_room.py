"""At 80×24 the line that says what to do, the hand and the keys always
show, in every variant and format, with the moves panel open or not; the
melds on the table take the room that is left, and those that do not fit
are counted on their last line and listed whole by ``b``."""

from __future__ import annotations

import re
from typing import Any

import pytest
from apphelp import VARIANTS, rounds, settle
from helpers import positions, quick_hint
from rich.console import Console
from rich.text import Text
from textual.geometry import Size
from textual.widget import Widget
from textual.widgets import Footer, Static
from textual.widgets._footer import FooterKey

from ginrummies.core import Format, Meld, formats_for, full_deck, make_meld, parse_cards, preset
from ginrummies.core.levels import Level
from ginrummies.play.hinting import hint_text
from ginrummies.play.keys import MOVES
from ginrummies.play.session import Session, format_seats
from ginrummies.store import Settings
from ginrummies.tui.app import GinApp
from ginrummies.tui.screens.melds import MeldsScreen
from ginrummies.tui.screens.table import TableScreen
from ginrummies.tui.widgets.hand import HandView
from ginrummies.tui.widgets.melds import TableMeldsView
from ginrummies.tui.widgets.piles import Piles, PileView
from ginrummies.tui.widgets.statusline import fit_lines, wrapped_lines

pytestmark = pytest.mark.slow  # app tests: seconds each

SMALL = (80, 24)
CASES = [(v, f) for v in VARIANTS for f in formats_for(preset(v))]


def most_melds(variant: str) -> tuple[Meld, ...]:
    """As many three-card melds as one deck makes (17): four runs of each
    suit (no ace: it is high in Colonel) and a set of aces, the most a table
    can hold, whoever laid them."""
    rules = preset(variant)
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    runs = [
        " ".join(f"{rank}{suit}" for rank in ranks[start : start + 3])
        for suit in "♣♦♥♠"
        for start in range(0, 12, 3)
    ]
    return tuple(make_meld(parse_cards(m), rules) for m in [*runs, "A♣ A♦ A♥"])


def whole_in_view(widget: Widget, screen: Any) -> None:
    """All of ``widget`` is on the screen, above the footer, its text not cut."""
    region = widget.region
    footer = screen.query_one(Footer).region
    assert region.height > 0, widget
    assert screen.region.contains_region(region), (widget, region)
    assert region.bottom <= footer.y, (widget, region, footer)
    if isinstance(widget, Static):
        needed = widget.get_content_height(region.size, screen.size, region.width)
        assert needed <= region.height, (widget, str(widget.render()))


async def footer_fits(table: TableScreen, pilot: Any) -> None:
    """Every key of the footer in 80 columns, with the three longest moves
    of the variant legal at once (the most a turn offers) and undo."""
    moves = [m for m in MOVES if m.applies(table.session.rules)]
    longest = sorted(moves, key=lambda m: len(m.label))[-3:]
    table.legal_moves = frozenset({m.name.value for m in longest} | {"undo"})
    await pilot.pause()
    keys = list(table.query_one(Footer).query(FooterKey))
    shown = {k.key for k in keys}
    assert {m.key for m in longest} <= shown and {"u", "v", "f1", "escape"} <= shown
    need = sum(
        k.get_content_width(Size(200, 1), Size(200, 1)) + k.styles.gutter.width for k in keys
    )
    assert need <= SMALL[0], [k.key for k in keys]


@pytest.mark.parametrize("panel", [False, True], ids=["", "panel"])
@pytest.mark.parametrize(("variant", "fmt"), CASES, ids=[f"{v}-{f.value}" for v, f in CASES])
async def test_the_prompt_the_hand_and_the_keys_show_with_the_table_full(
    variant: str, fmt: Format, panel: bool
) -> None:
    session = Session(preset(variant), format_seats(fmt, 1, Level.EASY), 5, format=fmt)
    app = GinApp(Settings(speed="instant"), session=session)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        for _ in rounds("the table"):  # past a hand the computers ended
            if isinstance(app.screen, TableScreen):
                break
            await pilot.press("enter")
            await settle(pilot)
        table = app.screen
        if panel:
            await pilot.press("v")
            await pilot.pause()
            assert table.query_one("#side").region.width > 0
        await pilot.press("question_mark")  # the hint's reason is said there too
        await settle(pilot)
        view = table.query_one(TableMeldsView)
        melds = most_melds(variant) if session.rules.has_table_melds else ()
        if melds:
            view.melds = tuple((m, "Computer" if i % 2 else "You") for i, m in enumerate(melds))
            await pilot.pause()
        status = table.query_one("#status", Static)
        said = str(status.render())
        assert said.strip()  # it says what to do
        # and all of it: no last line of a hint's reason lost, panel or not
        width = status.content_region.width
        lines = Text(said).wrap(Console(width=width), width)
        assert len(lines) <= status.content_region.height, said
        for widget in (status, table.query_one(HandView), table.query_one("#hand-name")):
            whole_in_view(widget, table)
        assert table.query_one(Footer).region.bottom == SMALL[1]
        await footer_fits(table, pilot)
        if not session.rules.has_table_melds:
            assert not view.display
            return
        whole_in_view(view, table)
        shown = str(view.render())
        numbers = [n for n in range(1, len(melds) + 1) if f"{n}:[" in shown]
        assert numbers == list(range(1, len(melds) - view.hidden + 1))
        if view.hidden:  # none dropped without a word
            assert f"… and {view.hidden} more melds on the table: b shows them all" in shown
        await pilot.press("b")
        await pilot.pause()
        every = app.screen
        assert isinstance(every, MeldsScreen)
        listed = str(every.query_one("#all-melds", TableMeldsView).render())
        assert all(f"{n}:[" in listed for n in range(1, len(melds) + 1))
        assert "more melds" not in listed
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is table


async def test_b_in_a_variant_without_table_melds_says_so() -> None:
    session = Session(preset("gin"), format_seats(Format.TWO, 1, Level.EASY), 5)
    app = GinApp(Settings(speed="instant"), session=session)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert "no melds on the table" in str(app.screen.query_one("#status", Static).render())


async def beside_the_panel(variant: str, said: str) -> tuple[str, int, int]:
    """``said`` in the status line at 80×24 with the moves panel open: what
    it shows, its width and its lines; the hand and the footer stay whole."""
    session = Session(preset(variant), format_seats(Format.TWO, 1, Level.EASY), 3)
    app = GinApp(Settings(speed="instant"), session=session)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        await pilot.press("v")
        await pilot.pause()
        table.note(said)
        table.redraw()
        await pilot.pause()
        status = table.query_one("#status", Static)
        whole_in_view(table.query_one(HandView), table)
        assert table.query_one(Footer).region.bottom == SMALL[1]
        assert status.region.bottom <= table.query_one(Footer).region.y
        region = status.content_region
        return str(status.render()), region.width, region.height


async def test_a_long_hint_beside_the_panel_is_said_whole() -> None:
    """At 80×24 with the moves panel open a hint wraps to six lines (a
    Skarney offer's reason and its odds): all of them show, and the key
    that plays it comes first."""
    reason = (
        "Q♠ fits no meld and is your highest loose card (10 points); the other hand "
        "holds Q♦ and 10♠, which it may meld with; that they take it: very unlikely "
        "(1%); if accepted, it gives them a meld with Q♦ 10♠ and costs you nothing"
    )
    said, width, height = await beside_the_panel(
        "skarney", f"Hint: offer Q♠ (y plays it) — {reason}."
    )
    lines = Text(said).wrap(Console(width=width), width)
    # as long as the tester's
    assert said.startswith("Hint: offer Q♠ (y plays it)") and len(lines) >= 5
    assert said.endswith("costs you nothing.")
    assert len(lines) <= height, said


async def test_a_long_discard_history_says_how_many_more_are_below() -> None:
    session = Session(preset("gin"), format_seats(Format.TWO, 1, Level.EASY), 3)
    app = GinApp(Settings(speed="instant"), session=session)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        piles = app.screen.query_one(PileView)
        pile = tuple(full_deck()[:22])
        piles.shown = Piles(stock=10, pile=pile)
        await pilot.pause()
        line = str(piles.render()).splitlines()[-1]
        assert line.startswith("below: ") and len(line) <= piles.size.width
        more = re.search(r"… (\d+) more$", line)
        assert more is not None, line
        listed = line.count("♠") + line.count("♥") + line.count("♦") + line.count("♣")
        assert listed + int(more.group(1)) == len(pile) - 1


def test_a_status_too_long_for_its_lines_loses_its_last_clauses() -> None:
    text = "Hint: discard 7♣ (y plays it) — first reason; second reason; third reason."
    assert fit_lines(text, 80, 1) == text
    assert fit_lines(text, 35, 2) == "Hint: discard 7♣ (y plays it) — first reason; second reason …"
    cut = fit_lines(text, 30, 1)
    assert cut.endswith(" …") and wrapped_lines(cut, 30) == 1


def longest_hint(variant: str) -> str:
    """The longest status-line hint of some positions of ``variant``, with
    the hard level's figures."""
    rules = preset(variant)
    said = ""
    for seed in range(4):
        for n, (_, view, legal) in enumerate(positions(rules, seed, "normal", 0.15)):
            if n % 3:
                continue
            hints = quick_hint(view, legal, level=Level.HARD, first_only=True)
            if hints and len(hint_text(hints[0], view)) > len(said):
                said = hint_text(hints[0], view)
    return said


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["sequence", "skarney", "colonel"])
async def test_the_longest_hints_end_on_screen_at_80_by_24(variant: str) -> None:
    """A real hint, the longest of many positions, beside the moves panel at
    80×24: every line it shows is on screen, it starts with the move and its
    key, and what did not fit is marked."""
    said = longest_hint(variant)
    assert len(said) > 200  # long enough to need fitting beside the panel
    shown, width, height = await beside_the_panel(variant, said)
    assert wrapped_lines(shown, width) <= height, shown
    assert shown.startswith(said.split(" — ")[0])
    assert shown == said or shown.endswith(" …")
