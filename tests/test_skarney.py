"""Skarney Gin: RULES.md section 3 and worked example 6."""

from __future__ import annotations

import pytest
from helpers import c, refused, stack

from ginrummies.core import (
    Accept,
    AcePolicy,
    Decline,
    DrawStock,
    EndTurn,
    Hand,
    IllegalAction,
    LayContract,
    LayMeld,
    LayOff,
    Meld,
    MeldKind,
    Offer,
    Outcome,
    Phase,
    SkarneyHand,
    action_from_data,
    action_to_data,
    make_meld,
    meld_kind,
    parse_cards,
    preset,
    score_going_out,
)

SK = preset("skarney")
P, O = 1, 0  # the dealer is player 0; the non-dealer plays first
OPP = "2c 5h Kd Ac Tc Th 6d 8h 3c Qh"  # the opponent never melds here


def melds(*texts: str) -> tuple:  # type: ignore[type-arg]
    return tuple(make_meld(parse_cards(t), SK) for t in texts)


def contract(*texts: str) -> LayContract:
    a, b, d = melds(*texts)
    return LayContract((a, b, d))


def deal(nd: str, d: str, stock: str) -> SkarneyHand:
    hand = Hand.deal(SK, 0, deck=stack(nd, d, None, stock))
    assert isinstance(hand, SkarneyHand)
    return hand


def test_preset() -> None:
    assert (SK.ace_value, SK.target, SK.ace) == (15, 200, AcePolicy.LOW_OR_HIGH)
    assert SK.poker_melds and (SK.out_bonus, SK.out_bonus_no_contract) == (20, 40)


def test_deal_has_no_upcard_and_the_non_dealer_draws_first() -> None:
    hand = deal("4s 5s 6s 9c 9d 9h Jc Qd Kh 7s", OPP, "8s")
    assert hand.discard_pile == () and hand.stock_size == 32
    assert hand.to_move == P and hand.legal_actions() == [DrawStock()]


def test_melds_poker_aces_both_ways_and_round_the_corner() -> None:
    assert meld_kind(parse_cards("5h 6s 7d"), SK) is MeldKind.POKER
    assert meld_kind(parse_cards("As 2s 3s"), SK) is MeldKind.RUN
    assert meld_kind(parse_cards("Qd Ks Ah"), SK) is MeldKind.POKER
    assert meld_kind(parse_cards("Ks As 2d"), SK) is None
    corner = SK.but(ace=AcePolicy.AROUND)
    assert meld_kind(parse_cards("Ks As 2d"), corner) is MeldKind.POKER
    assert meld_kind(parse_cards("Ks As 2s"), corner) is MeldKind.RUN


def test_going_out_after_the_contract_with_an_accepted_ace() -> None:
    hand = deal("4s 5s 6s 9c 9d 9h Jc Qd Kh 7s", OPP, "8s Ad")
    hand.apply(DrawStock())
    assert hand.phase is Phase.PLAY
    refused(hand, LayOff(c("7s"), 0), "before your contract is down")
    good = contract("4s 5s 6s", "9c 9d 9h", "Jc Qd Kh")
    assert good in hand.legal_actions()
    hand.apply(good)
    assert hand.view(P).table.contracts == (False, True)
    # nothing else the turn the contract goes down
    refused(hand, LayOff(c("7s"), 0), "you laid the contract this turn")
    assert not [a for a in hand.legal_actions() if isinstance(a, LayOff | LayMeld)]
    hand.apply(Offer(c("8s")))
    assert hand.to_move == O and hand.view(O).table.pending_offer == c("8s")
    assert hand.legal_actions() == [Accept(), Decline()]
    hand.apply(Decline())
    assert c("8s") in hand.view(O).known_opponent_cards  # it was shown
    # the opponent draws and offers the ace, which is accepted
    hand.apply(DrawStock())
    hand.apply(Offer(c("Ad")))
    hand.apply(Accept())
    v = hand.view(P)
    assert v.table.skip_draw is False and v.table.no_offer_back == c("Ad")
    assert c("Ad") in hand.view(O).known_opponent_cards
    # the accepted ace costs the draw: straight to play
    assert hand.to_move == P and hand.phase is Phase.PLAY
    assert DrawStock() not in hand.legal_actions()
    assert Offer(c("Ad")) not in hand.legal_actions()
    refused(hand, Offer(c("Ad")), "may not be offered back")
    hand.apply(LayOff(c("7s"), 0))
    hand.apply(LayOff(c("8s"), 0))
    hand.apply(LayOff(c("Ad"), 2))  # J Q K A, ace high in a poker meld
    r = hand.result
    assert r is not None and r.outcome is Outcome.OUT and r.ending.went_out == P
    held = sum(15 if x.rank == 1 else min(x.rank, 10) for x in parse_cards(OPP))
    assert r.points == (0, held + 40) and r.ending.out_bonus == 40
    text = "\n".join(r.breakdown(("Computer", "You")))
    assert "You go out." in text and "Computer never laid the contract." in text
    assert "A♣ 15" in text and f"= {held + 40}" in text


def test_two_lay_offs_a_meld_a_turn_and_last_card() -> None:
    hand = deal("2s 3s 4s 9c 9d 9h Jc Qd Kh 5s", OPP, "6s 7s Ah 2h 3h")
    hand.apply(DrawStock())
    hand.apply(contract("2s 3s 4s", "9c 9d 9h", "Jc Qd Kh"))
    hand.apply(Offer(c("6s")))
    hand.apply(Decline())
    hand.apply(DrawStock())  # the opponent draws 7s and offers it
    hand.apply(Offer(c("7s")))
    hand.apply(Accept())
    hand.apply(DrawStock())  # Ah
    assert hand.view(P).hand == tuple(sorted(parse_cards("5s 6s 7s Ah")))
    refused(hand, Offer(c("7s")), "may not be offered back")
    hand.apply(LayOff(c("5s"), 0))
    hand.apply(LayOff(c("6s"), 0))
    refused(hand, LayOff(c("7s"), 0), "the most one meld takes in a turn")
    assert LayOff(c("7s"), 0) not in hand.legal_actions()
    hand.apply(LayOff(c("Ah"), 2))
    # one card left: no offer, "last card"
    assert hand.legal_actions() == [EndTurn()]
    refused(hand, Offer(c("7s")), "one card left")
    hand.apply(EndTurn())
    assert hand.to_move == O and hand.phase is Phase.DRAW
    hand.apply(DrawStock())
    hand.apply(Offer(c("2h")))
    hand.apply(Decline())
    hand.apply(DrawStock())  # 3h; a new turn, so 7s may go on the spade run
    hand.apply(LayOff(c("7s"), 0))
    assert str(hand.table[0].meld) == "2♠ 3♠ 4♠ 5♠ 6♠ 7♠"
    assert hand.legal_actions() == [EndTurn()]


def test_contract_must_be_three_melds_of_three() -> None:
    hand = deal("4s 5s 6s 9c 9d 9h Jc Qd Kh 7s", OPP, "8s")
    hand.apply(DrawStock())
    run, nines = melds("4s 5s 6s", "9c 9d 9h")
    # three cards that make no meld, melds sharing a card, cards not held
    loose = Meld(MeldKind.SET, tuple(parse_cards("Jc Qd 7s")))
    refused(hand, LayContract((run, nines, loose)), "not a meld")
    (overlap,) = melds("5s 6s 7s")
    refused(hand, LayContract((run, nines, overlap)), "share a card")
    (elsewhere,) = melds("2c 3c 4c")
    refused(hand, LayContract((run, nines, elsewhere)), "do not hold")
    refused(hand, LayMeld(run), "before your contract is down")
    assert contract("4s 5s 6s", "9c 9d 9h", "Jc Qd Kh") in hand.legal_actions()


def test_a_contract_not_of_three_melds_of_three_says_why() -> None:
    """A contract of two melds (or four, or a meld of four cards) is an
    IllegalAction that says why, not a bare unpacking error."""
    run, nines, court, twos = melds("4s 5s 6s", "9c 9d 9h", "Jc Qd Kh", "2c 2d 2h")
    with pytest.raises(IllegalAction, match="three melds of three cards each; this has 2 melds"):
        LayContract((run, nines))  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="three melds of three cards each; this has 4 melds"):
        LayContract((run, nines, court, twos))  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="this has 0 melds"):
        LayContract(())  # type: ignore[arg-type]
    four = make_meld(parse_cards("4s 5s 6s 7s"), SK)
    with pytest.raises(IllegalAction, match="three cards each; these have 4, 3, 3 cards"):
        LayContract((four, nines, court))
    pair = Meld(MeldKind.SET, tuple(parse_cards("Jc Qd")))
    with pytest.raises(IllegalAction, match="these have 3, 3, 2 cards"):
        LayContract((run, nines, pair))
    # a saved contract of two melds is refused when read, with the same reason
    data = action_to_data(contract("4s 5s 6s", "9c 9d 9h", "Jc Qd Kh"))
    data["melds"] = data["melds"][:2]
    with pytest.raises(ValueError, match="three melds"):
        action_from_data(data)


def test_no_lay_off_on_the_opponents_melds() -> None:
    hand = deal("4s 5s 6s 9c 9d 9h Jc Qd Kh 7s", "2c 3c 4c 5h 5d 5c Th Jh Qh 8d", "8s 8c Ac")
    hand.apply(DrawStock())
    hand.apply(contract("4s 5s 6s", "9c 9d 9h", "Jc Qd Kh"))
    hand.apply(Offer(c("8s")))
    hand.apply(Decline())
    hand.apply(DrawStock())
    hand.apply(contract("2c 3c 4c", "5h 5d 5c", "Th Jh Qh"))
    assert hand.view(P).table.contracts == (True, True)
    assert [t.owner for t in hand.view(P).table.melds] == [P, P, P, O, O, O]
    hand.apply(Offer(c("8c")))
    hand.apply(Decline())
    hand.apply(DrawStock())  # Ac would extend the opponent's 2c 3c 4c
    refused(hand, LayOff(c("Ac"), 3), "you lay off only on your own")
    assert LayOff(c("Ac"), 3) not in hand.legal_actions()


@pytest.mark.slow
def test_the_stock_ends_the_hand_and_the_lower_total_scores() -> None:
    hand = Hand.deal(SK, 0, seed=12)
    assert isinstance(hand, SkarneyHand)
    while not hand.view(hand.to_move or 0).table.last_turn:
        mover = hand.to_move or 0
        before = set(hand.cards_of(mover))
        hand.apply(DrawStock())
        if hand.view(mover).table.last_turn:
            break
        (drawn,) = set(hand.cards_of(mover)) - before
        hand.apply(Offer(drawn))
        hand.apply(Decline())
    assert hand.stock_size == 2
    assert EndTurn() in hand.legal_actions()
    assert not [a for a in hand.legal_actions() if isinstance(a, Offer)]
    totals = [sum(15 if x.rank == 1 else min(x.rank, 10) for x in hand.cards_of(p)) for p in (0, 1)]
    hand.apply(EndTurn())
    r = hand.result
    assert r is not None and r.outcome is Outcome.STOCK
    assert list(r.counts) == totals
    low = totals.index(min(totals))
    assert r.points[low] == abs(totals[0] - totals[1])
    assert any("holds" in line for line in r.breakdown())


def test_worked_example_6() -> None:
    points, bonus, lines = score_going_out(SK, parse_cards("Ac Kd 5h"), contract=False)
    assert (points, bonus) == (15 + 10 + 5 + 40, 40) == (70, 40)
    assert score_going_out(SK, parse_cards("Ac Kd 5h"), contract=True)[0] == 50
    assert "no contract" in lines[0]


def test_offers_only_in_play_and_answers_only_to_an_offer() -> None:
    hand = deal("4s 5s 6s 9c 9d 9h Jc Qd Kh 7s", OPP, "8s")
    refused(hand, Offer(c("7s")), "start your turn")
    refused(hand, Accept(), "no offer to answer")
    hand.apply(DrawStock())
    refused(hand, Offer(c("Ah")), "you do not hold")
    refused(hand, EndTurn(), "by offering a card")
    from ginrummies.core import Discard

    refused(hand, Discard(c("7s")), "not a Skarney move")
