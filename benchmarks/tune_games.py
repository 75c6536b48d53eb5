"""Games won by a Gin-family bot, with changed weights, against another.

    python benchmarks/tune_games.py '{"endgame_risk": 0.5}' --games 500

Whole games under the ``eaai`` preset (to 100), every deal played twice with
the seats swapped, spread over the machine's cores. Prints the share of
games won with its 95% interval: the figure docs/strength.md reports, for
weights that act on the game score (``tune_ginbot.py`` measures single
hands, which is quicker but blind to the score).

``--peek`` measures a ceiling, not a player: ``hard`` whose sampled worlds
hold the opponent's real hand (the stock order it still guesses), to see
what better guesses at that hand could gain.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tune_ginbot import with_weights

from ginrummies.ai import SIM_SAMPLES, make_bot
from ginrummies.ai.arena import BotStats, play_on, wilson
from ginrummies.ai.reading import Read
from ginrummies.ai.search import HardGinBot, World
from ginrummies.ai.tracking import Memory
from ginrummies.core import Game, PlayerView, preset
from ginrummies.core.cards import from_mask, to_mask


class PeekingHard(HardGinBot):
    """``hard`` that sees the opponent's hand in ``game``: a benchmark only."""

    game: Game

    def _world(self, view: PlayerView, memory: Memory, rng: random.Random, the_read: Read) -> World:
        opp = to_mask(self.game.view(1 - view.player).hand)
        pool = from_mask(memory.unseen & ~opp)
        rng.shuffle(pool)
        return World(opp, tuple(c.bit for c in pool[: view.stock_size]))


def chunk(
    job: tuple[str, dict[str, Any], str, str, int, int, int, bool, int],
) -> tuple[int, int]:
    name, weights, opponent, rules_name, seed, start, count, peek, samples = job
    rules = preset(rules_name)
    won = played = 0
    for g in range(start, start + count):
        game_seed = seed * 1_000_003 + g
        for me in (0, 1):
            game = Game(rules, game_seed, first_dealer=g % 2)
            if peek:
                peeker = PeekingHard(rules, game_seed)
                peeker.game = game
                peeker.samples = samples
                tuned = with_weights(peeker, weights)
            else:
                bot = make_bot(name, rules, game_seed, samples=samples)
                tuned = with_weights(bot, weights)
            other = make_bot(opponent, rules, game_seed + 7919, samples=samples)
            bots = (tuned, other) if me == 0 else (other, tuned)
            play_on(game, bots, (BotStats("a"), BotStats("b")))
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
    parser.add_argument("--peek", action="store_true", help="hard sees the opponent's hand")
    parser.add_argument(
        "--samples", type=int, default=SIM_SAMPLES, help="worlds a searching bot weighs a move on"
    )
    args = parser.parse_args()
    if args.peek and args.bot != "hard":
        parser.error("--peek goes with --bot hard")
    weights = json.loads(args.weights)
    size = max(1, args.games // (args.workers * 4))
    jobs = [
        (
            args.bot,
            weights,
            args.opponent,
            args.rules,
            args.seed,
            s,
            min(size, args.games - s),
            args.peek,
            args.samples,
        )
        for s in range(0, args.games, size)
    ]
    with ProcessPoolExecutor(args.workers) as pool:
        results = list(pool.map(chunk, jobs))
    won = sum(w for w, _ in results)
    played = sum(p for _, p in results)
    low, high = wilson(won, played)
    print(
        f"{args.bot}{' (peeking)' if args.peek else ''} {weights} vs {args.opponent} "
        f"({args.rules}): {won}/{played} games = {won / played:.1%} ({low:.1%}-{high:.1%})"
    )


if __name__ == "__main__":
    main()
