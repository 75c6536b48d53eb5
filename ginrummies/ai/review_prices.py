"""The prices of a review (``review.py``): what each candidate move of one
decision is worth, in points, from the deciding player's view alone.

Gin family: the evaluation ``hard`` plays by (``HardGinBot.weigh``), with
a fixed number of sampled worlds drawn from a seed the caller derives from
the position, every candidate played out in the same worlds (paired), so
that a difference between two moves is not the luck of different deals.
A price is the mean score for the player over those worlds.

Skarney and Colonel have no sampled search, so a price there is a count:
minus the points the hand would still hold unmelded once the turn is done
(``TableBot.stuck``; in Colonel partly those to expect after the next
draw; in Skarney, where every card in hand counts, the hand's count),
less ``TableBot``'s penalty in points for a card that helps the
opponent, as the ``hard`` table bot weighs its discards and offers. A
meld or lay-off is priced by the turn played on from it (the lay-offs
left, then the best discard or offer); going out is worth the other
hand's likely count (6.5 a card) and Skarney's bonus. An offer is priced
as if accepted (but one declined already, with nothing changed since,
as declined again), an offered card taken at the stuck points it leaves
(one that melds is laid next turn); a draw at the stuck points to expect
after it. It is myopic (it does not see the next turns: in Colonel
laying melds and holding them price alike, and the hints' order
decides) and says nothing of the
Colonel challenge, whose moves are left unpriced (None).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..core import (
    Accept,
    Action,
    Card,
    Decline,
    Discard,
    DrawStock,
    EndTurn,
    Family,
    Knock,
    LayContract,
    LayMeld,
    LayOff,
    Offer,
    Pass,
    Phase,
    PlayerView,
    TakeDiscard,
    from_mask,
    hand_value,
    solver_for,
    to_mask,
)
from .ginbot import GinBot, expected_deadwood
from .hints import _GinReasons, _rank_gin
from .odds import KnockOdds
from .search import HardGinBot, Rollout, World
from .table_hints import _TableReasons
from .tablebot import TableBot, declined, own_fits, stale_offer
from .tracking import Memory, remember

DISCARDS = 3  # discards priced besides the one made: the best by ``discard_score`` (hard's width)
KNOCKS = 3  # knocks priced besides the one made: the best for each of this many discards
CONTRACTS = 30  # Skarney contracts priced: the heaviest, as the bot weighs them
# Points added to a knock's price in every world, by the knock's count: the
# sampled other hands (``reading.develop``) hold less deadwood than real
# ones (by about 2 points on average), so a knock at a middling count looks
# worse against playing on than worlds of the real hidden cards price it.
# Fitted on benchmarks/review_truth.py, seeds 1 to 3 (knocks at 4 to 9:
# +3.7, +5.7, -0.9, pooled +2.9), held out on seeds 4 and 5 (docs/strength.md,
# "Review truth"). Lower counts and knocks at the limit showed no bias that
# held from one seed to the next (0 to 3: -4.3, +2.8, +1.2), so none there.
KNOCK_SHIFT: dict[int, float] = dict.fromkeys(range(4, 10), 2.9)


@dataclass(frozen=True, slots=True)
class Price:
    """A candidate move and what it is worth to the player, in points
    (None: a move the evaluation cannot price, the Colonel challenge)."""

    action: Action
    value: float | None
    wins: float | None = None  # Gin family: the share of the sampled worlds it won


@dataclass(frozen=True, slots=True)
class Judged:
    """One decision judged: the candidates priced (best first), the best
    move and the hint's reason for it."""

    prices: tuple[Price, ...]
    best: Action
    why: str
    error: float = 0.0  # the standard error of the loss (0: a count, not a sample)


class _Pricer(HardGinBot):
    """``hard``'s playouts, with the two first-turn moves it never searches
    priced as the rules play them: passing the upcard (the dealer may
    still take it) and taking the fiftieth card (only to knock at once)."""

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


def gin_candidates(view: PlayerView, made: Action, bot: HardGinBot, memory: Memory) -> list[Action]:
    """The moves worth pricing, in the order the view lists them: the one
    made, every draw, the best knock for each of the first ``KNOCKS``
    discards a knock may go with (gin among them), and the best
    ``DISCARDS`` discards by ``discard_score``, which hold ``hard``'s own
    candidates and so its choice."""
    legal = list(view.legal_actions)
    keep = {made}
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


def gin_prices(
    view: PlayerView, made: Action, samples: int, key: str, bot: _Pricer | None = None
) -> tuple[list[Price], dict[Action, list[float]]]:
    """The Gin-family candidates, each at its mean score over ``samples``
    worlds drawn from ``key``'s seed, the same worlds for every move; and
    each one's score world by world (``bot``: the pricer, for benchmarks)."""
    bot = bot or _Pricer(view.rules, 0)
    bot.samples = samples
    memory = remember(view)
    candidates = gin_candidates(view, made, bot, memory)
    rng = random.Random(f"review:{key}")
    values = bot.weigh(view, memory, candidates, rng, 0.0)
    wins = [sum(1 for v in vs if v > 0) / len(vs) for vs in values]
    values = [shifted(view, a, vs) for a, vs in zip(candidates, values, strict=True)]
    prices = [
        Price(a, sum(vs) / len(vs), won)
        for a, vs, won in zip(candidates, values, wins, strict=True)
    ]
    return prices, dict(zip(candidates, values, strict=True))


def shifted(view: PlayerView, action: Action, values: list[float]) -> list[float]:
    """A knock's score in each world, less the sampled hands' bias
    (``KNOCK_SHIFT`` by its count); any other move's as it is."""
    if not isinstance(action, Knock):
        return values
    shift = KNOCK_SHIFT.get(action.deadwood(view.hand, view.rules), 0.0)
    return [v + shift for v in values] if shift else values


def paired_error(best: Sequence[float], made: Sequence[float]) -> float:
    """The standard error of the mean of the paired differences: how far
    the loss may be off for the worlds sampled."""
    n = len(best)
    if n < 2:
        return 0.0
    diffs = [a - b for a, b in zip(best, made, strict=True)]
    mean = sum(diffs) / n
    return float((sum((d - mean) ** 2 for d in diffs) / (n - 1) / n) ** 0.5)


# where the verdict is in doubt, the move made and the best are played out
# in this many times more worlds (the others keep the first count)
MORE = 3


def in_doubt(loss: float, error: float, lines: Sequence[float]) -> bool:
    """Whether the loss, two standard errors either way, crosses a verdict's line."""
    low, high = loss - 2 * error, loss + 2 * error
    return any(low < line <= high for line in lines)


def judge_gin(
    view: PlayerView, made: Action, samples: int, key: str, lines: Sequence[float] = ()
) -> Judged:
    """Price a Gin-family decision; the reason for the best move is the
    hint's, told with these prices as the hard level's figures (so that
    "knocking now is better" is never said of a move the prices prefer).
    Where the loss is in doubt about a verdict's line (``lines``), the
    move made and the best are priced again over ``MORE`` times the worlds."""
    prices, worlds = gin_prices(view, made, samples, key)
    legal = list(view.legal_actions)
    memory = remember(view)
    odds = KnockOdds(view, memory)
    normal = GinBot(view.rules, 0, "normal")
    best = best_of(prices, _rank_gin(normal, view, legal, memory, odds))
    ranked = ordered(prices, best)
    rest = [a for a in legal if a not in worlds]
    reasons = _GinReasons(normal, view, memory, legal, [p.action for p in ranked] + rest, odds)
    reasons.figures = {
        p.action: (
            odds.win_chance(p.action) if isinstance(p.action, Knock) else p.wins or 0.0,
            p.value or 0.0,
            samples,
        )
        for p in ranked
    }
    error = paired_error(worlds[best], worlds[made])
    value = {p.action: p.value or 0.0 for p in prices}
    if best != made and in_doubt(value[best] - value[made], error, lines):
        pricer = _Pricer(view.rules, 0)
        pricer.samples = samples * MORE
        pair = [best, made]
        extra = pricer.weigh(view, memory, pair, random.Random(f"review:{key}:more"), 0.0)
        for action, values in zip(pair, extra, strict=True):
            worlds[action] = worlds[action] + shifted(view, action, values)
        mean = {a: sum(worlds[a]) / len(worlds[a]) for a in pair}
        ranked = [dataclasses.replace(p, value=mean.get(p.action, p.value)) for p in ranked]
        error = paired_error(worlds[best], worlds[made])
    why = reasons.reason(best)
    counted = _rank_gin(normal, view, legal, memory, odds)[0]
    if counted != best and isinstance(best, TakeDiscard | DrawStock | Pass):
        why = played_out_words(why, best, counted, prices, samples)
    return Judged(tuple(ranked), best, why, error)


DRAW_WORDS = {TakeDiscard: "taking it", DrawStock: "a blind draw", Pass: "passing"}


def played_out_words(
    why: str, best: Action, counted: Action, prices: Sequence[Price], samples: int
) -> str:
    """The reason for a take (or a draw, or a pass) the playouts prefer
    where the count of the cards alone prefers ``counted``: the hint's
    words weigh the count, so their comparison would argue for the other
    move; its first clause (what the card does) stays, and the playouts'
    figure is told instead."""
    value = {p.action: p.value for p in prices}
    ahead = (value.get(best) or 0.0) - (value.get(counted) or 0.0)
    other = DRAW_WORDS.get(type(counted), "the other move")
    played = (
        f"played out over {samples} deals, {DRAW_WORDS[type(best)]} is worth "
        f"{ahead:.1f} points more than {other}, though the count alone favours {other}"
    )
    if isinstance(best, TakeDiscard):
        return f"{why.split('; ')[0]}; {played}"
    return played


def ordered(prices: Sequence[Price], best: Action) -> list[Price]:
    """The best first, then by price (unpriced last), ties in their order."""
    return sorted(prices, key=lambda p: (p.action != best, p.value is None, -(p.value or 0.0)))


# --- Skarney and Colonel ---------------------------------------------------------------


class _Count:
    """The count-based price of a Skarney or Colonel move, from one view."""

    def __init__(self, view: PlayerView) -> None:
        self.view = view
        self.bot = TableBot(view.rules, 0, "hard")
        self.solver = solver_for(view.rules)
        self.memory = remember(view)
        self.hand = self.memory.mine
        rules = view.rules
        colonel = rules.family is Family.COLONEL
        self.colonel = colonel
        self.feed = self.bot.feed_discard if colonel else self.bot.feed_offer
        legal = view.legal_actions
        self.refused = declined(view)
        self.finishes = [
            a
            for a in legal
            if isinstance(a, Discard) or (isinstance(a, Offer) and a.card not in self.refused)
        ]
        self.layable = 0  # cards that may be laid off this turn
        for a in legal:
            if isinstance(a, LayOff):
                self.layable |= a.card.bit
        # going out: the other hand's count (TableBot's guess of 6.5 a card),
        # and in Skarney its bonus; melds may go down only once the contract is
        opponent = 6.5 * view.opponent_hand_size
        if colonel:
            self.out: float | None = opponent
        elif view.table.contracts[view.player]:
            no_contract = not view.table.contracts[1 - view.player]
            self.out = opponent + (rules.out_bonus_no_contract if no_contract else rules.out_bonus)
        else:
            self.out = None

    def kept(self, rest: int) -> float:
        """What a hand left at the end of the turn costs. Skarney: its whole
        count, melded or not (RULES.md 3: every card in hand counts, so a
        meld held is no better than loose cards). Colonel: its stuck points,
        partly those to expect after the next draw, as the hard bot weighs
        a discard (melds held back are a choice the hints judge)."""
        if not self.colonel:
            return float(hand_value(from_mask(rest), self.view.rules))
        now = self.bot.stuck(rest)
        if not rest:
            return float(now)
        ahead = expected_deadwood(self.solver, rest, self.memory.unseen)
        w = self.bot.ahead_weight
        return (1 - w) * now + w * ahead

    def thrown(self, rest: int, card: Card) -> float:
        """Minus the hand kept without ``card`` and the help it gives the opponent."""
        left = rest & ~card.bit
        if not left and self.out is not None:
            return self.out  # Colonel: the last card thrown goes out
        feeds = self.bot.feeds(self.view, card, self.memory)
        return -(self.kept(left) + self.feed * feeds)

    def finish(self, rest: int) -> float:
        """A move that leaves the turn going: the turn played on from it,
        laying off what may be laid off (and in Skarney laying the melds in
        hand, which would count there), then going out if every card left
        melds (Colonel: all but one, to throw), else the best discard or offer."""
        loose = to_mask(self.solver.arrange(rest).deadwood)
        left = rest & ~(loose & self.layable)  # a card a meld in hand needs stays
        if self.out is not None and self.can_go_out(left):
            return self.out
        if not self.colonel:
            left &= loose
        options = [a for a in self.finishes if a.card.bit & left]
        if not options:
            return -self.kept(left)
        return max(self.thrown(left, a.card) for a in options)

    def can_go_out(self, left: int) -> bool:
        """Whether the cards ``left`` all go down this turn (Colonel: or all
        but one, thrown last)."""
        stuck = self.bot.stuck
        if stuck(left) == 0:
            return True
        return self.colonel and any(stuck(left & ~c.bit) == 0 for c in from_mask(left))

    def value(self, action: Action) -> float | None:
        hand, bot, view = self.hand, self.bot, self.view
        if isinstance(action, Offer) and stale_offer(view, action.card, self.refused):
            return -self.kept(hand)  # declined before, nothing changed: it stays in hand
        if isinstance(action, Discard | Offer):
            return self.thrown(hand, action.card)
        if isinstance(action, LayMeld):
            return self.finish(hand & ~action.meld.mask)
        if isinstance(action, LayOff):
            return self.finish(hand & ~action.card.bit)
        if isinstance(action, LayContract):
            spread = 0
            for m in action.melds:
                spread |= m.mask
            rest = hand & ~spread  # nothing else goes down the turn it is laid: an offer follows
            options = [a for a in self.finishes if a.card.bit & rest]
            return max((self.thrown(rest, a.card) for a in options), default=-self.kept(rest))
        if isinstance(action, EndTurn):
            return -self.kept(hand)
        if view.phase is Phase.RESPOND and isinstance(action, Accept | Decline):
            card = view.table.pending_offer
            if card is None or isinstance(action, Decline) or own_fits(view, card):
                return -float(bot.stuck(hand))
            return -float(bot.stuck(hand | card.bit))
        if isinstance(action, DrawStock):
            return -expected_deadwood(self.solver, hand, self.memory.unseen)
        if isinstance(action, TakeDiscard) and self.memory.top:
            held = hand | self.memory.top
            kept = [held & ~(b.bit) for b in view.hand] or [held]
            return -float(min(bot.stuck(k) for k in kept))  # the taken card stays this turn
        return None  # the Colonel challenge and its answer


def table_candidates(view: PlayerView, made: Action, first: Action) -> list[Action]:
    """Every legal move but the lesser Skarney contracts (a big hand has
    thousands): the ``CONTRACTS`` heaviest, the one made and the hints' first."""
    legal = list(view.legal_actions)
    contracts = [a for a in legal if isinstance(a, LayContract)]
    heavy = sorted(
        contracts, key=lambda a: -hand_value((c for m in a.melds for c in m.cards), view.rules)
    )
    keep = set(heavy[:CONTRACTS]) | {made, first}
    return [a for a in legal if not isinstance(a, LayContract) or a in keep]


def table_prices(view: PlayerView, made: Action, first: Action) -> tuple[list[Price], _Count]:
    """The Skarney or Colonel candidates, each at its count-based price
    (and the pricing, which says which moves go out)."""
    count = _Count(view)
    return [Price(a, count.value(a)) for a in table_candidates(view, made, first)], count


def judge_table(view: PlayerView, made: Action) -> Judged:
    """Price a Skarney or Colonel decision: the best by count, ties (and
    the unpriced challenge) to the hints' ranking, with the hint's reason."""
    legal = list(view.legal_actions)
    # the hints' ranking (``table_hints``), without the reasons of every
    # move: an offer's reason samples the other hand, and only the best's is told
    normal = TableBot(view.rules, 0, "normal")
    reasons = _TableReasons(normal, view, remember(view), legal)
    first = reasons.choice(normal.choose(view, legal))
    prices, count = table_prices(view, made, first)
    best = best_of(prices, [first, *(a for a in legal if a != first)])
    why = reasons.reason(best)
    going = count.out is not None and any(p.action == best and p.value == count.out for p in prices)
    if going and isinstance(best, LayMeld | LayOff):
        # the hint weighs the meld alone (holding it back, say); the price saw the turn through
        why = "with the rest of your melds and lay-offs it goes out this turn"
    return Judged(tuple(ordered(prices, best)), best, why)


def best_of(prices: Sequence[Price], order: Sequence[Action]) -> Action:
    """The best-priced move, ties to the first in ``order`` (the hints'
    ranking); when ``order``'s first has no price, that one."""
    rank = {a: i for i, a in enumerate(order)}
    if order and any(p.action == order[0] and p.value is None for p in prices):
        return order[0]
    priced = [p for p in prices if p.value is not None]
    if not priced:
        return order[0] if order else prices[0].action
    top = max(p.value for p in priced if p.value is not None)
    tied = [p.action for p in priced if p.value is not None and p.value >= top - 1e-9]
    return min(tied, key=lambda a: rank.get(a, len(rank)))
