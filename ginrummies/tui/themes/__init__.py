"""The game's colour themes, as Textual themes: each is one of Textual's
own (its widgets' colours: footer, inputs, selects) with the table's and
the cards' colours as theme variables, which ``ginrummies.tcss`` uses.

The app registers these and no others, so the palette's own theme picker
offers exactly the game's themes, and each of them colours the cards.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from textual.theme import BUILTIN_THEMES, Theme

from ...store import Theme as ThemeName

STYLESHEET = Path(__file__).with_name("ginrummies.tcss")

# the Textual theme under each of ours
BASE: dict[ThemeName, str] = {
    ThemeName.FELT: "textual-dark",
    ThemeName.DARK: "tokyo-night",
    ThemeName.LIGHT: "textual-light",
    ThemeName.CONTRAST: "textual-dark",
    ThemeName.TERMINAL_DARK: "ansi-dark",
    ThemeName.TERMINAL_LIGHT: "ansi-light",
    ThemeName.COLOUR_BLIND: "textual-dark",
}

# the colours the stylesheet asks for, by name: the table (its felt, text,
# side panel, labels, hints), the dialogs' border, the hot-seat curtain, and
# the cards (face and back, the suits in two colours and in four, the
# cursor, cards marked, drawn, in a meld, and deadwood)
COLOURS: dict[ThemeName, dict[str, str]] = {
    ThemeName.FELT: {
        "table-background": "#0f4d2a",
        "table-text": "#f2efe2",
        "table-side": "#0b3d21",
        "table-label": "#f7d774",
        "table-hint": "#cfe3cf",
        "dialog-border": "#c9a227",
        "curtain-background": "#06291a",
        "card-face-background": "#fbf8ef",
        "card-face": "#44403c",
        "card-back-background": "#7f1d1d",
        "card-back": "#fca5a5",
        "card-red": "#c81e1e",
        "card-black": "#111111",
        "card-club": "#15803d",
        "card-diamond": "#1d4ed8",
        "card-heart": "#c81e1e",
        "card-spade": "#111111",
        "card-cursor": "#b45309",
        "card-cursor-background": "#fde68a",
        "card-marked": "#1d4ed8",
        "card-new": "#15803d",
        "card-meld": "#f7d774",
        "card-dead": "#d7c6a5",
    },
    ThemeName.DARK: {
        "table-background": "#16181d",
        "table-text": "#d8dee9",
        "table-side": "#1e2128",
        "table-label": "#8ab4f8",
        "table-hint": "#a9b1bd",
        "dialog-border": "#8ab4f8",
        "curtain-background": "#0c0d10",
        "card-face-background": "#2b303b",
        "card-face": "#9aa4b2",
        "card-back-background": "#334155",
        "card-back": "#94a3b8",
        "card-red": "#f87171",
        "card-black": "#e5e7eb",
        "card-club": "#4ade80",
        "card-diamond": "#60a5fa",
        "card-heart": "#f87171",
        "card-spade": "#e5e7eb",
        "card-cursor": "#fbbf24",
        "card-cursor-background": "#3f3f46",
        "card-marked": "#60a5fa",
        "card-new": "#4ade80",
        "card-meld": "#8ab4f8",
        "card-dead": "#9aa4b2",
    },
    ThemeName.LIGHT: {
        "table-background": "#f4f1ea",
        "table-text": "#1c1917",
        "table-side": "#e9e4d8",
        "table-label": "#7c2d12",
        "table-hint": "#57534e",
        "dialog-border": "#7c2d12",
        "curtain-background": "#d6d0c2",
        "card-face-background": "#ffffff",
        "card-face": "#78716c",
        "card-back-background": "#1e3a8a",
        "card-back": "#93c5fd",
        "card-red": "#c81e1e",
        "card-black": "#111111",
        "card-club": "#15803d",
        "card-diamond": "#1d4ed8",
        "card-heart": "#c81e1e",
        "card-spade": "#111111",
        "card-cursor": "#b45309",
        "card-cursor-background": "#fde68a",
        "card-marked": "#1d4ed8",
        "card-new": "#15803d",
        "card-meld": "#7c2d12",
        "card-dead": "#78716c",
    },
    ThemeName.CONTRAST: {
        "table-background": "#000000",
        "table-text": "#ffffff",
        "table-side": "#000000",
        "table-label": "#ffff00",
        "table-hint": "#ffffff",
        "dialog-border": "#ffffff",
        "curtain-background": "#000000",
        "card-face-background": "#ffffff",
        "card-face": "#000000",
        "card-back-background": "#0000ff",
        "card-back": "#ffffff",
        "card-red": "#d00000",
        "card-black": "#000000",
        "card-club": "#007000",
        "card-diamond": "#0000d0",
        "card-heart": "#d00000",
        "card-spade": "#000000",
        "card-cursor": "#000000",
        "card-cursor-background": "#ffff00",
        "card-marked": "#0000d0",
        "card-new": "#007000",
        "card-meld": "#ffff00",
        "card-dead": "#ffffff",
    },
    # the terminal's own sixteen colours: the game takes on its colour scheme
    ThemeName.TERMINAL_DARK: {
        "table-background": "ansi_default",
        "table-text": "ansi_default",
        "table-side": "ansi_default",
        "table-label": "ansi_yellow",
        "table-hint": "ansi_bright_black",
        "dialog-border": "ansi_blue",
        "curtain-background": "ansi_default",
        "card-face-background": "ansi_white",
        "card-face": "ansi_black",
        "card-back-background": "ansi_blue",
        "card-back": "ansi_bright_blue",
        "card-red": "ansi_red",
        "card-black": "ansi_black",
        "card-club": "ansi_green",
        "card-diamond": "ansi_blue",
        "card-heart": "ansi_red",
        "card-spade": "ansi_black",
        "card-cursor": "ansi_black",
        "card-cursor-background": "ansi_yellow",
        "card-marked": "ansi_blue",
        "card-new": "ansi_green",
        "card-meld": "ansi_yellow",
        "card-dead": "ansi_bright_black",
    },
    # for colour blindness: the suits told apart by their shapes, and the
    # red and black suits by blue against vermilion, a pair that stays apart
    # for deuteranopia and protanopia (red against black does not, for
    # protanopia: the red looks dark); four colours add black spades, and
    # hearts and diamonds share the vermilion (no fourth colour stays apart
    # from all three for both), told apart by shape
    ThemeName.COLOUR_BLIND: {
        "table-background": "#1b2330",
        "table-text": "#eef2f7",
        "table-side": "#141b26",
        "table-label": "#f0e442",
        "table-hint": "#b8c4d4",
        "dialog-border": "#56b4e9",
        "curtain-background": "#0b0f16",
        "card-face-background": "#ffffff",
        "card-face": "#222222",
        "card-back-background": "#0072b2",
        "card-back": "#9fd3f5",
        "card-red": "#c24e00",
        "card-black": "#0b4f8a",
        "card-club": "#0b4f8a",
        "card-diamond": "#c24e00",
        "card-heart": "#c24e00",
        "card-spade": "#111111",
        "card-cursor": "#000000",
        "card-cursor-background": "#f0e442",
        "card-marked": "#0072b2",
        "card-new": "#009e73",
        "card-meld": "#f0e442",
        "card-dead": "#5b6470",
    },
}


def game_theme(name: ThemeName) -> Theme:
    """Our theme ``name``: its Textual base with the table's colours."""
    base = BUILTIN_THEMES[BASE[name]]
    return dataclasses.replace(base, name=name.value, variables={**base.variables, **COLOURS[name]})


# on a light background, the terminal's colours as light terminal schemes set them
COLOURS[ThemeName.TERMINAL_LIGHT] = {
    **COLOURS[ThemeName.TERMINAL_DARK],
    "table-label": "ansi_blue",
    "card-face-background": "ansi_bright_white",
    "card-back": "ansi_bright_white",
    "card-meld": "ansi_blue",
}

THEMES: dict[ThemeName, Theme] = {name: game_theme(name) for name in ThemeName}
