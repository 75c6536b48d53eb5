"""Card faces as text: Unicode boxes or plain ASCII, two or four colours.

Faces are three rows high. The widgets pick the colours from their
component classes, so the themes (CSS) decide them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..core import Card, Meld, MeldKind
from ..store.settings import CardStyle

SUIT_SYMBOL = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}


SUIT_NAME = {"c": "club", "d": "diamond", "h": "heart", "s": "spade"}


RANK = {1: "A", 11: "J", 12: "Q", 13: "K"}


@dataclass(frozen=True, slots=True)
class Frame:
    """The characters of a card's edge."""

    top: str  # left corner, edge, right corner
    side: str
    bottom: str
    back: str  # the pattern on a card's back


# the picked card has its own edge, so it shows without colour too
FRAMES = {
    CardStyle.UNICODE: Frame(top="╭─╮", side="│", bottom="╰─╯", back="▒"),
    CardStyle.ASCII: Frame(top="+-+", side="|", bottom="+-+", back="#"),
}


PICKED = {
    CardStyle.UNICODE: Frame(top="╔═╗", side="║", bottom="╚═╝", back="▒"),
    CardStyle.ASCII: Frame(top="#=#", side="#", bottom="#=#", back="#"),
}


class CardSize(Enum):
    """Faces 5×3 (every terminal) or 7×5 (large windows)."""

    SMALL = "small"
    BIG = "big"

    @property
    def width(self) -> int:
        return 5 if self is CardSize.SMALL else 7

    @property
    def height(self) -> int:
        return 3 if self is CardSize.SMALL else 5


def rank_text(card: Card) -> str:
    return RANK.get(card.rank, str(card.rank))


def suit_text(card: Card, style: CardStyle) -> str:
    return SUIT_SYMBOL[card.suit] if style is CardStyle.UNICODE else card.suit


def face_label(card: Card, style: CardStyle) -> str:
    """Three characters: rank then suit, right-aligned ('10♥', ' 7h')."""
    return f"{rank_text(card)}{suit_text(card, style)}".rjust(3)


def suit_class(card: Card, four_colour: bool) -> str:
    """The component class for a card's ink."""
    if four_colour:
        return f"card--{SUIT_NAME[card.suit]}"
    return "card--red" if card.suit in "dh" else "card--black"


def _box(inside: list[str], f: Frame) -> tuple[str, ...]:
    width = len(inside[0])
    return (
        f.top[0] + f.top[1] * width + f.top[2],
        *(f.side + line + f.side for line in inside),
        f.bottom[0] + f.bottom[1] * width + f.bottom[2],
    )


def face_rows(
    card: Card, style: CardStyle, size: CardSize = CardSize.SMALL, picked: bool = False
) -> tuple[str, ...]:
    """A face, row by row; the suit's ink goes on every row but the edges."""
    f = (PICKED if picked else FRAMES)[style]
    if size is CardSize.SMALL:
        return _box([face_label(card, style)], f)
    rank, suit = rank_text(card), suit_text(card, style)
    return _box([f"{rank}{suit}".ljust(5), f"  {suit}  ", f"{rank}{suit}".rjust(5)], f)


def back_rows(style: CardStyle, size: CardSize = CardSize.SMALL) -> tuple[str, ...]:
    f = FRAMES[style]
    return _box([f.back * (size.width - 2)] * (size.height - 2), f)


def meld_label(meld: Meld) -> str:
    return {MeldKind.SET: "set", MeldKind.RUN: "run"}.get(meld.kind, "meld")
