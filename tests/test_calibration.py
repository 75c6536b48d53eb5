"""The stated chances: one table of words, and the curves they are read off."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from helpers import positions

from ginrummies.ai.odds import (
    CHANCE_WORDS,
    HARD_TAKE_CURVE,
    RISK_CURVES,
    TAKE_CURVE,
    KnockOdds,
    chance_range,
    chance_words,
    knock_risk,
    on_curve,
)
from ginrummies.core.levels import Level

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
from calibration import LEVELS, isotonic

from ginrummies.core import Format, Knock, preset
from ginrummies.play.session import Session, default_seats, format_seats


def test_every_chance_has_the_words_of_its_range() -> None:
    for i in range(101):
        p = i / 100
        low, high = chance_range(chance_words(p))
        assert low <= p < high or p == high == 1.0
    words = [w for _, w in CHANCE_WORDS]
    assert len(set(words)) == len(words)
    assert chance_words(0.0) == "very unlikely" and chance_words(1.0) == "almost certain"


@pytest.mark.parametrize("curve", [*RISK_CURVES.values(), TAKE_CURVE, HARD_TAKE_CURVE])
def test_the_curves_rise_and_stay_chances(curve: tuple[tuple[float, float], ...]) -> None:
    xs = [x for x, _ in curve]
    assert xs[0] == 0.0 and xs[-1] == 1.0 and xs == sorted(set(xs))
    values = [on_curve(i / 200, curve) for i in range(201)]
    assert all(0.0 <= v <= 1.0 for v in values)
    assert values == sorted(values)


def test_a_curve_is_a_straight_line_between_its_points() -> None:
    curve = ((0.0, 0.1), (0.5, 0.2), (1.0, 0.6))
    assert on_curve(0.25, curve) == pytest.approx(0.15)
    assert on_curve(0.75, curve) == pytest.approx(0.4)
    assert on_curve(1.0, curve) == pytest.approx(0.6)


def test_the_fit_pools_what_falls_and_keeps_equal_shares_together() -> None:
    # 0.1 came true less often than 0.0: the two pool into one step
    points = [(0.0, True), (0.0, False), (0.1, False), (0.1, False), (0.5, True), (0.5, True)]
    steps = isotonic(points)
    assert [s[3] for s in steps] == [4, 2]
    assert steps[0][:3] == [0.0, 0.1, 0.25]
    assert steps[1][:3] == [0.5, 0.5, 1.0]


@pytest.mark.slow
def test_a_knock_is_judged_by_the_level_of_the_computer_faced() -> None:
    """The same knock against hard is riskier than against easy or normal
    (hard holds low cards and undercuts: docs/strength.md); against a
    person, the curve of the read of them."""
    rules = preset("gin")
    seen = 0
    for seed in range(40):
        for _, view, legal in positions(rules, seed, "normal", 0.0):
            knock = next((a for a in legal if isinstance(a, Knock)), None)
            if knock is None or knock_risk(view, knock) is None:  # none, or gin
                continue
            risk = {who: knock_risk(view, knock, opponent=Level(who)) or 0.0 for who in LEVELS}
            assert risk["easy"] < risk["hard"] and risk["normal"] < risk["hard"]
            odds = KnockOdds(view)
            assert odds.curve is RISK_CURVES["eager" if odds.eager >= 0.5 else "patient"]
            assert knock_risk(view, knock) == odds.risk(knock)
            seen += 1
    assert seen >= 5


def test_the_hints_face_the_seat_across_the_table() -> None:
    alone = Session(preset("gin"), default_seats(level="hard"), 1)
    assert alone.facing(alone.view()) is Level.HARD
    hot = Session(preset("gin"), default_seats(hot_seat=True), 1)
    assert hot.facing(hot.view()) is None
    seats = format_seats(Format.PARTNERSHIP, 1, level="easy")
    team = Session(preset("gin"), seats, 1, format=Format.PARTNERSHIP)
    across = team.seats[team.opponent(0)]
    assert not across.is_person and team.facing(team.view(0)) is Level.EASY
