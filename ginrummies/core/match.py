"""A match: a game of any format, round after round to the target.

A round is one hand, or in the partnership formats two hands at once, one
per table. Each hand's deck comes from the game's seed and the hand's
number, so a match is its rules, format, seed, cut (or ``first``), what
the cut's winners chose, its target and the actions of each hand:
``Match.from_log`` rebuilds it exactly.
``Game`` (game.py) is the two-player match.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from .actions import Action, Attempt
from .cards import Card
from .errors import IllegalAction, Reason, Refusal
from .formats import (
    SEAT_LETTERS,
    Format,
    Rota,
    Seating,
    hand_deck,
    next_rota,
    seatings,
    sides,
    sitting_out,
    start,
)
from .hand import Hand
from .result import HandResult
from .rules import RuleSet
from .settle import GameResult, RoundScore, score_round, settle
from .views import GameView, MatchView, PastHand, PastRound, PlayerView, TableView

__all__ = ["Match", "MatchView", "PastRound", "Round", "TableView"]


@dataclass
class Round:
    """One round in play or played: its seatings, hands and score."""

    number: int  # 0-based
    rota: Rota
    tables: tuple[Seating, ...]
    hands: tuple[Hand, ...]
    score: RoundScore | None = None  # once every table's hand is over

    @property
    def is_over(self) -> bool:
        return all(h.is_over for h in self.hands)


class Match:
    """Rounds to the target. ``apply`` plays a move at a table; once every
    table's hand is over and the game is not, ``next_hand`` deals the next round."""

    def __init__(
        self,
        rules: RuleSet,
        seed: int | str,
        format: Format = Format.TWO,
        *,
        first: int | None = None,
        target: int | None = None,
        winner_deals: Sequence[bool] = (),
    ) -> None:
        format.check(rules)
        self.rules = rules
        self.seed = seed
        self.format = format
        self.target = format.target(rules) if target is None else target
        if self.target <= 0:
            raise ValueError("the target must be above 0")
        begun = start(format, seed, first)
        self.first = first
        self.cut_winners = format.play.cut_winners(begun)  # each who chose, or may choose
        self.winner_deals = tuple(winner_deals)
        if winner_deals:
            begun = format.play.choose(begun, winner_deals)
        self.cuts: tuple[tuple[Card, ...], ...] = begun.cuts
        self.sides = sides(format, begun.rota)
        self._side_of = [
            next(i for i, side in enumerate(self.sides) if seat in side)
            for seat in range(format.seats)
        ]
        n = len(self.sides)
        self.scores = [0] * n
        self.boxes = [0] * n
        self.hands_won = [0] * n
        self.results: list[HandResult] = []  # every finished hand, in the order they ended
        self.result: GameResult | None = None
        self.rounds: list[Round] = []
        # finished hands of past rounds, per pair of seats, as views show them
        self._past: dict[tuple[int, int], tuple[PastHand, ...]] = {}
        self._deal(begun.rota)

    # --- reading the state -------------------------------------------------------

    @property
    def given_target(self) -> int | None:
        """The target to build this match again with (a save keeps it):
        None where it is always the rules' own, as in a two-player Game."""
        return self.target

    @property
    def round(self) -> Round:
        """The round in play (or the last one, once the game is over)."""
        return self.rounds[-1]

    @property
    def hand(self) -> Hand:
        """The first table's hand in play: the hand, with two players."""
        return self.rounds[-1].hands[0]

    @property
    def hands(self) -> list[Hand]:
        """Every hand dealt, round by round and table by table."""
        return [h for r in self.rounds for h in r.hands]

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def dealer(self) -> int:
        """Who dealt the first table's hand in play (a hand player, 0 or 1)."""
        return self.hand.dealer

    @property
    def seats(self) -> int:
        return self.format.seats

    def side_of(self, seat: int) -> int:
        return self._side_of[seat]

    def table_of(self, seat: int) -> int | None:
        """The table where ``seat`` plays this round; None if it sits out."""
        return next((i for i, t in enumerate(self.round.tables) if seat in t.seats), None)

    def movers(self) -> list[tuple[int, int]]:
        """(table, seat) of each table waiting for a move, the table with
        fewer moves this round first (then the first table), so that tables
        played in turn keep level."""
        rnd = self.round
        waiting = [
            (len(h.log), i, t.seats[h.to_move])
            for i, (t, h) in enumerate(zip(rnd.tables, rnd.hands, strict=True))
            if h.to_move is not None
        ]
        return [(i, seat) for _, i, seat in sorted(waiting)]

    def seat_to_move(self, table: int = 0) -> int | None:
        hand = self.round.hands[table]
        return None if hand.to_move is None else self.round.tables[table].seats[hand.to_move]

    def view(self, seat: int) -> PlayerView:
        """The hand ``seat`` plays, as that seat sees it, with the match's
        scores (its side's and its opponent's), target and finished hands
        between the same two seats; other formats add the public match state."""
        table = self.table_of(seat)
        if table is None:
            raise ValueError(f"seat {SEAT_LETTERS[seat]} sits out this hand")
        seating = self.round.tables[table]
        player = seating.player_of(seat)
        a, b = seating.seats
        scores = (self.scores[self._side_of[a]], self.scores[self._side_of[b]])
        past = self._past.get(seating.seats, ())
        view = self.round.hands[table].view(player)
        public = None if self.format.two_players else self.public(seat)
        game = GameView(scores=scores, past=past, target=self.target, match=public)
        return dataclasses.replace(view, game=game)

    def watch(self, table: int = 0) -> PlayerView:
        """A table as one who does not play there sees it (sitting out, or
        at the other table): its first player's view with that player's
        cards and moves taken out, so it holds nothing hidden."""
        seating = self.round.tables[table]
        a, b = seating.seats
        view = self.round.hands[table].view(0)
        return dataclasses.replace(
            view,
            hand=(),
            legal_actions=(),
            taken_card=None,
            game=GameView(
                scores=(self.scores[self._side_of[a]], self.scores[self._side_of[b]]),
                past=self._past.get(seating.seats, ()),
                target=self.target,
                match=self.public(),
            ),
        )

    def public(self, seat: int | None = None) -> MatchView:
        """What everybody at the table may know of the match."""
        rnd = self.round
        tables = []
        for i, (t, h) in enumerate(zip(rnd.tables, rnd.hands, strict=True)):
            tables.append(
                TableView(
                    table=i,
                    seats=t.seats,
                    dealer=self.dealer_seat(i),
                    to_move=None if h.to_move is None else t.seats[h.to_move],
                    stock_size=h.stock_size,
                    discard_top=h.discard_pile[-1] if h.discard_pile else None,
                    hand_sizes=(len(h.cards_of(0)), len(h.cards_of(1))),
                    history=tuple(h.events),
                    result=h.result,
                )
            )
        past = tuple(
            PastRound(
                r.number,
                tuple((t, h.result) for t, h in zip(r.tables, r.hands, strict=True) if h.result),
                r.score,
            )
            for r in self.rounds
            if r.score is not None
        )
        return MatchView(
            format=self.format,
            seat=seat,
            sides=self.sides,
            scores=tuple(self.scores),
            boxes=tuple(self.boxes),
            hands_won=tuple(self.hands_won),
            target=self.target,
            number=rnd.number + 1,
            tables=tuple(tables),
            sitting_out=sitting_out(self.format, rnd.rota),
            rounds=past,
            result=self.result,
            rota=rnd.rota,
        )

    # --- play ----------------------------------------------------------------------

    def verify(self, what: Action | Attempt, table: int = 0, player: int | None = None) -> None:
        """Raise IllegalAction with the refusal if ``what`` may not be done
        now at ``table`` (by its ``player`` 0 or 1, if given)."""
        self._hand_at(table).verify(what, player)

    def _hand_at(self, table: int) -> Hand:
        """The hand in play at ``table``; IllegalAction once the game is over."""
        if self.is_over:
            raise IllegalAction(Refusal(Reason.GAME_OVER))
        hands = self.round.hands
        if not 0 <= table < len(hands):
            raise IllegalAction(Refusal(Reason.NO_TABLE, number=table + 1))
        return hands[table]

    def refusal(
        self, what: Action | Attempt, table: int = 0, player: int | None = None
    ) -> Refusal | None:
        """Why ``what`` may not be done now at ``table``, or None if it may."""
        try:
            self.verify(what, table, player)
        except IllegalAction as exc:
            assert exc.refusal is not None
            return exc.refusal
        return None

    def apply(self, action: Action, table: int = 0) -> None:
        """Play the move of whoever is to move at ``table``; IllegalAction
        (and no change) if it is not legal."""
        hand = self._hand_at(table)
        hand.apply(action)
        rnd = self.round
        if hand.is_over:
            assert hand.result is not None
            self.results.append(hand.result)
            if rnd.is_over:
                self._score(rnd)

    def _score(self, rnd: Round) -> None:
        results = []
        for t, h in zip(rnd.tables, rnd.hands, strict=True):
            assert h.result is not None
            results.append((t.seats, h.result))
        score = score_round(self._side_of, len(self.sides), results, self.format.play.teams)
        rnd.score = score
        for side, (points, boxes) in enumerate(zip(score.points, score.boxes, strict=True)):
            self.scores[side] += points
            self.boxes[side] += boxes
        if score.won is not None:
            self.hands_won[score.won] += 1
        top = max(self.scores)
        if top >= self.target and self.scores.count(top) == 1:
            self.result = settle(self.rules, self.scores, self.boxes)

    def next_hand(self) -> Round:
        """Deal the next round (after a finished round, while the game goes on)."""
        if self.is_over:
            raise IllegalAction(Refusal(Reason.GAME_OVER))
        rnd = self.round
        if not rnd.is_over:
            raise IllegalAction(Refusal(Reason.HAND_NOT_OVER))
        results = tuple(h.result for h in rnd.hands if h.result is not None)
        self._deal(next_rota(self.format, self.rules, rnd.rota, results))
        return self.round

    def next_game_first(self) -> int | None:
        """The ``first`` the next game of a match of several is dealt with
        (Captains: the next seat captains), or None: cut again."""
        return self.format.play.next_game_first(self.rounds[0].rota)

    def dealer_seat(self, table: int = 0) -> int:
        """The seat that deals at ``table`` this round: in three-player Gin
        the one who sits out, elsewhere one of the two players."""
        return self.format.play.dealer_seat(self.round.rota, table)

    def next_seatings(self) -> tuple[Seating, ...]:
        """Who will meet whom, and who deals, in the next round (once this
        round is over and the game is not)."""
        rnd = self.round
        if not rnd.is_over or self.is_over:
            raise IllegalAction(Refusal(Reason.NEXT_HAND_UNKNOWN))
        results = tuple(h.result for h in rnd.hands if h.result is not None)
        return seatings(self.format, next_rota(self.format, self.rules, rnd.rota, results))

    def _deal(self, rota: Rota) -> None:
        if self.rounds:
            # a finished hand never changes again: record it once for every view
            last = self.rounds[-1]
            for t, h in zip(last.tables, last.hands, strict=True):
                assert h.result is not None
                done = PastHand(h.dealer, tuple(h.events), h.result)
                self._past[t.seats] = (*self._past.get(t.seats, ()), done)
        tables = seatings(self.format, rota)
        number = len(self.rounds)
        first = number * len(tables)
        hands = tuple(
            Hand.deal(self.rules, t.dealer, deck=hand_deck(self.seed, first + i))
            for i, t in enumerate(tables)
        )
        self.rounds.append(Round(number, rota, tables, hands))

    # --- the log -------------------------------------------------------------------

    @property
    def log(self) -> list[list[Action]]:
        """The actions of every hand, round by round and table by table:
        with the seed (and the format, cut and target), the whole match."""
        return [[a for _, a in h.log] for h in self.hands]

    def replay_log(self, log: Sequence[Sequence[Action]]) -> None:
        """Play a log (``Match.log``'s shape) from the start of this fresh match."""
        per = self.format.tables
        if len(log) % per:
            raise IllegalAction(Refusal(Reason.LOG_PART_ROUND, count=len(log), limit=per))
        for n in range(len(log) // per):
            if n:
                self.next_hand()
            for t in range(per):
                for i, action in enumerate(log[n * per + t]):
                    try:
                        self.apply(action, t)
                    except IllegalAction as exc:
                        at = f", table {t + 1}" if per > 1 else ""
                        why = exc.refusal or str(exc)
                        where = f"hand {n + 1}{at}, step {i + 1} ({action})"
                        raise IllegalAction(why, where) from None

    @classmethod
    def from_log(
        cls,
        rules: RuleSet,
        seed: int | str,
        log: Sequence[Sequence[Action]],
        format: Format = Format.TWO,
        *,
        first: int | None = None,
        target: int | None = None,
        winner_deals: Sequence[bool] = (),
    ) -> Match:
        """Rebuild a match from its seed and log; IllegalAction names a bad step."""
        match = cls(rules, seed, format, first=first, target=target, winner_deals=winner_deals)
        match.replay_log(log)
        return match
