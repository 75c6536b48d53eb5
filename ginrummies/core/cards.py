"""Cards and decks: parsing, display, bit masks and seeded shuffles.

A card is identified by an index 0..51 (suit-major: clubs 0..12, diamonds,
hearts, spades) so that a hand can be a 52-bit mask in the meld solver.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

SUITS = "cdhs"
SUIT_SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
SUIT_NAMES = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
RANK_CODES = "A23456789TJQK"
RANK_NAMES = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

_SYMBOL_TO_SUIT = {v: k for k, v in SUIT_SYMBOLS.items()}
_SYMBOL_TO_SUIT.update({"♧": "c", "♢": "d", "♡": "h", "♤": "s"})


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """A playing card: ``rank`` 1 (ace) .. 13 (king), ``suit`` one of ``c d h s``.

    Cards order by rank, then suit (clubs < diamonds < hearts < spades).
    """

    rank: int
    suit: str
    index: int = field(init=False, compare=False, repr=False)
    bit: int = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not isinstance(self.rank, int) or not 1 <= self.rank <= 13:
            raise ValueError(f"card rank must be 1..13, not {self.rank!r}")
        if self.suit not in SUITS or len(self.suit) != 1:
            raise ValueError(f"card suit must be one of c d h s, not {self.suit!r}")
        index = SUITS.index(self.suit) * 13 + self.rank - 1
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "bit", 1 << index)  # its bit in a 52-bit hand mask

    @property
    def code(self) -> str:
        """Two-character code such as ``Th`` (used in saves and logs)."""
        return RANK_CODES[self.rank - 1] + self.suit

    @property
    def label(self) -> str:
        """How a person reads it: ``10♥``."""
        return RANK_NAMES[self.rank] + SUIT_SYMBOLS[self.suit]

    @property
    def ascii_label(self) -> str:
        """Plain ASCII: ``10h``."""
        return RANK_NAMES[self.rank] + self.suit

    def __str__(self) -> str:
        return self.label

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse ``Th``, ``10h``, ``10♥``, ``t♥`` or ``AS`` (case-insensitive)."""
        known = _BY_CODE.get(text)
        if known is not None:  # a card as the game writes it: every card of a save or frame
            return known
        s = text.strip()
        if len(s) < 2:
            raise ValueError(f"not a card: {text!r} (write it like Th, 10h or 10♥)")
        rank_part, suit_part = s[:-1].upper(), s[-1]
        suit = _SYMBOL_TO_SUIT.get(suit_part, suit_part.lower())
        if suit not in SUITS:
            raise ValueError(f"not a card: {text!r} (unknown suit {suit_part!r})")
        if rank_part == "10":
            rank = 10
        elif len(rank_part) == 1 and rank_part in RANK_CODES:
            rank = RANK_CODES.index(rank_part) + 1
        elif rank_part == "1":
            rank = 1
        else:
            raise ValueError(f"not a card: {text!r} (unknown rank {rank_part!r})")
        return CARDS[SUITS.index(suit) * 13 + rank - 1]

    @staticmethod
    def from_index(index: int) -> Card:
        return CARDS[index]


CARDS: tuple[Card, ...] = tuple(Card(r, s) for s in SUITS for r in range(1, 14))
_BY_CODE: dict[str, Card] = {card.code: card for card in CARDS}


def parse_cards(text: str) -> list[Card]:
    """Parse a space- or comma-separated list of cards: ``"As 2s 3s Kd"``."""
    return [Card.parse(t) for t in text.replace(",", " ").split()]


def to_mask(cards: Iterable[Card]) -> int:
    mask = 0
    for c in cards:
        mask |= c.bit
    return mask


def from_mask(mask: int) -> list[Card]:
    """Cards of a mask, in index order (suit, then rank)."""
    return list(cards_of_mask(mask))


_SUIT_CARDS: tuple[dict[int, tuple[Card, ...]], ...] = ({}, {}, {}, {})


def _suit_cards(suit: int, bits: int) -> tuple[Card, ...]:
    cache = _SUIT_CARDS[suit]
    hit = cache.get(bits)
    if hit is None:
        base = suit * 13
        hit = cache[bits] = tuple(CARDS[base + b] for b in range(13) if bits >> b & 1)
    return hit


def cards_of_mask(mask: int) -> tuple[Card, ...]:
    """Cards of a mask as a tuple, in index order (suit, then rank)."""
    return (
        _suit_cards(0, mask & 0x1FFF)
        + _suit_cards(1, mask >> 13 & 0x1FFF)
        + _suit_cards(2, mask >> 26 & 0x1FFF)
        + _suit_cards(3, mask >> 39 & 0x1FFF)
    )


def full_deck() -> list[Card]:
    """The 52 cards in a fixed order (clubs A..K, diamonds, hearts, spades)."""
    return list(CARDS)


def shuffled_deck(seed: int | str | random.Random) -> list[Card]:
    """A deck shuffled by a seeded generator: the same seed gives the same deck."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    deck = full_deck()
    rng.shuffle(deck)
    return deck


def check_deck(deck: Sequence[Card]) -> None:
    """Raise ValueError unless ``deck`` is the 52 distinct cards."""
    if len(deck) != 52 or len({c.index for c in deck}) != 52:
        raise ValueError("a deck must hold each of the 52 cards exactly once")


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(c.label for c in cards)
