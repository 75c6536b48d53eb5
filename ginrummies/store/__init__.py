"""What the app keeps between runs: settings, the game in progress, statistics."""

from .settings import LEVELS, SPEEDS, THEMES, CardStyle, HintLevel, Settings, Speed

__all__ = [
    "LEVELS",
    "SPEEDS",
    "THEMES",
    "CardStyle",
    "HintLevel",
    "Settings",
    "Speed",
]
