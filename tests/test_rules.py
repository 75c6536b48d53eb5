import dataclasses

import pytest

from ginrummies.core import (
    AceUpcard,
    DealerRotation,
    FirstTurn,
    KnockScoring,
    RulesError,
    RuleSet,
    Shutout,
    preset,
)


def test_gin_rummy_preset_matches_the_table() -> None:
    r = preset("gin")
    assert (r.knock_limit, r.knock_limit_from_upcard) == (10, False)
    assert (r.gin_bonus, r.undercut_bonus, r.big_gin) == (25, 25, False)
    assert r.knock_scoring is KnockScoring.DIFFERENCE
    assert (r.target, r.game_bonus, r.box_bonus) == (100, 100, 25)
    assert r.shutout is Shutout.DOUBLE
    assert (r.sets, r.runs, r.poker_melds) == (True, True, False)
    assert r.dealer_rotation is DealerRotation.ALTERNATE
    assert not r.discard_taken_card


def test_oklahoma_preset() -> None:
    r = preset("oklahoma")
    assert r.knock_limit_from_upcard and r.ace_upcard is AceUpcard.GIN_ONLY
    assert r.spade_doubles and r.extra_boxes
    assert (r.gin_bonus, r.undercut_bonus, r.target, r.game_bonus, r.box_bonus) == (
        25,
        25,
        150,
        100,
        25,
    )


def test_fosdick_and_sequence_presets() -> None:
    f = preset("fosdick")
    assert f.knock_limit_from_upcard and f.ace_upcard is AceUpcard.LIMIT_ONE
    assert (f.gin_bonus, f.undercut_bonus) == (20, 20)
    assert f.knock_scoring is KnockScoring.OPPONENT_DEADWOOD
    assert f.big_gin and f.big_gin_bonus == 20
    assert (f.target, f.game_bonus, f.box_bonus, f.shutout) == (100, 0, 0, Shutout.OFF)
    s = preset("sequence")
    assert not s.sets and s.runs and s.sequence_bonuses
    assert dataclasses.replace(s, name=f.name, sets=True, sequence_bonuses=False) == f


def test_eaai_preset() -> None:
    r = preset("eaai")
    assert (r.target, r.knock_limit, r.gin_bonus, r.undercut_bonus) == (100, 10, 25, 25)
    assert not r.big_gin
    assert (r.box_bonus, r.game_bonus, r.shutout) == (0, 0, Shutout.OFF)
    assert r.dealer_rotation is DealerRotation.ALTERNATE


def test_unknown_preset_lists_the_names() -> None:
    with pytest.raises(RulesError, match="oklahoma"):
        preset("canasta")


@pytest.mark.parametrize(
    ("changes", "names"),
    [
        (
            {"first_turn": FirstTurn.ELEVEN_CARDS, "knock_limit_from_upcard": True},
            ["first_turn", "knock_limit_from_upcard"],
        ),
        (
            {"first_turn": FirstTurn.ELEVEN_CARDS, "spade_doubles": True},
            ["first_turn", "spade_doubles"],
        ),
        ({"sets": False, "runs": False}, ["sets", "runs", "poker_melds"]),
        ({"runs": False, "sequence_bonuses": True}, ["sequence_bonuses", "runs"]),
        ({"hand_size": 8}, ["hand_size"]),
        ({"gin_bonus": -5}, ["gin_bonus"]),
        ({"target": 0}, ["target"]),
        ({"knock_limit": "ten"}, ["knock_limit"]),
    ],
)
def test_impossible_combinations_name_the_options(
    changes: dict[str, object], names: list[str]
) -> None:
    with pytest.raises(RulesError) as info:
        RuleSet(**changes)  # type: ignore[arg-type]
    for name in names:
        assert name in str(info.value)


def test_oklahoma_cannot_use_eleven_cards() -> None:
    with pytest.raises(RulesError, match="eleven_cards"):
        preset("oklahoma").but(first_turn=FirstTurn.ELEVEN_CARDS)


def test_rule_sets_round_trip_through_plain_data() -> None:
    for name in ("gin", "oklahoma", "fosdick", "sequence", "eaai"):
        r = preset(name)
        assert RuleSet.from_dict(r.to_dict()) == r


def test_from_dict_reports_bad_values() -> None:
    with pytest.raises(RulesError, match="shutout must be one of"):
        RuleSet.from_dict({"shutout": "triple"})
    with pytest.raises(RulesError, match="unknown rule option"):
        RuleSet.from_dict({"jokers": True})


def test_knock_limit_for_the_upcard() -> None:
    ok = preset("oklahoma")
    assert ok.knock_limit_for(7, 7) == 7
    assert ok.knock_limit_for(13, 10) == 10
    assert ok.knock_limit_for(1, 1) == 0
    assert preset("fosdick").knock_limit_for(1, 1) == 1
    assert preset("gin").knock_limit_for(3, 3) == 10


def test_every_option_has_its_help_on_the_rule_set() -> None:
    for f in dataclasses.fields(RuleSet):
        if f.name not in ("name", "family"):
            help_text = RuleSet.option_help(f.name)
            assert help_text and help_text == f.metadata["help"], f.name
    with pytest.raises(RulesError, match="jokers"):
        RuleSet.option_help("jokers")


@pytest.mark.parametrize(
    ("name", "pile", "upcard", "table", "knock", "contract", "word"),
    [
        ("gin", True, True, False, True, False, "deadwood"),
        ("oklahoma", True, True, False, True, False, "deadwood"),
        ("sequence", True, True, False, True, False, "deadwood"),
        ("skarney", False, False, True, False, True, "in hand"),
        ("colonel", True, True, True, False, False, "in hand"),
    ],
)
def test_rule_facts_the_screens_branch_on(
    name: str, pile: bool, upcard: bool, table: bool, knock: bool, contract: bool, word: str
) -> None:
    r = preset(name)
    assert r.has_discard_pile is pile
    assert r.has_upcard is upcard
    assert r.has_table_melds is table
    assert r.has_knock is knock
    assert r.has_contract is contract and r.has_offers is contract
    assert r.counts_all_cards is table
    assert r.count_word == word


def test_eleven_cards_turn_up_no_card() -> None:
    r = preset("gin").but(first_turn=FirstTurn.ELEVEN_CARDS)
    assert r.has_discard_pile and not r.has_upcard
