"""Who may sit in a seat: a person or the computer (``SeatKind``), and the
computer's levels (``Level``): one list that storage, the bots, the play
layer and the screens all read.

A leaf module: it imports nothing of the package, so that ``store`` can
check a save's or a setting's seat without importing the bots or the play
layer. The reference opponents of ``ginrummies.ai.panel`` (``camper``,
``casual``) and ``eaai-simple`` are bots for measuring, not levels: they
are not here.
"""

from __future__ import annotations

from enum import StrEnum


class SeatKind(StrEnum):
    """Who plays a seat. The value is the word saves and the statistics hold."""

    PERSON = "person"
    COMPUTER = "computer"  # at a Level
    AWAY = "away"  # a person at another machine (a table across machines)


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

__all__ = ["LEVELS", "Level", "SeatKind"]
