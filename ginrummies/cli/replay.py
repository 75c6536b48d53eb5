"""``ginrummies replay FILE``: a finished game, watched again in the app."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence


def replay_main(argv: Sequence[str]) -> int:
    """``ginrummies replay FILE``: step through an exported game in the app,
    in any format of two, three or four players.

    Only a game that is over is shown (every hand face up): a game still in
    progress, the saved game.json say, is refused, so a replay never shows
    the computer's live hand. A game the statistics record as abandoned is
    over too. Any file that cannot be replayed is one message on stderr and
    exit status 2, never a traceback."""
    from pathlib import Path

    from ..store.files import ENV_DATA_DIR, UnfitFile, read_capped
    from ..store.saves import SIZE_LIMIT, SaveError, parse, replay
    from ..store.stats import STATS_NAME, recorded_status

    parser = argparse.ArgumentParser(
        prog="ginrummies replay",
        description="Watch a finished game again, move by move, with every hand face up "
        "(games of three and four too, both tables of a partnership). Export one from the "
        "statistics screen or the game's result (x).",
    )
    parser.add_argument("file", help="a replay file (or a saved game that is over)")
    parser.add_argument("--ascii", action="store_true", help="plain ASCII card faces")
    args = parser.parse_args(argv)
    path = Path(args.file)
    # a file name is shown as text: nothing in it acts on the terminal
    name = "".join(c if c.isprintable() else "?" for c in str(path))

    def refuse(why: str) -> int:
        print(f"ginrummies: {name} cannot be replayed: {why}", file=sys.stderr)
        return 2

    from ..play.session import Session

    try:
        text = read_capped(path, SIZE_LIMIT).decode("utf-8")
    except UnfitFile as exc:
        return refuse(f"{exc}.")
    except OSError as exc:
        print(f"ginrummies: cannot read {name}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    except UnicodeDecodeError:
        return refuse("it is not a replay file (it holds bytes that are not text).")
    try:
        saved = parse(text)
        game = replay(saved)
        Session.seats_from(saved.seats, saved.format.seats)
    except SaveError as exc:
        return refuse(f"{exc.plain}. (Details: {exc}.)")
    except Exception as exc:  # whatever a file holds: a message, not a traceback
        return refuse(f"its players are not readable ({str(exc)[:200]}).")
    if not game.is_over:
        folder = os.environ.get(ENV_DATA_DIR)
        if folder:
            stats_path = Path(folder) / STATS_NAME
        else:
            from platformdirs import user_data_dir

            stats_path = Path(user_data_dir("ginrummies", appauthor=False)) / STATS_NAME
        if recorded_status(stats_path, saved.game_id) != "abandoned":
            return refuse(
                "this game is still in progress. Finish it (ginrummies --continue), or leave "
                "it for a new game, and replay it when it is over: a replay shows every hand "
                "face up."
            )
    from ..store import CardStyle, Settings
    from ..tui.app import GinApp

    settings = Settings(card_style=CardStyle.ASCII) if args.ascii else Settings()
    GinApp(settings, replay=saved).run()
    return 0
