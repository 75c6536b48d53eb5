"""Helpers for the rules tests: stacked decks so a test can deal exactly the
hands it needs, cards from text, a refused move that changes nothing, and
the positions of a hand played out, and the same story with the hidden cards
dealt anew (for fairness), and hints judged quickly for tests of their words."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from ginrummies.ai import make_bot
from ginrummies.ai.hints import Hint, hint
from ginrummies.ai.judge import judge
from ginrummies.core import (
    CARDS,
    Action,
    Card,
    Hand,
    IllegalAction,
    PlayerView,
    RuleSet,
    parse_cards,
    replay,
)


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


def positions(
    rules: RuleSet, seed: int, level: str, chance: float
) -> Iterator[tuple[Hand, PlayerView, list[Action]]]:
    """Every position of one hand between two bots of ``level`` that play a
    random move instead with ``chance`` (so that odd positions come up too:
    pure chance seldom gets to a knock or a contract)."""
    hand = Hand.deal(rules, seed % 2, seed=seed)
    rng = random.Random(seed)
    bots = [make_bot(level, rules, seed), make_bot(level, rules, seed + 1)]
    while not hand.is_over:
        player = hand.to_move
        assert player is not None
        view = hand.view(player)
        legal = hand.legal_actions()
        yield hand, view, legal
        move = rng.choice(legal) if rng.random() < chance else bots[player].choose(view, legal)
        hand.apply(move)


def walked(rules: RuleSet, seed: int, level: str, moves: int) -> Hand:
    """A hand dealt from ``seed`` and played ``moves`` moves (or to its end)
    by bots of ``level``."""
    hand = Hand.deal(rules, seed % 2, seed=seed)
    walker = make_bot(level, rules, seed)
    for _ in range(moves):
        if hand.is_over:
            break
        p = hand.to_move or 0
        hand.apply(walker.choose(hand.view(p), hand.legal_actions()))
    return hand


def reshuffled(hand: Hand, player: int, rng: random.Random) -> Hand:
    """The same public story with the cards ``player`` cannot see dealt anew.

    The opponent's unrevealed cards and the stock's are permuted among their
    places in the deck; no action names one of them, so the log replays.
    """
    view = hand.view(player)
    seen = set(view.hand) | set(view.discard_pile) | set(view.known_opponent_cards)
    seen |= {c for t in view.table.melds for c in t.meld.cards}
    seen |= {e.card for e in view.history if e.card is not None}
    for _, action in hand.log:  # cards named by any action are public
        for attr in ("card", "discard"):
            c = getattr(action, attr, None)
            if isinstance(c, Card):
                seen.add(c)
    deck = list(hand.deck)
    places = [i for i, c in enumerate(deck) if c not in seen]
    hidden = [deck[i] for i in places]
    rng.shuffle(hidden)
    for i, c in zip(places, hidden, strict=True):
        deck[i] = c
    return replay(hand.rules, hand.dealer, deck, [a for _, a in hand.log])


def hidden_cards(hand: Hand, player: int) -> tuple[frozenset[Card], tuple[Card, ...]]:
    """What ``player`` cannot see: the opponent's hand, and the stock in order."""
    return frozenset(hand.cards_of(1 - player)), hand.deck[len(hand.deck) - hand.stock_size :]


def quick_hint(view: PlayerView, legal: Sequence[Action], **options: Any) -> list[Hint]:
    """The hints of ``view`` judged in 4 worlds, not 32: for tests of what
    the reasons say, which hold whatever the judge's order (the order
    itself, and the worlds the table uses, are tested with the real judge)."""
    return hint(view, legal, judged=judge(view, samples=4), **options)
