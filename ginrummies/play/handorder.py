"""How a hand is laid out on screen: melds grouped, deadwood last, or sorted
by rank or by suit. Pure functions over the core, so they are easy to test."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import Enum

from ..core import AcePolicy, Card, RuleSet, best_arrangement, card_value
from .cardart import meld_label


class SortMode(Enum):
    MELDS = "melds"
    RANK = "rank"
    SUIT = "suit"

    def next(self) -> SortMode:
        order = list(SortMode)
        return order[(order.index(self) + 1) % len(order)]


def high(card: Card, rules: RuleSet) -> int:
    """The card's place by rank: an ace after the king where aces are high."""
    return 14 if card.rank == 1 and rules.ace is AcePolicy.HIGH else card.rank


def rank_key(rules: RuleSet) -> Callable[[Card], tuple[int, str]]:
    return lambda card: (high(card, rules), card.suit)


def suit_key(rules: RuleSet) -> Callable[[Card], tuple[int, int]]:
    return lambda card: ("cdhs".index(card.suit), high(card, rules))


def lay_out(cards: tuple[Card, ...], rules: RuleSet, mode: SortMode) -> tuple[HandLayout, int]:
    """The hand in display order and its deadwood count (least, all cards arranged)."""
    values = {c: card_value(c, rules) for c in cards}
    if not cards:
        return HandLayout((), (), values), 0
    arr = best_arrangement(cards, rules, discard=False)
    if mode is SortMode.RANK:
        return HandLayout(tuple(sorted(cards, key=rank_key(rules))), (), values), arr.points
    if mode is SortMode.SUIT:
        return HandLayout(tuple(sorted(cards, key=suit_key(rules))), (), values), arr.points
    order: list[Card] = []
    groups: list[Group] = []
    for meld in arr.melds:
        start = len(order)
        order.extend(meld.cards)
        groups.append(Group(start=start, end=len(order), label=meld_label(meld)))
    dead = sorted(arr.deadwood, key=rank_key(rules))
    if dead:
        groups.append(Group(start=len(order), end=len(order) + len(dead), deadwood=True))
        order.extend(dead)
    return HandLayout(tuple(order), tuple(groups), values), arr.points


@dataclass(frozen=True, slots=True)
class Group:
    """Cards a hand shows together, ``cards[start:end]``: a meld, its label
    under it, or the deadwood, each card's value under it."""

    start: int
    end: int
    label: str = ""  # a meld's: "set", "run"
    deadwood: bool = False


@dataclass(frozen=True)
class HandLayout:
    """How a hand is shown: cards in order, and the groups they form."""

    cards: tuple[Card, ...] = ()
    groups: tuple[Group, ...] = ()
    values: Mapping[Card, int] = field(default_factory=dict)  # deadwood value of each card
