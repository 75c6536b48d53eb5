"""How long a game review takes (issue 34): a whole Gin Rummy game to 100.

    python benchmarks/review.py              # seed 1, the person in seat A
    python benchmarks/review.py --seed 5 --everyone
    python benchmarks/review.py --variant colonel

The game is played by two ``normal`` bots from a fixed seed (so it is the
same game on every machine); the review then rates seat A's decisions as
a person's (both seats with ``--everyone``) in this one process, on one
core. It prints the time to the first hand's ratings (what the app shows
first), the time to review the whole game, the decisions rated and the
points lost. The goal: under 10 s for the game, 2 s for the first hand.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ginrummies.ai import make_bot
from ginrummies.ai.arena import BotStats, play_match
from ginrummies.ai.judge import SAMPLES
from ginrummies.ai.review import Options, positions, reviews
from ginrummies.core import Game, preset


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1, help="the game's seed")
    parser.add_argument("--everyone", action="store_true", help="review both seats")
    parser.add_argument("--samples", type=int, default=SAMPLES, help="worlds per decision")
    parser.add_argument("--variant", default="gin", help="a preset (the goal is for gin)")
    args = parser.parse_args()
    rules = preset(args.variant)
    game = Game(rules, args.seed)
    bots = [make_bot("normal", rules, args.seed), make_bot("normal", rules, args.seed + 1)]
    play_match(game, bots, [BotStats("A"), BotStats("B")])
    people = (0, 1) if args.everyone else (0,)
    start = time.perf_counter()
    found = positions(game, people)
    first = None
    rated = 0
    lost = 0.0
    for hand in reviews(found, Options(samples=args.samples)):
        if first is None:
            first = time.perf_counter() - start
        rated += len(hand.ratings)
        lost += sum(r.loss for r in hand.ratings)
    whole = time.perf_counter() - start
    print(
        f"{rules.name} to {rules.target}, seed {args.seed}: {len(game.hands)} hands, "
        f"scores {game.scores[0]}-{game.scores[1]}; seats reviewed: "
        f"{'A and B' if args.everyone else 'A'}; {args.samples} samples a decision"
    )
    print(f"first hand's ratings: {first or 0.0:.2f} s")
    each = 1000 * whole / max(1, rated)
    print(f"whole game: {whole:.2f} s for {rated} decisions ({each:.0f} ms each)")
    print(f"points lost: {lost:.1f}")


if __name__ == "__main__":
    main()
