"""Formats for two, three and four players (RULES.md sections 1 and 6).

``base`` holds what they share and the interface; each other module is one
format, registered under its ``Format`` name. The functions here run the
format a ``Format`` names, for callers that hold only the name.
"""

from __future__ import annotations

from ..result import HandResult
from ..rules import RuleSet
from . import captains, skarney3, teams, three, two  # noqa: F401  (each registers its format)
from .base import (
    FORMATS,
    SEAT_LETTERS,
    Format,
    FormatPlay,
    Rota,
    Seating,
    Start,
    cut_cards,
    cut_for_deal,
    cut_key,
    hand_deck,
    highest,
    lowest,
    next_dealer,
    seating,
    winner_seat,
)
from .captains import CaptainsRota
from .skarney3 import StreakRota
from .teams import team_of, team_pairs
from .three import SitterRota

__all__ = [
    "FORMATS",
    "SEAT_LETTERS",
    "CaptainsRota",
    "Format",
    "FormatPlay",
    "Rota",
    "Seating",
    "SitterRota",
    "Start",
    "StreakRota",
    "cut_cards",
    "cut_for_deal",
    "cut_key",
    "formats_for",
    "hand_deck",
    "highest",
    "lowest",
    "next_dealer",
    "next_rota",
    "seating",
    "seatings",
    "sides",
    "sitting_out",
    "start",
    "team_of",
    "team_pairs",
    "winner_seat",
]


def formats_for(rules: RuleSet) -> list[Format]:
    """The formats this variant is played in, two players first."""
    return [f for f in Format if f.allows(rules)]


def start(fmt: Format, seed: int | str, first: int | None = None) -> Start[Rota]:
    """The first round's rota of ``fmt``, from the cut or from ``first``."""
    return fmt.play.start(seed, first)


def seatings(fmt: Format, rota: Rota) -> tuple[Seating, ...]:
    return fmt.play.seatings(rota)


def next_rota(fmt: Format, rules: RuleSet, rota: Rota, results: tuple[HandResult, ...]) -> Rota:
    return fmt.play.next_rota(rules, rota, results)


def sides(fmt: Format, rota: Rota) -> tuple[tuple[int, ...], ...]:
    return fmt.play.sides(rota)


def sitting_out(fmt: Format, rota: Rota) -> tuple[int, ...]:
    return fmt.play.sitting_out(rota)
