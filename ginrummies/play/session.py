"""A game at the table: who sits where, whose turn it is, and the moves in words.

The app and text play both drive a ``Session``; it holds no Textual code, so
the tests can play through it directly. A person's moves go through
``play``. The computer's turn is taken in three steps so that thinking can
run in a worker thread without ever touching the live game: ``computer_turn``
freezes what the computer may know (on the thread that owns the session),
``decide`` thinks about that frozen turn only (any thread), and ``play_decision``
applies the answer if the game has not moved on meanwhile (the owning thread).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from ..ai import Bot, make_bot
from ..core import Action, DrawStock, Game, Hand, IllegalAction, PlayerView, RuleSet
from ..core.result import says
from ..store.files import write_atomic
from ..store.saves import new_game_id, to_json
from ..store.settings import LEVELS
from ..store.stats import Stats
from .words import action_words


class SeatKind(Enum):
    PERSON = "person"
    COMPUTER = "computer"


@dataclass(frozen=True, slots=True)
class Turn:
    """The computer's turn as it stood when asked: all that thinking may read."""

    version: int  # the session's version then: a later answer to it is stale
    seat: int
    name: str
    view: PlayerView
    bot: Bot
    fallback: Bot  # plays if ``bot`` fails, so a bug never stops the game


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


@dataclass(frozen=True, slots=True)
class Seat:
    """Who plays a seat: a person, or the computer at a level."""

    name: str
    kind: SeatKind = SeatKind.PERSON
    level: str = "normal"

    @property
    def is_person(self) -> bool:
        return self.kind is SeatKind.PERSON


def default_seats(hot_seat: bool = False, level: str = "normal") -> tuple[Seat, Seat]:
    if hot_seat:
        return (Seat("Player 1"), Seat("Player 2"))
    return (Seat("You"), Seat("Computer", SeatKind.COMPUTER, level))


class Session:
    """One game between two seats, with a log of the moves in words."""

    def __init__(
        self, rules: RuleSet, seats: tuple[Seat, Seat], seed: int, game_id: str | None = None
    ) -> None:
        self.on_change: Callable[[Session], None] | None = None  # e.g. autosave
        self.rules = rules
        self.seats = seats
        self.seed = seed
        self.game_id = game_id or new_game_id()
        self.version = 0  # goes up with every change: a stale computer move is dropped
        self.game = Game(rules, seed)
        self.bots: dict[int, Bot] = {
            i: make_bot(s.level, rules, seed * 2 + i)
            for i, s in enumerate(seats)
            if not s.is_person
        }
        self.fallback: Bot = make_bot("easy", rules, seed)
        self.log: list[str] = [f"{rules.name}, seed {seed}."]
        self._seen = 0
        self._log_deal()

    @classmethod
    def resume(
        cls,
        rules: RuleSet,
        seats: tuple[Seat, Seat],
        seed: int,
        log: Sequence[Sequence[Action]],
        game_id: str | None = None,
    ) -> Session:
        """The session a saved log describes, its words rebuilt move by move."""
        session = cls(rules, seats, seed, game_id)
        for n, actions in enumerate(log):
            if n:
                session.next_hand()
            for action in actions:
                session.game.apply(action)
                session._log_events()
        return session

    def to_json(self) -> str:
        """The game so far in the save format (also the replay format)."""
        return to_json(self.rules, self.seed, self.seats_data(), self.game, game_id=self.game_id)

    def save(self, path: Path) -> None:
        """Write the game to ``path`` atomically (see store.files.write_atomic)."""
        write_atomic(path, self.to_json())

    def record(self, stats: Stats, abandoned: bool = False) -> None:
        """Put the game so far in the statistics (StatsError if they fail)."""
        stats.record(
            self.game_id, self.rules, self.seed, self.seats_data(), self.game, abandoned=abandoned
        )

    def seats_data(self) -> list[dict[str, str]]:
        return [{"name": s.name, "kind": s.kind.value, "level": s.level} for s in self.seats]

    @staticmethod
    def seats_from(data: list[dict[str, str]]) -> tuple[Seat, Seat]:
        seats = []
        for d in data:
            kind = SeatKind(d.get("kind", "person"))
            level = d.get("level", "normal")
            if level not in LEVELS:
                raise ValueError(f"no computer level {level!r}")
            seats.append(Seat(d["name"], kind, level))
        if len(seats) != 2:
            raise ValueError("a game has two players")
        return (seats[0], seats[1])

    # --- who is who ------------------------------------------------------------

    @property
    def names(self) -> tuple[str, str]:
        return (self.seats[0].name, self.seats[1].name)

    @property
    def hot_seat(self) -> bool:
        return all(s.is_person for s in self.seats)

    @property
    def hand(self) -> Hand:
        return self.game.hand

    @property
    def to_move(self) -> int | None:
        return self.hand.to_move

    @property
    def person_to_move(self) -> bool:
        seat = self.to_move
        return seat is not None and self.seats[seat].is_person

    @property
    def computer_to_move(self) -> bool:
        seat = self.to_move
        return seat is not None and not self.seats[seat].is_person

    def viewer(self) -> int:
        """Whose cards the screen shows: the person to move, else a person."""
        seat = self.to_move
        if seat is not None and self.seats[seat].is_person:
            return seat
        people = [i for i, s in enumerate(self.seats) if s.is_person]
        if not people:
            return 0
        if seat is not None and len(people) == 2:
            return 1 - seat
        return people[0]

    def view(self, seat: int | None = None) -> PlayerView:
        return self.game.view(self.viewer() if seat is None else seat)

    def legal(self) -> list[Action]:
        return self.hand.legal_actions() if not self.hand.is_over else []

    # --- moves -----------------------------------------------------------------

    def play(self, action: Action) -> None:
        """A person's move; IllegalAction (a readable message) if it is not legal."""
        if not self.person_to_move:
            raise IllegalAction("it is not your turn")
        self.game.apply(action)
        self._log_events()
        self._changed()

    def computer_turn(self) -> Turn | None:
        """The computer's turn, frozen for ``decide``; None if a person is to move."""
        seat = self.to_move
        if seat is None or seat not in self.bots:
            return None
        view = self.game.view(seat)
        return Turn(self.version, seat, self.names[seat], view, self.bots[seat], self.fallback)

    def play_decision(self, decision: Decision) -> bool:
        """Apply the computer's move; False (and nothing changes) if the game
        has moved on since its turn was taken (an undo, a new hand)."""
        turn = decision.turn
        if turn.version != self.version or self.to_move != turn.seat:
            return False
        self.game.apply(decision.action)
        self._log_events()
        self._changed()
        return True

    def computer_plays(self) -> Decision:
        """The computer's move, thought and played at once (text play, tests)."""
        turn = self.computer_turn()
        if turn is None:
            raise IllegalAction("the computer is not to move")
        decision = decide(turn)
        self.play_decision(decision)
        return decision

    def next_hand(self) -> None:
        if not self.hand.is_over:
            raise IllegalAction("the hand is still being played")
        if self.game.is_over:
            raise IllegalAction("the game is over")
        self.game.next_hand()
        self._seen = 0
        self._log_deal()
        self._changed()

    def undo_problem(self) -> str | None:
        """Why the last move cannot be taken back now; None if it can.

        Only a person's own last move, against the computer, and only when
        taking it back shows nothing hidden: after a stock draw the person
        has seen the card, and after the computer's move they have seen what
        it did."""
        if self.hot_seat:
            return "there is no undo in a hot-seat game"
        hand = self.hand
        if hand.is_over:
            return "the hand is over"
        if not hand.log:
            return "there is no move of yours to take back in this hand"
        player, action = hand.log[-1]
        if not self.seats[player].is_person:
            return "the computer has moved since, and taking that back would show its cards"
        if isinstance(action, DrawStock):
            return "you have seen the card you drew from the stock"
        return None

    def undo(self) -> Action:
        """Take back the person's last move (IllegalAction says why not)."""
        problem = self.undo_problem()
        if problem is not None:
            raise IllegalAction(problem)
        player = self.hand.log[-1][0]
        log = self.game.log
        action = log[-1].pop()
        again = Session.resume(self.rules, self.seats, self.seed, log, self.game_id)
        self.game, self.log, self._seen = again.game, again.log, again._seen
        words = action_words(action, self.game.view(player))
        self.log.append(f"{says(self.names[player], 'takes back')} a move: {words}.")
        self._changed()
        return action

    def _changed(self) -> None:
        self.version += 1
        if self.on_change is not None:
            self.on_change(self)

    # --- the log ---------------------------------------------------------------

    def _log_deal(self) -> None:
        number = len(self.game.hands)
        dealer = self.names[self.game.dealer]
        self.log.append(f"Hand {number}: {says(dealer, 'deals')}.")
        view = self.game.view(0)
        # Colonel's upcard simply starts the pile: it is the upcard all the same
        upcard = view.upcard or view.discard_top
        if upcard is not None:
            self.log.append(f"The upcard is {upcard.label}.")

    def _log_events(self) -> None:
        events = self.hand.events
        for event in events[self._seen :]:
            line = event.describe(self.names)
            # every line of the log is a sentence, like the deal's and the score's
            self.log.append(line if line.endswith((".", "!", "?")) else f"{line}.")
        self._seen = len(events)
        result = self.hand.result
        if result is not None:
            lines = result.breakdown(self.names)
            self.log.extend(line for line in lines if "score" in line or "cancelled" in line)
