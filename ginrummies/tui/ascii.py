"""ASCII only: every character the app draws, in seven bits.

With ``--ascii`` (the "ascii" card style) the app draws through this filter,
so no screen (the cards, the log, the header, the footer, the borders, the
help, Textual's own widgets) sends a box-drawing character, a symbol or a
suit sign to the terminal. Each character keeps its width, so the layout
stays as it was drawn.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from rich.cells import cell_len
from rich.segment import Segment
from textual.color import Color
from textual.filter import LineFilter

SUITS = {"♣": "c", "♦": "d", "♥": "h", "♠": "s", "♧": "c", "♢": "d", "♡": "h", "♤": "s"}
SIGNS = {
    "·": "-",
    "•": "*",
    "—": "-",
    "−": "-",
    "–": "-",
    "…": ".",
    "×": "x",
    "→": ">",
    "←": "<",
    "↑": "^",
    "↓": "v",
    "▲": "^",
    "▼": "v",
    "▶": ">",
    "◀": "<",
    "✓": "v",
    "✔": "v",
    "✗": "x",
    "±": "+",
    "≤": "<",
    "≥": ">",
    "’": "'",
    "‘": "'",
    "“": '"',
    "”": '"',
    "⭘": "o",
    "\u00a0": " ",
    "🔎": "> ",
    "⏎": "<",
}


BLOCKS = {"▀": "-", "▄": "-", "▌": "|", "▐": "|", "█": "#", "▓": "#", "▒": "#", "░": "."}


@lru_cache(maxsize=4096)
def plain_char(char: str) -> str:
    """One character as ASCII of the same width."""
    if char < "\x80":
        return char
    known = SUITS.get(char) or SIGNS.get(char)
    if known is not None:
        return known
    code = ord(char)
    if 0x2500 <= code <= 0x257F:  # box drawing: by the look of its name
        name = unicodedata.name(char, "")
        if "HORIZONTAL" in name and "VERTICAL" not in name:
            return "=" if "DOUBLE" in name else "-"
        if "VERTICAL" in name and "HORIZONTAL" not in name:
            return "|"
        return "+"
    if 0x2580 <= code <= 0x259F:  # blocks and shades: thick borders, scroll bars
        return BLOCKS.get(char, " ")
    width = cell_len(char)
    if width == 0:
        return ""  # a combining mark: the letter it marks is kept
    decomposed = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode()
    if len(decomposed) == width:
        return decomposed  # é -> e
    return "?" * width


@lru_cache(maxsize=4096)
def plain(text: str) -> str:
    """``text`` in ASCII, each character as wide as before."""
    if text.isascii():
        return text
    return "".join(plain_char(c) for c in text)


class AsciiFilter(LineFilter):
    """Draw everything in ASCII."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        return [
            Segment(plain(text), style, control) if not control else Segment(text, style, control)
            for text, style, control in segments
        ]
