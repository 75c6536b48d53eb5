"""The one judge (issue 49): what each move of a position is worth to the
player to move, from that player's view alone.

Everything that advises a person asks it: the hint (its first move is the
judge's best), the review (a move's loss is the best price less its own),
the coach (which sorts the review's verdicts) and the figures a hint
states. So a move played from a hint is the review's best move for the
same position, and nothing says one thing while another says the other.

Gin family: every candidate (``gin_candidates``) is played out by
``hard``'s playouts in ``samples`` worlds guessed from the view. The
worlds, and the random numbers of every playout, come from a seed made of
the view itself (``position_key``): the hint during play and the review
after it draw the same worlds for the same position, and every candidate
is played in the same worlds with the same random numbers (common random
numbers), so a difference between two moves is not the luck of different
deals. A take and a blind draw share the stock's next cards: the card the
draw would have brought goes to the bottom of the stock when the top is
taken, so the other player's next draws are the same in both.

Skarney and Colonel: a count (``table_prices``), exact, so its error is 0.
"""

from __future__ import annotations

import dataclasses
import hashlib
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..core import (
    Action,
    Discard,
    Family,
    Knock,
    Level,
    Pass,
    Phase,
    PlayerView,
    TakeDiscard,
)
from .ginbot import GinBot
from .reading import EARLY, LATE, read
from .search import HardGinBot, Rollout, World
from .table_prices import table_choice, table_prices
from .tracking import Memory, knock_limit, remember, turns_of

SAMPLES = 32  # worlds a Gin-family position is played out in (a game reviews in 10 s)
DISCARDS = 3  # discards priced: the best by ``discard_score`` (hard's width)
KNOCKS = 3  # knocks priced: the best for each of this many discards
# Points added to a knock's price in every world, by the knock's count: the
# sampled other hands (``reading.develop``) hold less deadwood than real
# ones (by about 2 points on average), so a knock at a middling count looks
# worse against playing on than worlds of the real hidden cards price it
# (benchmarks/review_truth.py; docs/strength.md, "Review truth").
KNOCK_SHIFT: dict[int, float] = dict.fromkeys(range(4, 10), 2.9)
# A side this close to the target can reach it in one hand (gin and a big
# count): the hand may decide the game, which the judge does not weigh
GAME_REACH = 50
DOUBT = 2.0  # standard errors inside which two prices are "about as good"
CONFIRM = 4  # times the worlds a move must keep its lead in to displace the natural one


@dataclass(frozen=True, slots=True)
class Price:
    """A candidate move and what it is worth to the player, in points
    (None: a move the judge cannot price, the Colonel challenge)."""

    action: Action
    value: float | None
    wins: float | None = None  # Gin family: the share of the worlds it won


@dataclass(frozen=True)
class Judgement:
    """A position judged: the candidates priced, best first, and each one's
    score world by world (empty for a count, which has no worlds)."""

    prices: tuple[Price, ...]
    worlds: Mapping[Action, tuple[float, ...]]
    samples: int  # worlds behind each price (0: a count)
    going_out: frozenset[Action] = frozenset()  # Skarney, Colonel: moves that go out this turn

    @property
    def best(self) -> Action:
        return self.prices[0].action

    def value(self, action: Action) -> float | None:
        return next((p.value for p in self.prices if p.action == action), None)

    def priced(self, action: Action) -> bool:
        return any(p.action == action for p in self.prices)

    def error(self, a: Action, b: Action) -> float:
        """The standard error of the difference of two prices (0 for a count)."""
        return paired_error(self.worlds.get(a, ()), self.worlds.get(b, ()))

    def close(self) -> Action | None:
        """The highest priced other move whose price is within the judge's
        error of the best's (``DOUBT`` standard errors either way; equal,
        for a count): the judge cannot tell the two apart."""
        best = self.value(self.best)
        if best is None:
            return None
        for p in self.prices[1:]:
            if p.value is None:
                continue
            margin = abs(best - p.value)
            if margin <= 1e-9 or margin < DOUBT * self.error(self.best, p.action):
                return p.action
        return None


def paired_error(best: Sequence[float], made: Sequence[float]) -> float:
    """The standard error of the mean of the paired differences."""
    n = min(len(best), len(made))
    if n < 2:
        return 0.0
    diffs = [a - b for a, b in zip(best, made, strict=False)]
    mean = sum(diffs) / n
    return float((sum((d - mean) ** 2 for d in diffs) / (n - 1) / n) ** 0.5)


def decides_game(view: PlayerView) -> bool:
    """Whether this hand's result may end the game: a side is within
    ``GAME_REACH`` of the target. The judge prices the hand's points alone;
    the hint and the review say so here."""
    game = view.game
    return bool(game.target) and game.target - max(game.scores) <= GAME_REACH


def position_key(view: PlayerView) -> str:
    """The seed of a position's worlds, made of what the view shows (the
    player's cards, the pile, the public story of the hand and the scores),
    so that whoever asks about the same position draws the same worlds."""
    hand = "".join(c.label for c in view.hand)
    pile = "".join(c.label for c in view.discard_pile)
    story = ";".join(f"{e.player}{e.action!r}{e.card}" for e in view.history)
    whole = (
        f"{view.player}|{view.dealer}|{hand}|{pile}|{view.stock_size}|{story}|{view.game.scores}"
    )
    # short, since every world and playout seeds a generator from it
    return hashlib.sha256(whole.encode()).hexdigest()[:24]


def judge(view: PlayerView, also: Sequence[Action] = (), samples: int = SAMPLES) -> Judgement:
    """Price the moves of ``view`` that are worth pricing (and ``also``,
    the move a person made, say), best first. The judge's candidates and
    their prices do not depend on ``also``: adding a move never moves
    another's price."""
    if view.rules.family is Family.GIN:
        return judge_gin(view, also, samples)
    order = table_choice(view)
    counted, out = table_prices(view, also, order[0])
    prices = [Price(a, v) for a, v in counted]
    return Judgement(tuple(ordered(prices, best_of(prices, order, {}))), {}, 0, out)


# --- the Gin family --------------------------------------------------------------------


class Pricer(HardGinBot):
    """``hard``'s playouts as the judge plays them: the two first-turn moves
    it never searches priced as the rules play them (passing the upcard,
    the dealer may still take it; the fiftieth card taken only to knock at
    once), and a take sharing the stock's next cards with a blind draw.

    The player's own later turns knock as soon as the count allows (not at
    gin alone, as ``hard`` plays for itself): the judge prices a person's
    move, and a person who holds out for gin from a knock with 1 is not
    the player the natural move is judged for."""

    self_knock = None

    def move_value(
        self,
        view: PlayerView,
        memory: Memory,
        sim: Rollout,
        world: World,
        action: Action,
        rng: random.Random,
    ) -> float:
        top = memory.top
        if view.phase is Phase.UPCARD and isinstance(action, Pass):
            hands = [memory.mine, world.opp]
            if view.player == view.dealer or not world.stock:
                # both passed: the non-dealer draws first, from the stock
                if not world.stock:
                    return 0.0
                hands[1] |= world.stock[0]
                return sim.play(hands, world.stock[1:], top, 1, True, 0, rng)
            opp = hands[1]
            if sim.solver.deadwood(opp | top, True) < sim.solver.deadwood(opp):
                hands[1] |= top  # the dealer takes it, as the playouts take a card
                return sim.play(hands, world.stock, 0, 1, True, top, rng)
            hands[0] |= world.stock[0]
            return sim.play(hands, world.stock[1:], top, 0, True, 0, rng)
        if view.phase is Phase.FIFTIETH and isinstance(action, TakeDiscard):
            held = memory.mine | top
            arranged = sim.solver.arrange(held, True)
            throw = arranged.discard.bit if arranged.discard is not None else 0
            return sim.knock_value(0, held, world.opp, throw)
        return super().move_value(view, memory, sim, world, action, rng)

    def _after_draw(
        self, sim: Rollout, hands: list[int], world: World, top: int, take: bool, rng: random.Random
    ) -> float:
        if take and world.stock:
            # the card a blind draw would bring goes under the stock, so both
            # branches deal the other player (and me) the same next cards
            stock = (*world.stock[1:], world.stock[0])
            world = dataclasses.replace(world, stock=stock)
        return super()._after_draw(sim, hands, world, top, take, rng)

    def price(
        self, view: PlayerView, memory: Memory, moves: Sequence[Action], key: str, worlds: range
    ) -> list[list[float]]:
        """Each move's score in each of the worlds numbered ``worlds``: world
        n and its playouts are drawn from ``key`` and n alone, the same for
        every move and whichever other moves are priced with it."""
        limit = knock_limit(view)
        sim = Rollout(self.rules, self._solver, limit, view.doubled)
        the_read = read(view, self._solver)
        theirs = turns_of(view.history, 1 - view.player)
        mine = limit if self.self_knock is None else min(limit, self.self_knock)
        values: list[list[float]] = [[] for _ in moves]
        for n in worlds:
            world = self._world(view, memory, random.Random(f"{key}#{n}"), the_read)
            sim.knock_at = (mine, the_read.knock_at(world.eager, limit))
            sim.early = (0, 0 if world.eager else max(0, EARLY - theirs))
            sim.late = 0 if world.eager else LATE
            for i, action in enumerate(moves):
                rng = random.Random(f"{key}#{n}:play")
                value = self.move_value(view, memory, sim, world, action, rng)
                values[i].append(value)
        return [shifted(view, a, vs) for a, vs in zip(moves, values, strict=True)]


def gin_candidates(
    view: PlayerView, memory: Memory, bot: HardGinBot, also: Sequence[Action] = ()
) -> list[Action]:
    """The moves worth pricing, in the order the view lists them: every
    draw, the best knock for each of the first ``KNOCKS`` discards a knock
    may go with (gin among them), the best ``DISCARDS`` discards by
    ``discard_score`` (which hold ``hard``'s own candidates), and ``also``."""
    legal = list(view.legal_actions)
    keep = set(also)
    keep.update(a for a in legal if not isinstance(a, Discard | Knock))
    seen: set[object] = set()
    for a in legal:  # the core lists the knocks best first
        if isinstance(a, Knock) and a.discard not in seen and len(seen) < KNOCKS:
            seen.add(a.discard)
            keep.add(a)
    discards = [a for a in legal if isinstance(a, Discard)]
    discards.sort(key=lambda a: bot.discard_score(view, memory, a))
    keep.update(discards[:DISCARDS])
    return [a for a in legal if a in keep]


def judge_gin(view: PlayerView, also: Sequence[Action], samples: int) -> Judgement:
    """The Gin-family candidates, each at its mean score over ``samples``
    worlds of the position's own seed. A move that would displace the
    natural one (``best_of``) is played out again with it, up to
    ``CONFIRM`` times the worlds, and displaces it only if it still leads
    by more than the judge's error: a few dozen worlds are noisy enough
    (a draw's two branches differ by some 30 points a world) that, over a
    game's decisions, a lead of two standard errors is now and then luck."""
    pricer = Pricer(view.rules, 0)
    memory = remember(view)
    natural = GinBot(view.rules, 0, Level.NORMAL).choose(view, view.legal_actions)
    moves = gin_candidates(view, memory, pricer, (*also, natural))
    values = pricer.price(view, memory, moves, position_key(view), range(samples))
    worlds = {a: tuple(vs) for a, vs in zip(moves, values, strict=True)}
    order = [natural, *(a for a in moves if a != natural)]
    best = best_of(prices_of(worlds), order, worlds)
    if best != natural:
        worlds = extended(view, worlds, (natural, best), samples * CONFIRM)
        best = best_of(prices_of(worlds, (natural, best)), order, worlds)
    return Judgement(tuple(ordered(prices_of(worlds), best)), worlds, samples)


def prices_of(
    worlds: Mapping[Action, Sequence[float]], only: Sequence[Action] | None = None
) -> list[Price]:
    """Each move at its mean score over its worlds, with the share it won."""
    return [
        Price(a, sum(vs) / len(vs), sum(1 for v in vs if v > 0) / len(vs))
        for a, vs in worlds.items()
        if only is None or a in only
    ]


def extended(
    view: PlayerView, worlds: Mapping[Action, tuple[float, ...]], moves: Sequence[Action], upto: int
) -> dict[Action, tuple[float, ...]]:
    """``worlds`` with each of ``moves`` played out in the position's next
    worlds until it has ``upto`` (world n is the same for every move)."""
    pricer = Pricer(view.rules, 0)
    memory, key = remember(view), position_key(view)
    out = dict(worlds)
    # moves that have as many worlds are played on together: a world is drawn once
    by_count: dict[int, list[Action]] = {}
    for action in moves:
        if len(out[action]) < upto:
            by_count.setdefault(len(out[action]), []).append(action)
    for have, group in by_count.items():
        more = pricer.price(view, memory, group, key, range(have, upto))
        for action, values in zip(group, more, strict=True):
            out[action] = out[action] + tuple(values)
    return out


def more_worlds(
    view: PlayerView, judged: Judgement, moves: Sequence[Action], upto: int
) -> Judgement:
    """``judged`` with ``moves`` played out in up to ``upto`` worlds, to
    settle a verdict in doubt; the best stays the judge's best."""
    if not judged.samples:
        return judged
    worlds = extended(view, judged.worlds, moves, upto)
    return dataclasses.replace(
        judged, prices=tuple(ordered(prices_of(worlds), judged.best)), worlds=worlds
    )


def shifted(view: PlayerView, action: Action, values: list[float]) -> list[float]:
    """A knock's score in each world, less the sampled hands' bias
    (``KNOCK_SHIFT`` by its count); any other move's as it is."""
    if not isinstance(action, Knock):
        return values
    shift = KNOCK_SHIFT.get(action.deadwood(view.hand, view.rules), 0.0)
    return [v + shift for v in values] if shift else values


def ordered(prices: Sequence[Price], best: Action) -> list[Price]:
    """The best first, then by price (unpriced last), ties in their order."""
    return sorted(prices, key=lambda p: (p.action != best, p.value is None, -(p.value or 0.0)))


def best_of(
    prices: Sequence[Price], order: Sequence[Action], worlds: Mapping[Action, Sequence[float]]
) -> Action:
    """The judge's best move: ``order``'s first (the natural move, as
    ``normal`` plays; for Skarney and Colonel the hints' choice), unless
    another is priced above it by more than ``DOUBT`` standard errors of
    the difference (for a count, with no worlds, by anything at all); then
    the highest priced of those. Where ``order``'s first has no price (the
    Colonel challenge), that one. So a move the worlds cannot tell from
    the natural one never displaces it: the noise of a few dozen worlds
    does not make a dead card worth taking."""
    if not order:
        return prices[0].action
    natural = order[0]
    value = {p.action: p.value for p in prices}
    if value.get(natural, 0.0) is None or natural not in value:
        return natural
    base = value[natural] or 0.0
    rank = {a: i for i, a in enumerate(order)}
    better = [
        p
        for p in prices
        if p.value is not None
        and p.value - base > 1e-9
        and p.value - base > DOUBT * paired_error(worlds.get(p.action, ()), worlds.get(natural, ()))
    ]
    if not better:
        return natural
    top = max(p.value or 0.0 for p in better)
    tied = [p.action for p in better if (p.value or 0.0) >= top - 1e-9]
    return min(tied, key=lambda a: rank.get(a, len(rank)))
