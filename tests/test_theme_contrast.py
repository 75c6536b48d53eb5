"""Every built-in theme is readable (issue 52, item 4).

Text and the suits on a card keep a contrast of 4.5:1 with what they are
drawn on (WCAG AA), edges and patterns 3:1 (WCAG 1.4.11), and everything in
the ``contrast`` theme 7:1 (AAA): ``ginrummies/tui/themes/contrast.py``
names each pair. The two terminal themes are the terminal's own sixteen
colours, whose look the game cannot know: they are checked to be nothing
else. The colour-blind theme's two suit colours stay apart under simulated
deuteranopia and protanopia (``colour_vision.py``: Machado 2009, CIEDE2000):
by at least ``APART``, where 2.3 is a difference just noticed, and felt's
red against black, which the theme exists to replace, falls short for
protanopia (the red looks dark).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from colour_vision import DEUTERANOPIA, NORMAL, PROTANOPIA, apart, delta_e2000
from textual.color import Color

from ginrummies.tui.themes import THEMES, load_themes
from ginrummies.tui.themes.contrast import PAIRS, measured, ratio, shortfalls
from ginrummies.tui.themes.themefile import COLOURS

TERMINAL = ("terminal-dark", "terminal-light")
APART = 30.0  # CIEDE2000: the suits are small bold glyphs, told apart at a glance


def test_every_built_in_theme_is_here() -> None:
    assert set(THEMES) == {
        "felt",
        "dark",
        "light",
        "contrast",
        "terminal-dark",
        "terminal-light",
        "colour-blind",
    }


@pytest.mark.parametrize("name", [n for n in THEMES if n not in TERMINAL])
def test_text_and_cards_keep_their_contrast(name: str) -> None:
    colours = THEMES[name].variables
    assert all(measured(colours, pair) is not None for pair in PAIRS), "every pair is measured"
    short = shortfalls(colours, strict=name == "contrast")
    assert not short, [(s.pair.words, round(s.ratio, 2), s.least) for s in short]


@pytest.mark.parametrize("name", TERMINAL)
def test_the_terminal_themes_are_the_terminals_colours(name: str) -> None:
    """Nothing in them to measure: each colour is one of the terminal's."""
    colours = THEMES[name].variables
    assert all(Color.parse(colours[key]).ansi is not None for key in COLOURS)
    assert all(measured(colours, pair) is None for pair in PAIRS)


def test_the_contrast_ratio_is_wcags() -> None:
    assert ratio(Color.parse("#000000"), Color.parse("#ffffff")) == pytest.approx(21)
    assert ratio(Color.parse("#777777"), Color.parse("#ffffff")) == pytest.approx(4.48, abs=0.01)
    # see-through ink is drawn over its ground first
    assert ratio(Color.parse("#00000000"), Color.parse("#ffffff")) == pytest.approx(1)


def test_the_colour_difference_is_ciede2000() -> None:
    """Sharma, Wu and Dalal's test data, pairs 1, 7 and 17."""
    assert delta_e2000((50, 2.6772, -79.7751), (50, 0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    assert delta_e2000((50, 0, 0), (50, -1, 2)) == pytest.approx(2.3669, abs=1e-4)
    assert delta_e2000((50, 2.5, 0), (73, 25, -18)) == pytest.approx(27.1492, abs=1e-4)


@pytest.mark.parametrize(
    "vision", [NORMAL, DEUTERANOPIA, PROTANOPIA], ids=["normal", "deut", "prot"]
)
def test_the_colour_blind_suits_stay_apart(vision: tuple[tuple[float, ...], ...]) -> None:
    colours = THEMES["colour-blind"].variables
    assert apart(colours["card-red"], colours["card-black"], vision) >= APART


def test_the_threshold_tells_apart_what_protanopia_does_not() -> None:
    felt = THEMES["felt"].variables
    assert apart(felt["card-red"], felt["card-black"], NORMAL) >= APART
    assert apart(felt["card-red"], felt["card-black"], PROTANOPIA) < APART


def test_a_theme_of_yours_hard_to_read_is_loaded_with_a_note(tmp_path: Path) -> None:
    folder = tmp_path / "themes"
    folder.mkdir()
    (folder / "murky.toml").write_text(
        'base = "felt"\n[colours]\ntable-hint = "#1a5a35"\ncard-red = "#fbf0ef"\n'
    )
    book = load_themes(folder)
    assert "murky" in book.themes and not book.left_out
    (note,) = book.notes
    assert note.startswith("The theme murky is hard to read in places: hints on the table (")
    assert "card-red on a card" in note and note.endswith("it is used all the same.")
