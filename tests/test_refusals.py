"""The core says why not: ``verify``, ``can`` and ``refusal`` agree with the
legal moves, in every variant (``apply`` refuses through them: see
test_properties), and the play layer's words follow the core's rules.

Random hands of every rule set are played out; at every position each
candidate move (every card of the deck for the moves that name one, every
meld on the table for a lay-off) is asked about, as a whole action and as
an attempt of its kind, and the answer must match the legal-move list,
which the engines work out apart from the checks.
"""

from __future__ import annotations

import random

import pytest

from ginrummies.core import (
    CARDS,
    Accept,
    Action,
    Attempt,
    Challenge,
    Decline,
    Discard,
    DrawStock,
    EndTurn,
    FirstTurn,
    Hand,
    Knock,
    LayContract,
    LayMeld,
    LayOff,
    Offer,
    Pass,
    Reason,
    Refusal,
    RuleSet,
    TakeDiscard,
    preset,
)

GIN = preset("gin")
RULE_SETS = {
    "gin": GIN,
    "oklahoma": preset("oklahoma"),
    "sequence": preset("sequence"),
    "fosdick": preset("fosdick"),
    "gin big gin, fiftieth card": GIN.but(big_gin=True, fiftieth_card=True),
    "gin eleven cards": GIN.but(first_turn=FirstTurn.ELEVEN_CARDS),
    "gin taken card back": GIN.but(discard_taken_card=True),
    "skarney": preset("skarney"),
    "colonel": preset("colonel"),
    "colonel challenge": preset("colonel").but(challenge=True),
}
SIMPLE: tuple[Action, ...] = (
    DrawStock(),
    TakeDiscard(),
    Pass(),
    Accept(),
    Decline(),
    EndTurn(),
    Challenge(),
)


def candidates(hand: Hand) -> list[Action]:
    """Every move with no spread to choose: the simple ones, and each card of
    the deck discarded, offered and laid off on each table meld."""
    out: list[Action] = list(SIMPLE)
    table = getattr(hand, "table", ())
    for card in CARDS:
        out += [Discard(card), Offer(card)]
        out += [LayOff(card, t) for t in range(len(table) + 1)]
    return out


def is_gin(action: Action, hand: Hand) -> bool:
    assert isinstance(action, Knock)
    player = hand.to_move
    assert player is not None
    return action.deadwood(hand.cards_of(player), hand.rules) == 0


def check_position(hand: Hand) -> None:
    legal = hand.legal_actions()
    for action in legal:
        assert hand.refusal(action) is None, action
    for action in candidates(hand):
        refusal = hand.refusal(action)
        assert (refusal is None) == (action in legal), (action, refusal)
        if refusal is not None:
            assert isinstance(refusal.reason, Reason) and str(refusal)
    # attempts: a kind of move may be made exactly when one of its actions is legal
    kinds = {type(a) for a in legal}
    for kind in (DrawStock, TakeDiscard, Pass, Accept, Decline, EndTurn, Challenge, Knock):
        assert hand.can(Attempt(kind)) == (kind in kinds), kind
    gins = [a for a in legal if isinstance(a, Knock) and is_gin(a, hand)]
    assert hand.can(Attempt(Knock, gin=True)) == bool(gins)
    player = hand.to_move
    assert player is not None
    for card in hand.cards_of(player):
        for kind in (Discard, Offer, LayOff):
            some = any(isinstance(a, kind) and a.card == card for a in legal)
            assert hand.can(Attempt(kind, card)) == some, (kind, card)
    melds = [a for a in legal if isinstance(a, LayMeld | LayContract)]
    assert hand.can(Attempt(LayMeld)) == bool(melds)
    for action in melds:
        cards = action.meld.cards if isinstance(action, LayMeld) else action.cards
        assert hand.can(Attempt(LayMeld, cards=frozenset(cards))), action


@pytest.mark.slow
@pytest.mark.parametrize("name", RULE_SETS)
def test_the_checks_agree_with_the_legal_moves(name: str) -> None:
    rules: RuleSet = RULE_SETS[name]
    for seed in range(6):
        rng = random.Random(seed)
        hand = Hand.deal(rules, seed % 2, seed=seed)
        while not hand.is_over:
            check_position(hand)
            hand.apply(rng.choice(hand.legal_actions()))
        assert hand.refusal(DrawStock()) == Refusal(Reason.HAND_OVER)


def test_the_wrong_player_is_told_whose_turn_it_is() -> None:
    hand = Hand.deal(GIN, 0, seed=3)
    assert hand.to_move == 1
    assert hand.refusal(Pass(), player=0) == Refusal(Reason.NOT_YOUR_TURN, player=1)
    assert hand.can(Pass(), player=1)


# --- one rule, one place: the words follow the core ------------------------------


def skarney_lay_offs(monkeypatch: pytest.MonkeyPatch, per_meld: int) -> str:
    """You lay the contract, accept 7♠, draw, and lay off 5♠, 6♠ on your run
    (as many as ``per_meld`` lets you): why may 7♠ not follow them?"""
    from helpers import c, stack

    from ginrummies.core import make_meld, parse_cards
    from ginrummies.core import skarney as engine
    from ginrummies.play import Seat, SeatKind, Session
    from ginrummies.play.words import why_not

    monkeypatch.setattr(engine, "LAYOFFS_PER_MELD", per_meld)
    rules = preset("skarney")
    deck = stack("2s 3s 4s 9c 9d 9h Jc Qd Kh 5s", "2c 5h Kd Ac Tc Th 6d 8h 3c Qh", None, "6s 7s Ah")
    seats = (Seat("You"), Seat("Computer", SeatKind.COMPUTER, "random"))
    session = Session(rules, seats, 1, first=1)
    session.game.round.hands = (Hand.deal(rules, 1, deck=deck),)
    melds = [make_meld(parse_cards(t), rules) for t in ("2s 3s 4s", "9c 9d 9h", "Jc Qd Kh")]
    session.play(DrawStock())
    session.play(LayContract((melds[0], melds[1], melds[2])))
    session.play(Offer(c("6s")))
    session.game.apply(Decline())
    session.game.apply(DrawStock())
    session.game.apply(Offer(c("7s")))
    session.play(Accept())
    session.play(DrawStock())
    for card in ("5s", "6s")[:per_meld]:
        session.play(LayOff(c(card), 0))
    nxt = ("5s", "6s", "7s")[per_meld]
    return why_not(session, session.view(0), "lay_off", c(nxt))


def test_the_refusal_words_follow_the_rule_in_the_core(monkeypatch: pytest.MonkeyPatch) -> None:
    assert skarney_lay_offs(monkeypatch, 2) == (
        "You have laid off 2 cards on [2♠ 3♠ 4♠ 5♠ 6♠] this turn, "
        "the most one meld takes in a turn."
    )
    # the same words come from the rule the engine applies, whatever it says
    assert skarney_lay_offs(monkeypatch, 1) == (
        "You have laid off 1 card on [2♠ 3♠ 4♠ 5♠] this turn, the most one meld takes in a turn."
    )
