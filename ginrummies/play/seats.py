"""Who plays each seat of a game: a person here, a person at another
machine, or the computer at a level; and the seats a format starts with."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core import Format, Level, SeatKind
from ..store.settings import NAME_LENGTH
from .printable import clean_name


@dataclass(frozen=True, slots=True)
class Seat:
    """Who plays a seat: a person, or the computer at a level (kept for a
    person too, as saves keep it)."""

    name: str
    kind: SeatKind = SeatKind.PERSON
    level: Level = Level.NORMAL

    def __post_init__(self) -> None:
        # a name may come from a file or the command line: it is shown as
        # typed, but never as something that acts on the terminal
        object.__setattr__(self, "name", clean_name(self.name, NAME_LENGTH))
        # a level's word is taken too ("hard"); ValueError for no level
        object.__setattr__(self, "level", Level(self.level))

    @property
    def is_person(self) -> bool:
        """A person plays the seat: at this keyboard, or at another machine."""
        return self.kind is not SeatKind.COMPUTER


def default_seats(hot_seat: bool = False, level: Level = Level.NORMAL) -> tuple[Seat, Seat]:
    if hot_seat:
        return (Seat("Player 1"), Seat("Player 2"))
    return (Seat("You"), Seat("Computer", SeatKind.COMPUTER, level))


def format_seats(
    fmt: Format, people: int = 1, level: Level = Level.NORMAL, names: Sequence[str] = ()
) -> tuple[Seat, ...]:
    """Seats for a format: ``people`` people first (named ``names``, or
    "You" alone, or "Player N"), then computers at ``level``."""
    if fmt.two_players and not names:
        return default_seats(people >= 2, level) if people else _computers(2, level)
    n = fmt.seats
    if not 0 <= people <= n:
        raise ValueError(f"{fmt.title} has {n} seats, not room for {people} people")
    seats = []
    for i in range(n):
        if i < people:
            default = "You" if people == 1 else f"Player {i + 1}"
            seats.append(Seat(names[i] if i < len(names) else default))
        else:
            seats.append(Seat(f"Computer {'ABCD'[i]}", SeatKind.COMPUTER, level))
    return tuple(seats)


def _computers(n: int, level: Level) -> tuple[Seat, ...]:
    return tuple(Seat(f"Computer {'ABCD'[i]}", SeatKind.COMPUTER, level) for i in range(n))
