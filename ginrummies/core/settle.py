"""Adding up a game: each round's points into sides, and the settlement.

A side is what scores together: a player, a team, or Skarney Captains'
side of two. With two sides the settlement is RULES.md 2.3's; with three
(three-player Gin, Skarney for three) each loser pays the winner the
difference between the winner's total, doubled against a loser who was
shut out, and their own (RULES.md 6).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .result import HandResult
from .rules import RuleSet, Shutout
from .wording import plural, says


@dataclass(frozen=True)
class GameResult:
    """The final settlement of a game, one entry per side (RULES.md 2.3, 6)."""

    winner: int
    hand_points: tuple[int, ...]
    game_bonus: int  # to the winner
    boxes: tuple[int, ...]  # boxes won (hands won plus extra boxes)
    box_points: tuple[int, ...]
    shutout: bool  # a loser scored no hand points
    totals: tuple[int, ...]  # with two sides, the winner's is doubled on a shutout
    settlement: int  # what the winner is paid in all
    # what each side pays the winner (the winner's own entry is 0); with
    # three sides the doubling against a shut-out loser shows only here
    payments: tuple[int, ...] = ()

    def breakdown(self, names: Sequence[str] = ("Player 1", "Player 2")) -> list[str]:
        w = self.winner
        losers = [p for p in range(len(self.hand_points)) if p != w]
        if len(losers) == 1:
            scores = " to ".join(str(self.hand_points[p]) for p in (w, *losers))
        else:  # whose score is whose, with three
            others = " and ".join(f"{names[p]} {self.hand_points[p]}" for p in losers)
            scores = f"{self.hand_points[w]} to {others}"
        out = [f"{says(names[w], 'wins')} the game, {scores}."]
        for p in (w, *losers):
            parts = [f"hands {self.hand_points[p]}"]
            if p == w and self.game_bonus:
                parts.append(f"game bonus {self.game_bonus}")
            if self.box_points[p]:
                parts.append(f"{plural(self.boxes[p], 'box')} {self.box_points[p]}")
            subtotal = self.hand_points[p] + self.box_points[p] + (self.game_bonus if p == w else 0)
            line = f"{names[p]}: " + " + ".join(parts) + f" = {subtotal}"
            if p == w and self.shutout and self.totals[p] != subtotal:
                line += f"; shutout, doubled: {self.totals[p]}"
            out.append(line)
        if len(losers) == 1:
            out.append(
                f"Settlement: {self.totals[w]} − {self.totals[losers[0]]} = {self.settlement}"
            )
            return out
        for p in losers:
            owed = self.payments[p] + self.totals[p]
            shut = " (shut out)" if owed != self.totals[w] else ""
            out.append(
                f"{says(names[p], 'pays')} {names[w]} {owed}{shut} − {self.totals[p]}"
                f" = {self.payments[p]}."
            )
        out.append(f"Settlement: {says(names[w], 'is paid')} {self.settlement} in all.")
        return out


def settle(rules: RuleSet, scores: Sequence[int], boxes: Sequence[int]) -> GameResult:
    """The end of a game: hand points + game bonus + boxes, doubled on a
    shutout; ``scores`` and ``boxes`` hold one entry per side."""
    n = len(scores)
    w = max(range(n), key=lambda p: (scores[p], p))
    losers = [p for p in range(n) if p != w]
    box_points = tuple(b * rules.box_bonus for b in boxes)
    totals = [scores[p] + box_points[p] for p in range(n)]
    payments = [0] * n
    shut = [rules.shutout is not Shutout.OFF and scores[p] == 0 for p in losers]
    for p, shut_out in zip(losers, shut, strict=True):
        bonus = rules.game_bonus
        if shut_out and rules.shutout is Shutout.BONUS:
            bonus = rules.shutout_bonus
        owed = totals[w] + bonus
        if shut_out and rules.shutout is Shutout.DOUBLE:
            owed *= 2
        payments[p] = owed - totals[p]
    bonus = rules.game_bonus
    if n == 2 and shut[0]:
        # two sides: the winner's total is the one against the only loser
        totals[w] = payments[losers[0]] + totals[losers[0]]
        if rules.shutout is Shutout.BONUS:
            bonus = rules.shutout_bonus
    else:
        totals[w] += bonus
    return GameResult(
        winner=w,
        hand_points=tuple(scores),
        game_bonus=bonus,
        boxes=tuple(boxes),
        box_points=box_points,
        shutout=any(shut),
        totals=tuple(totals),
        settlement=sum(payments),
        payments=tuple(payments),
    )


@dataclass(frozen=True)
class RoundScore:
    """What one round added to each side: points, boxes, and who won it."""

    points: tuple[int, ...]
    boxes: tuple[int, ...]
    won: int | None  # the side that won the round (its hand, or the net)


def score_round(
    side_of: Sequence[int],
    nsides: int,
    tables: Sequence[tuple[tuple[int, int], HandResult]],
    net: bool,
) -> RoundScore:
    """Each side's share of a round's hands.

    ``side_of`` maps seats to sides; ``tables`` holds each table's two
    seats (hand players 0 and 1) and its result. Without ``net`` each
    player's points and boxes go to their side. With ``net`` (the
    partnership formats) the sides' points are netted: the side ahead
    scores the difference and one box if the hands earn boxes (Skarney's
    earn none, and its partnership scores "as in Skarney Gin": RULES.md 6),
    the other nothing; a cancelled table counts 0."""
    points = [0] * nsides
    boxes = [0] * nsides
    won: int | None = None
    for seats, result in tables:
        if not result.scored:
            continue
        for player, seat in enumerate(seats):
            points[side_of[seat]] += result.points[player]
            boxes[side_of[seat]] += result.boxes[player]
        if result.winner is not None:
            won = side_of[seats[result.winner]]
    if not net:
        return RoundScore(tuple(points), tuple(boxes), won)
    assert nsides == 2
    diff = points[0] - points[1]
    if diff == 0:
        return RoundScore((0, 0), (0, 0), None)
    ahead = 0 if diff > 0 else 1
    netted = [0, 0]
    netted[ahead] = abs(diff)
    box = [0, 0]
    box[ahead] = 1 if any(boxes) else 0
    return RoundScore(tuple(netted), tuple(box), ahead)
