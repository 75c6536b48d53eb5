"""Words the hints of every variant share: cards, pairs, loose cards, safety."""

from __future__ import annotations

from collections.abc import Sequence

from ..core import (
    Card,
    Meld,
    PlayerView,
    Solver,
    from_mask,
    meld_kind,
    meld_masks,
)
from .ginbot import danger, neighbours
from .tracking import Memory


def _cards(cards: Sequence[Card], last: str = "and") -> str:
    """``7♥``, ``7♥ and 8♥``, ``7♥, 8♥ and 9♥``."""
    labels = [c.label for c in cards]
    if len(labels) <= 1:
        return "".join(labels)
    return ", ".join(labels[:-1]) + f" {last} " + labels[-1]


def _points(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


def _completing(card: Card, partner: Card, live: int, view: PlayerView) -> int:
    """How many live cards would make a meld of ``card``, ``partner`` and one more."""
    return sum(
        1
        for c in from_mask(live & ~card.bit & ~partner.bit)
        if meld_kind((card, partner, c), view.rules) is not None
    )


def _pair_words(card: Card, partner: Card, outs: int) -> str:
    """What ``card`` gives up with its near-meld partner, and how likely that was."""
    if outs == 0:
        return f"{card.label} pairs with {partner.label}, but no live card can meld them"
    if outs <= 2:
        live = f"{outs} live card{'s' * (outs != 1)}"
        return f"{card.label} pairs with {partner.label}, but only {live} would meld them"
    return f"{card.label} breaks a pair with {partner.label} ({outs} live cards would meld them)"


def _loose_words(card: Card, value: int, others: Sequence[int]) -> str:
    """``card`` (worth ``value``) fits no meld; ``others``: the values of the
    other loose cards, to tell whether it is the highest or ties for it."""
    top = max(others, default=0)
    if value > top:
        return f"{card.label} fits no meld and is your highest loose card ({_points(value)})"
    if value == top:
        return (
            f"{card.label} fits no meld and is one of your highest loose cards ({_points(value)})"
        )
    return f"{card.label} fits no meld ({_points(value)})"


def _smallest_meld(card: Card, mask: int, solver: Solver) -> Meld | None:
    """The smallest meld ``card`` makes with the cards of ``mask``."""
    melds = [m for m, _ in meld_masks(mask | card.bit, solver.rules) if m & card.bit]
    if not melds:
        return None
    return solver.meld(min(melds, key=lambda m: (m.bit_count(), solver.deadwood(mask & ~m))))


def _stays(card: Card, meld: Meld, solver: Solver) -> bool:
    """Whether the other cards of ``meld`` are still a meld without ``card``."""
    return meld_kind([c for c in meld.cards if c != card], solver.rules) is not None


def _meld_without(card: Card, meld: Meld, hand: int, solver: Solver) -> str:
    """``card`` taken out of ``meld``, its meld in ``hand``'s best arrangement:
    that the meld stays one, or that it breaks and what melds anew once the
    best arrangement of the hand without ``card`` is redone."""
    if _stays(card, meld, solver):
        return f"[{meld}] stays a meld without {card.label}"
    kept = {m.mask for m in solver.arrange(hand).melds}
    melds = [m for m in solver.arrange(hand & ~card.bit).melds if m.mask not in kept]
    if not melds:
        return f"{card.label} breaks [{meld}], and its other cards meld no more"
    now = " ".join(f"[{m}]" for m in melds)
    return f"{card.label} breaks [{meld}], but without it {now} meld{'s' * (len(melds) == 1)}"


def _lower(p: float) -> str:
    """The sampled chance of holding the lower count, in words."""
    if p < 0.01:
        return "you are almost never lower"
    if p > 0.99:
        return "you are almost always lower"
    return f"you are lower in {p:.0%} of likely hands"


def _safety(card: Card, memory: Memory, view: PlayerView) -> str:
    """Whether the other player seems to want ``card``, from what they did."""
    near = neighbours(card, view.rules)
    took = from_mask(near & memory.opp_known)
    if danger(card, memory, view.rules) > 0 and took:
        return f"risky: the other player took {_cards(took[:2])}"
    threw = from_mask(near & memory.opp_discarded)
    if threw:
        return f"safe: the other player threw away {_cards(threw[:2])}"
    passed = from_mask(near & memory.opp_refused)
    if passed:
        return f"safe: the other player passed over {_cards(passed[:2])}"
    return ""
