"""A session kept and taken up again: the save written and read, and the
game so far put in the statistics. The keeper (``play.keeper``) keeps the
game in play through these; a ``Session`` itself is the game and its seats.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ..core import Action, Format, Level, RuleSet, SeatKind
from ..store.files import write_atomic
from ..store.saves import Saved, SeatRecord
from ..store.stats import Entry as StatsEntry
from ..store.stats import Stats
from ..store.stats import entry as stats_entry_of
from .replaying import replayed
from .seats import Seat
from .session import Session, seats_data


def resume(
    rules: RuleSet,
    seats: Sequence[Seat],
    seed: int,
    log: Sequence[Sequence[Action]],
    game_id: str | None = None,
    *,
    format: Format = Format.TWO,
    target: int | None = None,
    first: int | None = None,
    order: Sequence[Sequence[int]] | None = None,
    winner_deals: Sequence[bool] = (),
) -> Session:
    """The session a saved log describes, its words rebuilt move by move
    (``play.replaying.replayed``)."""
    session = Session(
        rules,
        seats,
        seed,
        game_id,
        format=format,
        target=target,
        first=first,
        winner_deals=winner_deals,
    )
    start = session.start_of(session.game)
    session.game, session.book = replayed(start, session.names, session.title, log, order)
    return session


def from_saved(saved: Saved) -> Session:
    """The session of a save (ValueError if its players are not readable)."""
    seats = seats_from(saved.seats, saved.format.seats)
    return resume(
        saved.rules,
        seats,
        saved.seed,
        saved.log,
        saved.game_id,
        format=saved.format,
        target=saved.target,
        first=saved.first,
        order=saved.order,
        winner_deals=saved.winner_deals,
    )


def seats_from(data: Sequence[SeatRecord], count: int = 2) -> tuple[Seat, ...]:
    """The seats a save or the statistics kept (ValueError for no such level,
    or not ``count`` of them)."""
    seats = []
    for record in data:
        kind = SeatKind(record.kind)
        level = Level(record.level)  # ValueError: no computer level of that name
        seats.append(Seat(record.name, kind, level))
    if len(seats) != count:
        raise ValueError(f"this game has {count} players, not {len(seats)}")
    return tuple(seats)


def save(session: Session, path: Path) -> None:
    """Write the game to ``path`` atomically (see store.files.write_atomic)."""
    write_atomic(path, session.to_json())


def stats_entry(session: Session, abandoned: bool = False) -> StatsEntry:
    """The game so far as the statistics record it (``store.stats.entry``),
    with the order of its moves at two tables."""
    return stats_entry_of(
        session.game_id,
        session.rules,
        session.seed,
        seats_data(session.seats),
        session.game,
        abandoned=abandoned,
        order=session.order(),
    )


def record(session: Session, stats: Stats, abandoned: bool = False) -> None:
    """Put the game so far in the statistics (StatsError if they fail)."""
    stats.write(stats_entry(session, abandoned))
