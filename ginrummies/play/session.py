"""A game at the table: who sits where, whose turn it is, and the moves in words.

A ``Session`` is the game and its seats, for every format (two players,
or three and four at one or two tables); it holds no Textual code, so the
tests can play through it directly. A person's moves go through ``play``,
the computers' through ``computers`` (``play.turns``); undo is
``play.undoing``'s. A runner (``play.runner``) makes it move
and tells who listens; the keeper's side saves it (``play.saving``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

from ..core import (
    Action,
    Attempt,
    Format,
    Hand,
    IllegalAction,
    Level,
    Match,
    PlayerView,
    Refusal,
    RuleSet,
    says,
)
from ..core import SeatKind as SeatKind  # callers import it here, with the seats
from ..store.saves import SeatRecord, new_game_id, to_json
from .log import Entry, Kind
from .logbook import Logbook
from .replaying import Start, replayed
from .seats import Seat as Seat  # callers import the seats here too
from .seats import default_seats as default_seats
from .seats import format_seats as format_seats
from .tell import action_words, side_names
from .turns import Computers
from .turns import Decision as Decision
from .turns import Turn as Turn
from .turns import decide as decide
from .undoing import taken_back, undo_problem


def seats_data(seats: Sequence[Seat]) -> tuple[SeatRecord, ...]:
    """The seats as saves and the statistics keep them."""
    return tuple(SeatRecord(s.name, s.kind, s.level) for s in seats)


class Session:
    """One game between the seats of a format, with a log of the moves in words."""

    def __init__(
        self,
        rules: RuleSet,
        seats: Sequence[Seat],
        seed: int,
        game_id: str | None = None,
        *,
        format: Format = Format.TWO,
        target: int | None = None,
        first: int | None = None,
        winner_deals: Sequence[bool] = (),
    ) -> None:
        if len(seats) != format.seats:
            raise ValueError(f"{format.title} has {format.seats} seats, not {len(seats)}")
        self.on_change: Callable[[Session], None] | None = None  # e.g. autosave
        self.rules = rules
        self.format = format
        self.seats = tuple(seats)
        self.seed = seed
        self.game_id = game_id or new_game_id()
        # hot-seat: the person at the keyboard, who keeps it while they are to move
        self.keyboard: int | None = None
        self.hints = True  # at a table this app hosts: the host's choice (``HostPlan.hints``)
        self.waiting: tuple[str, ...] = ()  # what a hosted table waits for, in words
        self.pending: Action | None = None  # a seat elsewhere's move on its way (never here)
        # what people elsewhere chose on winning the cut (a hosted table's)
        self.deal_chosen: dict[int, bool] = {}
        self.version = 0  # goes up with every change
        self.epoch = 0  # goes up when the game is rebuilt (an undo): older turns are stale
        self.computers = Computers(self)
        self._start(Start(rules, seed, format, target, first, tuple(winner_deals)).match())

    def _start(self, game: Match) -> None:
        """Take up ``game`` before its first move: the log begins anew."""
        self.game: Match = game
        self.book = Logbook(game, self.title, self.names, self.seed)

    def reseat(self, seats: Sequence[Seat]) -> None:
        """New seats: at a hosted table, the people who sat down (computers
        where nobody did), a computer in a seat its person left, the person
        back. Before the first move the log begins again in the new names;
        after, they hold from the next line on. The computers follow."""
        if len(seats) != len(self.seats):
            raise ValueError(f"{self.format.title} has {len(self.seats)} seats")
        self.computers.reseat(seats)
        self.seats = tuple(seats)
        if len(self.game.rounds) == 1 and not any(h.log for h in self.game.round.hands):
            self._start(self.game)
        self._changed()

    def note(self, kind: Kind, words: str, seat: int | None = None) -> None:
        """A line for the log that no move makes (a seat changing hands)."""
        self.book.note(kind, words, seat=seat)
        self._changed()

    def order(self) -> list[list[int]] | None:
        """At two tables, the table of each move, round by round (``Logbook.order``)."""
        return self.book.order()

    def to_json(self) -> str:
        """The game so far in the save format (also the replay format)."""
        return to_json(
            self.rules,
            self.seed,
            seats_data(self.seats),
            self.game,
            game_id=self.game_id,
            order=self.order(),
        )

    # --- who is who ------------------------------------------------------------

    @property
    def title(self) -> str:
        """The variant, and the format when it is not two players."""
        rules, fmt = self.rules, self.format
        return rules.name if fmt.two_players else f"{rules.name}, {fmt.title}"

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats)

    @property
    def side_names(self) -> tuple[str, ...]:
        """The names of the sides that score: players, teams ("Ann & Bob")."""
        return side_names(self.game.sides, self.names)

    @property
    def hot_seat(self) -> bool:
        return sum(self.here(i) for i in range(len(self.seats))) >= 2

    def here(self, seat: int) -> bool:
        """A person at this keyboard plays ``seat`` (not a computer, nor
        someone at another machine)."""
        return self.seats[seat].kind is SeatKind.PERSON

    @property
    def away(self) -> frozenset[int]:
        """The seats of people at other machines (a hosted table): their
        moves come through ``play(action, seat)``, never from this keyboard."""
        return frozenset(i for i, s in enumerate(self.seats) if s.kind is SeatKind.AWAY)

    def names_at(self, table: int = 0) -> tuple[str, str]:
        """The names of hand players 0 and 1 at a table this round."""
        a, b = self.game.round.tables[table].seats
        return (self.seats[a].name, self.seats[b].name)

    def names_for(self, view: PlayerView) -> tuple[str, str]:
        """The names of the two players in ``view``'s hand."""
        if view.game.match is None:
            return (self.seats[0].name, self.seats[1].name)
        table = view.game.match.table_of(view.game.match.seat or 0) or 0
        return self.names_at(table)

    def opponent(self, seat: int) -> int:
        """The seat ``seat`` plays against this round."""
        table = self.game.table_of(seat)
        if table is None:
            raise ValueError(f"{self.seats[seat].name} sits out this hand")
        a, b = self.game.round.tables[table].seats
        return b if seat == a else a

    def facing(self, view: PlayerView) -> Level | None:
        """The level of the computer across the table from ``view``'s player,
        or None when a person sits there (the hints judge a knock by it)."""
        match = view.game.match
        seat = view.player if match is None or match.seat is None else match.seat
        other = self.seats[self.opponent(seat)]
        return None if other.is_person else other.level

    def movers(self, people: bool | None = None) -> list[tuple[int, int]]:
        """(table, seat) of people (or computers, or anyone: None) to move,
        the table with fewer moves this round first, so tables take turns."""
        movers = self.game.movers()
        return [m for m in movers if people is None or self.seats[m[1]].is_person == people]

    def _people(self) -> list[tuple[int, int]]:
        """(table, seat) of the people to move, the one at the keyboard first
        (hot-seat: a person in the middle of a turn keeps the keyboard)."""
        waiting = [m for m in self.movers(True) if m[1] not in self.away]
        return sorted(waiting, key=lambda m: m[1] != self.keyboard)

    def _focus(self) -> tuple[int, int] | None:
        """(table, seat) the session is about now: a person's to move, else a computer's."""
        waiting = self._people() or self.movers(False)
        return waiting[0] if waiting else None

    @property
    def table(self) -> int:
        """The table the session is about now: a person's to move, else a
        computer's, else the first."""
        focus = self._focus()
        return focus[0] if focus else 0

    @property
    def hand(self) -> Hand:
        return self.game.round.hands[self.table]

    @property
    def to_move(self) -> int | None:
        """The seat to move (a person first, when several tables wait)."""
        focus = self._focus()
        return focus[1] if focus else None

    def next_mover(self) -> int:
        """The seat that moves next when the tables take turns: the one at
        the table with fewer moves this round (text play, the tests)."""
        movers = self.movers()
        if not movers:
            raise IllegalAction("the hand is over")
        return movers[0][1]

    @property
    def round_over(self) -> bool:
        return self.game.round.is_over

    @property
    def person_to_move(self) -> bool:
        """A person at this keyboard is to move."""
        return bool(self._people())

    def table_version(self, seat: int) -> tuple[int, int, int]:
        """What changes only when ``seat``'s own table moves on (or the game
        is rebuilt, or a new hand is dealt): the moves at the other table
        leave it as it was."""
        table = self.game.table_of(seat)
        moves = -1 if table is None else len(self.game.round.hands[table].log)
        return (self.epoch, len(self.game.rounds), moves)

    def computer_tables(self) -> list[int]:
        """The tables where a computer is to move now."""
        return [t for t, _ in self.movers(False)]

    def person_table(self) -> int | None:
        """The table of the person whose cards the screen shows; None while
        that person sits out."""
        return self.game.table_of(self.viewer())

    @property
    def computer_to_move(self) -> bool:
        return bool(self.movers(False))

    def viewer(self) -> int:
        """Whose cards the screen shows: the person to move, else a person."""
        waiting = self._people()
        if waiting:
            return waiting[0][1]
        people = [i for i in range(len(self.seats)) if self.here(i)]
        if not people:
            return 0
        playing = [p for p in people if self.game.table_of(p) is not None]
        return (playing or people)[0]

    def view(self, seat: int | None = None) -> PlayerView:
        return self.game.view(self.viewer() if seat is None else seat)

    def legal(self) -> list[Action]:
        return self.hand.legal_actions() if not self.hand.is_over else []

    def refusal(self, what: Action | Attempt, view: PlayerView) -> Refusal | None:
        """Why the player of ``view`` may not do ``what`` now, as the rules
        core says it; None if they may."""
        match = view.game.match
        table = None if match is None or match.seat is None else match.table_of(match.seat)
        return self.game.refusal(what, table or 0, view.player)

    def why(self, what: Attempt, view: PlayerView, tell: Callable[[Refusal | None], None]) -> None:
        """``tell`` the refusal at once (a table elsewhere tells it when its host answers)."""
        tell(self.refusal(what, view))

    # --- moves -----------------------------------------------------------------

    def play(self, action: Action, seat: int | None = None) -> None:
        """A person's move (the person to move, or ``seat``); IllegalAction
        (a readable message) if it is not legal."""
        waiting = self._people()
        if seat is not None:  # a person here, or one playing from another machine
            waiting = [m for m in self.movers(True) if m[1] == seat]
        if not waiting:
            raise IllegalAction("it is not your turn")
        self.apply(action, waiting[0][0])

    def apply(self, action: Action, table: int) -> None:
        """Play ``action`` for whoever is to move at ``table`` (IllegalAction
        if it is not legal), log it and tell who listens."""
        self.game.apply(action, table)
        self._log_events()
        self._changed()

    def another(self, seed: int) -> Session:
        """The next game of a match of several, once this one is over: the
        same seats, rules, format and target; the captaincy passes to the
        next seat (Captains), the other formats cut again (RULES.md 1, 6)."""
        if not self.game.is_over:
            raise IllegalAction("the game is still being played")
        fmt = self.format
        target = self.game.target
        return Session(
            self.rules,
            self.seats,
            seed,
            format=fmt,
            target=None if target == fmt.target(self.rules) else target,
            first=self.game.next_game_first(),
        )

    def cut_choosers(self) -> tuple[int, ...]:
        """Before the first move, while nobody has chosen: the seat that
        won each cut whose winner chooses to deal or play first (RULES.md
        1), table by table; ``choose_deal`` takes their answers. Nothing
        once a move is made."""
        game = self.game
        if game.winner_deals or len(game.rounds) > 1 or any(h.log for h in game.round.hands):
            return ()
        return game.cut_winners

    def choose_deal(self, winner_deals: Sequence[bool]) -> None:
        """Deal the game as the cuts' winners chose, before its first move:
        True where the winner of a table's cut deals (a computer makes the
        other deal, as it does without a choice)."""
        winners = self.cut_choosers()
        if not winners:
            raise IllegalAction("the deal can be chosen only before the first move, once")
        winner_deals = tuple(
            deals and self.seats[seat].is_person
            for seat, deals in zip(winners, winner_deals, strict=True)
        )
        start = self.start_of(self.game)
        self._start(dataclasses.replace(start, winner_deals=winner_deals).match())
        self._changed()

    def next_hand(self) -> None:
        if not self.round_over:
            raise IllegalAction("the hand is still being played")
        if self.game.is_over:
            raise IllegalAction("the game is over")
        self.game.next_hand()
        self.book.deal(self.names)
        self._changed()

    def undo_problem(self) -> str | None:
        """Why the last move cannot be taken back now; None if it can
        (``play.undoing`` says when it can)."""
        return undo_problem(self.game, self.seats)

    def undo(self) -> Action:
        """Take back the person's last move (IllegalAction says why not):
        the game and its log replayed without it (``play.replaying``)."""
        problem = self.undo_problem()
        if problem is not None:
            raise IllegalAction(problem)
        person = next(i for i, s in enumerate(self.seats) if s.is_person)
        game = self.game
        action, log, order = taken_back(game, person, self.order())
        self.game, self.book = replayed(self.start_of(game), self.names, self.title, log, order)
        self.epoch += 1
        words = action_words(action, self.game.view(person))
        self.book.note(
            Kind.UNDO, f"{says(self.names[person], 'takes back')} a move: {words}.", seat=person
        )
        self._changed()
        return action

    def start_of(self, game: Match) -> Start:
        """What dealt ``game``: its rules, seed, format and first deal."""
        return Start(
            self.rules, self.seed, self.format, game.given_target, game.first, game.winner_deals
        )

    def _changed(self) -> None:
        self.version += 1
        if self.on_change is not None:
            self.on_change(self)

    # --- the log ---------------------------------------------------------------

    @property
    def records(self) -> list[Entry]:
        """What each line of the log is (``play.log.Entry``)."""
        return self.book.records

    @property
    def log(self) -> list[str]:
        """The log's words, line by line (``records`` holds what each line is)."""
        return [entry.words for entry in self.book.records]

    def _log_events(self) -> None:
        self.book.events(self.names, self.names_at, not self.format.two_players)
