"""Skarney for three (RULES.md 6): two play a round, the loser sits out the next."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..result import HandResult
from ..rules import Family, RuleSet
from .base import (
    Format,
    FormatPlay,
    Seating,
    Start,
    cut_cards,
    highest,
    lowest,
    register,
    seating,
    winner_seat,
)
from .three import SitterRota


@dataclass(frozen=True)
class StreakRota(SitterRota):
    """Skarney for three: who sits out, and how many rounds in a row each
    seat has played (a tie sends the longer player out)."""

    streak: tuple[int, ...] = (0, 0, 0)


@register(Format.SKARNEY3)
class SkarneyForThree(FormatPlay[StreakRota]):
    title = "Skarney for three"
    seats = 3
    families = (Family.SKARNEY,)
    deal_word = "round"
    about = "two play a round, the loser sits out the next"
    header_word = "For three"
    short = "three"
    rules_kind = "loser sits out"
    first_means = "the seat that sits out the first round (the next seat deals)"

    def start(self, seed: int | str, first: int | None = None) -> Start[StreakRota]:
        self.check_first(first)
        if first is not None:
            a, _ = (x for x in range(3) if x != first)
            return Start(StreakRota(sitter=first, dealers=(a,)))
        cards = cut_cards(seed, 3)
        out = lowest(cards, (0, 1, 2))  # the lowest card sits out the first round
        a, b = (x for x in range(3) if x != out)
        again = cut_cards(seed, 2, "cut:again")
        dealer = highest(again, (a, b))  # the two who play cut again; the higher deals
        return Start(StreakRota(sitter=out, dealers=(dealer,)), (cards, again))

    def seatings(self, rota: StreakRota) -> tuple[Seating, ...]:
        a, b = (x for x in range(3) if x != rota.sitter)
        return (seating(a, b, rota.dealers[0]),)

    def next_rota(
        self, rules: RuleSet, rota: StreakRota, results: tuple[HandResult, ...]
    ) -> StreakRota:
        (table,) = self.seatings(rota)
        won = winner_seat(table, results[0])
        streak = tuple(0 if s == rota.sitter else rota.streak[s] + 1 for s in range(3))
        if won is not None:
            out = next(s for s in table.seats if s != won)
        else:
            # no loser: the one who has played more rounds in a row sits out,
            # or, as long as each other, the dealer of the round
            a, b = table.seats
            out = max((a, b), key=streak.__getitem__)
            if streak[a] == streak[b]:
                out = table.dealer_seat
        stays = next(s for s in table.seats if s != out)
        return replace(rota, round=rota.round + 1, sitter=out, dealers=(stays,), streak=streak)

    def next_words(self, rules: RuleSet, rota: StreakRota, names: Sequence[str], word: str) -> str:
        return f"Next {word}: its loser sits out; the winner meets {names[rota.sitter]}."

    def cut_names(self, number: int, tables: Sequence[Seating]) -> tuple[str, tuple[int, ...]]:
        if number == 1:  # the two who play cut again for the deal
            return "Cut again for the deal", tables[0].seats
        return "Cut", (0, 1, 2)
