"""The computer levels are one list, in ginrummies.ai, that every menu offers."""

from __future__ import annotations

import pytest

from ginrummies.ai import BOTS, LEVELS, make_bot
from ginrummies.core import PRESETS, Hand, preset
from ginrummies.store import settings


def test_settings_offer_the_ai_levels() -> None:
    assert settings.LEVELS is LEVELS
    assert settings.CHOICES["default_level"] == LEVELS
    assert settings.Settings().default_level in LEVELS


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_every_level_plays_every_variant(variant: str) -> None:
    rules = preset(variant)
    hand = Hand.deal(rules, 0, seed=3)
    view = hand.view(hand.to_move or 0)
    for level in LEVELS:
        assert level in BOTS
        assert make_bot(level, rules, seed=1).choose(view, view.legal_actions) in view.legal_actions


def test_a_seat_holds_its_level_as_a_level() -> None:
    """A seat's level is a Level, given as one or as its word; the bots
    take it as they take any bot's name (a panel's "camper" too)."""
    from ginrummies.core import Format
    from ginrummies.core.levels import Level
    from ginrummies.play.session import Seat, SeatKind, format_seats

    seat = Seat("Bot", SeatKind.COMPUTER, "hard")
    assert seat.level is Level.HARD
    assert seat == Seat("Bot", SeatKind.COMPUTER, Level.HARD)
    assert Seat("Ann").level is Level.NORMAL
    with pytest.raises(ValueError):
        Seat("Bot", SeatKind.COMPUTER, "camper")  # a bot for measuring, not a level
    computers = [s for s in format_seats(Format.THREE, 1, Level.EASY) if not s.is_person]
    assert [s.level for s in computers] == [Level.EASY, Level.EASY]
    rules = preset("gin")
    assert make_bot(Level.HARD, rules, seed=1) is not None
    assert make_bot("camper", rules, seed=1) is not None


def test_each_level_is_told_and_found_by_its_enum() -> None:
    """The new-game form's line on each level is keyed by Level, and a
    Level finds its bot and its line as its word does."""
    from ginrummies.ai import FAMILY_LEVEL_ABOUT, LEVEL_ABOUT, level_about
    from ginrummies.core import Family
    from ginrummies.core.levels import Level

    assert set(LEVEL_ABOUT) == set(Level)
    assert all(type(k) is Level for k in LEVEL_ABOUT)
    assert all(type(k) is Level for lines in FAMILY_LEVEL_ABOUT.values() for k in lines)
    for level in Level:
        assert BOTS[level] is BOTS[level.value]
        assert level_about(level, Family.COLONEL) == level_about(level.value, Family.COLONEL)


def test_a_variant_measured_apart_has_its_own_lines() -> None:
    """Fosdick rules' levels are told by their own figures; a variant
    without its own lines has its family's."""
    from ginrummies.ai import level_about
    from ginrummies.core import Family

    for level in ("normal", "hard"):
        fosdick = level_about(level, Family.GIN, "fosdick")
        assert "Fosdick" in fosdick and fosdick != level_about(level, Family.GIN)
    assert level_about("hard", Family.GIN, "oklahoma") == level_about("hard", Family.GIN)
    assert level_about("easy", Family.GIN, "fosdick") == level_about("easy", Family.GIN)
