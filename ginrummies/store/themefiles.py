"""Where the colour themes are kept, and what a theme may be called.

The built-in themes and the stylesheet are files in the repository's
top-level ``themes/`` folder; a wheel or an sdist carries that folder into
the package as ``ginrummies/themes/`` (pyproject.toml's build settings). The
player's own themes are files in the config folder's ``themes/``. Only
places and names here, no Textual: the settings check a theme's name with
them, and ``ginrummies.tui.themes`` reads and checks the files.
"""

from __future__ import annotations

import re
from pathlib import Path

FOLDER_NAME = "themes"
STYLESHEET_NAME = "ginrummies.tcss"
SUFFIX = ".toml"
DEFAULT_THEME = "felt"
NAME_LENGTH = 40
NAME = re.compile(rf"[a-z0-9][a-z0-9_-]{{0,{NAME_LENGTH - 1}}}")
"""A theme's name, the name of its file: lower-case letters, digits, - and _."""

_PACKAGE = Path(__file__).resolve().parents[1]  # the ginrummies package


def builtin_folder() -> Path:
    """The folder of the built-in themes and the stylesheet: the package's
    own (an installed game), else the top-level ``themes/`` of the checkout
    the package sits in (a source checkout, or an editable install)."""
    inside, beside = _PACKAGE / FOLDER_NAME, _PACKAGE.parent / FOLDER_NAME
    if (inside / STYLESHEET_NAME).is_file() or not (beside / STYLESHEET_NAME).is_file():
        return inside
    return beside


def stylesheet_path() -> Path:
    return builtin_folder() / STYLESHEET_NAME


def user_folder(config: Path) -> Path:
    """The folder of the player's own themes, in the config folder ``config``."""
    return config / FOLDER_NAME


def theme_files(folder: Path) -> list[Path]:
    """The theme files in ``folder`` (every ``*.toml`` but hidden ones, such
    as an editor's copies), by name; none if the folder cannot be read."""
    try:
        paths = [p for p in folder.iterdir() if p.suffix == SUFFIX and not p.name.startswith(".")]
    except OSError:
        return []
    return sorted(paths, key=lambda p: p.name)


def in_order(names: list[str]) -> list[str]:
    """Theme names as the game lists them: the default first, then A to Z."""
    return sorted(names, key=lambda name: (name != DEFAULT_THEME, name))


def builtin_names() -> tuple[str, ...]:
    """The names of the built-in themes, the default first."""
    return tuple(in_order([p.stem for p in theme_files(builtin_folder())]))


def user_names(config: Path) -> tuple[str, ...]:
    """The names the player's theme files give (whether their files turn out
    to be usable or not), A to Z, but those of the built-in themes."""
    builtin = set(builtin_names())
    names = (p.stem for p in theme_files(user_folder(config)))
    return tuple(name for name in names if NAME.fullmatch(name) and name not in builtin)


def theme_names(config: Path) -> tuple[str, ...]:
    """Every theme's name: the built-in ones, then those the player's theme
    files in the config folder ``config`` give."""
    return (*builtin_names(), *user_names(config))
