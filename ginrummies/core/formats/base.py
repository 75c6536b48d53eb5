"""What every format shares (RULES.md sections 1 and 6): the interface a
format implements, the seatings, the cuts and the decks.

Every format is a series of two-player hands. A format says how many seats
and tables it has, which seats score together (the sides), who plays whom
at each table and who deals there (its rota, a small record of its own
moved on by each round's results), how the game starts, and in words who
meets whom next. Each format is one class in a module of this package,
registered under its ``Format`` name (the name saves keep), as
python-chess registers its variants; ``Match`` (match.py) runs one.

Seats are numbered 0.. (A, B, C, D). At a table the two players are hand
players 0 and 1, the lower seat first, so the same pair always sits the
same way round and a hand's ``dealer`` says which of them deals.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from typing import ClassVar, Generic, TypeVar

from ..cards import Card, shuffled_deck
from ..result import HandResult
from ..rules import DealerRotation, Family, RuleSet
from ..wording import says

SEAT_LETTERS = "ABCD"


class Format(Enum):
    """A format's name, as saves and the command line write it; what it
    does is its class (``play``), registered under this name."""

    TWO = "two"
    THREE = "three"  # three-player Gin
    PARTNERSHIP = "partnership"  # partnership Gin, A+B against C+D
    SKARNEY3 = "skarney3"  # Skarney for three
    CAPTAINS = "captains"  # Skarney Captains
    PARTNERS = "partners"  # Skarney Partners

    @property
    def play(self) -> FormatPlay[Rota]:
        """The format itself: its seats, rota and words."""
        return FORMATS[self]

    @property
    def seats(self) -> int:
        return self.play.seats

    @property
    def tables(self) -> int:
        return self.play.tables

    @property
    def title(self) -> str:
        return self.play.title

    @property
    def two_players(self) -> bool:
        """One against one: no seat sits out, no side pools, one table."""
        return self.play.seats == 2

    def target(self, rules: RuleSet) -> int:
        """The score that ends the game, unless a house rule sets another."""
        return self.play.target or rules.target

    def allows(self, rules: RuleSet) -> bool:
        return rules.family in self.play.families

    def check(self, rules: RuleSet) -> None:
        """ValueError (in a player's words) if this format is not played with ``rules``."""
        if not self.allows(rules):
            names = " or ".join(f.value.title() for f in self.play.families)
            raise ValueError(f"{self.title} is played with {names} rules, not {rules.name}")


# --- cuts and decks -----------------------------------------------------------


def cut_key(card: Card) -> tuple[int, int]:
    """A card's place in a cut: rank (ace low, king high), then suit, spades highest."""
    return (card.rank, "cdhs".index(card.suit))


def cut_cards(seed: int | str, count: int, tag: str = "cut") -> tuple[Card, ...]:
    """``count`` different cards cut from the deck, one per player, in seat order."""
    rng = random.Random(f"ginrummies:{seed}:{tag}")
    return tuple(rng.sample(shuffled_deck(rng), count))


def cut_for_deal(seed: int | str) -> tuple[Card, Card, int]:
    """Both players cut; returns (player 0's card, player 1's card, winner).

    The higher card wins (king high, ace low); equal ranks are broken by suit,
    spades > hearts > diamonds > clubs.
    """
    a, b = cut_cards(seed, 2)
    return a, b, 0 if cut_key(a) > cut_key(b) else 1


def lowest(cards: tuple[Card, ...], seats: tuple[int, ...]) -> int:
    return min(seats, key=lambda s: cut_key(cards[seats.index(s)]))


def highest(cards: tuple[Card, ...], seats: tuple[int, ...]) -> int:
    return max(seats, key=lambda s: cut_key(cards[seats.index(s)]))


def hand_deck(seed: int | str, number: int) -> list[Card]:
    """The deck of hand ``number`` (0-based, counting every table's hand) of the game."""
    return shuffled_deck(f"ginrummies:{seed}:hand:{number}")


def next_dealer(rules: RuleSet, dealer: int, result: HandResult) -> int:
    """Who deals after a hand dealt by ``dealer`` ended with ``result``."""
    if not result.scored:
        return dealer  # a cancelled hand is dealt again by the same dealer
    if result.winner is None:  # played out with no score (equal totals)
        return 1 - dealer if rules.dealer_rotation is DealerRotation.ALTERNATE else dealer
    if rules.dealer_rotation is DealerRotation.WINNER:
        return result.winner
    if rules.dealer_rotation is DealerRotation.LOSER:
        return 1 - result.winner
    return 1 - dealer


# --- seatings and the rota ----------------------------------------------------


@dataclass(frozen=True)
class Seating:
    """Who plays at one table in one round: the seats of hand players 0
    and 1 (lower seat first) and which of them deals."""

    seats: tuple[int, int]
    dealer: int  # hand player 0 or 1

    @property
    def dealer_seat(self) -> int:
        return self.seats[self.dealer]

    def player_of(self, seat: int) -> int:
        """The hand player (0 or 1) sitting at ``seat``."""
        return self.seats.index(seat)


def seating(a: int, b: int, dealer_seat: int) -> Seating:
    """Seats ``a`` and ``b`` at one table, ``dealer_seat`` dealing."""
    seats = (min(a, b), max(a, b))
    return Seating(seats, seats.index(dealer_seat))


def winner_seat(table: Seating, result: HandResult) -> int | None:
    """The seat that won a hand, or None (cancelled, or equal totals)."""
    if not result.scored or result.winner is None:
        return None
    return table.seats[result.winner]


@dataclass(frozen=True)
class Rota:
    """Where a format stands between rounds: enough to seat the next one.
    Every rota has the round's number and the seat dealing at each table;
    a format's own record adds what else it needs."""

    round: int = 0
    dealers: tuple[int, ...] = ()


R = TypeVar("R", bound=Rota)


@dataclass(frozen=True)
class Start(Generic[R]):
    """How a game begins: the cuts (one card per seat, and the second cut
    where the format has one) and the first round's rota."""

    rota: R
    cuts: tuple[tuple[Card, ...], ...] = ()


def join_names(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


class FormatPlay(ABC, Generic[R]):
    """One format: its seats and tables, its sides, its rota and its words.

    ``first`` (``start``) skips the cut; what it names is the format's own
    (``first_means``)."""

    name: ClassVar[Format]
    title: ClassVar[str]
    seats: ClassVar[int]
    tables: ClassVar[int] = 1
    families: ClassVar[tuple[Family, ...]]
    target: ClassVar[int | None] = None  # None: the variant's own target
    teams: ClassVar[bool] = False  # two teams of two whose two tables net into one score
    pooled: ClassVar[bool] = False  # a side of several seats shares one score
    about: ClassVar[str]  # one line for menus and help
    # the format in a word or two after the variant's name in the header
    # ("Oklahoma Gin · Partnership"): the title names the family, not the
    # variant; empty for two players, whose header names only the variant
    header_word: ClassVar[str]
    # the format in the statistics, after the variant ("Gin Rummy (three)"):
    # stored words, which old databases hold, so never reworded; empty for
    # two players
    short: ClassVar[str]
    # the kind of text that tells how the format goes in a player's words
    # (``play.rulestext`` writes one for each kind); empty for two players,
    # who play by the variant's own rules
    rules_kind: ClassVar[str]
    deal_word: ClassVar[str] = "hand"  # Skarney's formats play rounds (RULES.md 6)
    first_means: ClassVar[str]  # what ``first`` names when the cut is skipped
    # the winner of the cut at each table chooses to deal or play first
    # (RULES.md 1); elsewhere the format's rule says who deals
    winner_chooses: ClassVar[bool] = False

    # --- the rota ------------------------------------------------------------------

    @abstractmethod
    def start(self, seed: int | str, first: int | None = None) -> Start[R]:
        """The first round's rota, from the cut (RULES.md 1 and 6), or from ``first``."""

    @abstractmethod
    def seatings(self, rota: R) -> tuple[Seating, ...]:
        """Who plays whom, and who deals, at each table this round."""

    @abstractmethod
    def next_rota(self, rules: RuleSet, rota: R, results: tuple[HandResult, ...]) -> R:
        """The rota of the next round, from this round's results (one per table)."""

    def cut_winners(self, begun: Start[R]) -> tuple[int, ...]:
        """The seat that won each cut whose winner chooses to deal or play
        first (RULES.md 1), table by table; none where the format's rule
        decides or the cut was skipped."""
        if not self.winner_chooses:
            return ()
        tables = self.seatings(begun.rota)
        return tuple(highest(c, t.seats) for c, t in zip(begun.cuts, tables, strict=False))

    def choose(self, begun: Start[R], winner_deals: Sequence[bool]) -> Start[R]:
        """``begun`` as the cuts' winners chose: True where the winner of a
        table's cut deals there. Without a choice the winner makes the
        other deal, as the computer does."""
        winners = self.cut_winners(begun)
        if len(winner_deals) != len(winners):
            if not winners:
                raise ValueError("no cut of this game lets its winner choose who deals")
            raise ValueError(
                f"{len(winners)} cuts let their winners choose, not {len(winner_deals)}"
            )
        dealers = list(begun.rota.dealers)
        for n, (table, winner, deals) in enumerate(
            zip(self.seatings(begun.rota), winners, winner_deals, strict=True)
        ):
            loser = table.seats[1 - table.player_of(winner)]
            dealers[n] = winner if deals else loser
        return replace(begun, rota=replace(begun.rota, dealers=tuple(dealers)))

    def sides(self, rota: R) -> tuple[tuple[int, ...], ...]:
        """The seats that score together: one side per seat unless the format pools."""
        return tuple((s,) for s in range(self.seats))

    def sitting_out(self, rota: R) -> tuple[int, ...]:
        playing = {s for t in self.seatings(rota) for s in t.seats}
        return tuple(s for s in range(self.seats) if s not in playing)

    def dealer_seat(self, rota: R, table: int = 0) -> int:
        """The seat that deals at ``table`` this round."""
        return self.seatings(rota)[table].dealer_seat

    def captain(self, rota: R) -> int | None:
        """The seat that plays every round against a side (Captains), else None."""
        return None

    def next_game_first(self, opening: R) -> int | None:
        """How the next game of a match of several starts, given this game's
        first rota: the ``first`` it is dealt with, or None for a new cut
        with the same seating (RULES.md 1 and 6)."""
        return None

    def check_first(self, first: int | None) -> None:
        if first is not None and not 0 <= first < self.seats:
            raise ValueError(f"first must be a seat of this format, not {first!r}")

    # --- words ---------------------------------------------------------------------

    def seating_words(self, tables: Sequence[Seating], names: Sequence[str]) -> str:
        """Who deals to whom at each table, and who sits out."""
        parts = []
        for i, t in enumerate(tables):
            # the table after the names, so that each clause begins with a
            # name: "You deal to Bob at table 1", never "at table 1 You deal"
            at = f" at table {i + 1}" if len(tables) > 1 else ""
            dealer, other = names[t.dealer_seat], names[t.seats[1 - t.dealer]]
            parts.append(f"{says(dealer, 'deals')} to {other}{at}")
        words = "; ".join(parts)
        playing = {s for t in tables for s in t.seats}
        resting = [names[s] for s in range(self.seats) if s not in playing]
        if resting:
            words += f"; {says(join_names(resting), 'sits out')}"
        return words

    def next_words(self, rules: RuleSet, rota: R, names: Sequence[str], word: str) -> str:
        """Who meets whom next, while this round is played (before its
        results are known): the rule that will decide it."""
        following = self.seatings(self.next_rota(rules, rota, ()))
        return f"Next {word}: {self.seating_words(following, names)}."

    def cut_names(self, number: int, tables: Sequence[Seating]) -> tuple[str, tuple[int, ...]]:
        """Who made cut ``number`` of the start, and its words: ("Cut", seats)."""
        return "Cut", tuple(range(self.seats))


FORMATS: dict[Format, FormatPlay[Rota]] = {}


def register(name: Format) -> Callable[[type[FormatPlay[R]]], type[FormatPlay[R]]]:
    """Register a format's class under its name (a class decorator)."""

    def put(cls: type[FormatPlay[R]]) -> type[FormatPlay[R]]:
        cls.name = name
        FORMATS[name] = cls()  # type: ignore[assignment]
        return cls

    return put
