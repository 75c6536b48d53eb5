"""What a table across machines keeps on disk so that nothing is lost
when a program stops, even killed. A host keeps, beside its saved game,
the table's code and each seat's name and token (``ginrummies host
--continue`` takes the table up again); a seat's machine keeps its seat's
token by the table's address and code, so that joining again (the app
restarted, the tab reloaded) takes the same seat back, and the table it
sits at last, so that the menu offers the way back to it."""

from __future__ import annotations

import contextlib
import dataclasses
import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from ..play.printable import clean_name, printable
from ..play.saving import from_saved
from ..play.session import Session
from ..store.files import UnfitFile, data_dir, move_aside, read_capped, write_atomic
from ..store.saves import SAVE_NAME, SaveError, load
from ..store.settings import NAME_LENGTH
from .protocol import TOKEN_MOST

TABLE_NAME = "table.json"
TABLE_LIMIT = 64 * 1024

Taken = tuple[int, str, str]  # a seat taken from elsewhere: (seat, name, token)


@dataclass(frozen=True)
class Reach:
    """Where a hosted table listened, and what it allowed: the menu's
    Continue opens it again there, so the friends' way back still works."""

    listen: str = "127.0.0.1"
    port: int = 0
    tls: bool = False  # then only ``host --continue --tls CERT`` can open it again
    hints: bool = False


def write_table(
    folder: Path, game_id: str, code: str, seats: Iterable[Taken], reach: Reach = Reach()
) -> None:
    """Keep the hosted table of the game ``game_id`` (OSError if it cannot be written)."""
    data = {"game": game_id, "code": code, "seats": [list(s) for s in seats]}
    data |= dataclasses.asdict(reach)
    write_atomic(folder / TABLE_NAME, json.dumps(data, indent=1))


def table_reach(folder: Path) -> Reach:
    """Where the table kept in ``folder`` listened (what a file from before
    does not say, or says wrongly, is the default)."""
    try:
        data = json.loads(read_capped(folder / TABLE_NAME, TABLE_LIMIT))
    except (OSError, ValueError, UnfitFile, RecursionError):
        return Reach()
    if not isinstance(data, dict):
        return Reach()
    listen, port = data.get("listen"), data.get("port")
    return Reach(
        listen if isinstance(listen, str) and 0 < len(listen) <= 100 else Reach.listen,
        port if isinstance(port, int) and 0 <= port <= 65535 else 0,
        data.get("tls") is True,
        data.get("hints") is True,
    )


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
        # a name from a file is shown as any seat's: cleaned and capped
        seats = tuple(
            (int(s), clean_name(str(n), NAME_LENGTH), str(t)) for s, n, t in data["seats"]
        )
        if any(len(t) > TOKEN_MOST for _, _, t in seats) or len(code) > TOKEN_MOST:
            raise ValueError("a code or token far longer than the game gives")
    except (ValueError, KeyError, TypeError, RecursionError) as exc:
        kept = _aside(folder / TABLE_NAME)
        why = f"the hosted table's file ({TABLE_NAME}) cannot be read: {printable(str(exc)[:200])}"
        return f"{why}; it is kept as {kept}" if kept else why
    if game != saved.game_id:
        return "the saved game is not the hosted table's (a game was played here since)"
    try:
        session = from_saved(saved)
    except ValueError as exc:
        return f"the hosted game cannot be continued: {exc}"
    if session.game.is_over:
        return "the hosted table's game is over"
    if any(not 0 <= s < len(session.seats) or not session.seats[s].is_person for s, _, _ in seats):
        return "the hosted table's seats do not fit its game"
    return session, code, seats


def game_in_progress(folder_given: str | None) -> str:
    """Why a new table held here would replace a game in progress saved in
    this data folder, in words ("" if there is none: no save, or its game
    is over). The app asks first; a table held headless says so and stops."""
    try:
        saved = load(data_dir(folder_given) / SAVE_NAME)
    except (OSError, SaveError, UnfitFile):
        return ""  # nothing to take up again (a damaged save is kept aside by load)
    if saved is None:
        return ""
    try:
        if from_saved(saved).game.is_over:
            return ""
    except ValueError:
        return ""
    return (
        "a game in progress is saved in this data folder, and a new table would "
        "replace it: --continue takes it up again, or --data-dir another folder holds the new one"
    )


SEATS_NAME = "seats.json"  # a joining machine's tokens, by table


def _table_key(address: str, code: str, name: str) -> str:
    """A seat kept by the table and the name sat under: two people at one
    machine (two terminals, two tabs) keep a seat each."""
    table = "".join(c for c in code.upper() if c.isalnum())
    return f"{address.strip().lower()} {table} {name.strip().casefold()}"


def _aside(path: Path) -> str:
    """Keep a damaged file aside under a new name (nothing is deleted); its
    new name, or "" if it could not be moved."""
    try:
        return move_aside(path, "unreadable").name
    except OSError:
        return ""


def _seats(folder: Path) -> dict[str, str]:
    """The tokens this machine keeps, by table; a damaged file is kept
    aside (and the seats start afresh) rather than stopping every join."""
    path = folder / SEATS_NAME
    try:
        data = json.loads(read_capped(path, TABLE_LIMIT))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError, UnfitFile, RecursionError):
        _aside(path)
        return {}
    if not isinstance(data, dict):
        _aside(path)
        return {}
    return {
        k: v
        for k, v in data.items()
        if isinstance(k, str) and isinstance(v, str) and len(v) <= TOKEN_MOST
    }


def kept_seat(folder: Path | None, address: str, code: str, name: str) -> str:
    """The token this machine holds for ``name``'s seat at the table at
    ``address`` with ``code`` ("" if none)."""
    if folder is None:
        return ""
    return _seats(folder).get(_table_key(address, code, name), "")


def keep_seat(folder: Path | None, address: str, code: str, name: str, token: str) -> None:
    """Hold ``token`` for that table ("": forget it, the game being over);
    a folder that cannot be written only loses the way back."""
    if folder is None:
        return
    seats = _seats(folder)
    key = _table_key(address, code, name)
    if token and len(token) <= TOKEN_MOST:
        seats[key] = token
    else:
        seats.pop(key, None)
    seats = dict(list(seats.items())[-20:])  # the last tables only
    with contextlib.suppress(OSError):
        write_atomic(folder / SEATS_NAME, json.dumps(seats, indent=1))


LAST_NAME = "last-table.json"  # the table this machine sat at last, while its game goes on


def keep_last_table(folder: Path | None, address: str, code: str, name: str, tls: bool) -> None:
    """The table just joined: the menu offers it again (a tab reloaded)."""
    if folder is None:
        return
    data = {"address": address, "code": code, "name": name, "tls": tls}
    with contextlib.suppress(OSError):
        write_atomic(folder / LAST_NAME, json.dumps(data))


def forget_last_table(folder: Path | None) -> None:
    """Nothing to go back to (the game is over, the person left for good)."""
    if folder is not None:
        with contextlib.suppress(OSError):
            (folder / LAST_NAME).unlink(missing_ok=True)


def last_table(folder: Path | None) -> tuple[str, str, str, bool] | None:
    """(address, code, name, tls) of the table this machine sat at last and
    holds a seat's token for; None if none (a damaged file is kept aside)."""
    if folder is None:
        return None
    path = folder / LAST_NAME
    try:
        data = json.loads(read_capped(path, TABLE_LIMIT))
    except FileNotFoundError:
        return None
    except (OSError, ValueError, UnfitFile, RecursionError):
        _aside(path)
        return None
    fields = ("address", "code", "name")
    if not isinstance(data, dict) or not all(isinstance(data.get(f), str) for f in fields):
        _aside(path)
        return None
    address, code = (printable(data[f][:200], lines=False) for f in fields[:2])
    name = clean_name(data["name"], NAME_LENGTH)
    if not kept_seat(folder, address, code, name):
        return None
    return address, code, name, data.get("tls") is True
