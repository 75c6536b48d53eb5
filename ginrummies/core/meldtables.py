"""Precomputed tables for the meld solver, one set per meld rule.

Runs never cross suits, so the best way to pack runs into one suit's cards
depends only on that suit's 13-bit mask: it is computed once for all 8192
masks by dynamic programming. The solver then only has to choose the sets.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .rules import AcePolicy

FULL_SUIT = (1 << 13) - 1
NO_GAIN = -(10**6)


@cache
def run_windows(ace: AcePolicy) -> tuple[int, ...]:
    """Every run in one suit as a 13-bit mask (bit 0 = ace ... bit 12 = king)."""
    windows: set[int] = set()
    if ace in (AcePolicy.LOW, AcePolicy.LOW_OR_HIGH):
        for start in range(0, 11):
            for end in range(start + 3, 14):
                windows.add(sum(1 << b for b in range(start, end)))
    if ace in (AcePolicy.HIGH, AcePolicy.LOW_OR_HIGH):
        # positions 1..13, where position 13 is the ace (bit 0)
        for start in range(1, 12):
            for end in range(start + 3, 15):
                windows.add(sum(1 << (p % 13) for p in range(start, end)))
    if ace is AcePolicy.AROUND:
        for start in range(13):
            for length in range(3, 13):
                windows.add(sum(1 << ((start + i) % 13) for i in range(length)))
        windows.add(FULL_SUIT)
    return tuple(sorted(windows))


@cache
def run_window_set(ace: AcePolicy) -> frozenset[int]:
    """``run_windows`` as a set, for asking whether a rank mask is a run."""
    return frozenset(run_windows(ace))


@dataclass(frozen=True, slots=True)
class SuitTables:
    """For every 13-bit suit mask: best run packing, its value, discard gain."""

    values: tuple[int, ...]  # deadwood value of each rank bit 0..12
    total: tuple[int, ...]  # total value of the cards in the mask
    run_value: tuple[int, ...]  # most value that runs can cover
    run_choice: tuple[int, ...]  # run holding the lowest card in the best packing, or 0
    gain: tuple[int, ...]  # best (run_value after discarding c) + value(c) - run_value
    gain_card: tuple[int, ...]  # the bit of that best discard
    packing: tuple[tuple[int, ...], ...]  # the runs of the best packing
    run_cover: tuple[int, ...]  # the cards those runs cover
    windows: tuple[int, ...]  # every run shape


@cache
def suit_tables(runs: bool, ace: AcePolicy, values: tuple[int, ...]) -> SuitTables:
    """The tables for one meld rule; ``values`` is the deadwood value of each
    rank, ace first (the solver builds it from ``melds.card_value``)."""
    size = 1 << 13
    total = [0] * size
    for m in range(1, size):
        low = m & -m
        total[m] = total[m ^ low] + values[low.bit_length() - 1]
    windows = run_windows(ace) if runs else ()
    containing: list[list[tuple[int, int]]] = [[] for _ in range(13)]
    for w in windows:
        for b in range(13):
            if w >> b & 1:
                containing[b].append((w, total[w]))
    run_value = [0] * size
    run_choice = [0] * size
    for m in range(1, size):
        low = m & -m
        best = run_value[m ^ low]
        choice = 0
        for w, val in containing[low.bit_length() - 1]:
            if w & m == w:
                v = val + run_value[m & ~w]
                if v > best:
                    best, choice = v, w
        run_value[m] = best
        run_choice[m] = choice
    gain = [NO_GAIN] * size
    gain_card = [0] * size
    for m in range(1, size):
        rest = m
        while rest:
            low = rest & -rest
            rest ^= low
            g = run_value[m ^ low] + values[low.bit_length() - 1] - run_value[m]
            if g > gain[m]:
                gain[m], gain_card[m] = g, low
    packing: list[tuple[int, ...]] = [()] * size
    run_cover = [0] * size
    for m in range(1, size):
        w = run_choice[m]
        if w:
            packing[m] = (w, *packing[m & ~w])
            run_cover[m] = w | run_cover[m & ~w]
        else:
            low = m & -m
            packing[m] = packing[m ^ low]
            run_cover[m] = run_cover[m ^ low]
    return SuitTables(
        values=values,
        total=tuple(total),
        run_value=tuple(run_value),
        run_choice=tuple(run_choice),
        gain=tuple(gain),
        gain_card=tuple(gain_card),
        packing=tuple(packing),
        run_cover=tuple(run_cover),
        windows=windows,
    )
