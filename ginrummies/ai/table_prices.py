"""The judge's prices in Skarney and Colonel (``judge.py``): a count.

A price is minus the points the hand would still hold unmelded once the
turn is done (``TableBot.stuck``; in Colonel partly those to expect after
the next draw; in Skarney, where every card in hand counts, the hand's
count), less ``TableBot``'s penalty in points for a card that helps the
opponent, as the ``hard`` table bot weighs its discards and offers. A
meld or lay-off is priced by the turn played on from it (the lay-offs
left, then the best discard or offer); going out is worth the other
hand's likely count (6.5 a card) and Skarney's bonus. An offer is priced
as if accepted (but one declined already, with nothing changed since,
as declined again), an offered card taken at the stuck points it leaves
(one that melds is laid next turn); a draw at the stuck points to expect
after it. It is myopic (it does not see the next turns: in Colonel
laying melds and holding them price alike, and the hints' order
decides) and says nothing of the Colonel challenge, whose moves are
left unpriced (None): there the hints' choice stands.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core import (
    Accept,
    Action,
    Card,
    Decline,
    Discard,
    DrawStock,
    EndTurn,
    Family,
    LayContract,
    LayMeld,
    LayOff,
    Level,
    Offer,
    Phase,
    PlayerView,
    TakeDiscard,
    from_mask,
    hand_value,
    solver_for,
    to_mask,
)
from .ginbot import expected_deadwood
from .table_hints import _TableReasons
from .tablebot import TableBot, declined, own_fits, stale_offer
from .tracking import remember

CONTRACTS = 30  # Skarney contracts priced: the heaviest, as the bot weighs them


class Count:
    """The count-based price of a Skarney or Colonel move, from one view."""

    def __init__(self, view: PlayerView) -> None:
        self.view = view
        self.bot = TableBot(view.rules, 0, Level.HARD)
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


def table_choice(view: PlayerView) -> list[Action]:
    """The legal moves in the hints' order: ``normal``'s choice first (the
    challenge and its answer as the hints weigh the other hand), which
    breaks the count's ties."""
    legal = list(view.legal_actions)
    normal = TableBot(view.rules, 0, Level.NORMAL)
    first = _TableReasons(normal, view, remember(view), legal).choice(normal.choose(view, legal))
    return [first, *(a for a in legal if a != first)]


def table_candidates(view: PlayerView, also: Sequence[Action], first: Action) -> list[Action]:
    """Every legal move but the lesser Skarney contracts (a big hand has
    thousands: the ``CONTRACTS`` heaviest are kept) and an offer declined
    before while a fresh one may be made; ``also`` and the hints' first
    always."""
    legal = list(view.legal_actions)
    contracts = [a for a in legal if isinstance(a, LayContract)]
    heavy = sorted(
        contracts, key=lambda a: -hand_value((c for m in a.melds for c in m.cards), view.rules)
    )
    keep = set(heavy[:CONTRACTS]) | set(also) | {first}
    # an offer declined already, with nothing changed since, wastes the
    # turn's offer: the bots make it only when no other is left, and so does the judge
    refused = declined(view)
    fresh = any(isinstance(a, Offer) and not stale_offer(view, a.card, refused) for a in legal)
    return [
        a
        for a in legal
        if a in keep
        or not (
            isinstance(a, LayContract)
            or (fresh and isinstance(a, Offer) and stale_offer(view, a.card, refused))
        )
    ]


def table_prices(
    view: PlayerView, also: Sequence[Action], first: Action
) -> tuple[list[tuple[Action, float | None]], frozenset[Action]]:
    """The Skarney or Colonel candidates, each with its count-based price;
    and the moves after which the turn goes out."""
    count = Count(view)
    prices = [(a, count.value(a)) for a in table_candidates(view, also, first)]
    out = frozenset(a for a, v in prices if count.out is not None and v == count.out)
    return prices, out
