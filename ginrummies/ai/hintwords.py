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


def _completing(card: Card, partner: Card, unseen: int, view: PlayerView) -> int:
    """How many of the ``unseen`` cards would make a meld of ``card``,
    ``partner`` and one more. Unseen, not live: the pile's top is buried by
    the discard these words explain, so it can no longer meld them."""
    return sum(
        1
        for c in from_mask(unseen & ~card.bit & ~partner.bit)
        if meld_kind((card, partner, c), view.rules) is not None
    )


def _link(card: Card, partner: Card) -> str:
    """How ``card`` goes with ``partner`` toward a meld, in words a player
    uses: a pair of one rank, two cards next in a suit, or two cards of a
    suit that wait on the one between them."""
    if card.rank == partner.rank:
        return f"{card.label} pairs with {partner.label}"
    # an ace beside a queen or a king sits above it (the neighbours of an
    # ace-high rule); anywhere else it is the one
    a, b = (
        14 if r == 1 and max(card.rank, partner.rank) >= 12 else r
        for r in (card.rank, partner.rank)
    )
    if abs(a - b) == 1:
        return f"{card.label} and {partner.label} start a run"
    middle = Card(min(a, b) + 1, card.suit)
    return f"{card.label} and {partner.label} wait on {middle.label} for a run"


def _pair_words(card: Card, partner: Card, outs: int) -> str:
    """What ``card`` gives up with its near-meld partner, and how likely that
    was: ``outs`` is the cards still unseen that would meld the two."""
    link = _link(card, partner)
    if outs == 0:
        return f"{link}, but no unseen card can meld them"
    return f"{link}, but only {outs} unseen card{'s' * (outs != 1)} would meld them"


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
        return f"less likely to help them: the other player threw away {_cards(threw[:2])}"
    passed = from_mask(near & memory.opp_refused)
    if passed:
        return f"less likely to help them: the other player passed over {_cards(passed[:2])}"
    return ""
