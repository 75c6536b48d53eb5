"""Points per hand of a Gin-family bot, with changed weights, against another.

    python benchmarks/tune_ginbot.py '{"knock_next_weight": 15}' --deals 2000

Each deal is played twice (seats swapped) as a single hand; the figure is
the mean points a hand for the tuned bot minus its opponent's, with its
standard error. Used to set ``GinBot``'s weights (docs/strength.md).

``--reveal`` measures a ceiling, not a player: ``normal`` told which of its
discards the opponent would meld (``feeds``: a penalty of 8 deadwood points
on those, in place of its danger guess), which unseen cards are in the
stock (``stock``), or both.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ginrummies.ai import Bot, make_bot
from ginrummies.ai.ginbot import GinBot, in_any_meld
from ginrummies.ai.tracking import Memory
from ginrummies.core import Discard, Game, PlayerView, preset
from ginrummies.core.cards import to_mask


class Revealed(GinBot):
    """``normal`` that is told some of the hidden cards in ``game``: a benchmark only."""

    game: Game
    reveal: str = ""

    def _opponent(self, view: PlayerView) -> int:
        return to_mask(self.game.view(1 - view.player).hand)

    def draw_pool(self, view: PlayerView, memory: Memory, action: Discard) -> int:
        pool = super().draw_pool(view, memory, action)
        return pool & ~self._opponent(view) if self.reveal in ("stock", "both") else pool

    def feed_risk(self, view: PlayerView, memory: Memory, action: Discard) -> float:
        if self.reveal in ("feeds", "both"):
            return 8.0 * in_any_meld(self.rules, self._opponent(view), action.card.bit)
        return super().feed_risk(view, memory, action)


def build(name: str, weights: dict[str, Any], rules_name: str, seed: int, reveal: str) -> Bot:
    if reveal:
        bot = Revealed(preset(rules_name), seed)
        bot.reveal = reveal
        return with_weights(bot, weights)
    return with_weights(make_bot(name, preset(rules_name), seed), weights)


def with_weights(bot: Bot, weights: dict[str, Any]) -> Bot:
    """``bot`` with the given attributes changed; an unknown one stops the run."""
    for key, value in weights.items():
        *path, last = key.split(".")  # "search.offers": an attribute of a part
        part: Any = bot
        for name in path:
            part = getattr(part, name, None)
        if part is None or not hasattr(part, last):
            raise SystemExit(f"{bot.name} has no weight {key!r}")
        setattr(part, last, value)
    return bot


def chunk(job: tuple[str, dict[str, Any], str, str, int, int, str]) -> tuple[list[int], int]:
    name, weights, opponent, rules_name, start, count, reveal = job
    rules = preset(rules_name)
    diffs, wins = [], 0
    for deal in range(start, start + count):
        for me in (0, 1):
            tuned = build(name, weights, rules_name, deal, reveal)
            other = make_bot(opponent, rules, deal + 7919)
            bots = (tuned, other) if me == 0 else (other, tuned)
            game = Game(rules, deal, first_dealer=deal % 2)
            if isinstance(tuned, Revealed):
                tuned.game = game
            hand = game.hand
            while not hand.is_over:
                seat = hand.to_move
                assert seat is not None
                view = game.view(seat)
                game.apply(bots[seat].choose(view, view.legal_actions))
            result = hand.result
            assert result is not None
            diffs.append(result.points[me] - result.points[1 - me])
            wins += result.winner == me
    return diffs, wins


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("weights", nargs="?", default="{}", help="JSON: attribute -> value")
    parser.add_argument("--bot", default="normal")
    parser.add_argument("--against", default="eaai-simple")
    parser.add_argument("--rules", default="eaai")
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=100000, help="first deal")
    parser.add_argument("--reveal", choices=("feeds", "stock", "both"), default="")
    args = parser.parse_args()
    if args.reveal and args.bot != "normal":
        parser.error("--reveal goes with --bot normal")
    weights = json.loads(args.weights)
    per = args.deals // args.jobs
    jobs = [
        (args.bot, weights, args.against, args.rules, args.seed + i * per, per, args.reveal)
        for i in range(args.jobs)
    ]
    with ProcessPoolExecutor(args.jobs) as pool:
        parts = list(pool.map(chunk, jobs))
    diffs = [d for p in parts for d in p[0]]
    wins = sum(p[1] for p in parts)
    mean = statistics.mean(diffs)
    error = statistics.stdev(diffs) / len(diffs) ** 0.5
    told = f" told {args.reveal}" if args.reveal else ""
    print(
        f"{args.bot}{told} {json.dumps(weights)} vs {args.against} "
        f"({args.rules}, {len(diffs)} hands): "
        f"{mean:+.2f} ± {error:.2f} points a hand, {wins / len(diffs):.1%} of hands won"
    )


if __name__ == "__main__":
    main()
