"""The defender's answer to a knock: own melds, then lay-offs on the knocker's.

The engine plays the defence for the player: over every choice of own melds
it lays off all it can (one card after another, so a run can grow several
steps) and keeps the play with the least final deadwood.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .cards import CARDS, Card, cards_of_mask, to_mask
from .melds import Meld, MeldKind, mask_value, meld_masks, sequence_bonus, solver_for
from .meldtables import run_window_set
from .rules import RuleSet


@dataclass(frozen=True, slots=True)
class Layoff:
    """One card laid off on the knocker's meld number ``meld`` (0-based)."""

    card: Card
    meld: int


@dataclass(frozen=True, slots=True)
class Defense:
    melds: tuple[Meld, ...]
    layoffs: tuple[Layoff, ...]
    deadwood: tuple[Card, ...]
    points: int


def lay_off(free: int, table: Sequence[Meld], rules: RuleSet) -> tuple[list[Layoff], int]:
    """Lay off every card of ``free`` that fits, runs first; returns (lay-offs, rest)."""
    windows = run_window_set(rules.ace)
    runs = []  # [meld index, suit index, rank mask]
    sets = []  # [meld index, rank, suits held]
    for i, m in enumerate(table):
        if m.kind is MeldKind.SET:
            sets.append((i, m.cards[0].rank, len(m.cards)))
        elif m.kind is MeldKind.RUN:
            ranks = 0
            for c in m.cards:
                ranks |= 1 << (c.rank - 1)
            runs.append([i, "cdhs".index(m.cards[0].suit), ranks])
    layoffs: list[Layoff] = []
    grown = True
    while grown:
        grown = False
        for run in runs:
            i, s, ranks = run
            hand = free >> (13 * s) & 0x1FFF
            for b in range(13):
                if hand >> b & 1 and not ranks >> b & 1 and (ranks | 1 << b) in windows:
                    ranks |= 1 << b
                    free &= ~(1 << (13 * s + b))
                    layoffs.append(Layoff(CARDS[13 * s + b], i))
                    grown = True
            run[2] = ranks
    for i, rank, size in sets:
        if size == 3:
            for s in range(4):
                bit = 1 << (13 * s + rank - 1)
                if free & bit:
                    free &= ~bit
                    layoffs.append(Layoff(CARDS[13 * s + rank - 1], i))
                    break
    return layoffs, free


def defend(
    cards: Iterable[Card],
    knocker_melds: Sequence[Meld],
    rules: RuleSet,
    *,
    layoffs: bool = True,
) -> Defense:
    """The defender's best play: least final deadwood.

    Ties go to the larger Sequence Gin bonus (when that rule is on), then to
    fewer lay-offs. With ``layoffs=False`` (against gin) only own melds count.
    """
    mask = to_mask(cards)
    solver = solver_for(rules)
    if not layoffs:
        arr = solver.arrange(mask)
        return Defense(arr.melds, (), arr.deadwood, arr.points)
    tables = solver.tables
    metas = [m for m, _ in meld_masks(mask, rules)]
    best: tuple[tuple[int, int, int], list[int], list[Layoff], int] | None = None

    def walk(i: int, used: int, chosen: list[int]) -> None:
        nonlocal best
        if i == len(metas):
            offs, rest = lay_off(mask & ~used, knocker_melds, rules)
            bonus = sequence_bonus(solver.meld(m) for m in chosen) if rules.sequence_bonuses else 0
            key = (mask_value(rest, tables), -bonus, len(offs))
            if best is None or key < best[0]:
                best = (key, list(chosen), offs, rest)
            return
        m = metas[i]
        if not m & used:
            chosen.append(m)
            walk(i + 1, used | m, chosen)
            chosen.pop()
        walk(i + 1, used, chosen)

    walk(0, 0, [])
    assert best is not None
    key, chosen, offs, rest = best
    melds = tuple(solver.meld(m) for m in chosen)
    return Defense(melds, tuple(offs), cards_of_mask(rest), key[0])
