"""How far better guessing could take ``hard``: a ``hard`` that sees the opponent's hand.

    python benchmarks/ceiling.py --games 100

Not a player anyone meets: it peeks at the opponent's cards (the stock
order stays unknown to it, drawn at random as usual) to measure the
ceiling of ``hard``'s search if its guesses at the opponent's hand were
perfect. Whole games under the ``eaai`` preset against eaai-simple, every
deal played twice with the seats swapped, over both cores. The figure is in
docs/strength.md.
"""

from __future__ import annotations

import argparse
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ginrummies.ai import make_bot
from ginrummies.ai.arena import wilson
from ginrummies.ai.search import HardGinBot, World
from ginrummies.ai.tracking import Memory, cards
from ginrummies.core import Game, PlayerView, preset
from ginrummies.core.cards import to_mask


class PeekingHard(HardGinBot):
    """``hard`` whose sampled worlds hold the opponent's real hand."""

    game: Game

    def _world(self, view: PlayerView, memory: Memory, rng: random.Random) -> World:
        opp = to_mask(self.game.view(1 - view.player).hand)
        pool = cards(memory.unseen & ~opp)
        rng.shuffle(pool)
        return World(opp, tuple(c.bit for c in pool[: view.stock_size]))


def chunk(job: tuple[int, int, int, float]) -> tuple[int, int]:
    seed, start, count, budget = job
    rules = preset("eaai")
    won = played = 0
    for g in range(start, start + count):
        game_seed = seed * 1_000_003 + g
        for me in (0, 1):
            peeker = PeekingHard(rules, game_seed)
            peeker.budget = budget
            other = make_bot("eaai-simple", rules, game_seed + 7919)
            bots = (peeker, other) if me == 0 else (other, peeker)
            game = Game(rules, game_seed, first_dealer=g % 2)
            peeker.game = game
            while True:
                hand = game.hand
                while not hand.is_over:
                    seat = hand.to_move
                    assert seat is not None
                    view = game.view(seat)
                    game.apply(bots[seat].choose(view, view.legal_actions))
                if game.is_over:
                    break
                game.next_hand()
            assert game.result is not None
            won += game.result.winner == me
            played += 1
    return won, played


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100, help="deals (each played twice)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--budget", type=float, default=0.03, help="seconds a decision")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    per = -(-args.games // args.workers)
    jobs = [
        (args.seed, s, min(per, args.games - s), args.budget) for s in range(0, args.games, per)
    ]
    with ProcessPoolExecutor(args.workers) as pool:
        results = list(pool.map(chunk, jobs))
    won = sum(w for w, _ in results)
    played = sum(p for _, p in results)
    low, high = wilson(won, played)
    print(
        f"hard seeing the opponent's hand vs eaai-simple (eaai): "
        f"{won}/{played} games = {won / played:.1%} ({low:.1%}-{high:.1%})"
    )


if __name__ == "__main__":
    main()
