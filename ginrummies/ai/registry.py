"""The bots each family of rules has, by name: ``make_bot`` looks a rule
set's family up here, as ``Hand.deal`` looks its engine up in
``Hand.engines``. Each family's bot module registers its own bots
(``ginbot``, ``search`` and ``panel`` for the Gin family, ``tablebot`` and
``panel`` for Skarney and Colonel); ``random`` plays every family.

A name is the word the command line writes: a ``Level`` is its own word,
and the bots for measuring (``eaai-simple``, ``camper``, ``casual``) go by
theirs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from ..core import Action, Family, PlayerView, RuleSet


class Bot(Protocol):
    """Anything that picks one of the legal actions from what a player may know."""

    name: str

    def choose(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action: ...


# makes a bot for a rule set, from a seed (None: unseeded)
Build = Callable[[RuleSet, int | None], Bot]

# every family's bots, by name
BOTS: dict[Family, dict[str, Build]] = {family: {} for family in Family}


def register(name: str, build: Build, *families: Family) -> None:
    """``build`` makes the bot called ``name`` (a Level's word, or a bot
    for measuring) for each of ``families``."""
    for family in families:
        BOTS[family][str(name)] = build


def bot_names() -> tuple[str, ...]:
    """Every bot's name, of any family, sorted."""
    return tuple(sorted({name for bots in BOTS.values() for name in bots}))


def builder(name: str, family: Family) -> Build:
    """What makes the bot ``name`` for ``family``. ValueError for a name no
    family has, or one this family lacks, listing the names there are."""
    bots = BOTS[family]
    if name in bots:
        return bots[name]
    plays = [f.value.capitalize() for f, its in BOTS.items() if name in its]
    if not plays:
        raise ValueError(f"no bot named {name!r}; choose one of {', '.join(bot_names())}")
    raise ValueError(
        f"{name} plays only the {' and '.join(plays)} family; for"
        f" {family.value.capitalize()} choose one of {', '.join(sorted(bots))}"
    )


__all__ = ["BOTS", "Bot", "Build", "bot_names", "builder", "register"]
