"""The rules screen and F1 help are written from the rule set in play: a house
rule changes what they say (and the preset's fact is no longer said)."""

from __future__ import annotations

from typing import Any

import pytest

from ginrummies.core import PRESETS, AcePolicy, FirstTurn, preset
from ginrummies.tui.rulestext import rules_markdown


def words(text: str) -> str:
    return " ".join(text.split())  # line breaks in the Markdown source do not matter


@pytest.mark.parametrize(
    ("variant", "changes", "says", "not_says"),
    [
        (
            "colonel",
            {"ace": AcePolicy.LOW},
            "Aces are low only (A 2 3 is a run, Q K A is not)",
            "Aces are high only",
        ),
        ("colonel", {"ace_value": 1}, "aces 1, K Q J 10", "A K Q J count 10"),
        (
            "colonel",
            {"discard_taken_card": True},
            "A card just taken from the pile may go straight back",
            "cannot go straight back",
        ),
        (
            "gin",
            {"discard_taken_card": True},
            "A card just taken from the pile may go straight back",
            "cannot go straight back",
        ),
        (
            "gin",
            {"first_turn": FirstTurn.ELEVEN_CARDS},
            "the non-dealer eleven; no card is turned up",
            "the next card is turned up",
        ),
        ("gin", {"fiftieth_card": True}, "the **fiftieth card**", "if nobody knocks by then"),
        ("gin", {"hand_size": 7}, "Each player gets seven cards", "ten cards"),
        ("fosdick", {"hand_size": 7}, "all eight cards melded", "all eleven cards"),
        ("gin", {"ace": AcePolicy.HIGH}, "Aces are high only", "Aces are low only"),
        ("gin", {"ace_value": 15}, "aces 15", "aces 1,"),
        ("gin", {"knock_limit": 7}, "knock limit (7)", "knock limit (10)"),
        ("skarney", {"ace": AcePolicy.AROUND}, "may turn the corner", "do not turn the corner"),
        ("skarney", {"poker_melds": False}, "Sets and runs all count", "poker melds"),
        ("skarney", {"ace_value": 1}, "Aces in hand count 1.", "count 15"),
    ],
)
def test_a_house_rule_changes_the_text(
    variant: str, changes: dict[str, Any], says: str, not_says: str
) -> None:
    default = words(rules_markdown(preset(variant)))
    house = words(rules_markdown(preset(variant).but(**changes)))
    assert not_says in default and says not in default  # the preset's fact
    assert says in house and not_says not in house


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_every_preset_states_its_own_numbers(variant: str) -> None:
    rules = preset(variant)
    text = words(rules_markdown(rules))
    assert rules.name in text
    assert f"goes to {rules.target}" in text
    assert f"aces {rules.ace_value}," in text
