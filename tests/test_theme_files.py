"""Themes are files (issue 52, items 1 to 3).

The repository's top-level ``themes/`` holds every built-in theme, one TOML
file each, and the stylesheet, and nothing else defines them. A theme file
of the player's, in their config folder's ``themes/``, is offered beside
the built-in ones (settings, the palette's picker, ``--theme``), in the
same format; a colour left out takes the value of the theme it builds on.
A file that cannot be used is named in one sentence and left out, and
every other theme still loads; hypothesis mutates valid files: no traceback.
"""

from __future__ import annotations

import json
import re
import tempfile
import tomllib
from pathlib import Path
from typing import Any

import pytest
from apphelp import SIZE
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from textual.css.stylesheet import Stylesheet
from textual.theme import BUILTIN_THEMES, Theme
from textual.widgets import Select

import ginrummies
from ginrummies.cli import main
from ginrummies.store import THEMES as THEME_NAMES
from ginrummies.store import Settings
from ginrummies.store.settings import SETTINGS_NAME, load_settings, save_settings
from ginrummies.store.themefiles import builtin_folder
from ginrummies.tui.app import GinApp
from ginrummies.tui.screens.settings import SettingsScreen
from ginrummies.tui.themes import STYLESHEET, THEMES, ThemeBook, load_themes
from ginrummies.tui.themes.themefile import COLOURS, KEYS

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "themes"
PACKAGE = ROOT / "ginrummies"
HARBOUR = Path(__file__).parent / "data" / "themes" / "harbour.toml"  # the README's example
CSS = STYLESHEET.read_text(encoding="utf-8")


def compiles(theme: Theme) -> None:
    """The game's stylesheet parses with ``theme``'s colours, as the app's does."""
    sheet = Stylesheet(variables={**theme.to_color_system().generate(), **theme.variables})
    sheet.add_source(CSS, (str(STYLESHEET), ""))
    sheet.parse()


def yours(tmp_path: Path, files: dict[str, bytes | str]) -> Path:
    """A themes folder of the player's holding ``files``."""
    folder = tmp_path / "themes"
    folder.mkdir(exist_ok=True)
    for name, data in files.items():
        path = folder / name
        if isinstance(data, str):
            path.write_text(data, encoding="utf-8")
        else:
            path.write_bytes(data)
    return folder


# --- the built-in themes: files at the top of the repository --------------------


def test_the_themes_folder_holds_the_themes_and_the_stylesheet() -> None:
    names = sorted(p.name for p in FOLDER.iterdir())
    assert names == sorted([*(f"{n}.toml" for n in THEME_NAMES), "ginrummies.tcss"])
    assert set(THEMES) == set(THEME_NAMES) and next(iter(THEMES)) == "felt"
    if (PACKAGE / "__init__.py").samefile(ginrummies.__file__):
        # a checkout (or an editable install): the game reads the top-level folder
        assert builtin_folder() == FOLDER and STYLESHEET == FOLDER / "ginrummies.tcss"


def test_nothing_else_defines_a_theme() -> None:
    """No stylesheet in the package, and no theme's colour in its code."""
    assert not list(PACKAGE.rglob("*.tcss"))
    colours = set()
    for path in FOLDER.glob("*.toml"):
        colours |= set(tomllib.loads(path.read_text(encoding="utf-8"))["colours"].values())
    hexes = {c.lower() for c in colours if c.startswith("#")}
    for path in PACKAGE.rglob("*.py"):
        found = set(re.findall(r"#[0-9a-f]{6}\b", path.read_text(encoding="utf-8").lower()))
        assert not found & hexes, (path, found & hexes)


@pytest.mark.parametrize("name", THEME_NAMES)
def test_each_built_in_theme_is_a_whole_readable_file(name: str) -> None:
    data = tomllib.loads((FOLDER / f"{name}.toml").read_text(encoding="utf-8"))
    assert set(data) == set(KEYS) and data["base"] in BUILTIN_THEMES
    assert list(data["colours"]) == list(COLOURS)  # every colour, in one order
    compiles(THEMES[name])


def test_the_default_theme_comments_every_key() -> None:
    """felt.toml says what each key is for: a comment above each key (or
    above the group of keys it begins)."""
    lines = (FOLDER / "felt.toml").read_text(encoding="utf-8").splitlines()
    keys = [i for i, line in enumerate(lines) if re.match(r"[a-z-]+ = ", line)]
    assert {lines[i].split(" ")[0] for i in keys} == {*KEYS} - {"colours"} | set(COLOURS)
    for i in keys:
        above = i - 1
        while re.match(r"[a-z-]+ = ", lines[above]):
            above -= 1
        assert lines[above].startswith("#"), lines[i]


@pytest.mark.parametrize("base", list(BUILTIN_THEMES))
def test_a_theme_on_any_of_textuals_takes_its_colours(base: str, tmp_path: Path) -> None:
    book = load_themes(yours(tmp_path, {"mine.toml": f'base = "{base}"\n'}))
    assert book.left_out == {}
    theme = book.themes["mine"]
    textual = BUILTIN_THEMES[base].to_color_system().generate()
    assert theme.variables["table-background"] == textual["background"]
    assert theme.variables["card-red"] == textual["text-error"]
    compiles(theme)


# --- themes of your own -----------------------------------------------------------


def test_a_theme_of_yours_comes_after_the_built_in_ones(tmp_path: Path) -> None:
    folder = yours(tmp_path, {"harbour.toml": HARBOUR.read_text(), "notes.txt": "not a theme"})
    book = load_themes(folder)
    assert book.names == [*THEME_NAMES, "harbour"] and book.problems == []
    assert book.folder == folder
    harbour, felt = book.themes["harbour"].variables, THEMES["felt"].variables
    assert harbour["table-background"] == "#1f2a38"  # its own
    assert harbour["card-red"] == felt["card-red"]  # left out: felt's, the theme it builds on
    assert book.themes["harbour"].name == "harbour"
    compiles(book.themes["harbour"])


def test_the_settings_may_name_a_theme_of_yours(tmp_path: Path) -> None:
    path = tmp_path / SETTINGS_NAME
    save_settings(path, Settings(theme="harbour"))
    settings, problems = load_settings(path)  # no harbour.toml in tmp_path/themes
    assert settings.theme == "felt" and "theme = 'harbour' is not one of felt" in problems[0]
    yours(tmp_path, {"harbour.toml": HARBOUR.read_text()})
    assert load_settings(path) == (Settings(theme="harbour"), [])


BAD: list[tuple[str, bytes, str]] = [
    ("syntax.toml", b'base = "felt"\n[colours\n', "it is not valid TOML ("),
    ("key.toml", b'base = "felt"\nflavour = "mint"\n', "it has the key 'flavour'"),
    ("colour.toml", b'base = "felt"\n[colours]\ncarpet = "#000000"\n', "'carpet' is not one"),
    ("blurple.toml", b'base = "felt"\n[colours]\ntable-text = "blurple"\n', "is not a colour"),
    ("five.toml", b'base = "felt"\n[colours]\ntable-text = 5\n', "table-text = 5 is not a"),
    ("css.toml", b'base = "felt"\n[colours]\ncard-red = "red; color: blue"\n', "not a colour"),
    ("table.toml", b'base = "felt"\n[colours]\ncard-red = {a = 1}\n', "= a table is not a"),
    ("colours.toml", b'base = "felt"\ncolours = "red"\n', "its colours are not a table"),
    ("felt.toml", b'base = "felt"\n', "felt is the name of a built-in theme"),
    ("huge.toml", b'base = "felt"\n#' + b"x" * 70_000, "it is far too large (over 64 KB)"),
    ("deep.toml", b"base = " + b"[" * 30_000, "it is nested too deeply"),
    ("deep2.toml", b"base = " + b"[" * 300 + b"]" * 300, "its base a list is neither"),
    ("bytes.toml", b'base = "felt"\n# \xff\n', "it is not text"),
    ("plaid.toml", b'base = "plaid"\n', "its base 'plaid' is neither"),
    ("nobase.toml", b"[colours]\n", "it names no base"),
    ("onmine.toml", b'base = "harbour"\n', "its base 'harbour' is neither"),
    ("Sea Side.toml", b'base = "felt"\n', "a theme's name (its file's, without .toml) is"),
]


@pytest.mark.parametrize(("file", "data", "why"), BAD, ids=[b[0] for b in BAD])
def test_a_bad_theme_file_is_named_and_left_out(
    file: str, data: bytes, why: str, tmp_path: Path
) -> None:
    book = load_themes(yours(tmp_path, {"harbour.toml": HARBOUR.read_text(), file: data}))
    assert list(book.themes) == [*THEME_NAMES, "harbour"]  # every other theme loads
    (problem,) = book.problems
    assert problem.startswith(f"The theme file {file} is left out: ") and why in problem, problem
    assert problem.endswith(".") and "\n" not in problem and len(problem) < 300


def test_a_folder_or_a_flood_of_files_is_left_out_too(tmp_path: Path) -> None:
    folder = yours(tmp_path, {f"t{i:03}.toml": 'base = "felt"\n' for i in range(105)})
    (folder / "dir.toml").mkdir()
    book = load_themes(folder)
    assert len(book.themes) == len(THEME_NAMES) + 99  # dir.toml is one of the first 100
    assert book.problems == [
        "The theme file dir.toml is left out: it is not a file (a folder, a device or a "
        "pipe has its name).",
        "Only the first 100 theme files are read: the other 6 are left out.",
    ]


# --- hypothesis: mutated theme files never raise ----------------------------------

SEEDS = [HARBOUR.read_text(), (FOLDER / "felt.toml").read_text(), 'base = "nord"\n']
TOML_BITS = st.sampled_from(
    ['"', "'", "=", "[", "]", "{", "}", "\n", "#", ",", ".", "\\", "base", "colours", "#fff"]
)


@st.composite
def mutated(draw: st.DrawFn) -> str:
    """A valid theme file, with random edits: spans cut, text put in, lines doubled."""
    text = draw(st.sampled_from(SEEDS))
    for _ in range(draw(st.integers(1, 6))):
        at = draw(st.integers(0, len(text)))
        kind = draw(st.sampled_from(["cut", "put", "bits", "line"]))
        if kind == "cut":
            text = text[:at] + text[at + draw(st.integers(1, 40)) :]
        elif kind == "put":
            text = text[:at] + draw(st.text(max_size=20)) + text[at:]
        elif kind == "bits":
            text = text[:at] + "".join(draw(st.lists(TOML_BITS, max_size=6))) + text[at:]
        else:
            lines = text.splitlines(keepends=True) or [""]
            i = draw(st.integers(0, len(lines) - 1))
            text = "".join(lines[: i + 1] + lines[i:])
    return text


def toml_value(value: Any) -> str:
    """A value as TOML (or close to it: what does not parse is a test too)."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(k)} = {toml_value(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    return json.dumps(value)


VALUES = st.recursive(
    st.none().map(lambda _: "#abcdef")
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.text(max_size=30)
    | st.sampled_from(["ansi_red", "rgb(1,2,3)", "hsl(1,50%,50%)", "red 50%", "$primary"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=8,
)


@st.composite
def changed(draw: st.DrawFn) -> str:
    """The README's example with keys given other values, and keys added."""
    data: dict[str, Any] = tomllib.loads(HARBOUR.read_text())
    keys = draw(st.lists(st.sampled_from([*KEYS, *COLOURS, "extra"]), min_size=1, max_size=4))
    for key in keys:
        colours = data.get("colours")
        where = colours if isinstance(colours, dict) and key in COLOURS else data
        where[key] = draw(VALUES)
    lines = [f"{json.dumps(k)} = {toml_value(v)}" for k, v in data.items() if k != "colours"]
    if isinstance(data.get("colours"), dict):
        lines.append("[colours]")
        lines += [f"{json.dumps(k)} = {toml_value(v)}" for k, v in data["colours"].items()]
    return "\n".join(lines) + "\n"


def loads_or_says_why(text: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        book = load_themes(
            yours(Path(tmp), {"mine.toml": text, "harbour.toml": HARBOUR.read_text()})
        )
    assert_sound(book)


def assert_sound(book: ThemeBook) -> None:
    assert "harbour" in book.themes
    if "mine" in book.themes:
        compiles(book.themes["mine"])  # what loads, the app can draw
        assert list(book.left_out) == []
    else:
        assert list(book.left_out) == ["mine.toml"]
        (problem,) = book.problems
        assert problem.startswith("The theme file mine.toml is left out: ") and "\n" not in problem
        assert "it cannot be read (" not in problem  # a reason foreseen, not the last resort


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_a_mutated_theme_file_never_raises(text: str) -> None:
    loads_or_says_why(text)


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(changed())
def test_a_theme_file_with_other_values_never_raises(text: str) -> None:
    loads_or_says_why(text)


@settings(max_examples=40, deadline=None)
@given(st.binary(max_size=300))
def test_any_bytes_never_raise(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        book = load_themes(
            yours(Path(tmp), {"mine.toml": data, "harbour.toml": HARBOUR.read_text()})
        )
    assert_sound(book)


# --- the app and the command line -----------------------------------------------


@pytest.mark.slow
async def test_the_settings_offer_your_theme_and_name_the_files_left_out(tmp_path: Path) -> None:
    folder = yours(tmp_path, {"harbour.toml": HARBOUR.read_text(), "broken.toml": "base = ="})
    app = GinApp(Settings(), settings_path=tmp_path / SETTINGS_NAME, themes=load_themes(folder))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert set(app.available_themes) == {*THEME_NAMES, "harbour"}  # the palette's picker
        app.push_screen(SettingsScreen(app.settings))
        await pilot.pause()
        screen = app.screen
        folder_line = str(screen.query_one("#themes-folder").render())
        assert str(folder) in folder_line and str(FOLDER) in folder_line
        (problem,) = [str(w.render()) for w in screen.query(".theme-problem")]
        assert problem.startswith("The theme file broken.toml is left out: it is not valid TOML")
        screen.query_one("#set-theme", Select).value = "harbour"
        await pilot.pause()
        assert app.theme == "harbour" and app.settings.theme == "harbour"
    assert load_settings(tmp_path / SETTINGS_NAME) == (Settings(theme="harbour"), [])


@pytest.mark.slow
async def test_a_theme_whose_file_went_bad_gives_way_to_felt(tmp_path: Path) -> None:
    folder = yours(tmp_path, {"harbour.toml": "base = ="})
    app = GinApp(Settings(theme="harbour"), themes=load_themes(folder))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.theme == "felt" and app.settings.theme == "felt"
        (notice,) = [n.message for n in app._notifications]
        assert notice.startswith(
            "Your theme harbour cannot be used: its file harbour.toml is left out: it is not "
            "valid TOML"
        )
        assert notice.endswith("The game uses felt.")


def test_dash_dash_theme_takes_a_theme_of_yours(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    yours(tmp_path, {"harbour.toml": HARBOUR.read_text(), "broken.toml": "base = ="})
    ran: list[GinApp] = []
    monkeypatch.setattr(GinApp, "run", lambda self, *a, **k: ran.append(self))
    assert main(["--data-dir", str(tmp_path), "--theme", "harbour"]) == 0
    (app,) = ran
    assert app.theme == "harbour" and app.settings.theme == "harbour"
    assert "harbour" in app.available_themes
    err = capsys.readouterr().err
    assert "ginrummies: The theme file broken.toml is left out: it is not valid TOML" in err


@pytest.mark.parametrize("name", ["broken", "nosuch"])
def test_dash_dash_theme_says_why_a_theme_is_not_there(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    yours(tmp_path, {"harbour.toml": HARBOUR.read_text(), "broken.toml": "base = ="})
    assert main(["--data-dir", str(tmp_path), "--theme", name]) == 2
    err = capsys.readouterr().err
    why = (
        "its file broken.toml is left out: it is not valid TOML"
        if name == "broken"
        else "there is no theme nosuch"
    )
    assert err.startswith(f"ginrummies: --theme {name}: {why}")
    assert f"The themes are {', '.join(THEME_NAMES)}, harbour; yours go in {tmp_path}" in err
    if name == "nosuch":  # the file left out is named too
        assert "The theme file broken.toml is left out: it is not valid TOML" in err


def test_the_readme_shows_the_example_theme_and_its_picture() -> None:
    """The README's example is the file the screenshot and the tests load."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"```toml\n{HARBOUR.read_text(encoding='utf-8')}```" in readme
    assert "](screenshots/theme-yours.svg)" in readme
    assert (ROOT / "screenshots" / "theme-yours.svg").is_file()
