"""Heuristic players for the Gin family (Gin, Oklahoma, Fosdick, Sequence).

``normal`` judges a hand by its deadwood now and the deadwood it can expect
after one more card from the live ones (which rewards near-melds whose
cards are still out), keeps away from discards the opponent is collecting,
takes the discard only when it beats a stock draw, and knocks unless a
sampled estimate of the opponent's count makes an undercut likely. ``easy``
looks only at the deadwood in hand and makes the odd careless discard.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import partial

from ..core import (
    AcePolicy,
    Action,
    Card,
    Discard,
    Family,
    Knock,
    Level,
    Phase,
    PlayerView,
    RuleSet,
    Solver,
    TakeDiscard,
    from_mask,
    mask_value,
    meld_masks,
    solver_for,
)
from .registry import register
from .tracking import Memory, knock_limit, public_rng, remember

SUIT_MASK = 0x1FFF


def draw_outlook(solver: Solver, hand: int, pool: int, limit: int = 10) -> tuple[float, float]:
    """After drawing one card of ``pool`` and discarding the best one: the
    mean least deadwood, and the chance it is at most ``limit`` (a knock)."""
    total = n = knocks = 0
    rest = pool
    while rest:
        low = rest & -rest
        rest ^= low
        points = solver.deadwood(hand | low, True)
        total += points
        knocks += points <= limit
        n += 1
    if not n:
        points = solver.deadwood(hand)
        return float(points), float(points <= limit)
    return total / n, knocks / n


def expected_deadwood(solver: Solver, hand: int, pool: int) -> float:
    """Mean least deadwood after drawing one card of ``pool`` and discarding."""
    return draw_outlook(solver, hand, pool)[0]


def neighbours(card: Card, rules: RuleSet) -> int:
    """Cards that would make a meld or a near-meld with ``card``: the same
    rank (if sets count) and the same suit close in rank (if runs count,
    with the ace low, high or both, as the rules have it)."""
    mask = 0
    if rules.sets:
        for s in range(4):
            mask |= 1 << (s * 13 + card.rank - 1)
    if rules.runs:
        base = "cdhs".index(card.suit) * 13
        aces = {AcePolicy.LOW: (1,), AcePolicy.HIGH: (14,)}.get(rules.ace, (1, 14))
        for place in aces if card.rank == 1 else (card.rank,):
            for step in (-2, -1, 1, 2):
                r = place + step
                if r in aces:
                    mask |= 1 << base  # the ace
                elif 2 <= r <= 13:
                    mask |= 1 << (base + r - 1)
    return mask & ~card.bit


def danger(card: Card, memory: Memory, rules: RuleSet) -> float:
    """How likely the opponent wants this card: 0 (safe) upwards."""
    near = neighbours(card, rules)
    score = 1.5 * (near & memory.opp_known).bit_count()
    # cards the opponent let go or passed over suggest they are not collecting there
    score -= 0.5 * (near & (memory.opp_discarded | memory.opp_refused)).bit_count()
    if card.bit & (memory.opp_discarded | memory.opp_refused):
        score -= 0.5
    return max(score, 0.0)


class GinBot:
    """A Gin-family player at level ``easy`` or ``normal``."""

    # the weights of ``normal``, tuned against eaai-simple (benchmarks/strength.py)
    knock_risk = 0.3  # knock while the undercut risk is below this
    danger_weight = 1.2  # deadwood points a dangerous discard is worth
    take_margin = 1.0  # how much better than a stock draw the top must be
    late_weight = 0.4  # weight of the deadwood in hand (not after a draw) as the stock ends
    knock_next_weight = 25.0  # deadwood points a sure knock next turn is worth
    endgame_reach = 25  # within this many points of the target, a hand may decide the game
    endgame_risk = 0.5  # the undercut risk accepted then

    def __init__(
        self, rules: RuleSet, seed: int | None = None, level: Level = Level.NORMAL
    ) -> None:
        if level not in (Level.EASY, Level.NORMAL):
            raise ValueError(f"no Gin level {level!r}")
        self.rules = rules
        self.level = Level(level)
        self.name: str = self.level.value
        self._seed = seed
        self._solver = solver_for(rules)

    def _rng(self, view: PlayerView) -> random.Random:
        return public_rng(self._seed, view)

    # --- the decisions ---------------------------------------------------------

    def choose(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        legal = list(legal_actions)
        if len(legal) == 1:
            return legal[0]
        memory = remember(view)
        if view.phase in (Phase.UPCARD, Phase.DRAW, Phase.FIFTIETH):
            return self._draw(view, legal, memory)
        return self._discard_or_knock(view, legal, memory)

    def _draw(self, view: PlayerView, legal: list[Action], memory: Memory) -> Action:
        take = TakeDiscard() in legal and self.wants_top(view, memory)
        if take:
            return TakeDiscard()
        return next(a for a in legal if not isinstance(a, TakeDiscard))

    def wants_top(self, view: PlayerView, memory: Memory) -> bool:
        """Is the discard top worth more than a card from the stock?"""
        solver = self._solver
        top = memory.top
        if not top:
            return False
        hand = memory.mine
        arr = solver.arrange(hand | top, True)
        if arr.discard is not None and arr.discard.bit == top:
            return False  # it would only go straight back
        if view.phase is Phase.FIFTIETH:
            return True  # offered only when it lets us knock
        melded = any(m.mask & top for m in arr.melds)
        if self.level is Level.EASY:
            return melded
        limit = knock_limit(view)
        if melded and arr.points <= limit:
            return True  # it lets us knock
        after = expected_deadwood(solver, hand, memory.unseen)
        return arr.points < after - self.take_margin and (melded or arr.points <= limit + 5)

    def _discard_or_knock(self, view: PlayerView, legal: list[Action], memory: Memory) -> Action:
        knocks = [a for a in legal if isinstance(a, Knock)]
        if knocks:
            best = knocks[0]  # the core lists them best first
            if not self.points_after(memory.mine, best) or self.should_knock(view, memory, best):
                return best
        discards = [a for a in legal if isinstance(a, Discard)]
        if not discards:
            return knocks[0] if knocks else legal[0]
        return self.pick_discard(view, memory, discards)

    def points_after(self, hand: int, knock: Knock) -> int:
        """The deadwood ``hand`` (a mask) keeps once ``knock`` is spread."""
        spread = knock.discard.bit if knock.discard else 0
        for m in knock.melds:
            spread |= m.mask
        return mask_value(hand & ~spread, self._solver.tables)

    def should_knock(self, view: PlayerView, memory: Memory, knock: Knock) -> bool:
        if self.level is Level.EASY:
            return True
        mine = self.points_after(memory.mine, knock)
        risk = undercut_risk(self._solver, view, memory, mine, self._rng(view))
        return risk < self.knock_threshold(view)

    def knock_threshold(self, view: PlayerView) -> float:
        """The undercut risk worth taking: more near the end of the game,
        where a knock that wins the hand may win the game, and waiting lets
        an opponent close to the target end it."""
        target = view.game.target or self.rules.target
        closest = target - max(view.game.scores)
        return self.endgame_risk if closest <= self.endgame_reach else self.knock_risk

    def pick_discard(self, view: PlayerView, memory: Memory, discards: list[Discard]) -> Discard:
        solver = self._solver
        hand = memory.mine
        rng = self._rng(view)
        if self.level is Level.EASY:
            if rng.random() < 0.15:
                return rng.choice(discards)
            return min(discards, key=lambda a: (solver.deadwood(hand & ~a.card.bit), rng.random()))
        return min(discards, key=lambda a: (self.discard_score(view, memory, a), rng.random()))

    def discard_score(self, view: PlayerView, memory: Memory, action: Discard) -> float:
        """How bad a discard is (lower is better): the deadwood to expect
        after the next draw (and, as the stock runs out, the deadwood in
        hand), less the chance of knocking next turn, plus the risk of
        handing the opponent a card they want.

        A hand against a quick knocker is a race, so the chance to knock
        next turn counts for much (tuned against eaai-simple)."""
        solver = self._solver
        late = max(0.0, min(1.0, 1 - (view.stock_size - 2) / 29))
        now_weight = self.late_weight * late
        rest = memory.mine & ~action.card.bit
        now = solver.deadwood(rest)
        limit = self.plan_limit(view)
        pool = self.draw_pool(view, memory, action)
        ahead, knock_chance = draw_outlook(solver, rest, pool, limit)
        return (
            now_weight * now
            + (1 - now_weight) * ahead
            - self.knock_next_weight * knock_chance
            + self.feed_risk(view, memory, action)
        )

    def plan_limit(self, view: PlayerView) -> int:
        """The count this player means to knock at, which its discards aim for."""
        return knock_limit(view)

    def draw_pool(self, view: PlayerView, memory: Memory, action: Discard) -> int:
        """The cards the next draw may bring after ``action``."""
        return memory.unseen & ~action.card.bit

    def feed_risk(self, view: PlayerView, memory: Memory, action: Discard) -> float:
        """Deadwood points that handing the opponent this card is worth."""
        return self.danger_weight * danger(action.card, memory, self.rules)


def undercut_risk(
    solver: Solver, view: PlayerView, memory: Memory, mine: int, rng: random.Random, n: int = 24
) -> float:
    """Chance the opponent's count is at or below ``mine``, from sampled hands.

    The samples are drawn from what the view leaves possible; an opponent who
    has played many turns holds a better hand than a random one, so their
    counts are scaled down with the turns played.
    """
    known = from_mask(memory.opp_known)
    pool = from_mask(memory.unseen)
    need = view.opponent_hand_size - len(known)
    if need < 0 or need > len(pool):
        return 0.0
    turns = sum(1 for e in view.history if e.player != view.player)
    shrink = max(0.35, 1.0 - 0.06 * turns)
    base = memory.opp_known
    hits = 0
    for _ in range(n):
        hand = base
        for c in rng.sample(pool, need):
            hand |= c.bit
        if solver.deadwood(hand) * shrink <= mine:
            hits += 1
    return hits / n


def in_any_meld(rules: RuleSet, hand: int, card: int) -> bool:
    """EAAI's draw rule: would the card be part of some meld with the hand?"""
    return any(m & card for m, _ in meld_masks(hand | card, rules))


class EaaiSimple:
    """The EAAI-2021 challenge's SimpleGinRummyPlayer, as a yardstick.

    Takes the face-up card only if it would be part of a meld, discards a
    card (at random among the best) that leaves the least deadwood, never
    the face-up card just taken, and knocks as soon as it may.
    """

    name = "eaai-simple"

    def __init__(self, rules: RuleSet, seed: int | None = None) -> None:
        self.rules = rules
        self._seed = seed
        self._solver = solver_for(rules)

    def choose(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        legal = list(legal_actions)
        memory = remember(view)
        rng = public_rng(self._seed, view)
        if view.phase in (Phase.UPCARD, Phase.DRAW, Phase.FIFTIETH):
            if TakeDiscard() in legal and in_any_meld(self.rules, memory.mine, memory.top):
                return TakeDiscard()
            others = [a for a in legal if not isinstance(a, TakeDiscard)]
            return others[0]
        knocks = [a for a in legal if isinstance(a, Knock)]
        if knocks:
            return knocks[0]
        discards = [a for a in legal if isinstance(a, Discard)]
        left = {a: self._solver.deadwood(memory.mine & ~a.card.bit) for a in discards}
        least = min(left.values())
        return rng.choice([a for a in discards if left[a] == least])


for _level in (Level.EASY, Level.NORMAL):
    register(_level, partial(GinBot, level=_level), Family.GIN)
register("eaai-simple", EaaiSimple, Family.GIN)
