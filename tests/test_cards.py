import pytest

from ginrummies.core import CARDS, Card, full_deck, parse_cards, shuffled_deck
from ginrummies.core.cards import cards_of_mask, check_deck, from_mask, to_mask


@pytest.mark.parametrize("text", ["Th", "10h", "10♥", "t♥", "TH", " 10h ", "T♡"])
def test_parse_ten_of_hearts_every_way(text: str) -> None:
    assert Card.parse(text) == Card(10, "h")


def test_parse_all_ranks_and_suits() -> None:
    for card in CARDS:
        assert Card.parse(card.code) is card
        assert Card.parse(card.label) is card
        assert Card.parse(card.ascii_label) is card


@pytest.mark.parametrize("bad", ["", "X", "1x", "11h", "Zs", "10", "♥", "AA"])
def test_parse_rejects_nonsense_with_a_message(bad: str) -> None:
    with pytest.raises(ValueError, match="card"):
        Card.parse(bad)


def test_card_checks_its_fields() -> None:
    with pytest.raises(ValueError, match="rank"):
        Card(0, "h")
    with pytest.raises(ValueError, match="suit"):
        Card(5, "x")


def test_labels_and_order() -> None:
    assert Card(10, "h").label == "10♥"
    assert Card(1, "s").code == "As"
    assert Card(13, "c").label == "K♣"
    assert sorted(parse_cards("Kc 2s 2c As")) == parse_cards("As 2c 2s Kc")


def test_masks_round_trip() -> None:
    cards = parse_cards("As 2s 3s Kd Th")
    mask = to_mask(cards)
    assert mask.bit_count() == 5
    assert sorted(from_mask(mask)) == sorted(cards)
    assert sorted(cards_of_mask(mask)) == sorted(cards)


def test_full_deck_and_seeded_shuffles() -> None:
    deck = full_deck()
    check_deck(deck)
    assert shuffled_deck(7) == shuffled_deck(7)
    assert shuffled_deck(7) != shuffled_deck(8)
    check_deck(shuffled_deck("any text seed"))


def test_check_deck_refuses_a_bad_deck() -> None:
    with pytest.raises(ValueError, match="52"):
        check_deck(full_deck()[:51])
    with pytest.raises(ValueError, match="52"):
        check_deck([*full_deck()[:51], CARDS[0]])
