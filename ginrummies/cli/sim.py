"""``ginrummies sim``: bot-against-bot matches from the command line."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from ..ai import SIM_SAMPLES, Bot, bot_names, make_bot
from ..ai.arena import BotStats, format_match, match, rotations, wilson
from ..core import PRESETS, Family, Format, preset
from .options import add_format_option


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ginrummies sim",
        description="Play computer against computer and report who is stronger.",
        epilog="Examples: ginrummies sim normal eaai-simple --rules eaai --games 500; "
        "ginrummies sim --format captains normal easy easy --games 50",
    )
    parser.add_argument(
        "bots",
        nargs="+",
        choices=bot_names(),
        metavar="BOT",
        help=f"one bot per seat, in seat order (A, B, ...): {', '.join(bot_names())}",
    )
    add_format_option(parser)
    parser.add_argument(
        "--rules",
        default="gin",
        choices=sorted(PRESETS),
        help="the variant or rules preset to play (default: gin)",
    )
    size = parser.add_mutually_exclusive_group()
    size.add_argument(
        "--games",
        type=int,
        default=None,
        help="deals of whole games to the target; each is played again for every seat"
        " rotation when mirrored, so 100 means 200 games of two (default: 100)",
    )
    size.add_argument(
        "--hands",
        type=int,
        default=None,
        help="play this many single deals instead of games (twice each when mirrored)",
    )
    parser.add_argument(
        "--seed", type=int, default=0, help="seed of the deals, for a match you can repeat"
    )
    parser.add_argument(
        "--no-mirror",
        action="store_true",
        help="play each deal once (by default every deal is played again with the bots'"
        " seats rotated: swapped for two players or two teams, round the table for three)",
    )
    parser.add_argument(
        "--samples",
        type=int,
        default=SIM_SAMPLES,
        help="deals the hard level samples for each move, so that a match repeats exactly"
        f" on any machine (default: {SIM_SAMPLES}; 0: search for a time, as in the app)",
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    return parser


def figures(stats: BotStats) -> dict[str, Any]:
    lo, hi = wilson(stats.games_won, stats.games)
    hlo, hhi = wilson(stats.hands_won, stats.hands)
    return {
        "bot": stats.name,
        "games": stats.games,
        "games_won": stats.games_won,
        "games_won_ci95": [round(lo, 4), round(hi, 4)],
        "hands": stats.hands,
        "hands_won": stats.hands_won,
        "hands_won_ci95": [round(hlo, 4), round(hhi, 4)],
        "points_per_hand": round(stats.points / stats.hands, 3) if stats.hands else 0.0,
        "gins": stats.gins,
        "undercuts": stats.undercuts,
        "knocks": stats.knocks,
        "went_out": stats.outs,
        "decisions": stats.decisions,
        "mean_decision_ms": round(stats.mean_time * 1000, 3),
        "p95_decision_ms": round(stats.time_quantile(0.95) * 1000, 3),
    }


def main(argv: Sequence[str]) -> int:
    args = build_parser().parse_args(argv)
    rules = preset(args.rules)
    fmt = Format(args.format)

    def fail(message: str) -> int:
        print(f"ginrummies sim: {message}", file=sys.stderr)
        return 2

    if not fmt.allows(rules):
        try:
            fmt.check(rules)
        except ValueError as exc:
            return fail(str(exc))
    if len(args.bots) != fmt.seats:
        return fail(f"{fmt.title} needs {fmt.seats} bots, one per seat (not {len(args.bots)})")
    for name in args.bots:
        try:
            make_bot(name, rules, 0)
        except ValueError as exc:
            return fail(str(exc))
    per_hand = args.hands is not None
    count = args.hands if per_hand else (args.games if args.games is not None else 100)
    if count <= 0:
        return fail("--games and --hands must be above 0")
    if args.samples < 0:
        return fail("--samples must be 0 or more")
    mirrored = not args.no_mirror
    samples = args.samples or None

    def builder(name: str) -> Callable[[int], Bot]:
        return lambda seed: make_bot(name, rules, seed, samples=samples)

    makers = [builder(name) for name in args.bots]
    runs: Iterator[Sequence[BotStats]]
    if fmt.two_players:
        runs = match(
            rules,
            (makers[0], makers[1]),
            count,
            seed=args.seed,
            mirrored=mirrored,
            max_hands=1 if per_hand else None,
        )
    else:
        runs = format_match(
            rules,
            fmt,
            makers,
            count,
            seed=args.seed,
            mirrored=mirrored,
            max_hands=1 if per_hand else None,
        )
    total = count * (len(rotations(fmt)) if mirrored else 1)
    figures_now: Sequence[BotStats] = [BotStats(name) for name in args.bots]
    if args.quiet or args.json:
        for figures_now in runs:  # noqa: B007  (the last figures are kept)
            pass
    else:
        from rich.progress import Progress

        unit = "hands" if per_hand else "games"
        with Progress(transient=True) as progress:
            title = " v ".join(args.bots)
            task = progress.add_task(f"{title}, {unit}", total=total)
            for figures_now in runs:  # noqa: B007
                progress.advance(task)
    report = {
        "rules": args.rules,
        "format": fmt.value,
        "seed": args.seed,
        "mirrored": mirrored,
        "samples": samples,
        "unit": "hands" if per_hand else "games",
        "played": total,
        "bots": [figures(f) for f in figures_now],
    }
    if fmt.play.pooled:
        report["note"] = "a game won by a side counts as won for each of its players"
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        show(report, per_hand)
    return 0


def show(report: dict[str, Any], per_hand: bool) -> None:
    from rich import box
    from rich.console import Console
    from rich.table import Table

    gin = PRESETS[report["rules"]]().family is Family.GIN
    unit = "hands" if per_hand else "games"
    fmt = Format(report.get("format", "two"))
    title = f"{report['rules']}: {report['played']} {unit}"
    if not fmt.two_players:
        title = f"{report['rules']}, {fmt.title}: {report['played']} {unit}"
    title += (", mirrored" if report["mirrored"] else "") + f", seed {report['seed']}"
    table = Table(
        title=title, box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False, collapse_padding=True
    )
    table.add_column("bot", no_wrap=True)
    if not per_hand:
        table.add_column("games", justify="right", no_wrap=True)
    table.add_column("hands", justify="right", no_wrap=True)
    table.add_column("pts/h", justify="right", no_wrap=True)
    if gin:
        table.add_column("gins", justify="right", no_wrap=True)
        table.add_column("undercuts", justify="right", no_wrap=True)
        table.add_column("knocks", justify="right", no_wrap=True)
    else:
        table.add_column("out", justify="right", no_wrap=True)
    table.add_column("ms", justify="right", no_wrap=True)
    table.add_column("p95", justify="right", no_wrap=True)

    def share(won: int, n: int, ci: list[float]) -> str:
        # the share won and the half-width of its 95% interval
        return f"{won / n:.0%} ±{(ci[1] - ci[0]) / 2:.0%}" if n else "-"

    for f in report["bots"]:
        row = [f["bot"]]
        if not per_hand:
            row.append(share(f["games_won"], f["games"], f["games_won_ci95"]))
        row.append(share(f["hands_won"], f["hands"], f["hands_won_ci95"]))
        row.append(f"{f['points_per_hand']:.1f}")
        if gin:
            row += [str(f["gins"]), str(f["undercuts"]), str(f["knocks"])]
        else:
            row.append(str(f["went_out"]))
        row += [f"{f['mean_decision_ms']:.2f}", f"{f['p95_decision_ms']:.2f}"]
        table.add_row(*row)
    console = Console()
    console.print(table)
    console.print(
        "games, hands: share won ± half its 95% interval (Wilson); cancelled hands not counted."
        + (f"\n{report['note'].capitalize()}." if "note" in report else "")
        + "\nms: mean milliseconds a move; p95: the 95th percentile.",
        style="dim",
    )
