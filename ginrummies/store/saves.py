"""The game in progress, saved after every move: rules, seed, seats and the
log of actions, as JSON. Loading replays the log through the core, so a
save that does not replay is refused, never half-loaded; nothing in the
file is ever run as code."""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core import (
    Action,
    Format,
    Game,
    IllegalAction,
    Match,
    RulesError,
    RuleSet,
    action_from_data,
    action_to_data,
)
from .files import move_aside

# 1: two players; 2 adds the format of play, its target and first seat (a
# save of format 1 reads as a two-player game)
FORMAT = 2
SAVE_NAME = "game.json"


DAMAGED = "the file is damaged (cut short or scrambled, perhaps by a crash or a failing disk)"


class SaveError(Exception):
    """A save that cannot be loaded; the message says why. ``plain`` is the
    cause in a player's words, without the technical detail."""

    def __init__(self, message: str, plain: str = DAMAGED) -> None:
        super().__init__(message)
        self.plain = plain


@dataclass(frozen=True)
class Saved:
    """What a save holds."""

    rules: RuleSet
    seed: int
    seats: list[dict[str, str]]  # name, kind, level
    log: list[list[Action]]
    game_id: str  # the game's identity in the statistics
    format: Format = Format.TWO
    target: int | None = None  # None: the format's own target
    first: int | None = None  # None: the cut decides (see core.formats.start)


def new_game_id() -> str:
    return uuid.uuid4().hex


def to_json(
    rules: RuleSet, seed: int, seats: list[dict[str, str]], game: Match, *, game_id: str
) -> str:
    """The save of ``game``; the log holds every hand, table by table in each round."""
    data = {
        "format": FORMAT,
        "app": "ginrummies",
        "id": game_id,
        "rules": rules.to_dict(),
        "seed": seed,
        "play": game.format.value,
        "target": None if isinstance(game, Game) else game.target,
        "first": game.first,
        "seats": seats,
        "log": [[action_to_data(a) for a in hand] for hand in game.log],
    }
    return json.dumps(data, ensure_ascii=False, indent=1)


def parse(text: str) -> Saved:
    """Read a save; SaveError says what is wrong with it."""
    try:
        data: Any = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveError(
            f"the save is damaged or cut short ({exc.msg}, line {exc.lineno})"
        ) from None
    if not isinstance(data, dict) or data.get("app") != "ginrummies":
        raise SaveError("this is not a ginrummies save", "the file is not a ginrummies save")
    version = data.get("format")
    if not isinstance(version, int):
        raise SaveError("the save has no format version")
    if version > FORMAT:
        raise SaveError(
            f"the save was written by a newer ginrummies (format {version}; this one reads "
            f"{FORMAT}): update the game to continue it",
            "it was saved by a newer version of ginrummies (update the game to play it)",
        )
    try:
        rules = RuleSet.from_dict(data["rules"])
        seed = data["seed"]
        if not isinstance(seed, int):
            raise SaveError("the save's seed is not a number")
        fmt = Format(data.get("play", "two"))
        fmt.check(rules)
        target, first = data.get("target"), data.get("first")
        for value in (target, first):
            if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
                raise SaveError("the save's target or first seat is not a number")
        seats = data["seats"]
        if not (
            isinstance(seats, list)
            and len(seats) == fmt.seats
            and all(isinstance(s, dict) and isinstance(s.get("name"), str) for s in seats)
        ):
            raise SaveError("the save's players are not readable")
        log = [[action_from_data(a) for a in hand] for hand in data["log"]]
        game_id = data.get("id") or new_game_id()  # saves from before ids had none
        if not isinstance(game_id, str) or not game_id.isalnum() or len(game_id) > 64:
            raise SaveError("the save's game id is not readable")
    except SaveError:
        raise
    except (KeyError, TypeError, ValueError, RulesError) as exc:
        raise SaveError(f"the save is not readable: {exc}") from None
    return Saved(rules, seed, seats, log, game_id, fmt, target, first)


def replay(saved: Saved) -> Match:
    """The game a save describes; SaveError if its moves do not replay."""
    try:
        if saved.format is Format.TWO and saved.target is None:
            return Game.replay(saved.rules, saved.seed, saved.log, first_dealer=saved.first)
        return Match.from_log(
            saved.rules,
            saved.seed,
            saved.log,
            saved.format,
            first=saved.first,
            target=saved.target,
        )
    except (IllegalAction, ValueError) as exc:
        raise SaveError(
            f"the save has been changed: {exc}",
            "its moves do not follow the rules (the file was changed after the game wrote it)",
        ) from None


def load(path: Path) -> Saved | None:
    """The save at ``path``, checked by replaying it; None if there is none.

    A save that cannot be used is moved aside (kept, never deleted) and
    SaveError says, first in a player's words and then in detail, why, where
    it went and what happens now: the game cannot be continued, and the next
    game started is saved in its place."""
    if not path.exists():
        return None
    try:
        text = path.read_text(encoding="utf-8")
        saved = parse(text)
        replay(saved)
    except (SaveError, UnicodeDecodeError, OSError) as exc:
        if isinstance(exc, SaveError):
            plain, detail = exc.plain, str(exc)
        elif isinstance(exc, OSError):
            plain = f"the file cannot be opened ({exc.strerror or exc})"
            detail = f"the save is not readable ({exc})"
        else:
            plain, detail = DAMAGED, f"the save is not readable ({exc})"
        try:
            kept = move_aside(path, "unreadable")
        except OSError as moved:
            where = (
                f"It stays as {path} (it could not be moved aside: {moved.strerror or moved}); "
                "the next game you start replaces it if it can be saved."
            )
        else:
            where = f"A copy is kept as {kept}; the next game you start is saved in its place."
        raise SaveError(
            f"The saved game could not be read: {plain}. {where} (Details: {detail}.)", plain
        ) from None
    return saved
