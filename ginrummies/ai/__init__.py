"""Computer players. A bot sees a hand only through its ``PlayerView``."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from ..core import Action, PlayerView, RuleSet


class Bot(Protocol):
    """Anything that picks one of the legal actions from what a player may know."""

    name: str

    def choose(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action: ...


class RandomBot:
    """Picks uniformly among the legal actions: a yardstick, not an opponent."""

    name = "random"

    def __init__(self, rules: RuleSet, seed: int | None = None) -> None:
        self.rules = rules
        self._rng = random.Random(seed)

    def choose(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        if not legal_actions:
            raise ValueError("there is nothing to choose from")
        return self._rng.choice(list(legal_actions))


BOTS = {"random": RandomBot}


def make_bot(name: str, rules: RuleSet, seed: int | None = None) -> Bot:
    """A bot by name; ValueError lists the names there are."""
    try:
        return BOTS[name](rules, seed)
    except KeyError:
        raise ValueError(f"no bot named {name!r}; choose one of {', '.join(BOTS)}") from None


__all__ = ["BOTS", "Bot", "RandomBot", "make_bot"]
