"""What ``hard`` misses in a Gin-family variant, judged in hindsight.

    python benchmarks/hindsight.py --rules fosdick --opponent eaai-simple --deals 100

``hard`` plays single hands against an opponent (every deal twice, seats
swapped). At each of its decisions after a draw the same deal is played on
from every choice it weighed, on the real cards (the other hand and the
stock's real order), so each choice gets the points it really would have
won, not a guess:

- **knock timing**: at every turn ``hard`` could knock, a knock's points
  are exact (it ends the hand), and playing on is the hand played to its
  end from ``hard``'s best discard, the rest of the hand by ``normal`` for
  ``hard``'s side and the real opponent for the other;
- **discards**: each discard ``hard`` weighed (``normal``'s first three and
  its own), played on the same way.

It prints, by the knock's count and for the discards, how often hindsight
prefers another choice than ``hard``'s and ``normal``'s, and the points
each loses on average to hindsight's best. One future per choice is the
real one, so a "best" picked among several is flattered alike for every
player: compare the two players' losses, not a loss with zero.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ginrummies.ai import SIM_SAMPLES, make_bot
from ginrummies.ai.ginbot import GinBot
from ginrummies.ai.search import HardGinBot
from ginrummies.ai.tracking import remember
from ginrummies.core import Action, Discard, Hand, Knock, Level, Phase, RuleSet, preset, replay


def finish(rules: RuleSet, hand: Hand, actions: list[Action], me: int, opponent: str) -> int:
    """``me``'s points less the other's, the hand played on after ``actions``
    by ``normal`` for ``me`` and ``opponent`` for the other."""
    after = replay(rules, hand.dealer, hand.deck, [a for _, a in hand.log] + actions)
    bots = {me: make_bot("normal", rules, 11), 1 - me: make_bot(opponent, rules, 13)}
    while not after.is_over:
        p = after.to_move
        assert p is not None
        after.apply(bots[p].choose(after.view(p), after.legal_actions()))
    result = after.result
    assert result is not None
    return result.points[me] - result.points[1 - me]


def bucket(count: int) -> str:
    return "0 (gin)" if count == 0 else "1–3" if count <= 3 else "4–6" if count <= 6 else "7+"


def chunk(job: tuple[str, str, int, int]) -> list[tuple[str, str, float, float, bool, bool]]:
    """Rows: (kind, bucket, hard's loss, normal's loss, hard differs from
    normal, hindsight differs from hard)."""
    rules_name, opponent, start, count = job
    rules = preset(rules_name)
    rows: list[tuple[str, str, float, float, bool, bool]] = []
    for deal in range(start, start + count):
        for me in (0, 1):
            hand = Hand.deal(rules, deal % 2, seed=deal)
            hard = make_bot("hard", rules, deal, samples=SIM_SAMPLES)
            assert isinstance(hard, HardGinBot)
            normal = GinBot(rules, deal, Level.NORMAL)
            other = make_bot(opponent, rules, deal + 7919, samples=SIM_SAMPLES)
            while not hand.is_over:
                p = hand.to_move
                assert p is not None
                view, legal = hand.view(p), hand.legal_actions()
                if p != me:
                    hand.apply(other.choose(view, legal))
                    continue
                chosen = hard.choose(view, legal)
                if view.phase is Phase.DISCARD:
                    rows.extend(judge(rules, hand, legal, chosen, hard, normal, me, opponent))
                hand.apply(chosen)
    return rows


def judge(
    rules: RuleSet,
    hand: Hand,
    legal: list[Action],
    chosen: Action,
    hard: HardGinBot,
    normal: GinBot,
    me: int,
    opponent: str,
) -> list[tuple[str, str, float, float, bool, bool]]:
    view = hand.view(me)
    memory = remember(view)
    knocks = [a for a in legal if isinstance(a, Knock)]
    discards = [a for a in legal if isinstance(a, Discard)]
    ranked = sorted(discards, key=lambda a: hard.discard_score(view, memory, a))
    normal_choice = normal.choose(view, legal)
    weighed = list(
        dict.fromkeys([*ranked[: hard.width], *([chosen] if chosen in discards else [])])
    )
    value = {a: finish(rules, hand, [a], me, opponent) for a in weighed}
    rows = []
    if knocks:
        knock = knocks[0]
        count = hard.points_after(memory.mine, knock)
        knock_value = finish(rules, hand, [knock], me, opponent)
        best_on = max(value.values())
        truth = max(knock_value, best_on)
        hard_value = knock_value if isinstance(chosen, Knock) else value.get(chosen, best_on)
        normal_value = (
            knock_value if isinstance(normal_choice, Knock) else value.get(normal_choice, best_on)
        )
        rows.append(
            (
                "knock",
                bucket(count),
                truth - hard_value,
                truth - normal_value,
                isinstance(chosen, Knock) != isinstance(normal_choice, Knock),
                (knock_value > best_on) != isinstance(chosen, Knock),
            )
        )
    if isinstance(chosen, Discard) and len(value) > 1:
        truth = max(value.values())
        normal_value = value.get(normal_choice, value[ranked[0]])  # type: ignore[arg-type]
        rows.append(
            (
                "discard",
                "all",
                truth - value[chosen],
                truth - normal_value,
                chosen != normal_choice,
                value[chosen] < truth,
            )
        )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rules", default="fosdick")
    parser.add_argument("--opponent", default="eaai-simple")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1, help="deals start at seed × 100000")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    first = args.seed * 100_000
    size = max(1, args.deals // (args.workers * 4))
    jobs = [
        (args.rules, args.opponent, first + s, min(size, args.deals - s))
        for s in range(0, args.deals, size)
    ]
    with ProcessPoolExecutor(args.workers) as pool:
        rows = [r for part in pool.map(chunk, jobs) for r in part]
    groups: dict[tuple[str, str], list[tuple[float, float, bool, bool]]] = defaultdict(list)
    for kind, where, lost_hard, lost_normal, differ, wrong in rows:
        groups[kind, where].append((lost_hard, lost_normal, differ, wrong))
    print(f"{args.rules}, hard against {args.opponent}, {args.deals} deals played twice")
    print("| choice | count | cases | hard ≠ normal | hindsight ≠ hard", end=" ")
    print("| hard loses | normal loses |")
    print("|---|---|---|---|---|---|---|")
    for (kind, where), items in sorted(groups.items()):
        n = len(items)
        print(
            f"| {kind} | {where} | {n} | {sum(i[2] for i in items) / n:.0%} "
            f"| {sum(i[3] for i in items) / n:.0%} "
            f"| {statistics.mean(i[0] for i in items):.2f} "
            f"| {statistics.mean(i[1] for i in items):.2f} |"
        )


if __name__ == "__main__":
    main()
