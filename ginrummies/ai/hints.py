"""Hints for the person: the legal moves ranked, each with a short reason.

A reason says what the move does for the hand, in numbers a player can
check at the table: the deadwood or the count before and after, the meld a
card completes, what the other player has shown by taking, passing or
discarding, the count to expect in the other hand. It never just repeats
the move's name.

From the ``hard`` level the hint also estimates, by sampling the hidden
cards, the chance to win the hand and the points to expect from each move
(Gin family); ``Hint.figures`` says those estimates in words.

Nothing here looks past the ``PlayerView``: no hint knows a hidden card.
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
    Challenge,
    Decline,
    Discard,
    DrawStock,
    EndTurn,
    Family,
    Knock,
    LayContract,
    LayMeld,
    LayOff,
    Meld,
    Offer,
    Pass,
    Phase,
    PlayerView,
    Solver,
    TakeDiscard,
    card_value,
    from_mask,
    hand_count,
    hand_value,
    layoff_exposure,
    layoff_targets,
    meld_kind,
    meld_masks,
    solver_for,
)
from .ginbot import GinBot, danger, expected_deadwood, neighbours
from .odds import KnockOdds, chance_words, take_chance
from .search import HardGinBot
from .tablebot import TableBot, own_fits, stale_offer
from .tracking import Memory, knock_limit, remember


@dataclass(frozen=True, slots=True)
class Hint:
    """A legal move with why it is good or bad; best hints come first."""

    action: Action
    reason: str
    win_chance: float | None = None  # of the hand, from the hard level
    expected_points: float | None = None  # for this player, from the hard level
    samples: int = 0  # the sampled deals the two estimates come from

    def figures(self) -> str:
        """The hard level's estimates in words a player reads at a glance, short
        enough for the status line with the move: "wins 64%, averages +7.3
        points won minus lost (40 sampled deals)" (the chance to win the hand,
        and the points this move is expected to win in it, less those it is
        expected to lose), or "" when the hint has no estimates."""
        if self.win_chance is None or self.expected_points is None:
            return ""
        if self.samples == 1:
            deals = "1 sampled deal"
        elif self.samples:
            deals = f"{self.samples} sampled deals"
        else:
            deals = "sampled deals"
        return (
            f"wins {self.win_chance:.0%}, "
            f"averages {self.expected_points:+.1f} points won minus lost ({deals})"
        )

    def explanation(self) -> str:
        """The reason, with the figures after it in brackets when there are any."""
        figures = self.figures()
        return f"{self.reason} ({figures})" if figures else self.reason


HINT_BUDGET = 0.5  # seconds the hard level's estimates may take
ESTIMATE_DEALS = 40  # the most sampled deals the hard level plays each move out in


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
    odds = KnockOdds(view, memory)
    ranked = _rank_gin(bot, view, legal, memory, odds)
    figures: dict[Action, tuple[float, float, int]] = {}
    if level == "hard":
        ranked, figures = _with_estimates(view, memory, ranked, budget, odds)
    why = _GinReasons(bot, view, memory, legal, ranked, odds, level)
    return [Hint(a, why.reason(a), *figures.get(a, (None, None, 0))) for a in ranked]


# --- words shared by every variant ---------------------------------------------------


def _cards(cards: Sequence[Card], last: str = "and") -> str:
    """``7♥``, ``7♥ and 8♥``, ``7♥, 8♥ and 9♥``."""
    labels = [c.label for c in cards]
    if len(labels) <= 1:
        return "".join(labels)
    return ", ".join(labels[:-1]) + f" {last} " + labels[-1]


def _points(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


def _completing(card: Card, partner: Card, live: int, view: PlayerView) -> int:
    """How many live cards would make a meld of ``card``, ``partner`` and one more."""
    return sum(
        1
        for c in from_mask(live & ~card.bit & ~partner.bit)
        if meld_kind((card, partner, c), view.rules) is not None
    )


def _pair_words(card: Card, partner: Card, outs: int) -> str:
    """What ``card`` gives up with its near-meld partner, and how likely that was."""
    if outs == 0:
        return f"{card.label} pairs with {partner.label}, but no live card can meld them"
    if outs <= 2:
        live = f"{outs} live card{'s' * (outs != 1)}"
        return f"{card.label} pairs with {partner.label}, but only {live} would meld them"
    return f"{card.label} breaks a pair with {partner.label} ({outs} live cards would meld them)"


def _loose_words(card: Card, value: int, loose: Sequence[int]) -> str:
    if value >= max(loose, default=0):
        return f"{card.label} fits no meld and is your highest loose card ({_points(value)})"
    return f"{card.label} fits no meld ({_points(value)})"


def _smallest_meld(card: Card, mask: int, solver: Solver) -> Meld | None:
    """The smallest meld ``card`` makes with the cards of ``mask``."""
    melds = [m for m, _ in meld_masks(mask | card.bit, solver.rules) if m & card.bit]
    if not melds:
        return None
    return solver.meld(min(melds, key=lambda m: (m.bit_count(), solver.deadwood(mask & ~m))))


def _lower(p: float) -> str:
    """The sampled chance of holding the lower count, in words."""
    if p < 0.01:
        return "you are almost never lower"
    if p > 0.99:
        return "you are almost always lower"
    return f"you are lower in {p:.0%} of likely hands"


def _safety(card: Card, memory: Memory, view: PlayerView) -> str:
    """Whether the other player seems to want ``card``, from what they did."""
    near = neighbours(card, view.rules)
    took = from_mask(near & memory.opp_known)
    if danger(card, memory, view.rules) > 0 and took:
        return f"risky: the other player took {_cards(took[:2])}"
    threw = from_mask(near & memory.opp_discarded)
    if threw:
        return f"safe: the other player threw away {_cards(threw[:2])}"
    passed = from_mask(near & memory.opp_refused)
    if passed:
        return f"safe: the other player passed over {_cards(passed[:2])}"
    return ""


# --- the Gin family --------------------------------------------------------------------


def _rank_gin(
    bot: GinBot, view: PlayerView, legal: list[Action], memory: Memory, odds: KnockOdds
) -> list[Action]:
    """``normal``'s ranking, except that a knock comes first exactly when the
    hint's own undercut risk (``odds``) is below normal's threshold."""
    choice = bot.choose(view, legal)
    discards = [a for a in legal if isinstance(a, Discard)]
    discards.sort(key=lambda a: bot.discard_score(view, memory, a))
    knocks = [a for a in legal if isinstance(a, Knock)]
    if knocks and discards and isinstance(choice, Knock | Discard):
        risk = odds.risk(knocks[0])
        if risk is None or risk < bot.knock_threshold(view):
            choice = knocks[0]
        elif isinstance(choice, Knock):
            choice = discards[0]
    others = [a for a in legal if not isinstance(a, Discard | Knock)]
    ordered = [choice] + [a for a in others + knocks[:3] + discards if a != choice]
    return ordered


class _GinReasons:
    """Why each move of a Gin-family turn is good or bad, from one view."""

    def __init__(
        self,
        bot: GinBot,
        view: PlayerView,
        memory: Memory,
        legal: list[Action],
        ranked: list[Action],
        odds: KnockOdds,
        level: str = "normal",
    ) -> None:
        self.odds = odds
        self.bot = bot
        self.first = ranked[0]
        self.rank = {a: i for i, a in enumerate(ranked)}
        self.level = level
        self.best_knock = next((a for a in ranked if isinstance(a, Knock)), None)
        self.view = view
        self.memory = memory
        self.rules = view.rules
        self.solver = solver_for(view.rules)
        self.hand = memory.mine
        self.limit = knock_limit(view)
        self.top = view.discard_top
        self.knocks = sum(1 for a in legal if isinstance(a, Knock))
        self.can_take = TakeDiscard() in legal
        self._blind: float | None = None

    def reason(self, action: Action) -> str:
        if isinstance(action, Knock):
            return self.knock(action)
        if isinstance(action, Discard):
            return self.discard(action.card)
        if isinstance(action, TakeDiscard):
            return self.take()
        if isinstance(action, DrawStock):
            return self.draw()
        if isinstance(action, Pass):
            return self.pass_()
        return f"a move the {self.rules.name} rules allow here"  # no other Gin move exists

    # the draw -------------------------------------------------------------------------

    @property
    def now(self) -> int:
        """The deadwood of the ten cards held before the draw."""
        return self.solver.deadwood(self.hand)

    @property
    def blind(self) -> float:
        """The deadwood to expect after a stock card and the best discard."""
        if self._blind is None:
            self._blind = expected_deadwood(self.solver, self.hand, self.memory.unseen)
        return self._blind

    def taking(self, top: Card) -> tuple[int, Card | None, Meld | None]:
        """After taking ``top`` and the best discard the rules then allow: the
        deadwood, the card thrown and the meld ``top`` joins (if any)."""
        solver = self.solver
        held = self.hand | top.bit
        throwable = from_mask(self.hand)
        if self.rules.discard_taken_card or self.view.phase is Phase.FIFTIETH:
            throwable.append(top)
        if not throwable:
            return solver.deadwood(held), None, None
        thrown = min(throwable, key=lambda c: (solver.deadwood(held & ~c.bit), -c.rank))
        rest = held & ~thrown.bit
        meld = next((m for m in solver.arrange(rest).melds if top in m.cards), None)
        return solver.deadwood(rest), thrown, meld

    def versus(self, after: int, top: Card) -> str:
        """The two figures a draw is chosen by, in the words every draw and
        take reason uses (the tests read them back)."""
        return (
            f"deadwood {after} with {top.label} against {self.blind:.1f} "
            "on average after a blind draw"
        )

    def take(self) -> str:
        top = self.top
        if top is None:
            return "there is no discard to take"
        after, thrown, meld = self.taking(top)
        if self.view.phase is Phase.FIFTIETH:
            if after == 0:
                return f"with {top.label} every card melds: you go gin at once"
            return (
                f"with {top.label} your deadwood is {after}: you knock at once (limit {self.limit})"
            )
        swap = f" for {thrown.label}" if thrown is not None and thrown != top else ""
        if meld is not None:
            out = f"{top.label} completes [{meld}]: deadwood {self.now} to {after}"
            if after == 0:
                return out + ", gin"
            if after <= self.limit:
                return out + f", low enough to knock (limit {self.limit})"
        elif after < self.now:
            out = f"{top.label} melds with nothing, but swapped{swap} it lowers deadwood"
            out += f" {self.now} to {after}"
        else:
            out = f"{top.label} melds with nothing and would not lower your deadwood ({self.now})"
        out += f"; {self.versus(after, top)}"
        stay = min(self.rank.get(DrawStock(), 99), self.rank.get(Pass(), 99))
        if after < self.blind and stay < self.rank[TakeDiscard()]:
            out += f", but {self.why_not_take(after, meld)}"
        return out

    def why_not_take(self, after: int, meld: Meld | None) -> str:
        """Why ``normal`` draws blind though the top would leave less deadwood."""
        if meld is None and after > self.limit + 5:
            return "a card that melds with nothing is worth taking only near a knock"
        gain = self.blind - after
        return f"a gain of {gain:.1f} is not worth showing the other player what you collect"

    def draw(self) -> str:
        top = self.top
        late = (
            f"; {self.view.stock_size} left in the stock: at 2 the hand ends with no score"
            if self.view.stock_size <= 6
            else ""
        )
        if top is None or not self.can_take:
            if top is not None and self.view.phase is Phase.DRAW:
                return "both players passed the upcard, so the first card comes from the stock"
            return f"no discard to take: the stock is the only draw{late}"
        after, _, meld = self.taking(top)
        versus = self.versus(after, top)
        if self.blind <= after:
            return f"{versus}: the stock is no worse and keeps your plan hidden{late}"
        if self.rank.get(DrawStock(), 0) > self.rank.get(TakeDiscard(), 0):
            return f"{versus}: {top.label} is the better card{late}"
        return f"{versus}; {self.why_not_take(after, meld)}{late}"

    def pass_(self) -> str:
        top = self.top
        if top is None:
            return "there is no card to take"
        after, _, meld = self.taking(top)
        if self.view.phase is Phase.FIFTIETH:
            if self.can_take:
                return f"the hand ends with no score, though {top.label} would let you knock"
            return (
                f"{top.label} would not bring your deadwood to {self.limit}: "
                "the hand ends with no score"
            )
        if self.view.player != self.view.dealer:
            then = "the dealer may take it next"
        else:
            then = "the other player then draws first, from the stock"
        if meld is not None:
            return f"{top.label} would meld (deadwood {self.now} to {after}), but {then}"
        if after < self.now:
            gain = f"would only lower deadwood {self.now} to {after}"
        else:
            gain = f"would not lower your deadwood ({self.now})"
        return f"{top.label} melds with nothing and {gain}; {then}"

    # the discard and the knock ------------------------------------------------------------

    def knock(self, action: Knock) -> str:
        rules = self.rules
        points = self.bot.points_after(self.hand, action)
        if action.discard is None:
            return (
                f"all {self.hand.bit_count()} cards meld: big gin scores "
                f"the {rules.big_gin_bonus}-point bonus and cannot be undercut"
            )
        if points == 0:
            return (
                f"every card but {action.discard.label} melds: gin scores "
                f"the {rules.gin_bonus}-point bonus and cannot be undercut"
            )
        risk = self.risk(action)
        odds = (
            f"that the other hand undercuts you (holds {points} or less after lay-offs): "
            f"{chance_words(risk)} ({risk:.0%})"
        )
        out = f"deadwood {points}, within the limit of {self.limit}; {odds}"
        if self.knocks > 1:
            seen = [*self.view.hand, *self.view.discard_pile]
            spots = layoff_exposure(action.melds, rules, known=seen)
            if spots == 0:
                out += "; no unseen card can be laid off on these melds"
            else:
                cards = f"{spots} unseen cards" if spots > 1 else "1 unseen card"
                out += f"; {cards} could be laid off on these melds"
        if isinstance(self.first, Discard) and action == self.best_knock:
            out += "; " + self.why_play_on(risk)
        return out

    def risk(self, knock: Knock) -> float:
        """The undercut risk of ``knock`` (0 for gin)."""
        return self.odds.risk(knock) or 0.0

    def why_play_on(self, risk: float) -> str:
        """Why the first move, a discard, beats the best knock."""
        if self.level == "hard":
            return "playing on scores more than knocking now in the sampled deals"
        if risk >= self.bot.knock_threshold(self.view):
            return "waiting to lower it is safer"
        return "playing on is the better move"

    def discard(self, card: Card) -> str:
        solver = self.solver
        hand = self.hand
        rest = hand & ~card.bit
        after = solver.deadwood(rest)
        best = solver.deadwood(hand, True)
        whole = solver.arrange(hand)
        meld = next((m for m in whole.melds if card in m.cards), None)
        value = card_value(card, self.rules)
        parts = []
        if meld is not None and after > best:
            parts.append(f"{card.label} breaks [{meld}]: deadwood {after}, not {best}")
        elif meld is not None:
            parts.append(f"[{meld}] stays a meld without {card.label}: deadwood {after}")
        else:
            partners = from_mask(neighbours(card, self.rules) & hand)
            if partners:
                partner = partners[-1]
                outs = _completing(card, partner, self.memory.live, self.view)
                what = _pair_words(card, partner, outs)
            else:
                loose = [card_value(c, self.rules) for c in whole.deadwood]
                what = _loose_words(card, value, loose)
            parts.append(f"{what}; deadwood {after}")
        knock = self.best_knock
        if knock is not None and self.rank[knock] < self.rank.get(Discard(card), len(self.rank)):
            # a better knock ends the hand now: no discard of this turn is "safe"
            points = self.bot.points_after(hand, knock)
            parts.append(f"knocking now with {points} is better")
            return "; ".join(parts)
        if knock is not None and self.first == Discard(card):
            parts.append(f"better than knocking now: {self.why_play_on(self.risk(knock))}")
        safety = _safety(card, self.memory, self.view)
        kept = _best_partial(self.view, self.memory, rest) if not safety else ""
        if safety:
            parts.append(safety)  # what the other player showed matters more than
        elif kept:
            parts.append(f"keeps {kept} open")  # the pair kept, which every discard keeps
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
    view: PlayerView, memory: Memory, ranked: list[Action], budget: float, odds: KnockOdds
) -> tuple[list[Action], dict[Action, tuple[float, float, int]]]:
    """Sample the hidden cards and play each of the first moves out, as the
    hard level does (against the opponent it reads from the game), deal
    after deal (up to 40) until the budget is spent. The move hard would
    play comes first, then the others by the points they averaged; each
    move's win chance, mean points and deals."""
    bot = HardGinBot(view.rules, 0)
    rng = random.Random(len(view.history))
    moves = ranked[:6]
    deadline = time.perf_counter() + budget
    values = bot.weigh(view, memory, moves, rng, deadline, most=ESTIMATE_DEALS, least=1)
    figures = {
        a: (_win_chance(odds, a, vs), sum(vs) / len(vs), len(vs))
        for a, vs in zip(moves, values, strict=True)
    }
    lead = moves[bot.pick(moves, values) if len(values[0]) >= 8 else 0]
    rest = sorted((a for a in moves if a != lead), key=lambda a: -figures[a][1])
    return [lead, *rest, *ranked[6:]], figures


def _win_chance(odds: KnockOdds, action: Action, values: list[float]) -> float:
    """The chance ``action`` wins the hand: for a knock, one less its undercut
    risk (the sampled deals' own share runs high, docs/strength.md); for any
    other move, the share of the sampled deals it won."""
    if isinstance(action, Knock):
        return odds.win_chance(action)
    return sum(1 for v in values if v > 0) / len(values)


# --- Skarney and Colonel -----------------------------------------------------------------


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


def _table_hints(view: PlayerView, legal: list[Action]) -> list[Hint]:
    bot = TableBot(view.rules, 0, "normal")
    memory = remember(view)
    why = _TableReasons(bot, view, memory, legal)
    choice = why.choice(bot.choose(view, legal))
    ordered = [choice] + [a for a in legal if a != choice]
    return [Hint(a, why.reason(a)) for a in ordered]


class _TableReasons:
    """Why each move of a Skarney or Colonel turn is good or bad, from one view."""

    accept_share = 0.6  # accept a challenge holding less than this share of their count
    challenge_share = 0.4  # challenge holding at most this share of their count
    challenge_most = 15  # and no more than this

    def __init__(
        self, bot: TableBot, view: PlayerView, memory: Memory, legal: list[Action]
    ) -> None:
        self.bot = bot
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
            return f"[{meld}] stays a meld without {card.label} ({value} points)"
        partners = from_mask(neighbours(card, self.rules) & hand)
        if partners and not self.skarney:
            partner = partners[-1]
            outs = _completing(card, partner, self.memory.live, self.view)
            return _pair_words(card, partner, outs)
        return _loose_words(card, value, [self.value(c) for c in arr.deadwood])

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
        out = (
            f"your contract of three 3-card melds, due before any other meld: "
            f"{self.count} to {self.count - spread} in hand, {left} of it unmelded"
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
        if stale_offer(self.view, card):
            parts.append("they declined it already this hand and nothing has changed since")
        if fits:
            parts.append(f"it fits their [{fits[0]}] on the table")
        else:
            near = from_mask(neighbours(card, self.rules) & self.memory.opp_known)
            if near and danger(card, self.memory, self.rules) > 0:
                parts.append(f"the other hand holds {_cards(near[:2])}, which it may meld with")
            elif any(t.owner != self.view.player for t in self.view.table.melds):
                parts.append("it fits none of the other hand's melds on the table")
        take = take_chance(self.view, card, self.memory)
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
            out = f"{card.label} makes [{meld}] with your cards: unmelded points stay {before}"
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
