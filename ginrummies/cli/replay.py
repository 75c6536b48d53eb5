"""``ginrummies replay FILE``: a finished game, watched again in the app."""

from __future__ import annotations

import argparse
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

    from .finished import Unfit, read_finished

    parser = argparse.ArgumentParser(
        prog="ginrummies replay",
        description="Watch a finished game again, move by move, with every hand face up "
        "(games of three and four too, both tables of a partnership). Export one from the "
        "statistics screen or the game's result (x).",
    )
    parser.add_argument("file", help="a replay file (or a saved game that is over)")
    parser.add_argument("--ascii", action="store_true", help="plain ASCII card faces")
    args = parser.parse_args(argv)
    try:
        saved = read_finished(Path(args.file), "replayed").saved
    except Unfit as exc:
        print(exc, file=sys.stderr)
        return 2
    from ..store import CardStyle, Settings
    from ..tui.app import GinApp

    settings = Settings(card_style=CardStyle.ASCII) if args.ascii else Settings()
    GinApp(settings, replay=saved).run()
    return 0
