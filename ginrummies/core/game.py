"""A game between two players: the two-seat match (RULES.md 1 and 2.3).

Hands to the target score, boxes, bonuses and the settlement; each hand's
deck comes from the game seed and the hand's number, so a game is its
rules, seed, first dealer and the actions of each hand.
"""

from __future__ import annotations

from collections.abc import Sequence

from .actions import Action
from .cards import Card
from .formats import Format, cut_for_deal, hand_deck, next_dealer
from .match import Match
from .rules import RuleSet
from .settle import GameResult, settle

__all__ = ["Game", "GameResult", "cut_for_deal", "hand_deck", "next_dealer", "settle"]


class Game(Match):
    """Hands to the target between players 0 and 1. Call ``apply`` for the
    hand in play and ``next_hand`` once it is over and the game is not."""

    def __init__(
        self,
        rules: RuleSet,
        seed: int | str,
        *,
        first_dealer: int | None = None,
        winner_deals: Sequence[bool] = (),
    ) -> None:
        if first_dealer not in (None, 0, 1):
            raise ValueError(f"first_dealer must be 0 or 1, not {first_dealer!r}")
        super().__init__(rules, seed, Format.TWO, first=first_dealer, winner_deals=winner_deals)

    @property
    def given_target(self) -> int | None:
        return None

    @property
    def first_dealer(self) -> int:
        return self.rounds[0].rota.dealers[0]

    @property
    def cut(self) -> tuple[Card, Card] | None:
        """Both players' cut cards, or None when the first dealer was given."""
        if not self.cuts:
            return None
        a, b = self.cuts[0]
        return (a, b)

    @classmethod
    def replay(
        cls,
        rules: RuleSet,
        seed: int | str,
        log: Sequence[Sequence[Action]],
        *,
        first_dealer: int | None = None,
        winner_deals: Sequence[bool] = (),
    ) -> Game:
        """Rebuild a game from its seed and log; IllegalAction names a bad step."""
        game = cls(rules, seed, first_dealer=first_dealer, winner_deals=winner_deals)
        game.replay_log(log)
        return game
