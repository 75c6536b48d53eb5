"""Card faces as text: Unicode boxes or plain ASCII, two or four colours.

Faces are three rows high. The widgets pick the colours from their
component classes, so the themes (CSS) decide them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..core import Card

SUIT_SYMBOL = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
SUIT_NAME = {"c": "club", "d": "diamond", "h": "heart", "s": "spade"}
RANK = {1: "A", 11: "J", 12: "Q", 13: "K"}


class CardStyle(Enum):
    UNICODE = "unicode"
    ASCII = "ascii"


@dataclass(frozen=True, slots=True)
class Frame:
    """The box-drawing characters of a face."""

    top: str  # left corner, edge, right corner
    side: str
    bottom: str
    back: str  # the pattern on a card's back


FRAMES = {
    CardStyle.UNICODE: Frame("╭─╮", "│", "╰─╯", "▒"),
    CardStyle.ASCII: Frame("+-+", "|", "+-+", "#"),
}


def rank_text(card: Card) -> str:
    return RANK.get(card.rank, str(card.rank))


def face_label(card: Card, style: CardStyle) -> str:
    """Three characters: rank then suit, right-aligned ('10♥', ' 7h')."""
    suit = SUIT_SYMBOL[card.suit] if style is CardStyle.UNICODE else card.suit
    return f"{rank_text(card)}{suit}".rjust(3)


def suit_class(card: Card, four_colour: bool) -> str:
    """The component class for a card's ink."""
    if four_colour:
        return f"card--{SUIT_NAME[card.suit]}"
    return "card--red" if card.suit in "dh" else "card--black"


def face_rows(card: Card, style: CardStyle) -> tuple[str, str, str]:
    f = FRAMES[style]
    return (
        f.top[0] + f.top[1] * 3 + f.top[2],
        f.side + face_label(card, style) + f.side,
        f.bottom[0] + f.bottom[1] * 3 + f.bottom[2],
    )


def back_rows(style: CardStyle) -> tuple[str, str, str]:
    f = FRAMES[style]
    return (
        f.top[0] + f.top[1] * 3 + f.top[2],
        f.side + f.back * 3 + f.side,
        f.bottom[0] + f.bottom[1] * 3 + f.bottom[2],
    )
