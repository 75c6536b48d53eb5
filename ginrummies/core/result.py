"""Hand results and the pure scoring arithmetic of RULES.md section 2.2.

``score_knock`` turns the counts of a finished hand into points; a
``HandResult`` keeps everything a person needs to check it, and
``breakdown()`` writes it out line by line.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum

from .cards import Card, format_cards
from .defense import Layoff
from .melds import Meld, hand_value
from .rules import Family, KnockScoring, RuleSet
from .wording import says, whose

CANCELLED = "The stock is down to two cards: the hand is cancelled, no score."


class Outcome(Enum):
    KNOCK = "knock"  # the knocker had less deadwood
    UNDERCUT = "undercut"  # the defender had as little or less
    GIN = "gin"
    BIG_GIN = "big gin"
    CANCELLED = "cancelled"  # stock down to two: no score, same dealer again
    OUT = "out"  # Skarney, Colonel: a player went out
    STOCK = "stock"  # Skarney, Colonel: the stock ran out, lower hand scores
    CHALLENGE = "challenge"  # Colonel: a challenge was accepted


@dataclass(frozen=True, slots=True)
class TableMeld:
    """A meld on the table (Skarney, Colonel) and the player who laid it."""

    owner: int
    meld: Meld


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


def score_going_out(
    rules: RuleSet, held: Sequence[Card], *, contract: bool = True
) -> tuple[int, int, list[str]]:
    """Skarney and Colonel: (points, bonus, lines) for going out against ``held``.

    Every card still in the opponent's hand counts, melded or not (aces at
    the rules' ace value); Skarney adds its bonus, doubled while the
    opponent has not laid the contract.
    """
    total = hand_value(held, rules)
    if rules.family is not Family.SKARNEY:
        return total, 0, [f"Going out: the cards left count {total}"]
    bonus = rules.out_bonus if contract else rules.out_bonus_no_contract
    why = "" if contract else " (no contract down)"
    return (
        total + bonus,
        bonus,
        [f"Going out: {total} in hand + bonus {bonus}{why} = {total + bonus}"],
    )


def score_lower_total(totals: Sequence[int], *, whole: bool) -> tuple[list[int], list[str]]:
    """The lower hand total wins: the difference (stock's end) or, after an
    accepted Colonel challenge (``whole``), the opponent's whole total."""
    a, b = totals[0], totals[1]
    points = [0, 0]
    if a == b:
        return points, [f"Equal totals, {a} each: nothing is scored."]
    low = 0 if a < b else 1
    mine, theirs = (a, b) if low == 0 else (b, a)
    if whole:
        points[low] = theirs
        return points, [f"Lower total {mine} against {theirs}: scores all {theirs}."]
    points[low] = theirs - mine
    return points, [f"Lower total wins: {theirs} − {mine} = {theirs - mine}."]


def _scored_lines(result: HandResult, names: Sequence[str]) -> list[str]:
    return [f"{says(names[p], 'scores')} {result.points[p]}." for p in (0, 1) if result.points[p]]


@dataclass(frozen=True)
class KnockEnd:
    """How a hand of the Gin family ended: the upcard and knock limit, and
    once a player knocked, the knock, each hand's melds and the lay-offs."""

    knocker: int | None = None
    melds: tuple[tuple[Meld, ...], tuple[Meld, ...]] = ((), ())
    layoffs: tuple[Layoff, ...] = ()
    discard: Card | None = None  # the knocker's face-down discard
    bonuses: tuple[int, int] = (0, 0)  # Sequence Gin bonuses
    upcard: Card | None = None
    knock_limit: int | None = None

    def tell(
        self, result: HandResult, names: Sequence[str], *, boxes: bool, hands: bool
    ) -> list[str]:
        """The knock told line by line (see ``HandResult.breakdown``)."""
        assert self.knocker is not None and result.winner is not None
        kn, df = self.knocker, 1 - self.knocker
        out = []
        if self.upcard is not None:
            out.append(f"Upcard {self.upcard.label}; knock limit {self.knock_limit}.")
        verb = {Outcome.GIN: "goes gin", Outcome.BIG_GIN: "goes big gin"}.get(
            result.outcome, "knocks"
        )
        discard = f", discarding {self.discard.label}" if self.discard else ""
        out.append(f"{says(names[kn], verb)}{discard}.")
        for p in (kn, df):
            melds = "  ".join(f"[{m}]" for m in self.melds[p]) or "none"
            if hands:
                out.append(f"{whose(names[p])} melds: {melds}")
            if p == df and self.layoffs:
                groups: dict[int, list[Card]] = {}
                for lo in self.layoffs:
                    groups.setdefault(lo.meld, []).append(lo.card)
                laid = "; ".join(
                    f"{format_cards(cs)} on [{self.melds[kn][i]}]" for i, cs in groups.items()
                )
                out.append(f"{says(names[p], 'lays off')} {laid}")
            dead = format_cards(sorted(result.deadwood[p])) or "none"
            if hands:
                out.append(f"{whose(names[p])} deadwood: {dead} = {result.counts[p]}")
        out.extend(result.lines)
        if any(self.bonuses):
            out.append(
                "Sequence bonuses: " + ", ".join(f"{names[p]} +{self.bonuses[p]}" for p in (0, 1))
            )
        out.extend(_scored_lines(result, names))
        if boxes and any(result.boxes):
            out.append(
                "Boxes: "
                + ", ".join(f"{names[p]} {result.boxes[p]}" for p in (0, 1) if result.boxes[p])
            )
        return out


@dataclass(frozen=True)
class TableEnd:
    """How a hand of Skarney or Colonel ended: who went out or challenged,
    the melds on the table, and what each card left in hand was worth."""

    went_out: int | None = None
    challenger: int | None = None
    out_bonus: int = 0  # Skarney's going-out bonus (20, or 40 with no contract)
    contracts: tuple[bool, bool] = (True, True)  # Colonel has none: both count as laid
    table: tuple[TableMeld, ...] = ()
    # the value of each card left in each hand, in rank order
    values: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())

    def tell(
        self, result: HandResult, names: Sequence[str], *, boxes: bool, hands: bool
    ) -> list[str]:
        """How the hand ended, what each still held, the score."""
        out = []
        if result.outcome is Outcome.OUT:
            assert self.went_out is not None
            out.append(f"{says(names[self.went_out], 'goes')} out.")
        elif result.outcome is Outcome.CHALLENGE:
            assert self.challenger is not None
            out.append(
                f"{says(names[self.challenger], 'challenges')}; "
                f"{says(names[1 - self.challenger], 'accepts')}."
            )
        else:
            out.append("The stock has run out: the hand ends.")
        for p in (0, 1):
            mine = [t.meld for t in self.table if t.owner == p]
            if mine:
                out.append(f"{names[p]} on the table: " + "  ".join(f"[{m}]" for m in mine))
        for p in (0, 1):
            if result.outcome is Outcome.OUT and p == self.went_out:
                continue
            cards = sorted(result.deadwood[p])
            if cards:
                held = " + ".join(
                    f"{c.label} {v}" for c, v in zip(cards, self.values[p], strict=True)
                )
                out.append(f"{says(names[p], 'holds')} {held} = {result.counts[p]}")
            else:
                out.append(f"{says(names[p], 'holds')} nothing = 0")
            if not self.contracts[p]:
                out.append(f"{names[p]} never laid the contract.")
        out.extend(result.lines)
        out.extend(_scored_lines(result, names))
        if not any(result.points):
            out.append("No score.")
        return out


@dataclass(frozen=True)
class HandResult:
    """How a hand ended and what each player scored (player 0 and player 1).
    ``ending`` holds what the variant's family adds: a ``KnockEnd`` in the
    Gin family, a ``TableEnd`` in Skarney and Colonel."""

    outcome: Outcome
    winner: int | None = None
    points: tuple[int, int] = (0, 0)
    boxes: tuple[int, int] = (0, 0)  # the box for the hand plus any extra boxes
    deadwood: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())  # what each still held
    counts: tuple[int, int] = (0, 0)  # final deadwood points
    lines: tuple[str, ...] = field(default=())  # the score's arithmetic
    ending: KnockEnd | TableEnd = field(default_factory=KnockEnd)

    @property
    def scored(self) -> bool:
        return self.outcome is not Outcome.CANCELLED

    @property
    def knock(self) -> KnockEnd | None:
        """The Gin family's ending, or None."""
        return self.ending if isinstance(self.ending, KnockEnd) else None

    @property
    def table_end(self) -> TableEnd | None:
        """Skarney's and Colonel's ending, or None."""
        return self.ending if isinstance(self.ending, TableEnd) else None

    @property
    def knocker(self) -> int | None:
        """Who knocked (the Gin family), else None."""
        return self.ending.knocker if isinstance(self.ending, KnockEnd) else None

    def summary(self, names: Sequence[str] = ("Player 1", "Player 2")) -> str:
        """The hand's score in one line: who scores what ("Ann scores 25."),
        or that nothing is scored."""
        if self.outcome is Outcome.CANCELLED:
            return CANCELLED
        return " ".join(_scored_lines(self, names)) or "No score."

    def breakdown(
        self,
        names: Sequence[str] = ("Player 1", "Player 2"),
        *,
        boxes: bool = True,
        hands: bool = True,
    ) -> list[str]:
        """The hand told line by line, with the players' names. ``boxes``:
        with the boxes the hand won (False where a team's box is counted per
        round, not per table). ``hands``: with each Gin hand's melds and
        deadwood in words (False where they are shown as cards)."""
        if self.outcome is Outcome.CANCELLED:
            return [CANCELLED]
        return self.ending.tell(self, names, boxes=boxes, hands=hands)
