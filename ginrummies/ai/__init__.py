"""Computer players. A bot sees a hand only through its ``PlayerView``.

``make_bot(name, rules, seed)`` gives ``random``, ``eaai-simple`` (Gin
family), a level, ``easy`` / ``normal`` / ``hard``, for any variant, or one
of the reference opponents of ``panel``, ``camper`` and ``casual``.
``LEVELS`` are the computer opponents a person may choose from (kept in
``ginrummies.core.levels``, which storage reads without importing the bots).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from ..core import LEVELS, Action, Family, Level, PlayerView, RuleSet
from .ginbot import EaaiSimple, GinBot
from .levelwords import FAMILY_LEVEL_ABOUT, LEVEL_ABOUT, level_about
from .panel import Camper, Casual, TableCamper, TableCasual
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


def _panel(
    gin: Callable[[RuleSet, int | None], Bot], table: Callable[[RuleSet, int | None], Bot]
) -> Callable[[RuleSet, int | None], Bot]:
    def build(rules: RuleSet, seed: int | None) -> Bot:
        return (gin if rules.family is Family.GIN else table)(rules, seed)

    return build


# every bot by name, as the command line writes it: the levels (a Level finds
# its bot, being its word) and the bots for measuring
BOTS: dict[str, Callable[[RuleSet, int | None], Bot]] = {
    "random": RandomBot,
    "eaai-simple": _eaai,
    "camper": _panel(Camper, TableCamper),
    "casual": _panel(Casual, TableCasual),
    "easy": _level("easy"),
    "normal": _level("normal"),
    "hard": _hard,
}

# the sampled deals ``hard`` weighs a move on in ``ginrummies sim``, where
# every figure must repeat on any machine (the app gives it a time budget)
SIM_SAMPLES = 24


def make_bot(
    name: str, rules: RuleSet, seed: int | None = None, *, samples: int | None = None
) -> Bot:
    """A bot by name; ValueError lists the names there are. ``samples`` fixes
    how many deals a searching bot samples for each move, so that its play
    repeats exactly on any machine; without it, it searches for a time."""
    try:
        build = BOTS[name]
    except KeyError:
        raise ValueError(f"no bot named {name!r}; choose one of {', '.join(BOTS)}") from None
    bot = build(rules, seed)
    if samples is not None and isinstance(bot, HardGinBot):
        bot.samples = samples
    if samples is not None and isinstance(bot, TableBot) and bot.search is not None:
        bot.search.samples = samples
    return bot


__all__ = [
    "BOTS",
    "FAMILY_LEVEL_ABOUT",
    "LEVELS",
    "LEVEL_ABOUT",
    "SIM_SAMPLES",
    "Bot",
    "EaaiSimple",
    "GinBot",
    "Level",
    "RandomBot",
    "TableBot",
    "level_about",
    "make_bot",
]
