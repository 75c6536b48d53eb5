"""Hints for the person: the legal moves in the judge's order (``judge.py``),
each with a short reason.

The first move is the judge's best, the move the review of the same
position calls best; its reason is written for it, and where the count of
the cards alone would argue for another move it says what the judge found
("played out over 32 deals it is worth 2.1 points more than ..."), and
where the judge cannot tell two moves apart it says so ("about as good:
discard 6♥"). A reason says what the move does for the hand, in numbers a player can
check at the table: the deadwood or the count before and after, the meld a
card completes, what the other player has shown by taking, passing or
discarding, the count to expect in the other hand. It never just repeats
the move's name.

At the ``hard`` hint level the hint also shows the judge's figures (Gin
family): the chance to win the hand and the points to expect from each
move it priced; ``Hint.figures`` says them in words. The level changes
nothing else.

Nothing here looks past the ``PlayerView``: no hint knows a hidden card.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core import (
    Action,
    Card,
    Discard,
    DrawStock,
    Family,
    Knock,
    LayMeld,
    LayOff,
    Level,
    Meld,
    Pass,
    Phase,
    PlayerView,
    TakeDiscard,
    card_value,
    extend,
    from_mask,
    layoff_targets,
    solver_for,
)
from .ginbot import GinBot, expected_deadwood, neighbours
from .hintwords import (
    _cards,
    _completing,
    _link,
    _loose_words,
    _meld_without,
    _pair_words,
    _safety,
)
from .judge import Judgement, decides_game, judge
from .odds import KnockOdds, chance_words
from .table_hints import _TableReasons
from .table_prices import table_choice
from .tablebot import TableBot
from .tracking import Memory, knock_limit, remember


@dataclass(frozen=True, slots=True)
class Hint:
    """A legal move with why it is good or bad; best hints come first."""

    action: Action
    reason: str
    win_chance: float | None = None  # of the hand, the judge's (shown at the hard level)
    expected_points: float | None = None  # for this player, the judge's
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


def hint(
    view: PlayerView,
    legal_actions: Sequence[Action],
    *,
    level: Level = Level.NORMAL,
    opponent: Level | None = None,
    judged: Judgement | None = None,
    first_only: bool = False,
) -> list[Hint]:
    """The legal moves, best first, each with a reason a person can read.

    The order is the judge's (``judge.py``): its best move first, then the
    other moves it priced, by price, then the rest in ``normal``'s order.
    The level changes only what is shown: from ``hard`` a Gin-family hint
    carries the judge's figures (its chance to win the hand, the points it
    averages, the worlds behind them). ``opponent``: the level of the
    computer across the table (None: a person), which the chances of a
    knock, or of an offer taken, are judged by. ``judged``: the judgement
    of ``view`` if the caller has it; ``first_only``: the best move's hint
    alone (what the table shows), without the others' reasons."""
    legal = list(legal_actions)
    if not legal:
        return []
    judged = judged or judge(view)
    if view.rules.family is not Family.GIN:
        order = _in_order(judged, table_choice(view), legal)
        table = _TableReasons(
            TableBot(view.rules, 0, Level.NORMAL), view, remember(view), legal, opponent
        )
        moves = order[:1] if first_only else order
        return [Hint(a, _table_reason(table, judged, a, i == 0)) for i, a in enumerate(moves)]
    bot = GinBot(view.rules, 0, Level.NORMAL)
    memory = remember(view)
    odds = KnockOdds(view, memory, opponent)
    # the moves the judge did not price follow normal's ranking (not needed for the first alone)
    fallback = legal if first_only else _rank_gin(bot, view, legal, memory, odds)
    order = _in_order(judged, fallback, legal)
    why = _GinReasons(bot, view, memory, legal, order, odds, judged)
    shown = level is Level.HARD
    out = []
    for i, a in enumerate(order[:1] if first_only else order):
        reason = why.reason(a) if i else why.first_reason()
        figures = why.figures.get(a) if shown else None
        out.append(Hint(a, reason, *(figures or (None, None, 0))))
    return out


def _in_order(
    judged: Judgement, fallback: Sequence[Action], legal: Sequence[Action]
) -> list[Action]:
    """The judge's order of the moves it priced, then the others in ``fallback``'s."""
    priced = [p.action for p in judged.prices if p.action in legal]
    rest = [a for a in fallback if a not in priced]
    return priced + rest + [a for a in legal if a not in priced and a not in rest]


def move_name(action: Action, view: PlayerView) -> str:
    """A move named short, as the hint's "about as good" and its played-out
    figures name the other move: "take the upcard", "knock with 6"."""
    if isinstance(action, Knock) and action.discard is not None:
        points = action.deadwood(view.hand, view.rules)
        return (
            f"{'gin' if points == 0 else f'knock with {points}'}, discarding {action.discard.label}"
        )
    if isinstance(action, TakeDiscard) and view.discard_top is not None:
        if view.phase is Phase.UPCARD:
            return f"take the upcard ({view.discard_top.label})"
        return f"take {view.discard_top.label}"
    return str(action)


def close_words(judged: Judgement, view: PlayerView) -> str:
    """ "about as good: discard 6♥" where the judge cannot tell its two best
    moves apart, else ""."""
    other = judged.close()
    return f"about as good: {move_name(other, view)}" if other is not None else ""


def after_words(judged: Judgement, view: PlayerView) -> list[str]:
    """What the best move's reason ends with: the move the judge cannot
    tell from it, and where this hand can end the game, that the judge
    weighs the hand's points and not the game bonus (measured in
    docs/strength.md, "The game's score")."""
    out = [close_words(judged, view)]
    if decides_game(view):
        out.append("this hand can end the game: the judge weighs its points, not the game bonus")
    return [words for words in out if words]


def _table_reason(table: _TableReasons, judged: Judgement, action: Action, first: bool) -> str:
    why = table.reason(action)
    if action in judged.going_out and isinstance(action, LayMeld | LayOff):
        # the hint weighs the meld alone (holding it back, say); the price saw the turn through
        why = "with the rest of your melds and lay-offs it goes out this turn"
    return "; ".join([why, *(after_words(judged, table.view) if first else [])])


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
        judged: Judgement,
    ) -> None:
        self.odds = odds
        self.judged = judged
        # the judge's figures of each priced move: (chance to win the hand,
        # mean points, worlds); a knock's chance is one less its undercut risk
        self.figures: dict[Action, tuple[float, float, int]] = {
            p.action: (
                odds.win_chance(p.action) if isinstance(p.action, Knock) else p.wins or 0.0,
                p.value or 0.0,
                judged.samples,
            )
            for p in judged.prices
            if p.value is not None
        }
        self.bot = bot
        self.first = ranked[0]
        self.rank = {a: i for i, a in enumerate(ranked)}
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
        self.discards = [a for a in legal if isinstance(a, Discard)]
        self._blind: float | None = None

    def first_reason(self) -> str:
        """The best move's reason, with the judge's own figure where the
        count of the cards alone would favour another move, and the move
        the judge cannot tell from it, if any."""
        first = self.first
        why = self.reason(first)
        counted = self.counted()
        value = self.judged.value
        contrary = counted is not None and counted != first and self.judged.priced(counted)
        if contrary and counted is not None and (value(first) or 0.0) > (value(counted) or 0.0):
            why = self.played_out(why, counted)
        return "; ".join([why, *after_words(self.judged, self.view)])

    def counted(self) -> Action | None:
        """The move of the first move's kind the count of the cards alone
        prefers: of the draws, the one leaving less deadwood; of the
        discards, the one leaving least (ties: the higher card thrown); a
        knock's own rival, the judge's best discard. None where the first
        move has no rival of its kind, or the count favours it too."""
        first = self.first
        if isinstance(first, TakeDiscard | DrawStock | Pass):
            stay = DrawStock() if DrawStock() in self.rank else Pass()
            if self.top is None or not self.can_take or stay not in self.rank:
                return None
            if self.view.phase is Phase.FIFTIETH:
                return None
            after = self.taking(self.top)[0]
            return TakeDiscard() if after < self.blind else stay
        if isinstance(first, Discard) and self.discards:
            solver, hand = self.solver, self.hand
            least = min(
                self.discards,
                key=lambda a: (
                    solver.deadwood(hand & ~a.card.bit),
                    -card_value(a.card, self.rules),
                ),
            )
            # a discard the count ties with needs no figure of the judge's
            tied = solver.deadwood(hand & ~least.card.bit) >= solver.deadwood(
                hand & ~first.card.bit
            )
            return None if tied else least
        if isinstance(first, Knock) and first.discard is not None:
            return next(
                (p.action for p in self.judged.prices if isinstance(p.action, Discard)), None
            )
        return None

    def played_out(self, why: str, counted: Action) -> str:
        """``why`` told with the judge's figure: the first move is worth so
        many points more than ``counted``, which the count alone favours
        (for a draw, the words that compare the counts give way to it)."""
        value = self.judged.value
        ahead = (value(self.first) or 0.0) - (value(counted) or 0.0)
        n = self.judged.samples
        other = move_name(counted, self.view)
        if isinstance(self.first, Knock):
            return (
                f"{why}; played out over {n} deals, knocking now is worth "
                f"{ahead:.1f} points more than playing on"
            )
        played = f"played out over {n} deals it is worth {ahead:.1f} points more than {other}"
        if isinstance(self.first, TakeDiscard):
            return f"{why.split('; ')[0]}; {played}, though the count alone favours a blind draw"
        if isinstance(self.first, DrawStock | Pass):
            return f"{played}, though the count alone favours taking it"
        return f"{why}; {played}"

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
            out = f"{self.unmelded(top)}, but swapped{swap} it lowers deadwood"
            out += f" {self.now} to {after}"
        else:
            out = f"{self.unmelded(top)} and would not lower your deadwood ({self.now})"
        out += f"; {self.versus(after, top)}"
        stay = min(self.rank.get(DrawStock(), 99), self.rank.get(Pass(), 99))
        if after < self.blind and stay < self.rank[TakeDiscard()]:
            out += f", but {self.why_not_take(after, meld)}"
        return out

    def unmelded(self, top: Card) -> str:
        """``top`` makes no meld with the hand: whether it makes a pair."""
        partners = from_mask(neighbours(top, self.rules) & self.hand)
        if not partners:
            return f"{top.label} melds with nothing"
        return f"{top.label} completes no meld ({_link(top, partners[-1])})"

    def why_not_take(self, after: int, meld: Meld | None) -> str:
        """Why ``normal`` draws blind though the top would leave less deadwood."""
        if meld is None and after > self.limit + 5:
            return "a card that completes no meld is worth taking only near a knock"
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
        if self.blind <= after and self.rank[TakeDiscard()] < self.rank.get(DrawStock(), 99):
            ahead = (self.judged.value(TakeDiscard()) or 0.0) - (
                self.judged.value(DrawStock()) or 0.0
            )
            return (
                f"{versus}: the count favours the stock, but played out over "
                f"{self.judged.samples} deals taking {top.label} is worth {ahead:.1f} points more"
                f"{late}"
            )
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
        return f"{self.unmelded(top)} and {gain}; {then}"

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
        unseen, held = self.layoffs(action)
        spots = unseen.bit_count()
        if spots:
            cards = f"{spots} unseen cards" if spots > 1 else "1 unseen card"
            out += f"; {cards} could be laid off on these melds"
        elif self.knocks > 1:
            out += "; no unseen card can be laid off on these melds"
        if held:
            out += (
                f"; the other hand holds {_cards(from_mask(held))}, which could be laid off on them"
            )
        if isinstance(self.first, Discard) and action == self.best_knock:
            out += "; " + self.why_play_on(risk)
        return out

    def layoffs(self, knock: Knock) -> tuple[int, int]:
        """The cards the other player could lay off on ``knock``'s melds, one
        after another as the engine lays them (a run grows a step at a
        time, through cards they are known to hold too): (the unseen ones,
        the known ones)."""
        memory = self.memory
        theirs = memory.unseen | memory.opp_known
        fits = 0
        for meld in knock.melds:
            grown: Meld | None = meld
            while grown is not None:
                meld, grown = grown, None
                for card in layoff_targets(meld, self.rules):
                    grown = extend(meld, card, self.rules) if card.bit & theirs else None
                    if grown is not None:
                        fits |= card.bit
                        break
        return fits & memory.unseen, fits & memory.opp_known

    def risk(self, knock: Knock) -> float:
        """The undercut risk of ``knock`` (0 for gin)."""
        return self.odds.risk(knock) or 0.0

    def why_play_on(self, risk: float) -> str:
        """Why the first move, a discard, beats the best knock."""
        knock, first = self.best_knock, self.first
        if knock in self.figures and first in self.figures:
            play_on, knocking = self.figures[first][1], self.figures[knock][1]
            return (
                f"in the sampled deals playing on averages {play_on:+.1f} points, "
                f"knocking now {knocking:+.1f}"
            )
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
            parts.append(f"{_meld_without(card, meld, hand, solver)}: deadwood {after}")
        else:
            partners = from_mask(neighbours(card, self.rules) & hand)
            if partners:
                partner = partners[-1]
                outs = _completing(card, partner, self.memory.unseen, self.view)
                what = _pair_words(card, partner, outs)
            else:
                others = [card_value(c, self.rules) for c in whole.deadwood if c != card]
                what = _loose_words(card, value, others)
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
    """The two loose cards with most unseen cards left to meld them."""
    solver = solver_for(view.rules)
    loose = [c for c in solver.arrange(hand, False).deadwood]
    best, best_outs = "", 0
    for i, a in enumerate(loose):
        for b in loose[i + 1 :]:
            if a.rank == b.rank and view.rules.sets:
                outs = sum(1 for c in from_mask(memory.unseen) if c.rank == a.rank)
                kind = "a set"
            elif a.suit == b.suit and abs(a.rank - b.rank) <= 2 and view.rules.runs:
                low, high = min(a.rank, b.rank), max(a.rank, b.rank)
                wanted = {low - 1, high + 1} if high - low == 1 else {low + 1}
                outs = sum(
                    1 for c in from_mask(memory.unseen) if c.suit == a.suit and c.rank in wanted
                )
                kind = "a run"
            else:
                continue
            if outs > best_outs:
                best, best_outs = f"{a.label}{b.label} for {kind}", outs
    return best
