"""The replay shows each hand's count as the hand would be scored: in Skarney
and Colonel every card held counts, melded or not (RULES.md 3 and 4)."""

from __future__ import annotations

import pytest
from apphelp import SIZE, finish, until

from ginrummies.core import best_arrangement, hand_value, preset
from ginrummies.store import Settings
from ginrummies.store.saves import parse
from ginrummies.tui.app import GinApp
from ginrummies.tui.screens.replay import ReplayScreen

try:
    from ginrummies.play.session import Seat, SeatKind, Session
except ImportError:  # before the play layer moved out of the app
    from ginrummies.tui.session import Seat, SeatKind, Session  # type: ignore[no-redef]


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["skarney", "colonel"])
async def test_replay_counts_every_card_in_hand(variant: str) -> None:
    rules = preset(variant).but(target=40)
    seats = (Seat("Ann"), Seat("Bob", SeatKind.COMPUTER, "easy"))
    saved = parse(finish(None, Session(rules, seats, 5), 5).to_json())

    app = GinApp(Settings(), replay=saved)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        seen_melds = False
        for _ in range(len(saved.log[0])):
            session = screen.session
            assert session is not None
            for seat in (0, 1):
                held = session.game.view(seat).hand
                label = str(screen.query_one(f"#name{seat}").render())
                assert f"in hand {hand_value(held, rules)}" in label
                seen_melds |= best_arrangement(held, rules).points < hand_value(held, rules)
            await pilot.press("right")
        assert seen_melds  # a hand held melds, so the two counts differed
        await pilot.press("q")


async def test_the_replay_footer_fits_80_columns() -> None:
    rules = preset("gin").but(target=40)
    seats = (Seat("Ann"), Seat("Bob", SeatKind.COMPUTER, "easy"))
    saved = parse(finish(None, Session(rules, seats, 5), 5).to_json())

    app = GinApp(Settings(), replay=saved)
    async with app.run_test(size=(80, 24)) as pilot:

        def footer() -> str:
            return app.screen._compositor.render_strips()[-1].text

        # the footer lays out its keys a refresh after the screen's bindings
        await until(pilot, lambda: footer().strip() != "", "the footer's keys")
        for words in ("Next", "Back", "Next hand", "Prev hand", "Start", "End", "Leave"):
            assert words in footer(), footer()
