"""Skarney Captains (RULES.md 6): the Captain plays every round against a
side of two, whose challenger plays on until losing a round."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..result import HandResult
from ..rules import Family, RuleSet
from .base import (
    Format,
    FormatPlay,
    Rota,
    Seating,
    Start,
    cut_cards,
    highest,
    next_dealer,
    register,
    seating,
    winner_seat,
)


@dataclass(frozen=True)
class CaptainsRota(Rota):
    """The Captain, and the side's player in the chair now."""

    captain: int = 0
    challenger: int = 1


@register(Format.CAPTAINS)
class SkarneyCaptains(FormatPlay[CaptainsRota]):
    title = "Skarney Captains"
    seats = 3
    families = (Family.SKARNEY,)
    deal_word = "round"
    pooled = True
    about = "the Captain plays every round against a side of two with one score"
    header_word = "Captains"
    short = "captains"
    rules_kind = "captain and side"
    first_means = "the first Captain"

    def start(self, seed: int | str, first: int | None = None) -> Start[CaptainsRota]:
        self.check_first(first)
        cards = cut_cards(seed, 3) if first is None else ()
        c = first if first is not None else highest(cards, (0, 1, 2))  # the highest captains
        rota = CaptainsRota(captain=c, challenger=(c + 1) % 3, dealers=(c,))
        return Start(rota, (cards,) if cards else ())

    def sides(self, rota: CaptainsRota) -> tuple[tuple[int, ...], ...]:
        c = rota.captain
        return ((c,), tuple(s for s in range(3) if s != c))

    def captain(self, rota: CaptainsRota) -> int | None:
        return rota.captain

    def next_game_first(self, opening: CaptainsRota) -> int | None:
        # in a match of several games the captaincy rotates: A, then B, then C
        return (opening.captain + 1) % 3

    def seatings(self, rota: CaptainsRota) -> tuple[Seating, ...]:
        return (seating(rota.captain, rota.challenger, rota.dealers[0]),)

    def next_rota(
        self, rules: RuleSet, rota: CaptainsRota, results: tuple[HandResult, ...]
    ) -> CaptainsRota:
        (table,) = self.seatings(rota)
        (result,) = results
        rota = replace(rota, round=rota.round + 1)
        c, h = rota.captain, rota.challenger
        if winner_seat(table, result) == c:  # the challenger lost: the next comes in, plays first
            newcomer = next(s for s in range(3) if s not in (c, h))
            return replace(rota, challenger=newcomer, dealers=(c,))
        dealer = table.player_of(rota.dealers[0])
        return replace(rota, dealers=(table.seats[next_dealer(rules, dealer, result)],))

    def next_words(
        self, rules: RuleSet, rota: CaptainsRota, names: Sequence[str], word: str
    ) -> str:
        return f"Next {word}: {names[rota.challenger]} plays on until losing a {word}."
