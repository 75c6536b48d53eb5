"""Hand results and the pure scoring arithmetic of RULES.md section 2.2.

``score_knock`` turns the counts of a finished hand into points; a
``HandResult`` keeps everything a person needs to check it, and
``breakdown()`` writes it out line by line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from .cards import Card, format_cards
from .defense import Layoff
from .melds import Meld
from .rules import KnockScoring, RuleSet

_PLAIN = {"knocks": "knock", "goes": "go", "lays": "lay", "scores": "score", "wins": "win"}


def says(name: str, verb: str) -> str:
    """``name`` and a verb that agrees with it: "Elder knocks", "You knock"."""
    if name.lower() == "you":
        head, _, rest = verb.partition(" ")
        verb = " ".join(filter(None, [_PLAIN.get(head, head), rest]))
    return f"{name} {verb}"


class Outcome(Enum):
    KNOCK = "knock"  # the knocker had less deadwood
    UNDERCUT = "undercut"  # the defender had as little or less
    GIN = "gin"
    BIG_GIN = "big gin"
    CANCELLED = "cancelled"  # stock down to two: no score, same dealer again


@dataclass(frozen=True, slots=True)
class Score:
    """The arithmetic of one hand: who won, base points, and how they came."""

    winner_is_knocker: bool
    base: int
    extra_boxes: int
    lines: tuple[str, ...]


def score_knock(
    rules: RuleSet,
    knocker_points: int,
    defender_points: int,
    *,
    gin: bool = False,
    big_gin: bool = False,
    spade: bool = False,
) -> Score:
    """Score a knock: RULES.md 2.2, with the Oklahoma extras when they are on.

    ``spade`` says the upcard was a spade (doubles only if the rules say so).
    Sequence bonuses are added by the caller: they never decide who won.
    """
    k, d = knocker_points, defender_points
    lines: list[str] = []
    extra = 0
    if big_gin:
        base = rules.big_gin_bonus + d
        lines.append(f"Big gin: bonus {rules.big_gin_bonus} + defender's {d} = {base}")
        knocker_wins = True
        extra = 2 if rules.extra_boxes else 0
    elif gin:
        base = rules.gin_bonus + d
        lines.append(f"Gin: bonus {rules.gin_bonus} + defender's {d} = {base}")
        knocker_wins = True
        extra = 2 if rules.extra_boxes else 0
    elif k < d:
        knocker_wins = True
        if rules.knock_scoring is KnockScoring.OPPONENT_DEADWOOD:
            base = d
            lines.append(f"Knock wins, {k} against {d}: the knocker scores all {d}")
        else:
            base = d - k
            lines.append(f"Knock wins: {d} − {k} = {base}")
    else:
        knocker_wins = False
        base = k - d + rules.undercut_bonus
        tie = " (a tie is an undercut)" if k == d else ""
        lines.append(f"Undercut{tie}: {k} − {d} + undercut bonus {rules.undercut_bonus} = {base}")
        extra = 1 if rules.extra_boxes else 0
    if spade and rules.spade_doubles:
        lines.append(f"Upcard is a spade: {base} × 2 = {base * 2}")
        base *= 2
        extra *= 2
    return Score(knocker_wins, base, extra, tuple(lines))


@dataclass(frozen=True)
class HandResult:
    """How a hand ended and what each player scored (player 0 and player 1)."""

    outcome: Outcome
    knocker: int | None = None
    winner: int | None = None
    points: tuple[int, int] = (0, 0)
    boxes: tuple[int, int] = (0, 0)  # the box for the hand plus any extra boxes
    melds: tuple[tuple[Meld, ...], tuple[Meld, ...]] = ((), ())
    deadwood: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())
    counts: tuple[int, int] = (0, 0)  # final deadwood points
    layoffs: tuple[Layoff, ...] = ()
    discard: Card | None = None  # the knocker's face-down discard
    bonuses: tuple[int, int] = (0, 0)  # Sequence Gin bonuses
    upcard: Card | None = None
    knock_limit: int | None = None
    lines: tuple[str, ...] = field(default=())  # the score's arithmetic

    @property
    def scored(self) -> bool:
        return self.outcome is not Outcome.CANCELLED

    def breakdown(self, names: tuple[str, str] = ("Player 1", "Player 2")) -> list[str]:
        """The hand told line by line, with the players' names."""
        if self.outcome is Outcome.CANCELLED:
            return ["The stock is down to two cards: the hand is cancelled, no score."]
        assert self.knocker is not None and self.winner is not None
        kn, df = self.knocker, 1 - self.knocker
        out = []
        if self.upcard is not None:
            out.append(f"Upcard {self.upcard.label}; knock limit {self.knock_limit}.")
        verb = {Outcome.GIN: "goes gin", Outcome.BIG_GIN: "goes big gin"}.get(
            self.outcome, "knocks"
        )
        discard = f", discarding {self.discard.label}" if self.discard else ""
        out.append(f"{says(names[kn], verb)}{discard}.")
        for p in (kn, df):
            melds = "  ".join(f"[{m}]" for m in self.melds[p]) or "none"
            out.append(f"{names[p]} melds: {melds}")
            if p == df and self.layoffs:
                groups: dict[int, list[Card]] = {}
                for lo in self.layoffs:
                    groups.setdefault(lo.meld, []).append(lo.card)
                laid = "; ".join(
                    f"{format_cards(cs)} on [{self.melds[kn][i]}]" for i, cs in groups.items()
                )
                out.append(f"{says(names[p], 'lays off')} {laid}")
            dead = format_cards(sorted(self.deadwood[p])) or "none"
            out.append(f"{names[p]} deadwood: {dead} = {self.counts[p]}")
        out.extend(self.lines)
        if any(self.bonuses):
            out.append(
                "Sequence bonuses: " + ", ".join(f"{names[p]} +{self.bonuses[p]}" for p in (0, 1))
            )
        for p in (0, 1):
            if self.points[p]:
                out.append(f"{says(names[p], 'scores')} {self.points[p]}.")
        if any(self.boxes):
            out.append(
                "Boxes: "
                + ", ".join(f"{names[p]} {self.boxes[p]}" for p in (0, 1) if self.boxes[p])
            )
        return out
