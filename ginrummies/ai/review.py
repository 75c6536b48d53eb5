"""Game review (issue 34): every decision of each person in a finished game,
priced from what that person could see then, against the best move.

A decision is a position where a person was to move with more than one
legal move. Each candidate move is priced by the judge (``judge.py``),
from the person's ``PlayerView`` alone, never the hidden cards (``hard``'s
sampled playouts in the Gin family, a count in Skarney and Colonel); the
best is the judge's best, which is the hint's first move for the same
position, and the reason told for it is the hint's.
A decision's loss is the price of the best move less that of the move
made, in points, and its ``Verdict`` follows ``Thresholds``. The same game
gives the same review on any machine: a fixed number of samples, seeded by
the position (``judge.position_key``), as the hint's are.

``review_match`` reviews any seats of a ``Match`` (a save's people:
``people_of(saved.seats)``), ``reviews`` yields hand by hand (to show the first hand early),
``review_hand`` one ``Hand`` (a stacked deal). ``Options`` holds the
samples and thresholds, ``on_progress(done, total)``, called after every
decision, and ``cancel``, a callable (such as ``threading.Event().is_set``)
checked before each decision: a cancelled review returns what it rated,
marked incomplete. Nothing here draws.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Protocol

from ..core import (
    Accept,
    Action,
    Challenge,
    Decline,
    Discard,
    DrawStock,
    GameView,
    Hand,
    Knock,
    LayContract,
    LayMeld,
    LayOff,
    Match,
    Offer,
    Pass,
    PastHand,
    Phase,
    PlayerView,
    SeatKind,
    TakeDiscard,
)
from .hints import hint
from .judge import SAMPLES, Price, judge, more_worlds

# the review's version: raised when prices or verdicts change, so that the
# reviews the statistics keep from an older one are made again
VERSION = 4
# where the verdict is in doubt, the move made and the best are played out
# in this many times more worlds (the others keep the first count)
MORE = 3

Progress = Callable[[int, int], None]
Cancel = Callable[[], bool]


class Verdict(Enum):
    """How costly a decision was, by its loss (``Thresholds``)."""

    BEST = "best"  # the best move
    GOOD = "good"  # another move, losing less than an inaccuracy
    # a loss the judge would call costly, of a kind whose verdicts did not
    # hold up in play (``NOT_RATED_KINDS``): shown, never counted
    NOT_RATED = "not rated"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


@dataclass(frozen=True, slots=True)
class Thresholds:
    """The points expected lost from which a move is an inaccuracy, a
    mistake, a blunder. A Gin hand swings by 10 to 50 points (a box is 25),
    so 2 points is a small edge given away, 5 a fifth of a box, 10 what a
    knock typically wins.

    The verdict goes by the loss less ``doubt`` standard errors of it: a
    sampled loss is an estimate, and the best of several noisy prices
    tends to look better than it is. Measured on 120 decisions against
    prices from 200 worlds, at 32 worlds the loss alone flagged (a mistake
    or worse) 10 decisions wrongly; less one error, 1, and each way missed
    1 of the 3 true flags (docs/performance.md, Review)."""

    inaccuracy: float = 2.0
    mistake: float = 5.0
    blunder: float = 10.0
    doubt: float = 1.0

    def verdict(self, loss: float, best: bool, error: float = 0.0) -> Verdict:
        sure = loss - self.doubt * error
        if sure >= self.blunder:
            return Verdict.BLUNDER
        if sure >= self.mistake:
            return Verdict.MISTAKE
        if sure >= self.inaccuracy:
            return Verdict.INACCURACY
        return Verdict.BEST if best else Verdict.GOOD


THRESHOLDS = Thresholds()


@dataclass(frozen=True, slots=True)
class Options:
    """How to review: the worlds a Gin-family decision is priced in, the
    verdicts' thresholds, ``on_progress(done, total)`` called after every
    decision (and once with 0 before the first), and ``cancel``, checked
    before each decision (``threading.Event().is_set`` will do)."""

    samples: int = SAMPLES
    thresholds: Thresholds = THRESHOLDS
    on_progress: Progress | None = None
    cancel: Cancel | None = None


DEFAULT = Options()


@dataclass(frozen=True, slots=True)
class Position:
    """A decision to rate: the person to move and what they saw."""

    hand: int  # the hand's index in the game (round by round, table by table: the save's log)
    round: int
    table: int
    move: int  # the move's index in the hand's log
    seat: int
    seats: tuple[int, int]  # the seats of hand players 0 and 1
    view: PlayerView  # the person's view, with the game around the hand
    made: Action


@dataclass(frozen=True, slots=True)
class Rating:
    """One decision of a person, rated."""

    hand: int
    round: int
    table: int
    move: int
    seat: int
    phase: Phase
    made: Action
    best: Action
    loss: float  # points expected lost: price(best) - price(made), never below 0
    error: float  # the loss's standard error over the sampled worlds (0 for a count)
    verdict: Verdict
    why: str  # the hint's reason for the best move
    prices: tuple[Price, ...]  # the candidates priced, best first
    samples: int  # the sampled worlds behind the prices (0: a count, Skarney and Colonel)
    kind: str = ""  # the kind of decision (``decision_kind``)


@dataclass(frozen=True, slots=True)
class Summary:
    """Decisions of one person (in a hand or the game), how many points they
    lost and how many of each verdict."""

    decisions: int
    lost: float
    counts: tuple[int, ...]  # by verdict, in ``Verdict``'s order
    costly_lost: float = 0.0  # the part of ``lost`` in inaccuracies, mistakes and blunders

    def count(self, verdict: Verdict) -> int:
        return self.counts[list(Verdict).index(verdict)]

    @property
    def accuracy(self) -> float | None:
        """The share of decisions, in percent, rated BEST or GOOD (not even
        an inaccuracy); None without decisions. A share rather than a mean
        loss, so that one blunder weighs as one decision, not as a hand's
        worth of small ones, and sampling noise below the threshold never counts."""
        rated = self.decisions - self.count(Verdict.NOT_RATED)
        if not rated:
            return None
        good = self.count(Verdict.BEST) + self.count(Verdict.GOOD)
        return 100.0 * good / rated


COSTLY = (Verdict.INACCURACY, Verdict.MISTAKE, Verdict.BLUNDER)
# The kinds of decision (``decision_kind``) whose costly verdicts did not
# hold up when both moves were played on by real players
# (``benchmarks/review_truth.py``; docs/strength.md, "Verdicts in play"),
# each with its words: such a decision is "not rated", its figure shown
# and counted nowhere, rather than flagged wrongly. Provisional, from 776
# positions: the kinds whose "better" move did better in play in under 60%
# of them (a coin comes up heads in half; draws 78%, knocks 67%, Skarney's
# answers 61%; the kinds below 46-54%). A mistake or a
# blunder is rated all the same where nothing rests on later play: the
# move made lost in every one of the judge's worlds, or the better move
# goes out at once.
NOT_RATED_KINDS: dict[str, str] = {
    "discard": "which card to discard",
    "play on": "playing on instead of knocking",
    "hold out": "holding out for more instead of knocking",
    "offer": "which card to offer",
    "meld": "laying melds or holding them back",
}


def summarize(ratings: Sequence[Rating]) -> Summary:
    return Summary(
        len(ratings),
        sum(r.loss for r in ratings),
        tuple(sum(1 for r in ratings if r.verdict is v) for v in Verdict),
        sum(r.loss for r in ratings if r.verdict in COSTLY),
    )


@dataclass(frozen=True, slots=True)
class HandReview:
    """The ratings of one hand (one table's, at two tables)."""

    hand: int
    round: int
    table: int
    seats: tuple[int, int]  # the seats of hand players 0 and 1
    ratings: tuple[Rating, ...]

    def summary(self, seat: int) -> Summary:
        return summarize([r for r in self.ratings if r.seat == seat])


@dataclass(frozen=True, slots=True)
class GameReview:
    """The review of every hand in which a seat reviewed had a decision, in
    the game's order; ``complete`` is False when the review was cancelled."""

    hands: tuple[HandReview, ...]
    people: tuple[int, ...]
    complete: bool

    @property
    def ratings(self) -> tuple[Rating, ...]:
        return tuple(r for h in self.hands for r in h.ratings)

    def summary(self, seat: int) -> Summary:
        return summarize([r for r in self.ratings if r.seat == seat])

    def accuracy(self, seat: int) -> float | None:
        """``Summary.accuracy`` over the game: the percentage of the seat's
        decisions that lost less than an inaccuracy."""
        return self.summary(seat).accuracy

    def costly(self, at_least: Verdict = Verdict.INACCURACY) -> list[Rating]:
        """The ratings of ``at_least`` that verdict, the most costly first."""
        order = list(Verdict)
        bar = order.index(at_least)
        found = [r for r in self.ratings if order.index(r.verdict) >= bar]
        return sorted(found, key=lambda r: (-r.loss, r.hand, r.move))


# --- the decisions -----------------------------------------------------------------------


def hand_positions(
    hand: Hand,
    players: Collection[int],
    *,
    seats: tuple[int, int] = (0, 1),
    game: GameView | None = None,
    number: int = 0,
    round: int = 0,
    table: int = 0,
) -> list[Position]:
    """The decisions of ``players`` (0 or 1 at this table) in a hand, each
    with the player's view rebuilt from the deal and the log (and ``game``,
    the game around the hand as the view shows it)."""
    fresh = Hand.deal(hand.rules, hand.dealer, deck=hand.deck)
    found = []
    for i, (player, action) in enumerate(hand.log):
        if player in players and len(fresh.legal_actions()) > 1:
            view = fresh.view(player)
            if game is not None:
                view = dataclasses.replace(view, game=game)
            found.append(Position(number, round, table, i, seats[player], seats, view, action))
        fresh.apply(action)
    return found


def positions(match: Match, people: Collection[int]) -> list[Position]:
    """The decisions of the seats ``people`` in every hand of ``match``.

    Each view carries the game as ``Match.view`` gave it then: the two
    sides' scores before the round, the target and the finished hands
    between the same two seats (which ``hard`` reads its opponent from);
    not the public state of a match of three or four, which no price reads.
    """
    found: list[Position] = []
    scores = [0] * len(match.sides)
    past: dict[tuple[int, int], tuple[PastHand, ...]] = {}
    for rnd in match.rounds:
        per = len(rnd.tables)
        for t, (seating, hand) in enumerate(zip(rnd.tables, rnd.hands, strict=True)):
            a, b = seating.seats
            game = GameView(
                scores=(scores[match.side_of(a)], scores[match.side_of(b)]),
                past=past.get(seating.seats, ()),
                target=match.target,
            )
            players = [p for p, seat in enumerate(seating.seats) if seat in people]
            found += hand_positions(
                hand,
                players,
                seats=seating.seats,
                game=game,
                number=rnd.number * per + t,
                round=rnd.number,
                table=t,
            )
        if rnd.score is not None:
            for side, points in enumerate(rnd.score.points):
                scores[side] += points
        for seating, hand in zip(rnd.tables, rnd.hands, strict=True):
            if hand.result is not None:
                done = PastHand(hand.dealer, tuple(hand.events), hand.result)
                past[seating.seats] = (*past.get(seating.seats, ()), done)
    return found


# --- rating ------------------------------------------------------------------------------


def decision_kind(
    view: PlayerView, made: Action, best: Action, made_wins: float | None = None
) -> str:
    """The kind of decision a move was, as the verdicts are measured in play
    (``benchmarks/review_truth.py``): "draw" (draw, take or pass), "discard",
    "knock" (knocking was best, the move made played on), "play on" (the
    other way round, the knock made losing in most of the judge's worlds),
    "hold out" (the same, the knock made winning in most: playing on was to
    win more), "gin", "answer" (Skarney's answer to an offer), "offer",
    "meld" (laying melds or holding them), "challenge" (Colonel).
    ``made_wins``: the share of the judge's worlds the move made won."""
    pair = {type(made), type(best)}
    if pair & {Challenge} or view.phase is Phase.CHALLENGED:
        return "challenge"
    if pair & {Accept, Decline} and view.table.pending_offer is not None:
        return "answer"
    if pair & {TakeDiscard, DrawStock, Pass}:
        return "draw"
    if any(isinstance(a, Knock) and a.deadwood(view.hand, view.rules) == 0 for a in (made, best)):
        return "gin"
    if isinstance(best, Knock):
        return "knock"
    if isinstance(made, Knock):
        return "hold out" if made_wins is not None and made_wins > 0.5 else "play on"
    if pair & {LayMeld, LayOff, LayContract}:
        return "meld"
    if pair & {Offer}:
        return "offer"
    if pair & {Discard}:
        return "discard"
    return "other"


def in_doubt(loss: float, error: float, lines: Sequence[float]) -> bool:
    """Whether the loss, two standard errors either way, crosses a verdict's line."""
    low, high = loss - 2 * error, loss + 2 * error
    return any(low < line <= high for line in lines)


def rate(position: Position, samples: int = SAMPLES, thresholds: Thresholds = THRESHOLDS) -> Rating:
    """Price the candidates of one decision by the judge and rate the move
    made. Where the loss is in doubt about a verdict's line, the move made
    and the best are played out in ``MORE`` times the worlds again."""
    view, made = position.view, position.made
    judged = judge(view, (made,), samples)
    best = judged.best
    loss = error = 0.0
    made_value, best_value = judged.value(made), judged.value(best)
    if made != best and made_value is not None and best_value is not None:
        loss, error = best_value - made_value, judged.error(best, made)
        lines = (thresholds.inaccuracy, thresholds.mistake, thresholds.blunder)
        if judged.samples and in_doubt(loss, error, lines):
            judged = more_worlds(view, judged, (best, made), samples * (1 + MORE))
            loss = (judged.value(best) or 0.0) - (judged.value(made) or 0.0)
            error = judged.error(best, made)
        loss = max(0.0, loss)
    why = hint(view, view.legal_actions, judged=judged, first_only=True)[0].reason
    made_wins = next((p.wins for p in judged.prices if p.action == made), None)
    kind = decision_kind(view, made, best, made_wins) if made != best else ""
    verdict = thresholds.verdict(loss, made == best, error)
    # a mistake or a blunder whose move lost in every world (a gin handed
    # over, a knock undercut), or whose better move goes out at once, rests
    # on what happens now, not on the playouts' later play
    now = made_wins == 0.0 or best in judged.going_out
    certain = verdict in (Verdict.MISTAKE, Verdict.BLUNDER) and now
    if verdict in COSTLY and kind in NOT_RATED_KINDS and not certain:
        verdict = Verdict.NOT_RATED
    return Rating(
        hand=position.hand,
        round=position.round,
        table=position.table,
        move=position.move,
        seat=position.seat,
        phase=view.phase,
        made=made,
        best=best,
        loss=loss,
        error=error,
        verdict=verdict,
        why=why,
        prices=judged.prices,
        samples=judged.samples,
        kind=kind,
    )


def reviews(found: Sequence[Position], options: Options = DEFAULT) -> Iterator[HandReview]:
    """Rate the decisions ``found`` (in hand order), yielding each hand's
    review as soon as it is done; on ``options.cancel`` the hand under way
    is yielded with what it rated, and nothing after it."""
    total = len(found)
    progress, cancel = options.on_progress, options.cancel
    if progress is not None:
        progress(0, total)
    groups: dict[int, list[Position]] = {}
    for p in found:
        groups.setdefault(p.hand, []).append(p)
    done = 0
    for group in groups.values():
        ratings: list[Rating] = []
        for p in group:
            if cancel is not None and cancel():
                break
            ratings.append(rate(p, options.samples, options.thresholds))
            done += 1
            if progress is not None:
                progress(done, total)
        first = group[0]
        if ratings:
            yield HandReview(first.hand, first.round, first.table, first.seats, tuple(ratings))
        if len(ratings) < len(group):
            return


def review_match(match: Match, people: Collection[int], options: Options = DEFAULT) -> GameReview:
    """Review the decisions of the seats ``people`` in every hand of ``match``."""
    found = positions(match, people)
    hands = tuple(reviews(found, options))
    rated = sum(len(h.ratings) for h in hands)
    return GameReview(hands, tuple(sorted(people)), rated == len(found))


class Seated(Protocol):
    """A seat as saves keep it (``store.saves.SeatRecord``): who plays it."""

    @property
    def kind(self) -> SeatKind: ...


def people_of(seats: Sequence[Seated], everyone: bool = False) -> tuple[int, ...]:
    """The seats a review rates: the people's (every seat with ``everyone``).
    A save is reviewed as ``review_match(replay(saved), people_of(saved.seats))``
    (storage is a layer above this one)."""
    return tuple(i for i, seat in enumerate(seats) if everyone or seat.kind is SeatKind.PERSON)


def review_hand(
    hand: Hand,
    players: Collection[int],
    options: Options = DEFAULT,
    *,
    game: GameView | None = None,
) -> HandReview:
    """Review one hand's decisions of ``players`` (0 or 1), as hand 0 of a
    game (a hand dealt from a stacked deck, say)."""
    found = hand_positions(hand, players, game=game)
    return next(reviews(found, options), HandReview(0, 0, 0, (0, 1), ()))
