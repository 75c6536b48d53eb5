"""The reference opponents ``ginrummies sim`` measures the levels against.

Each is a plain policy built on ``normal`` with a documented difference,
modelled on the way people play:

- ``camper`` holds out for gin. In the Gin family it knocks only in its
  first ``early`` turns (3: a knock that comes at once is taken), at a count
  of ``small`` or less (1), or once the stock is down to ``late`` cards (8);
  its discards aim at that count instead of the knock limit. In Skarney it
  lays its contract (a hand caught without one pays double) but then holds
  its melds and lay-offs back until it can go out at once or the stock is
  down to ``late``, and declines every offer. In Colonel it holds its melds
  back the same way and never challenges.
- ``casual`` plays ``normal`` with people's mistakes, each at a documented
  rate: one discard in ``careless`` (1 in 5) pays no heed to the cards the
  opponent has shown it collects, so now and then it hands over the card
  that completes their meld; one time in ``overlook`` (1 in 4) it does not
  notice that the discard top would meld and draws from the stock instead
  (in Skarney and Colonel it misses a lay-off it could make instead); and
  it knocks at the first chance (in Colonel it challenges whenever its hand
  totals ``challenge_at`` or less, 20).

``eaai-simple`` (in ``ginbot``) completes the panel for the Gin family.
Every random choice comes from the public state (``public_rng``), so these
bots never see a hidden card and a game replays exactly.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..core import (
    Accept,
    Action,
    Card,
    Challenge,
    Decline,
    Discard,
    Family,
    Knock,
    LayMeld,
    LayOff,
    Level,
    Phase,
    PlayerView,
    RuleSet,
    hand_count,
)
from .ginbot import GinBot
from .registry import register
from .tablebot import TableBot
from .tracking import Memory, knock_limit, public_rng, turns_of


def _mistake(seed: int | None, view: PlayerView, kind: str) -> random.Random:
    # a stream of its own for each kind of mistake, from the public state alone
    return random.Random(f"{kind}:{public_rng(seed, view, phase=True).random()}")


class Camper(GinBot):
    """Gin family: waits for gin or a very low count (see the module)."""

    early = 3  # knocks at any legal count in its first this-many turns
    small = 1  # and at this count or less at any time
    late = 8  # and at any legal count once the stock is down to this

    def __init__(self, rules: RuleSet, seed: int | None = None) -> None:
        super().__init__(rules, seed, Level.NORMAL)
        self.name = "camper"

    def camping(self, view: PlayerView) -> bool:
        """Is it past its early turns and is the stock still long?"""
        return turns_of(view.history, view.player) >= self.early and view.stock_size > self.late

    def plan_limit(self, view: PlayerView) -> int:
        limit = knock_limit(view)
        return min(limit, self.small) if self.camping(view) else limit

    def should_knock(self, view: PlayerView, memory: Memory, knock: Knock) -> bool:
        return not self.camping(view) or self.points_after(memory.mine, knock) <= self.small


class Casual(GinBot):
    """Gin family: ``normal`` with people's mistakes (see the module)."""

    careless = 0.2
    overlook = 0.25

    def __init__(self, rules: RuleSet, seed: int | None = None) -> None:
        super().__init__(rules, seed, Level.NORMAL)
        self.name = "casual"

    def should_knock(self, view: PlayerView, memory: Memory, knock: Knock) -> bool:
        return True

    def wants_top(self, view: PlayerView, memory: Memory) -> bool:
        wanted = super().wants_top(view, memory)
        if wanted and view.phase is not Phase.FIFTIETH:
            return _mistake(self._seed, view, "overlook").random() >= self.overlook
        return wanted

    def feed_risk(self, view: PlayerView, memory: Memory, action: Discard) -> float:
        if _mistake(self._seed, view, "careless").random() < self.careless:
            return 0.0
        return super().feed_risk(view, memory, action)


class TableCamper(TableBot):
    """Skarney and Colonel: holds its melds back, declines offers, never
    challenges (see the module)."""

    late = 8

    def __init__(self, rules: RuleSet, seed: int | None = None) -> None:
        super().__init__(rules, seed, Level.NORMAL)
        self.name = "camper"

    def can_go_out(self, hand: int) -> bool:
        """Could every card in hand be melded (Colonel: all but one discard)?"""
        if self.rules.family is Family.COLONEL:
            return self._solver.deadwood(hand, True) == 0
        return self._solver.deadwood(hand) == 0

    def choose(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        every: list[Action] = list(legal_actions)
        legal: list[Action] = [a for a in every if not isinstance(a, Challenge)] or every
        if view.phase is Phase.RESPOND:
            return Decline()
        if view.phase is Phase.CHALLENGED:
            return super().choose(view, legal)
        hold = view.stock_size > self.late and not self.can_go_out(sum(c.bit for c in view.hand))
        if hold:
            kept: list[Action] = [a for a in legal if not isinstance(a, LayMeld | LayOff)]
            legal = kept or legal
        return super().choose(view, legal)


class TableCasual(TableBot):
    """Skarney and Colonel: ``normal`` with people's mistakes (see the module)."""

    careless = 0.2
    overlook = 0.25
    challenge_at = 20

    def __init__(self, rules: RuleSet, seed: int | None = None) -> None:
        super().__init__(rules, seed, Level.NORMAL)
        self.name = "casual"
        self._careless_now = False

    def choose(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        legal = list(legal_actions)
        if Challenge() in legal and hand_count(view.hand, self.rules) <= self.challenge_at:
            return Challenge()
        if view.phase is Phase.CHALLENGED:
            return Accept() if hand_count(view.hand, self.rules) <= self.challenge_at else Decline()
        offs = [a for a in legal if isinstance(a, LayOff)]
        if offs and _mistake(self._seed, view, "overlook").random() < self.overlook:
            kept: list[Action] = [a for a in legal if not isinstance(a, LayOff)]
            legal = kept or legal
        self._careless_now = _mistake(self._seed, view, "careless").random() < self.careless
        return super().choose(view, legal)

    def feeds(self, view: PlayerView, card: Card, memory: Memory) -> float:
        return 0.0 if self._careless_now else super().feeds(view, card, memory)


register("camper", Camper, Family.GIN)
register("camper", TableCamper, Family.SKARNEY, Family.COLONEL)
register("casual", Casual, Family.GIN)
register("casual", TableCasual, Family.SKARNEY, Family.COLONEL)

__all__ = ["Camper", "Casual", "TableCamper", "TableCasual"]
