"""Headless bot-against-bot matches, for ``ginrummies sim`` and the benchmarks.

A match is a list of games; with ``mirrored`` each game's deals are played
again with the bots' seats rotated (swapped for two players or two teams,
round the table for three), so luck of the cards cancels out.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

from ..core import Format, Game, HandResult, Match, Outcome, RuleSet
from . import Bot


@dataclass
class BotStats:
    """One bot's figures over a match."""

    name: str
    games: int = 0
    games_won: int = 0
    hands: int = 0
    hands_won: int = 0
    points: int = 0  # hand points scored
    gins: int = 0
    undercuts: int = 0  # undercuts this bot made
    knocks: int = 0
    outs: int = 0  # went out (Skarney, Colonel)
    times: list[float] = field(default_factory=list)  # seconds per decision

    def record(self, seconds: float) -> None:
        self.times.append(seconds)

    @property
    def decisions(self) -> int:
        return len(self.times)

    def time_quantile(self, q: float) -> float:
        if not self.times:
            return 0.0
        ordered = sorted(self.times)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    @property
    def mean_time(self) -> float:
        return sum(self.times) / len(self.times) if self.times else 0.0


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def play_game(
    rules: RuleSet,
    bots: tuple[Bot, Bot],
    stats: tuple[BotStats, BotStats],
    seed: int,
    first_dealer: int,
    max_hands: int | None = None,
) -> Game:
    """Play one game (or its first ``max_hands`` hands) between seat 0 and seat 1."""
    game = Game(rules, seed, first_dealer=first_dealer)
    play_on(game, bots, stats, max_hands)
    return game


def play_on(
    game: Game,
    bots: tuple[Bot, Bot],
    stats: tuple[BotStats, BotStats],
    max_hands: int | None = None,
) -> None:
    """Play ``game`` on from where it stands, to its end or ``max_hands`` hands."""
    play_match(game, bots, stats, max_hands)


def count_hand(result: HandResult, stats: Sequence[BotStats]) -> None:
    """Add a finished hand to the figures of its two players (hand players 0 and 1)."""
    if not result.scored:
        return
    for player in (0, 1):
        s = stats[player]
        s.hands += 1
        s.points += result.points[player]
        s.hands_won += result.winner == player
    if result.knocker is not None:
        k = stats[result.knocker]
        k.knocks += 1
        k.gins += result.outcome in (Outcome.GIN, Outcome.BIG_GIN)
        if result.outcome is Outcome.UNDERCUT:
            stats[1 - result.knocker].undercuts += 1
    tabled = result.table_end
    if tabled is not None and tabled.went_out is not None:
        stats[tabled.went_out].outs += 1


def play_match(
    match: Match,
    bots: Sequence[Bot],
    stats: Sequence[BotStats],
    max_hands: int | None = None,
) -> None:
    """Play a match of any format on to its end (or ``max_hands`` rounds),
    one bot and one set of figures per seat; the tables take turns. A game
    won by a side counts as won for each of its seats."""
    clock = time.perf_counter
    while True:
        rnd = match.round
        while not rnd.is_over:
            table, seat = match.movers()[0]
            view = match.view(seat)
            start = clock()
            action = bots[seat].choose(view, view.legal_actions)
            stats[seat].record(clock() - start)
            match.apply(action, table)
        for seating, hand in zip(rnd.tables, rnd.hands, strict=True):
            assert hand.result is not None
            count_hand(hand.result, [stats[s] for s in seating.seats])
        if match.is_over or (max_hands is not None and len(match.rounds) >= max_hands):
            break
        match.next_hand()
    if match.result is not None:
        for seat in range(match.seats):
            stats[seat].games += 1
        for seat in match.sides[match.result.winner]:
            stats[seat].games_won += 1


def rotations(fmt: Format) -> list[int]:
    """How far the bots move round the table for each replay of a deal: the
    two sides swap (two players, two teams), or every seat takes every place."""
    return [0, 2] if fmt.play.teams else list(range(fmt.seats))


def format_match(
    rules: RuleSet,
    fmt: Format,
    make: Sequence[Callable[[int], Bot]],
    games: int,
    seed: int = 0,
    mirrored: bool = True,
    max_hands: int | None = None,
) -> Iterator[list[BotStats]]:
    """Play ``games`` games of a format (each once per rotation when
    mirrored), one bot per seat, yielding the running figures per bot."""
    n = fmt.seats
    names = [m(0).name for m in make]
    labels = [
        f"{name} ({'ABCD'[i]})" if names.count(name) > 1 else name for i, name in enumerate(names)
    ]
    figures = [BotStats(label) for label in labels]
    for g in range(games):
        game_seed = seed * 1_000_003 + g
        for turn in rotations(fmt) if mirrored else [0]:
            entry = [(s - turn) % n for s in range(n)]  # which bot sits at each seat
            bots = [make[entry[s]](game_seed + 7919 * entry[s]) for s in range(n)]
            match = Match(rules, game_seed, fmt)
            play_match(match, bots, [figures[entry[s]] for s in range(n)], max_hands)
            yield figures


def match(
    rules: RuleSet,
    make: tuple[Callable[[int], Bot], Callable[[int], Bot]],
    games: int,
    seed: int = 0,
    mirrored: bool = True,
    max_hands: int | None = None,
) -> Iterator[tuple[BotStats, BotStats]]:
    """Play ``games`` games (each twice when mirrored), yielding the running
    figures after each one. ``make`` builds each bot from a seed."""
    a_stats = BotStats(make[0](0).name)
    b_stats = BotStats(make[1](0).name)
    for g in range(games):
        game_seed = seed * 1_000_003 + g
        a, b = make[0](game_seed), make[1](game_seed + 7919)
        play_game(rules, (a, b), (a_stats, b_stats), game_seed, g % 2, max_hands)
        yield a_stats, b_stats
        if mirrored:
            a, b = make[0](game_seed), make[1](game_seed + 7919)
            play_game(rules, (b, a), (b_stats, a_stats), game_seed, g % 2, max_hands)
            yield a_stats, b_stats
