"""Helpers for the rules tests: stacked decks so a test can deal exactly the
hands it needs, cards from text, and a refused move that changes nothing."""

from __future__ import annotations

import pytest

from ginrummies.core import CARDS, Card, Hand, IllegalAction, parse_cards


def stack(
    non_dealer: str,
    dealer: str,
    upcard: str | None = None,
    stock: str = "",
    extra: str | None = None,
) -> list[Card]:
    """A deck that deals these hands (cards as text), then the upcard, then
    the stock's first cards in order; the rest follow in a fixed order.

    ``extra`` is the eleventh card of the non-dealer (eleven-card rule).
    """
    nd, d = parse_cards(non_dealer), parse_cards(dealer)
    assert len(nd) == len(d)
    deck: list[Card] = []
    for a, b in zip(nd, d, strict=True):
        deck += [a, b]
    if extra:
        deck.append(Card.parse(extra))
    if upcard:
        deck.append(Card.parse(upcard))
    deck += parse_cards(stock)
    assert len(set(deck)) == len(deck), "a card is dealt twice"
    deck += [c for c in CARDS if c not in deck]
    return deck


def c(text: str) -> Card:
    return Card.parse(text)


def refused(hand: Hand, action: object, match: str) -> None:
    """The action is refused with a message and the state stays exactly as it was."""
    before = hand.state_key()
    log = list(hand.log)
    with pytest.raises(IllegalAction, match=match):
        hand.apply(action)  # type: ignore[arg-type]
    assert hand.state_key() == before
    assert hand.log == log
