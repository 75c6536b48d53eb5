"""The ``hard`` Gin-family player: determinized Monte Carlo.

For each decision it samples opponent hands and stock orders that agree
with its view, plays the hand out from each candidate move with a quick
greedy policy for both sides, and keeps the move with the best mean score.
The candidates come from the ``normal`` player's ranking, and the search
stops at its time budget, so it never stalls the app.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from ..core import (
    Action,
    Discard,
    Family,
    Knock,
    Level,
    Meld,
    Phase,
    PlayerView,
    RuleSet,
    Solver,
    TakeDiscard,
    cards_of_mask,
    defend,
    from_mask,
    score_knock,
    sequence_bonus,
)
from .ginbot import GinBot
from .reading import EARLY, LATE, Read, develop, read
from .registry import register
from .tracking import Memory, knock_limit, remember, turns_of


@dataclass(frozen=True, slots=True)
class World:
    """One guess at the hidden cards: the opponent's hand and the stock's order."""

    opp: int
    stock: tuple[int, ...]  # card bits, next draw first
    eager: bool = True  # the opponent knocks as soon as it may (else it camps)


class Rollout:
    """Plays a hand to its end on bit masks, both sides greedy."""

    def __init__(self, rules: RuleSet, solver: Solver, limit: int, spade: bool) -> None:
        self.rules = rules
        self.solver = solver
        self.limit = limit
        self.spade = spade
        # how each side knocks: at this count, but at the limit in its next
        # ``early`` turns and once the stock is down to ``late`` cards
        self.knock_at = (limit, limit)
        self.early = (0, 0)
        self.late = 0

    def knock_value(self, knocker: int, hand11: int, defender: int, discard: int) -> float:
        """Points to the knocker (negative if undercut), with lay-offs."""
        solver = self.solver
        arr = solver.arrange(hand11 & ~discard, False)
        k = arr.points
        if k == 0:
            s = score_knock(self.rules, 0, solver.deadwood(defender), gin=True, spade=self.spade)
            if not self.rules.sequence_bonuses:
                return float(s.base)
            return s.base + self.bonus(arr.melds, solver.arrange(defender, False).melds)
        defense = defend(cards_of_mask(defender), arr.melds, self.rules)
        s = score_knock(self.rules, k, defense.points, spade=self.spade)
        return (s.base if s.winner_is_knocker else -s.base) + self.bonus(arr.melds, defense.melds)

    def bonus(self, knocker: Sequence[Meld], defender: Sequence[Meld]) -> float:
        """Sequence Gin's bonuses, the knocker's less the defender's."""
        if not self.rules.sequence_bonuses:
            return 0.0
        net = sequence_bonus(knocker) - sequence_bonus(defender)
        return float(2 * net if self.spade else net)

    def play(
        self,
        hands: list[int],
        stock: Sequence[int],
        top: int,
        mover: int,
        drawn: bool,
        taken: int,
        rng: random.Random,
    ) -> float:
        """Score for player 0 of playing on; ``drawn`` says the mover holds 11."""
        solver = self.solver
        pos = 0
        stock_left = len(stock)
        early = list(self.early)
        while True:
            hand = hands[mover]
            if not drawn:
                if top and solver.deadwood(hand | top, True) < solver.deadwood(hand):
                    hand |= top
                    taken = top
                    top = 0
                else:
                    if stock_left - pos <= 2:
                        return 0.0  # the wall: the hand is cancelled
                    hand |= stock[pos]
                    pos += 1
                    taken = 0
            drawn = False
            arr = solver.arrange(hand, True)
            throw = arr.discard.bit if arr.discard else 0
            if throw == taken and taken:
                throw = min(
                    (c.bit for c in cards_of_mask(hand & ~taken)),
                    key=lambda b: (solver.deadwood(hand & ~b), rng.random()),
                )
            at = self.knock_at[mover]
            if early[mover] > 0 or stock_left - pos <= self.late:
                at = self.limit
            early[mover] -= 1
            if solver.deadwood(hand & ~throw) <= at:
                value = self.knock_value(mover, hand, hands[1 - mover], throw)
                return value if mover == 0 else -value
            hands[mover] = hand & ~throw
            top = throw
            if stock_left - pos <= 2:
                return 0.0
            mover = 1 - mover


class HardGinBot(GinBot):
    """``normal``'s judgement, checked by sampling the hidden cards, against
    the opponent it reads from the game (``reading``)."""

    budget = 0.12  # seconds per decision, when ``samples`` is not set
    samples: int | None = None  # a fixed number of worlds: the same choice on any machine
    width = 3  # discards considered
    margin = 1.0  # points a sampled discard must gain over normal's choice
    # in its own playouts it holds out for gin (measured: a knock judged
    # against patient play is undercut far less often by campers)
    self_knock: int | None = 0  # the count it knocks at in its own playouts (None: the limit)
    knock_margin = 4.0  # points a knock must be worth over playing on

    def __init__(self, rules: RuleSet, seed: int | None = None) -> None:
        super().__init__(rules, seed, Level.NORMAL)
        self.name = "hard"

    def choose(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        legal = list(legal_actions)
        if len(legal) == 1:
            return legal[0]
        memory = remember(view)
        candidates = self._candidates(view, legal, memory)
        if len(candidates) == 1:
            return candidates[0]
        return self._search(view, memory, candidates)

    def _candidates(self, view: PlayerView, legal: list[Action], memory: Memory) -> list[Action]:
        # draws follow ``normal``; the search weighs a knock against playing
        # on, and the discards, where judgement matters most
        if view.phase in (Phase.UPCARD, Phase.DRAW, Phase.FIFTIETH):
            return [super().choose(view, legal)]
        knocks = [a for a in legal if isinstance(a, Knock)]
        if knocks and not self.points_after(memory.mine, knocks[0]):
            return [knocks[0]]  # gin
        discards = [a for a in legal if isinstance(a, Discard)]
        ranked = sorted(discards, key=lambda a: self.discard_score(view, memory, a))
        out: list[Action] = [*knocks[:1], *ranked[: self.width]]
        return out

    def _search(self, view: PlayerView, memory: Memory, candidates: list[Action]) -> Action:
        deadline = time.perf_counter() + self.budget
        values = self.weigh(view, memory, candidates, self._rng(view), deadline)
        return candidates[self.pick(candidates, values)]

    def weigh(
        self,
        view: PlayerView,
        memory: Memory,
        candidates: Sequence[Action],
        rng: random.Random,
        deadline: float,
        most: int = 400,
        least: int = 8,
    ) -> list[list[float]]:
        """Each candidate's score in each sampled world: ``samples`` worlds,
        or as many as the time allows (``least`` to ``most``)."""
        limit = knock_limit(view)
        sim = Rollout(self.rules, self._solver, limit, view.doubled)
        the_read = read(view, self._solver)
        theirs = turns_of(view.history, 1 - view.player)
        mine = limit if self.self_knock is None else min(limit, self.self_knock)
        values: list[list[float]] = [[] for _ in candidates]
        n = 0
        while self._more(n, deadline, least, most):
            world = self._world(view, memory, rng, the_read)
            # the opponent plays on in the style the world gives it
            sim.knock_at = (mine, the_read.knock_at(world.eager, limit))
            sim.early = (0, 0 if world.eager else max(0, EARLY - theirs))
            sim.late = 0 if world.eager else LATE
            for i, action in enumerate(candidates):
                values[i].append(self.move_value(view, memory, sim, world, action, rng))
            n += 1
        return values

    def _more(self, n: int, deadline: float, least: int, most: int) -> bool:
        if self.samples is not None:
            return n < self.samples
        return n < least or (time.perf_counter() < deadline and n < most)

    def pick(self, candidates: Sequence[Action], values: list[list[float]]) -> int:
        """The move to play once the worlds are weighed. Among the discards,
        the first (``normal``'s choice) unless another gains clearly more in
        the same worlds (paired differences), beyond the sampling noise; a
        knock if it is worth at least as much as that discard. Other moves
        follow ``normal``: the first."""
        discards = [i for i, a in enumerate(candidates) if isinstance(a, Discard)]
        knock = next((i for i, a in enumerate(candidates) if isinstance(a, Knock)), None)
        if not discards:
            return 0 if knock is None else knock
        n = len(values[discards[0]])
        best, best_gain = discards[0], 0.0
        for i in discards[1:]:
            diffs = [a - b for a, b in zip(values[i], values[discards[0]], strict=True)]
            mean = sum(diffs) / n
            var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
            if mean > self.margin + 2.5 * (var / n) ** 0.5 and mean > best_gain:
                best, best_gain = i, mean
        if knock is not None and sum(values[knock]) >= sum(values[best]) + self.knock_margin * n:
            return knock
        return best

    def _world(self, view: PlayerView, memory: Memory, rng: random.Random, the_read: Read) -> World:
        """One guess at the hidden cards (``tune_games.py --peek`` overrides it)."""
        eager = rng.random() < the_read.eager
        opp = develop(view, memory, rng, self._solver, eager)
        rest = [c.bit for c in from_mask(memory.unseen & ~opp)]
        rng.shuffle(rest)
        return World(opp, tuple(rest[: view.stock_size]), eager)

    def move_value(
        self,
        view: PlayerView,
        memory: Memory,
        sim: Rollout,
        world: World,
        action: Action,
        rng: random.Random,
    ) -> float:
        """My score from this world after ``action`` (player 0 is me here)."""
        me = memory.mine
        hands = [me, world.opp]
        if isinstance(action, Knock):
            throw = action.discard.bit if action.discard else 0
            return sim.knock_value(0, me, world.opp, throw)
        if isinstance(action, Discard):
            hands[0] = me & ~action.card.bit
            return sim.play(hands, world.stock, action.card.bit, 1, False, 0, rng)
        take = isinstance(action, TakeDiscard)
        return self._after_draw(sim, hands, world, memory.top, take, rng)

    def _after_draw(
        self, sim: Rollout, hands: list[int], world: World, top: int, take: bool, rng: random.Random
    ) -> float:
        if take:
            hands[0] |= top
            return sim.play(hands, world.stock, 0, 0, True, top, rng)
        if len(world.stock) <= 2:
            return 0.0
        hands[0] |= world.stock[0]
        return sim.play(hands, world.stock[1:], top, 0, True, 0, rng)


register(Level.HARD, HardGinBot, Family.GIN)
