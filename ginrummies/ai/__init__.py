"""Computer players. A bot sees a hand only through its ``PlayerView``.

``make_bot(name, rules, seed)`` gives ``random``, ``eaai-simple`` (Gin
family), a level, ``easy`` / ``normal`` / ``hard``, for any variant, or one
of the reference opponents of ``panel``, ``camper`` and ``casual``: it
looks the bot up in the registry of the rules' family (``registry``), where
each family's bot module registers its bots. ``LEVELS`` are the computer
opponents a person may choose from (kept in ``ginrummies.core.levels``,
which storage reads without importing the bots); inside ``ai`` a level is
a ``Level``.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core import LEVELS, Action, Family, Level, PlayerView, RuleSet
from . import panel as _panel  # noqa: F401  (each bot module registers its bots)
from .ginbot import EaaiSimple, GinBot
from .levelwords import FAMILY_LEVEL_ABOUT, LEVEL_ABOUT, level_about
from .registry import BOTS, Bot, bot_names, builder, register
from .search import HardGinBot
from .tablebot import TableBot
from .tracking import public_rng


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


register(Level.RANDOM, RandomBot, *Family)

# the sampled deals ``hard`` weighs a move on in ``ginrummies sim``, where
# every figure must repeat on any machine (the app gives it a time budget)
SIM_SAMPLES = 24


def make_bot(
    name: str, rules: RuleSet, seed: int | None = None, *, samples: int | None = None
) -> Bot:
    """A bot by name (a ``Level`` is its own name) for the rules' family;
    ValueError lists the names there are. ``samples`` fixes how many deals a
    searching bot samples for each move, so that its play repeats exactly
    on any machine; without it, it searches for a time."""
    bot = builder(name, rules.family)(rules, seed)
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
    "bot_names",
    "level_about",
    "make_bot",
]
