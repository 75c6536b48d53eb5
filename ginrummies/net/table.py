"""The host's table, without the network: the one ``Session`` that knows
the deck, the seats people may take (by the table's code) and come back
to (by their seat's token), and what each seat is sent.

Every move a seat sends is checked like any move: it must be that seat's
turn, in the state the seat saw (``version``), and legal, or it is
refused with the rules core's words and the game is unchanged. A seat is
only ever given its own view (``Session.view(seat)``, which the core
builds from what that seat may know) and the public match.
"""

from __future__ import annotations

import dataclasses
import secrets
from collections.abc import Iterable
from dataclasses import dataclass, field

from ..core import Attempt, IllegalAction, Level, Reason, Refusal, SeatKind
from ..play.log import Kind
from ..play.session import Seat as PlayerSeat
from ..play.session import Session
from ..play.tell import cut_answers, cut_question
from .protocol import Deal, Hello, Lobby, Move, Ready, SeatInfo, State, Welcome

# the code people type to sit down: 12 letters of an alphabet with nothing
# that reads as another (no 0/O, 1/I/L), 32**12 = 2**60 codes
ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 12


class Declined(Exception):
    """A message the table does not act on; ``str``: why, for the seat, and
    ``refusal`` the rules core's own record when the rules refused a move."""

    def __init__(self, why: str, refusal: Refusal | None = None) -> None:
        super().__init__(why)
        self.refusal = refusal


class SeatInUse(Declined):
    """A right token for a seat played from another connection now: not a
    guess (no slowing), the seat just is not free."""


def new_code() -> str:
    """A table code, shown in groups of four: "K7QF-9XPM-2D4H"."""
    raw = "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))
    return "-".join(raw[i : i + 4] for i in range(0, CODE_LENGTH, 4))


def same_code(given: str, code: str) -> bool:
    """Whether ``given`` is the table's code, read as people type it (any
    case, with or without dashes or spaces), compared in constant time."""
    norm = "".join(c for c in given.upper() if c.isalnum())
    return secrets.compare_digest(norm.encode(), code.replace("-", "").encode())


@dataclass
class Seat:
    """A seat people may take: who took it, and the token to come back with."""

    name: str = ""
    token: str = ""
    here: bool = False  # connected now
    ready: int = -1  # the version at which it said Ready


@dataclass
class Table:
    """``session``'s game for the seats ``remote`` (people who join from
    elsewhere); the other seats are the host's own people and computers."""

    session: Session
    remote: frozenset[int]
    code: str = field(default_factory=new_code)
    seats: dict[int, Seat] = field(init=False)
    host_ready: int = -1  # the version at which the host's own person was ready
    # the people elsewhere who won a cut, and what they chose (None: not yet)
    asked: dict[int, bool | None] = field(default_factory=dict)
    # the seats a computer took over, with their people's tokens: back with one, it is theirs
    given: dict[int, Seat] = field(default_factory=dict)
    hints: bool = False  # whether the seats may ask for hints (the host's choice)
    game: int = 1  # the games dealt at this table, the one on now counted

    def __post_init__(self) -> None:
        people = {i for i, s in enumerate(self.session.seats) if s.is_person}
        if not self.remote <= people:
            raise ValueError("only a person's seat can be taken from elsewhere")
        self.seats = {i: Seat() for i in sorted(self.remote)}
        self.session.seats = tuple(
            dataclasses.replace(s, kind=SeatKind.AWAY) if i in self.remote else s
            for i, s in enumerate(self.session.seats)
        )

    def begin(self, level: Level = Level.NORMAL) -> None:
        """The host starts: the computer at ``level`` takes each seat nobody took."""
        seats = list(self.session.seats)
        for i, seat in list(self.seats.items()):
            if not seat.token:
                del self.seats[i]
                seats[i] = PlayerSeat(f"Computer {'ABCD'[i]}", SeatKind.COMPUTER, level)
        self.session.reseat(seats)
        self.ask_cuts()

    def ask_cuts(self) -> None:
        """The people elsewhere who won a cut are to choose whether to deal."""
        winners = self.session.cut_choosers()
        self.asked = {s: None for s in winners if s in self.session.away}

    def rematch(self, seed: int) -> None:
        """The next game of the match at this table, once the game is over:
        the same seats, code and tokens, the captaincy passed on
        (``Session.another``), a cut won elsewhere asked again."""
        self.session = self.session.another(seed)
        self.game += 1
        self.host_ready = -1
        for seat in self.seats.values():
            seat.ready = -1
        self.ask_cuts()

    @property
    def choosing(self) -> list[str]:
        """The people elsewhere still to choose whether to deal."""
        return [self.session.names[s] for s, deals in self.asked.items() if deals is None]

    def lobby(self, seat: int) -> Lobby:
        """The lobby as ``seat`` is sent it: with the cut's question, if it must answer."""
        session = self.session
        if self.asked.get(seat, False) is not None:
            choosing = self.choosing
            # the cut as everyone saw it, and who is choosing what it won
            cut = " ".join(e.words for e in session.records if e.kind is Kind.CUT)
            said = (
                f"{cut} Waiting for {' and '.join(choosing)} to choose whether to deal."
                if choosing
                else ""
            )
            return Lobby(self.infos(), status=said.strip())
        number = session.cut_choosers().index(seat)
        game, names = session.game, session.names
        return Lobby(
            self.infos(), cut_question(game, number, names), cut_answers(game, number, names)
        )

    def deal(self, seat: int, message: Deal) -> None:
        """A person elsewhere who won the cut chose: kept for the start."""
        if self.asked.get(seat, False) is not None:
            raise Declined("there is no cut for you to choose on")
        self.asked[seat] = message.deals
        self.session.deal_chosen[seat] = message.deals

    @property
    def here_people(self) -> bool:
        """The host plays too (a person at its own keyboard)."""
        return any(self.session.here(i) for i in range(len(self.session.seats)))

    @property
    def version(self) -> int:
        return self.session.version

    @property
    def full(self) -> bool:
        """Every remote seat taken."""
        return all(s.token for s in self.seats.values())

    # --- sitting down ------------------------------------------------------------

    def sit(self, hello: Hello) -> Welcome:
        """Take a free seat with the code, or one's own back with its token."""
        if hello.token:
            seat = self.seat_of(hello.token)
            back = next(
                (
                    i
                    for i, g in self.given.items()
                    if secrets.compare_digest(g.token.encode(), hello.token.encode())
                ),
                None,
            )
            if seat is None and back is not None:
                self.take_back(back)
                seat = back
            if seat is None:
                raise Declined("that seat's token is not this table's")
            if self.seats[seat].here:  # two windows of one machine: each its own seat
                raise SeatInUse("that seat is played from another connection now")
        else:
            if not same_code(hello.code, self.code):
                raise Declined("that is not this table's code")
            free = [i for i, s in self.seats.items() if not s.token]
            if not free:
                away = [s.name for s in self.seats.values() if s.token and not s.here]
                how = (
                    f"; {' and '.join(away)} may come back: join again from the same "
                    "machine, under the name you sat with"
                    if away
                    else ""
                )
                raise Declined(f"every seat at this table is taken{how}")
            seat = free[0]
            taken = self.seats[seat]
            taken.token = secrets.token_urlsafe(24)
            seats = list(self.session.seats)
            name = hello.name.strip() or "Guest"
            others = {s.name.casefold() for i, s in enumerate(seats) if i != seat}
            if name.casefold() in others:  # two Bobs: the log must tell them apart
                name = f"{name[:13]} {'ABCD'[seat]}"
            seats[seat] = dataclasses.replace(seats[seat], name=name)
            self.session.seats = tuple(seats)  # the name cleaned as any seat's
            taken.name = self.session.seats[seat].name
        self.seats[seat].here = True
        s = self.session
        host = next((s.names[i] for i in range(len(s.seats)) if s.here(i)), "")
        token = self.seats[seat].token
        return Welcome(seat, token, s.rules, s.format, s.names, host, self.hints, self.game)

    def seat_of(self, token: str) -> int | None:
        for i, s in self.seats.items():
            if s.token and secrets.compare_digest(s.token.encode(), token.encode()):
                return i
        return None

    def left(self, seat: int, started: bool, level: Level = Level.NORMAL) -> None:
        """The seat's person left for good: before the start, the seat is
        open again; after, the computer plays it from now on."""
        if not started:
            self.seats[seat] = Seat()
            return
        self.given[seat] = self.seats.pop(seat)  # its token kept: the person may come back
        seats = list(self.session.seats)
        name = seats[seat].name
        # named as what it is, so nobody takes it for the person
        seats[seat] = PlayerSeat(f"{name} (computer)", SeatKind.COMPUTER, level)
        self.session.reseat(seats)
        self.session.note(Kind.SEAT, f"The computer plays {name}'s seat from now on.", seat)

    def take_back(self, seat: int) -> None:
        """The person the computer stood in for is back: the seat is theirs again."""
        taken = self.seats[seat] = self.given.pop(seat)
        seats = list(self.session.seats)
        seats[seat] = PlayerSeat(taken.name, SeatKind.AWAY)
        self.session.reseat(seats)
        back = f"{taken.name} is back, and takes the seat back from the computer."
        self.session.note(Kind.SEAT, back, seat)

    def gone(self, seat: int) -> None:
        """The seat's connection dropped: it keeps its seat, the table waits."""
        self.seats[seat].here = False

    # --- playing -----------------------------------------------------------------

    def move(self, seat: int, message: Move) -> None:
        """The seat's move, if it is its turn in the state it saw and legal."""
        if message.turn != self.session.table_version(seat):
            raise Declined("the table moved on before that move: look again")
        session = self.session
        if session.game.is_over:
            raise Declined("the game is over", Refusal(Reason.GAME_OVER))
        if session.round_over:
            raise Declined(
                "the hand is over: say you are ready for the next", Refusal(Reason.HAND_OVER)
            )
        try:
            session.play(message.action, seat)
        except IllegalAction as exc:
            raise Declined(str(exc), exc.refusal) from None

    def ask(self, seat: int, attempt: Attempt) -> Refusal | None:
        """Why the seat may not make a move of this kind now, as the rules
        core says it (None: it may)."""
        session = self.session
        if session.game.is_over:
            return Refusal(Reason.GAME_OVER)
        if session.game.table_of(seat) is None:
            return Refusal(Reason.HAND_OVER)  # it sits this hand out
        return session.refusal(attempt, session.view(seat))

    def ready(self, seat: int, message: Ready) -> bool:
        """The seat has seen the hand's result; True when every person has
        (the host's own are asked by the host) and the next hand may be dealt."""
        if not self.session.round_over or self.session.game.is_over:
            raise Declined("there is no hand result to move on from")
        if message.version != self.version:
            raise Declined("the table moved on: look again")
        self.seats[seat].ready = self.version
        return self.all_ready()

    def ready_here(self) -> bool:
        """The host's own person has seen the result; True when everyone has."""
        self.host_ready = self.version
        return self.all_ready()

    def all_ready(self) -> bool:
        host = self.host_ready == self.version or not self.here_people
        return host and all(s.ready == self.version for s in self.seats.values())

    # --- what a seat is sent -----------------------------------------------------

    def infos(self) -> tuple[SeatInfo, ...]:
        out = []
        for i, seat in enumerate(self.session.seats):
            if i in self.seats:
                taken = self.seats[i]
                kind = "person" if taken.token else "open"
                out.append(SeatInfo(taken.name or "(open)", kind, taken.here))
            elif seat.is_person:
                out.append(SeatInfo(seat.name, "person", True))
            else:
                out.append(SeatInfo(seat.name, "computer", False, seat.level.value))
        return tuple(out)

    def waiting(self) -> tuple[str, ...]:
        """What the table waits for, in words."""
        away = [s.name for s in self.seats.values() if s.token and not s.here]
        said = [f"{name} to come back" for name in away]
        if self.session.round_over and not self.session.game.is_over:
            slow = [s.name for s in self.seats.values() if s.ready != self.version]
            if self.here_people and self.host_ready != self.version:
                here = [n for i, n in enumerate(self.session.names) if self.session.here(i)]
                slow = here[:1] + slow
            said += [f"{name} to be ready for the next hand" for name in slow]
        return tuple(said)

    def state(self, seat: int) -> State:
        """Everything ``seat`` may see now: its view, the public table, the log."""
        game = self.session.game
        # sitting a hand out, the seat watches the first table as anyone may
        view = self.session.view(seat) if game.table_of(seat) is not None else game.watch(0)
        # the view's match, when it has one, is the public match as this seat
        # sees it: the same record, which the wire then carries once
        match = view.game.match if view is not None else None
        return State(
            self.version,
            self.session.table_version(seat),
            self.infos(),
            view,
            match if match is not None else game.public(seat),
            tuple(self.session.records),
            self.waiting(),
        )

    def here(self) -> Iterable[int]:
        """The remote seats connected now."""
        return (i for i, s in self.seats.items() if s.here)
