"""The hand's display order: aces where the rules put them."""

from __future__ import annotations

from ginrummies.core import parse_cards, preset
from ginrummies.play.handorder import SortMode, lay_out


def labels(cards: str, rules: str, mode: SortMode) -> list[str]:
    layout, _ = lay_out(tuple(parse_cards(cards)), preset(rules), mode)
    return [str(c) for c in layout.cards]


def test_colonel_sorts_the_ace_after_the_king() -> None:
    hand = "Ac 5d Kh 2s Ad"
    assert labels(hand, "colonel", SortMode.RANK)[-2:] == [str(c) for c in parse_cards("Ac Ad")]
    by_suit = labels(hand, "colonel", SortMode.SUIT)
    assert by_suit[:1] == [str(c) for c in parse_cards("Ac")]
    assert by_suit[1:3] == [str(c) for c in parse_cards("5d Ad")]
    # deadwood in the meld layout follows the same order
    assert labels(hand, "colonel", SortMode.MELDS)[-1] in {str(c) for c in parse_cards("Ac Ad")}


def test_gin_sorts_the_ace_first() -> None:
    assert labels("Kh 5d Ac", "gin", SortMode.RANK)[0] == str(parse_cards("Ac")[0])


def test_the_meld_layout_groups_the_melds_and_marks_the_deadwood() -> None:
    """Each meld is a Group labelled with its kind; the deadwood, last, is
    the one group marked ``deadwood`` (its cards' values are shown under it)."""
    from ginrummies.play.handorder import Group

    cards = tuple(parse_cards("7c 7d 7h 2s 3s 4s Kh 9d"))
    layout, points = lay_out(cards, preset("gin"), SortMode.MELDS)
    assert points == 19
    *melds, dead = layout.groups
    assert sorted(g.label for g in melds) == ["run", "set"]
    assert [(g.start, g.end) for g in melds] == [(0, 3), (3, 6)]
    assert not any(g.deadwood for g in melds)
    assert dead == Group(start=6, end=8, deadwood=True)
    assert {str(c) for c in layout.cards[6:]} == {str(c) for c in parse_cards("Kh 9d")}
    assert lay_out(cards, preset("gin"), SortMode.RANK)[0].groups == ()
