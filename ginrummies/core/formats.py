"""Formats for two, three and four players (RULES.md sections 1 and 6).

Every format is a series of two-player hands. What a format decides, as
data and pure functions here: how many seats and tables, which seats score
together (the sides), who plays whom at each table and who deals there
(the rota, moved on by each round's results), and the cuts that start it.
``Match`` (match.py) runs a format; ``settle.py`` adds up the scores.

Seats are numbered 0.. (A, B, C, D). At a table the two players are hand
players 0 and 1, the lower seat first, so the same pair always sits the
same way round and a hand's ``dealer`` says which of them deals.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from enum import Enum

from .cards import Card, shuffled_deck
from .result import HandResult
from .rules import DealerRotation, Family, RuleSet

SEAT_LETTERS = "ABCD"


class Format(Enum):
    TWO = "two"
    THREE = "three"  # three-player Gin
    PARTNERSHIP = "partnership"  # partnership Gin, A+B against C+D
    SKARNEY3 = "skarney3"  # Skarney for three
    CAPTAINS = "captains"  # Skarney Captains
    PARTNERS = "partners"  # Skarney Partners

    @property
    def info(self) -> FormatInfo:
        return FORMATS[self]

    @property
    def seats(self) -> int:
        return self.info.seats

    @property
    def tables(self) -> int:
        return self.info.tables

    @property
    def title(self) -> str:
        return self.info.title

    def target(self, rules: RuleSet) -> int:
        """The score that ends the game, unless a house rule sets another."""
        return self.info.target or rules.target

    def allows(self, rules: RuleSet) -> bool:
        return rules.family in self.info.families

    def check(self, rules: RuleSet) -> None:
        """ValueError (in a player's words) if this format is not played with ``rules``."""
        if not self.allows(rules):
            names = " or ".join(f.value.title() for f in self.info.families)
            raise ValueError(f"{self.title} is played with {names} rules, not {rules.name}")


@dataclass(frozen=True)
class FormatInfo:
    title: str
    seats: int
    tables: int  # hands played at once
    families: tuple[Family, ...]
    target: int | None  # None: the variant's own target
    teams: bool  # two teams of two whose two tables net into one score
    about: str  # one line for menus and help


FORMATS: dict[Format, FormatInfo] = {
    Format.TWO: FormatInfo(
        "Two players",
        2,
        1,
        (Family.GIN, Family.SKARNEY, Family.COLONEL),
        None,
        False,
        "one against one",
    ),
    Format.THREE: FormatInfo(
        "Three-player Gin",
        3,
        1,
        (Family.GIN,),
        None,
        False,
        "two play, the dealer sits out; the loser of a hand deals the next",
    ),
    Format.PARTNERSHIP: FormatInfo(
        "Partnership Gin",
        4,
        2,
        (Family.GIN,),
        125,
        True,
        "A and B against C and D at two tables, partners switching opponents each hand",
    ),
    Format.SKARNEY3: FormatInfo(
        "Skarney for three",
        3,
        1,
        (Family.SKARNEY,),
        None,
        False,
        "two play a round, the loser sits out the next",
    ),
    Format.CAPTAINS: FormatInfo(
        "Skarney Captains",
        3,
        1,
        (Family.SKARNEY,),
        None,
        False,
        "the Captain plays every round against a side of two with one score",
    ),
    Format.PARTNERS: FormatInfo(
        "Skarney Partners",
        4,
        2,
        (Family.SKARNEY,),
        300,
        True,
        "A and B against C and D at two tables, to 300",
    ),
}


def formats_for(rules: RuleSet) -> list[Format]:
    """The formats this variant is played in, two players first."""
    return [f for f in Format if f.allows(rules)]


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


@dataclass(frozen=True)
class Rota:
    """Where a format stands between rounds: enough to seat the next one.

    ``dealers`` holds the seat dealing at each table; three-player formats
    use ``sitter`` (who sits out), Captains ``captain`` and ``challenger``,
    Skarney for three ``streak`` (rounds each seat has played in a row)."""

    round: int = 0
    dealers: tuple[int, ...] = ()
    sitter: int | None = None
    captain: int | None = None
    challenger: int | None = None
    streak: tuple[int, ...] = ()


def team_of(seat: int) -> int:
    """The team of a seat in the partnership formats: A and B are 0, C and D are 1."""
    return 0 if seat < 2 else 1


def team_pairs(number: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """Who meets whom at the two tables in round ``number`` (from 0): A
    stays at the first table and B at the second, C and D change over."""
    return ((0, 2), (1, 3)) if number % 2 == 0 else ((0, 3), (1, 2))


def sides(fmt: Format, rota: Rota) -> tuple[tuple[int, ...], ...]:
    """The seats that score together: one side per seat, per team, or the
    Captain against the other two."""
    if fmt.info.teams:
        return ((0, 1), (2, 3))
    if fmt is Format.CAPTAINS:
        assert rota.captain is not None
        c = rota.captain
        return ((c,), tuple(s for s in range(3) if s != c))
    return tuple((s,) for s in range(fmt.seats))


def seatings(fmt: Format, rota: Rota) -> tuple[Seating, ...]:
    """Who plays whom, and who deals, at each table this round."""
    if fmt is Format.TWO:
        return (Seating((0, 1), rota.dealers[0]),)
    if fmt.info.teams:
        pairs = team_pairs(rota.round)
        return tuple(seating(a, b, d) for (a, b), d in zip(pairs, rota.dealers, strict=True))
    if fmt is Format.THREE:
        assert rota.sitter is not None
        # the dealer sits out; the seat after the dealer plays first
        s = rota.sitter
        return (seating((s + 1) % 3, (s + 2) % 3, (s + 2) % 3),)
    if fmt is Format.SKARNEY3:
        assert rota.sitter is not None
        a, b = (x for x in range(3) if x != rota.sitter)
        return (seating(a, b, rota.dealers[0]),)
    assert rota.captain is not None and rota.challenger is not None
    return (seating(rota.captain, rota.challenger, rota.dealers[0]),)


def sitting_out(fmt: Format, rota: Rota) -> tuple[int, ...]:
    playing = {s for t in seatings(fmt, rota) for s in t.seats}
    return tuple(s for s in range(fmt.seats) if s not in playing)


@dataclass(frozen=True)
class Start:
    """How a game begins: the cuts (one card per seat, and the second cut
    where the format has one) and the first round's rota."""

    rota: Rota
    cuts: tuple[tuple[Card, ...], ...] = ()


def lowest(cards: tuple[Card, ...], seats: tuple[int, ...]) -> int:
    return min(seats, key=lambda s: cut_key(cards[seats.index(s)]))


def highest(cards: tuple[Card, ...], seats: tuple[int, ...]) -> int:
    return max(seats, key=lambda s: cut_key(cards[seats.index(s)]))


def start(fmt: Format, seed: int | str, first: int | None = None) -> Start:
    """The first round's rota, from the cut (RULES.md 1 and 6).

    ``first`` skips the cut: the first dealer (two players, three-player
    Gin), the one who sits out first (Skarney for three, whose first dealer
    is then the next seat), the first Captain, or for the partnership
    formats the seat that deals at both tables' first hand being A's and
    B's (0) or their opponents' (1)."""
    n = fmt.seats
    if first is not None and not 0 <= first < (2 if fmt.info.teams else n):
        raise ValueError(f"first must be a seat of this format, not {first!r}")
    if fmt is Format.TWO:
        if first is not None:
            return Start(Rota(dealers=(first,)))
        a, b, winner = cut_for_deal(seed)
        # the cut's winner makes the other player deal (non-dealer plays first)
        return Start(Rota(dealers=(1 - winner,)), ((a, b),))
    if fmt.info.teams:
        return _start_teams(seed, first)
    if fmt is Format.SKARNEY3:
        return _start_skarney3(seed, first)
    cards = cut_cards(seed, 3) if first is None else ()
    cuts = (cards,) if cards else ()
    if fmt is Format.THREE:
        dealer = first if first is not None else lowest(cards, (0, 1, 2))  # the lowest deals
        return Start(Rota(sitter=dealer, dealers=(dealer,)), cuts)
    c = first if first is not None else highest(cards, (0, 1, 2))  # the highest is Captain
    return Start(Rota(captain=c, challenger=(c + 1) % 3, dealers=(c,)), cuts)


def _start_teams(seed: int | str, first: int | None) -> Start:
    pairs = team_pairs(0)
    if first is not None:
        return Start(Rota(dealers=tuple(pair[first] for pair in pairs)))
    cuts = tuple(cut_cards(seed, 2, f"cut:table{t}") for t in range(2))
    # as with two players, the cut's winner makes the other deal: the lower card deals
    dealers = tuple(lowest(cards, pair) for cards, pair in zip(cuts, pairs, strict=True))
    return Start(Rota(dealers=dealers), cuts)


def _start_skarney3(seed: int | str, first: int | None) -> Start:
    if first is not None:
        a, b = (x for x in range(3) if x != first)
        return Start(Rota(sitter=first, dealers=(a,), streak=(0, 0, 0)))
    cards = cut_cards(seed, 3)
    out = lowest(cards, (0, 1, 2))  # the lowest card sits out the first round
    a, b = (x for x in range(3) if x != out)
    again = cut_cards(seed, 2, "cut:again")
    dealer = highest(again, (a, b))  # the two who play cut again; the higher deals
    return Start(Rota(sitter=out, dealers=(dealer,), streak=(0, 0, 0)), (cards, again))


def winner_seat(table: Seating, result: HandResult) -> int | None:
    """The seat that won a hand, or None (cancelled, or equal totals)."""
    if not result.scored or result.winner is None:
        return None
    return table.seats[result.winner]


def next_rota(fmt: Format, rules: RuleSet, rota: Rota, results: tuple[HandResult, ...]) -> Rota:
    """The rota of the next round, from this round's results (one per table)."""
    tables = seatings(fmt, rota)
    rota = replace(rota, round=rota.round + 1)
    if fmt is Format.TWO:
        return replace(rota, dealers=(next_dealer(rules, rota.dealers[0], results[0]),))
    if fmt.info.teams:
        # the deal at each table passes to the other team's player there
        dealers = []
        for before, pair in zip(tables, team_pairs(rota.round), strict=True):
            dealt = team_of(before.dealer_seat)
            dealers.append(next(s for s in pair if team_of(s) != dealt))
        return replace(rota, dealers=tuple(dealers))
    (table,) = tables
    (result,) = results
    won = winner_seat(table, result)
    if fmt is Format.THREE:
        if won is None:  # dealt again by the same dealer to the same two
            return rota
        loser = next(s for s in table.seats if s != won)
        return replace(rota, sitter=loser, dealers=(loser,))
    if fmt is Format.SKARNEY3:
        assert rota.sitter is not None
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
        return replace(rota, sitter=out, dealers=(stays,), streak=streak)
    assert rota.captain is not None and rota.challenger is not None
    c, h = rota.captain, rota.challenger
    if won == c:  # the challenger lost: the next one comes in, and plays first
        newcomer = next(s for s in range(3) if s not in (c, h))
        return replace(rota, challenger=newcomer, dealers=(c,))
    dealer = table.player_of(rota.dealers[0])
    return replace(rota, dealers=(table.seats[next_dealer(rules, dealer, result)],))
