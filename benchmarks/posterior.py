"""How much eaai-simple's play gives away about its hand, and what that is worth.

    python benchmarks/posterior.py --deals 40              # sharpness only, quick
    python benchmarks/posterior.py --deals 500 --weight 8  # and points a hand

A benchmark, not a player. It tracks the opponent's hand with a particle
filter that knows the opponent's policy exactly (eaai-simple: take the pile
top only if it melds, throw the card leaving least deadwood, knock at once):
each particle is a hand at the deal plus the cards drawn from the stock,
weighted by how well it explains every turn the opponent played, and
refreshed by Metropolis moves that swap one of its cards. That is the best
guess the play allows; ``normal`` then uses the share of particles that
would meld a discard as its feed risk (``--weight`` points for a sure
feed, in place of its danger guess, or added to it with ``--add``).

It prints points a hand against eaai-simple (2 hands a deal, seats
swapped) and, over every discard ``normal`` weighed, how well the filter and
the danger guess rank the cards that really would feed the opponent (area
under the ROC curve: 0.5 is a coin, 1.0 knowing the hand). The eaai rules
only (its preset). See docs/strength.md.
"""

from __future__ import annotations

import argparse
import bisect
import random
import statistics
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from functools import reduce
from operator import or_
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ginrummies.ai import make_bot
from ginrummies.ai.ginbot import GinBot, danger
from ginrummies.ai.reading import Read
from ginrummies.ai.search import HardGinBot, World
from ginrummies.ai.tracking import ALL, Memory, remember
from ginrummies.core import (
    Action,
    Discard,
    DrawStock,
    Game,
    Pass,
    PlayerView,
    RuleSet,
    TakeDiscard,
    preset,
    solver_for,
)
from ginrummies.core.cards import CARDS, to_mask
from ginrummies.core.melds import card_value, meld_masks

SOFT = 1e-3  # a turn the policy would not have played: unlikely, never impossible
REFUSE, TAKE, STOCK, THROW = range(4)  # what the opponent was seen to do


RULES = preset("eaai")
# the 3-card melds of the rules, from the core's meld engine: for each card,
# the pairs that meld with it (the check ``in_any_meld`` makes, as a lookup)
TRIPLES = [m for m, _ in meld_masks(ALL, RULES) if m.bit_count() == 3]
PAIRS = [[m & ~(1 << i) for m in TRIPLES if m >> i & 1] for i in range(52)]
VALUE = [card_value(card, RULES) for card in CARDS]


def melds_with(hand: int, bit: int) -> bool:
    """Would the card ``bit`` be part of some meld with ``hand``?"""
    return any(hand & p == p for p in PAIRS[bit.bit_length() - 1])


def bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


class Policy:
    """The likelihood of eaai-simple's turns, given its hand."""

    def __init__(self, rules: RuleSet, limit: int) -> None:
        self.deadwood = solver_for(rules).deadwood
        self.limit = limit

    def throw(self, hand: int, card: int, taken: int) -> float:
        """Chance that, holding ``hand`` (11 cards), it throws ``card`` and does not knock."""
        if not hand & card or card == taken:
            return SOFT * SOFT
        dw = self.deadwood
        least = min(dw(hand & ~c) for c in bits(hand & ~taken)) if taken else dw(hand, True)
        if least <= self.limit or dw(hand & ~card) != least:
            return SOFT
        value = VALUE[card.bit_length() - 1]
        ties = 1 + sum(
            1
            for c in bits(hand & ~card & ~taken)
            if VALUE[c.bit_length() - 1] == value and dw(hand & ~c) == least
        )
        return 1.0 / ties

    def replay(
        self, dealt: int, draws: Sequence[int], seen: Sequence[tuple[int, int]]
    ) -> tuple[float, int]:
        """The likelihood of the turns ``seen``, and the hand they leave."""
        hand, lik, taken, gone = dealt, 1.0, 0, 0
        draw = iter(draws)
        for kind, card in seen:
            if kind == REFUSE:
                lik *= SOFT if melds_with(hand, card) else 1.0
            elif kind == TAKE:
                lik *= 1.0 if melds_with(hand, card) else SOFT
                hand |= card
                taken = card
            elif kind == STOCK:
                s = next(draw)
                lik *= SOFT * SOFT if s & (hand | gone) else 1.0
                hand |= s
                taken = 0
            else:
                lik *= self.throw(hand, card, taken)
                hand &= ~card
                gone |= card
                taken = 0
        return lik, hand


class Tracker:
    """A resample-move particle filter over the opponent's hand."""

    def __init__(self, view: PlayerView, particles: int, moves: int, rng: random.Random) -> None:
        memory = remember(view)
        limit = view.knock_limit if view.knock_limit is not None else 10
        self.policy = Policy(view.rules, limit)
        self.me = view.player
        self.moves = moves
        self.rng = rng
        upcard = view.upcard.bit if view.upcard else 0
        self.pile = [upcard] if upcard else []
        self.dealable = (memory.unseen | memory.opp_discarded) & ~upcard
        pool = bits(self.dealable)
        self.parts: list[tuple[int, list[int]]] = []  # (hand dealt, cards drawn from the stock)
        for _ in range(particles):
            self.parts.append((reduce(or_, rng.sample(pool, 10)), []))
        self.lik = [1.0] * particles
        self.hands = [dealt for dealt, _ in self.parts]
        self.seen: list[tuple[int, int]] = []
        self.done = 0
        self.passes = 0
        self.forced = False
        self.allowed = self.possible = 0

    def update(self, view: PlayerView) -> None:
        memory = remember(view)
        fresh = False
        for event in view.history[self.done :]:
            action, theirs = event.action, event.player != self.me
            top = self.pile[-1] if self.pile else 0
            if isinstance(action, Pass):
                self.passes += 1
                if theirs and top:
                    self.seen.append((REFUSE, top))
                self.forced = self.passes == 2  # then the next draw must be the stock's
            elif isinstance(action, TakeDiscard):
                self.pile.pop()
                if theirs:
                    self.seen.append((TAKE, top))
            elif isinstance(action, DrawStock):
                if theirs:
                    if top and not self.forced:
                        self.seen.append((REFUSE, top))
                    self.seen.append((STOCK, 0))
                    self._draw(memory)
                self.forced = False
            elif isinstance(action, Discard):
                if theirs:
                    self.seen.append((THROW, action.card.bit))
                self.pile.append(action.card.bit)
            fresh |= theirs
        self.done = len(view.history)
        self.allowed = memory.unseen | memory.opp_known
        self.possible = self.dealable & (memory.unseen | memory.opp_discarded)
        if fresh:
            self._step()

    def _draw(self, memory: Memory) -> None:
        """Give each particle a card for the opponent's new stock draw."""
        pool = memory.unseen | memory.opp_discarded
        for i, (dealt, draws) in enumerate(self.parts):
            _, hand = self.policy.replay(dealt, draws, self.seen[:-1])
            left = bits(pool & ~hand & ~dealt & ~reduce(or_, draws, 0))
            self.parts[i] = (dealt, [*draws, self.rng.choice(left) if left else 0])

    def _weigh(self, dealt: int, draws: list[int]) -> tuple[float, int]:
        lik, hand = self.policy.replay(dealt, draws, self.seen)
        return lik * SOFT ** (hand & ~self.allowed).bit_count(), hand

    def _step(self) -> None:
        """Reweigh by the new turns, resample, then move each particle."""
        n = len(self.parts)
        full, hands = zip(*(self._weigh(d, ds) for d, ds in self.parts), strict=True)
        gain = [f / old if old > 0 else 0.0 for f, old in zip(full, self.lik, strict=True)]
        picks = self.rng.choices(range(n), weights=gain, k=n) if sum(gain) > 0 else range(n)
        pool = bits(self.possible)
        rng = self.rng
        parts, liks, now = [], [], []
        for i in picks:
            (dealt, draws), lik, hand = self.parts[i], full[i], hands[i]
            for _ in range(self.moves):
                y = rng.choice(pool)
                if y & (dealt | reduce(or_, draws, 0)):
                    continue
                spot = rng.randrange(10 + len(draws))
                if spot < 10:
                    new_dealt, new_draws = (dealt & ~bits(dealt)[spot]) | y, draws
                else:
                    new_dealt, new_draws = dealt, list(draws)
                    new_draws[spot - 10] = y
                new_lik, new_hand = self._weigh(new_dealt, new_draws)
                if new_lik >= lik or rng.random() * lik < new_lik:
                    dealt, draws, lik, hand = new_dealt, new_draws, new_lik, new_hand
            parts.append((dealt, draws))
            liks.append(lik)
            now.append(hand)
        self.parts, self.lik, self.hands = parts, liks, now

    def feed(self, bit: int) -> float:
        """The share of particles that would meld this card."""
        return sum(melds_with(h, bit) for h in self.hands) / len(self.hands)


class Follows:
    """Keeps a ``Tracker`` up to date before each choice of the bot it is mixed into."""

    particles = 100
    moves = 20
    tracker: Tracker | None = None
    _seed: int | None

    def choose(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        if len(legal_actions) > 1:
            if self.tracker is None:
                rng = random.Random(self._seed)
                self.tracker = Tracker(view, self.particles, self.moves, rng)
            self.tracker.update(view)
        return super().choose(view, legal_actions)  # type: ignore[misc]


class Tracking(Follows, GinBot):
    """``normal`` whose feed risk is the filter's chance of a feed."""

    weight = 8.0
    add = False

    def __init__(self, rules: RuleSet, seed: int, game: Game) -> None:
        super().__init__(rules, seed)
        self.game = game
        self.log: list[tuple[float, float, bool]] = []  # filter, danger, truth

    def feed_risk(self, view: PlayerView, memory: Memory, action: Discard) -> float:
        assert self.tracker is not None
        chance = self.tracker.feed(action.card.bit)
        theirs = to_mask(self.game.view(1 - view.player).hand)  # for the log only
        guess = danger(action.card, memory, self.rules)
        self.log.append((chance, guess, melds_with(theirs, action.card.bit)))
        extra = super().feed_risk(view, memory, action) if self.add else 0.0
        return self.weight * chance + extra


class TrackingHard(Follows, HardGinBot):
    """``hard`` whose sampled opponent hands are the filter's particles."""

    budget = 0.03

    def __init__(self, rules: RuleSet, seed: int, game: Game) -> None:
        super().__init__(rules, seed)
        self.log: list[tuple[float, float, bool]] = []  # nothing: the search has no feed risk

    def _world(self, view: PlayerView, memory: Memory, rng: random.Random, the_read: Read) -> World:
        assert self.tracker is not None
        opp = rng.choice(self.tracker.hands) | memory.opp_known
        if opp.bit_count() != view.opponent_hand_size or opp & ~(memory.unseen | memory.opp_known):
            return super()._world(view, memory, rng, the_read)
        stock = bits(memory.unseen & ~opp)
        rng.shuffle(stock)
        return World(opp, tuple(stock[: view.stock_size]))


def area(scored: list[tuple[float, bool]]) -> float:
    """Area under the ROC curve: the chance a real feed outranks a safe card."""
    feeds = [s for s, real in scored if real]
    safe = sorted(s for s, real in scored if not real)
    if not feeds or not safe:
        return float("nan")
    wins = 0.0
    for s in feeds:
        lo, hi = bisect.bisect_left(safe, s), bisect.bisect_right(safe, s)
        wins += lo + (hi - lo) / 2
    return wins / (len(feeds) * len(safe))


def chunk(
    job: tuple[int, int, dict[str, float]],
) -> tuple[list[int], list[tuple[float, float, bool]]]:
    start, count, weights = job
    rules = RULES
    diffs, log = [], []
    for deal in range(start, start + count):
        for me in (0, 1):
            game = Game(rules, deal, first_dealer=deal % 2)
            bot = (TrackingHard if weights["search"] else Tracking)(rules, deal, game)
            for key, value in weights.items():
                if key == "search":
                    continue
                setattr(bot, key, value)
            other = make_bot("eaai-simple", rules, deal + 7919)
            bots = (bot, other) if me == 0 else (other, bot)
            while not game.hand.is_over:
                view = game.view(game.hand.to_move or 0)
                game.apply(bots[view.player].choose(view, view.legal_actions))
            result = game.hand.result
            assert result is not None
            diffs.append(result.points[me] - result.points[1 - me])
            log.extend(bot.log)
    return diffs, log


def check(start: int, deals: int, player: str) -> tuple[int, int]:
    """Turns ``player`` played against ``normal``, and how many of them the
    filter's model of eaai-simple calls unlikely, judged on the real hand
    (none, for eaai-simple itself)."""
    rules = RULES
    turns = off = 0
    for deal in range(start, start + deals):
        for simple in (0, 1):
            game = Game(rules, deal, first_dealer=deal % 2)
            bots = [make_bot("normal", rules, deal), make_bot(player, rules, deal + 1)]
            if simple == 0:
                bots.reverse()
            policy: Policy | None = None
            taken = passes = 0
            while not game.hand.is_over:
                view = game.view(game.hand.to_move or 0)
                action = bots[view.player].choose(view, view.legal_actions)
                if view.player == simple:
                    limit = view.knock_limit if view.knock_limit is not None else 10
                    policy = policy or Policy(rules, limit)
                    hand = to_mask(view.hand)
                    top = view.discard_pile[-1].bit if view.discard_pile else 0
                    lik = 1.0
                    if isinstance(action, TakeDiscard):
                        lik, taken = float(melds_with(hand, top)), top
                    elif isinstance(action, Pass | DrawStock) and top and passes != 2:
                        lik = float(not melds_with(hand, top))
                    elif isinstance(action, Discard):
                        lik = policy.throw(hand, action.card.bit, taken)
                    if isinstance(action, DrawStock):
                        taken = 0
                    turns += 1
                    off += lik <= SOFT
                passes = passes + 1 if isinstance(action, Pass) else 0
                game.apply(action)
    return turns, off


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=40, help="each played twice, seats swapped")
    parser.add_argument("--seed", type=int, default=100000, help="first deal")
    parser.add_argument("--particles", type=int, default=100)
    parser.add_argument("--moves", type=int, default=20, help="Metropolis moves a particle a turn")
    parser.add_argument("--weight", type=float, default=8.0, help="points a sure feed is worth")
    parser.add_argument("--add", action="store_true", help="add to the danger guess, not replace")
    parser.add_argument(
        "--search", action="store_true", help="hard (30 ms) sampling the particles, not normal"
    )
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument(
        "--check", action="store_true", help="only test the filter's model of eaai-simple"
    )
    parser.add_argument("--player", default="eaai-simple", help="whose turns --check judges")
    args = parser.parse_args()
    if args.check:
        turns, off = check(args.seed, args.deals, args.player)
        print(f"{args.player} played {turns} turns; the model calls {off} of them unlikely")
        return
    weights = {
        "particles": args.particles,
        "moves": args.moves,
        "weight": args.weight,
        "add": args.add,
        "search": args.search,
    }
    per = args.deals // args.jobs
    jobs = [(args.seed + i * per, per, weights) for i in range(args.jobs)]
    with ProcessPoolExecutor(args.jobs) as pool:
        parts = list(pool.map(chunk, jobs))
    diffs = [d for p in parts for d in p[0]]
    log = [x for p in parts for x in p[1]]
    error = statistics.stdev(diffs) / len(diffs) ** 0.5
    print(
        f"{weights}, {len(diffs)} hands: {statistics.mean(diffs):+.2f} ± {error:.2f} points a hand"
    )
    if not log:
        return  # the search keeps no feed chances to rank
    print(
        f"area under the ROC curve over {len(log)} discards weighed "
        f"({sum(real for *_, real in log)} would feed): "
        f"filter {area([(c, r) for c, _, r in log]):.3f}, "
        f"danger guess {area([(g, r) for _, g, r in log]):.3f}"
    )


if __name__ == "__main__":
    main()
