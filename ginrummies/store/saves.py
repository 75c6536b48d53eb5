"""The game in progress, saved after every move: rules, seed, seats and the
log of actions, as JSON. Loading replays the log through the core, so a
save that does not replay is refused, never half-loaded; nothing in the
file is ever run as code."""

from __future__ import annotations

import json
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core import (
    Action,
    Format,
    Game,
    IllegalAction,
    Level,
    Match,
    RulesError,
    RuleSet,
    SeatKind,
    action_from_data,
    action_to_data,
)
from .files import UnfitFile, move_aside, read_capped

# 1: two players; 2 adds the format of play, its target and first seat (a
# save of format 1 reads as a two-player game)
FORMAT = 2
SAVE_NAME = "game.json"


DAMAGED = "the file is damaged (cut short or scrambled, perhaps by a crash or a failing disk)"
UNKNOWN = (
    "it holds something this ginrummies cannot play (perhaps it was edited by hand, "
    "or written by another version)"
)
CHANGED = "its moves do not follow the rules (the file was changed after the game wrote it)"

# what a save may hold, so that one that loads is one that can be played
SEAT_KINDS: tuple[str, ...] = tuple(kind.value for kind in SeatKind)
SEED_LIMIT = 2**63  # a seed is 0 <= seed < SEED_LIMIT
NUMBER_LIMIT = 1_000_000  # a target, a bonus, a rule's number: far above any game's
NAME_LIMIT = 100  # characters in a player's or a variant's name
SIZE_LIMIT = 32 * 1024 * 1024  # bytes: a save of the longest game is well under 1 MB


class SaveError(Exception):
    """A save that cannot be loaded; the message says why. ``plain`` is the
    cause in a player's words, without the technical detail."""

    def __init__(self, message: str, plain: str = DAMAGED) -> None:
        super().__init__(message)
        self.plain = plain


@dataclass(frozen=True)
class SeatRecord:
    """A seat as a save and the statistics keep it: its name, who plays it
    and its computer level (kept for a person too)."""

    name: str
    kind: SeatKind = SeatKind.PERSON
    level: Level = Level.NORMAL

    def to_data(self) -> dict[str, str]:
        """The seat as JSON holds it: the keys and words saves always had."""
        return {"name": self.name, "kind": self.kind.value, "level": self.level.value}


def seats_data(seats: Sequence[SeatRecord]) -> list[dict[str, str]]:
    return [seat.to_data() for seat in seats]


@dataclass(frozen=True)
class Saved:
    """What a save holds."""

    rules: RuleSet
    seed: int
    seats: tuple[SeatRecord, ...]
    log: list[list[Action]]
    game_id: str  # the game's identity in the statistics
    format: Format = Format.TWO
    target: int | None = None  # None: the format's own target
    first: int | None = None  # None: the cut decides (see core.formats.start)
    # at two tables, each round's moves as they were made: the table of each
    # (None: table after table, as saves from before kept them)
    order: list[list[int]] | None = None
    # True where the winner of a table's cut chose to deal (RULES.md 1);
    # empty when no person chose, as in saves from before the choice
    winner_deals: tuple[bool, ...] = ()


def new_game_id() -> str:
    return uuid.uuid4().hex


def to_json(
    rules: RuleSet,
    seed: int,
    seats: Sequence[SeatRecord],
    game: Match,
    *,
    game_id: str,
    order: list[list[int]] | None = None,
) -> str:
    """The save of ``game``; the log holds every hand, table by table in
    each round, and ``order`` (at two tables) the order the moves were made in."""
    data: dict[str, Any] = {
        "format": FORMAT,
        "app": "ginrummies",
        "id": game_id,
        "rules": rules.to_dict(),
        "seed": seed,
        "play": game.format.value,
        "target": game.given_target,
        "first": game.first,
        "seats": seats_data(seats),
        "log": [[action_to_data(a) for a in hand] for hand in game.log],
    }
    if order is not None:
        data["order"] = order
    if game.winner_deals:
        data["winner_deals"] = list(game.winner_deals)
    return json.dumps(data, ensure_ascii=False, indent=1)


def _order(value: Any, moves: list[list[Action]], tables: int) -> list[list[int]] | None:
    """The order of a save's moves at two tables, if it fits its moves; None
    otherwise (a save from before it was kept: the moves go table by table)."""
    rounds = len(moves) // tables if tables > 1 else 0
    if (
        not rounds
        or not isinstance(value, list)
        or len(value) != rounds
        or not all(isinstance(r, list) for r in value)
    ):
        return None
    for n, turns in enumerate(value):
        if any(type(t) is not int or t not in range(tables) for t in turns):  # not 0.0, True
            return None
        if [turns.count(t) for t in range(tables)] != [
            len(moves[n * tables + t]) for t in range(tables)
        ]:
            return None
    return [list(r) for r in value]


def _shown(value: Any) -> str:
    """A value from the file, short enough to quote in a message."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**20:
        return "a number too big"  # str() of a huge int can fail, and helps nobody
    text = (
        repr(value) if isinstance(value, str | int | float | bool | None) else type(value).__name__
    )
    return text if len(text) <= 40 else text[:37] + "..."


def _number(value: Any, what: str, low: int, high: int) -> int:
    """``value`` as a whole number from ``low`` to below ``high``; SaveError if not."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise SaveError(f"the save's {what} is not a whole number ({_shown(value)})")
    if not low <= value < high:
        raise SaveError(f"the save's {what} is out of range ({_shown(value)})", UNKNOWN)
    return value


def _rules(data: Any) -> RuleSet:
    if not isinstance(data, dict):
        raise SaveError(f"the save's rules are not a table of options ({_shown(data)})")
    try:
        rules = RuleSet.from_dict(data)
    except (RulesError, TypeError, ValueError) as exc:
        raise SaveError(f"the save's rules cannot be played ({_said(exc)})", UNKNOWN) from None
    for name, value in rules.to_dict().items():
        if isinstance(value, int) and not isinstance(value, bool):
            _number(value, f"rule option {name}", -NUMBER_LIMIT, NUMBER_LIMIT + 1)
    if len(rules.name) > NAME_LIMIT:
        raise SaveError("the save's variant name is too long", UNKNOWN)
    return rules


def _seats(data: Any, fmt: Format) -> tuple[SeatRecord, ...]:
    """The seats as ``Session.seats_from`` reads them: name, kind and level,
    each checked, so that a save that loads is one that can be played."""
    if not isinstance(data, list) or len(data) != fmt.seats:
        raise SaveError(f"the save's players are not readable ({fmt.title} has {fmt.seats})")
    seats = []
    for seat in data:
        if not isinstance(seat, dict):
            raise SaveError(f"the save's players are not readable ({_shown(seat)})")
        name, kind, level = seat.get("name"), seat.get("kind", "person"), seat.get("level")
        if level is None:
            level = "normal"
        if not isinstance(name, str) or len(name) > NAME_LIMIT:
            raise SaveError(
                f"the save's players are not readable (name {_shown(name)} is not text or too long)"
            )
        if kind not in SEAT_KINDS:
            raise SaveError(
                f"the save's players are not readable (no kind of player {_shown(kind)})", UNKNOWN
            )
        if level not in [lv.value for lv in Level]:
            raise SaveError(
                f"the save's players are not readable (no computer level {_shown(level)})", UNKNOWN
            )
        seats.append(SeatRecord(name, SeatKind(kind), Level(level)))
    return tuple(seats)


def _said(exc: BaseException) -> str:
    """An exception's message, short, for the details of a message."""
    try:
        text = str(exc) or type(exc).__name__
    except Exception:  # a message that cannot even be made (a huge number in it)
        text = type(exc).__name__
    return text if len(text) <= 200 else text[:197] + "..."


def parse(text: str) -> Saved:
    """Read a save; SaveError says what is wrong with it, whatever it is
    (nothing else escapes: not a deep nesting, a huge number, a wrong type)."""
    try:
        return _parse(text)
    except SaveError:
        raise
    except RecursionError:
        raise SaveError("the save is nested too deeply to be a save") from None
    except Exception as exc:  # any other fault of the file's content
        raise SaveError(f"the save is not readable ({_said(exc)})") from None


def _parse(text: str) -> Saved:
    if len(text) > SIZE_LIMIT:
        raise SaveError("the file is far too large to be a save")
    try:
        data: Any = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveError(
            f"the save is damaged or cut short ({exc.msg}, line {exc.lineno})"
        ) from None
    except ValueError as exc:  # a number of thousands of digits
        raise SaveError(f"the save is not readable ({_said(exc)})") from None
    if not isinstance(data, dict) or data.get("app") != "ginrummies":
        raise SaveError("this is not a ginrummies save", "the file is not a ginrummies save")
    version = data.get("format")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SaveError("the save has no format version")
    if version > FORMAT:
        raise SaveError(
            "the save was written by a newer ginrummies: update the game to continue it",
            "it was saved by a newer version of ginrummies (update the game to play it)",
        )
    if "rules" not in data or "seed" not in data or "seats" not in data or "log" not in data:
        missing = [k for k in ("rules", "seed", "seats", "log") if k not in data]
        raise SaveError(f"the save has no {missing[0]}")
    rules = _rules(data["rules"])
    seed = _number(data["seed"], "seed", 0, SEED_LIMIT)
    play = data.get("play", "two")
    if play not in [f.value for f in Format]:
        raise SaveError(f"the save's format of play is unknown ({_shown(play)})", UNKNOWN)
    fmt = Format(play)
    try:
        fmt.check(rules)
    except ValueError as exc:
        raise SaveError(f"the save cannot be played ({_said(exc)})", UNKNOWN) from None
    target, first = data.get("target"), data.get("first")
    if target is not None:
        target = _number(target, "target", 1, NUMBER_LIMIT + 1)
    if first is not None:
        first = _number(first, "first seat", 0, fmt.seats)
    seats = _seats(data["seats"], fmt)
    log = data["log"]
    if not isinstance(log, list) or not all(isinstance(hand, list) for hand in log):
        raise SaveError("the save's moves are not a list of hands")
    try:
        moves = [[action_from_data(a) for a in hand] for hand in log]
    except ValueError as exc:
        raise SaveError(f"the save's moves are not readable ({_said(exc)})") from None
    game_id = data.get("id") or new_game_id()  # saves from before ids had none
    if not isinstance(game_id, str) or not game_id.isalnum() or len(game_id) > 64:
        raise SaveError("the save's game id is not readable")
    order = _order(data.get("order"), moves, fmt.tables)
    deals = data.get("winner_deals", [])
    if not isinstance(deals, list) or not all(isinstance(d, bool) for d in deals):
        raise SaveError("the save's choices of the deal are not readable")
    return Saved(rules, seed, seats, moves, game_id, fmt, target, first, order, tuple(deals))


def replay(saved: Saved) -> Match:
    """The game a save describes; SaveError if its moves do not replay."""
    try:
        if saved.format.two_players and saved.target is None:
            return Game.replay(
                saved.rules,
                saved.seed,
                saved.log,
                first_dealer=saved.first,
                winner_deals=saved.winner_deals,
            )
        return Match.from_log(
            saved.rules,
            saved.seed,
            saved.log,
            saved.format,
            first=saved.first,
            target=saved.target,
            winner_deals=saved.winner_deals,
        )
    except (IllegalAction, ValueError) as exc:
        raise SaveError(f"the save has been changed: {_said(exc)}", CHANGED) from None
    except RecursionError:
        raise SaveError("the save's moves cannot be replayed", CHANGED) from None
    except Exception as exc:  # whatever a log the rules never wrote may do
        raise SaveError(f"the save's moves cannot be replayed ({_said(exc)})", CHANGED) from None


def read(path: Path) -> Saved:
    """The save at ``path``, read and checked by replaying it, left where it
    is; SaveError (or OSError, UnicodeDecodeError) if it cannot be used."""
    try:
        data = read_capped(path, SIZE_LIMIT)
    except UnfitFile as exc:
        raise SaveError(f"the save cannot be read: {exc}", str(exc)) from None
    saved = parse(data.decode("utf-8"))
    replay(saved)
    return saved


def refuse(path: Path, exc: BaseException) -> SaveError:
    """The file at ``path``, which could not be used because of ``exc``,
    moved aside (kept, never deleted), and the SaveError that says, first
    in a player's words and then in detail, why, where it went and what
    happens now."""
    if isinstance(exc, SaveError):
        plain, detail = exc.plain, str(exc)
    elif isinstance(exc, OSError):
        plain = f"the file cannot be opened ({exc.strerror or _said(exc)})"
        detail = f"the save is not readable ({_said(exc)})"
    elif isinstance(exc, UnicodeDecodeError):
        plain, detail = DAMAGED, "the save is not readable (it holds bytes that are not UTF-8 text)"
    else:
        plain, detail = DAMAGED, f"the save is not readable ({_said(exc)})"
    try:
        kept = move_aside(path, "unreadable")
    except OSError as moved:
        where = (
            f"It stays as {path} (it could not be moved aside: {moved.strerror or moved}); "
            "the next game you start replaces it if it can be saved."
        )
    else:
        where = f"A copy is kept as {kept}; the next game you start is saved in its place."
    return SaveError(
        f"The saved game could not be read: {plain}. {where} (Details: {detail}.)", plain
    )


def load(path: Path) -> Saved | None:
    """The save at ``path``, checked by replaying it; None if there is none.

    A save that cannot be used, for whatever reason, is moved aside (kept,
    never deleted) and SaveError says, first in a player's words and then
    in detail, why, where it went and what happens now: the game cannot be
    continued, and the next game started is saved in its place. Nothing
    else is raised for anything the file holds."""
    if not path.exists():
        return None
    try:
        return read(path)
    except FileNotFoundError:  # gone meanwhile (another copy left it)
        return None
    except Exception as exc:
        raise refuse(path, exc) from None
