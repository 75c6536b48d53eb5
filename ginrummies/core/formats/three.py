"""Three-player Gin (RULES.md 6): the dealer sits out, the loser deals next."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..result import HandResult
from ..rules import Family, RuleSet
from ..wording import says
from .base import (
    Format,
    FormatPlay,
    Rota,
    Seating,
    Start,
    cut_cards,
    join_names,
    lowest,
    register,
    seating,
    winner_seat,
)


@dataclass(frozen=True)
class SitterRota(Rota):
    """A rota of three: ``sitter`` sits out this round."""

    sitter: int = 0


@register(Format.THREE)
class ThreePlayerGin(FormatPlay[SitterRota]):
    title = "Three-player Gin"
    seats = 3
    families = (Family.GIN,)
    about = "two play, the dealer sits out; the loser of a hand deals the next"
    header_word = "Three-player"
    short = "three"
    rules_kind = "dealer sits out"
    first_means = "the first dealer, who sits out"

    def start(self, seed: int | str, first: int | None = None) -> Start[SitterRota]:
        self.check_first(first)
        if first is not None:
            return Start(SitterRota(sitter=first, dealers=(first,)))
        cards = cut_cards(seed, 3)
        dealer = lowest(cards, (0, 1, 2))  # the lowest deals
        return Start(SitterRota(sitter=dealer, dealers=(dealer,)), (cards,))

    def seatings(self, rota: SitterRota) -> tuple[Seating, ...]:
        # the dealer sits out; the seat after the dealer plays first
        s = rota.sitter
        return (seating((s + 1) % 3, (s + 2) % 3, (s + 2) % 3),)

    def dealer_seat(self, rota: SitterRota, table: int = 0) -> int:
        return rota.sitter  # deals to the other two

    def next_rota(
        self, rules: RuleSet, rota: SitterRota, results: tuple[HandResult, ...]
    ) -> SitterRota:
        rota = replace(rota, round=rota.round + 1)
        (table,) = self.seatings(rota)
        won = winner_seat(table, results[0]) if results else None
        if won is None:  # dealt again by the same dealer to the same two
            return rota
        loser = next(s for s in table.seats if s != won)
        return replace(rota, sitter=loser, dealers=(loser,))

    def seating_words(self, tables: Sequence[Seating], names: Sequence[str]) -> str:
        (t,) = tables
        out = next(s for s in range(3) if s not in t.seats)
        first = names[t.seats[1 - t.dealer]]
        sits = says(names[out], "sits out")[len(names[out]) + 1 :]  # "sit out" for "You"
        players = join_names([names[s] for s in t.seats])
        return f"{says(names[out], 'deals')} to {players} and {sits}; {says(first, 'plays first')}"

    def next_words(self, rules: RuleSet, rota: SitterRota, names: Sequence[str], word: str) -> str:
        return f"Next {word}: its loser deals and sits out; the winner meets {names[rota.sitter]}."
