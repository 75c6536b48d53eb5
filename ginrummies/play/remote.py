"""A seat at a table hosted on another machine, as the table screens read a
``Session``: the game as this seat knows it (``SeenGame``, rebuilt from
the host's latest state), its log, the seats' names, and its moves sent
to the host instead of played here.

The host holds the game and checks every move; this side never knows a
card its person may not see. A move sent is pending until the host's
next state: meanwhile the seat has no legal move, so a key pressed twice
does not send it twice.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence

from ..core import (
    Action,
    Attempt,
    Format,
    IllegalAction,
    Level,
    MatchView,
    PlayerView,
    Refusal,
    RuleSet,
    SeatKind,
)
from .log import Entry
from .seen import SeenGame, SeenHand
from .session import Seat
from .tell import side_names


class RemoteSession:
    """``seat`` at a hosted table: its view of the game, its moves sent out."""

    def __init__(
        self,
        seat: int,
        rules: RuleSet,
        format: Format,
        names: Sequence[str],
        public: MatchView,
        view: PlayerView | None,
        *,
        send: Callable[[Action], None],
        ready: Callable[[], None],
        ask: Callable[[Attempt], None] = lambda _attempt: None,
        game_id: str = "",
        hints: bool = False,
    ) -> None:
        self.seat = seat
        self.rules = rules
        self.format = format
        self.seats = tuple(Seat(n) for n in names)
        self.send, self.send_ready, self.send_ask = send, ready, ask
        # the move asked about (``why``), and who is told the host's answer
        self.asked: tuple[Attempt, Callable[[Refusal | None], None]] | None = None
        self.game_id = game_id
        self.hints = hints  # the host's choice for its table
        self.seed = 0  # the host alone knows it (the log tells it once the game is over)
        self.keyboard: int | None = None
        self.listeners: list[Callable[[], None]] = []
        self.version = 0
        self.epoch = 0
        self.hot_seat = False
        self.records: list[Entry] = []
        self.waiting: tuple[str, ...] = ()
        self.pending: Action | None = None  # sent, not yet seen played
        self.pending_at = (0, 0, 0)  # the seat's table when it was sent
        self.ready_sent = -1  # the round whose result this seat said it has seen
        self.game = SeenGame(rules, public, view, seat)
        self.finished = ""  # the whole game as the saves write it, sent once it is over

    def update(
        self,
        public: MatchView,
        view: PlayerView | None,
        records: Sequence[Entry],
        seats: Sequence[tuple[str, Level | None]],
        waiting: Sequence[str],
    ) -> None:
        """The host's latest state: ``seats`` each seat's name and, if a
        computer plays it, its level."""
        self.game = SeenGame(self.rules, public, view, self.seat)
        self.records = list(records)
        self.seats = tuple(
            Seat(name, _kind(i == self.seat, level is not None), level or Level.NORMAL)
            for i, (name, level) in enumerate(seats)
        )
        self.waiting = tuple(waiting)
        if self.table_version(self.seat) != self.pending_at:
            self.pending = None  # the seat's table moved on: the move was played
        self.version += 1
        self.changed()

    def listen(self, listener: Callable[[], None]) -> Callable[[], None]:
        """Call ``listener`` after every change from now on; the call that stops it."""
        self.listeners.append(listener)
        return lambda: self.listeners.remove(listener) if listener in self.listeners else None

    def changed(self) -> None:
        """Tell every listener the seat changed (a state came, or the connection went)."""
        for listener in list(self.listeners):
            listener()

    # --- who is who ------------------------------------------------------------

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats)

    @property
    def side_names(self) -> tuple[str, ...]:
        return side_names(self.game.sides, self.names)

    @property
    def log(self) -> list[str]:
        return [entry.words for entry in self.records]

    def names_at(self, table: int = 0) -> tuple[str, str]:
        a, b = self.game.round.tables[table].seats
        return (self.seats[a].name, self.seats[b].name)

    def names_for(self, view: PlayerView) -> tuple[str, str]:
        table = self.game.table_of(self.seat)
        return self.names_at(table or 0)

    def opponent(self, seat: int) -> int:
        table = self.game.table_of(seat)
        if table is None:
            raise ValueError(f"{self.seats[seat].name} sits out this hand")
        a, b = self.game.round.tables[table].seats
        return b if seat == a else a

    def facing(self, view: PlayerView) -> Level | None:
        """The level of the computer across the table from this seat (the
        host says which seats computers play), or None: a person."""
        if self.game.table_of(self.seat) is None:
            return None
        other = self.seats[self.opponent(self.seat)]
        return other.level if other.kind is SeatKind.COMPUTER else None

    def viewer(self) -> int:
        return self.seat

    def person_table(self) -> int | None:
        return self.game.table_of(self.seat)

    # --- the state -------------------------------------------------------------

    @property
    def hand(self) -> SeenHand:
        return self.game.round.hands[self.game.table_of(self.seat) or 0]

    @property
    def my_turn(self) -> bool:
        view = self.game.own
        return (
            view is not None
            and self.game.table_of(self.seat) is not None
            and view.my_turn
            and view.result is None
            and self.pending is None
        )

    @property
    def to_move(self) -> int | None:
        return self.seat if self.my_turn else None

    @property
    def person_to_move(self) -> bool:
        return self.my_turn

    @property
    def round_over(self) -> bool:
        return self.game.round.is_over

    def table_version(self, seat: int) -> tuple[int, int, int]:
        table = self.game.table_of(seat)
        moves = -1 if table is None else len(self.game.round.hands[table].events)
        return (self.epoch, len(self.game.rounds), moves)

    def view(self, seat: int | None = None) -> PlayerView:
        return self.game.view(self.seat if seat is None else seat)

    def legal(self) -> list[Action]:
        view = self.game.own
        return list(view.legal_actions) if view is not None and self.my_turn else []

    def why(self, what: Attempt, view: PlayerView, tell: Callable[[Refusal | None], None]) -> None:
        """Ask the host why the move may not be made: ``tell`` is given the
        rules core's refusal when the answer comes (the host alone holds
        the game; this seat judges no rule). A newer question replaces an
        older one still unanswered."""
        self.asked = (what, tell)
        self.send_ask(what)

    def answered(self, what: Attempt, refusal: Refusal | None) -> None:
        """The host's answer to ``why``."""
        if self.asked is not None and self.asked[0] == what:
            tell = self.asked[1]
            self.asked = None
            tell(refusal)

    # --- what this side does ---------------------------------------------------

    def play(self, action: Action, seat: int | None = None) -> None:
        """Send the move to the host (which checks it and sends the table on)."""
        if self.pending is not None:
            raise IllegalAction("your move is on its way to the host")
        if action not in self.legal():
            raise IllegalAction("it is not your turn" if not self.my_turn else "not a move now")
        self.pending, self.pending_at = action, self.table_version(self.seat)
        self.version += 1
        self.send(action)

    def next_hand(self) -> None:
        """Say the hand's result is seen: the host deals when everyone has."""
        rounds = len(self.game.rounds)
        if self.ready_sent != rounds:
            self.ready_sent = rounds
            self.send_ready()

    def to_json(self) -> str:
        """The whole game in the save format, once the host has sent it (at
        the end: then nothing is hidden); empty before."""
        return self.finished


def _kind(mine: bool, computer: bool) -> SeatKind:
    """A seat as this machine knows it: its own person, a computer, or a
    person at another machine."""
    if computer:
        return SeatKind.COMPUTER
    return SeatKind.PERSON if mine else SeatKind.AWAY


def own_record(game: str, seat: int) -> str:
    """The whole game a host sent (the save format), as this machine keeps
    it: its own person at ``seat``, the host's and the others' people away
    (so its statistics and its review are this person's). ValueError if
    the text is not a game's (a deeply nested one too)."""
    try:
        data = json.loads(game)
    except RecursionError:
        raise ValueError("the game sent is nested too deeply to read") from None
    seats = data.get("seats") if isinstance(data, dict) else None
    if not isinstance(seats, list) or not 0 <= seat < len(seats):
        raise ValueError("the game sent has no such seat")
    for i, record in enumerate(seats):
        if isinstance(record, dict) and record.get("kind") != SeatKind.COMPUTER.value:
            record["kind"] = (SeatKind.PERSON if i == seat else SeatKind.AWAY).value
    return json.dumps(data)
