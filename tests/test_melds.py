"""The meld engine against the definitions of RULES.md section 1."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from oracle import oracle_deadwood as _oracle_deadwood
from oracle import oracle_melds as _oracle_melds

from ginrummies.core import (
    CARDS,
    AcePolicy,
    Card,
    MeldKind,
    RuleSet,
    all_melds,
    arrangements,
    best_arrangement,
    card_value,
    deadwood,
    knock_arrangements,
    layoff_exposure,
    layoff_targets,
    make_meld,
    meld_kind,
    parse_cards,
    preset,
)

GIN = preset("gin")
POKER = RuleSet(poker_melds=True, ace=AcePolicy.LOW_OR_HIGH, ace_value=15)


def cards(text: str) -> list[Card]:
    return parse_cards(text)


RULE_VARIANTS = [
    GIN,
    preset("sequence"),
    RuleSet(ace=AcePolicy.HIGH, ace_value=10),
    RuleSet(ace=AcePolicy.LOW_OR_HIGH, ace_value=15),
    RuleSet(ace=AcePolicy.AROUND),
    POKER,
    RuleSet(poker_melds=True, ace=AcePolicy.AROUND, sets=False),
]


@given(
    st.sampled_from(RULE_VARIANTS),
    st.integers(3, 11).flatmap(
        lambda n: st.lists(st.sampled_from(CARDS), min_size=n, max_size=n, unique=True)
    ),
)
def test_solver_agrees_with_exhaustive_search(rules: RuleSet, hand: list[Card]) -> None:
    arr = best_arrangement(hand, rules, discard=False)
    assert arr.points == _oracle_deadwood(hand, rules, False)
    # the arrangement it reports is real: valid melds, disjoint, all cards accounted for
    used = [c for m in arr.melds for c in m.cards]
    assert len(used) == len(set(used))
    assert sorted(used + list(arr.deadwood)) == sorted(hand)
    assert all(meld_kind(m.cards, rules) is m.kind for m in arr.melds)
    assert arr.points == sum(card_value(c, rules) for c in arr.deadwood)
    assert {frozenset(m.cards) for m in all_melds(hand, rules)} == set(_oracle_melds(hand, rules))


@pytest.mark.slow
@given(
    st.sampled_from(RULE_VARIANTS[:5]),
    st.lists(st.sampled_from(CARDS), min_size=11, max_size=11, unique=True),
)
def test_best_discard_agrees_with_exhaustive_search(rules: RuleSet, hand: list[Card]) -> None:
    arr = best_arrangement(hand, rules)
    assert arr.discard in hand
    assert arr.points == _oracle_deadwood(hand, rules, True)
    rest = [c for c in hand if c != arr.discard]
    assert sorted([c for m in arr.melds for c in m.cards] + list(arr.deadwood)) == sorted(rest)
    assert deadwood(hand, rules) == arr.points


# --- meld kinds and ace policies ---------------------------------------------------


def test_sets_of_three_and_four_not_five() -> None:
    assert meld_kind(cards("7c 7d 7h"), GIN) is MeldKind.SET
    assert meld_kind(cards("7c 7d 7h 7s"), GIN) is MeldKind.SET
    assert meld_kind(cards("7c 7d"), GIN) is None


def test_runs_need_one_suit_and_consecutive_ranks() -> None:
    assert meld_kind(cards("5h 6h 7h"), GIN) is MeldKind.RUN
    assert meld_kind(cards("5h 6h 7h 8h 9h Th Jh"), GIN) is MeldKind.RUN
    assert meld_kind(cards("5h 6h 8h"), GIN) is None
    assert meld_kind(cards("5h 6h 7s"), GIN) is None


@pytest.mark.parametrize(
    ("ace", "a23", "qka", "ka2"),
    [
        (AcePolicy.LOW, True, False, False),
        (AcePolicy.HIGH, False, True, False),
        (AcePolicy.LOW_OR_HIGH, True, True, False),
        (AcePolicy.AROUND, True, True, True),
    ],
)
def test_ace_policies(ace: AcePolicy, a23: bool, qka: bool, ka2: bool) -> None:
    rules = RuleSet(ace=ace)
    assert (meld_kind(cards("As 2s 3s"), rules) is MeldKind.RUN) == a23
    assert (meld_kind(cards("Qs Ks As"), rules) is MeldKind.RUN) == qka
    assert (meld_kind(cards("Ks As 2s"), rules) is MeldKind.RUN) == ka2


def test_high_ace_runs_read_from_the_low_end() -> None:
    meld = make_meld(cards("As Qs Ks"), RuleSet(ace=AcePolicy.HIGH))
    assert [c.code for c in meld.cards] == ["Qs", "Ks", "As"]
    around = make_meld(cards("2s As Ks"), RuleSet(ace=AcePolicy.AROUND))
    assert [c.code for c in around.cards] == ["Ks", "As", "2s"]


def test_poker_melds_only_when_on() -> None:
    assert meld_kind(cards("5h 6s 7d"), GIN) is None
    assert meld_kind(cards("5h 6s 7d"), POKER) is MeldKind.POKER
    assert meld_kind(cards("Qh Ks Ad"), POKER) is MeldKind.POKER
    assert meld_kind(cards("Kh As 2d"), POKER) is None
    assert meld_kind(cards("5h 6h 7h"), POKER) is MeldKind.RUN


def test_sequence_gin_melds_runs_only() -> None:
    seq = preset("sequence")
    assert meld_kind(cards("7c 7d 7h"), seq) is None
    arr = best_arrangement(cards("7c 7d 7h 2s 3s 4s"), seq, discard=False)
    assert [str(m) for m in arr.melds] == ["2♠ 3♠ 4♠"]
    assert arr.points == 21


def test_make_meld_refuses_non_melds() -> None:
    with pytest.raises(ValueError, match="not a meld"):
        make_meld(cards("2s 3s 5s"), GIN)


# --- best arrangement ------------------------------------------------------------


def test_best_arrangement_prefers_least_deadwood() -> None:
    # 7h goes in the set of 7s (deadwood 8h 9h) or in the run 7-8-9h (7c 7d dead)
    hand = cards("7c 7d 7h 8h 9h Kc Kd 2s 3s 4c")
    arr = best_arrangement(hand, GIN)
    assert [str(m) for m in arr.melds] == ["7♥ 8♥ 9♥"]
    assert arr.points == 7 + 7 + 10 + 10 + 2 + 3 + 4
    assert arr.points == deadwood(hand, GIN)


def test_gin_hand_has_no_deadwood() -> None:
    arr = best_arrangement(cards("As 2s 3s 4s 5d 5h 5c Jd Qd Kd"), GIN)
    assert arr.points == 0 and arr.deadwood == ()
    assert len(arr.melds) == 3


def test_eleven_cards_choose_the_discard() -> None:
    arr = best_arrangement(cards("As 2s 3s 4s 4d 4h 5s 6s Kd Kc Kh"), GIN)
    assert arr.points == 4
    assert arr.discard is not None and arr.discard.rank == 4
    assert arr.discard.suit in "dh"


def test_big_gin_arrangement_without_discard() -> None:
    hand = cards("As 2s 3s 4s 5d 5h 5c Jd Qd Kd Td")
    assert best_arrangement(hand, GIN, discard=False).points == 0
    with_discard = best_arrangement(hand, GIN)
    assert with_discard.points == 0 and with_discard.discard is not None


def test_empty_hand() -> None:
    assert best_arrangement([], GIN).points == 0
    with pytest.raises(ValueError, match="empty"):
        best_arrangement([], GIN, discard=True)


# --- alternatives and lay-offs ---------------------------------------------------------


def test_arrangements_are_maximal_and_sorted_for_the_knocker() -> None:
    # 4s as a set or 4s into the runs: different lay-off exposure
    hand = cards("2h 3h 4h 4d 4c 5c 6c 9s 9d 9h")
    options = arrangements(hand, GIN)
    assert all(not all_melds(a.deadwood, GIN) for a in options)
    ranked = knock_arrangements(hand, GIN, limit=10)
    points = [a.points for a in ranked]
    assert points == sorted(points)
    assert all(p <= 10 for p in points)
    exposures = [layoff_exposure(a.melds, GIN, known=hand) for a in ranked if a.points == points[0]]
    assert exposures == sorted(exposures)


def test_knock_arrangements_break_ties_by_fewest_layoff_spots() -> None:
    # Th makes [Tc Td Th] (Jh Qh dead) or [Th Jh Qh] (Tc Td dead): 20 either way,
    # but the set leaves one lay-off spot (Ts) and the run two (9h, Kh)
    hand = cards("Tc Td Th Jh Qh As 2s 3s 4d 4c")
    first, second = knock_arrangements(hand, GIN)[:2]
    assert first.points == second.points == 28
    assert "10♣ 10♦ 10♥" in [str(m) for m in first.melds]
    assert "10♥ J♥ Q♥" in [str(m) for m in second.melds]


def test_layoff_targets() -> None:
    run = make_meld(cards("5h 6h 7h"), GIN)
    assert sorted(c.code for c in layoff_targets(run, GIN)) == ["4h", "8h"]
    low = make_meld(cards("Ah 2h 3h"), GIN)
    assert [c.code for c in layoff_targets(low, GIN)] == ["4h"]
    three = make_meld(cards("9c 9d 9h"), GIN)
    assert [c.code for c in layoff_targets(three, GIN)] == ["9s"]
    four = make_meld(cards("9c 9d 9h 9s"), GIN)
    assert layoff_targets(four, GIN) == []
    assert layoff_exposure([run, three], GIN, known=cards("8h 9s")) == 1


@given(
    st.sampled_from(RULE_VARIANTS),
    st.lists(st.sampled_from(CARDS), min_size=14, max_size=14, unique=True),
    st.data(),
)
def test_layoff_targets_are_exactly_the_cards_that_extend(
    rules: RuleSet, pool: list[Card], data: st.DataObject
) -> None:
    from ginrummies.core import extend

    melds = all_melds(pool, rules)
    if not melds:
        return
    meld = data.draw(st.sampled_from(melds))
    targets = set(layoff_targets(meld, rules))
    for card in CARDS:
        if card not in meld.cards:
            assert (extend(meld, card, rules) is not None) == (card in targets), card
