"""The rules screen and F1 help are written from the rule set in play: a house
rule changes what they say (and the preset's fact is no longer said)."""

from __future__ import annotations

from typing import Any

import pytest

from ginrummies.core import PRESETS, AcePolicy, FirstTurn, Format, preset
from ginrummies.play.rulestext import format_markdown, rules_markdown


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


FORMAT_VARIANTS = [
    (fmt, variant)
    for fmt in Format
    if fmt is not Format.TWO
    for variant in sorted(PRESETS)
    if fmt.allows(preset(variant))
]


@pytest.mark.parametrize(
    ("fmt", "variant"), FORMAT_VARIANTS, ids=[f"{f.value}-{v}" for f, v in FORMAT_VARIANTS]
)
def test_each_format_says_its_target_and_who_plays_whom(fmt: Format, variant: str) -> None:
    rules = preset(variant)
    source = format_markdown(fmt, rules)
    text = words(source)
    assert text.startswith(f"## {fmt.title}")
    assert f"**{fmt.target(rules)}**" in text
    assert "Settlement" in text
    if fmt.play.teams:
        assert "**A and B** against **C and D**" in text
        assert "A always plays at table 1 and B at table 2" in text
    else:
        assert "Three players" in text
    assert len(source.strip().splitlines()) <= 16


def test_a_format_follows_the_house_rules() -> None:
    gin = preset("gin")
    assert "**250**" in format_markdown(Format.THREE, gin.but(target=250))
    # the partnership game goes to 125 whatever the two-player target
    assert "**125**" in format_markdown(Format.PARTNERSHIP, gin.but(target=250))
    plain = words(format_markdown(Format.THREE, preset("eaai")))
    assert "shut out" not in plain and "for the game" not in plain
    assert "shut out" in words(format_markdown(Format.THREE, gin))


def test_two_players_need_no_format_text() -> None:
    assert format_markdown(Format.TWO, preset("gin")) == ""


def test_big_gin_and_the_extra_boxes_are_told_as_they_are_scored() -> None:
    """Big gin adds the opponent's deadwood to its bonus (RULES.md 2.2), and
    Oklahoma's extra boxes double on a spade upcard (2.3), as the scorer does."""
    sequence = " ".join(rules_markdown(preset("sequence")).split())
    assert f"scores {preset('sequence').big_gin_bonus} plus the opponent's deadwood" in sequence
    oklahoma = " ".join(rules_markdown(preset("oklahoma")).split())
    assert "gin two, twice as many on a spade upcard" in oklahoma
    no_spades = " ".join(rules_markdown(preset("oklahoma").but(spade_doubles=False)).split())
    assert "gin two." in no_spades and "spade upcard" not in no_spades


def test_a_partnership_table_winner_of_the_cut_chooses() -> None:
    """As at two players (RULES.md 1): the higher card chooses to play
    first or to deal, and the app asks them so."""
    for fmt in (Format.PARTNERSHIP, Format.PARTNERS):
        rules = preset("skarney" if fmt is Format.PARTNERS else "gin")
        text = format_markdown(fmt, rules)
        assert "the higher card chooses to play first or to deal" in text
        assert "lower card" not in text
