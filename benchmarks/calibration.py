"""Do the hints' stated chances hold? Stated against observed, in buckets.

    python benchmarks/calibration.py --seed 1 --games 50 --variants gin,oklahoma --by
    python benchmarks/calibration.py --seed 1 --games 10 --variants skarney --by
    python benchmarks/calibration.py --games 4 --opponents normal,camper   # a quick look
    python benchmarks/calibration.py --fit --seed 7 --games 30 --save fit7.json   # the curves

``--fit`` prints the curves of ``ginrummies.ai.odds`` (``RISK_CURVES``,
``TAKE_CURVE``) as the games measure them; fit on seeds of their own and
report on others (docs/strength.md, "Hints whose odds hold").

A ``hero`` (``normal`` unless ``--hero``) plays whole games against each
opponent: the levels and the reference panel (eaai-simple, camper, casual)
in the Gin family; the levels and camper and casual in Skarney. At every
position of the hero's where the hint states a chance, the benchmark
records it, and what happened when that move was played in that very
position, with the game's real hidden cards (the benchmark may look at
them; the hint may not):

- ``undercut``: the hint's undercut risk for the knock it shows first
  (Gin family); observed: the hand replayed with that knock was undercut.
- ``knock win``: the hard-level hint's win chance for that knock (its
  sampled deals); observed: the knock won the hand.
- ``they take``: the chance an offered card is accepted (Skarney, three
  of the offers the hero may make, drawn at random); observed: the
  opponent bot, asked in a copy of the hand, accepted it.

The chances are grouped by the words of ``ginrummies.ai.odds.CHANCE_WORDS``
(the hint's wording), so each row says how often "very unlikely" held.
Every game has a seed from ``--seed``; the figures repeat on any machine
(``hard`` samples a fixed number of deals, ``SIM_SAMPLES``).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ginrummies.ai import SIM_SAMPLES, Bot, make_bot
from ginrummies.ai.ginbot import undercut_risk
from ginrummies.ai.odds import (
    CHANCE_WORDS,
    KnockOdds,
    chance_range,
    chance_words,
    knock_risk,
    take_chance,
    take_share,
)
from ginrummies.ai.search import HardGinBot
from ginrummies.ai.tracking import remember
from ginrummies.core import (
    Accept,
    Action,
    Family,
    Game,
    Hand,
    Knock,
    Level,
    Offer,
    Outcome,
    Phase,
    PlayerView,
    RuleSet,
    mask_value,
    preset,
    solver_for,
)

LEVELS = ("easy", "normal", "hard")  # the computer's levels: RISK_CURVES has one each
GIN_OPPONENTS = (*LEVELS, "eaai-simple", "camper", "casual")
TABLE_OPPONENTS = ("easy", "normal", "hard", "camper", "casual")
OFFERS_A_POSITION = 3  # offers asked of the opponent in each Skarney position
KNOCK_WIN_DEALS = 40  # the hard hint's most sampled deals (hints.ESTIMATE_DEALS)

Record = tuple[str, str, str, float, bool]  # kind, variant, opponent, stated, observed


def play(variant: str, opponent: str, hero: str, seed: int, max_hands: int) -> list[Record]:
    """One game of ``hero`` against ``opponent``; the records of its positions."""
    rules = preset(variant)
    game = Game(rules, seed, first_dealer=seed % 2)
    me = seed % 2  # the hero's seat alternates with the game
    bots = [make_bot(hero, rules, seed, samples=SIM_SAMPLES)] * 2
    bots[1 - me] = make_bot(opponent, rules, seed + 7919, samples=SIM_SAMPLES)
    out: list[Record] = []
    hands = 0
    while True:
        hand = game.hand
        while not hand.is_over:
            _, seat = game.movers()[0]
            view = game.view(seat)  # with the game's finished hands, which the read uses
            legal = list(view.legal_actions)
            if seat == me:
                out.extend(observe(rules, hand, view, legal, bots[1 - me], variant, opponent))
            game.apply(bots[seat].choose(view, legal))
        hands += 1
        if game.is_over or hands >= max_hands:
            return out
        game.next_hand()


def observe(
    rules: RuleSet,
    hand: Hand,
    view: PlayerView,
    legal: list[Action],
    opp_bot: Bot,
    variant: str,
    opponent: str,
) -> list[Record]:
    """The chances the hint states in this position of the hero's, and what
    happened when each move was played (in a copy of the hand)."""
    out: list[Record] = []
    if rules.family is Family.GIN and view.phase is Phase.DISCARD:
        knocks = [a for a in legal if isinstance(a, Knock)]
        if not knocks:
            return out
        knock = knocks[0]
        # the hint knows the level of a computer it faces; the panel stands for people
        level = Level(opponent) if opponent in LEVELS else None
        risk = knock_risk(view, knock, opponent=level)  # as the hint states it
        if risk is None:  # gin: no undercut
            return out
        played = hand.replay()
        played.apply(knock)
        result = played.result
        assert result is not None
        undercut = result.outcome is Outcome.UNDERCUT
        out.append(("undercut", variant, opponent, risk, undercut))
        # the estimate the hints used before issue 33, and the sampled share
        # the stated risk is read from (``--fit`` draws its curves)
        solver, memory = solver_for(rules), remember(view)
        points = knock_points(view, knock)
        old = undercut_risk(solver, view, memory, points, random.Random(len(view.history)))
        out.append(("undercut, before", variant, opponent, old, undercut))
        odds = KnockOdds(view, memory, level)
        style = "eager" if odds.eager >= 0.5 else "patient"
        out.append((f"sampled, {style}", variant, opponent, odds.share(knock), undercut))
        # the hard hint's win chance for the knock, as its figures give it
        bot = HardGinBot(rules, 0)
        rng = random.Random(len(view.history))
        (values,) = bot.weigh(view, memory, [knock], rng, 0.0, KNOCK_WIN_DEALS, KNOCK_WIN_DEALS)
        sampled = sum(1 for v in values if v > 0) / len(values)
        won = result.winner == view.player
        out.append(("knock win, sampled deals", variant, opponent, sampled, won))
        out.append(("knock win", variant, opponent, odds.win_chance(knock), won))
    elif rules.family is Family.SKARNEY and view.phase is Phase.PLAY:
        offers = [a for a in legal if isinstance(a, Offer)]
        # a few offers a position (they are alike, and each costs a replay)
        rng = random.Random(len(view.history))
        level = Level(opponent) if opponent in LEVELS else None  # as for a knock
        for action in rng.sample(offers, min(OFFERS_A_POSITION, len(offers))):
            stated = take_chance(view, action.card, opponent=level)
            share = take_share(view, action.card, opponent=level)
            asked = hand.replay()
            asked.apply(action)
            them = 1 - view.player
            answer = opp_bot.choose(asked.view(them), asked.legal_actions())
            out.append(("they take", variant, opponent, stated, answer == Accept()))
            out.append(("take, sampled", variant, opponent, share, answer == Accept()))
    return out


def knock_points(view: PlayerView, knock: Knock) -> int:
    """The deadwood the hero keeps once ``knock`` is spread."""
    spread = knock.discard.bit if knock.discard else 0
    for m in knock.melds:
        spread |= m.mask
    return mask_value(remember(view).mine & ~spread, solver_for(view.rules).tables)


def _job(args: tuple[str, str, str, int, int]) -> list[Record]:
    return play(*args)


def table(records: list[Record], kind: str, by: str | None = None) -> list[str]:
    """Stated against observed for one kind of chance, one row per word."""
    rows = defaultdict(list)
    for k, variant, opponent, stated, seen in records:
        if k == kind and (by is None or by in (variant, opponent)):
            rows[chance_words(stated)].append((stated, seen))
    lines = [
        f"{'words':<15} {'stated range':>12} {'cases':>6} {'stated':>7} {'observed':>9} {'gap':>6}"
    ]
    for _, words in CHANCE_WORDS:
        cases = rows.get(words, [])
        low, high = chance_range(words)
        span = f"{low:.0%}-{high:.0%}"
        if not cases:
            lines.append(f"{words:<15} {span:>12} {0:>6}")
            continue
        stated = sum(s for s, _ in cases) / len(cases)
        observed = sum(1 for _, o in cases if o) / len(cases)
        gap = (observed - stated) * 100
        flag = "" if len(cases) < 100 or abs(gap) <= 5 else "  <- beyond 5 points"
        figures = f"{len(cases):>6} {stated:>7.1%} {observed:>9.1%} {gap:>+6.1f}"
        lines.append(f"{words:<15} {span:>12} {figures}{flag}")
    return lines


def isotonic(points: list[tuple[float, bool]]) -> list[list[float]]:
    """Pool adjacent violators: the rising step curve nearest the points,
    as [lowest share, highest share, observed rate, cases] per step."""
    groups: dict[float, list[float]] = {}  # equal shares are one point
    for x, y in points:
        group = groups.setdefault(x, [x, x, 0.0, 0])
        groups[x] = pool(group, [x, x, float(y), 1]) if group[3] else [x, x, float(y), 1]
    steps: list[list[float]] = []
    for x in sorted(groups):
        steps.append(groups[x])
        while len(steps) > 1 and steps[-2][2] >= steps[-1][2]:
            steps[-2:] = [pool(*steps[-2:])]
    return steps


def pool(a: list[float], b: list[float]) -> list[float]:
    """Two neighbouring steps as one."""
    n = a[3] + b[3]
    return [min(a[0], b[0]), max(a[1], b[1]), (a[2] * a[3] + b[2] * b[3]) / n, n]


FIT_LEAST = 60  # cases a step of a fitted curve rests on at least (30 left steps that
# held on the games they were fitted on and not on others)


def fit(records: list[Record]) -> None:
    """Print ``odds.RISK_CURVES`` as these games measure them: the observed
    undercut rate against the sampled share, rising (pooled adjacent
    violators), each step on ``FIT_LEAST`` cases or more (a smaller one
    joins its neighbour); one curve for each level of the computer, and
    for a person one for each read of them (eager or patient), fitted on
    the panel, which stands for people."""
    sampled = [r for r in records if r[0].startswith("sampled, ")]
    for level in LEVELS:
        print(curve([r for r in sampled if r[2] == level], f'"{level}":'))
    for style in ("eager", "patient"):
        kind = f"sampled, {style}"
        print(curve([r for r in sampled if r[2] not in LEVELS and r[0] == kind], f'"{style}":'))
    takes = [r for r in records if r[0] == "take, sampled"]
    print(curve([r for r in takes if r[2] != "hard"], "TAKE_CURVE ="))
    print(curve([r for r in takes if r[2] == "hard"], "HARD_TAKE_CURVE ="))


def curve(records: list[Record], name: str) -> str:
    """One fitted curve, as the code writes it."""
    points = [(r[3], r[4]) for r in records]
    if not points:
        return f"# {name} no cases"
    merged: list[list[float]] = []
    for step in isotonic(points):
        if merged and (merged[-1][3] < FIT_LEAST or step[3] < FIT_LEAST):
            merged[-1] = pool(merged[-1], step)
        else:
            merged.append(step)
    # each step flat from its lowest share to its highest, straight lines between
    line: list[tuple[float, float]] = []
    for low, high, rate, _ in merged:  # ends rounded inwards, so that steps stay apart
        ends = (math.ceil(low * 1000) / 1000, math.floor(high * 1000) / 1000)
        line += [(x, round(rate, 3)) for x in ends]
    line = [p for i, p in enumerate(line) if i == 0 or p[0] > line[i - 1][0]]
    if line[0][0] > 0:
        line.insert(0, (0.0, line[0][1]))
    if line[-1][0] < 1:
        line.append((1.0, line[-1][1]))
    cases = [int(step[3]) for step in merged]
    return f"# {len(points)} cases, on the steps {cases}\n{name} {tuple(line)}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=40, help="games per variant and opponent")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hero", default="normal")
    parser.add_argument("--variants", default="gin,oklahoma,skarney")
    parser.add_argument("--opponents", default="", help="default: every level and the panel")
    parser.add_argument("--max-hands", type=int, default=6, help="hands per game at most")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--by", action="store_true", help="a table per opponent as well")
    parser.add_argument("--fit", action="store_true", help="print the risk curves these games give")
    parser.add_argument("--save", help="keep the records in this JSON file")
    parser.add_argument("--load", help="read records from these JSON files (a,b): no games")
    args = parser.parse_args()
    jobs = []
    for variant in args.variants.split(","):
        family = preset(variant).family
        names = GIN_OPPONENTS if family is Family.GIN else TABLE_OPPONENTS
        opponents = args.opponents.split(",") if args.opponents else list(names)
        for opponent in opponents:
            if opponent == "eaai-simple" and family is not Family.GIN:
                continue
            for g in range(args.games):
                seed = args.seed * 1_000_003 + g
                jobs.append((variant, opponent, args.hero, seed, args.max_hands))
    start = time.perf_counter()
    records: list[Record] = []
    if args.load:
        for name in args.load.split(","):
            records += [tuple(r) for r in json.loads(Path(name).read_text())]  # type: ignore[misc]
    else:
        with ProcessPoolExecutor(args.jobs) as pool:
            for part in pool.map(_job, jobs, chunksize=1):
                records.extend(part)
    if args.save:
        Path(args.save).write_text(json.dumps(records))
    took = time.perf_counter() - start
    if args.load:
        print(f"# {len(records)} records from {args.load}")
    else:
        print(
            f"# {len(jobs)} games ({args.games} per variant and opponent), hero {args.hero}, "
            f"seed {args.seed}, at most {args.max_hands} hands a game, {took:.0f} s"
        )
    if args.fit:
        fit(records)
        return
    print("\n## the words of a stated chance (ginrummies.ai.odds.CHANCE_WORDS)\n")
    for _, words in CHANCE_WORDS:
        low, high = chance_range(words)
        print(
            f"{words:<15} {low:.0%} to below {high:.0%}"
            if high < 1
            else f"{words:<15} {low:.0%} and more"
        )
    kinds = ("undercut", "undercut, before", "knock win", "knock win, sampled deals", "they take")
    for kind in kinds:
        if not any(r[0] == kind for r in records):
            continue
        print(f"\n## {kind}\n")
        print("\n".join(table(records, kind)))
        if args.by:
            opponents = sorted({r[2] for r in records if r[0] == kind})
            for opponent in opponents:
                print(f"\n### {kind}, against {opponent}\n")
                print("\n".join(table(records, kind, opponent)))


if __name__ == "__main__":
    main()
