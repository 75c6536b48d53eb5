"""The meld engine: melds in a hand, the best arrangement, knock alternatives.

Hands are handled as 52-bit masks. Sets and runs (every Gin variant and
Colonel) use the per-suit tables of ``meldtables``: the only search left is
which sets to take, a handful of choices. Poker melds (Skarney) cross suits,
so they go through a memoised exact search instead.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from enum import Enum
from functools import cache
from typing import Any, NamedTuple, TypeVar

from .cards import CARDS, Card, cards_of_mask, from_mask, to_mask
from .meldtables import FULL_SUIT, SuitTables, run_window_set, run_windows, suit_tables
from .rules import AcePolicy, Family, RuleSet


class MeldKind(Enum):
    SET = "set"
    RUN = "run"
    POKER = "poker"


@dataclass(frozen=True, slots=True)
class Meld:
    """A set, run or poker meld; ``cards`` are in the order a person reads them."""

    kind: MeldKind
    cards: tuple[Card, ...]
    mask: int = field(default=0, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not self.mask:
            object.__setattr__(self, "mask", to_mask(self.cards))

    def __len__(self) -> int:
        return len(self.cards)

    def __str__(self) -> str:
        return " ".join(c.label for c in self.cards)


class Arrangement(NamedTuple):
    """Melds and deadwood of a hand; ``discard`` is set when one card was let go.

    A named tuple rather than a dataclass: the solver builds millions of them
    for the bots, and a tuple is several times cheaper to make.
    """

    melds: tuple[Meld, ...]
    deadwood: tuple[Card, ...]
    points: int
    discard: Card | None = None

    @property
    def melded(self) -> tuple[Card, ...]:
        return tuple(c for m in self.melds for c in m.cards)

    def __str__(self) -> str:
        parts = [f"[{m}]" for m in self.melds]
        if self.deadwood:
            parts.append("deadwood " + " ".join(c.label for c in self.deadwood))
        parts.append(f"= {self.points}")
        if self.discard is not None:
            parts.append(f"(discard {self.discard.label})")
        return " ".join(parts)


# --- card values -----------------------------------------------------------


def card_value(card: Card, rules: RuleSet) -> int:
    """Deadwood value of one card under the rules (A = ace_value, faces 10).

    The one place a card's value is worked out: every count, score and table
    of values comes from here (RULES.md section 1, "Card value").
    """
    if card.rank == 1:
        return rules.ace_value
    return min(card.rank, 10)


def hand_value(cards: Iterable[Card], rules: RuleSet) -> int:
    """The value of all these cards together, melded or not."""
    return sum(card_value(c, rules) for c in cards)


def rank_values(rules: RuleSet) -> tuple[int, ...]:
    """``card_value`` of each rank, ace first: a table for the hot paths."""
    return tuple(card_value(CARDS[b], rules) for b in range(13))


def mask_value(mask: int, tables: SuitTables) -> int:
    """The value of the cards of a 52-bit mask, from the solver's tables."""
    t = tables.total
    return (
        t[mask & FULL_SUIT]
        + t[mask >> 13 & FULL_SUIT]
        + t[mask >> 26 & FULL_SUIT]
        + t[mask >> 39 & FULL_SUIT]
    )


# --- meld shapes -----------------------------------------------------------


def _run_order(window: int) -> list[int]:
    """Bits of a 13-bit run window from its low end (handles Q-K-A, K-A-2)."""
    if window == FULL_SUIT:
        return list(range(13))
    start = next(b for b in range(13) if window >> b & 1 and not window >> ((b - 1) % 13) & 1)
    out = []
    b = start
    while window >> b & 1:
        out.append(b)
        b = (b + 1) % 13
        if b == start:
            break
    return out


@cache
def _meld(mask: int, kind: MeldKind, ace: AcePolicy) -> Meld:
    cards = from_mask(mask)
    if kind is MeldKind.SET:
        ordered = sorted(cards, key=lambda c: c.suit)
    else:
        ranks = 0
        for c in cards:
            ranks |= 1 << (c.rank - 1)
        order = {b: i for i, b in enumerate(_run_order(ranks))}
        ordered = sorted(cards, key=lambda c: (order[c.rank - 1], c.suit))
    return Meld(kind, tuple(ordered), mask)


def meld_kind(cards: Iterable[Card], rules: RuleSet) -> MeldKind | None:
    """The kind of meld these cards make under the rules, or None."""
    cs = list(cards)
    if len(cs) < 3 or len({c.index for c in cs}) != len(cs):
        return None
    ranks = {c.rank for c in cs}
    suits = {c.suit for c in cs}
    if len(ranks) == 1:
        return MeldKind.SET if rules.sets and len(cs) <= 4 else None
    if len(ranks) != len(cs):
        return None
    rank_mask = sum(1 << (r - 1) for r in ranks)
    if rank_mask not in run_window_set(rules.ace):
        return None
    if len(suits) == 1 and rules.runs:
        return MeldKind.RUN
    if rules.poker_melds:
        return MeldKind.POKER
    return None


def make_meld(cards: Iterable[Card], rules: RuleSet) -> Meld:
    """A Meld from cards, in reading order; ValueError if they do not meld."""
    cs = list(cards)
    kind = meld_kind(cs, rules)
    if kind is None:
        raise ValueError(f"{' '.join(c.label for c in cs)} is not a meld under these rules")
    return _meld(to_mask(cs), kind, rules.ace)


def _suits(mask: int) -> tuple[int, int, int, int]:
    return (
        mask & FULL_SUIT,
        mask >> 13 & FULL_SUIT,
        mask >> 26 & FULL_SUIT,
        mask >> 39 & FULL_SUIT,
    )


def _sets_in(mask: int) -> Iterator[int]:
    """Every 3- and 4-card set within the mask, as masks (4-sets first)."""
    s0, s1, s2, s3 = _suits(mask)
    triple = (s0 & s1 & (s2 | s3)) | ((s0 | s1) & s2 & s3)
    while triple:
        low = triple & -triple
        triple ^= low
        b = low.bit_length() - 1
        four = [b + 13 * i for i in range(4) if mask >> (b + 13 * i) & 1]
        full = sum(1 << i for i in four)
        if len(four) == 4:
            yield full
            for i in four:
                yield full ^ (1 << i)
        else:
            yield full


def all_melds(cards: Iterable[Card], rules: RuleSet) -> list[Meld]:
    """Every meld that can be made from the cards (overlapping ones included)."""
    return [_meld(m, k, rules.ace) for m, k in meld_masks(to_mask(cards), rules)]


def meld_masks(mask: int, rules: RuleSet) -> list[tuple[int, MeldKind]]:
    """Every meld within the cards of a 52-bit mask, overlapping ones included,
    as (meld mask, kind): ``all_melds`` on masks, for the engines and bots."""
    out: list[tuple[int, MeldKind]] = []
    if rules.sets:
        out.extend((m, MeldKind.SET) for m in _sets_in(mask))
    windows = run_windows(rules.ace)
    if rules.runs:
        for i, s in enumerate(_suits(mask)):
            for w in windows:
                if w & s == w:
                    out.append((w << (13 * i), MeldKind.RUN))
    if rules.poker_melds:
        out.extend((m, MeldKind.POKER) for m in _poker_masks(mask, windows, rules.runs))
    return out


def _poker_masks(mask: int, windows: tuple[int, ...], runs: bool) -> Iterator[int]:
    suits = _suits(mask)
    present = suits[0] | suits[1] | suits[2] | suits[3]
    for w in windows:
        if w & present != w:
            continue
        combos = [0]
        for b in range(13):
            if w >> b & 1:
                combos = [
                    c | 1 << (b + 13 * i) for c in combos for i in range(4) if suits[i] >> b & 1
                ]
        for c in combos:
            same_suit = any(c == (w << (13 * i)) for i in range(4))
            if not (same_suit and runs):
                yield c


# --- the solver ----------------------------------------------------------------


def _set_options(mask: int, triple: int) -> list[list[int]]:
    """For each rank with three or more cards: the sets it could give, or 0 for none."""
    options = []
    while triple:
        low = triple & -triple
        triple ^= low
        b = low.bit_length() - 1
        bits = [1 << (b + 13 * i) for i in range(4) if mask >> (b + 13 * i) & 1]
        full = sum(bits)
        opts = [full]
        if len(bits) == 4:
            opts.extend(full ^ x for x in bits)
        opts.append(0)
        options.append(opts)
    return options


def _solve_sets_runs(
    mask: int, tables: SuitTables, sets: bool, discard: bool
) -> tuple[int, int, int]:
    """(deadwood points, chosen set cards, discard bit) for a sets-and-runs hand."""
    s0 = mask & FULL_SUIT
    s1 = mask >> 13 & FULL_SUIT
    s2 = mask >> 26 & FULL_SUIT
    s3 = mask >> 39 & FULL_SUIT
    total = tables.total
    rv = tables.run_value
    whole = total[s0] + total[s1] + total[s2] + total[s3]
    triple = ((s0 & s1 & (s2 | s3)) | ((s0 | s1) & s2 & s3)) if sets else 0
    if not triple:
        covered = rv[s0] + rv[s1] + rv[s2] + rv[s3]
        if not discard:
            return whole - covered, 0, 0
        gain = tables.gain
        g0, g1, g2, g3 = gain[s0], gain[s1], gain[s2], gain[s3]
        g = max(g0, g1, g2, g3)
        i = (g0, g1, g2, g3).index(g)
        return whole - covered - g, 0, tables.gain_card[(s0, s1, s2, s3)[i]] << (13 * i)
    best = -1
    best_sets = 0
    best_discard = 0
    combos = [0]
    for opts in _set_options(mask, triple):
        combos = [c | o for c in combos for o in opts]
    gain = tables.gain
    for chosen in combos:
        rest = mask & ~chosen
        r0 = rest & FULL_SUIT
        r1 = rest >> 13 & FULL_SUIT
        r2 = rest >> 26 & FULL_SUIT
        r3 = rest >> 39 & FULL_SUIT
        covered = whole - (total[r0] + total[r1] + total[r2] + total[r3])
        covered += rv[r0] + rv[r1] + rv[r2] + rv[r3]
        if discard:
            gs = (gain[r0], gain[r1], gain[r2], gain[r3])
            g = max(gs)
            covered += g
            if covered > best:
                i = gs.index(g)
                best, best_sets = covered, chosen
                best_discard = tables.gain_card[(r0, r1, r2, r3)[i]] << (13 * i)
        elif covered > best:
            best, best_sets = covered, chosen
    return whole - best, best_sets, best_discard


def _points_runs_only(mask: int, tables: SuitTables, sets: bool, discard: bool) -> int | None:
    """Least deadwood points of a hand with no sets to choose (no rank of
    three with ``sets``), from the tables alone; None for one with sets to
    choose, which is ``_solve_sets_runs``'s to answer."""
    s0 = mask & FULL_SUIT
    s1 = mask >> 13 & FULL_SUIT
    s2 = mask >> 26 & FULL_SUIT
    s3 = mask >> 39 & FULL_SUIT
    if sets and (s0 & s1 & (s2 | s3)) | ((s0 | s1) & s2 & s3):
        return None
    total = tables.total
    rv = tables.run_value
    points = total[s0] + total[s1] + total[s2] + total[s3] - (rv[s0] + rv[s1] + rv[s2] + rv[s3])
    if discard:
        gain = tables.gain
        points -= max(gain[s0], gain[s1], gain[s2], gain[s3])
    return points


# Rank-major bit order for the search: the lowest bit is then the lowest rank,
# and every meld reaches only upwards from it, which keeps the memo small.
_RANK_MAJOR = tuple(1 << ((i % 13) * 4 + i // 13) for i in range(52))


def _rank_major(mask: int) -> int:
    out = 0
    while mask:
        low = mask & -mask
        out |= _RANK_MAJOR[low.bit_length() - 1]
        mask ^= low
    return out


def _search_melds(mask: int, rules: RuleSet) -> list[int]:
    """The melds an optimal packing needs: a run or poker meld of six or more
    cards is two shorter ones of the same value, so only 3 to 5 are listed."""
    out: list[int] = []
    if rules.sets:
        out.extend(_sets_in(mask))
    windows = tuple(w for w in run_windows(rules.ace) if w.bit_count() <= 5)
    if rules.runs:
        for i, s in enumerate(_suits(mask)):
            out.extend(w << (13 * i) for w in windows if w & s == w)
    if rules.poker_melds:
        out.extend(_poker_masks(mask, windows, rules.runs))
    return out


def _merge_runs(masks: list[int], rules: RuleSet) -> list[int]:
    """Join melds of a packing that make one longer run or poker meld."""
    merged = True
    while merged:
        merged = False
        for i, a in enumerate(masks):
            for j in range(i + 1, len(masks)):
                b = masks[j]
                if meld_kind(from_mask(a | b), rules) is not None:
                    masks = [m for k, m in enumerate(masks) if k not in (i, j)] + [a | b]
                    merged = True
                    break
            if merged:
                break
    return masks


def _solve_search(
    mask: int, rules: RuleSet, tables: SuitTables, discard: bool
) -> tuple[int, list[int], int]:
    """Exact search for any meld rules: (deadwood, meld masks, discard bit)."""
    back: dict[int, int] = {}  # rank-major meld mask -> card-index mask
    value: dict[int, int] = {}
    by_card: dict[int, list[int]] = {}
    meldable = 0
    for m in _search_melds(mask, rules):
        r = _rank_major(m)
        back[r] = m
        value[r] = mask_value(m, tables)
        meldable |= m
        rest = r
        while rest:
            low = rest & -rest
            rest ^= low
            by_card.setdefault(low, []).append(r)
    memo: dict[int, tuple[int, int]] = {0: (0, 0)}

    def best(rem: int) -> tuple[int, int]:
        """(most value coverable in rem, the meld holding its lowest card or 0)."""
        hit = memo.get(rem)
        if hit is not None:
            return hit
        low = rem & -rem
        top = best(rem ^ low)[0]
        choice = 0
        for m in by_card.get(low, ()):
            if m & rem == m:
                v = value[m] + best(rem & ~m)[0]
                if v > top:
                    top, choice = v, m
        memo[rem] = (top, choice)
        return top, choice

    def unpack(rem: int) -> list[int]:
        out = []
        while rem:
            choice = best(rem)[1]
            if choice:
                out.append(back[choice])
                rem &= ~choice
            else:
                rem ^= rem & -rem
        return _merge_runs(out, rules)

    whole = mask_value(mask, tables)
    if not discard:
        start = _rank_major(mask & meldable)
        return whole - best(start)[0], unpack(start), 0
    best_points, best_bit = None, 0
    rest = mask
    while rest:
        low = rest & -rest
        rest ^= low
        points = whole - mask_value(low, tables) - best(_rank_major(mask & meldable & ~low))[0]
        if best_points is None or points < best_points:
            best_points, best_bit = points, low
    assert best_points is not None
    return best_points, unpack(_rank_major(mask & meldable & ~best_bit)), best_bit


SEARCHES_KEPT = 1 << 15  # answers a solver keeps of each kind (some 10 MB at most)

K = TypeVar("K")
V = TypeVar("V")


def kept(store: dict[K, V], key: K, make: Callable[[], V]) -> V:
    """``store[key]``, made by ``make`` the first time: a solver's answers,
    asked for again and again (the legal moves, the computer, the hint).
    A full store is emptied rather than let grow with every hand a
    playout deals."""
    found = store.get(key)
    if found is None:
        if len(store) >= SEARCHES_KEPT:
            store.clear()
        found = store[key] = make()
    return found


# one suit's share of an arrangement: its runs, its deadwood cards, their points
SuitInfo = tuple[tuple[Meld, ...], tuple[Card, ...], int]

_RANK_MASKS = tuple(1 << b | 1 << (b + 13) | 1 << (b + 26) | 1 << (b + 39) for b in range(13))


class Solver:
    """The meld solver for one rule set (``solver_for`` caches it on the rules)."""

    __slots__ = ("_melds", "_searched", "_sets_chosen", "_suits", "contracts", "rules", "tables")

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.tables = suit_tables(rules.runs, rules.ace, rank_values(rules))
        self._melds: dict[int, Meld] = {}
        self._suits: tuple[dict[int, SuitInfo], ...] = ({}, {}, {}, {})
        self._searched: dict[tuple[int, bool], tuple[int, tuple[int, ...], int]] = {}
        self._sets_chosen: dict[tuple[int, bool], tuple[int, int, int]] = {}
        # Skarney's contracts by hand (core/skarney.py keeps them here, so
        # that they live and die with the rules they were found under)
        self.contracts: dict[int, tuple[Any, ...]] = {}

    def _search(self, mask: int, discard: bool) -> tuple[int, tuple[int, ...], int]:
        """The exact search's answer for poker melds (the core's slowest part), kept."""

        def search() -> tuple[int, tuple[int, ...], int]:
            points, masks, drop = _solve_search(mask, self.rules, self.tables, discard)
            return points, tuple(masks), drop

        return kept(self._searched, (mask, discard), search)

    def _with_sets(self, mask: int, discard: bool) -> tuple[int, int, int]:
        """``_solve_sets_runs`` for a hand with three of a rank (the sets to
        choose are its cost), kept."""
        return kept(
            self._sets_chosen,
            (mask, discard),
            lambda: _solve_sets_runs(mask, self.tables, True, discard),
        )

    def deadwood(self, mask: int, discard: bool = False) -> int:
        """Least deadwood points of the cards in ``mask``."""
        if discard and not mask:
            raise ValueError("cannot discard from an empty hand")
        if self.rules.poker_melds:
            return self._search(mask, discard)[0]
        points = _points_runs_only(mask, self.tables, self.rules.sets, discard)
        return self._with_sets(mask, discard)[0] if points is None else points

    def meld(self, mask: int) -> Meld:
        m = self._melds.get(mask)
        if m is None:
            m = self._melds[mask] = _meld(mask, _kind_of(mask, self.rules.runs), self.rules.ace)
        return m

    def arrange(self, mask: int, discard: bool = False) -> Arrangement:
        """Best arrangement of the cards in ``mask``."""
        if discard and not mask:
            raise ValueError("cannot discard from an empty hand")
        tables = self.tables
        meld = self.meld
        if self.rules.poker_melds:
            points, masks, drop = self._search(mask, discard)
            found = tuple(meld(m) for m in masks)
            covered = drop
            for m in found:
                covered |= m.mask
            return Arrangement(
                found,
                cards_of_mask(mask & ~covered),
                points,
                CARDS[drop.bit_length() - 1] if drop else None,
            )
        s0 = mask & FULL_SUIT
        s1 = mask >> 13 & FULL_SUIT
        s2 = mask >> 26 & FULL_SUIT
        s3 = mask >> 39 & FULL_SUIT
        chosen = 0
        if self.rules.sets and (s0 & s1 & (s2 | s3)) | ((s0 | s1) & s2 & s3):
            # some rank has three cards: let the solver choose the sets
            _, chosen, drop = self._with_sets(mask, discard)
            rest = mask & ~chosen & ~drop
            s0 = rest & FULL_SUIT
            s1 = rest >> 13 & FULL_SUIT
            s2 = rest >> 26 & FULL_SUIT
            s3 = rest >> 39 & FULL_SUIT
        elif discard:
            # no sets: the discard is the card whose suit gains most by losing it
            gain = tables.gain
            g0, g1, g2, g3 = gain[s0], gain[s1], gain[s2], gain[s3]
            g = max(g0, g1, g2, g3)
            card = tables.gain_card
            if g == g0:
                drop, s0 = card[s0], s0 & ~card[s0]
            elif g == g1:
                drop, s1 = card[s1] << 13, s1 & ~card[s1]
            elif g == g2:
                drop, s2 = card[s2] << 26, s2 & ~card[s2]
            else:
                drop, s3 = card[s3] << 39, s3 & ~card[s3]
        else:
            drop = 0
        # per suit: (its runs as Melds, its deadwood cards, their points), cached
        info = self._suits
        i0 = info[0].get(s0) or self._suit_info(0, s0)
        i1 = info[1].get(s1) or self._suit_info(1, s1)
        i2 = info[2].get(s2) or self._suit_info(2, s2)
        i3 = info[3].get(s3) or self._suit_info(3, s3)
        melds = i0[0] + i1[0] + i2[0] + i3[0]
        if chosen:
            melds = tuple(meld(chosen & rm) for rm in _RANK_MASKS if chosen & rm) + melds
        return Arrangement(
            melds,
            i0[1] + i1[1] + i2[1] + i3[1],
            i0[2] + i1[2] + i2[2] + i3[2],
            CARDS[drop.bit_length() - 1] if drop else None,
        )

    def _suit_info(self, suit: int, bits: int) -> SuitInfo:
        shift = 13 * suit
        tables = self.tables
        cover = tables.run_cover[bits]
        runs = tuple(self.meld(w << shift) for w in tables.packing[bits])
        dead = cards_of_mask((bits & ~cover) << shift)
        info = self._suits[suit][bits] = (runs, dead, tables.total[bits & ~cover])
        return info


def solver_for(rules: RuleSet) -> Solver:
    """The (cached) solver of a rule set."""
    solver = rules.__dict__.get("_solver")
    if solver is None:
        solver = Solver(rules)
        object.__setattr__(rules, "_solver", solver)
    return solver


def _hand_mask(cards: Iterable[Card], rules: RuleSet, discard: bool | None) -> tuple[int, bool]:
    """The cards as a mask, and whether one is let go: by default when a Gin
    or Colonel player holds one card more than a full hand (has drawn)."""
    mask = 0
    for c in cards:
        mask |= c.bit
    if discard is None:
        discard = mask.bit_count() == rules.hand_size + 1 and rules.family is not Family.SKARNEY
    return mask, discard


def deadwood(cards: Iterable[Card], rules: RuleSet, *, discard: bool | None = None) -> int:
    """Least deadwood points of a hand (after the best discard, see best_arrangement)."""
    mask, discard = _hand_mask(cards, rules, discard)
    solver = rules.__dict__.get("_solver") or solver_for(rules)
    return solver.deadwood(mask, discard)


def best_arrangement(
    cards: Iterable[Card], rules: RuleSet, *, discard: bool | None = None
) -> Arrangement:
    """The arrangement with least deadwood.

    With one card more than a full hand (a Gin player who has drawn) the best
    card to discard is chosen too and reported in ``discard``; pass
    ``discard=False`` to arrange every card (big gin, Skarney), or True to
    force a discard. Deadwood cards are listed in suit order.
    """
    mask, discard = _hand_mask(cards, rules, discard)
    return solver_for(rules).arrange(mask, discard)


def hand_count(cards: Iterable[Card], rules: RuleSet, *, discard: bool | None = None) -> int:
    """The count the hand would be scored at if the hand ended now.

    Gin family: the least deadwood (with one card more than a full hand,
    after the best discard, as a knock would have it; ``discard`` as in
    ``deadwood``). Skarney and Colonel: every card still held counts,
    melded or not (RULES.md sections 3 and 4), so ``discard`` is not used.
    """
    if rules.counts_all_cards:
        return hand_value(cards, rules)
    return deadwood(cards, rules, discard=discard)


def _kind_of(mask: int, runs: bool) -> MeldKind:
    cards = from_mask(mask)
    if len({c.rank for c in cards}) == 1:
        return MeldKind.SET
    if runs and len({c.suit for c in cards}) == 1:
        return MeldKind.RUN
    return MeldKind.POKER


def _meld_sort_key(m: Meld) -> tuple[int, int]:
    return (min(c.rank for c in m.cards), m.cards[0].index)


# --- alternatives and lay-off exposure ---------------------------------------------


def arrangements(cards: Iterable[Card], rules: RuleSet) -> list[Arrangement]:
    """Every arrangement of the cards that leaves no whole meld among the deadwood."""
    mask = to_mask(cards)
    tables = solver_for(rules).tables
    metas = meld_masks(mask, rules)
    out: list[Arrangement] = []

    def walk(i: int, used: int, chosen: list[tuple[int, MeldKind]]) -> None:
        if i == len(metas):
            free = mask & ~used
            if any(m & free == m for m, _ in metas):
                return  # a meld was left in the deadwood: not maximal
            melds = sorted((_meld(m, k, rules.ace) for m, k in chosen), key=_meld_sort_key)
            out.append(
                Arrangement(tuple(melds), tuple(sorted(from_mask(free))), mask_value(free, tables))
            )
            return
        m, k = metas[i]
        if m & used == 0:
            chosen.append((m, k))
            walk(i + 1, used | m, chosen)
            chosen.pop()
        walk(i + 1, used, chosen)

    walk(0, 0, [])
    return out


def layoff_targets(meld: Meld, rules: RuleSet) -> list[Card]:
    """Cards that could be added to this meld directly (one step)."""
    if meld.kind is MeldKind.SET:
        if len(meld.cards) >= 4:
            return []
        rank = meld.cards[0].rank
        have = {c.suit for c in meld.cards}
        return [CARDS[i * 13 + rank - 1] for i, s in enumerate("cdhs") if s not in have]
    windows = run_window_set(rules.ace)
    ranks = 0
    for c in meld.cards:
        ranks |= 1 << (c.rank - 1)
    # a run takes its own suit; where poker melds count, any card in sequence fits
    one_suit = meld.kind is MeldKind.RUN and not rules.poker_melds
    suits = [meld.cards[0].suit] if one_suit else list("cdhs")
    out: list[Card] = []
    for b in range(13):
        if not ranks >> b & 1 and ranks | 1 << b in windows:
            out.extend(CARDS["cdhs".index(s) * 13 + b] for s in suits)
    return out


def layoff_exposure(melds: Iterable[Meld], rules: RuleSet, *, known: Iterable[Card] = ()) -> int:
    """How many unseen cards could be laid off on these melds (fewer is safer).

    ``known`` are cards the knocker has seen elsewhere (own hand, discard
    pile): they cannot be in the opponent's hand, so they are not counted.
    """
    seen = to_mask(known)
    spots = 0
    for m in melds:
        for c in layoff_targets(m, rules):
            spots |= c.bit
    return (spots & ~seen).bit_count()


def sequence_bonus(melds: Iterable[Meld]) -> int:
    """Sequence Gin's bonus: a point per card in runs of 6+, a point per J/Q/K in runs."""
    total = 0
    for m in melds:
        if m.kind is MeldKind.RUN:
            if len(m.cards) >= 6:
                total += len(m.cards)
            total += sum(1 for c in m.cards if c.rank >= 11)
    return total


def knock_arrangements(
    cards: Iterable[Card], rules: RuleSet, *, limit: int | None = None, known: Iterable[Card] = ()
) -> list[Arrangement]:
    """Arrangements a knocker may spread, best first.

    Least deadwood first, then the fewest lay-off spots left to the opponent
    (counting only cards not in ``known`` or in the hand), then (Sequence
    Gin) the larger bonus, then fewer melds. ``limit`` drops arrangements
    whose deadwood is above it.
    """
    cs = list(cards)
    seen = [*known, *cs]
    options = [a for a in arrangements(cs, rules) if limit is None or a.points <= limit]
    options.sort(key=lambda a: knock_rank(a, rules, seen))
    return options


def knock_rank(arr: Arrangement, rules: RuleSet, seen: Iterable[Card]) -> tuple[int, int, int, int]:
    """Sort key of a knock arrangement: lower is better for the knocker."""
    bonus = sequence_bonus(arr.melds) if rules.sequence_bonuses else 0
    exposure = layoff_exposure(arr.melds, rules, known=seen)
    return (arr.points, exposure, -bonus, len(arr.melds))
