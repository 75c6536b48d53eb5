"""Hints for the person: the legal moves ranked, each with a short reason.

From the ``hard`` level the hint also estimates, by sampling the hidden
cards, the chance to win the hand and the points to expect from each move.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from ..core import (
    Accept,
    Action,
    Card,
    Decline,
    Discard,
    DrawStock,
    Family,
    Knock,
    LayContract,
    LayMeld,
    LayOff,
    Offer,
    Pass,
    PlayerView,
    TakeDiscard,
    card_value,
    solver_for,
)
from ..core.cards import from_mask
from .ginbot import GinBot, danger, expected_deadwood, neighbours, undercut_risk
from .search import HardGinBot, Rollout, sample_world
from .tablebot import TableBot
from .tracking import Memory, knock_limit, remember


@dataclass(frozen=True, slots=True)
class Hint:
    """A legal move with why it is good or bad; best hints come first."""

    action: Action
    reason: str
    win_chance: float | None = None  # of the hand, from the hard level
    expected_points: float | None = None  # for this player, from the hard level


HINT_BUDGET = 0.5  # seconds the hard level's estimates may take


def hint(
    view: PlayerView,
    legal_actions: Sequence[Action],
    *,
    level: str = "normal",
    budget: float = HINT_BUDGET,
) -> list[Hint]:
    """The legal moves, best first, each with a reason a person can read.

    At the hard level the first moves are played out in sampled deals, for
    at most ``budget`` seconds (at least one deal each)."""
    legal = list(legal_actions)
    if not legal:
        return []
    if view.rules.family is not Family.GIN:
        return _table_hints(view, legal)
    bot = GinBot(view.rules, 0, "normal")
    memory = remember(view)
    ranked = _rank_gin(bot, view, legal, memory)
    hints = [Hint(a, _gin_reason(bot, view, memory, a)) for a in ranked]
    if level == "hard":
        hints = _with_estimates(view, memory, hints, budget)
    return hints


def _rank_gin(bot: GinBot, view: PlayerView, legal: list[Action], memory: Memory) -> list[Action]:
    choice = bot.choose(view, legal)
    discards = [a for a in legal if isinstance(a, Discard)]
    discards.sort(key=lambda a: bot.discard_score(view, memory, a))
    knocks = [a for a in legal if isinstance(a, Knock)]
    others = [a for a in legal if not isinstance(a, Discard | Knock)]
    ordered = [choice] + [a for a in others + knocks[:3] + discards if a != choice]
    return ordered


def _gin_reason(bot: GinBot, view: PlayerView, memory: Memory, action: Action) -> str:
    solver = solver_for(view.rules)
    hand = memory.mine
    top = view.discard_top
    if isinstance(action, Knock):
        points = bot.points_after(hand, action)
        if action.discard is None:
            return "big gin: every card melded"
        if points == 0:
            return "go gin: no deadwood, and no lay-offs for the opponent"
        risk = undercut_risk(solver, view, memory, points, random.Random(len(view.history)))
        return f"knock with {points}: undercut risk about {risk:.0%}"
    if isinstance(action, TakeDiscard) and top is not None:
        arr = solver.arrange(hand | top.bit, True)
        if any(top in m.cards for m in arr.melds):
            return f"{top.label} goes into a meld: deadwood {arr.points} after the discard"
        return f"{top.label} melds with nothing yet; the opponent will see you take it"
    if isinstance(action, DrawStock):
        if top is None:
            return "draw from the stock"
        after = expected_deadwood(solver, hand, memory.unseen)
        return f"{top.label} does not help; a stock card leaves about {after:.0f} deadwood"
    if isinstance(action, Pass):
        return f"leave {top.label}: it does not fit your hand" if top else "pass"
    if isinstance(action, Discard):
        return _discard_reason(view, memory, action.card)
    return str(action)


def _discard_reason(view: PlayerView, memory: Memory, card: Card) -> str:
    solver = solver_for(view.rules)
    hand = memory.mine
    arr = solver.arrange(hand, False)
    rest = hand & ~card.bit
    parts = []
    meld = next((m for m in arr.melds if card in m.cards), None)
    if meld is not None:
        parts.append(f"breaks [{meld}]")
    else:
        partners = from_mask(neighbours(card, view.rules) & hand)
        value = card_value(card, view.rules)
        if partners:
            parts.append(f"splits {card.label} from {partners[0].label}")
        else:
            parts.append(f"{card.label} is loose ({value} points)")
    kept = _best_partial(view, memory, rest)
    if kept:
        parts.append(f"keeps {kept} open")
    risk = danger(card, memory, view.rules)
    if risk > 0:
        near = from_mask(neighbours(card, view.rules) & memory.opp_known)
        if near:
            parts.append(f"risky: the opponent took {near[0].label}")
    return "; ".join(parts)


def _best_partial(view: PlayerView, memory: Memory, hand: int) -> str:
    """The two loose cards with most live cards left to meld them."""
    solver = solver_for(view.rules)
    loose = [c for c in solver.arrange(hand, False).deadwood]
    best, best_outs = "", 0
    for i, a in enumerate(loose):
        for b in loose[i + 1 :]:
            if a.rank == b.rank and view.rules.sets:
                outs = sum(1 for c in from_mask(memory.live) if c.rank == a.rank)
                kind = "a set"
            elif a.suit == b.suit and abs(a.rank - b.rank) <= 2 and view.rules.runs:
                low, high = min(a.rank, b.rank), max(a.rank, b.rank)
                wanted = {low - 1, high + 1} if high - low == 1 else {low + 1}
                outs = sum(
                    1 for c in from_mask(memory.live) if c.suit == a.suit and c.rank in wanted
                )
                kind = "a run"
            else:
                continue
            if outs > best_outs:
                best, best_outs = f"{a.label}{b.label} for {kind}", outs
    return best


def _with_estimates(
    view: PlayerView, memory: Memory, hints: list[Hint], budget: float
) -> list[Hint]:
    """Sample the hidden cards and play each move out, as the hard level does,
    deal after deal (up to 40) until the budget is spent."""
    bot = HardGinBot(view.rules, 0)
    rng = random.Random(len(view.history))
    limit = knock_limit(view)
    sim = Rollout(view.rules, solver_for(view.rules), limit, view.doubled)
    top = hints[:6]
    values: list[list[float]] = [[] for _ in top]
    deadline = time.perf_counter() + budget
    for n in range(40):
        if n and time.perf_counter() > deadline:
            break
        world = sample_world(view, memory, rng)
        for i, h in enumerate(top):
            values[i].append(bot.move_value(view, memory, sim, world, h.action, rng))
    out = []
    for h, vs in zip(top, values, strict=True):
        wins = sum(1 for v in vs if v > 0) / len(vs)
        out.append(Hint(h.action, h.reason, wins, sum(vs) / len(vs)))
    out.sort(key=lambda h: -(h.expected_points or 0.0))
    return out + hints[6:]


def _table_hints(view: PlayerView, legal: list[Action]) -> list[Hint]:
    bot = TableBot(view.rules, 0, "normal")
    choice = bot.choose(view, legal)
    memory = remember(view)
    ordered = [choice] + [a for a in legal if a != choice]
    return [Hint(a, _table_reason(bot, view, memory, a)) for a in ordered]


def _table_reason(bot: TableBot, view: PlayerView, memory: Memory, action: Action) -> str:
    hand = memory.mine
    if isinstance(action, LayContract):
        left = bot.left_after(hand, action.melds)
        return f"lays the contract; {left} points would stay in hand"
    if isinstance(action, LayMeld):
        return f"takes {len(action.meld)} cards off your hand"
    if isinstance(action, LayOff):
        return f"{action.card.label} leaves your hand for the table"
    if isinstance(action, Offer | Discard):
        feeds = bot.feeds(view, action.card, memory)
        left = bot.stuck(hand & ~action.card.bit)
        note = "; it may help the opponent" if feeds else ""
        return f"{action.card.label} is the card you need least ({left} stuck after){note}"
    if isinstance(action, Accept | Decline):
        card = view.pending_offer
        if card is None:
            return "answer the challenge"
        melds = bot.wants(hand, card)
        verb = "melds" if melds else "does not meld"
        cost = "; an ace costs your next draw" if card.rank == 1 else ""
        return f"{card.label} {verb} with your hand{cost}"
    return str(action)
