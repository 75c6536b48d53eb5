"""Computer players. A bot sees a hand only through its ``PlayerView``.

``make_bot(name, rules, seed)`` gives ``random``, ``eaai-simple`` (Gin
family), a level, ``easy`` / ``normal`` / ``hard``, for any variant, or one
of the reference opponents of ``panel``, ``camper`` and ``casual``.
``LEVELS`` are the computer opponents a person may choose from (kept in
``ginrummies.levels``, which storage reads without importing the bots).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from ..core import Action, Family, PlayerView, RuleSet
from ..levels import LEVELS, Level
from .ginbot import EaaiSimple, GinBot
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


# each level in one line, for the new-game form: how it plays and how strong
# it is against the reference panel (docs/strength.md, Gin Rummy)
LEVEL_ABOUT: dict[str, str] = {  # by Level; a level's word finds it too
    Level.EASY: "looks only at its own deadwood and now and then throws a careless card;"
    " in Gin Rummy it wins about 1 game in 4 against a player who knocks at once",
    Level.NORMAL: "counts the cards still live, keeps off the discards you collect and"
    " knocks as soon as an undercut looks unlikely; in Gin Rummy it wins 6 games in 10"
    " against a player who knocks at once, 4 in 10 against one who waits for gin",
    Level.HARD: "reads from the game whether you knock early or wait for gin and plays"
    " each move out in sampled deals against that; in Gin Rummy it wins 3 games in 4"
    " against a player who knocks at once, nearly 6 in 10 against one who waits for gin",
    Level.RANDOM: "plays any legal move at random: a way to learn the rules",
}

# where Skarney and Colonel differ: no knocks, and hard measured apart (docs/strength.md)
FAMILY_LEVEL_ABOUT: dict[Family, dict[str, str]] = {
    Family.SKARNEY: {
        Level.NORMAL: "melds and lays off as soon as it can and offers the card you are least"
        " likely to want; it wins 7 games in 10 against a player who holds its melds back",
        Level.HARD: "plays as normal but weighs each offer over guesses at your hand; in"
        " Skarney that makes it only a little stronger than normal (about 54 games in 100)",
    },
    Family.COLONEL: {
        Level.NORMAL: "melds and lays off as soon as it can and discards what you are least"
        " likely to want; it wins 8 games in 10 against a player who holds its melds back",
        Level.HARD: "plays each move out in sampled deals; in Colonel it wins 3 games in 4"
        " against normal and nearly every game against a player who holds its melds back",
    },
}


def level_about(level: str, family: Family = Family.GIN) -> str:
    """One line on how a level plays and how strong it is, for this family of rules."""
    return FAMILY_LEVEL_ABOUT.get(family, {}).get(level) or LEVEL_ABOUT[level]


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
    return bot


__all__ = [
    "BOTS",
    "LEVELS",
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
