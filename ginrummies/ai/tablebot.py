"""Heuristic players for Skarney Gin and Colonel.

Both judge a hand by the points it would still hold once everything
meldable is melded, and by what a card would give the opponent.
Skarney: lay the contract as soon as it is there (a hand caught without it
pays the doubled bonus), then meld and lay off at once; offer the card that
hurts least and helps the opponent least; accept a card that melds (an ace
only if it melds, since it costs the draw). Skarney's ``hard`` weighs each
answer and offer by playing the hand out (``skarney_bot``); without poker
melds, where suits matter and those playouts do not apply, it weighs offers
over guesses at the opponent's hand (``_sampled_offer``). Colonel: take the discard only
to meld it; lay melds once the hand is small or the stock short (melds on
the table feed the opponent's lay-offs); always lay off; discard high,
loose, and not onto the table; challenge on a low hand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import partial

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
    Offer,
    Phase,
    PlayerView,
    RuleSet,
    TakeDiscard,
    from_mask,
    hand_count,
    hand_value,
    layoff_targets,
    solver_for,
)
from .ginbot import danger, expected_deadwood
from .registry import register
from .skarney_bot import SkarneySearch
from .tracking import Memory, public_rng, remember


def own_fits(view: PlayerView, card: Card) -> list[int]:
    """Skarney: the melds of ``view``'s player on the table ``card`` lays off on."""
    return [
        i
        for i, t in enumerate(view.table.melds)
        if t.owner == view.player and card in layoff_targets(t.meld, view.rules)
    ]


def declined(view: PlayerView) -> dict[Card, int]:
    """Skarney: the cards this player offered this hand and the other player
    declined, each with how many melds and lay-offs the other player had put
    on the table by then (a change since may make the card wanted)."""
    out: dict[Card, int] = {}
    offered: Card | None = None
    laid = 0
    for event in view.history:
        action = event.action
        if event.player != view.player and isinstance(action, LayContract | LayMeld | LayOff):
            laid += 1
        elif event.player == view.player and isinstance(action, Offer):
            offered = action.card
        elif event.player != view.player and isinstance(action, Decline) and offered:
            out[offered] = laid
            offered = None
        elif isinstance(action, Accept):
            offered = None
    return out


def their_laid(view: PlayerView) -> int:
    """Melds and lay-offs the other player has put on the table this hand."""
    return sum(
        1
        for e in view.history
        if e.player != view.player and isinstance(e.action, LayContract | LayMeld | LayOff)
    )


def stale_offer(view: PlayerView, card: Card, refused: dict[Card, int] | None = None) -> bool:
    """Was ``card`` declined this hand, with nothing changed since that would
    make it wanted (it lays off on a meld of theirs the table gained since)?"""
    refused = declined(view) if refused is None else refused
    if card not in refused:
        return False
    if their_laid(view) == refused[card]:
        return True
    theirs = [t for t in view.table.melds if t.owner != view.player]
    return not any(card in layoff_targets(t.meld, view.rules) for t in theirs)


def fresh_offers(offers: list[Offer], view: PlayerView) -> list[Offer]:
    """The offers not declined already with nothing changed (all, if every
    one was: an offer must still be made)."""
    refused = declined(view)
    fresh = [a for a in offers if not stale_offer(view, a.card, refused)]
    return fresh or offers


# the levels it plays (``random`` is RandomBot, for every family)
LEVELS_PLAYED = (Level.EASY, Level.NORMAL, Level.HARD)


class TableBot:
    """Skarney or Colonel at level ``easy``, ``normal`` or ``hard``."""

    # Colonel: lay melds once the stock, the opponent's hand or ours is this small
    hurry_stock = 12
    hurry_opponent = 4
    hurry_left = 3
    # how many points of stuck hand a card that helps the opponent is worth
    feed_offer = 2.0
    feed_discard = 3.0
    ahead_weight = 0.75  # hard: weight of the stuck points expected after a draw
    sample_offers = 24  # hard, Skarney: guesses at the opponent's hand an offer is weighed on
    take_margin = 1.0  # hard, Colonel: points a taken card must save over a stock draw

    def __init__(
        self, rules: RuleSet, seed: int | None = None, level: Level = Level.NORMAL
    ) -> None:
        if rules.family is Family.GIN:
            raise ValueError("TableBot plays Skarney and Colonel")
        if level not in LEVELS_PLAYED:
            raise ValueError(f"no level {level!r}")
        self.rules = rules
        self.level = Level(level)
        self.name: str = self.level.value
        self._seed = seed
        self._solver = solver_for(rules)
        self.search: SkarneySearch | None = None
        hard = self.level is Level.HARD
        if hard and rules.family is Family.SKARNEY and rules.poker_melds:
            self.search = SkarneySearch(rules, seed)
        if hard:
            # measured: in Colonel, melds laid at once beat melds held back
            # (57% of games against normal over 300 games)
            self.hurry_stock = 32

    def _rng(self, view: PlayerView) -> random.Random:
        return public_rng(self._seed, view, phase=True)

    def stuck(self, hand: int) -> int:
        """Points the hand would still hold with its best melds laid."""
        return self._solver.deadwood(hand)

    def choose(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        legal = list(legal_actions)
        if len(legal) == 1:
            return legal[0]
        rng = self._rng(view)
        if self.level is Level.EASY and rng.random() < 0.2:
            return rng.choice(legal)
        memory = remember(view)
        if self.rules.family is Family.SKARNEY:
            return self._skarney(view, legal, memory, rng)
        return self._colonel(view, legal, memory, rng)

    # --- Skarney ------------------------------------------------------------------

    def _skarney(
        self, view: PlayerView, legal: list[Action], memory: Memory, rng: random.Random
    ) -> Action:
        if view.phase is Phase.RESPOND:
            card = view.table.pending_offer
            assert card is not None
            if self.search is not None and self.search.answers:
                return self.search.answer(view, memory, card, rng, self._stale(view))
            return Accept() if self.takes_offer(view, memory.mine, card) else Decline()
        contracts = [a for a in legal if isinstance(a, LayContract)]
        if contracts:
            # the contract that leaves the least stuck in hand; a big hand can
            # have thousands, so only the thirty heaviest are weighed exactly
            heavy = sorted(
                contracts,
                key=lambda a: -hand_value((c for m in a.melds for c in m.cards), self.rules),
            )
            best = sorted(heavy[:30], key=lambda a: self.left_after(memory.mine, a.melds))
            if self.search is not None and self.search.contracts:
                chosen = self.search.contract(view, memory, best, rng, self._stale(view))
                if chosen is not None:
                    return chosen
                # held back: on to the offers (or the turn's end)
                legal = [a for a in legal if not isinstance(a, LayContract)]
            else:
                return best[0]
        plays = [a for a in legal if isinstance(a, LayMeld | LayOff)]
        if plays:
            return self._best_play(memory.mine, plays)
        # a card declined is not offered again while nothing has changed for it
        offers = fresh_offers([a for a in legal if isinstance(a, Offer)], view)
        if offers and self.search is not None and self.search.offers:
            ranked = self._ranked_offers(view, memory, offers)
            return self.search.offer(view, memory, ranked, rng, self._stale(view))
        if offers and self.level is Level.HARD and self.sample_offers:
            return self._sampled_offer(view, memory, offers, rng)
        if offers:
            return self._ranked_offers(view, memory, offers, rng)[0]
        return next((a for a in legal if isinstance(a, EndTurn | DrawStock)), legal[0])

    @staticmethod
    def _stale(view: PlayerView) -> int:
        """The ranks of this player's offers declined with nothing changed since."""
        refused = declined(view)
        return sum(1 << (c.rank - 1) for c in refused if stale_offer(view, c, refused))

    def _ranked_offers(
        self,
        view: PlayerView,
        memory: Memory,
        offers: list[Offer],
        rng: random.Random | None = None,
    ) -> list[Offer]:
        """The offers, ``normal``'s choice first: least stuck left and least
        help to the opponent (ties by ``rng``, else by card)."""
        tie = rng.random if rng is not None else (lambda: 0.0)
        return sorted(
            offers,
            key=lambda a: (
                self.stuck(memory.mine & ~a.card.bit)
                + self.feed_offer * self.feeds(view, a.card, memory),
                tie(),
            ),
        )

    def _sampled_offer(
        self, view: PlayerView, memory: Memory, offers: list[Offer], rng: random.Random
    ) -> Offer:
        """``hard``: the offer worth most over guesses at the opponent's hand.
        A declined card stays, so an offer gains only when accepted (as a
        player who takes what melds would): our count falls by what the card
        leaves, theirs by what it melds for them."""
        hand = memory.mine
        known = memory.opp_known
        need = view.opponent_hand_size - known.bit_count()
        pool = [c.bit for c in from_mask(memory.unseen)]
        worth = dict.fromkeys(offers, 0.0)
        now = self.stuck(hand)
        for _ in range(self.sample_offers):
            opp = known
            for bit in rng.sample(pool, min(need, len(pool))):
                opp |= bit
            theirs = self.stuck(opp)
            for a in offers:
                after = self.stuck(opp | a.card.bit)
                if after <= theirs:
                    worth[a] += (now - self.stuck(hand & ~a.card.bit)) - (theirs - after)
        return max(offers, key=lambda a: (worth[a], -self.stuck(hand & ~a.card.bit)))

    def wants(self, hand: int, card: Card) -> bool:
        """Does the card meld with ``hand`` (it costs nothing in stuck points)?"""
        return self.stuck(hand | card.bit) <= self.stuck(hand)

    def takes_offer(self, view: PlayerView, hand: int, card: Card) -> bool:
        """Accept an offer if the card melds in hand or lays off on one of
        this player's melds on the table (RULES.md 3: only one's own)."""
        return self.wants(hand, card) or bool(own_fits(view, card))

    def left_after(self, hand: int, melds: Sequence[object]) -> int:
        """Points the hand would still hold once ``melds`` are laid."""
        spread = 0
        for m in melds:
            spread |= m.mask  # type: ignore[attr-defined]
        return self.stuck(hand & ~spread)

    def _best_play(self, hand: int, plays: Sequence[Action]) -> Action:
        def after(a: Action) -> tuple[int, int]:
            if isinstance(a, LayMeld):
                return (self.stuck(hand & ~a.meld.mask), -len(a.meld))
            assert isinstance(a, LayOff)
            return (self.stuck(hand & ~a.card.bit), -1)

        return min(plays, key=after)

    def feeds(self, view: PlayerView, card: Card, memory: Memory) -> float:
        """How much a card would help the opponent."""
        fits = sum(
            1
            for t in view.table.melds
            if t.owner != view.player or self.rules.family is Family.COLONEL
            if card in layoff_targets(t.meld, self.rules)
        )
        return fits + danger(card, memory, self.rules)

    # --- Colonel ------------------------------------------------------------------

    def _colonel(
        self, view: PlayerView, legal: list[Action], memory: Memory, rng: random.Random
    ) -> Action:
        hand = memory.mine
        mine = hand_count(view.hand, self.rules)
        if view.phase is Phase.CHALLENGED:
            return Accept() if mine < 0.6 * self._their_guess(view) else Decline()
        if view.phase is Phase.DRAW:
            if Challenge() in legal and mine <= 0.4 * self._their_guess(view) and mine <= 15:
                return Challenge()
            top = memory.top
            if TakeDiscard() in legal and top and self._takes(hand, top, memory):
                return TakeDiscard()
            return DrawStock()
        offs = [a for a in legal if isinstance(a, LayOff)]
        if offs:
            return self._best_play(hand, list(offs))
        melds = [a for a in legal if isinstance(a, LayMeld)]
        if melds:
            best = self._best_play(hand, list(melds))
            assert isinstance(best, LayMeld)
            left = (hand & ~best.meld.mask).bit_count()
            hurry = (
                view.stock_size < self.hurry_stock
                or view.opponent_hand_size <= self.hurry_opponent
                or left <= self.hurry_left
            )
            if hurry or self.level is Level.EASY or self.stuck(hand & ~best.meld.mask) == 0:
                return best
        discards = [a for a in legal if isinstance(a, Discard)]
        return min(
            discards,
            key=lambda a: (
                self._kept(hand & ~a.card.bit, memory.unseen & ~a.card.bit)
                + self.feed_discard * self.feeds(view, a.card, memory),
                rng.random(),
            ),
        )

    def _kept(self, rest: int, unseen: int) -> float:
        """What a hand left after a discard is worth keeping (lower is better):
        its stuck points, and for ``hard`` also those to expect after the next
        draw, which favours cards whose meld partners are still to come
        (Colonel only: in Skarney it measured level, at many times the cost)."""
        now = self.stuck(rest)
        if self.level is not Level.HARD or not rest:
            return now
        ahead = expected_deadwood(self._solver, rest, unseen)
        return (1 - self.ahead_weight) * now + self.ahead_weight * ahead

    def _takes(self, hand: int, top: int, memory: Memory) -> bool:
        """Take the discard? ``normal``: when it melds. ``hard`` also swaps a
        low card for a high one, when that beats what a stock draw is worth
        (a Colonel hand that does not go out is scored by its total)."""
        if self.stuck(hand | top) < self.stuck(hand):
            return True
        if self.level is not Level.HARD:
            return False
        solver = self._solver
        rest = hand
        kept = 10**6
        while rest:  # keep the card taken, throw the one that leaves least
            bit = rest & -rest
            rest ^= bit
            kept = min(kept, solver.deadwood((hand | top) & ~bit))
        return kept < expected_deadwood(solver, hand, memory.unseen) - self.take_margin

    def _their_guess(self, view: PlayerView) -> float:
        """A rough guess at the opponent's hand total: 6.5 points a card."""
        return 6.5 * view.opponent_hand_size


for _level in LEVELS_PLAYED:
    register(_level, partial(TableBot, level=_level), Family.SKARNEY, Family.COLONEL)
