"""Skarney's ``hard``: each answer and offer weighed by playing the hand out.

For every choice it guesses the hidden cards many times (the other hand
from the cards they are known to hold and the unseen ones, the stock's
order from the rest), plays the hand to its end from each candidate in each
guess on rank counts (``skarney_search.RankPlay``, both players following
``normal``'s rules), and takes the candidate with the best mean score. The
same guesses serve every candidate, so their differences are not noise of
the guessing. ``samples`` fixes the number of guesses (the same choice on
any machine); without it the search runs for ``budget`` seconds.
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
        self, view: PlayerView, memory: Memory, card: Card, rng: random.Random
    ) -> Accept | Decline:
        """Accept or decline the card offered."""
        rank = card.rank - 1
        choices: list[Accept | Decline] = [Accept(), Decline()]

        def run(pos: Position, accept: bool) -> float:
            self.play.respond(pos, 0, rank, accept)
            # a declined card is not offered again at once
            return self.play.play(pos, 0, "turn", refused=(0, 0 if accept else 1 << rank))

        values = self._weigh(view, memory, rng, [True, False], run, offered=card.bit)
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

        values = self._weigh(view, memory, rng, [a.card.rank - 1 for a in candidates], run)
        best = max(range(len(candidates)), key=lambda i: (values[i], -i))
        return candidates[best]

    def contract(
        self, view: PlayerView, memory: Memory, ranked: Sequence[LayContract], rng: random.Random
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
        values = self._weigh(view, memory, rng, options, run)
        return options[max(range(len(options)), key=lambda i: (values[i], -i))]

    # --- the guesses -------------------------------------------------------------------

    def _weigh(
        self,
        view: PlayerView,
        memory: Memory,
        rng: random.Random,
        moves: Sequence[T],
        run: Callable[[Position, T], float],
        offered: int = 0,
    ) -> list[float]:
        """The mean score of each move over the guesses."""
        me = view.player
        known = memory.opp_known | offered
        unseen = memory.unseen & ~offered
        need = view.opponent_hand_size - known.bit_count()
        melds = [(0 if t.owner == me else 1, t.meld.mask) for t in view.table.melds]
        contracts = (view.table.contracts[me], view.table.contracts[1 - me])
        no_back = view.table.no_offer_back
        back = no_back.rank - 1 if no_back is not None else -1
        totals = [0.0] * len(moves)
        deadline = time.perf_counter() + self.budget
        n = 0
        rr = self.play.rr
        mine = memory.mine
        while self._more(n, deadline):
            theirs, stock = sample_hidden(rng, known, need, unseen, view.stock_size)
            base = position_from(
                rr, mine, theirs, stock, melds, contracts, back, view.table.last_turn
            )
            for i, move in enumerate(moves):
                totals[i] += run(base.copy(), move)
            n += 1
        return [t / n for t in totals]

    def _more(self, n: int, deadline: float) -> bool:
        if self.samples is not None:
            return n < self.samples
        return n < self.least or (time.perf_counter() < deadline and n < self.most)


__all__ = ["SkarneySearch"]
