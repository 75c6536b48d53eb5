"""Would weighing the game change the judge's verdicts where a hand can
decide it? (issue 49, item 5)

    python benchmarks/game_weight.py --games 40 --jobs 2

The judge prices a Gin-family move by the hand's points alone. Near the
target, a hand's result can end the game and bring the game bonus with it,
which the hand's points leave out. This takes the decisions of ``normal``
against ``hard`` (seeds from 9501, held out from any tuning) where either
side is within ``--reach`` points of the target, and prices each move again
from the judge's own worlds with the game weighed: a world whose hand
result takes a side to the target gains (or loses) the game bonus. It
counts the positions where the weighed best move differs from the judge's
(by more than the judge's doubt, two standard errors of the paired
difference), and plays each such position on both ways, to the end of the
hand, with the real players in ``--worlds`` worlds of the real deal (the
stock reshuffled; ``review_truth.played``), scoring each world with the
game weighed. It prints the positions, the changes, and for the changes the
gain the weighing claimed and the gain seen in play.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from review_truth import bots_for, played

from ginrummies.ai.arena import BotStats, play_match
from ginrummies.ai.judge import DOUBT, GAME_REACH, judge, paired_error
from ginrummies.ai.review import positions
from ginrummies.core import Family, Match, PlayerView, preset


def deciding(view: PlayerView, reach: int) -> bool:
    """Whether this hand's result can end the game: a side within ``reach``."""
    game = view.game
    return bool(game.target) and game.target - max(game.scores) <= reach


def weighed(view: PlayerView, value: float) -> float:
    """A hand's points for the player to move, with the game bonus won or
    lost where the result takes a side to the target."""
    mine, theirs = view.game.scores[view.player], view.game.scores[1 - view.player]
    bonus = view.rules.game_bonus
    if value > 0 and mine + value >= view.game.target:
        return value + bonus
    if value < 0 and theirs - value >= view.game.target:
        return value - bonus
    return value


def changes(job: tuple[str, int, int, int, int]) -> list[dict[str, Any]]:
    """The deciding positions of one game; those where weighing the game
    changes the best move are played on both ways."""
    variant, seed, worlds, reach, hard_samples = job
    rules = preset(variant)
    match = Match(rules, seed)
    play_match(match, bots_for(rules, "normal", seed, hard_samples), [BotStats("a"), BotStats("b")])
    out = []
    for p in positions(match, [0]):
        view = p.view
        if not deciding(view, reach) or len(view.legal_actions) < 2:
            continue
        judged = judge(view)
        if not judged.worlds:
            continue
        hand_best = judged.best
        game = {a: [weighed(view, v) for v in vs] for a, vs in judged.worlds.items()}
        mean = {a: sum(vs) / len(vs) for a, vs in game.items()}
        top = max(mean, key=lambda a: mean[a])
        lead = mean[top] - mean[hand_best]
        changed = top != hand_best and lead > DOUBT * paired_error(game[top], game[hand_best])
        case: dict[str, Any] = {"variant": variant, "seed": seed, "changed": changed}
        if changed:
            hand = match.rounds[p.round].hands[p.table]
            diffs = []
            for w in range(worlds):
                values = []
                for move in (top, hand_best):
                    rng = random.Random(f"{seed}:{p.hand}:{p.move}:{w}")
                    bots = bots_for(rules, "normal", seed, hard_samples)
                    values.append(weighed(view, played(hand, p.move, move, bots, view, rng)))
                diffs.append(values[0] - values[1])
            case |= {
                "claimed": lead,
                "seen": sum(diffs) / len(diffs),
                "hand_best": str(hand_best),
                "game_best": str(top),
            }
        out.append(case)
    return out


def report(found: Sequence[dict[str, Any]]) -> None:
    changed = [c for c in found if c["changed"]]
    print(f"{len(found)} deciding positions; weighing the game changes the best in {len(changed)}")
    if not changed:
        return
    claimed = sum(c["claimed"] for c in changed) / len(changed)
    seen = sum(c["seen"] for c in changed) / len(changed)
    better = sum(1 for c in changed if c["seen"] > 0)
    print(
        f"the changed moves: claimed {claimed:+.1f} points a position, seen in play "
        f"{seen:+.1f}; better in play in {better} of {len(changed)}"
    )
    for c in changed:
        print(
            f"  {c['variant']} {c['seed']}: {c['hand_best']} -> {c['game_best']}: "
            f"claimed {c['claimed']:+.1f}, seen {c['seen']:+.1f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games a variant")
    parser.add_argument("--seed", type=int, default=9501)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--variants", default="gin,oklahoma,fosdick,sequence")
    parser.add_argument("--worlds", type=int, default=32, help="worlds each change plays")
    parser.add_argument("--reach", type=int, default=GAME_REACH)
    parser.add_argument("--hard-samples", type=int, default=8)
    args = parser.parse_args()
    variants = args.variants.split(",")
    assert all(preset(v).family is Family.GIN for v in variants), "the Gin family only"
    jobs = [
        (v, args.seed + g, args.worlds, args.reach, args.hard_samples)
        for g in range(args.games)
        for v in variants
    ]
    found: list[dict[str, Any]] = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for part in pool.map(changes, jobs):
            found += part
    print(f"normal against hard ({args.variants}), seeds {args.seed}+{args.games}:")
    report(found)


if __name__ == "__main__":
    main()
