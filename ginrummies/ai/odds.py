"""The chances a hint states, and the one table of words that says them.

Every chance a hint puts in words (a knock's undercut risk, whether the
other player takes an offered card) goes through ``chance_words``, so a word
always means the same range; ``benchmarks/calibration.py`` prints the table
with what was observed in each range.

The undercut risk reads the opponent as ``hard`` does (``reading``): their
hand is guessed by ``develop``, eager or patient with the read's odds, so a
patient player's low cards count. Only the ``PlayerView`` is used.
"""

from __future__ import annotations

import itertools
import random

from ..core import (
    Accept,
    Card,
    Decline,
    Knock,
    Level,
    PlayerView,
    Solver,
    cards_of_mask,
    defend,
    from_mask,
    layoff_targets,
    mask_value,
    solver_for,
)
from .hard_takes import hard_take_share
from .reading import develop, read
from .tracking import Memory, remember

# (below this chance, the words): one table for every stated chance
CHANCE_WORDS: tuple[tuple[float, str], ...] = (
    (0.05, "very unlikely"),
    (0.20, "unlikely"),
    (0.40, "possible"),
    (0.60, "about even"),
    (0.80, "likely"),
    (0.95, "very likely"),
    (1.01, "almost certain"),
)

RISK_DEALS = 60  # guesses at the other hand an undercut risk is judged on


def chance_words(p: float) -> str:
    """The words for a chance, from ``CHANCE_WORDS``."""
    return next(words for below, words in CHANCE_WORDS if p < below)


def chance_range(words: str) -> tuple[float, float]:
    """The range of chances ``words`` stand for (the benchmark's buckets)."""
    low = 0.0
    for below, w in CHANCE_WORDS:
        if w == words:
            return low, min(below, 1.0)
        low = below
    raise KeyError(words)


# The sampled share runs high: a guessed hand improves faster than a real
# one, so the chance stated is read off these curves (share -> chance, by
# straight lines between the points), measured by benchmarks/calibration.py
# --fit on games of their own (seeds 7 to 10: 30 games of gin and of
# oklahoma against each opponent, 4695 knocks; docs/strength.md, "Hints
# whose odds hold"). Facing the computer, the person knows its level, and
# so does the hint: one curve a level (the hard level undercuts five times
# as often as easy from the same shares). Facing a person, the curve of
# the read of them: eager or patient (fitted on the reference panel, which
# stands for people).
Curve = tuple[tuple[float, float], ...]
RISK_CURVES: dict[str, Curve] = {
    "easy": (
        (0.0, 0.012),
        (0.083, 0.012),
        (0.1, 0.032),
        (0.116, 0.032),
        (0.134, 0.04),
        (0.233, 0.04),
        (0.25, 0.053),
        (1.0, 0.053),
    ),
    "normal": (
        (0.0, 0.02),
        (0.017, 0.022),
        (0.116, 0.022),
        (0.134, 0.066),
        (0.25, 0.066),
        (0.267, 0.094),
        (0.866, 0.094),
        (1.0, 0.094),
    ),
    "hard": (
        (0.0, 0.141),
        (0.017, 0.173),
        (0.034, 0.233),
        (0.083, 0.233),
        (0.1, 0.269),
        (0.183, 0.269),
        (0.2, 0.336),
        (0.283, 0.336),
        (0.3, 0.396),
        (0.383, 0.396),
        (0.4, 0.464),
        (1.0, 0.464),
    ),
    "eager": (
        (0.0, 0.014),
        (0.016, 0.014),
        (0.034, 0.043),
        (0.083, 0.043),
        (0.1, 0.107),
        (0.116, 0.107),
        (0.134, 0.121),
        (0.25, 0.121),
        (0.267, 0.192),
        (0.383, 0.192),
        (0.4, 0.22),
        (0.933, 0.22),
        (1.0, 0.22),
    ),
    "patient": (
        (0.0, 0.119),
        (0.2, 0.119),
        (0.217, 0.346),
        (1.0, 0.346),
    ),
}


def on_curve(share: float, curve: Curve) -> float:
    """``curve`` at ``share``, by a straight line between its two nearest points."""
    for (x0, y0), (x1, y1) in itertools.pairwise(curve):
        if share <= x1:
            return y0 + (y1 - y0) * (share - x0) / (x1 - x0)
    return curve[-1][1]


class KnockOdds:
    """The undercut risk of each knock of one position, from one set of
    guesses at the other hand (``RISK_DEALS`` of them, drawn as ``hard``
    draws them: eager or patient by its read of the opponent, then improved
    over the turns they played). Seeded by the public story, so it repeats."""

    def __init__(
        self, view: PlayerView, memory: Memory | None = None, opponent: Level | None = None
    ) -> None:
        """``opponent``: the level of the computer across the table, or None
        for a person (their read picks the curve)."""
        self.view = view
        self.memory = memory or remember(view)
        self.solver = solver_for(view.rules)
        self.eager = read(view, self.solver).eager
        style = "eager" if self.eager >= 0.5 else "patient"
        self.curve = RISK_CURVES[opponent if opponent in RISK_CURVES else style]
        self._hands: list[int] | None = None
        self._risks: dict[Knock, float | None] = {}

    @property
    def hands(self) -> list[int]:
        """The guesses at the other hand (none if the view leaves no room for one)."""
        if self._hands is None:
            view, memory, solver = self.view, self.memory, self.solver
            rng = random.Random(len(view.history))
            need = view.opponent_hand_size - memory.opp_known.bit_count()
            self._hands = []
            if need <= memory.unseen.bit_count():
                self._hands = [
                    develop(view, memory, rng, solver, rng.random() < self.eager)
                    for _ in range(RISK_DEALS)
                ]
        return self._hands

    def deadwood(self, knock: Knock) -> int:
        """The knocker's count once ``knock`` is spread."""
        spread = knock.discard.bit if knock.discard else 0
        for m in knock.melds:
            spread |= m.mask
        return mask_value(self.memory.mine & ~spread, self.solver.tables)

    def share(self, knock: Knock) -> float:
        """The share of the guessed hands that, with their lay-offs on
        ``knock``'s melds, count as little as the knocker: an undercut."""
        mine = self.deadwood(knock)
        rules = self.view.rules
        hits = sum(
            defend(cards_of_mask(opp), knock.melds, rules).points <= mine for opp in self.hands
        )
        return hits / len(self.hands) if self.hands else 0.0

    def risk(self, knock: Knock) -> float | None:
        """The undercut risk the hint states (None for gin, which cannot be
        undercut): the sampled share read off its curve."""
        if knock not in self._risks:
            if self.deadwood(knock) == 0:
                self._risks[knock] = None
            else:
                self._risks[knock] = on_curve(self.share(knock), self.curve)
        return self._risks[knock]

    def win_chance(self, knock: Knock) -> float:
        """The chance ``knock`` wins the hand: it loses only to an undercut."""
        risk = self.risk(knock)
        return 1.0 if risk is None else 1.0 - risk


def knock_risk(
    view: PlayerView, knock: Knock, memory: Memory | None = None, opponent: Level | None = None
) -> float | None:
    """The hint's undercut risk for ``knock`` (see ``KnockOdds``)."""
    return KnockOdds(view, memory, opponent).risk(knock)


TAKE_DEALS = 60  # guesses at the other hand a take chance is judged on
PATIENT_PRIOR = 0.2  # the share of players who decline every offer (the panel's camper)
ACCEPTER_DECLINES = 0.8  # how often a player who takes what melds declines an offer


def answers(view: PlayerView) -> tuple[int, int]:
    """The other player's answers to this player's offers in this game so
    far: (accepted, declined)."""
    took = passed = 0
    for history in [*(p.history for p in view.game.past), view.history]:
        for e in history:
            if e.player != view.player and isinstance(e.action, Accept):
                took += 1
            elif e.player != view.player and isinstance(e.action, Decline):
                passed += 1
    return took, passed


def unmelded(
    solver: Solver, hand: int, known: int, pool: list[int], rng: random.Random, most: int = 0
) -> int:
    """``hand`` with the cards of its melds (but the ``known`` ones) swapped
    for others of ``pool``, a few times over, until it holds at most
    ``most`` three-card melds side by side (0: no meld; 2: no contract)."""
    for _ in range(3):
        melds = solver.arrange(hand).melds
        if sum(len(m) // 3 for m in melds) <= most:
            break
        melded = 0
        for meld in melds:
            melded |= meld.mask
        melded &= ~known
        spare = [b for b in pool if not b & hand]
        if not melded or not spare:
            break
        hand &= ~melded
        for bit in rng.sample(spare, min(melded.bit_count(), len(spare))):
            hand |= bit
    return hand


# The guessed share of takes runs high in the middle (real hands meld less
# than guessed ones); the chance stated is read off this curve, measured as
# RISK_CURVES are (--fit, seed 7: 6 Skarney games an opponent, 8553 offers)
TAKE_CURVE: Curve = (
    (0.0, 0.013),
    (0.016, 0.013),
    (0.017, 0.016),
    (0.033, 0.016),
    (0.034, 0.079),
    (0.066, 0.079),
    (0.067, 0.112),
    (0.082, 0.112),
    (0.084, 0.145),
    (0.166, 0.145),
    (0.167, 0.159),
    (0.215, 0.159),
    (0.217, 0.222),
    (0.266, 0.222),
    (0.267, 0.281),
    (0.304, 0.281),
    (0.307, 0.358),
    (0.349, 0.358),
    (0.35, 0.362),
    (0.457, 0.362),
    (0.467, 0.444),
    (0.479, 0.444),
    (0.48, 0.461),
    (0.719, 0.461),
    (0.734, 0.553),
    (0.783, 0.553),
    (0.8, 0.742),
    (0.983, 0.742),
    (1.0, 0.973),
)

# ``hard`` answers by search (``by_search``): its curve, fitted the same way on
# its own answers (--fit, seed 7: 12 Skarney games against it, 3107 offers)
HARD_TAKE_CURVE: Curve = (
    (0.0, 0.009),
    (0.084, 0.101),
    (0.166, 0.101),
    (0.25, 0.206),
    (0.334, 0.295),
    (0.417, 0.393),
    (0.5, 0.433),
    (0.584, 0.482),
    (0.667, 0.576),
    (0.75, 0.645),
    (0.834, 0.826),
    (1.0, 0.826),
)


def take_chance(
    view: PlayerView, card: Card, memory: Memory | None = None, opponent: Level | None = None
) -> float:
    """Skarney: the chance the other player accepts ``card`` if offered now:
    ``take_share`` read off the curve of ``opponent`` (the level of the
    computer across the table, or None for a person)."""
    curve = HARD_TAKE_CURVE if by_search(view, opponent) else TAKE_CURVE
    return on_curve(take_share(view, card, memory, opponent), curve)


def by_search(view: PlayerView, opponent: Level | None) -> bool:
    """Does ``opponent`` answer offers by playing the hand out (``hard``
    with poker melds) rather than by taking what melds?"""
    return opponent is Level.HARD and view.rules.poker_melds


def take_share(
    view: PlayerView, card: Card, memory: Memory | None = None, opponent: Level | None = None
) -> float:
    """Skarney: the share of guesses at the other player that accept ``card``.

    ``hard`` (``by_search``) is asked as it decides (``hard_takes``). Any
    other player takes a card that melds in their hand or lays off on their own
    table melds (as the bots do), guessed over hands of the unseen cards;
    unless they are one who declines everything, which their answers so far
    in this game tell (one acceptance rules it out)."""
    memory = memory or remember(view)
    if by_search(view, opponent):
        return hard_take_share(view, memory, card)
    solver = solver_for(view.rules)
    theirs = [t.meld for t in view.table.melds if t.owner != view.player]
    if any(card in layoff_targets(m, view.rules) for m in theirs):
        wants = 1.0
    else:
        known = memory.opp_known
        pool = [c.bit for c in from_mask(memory.unseen & ~card.bit)]
        need = max(0, min(view.opponent_hand_size - known.bit_count(), len(pool)))
        rng = random.Random(f"{len(view.history)}:{card}")
        # a player lays the contract as soon as it is there, and each meld
        # after it as it comes: the hand left holds no contract, or no meld
        most = 0 if view.table.contracts[1 - view.player] else 2
        hits = 0
        for _ in range(TAKE_DEALS):
            hand = known
            for bit in rng.sample(pool, need):
                hand |= bit
            hand = unmelded(solver, hand, known, pool, rng, most)
            hits += solver.deadwood(hand | card.bit) <= solver.deadwood(hand)
        wants = hits / TAKE_DEALS
    took, passed = answers(view)
    if took:
        patient = 0.0
    else:
        odds = PATIENT_PRIOR / (1 - PATIENT_PRIOR) / ACCEPTER_DECLINES**passed
        patient = odds / (1 + odds)
    return (1 - patient) * wants
