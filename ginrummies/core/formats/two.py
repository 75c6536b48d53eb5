"""Two players (RULES.md 1): one table, the deal as the rule set turns it."""

from __future__ import annotations

from dataclasses import replace

from ..result import HandResult
from ..rules import Family, RuleSet
from .base import Format, FormatPlay, Rota, Seating, Start, cut_for_deal, next_dealer, register


@register(Format.TWO)
class TwoPlayers(FormatPlay[Rota]):
    title = "Two players"
    seats = 2
    families = (Family.GIN, Family.SKARNEY, Family.COLONEL)
    about = "one against one"
    header_word = ""
    short = ""
    rules_kind = ""
    winner_chooses = True
    first_means = "the first dealer"

    def start(self, seed: int | str, first: int | None = None) -> Start[Rota]:
        self.check_first(first)
        if first is not None:
            return Start(Rota(dealers=(first,)))
        a, b, winner = cut_for_deal(seed)
        # the cut's winner makes the other player deal (non-dealer plays first)
        return Start(Rota(dealers=(1 - winner,)), ((a, b),))

    def seatings(self, rota: Rota) -> tuple[Seating, ...]:
        return (Seating((0, 1), rota.dealers[0]),)

    def next_rota(self, rules: RuleSet, rota: Rota, results: tuple[HandResult, ...]) -> Rota:
        dealer = next_dealer(rules, rota.dealers[0], results[0])
        return replace(rota, round=rota.round + 1, dealers=(dealer,))
