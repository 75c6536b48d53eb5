"""A table to host, as the command line or the menu's form asks for it:
the game, the seats people may take from elsewhere, where to listen, and
(a table taken up again with ``--continue``) its code and its seats'
tokens as before."""

from __future__ import annotations

import getpass
import ssl
from dataclasses import dataclass

from ..core import Format, Level, RuleSet
from ..play.seats import format_seats
from ..play.session import Session
from .table import Table

PORT = 8765  # the port a table listens on unless told
TARGET_MOST = 10_000  # the most points a game may be played to


@dataclass(frozen=True)
class HostPlan:
    """A table to host."""

    session: Session  # the seats people may take from elsewhere are people here
    remote: frozenset[int]
    listen: str = "127.0.0.1"
    port: int = 0
    tls: ssl.SSLContext | None = None
    level: Level = Level.NORMAL  # the computers in the seats nobody takes
    code: str = ""  # a table taken up again: its code as before
    tokens: tuple[tuple[int, str, str], ...] = ()  # and its seats' (seat, name, token)
    hints: bool = False  # hints allowed at the table: off unless the host says (people play people)

    def table(self) -> Table:
        """The table, with its code and tokens as before when taken up again."""
        table = Table(self.session, self.remote, hints=self.hints)
        self.session.hints = self.hints  # the host's own seat too
        if self.code:
            table.code = self.code
        for seat, name, token in self.tokens:
            if seat in table.seats:
                table.seats[seat].name, table.seats[seat].token = name, token
        return table


def new_plan(
    rules: RuleSet,
    fmt: Format,
    people: int,
    level: Level,
    seed: int,
    *,
    name: str | None,
    listen: str = "127.0.0.1",
    port: int = PORT,
    tls: ssl.SSLContext | None = None,
    hints: bool = False,
    target: int | None = None,
) -> HostPlan:
    """A new table of ``people`` people (the host first, sitting here as
    ``name``; None: a table with no one here, ``--headless``), computers at
    ``level`` in the other seats. ValueError, in words, for a format that
    does not play these rules or cannot seat so many. ``target``: the score
    that wins the game (None: the rules', in their format)."""
    fmt.check(rules)
    if target is not None and not 1 <= target <= TARGET_MOST:
        raise ValueError(f"a game is to 1 to {TARGET_MOST} points, not {target}")
    if not 1 <= people <= fmt.seats:
        raise ValueError(f"{fmt.title} seats 1 to {fmt.seats} people, not {people}")
    here = [] if name is None else [name]
    names = [*here, *(f"Seat {'ABCD'[i]}" for i in range(len(here), fmt.seats))]
    seats = format_seats(fmt, people, level, names)
    session = Session(rules, seats, seed, format=fmt, target=target)
    remote = frozenset(range(len(here), people))
    return HostPlan(session, remote, listen, port, tls, level, hints=hints)


def login_name() -> str:
    """The name to sit under when none is given: the person's login name."""
    try:
        name = getpass.getuser()
    except (OSError, KeyError):
        return "Guest"
    return name[:1].upper() + name[1:] if name else "Guest"
