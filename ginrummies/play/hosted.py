"""What a host keeps beside its saved game so that ``ginrummies host
--continue`` can take the table up again after the host was stopped (even
killed): the table's code and each seat's name and token, for the game
saved in the same folder. The people elsewhere come back with their
tokens, and find the game where it stopped."""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

from ..store.files import UnfitFile, data_dir, read_capped, write_atomic
from ..store.saves import SAVE_NAME, SaveError, load
from .session import Session

TABLE_NAME = "table.json"
TABLE_LIMIT = 64 * 1024

Taken = tuple[int, str, str]  # a seat taken from elsewhere: (seat, name, token)


def write_table(folder: Path, game_id: str, code: str, seats: Iterable[Taken]) -> None:
    """Keep the hosted table of the game ``game_id`` (OSError if it cannot be written)."""
    data = {"game": game_id, "code": code, "seats": [list(s) for s in seats]}
    write_atomic(folder / TABLE_NAME, json.dumps(data, indent=1))


def read_table(folder_given: str | None) -> tuple[Session, str, tuple[Taken, ...]] | str:
    """The hosted game to take up again, its code and its seats; or why not, in words."""
    try:
        folder = data_dir(folder_given)
        saved = load(folder / SAVE_NAME)
        raw = read_capped(folder / TABLE_NAME, TABLE_LIMIT)
    except FileNotFoundError:
        return "there is no hosted table to continue in this data folder"
    except (OSError, SaveError, UnfitFile) as exc:
        return f"the hosted table cannot be continued: {exc}"
    if saved is None:
        return "there is no saved game to continue"
    try:
        data = json.loads(raw)
        game, code = str(data["game"]), str(data["code"])
        seats = tuple((int(s), str(n), str(t)) for s, n, t in data["seats"])
    except (ValueError, KeyError, TypeError) as exc:
        return f"the hosted table's file ({TABLE_NAME}) cannot be read: {exc}"
    if game != saved.game_id:
        return "the saved game is not the hosted table's (a game was played here since)"
    try:
        session = Session.from_saved(saved)
    except ValueError as exc:
        return f"the hosted game cannot be continued: {exc}"
    if session.game.is_over:
        return "the hosted table's game is over"
    if any(not 0 <= s < len(session.seats) or not session.seats[s].is_person for s, _, _ in seats):
        return "the hosted table's seats do not fit its game"
    return session, code, seats
