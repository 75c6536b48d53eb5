"""The computer levels are one list, in ginrummies.ai, that every menu offers."""

from __future__ import annotations

import pytest

from ginrummies.ai import BOTS, LEVELS, GinBot, TableBot, bot_names, make_bot
from ginrummies.core import PRESETS, Family, Hand, preset
from ginrummies.core.levels import Level
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
        assert level in BOTS[rules.family]
        assert make_bot(level, rules, seed=1).choose(view, view.legal_actions) in view.legal_actions


def test_a_seat_holds_its_level_as_a_level() -> None:
    """A seat's level is a Level, given as one or as its word; the bots
    take it as they take any bot's name (a panel's "camper" too)."""
    from ginrummies.core import Format
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
    Level finds its bot as its word (the command line's) does."""
    from ginrummies.ai import FAMILY_LEVEL_ABOUT, LEVEL_ABOUT

    assert set(LEVEL_ABOUT) == set(Level)
    assert all(type(k) is Level for k in LEVEL_ABOUT)
    assert all(type(k) is Level for lines in FAMILY_LEVEL_ABOUT.values() for k in lines)
    for family in Family:
        for level in Level:
            assert BOTS[family][level] is BOTS[family][level.value]


def test_the_registry_has_each_level_for_every_family() -> None:
    """Bots are found by the rules' family, as hand engines are: every
    family has every level; a bot for measuring plays where it is
    registered, and a name nobody has is refused with the names there are."""
    for family in Family:
        assert set(Level) <= set(BOTS[family]), family
        assert {"camper", "casual"} <= set(BOTS[family])
    assert "eaai-simple" in BOTS[Family.GIN]
    assert "eaai-simple" not in BOTS[Family.SKARNEY] | BOTS[Family.COLONEL]
    gin, skarney = preset("gin"), preset("skarney")
    assert type(make_bot(Level.EASY, gin, 1)) is GinBot
    table = make_bot(Level.EASY, skarney, 1)
    assert type(table) is TableBot and table.level is Level.EASY
    with pytest.raises(ValueError, match="eaai-simple plays only the Gin family") as refused:
        make_bot("eaai-simple", skarney)
    assert all(name in str(refused.value) for name in BOTS[Family.SKARNEY])
    with pytest.raises(ValueError, match="no bot named 'grandmaster'") as unknown:
        make_bot("grandmaster", gin)
    assert bot_names() == tuple(sorted(bot_names()))
    assert str(unknown.value).endswith("choose one of " + ", ".join(bot_names()))
    assert set(bot_names()) == {*LEVELS, "eaai-simple", "camper", "casual"}


def test_the_bots_take_a_level_as_a_level() -> None:
    """Inside ai a level is a Level: the bots keep it, their name is its word."""
    gin, colonel = preset("gin"), preset("colonel")
    assert GinBot(gin, 1, Level.EASY).level is Level.EASY
    assert TableBot(colonel, 1, Level.HARD).name == "hard"
    with pytest.raises(ValueError):
        GinBot(gin, 1, Level.HARD)  # the Gin family's hard is HardGinBot (search.py)
    with pytest.raises(ValueError):
        TableBot(colonel, 1, Level.RANDOM)


def test_a_variant_measured_apart_has_its_own_lines() -> None:
    """Fosdick rules' levels are told by their own figures; a variant
    without its own lines has its family's."""
    from ginrummies.ai import level_about

    for level in (Level.NORMAL, Level.HARD):
        fosdick = level_about(level, Family.GIN, "fosdick")
        assert "Fosdick" in fosdick and fosdick != level_about(level, Family.GIN)
    hard, easy = Level.HARD, Level.EASY
    assert level_about(hard, Family.GIN, "oklahoma") == level_about(hard, Family.GIN)
    assert level_about(easy, Family.GIN, "fosdick") == level_about(easy, Family.GIN)
