"""The coach (issue 34, item 4): reviews turned into records the statistics
keep, and the games the statistics hold reviewed in turn, for the app's
Coach tab and ``ginrummies review --coach``.

A review is kept for every person it rated (the statistics read the
record's own person, ``games.me``); each costly move goes with its kind
(``ai.habits``) and its words, so the coach needs no replay to list it.
"""

from __future__ import annotations

import dataclasses
import json
import zlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from ..ai.habits import habit_of
from ..ai.review import (
    COSTLY,
    VERSION,
    Cancel,
    HandReview,
    Options,
    Position,
    people_of,
    positions,
    reviews,
    summarize,
)
from ..core import from_data, to_data
from ..store.reviews import Costly, Reviewed, keep
from ..store.saves import SaveError, parse, replay
from ..store.stats import Stats
from .tell import action_words


def pack(hands: Sequence[HandReview]) -> bytes:
    """A review's hands, small enough to keep: their ratings without the
    candidates' prices (nothing shows them), as compressed JSON."""
    bare = [
        dataclasses.replace(h, ratings=tuple(dataclasses.replace(r, prices=()) for r in h.ratings))
        for h in hands
    ]
    return zlib.compress(json.dumps(to_data(bare), separators=(",", ":")).encode("utf-8"))


def unpack(packed: bytes) -> tuple[HandReview, ...] | None:
    """The hands ``pack`` packed; None for bytes that are not (the review is made again)."""
    try:
        data = json.loads(zlib.decompress(packed, bufsize=1 << 16).decode("utf-8"))
        return from_data(tuple[HandReview, ...], data)
    except (zlib.error, ValueError, UnicodeDecodeError, RecursionError):
        return None


def records(
    game_id: str,
    hands: Sequence[HandReview],
    at: Mapping[tuple[int, int], Position],
    seats: Iterable[int],
) -> list[Reviewed]:
    """The records of a whole review, one per seat in ``seats`` (``at``:
    each rated decision's position, to class and word its costly moves)."""
    ratings = [r for h in hands for r in h.ratings]
    packed = pack(hands)
    out = []
    for seat in seats:
        mine = [r for r in ratings if r.seat == seat]
        summary = summarize(mine)
        costly = []
        for r in mine:
            if r.verdict not in COSTLY:
                continue
            view = at[(r.hand, r.move)].view
            habit = habit_of(view, r.made, r.best)
            made, best = action_words(r.made, view), action_words(r.best, view)
            costly.append(
                Costly(
                    r.hand,
                    r.move,
                    r.round,
                    r.table,
                    habit.value,
                    r.verdict.value,
                    r.loss,
                    made,
                    best,
                )
            )
        out.append(
            Reviewed(
                game_id,
                seat,
                VERSION,
                summary.decisions,
                summary.lost,
                summary.counts,
                summary.accuracy,
                tuple(costly),
                packed,
            )
        )
    return out


@dataclass(frozen=True)
class Caught:
    """A recorded game that could not be reviewed, and why."""

    game_id: str
    why: str


def review_recorded(
    stats: Stats,
    game_id: str,
    *,
    cancel: Cancel | None = None,
    on_progress: Callable[[int, int], None] | None = None,
) -> bool:
    """Review a game the statistics hold and keep its review; False if it
    was cancelled before the end (nothing kept). SaveError if its record
    cannot be replayed, StatsError if the statistics cannot be used."""
    text = stats.replay_text(game_id)
    if text is None:
        raise SaveError(f"no game {game_id} in the statistics")
    saved = parse(text)
    match = replay(saved)
    people = people_of(saved.seats)
    found = positions(match, people)
    at = {(p.hand, p.move): p for p in found}
    options = Options(on_progress=on_progress, cancel=cancel)
    hands = list(reviews(found, options))
    if sum(len(h.ratings) for h in hands) < len(found):
        return False
    for record in records(game_id, hands, at, people):
        keep(stats, record)
    return True


def review_pending(
    stats: Stats,
    games: Sequence[str],
    *,
    cancel: Cancel | None = None,
    on_game: Callable[[int, int], None] | None = None,
    on_progress: Callable[[int, int, int, int], None] | None = None,
) -> list[Caught]:
    """Review ``games`` (``store.reviews.pending``) one by one, keeping
    each review; ``on_game(done, total)`` after each, ``on_progress(game,
    games, decision, decisions)`` after each decision, ``cancel`` checked
    before each decision. The games that could not be reviewed are
    returned with why (a record changed by hand, say); StatsError if the
    statistics cannot be written."""
    caught = []
    for n, game_id in enumerate(games):
        if cancel is not None and cancel():
            break

        def step(done: int, total: int, n: int = n) -> None:
            if on_progress is not None:
                on_progress(n, len(games), done, total)

        try:
            done = review_recorded(stats, game_id, cancel=cancel, on_progress=step)
        except SaveError as exc:
            caught.append(Caught(game_id, str(exc)))
            done = True
        if not done:
            break
        if on_game is not None:
            on_game(n + 1, len(games))
    return caught
