"""What the app keeps between runs: settings (and, later, saves and statistics)."""

from .settings import SPEEDS, THEMES, Settings

__all__ = ["SPEEDS", "THEMES", "Settings"]
