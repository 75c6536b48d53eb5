"""A computer's turn, frozen so that it can be thought about in any thread:
``Session.computer_turn`` takes it, ``decide`` thinks (reading nothing
else), and ``Session.play_decision`` plays the answer if its table has not
moved on meanwhile. The runner (``play.runner``) does the three in order.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..ai import Bot
from ..core import Action, PlayerView


@dataclass(frozen=True, slots=True)
class Turn:
    """The computer's turn as it stood when asked: all that thinking may read."""

    version: int  # the session's version then
    seat: int
    name: str
    view: PlayerView
    bot: Bot
    fallback: Bot  # plays if ``bot`` fails, so a bug never stops the game
    table: int = 0
    # where its table stood: an answer is stale once the table has moved on
    epoch: int = 0
    round: int = 0
    moves: int = 0


@dataclass(frozen=True, slots=True)
class Decision:
    """The computer's move for a turn, and what went wrong choosing it, if anything."""

    turn: Turn
    action: Action
    problem: str | None = None


def decide(turn: Turn) -> Decision:
    """Think about a frozen turn; safe in any thread (it reads only ``turn``).

    A bot that raises, or answers with a move that is not legal, is replaced
    for this move by the simple fallback player, and the problem is named so
    the table can say so; the game goes on either way."""
    legal = turn.view.legal_actions
    problem = None
    try:
        action = turn.bot.choose(turn.view, legal)
        if action in legal:
            return Decision(turn, action)
        problem = f"it chose a move that is not legal ({action})"
    except Exception as exc:  # any bug in a bot: the game must go on
        problem = f"{type(exc).__name__}: {exc}"
    try:
        action = turn.fallback.choose(turn.view, legal)
        if action not in legal:
            action = legal[0]
    except Exception:  # the fallback failed too: the first legal move
        action = legal[0]
    return Decision(turn, action, f"{turn.name} could not choose a move ({problem})")
