"""What a careful player remembers, worked out from a ``PlayerView`` alone.

Every discard, every card the opponent took or refused, and so which cards
are still unseen. Nothing here looks past the view, which is what keeps the
bots fair.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..core import (
    Card,
    Discard,
    DrawStock,
    Event,
    FirstTurn,
    Pass,
    PlayerView,
    TakeDiscard,
    to_mask,
)

ALL = (1 << 52) - 1


@dataclass(frozen=True, slots=True)
class Memory:
    """Card knowledge as 52-bit masks (see ginrummies.core.cards)."""

    mine: int  # my hand
    pile: int  # every card in the discard pile
    top: int  # the pile's top card (takeable), or 0
    opp_known: int  # cards the opponent holds for sure
    opp_discarded: int  # cards the opponent threw away
    opp_refused: int  # pile tops the opponent passed over
    unseen: int  # cards I have not seen anywhere: the opponent's or the stock's

    @property
    def live(self) -> int:
        """Cards that may still reach me: unseen ones and the pile's top."""
        return self.unseen | self.top


def remember(view: PlayerView) -> Memory:
    """Replay the public history of a hand to recover what was seen."""
    opp = 1 - view.player
    pile: list[Card] = []
    if view.upcard is not None and view.rules.first_turn is FirstTurn.UPCARD:
        pile.append(view.upcard)
    discarded = refused = 0
    for event in view.history:
        action = event.action
        if isinstance(action, TakeDiscard) and pile:
            pile.pop()
        elif isinstance(action, Discard):
            pile.append(action.card)
            if event.player == opp:
                discarded |= action.card.bit
        elif isinstance(action, DrawStock | Pass) and event.player == opp and pile:
            refused |= pile[-1].bit
    mine = to_mask(view.hand)
    pile_mask = to_mask(view.discard_pile)
    table = to_mask(c for t in view.table.melds for c in t.meld.cards)
    known = to_mask(view.known_opponent_cards)
    top = view.discard_pile[-1].bit if view.discard_pile else 0
    unseen = ALL & ~mine & ~pile_mask & ~known & ~table
    return Memory(mine, pile_mask, top, known, discarded, refused & ~mine, unseen)


def turns_of(history: Sequence[Event], player: int) -> int:
    """Turns ``player`` finished in a hand's history (each ends with a discard)."""
    return sum(1 for e in history if e.player == player and isinstance(e.action, Discard))


def knock_limit(view: PlayerView) -> int:
    """The knock limit in force in a Gin-family hand (its views always carry it)."""
    return view.knock_limit if view.knock_limit is not None else view.rules.knock_limit


def public_rng(seed: int | None, view: PlayerView, *, phase: bool = False) -> random.Random:
    """A bot's random choices, seeded by its seed and the public state alone
    (the moves so far, whose view, and with ``phase`` the phase), so that a
    choice never depends on hidden cards."""
    key = f"{seed}:{len(view.history)}:{view.player}"
    return random.Random(f"{key}:{view.phase}" if phase else key)
