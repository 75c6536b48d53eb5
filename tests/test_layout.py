"""The hand's display order: aces where the rules put them."""

from __future__ import annotations

from ginrummies.core import parse_cards, preset
from ginrummies.tui.layout import SortMode, lay_out


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
