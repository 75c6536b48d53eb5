"""The new-game form plays every format: a format choice that follows the
variant, one row per seat (people and computers, named), the team format
shown as teams, and the choices kept for the next game."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from apphelp import SIZE, make_app, settle, unfold, until
from textual.widgets import Input, Label, Select, Static

from ginrummies.core import Format, RuleSet, formats_for, preset
from ginrummies.play.session import Seat, SeatKind, Session
from ginrummies.store import Settings
from ginrummies.store.settings import SETTINGS_NAME, load_settings
from ginrummies.tui.app import GinApp
from ginrummies.tui.screens.newgame import NewGameScreen
from ginrummies.tui.screens.settings import SettingsScreen
from ginrummies.tui.screens.table import TableScreen

SMALL = (80, 24)
VARIANT_OF = {
    Format.THREE: "gin",
    Format.PARTNERSHIP: "oklahoma",
    Format.SKARNEY3: "skarney",
    Format.CAPTAINS: "skarney",
    Format.PARTNERS: "skarney",
}
LABELS = {
    Format.TWO: ["Player 1", "Player 2"],
    Format.THREE: ["Seat A", "Seat B", "Seat C"],
    Format.SKARNEY3: ["Seat A", "Seat B", "Seat C"],
    Format.CAPTAINS: ["Seat A", "Seat B", "Seat C"],
    Format.PARTNERSHIP: ["Team 1 · A", "Team 1 · B", "Team 2 · C", "Team 2 · D"],
    Format.PARTNERS: ["Team 1 · A", "Team 1 · B", "Team 2 · C", "Team 2 · D"],
}


def recording(app: GinApp) -> list[tuple[RuleSet, tuple[Seat, ...], int, Format]]:
    """Make the app's Start keep what the form asked for and make the
    session of it, without opening the table (the table is tested apart)."""
    started: list[tuple[RuleSet, tuple[Seat, ...], int, Format]] = []

    def start_game(
        rules: RuleSet,
        seats: Sequence[Seat],
        seed: int,
        fmt: Format = Format.TWO,
        target: int | None = None,
    ) -> None:
        started.append((rules, tuple(seats), seed, fmt))
        app.session = Session(rules, seats, seed, format=fmt, target=target)

    app.start_game = start_game  # type: ignore[method-assign]
    return started


def shown_rows(form: Any) -> list[int]:
    return [s for s in range(4) if form.query_one(f"#seat-row{s}").display]


def text_of(form: Any, selector: str) -> str:
    return " ".join(str(form.query_one(selector, Static).render()).split())


def choices(form: Any) -> list[str]:
    select = form.query_one("#format", Select)
    return [value for _, value in select._options]


async def open_form(app: GinApp, pilot: Any, settings: Settings | None = None) -> Any:
    app.push_screen(NewGameScreen(settings or app.settings))
    await pilot.pause()
    return app.screen


@pytest.mark.slow
async def test_the_format_list_follows_the_variant() -> None:
    app = make_app(session=False)
    async with app.run_test(size=SIZE) as pilot:
        form = await open_form(app, pilot)
        assert choices(form) == ["two", "three", "partnership"]
        form.query_one("#format", Select).value = "partnership"
        await pilot.pause()
        assert form.format is Format.PARTNERSHIP
        # another Gin variant keeps the format
        form.query_one("#variant", Select).value = "oklahoma"
        await pilot.pause()
        assert form.query_one("#format", Select).value == "partnership"
        assert form.format is Format.PARTNERSHIP and shown_rows(form) == [0, 1, 2, 3]
        # Skarney has not it: back to two players, and Skarney's formats offered
        form.query_one("#variant", Select).value = "skarney"
        await pilot.pause()
        assert choices(form) == [f.value for f in formats_for(preset("skarney"))]
        assert form.query_one("#format", Select).value == "two"
        assert form.format is Format.TWO and shown_rows(form) == [0, 1]
        form.query_one("#variant", Select).value = "colonel"
        await pilot.pause()
        assert choices(form) == ["two"]


@pytest.mark.slow
@pytest.mark.parametrize("fmt", [f for f in Format if f is not Format.TWO], ids=lambda f: f.value)
async def test_each_format_from_the_form(fmt: Format) -> None:
    app = make_app(session=False)
    started = recording(app)
    async with app.run_test(size=SIZE) as pilot:
        form = await open_form(app, pilot)
        form.query_one("#variant", Select).value = VARIANT_OF[fmt]
        await pilot.pause()
        form.query_one("#format", Select).value = fmt.value
        await pilot.pause()
        assert shown_rows(form) == list(range(fmt.seats))
        labels = [str(form.query_one(f"#seat-label{s}", Label).render()) for s in range(4)]
        assert labels[: fmt.seats] == LABELS[fmt]
        assert form.query_one("#teams").display is fmt.play.teams
        about = text_of(form, "#format-about")
        assert str(fmt.target(preset(VARIANT_OF[fmt]))) in about
        # the last seat: a hard computer with a name of its own
        last = fmt.seats - 1
        form.query_one(f"#seat{last}", Select).value = "hard"
        form.query_one(f"#name{last}", Input).value = "Zed"
        form.query_one("#seed", Input).value = "77"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert len(started) == 1
        session = app.session
        assert session is not None and session.format is fmt
        assert session.seed == 77 and session.rules == preset(VARIANT_OF[fmt])
        seats = session.seats
        assert seats[0] == Seat("You")
        for s in range(1, last):
            assert seats[s] == Seat(f"Computer {'ABCD'[s]}", SeatKind.COMPUTER, "normal")
        assert seats[last] == Seat("Zed", SeatKind.COMPUTER, "hard")


@pytest.mark.slow
async def test_a_format_chosen_by_keys_alone_starts_at_the_table() -> None:
    """Tab to the format, open it, pick Partnership Gin, make seat C a
    person by keys, Ctrl+S: the table opens on that game."""

    app = make_app(session=False)
    async with app.run_test(size=SMALL) as pilot:
        form = await open_form(app, pilot)
        await pilot.press("tab")
        assert app.focused is form.query_one("#format", Select)
        await pilot.press("enter", "down", "down", "enter")
        await pilot.pause()
        assert form.format is Format.PARTNERSHIP
        for _ in range(8):  # to seat C's kind
            if app.focused is form.query_one("#seat2", Select):
                break
            await pilot.press("tab")
        assert app.focused is form.query_one("#seat2", Select)
        await pilot.press("enter", "home", "enter")  # "a person", the first choice
        await pilot.pause()
        assert form.query_one("#name2", Input).value == "Player 3"
        await pilot.press("ctrl+s")
        await settle(pilot)
        # the table, behind the curtain for the first of the two people
        assert any(isinstance(s, TableScreen) for s in app.screen_stack)
        session = app.session
        assert session is not None and session.format is Format.PARTNERSHIP
        kinds = [s.kind for s in session.seats]
        assert kinds == [SeatKind.PERSON, SeatKind.COMPUTER, SeatKind.PERSON, SeatKind.COMPUTER]
        # two people at one keyboard: neither is "You" ("Pass the keyboard to You")
        assert [s.name for s in session.seats] == [
            "Player 1",
            "Computer B",
            "Player 3",
            "Computer D",
        ]


@pytest.mark.slow
async def test_two_players_start_as_before() -> None:
    app = make_app(session=False, settings=Settings(speed="instant", default_level="hard"))
    started = recording(app)
    async with app.run_test(size=SIZE) as pilot:
        form = await open_form(app, pilot)
        assert form.format is Format.TWO and shown_rows(form) == [0, 1]
        assert form.query_one("#seat0", Select).value == "person"
        assert form.query_one("#seat1", Select).value == "hard"
        assert form.query_one("#name0", Input).value == "You"
        assert form.query_one("#name1", Input).value == "Computer"
        assert not form.query_one("#teams").display
        await pilot.press("ctrl+s")
        await pilot.pause()
        (_, seats, _, fmt) = started[0]
        assert fmt is Format.TWO
        assert seats == (Seat("You"), Seat("Computer", SeatKind.COMPUTER, "hard"))


@pytest.mark.slow
async def test_a_seats_kind_renames_it_only_if_the_form_named_it() -> None:
    app = make_app(session=False)
    async with app.run_test(size=SIZE) as pilot:
        form = await open_form(app, pilot)
        form.query_one("#format", Select).value = "three"

        def about() -> str:
            return text_of(form, "#format-about")

        # each change reaches the words through the form's messages: wait for them
        await until(pilot, lambda: "the game goes to 100" in about(), "three's target")
        await unfold(form, "target")
        form.query_one("#opt-target", Input).value = "250"
        await until(pilot, lambda: "the game goes to 250" in about(), "the house target")
        # a partnership goes to 125 (RULES.md 6) unless the target is a house rule
        three = about()
        form.query_one("#format", Select).value = "partnership"
        await until(pilot, lambda: about() != three, "the partnership's words")
        assert "the game goes to 250" in about()
        form.query_one("#opt-target", Input).value = "100"  # Gin's own again
        await until(pilot, lambda: "the game goes to 125" in about(), "the partnership's target")


@pytest.mark.slow
@pytest.mark.parametrize(
    ("fmt", "change", "message"),
    [
        ("two", {"name1": "You"}, "give the two players different names"),
        ("three", {"name2": "Computer B"}, "give each player a different name"),
        ("partnership", {"name3": "you "}, "give each player a different name"),
        ("three", {"seat0": "easy"}, "at least one seat must be a person"),
        ("partnership", {"seat0": "hard"}, "at least one seat must be a person"),
    ],
)
async def test_the_form_refuses_seats_that_cannot_play(
    fmt: str, change: dict[str, str], message: str
) -> None:
    app = make_app(session=False)
    started = recording(app)
    async with app.run_test(size=SIZE) as pilot:
        form = await open_form(app, pilot)
        form.query_one("#format", Select).value = fmt
        await pilot.pause()
        for key, value in change.items():
            widget = form.query_one(f"#{key}")
            widget.value = value
            await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert started == []
        assert isinstance(app.screen, NewGameScreen)
        assert message in str(form.query_one("#form-error", Static).render())


@pytest.mark.slow
async def test_names_are_cut_to_sixteen_characters() -> None:
    app = make_app(session=False)
    started = recording(app)
    async with app.run_test(size=SIZE) as pilot:
        form = await open_form(app, pilot)
        form.query_one("#format", Select).value = "three"
        await pilot.pause()
        name = form.query_one("#name1", Input)
        name.focus()
        name.value = ""
        await pilot.press(*"Bartholomew the Great")  # typed: stops at 16
        assert name.value == "Bartholomew the "
        form.query_one("#name2", Input).value = "x" * 30  # pasted in some other way
        await pilot.press("ctrl+s")
        await pilot.pause()
        seats = started[0][1]
        assert [s.name for s in seats] == ["You", "Bartholomew the", "x" * 16]


@pytest.mark.slow
async def test_the_format_and_seats_are_remembered(tmp_path: Path) -> None:
    path = tmp_path / SETTINGS_NAME

    app = GinApp(Settings(speed="instant"), settings_path=path)
    recording(app)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        form = await open_form(app, pilot)
        form.query_one("#format", Select).value = "partnership"
        await pilot.pause()
        form.query_one("#seat1", Select).value = "person"
        form.query_one("#name1", Input).value = "Bea"
        form.query_one("#seat3", Select).value = "hard"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.settings.default_format == "partnership"
        # the next form starts from them
        app.pop_screen()
        form = await open_form(app, pilot)
        assert form.format is Format.PARTNERSHIP
        assert form.query_one("#format", Select).value == "partnership"
        assert shown_rows(form) == [0, 1, 2, 3]
        assert form.query_one("#name1", Input).value == "Bea"
        assert form.query_one("#seat1", Select).value == "person"
        assert form.query_one("#seat3", Select).value == "hard"
        # two players were not played: their seats are today's defaults
        form.query_one("#format", Select).value = "two"
        await pilot.pause()
        assert form.query_one("#name1", Input).value == "Computer"
    settings, problems = load_settings(path)
    assert problems == []
    assert settings.default_format == "partnership"
    assert settings.seats == {
        "partnership": (
            ("person", "Player 1"),  # not "You" beside another person
            ("person", "Bea"),
            ("normal", "Computer C"),
            ("hard", "Computer D"),
        )
    }


@pytest.mark.slow
async def test_a_remembered_format_the_variant_has_not_falls_back_to_two_players() -> None:
    settings = Settings(
        default_rules="skarney",
        default_format="partnership",
        seats={"partnership": (("person", "A"), ("person", "B"), ("easy", "C"), ("easy", "D"))},
    )

    app = make_app(session=False)
    async with app.run_test(size=SIZE) as pilot:
        form = await open_form(app, pilot, settings)
        assert form.format is Format.TWO
        assert form.query_one("#format", Select).value == "two"
        assert shown_rows(form) == [0, 1]
        # a Gin variant again: the remembered partnership seats come back
        form.query_one("#variant", Select).value = "gin"
        await pilot.pause()
        form.query_one("#format", Select).value = "partnership"
        await pilot.pause()
        names = [form.query_one(f"#name{s}", Input).value for s in range(4)]
        assert names == ["A", "B", "C", "D"]


@pytest.mark.slow
async def test_a_new_default_level_reaches_the_remembered_computers() -> None:
    seats = {"three": (("person", "You"), ("easy", "Computer B"), ("hard", "Computer C"))}

    app = make_app(session=False, settings=Settings(speed="instant", seats=seats))
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(SettingsScreen(app.settings))
        await pilot.pause()
        app.screen.query_one("#set-default_level", Select).value = "random"
        await pilot.pause()
        assert app.settings.default_level == "random"
        assert app.settings.seats == {
            "three": (("person", "You"), ("random", "Computer B"), ("random", "Computer C"))
        }


@pytest.mark.slow
async def test_the_form_with_four_seats_fits_80_by_24() -> None:
    from test_forms import cut_off

    app = make_app(session=False)
    async with app.run_test(size=SMALL) as pilot:
        form = await open_form(app, pilot)
        form.query_one("#format", Select).value = "partnership"
        await pilot.pause()
        assert cut_off(app) == []
        # Tab reaches Start through all four seats
        form.query_one("#variant", Select).focus()
        seen = []
        for _ in range(40):
            await pilot.press("tab")
            assert app.focused is not None
            seen.append(app.focused.id)
            if app.focused.id == "start":
                break
        assert seen[:9] == [
            "format",
            *[f"{w}{s}" for s in range(4) for w in ("seat", "name")],
        ]
        assert seen[-1] == "start"
        assert form.query_one("#start").region.bottom <= SMALL[1]  # scrolled into view


@pytest.mark.slow
async def test_people_sharing_the_keyboard_are_players_not_you() -> None:
    """Hot-seat from the form: the curtain says "Pass the keyboard to Player 1",
    never "to You"; alone again, the person is "You"; a typed name stays."""
    app = make_app(session=False)
    started = recording(app)
    async with app.run_test(size=SIZE) as pilot:
        form = await open_form(app, pilot)
        form.query_one("#seat1", Select).value = "person"
        await pilot.pause()
        names = [form.query_one(f"#name{i}", Input).value for i in (0, 1)]
        assert names == ["Player 1", "Player 2"]
        form.query_one("#seat1", Select).value = "normal"
        await pilot.pause()
        assert form.query_one("#name0", Input).value == "You"
        form.query_one("#name0", Input).value = "Ann"
        form.query_one("#seat1", Select).value = "person"
        await pilot.pause()
        assert [form.query_one(f"#name{i}", Input).value for i in (0, 1)] == ["Ann", "Player 2"]
        await pilot.press("ctrl+s")
        await pilot.pause()
        (_, seats, _, _) = started[0]
        assert [s.name for s in seats] == ["Ann", "Player 2"]


def test_a_house_rule_target_wins_over_a_formats_own() -> None:
    """RULES.md 6 plays a partnership to 125; a target set as a house rule
    (RULES.md 2: 150 or 200) is the person's choice, and the game goes to it."""
    from ginrummies.core import Format, preset
    from ginrummies.play.session import Session, format_seats
    from ginrummies.tui.screens.newgame import format_words, game_target

    gin = preset("gin")
    house = gin.but(target=200)
    assert game_target(Format.PARTNERSHIP, gin, gin) is None  # the format's 125 stands
    assert game_target(Format.PARTNERSHIP, house, gin) == 200
    assert game_target(Format.TWO, house, gin) is None  # two players: the rules' own
    assert "the game goes to 200" in format_words(Format.PARTNERSHIP, house, gin)
    assert "the game goes to 125" in format_words(Format.PARTNERSHIP, gin, gin)
    seats = format_seats(Format.PARTNERSHIP, 1)
    session = Session(house, seats, 3, format=Format.PARTNERSHIP, target=200)
    assert session.game.target == 200
    skarney = preset("skarney")
    assert "to 500." in format_words(Format.PARTNERS, skarney.but(target=500), skarney)
