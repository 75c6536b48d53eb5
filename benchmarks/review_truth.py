"""Do the review's verdicts hold up in play? (issue 49, item 2)

    python benchmarks/review_truth.py --games 20 --jobs 2 --out cases.jsonl
    python benchmarks/review_truth.py --read cases.jsonl

Games of ``casual``, ``camper`` and ``normal`` against ``hard``, from
seeds held out from any tuning (``--seed``, 9001 by default: every tuning
of the judge used seeds below 1000), each to its target. The review rates
the first player's decisions as a person's; every decision it flags (an
inaccuracy, a mistake or a blunder) is then played on from the position
twice, once with the move made and once with the judge's best, by the
real players (the game's own bots, ``hard`` at ``--hard-samples`` worlds
a decision), to the end of the hand, in ``--worlds`` worlds. A world is
the real deal with the stock's undrawn cards shuffled: the other hand is
the one the mover really faced (a draw from what the view allows, given
how the game went), the stock's order one nobody could know; both
branches play the same world with the same random numbers. The mover's
points in the hand (won less lost) are averaged over the worlds.

It prints, per verdict and per kind of decision (draw or take, discard,
knock or play on, gin, Skarney's answer to an offer, offer, laying melds
or holding them, Colonel's challenge): the cases, the loss the review
stated, the loss seen in play (best less made, in hand points; for
Skarney and Colonel the review states a count, not points), and the
share of cases where the "better" move did better in play.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ginrummies.ai import Bot, make_bot
from ginrummies.ai.arena import BotStats, play_match
from ginrummies.ai.review import COSTLY, Rating, positions, rate
from ginrummies.core import (
    Accept,
    Action,
    Challenge,
    Decline,
    Discard,
    DrawStock,
    Hand,
    Knock,
    LayContract,
    LayMeld,
    LayOff,
    Match,
    Offer,
    Pass,
    PlayerView,
    TakeDiscard,
    preset,
    replay,
)

VERDICTS = ("inaccuracy", "mistake", "blunder")


def kind(view: PlayerView, made: Action, best: Action) -> str:
    """The kind of decision a flagged move was, for the report."""
    pair = {type(made), type(best)}
    if pair & {Challenge} or view.phase.value == "challenged":
        return "challenge"
    if pair & {Accept, Decline} and view.table.pending_offer is not None:
        return "answer"
    if pair & {TakeDiscard, DrawStock, Pass}:
        return "draw"
    if any(isinstance(a, Knock) and a.deadwood(view.hand, view.rules) == 0 for a in (made, best)):
        return "gin"
    if pair & {Knock}:
        return "knock"
    if pair & {LayMeld, LayOff, LayContract}:
        return "meld"
    if pair & {Offer}:
        return "offer"
    if pair & {Discard}:
        return "discard"
    return "other"


def bots_for(rules: Any, mover: str, seed: int, hard_samples: int) -> list[Bot]:
    return [
        make_bot(mover, rules, seed),
        make_bot("hard", rules, seed + 1, samples=hard_samples),
    ]


def played(
    hand: Hand, upto: int, first: Action, bots: Sequence[Bot], view: PlayerView, rng: random.Random
) -> float:
    """The mover's points in the hand played on from move ``upto`` with
    ``first``, the stock's undrawn cards shuffled by ``rng``."""
    actions = [a for _, a in hand.log[:upto]]
    fresh = replay(hand.rules, hand.dealer, hand.deck, actions)
    n = fresh.stock_size
    deck = list(hand.deck)
    if n > 1:
        rest = deck[-n:]
        rng.shuffle(rest)
        deck[-n:] = rest
    branch = replay(hand.rules, hand.dealer, deck, actions)
    mover = view.player
    branch.apply(first)
    while not branch.is_over:
        p = branch.to_move
        assert p is not None
        seen = dataclasses.replace(branch.view(p), game=view.game)
        branch.apply(bots[0 if p == mover else 1].choose(seen, seen.legal_actions))
    result = branch.result
    assert result is not None
    return float(result.points[mover] - result.points[1 - mover])


def cases(job: tuple[str, str, int, int, int, int]) -> list[dict[str, Any]]:
    """The flagged decisions of one game, each played on both ways."""
    variant, mover, seed, worlds, samples, hard_samples = job
    rules = preset(variant)
    match = Match(rules, seed)
    bots = bots_for(rules, mover, seed, hard_samples)
    play_match(match, bots, [BotStats("a"), BotStats("b")])
    out = []
    for p in positions(match, [0]):
        rating: Rating = rate(p, samples)
        if rating.verdict not in COSTLY:
            continue
        hand = match.rounds[p.round].hands[p.table]
        diffs = []
        for w in range(worlds):
            values = []
            for move in (rating.best, rating.made):
                rng = random.Random(f"{seed}:{p.hand}:{p.move}:{w}")
                fresh = bots_for(rules, mover, seed, hard_samples)
                values.append(played(hand, p.move, move, fresh, p.view, rng))
            diffs.append(values[0] - values[1])
        mean = sum(diffs) / len(diffs)
        var = sum((d - mean) ** 2 for d in diffs) / max(1, len(diffs) - 1)
        out.append(
            {
                "variant": variant,
                "mover": mover,
                "seed": seed,
                "hand": p.hand,
                "move": p.move,
                "kind": kind(p.view, rating.made, rating.best),
                "verdict": rating.verdict.value,
                "stated": rating.loss,
                "error": rating.error,
                "played": mean,
                "played_error": (var / len(diffs)) ** 0.5,
                "made": str(rating.made),
                "best": str(rating.best),
            }
        )
    return out


def row(name: str, found: Sequence[dict[str, Any]]) -> str:
    n = len(found)
    stated = sum(c["stated"] for c in found) / max(1, n)
    seen = sum(c["played"] for c in found) / max(1, n)
    better = sum(1 for c in found if c["played"] > 0)
    share = f"{100 * better / n:.0f}%" if n else "–"
    return f"| {name} | {n} | {stated:.1f} | {seen:+.1f} | {share} |"


def report(found: Sequence[dict[str, Any]]) -> None:
    print("| verdict | cases | stated loss | loss in play | better in play |")
    print("|---|---|---|---|---|")
    for verdict in VERDICTS:
        print(row(verdict, [c for c in found if c["verdict"] == verdict]))
    print("\n| verdict, kind | cases | stated loss | loss in play | better in play |")
    print("|---|---|---|---|---|")
    kinds = sorted({c["kind"] for c in found})
    for verdict in VERDICTS:
        for k in kinds:
            part = [c for c in found if c["verdict"] == verdict and c["kind"] == k]
            if part:
                print(row(f"{verdict}, {k}", part))
    print("\n| variant | cases | stated loss | loss in play | better in play |")
    print("|---|---|---|---|---|")
    for variant in sorted({c["variant"] for c in found}):
        print(row(variant, [c for c in found if c["variant"] == variant]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="games a variant and mover")
    parser.add_argument("--seed", type=int, default=9001, help="the first game's seed")
    parser.add_argument("--jobs", type=int, default=1, help="processes")
    parser.add_argument("--movers", default="casual,camper,normal")
    parser.add_argument("--variants", default="gin,oklahoma,fosdick,sequence,skarney,colonel")
    parser.add_argument("--worlds", type=int, default=16, help="worlds each flagged case plays")
    parser.add_argument("--samples", type=int, default=32, help="the review's worlds")
    parser.add_argument("--hard-samples", type=int, default=8, help="hard's worlds a decision")
    parser.add_argument("--out", help="append every case here, a JSON line each")
    parser.add_argument("--read", help="report the cases of these files (comma-separated)")
    args = parser.parse_args()
    if args.read:
        found = []
        for name in args.read.split(","):
            with open(name) as f:
                found += [json.loads(text) for text in f if text.strip()]
        report(found)
        return
    jobs = [
        (variant, mover, args.seed + g, args.worlds, args.samples, args.hard_samples)
        for g in range(args.games)
        for variant in args.variants.split(",")
        for mover in args.movers.split(",")
    ]
    found: list[dict[str, Any]] = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for part in pool.map(cases, jobs):
            found += part
            if args.out:
                with open(args.out, "a") as f:
                    for case in part:
                        f.write(json.dumps(case) + "\n")
    print(
        f"{args.movers} against hard ({args.variants}), seeds {args.seed}+{args.games}, "
        f"review at {args.samples} worlds, {args.worlds} worlds a case: {len(found)} flagged\n"
    )
    report(found)


if __name__ == "__main__":
    main()
