"""``ginrummies review FILE``: a finished game's decisions rated, in plain
text for any terminal, pipe or screen reader (issue 34; the engine is
``ginrummies.ai.review``)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from ..ai.judge import SAMPLES
from ..ai.review import (
    NOT_RATED_KINDS,
    THRESHOLDS,
    Options,
    Position,
    Rating,
    Summary,
    Verdict,
    people_of,
    positions,
    reviews,
    summarize,
)
from ..core import plural
from ..play.reviewwords import (
    better_words,
    hand_title,
    loss_words,
    lost_words,
    move_words,
    verdict_counts,
)
from .finished import Unfit, read_finished
from .lines import wrap


def review_main(argv: Sequence[str]) -> int:
    """Review the people's decisions of a finished game (every seat's with
    ``--everyone``); exit status 2, with one message, for a file that cannot
    be reviewed."""
    parser = argparse.ArgumentParser(
        prog="ginrummies review",
        description="Rate every decision of a finished game: the points each move was "
        "expected to lose against the best one, from what the player could see then.",
    )
    parser.add_argument("file", nargs="?", help="a replay file (or a saved game that is over)")
    parser.add_argument("--everyone", action="store_true", help="the computer's decisions too")
    parser.add_argument(
        "--all", action="store_true", help="every decision, not only the costly ones"
    )
    parser.add_argument(
        "--coach",
        action="store_true",
        help="no file: review the games the statistics hold (those not reviewed yet), "
        "then your accuracy over time and costly habits",
    )
    parser.add_argument(
        "--limit", type=int, metavar="N", help="with --coach: review at most the N newest"
    )
    parser.add_argument(
        "--no-review", action="store_true", help="with --coach: only the report, no reviewing"
    )
    args = parser.parse_args(argv)
    if not args.coach and (args.limit is not None or args.no_review):
        parser.error("--limit and --no-review go with --coach")
    if args.coach:
        if args.file is not None:
            parser.error("--coach reviews the statistics' games: give no file with it")
        if args.all or args.everyone:
            parser.error("--all and --everyone go with a file's review, not --coach")
        if args.limit is not None and args.limit < 0:
            parser.error("--limit needs a number of games, 0 or more")
        from .coach import coach_main

        return coach_main(args.limit, review=not args.no_review)
    if args.file is None:
        parser.error("give a replay file to review, or --coach")
    try:
        finished = read_finished(Path(args.file), "reviewed")
    except Unfit as exc:
        print(exc, file=sys.stderr)
        return 2
    saved, game = finished.saved, finished.game
    names = [seat.name for seat in saved.seats]
    people = people_of(saved.seats, everyone=args.everyone)
    if not people:
        print(f"ginrummies: no person played in {args.file}; --everyone reviews the computer.")
        return 2
    found = positions(game, people)
    at = {(p.hand, p.move): p for p in found}
    say = print
    say(heading(saved.rules.name, saved.format.title, names, saved.seed))
    rated: list[Rating] = []
    for hand in reviews(found, Options(on_progress=progress if sys.stderr.isatty() else None)):
        rated += hand.ratings
        if sys.stderr.isatty():
            print("\r\033[K", end="", file=sys.stderr)  # the progress line goes
        say(f"\n{hand_title(saved.format, hand, names)}")
        for seat in sorted({r.seat for r in hand.ratings}):
            say(wrap(f"{names[seat]}: {summary_words(hand.summary(seat))}", "  "))
        for r in hand.ratings:
            if args.all or r.verdict not in (Verdict.BEST, Verdict.GOOD):
                say(rating_words(r, at[(r.hand, r.move)], names))
    say("\nThe game")
    for seat in people:
        mine = [r for r in rated if r.seat == seat]
        say(wrap(f"{names[seat]}: {summary_words(summarize(mine))}", "  "))
    return 0


def heading(variant: str, fmt: str, names: Sequence[str], seed: int) -> str:
    """What is reviewed and how, before the hands."""
    t = THRESHOLDS
    lines = [
        f"Review of a game of {variant} ({fmt}): {', '.join(names)}; seed {seed}.",
        "Each decision is priced by the hard level's judgement from what the player "
        f"could see then ({SAMPLES} sampled deals a decision in the Gin games; the rest "
        "of the turn counted in Skarney and Colonel), against the best move there. "
        f"Inaccuracy: {t.inaccuracy:g} points or more expected lost; mistake: "
        f"{t.mistake:g}; blunder: {t.blunder:g}. A sampled price has a margin of "
        "error (the ± figure): a verdict goes by the loss less its margin, so a "
        "loss the margin covers is not called costly. Where the verdicts on a kind "
        f"of decision did not hold up in play ({', '.join(NOT_RATED_KINDS.values())}), "
        "a costly one is shown as not rated and not counted.",
    ]
    return "\n".join(wrap(line) for line in lines)


def summary_words(s: Summary) -> str:
    """A person's decisions in a hand or a game, in words."""
    said = verdict_counts(s)
    accuracy = f"accuracy {s.accuracy:.0f}%, " if s.accuracy is not None else ""
    return f"{plural(s.decisions, 'decision')}, {accuracy}{lost_words(s)}" + (
        f": {', '.join(said)}." if said else "."
    )


def rating_words(r: Rating, at: Position, names: Sequence[str]) -> str:
    """One decision: the move made, its verdict and loss, the better move and why."""
    head = move_words(r, at.view, names)
    if r.verdict is Verdict.BEST:
        return wrap(f"{head}: the best move.", "  ", "    ")
    lines = [
        wrap(f"{head}: {r.verdict.value}{loss_words(r)}", "  ", "    "),
        wrap(better_words(r, at.view), "    ", "    "),
    ]
    return "\n".join(lines)


def progress(done: int, total: int) -> None:
    """On a terminal, how far the review has got (stderr: the review itself may be piped)."""
    print(f"\rReviewing: {done} of {total} decisions", end="", file=sys.stderr, flush=True)
