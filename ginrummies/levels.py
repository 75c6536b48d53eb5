"""The computer levels a seat may have: one list that storage, the bots,
the play layer and the screens all read.

A leaf module: it imports nothing of the package, so that ``store`` can
check a save's or a setting's level without importing the bots. The
reference opponents of ``ginrummies.ai.panel`` (``camper``, ``casual``) and
``eaai-simple`` are bots for measuring, not levels: they are not here.
"""

from __future__ import annotations

from enum import StrEnum


class Level(StrEnum):
    """A computer opponent a person may choose, easiest first. The value is
    the word saves, settings.toml and the statistics hold."""

    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"
    RANDOM = "random"


# the levels' words, easiest first: the choices the settings, the new-game
# form and the command line offer
LEVELS: tuple[str, ...] = tuple(level.value for level in Level)

__all__ = ["LEVELS", "Level"]
