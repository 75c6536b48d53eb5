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
