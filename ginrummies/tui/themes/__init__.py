"""The game's colour themes, as Textual themes, read from theme files.

The built-in themes and the stylesheet are files in the repository's
top-level ``themes/`` folder (``store/themefiles.py`` says where they are
once installed); the player's own are files in their config folder's
``themes/``, in the same format (``themefile.py``). Nothing here defines a
theme: this package only reads the files and checks them. A file that
cannot be used is left out with a sentence saying why, and every other
theme still loads; a theme of the player's that is hard to read in places
is loaded with a note (``contrast.py``).

The app registers these themes and no others, so the palette's own theme
picker offers exactly the game's themes, and each of them colours the cards.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from textual.theme import Theme

from ...play.printable import printable
from ...store.themefiles import (
    DEFAULT_THEME,
    SUFFIX,
    builtin_folder,
    in_order,
    stylesheet_path,
    theme_files,
)
from .contrast import note, shortfalls
from .themefile import ThemeFileError, read_theme

STYLESHEET: Path = stylesheet_path()
FILE_LIMIT = 100  # theme files of the player's read at most


@dataclass(frozen=True)
class ThemeBook:
    """The themes there are: the built-in ones, then the player's; and, in
    a sentence each, the files left out and the themes loaded with a note."""

    themes: dict[str, Theme]
    builtin: tuple[str, ...]
    folder: Path | None = None  # the player's themes folder
    left_out: dict[str, str] = field(default_factory=dict)  # a file's name: why, in words
    notes: list[str] = field(default_factory=list)
    unread: int = 0  # files past the first FILE_LIMIT, not read

    @property
    def names(self) -> list[str]:
        """Every theme's name: the built-in ones (the default first), then the player's."""
        return list(self.themes)

    @property
    def problems(self) -> list[str]:
        """The files left out, then the notes: a sentence each."""
        out = [
            f"The theme file {printable(file, lines=False)} is left out: {why}."
            for file, why in self.left_out.items()
        ]
        if self.unread:
            out.append(
                f"Only the first {FILE_LIMIT} theme files are read: "
                f"the other {self.unread} are left out."
            )
        return [*out, *self.notes]

    def why_not(self, name: str) -> str:
        """Why there is no theme ``name``, in words."""
        why = self.left_out.get(f"{name}{SUFFIX}")
        if why is not None:
            return f"its file {name}{SUFFIX} is left out: {why}"
        return f"there is no theme {name}"


def _builtin() -> tuple[dict[str, Theme], dict[str, str]]:
    """The built-in themes, and the files among them that could not be used
    (none, unless the game's own files were damaged: tests/test_themes.py)."""
    themes: dict[str, Theme] = {}
    bad: dict[str, str] = {}
    for path in theme_files(builtin_folder()):
        try:
            themes[path.stem] = read_theme(path, {}, builtin=True)
        except ThemeFileError as exc:
            bad[path.name] = str(exc)
    return {name: themes[name] for name in in_order(list(themes))}, bad


THEMES, BUILTIN_LEFT_OUT = _builtin()


def load_themes(folder: Path | None) -> ThemeBook:
    """The built-in themes and those of the player's theme files in
    ``folder`` (None: the built-in ones only)."""
    themes = dict(THEMES)
    bad = dict(BUILTIN_LEFT_OUT)
    notes: list[str] = []
    paths = theme_files(folder) if folder is not None else []
    for path in paths[:FILE_LIMIT]:
        name = path.stem
        if name in THEMES or path.name in BUILTIN_LEFT_OUT:
            why = f"{name} is the name of a built-in theme: give the file a name of its own"
            bad[path.name] = why
            continue
        try:
            theme = read_theme(path, THEMES)
        except ThemeFileError as exc:
            bad[path.name] = str(exc)
            continue
        except Exception as exc:  # nothing in a file stops the game
            bad[path.name] = f"it cannot be read ({type(exc).__name__})"
            continue
        themes[name] = theme
        short = shortfalls(theme.variables)
        if short:
            notes.append(note(name, short))
    unread = max(0, len(paths) - FILE_LIMIT)
    return ThemeBook(themes, tuple(THEMES), folder, bad, notes, unread)


def default_theme(book: ThemeBook) -> str:
    """The theme to fall back on: the default one, else the first there is."""
    return DEFAULT_THEME if DEFAULT_THEME in book.themes else next(iter(book.themes), "")
