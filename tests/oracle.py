"""Independent arithmetic for checking the rules core: brute-force melds,
deadwood and lay-offs, and the card values of RULES.md section 1.

Nothing here imports the rules core. Cards are anything with ``rank``
(1 = ace .. 13 = king) and ``suit`` (one of "cdhs"); ``parse`` makes plain
ones from codes such as "Th". Meld rules are anything with ``sets``,
``runs``, ``poker_melds``, ``ace`` (low, high, low_or_high, around: a string
or an enum with those values) and ``ace_value``: a ``RuleSet`` will do, and
so will ``MeldRules``.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol

RANKS = "A23456789TJQK"
SUITS = "cdhs"


class AnyCard(Protocol):
    @property
    def rank(self) -> int: ...

    @property
    def suit(self) -> str: ...


class PlainCard(NamedTuple):
    rank: int
    suit: str

    @property
    def code(self) -> str:
        return RANKS[self.rank - 1] + self.suit


def parse(code: str) -> PlainCard:
    """ "Th" -> PlainCard(10, "h"); "10h" is read as well."""
    rank, suit = code[:-1], code[-1]
    rank = "T" if rank == "10" else rank.upper()
    if rank not in RANKS or suit not in SUITS:
        raise ValueError(f"not a card: {code!r}")
    return PlainCard(RANKS.index(rank) + 1, suit)


@dataclass(frozen=True)
class MeldRules:
    sets: bool = True
    runs: bool = True
    poker_melds: bool = False
    ace: str = "low"
    ace_value: int = 1


def value(card: AnyCard, rules: Any) -> int:
    """RULES.md 1: A = the variant's ace value, 2-10 pip, J Q K = 10."""
    return int(rules.ace_value) if card.rank == 1 else min(card.rank, 10)


def total(cards: Iterable[AnyCard], rules: Any) -> int:
    return sum(value(c, rules) for c in cards)


def _ace(ace: Any) -> str:
    return str(getattr(ace, "value", ace))


def is_interval(ranks: Sequence[int], ace: Any) -> bool:
    """3+ distinct ranks in a row, with the ace where the policy lets it stand."""
    policy = _ace(ace)
    n = len(ranks)
    s = set(ranks)
    if len(s) != n or n < 3:
        return False
    if policy == "around":
        return n == 13 or any({(a + i - 1) % 13 + 1 for i in range(n)} == s for a in s)
    lows = [sorted(s)] if policy in ("low", "low_or_high") else []
    highs = [sorted(14 if r == 1 else r for r in s)] if policy != "low" else []
    return any(seq[-1] - seq[0] == n - 1 for seq in lows + highs)


def is_meld(cards: Iterable[AnyCard], rules: Any) -> bool:
    """A set (3-4 of a rank), a run (one suit, consecutive) or a poker meld."""
    combo = list(cards)
    n = len(combo)
    ranks = [c.rank for c in combo]
    suits = {c.suit for c in combo}
    if n < 3:
        return False
    if len(set(ranks)) == 1 and n <= 4 and rules.sets:
        return True
    return is_interval(ranks, rules.ace) and ((rules.runs and len(suits) == 1) or rules.poker_melds)


def is_run(cards: Iterable[AnyCard], rules: Any) -> bool:
    combo = list(cards)
    return len({c.suit for c in combo}) == 1 and is_interval([c.rank for c in combo], rules.ace)


def oracle_melds(hand: Sequence[AnyCard], rules: Any) -> list[frozenset[Any]]:
    """Every meld in ``hand``, by trying every combination of 3+ cards."""
    out = []
    for n in range(3, len(hand) + 1):
        for combo in itertools.combinations(hand, n):
            if is_meld(combo, rules):
                out.append(frozenset(combo))
    return out


def oracle_deadwood(hand: Sequence[AnyCard], rules: Any, discard: bool) -> int:
    """Least deadwood over every choice of disjoint melds (after the best
    discard when ``discard``)."""
    melds = oracle_melds(hand, rules)
    whole = total(hand, rules)

    def best(i: int, used: frozenset[Any]) -> int:
        if i == len(melds):
            return 0
        top = best(i + 1, used)
        if not melds[i] & used:
            top = max(top, total(melds[i], rules) + best(i + 1, used | melds[i]))
        return top

    if not discard:
        return whole - best(0, frozenset())
    return min(oracle_deadwood([c for c in hand if c != d], rules, False) for d in hand)


def spreads(hand: Sequence[AnyCard], rules: Any) -> Iterator[tuple[frozenset[Any], ...]]:
    """Every collection of disjoint melds from ``hand`` (the empty one too)."""
    melds = oracle_melds(hand, rules)

    def walk(i: int, used: frozenset[Any], chosen: tuple[frozenset[Any], ...]) -> Iterator[Any]:
        if i == len(melds):
            yield chosen
            return
        yield from walk(i + 1, used, chosen)
        if not melds[i] & used:
            yield from walk(i + 1, used | melds[i], (*chosen, melds[i]))

    yield from walk(0, frozenset(), ())


def layoff_choices(
    hand: Sequence[AnyCard], table: Sequence[frozenset[Any]], rules: Any
) -> Iterator[frozenset[Any]]:
    """Every set of cards from ``hand`` that can be laid off on ``table``
    together: each table meld takes a subset that, with it, is still a meld
    (a fourth card on a set; cards extending a run, one after another)."""
    per_meld = []
    for meld in table:
        ranks = {m.rank for m in meld}
        suits = {m.suit for m in meld}
        near = [
            c
            for c in hand
            if rules.poker_melds
            or (len(ranks) == 1 and c.rank in ranks)
            or (len(suits) == 1 and c.suit in suits)
        ]
        options: list[frozenset[Any]] = [frozenset()]
        for n in range(1, len(near) + 1):
            for extra in itertools.combinations(near, n):
                if is_meld([*meld, *extra], rules):
                    options.append(frozenset(extra))
        per_meld.append(options)
    seen = set()
    for pick in itertools.product(*per_meld):
        laid = frozenset().union(*pick)
        if sum(len(p) for p in pick) == len(laid) and laid not in seen:
            seen.add(laid)
            yield laid
