"""The settings that are a choice are enums (``CardStyle``, ``Speed``,
``HintLevel``, ``Level``) read from and written as the words settings.toml
always held (issue 31 item 4); the theme is a theme's name, one of the
built-in theme files' or of the player's own (issue 52)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ginrummies.cli.app import build_parser
from ginrummies.core.levels import Level
from ginrummies.store import SPEEDS, THEMES, CardStyle, HintLevel, Settings, Speed
from ginrummies.store.settings import (
    CHOICE_ENUMS,
    CHOICES,
    SETTINGS_NAME,
    load_settings,
    save_settings,
    to_toml,
)


def test_the_words_are_those_settings_toml_always_held() -> None:
    # the built-in themes' files: the default first, then A to Z
    assert THEMES == (
        "felt",
        "colour-blind",
        "contrast",
        "dark",
        "light",
        "terminal-dark",
        "terminal-light",
    )
    assert "theme" not in CHOICES  # a theme is a file: the player may add their own
    assert CHOICES["card_style"] == ("unicode", "ascii")
    assert CHOICES["speed"] == ("instant", "fast", "normal", "slow")
    assert CHOICES["hint_level"] == ("normal", "hard")
    assert CHOICES["default_level"] == ("easy", "normal", "hard", "random")
    assert set(SPEEDS) == set(Speed)


def test_a_choice_given_as_its_word_is_kept_as_its_enum() -> None:
    settings = Settings(theme="dark", card_style="ascii", speed="fast", hint_level="hard")
    assert settings.theme == "dark" and settings.card_style is CardStyle.ASCII
    assert settings.speed is Speed.FAST and settings.hint_level is HintLevel.HARD
    assert settings.delay == 0.2
    defaults = Settings()
    for name, kind in CHOICE_ENUMS.items():
        assert type(getattr(defaults, name)) is kind, name
    assert defaults.default_level is Level.NORMAL
    with pytest.raises(ValueError):
        Settings(card_style="pink")
    with pytest.raises(ValueError):  # a theme's name is a file's: no spaces, no capitals
        Settings(theme="Pink Floyd")


def test_the_file_holds_the_words_and_reads_back_the_enums(tmp_path: Path) -> None:
    path = tmp_path / SETTINGS_NAME
    settings = Settings(
        theme="contrast",
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
    assert again.theme == "contrast" and again.default_level is Level.RANDOM


def test_an_unknown_word_is_reported_and_the_default_used(tmp_path: Path) -> None:
    path = tmp_path / SETTINGS_NAME
    path.write_text('theme = "pink"\nspeed = "warp"\ndefault_level = "camper"\n')
    settings, problems = load_settings(path)
    assert problems == [
        "theme = 'pink' is not one of felt, colour-blind, contrast, dark, light, "
        "terminal-dark, terminal-light; the default 'felt' is used",
        "speed = 'warp' is not one of instant, fast, normal, slow; the default 'normal' is used",
        "default_level = 'camper' is not one of easy, normal, hard, random; "
        "the default 'normal' is used",
    ]
    assert settings.theme == "felt" and settings.speed is Speed.NORMAL
    assert settings.default_level is Level.NORMAL


def test_the_command_line_offers_the_theme_words() -> None:
    """--theme takes any name (a theme of the player's is a file, found when
    the game starts: tests/test_theme_files.py); its help names the built-in ones."""
    parser = build_parser()
    (theme,) = [a for a in parser._actions if a.dest == "theme"]
    assert theme.choices is None and theme.help is not None
    assert ", ".join(THEMES) in theme.help
    assert parser.parse_args(["--theme", "light"]).theme == "light"
