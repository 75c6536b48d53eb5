"""The review's chart: the points each hand's decisions were expected to
lose, a bar a hand in the game's order, drawn with the statistics' bars
(``chart.bar_rows``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from .chart import LABEL_WIDTH, bar_rows

# a hand's bar by its costliest decision: the colour says it again, the
# height says it first
STYLES = {"blunder": "red", "mistake": "dark_orange", "inaccuracy": "yellow"}


@dataclass(frozen=True)
class HandLoss:
    """One hand on the chart: the points lost in it (None: not reviewed
    yet) and the verdict of its costliest decision ("" when none was costly)."""

    lost: float | None = None
    worst: str = ""


@dataclass(frozen=True)
class Losses:
    """What the chart shows: every hand of the game, and the one whose
    decision is chosen (-1: none)."""

    hands: tuple[HandLoss, ...] = ()
    chosen: int = -1


def loss_text(losses: Losses, width: int, rows: int) -> Text:
    """The bars, ``rows`` high at the costliest hand, then the axis and the
    hands' numbers (the chosen one marked), fitted to ``width``: three
    cells a bar, two, one, else the last hands that fit."""
    hands = list(enumerate(losses.hands))
    if not hands:
        return Text("No hands to chart.", style="dim")
    room = max(1, width - LABEL_WIDTH - 1)
    step = next((s for s in (3, 2) if s * len(hands) <= room), 1)
    hands = hands[-(room // step) :]
    top = max((h.lost or 0.0 for _, h in hands), default=0.0)
    bars = []
    for _, hand in hands:
        lost = hand.lost or 0.0
        height = max(1, round(rows * lost / top)) if top and lost >= 0.05 else 0
        bars.append((height, STYLES.get(hand.worst, "green")))
    labels = {rows: f"{top:.1f}" if top else "0", 0: "0"}
    if rows > 1:
        labels[rows - 1] = "lost"
    out = bar_rows(bars, rows, 0, labels, step=step)
    out.append(f"{'hand':>{LABEL_WIDTH}} ", style="dim")
    if step >= 3:
        for n, _ in hands:
            mark = "reverse" if n == losses.chosen else "dim"
            out.append(f"{n + 1:<{step - 1}}", style=mark)
            out.append(" ")
    else:
        first, last = hands[0][0] + 1, hands[-1][0] + 1
        out.append(f"{first}–{last}" if last > first else str(first), style="dim")
        if losses.chosen >= 0:
            out.append(f" · chosen: {losses.chosen + 1}", style="dim")
    return out


class LossChart(Widget):
    """Points expected lost per hand, as bars; the chosen decision's hand marked."""

    DEFAULT_CSS = "LossChart { height: auto; }"

    losses: reactive[Losses] = reactive(Losses, layout=True)
    rows: reactive[int] = reactive(3, layout=True)  # the bars' height at the costliest hand

    def __init__(self, hands: Sequence[HandLoss] = (), *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.set_reactive(LossChart.losses, Losses(tuple(hands)))

    def render(self) -> Text:
        return loss_text(self.losses, self.size.width, self.rows)

    def get_content_width(self, container: Any, viewport: Any) -> int:
        """Three cells a hand (fewer, narrower, where there is less room)."""
        return LABEL_WIDTH + 1 + 3 * max(1, len(self.losses.hands))

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        return self.rows + 2
