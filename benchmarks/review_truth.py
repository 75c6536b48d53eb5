"""Do the review's verdicts hold up in play? (issue 49, item 2)

    python benchmarks/review_truth.py --games 20 --jobs 2 --out cases.jsonl
    python benchmarks/review_truth.py --read cases.jsonl

A run with ``--out`` goes on where it stopped: each game done is marked in
the file and skipped when the same command runs again. The verdicts are
the judge's own (those of a kind the review leaves "not rated" too).

Games of ``casual``, ``camper`` and ``normal`` against ``hard``, from
seeds held out from any tuning (``--seed``, 9001 by default: every tuning
of the judge used seeds below 1000), each to its target. The review rates
the first player's decisions as a person's; every decision it flags (an
inaccuracy, a mistake or a blunder) is then played on from the position
twice, once with the move made and once with the judge's best, by the
real players (the game's own bots, ``hard`` at ``--hard-samples`` worlds
a decision), to the end of the hand, in ``--worlds`` worlds. A world is
drawn from the mover's view: the cards the mover cannot see (the other
hand's hidden ones and the stock's) dealt again as the judge guesses them
(``world_deck``), so a case is judged over the hands the other player
might hold, as the judge prices it, not over the one hand they held (a
hand dealt at random, not built by a player, would favour every early
knock); both branches play the same world with the same random numbers.
What is tested is the rest of the judge: its playouts against the real
players, and its number of worlds. The mover's
points in the hand (won less lost) are averaged over the worlds.

It prints, per verdict and per kind of decision (``review.decision_kind``:
draw or take, discard, knock where playing on was made, play on where a
knock was made, gin, Skarney's answer to an offer, offer, laying melds or
holding them, Colonel's challenge): the cases, the loss the review
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
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ginrummies.ai import Bot, make_bot
from ginrummies.ai.arena import BotStats, play_match
from ginrummies.ai.judge import Pricer
from ginrummies.ai.reading import read
from ginrummies.ai.review import COSTLY, THRESHOLDS, Rating, positions, rate
from ginrummies.ai.tracking import remember
from ginrummies.core import (
    Action,
    Family,
    Hand,
    Match,
    PlayerView,
    from_mask,
    preset,
    replay,
)

VERDICTS = ("inaccuracy", "mistake", "blunder")
SAME = 0.05  # points: a case whose two moves did as well in play (the same hands, often)


def bots_for(rules: Any, mover: str, seed: int, hard_samples: int) -> list[Bot]:
    return [
        make_bot(mover, rules, seed),
        make_bot("hard", rules, seed + 1, samples=hard_samples),
    ]


def hidden(hand: Hand, upto: int, view: PlayerView) -> tuple[list[int], int]:
    """Where in the deck lie the cards the mover cannot see at move
    ``upto``: the other player's hidden cards, then the stock's (how many
    the stock holds, second)."""
    actions = [a for _, a in hand.log[:upto]]
    fresh = replay(hand.rules, hand.dealer, hand.deck, actions)
    theirs = set(fresh.cards_of(1 - view.player)) - set(view.known_opponent_cards)
    n = fresh.stock_size
    spots = [i for i, card in enumerate(hand.deck) if card in theirs]
    return spots + list(range(len(hand.deck) - n, len(hand.deck))), n


def world_deck(hand: Hand, upto: int, view: PlayerView, rng: random.Random) -> list[Any]:
    """The deal with the cards the mover cannot see dealt again as the
    judge guesses them from the mover's view: in the Gin family by its
    read of the other hand (``Pricer._world``: the hands their plays
    make likely), in Skarney and Colonel at random among the unseen
    cards, as the judge deals them there. No move before ``upto`` names
    one of those cards, so the same moves replay to the same view."""
    deck = list(hand.deck)
    spots, n = hidden(hand, upto, view)
    cards = [deck[i] for i in spots]
    if view.rules.family is Family.GIN:
        pricer = Pricer(view.rules, 0)
        world = pricer._world(view, remember(view), rng, read(view, pricer._solver))
        known = {c.bit for c in view.known_opponent_cards}
        theirs = [c for c in from_mask(world.opp) if c.bit not in known]
        stock = [from_mask(b)[0] for b in world.stock]
        cards = theirs + stock
        assert len(cards) == len(spots) and len(stock) == n, "the judge's world does not fit"
    else:
        rng.shuffle(cards)
    for i, card in zip(spots, cards, strict=True):
        deck[i] = card
    return deck


def played(
    hand: Hand, upto: int, first: Action, bots: Sequence[Bot], view: PlayerView, rng: random.Random
) -> float:
    """The mover's points in the hand played on from move ``upto`` with
    ``first``, in a world drawn by ``rng`` from the mover's view
    (``world_deck``)."""
    actions = [a for _, a in hand.log[:upto]]
    branch = replay(hand.rules, hand.dealer, world_deck(hand, upto, view, rng), actions)
    mover = view.player
    again = branch.view(mover)
    assert (again.hand, again.discard_pile) == (view.hand, view.discard_pile), "not the view"
    branch.apply(first)
    while not branch.is_over:
        p = branch.to_move
        assert p is not None
        seen = dataclasses.replace(branch.view(p), game=view.game)
        branch.apply(bots[0 if p == mover else 1].choose(seen, seen.legal_actions))
    result = branch.result
    assert result is not None
    return float(result.points[mover] - result.points[1 - mover])


def spread(diffs: Sequence[float]) -> float:
    """The standard error of the mean of ``diffs`` (infinite below two)."""
    n = len(diffs)
    if n < 2:
        return float("inf")
    mean = sum(diffs) / n
    return float((sum((d - mean) ** 2 for d in diffs) / (n - 1) / n) ** 0.5)


def cases(job: tuple[str, str, int, int, int, int, int]) -> list[dict[str, Any]]:
    """The flagged decisions of one game, each played on both ways: in
    ``worlds`` worlds, and more, 16 at a time up to ``most``, until the
    standard error of the difference seen is under a third of the stated
    loss (so a verdict that is right shows as better in play)."""
    variant, mover, seed, worlds, most, samples, hard_samples = job
    rules = preset(variant)
    match = Match(rules, seed)
    bots = bots_for(rules, mover, seed, hard_samples)
    play_match(match, bots, [BotStats("a"), BotStats("b")])
    out = []
    for p in positions(match, [0]):
        rating: Rating = rate(p, samples)
        # the judge's own verdict, also for a kind the review leaves unrated
        verdict = THRESHOLDS.verdict(rating.loss, rating.made == rating.best, rating.error)
        if verdict not in COSTLY:
            continue
        hand = match.rounds[p.round].hands[p.table]
        diffs: list[float] = []
        while len(diffs) < worlds or (len(diffs) < most and spread(diffs) > rating.loss / 3):
            w = len(diffs)
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
                "kind": rating.kind,
                "verdict": verdict.value,
                "stated": rating.loss,
                "error": rating.error,
                "played": mean,
                "played_error": (var / len(diffs)) ** 0.5,
                "worlds": len(diffs),
                "made": str(rating.made),
                "best": str(rating.best),
            }
        )
    return out


def read_lines(name: str) -> list[dict[str, Any]]:
    """The JSON lines of a run: its cases, and a ``game`` line for each game done."""
    with open(name) as f:
        lines = [json.loads(text) for text in f if text.strip()]
    for r in lines:
        # runs before the review told "play on" from "knock" called both "knock"
        if r.get("kind") == "knock" and not r["best"].startswith("knock"):
            r["kind"] = "play on"
    return lines


def row(name: str, found: Sequence[dict[str, Any]]) -> str:
    """One line of a table: the cases, the stated loss, the loss seen in play
    (± its standard error over the cases), and the share of cases where the
    judge's move did better in play, as well and worse."""
    n = len(found)
    if not n:
        return f"| {name} | 0 | – | – | – | – | – |"
    stated = sum(c["stated"] for c in found) / n
    seen = [c["played"] for c in found]
    mean = sum(seen) / n
    error = (sum((x - mean) ** 2 for x in seen) / max(1, n - 1) / n) ** 0.5
    better = sum(1 for x in seen if x > SAME)
    worse = sum(1 for x in seen if x < -SAME)
    same = n - better - worse
    return (
        f"| {name} | {n} | {stated:.1f} | {mean:+.1f} ± {error:.1f} | "
        f"{100 * better / n:.0f}% | {100 * same / n:.0f}% | {100 * worse / n:.0f}% |"
    )


HEAD = "| cases | stated loss | loss in play | better in play | as well | worse |"
RULE = "|---|---|---|---|---|---|---|"


def report(found: Sequence[dict[str, Any]]) -> None:
    print(f"| verdict {HEAD}\n{RULE}")
    for verdict in VERDICTS:
        print(row(verdict, [c for c in found if c["verdict"] == verdict]))
    print(f"\n| verdict, kind {HEAD}\n{RULE}")
    kinds = sorted({c["kind"] for c in found})
    for verdict in VERDICTS:
        for k in kinds:
            part = [c for c in found if c["verdict"] == verdict and c["kind"] == k]
            if part:
                print(row(f"{verdict}, {k}", part))
    print(f"\n| variant {HEAD}\n{RULE}")
    for variant in sorted({c["variant"] for c in found}):
        print(row(variant, [c for c in found if c["variant"] == variant]))
    # the three movers' games of one seed share their first decisions: once each
    once = list(
        {(c["variant"], c["seed"], c["hand"], c["move"], c["made"]): c for c in found}.values()
    )
    print(f"\n| kind, each position once {HEAD}\n{RULE}")
    for k in sorted({c["kind"] for c in once}):
        print(row(k, [c for c in once if c["kind"] == k]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="games a variant and mover")
    parser.add_argument("--seed", type=int, default=9001, help="the first game's seed")
    parser.add_argument("--jobs", type=int, default=1, help="processes")
    parser.add_argument("--movers", default="casual,camper,normal")
    parser.add_argument("--variants", default="gin,oklahoma,fosdick,sequence,skarney,colonel")
    parser.add_argument("--worlds", type=int, default=16, help="worlds each flagged case plays")
    parser.add_argument(
        "--most", type=int, default=128, help="worlds a case plays at most, to resolve its margin"
    )
    parser.add_argument("--samples", type=int, default=32, help="the review's worlds")
    parser.add_argument("--hard-samples", type=int, default=8, help="hard's worlds a decision")
    parser.add_argument("--out", help="append every case here, a JSON line each")
    parser.add_argument("--read", help="report the cases of these files (comma-separated)")
    args = parser.parse_args()
    if args.read:
        found = [r for name in args.read.split(",") for r in read_lines(name) if "game" not in r]
        games = sum(1 for name in args.read.split(",") for r in read_lines(name) if "game" in r)
        print(f"{games} games, {len(found)} flagged decisions\n")
        report(found)
        return
    jobs = [
        (variant, mover, args.seed + g, args.worlds, args.most, args.samples, args.hard_samples)
        for g in range(args.games)
        for variant in args.variants.split(",")
        for mover in args.movers.split(",")
    ]
    if args.out and Path(args.out).exists():
        # a run goes on where it stopped: the games already played are skipped
        done = {tuple(r["game"]) for r in read_lines(args.out) if "game" in r}
        jobs = [job for job in jobs if job[:3] not in done]
    found: list[dict[str, Any]] = []
    with ProcessPoolExecutor(args.jobs) as pool:
        # as each game ends, not in order: one long Skarney game holds back no other
        part_job = {pool.submit(cases, job): job[:3] for job in jobs}
        for done_future in as_completed(part_job):
            part = done_future.result()
            found += part
            if args.out:
                with open(args.out, "a") as f:
                    for case in part:
                        f.write(json.dumps(case) + "\n")
                    f.write(json.dumps({"game": list(part_job[done_future])}) + "\n")
    print(
        f"{args.movers} against hard ({args.variants}), seeds {args.seed}+{args.games}, "
        f"review at {args.samples} worlds, {args.worlds} worlds a case: {len(found)} flagged\n"
    )
    report(found)


if __name__ == "__main__":
    main()
