"""Does the review price a knock against playing on truly? (issue 34)

    python benchmarks/review_truth.py --games 40 --jobs 2
    python benchmarks/review_truth.py --seed 2 --rules oklahoma --out cases.jsonl

Bot games (``--bot``, ``normal`` by default, against each of
``--opponents``), whole games to the target from fixed seeds. At every
position where the mover could knock without gin, the best knock and the
best way to play on (a discard) among the review's candidates
(``review_prices.gin_candidates``) are priced twice, by the same playouts
and the same seed:

- *view*: as the review prices them (``review_prices.gin_prices``), in
  worlds guessed from the mover's view (``reading.develop``), with the
  review's correction of knocks (``KNOCK_SHIFT``; none with ``--raw``);
- *peeked*: in worlds holding the real hidden cards, the other hand and the
  stock's order (the other player's style still drawn as the view reads
  it), uncorrected: the truth the view's price should match on average.

It prints, by buckets of the view's difference (knock less playing on), the
mean view difference against the mean peeked difference, with counts; and
the other hand's deadwood, guessed (the mean over the worlds) against real.
``--out`` writes every case as a line of JSON (for fitting a correction),
``--read`` reports such a file again. The cases' ``count`` is the lowest
knock's.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ginrummies.ai import make_bot, review_prices
from ginrummies.ai.arena import BotStats, play_match
from ginrummies.ai.reading import Read
from ginrummies.ai.review import SAMPLES, positions
from ginrummies.ai.review_prices import Price, _Pricer, gin_prices
from ginrummies.ai.search import World
from ginrummies.ai.tracking import Memory, remember, turns_of
from ginrummies.core import Discard, Game, Hand, Knock, PlayerView, preset, solver_for, to_mask

COUNTS = ((0, 3), (4, 9), (10, 99))  # the knock's count, as KNOCK_SHIFT goes
KEYS = ("view", "peek", "guessed", "real")
BUCKETS = (-40.0, -20.0, -10.0, -5.0, 0.0, 5.0, 10.0, 20.0)  # edges of the view's difference


class Peeking(_Pricer):
    """The review's pricer whose worlds hold the real hidden cards."""

    opp: int = 0
    stock: tuple[int, ...] = ()

    def _world(self, view: PlayerView, memory: Memory, rng: random.Random, the_read: Read) -> World:
        eager = rng.random() < the_read.eager
        return World(self.opp, self.stock, eager)


class Guessing(_Pricer):
    """The review's pricer, noting the other hands it guessed."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.guessed: list[int] = []

    def _world(self, view: PlayerView, memory: Memory, rng: random.Random, the_read: Read) -> World:
        world = super()._world(view, memory, rng, the_read)
        self.guessed.append(world.opp)
        return world


def hidden(game: Game) -> dict[tuple[int, int], tuple[int, tuple[int, ...]]]:
    """For every move of every hand: the other hand and the stock's order then."""
    out: dict[tuple[int, int], tuple[int, tuple[int, ...]]] = {}
    for number, hand in enumerate(game.hands):
        fresh = Hand.deal(hand.rules, hand.dealer, deck=hand.deck)
        for i, (player, action) in enumerate(hand.log):
            opp = to_mask(fresh.cards_of(1 - player))
            out[number, i] = (opp, tuple(c.bit for c in fresh._stock))
            fresh.apply(action)
    return out


def worth(price: Price) -> float:
    return price.value or 0.0


def cases(job: tuple[str, str, str, int, int, bool]) -> list[dict[str, Any]]:
    """The knock positions of one game, each priced from the view and peeked."""
    bot, opponent, rules_name, seed, samples, raw = job
    if raw:  # the review's prices before the correction of knocks
        review_prices.KNOCK_SHIFT.clear()
    rules = preset(rules_name)
    game = Game(rules, seed, first_dealer=seed % 2)
    bots = [make_bot(bot, rules, seed, samples=16), make_bot(opponent, rules, seed + 1, samples=16)]
    play_match(game, bots, [BotStats("a"), BotStats("b")])
    truth = hidden(game)
    solver = solver_for(rules)
    found = []
    for p in positions(game, (0, 1)):
        view = p.view
        knocks = [a for a in view.legal_actions if isinstance(a, Knock)]
        if not knocks or any(not k.deadwood(view.hand, rules) for k in knocks):
            continue  # no knock, or gin
        memory = remember(view)
        guess = Guessing(rules, 0)
        prices, _ = gin_prices(view, p.made, samples, p.key, guess)
        # the knock and the discard the view prefers, then those two peeked
        # (not the best peeked: the best of several known futures flatters)
        knock = max((q for q in prices if isinstance(q.action, Knock)), key=worth, default=None)
        on = max((q for q in prices if isinstance(q.action, Discard)), key=worth, default=None)
        if knock is None or on is None:
            continue
        peek = Peeking(rules, 0)
        peek.samples = samples
        peek.opp, peek.stock = truth[p.hand, p.move]
        pair = [knock.action, on.action]
        values = peek.weigh(view, memory, pair, random.Random(f"review:{p.key}"), 0.0)
        peek_knock, peek_on = (sum(v) / len(v) for v in values)
        guessed = [solver.deadwood(h) for h in guess.guessed]
        found.append(
            {
                "rules": rules_name,
                "opponent": opponent if p.seat == 0 else bot,
                "seed": seed,
                "view": worth(knock) - worth(on),
                "peek": peek_knock - peek_on,
                "guessed": sum(guessed) / len(guessed),
                "real": solver.deadwood(peek.opp),
                "turns": turns_of(view.history, 1 - view.player),
                "count": min(k.deadwood(view.hand, rules) for k in knocks),
                "stock": view.stock_size,
            }
        )
    return found


def bucket(diff: float) -> int:
    return sum(1 for edge in BUCKETS if diff > edge)


def label(i: int) -> str:
    if i == 0:
        return f"≤ {BUCKETS[0]:+.0f}"
    if i == len(BUCKETS):
        return f"> {BUCKETS[-1]:+.0f}"
    return f"{BUCKETS[i - 1]:+.0f} to {BUCKETS[i]:+.0f}"


def line(name: str, row: Sequence[dict[str, Any]]) -> str:
    n = max(1, len(row))
    view, peek, guessed, real = (sum(c[k] for c in row) / n for k in KEYS)
    return (
        f"| {name} | {len(row)} | {view:+.1f} | {peek:+.1f} | {peek - view:+.1f} "
        f"| {guessed:.1f} | {real:.1f} |"
    )


def report(found: Sequence[dict[str, Any]]) -> None:
    print(
        "| view's knock − play on | cases | view | peeked | peeked − view | other hand: guessed "
        "| real |"
    )
    print("|---|---|---|---|---|---|---|")
    rows: dict[int, list[dict[str, Any]]] = {}
    for case in found:
        rows.setdefault(bucket(case["view"]), []).append(case)
    for i in sorted(rows):
        print(line(label(i), rows[i]))
    print(line("all", found))
    print(
        "\n| knock's count | cases | view | peeked | peeked − view | other hand: guessed | real |"
    )
    print("|---|---|---|---|---|---|---|")
    for low, high in COUNTS:
        row = [c for c in found if low <= c["count"] <= high]
        print(line(f"{low}–{high}" if high < 99 else f"{low}+", row))
    # the choice itself: how often the view's side (knock or play on) is the peeked one
    agree = sum(1 for c in found if (c["view"] > 0) == (c["peek"] > 0))
    knock_wrong = sum(1 for c in found if c["view"] <= 0 < c["peek"])
    on_wrong = sum(1 for c in found if c["peek"] <= 0 < c["view"])
    print(
        f"\nthe view's choice agrees with the peeked one in {agree}/{len(found)}; "
        f"play on wrongly {knock_wrong}, knock wrongly {on_wrong}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games a variant and opponent")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--jobs", type=int, default=1, help="processes")
    parser.add_argument("--bot", default="normal")
    parser.add_argument("--opponents", default="easy,normal,hard,camper,casual")
    parser.add_argument("--rules", default="gin,oklahoma", help="presets, comma-separated")
    parser.add_argument("--samples", type=int, default=SAMPLES, help="worlds a price")
    parser.add_argument("--raw", action="store_true", help="no KNOCK_SHIFT: prices before it")
    parser.add_argument("--out", help="write every case here, a JSON line each")
    parser.add_argument("--read", help="report the cases --out wrote, playing nothing")
    args = parser.parse_args()
    if args.read:
        with open(args.read) as f:
            report([json.loads(text) for text in f])
        return
    jobs = [
        (args.bot, opponent, rules, args.seed * 1000 + g, args.samples, args.raw)
        for rules in args.rules.split(",")
        for opponent in args.opponents.split(",")
        for g in range(args.games)
    ]
    with ProcessPoolExecutor(args.jobs) as pool:
        found = [c for part in pool.map(cases, jobs) for c in part]
    if args.out:
        with open(args.out, "w") as f:
            for case in found:
                f.write(json.dumps(case) + "\n")
    print(
        f"{args.bot} v {args.opponents} ({args.rules}), seeds {args.seed * 1000}+{args.games}, "
        f"{args.samples} worlds{', raw' if args.raw else ''}: "
        f"{len(found)} positions with a knock (not gin)\n"
    )
    report(found)


if __name__ == "__main__":
    main()
