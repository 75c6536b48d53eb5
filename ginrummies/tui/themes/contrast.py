"""How readable a theme is: the contrast of its text and of the cards'
colours with what they are drawn on, as WCAG 2 measures it.

Text (the table's words, the suits on a card) needs 4.5:1 (WCAG AA, 1.4.3),
an edge or a pattern 3:1 (WCAG 1.4.11); the ``contrast`` theme asks 7:1 of
both (AAA). A colour of the terminal's own (``ansi_...``) is not measured:
how it looks depends on the terminal's colour scheme, which the game cannot
see; nor is a colour drawn on a see-through one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from textual.color import Color, ColorParseError

TEXT_LEAST = 4.5  # WCAG AA for text
EDGE_LEAST = 3.0  # WCAG for what is not text: edges, patterns
STRICT_LEAST = 7.0  # WCAG AAA for text, asked of everything in the contrast theme


@dataclass(frozen=True, slots=True)
class Pair:
    """A colour drawn on another (theme variables), and what it is, in words."""

    ink: str
    ground: str
    words: str
    text: bool = True  # text; False: an edge or a pattern


def _pairs() -> tuple[Pair, ...]:
    table = [
        ("table-text", "the table's text"),
        ("table-label", "titles and labels"),
        ("table-hint", "hints"),
        ("card-dead", "deadwood points and counts"),
    ]
    pairs = [Pair(ink, "table-background", f"{words} on the table") for ink, words in table]
    pairs += [Pair(ink, "table-side", f"{words} in the side panel") for ink, words in table]
    pairs.append(Pair("card-meld", "table-background", "the names under melds"))
    for suit in ("red", "black", "club", "diamond", "heart", "spade"):
        ink = f"card-{suit}"
        pairs.append(Pair(ink, "card-face-background", f"{ink} on a card"))
        pairs.append(Pair(ink, "card-cursor-background", f"{ink} on the picked card"))
    pairs += [
        Pair("card-face", "card-face-background", "a card's edge", text=False),
        Pair("card-back", "card-back-background", "the pattern of a card's back", text=False),
        Pair("card-cursor", "card-cursor-background", "the picked card's edge", text=False),
        Pair("card-marked", "card-face-background", "a marked card's edge", text=False),
        Pair("card-new", "card-face-background", "the drawn card's edge", text=False),
    ]
    return tuple(pairs)


PAIRS = _pairs()


@dataclass(frozen=True, slots=True)
class Shortfall:
    """A pair whose contrast is below what it needs."""

    pair: Pair
    ratio: float
    least: float


def luminance(colour: Color) -> float:
    """WCAG 2's relative luminance of an opaque colour."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(colour.r) + 0.7152 * channel(colour.g) + 0.0722 * channel(colour.b)


def ratio(ink: Color, ground: Color) -> float:
    """The contrast ratio of ``ink`` drawn on ``ground`` (opaque), 1 to 21."""
    one, two = luminance(ground + ink), luminance(ground)
    return (max(one, two) + 0.05) / (min(one, two) + 0.05)


def measured(colours: Mapping[str, str], pair: Pair) -> float | None:
    """The contrast of ``pair`` in ``colours``; None if it cannot be measured
    (a terminal's colour, a see-through ground, a colour missing)."""
    try:
        ink, ground = Color.parse(colours[pair.ink]), Color.parse(colours[pair.ground])
    except (KeyError, ColorParseError):
        return None
    if ink.ansi is not None or ground.ansi is not None or ground.a < 1:
        return None
    return ratio(ink, ground)


def shortfalls(colours: Mapping[str, str], strict: bool = False) -> list[Shortfall]:
    """The pairs of ``colours`` (a theme's variables) below the contrast they
    need: 4.5:1 for text and 3:1 for edges, or 7:1 for both if ``strict``."""
    out = []
    for pair in PAIRS:
        least = STRICT_LEAST if strict else TEXT_LEAST if pair.text else EDGE_LEAST
        value = measured(colours, pair)
        if value is not None and value < least:
            out.append(Shortfall(pair, value, least))
    return out


def note(name: str, short: list[Shortfall]) -> str:
    """One sentence on a theme that is hard to read in places."""
    shown = [f"{s.pair.words} ({s.ratio:.1f}:1, {s.least:g}:1 needed)" for s in short[:4]]
    more = f" and {len(short) - 4} more" if len(short) > 4 else ""
    places = ", ".join(shown) + more
    return f"The theme {name} is hard to read in places: {places}; it is used all the same."
