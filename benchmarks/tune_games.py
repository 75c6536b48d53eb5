"""Games won by a Gin-family bot, with changed weights, against another.

    python benchmarks/tune_games.py '{"endgame_risk": 0.5}' --games 500

Whole games under the ``eaai`` preset (to 100), every deal played twice with
the seats swapped, spread over the machine's cores. Prints the share of
games won with its 95% interval: the figure docs/strength.md reports, for
weights that act on the game score (``tune_ginbot.py`` measures single
hands, which is quicker but blind to the score).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tune_ginbot import build

from ginrummies.ai import make_bot
from ginrummies.ai.arena import BotStats, play_game, wilson
from ginrummies.core import preset


def chunk(job: tuple[str, dict[str, Any], str, str, int, int, int]) -> tuple[int, int]:
    name, weights, opponent, rules_name, seed, start, count = job
    rules = preset(rules_name)
    won = played = 0
    for g in range(start, start + count):
        game_seed = seed * 1_000_003 + g
        for me in (0, 1):
            tuned = build(name, weights, rules_name, game_seed)
            other = make_bot(opponent, rules, game_seed + 7919)
            bots = (tuned, other) if me == 0 else (other, tuned)
            stats = (BotStats("a"), BotStats("b"))
            game = play_game(rules, bots, stats, game_seed, g % 2)
            assert game.result is not None
            won += game.result.winner == me
            played += 1
    return won, played


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("weights", nargs="?", default="{}", help="JSON: attribute -> value")
    parser.add_argument("--bot", default="normal")
    parser.add_argument("--opponent", default="eaai-simple")
    parser.add_argument("--rules", default="eaai")
    parser.add_argument("--games", type=int, default=500, help="deals (each played twice)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    weights = json.loads(args.weights)
    size = max(1, args.games // (args.workers * 4))
    jobs = [
        (args.bot, weights, args.opponent, args.rules, args.seed, s, min(size, args.games - s))
        for s in range(0, args.games, size)
    ]
    with ProcessPoolExecutor(args.workers) as pool:
        results = list(pool.map(chunk, jobs))
    won = sum(w for w, _ in results)
    played = sum(p for _, p in results)
    low, high = wilson(won, played)
    print(
        f"{args.bot} {weights} vs {args.opponent} ({args.rules}): "
        f"{won}/{played} games = {won / played:.1%} ({low:.1%}-{high:.1%})"
    )


if __name__ == "__main__":
    main()
