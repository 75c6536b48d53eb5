"""A save's seats are records (``SeatRecord``), written to JSON and to the
statistics with the keys and words they always had (issue 31 item 4)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from ginrummies.core import preset
from ginrummies.core.levels import Level
from ginrummies.play.saving import record, seats_from
from ginrummies.play.session import Seat, SeatKind, Session
from ginrummies.store.saves import SeatRecord, parse
from ginrummies.store.stats import STATS_NAME, Stats

AS_WRITTEN = [
    {"name": "Ann", "kind": "person", "level": "normal"},
    {"name": "Bot", "kind": "computer", "level": "hard"},
]


def session() -> Session:
    return Session(preset("gin"), (Seat("Ann"), Seat("Bot", SeatKind.COMPUTER, "hard")), seed=3)


def test_a_save_keeps_its_seats_as_it_always_wrote_them() -> None:
    game = session()
    text = game.to_json()
    assert json.loads(text)["seats"] == AS_WRITTEN
    saved = parse(text)
    assert saved.seats == (
        SeatRecord("Ann", "person", Level.NORMAL),
        SeatRecord("Bot", "computer", Level.HARD),
    )
    assert seats_from(saved.seats) == game.seats


def test_the_statistics_keep_the_seats_and_the_opponent_as_before(tmp_path: Path) -> None:
    game = session()
    record(game, Stats(tmp_path / STATS_NAME))
    with sqlite3.connect(tmp_path / STATS_NAME) as conn:
        seats, opponent = conn.execute("SELECT seats, opponent FROM games").fetchone()
    assert json.loads(seats) == AS_WRITTEN
    assert opponent == "hard"


def test_a_seat_kind_is_one_enum_in_the_leaf_module() -> None:
    """Saves check a seat's kind against SeatKind, which lives in
    ginrummies.core.levels so that storage reads it without the play layer; the
    settings' seat choices are another list: a person or a computer level."""
    from ginrummies.core import levels
    from ginrummies.play import session as play_session
    from ginrummies.store import saves, settings

    assert play_session.SeatKind is levels.SeatKind
    # "away": a person at another machine, at a table across machines
    assert saves.SEAT_KINDS == ("person", "computer", "away")
    assert settings.SEAT_CHOICES == ("person", "easy", "normal", "hard", "random")
    saved = parse(session().to_json())
    assert [type(seat.kind) for seat in saved.seats] == [SeatKind, SeatKind]
    assert [seat.kind for seat in saved.seats] == [SeatKind.PERSON, SeatKind.COMPUTER]
