"""hand_count: what a hand would be scored at if it ended now (RULES.md 2.2, 3, 4)."""

from __future__ import annotations

from ginrummies.core import best_arrangement, hand_count, parse_cards, preset


def test_gin_counts_the_least_deadwood() -> None:
    gin = preset("gin")
    hand = parse_cards("As 2s 3s 4s 7h 7d 7c 9d Kd Kc")
    assert hand_count(hand, gin) == 29 == best_arrangement(hand, gin).points
    # having drawn, a knock would let the worst card go first
    eleven = parse_cards("As 2s 3s 4s 4d 4h 5s 6s Kd Kc Kh")
    assert hand_count(eleven, gin) == 4
    assert hand_count(eleven, gin, discard=False) == 8  # 4♦ 4♥ beside K K K, A-3, 4-6♠


def test_skarney_counts_every_card_held_melded_or_not() -> None:
    sk = preset("skarney")
    hand = parse_cards("Ac 2c 3c 5h 5d 5s Kd")  # two melds, yet all of it counts
    assert hand_count(hand, sk) == 15 + 2 + 3 + 5 * 3 + 10
    assert best_arrangement(hand, sk).points == 10  # not what the hand is scored at


def test_colonel_counts_every_card_held_aces_ten() -> None:
    col = preset("colonel")
    hand = parse_cards("Qh Kh Ah 3c 9d")
    assert hand_count(hand, col) == 10 + 10 + 10 + 3 + 9
    assert hand_count(hand, col.but(ace_value=1)) == 10 + 10 + 1 + 3 + 9
