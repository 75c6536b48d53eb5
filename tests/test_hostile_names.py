"""Names and other words from a person or a file are shown as text, never
read as markup, and nothing in them acts on the terminal: every screen of
the app and the text game, with names that hold markup, escape sequences,
right-to-left overrides, emoji, or are far too long."""

from __future__ import annotations

import ast
import asyncio
import contextlib
import io
import json
from pathlib import Path

import pytest
from apphelp import finish, settle, step
from hypothesis import given, settings
from hypothesis import strategies as st
from test_forms import screen_text

import ginrummies
from ginrummies.ai import make_bot
from ginrummies.cli.textplay import Quit, play
from ginrummies.core import Format, preset
from ginrummies.play.printable import BIDI_CONTROLS, clean_name, printable
from ginrummies.play.saving import record
from ginrummies.play.session import Seat, SeatKind, Session, format_seats
from ginrummies.store import Settings
from ginrummies.store.saves import parse
from ginrummies.store.settings import NAME_LENGTH
from ginrummies.tui.app import GinApp
from ginrummies.tui.screens.curtain import CurtainScreen
from ginrummies.tui.screens.newgame import NewGameScreen
from ginrummies.tui.screens.result import ResultScreen
from ginrummies.tui.screens.statistics import StatsScreen
from ginrummies.tui.screens.table import TableScreen

HOSTILE = [
    "x[/]",
    "[bold red]Ann[/]",
    "[@click=app.quit]Bo",
    "[link=file:///etc]z",
    "\x1b[2J\x1b[31mEve",
    "\u202eRTL\u202c Dov",
    "😀👨‍👩‍👧 Zoë",
    "ن" * 3 + " Sami",
    "A" * 300,
    "$x [b] \\[y]",
    "tab\tnew\nline\r",
]
PAIRS = [(HOSTILE[i], HOSTILE[(i + 1) % len(HOSTILE)]) for i in range(len(HOSTILE))]
PAIR_IDS = [f"names{i}" for i in range(len(PAIRS))]
BAD_CHARACTERS = set(BIDI_CONTROLS) | {chr(c) for c in range(0x20) if chr(c) not in "\n"}


def no_raw_control(text: str) -> None:
    """Nothing in ``text`` would act on a terminal instead of being seen."""
    bad = sorted({ch for ch in text if ch in BAD_CHARACTERS or 0x7F <= ord(ch) < 0xA0})
    assert not bad, f"raw control characters shown: {[hex(ord(ch)) for ch in bad]}"


def shown(name: str) -> str:
    """What the table shows of ``name``: the words, with spaces as one space."""
    return clean_name(name, NAME_LENGTH)


def played_to(session: Session, until: str) -> Session:
    person = make_bot("easy", session.rules, 8)
    if until == "result":
        while not session.round_over:
            step(session, person)
    elif until == "over":
        finish(None, session)
    else:
        while len(session.log) < 12 or session.to_move is None:
            step(session, person)
    return session


async def curtain_table_and_result(session: Session, size: tuple[int, int]) -> None:
    """The app on ``session``: its curtain (hot-seat), the table, then the
    hand played to its end and its result, none showing a raw control."""
    app = GinApp(Settings(speed="instant"), session=session)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        if isinstance(app.screen, CurtainScreen):
            no_raw_control(screen_text(app))
            await pilot.press("enter")
            await settle(pilot)
        no_raw_control(screen_text(app))
        played_to(session, "result")
        app.screen.redraw()  # type: ignore[attr-defined]
        await settle(pilot)
        no_raw_control(screen_text(app))
        if isinstance(app.screen, ResultScreen):
            await pilot.press("enter")
            await settle(pilot)
            no_raw_control(screen_text(app))


# --- the app ---------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(("a", "b"), PAIRS, ids=PAIR_IDS)
async def test_every_table_screen_shows_hostile_names_as_text(
    a: str, b: str, tmp_path: Path
) -> None:
    """Hot-seat (the curtain names the player), the table, the help, the
    palette, the result of a hand and of the game, the statistics and the
    replay: no crash, no markup read, the names there as they were typed."""

    session = Session(preset("gin").but(target=30), (Seat(a), Seat(b)), 4)
    app = GinApp(Settings(speed="instant"), session=session, data_dir=tmp_path)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)
        text = screen_text(app)
        no_raw_control(text)
        seat = session.to_move
        assert seat is not None
        assert shown(session.names[seat]) in text
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        text = screen_text(app)
        no_raw_control(text)
        # the scoreboard's columns: the names as words (a long one cut to fit)
        assert shown(a)[:6] in text and shown(b)[:6] in text
        for key in ("f1", "escape", "ctrl+p", "escape", "question_mark"):
            await pilot.press(key)
            await pilot.pause()
            no_raw_control(screen_text(app))
        played_to(session, "result")
        app.screen.redraw()  # type: ignore[attr-defined]
        await settle(pilot)
        no_raw_control(screen_text(app))
    # the game over, then the statistics and the replay of the finished game:
    # every other pair, which still shows every name (pair i holds names i and i + 1)
    if PAIRS.index((a, b)) % 2:
        return
    finish(None, session)
    over = GinApp(Settings(speed="instant"), session=session, data_dir=tmp_path)
    async with over.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        for _ in range(4):
            if isinstance(over.screen, CurtainScreen):
                await pilot.press("enter")
                await settle(pilot)
        no_raw_control(screen_text(over))
        assert over.stats is not None
        record(session, over.stats)
        over.push_screen(StatsScreen(over.stats))
        await settle(pilot)
        for key in ("g", "r", "c", "g"):
            await pilot.press(key)
            await pilot.pause()
            no_raw_control(screen_text(over))
        await pilot.press("enter")  # the game's replay
        await settle(pilot)
        for _ in range(5):
            await pilot.press("right")
            await pilot.pause()
        no_raw_control(screen_text(over))
    replay = GinApp(Settings(speed="instant"), replay=parse(session.to_json()))
    async with replay.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        for _ in range(12):
            await pilot.press("right")
        await pilot.pause()
        text = screen_text(replay)
        no_raw_control(text)
        assert shown(a)[:6] in text


@pytest.mark.slow
@pytest.mark.parametrize(
    ("variant", "fmt"),
    [("gin", Format.THREE), ("gin", Format.PARTNERSHIP), ("skarney", Format.SKARNEY3)],
)
async def test_the_tables_of_three_and_four_show_hostile_names_as_text(
    variant: str, fmt: Format
) -> None:
    names = ("x[/]", "\x1b[31m[b]Red", "\u202eabc", "[@click=app.quit]q")
    seats = format_seats(fmt, fmt.seats, "easy", names)
    session = played_to(Session(preset(variant), seats, 6, format=fmt), "middle")

    await curtain_table_and_result(session, (80, 24))


@pytest.mark.slow
async def test_a_name_with_markup_typed_in_the_form_starts_saves_and_continues(
    tmp_path: Path,
) -> None:
    """The report's case: ``x[/]`` typed as a name, Ctrl+S, then a move
    (saved), then the next start continues it."""

    async def start() -> None:
        app = GinApp(Settings(speed="instant"), data_dir=tmp_path)
        async with app.run_test(size=(120, 36)) as pilot:
            await settle(pilot)
            app.push_screen(NewGameScreen(app.settings))
            await settle(pilot)
            app.screen.query_one("#name0").value = "x[/]"  # type: ignore[attr-defined]
            await pilot.press("ctrl+s")
            await settle(pilot)
            assert isinstance(app.screen, TableScreen)
            assert "x[/]" in screen_text(app)
            await pilot.press("d")
            await settle(pilot)

    await start()
    assert json.loads((tmp_path / "game.json").read_text())["seats"][0]["name"] == "x[/]"

    async def again() -> None:
        app = GinApp(Settings(speed="instant"), data_dir=tmp_path, resume=True)
        async with app.run_test(size=(120, 36)) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, TableScreen)
            assert "x[/]" in screen_text(app)

    await again()


@pytest.mark.slow
async def test_names_in_the_settings_fill_the_form_as_text(tmp_path: Path) -> None:
    felt = Settings(
        speed="instant",
        seats={"two": (("person", "[b]x[/]"), ("normal", "\x1b[2JBot"))},
    )

    app = GinApp(felt, data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(NewGameScreen(felt))
        await settle(pilot)
        no_raw_control(screen_text(app))
        assert app.screen.query_one("#name0").value == "[b]x[/]"  # type: ignore[attr-defined]


async def test_a_data_folder_with_markup_in_its_path_is_named_as_text(tmp_path: Path) -> None:
    """The folder's problems are notifications that name it: ``[/]`` in
    the path once ended the app."""
    folder = tmp_path / "games[/]x"  # a folder "games[" holding "]x"
    folder.mkdir(parents=True)
    (folder / "ginrummies.lock").mkdir()  # the lock file's name taken: a FolderError

    app = GinApp(Settings(speed="instant"), data_dir=folder)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        said = [n.message for n in app._notifications]
        assert any("games[/]x" in m for m in said), said


def test_every_label_in_the_app_is_plain_text() -> None:
    """The class of the fault, not its one place: each Static, Label and
    OptionList the app makes is told its words are not markup (Textual reads
    them as markup unless told)."""
    missing = []
    for path in sorted(Path(ginrummies.__file__).parent.joinpath("tui").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            if name in ("Static", "Label", "OptionList") and not any(
                k.arg == "markup" and isinstance(k.value, ast.Constant) and k.value.value is False
                for k in node.keywords
            ):
                missing.append(f"{path.name}:{node.lineno} {name}")
    assert not missing, missing


# --- text play ---------------------------------------------------------------------


def text_game(names: tuple[str, str], answers: int = 250) -> str:
    """A hot-seat text game between ``names`` (each answering 1, the first
    move of the menu) until ``answers`` run out; what it printed."""
    out = io.StringIO()
    session = Session(preset("gin").but(target=40), (Seat(names[0]), Seat(names[1])), 3)
    left = [answers]

    def ask(prompt: str) -> str:
        out.write(prompt)
        left[0] -= 1
        if left[0] < 0:
            raise Quit
        return "1" if prompt == "> " else ""

    def say(line: str) -> None:
        out.write(line + "\n")

    with contextlib.suppress(Quit):
        play(session, ask, say)
    return out.getvalue()


@given(
    st.tuples(
        st.text(
            st.sampled_from(["[", "]", "/", "\x1b", "\u202e", "\x9b", "\x07", "😀", "a", " "]),
            min_size=1,
            max_size=40,
        ),
        st.sampled_from(HOSTILE),
    )
)
@settings(max_examples=15)
def test_text_play_prints_no_raw_escape_whatever_the_names(names: tuple[str, str]) -> None:
    text = text_game(names, answers=60)
    no_raw_control(text)


@pytest.mark.parametrize(("a", "b"), PAIRS[:4], ids=PAIR_IDS[:4])
def test_text_play_shows_the_names_as_typed(a: str, b: str) -> None:
    text = text_game((a, b))
    no_raw_control(text)
    assert f"Pass the keyboard to {shown(a)}" in text or f"Pass the keyboard to {shown(b)}" in text


@given(st.text())
def test_a_clean_name_is_one_short_printable_line(name: str) -> None:
    clean = clean_name(name, NAME_LENGTH)
    assert 1 <= len(clean) <= NAME_LENGTH
    no_raw_control(clean)
    assert "\n" not in clean
    assert printable(clean) == clean


def test_a_computer_seat_from_a_file_is_cleaned_as_well() -> None:
    seat = Seat("\x1b[2J" + "C" * 40, SeatKind.COMPUTER, "easy")
    assert seat.name.startswith("␛[2J") and len(seat.name) == NAME_LENGTH


@pytest.mark.slow
@given(
    st.lists(
        st.text(
            st.sampled_from(["[", "]", "/", "@", "=", "\x1b", "\u202e", "\x9b", "😀", "b", " "]),
            min_size=1,
            max_size=24,
        ),
        min_size=2,
        max_size=2,
    )
)
@settings(max_examples=6)
def test_any_names_render_the_table_and_the_result(names: list[str]) -> None:
    """Names drawn at random from the characters that break things: the
    curtain, the table and the hand's result render, and show no raw control."""
    session = Session(preset("gin"), (Seat(names[0]), Seat(names[1])), 9)
    asyncio.run(curtain_table_and_result(session, (100, 30)))
