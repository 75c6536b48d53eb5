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

import random

from ..core import (
    Accept,
    Card,
    Decline,
    Knock,
    PlayerView,
    Solver,
    cards_of_mask,
    defend,
    from_mask,
    layoff_targets,
    mask_value,
    solver_for,
)
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


def knock_undercut_risk(
    solver: Solver,
    view: PlayerView,
    memory: Memory,
    knock: Knock,
    mine: int,
    rng: random.Random,
    n: int = RISK_DEALS,
) -> float:
    """Chance that the other hand, with its lay-offs on ``knock``'s melds,
    counts ``mine`` or less (an undercut), over hands guessed as ``hard``
    guesses them: by its read of the opponent, eager or patient."""
    if view.opponent_hand_size - memory.opp_known.bit_count() > memory.unseen.bit_count():
        return 0.0
    the_read = read(view, solver)
    hits = 0
    for _ in range(n):
        eager = rng.random() < the_read.eager
        opp = develop(view, memory, rng, solver, eager)
        defense = defend(cards_of_mask(opp), knock.melds, view.rules)
        hits += defense.points <= mine
    return hits / n


def knock_risk(view: PlayerView, knock: Knock, memory: Memory | None = None) -> float | None:
    """The hint's undercut risk for ``knock`` (None for gin, which cannot be
    undercut), seeded by the public story so it repeats."""
    memory = memory or remember(view)
    solver = solver_for(view.rules)
    spread = knock.discard.bit if knock.discard else 0
    for m in knock.melds:
        spread |= m.mask
    mine = mask_value(memory.mine & ~spread, solver.tables)
    if mine == 0:
        return None
    rng = random.Random(len(view.history))
    return knock_undercut_risk(solver, view, memory, knock, mine, rng)


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


def take_chance(view: PlayerView, card: Card, memory: Memory | None = None) -> float:
    """Skarney: the chance the other player accepts ``card`` if offered now.

    A player takes a card that melds in their hand or lays off on their own
    table melds (as the bots do), guessed over hands of the unseen cards;
    unless they are one who declines everything, which their answers so far
    in this game tell (one acceptance rules it out)."""
    memory = memory or remember(view)
    solver = solver_for(view.rules)
    theirs = [t.meld for t in view.table.melds if t.owner != view.player]
    if any(card in layoff_targets(m, view.rules) for m in theirs):
        wants = 1.0
    else:
        known = memory.opp_known
        pool = [c.bit for c in from_mask(memory.unseen & ~card.bit)]
        need = max(0, min(view.opponent_hand_size - known.bit_count(), len(pool)))
        rng = random.Random(f"{len(view.history)}:{card}")
        hits = 0
        for _ in range(TAKE_DEALS):
            hand = known
            for bit in rng.sample(pool, need):
                hand |= bit
            hits += solver.deadwood(hand | card.bit) <= solver.deadwood(hand)
        wants = hits / TAKE_DEALS
    took, passed = answers(view)
    if took:
        patient = 0.0
    else:
        odds = PATIENT_PRIOR / (1 - PATIENT_PRIOR) / ACCEPTER_DECLINES**passed
        patient = odds / (1 + odds)
    return (1 - patient) * wants
