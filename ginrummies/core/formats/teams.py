"""Partnership Gin and Skarney Partners (RULES.md 6): A and B against C and
D at two tables, partners changing opponents every round."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..result import HandResult
from ..rules import Family, RuleSet
from .base import (
    Format,
    FormatPlay,
    Rota,
    Seating,
    Start,
    cut_cards,
    lowest,
    register,
    seating,
)


def team_of(seat: int) -> int:
    """The team of a seat in the partnership formats: A and B are 0, C and D are 1."""
    return 0 if seat < 2 else 1


def team_pairs(number: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """Who meets whom at the two tables in round ``number`` (from 0): A
    stays at the first table and B at the second, C and D change over."""
    return ((0, 2), (1, 3)) if number % 2 == 0 else ((0, 3), (1, 2))


@register(Format.PARTNERSHIP)
class PartnershipGin(FormatPlay[Rota]):
    title = "Partnership Gin"
    seats = 4
    tables = 2
    families = (Family.GIN,)
    target = 125
    teams = True
    pooled = True
    about = "A and B against C and D at two tables, partners switching opponents each hand"
    header_word = "Partnership"
    short = "partnership"
    rules_kind = "two teams"
    winner_chooses = True
    first_means = "which team deals at both tables' first hand: A's and B's (0) or C's and D's (1)"

    def check_first(self, first: int | None) -> None:
        if first is not None and first not in (0, 1):
            raise ValueError(f"first must be a seat of this format, not {first!r}")

    def start(self, seed: int | str, first: int | None = None) -> Start[Rota]:
        self.check_first(first)
        pairs = team_pairs(0)
        if first is not None:
            return Start(Rota(dealers=tuple(pair[first] for pair in pairs)))
        cuts = tuple(cut_cards(seed, 2, f"cut:table{t}") for t in range(2))
        # as with two players, the cut's winner makes the other deal: the lower card deals
        dealers = tuple(lowest(cards, pair) for cards, pair in zip(cuts, pairs, strict=True))
        return Start(Rota(dealers=dealers), cuts)

    def sides(self, rota: Rota) -> tuple[tuple[int, ...], ...]:
        return ((0, 1), (2, 3))

    def seatings(self, rota: Rota) -> tuple[Seating, ...]:
        pairs = team_pairs(rota.round)
        return tuple(seating(a, b, d) for (a, b), d in zip(pairs, rota.dealers, strict=True))

    def next_rota(self, rules: RuleSet, rota: Rota, results: tuple[HandResult, ...]) -> Rota:
        # the deal at each table passes to the other team's player there
        tables = self.seatings(rota)
        number = rota.round + 1
        dealers = []
        for before, pair in zip(tables, team_pairs(number), strict=True):
            dealt = team_of(before.dealer_seat)
            dealers.append(next(s for s in pair if team_of(s) != dealt))
        return replace(rota, round=number, dealers=tuple(dealers))

    def cut_names(self, number: int, tables: Sequence[Seating]) -> tuple[str, tuple[int, ...]]:
        return f"Table {number + 1} cut", tables[number].seats


@register(Format.PARTNERS)
class SkarneyPartners(PartnershipGin):
    title = "Skarney Partners"
    families = (Family.SKARNEY,)
    deal_word = "round"
    target = 300
    about = "A and B against C and D at two tables"
    header_word = "Partners"
    short = "partners"
