"""Colonel: RULES.md section 4 and worked examples 7 and 8."""

from __future__ import annotations

from helpers import c, refused, stack

from ginrummies.core import (
    Accept,
    AcePolicy,
    Challenge,
    ColonelHand,
    Decline,
    Discard,
    DrawStock,
    Hand,
    LayMeld,
    LayOff,
    Meld,
    MeldKind,
    Outcome,
    Phase,
    TakeDiscard,
    make_meld,
    parse_cards,
    preset,
    score_going_out,
    score_lower_total,
)

COL = preset("colonel")
P, O = 1, 0


def meld(text: str) -> LayMeld:
    return LayMeld(make_meld(parse_cards(text), COL))


def deal(nd: str, d: str, up: str, stock: str, rules: object = COL) -> ColonelHand:
    hand = Hand.deal(rules, 0, deck=stack(nd, d, up, stock))  # type: ignore[arg-type]
    assert isinstance(hand, ColonelHand)
    return hand


def test_preset() -> None:
    assert (COL.ace, COL.ace_value, COL.target, COL.challenge) == (AcePolicy.HIGH, 10, 100, False)


def test_ace_is_high_only() -> None:
    hand = deal("Ac 2c 3c 5c 5d 5s 9s 9h 4d 2s", "Jh Qh Kh 7c 7d 7h Td 6s 5h 3d", "Kd", "8h")
    hand.apply(DrawStock())
    bad = Meld(MeldKind.RUN, tuple(parse_cards("Ac 2c 3c")))
    refused(hand, LayMeld(bad), "not a meld")
    assert make_meld(parse_cards("Qh Kh Ah"), COL).kind is MeldKind.RUN


def test_melds_during_play_and_lay_offs_on_the_opponents_melds() -> None:
    hand = deal("Ac 2c 3c 5c 5d 5s 9s 9h 4d 2s", "Jh Qh Kh 7c 7d 7h Td 6s 5h 3d", "Kd", "8h")
    assert hand.to_move == P and hand.discard_pile == (c("Kd"),)
    assert hand.legal_actions() == [DrawStock(), TakeDiscard()]
    refused(hand, meld("5c 5d 5s"), "start your turn")
    hand.apply(DrawStock())
    hand.apply(meld("5c 5d 5s"))
    hand.apply(Discard(c("2s")))
    assert hand.to_move == O
    hand.apply(TakeDiscard())
    assert c("2s") in hand.view(P).known_opponent_cards
    refused(hand, Discard(c("2s")), "from the pile this turn")
    hand.apply(meld("Jh Qh Kh"))
    hand.apply(meld("7c 7d 7h"))
    hand.apply(LayOff(c("5h"), 0))  # on the other player's set
    v = hand.view(P)
    assert [(t.owner, str(t.meld)) for t in v.table.melds] == [
        (P, "5♣ 5♦ 5♥ 5♠"),
        (O, "J♥ Q♥ K♥"),
        (O, "7♣ 7♦ 7♥"),
    ]
    hand.apply(Discard(c("6s")))
    hand.apply(DrawStock())  # 8h extends nothing; 9h goes... nowhere yet
    refused(hand, LayOff(c("9s"), 1), "does not fit")
    refused(hand, LayOff(c("9s"), 7), "no meld number 8")


def test_going_out_by_the_discard() -> None:
    opp = "As Ks Qs Jd 3c 3h 2h 4c 7s 8s"
    hand = deal("Qh Kh Ah 5c 5d 5s 6d 7d 8d 9d", opp, "2c", "Tc")
    hand.apply(DrawStock())
    for m in ("Qh Kh Ah", "5c 5d 5s", "6d 7d 8d 9d"):
        hand.apply(meld(m))
    assert hand.view(P).hand == (c("Tc"),)
    hand.apply(Discard(c("Tc")))
    r = hand.result
    assert r is not None and r.outcome is Outcome.OUT and r.ending.went_out == P
    assert r.points == (0, 10 * 4 + 3 + 3 + 2 + 4 + 7 + 8)  # A K Q J at 10 each
    assert any("A♠ 10" in line for line in r.breakdown())


def test_going_out_by_melding_alone() -> None:
    hand = deal("Qh Kh Ah 5c 5d 5s 6d 7d 8d 9d", "As Ks Qs Jd 3c 3h 2h 4c 7s 8s", "2c", "Td")
    hand.apply(DrawStock())
    hand.apply(meld("Qh Kh Ah"))
    hand.apply(meld("5c 5d 5s"))
    hand.apply(meld("6d 7d 8d 9d Td"))
    r = hand.result
    assert r is not None and r.outcome is Outcome.OUT and hand.discard_pile == (c("2c"),)


def test_a_lone_taken_card_may_be_discarded() -> None:
    hand = deal("Qh Kh Ah 5c 5d 5s 6d 7d 8d 9d", "As Ks Qs Jd 3c 3h 2h 4c 7s 8s", "2c", "Tc")
    hand.apply(TakeDiscard())
    refused(hand, Discard(c("2c")), "from the pile this turn")
    for m in ("Qh Kh Ah", "5c 5d 5s", "6d 7d 8d 9d"):
        hand.apply(meld(m))
    # the card taken is all that is left: throwing it is the only way on
    assert hand.legal_actions() == [Discard(c("2c"))]
    hand.apply(Discard(c("2c")))
    assert hand.result is not None and hand.result.ending.went_out == P


def test_the_stock_running_out_ends_the_hand() -> None:
    hand = Hand.deal(COL, 0, seed=4)
    while not hand.is_over:
        mover = hand.to_move or 0
        before = set(hand.cards_of(mover))
        hand.apply(DrawStock())
        (drawn,) = set(hand.cards_of(mover)) - before
        hand.apply(Discard(drawn))
    r = hand.result
    assert r is not None and r.outcome is Outcome.STOCK and hand.stock_size == 0
    totals = r.counts
    low = 0 if totals[0] < totals[1] else 1
    assert r.points[low] == abs(totals[0] - totals[1])


def test_the_challenge() -> None:
    rules = COL.but(challenge=True)
    hand = deal(
        "Qh Kh Ah 5c 5d 5s 6d 7d 8d 2s", "As Ks Qs Jd 3c 3h 2h 4c 7s 8s", "2c", "Tc 9c", rules
    )
    assert Challenge() in hand.legal_actions()
    hand.apply(Challenge())
    assert hand.to_move == O and hand.phase is Phase.CHALLENGED
    assert hand.view(O).table.challenge_pending
    assert hand.legal_actions() == [Accept(), Decline()]
    hand.apply(Decline())
    assert hand.to_move == P and hand.phase is Phase.DRAW
    refused(hand, Challenge(), "only one challenge a turn")
    hand.apply(DrawStock())
    refused(hand, Challenge(), "start of your turn")
    hand.apply(Discard(c("Tc")))
    hand.apply(Challenge())  # the opponent challenges, and the non-dealer accepts
    p_total = 10 + 10 + 10 + 5 * 3 + 6 + 7 + 8 + 2
    o_total = 10 * 4 + 3 + 3 + 2 + 4 + 7 + 8
    hand.apply(Accept())
    r = hand.result
    assert r is not None and r.outcome is Outcome.CHALLENGE and r.ending.challenger == O
    assert r.counts == (o_total, p_total)
    low = P if p_total < o_total else O
    assert r.points[low] == max(p_total, o_total)
    assert "Player 1 challenges; Player 2 accepts." in r.breakdown()


def test_no_challenge_unless_the_rule_is_on() -> None:
    hand = Hand.deal(COL, 0, seed=1)
    assert Challenge() not in hand.legal_actions()
    refused(hand, Challenge(), "not played under these rules")


def test_worked_example_7() -> None:
    points, bonus, _ = score_going_out(COL, parse_cards("As Kh Td 3c"))
    assert (points, bonus) == (33, 0)


def test_worked_example_8() -> None:
    points, lines = score_lower_total((12, 30), whole=True)
    assert points == [30, 0] and "scores all 30" in lines[0]
    assert score_lower_total((30, 12), whole=True)[0] == [0, 30]
    assert score_lower_total((20, 20), whole=True)[0] == [0, 0]
    assert score_lower_total((12, 30), whole=False)[0] == [18, 0]
