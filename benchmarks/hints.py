"""How long a hint takes (issue 49, item 7): the table's hint, every variant.

    python benchmarks/hints.py                  # every preset, 3 hands each
    python benchmarks/hints.py --variants gin,skarney --hands 6

Hands of two ``normal`` bots from fixed seeds; at every position where
the player to move has more than one legal move, the hint the table shows
(``hint(..., first_only=True)``, the judge's best with its reason, judged
against a ``hard`` computer) is timed in this one process. It prints, per
variant, the positions timed and the median, p95 and slowest hint. The
goal: p95 under 250 ms on a shared 2-core machine.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ginrummies.ai import make_bot
from ginrummies.ai.hints import hint
from ginrummies.core import PRESETS, Hand, Level, preset


def times(variant: str, hands: int, seed: int) -> list[float]:
    rules = preset(variant)
    out = []
    for n in range(hands):
        hand = Hand.deal(rules, n % 2, seed=seed + n)
        bots = [make_bot("normal", rules, seed + n), make_bot("normal", rules, seed + n + 1)]
        while not hand.is_over:
            player = hand.to_move
            assert player is not None
            view = hand.view(player)
            legal = hand.legal_actions()
            if len(legal) > 1:
                start = time.perf_counter()
                hint(view, legal, opponent=Level.HARD, first_only=True)
                out.append(time.perf_counter() - start)
            hand.apply(bots[player].choose(view, legal))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variants", default=",".join(sorted(PRESETS)))
    parser.add_argument("--hands", type=int, default=3, help="hands a variant")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print("| variant | hints | median | p95 | slowest |")
    print("|---|---|---|---|---|")
    for variant in args.variants.split(","):
        found = sorted(times(variant, args.hands, args.seed))
        p95 = found[min(len(found) - 1, int(0.95 * len(found)))]
        print(
            f"| {variant} | {len(found)} | {1000 * statistics.median(found):.0f} ms "
            f"| {1000 * p95:.0f} ms | {1000 * found[-1]:.0f} ms |"
        )


if __name__ == "__main__":
    main()
