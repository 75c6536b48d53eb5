"""A game as one seat at a hosted table knows it: the match, its rounds and
its hands rebuilt from the views the host sends (``MatchView`` and the
seat's ``PlayerView``), read by the table screens the way they read a
``Match`` here. Nothing in it was ever hidden from that seat: there is no
deck, no other hand in play; a hand played elsewhere is its public events,
its sizes and, once over, its result.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core import (
    Action,
    Event,
    Format,
    GameResult,
    HandResult,
    IllegalAction,
    MatchView,
    PlayerView,
    Rota,
    RoundScore,
    RuleSet,
    Seating,
    TableView,
    next_rota,
    seatings,
)


@dataclass(frozen=True)
class SeenHand:
    """A hand as the whole table sees it (a ``Hand``'s public part)."""

    dealer: int  # hand player 0 or 1
    events: tuple[Event, ...] = ()
    to_move: int | None = None  # hand player 0 or 1
    result: HandResult | None = None

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def log(self) -> tuple[tuple[int, Action], ...]:
        """Who made each move, and what: one public event a move."""
        return tuple((e.player, e.action) for e in self.events)


@dataclass(frozen=True)
class SeenRound:
    """A round as the whole table sees it (a ``Round``'s public part)."""

    number: int  # 0-based
    rota: Rota
    tables: tuple[Seating, ...]
    hands: tuple[SeenHand, ...]
    score: RoundScore | None = None

    @property
    def is_over(self) -> bool:
        return all(h.is_over for h in self.hands)


def _hand(table: TableView, seating: Seating) -> SeenHand:
    to_move = None if table.to_move is None else seating.player_of(table.to_move)
    return SeenHand(seating.dealer, table.history, to_move, table.result)


class SeenGame:
    """The match as ``seat`` knows it, from the host's latest views."""

    def __init__(
        self, rules: RuleSet, public: MatchView, view: PlayerView | None, seat: int
    ) -> None:
        self.rules = rules
        self.format: Format = public.format
        self.public = public
        self.seat = seat
        self.own = view  # the seat's own view (None while it sits out)
        self.sides = public.sides
        self.scores = list(public.scores)
        self.boxes = list(public.boxes)
        self.hands_won = list(public.hands_won)
        self.target = public.target
        self.result: GameResult | None = public.result
        past = [
            SeenRound(
                r.number,
                Rota(),  # a past round's rota is not needed again
                tuple(seating for seating, _ in r.tables),
                tuple(SeenHand(s.dealer, (), None, result) for s, result in r.tables),
                r.score,
            )
            for r in public.rounds
        ]
        tables = seatings(self.format, public.rota)
        playing = SeenRound(
            public.number - 1,
            public.rota,
            tables,
            tuple(_hand(t, s) for t, s in zip(public.tables, tables, strict=True)),
            public.rounds[-1].score
            if public.rounds and public.rounds[-1].number == public.number - 1
            else None,
        )
        if past and past[-1].number == playing.number:
            past.pop()  # the round in play is over: its record is the one below
        self.rounds: list[SeenRound] = [*past, playing]

    @property
    def round(self) -> SeenRound:
        return self.rounds[-1]

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def side_of(self, seat: int) -> int:
        return self.public.side_of(seat)

    def table_of(self, seat: int) -> int | None:
        return self.public.table_of(seat)

    def seat_to_move(self, table: int = 0) -> int | None:
        return self.public.tables[table].to_move

    def dealer_seat(self, table: int = 0) -> int:
        return self.public.tables[table].dealer

    def view(self, seat: int) -> PlayerView:
        """The seat's own view: the only hand this game knows."""
        if seat != self.seat or self.own is None or self.table_of(seat) is None:
            raise ValueError("a seat at a hosted table sees only its own hand")
        return self.own

    def watch(self, table: int = 0) -> PlayerView:
        """A table the seat does not play at, as the host showed it."""
        if self.own is None or self.table_of(self.seat) is not None:
            raise ValueError("the host sent no view of a table this seat watches")
        return self.own

    def next_seatings(self) -> tuple[Seating, ...]:
        """Who meets whom next, once this round is over and the game is not."""
        if not self.round.is_over or self.is_over:
            raise IllegalAction("who plays next is known once this round is over")
        results = tuple(h.result for h in self.round.hands if h.result is not None)
        return seatings(self.format, next_rota(self.format, self.rules, self.round.rota, results))
