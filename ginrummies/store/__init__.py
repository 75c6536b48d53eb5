"""What the app keeps between runs: settings, the game in progress, statistics."""

from .settings import LEVELS, SPEEDS, THEMES, Settings

__all__ = ["LEVELS", "SPEEDS", "THEMES", "Settings"]
