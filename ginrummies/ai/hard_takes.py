"""Skarney: how often ``hard`` would accept a card offered to it, judged as
``hard`` judges (``skarney_bot``), so the offer hint's take chance holds
against it.

``hard`` does not take what melds: it plays the hand out both ways and
keeps the better (a card for its own melds often only helps the offerer
out). From the offerer's view this guesses the other hand; for each guess
it guesses, as they would, at the offerer's hand (the cards of it they have
seen, the rest from what is hidden from them) and the stock, and plays the
hand out from accepting and from declining on rank counts. The share of
guesses where accepting came out ahead is what ``odds.take_chance`` reads
off ``hard``'s curve. Only the ``PlayerView`` is used.
"""

from __future__ import annotations

import random

from ..core import Card, PlayerView
from .skarney_search import RankPlay, position_from, sample_hidden
from .tracking import Memory

HARD_GUESSES = 12  # guesses at the other hand
HARD_WORLDS = 2  # their guesses at the offerer's hand and the stock, in each


def seen_by_them(view: PlayerView, hand: int) -> int:
    """The cards of ``hand`` (this player's, as a mask) the other player has
    seen: offered, or accepted from them."""
    public = 0
    for e in view.history:
        for card in (e.card, getattr(e.action, "card", None)):
            if isinstance(card, Card):
                public |= card.bit
    return public & hand


def hard_take_share(view: PlayerView, memory: Memory, card: Card) -> float:
    """The share of guesses in which ``hard`` across the table accepts
    ``card`` (of this player's hand) if it is offered now. Needs poker melds
    (``hard`` answers as ``normal`` without them)."""
    play = RankPlay(view.rules)
    rr = play.rr
    rng = random.Random(f"{len(view.history)}:{view.stock_size}:{card}")
    me = view.player
    need = view.opponent_hand_size - memory.opp_known.bit_count()
    known = seen_by_them(view, memory.mine) | card.bit
    # their frame: they are player 0, this player (who offers) player 1
    melds = [(1 if t.owner == me else 0, t.meld.mask) for t in view.table.melds]
    contracts = (view.table.contracts[1 - me], view.table.contracts[me])
    rank = card.rank - 1
    wins = 0
    for _ in range(HARD_GUESSES):
        theirs, stock = sample_hidden(rng, memory.opp_known, need, memory.unseen, view.stock_size)
        hidden = (memory.mine & ~known) | sum(stock)
        margin = 0.0
        for _ in range(HARD_WORLDS):
            mine, order = sample_hidden(
                rng, known, len(view.hand) - known.bit_count(), hidden, len(stock)
            )
            base = position_from(rr, theirs, mine, order, melds, contracts, -1, False)
            for accept, sign in ((True, 1.0), (False, -1.0)):
                pos = base.copy()
                play.respond(pos, 0, rank, accept)
                refused = (0, 0 if accept else 1 << rank)
                margin += sign * play.play(pos, 0, "turn", refused=refused)
        wins += margin >= 0  # as ``hard``: a tie accepts
    return wins / HARD_GUESSES


__all__ = ["HARD_GUESSES", "hard_take_share", "seen_by_them"]
