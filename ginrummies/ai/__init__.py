"""Computer players. A bot sees a hand only through its ``PlayerView``.

``make_bot(name, rules, seed)`` gives ``random``, ``eaai-simple`` (Gin
family) or a level, ``easy`` / ``normal`` / ``hard``, for any variant.
``LEVELS`` are the computer opponents a person may choose from.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from ..core import Action, Family, PlayerView, RuleSet
from .ginbot import EaaiSimple, GinBot
from .search import HardGinBot
from .tablebot import TableBot
from .tracking import public_rng


class Bot(Protocol):
    """Anything that picks one of the legal actions from what a player may know."""

    name: str

    def choose(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action: ...


class RandomBot:
    """Picks uniformly among the legal actions: a yardstick, not an opponent."""

    name = "random"

    def __init__(self, rules: RuleSet, seed: int | None = None) -> None:
        self.rules = rules
        self._seed = seed

    def choose(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        if not legal_actions:
            raise ValueError("there is nothing to choose from")
        return public_rng(self._seed, view, phase=True).choice(list(legal_actions))


def _level(level: str) -> Callable[[RuleSet, int | None], Bot]:
    def build(rules: RuleSet, seed: int | None) -> Bot:
        if rules.family is Family.GIN:
            return GinBot(rules, seed, level)
        return TableBot(rules, seed, level)

    return build


def _hard(rules: RuleSet, seed: int | None) -> Bot:
    if rules.family is Family.GIN:
        return HardGinBot(rules, seed)
    return TableBot(rules, seed, "hard")


def _eaai(rules: RuleSet, seed: int | None) -> Bot:
    if rules.family is not Family.GIN:
        raise ValueError("eaai-simple plays only the Gin family")
    return EaaiSimple(rules, seed)


BOTS: dict[str, Callable[[RuleSet, int | None], Bot]] = {
    "random": RandomBot,
    "eaai-simple": _eaai,
    "easy": _level("easy"),
    "normal": _level("normal"),
    "hard": _hard,
}

# the computer opponents a person may choose from (every variant), easiest first:
# the one list the settings, the new-game form and the command line offer
LEVELS: tuple[str, ...] = ("easy", "normal", "hard", "random")


def make_bot(name: str, rules: RuleSet, seed: int | None = None) -> Bot:
    """A bot by name; ValueError lists the names there are."""
    try:
        build = BOTS[name]
    except KeyError:
        raise ValueError(f"no bot named {name!r}; choose one of {', '.join(BOTS)}") from None
    return build(rules, seed)


__all__ = ["BOTS", "LEVELS", "Bot", "EaaiSimple", "GinBot", "RandomBot", "TableBot", "make_bot"]
