"""``--ascii`` means ASCII: every screen, drawn, holds no character above 127."""

from __future__ import annotations

import asyncio
import dataclasses
import html
import re
from pathlib import Path

import pytest
from apphelp import settle
from scenes import SCENES, scene

from ginrummies.tui.ascii import plain, plain_char

# every screen drawn, a second or two each: the quick run (-m 'not slow') leaves them out
pytestmark = pytest.mark.slow

TEXT = re.compile(r"<text[^>]*>(.*?)</text>", re.S)


def drawn_text(svg: str) -> str:
    """The characters of a screenshot, without the SVG around them (the SVG
    writes every space as a no-break space: the filter turns those into spaces)."""
    return "".join(html.unescape(t) for t in TEXT.findall(svg)).replace("\xa0", " ")


def ascii_picture(name: str, folder: Path, extra: str | None = None) -> str:
    app, before = scene(name, folder)
    app.settings = dataclasses.replace(app.settings, card_style="ascii")
    size = (80, 20) if name == "too-small" else (80, 24)

    async def draw() -> str:
        async with app.run_test(size=size) as pilot:
            await before(pilot)
            if extra is not None:
                await pilot.press(extra)
                await settle(pilot)
            await pilot.pause()
            return app.export_screenshot(title="ascii")

    return drawn_text(asyncio.run(draw()))


@pytest.mark.parametrize("name", [*SCENES, "palette"])
def test_every_screen_is_ascii_with_ascii_cards(name: str, tmp_path: Path) -> None:
    if name == "palette":
        text = ascii_picture("table-gin", tmp_path, extra="ctrl+p")
    else:
        text = ascii_picture(name, tmp_path)
    assert len(text.split()) > 8  # a screen was drawn
    wide = sorted({c for c in text if ord(c) > 127})
    assert not wide, f"{name}: {''.join(wide)!r}"


def test_unicode_cards_still_draw_the_suits(tmp_path: Path) -> None:
    app, before = scene("table-gin", tmp_path)

    async def draw() -> str:
        async with app.run_test(size=(80, 24)) as pilot:
            await before(pilot)
            return app.export_screenshot()

    text = drawn_text(asyncio.run(draw()))
    assert set("♥♦♣♠") & set(text) and "╭" in text


def test_plain_keeps_every_character_one_cell_wide() -> None:
    for text, want in (
        ("7♥ · K♠ — 10♦…", "7h - Ks - 10d."),
        ("╭───╮│10♥│╰───╯", "+---+|10h|+---+"),
        ("╔═══╗║", "+===+|"),
        ("▒▀▄█", "#--#"),
        ("café", "cafe"),
    ):
        assert plain(text) == want
    assert plain("Knock wins: 14 − 1") == "Knock wins: 14 - 1"
    assert plain_char("🔍") == "??"  # a wide sign stays two cells wide
    assert plain_char("🔎") == "> "
