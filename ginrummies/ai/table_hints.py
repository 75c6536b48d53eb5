"""Hints for Skarney and Colonel: why each move of a turn is good or bad.

The count to expect in the other hand (``estimate_count``) backs the
Colonel challenge; Skarney's offers state the chance the other player
takes the card (``odds.take_chance``), and its answers say what the card
does for a hand and for the player's own melds on the table.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..core import (
    Accept,
    Action,
    Card,
    Challenge,
    Decline,
    Discard,
    DrawStock,
    EndTurn,
    Family,
    LayContract,
    LayMeld,
    LayOff,
    Level,
    Meld,
    Offer,
    Phase,
    PlayerView,
    Solver,
    TakeDiscard,
    card_value,
    from_mask,
    hand_count,
    hand_value,
    layoff_targets,
    solver_for,
)
from .ginbot import danger, expected_deadwood, neighbours
from .hintwords import (
    _cards,
    _completing,
    _loose_words,
    _lower,
    _meld_without,
    _pair_words,
    _safety,
    _smallest_meld,
)
from .odds import chance_words, take_chance
from .tablebot import TableBot, declined, own_fits, stale_offer, their_laid
from .tracking import Memory, remember


@dataclass(frozen=True, slots=True)
class Guess:
    """The count to expect in the other hand, from what the view shows."""

    expected: float  # its likely total
    cards: int  # cards it holds
    known: int  # of them, cards seen going in (taken from the pile or accepted)
    known_points: int  # what the known ones count
    high: float  # unseen cards of 10 or more likely among the rest
    lower: float  # the chance my count is below theirs (a random hand of the unseen)
    tie: float  # the chance the counts are equal

    def words(self) -> str:
        """ "it holds 6 cards, 2 known worth 15, about 3 unseen high cards likely there"."""
        parts = [f"it holds {self.cards} card{'s' * (self.cards != 1)}"]
        if self.known:
            parts.append(f"{self.known} known worth {self.known_points}")
        high = round(self.high)
        if high == 1:
            parts.append("likely 1 unseen high card")
        elif high:
            parts.append(f"about {high} unseen high cards likely there")
        return ", ".join(parts)


def estimate_count(view: PlayerView, memory: Memory | None = None, n: int = 200) -> Guess:
    """The other hand's count, estimated from the cards it took (and still
    holds), the number of cards it holds and the cards still unseen, which
    are spread between it and the stock; the chance of being lower comes
    from ``n`` sampled hands (seeded by the public story, not by hidden cards)."""
    memory = memory or remember(view)
    rules = view.rules
    known = from_mask(memory.opp_known)
    known_points = hand_value(known, rules)
    pool = [card_value(c, rules) for c in from_mask(memory.unseen)]
    need = max(0, min(view.opponent_hand_size - len(known), len(pool)))
    mean = sum(pool) / len(pool) if pool else 0.0
    high = sum(1 for v in pool if v >= 10) * need / len(pool) if pool else 0.0
    mine = hand_count(view.hand, rules)
    rng = random.Random(f"{len(view.history)}:{view.player}")
    lower = ties = 0
    for _ in range(n):
        theirs = known_points + sum(rng.sample(pool, need))
        lower += mine < theirs
        ties += mine == theirs
    return Guess(
        known_points + need * mean,
        view.opponent_hand_size,
        len(known),
        known_points,
        high,
        lower / n,
        ties / n,
    )


def table_hints(
    view: PlayerView, legal: list[Action], opponent: Level | None = None
) -> list[tuple[Action, str]]:
    """Skarney and Colonel: the legal moves, best first, each with its reason;
    ``opponent``: the computer's level across the table (None: a person)."""
    bot = TableBot(view.rules, 0, Level.NORMAL)
    memory = remember(view)
    why = _TableReasons(bot, view, memory, legal, opponent)
    choice = why.choice(bot.choose(view, legal))
    ordered = [choice] + [a for a in legal if a != choice]
    return [(a, why.reason(a)) for a in ordered]


class _TableReasons:
    """Why each move of a Skarney or Colonel turn is good or bad, from one view."""

    accept_share = 0.6  # accept a challenge holding less than this share of their count
    challenge_share = 0.4  # challenge holding at most this share of their count
    challenge_most = 15  # and no more than this

    def __init__(
        self,
        bot: TableBot,
        view: PlayerView,
        memory: Memory,
        legal: list[Action],
        opponent: Level | None = None,
    ) -> None:
        self.bot = bot
        self.opponent = opponent
        self.view = view
        self.memory = memory
        self.rules = view.rules
        self.solver: Solver = solver_for(view.rules)
        self.hand = memory.mine
        self.count = hand_count(view.hand, view.rules)
        self.skarney = view.rules.family is Family.SKARNEY
        self.legal = legal
        self._guess: Guess | None = None
        self._best_contract: int | None = None
        self._blind: float | None = None

    @property
    def guess(self) -> Guess:
        if self._guess is None:
            self._guess = estimate_count(self.view, self.memory)
        return self._guess

    def value(self, card: Card) -> int:
        return card_value(card, self.rules)

    def choice(self, bot_choice: Action) -> Action:
        """The move to show first: the bot's, except that the Challenge and its
        answer follow the estimate of the other hand these hints explain."""
        view = self.view
        if view.phase is Phase.CHALLENGED and Accept() in self.legal:
            return Accept() if self.count < self.accept_share * self.guess.expected else Decline()
        if Challenge() in self.legal and self.wants_challenge():
            return Challenge()
        if TakeDiscard() in self.legal and DrawStock() in self.legal:
            return TakeDiscard() if self.takes() else DrawStock()
        if isinstance(bot_choice, Challenge):
            return next(a for a in self.legal if not isinstance(a, Challenge))
        return bot_choice

    def wants_challenge(self) -> bool:
        return (
            self.count <= self.challenge_share * self.guess.expected
            and self.count <= self.challenge_most
        )

    def reason(self, action: Action) -> str:
        if isinstance(action, Challenge):
            return self.challenge()
        if isinstance(action, Accept | Decline):
            if self.view.phase is Phase.CHALLENGED or self.view.table.pending_offer is None:
                return self.answer_challenge(isinstance(action, Accept))
            return self.answer_offer(self.view.table.pending_offer, isinstance(action, Accept))
        if isinstance(action, DrawStock):
            return self.draw()
        if isinstance(action, TakeDiscard):
            return self.take()
        if isinstance(action, LayContract):
            return self.contract(action)
        if isinstance(action, LayMeld):
            return self.meld(action)
        if isinstance(action, LayOff):
            return self.lay_off(action)
        if isinstance(action, Offer):
            return self.offer(action.card)
        if isinstance(action, Discard):
            return self.discard(action.card)
        if isinstance(action, EndTurn):
            return self.end_turn()
        return f"a move the {self.rules.name} rules allow here"

    # the start of a turn ----------------------------------------------------------------

    def draw(self) -> str:
        view = self.view
        stock = view.stock_size
        if self.skarney:
            then = f"; {stock} left, and the hand ends once only 2 remain" if stock <= 6 else ""
            return f"every Skarney turn starts with a stock card: there is no discard pile{then}"
        top = view.discard_top
        late = f"; {stock} left in the stock" if stock <= 6 else ""
        if top is None or TakeDiscard() not in self.legal:
            return f"no discard to take: the stock is the only draw{late}"
        after, meld = self.taking(top)
        if after < self.blind:
            return f"{self.versus(after, top)}: {top.label} is the better card{late}"
        melds = f", though {top.label} would complete [{meld}]" if meld is not None else ""
        return f"{self.versus(after, top)}: the stock is no worse{melds}{late}"

    @property
    def blind(self) -> float:
        """Colonel: unmelded points to expect after a stock card and the best discard."""
        if self._blind is None:
            self._blind = expected_deadwood(self.solver, self.hand, self.memory.unseen)
        return self._blind

    def takes(self) -> bool:
        """Colonel: take the discard when it leaves fewer unmelded points than
        a blind draw is expected to (the figures the reasons show)."""
        top = self.view.discard_top
        return top is not None and self.taking(top)[0] < self.blind

    def versus(self, after: int, top: Card) -> str:
        """The two figures a draw is chosen by, as every draw and take reason says them."""
        return (
            f"{after} unmelded points with {top.label} against {self.blind:.1f} "
            "on average after a blind draw"
        )

    def taking(self, top: Card) -> tuple[int, Meld | None]:
        """Colonel: unmelded points after taking ``top`` and the best discard
        (not ``top`` itself), and the meld ``top`` joins."""
        held = self.hand | top.bit
        throwable = from_mask(self.hand) or [top]
        if self.rules.discard_taken_card:
            throwable.append(top)
        thrown = min(throwable, key=lambda c: (self.bot.stuck(held & ~c.bit), -c.rank))
        rest = held & ~thrown.bit
        meld = next((m for m in self.solver.arrange(rest).melds if top in m.cards), None)
        return self.bot.stuck(rest), meld

    def take(self) -> str:
        top = self.view.discard_top
        if top is None:
            return "there is no discard to take"
        stuck = self.bot.stuck(self.hand)
        after, meld = self.taking(top)
        versus = self.versus(after, top)
        if meld is not None:
            return f"{top.label} completes [{meld}]: unmelded points {stuck} to {after}; {versus}"
        return (
            f"{top.label} fits no meld and must stay this turn: "
            f"+{self.value(top)} to your count of {self.count}; {versus}"
        )

    def challenge(self) -> str:
        g = self.guess
        head = f"you hold {self.count}; expect about {g.expected:.0f} in the other hand"
        if self.wants_challenge():
            verdict = _lower(g.lower)
        else:
            verdict = f"too risky: {_lower(g.lower)}, and losing gives them your {self.count}"
        return f"{head} ({g.words()}); {verdict}"

    def answer_challenge(self, accept: bool) -> str:
        g = self.guess
        head = (
            f"you hold {self.count}; expect about {g.expected:.0f} in the other hand ({g.words()})"
        )
        if accept:
            tail = f"{_lower(g.lower)}, and the lower total scores the other's whole count"
        else:
            tail = "play goes on with no score, and a challenger tends to be low"
        return f"{head}; {tail}"

    # Colonel's discard -----------------------------------------------------------------

    def feeds_table(self, card: Card) -> list[Meld]:
        """The table melds the other player may lay ``card`` off on."""
        return [
            t.meld
            for t in self.view.table.melds
            if (t.owner != self.view.player or not self.skarney)
            and card in layoff_targets(t.meld, self.rules)
        ]

    def loose_words(self, card: Card) -> str:
        """``card`` in the hand: part of a meld, loose and high, or paired."""
        hand = self.hand
        stuck_after = self.bot.stuck(hand & ~card.bit)
        value = self.value(card)
        arr = self.solver.arrange(hand)
        meld = next((m for m in arr.melds if card in m.cards), None)
        if meld is not None and stuck_after > self.bot.stuck(hand):
            return f"{card.label} belongs in [{meld}] ({value} points)"
        if meld is not None:
            return f"{_meld_without(card, meld, hand, self.solver)} ({value} points)"
        partners = from_mask(neighbours(card, self.rules) & hand)
        if partners and not self.skarney:
            partner = partners[-1]
            outs = _completing(card, partner, self.memory.unseen, self.view)
            return _pair_words(card, partner, outs)
        return _loose_words(card, value, [self.value(c) for c in arr.deadwood if c != card])

    def discard(self, card: Card) -> str:
        if self.hand.bit_count() == 1:
            return f"{card.label} is your last card: throwing it empties your hand and goes out"
        after = self.count - self.value(card)
        parts = [f"{self.loose_words(card)}; {self.count} to {after} in hand"]
        fits = self.feeds_table(card)
        if fits:
            parts.append(
                f"risky: it fits [{fits[0]}] on the table, for the other player to lay off"
            )
        else:
            safety = _safety(card, self.memory, self.view)
            if safety:
                parts.append(safety)
            elif self.view.table:
                parts.append("no meld on the table takes it")
        return "; ".join(parts)

    # melds and lay-offs ------------------------------------------------------------------

    def out_words(self, rest: int) -> str:
        if rest == 0:
            return "; that empties your hand: you go out"
        if rest.bit_count() == 1 and not self.skarney:
            return "; one card left, to discard and go out"
        return ""

    def contract(self, action: LayContract) -> str:
        left = self.bot.left_after(self.hand, action.melds)
        spread = sum(hand_value(m.cards, self.rules) for m in action.melds)
        best = self.best_contract()
        after = self.count - spread
        unmelded = "all of it" if left == after else f"{left} of it"
        out = (
            f"your contract of three 3-card melds, due before any other meld: "
            f"{self.count} to {after} in hand, {unmelded} unmelded"
        )
        if left > best:
            out += f" (another contract leaves {best})"
        if not self.view.table.contracts[1 - self.view.player]:
            return out
        rules = self.rules
        return (
            out + f"; until it is down, their going out earns {rules.out_bonus_no_contract}"
            f", not {rules.out_bonus}"
        )

    def best_contract(self) -> int:
        if self._best_contract is None:
            contracts = [a for a in self.legal if isinstance(a, LayContract)]
            heavy = sorted(
                contracts,
                key=lambda a: -hand_value((c for m in a.melds for c in m.cards), self.rules),
            )
            self._best_contract = min(
                (self.bot.left_after(self.hand, a.melds) for a in heavy[:30]), default=0
            )
        return self._best_contract

    def meld(self, action: LayMeld) -> str:
        meld = action.meld
        worth = hand_value(meld.cards, self.rules)
        rest = self.hand & ~meld.mask
        out = (
            f"{len(meld)} cards worth {worth} leave your hand: {self.count} to {self.count - worth}"
        )
        if self.skarney:
            return out + "; in Skarney nobody else lays off on your melds" + self.out_words(rest)
        gone = self.out_words(rest)
        if gone:
            return out + gone
        view = self.view
        if view.stock_size < self.bot.hurry_stock:
            why = f"with {view.stock_size} left in the stock"
            return out + f"; {why}, melds kept in hand would count against you"
        if view.opponent_hand_size <= self.bot.hurry_opponent:
            why = f"the other hand is down to {view.opponent_hand_size} cards"
            return out + f"; {why}, and melds kept in hand would count if it goes out"
        spots = len(layoff_targets(meld, self.rules))
        fit = f"{spots} cards fit it" if spots != 1 else "1 card fits it"
        return (
            out + f"; but on the table it takes the other player's lay-offs ({fit}), "
            "so holding it is safer while the stock is long"
        )

    def lay_off(self, action: LayOff) -> str:
        card = action.card
        value = self.value(card)
        target = (
            self.view.table.melds[action.target]
            if action.target < len(self.view.table.melds)
            else None
        )
        where = f"[{target.meld}]" if target else "the table"
        whose = "your" if target and target.owner == self.view.player else "their"
        rest = self.hand & ~card.bit
        return (
            f"{card.label} fits {whose} {where}: {self.count} to {self.count - value} in hand"
            + self.out_words(rest)
        )

    # Skarney's offers ----------------------------------------------------------------------

    def offer(self, card: Card) -> str:
        parts = [self.loose_words(card)]
        fits = self.feeds_table(card)
        refused = declined(self.view)
        if stale_offer(self.view, card, refused):
            if their_laid(self.view) == refused[card]:
                parts.append("they declined it already this hand and have laid nothing since")
            else:
                parts.append(
                    "they declined it already this hand, and nothing they laid since takes it"
                )
        if fits:
            parts.append(f"it fits their [{fits[0]}] on the table")
        else:
            near = from_mask(neighbours(card, self.rules) & self.memory.opp_known)
            if near and danger(card, self.memory, self.rules) > 0:
                parts.append(f"the other hand holds {_cards(near[:2])}, which it may meld with")
            elif any(t.owner != self.view.player for t in self.view.table.melds):
                parts.append("it fits none of the other hand's melds on the table")
        take = take_chance(self.view, card, self.memory, self.opponent)
        parts.append(f"that they take it: {chance_words(take)} ({take:.0%})")
        if card.rank == 1:
            parts.append("if accepted, the ace costs them their next draw")
        else:
            parts.append(f"if accepted, your count drops by {self.value(card)}")
        return "; ".join(parts)

    def answer_offer(self, card: Card, accept: bool) -> str:
        """Accept or decline ``card``: the bot takes it when it melds in hand
        without raising the unmelded points, or lays off on your table melds."""
        hand = self.hand
        value = self.value(card)
        meld = _smallest_meld(card, hand, self.solver)
        before, after = self.bot.stuck(hand), self.bot.stuck(hand | card.bit)
        table = own_fits(self.view, card)
        ace = card.rank == 1
        if table:
            on = self.view.table.melds[table[0]].meld
            out = f"{card.label} lays off on your [{on}] on the table: it melds there"
            out += ", at no cost to your count" if accept else ", but stays with them"
        elif meld is not None and after <= before:
            change = f"stay {after}" if after == before else f"{before} to {after}"
            out = f"{card.label} makes [{meld}] with your cards: unmelded points {change}"
            out += "" if accept else ", but it stays with them"
        elif meld is not None:
            out = (
                f"{card.label} makes [{meld}] only by breaking up your melds: "
                f"unmelded points {before} to {after}"
            )
            out += "" if accept else ", so your count is better without it"
        else:
            out = f"{card.label} fits no meld of yours in hand or on the table: "
            out += (
                f"it adds {value} to your count"
                if accept
                else f"taking it would add {value} to your count"
            )
        if ace:
            out += "; an accepted ace costs your next draw" if accept else "; you keep your draw"
        return out

    def end_turn(self) -> str:
        view = self.view
        if view.table.last_turn:
            return (
                f"the stock is down to two: no offer, the hand ends with your {self.count} "
                "in hand, and the lower count scores the difference"
            )
        if self.hand.bit_count() == 1:
            return 'one card left ("last card"): no offer; meld or lay it off next turn to go out'
        if view.table.draw_skipped:
            return (
                "you drew no card this turn, so no ace may be offered and you hold nothing "
                f"else to offer: no offer this turn; {self.count} stays in your hand"
            )
        return f"no offer this turn; {self.count} stays in your hand"
