"""Make this folder's statistics.sqlite3: a few games of a person who plays
as the easy level does, each recorded and reviewed, for the pictures of the
coach (tests/test_coach_screen.py). Run again only to change the pictures:
``python tests/data/coach/make.py``."""

from __future__ import annotations

import sqlite3
import sys
from pathlib import Path

from ginrummies.ai import make_bot
from ginrummies.ai.review import VERSION
from ginrummies.core import preset
from ginrummies.core.levels import Level, SeatKind
from ginrummies.play.coach import review_pending
from ginrummies.play.session import Seat, Session
from ginrummies.store.reviews import pending
from ginrummies.store.stats import STATS_NAME, Stats

sys.path.insert(0, str(Path(__file__).parents[2]))  # the tests' helpers
from test_formats_play import play_out

GAMES = [("gin", 60)] * 5 + [("oklahoma", 60)] * 3 + [("skarney", 60)] * 2


def main() -> None:
    path = Path(__file__).parent / STATS_NAME
    path.unlink(missing_ok=True)
    stats = Stats(path)
    for n, (variant, target) in enumerate(GAMES):
        rules = preset(variant)
        seats = (Seat("You"), Seat("Computer", SeatKind.COMPUTER, Level.NORMAL))
        session = Session(rules, seats, 100 + n, target=target)
        play_out(session, stats, make_bot("easy", rules, seed=n))
    review_pending(stats, pending(stats, VERSION))
    with sqlite3.connect(path) as db:  # one file, no write-ahead log beside it
        db.execute("PRAGMA journal_mode=DELETE")
    with sqlite3.connect(path) as db:
        db.execute("VACUUM")


if __name__ == "__main__":
    main()
