"""One theme file, read and checked.

A theme file is TOML, as the built-in ones in the repository's top-level
``themes/`` folder are (``felt.toml`` says what each key is for): ``base``,
the theme it builds on (one of Textual's, or one of the game's built-in
themes), and a table ``[colours]`` of the table's and the cards' colours by
name. A colour left out takes the value of the theme it builds on: a game
theme's own colour, or on a Textual theme the variable ``COLOURS`` names.
A file that cannot be used raises ``ThemeFileError``, which says why in a
few words; nothing in a file raises anything else.
"""

from __future__ import annotations

import dataclasses
import functools
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from textual.color import Color, ColorParseError
from textual.css.stylesheet import Stylesheet
from textual.theme import BUILTIN_THEMES, Theme

from ...store.files import UnfitFile, read_capped
from ...store.themefiles import NAME, NAME_LENGTH

SIZE_LIMIT = 64 * 1024  # bytes: a theme file is about two
VALUE_LENGTH = 64  # characters: the longest colour, "hsla(...)", is some 30

# every colour a theme gives (the stylesheet's variables, ginrummies.tcss),
# and the variable of a Textual theme it takes when left out on one
COLOURS: dict[str, str] = {
    "table-background": "background",
    "table-text": "foreground",
    "table-side": "surface",
    "table-label": "accent",
    "table-hint": "foreground-darken-1",
    "dialog-border": "primary",
    "curtain-background": "background-darken-2",
    "card-face-background": "surface",
    "card-face": "foreground",
    "card-back-background": "primary",
    "card-back": "background",
    "card-red": "text-error",
    "card-black": "foreground",
    "card-club": "text-success",
    "card-diamond": "text-primary",
    "card-heart": "text-error",
    "card-spade": "foreground",
    "card-cursor": "accent",
    "card-cursor-background": "panel",
    "card-marked": "text-primary",
    "card-new": "text-success",
    "card-meld": "accent",
    "card-dead": "foreground-darken-1",
}
KEYS = ("base", "colours")  # the keys of a theme file


class ThemeFileError(ValueError):
    """A theme file that cannot be used; ``str()`` says why, in a player's words."""


def read_theme(path: Path, games: Mapping[str, Theme], builtin: bool = False) -> Theme:
    """The theme in the file ``path``, named after it; ``games``: the game's
    themes it may build on. ThemeFileError if it cannot be used.
    ``builtin``: one of the game's own files, whose colours the tests parse
    with the stylesheet (tests/test_themes.py), so the game need not at
    each start."""
    name = path.stem
    if not NAME.fullmatch(name):
        raise ThemeFileError(
            "a theme's name (its file's, without .toml) is lower-case letters, digits, "
            f"- and _, at most {NAME_LENGTH}"
        )
    try:
        raw = read_capped(path, SIZE_LIMIT)
    except UnfitFile as exc:
        raise ThemeFileError(str(exc)) from None
    except OSError as exc:
        raise ThemeFileError(f"it cannot be opened ({exc.strerror or exc})") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        why = f"it is not text (a byte that is not UTF-8 at byte {exc.start})"
        raise ThemeFileError(why) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ThemeFileError(f"it is not valid TOML ({_said(exc)})") from None
    except RecursionError:
        raise ThemeFileError("it is nested too deeply to be a theme") from None
    except ValueError as exc:  # a number of thousands of digits
        raise ThemeFileError(f"it is not valid TOML ({_said(exc)})") from None
    return theme_from_data(name, data, games, builtin)


def theme_from_data(
    name: str, data: Mapping[str, Any], games: Mapping[str, Theme], builtin: bool = False
) -> Theme:
    """The theme ``name`` from a theme file's parsed TOML (see ``read_theme``)."""
    for key in data:
        if key not in KEYS:
            raise ThemeFileError(f"it has the key {_shown(key)}, which no theme has")
    base = data.get("base")
    if base is None:
        raise ThemeFileError('it names no base, the theme it builds on (base = "textual-dark")')
    if not isinstance(base, str) or (base not in games and base not in BUILTIN_THEMES):
        raise ThemeFileError(
            f"its base {_shown(base)} is neither one of Textual's themes nor one of the game's"
        )
    given = data.get("colours", {})
    if not isinstance(given, dict):
        raise ThemeFileError("its colours are not a table ([colours], then a colour a line)")
    for key, value in given.items():
        if key not in COLOURS:
            raise ThemeFileError(f"{_shown(key)} is not one of the colours a theme gives")
        if not isinstance(value, str) or not is_colour(value):
            raise ThemeFileError(f"{key} = {_shown(value)} is not a colour")
    if not builtin and not stylesheet_takes(given):
        bad = next(key for key, value in given.items() if not stylesheet_takes({key: value}))
        raise ThemeFileError(f"{bad} = {_shown(given[bad])} is not a colour")
    parent = games[base] if base in games else BUILTIN_THEMES[base]
    left = inherited(parent, base in games) if set(COLOURS) - set(given) else {}
    return dataclasses.replace(parent, name=name, variables={**parent.variables, **left, **given})


def inherited(parent: Theme, game: bool) -> dict[str, str]:
    """The colours a theme takes from ``parent``, the theme it builds on: a
    game theme's own, or a Textual theme's variables that ``COLOURS`` names."""
    if game:
        return {key: parent.variables[key] for key in COLOURS}
    textual = parent.to_color_system().generate()
    return {key: textual[variable] for key, variable in COLOURS.items()}


def is_colour(value: str) -> bool:
    """Whether ``value`` reads as a colour (the stylesheet may still refuse it:
    ``stylesheet_takes``)."""
    if not value or len(value) > VALUE_LENGTH or value != value.strip():
        return False
    try:
        Color.parse(value)
    except ColorParseError:
        return False
    return True


def stylesheet_takes(colours: Mapping[str, str]) -> bool:
    """Whether the stylesheet takes each of ``colours`` as it uses colours:
    as a colour, and with an opacity after it (``$table-background 60%``)."""
    return _takes(tuple(sorted(colours.values())))


@functools.lru_cache(maxsize=256)
def _takes(values: tuple[str, ...]) -> bool:
    if not values:
        return True
    names = {f"colour-{i}": value for i, value in enumerate(values)}
    rules = " ".join(
        f"#c{i} {{ color: ${name}; background: ${name} 60%; }}" for i, name in enumerate(names)
    )
    sheet = Stylesheet(variables=names)
    sheet.add_source(rules, ("theme", ""))
    try:
        sheet.parse()
    except Exception:  # whatever the stylesheet's parser says: a colour it does not take
        return False
    return True


def _said(exc: BaseException) -> str:
    """An exception's message, short, for a sentence a player reads."""
    text = str(exc) or type(exc).__name__
    return text if len(text) <= 120 else text[:117] + "..."


def _shown(value: Any) -> str:
    """A value from a file, short enough to quote."""
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**20:
        return "a number too big"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
