"""Sequence Gin: runs only, and the bonuses of RULES.md 2.4."""

from __future__ import annotations

from helpers import stack

from ginrummies.core import (
    DrawStock,
    Hand,
    Knock,
    Outcome,
    Pass,
    make_meld,
    parse_cards,
    preset,
    sequence_bonus,
)

SEQ = preset("sequence")


def test_bonus_counts_long_runs_and_court_cards() -> None:
    six = make_meld(parse_cards("2c 3c 4c 5c 6c 7c"), SEQ)
    court = make_meld(parse_cards("Jh Qh Kh"), SEQ)
    five = make_meld(parse_cards("9d Td Jd Qd Kd"), SEQ)
    assert sequence_bonus([six]) == 6
    assert sequence_bonus([court]) == 3
    assert sequence_bonus([five]) == 3  # five cards is not long; J Q K count
    long_court = make_meld(parse_cards("8s 9s Ts Js Qs Ks"), SEQ)
    assert sequence_bonus([long_court]) == 6 + 3


def test_bonuses_add_to_the_hand_score_for_both_players() -> None:
    nd = "2c 3c 4c 5c 6c 7c Jh Qh Kh 5d"  # runs of six and J-Q-K, deadwood 5
    d = "Js Qs Ks 2d 3d 4d 7s 7d 7h 8s"  # J-Q-K of spades; three 7s are no meld here
    hand = Hand.deal(SEQ, 0, deck=stack(nd, d, "9d", "Ts"))
    assert hand.knock_limit == 9  # type: ignore[attr-defined]
    hand.apply(Pass())
    hand.apply(Pass())
    hand.apply(DrawStock())
    knock = next(a for a in hand.legal_actions() if isinstance(a, Knock))
    hand.apply(knock)
    r = hand.result
    assert r is not None and r.outcome is Outcome.KNOCK
    assert (r.counts[1], r.counts[0]) == (5, 29)  # the bonuses never change the counts
    assert r.ending.bonuses == (3, 9)
    assert r.points == (3, 29 + 9)  # knocker scores all of D (Fosdick) plus bonus
    assert any("Sequence bonuses" in line for line in r.breakdown())


def test_bonuses_do_not_decide_an_undercut() -> None:
    nd = "2c 3c 4c 5c 6c 7c Jh Qh Kh 8d"  # deadwood 8
    d = "Js Qs Ks 2d 3d 4d 5h 6h 7h As"  # deadwood 1: an undercut despite the bonuses
    hand = Hand.deal(SEQ, 0, deck=stack(nd, d, "9d", "Ts"))
    hand.apply(Pass())
    hand.apply(Pass())
    hand.apply(DrawStock())
    hand.apply(next(a for a in hand.legal_actions() if isinstance(a, Knock)))
    r = hand.result
    assert r is not None and r.outcome is Outcome.UNDERCUT and r.winner == 0
    assert r.points == (8 - 1 + 20 + 3, 9)
