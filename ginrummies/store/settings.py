"""The player's settings: theme, card faces, pace of the computer, aids."""

from __future__ import annotations

from dataclasses import dataclass

THEMES = ("felt", "dark", "light", "contrast")
SPEEDS = {"instant": 0.0, "fast": 0.3, "normal": 0.8, "slow": 1.6}  # seconds a computer move shows


@dataclass(frozen=True)
class Settings:
    theme: str = "felt"
    card_style: str = "unicode"  # or "ascii"
    four_colour: bool = False
    speed: str = "normal"
    hints: bool = True
    hint_level: str = "normal"  # or "hard": adds win chance and expected points
    discard_history: bool = True  # show the cards discarded so far
    default_rules: str = "gin"
    default_level: str = "normal"

    @property
    def delay(self) -> float:
        return SPEEDS.get(self.speed, SPEEDS["normal"])
