"""Settings in TOML: read, checked value by value, written back from the app."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
from apphelp import SIZE, settle, unfold
from textual.widgets import Input, Select, Switch

from ginrummies.core import AcePolicy, preset
from ginrummies.store import Settings
from ginrummies.store.files import config_dir
from ginrummies.store.settings import SETTINGS_NAME, load_settings, save_settings
from ginrummies.tui.app import GinApp
from ginrummies.tui.screens.menu import MenuScreen
from ginrummies.tui.screens.newgame import NewGameScreen
from ginrummies.tui.screens.settings import SettingsScreen
from ginrummies.tui.screens.table import TableScreen


def test_settings_round_trip_through_toml(tmp_path: Path) -> None:
    path = tmp_path / SETTINGS_NAME
    settings = Settings(
        theme="light",
        card_style="ascii",
        four_colour=True,
        speed="slow",
        hints=False,
        undo=False,
        default_rules="oklahoma",
        default_level="hard",
        house_rules={"gin": {"knock_limit": 7, "ace": "low_or_high"}, "colonel": {"target": 50}},
        default_format="partners",
        seats={
            "two": (("person", "Ann"), ("hard", "Bot")),
            "partners": (
                ("person", "You"),
                ("person", 'Sam "the" \\ Man'),
                ("easy", "Computer C"),
                ("random", "Computer D"),
            ),
        },
    )
    save_settings(path, settings)
    again, problems = load_settings(path)
    assert problems == []
    assert again == settings
    rules = again.rules_for("gin")
    assert rules.knock_limit == 7 and rules.ace is AcePolicy.LOW_OR_HIGH
    assert again.rules_for("colonel").target == 50
    assert again.rules_for("sequence") == preset("sequence")


def test_no_file_means_the_defaults(tmp_path: Path) -> None:
    assert load_settings(tmp_path / SETTINGS_NAME) == (Settings(), [])


def test_each_bad_value_is_reported_and_replaced_the_rest_kept(tmp_path: Path) -> None:
    path = tmp_path / SETTINGS_NAME
    path.write_text(
        'theme = "pink"\n'
        'speed = "fast"\n'
        "hints = 3\n"
        "four_colour = true\n"
        "volume = 11\n"
        'default_rules = "poker"\n'
        "[house_rules.gin]\n"
        "knock_limit = 5\n"
        'gin_bonus = "lots"\n'
        "hand_size = 3\n"
        "wild_cards = true\n"
        "[house_rules.canasta]\n"
        "target = 5000\n"
    )
    settings, problems = load_settings(path)
    assert settings.theme == "felt" and settings.default_rules == "gin"  # defaults
    assert settings.speed == "fast" and settings.four_colour is True  # kept
    assert settings.hints is True
    assert settings.house_rules == {"gin": {"knock_limit": 5}}
    text = "\n".join(problems)
    for bad in (
        "theme",
        "hints",
        "volume",
        "default_rules",
        "gin_bonus",
        "hand_size",
        "wild_cards",
    ):
        assert bad in text
    assert "canasta" in text
    assert len(problems) == 8


def test_a_bad_choice_of_rule_names_the_allowed_ones(tmp_path: Path) -> None:
    path = tmp_path / SETTINGS_NAME
    path.write_text('[house_rules.gin]\nace = "sideways"\n')
    settings, problems = load_settings(path)
    assert settings.house_rules == {}
    assert "low, high, low_or_high, around" in problems[0]


def test_a_file_that_is_not_toml_is_kept_aside(tmp_path: Path) -> None:
    path = tmp_path / SETTINGS_NAME
    path.write_text("theme = = felt\n")
    settings, problems = load_settings(path)
    assert settings == Settings()
    assert "not valid TOML" in problems[0]
    kept = tmp_path / "settings.unreadable-1.toml"
    assert kept.read_text() == "theme = = felt\n"
    assert kept.name in problems[0]


def test_settings_live_in_the_data_dir_when_one_is_given(tmp_path: Path) -> None:
    assert config_dir(tmp_path) == tmp_path


async def test_the_app_reports_bad_settings(tmp_path: Path) -> None:
    path = tmp_path / SETTINGS_NAME
    path.write_text('speed = "warp"\n')
    settings, problems = load_settings(path)

    app = GinApp(settings, settings_path=path, problems=problems)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        messages = [n.message for n in app._notifications]
        assert any("speed = 'warp'" in m for m in messages)


async def test_a_file_with_values_not_valid_is_kept_as_it_was_before_it_is_written_anew(
    tmp_path: Path,
) -> None:
    """Its comments and the values the person meant were lost at the first
    change of a setting: the file is kept aside byte for byte first."""
    path = tmp_path / SETTINGS_NAME
    original = (
        '# my settings\ntheme = "Dark"\nspeed = "fast"\n'
        '[seats.two]\nkinds = ["person", "hard"]\nnames = ["Ann", "Bot with a very long name"]\n'
    )
    path.write_text(original, encoding="utf-8")
    settings, problems = load_settings(path)
    assert problems

    app = GinApp(settings, settings_path=path, problems=problems)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.use_theme("light")
        app.use_theme("dark")  # a second change keeps nothing more aside
        await pilot.pause()
        said = [n.message for n in app._notifications]
        assert any("settings.invalid-1.toml" in m for m in said), said
    assert (tmp_path / "settings.invalid-1.toml").read_text(encoding="utf-8") == original
    assert not (tmp_path / "settings.invalid-2.toml").exists()
    assert load_settings(path) == (dataclasses.replace(settings, theme="dark"), [])


@pytest.mark.slow
async def test_changes_in_the_settings_screen_are_saved(tmp_path: Path) -> None:
    path = tmp_path / SETTINGS_NAME

    app = GinApp(Settings(), settings_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(SettingsScreen(app.settings))
        await pilot.pause()
        screen = app.screen
        screen.query_one("#set-theme", Select).value = "dark"
        screen.query_one("#set-undo", Switch).value = False
        await pilot.pause()
        assert app.settings.theme == "dark" and app.settings.undo is False
    settings, problems = load_settings(path)
    assert problems == []
    assert settings.theme == "dark" and settings.undo is False


@pytest.mark.slow
async def test_new_game_form_starts_from_and_remembers_house_rules(tmp_path: Path) -> None:
    path = tmp_path / SETTINGS_NAME
    start = Settings(default_rules="gin", house_rules={"gin": {"knock_limit": 8}})

    app = GinApp(start, settings_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(NewGameScreen(app.settings))
        await pilot.pause()
        form: Any = app.screen
        await unfold(form, "knock_limit", "gin_bonus")
        limit = form.query_one("#opt-knock_limit", Input)
        assert limit.value == "8"  # the player's house rule, not the preset's 10
        limit.value = "6"
        form.query_one("#opt-gin_bonus", Input).value = "30"
        await pilot.press("ctrl+s")
        await settle(pilot)  # and, if the cut is won, play first
        assert isinstance(app.screen, TableScreen)
        assert app.session is not None
        assert app.session.rules.knock_limit == 6
        assert app.session.rules.gin_bonus == 30
    settings, _ = load_settings(path)
    assert settings.house_rules == {"gin": {"knock_limit": 6, "gin_bonus": 30}}
    assert settings.rules_for("gin").knock_limit == 6


def test_bad_settings_in_a_folder_that_cannot_be_written_use_the_defaults(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The damaged file cannot be moved aside: a message, the defaults, no crash."""
    from ginrummies.store import settings as settings_module

    path = tmp_path / SETTINGS_NAME
    path.write_text("theme = [broken", encoding="utf-8")

    def refuse(path: Path, why: str) -> Path:
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(settings_module, "move_aside", refuse)
    settings, problems = load_settings(path)
    assert settings == Settings()
    assert len(problems) == 1 and "could not be moved aside" in problems[0]
    assert path.read_text(encoding="utf-8") == "theme = [broken"


def test_the_seats_are_kept_as_a_table_per_format(tmp_path: Path) -> None:
    path = tmp_path / SETTINGS_NAME
    seats = {"three": (("person", "You"), ("normal", "Computer B"), ("person", "Ada"))}
    save_settings(path, Settings(default_format="three", seats=seats))
    text = path.read_text(encoding="utf-8")
    assert 'default_format = "three"' in text
    assert (
        '[seats.three]\nkinds = ["person", "normal", "person"]\n'
        'names = ["You", "Computer B", "Ada"]\n'
    ) in text
    assert load_settings(path) == (Settings(default_format="three", seats=seats), [])


def test_bad_seats_and_formats_are_reported_and_replaced(tmp_path: Path) -> None:
    path = tmp_path / SETTINGS_NAME
    path.write_text(
        'default_format = "five"\n'
        "[seats.two]\n"
        'kinds = ["person", "hard"]\n'
        'names = ["You", "Computer"]\n'
        "[seats.three]\n"
        'kinds = ["person", "normal"]\n'
        'names = ["You", "Computer B"]\n'
        "[seats.partnership]\n"
        'kinds = ["easy", "easy", "easy", "easy"]\n'
        'names = ["A", "B", "C", "D"]\n'
        "[seats.captains]\n"
        'kinds = ["person", "genius", "easy"]\n'
        'names = ["A", "B", "C"]\n'
        "[seats.skarney3]\n"
        'kinds = ["person", "easy", "easy"]\n'
        'names = ["A", "B", "a"]\n'
        "[seats.partners]\n"
        'kinds = ["person", "easy", "easy", "easy"]\n'
        'names = ["A", "B", "C", "A very long name indeed"]\n'
        "[seats.solo]\n"
        'kinds = ["person"]\n'
    )
    settings, problems = load_settings(path)
    assert settings.default_format == "two"
    assert settings.seats == {"two": (("person", "You"), ("hard", "Computer"))}
    text = "\n".join(problems)
    assert "default_format = 'five' is not one of two, three, partnership" in text
    assert "seats.three: Three-player Gin has 3 seats" in text
    assert "seats.partnership: at least one seat must be a person" in text
    assert "seats.captains: 'genius' is not one of person, easy" in text
    assert "seats.skarney3: two seats have the same name" in text
    assert "seats.partners: 'A very long name indeed' is longer than 16" in text
    assert "seats.solo: there is no such format" in text
    assert len(problems) == 7


def test_seats_that_are_not_a_table_use_the_defaults(tmp_path: Path) -> None:
    path = tmp_path / SETTINGS_NAME
    path.write_text('seats = "mine"\n')
    settings, problems = load_settings(path)
    assert settings.seats == {}
    assert problems == ["seats must be a table of formats; the default seats are used"]


# --- damaged settings files (issue 30, item 3) -------------------------------------


@pytest.mark.parametrize(
    ("content", "says"),
    [
        (b'theme = "dark"\nspeed = "fast\xff"\n', "it is not text"),
        (b"theme = " + b"[" * 100_000, "nested too deeply"),
        (b"theme = " + b"[" * 600 + b"]" * 600, "nested too deeply"),
        (b"speed = " + b"9" * 5000, "not valid TOML"),
        (b"theme = = felt\n", "not valid TOML"),
    ],
    ids=["invalid-utf8", "nested", "nested-600", "huge-number", "not-toml"],
)
def test_a_settings_file_that_cannot_be_read_is_kept_aside_byte_for_byte(
    content: bytes, says: str, tmp_path: Path
) -> None:
    """One bad byte once made the defaults be used and the next save destroy
    the file; a deep nesting or a huge number was a traceback at start."""
    path = tmp_path / SETTINGS_NAME
    path.write_bytes(content)
    settings, problems = load_settings(path)
    assert settings == Settings()
    kept = tmp_path / "settings.unreadable-1.toml"
    assert kept.read_bytes() == content
    assert len(problems) == 1 and says in problems[0]
    assert f"It was kept as {kept}, and the defaults are used." in problems[0]
    assert "Traceback" not in problems[0] and len(problems[0]) < 600
    save_settings(path, Settings(theme="dark"))  # the next save leaves the copy alone
    assert kept.read_bytes() == content


def test_names_in_settings_are_data_stored_as_given(tmp_path: Path) -> None:
    path = tmp_path / SETTINGS_NAME
    seats = {"two": (("person", "x[/]"), ("hard", "[b]\\\x1b"))}
    save_settings(path, Settings(seats=seats))
    assert load_settings(path) == (Settings(seats=seats), [])


@pytest.mark.parametrize(
    "text",
    [
        "theme = 5\n",
        "hints = [1, 2]\n",
        "[theme]\nx = 1\n",
        "house_rules = 3\n",
        "[house_rules.gin]\ngin_bonus = 1000000000000\n",
        "[house_rules.gin]\nknock_limit = [1]\n",
        "[house_rules]\ngin = [1]\n",
        "[seats.two]\nkinds = [1, 2]\nnames = [[], {}]\n",
        "[seats.two]\nkinds = [[1], {a = 1}]\nnames = ['a', 'b']\n",
        "[seats.two]\nkinds = 'person'\nnames = 'x'\n",
        "seats = [1]\n",
        f"{'k' * 10_000} = 1\n",
        f"speed = '{'x' * 100_000}'\n",
    ],
    ids=lambda text: text[:24],
)
def test_a_value_of_the_wrong_type_is_reported_not_a_crash(text: str, tmp_path: Path) -> None:
    path = tmp_path / SETTINGS_NAME
    path.write_text(text)
    settings, problems = load_settings(path)
    assert problems and all(len(p) < 400 for p in problems)
    assert settings.rules_for("gin").gin_bonus < 10**6
    assert path.exists()  # a bad value is replaced, the file kept where it is
