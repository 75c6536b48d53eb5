"""Skarney's ``hard``: each answer and offer weighed by playing the hand out.

For every choice it guesses the hidden cards many times (the other hand
from the cards they are known to hold and the unseen ones, the stock's
order from the rest), plays the hand to its end from each candidate in each
guess on rank counts (``skarney_search.RankPlay``, both players following
``normal``'s rules), and takes the candidate with the best mean score. The
same guesses serve every candidate, so their differences are not noise of
the guessing, and one shown clearly worse is dropped early. A guess at the
other hand that would have wanted a card they declined (with nothing
changed since) is drawn again. ``samples`` fixes the number of guesses
(the same choice on any machine); without it the search runs for
``budget`` seconds.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import TypeVar

from ..core import Accept, Card, Decline, LayContract, Offer, PlayerView, RuleSet
from .skarney_search import Position, RankPlay, pack, position_from, sample_hidden
from .tracking import Memory

T = TypeVar("T")


class SkarneySearch:
    """Weighs Skarney answers and offers over guesses at the hidden cards."""

    budget = 0.1  # seconds per decision, when ``samples`` is not set
    samples: int | None = None
    least = 8  # guesses at least, whatever the clock says
    most = 200
    redraws = 4  # guesses drawn again, at most, for wanting a declined card
    prune = 2.5  # standard errors by which a move must trail the leader to be dropped
    offers = 6  # offers weighed: ``normal``'s first choices (0: offer as ``normal``)
    answers = True  # weigh accepting against declining (else answer as ``normal``)
    # contracts weighed (when several leave different cards) and whether
    # holding it back a turn is weighed too: off, since both measured level
    # with laying ``normal``'s choice at once (docs/strength.md)
    contracts = 0
    hold = False

    def __init__(self, rules: RuleSet, seed: int | None = None) -> None:
        self.rules = rules
        self.play = RankPlay(rules)
        self._seed = seed

    # --- the choices ----------------------------------------------------------------

    def answer(
        self,
        view: PlayerView,
        memory: Memory,
        card: Card,
        rng: random.Random,
        refused: int = 0,
    ) -> Accept | Decline:
        """Accept or decline the card offered; ``refused``: the ranks of our
        offers they declined with nothing changed."""
        rank = card.rank - 1
        choices: list[Accept | Decline] = [Accept(), Decline()]

        def run(pos: Position, accept: bool) -> float:
            self.play.respond(pos, 0, rank, accept)
            # a declined card is not offered again at once
            return self.play.play(pos, 0, "turn", refused=(0, 0 if accept else 1 << rank))

        values = self._weigh(view, memory, rng, [True, False], run, refused, card.bit)
        return choices[0] if values[0] >= values[1] else choices[1]

    def offer(
        self,
        view: PlayerView,
        memory: Memory,
        ranked: Sequence[Offer],
        rng: random.Random,
        refused: int = 0,
    ) -> Offer:
        """The offer, of ``ranked`` (``normal``'s order), worth most played
        out; ``refused``: the ranks of offers declined with nothing changed."""
        by_rank: dict[int, Offer] = {}
        for a in ranked:
            by_rank.setdefault(a.card.rank - 1, a)  # suits do not matter here
        candidates = list(by_rank.values())[: self.offers]
        if len(candidates) == 1:
            return candidates[0]

        def run(pos: Position, rank: int) -> float:
            return self.play.play(pos, 1, "answer", rank, refused=(refused, 0))

        ranks = [a.card.rank - 1 for a in candidates]
        values = self._weigh(view, memory, rng, ranks, run, refused)
        best = max(range(len(candidates)), key=lambda i: (values[i], -i))
        return candidates[best]

    def contract(
        self,
        view: PlayerView,
        memory: Memory,
        ranked: Sequence[LayContract],
        rng: random.Random,
        refused: int = 0,
    ) -> LayContract | None:
        """The contract to lay, of ``ranked`` (``normal``'s order), or None to
        hold it back this turn, whichever is worth most played out."""
        by_left: dict[int, LayContract] = {}
        for a in ranked:
            spread = sum(m.mask for m in a.melds)
            by_left.setdefault(pack(memory.mine & ~spread), a)
        choices: list[LayContract | None] = [*list(by_left.values())[: self.contracts], None]
        if not self.hold and len(choices) == 2:
            return choices[0]

        def run(pos: Position, choice: LayContract | None) -> float:
            if choice is not None:
                for meld in choice.melds:
                    counts = pack(meld.mask)
                    ranks = [r for r in range(13) if counts >> (3 * r) & 7]
                    table = pos.tables[0]
                    if len(ranks) == 1:
                        table.sets[ranks[0]] = table.sets.get(ranks[0], 0) + 3
                    else:
                        table.straights.append(sum(1 << r for r in ranks))
                    pos.hands[0] -= counts
                pos.contracts[0] = True
                if pos.hands[0] == 0:
                    return self.play.score(pos, 0)
            return self.play.play(pos, 0, "offer", draw_skipped=view.table.draw_skipped)

        options = choices if self.hold else choices[:-1]
        values = self._weigh(view, memory, rng, options, run, refused)
        return options[max(range(len(options)), key=lambda i: (values[i], -i))]

    # --- the guesses -------------------------------------------------------------------

    def _weigh(
        self,
        view: PlayerView,
        memory: Memory,
        rng: random.Random,
        moves: Sequence[T],
        run: Callable[[Position, T], float],
        refused: int = 0,
        offered: int = 0,
    ) -> list[float]:
        """The mean score of each move over the guesses; a move shown clearly
        worse than the leader (paired over the same guesses) is dropped and
        gets minus infinity, and the guessing stops when one move is left."""
        me = view.player
        known = memory.opp_known | offered
        unseen = memory.unseen & ~offered
        need = view.opponent_hand_size - known.bit_count()
        melds = [(0 if t.owner == me else 1, t.meld.mask) for t in view.table.melds]
        contracts = (view.table.contracts[me], view.table.contracts[1 - me])
        no_back = view.table.no_offer_back
        back = no_back.rank - 1 if no_back is not None else -1
        scores: list[list[float]] = [[] for _ in moves]
        live = list(range(len(moves)))
        deadline = time.perf_counter() + self.budget
        n = 0
        rr = self.play.rr
        mine = memory.mine
        while len(live) > 1 and self._more(n, deadline):
            for _ in range(self.redraws + 1):
                theirs, stock = sample_hidden(rng, known, need, unseen, view.stock_size)
                if not self._would_take(pack(theirs), refused, contracts[1], melds):
                    break
            base = position_from(
                rr, mine, theirs, stock, melds, contracts, back, view.table.last_turn
            )
            for i in live:
                scores[i].append(run(base.copy(), moves[i]))
            n += 1
            if n >= self.least:
                live = self._survivors(scores, live, n)
        if n == 0:  # one move only: nothing to weigh
            return [0.0 if i in live else float("-inf") for i in range(len(moves))]
        return [sum(scores[i]) / n if i in live else float("-inf") for i in range(len(moves))]

    def _would_take(
        self, theirs: int, refused: int, contract: bool, melds: list[tuple[int, int]]
    ) -> bool:
        """Would a hand of these rank counts have wanted a card declined?"""
        if not refused:
            return False
        rr = self.play.rr
        now = rr.stuck(theirs)
        fits = 0
        if contract:
            table = position_from(rr, 0, 0, (), melds, (False, True), -1, False).tables[1]
            fits = rr.targets(table)
        for r in range(13):
            if refused >> r & 1 and (fits >> r & 1 or rr.stuck(theirs + (1 << (3 * r))) <= now):
                return True
        return False

    def _survivors(self, scores: list[list[float]], live: list[int], n: int) -> list[int]:
        """The moves not shown worse than the leader beyond ``prune`` standard
        errors of their paired difference."""
        lead = max(live, key=lambda i: (sum(scores[i]), -i))
        kept = []
        for i in live:
            if i != lead:
                diffs = [a - b for a, b in zip(scores[lead], scores[i], strict=True)]
                mean = sum(diffs) / n
                var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
                if mean > self.prune * (var / n) ** 0.5 and mean > 0:
                    continue
            kept.append(i)
        return kept

    def _more(self, n: int, deadline: float) -> bool:
        if self.samples is not None:
            return n < self.samples
        return n < self.least or (time.perf_counter() < deadline and n < self.most)


__all__ = ["SkarneySearch"]
