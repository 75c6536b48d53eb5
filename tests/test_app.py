"""The Textual app, driven with keys through Textual's pilot."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from apphelp import (
    SIZE,
    VARIANTS,
    StayingApp,
    advanced,
    advanced_to,
    cards_in_play,
    hintless_turn,
    make_app,
    palette_shows,
    pick,
    play_hand,
    quiet,
    replay_checking,
    round_ends,
    settle,
    unfold,
    until,
)
from rich.console import Console
from textual import events
from textual.widgets import Input, OptionList, Select, Static
from textual.widgets._footer import FooterKey

from ginrummies.core import CARDS, Discard, DrawStock, Knock, LayContract, Phase, preset
from ginrummies.play.handorder import SortMode
from ginrummies.play.keys import MOVES, help_rows
from ginrummies.play.session import Session, default_seats
from ginrummies.store import THEMES, Settings
from ginrummies.store.saves import SAVE_NAME, load
from ginrummies.tui.app import GinApp
from ginrummies.tui.screens.choice import ChoiceScreen
from ginrummies.tui.screens.curtain import CurtainScreen
from ginrummies.tui.screens.help import HelpScreen
from ginrummies.tui.screens.menu import MenuScreen
from ginrummies.tui.screens.newgame import NewGameScreen
from ginrummies.tui.screens.result import ResultScreen
from ginrummies.tui.screens.rules import RulesScreen
from ginrummies.tui.screens.settings import SettingsScreen
from ginrummies.tui.screens.table import TableScreen
from ginrummies.tui.widgets.hand import HandView


def status(app: GinApp) -> str:
    return str(app.screen.query_one("#status", Static).render())


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
async def test_a_whole_hand_against_the_computer_with_keys(variant: str) -> None:
    """At 80×24, the window most terminals open with: the table fits it, and
    the hand is played with keys to its result. (Its first half is played
    through the core, as the app starts: those moves only repeat what the
    keys do in the second half.)"""

    def new() -> Session:
        return Session(preset(variant), default_seats(False, "easy"), 11)

    app = GinApp(Settings(speed="instant"), session=advanced(new(), round_ends(new)[0] // 2))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen) and not table.has_class("-too-small")
        for selector in ("#hand", "#status", "#piles", "#opp", "#hand-name"):
            region = table.query_one(selector).region
            assert region.height and region.right <= 80 and region.bottom <= 23, selector
        result_screen = await play_hand(pilot)
        session = app.session
        assert session is not None and session.hand.is_over
        assert isinstance(result_screen, ResultScreen)
        # the result screen lays out the score line by line: the hands as
        # cards (their melds, lay-offs and cards held are not said again)
        shown = result_screen.plain
        result = session.hand.result
        assert result is not None
        assert result.summary(session.names) in shown
        for line in result.breakdown(session.names, hands=False):
            shown_as_cards = ("lays off", "lay off", "on the table:", " holds ", " hold ")
            if not any(said in line for said in shown_as_cards):
                assert line in shown
        await pilot.press("enter")
        await settle(pilot)
        if not session.game.is_over:
            assert len(session.game.hands) == 2
            assert isinstance(app.screen, TableScreen)


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
async def test_hot_seat_hides_each_hand_behind_a_curtain(variant: str) -> None:
    app = make_app(variant, seed=3, hot_seat=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        session = app.session
        assert session is not None and session.hot_seat
        first = session.to_move
        # the first hand opens behind the curtain too, naming who moves first
        assert isinstance(app.screen, CurtainScreen)
        assert first is not None and app.screen.player == session.names[first]
        table = app.screen_stack[-2]
        assert isinstance(table, TableScreen)
        curtains = 0
        # 12 turns and curtains: each player sits down twice or more (30 or
        # 60 only repeated the same checks). Whole hot-seat hands, to their
        # result, are test_safeguards' (Gin and Oklahoma, every frame watched)
        for _ in range(12):
            await settle(pilot)
            if isinstance(app.screen, ResultScreen):
                break
            if isinstance(app.screen, CurtainScreen):
                curtains += 1
                # behind the curtain the table shows no face
                assert not table.query_one(HandView).face_up
                await pilot.press("enter")
                assert table.query_one(HandView).face_up
                # the hand on show is the player to move
                assert session.viewer() == session.to_move
                continue
            await hintless_turn(pilot)  # the curtain is the point, not the hint
        assert curtains >= 3


@pytest.mark.slow
async def test_an_illegal_key_gives_a_message_and_changes_nothing() -> None:
    app = make_app("gin", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        session = app.session
        assert session is not None
        assert session.hand.phase is Phase.UPCARD
        before = session.hand.state_key()
        await pilot.press("x")
        assert "You cannot discard 8♠ now: take 4♠ (t) or pass (p) first." in status(app)
        await pilot.press("d")
        assert "You cannot draw now: take 4♠ (t) or pass (p) first." in status(app)
        await pilot.press("k")
        assert "You cannot knock" in status(app)
        await pilot.press("enter")  # plays the picked card, as x does
        assert "You cannot discard 8♠ now" in status(app)
        await pilot.press("z")  # no key of the game
        assert "z is not a key of the game" in status(app)
        assert session.hand.state_key() == before


@pytest.mark.slow
async def test_only_legal_moves_show_in_the_footer() -> None:
    app = make_app("gin", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.screen
        shown = {b.binding.action for b in table.active_bindings.values() if b.enabled}
        assert {"move('take')", "move('pass')"} <= shown
        for move in ("draw", "discard", "knock", "meld", "offer"):
            assert f"move('{move}')" not in shown
        assert table.legal_moves == {"take", "pass"}


async def pass_the_upcard(pilot: Any) -> None:
    """Both players turn the upcard down: the person is to draw."""
    session = pilot.app.session
    await settle(pilot)
    await pilot.press("p")
    await settle(pilot)
    if session.hand.phase is Phase.UPCARD:
        await pilot.press("p")
        await settle(pilot)


async def drawn_from_the_stock(pilot: Any) -> TableScreen:
    """The upcard passed by both, the person draws from the stock."""
    await pass_the_upcard(pilot)
    await pilot.press("d")
    table = pilot.app.screen
    assert isinstance(table, TableScreen)
    return table


@pytest.mark.slow
async def test_draw_then_discard_the_card_under_the_cursor() -> None:
    app = make_app("gin", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        session = app.session
        assert session is not None
        await pass_the_upcard(pilot)
        assert DrawStock() in session.legal()
        await pilot.press("d")
        table = app.screen
        assert isinstance(table, TableScreen)
        drawn = table.state.new_card
        assert drawn is not None and table.state.cursor_card == drawn  # the cursor goes to it
        await pilot.press("1")  # the first card shown
        first = table.state.order[0]
        assert table.state.cursor_card == first
        await pilot.press("x")
        await settle(pilot)
        assert session.hand.events[-2].action == Discard(first) or any(
            e.action == Discard(first) for e in session.hand.events
        )
        assert first not in session.hand.cards_of(session.viewer())


@pytest.mark.slow
async def test_a_game_taken_up_after_a_draw_picks_the_card_drawn() -> None:
    """The app started again (a crash, ``--continue``) after the person drew:
    the card drawn is still the new one under the cursor, so ``x`` throws
    away the card it would have before (issue 51)."""
    app = make_app("gin", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        session = app.session
        assert session is not None
        table = await drawn_from_the_stock(pilot)
        drawn = table.state.new_card
        assert drawn is not None
        await pilot.press("home")  # moved off it, in the app that closes
    again = GinApp(Settings(speed="instant"), session=session)
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = again.screen
        assert isinstance(table, TableScreen)
        assert table.state.new_card == drawn and table.state.cursor_card == drawn
        await pilot.press("x")
        await settle(pilot)
        assert Discard(drawn) in [e.action for e in session.hand.events]


def dealt_to(rules: str, point: Callable[[Session], bool], seeds: range) -> Session:
    """The first deal of ``seeds`` played through the core (the person's
    moves by an easy bot) up to a person's move where ``point`` holds: the
    app starts there, the moves before it being no part of the test."""
    for seed in seeds:
        session = Session(preset(rules), default_seats(False, "easy"), seed)
        if advanced_to(session, lambda s: s.person_to_move and point(s)):
            return session
    pytest.fail(f"no deal of {seeds} came to the point")


@pytest.mark.slow
async def test_knocking_asks_which_melds_to_spread() -> None:
    """k asks which melds to spread (Esc: not now); k, Enter knocks. From
    the person's first chance to knock in a deal."""
    session = dealt_to("gin", lambda s: any(isinstance(a, Knock) for a in s.legal()), range(4, 44))
    app = GinApp(Settings(speed="instant"), session=session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        await pilot.press("k")
        assert isinstance(app.screen, ChoiceScreen)
        options = app.screen.query_one(OptionList)
        assert options.option_count >= 1
        await pilot.press("escape")  # changed my mind
        assert isinstance(app.screen, TableScreen)
        assert not session.hand.is_over
        await pilot.press("k", "enter")
        await settle(pilot)
        assert session.hand.is_over
        result = session.hand.result
        assert result is not None and result.knocker == session.viewer()


@pytest.mark.slow
async def test_sort_cycles_and_keeps_the_cursor_on_its_card() -> None:
    app = make_app("gin", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        await pilot.press("3")
        card = table.state.cursor_card
        for mode in ("rank", "suit", "melds"):
            await pilot.press("s")
            assert table.state.sort_mode.value == mode
            assert table.state.cursor_card == card
        await pilot.press("s")
        ranks = [c.rank for c in table.state.order]
        assert ranks == sorted(ranks)


@pytest.mark.slow
async def test_hint_names_a_move_and_a_reason() -> None:
    app = make_app("gin", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        assert status(app).startswith("Hint: ")
        assert " — " in status(app)


@pytest.mark.slow
async def test_skarney_meld_needs_a_contract_of_nine_marked_cards() -> None:
    """Marked cards that are no contract are refused with a reason; the nine
    cards of a contract, each reached and marked with keys, are laid. From
    the person's first chance to lay a contract in a deal."""

    def contracts(session: Session) -> list[LayContract]:
        return [a for a in session.legal() if isinstance(a, LayContract)]

    session = dealt_to("skarney", lambda s: bool(contracts(s)), range(30))
    offered = contracts(session)
    app = GinApp(Settings(speed="instant"), session=session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        me = session.viewer()
        before = session.hand.state_key()
        # two cards marked are no contract: a message, nothing laid
        await pilot.press("1", "space", "2", "space")
        assert len(table.state.marked) == 2
        await pilot.press("m")
        assert "three melds of three cards" in status(app)
        assert session.hand.state_key() == before
        for card in sorted(table.state.marked):  # the same keys unmark them
            await pick(pilot, card)
            await pilot.press("space")
        assert table.state.marked == set()
        # the nine cards of a contract, each reached and marked with keys
        wanted = offered[0]
        cards = [c for m in wanted.melds for c in m.cards]
        for card in cards:
            await pick(pilot, card)
            await pilot.press("space")
        assert table.state.marked == set(cards)
        await pilot.press("m")
        assert session.hand.log[-1] == (me, wanted)
        await settle(pilot)
        assert session.hand.view(me).table.contracts[me]
        laid = [t.meld for t in session.hand.view(me).table.melds if t.owner == me]
        assert sorted(laid, key=str) == sorted(wanted.melds, key=str)
        assert not set(cards) & set(session.hand.cards_of(me))


@pytest.mark.slow
async def test_a_small_terminal_gets_a_message_and_the_table_comes_back() -> None:
    app = make_app("gin", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        table = app.screen
        assert table.has_class("-too-small")
        message = str(table.query_one("#too-small", Static).render())
        assert "70×20" in message and "needs at least" in message
        assert "the moves wait" in message
        # nothing is played blind: the move keys are refused, and say so
        before = table.session.hand.state_key()
        for key in ("p", "d", "x", "right", "s"):
            await pilot.press(key)
        await pilot.pause()
        assert table.session.hand.state_key() == before
        said = [n.message for n in app._notifications]
        assert said.count("The table is hidden: make the window larger to play.") == 1
        await pilot.press("f1")  # the help still opens
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is table
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        assert not table.has_class("-too-small")
        assert table.query_one("#board").display
        # the footer has the moves again, not only Help and Menu
        footer = {str(key.description) for key in table.query("FooterKey")}
        assert footer & {"Pass", "Take", "Draw"}, footer


@pytest.mark.slow
async def test_a_footer_key_relabelled_by_a_move_does_what_it_now_shows() -> None:
    """The footer changes its keys in place as the moves change (KeyFooter):
    the key that said Take says Draw after the computer's turn, and a click
    on it draws; then the same key says Discard, and a click discards."""
    app = make_app("gin", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen) and table.session.hand.phase is Phase.UPCARD

        def first_key() -> FooterKey:
            return next(iter(table.query(FooterKey).results(FooterKey)))

        key = first_key()
        assert (key.key, key.description) == ("t", "Take")
        await pilot.press("p")  # pass; the computer takes its turn
        await settle(pilot)
        assert table.session.hand.phase is Phase.DRAW and first_key() is key
        assert (key.key, key.description) == ("d", "Draw")
        stock = table.session.hand.stock_size
        await pilot.click(key)
        await settle(pilot)
        assert table.session.hand.phase is Phase.DISCARD
        assert table.session.hand.stock_size == stock - 1  # drawn, not taken
        assert len(table.session.hand.cards_of(0)) == 11
        assert first_key() is key and (key.key, key.description) == ("x", "Discard")
        await pilot.click(key)
        await settle(pilot)
        assert len(table.session.hand.cards_of(0)) == 10


@pytest.mark.slow
async def test_in_a_browser_the_small_window_is_said_in_its_words(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(GinApp, "is_web", property(lambda app: True))

    app = make_app("gin", seed=5)
    async with app.run_test(size=(58, 20)) as pilot:
        await settle(pilot)
        message = str(app.screen.query_one("#too-small", Static).render())
        assert "The page holds 58×20 characters" in message
        assert "zoom out (Ctrl and −)" in message


@pytest.mark.slow
async def test_menu_new_game_form_starts_the_game_it_shows() -> None:
    app = make_app(session=False)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, MenuScreen)
        options = app.screen.query_one(OptionList)
        labels = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert labels == [
            "New game",
            "Host a table across machines",
            "Join a table across machines",
            "Statistics",
            "Rules",
            "Settings",
            "Quit",
        ]  # nothing to continue
        await pilot.press("enter")
        form = app.screen
        assert isinstance(form, NewGameScreen)
        form.query_one("#variant", Select).value = "oklahoma"
        await pilot.pause()
        await unfold(form, "spade_doubles", "gin_bonus")
        assert "preset: on" in str(form.query_one("#opt-spade_doubles").parent.children[2].render())  # type: ignore[union-attr]
        form.query_one("#seed", Input).value = "4242"
        form.query_one("#opt-gin_bonus", Input).value = "30"
        form.query_one("#seat1", Select).value = "hard"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        # a game here: Escape goes to the menu (a table across machines': its lobby)
        assert app.screen.check_action("leave", ()) and not app.screen.check_action("lobby", ())
        session = app.session
        assert session is not None
        assert session.seed == 4242
        assert session.rules == preset("oklahoma").but(gin_bonus=30)
        assert session.seats[1].level == "hard"
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)
        first = app.screen.query_one(OptionList).get_option_at_index(0)
        assert str(first.prompt) == "Continue the game"
        await pilot.press("enter")
        assert isinstance(app.screen, TableScreen) and app.screen.session is session


@pytest.mark.slow
async def test_impossible_house_rules_are_refused_with_a_reason() -> None:
    app = make_app(session=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        form = app.screen
        assert isinstance(form, NewGameScreen)
        form.query_one("#variant", Select).value = "oklahoma"
        await pilot.pause()
        await unfold(form, "first_turn", "target")
        form.query_one("#opt-first_turn", Select).value = "eleven_cards"
        await pilot.pause()
        await pilot.press("ctrl+s")
        error = str(form.query_one("#form-error", Static).render())
        assert "do not work together" in error and "first_turn" in error
        form.query_one("#opt-first_turn", Select).value = "upcard"
        form.query_one("#opt-target", Input).value = "lots"
        await pilot.press("ctrl+s")
        assert "target must be a whole number" in str(
            form.query_one("#form-error", Static).render()
        )
        assert isinstance(app.screen, NewGameScreen) and app.session is None


@pytest.mark.slow
async def test_settings_change_the_theme_and_cards_at_once() -> None:
    app = make_app("gin", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.theme == "felt"
        app.push_screen(SettingsScreen(app.settings))
        await pilot.pause()
        app.screen.query_one("#set-theme", Select).value = "contrast"
        app.screen.query_one("#set-card_style", Select).value = "ascii"
        await pilot.pause()
        assert app.settings.theme == "contrast" and app.theme == "contrast"
        await pilot.press("escape")
        await pilot.pause()
        hand = app.screen.query_one(HandView)
        assert "+---+" in str(hand.render())


@pytest.mark.slow
async def test_rules_screen_shows_every_variant() -> None:
    app = make_app(session=False)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(RulesScreen("gin"))
        await pilot.pause()
        from textual.widgets import Markdown

        seen = []
        for _ in range(7):
            seen.append(app.screen.query_one(Markdown).source)
            await pilot.press("down")
            await pilot.pause()
        assert len(set(seen)) == 7
        assert any("contract" in s for s in seen) and any(
            "Challenge" in s or "challenge" in s for s in seen
        )


@pytest.mark.slow
async def test_help_lists_the_keys_and_the_rules() -> None:
    from textual.widgets import Markdown

    app = make_app("colonel", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        before = table.session.hand.state_key()
        await pilot.press("f1")
        shown = app.screen
        assert isinstance(shown, HelpScreen)
        text = " ".join(shown.query_one(Markdown).source.split())
        # the keys of this game from the key map, each with what it does, and no other
        console = Console(width=100, record=True, file=io.StringIO())
        console.print(shown.query_one("#keys", Static).content)
        lines = [" ".join(line.split()) for line in console.export_text().splitlines()]
        for keys, words in help_rows(preset("colonel")):
            assert f"{keys} {words}" in lines, keys
        for move in MOVES:
            if move.key in "kgoe":  # not Colonel's moves
                assert not any(line.startswith(f"{move.key} ") for line in lines), move
        # and Colonel's rules (RULES.md 4) with its options filled in, no other variant's
        heading = f"## {preset('colonel').name}"
        assert heading in text, "the help shows another variant's rules"
        rules = text[text.index(heading) :]
        assert "Aces are high only (Q K A is a run, A 2 3 is not)" in rules
        assert "lay off cards on *any* meld on the table" in rules
        assert "The game goes to 100." in rules
        for other in ("contract", "knock", "offer", "upcard is a spade"):
            assert other not in rules.lower(), other
        await pilot.press("escape")
        assert app.screen is table and table.session.hand.state_key() == before
        await pilot.press("h")  # the other help key
        assert isinstance(app.screen, HelpScreen)


@pytest.mark.slow
async def test_command_palette_offers_the_legal_moves() -> None:
    app = make_app("gin", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        commands = {c.title: c for c in app.get_system_commands(app.screen)}
        # the picker of themes is Textual's own (offering the game's themes)
        assert {"Take the discard", "Pass", "Knock", "Theme"} <= set(commands)
        # only this game's moves
        assert "Offer a card" not in commands
        assert commands["Pass"].discover and not commands["Knock"].discover
        session = app.session
        assert session is not None
        commands["Knock"].callback()  # not now: a message, no change
        assert "You cannot knock now" in status(app)
        assert session.hand.phase is Phase.UPCARD
        commands["Pass"].callback()
        await settle(pilot)
        assert session.hand.events[0].action.__class__.__name__ == "Pass"


async def back_to_the_table(pilot: Any) -> None:
    """Close whatever is open (Esc) and continue the game from the menu."""
    app = pilot.app
    for _ in range(8):
        if isinstance(app.screen, TableScreen | ResultScreen | ChoiceScreen):
            return
        if isinstance(app.screen, MenuScreen):
            first = app.screen.query_one(OptionList).get_option_at_index(0)
            assert str(first.prompt) == "Continue the game"
            await pilot.press("home", "enter")
        else:
            await pilot.press("escape")
        await settle(pilot)
    raise AssertionError(f"the game cannot be taken up again from {app.screen}")


@pytest.mark.every_frame
@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
async def test_hundreds_of_random_keys_never_break_the_game(variant: str, tmp_path: Path) -> None:
    keys = [
        *"dtpxkgmloanecs?hq0123456789",
        "left", "right", "home", "end", "space", "enter", "escape", "up", "down", "tab", "f1",
    ]  # fmt: skip

    async def fuzz(
        app: StayingApp, pilot: Any, rng: random.Random, keys: list[str], variant: str
    ) -> None:
        assert app.session is not None
        games = [app.session]
        # 600 keys: each variant's every screen, many times over. They come in
        # bursts of 40 (between bursts the game is taken up again): the same
        # keys in 15 bursts cost half the time of 30 bursts of 20
        for n in range(15):
            for _ in range(40):
                key = rng.choice(keys)
                app.post_message(events.Key(key, key if len(key) == 1 else None))
            await settle(pilot)
            # wherever the keys led (help, settings, the menu), the game can be
            # taken up again, so the next keys are pressed at the table
            await back_to_the_table(pilot)
            if app.session is not None and app.session.game.is_over:
                app.start_game(preset(variant), app.session.seats, n)
                games.append(app.session)
                await settle(pilot)
        await quiet(pilot)  # every key sent is handled before the app closes
        await settle(pilot)
        # the app is still running, on the game it started with (or the next ones)
        assert app.is_running and app.return_code is None
        session = app.session
        assert session is games[-1]
        for game in games:
            # every move made was legal when it was made, and the game replays
            # from its log to the state on screen: all 52 cards, each once
            again = replay_checking(game)
            assert again.hand.state_key() == game.hand.state_key()
            assert sorted(cards_in_play(game.hand)) == sorted(CARDS)
        # the keys did things: the person moved, and the computer answered.
        # How many moves depends on how many keys land while the computer
        # thinks in its worker (seen: 4 to 7 in Skarney), so a few are asked.
        moves = [seat for game in games for hand in game.game.hands for seat, _ in hand.log]
        assert moves.count(0) >= 3 and moves.count(1) >= 3, moves
        # the save on disk is the game on screen (none once a game is over)
        saved = load(tmp_path / SAVE_NAME)
        if session.game.is_over:
            assert saved is None
        else:
            assert saved is not None
            assert (saved.rules, saved.seed, saved.game_id) == (
                session.rules,
                session.seed,
                session.game_id,
            )
            assert saved.log == session.game.log
        app.staying = False

    session = Session(preset(variant), default_seats(level="random"), 17)
    app = StayingApp(Settings(speed="instant"), session=session, data_dir=tmp_path)
    rng = random.Random(variant)
    body_error: list[BaseException] = []
    try:
        # 80×24, the window most terminals open with: the keys are the point,
        # not the size (test_screen_intact sends random keys at both sizes),
        # and each of the 600 draws the less
        async with app.run_test(size=(80, 24)) as pilot:
            try:
                await fuzz(app, pilot, rng, keys, variant)
            except BaseException as exc:
                body_error.append(exc)
                raise
    except BaseException:
        if body_error:  # the app's own complaint on closing would hide it
            raise body_error[0] from None
        raise


def test_themes_ship_with_the_package() -> None:
    from ginrummies.tui.themes import STYLESHEET
    from ginrummies.tui.themes import THEMES as TEXTUAL_THEMES

    text = STYLESHEET.read_text(encoding="utf-8")
    assert set(THEMES) == {t.name for t in TEXTUAL_THEMES.values()} and Settings().theme == "felt"
    asked = set(re.findall(r"\$([a-z-]+)", text))
    assert {"card-face", "card-heart", "table-background"} <= asked
    for theme in TEXTUAL_THEMES.values():  # every colour the stylesheet asks, each theme gives
        given = set(theme.to_color_system().generate()) | set(theme.variables)
        assert asked <= given, (theme.name, asked - given)


@pytest.mark.slow
async def test_the_palette_picks_only_the_games_themes_and_keeps_the_choice(tmp_path: Path) -> None:
    app = make_app("gin", seed=5)
    app.settings_path = tmp_path / "settings.toml"
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert set(app.available_themes) == set(THEMES)
        app.search_themes()
        await pilot.pause()
        await pilot.press(*"colour-blind")
        await until(pilot, lambda: palette_shows(app, "colour-blind"), "the theme found")
        await pilot.press("enter")
        await pilot.pause()
        assert app.theme == "colour-blind" and app.settings.theme == "colour-blind"
        assert 'theme = "colour-blind"' in app.settings_path.read_text()
        assert isinstance(app.screen, TableScreen)


@pytest.mark.slow
async def test_the_mouse_draws_and_picks_cards() -> None:
    app = make_app("gin", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        session = app.session
        assert session is not None
        await pass_the_upcard(pilot)
        await pilot.click("#piles", offset=(2, 1))  # the stock
        assert session.hand.phase is Phase.DISCARD
        table = app.screen
        assert isinstance(table, TableScreen)
        await pilot.click("#hand", offset=(2, 2))  # the first card: picked
        first = table.state.order[0]
        assert table.state.cursor_card == first
        await pilot.click("#hand", offset=(2, 2))  # again: discarded
        await settle(pilot)
        assert first not in session.hand.cards_of(session.viewer())


@pytest.mark.slow
async def test_a_quick_pick_and_discard_is_not_a_text_selection() -> None:
    """Two quick clicks on a card are a double click: they discard it, and
    the hand's cards are not selected as text (they were, blue, in a browser)."""

    app = make_app("gin", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        session = app.session
        assert session is not None
        table = await drawn_from_the_stock(pilot)
        second = table.state.order[1]
        await pilot.double_click("#hand", offset=(8, 2))
        await settle(pilot)
        assert second not in session.hand.cards_of(session.viewer())
        assert not table.selections


@pytest.mark.slow
async def test_the_game_ends_with_its_totals_and_the_menu_comes_back() -> None:
    """The game's end with keys: its totals, then the menu. (Each deal is
    played through the core to a few moves before its end.)"""
    rules = preset("gin").but(target=1)  # the first scored hand ends the game
    for seed in range(20):

        def new(seed: int = seed) -> Session:
            return Session(rules, default_seats(), seed)

        session = advanced(new(), round_ends(new)[-1] - 6)
        app = GinApp(Settings(speed="instant"), session=session)
        async with app.run_test(size=SIZE) as pilot:
            screen = await play_hand(pilot)
            assert app.session is session
            if not session.game.is_over:
                continue  # a cancelled hand: try another deal
            shown = screen.plain
            result = session.game.result
            assert result is not None
            for line in result.breakdown(session.names):
                assert line in shown
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, MenuScreen)
            labels = app.screen.query_one(OptionList)
            assert str(labels.get_option_at_index(0).prompt) == "New game"
            return
    pytest.fail("no deal ended the game")


@pytest.mark.slow
async def test_back_from_a_menu_item_the_cursor_stays_on_it() -> None:
    app = make_app(session=False)
    async with app.run_test(size=SIZE) as pilot:
        options = app.screen.query_one(OptionList)
        for item in ("stats", "settings", "rules"):
            while options.highlighted_option is None or options.highlighted_option.id != item:
                await pilot.press("down")
            await pilot.press("enter")
            await pilot.pause()
            assert not isinstance(app.screen, MenuScreen)
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, MenuScreen)
            assert options.highlighted_option is not None
            assert options.highlighted_option.id == item
            await pilot.press("home")


@pytest.mark.slow
async def test_back_from_the_menu_the_cursor_marks_and_sort_are_kept() -> None:
    """Esc to the menu and Continue: the same game's table comes back with
    the card under the cursor, the marks and the sort the person left."""
    app = make_app("gin", 5, level="easy")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        await pilot.press("s", "home", "right", "right", "right", "space")
        await pilot.pause()
        state = screen.state
        before = (state.sort_mode, state.cursor_card, set(state.marked))
        assert state.cursor == 3 and state.marked and state.sort_mode is not SortMode.MELDS
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("enter")  # Continue the game, the menu's first item
        await settle(pilot)
        back = app.screen
        assert isinstance(back, TableScreen) and back is not screen
        assert (back.state.sort_mode, back.state.cursor_card, back.state.marked) == before
        assert back.query_one(HandView).shown.cursor == 3
