"""How much of the table fits the terminal: the sizes at which the
layout changes, and what is said when the terminal is too small."""

from __future__ import annotations

from dataclasses import dataclass

MIN_SIZE = (60, 22)  # below this the cards and the status line no longer fit


SIDE_FROM = 100  # the moves panel sits beside the table from this width


ROOMY_FROM = 30  # spacing between the parts of the table from this height


BIG_FROM = (150, 40)  # big cards from this size


@dataclass(frozen=True, slots=True)
class Fit:
    """The layout for a window size."""

    too_small: bool
    side: bool  # the moves panel beside the table (else on demand, over it)
    roomy: bool  # room between the parts
    big: bool  # big cards

    @property
    def classes(self) -> dict[str, bool]:
        return {
            "-too-small": self.too_small,
            "-narrow": not self.side,
            "-short": not self.roomy,
            "-large": self.big,
        }


def fit(width: int, height: int) -> Fit:
    """The layout for a window of ``width`` × ``height`` cells."""
    return Fit(
        too_small=width < MIN_SIZE[0] or height < MIN_SIZE[1],
        side=width >= SIDE_FROM,
        roomy=height >= ROOMY_FROM,
        big=width >= BIG_FROM[0] and height >= BIG_FROM[1],
    )


def too_small_text(width: int, height: int, web: bool = False) -> str:
    """What the table says in its place when the window is too small for it."""
    if web:
        where = f"The page holds {width}×{height} characters"
        remedy = "Make the browser window larger, or zoom out (Ctrl and −),"
    else:
        where = f"The terminal is {width}×{height}"
        remedy = "Make the window larger (or the font smaller)"
    return (
        f"{where}; the table needs at least {MIN_SIZE[0]}×{MIN_SIZE[1]}.\n"
        f"{remedy} and the game comes back as it was.\n"
        "Until then the moves wait: Esc or q opens the menu, F1 the help."
    )
