"""Shared helpers: stacked decks so a test can deal exactly the hands it needs."""

from __future__ import annotations

import os
import sys

import pytest
from hypothesis import settings

from ginrummies.core import CARDS, Card, Hand, IllegalAction, parse_cards

sys.path.insert(0, os.path.dirname(__file__))

settings.register_profile("ci", max_examples=60, deadline=None)
settings.register_profile("dev", max_examples=30, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


@pytest.fixture(autouse=True)
def _private_data_dir(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No test ever reads or writes the user's own saves, settings or statistics."""
    monkeypatch.setenv("GINRUMMIES_DATA_DIR", str(tmp_path_factory.mktemp("data")))


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
