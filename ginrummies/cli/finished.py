"""A finished game read from a file, for the commands that show a game
whole (``ginrummies replay``, ``ginrummies review``): they show every hand
face up, so a game still in progress is refused, and anything a file may
hold is one readable message, never a traceback."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from ..core import Match
from ..store.files import ENV_DATA_DIR, UnfitFile, read_capped
from ..store.saves import SIZE_LIMIT, Saved, SaveError, parse, replay
from ..store.stats import STATS_NAME, recorded_status


class Unfit(Exception):
    """Why a file cannot be shown (``str``: the whole message for stderr)."""


@dataclass(frozen=True)
class Finished:
    """A game that is over, as its file describes it and as it replays."""

    saved: Saved
    game: Match


def shown_name(path: Path) -> str:
    """A file name as text: nothing in it acts on the terminal."""
    return "".join(c if c.isprintable() else "?" for c in str(path))


def read_finished(path: Path, verb: str) -> Finished:
    """The game in ``path`` if it is over (or recorded as abandoned); Unfit
    with a message saying it "cannot be {verb}" and why, if not."""
    from ..play.saving import seats_from

    name = shown_name(path)

    def unfit(why: str) -> Unfit:
        return Unfit(f"ginrummies: {name} cannot be {verb}: {why}")

    try:
        text = read_capped(path, SIZE_LIMIT).decode("utf-8")
    except UnfitFile as exc:
        raise unfit(f"{exc}.") from None
    except OSError as exc:
        raise Unfit(f"ginrummies: cannot read {name}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise unfit("it is not a replay file (it holds bytes that are not text).") from None
    try:
        saved = parse(text)
        game = replay(saved)
        seats_from(saved.seats, saved.format.seats)
    except SaveError as exc:
        raise unfit(f"{exc.plain}. (Details: {exc}.)") from None
    except Exception as exc:  # whatever a file holds: a message, not a traceback
        raise unfit(f"its players are not readable ({str(exc)[:200]}).") from None
    if not game.is_over and recorded_status(stats_path(), saved.game_id) != "abandoned":
        raise unfit(
            f"the game in it is not over, and a game is {verb} once it is (every hand "
            "face up). A saved game is finished with ginrummies --continue, or left for "
            "a new one."
        )
    return Finished(saved, game)


def stats_path() -> Path:
    """Where the statistics are kept ($GINRUMMIES_DATA_DIR, else the user's data folder)."""
    folder = os.environ.get(ENV_DATA_DIR)
    if folder:
        return Path(folder) / STATS_NAME
    from platformdirs import user_data_dir

    return Path(user_data_dir("ginrummies", appauthor=False)) / STATS_NAME
