"""The settings that are a choice are enums (``Theme``, ``CardStyle``,
``Speed``, ``HintLevel``, ``Level``) read from and written as the words
settings.toml always held (issue 31 item 4)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ginrummies.cli.app import build_parser
from ginrummies.levels import Level
from ginrummies.store import SPEEDS, THEMES, CardStyle, HintLevel, Settings, Speed, Theme
from ginrummies.store.settings import (
    CHOICE_ENUMS,
    CHOICES,
    SETTINGS_NAME,
    load_settings,
    save_settings,
    to_toml,
)


def test_the_words_are_those_settings_toml_always_held() -> None:
    assert THEMES == (
        "felt",
        "dark",
        "light",
        "contrast",
        "terminal-dark",
        "terminal-light",
        "colour-blind",
    )
    assert CHOICES["theme"] == THEMES
    assert CHOICES["card_style"] == ("unicode", "ascii")
    assert CHOICES["speed"] == ("instant", "fast", "normal", "slow")
    assert CHOICES["hint_level"] == ("normal", "hard")
    assert CHOICES["default_level"] == ("easy", "normal", "hard", "random")
    assert set(SPEEDS) == set(Speed)


def test_a_choice_given_as_its_word_is_kept_as_its_enum() -> None:
    settings = Settings(theme="dark", card_style="ascii", speed="fast", hint_level="hard")
    assert settings.theme is Theme.DARK and settings.card_style is CardStyle.ASCII
    assert settings.speed is Speed.FAST and settings.hint_level is HintLevel.HARD
    assert settings.delay == 0.2
    defaults = Settings()
    for name, kind in CHOICE_ENUMS.items():
        assert type(getattr(defaults, name)) is kind, name
    assert defaults.default_level is Level.NORMAL
    with pytest.raises(ValueError):
        Settings(theme="pink")


def test_the_file_holds_the_words_and_reads_back_the_enums(tmp_path: Path) -> None:
    path = tmp_path / SETTINGS_NAME
    settings = Settings(
        theme=Theme.CONTRAST,
        card_style=CardStyle.ASCII,
        speed=Speed.SLOW,
        hint_level=HintLevel.HARD,
        default_level=Level.RANDOM,
    )
    text = to_toml(settings)
    for line in (
        'theme = "contrast"',
        'card_style = "ascii"',
        'speed = "slow"',
        'hint_level = "hard"',
        'default_level = "random"',
    ):
        assert line in text.splitlines()
    save_settings(path, settings)
    again, problems = load_settings(path)
    assert problems == [] and again == settings
    assert again.theme is Theme.CONTRAST and again.default_level is Level.RANDOM


def test_an_unknown_word_is_reported_and_the_default_used(tmp_path: Path) -> None:
    path = tmp_path / SETTINGS_NAME
    path.write_text('theme = "pink"\nspeed = "warp"\ndefault_level = "camper"\n')
    settings, problems = load_settings(path)
    assert problems == [
        "theme = 'pink' is not one of felt, dark, light, contrast, terminal-dark, "
        "terminal-light, colour-blind; the default 'felt' is used",
        "speed = 'warp' is not one of instant, fast, normal, slow; the default 'normal' is used",
        "default_level = 'camper' is not one of easy, normal, hard, random; "
        "the default 'normal' is used",
    ]
    assert settings.theme is Theme.FELT and settings.speed is Speed.NORMAL
    assert settings.default_level is Level.NORMAL


def test_the_command_line_offers_the_theme_words() -> None:
    parser = build_parser()
    (theme,) = [a for a in parser._actions if a.dest == "theme"]
    assert list(theme.choices or ()) == list(THEMES)
    assert parser.parse_args(["--theme", "light"]).theme == "light"
