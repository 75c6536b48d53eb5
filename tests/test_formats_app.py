"""Every format in the app: whole games of three and four played with keys,
the other table playing on while a person thinks, and hot-seat games in
which no frame ever shows a hand to anyone but its owner."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from apphelp import (
    advanced,
    format_app,
    held_computers,
    play_game,
    quiet,
    round_ends,
    settle,
    until,
)
from textual.widgets import Static

from ginrummies.core import Format, preset
from ginrummies.play.keys import MoveName
from ginrummies.play.session import Session, format_seats
from ginrummies.store import Settings
from ginrummies.tui.app import GinApp
from ginrummies.tui.screens.curtain import CurtainScreen
from ginrummies.tui.screens.result import ResultScreen
from ginrummies.tui.screens.table import TableScreen
from ginrummies.tui.widgets.hand import HandView


async def until_person(pilot: Any) -> None:
    """Wait (the computers playing) until a person is to move."""
    session = pilot.app.session
    await until(pilot, lambda: session.person_to_move, "a person's turn")


def text_of(screen: Any, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


@pytest.mark.slow
@pytest.mark.parametrize(
    ("fmt", "rules", "target", "seed", "start"),
    # three rounds of three, each player sitting out once (a target of 50
    # took six rounds: more of the same), from the end of the first; the
    # end of the second round of four and the third (a lower target can end
    # it in one: the other table's pace decides; the first round by keys
    # only repeated the second)
    [(Format.THREE, "gin", 25, 11, 1), (Format.PARTNERSHIP, "gin", 40, 10, 2)],
    ids=["three", "partnership"],
)
async def test_a_whole_game_of_three_or_four_with_keys(
    fmt: Format, rules: str, target: int, seed: int, start: int
) -> None:
    """One person and computers, to the end (a short game: the target is a
    house rule). The app starts a few moves before the end of round
    ``start``, the moves before played through the core (they are what the
    keys play after): a round's result, the next round and the game's end
    are played with keys."""

    def new() -> Session:
        seats = format_seats(fmt, 1, "easy")
        return Session(preset(rules), seats, seed, format=fmt, target=target)

    session = advanced(new(), round_ends(new)[start - 1] - 6)
    assert len(session.game.rounds) == start and not session.round_over
    app = GinApp(Settings(speed="instant"), session=session)
    results: list[str] = []
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        assert app.session is session
        table = app.screen
        assert isinstance(table, TableScreen)
        # whose turn, at which table, and the scores are on screen from the start
        assert text_of(table, "#seating").startswith(f"Hand {start}:")
        assert f"to {target}" in table.sub_title and f"hand {start}" in table.sub_title

        def result(screen: ResultScreen) -> None:
            results.append(screen.plain)

        await play_game(pilot, on_result=result)
        game = session.game
        assert game.is_over and game.result is not None
        assert len(results) == len(game.rounds) - start + 1 > 1  # every round's result
        last = results[-1]
        assert "the game," in last and "Settlement" in last
        if fmt.tables == 2:  # both tables laid out, then the team's net
            assert "Table 1:" in last and "Table 2:" in last
            assert "of both tables" in last or "only one table" in last
            assert "Score:" in last


@pytest.mark.slow
async def test_the_other_table_plays_on_while_the_person_thinks() -> None:
    app = format_app(Format.PARTNERSHIP, seed=3, speed="fast")
    async with app.run_test(size=(120, 36)) as pilot:
        session = app.session
        assert session is not None
        await until_person(pilot)
        mine = session.game.table_of(0)
        assert mine == 0
        other = session.game.round.hands[1]
        before = len(other.log)
        seen = text_of(app.screen, "#other")
        await until(
            pilot,
            lambda: len(other.log) >= before + 3 or other.is_over,
            "the other table to play three moves",
        )
        assert session.person_to_move  # the person has not moved meanwhile
        # and the screen follows it
        await until(pilot, lambda: text_of(app.screen, "#other") != seen, "the other table shown")


@contextmanager
def every_frame_checked(owner: list[int | None], app: Any) -> Iterator[list[int]]:
    """While inside, every time the hand is drawn it must be face down, or
    the hand of the person who last said at a curtain that they are at the
    keyboard (``owner[0]``). Yields the count of face-up draws."""
    real = HandView.render
    faces = [0]

    def render(self: HandView) -> Any:
        if self.face_up and self.cards:
            seat = owner[0]
            assert seat is not None, (
                f"a hand was drawn face up before anyone sat down: {app.screen_stack}"
            )
            session = app.session
            hand = set(session.game.view(seat).hand)
            shown = set(self.cards)
            who = session.names[seat]
            assert shown <= hand, f"{who} was shown cards not theirs: {shown - hand}"
            faces[0] += 1
        return real(self)

    HandView.render = render  # type: ignore[method-assign]
    try:
        yield faces
    finally:
        HandView.render = real  # type: ignore[method-assign]


@pytest.mark.every_frame
@pytest.mark.slow
@pytest.mark.parametrize(
    ("fmt", "rules", "people", "target", "through"),
    [
        (Format.THREE, "gin", 3, 25, 0.0),
        # the first half of the hand through the core: the second half by
        # keys still seats each of the four several times (30 curtains
        # only repeated the same checks)
        (Format.PARTNERSHIP, "gin", 4, 25, 0.5),
    ],
    ids=["three", "partnership"],
)
async def test_hot_seat_shows_each_hand_only_to_its_owner(
    fmt: Format, rules: str, people: int, target: int, through: float
) -> None:
    """Hot-seat games to their end (short ones: the target is a house rule),
    played with keys from ``through`` of the way into the first hand as the
    core plays it (the moves before, through the core, with no one at the
    keyboard: the first curtain comes as the app starts)."""

    def new() -> Session:
        seats = format_seats(fmt, people, "easy")
        return Session(preset(rules), seats, 4, format=fmt, target=target)

    app = GinApp(
        Settings(speed="instant"),
        session=advanced(new(), int(round_ends(new)[0] * through)),
    )
    owner: list[int | None] = [None]
    curtains: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)  # the people who won the cuts play first
        session = app.session
        assert session is not None

        def curtain(screen: CurtainScreen) -> None:
            # whoever the curtain names is the one who sits down at the keyboard
            curtains.append(screen.player)
            owner[0] = session.names.index(screen.player)
            table = app.screen_stack[-2]
            assert isinstance(table, TableScreen)
            assert not table.query_one(HandView).face_up

        def result(screen: ResultScreen) -> None:
            owner[0] = None  # everyone looks at the result; then the curtain again

        with every_frame_checked(owner, app) as faces:
            await play_game(pilot, on_curtain=curtain, on_result=result)
        assert session.game.is_over
        assert faces[0] > 20
        # the curtain named people only, and more than one of them
        assert set(curtains) <= set(session.names[:people]) and len(set(curtains)) > 1


ALL = [
    (Format.THREE, "gin"),
    (Format.PARTNERSHIP, "oklahoma"),
    (Format.SKARNEY3, "skarney"),
    (Format.CAPTAINS, "skarney"),
    (Format.PARTNERS, "skarney"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("fmt", "rules"), ALL, ids=[f.value for f, _ in ALL])
async def test_every_format_fits_80_by_24_and_answers_its_keys(fmt: Format, rules: str) -> None:
    """The compact table: the hand and the status line inside the window,
    the seating or the other table on show, help on the format, sort, a
    hint and the palette's moves (test_ascii draws every format's scene in ASCII)."""

    app = format_app(fmt, rules, seed=2, speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        session = app.session
        assert session is not None
        await until_person(pilot)  # sitting out: the others play
        table = app.screen
        assert isinstance(table, TableScreen)
        assert not table.has_class("-too-small")
        for selector in ("#hand", "#status", "#hand-name", "#opp-name"):
            region = table.query_one(selector).region
            assert region.height and region.bottom <= 23, (selector, region)
        two = fmt.tables == 2
        shown = "#other" if two else "#seating"
        assert table.query_one(shown).display and text_of(table, shown)
        await pilot.press("f1")
        help_text = app.screen.query_one("#format-help")
        assert fmt.title in str(help_text._markdown)  # type: ignore[attr-defined]
        await pilot.press("escape")
        mode = table.state.sort_mode
        await pilot.press("s")
        assert table.state.sort_mode is not mode
        await pilot.press("question_mark")
        await settle(pilot)
        assert table.hints.hinted is not None
        commands = [c.title for c in app.get_system_commands(table)]
        assert "Hint" in commands and "Sort the hand" in commands


@pytest.mark.slow
async def test_undo_takes_back_a_move_at_a_table_of_three() -> None:
    app = format_app(Format.THREE, "gin", seed=9, speed="instant")
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        session = app.session
        assert session is not None
        await until_person(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        before = session.view().hand
        key = "t" if table.legal_of(MoveName.TAKE) else "p"
        await pilot.press(key)
        await settle(pilot)
        assert session.game.round.hands[0].log  # the move was made
        moved = len(session.game.round.hands[0].log)
        await pilot.press("u")
        await settle(pilot)
        if "Taken back" in text_of(table, "#status"):
            assert session.view().hand == before
        else:  # the computer had moved since: undo says why not
            assert "cannot take that back" in text_of(table, "#status")
            assert len(session.game.round.hands[0].log) >= moved


@pytest.mark.slow
async def test_a_game_of_four_is_saved_and_continued(tmp_path: Path) -> None:
    """Every move is saved; the next start with --continue is exactly there."""
    from ginrummies.play.session import Session, format_seats
    from ginrummies.store import Settings
    from ginrummies.tui.app import GinApp

    seats = format_seats(Format.PARTNERSHIP, 1, "easy")
    session = Session(preset("gin"), seats, 12, format=Format.PARTNERSHIP)
    app = GinApp(Settings(speed="instant"), session=session, data_dir=tmp_path)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        await until_person(pilot)
        await pilot.press("p" if app.screen.legal_of(MoveName.PASS) else "d")  # type: ignore[attr-defined]
        await settle(pilot)
        log = session.game.log
        assert any(log)
    again = GinApp(Settings(speed="instant"), data_dir=tmp_path, resume=True)
    async with again.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        table = again.screen
        assert isinstance(table, TableScreen)
        back = table.session
        assert back.format is Format.PARTNERSHIP and back.names == session.names
        # the other table may have moved on before the first app closed
        assert back.game.log[0] == log[0] and len(back.game.log[1]) >= len(log[1])


@pytest.mark.slow
async def test_a_person_sitting_out_watches_and_their_keys_say_so() -> None:
    from ginrummies.play.session import Session, format_seats
    from ginrummies.store import Settings
    from ginrummies.tui.app import GinApp

    # a deal in which the person (A) sits out the first hand
    seed = 1
    while True:
        session = Session(
            preset("gin"), format_seats(Format.THREE, 1, "easy"), seed, format=Format.THREE
        )
        if session.game.table_of(0) is None:
            break
        seed += 1

    app = GinApp(Settings(speed="instant"), session=session)
    # the computers hold their moves: whatever moves now is the person's key
    with held_computers(session):
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            table = app.screen
            assert isinstance(table, TableScreen)
            assert table.look.watching
            assert not table.query_one(HandView).face_up
            assert "You sit this hand out" in text_of(table, "#status")
            assert "sit out" in text_of(table, "#seating")
            moves = len(session.game.round.hands[0].log)
            await pilot.press("d")
            await quiet(pilot)
            assert "You sit this hand out" in text_of(table, "#status")
            assert len(session.game.round.hands[0].log) == moves


@pytest.mark.slow
async def test_a_hint_and_a_warning_outlast_the_other_tables_moves() -> None:
    app = format_app(Format.PARTNERSHIP, seed=3, speed="fast")
    async with app.run_test(size=(120, 36)) as pilot:
        session = app.session
        assert session is not None
        await until_person(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        other = session.game.round.hands[1]
        await pilot.press("question_mark")
        await until(pilot, lambda: table.hints.hinted is not None, "a hint")
        before = len(other.log)
        await until(
            pilot,
            lambda: len(other.log) >= before + 2 or other.is_over,
            "the other table to play two moves",
        )
        assert "Hint:" in text_of(table, "#status")  # still there
        hinted = table.hints.hinted[1]
        moves = len(session.game.round.hands[0].log)
        await pilot.press("y")
        hand = session.game.round.hands[0]
        assert hand.log[moves][1] == hinted  # y played it


@pytest.mark.slow
async def test_another_game_from_the_game_over_screen_passes_the_captaincy() -> None:
    """RULES.md 6: "a" at the game's end deals the next game of the match,
    the same players at the same seats, the next seat Captain."""
    from apphelp import finish

    from ginrummies.play.session import Session, format_seats
    from ginrummies.store.settings import Settings
    from ginrummies.tui.app import GinApp

    seats = format_seats(Format.CAPTAINS, 1, "easy")
    old = Session(preset("skarney"), seats, 3, format=Format.CAPTAINS, target=20)
    finish(None, old)  # the game is over before the app starts
    app = GinApp(Settings(speed="instant"), session=old)
    captain = old.game.format.play.captain(old.game.round.rota)
    assert captain is not None

    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ResultScreen)
        said = text_of(app.screen, ".hint")
        # every key the result offers is said, the review with them (issue 54)
        assert "a: another game" in said and "r: review" in said
        assert "x: export the replay" in said
        await pilot.press("a")
        await settle(pilot)
        new = app.session
        assert new is not None and new is not old and not new.game.is_over
        assert new.seats == old.seats
        assert new.game.format.play.captain(new.game.round.rota) == (captain + 1) % 3
