"""The computers at a game's seats, and a computer's turn frozen so that it
can be thought about in any thread: ``Computers.turn`` takes it, ``decide``
thinks (reading nothing else), and ``Computers.play`` plays the answer if
its table has not moved on meanwhile. The runner (``play.runner``) does the
three in order, at the game's pace; ``play_now`` does them at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from ..ai import Bot, make_bot
from ..core import Action, IllegalAction, Level, Match, PlayerView, RuleSet
from .seats import Seat


class Seated(Protocol):
    """What the computers need of a game (a ``Session``)."""

    rules: RuleSet
    seed: int
    seats: tuple[Seat, ...]
    game: Match
    version: int
    epoch: int

    @property
    def names(self) -> tuple[str, ...]: ...

    def movers(self, people: bool | None = None) -> list[tuple[int, int]]: ...

    def apply(self, action: Action, table: int) -> None: ...


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


class Computers:
    """The players of a game's computer seats, each made when first needed
    (so a seat a computer takes over mid-game gets one), and a simple
    fallback player for when one fails."""

    def __init__(self, game: Seated) -> None:
        self.game = game
        self.bots: dict[int, Bot] = {}
        self.fallback: Bot = make_bot(Level.EASY, game.rules, game.seed)

    def bot(self, seat: int) -> Bot:
        if seat not in self.bots:
            level = self.game.seats[seat].level
            self.bots[seat] = make_bot(level, self.game.rules, self.game.seed * 2 + seat)
        return self.bots[seat]

    def reseat(self, seats: Sequence[Seat]) -> None:
        """The seats changed: a seat now a person's, or at another level,
        loses its player (made again if a computer plays it later)."""
        old = self.game.seats
        for seat in list(self.bots):
            if seats[seat].is_person or seats[seat].level != old[seat].level:
                del self.bots[seat]

    def turn(self, table: int | None = None) -> Turn | None:
        """A computer's turn (at ``table``, or the next at any table), frozen
        for ``decide``; None if no computer is to move there."""
        game = self.game
        waiting = [m for m in game.movers(False) if table is None or m[0] == table]
        if not waiting:
            return None
        table, seat = waiting[0]
        return Turn(
            game.version,
            seat,
            game.names[seat],
            game.game.view(seat),
            self.bot(seat),
            self.fallback,
            table,
            game.epoch,
            len(game.game.rounds),
            len(game.game.round.hands[table].log),
        )

    def play(self, decision: Decision) -> bool:
        """Apply the computer's move; False (and nothing changes) if its
        table has moved on since its turn was taken (an undo, a new hand)."""
        turn, game = decision.turn, self.game
        match = game.game
        if (
            game.seats[turn.seat].is_person  # its person took the seat back meanwhile
            or turn.epoch != game.epoch
            or turn.round != len(match.rounds)
            or match.is_over
            or len(match.round.hands[turn.table].log) != turn.moves
            or match.seat_to_move(turn.table) != turn.seat
        ):
            return False
        game.apply(decision.action, turn.table)
        return True

    def play_now(self) -> Decision:
        """A computer's move, thought and played at once (text play, tests)."""
        turn = self.turn()
        if turn is None:
            raise IllegalAction("the computer is not to move")
        decision = decide(turn)
        self.play(decision)
        return decision
