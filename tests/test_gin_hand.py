"""The Gin-family hand: RULES.md section 2.1 and the worked examples of section 7."""

from __future__ import annotations

import pytest
from helpers import c, refused, stack

from ginrummies.core import (
    Card,
    Discard,
    DrawStock,
    FirstTurn,
    GinHand,
    Hand,
    HandResult,
    Knock,
    Outcome,
    Pass,
    Phase,
    RuleSet,
    TakeDiscard,
    make_meld,
    parse_cards,
    preset,
)

GIN = preset("gin")
# dealer is player 0 throughout, so the non-dealer (who plays first) is player 1
ND, DL = 1, 0


def start(
    rules: RuleSet,
    nd: str,
    d: str,
    up: str | None = "Ks",
    stock: str = "",
    extra: str | None = None,
) -> GinHand:
    hand = Hand.deal(rules, DL, deck=stack(nd, d, up, stock, extra))
    assert isinstance(hand, GinHand)
    return hand


def drawn(rules: RuleSet, nd: str, d: str, up: str, stock: str) -> GinHand:
    """Both pass the upcard and the non-dealer draws: the non-dealer holds 11 cards."""
    hand = start(rules, nd, d, up, stock)
    hand.apply(Pass())
    hand.apply(Pass())
    hand.apply(DrawStock())
    return hand


def best_knock(rules: RuleSet, nd: str, d: str, up: str, stock: str) -> HandResult:
    """The non-dealer draws and makes the first knock offered (the best one)."""
    hand = drawn(rules, nd, d, up, stock)
    hand.apply(knocks(hand)[0])
    assert hand.result is not None
    return hand.result


def knocks(hand: Hand) -> list[Knock]:
    return [a for a in hand.legal_actions() if isinstance(a, Knock)]


ELDER = "3h 4h 5h 9c 9d 9h 3c 3d 3s Ah"
YOUNGER = "7c 7h 7s Jc Jd Js 6h 2h 4d 5s"


# --- the deal and the first turn ------------------------------------------------------


def test_deal_is_one_at_a_time_non_dealer_first() -> None:
    hand = start(GIN, ELDER, YOUNGER, "Ks", "Qc")
    assert sorted(hand.cards_of(ND)) == sorted(parse_cards(ELDER))
    assert sorted(hand.cards_of(DL)) == sorted(parse_cards(YOUNGER))
    assert hand.discard_pile == (c("Ks"),)
    assert hand.stock_size == 31
    assert hand.to_move == ND and hand.phase is Phase.UPCARD


def test_both_pass_then_non_dealer_must_draw_from_the_stock() -> None:
    hand = start(GIN, ELDER, YOUNGER, "Ks", "Qc")
    assert hand.legal_actions() == [TakeDiscard(), Pass()]
    hand.apply(Pass())
    assert hand.to_move == DL and hand.phase is Phase.UPCARD
    hand.apply(Pass())
    assert hand.to_move == ND and hand.phase is Phase.DRAW
    assert hand.legal_actions() == [DrawStock()]
    refused(hand, TakeDiscard(), "first draw comes from the stock")
    hand.apply(DrawStock())
    assert c("Qc") in hand.cards_of(ND)
    assert hand.phase is Phase.DISCARD


def test_non_dealer_takes_the_upcard_and_may_not_discard_it() -> None:
    hand = start(GIN, ELDER, YOUNGER, "Ks", "Qc")
    hand.apply(TakeDiscard())
    assert c("Ks") in hand.cards_of(ND)
    assert Discard(c("Ks")) not in hand.legal_actions()
    refused(hand, Discard(c("Ks")), "from the pile this turn: discard another card")
    hand.apply(Discard(c("Ah")))
    assert hand.to_move == DL and hand.phase is Phase.DRAW
    assert hand.legal_actions() == [DrawStock(), TakeDiscard()]


def test_dealer_may_take_the_upcard_after_the_non_dealer_passes() -> None:
    hand = start(GIN, ELDER, YOUNGER, "Ks", "Qc")
    hand.apply(Pass())
    hand.apply(TakeDiscard())
    hand.apply(Discard(c("4d")))
    assert hand.to_move == ND and hand.phase is Phase.DRAW
    assert hand.discard_pile == (c("4d"),)


def test_discarding_the_taken_card_can_be_allowed() -> None:
    hand = start(GIN.but(discard_taken_card=True), ELDER, YOUNGER, "Ks", "Qc")
    hand.apply(TakeDiscard())
    assert Discard(c("Ks")) in hand.legal_actions()
    hand.apply(Discard(c("Ks")))
    assert hand.discard_pile == (c("Ks"),)


def test_eleven_card_deal_first_turn_is_only_a_discard() -> None:
    rules = GIN.but(first_turn=FirstTurn.ELEVEN_CARDS)
    hand = start(rules, ELDER, YOUNGER, None, "Qc", extra="Kd")
    assert len(hand.cards_of(ND)) == 11 and len(hand.cards_of(DL)) == 10
    assert hand.discard_pile == () and hand.upcard is None
    assert hand.phase is Phase.DISCARD and hand.to_move == ND
    assert all(isinstance(a, Discard) for a in hand.legal_actions())
    # Elder could knock on deadwood 1 after letting Kd go, but not on this turn
    melds = (make_meld(parse_cards("3h 4h 5h"), rules),)
    refused(hand, Knock(c("Kd"), melds), "first turn is only a discard")
    hand.apply(Discard(c("Kd")))
    assert hand.to_move == DL and hand.phase is Phase.DRAW
    assert hand.stock_size == 31


# --- knocking and the worked examples -----------------------------------------------


def test_worked_example_1_layoffs_from_002() -> None:
    """Elder knocks with a count of 1; Younger lays off 6h and 2h and counts 9."""
    hand = drawn(GIN, ELDER, YOUNGER, "Ks", "Qc")
    best = knocks(hand)[0]
    assert best.discard == c("Qc")
    assert sorted(str(m) for m in best.melds) == ["3♣ 3♦ 3♠", "3♥ 4♥ 5♥", "9♣ 9♦ 9♥"]
    hand.apply(best)
    r = hand.result
    assert r is not None and r.outcome is Outcome.KNOCK
    assert r.counts == (9, 1)[::-1][::-1] if False else r.counts[ND] == 1 and r.counts[DL] == 9
    assert sorted(lo.card.code for lo in r.ending.layoffs) == ["2h", "6h"]
    assert r.deadwood[ND] == (c("Ah"),)  # the knocker cannot lay off the ace
    assert r.points[ND] == 8 and r.points[DL] == 0
    assert r.boxes[ND] == 1 and r.winner == ND
    text = "\n".join(r.breakdown(("You", "Computer")))
    assert "You lay off 2♥ 6♥ on [3♥ 4♥ 5♥]" in text and "9 − 1 = 8" in text


def test_worked_example_2_undercut() -> None:
    r = best_knock(
        GIN, "As 2s 3s 4h 5h 6h 7c 7d 7h 9c", "2d 3d 4d Tc Jc Qc Ks Kd Kh 8h", "Qs", "Kc"
    )
    assert r.outcome is Outcome.UNDERCUT
    assert (r.counts[ND], r.counts[DL]) == (9, 8)
    assert r.points == (26, 0) and r.winner == DL


def test_a_tie_is_an_undercut() -> None:
    r = best_knock(
        GIN, "As 2s 3s 4h 5h 6h 7c 7d 7h 8c", "2d 3d 4d Tc Jc Qc Ks Kd Kh 8h", "Qs", "Kc"
    )
    assert r.outcome is Outcome.UNDERCUT
    assert r.points[DL] == 25


def test_worked_example_3_gin_gets_no_layoffs() -> None:
    hand = drawn(GIN, "As 2s 3s 4s 4h 5h 6h 7c 7d 7h", "2d 3d 4d 5d 8s 8c 8d Ks Kd 3h", "Qs", "Kc")
    gin = knocks(hand)[0]
    hand.apply(gin)
    r = hand.result
    assert r is not None and r.outcome is Outcome.GIN
    # 3h would lay off on 4h 5h 6h against a knock, but not against gin
    assert r.ending.layoffs == () and r.counts[DL] == 23
    assert r.points[ND] == 25 + 23
    assert hand.events[-1].describe() == "Player 2 went gin"


def test_worked_example_3_gin_against_thirty() -> None:
    hand = drawn(GIN, "As 2s 3s 4s 4h 5h 6h 7c 7d 7h", "2d 3d 4d 5d 8s 8c 8d Ks Kd Qh", "Qs", "Kc")
    hand.apply(knocks(hand)[0])
    assert hand.result is not None and hand.result.points[ND] == 55


def test_worked_example_4_oklahoma_spade_upcard_doubles() -> None:
    rules = preset("oklahoma")
    r = best_knock(
        rules, "As 2s 3s 4h 5h 6h 9c 9d 9h 5c", "2d 3d 4d 5d 8s 8c 8d 8h Tc Jd", "7s", "Kc"
    )
    assert r.ending.knock_limit == 7
    assert (r.counts[ND], r.counts[DL]) == (5, 20)
    assert r.points[ND] == 30
    assert r.boxes[ND] == 1  # a knock earns no extra box
    assert any("× 2" in line for line in r.breakdown())


@pytest.mark.parametrize(
    ("nd", "up", "draw", "limit", "message"),
    [
        # after drawing 8d an eight is left over, whichever is thrown: 8 > 7
        ("As 2s 3s 4h 5h 6h 9c 9d 9h 8c", "7s", "8d", 7, "the knock limit is 7"),
        # an ace turned up: only gin may end the hand, deadwood 2 is too much
        ("As 2s 3s 4h 5h 6h 9c 9d 9h 2c", "Ac", "Kc", 0, "gin only"),
    ],
)
def test_oklahoma_knock_limit_from_the_upcard(
    nd: str, up: str, draw: str, limit: int, message: str
) -> None:
    rules = preset("oklahoma")
    hand = drawn(rules, nd, "2d 3d 4d 5d Js Jc Jd Jh Tc Qd", up, draw)
    assert hand.knock_limit == limit
    assert knocks(hand) == []
    melds = tuple(make_meld(parse_cards(m), rules) for m in ("As 2s 3s", "4h 5h 6h", "9c 9d 9h"))
    refused(hand, Knock(c(draw), melds), message)


def test_oklahoma_gin_scores_two_extra_boxes_doubled_on_a_spade() -> None:
    rules = preset("oklahoma")
    r = best_knock(
        rules, "As 2s 3s 4s 4h 5h 6h 7c 7d 7h", "2d 3d 4d 5d 8s 8c 8d Ks Kd Qh", "9s", "Kc"
    )
    assert r.outcome is Outcome.GIN
    assert r.points[ND] == (25 + 30) * 2
    assert r.boxes[ND] == 1 + 2 * 2


def test_oklahoma_undercut_scores_an_extra_box() -> None:
    rules = preset("oklahoma")
    r = best_knock(
        rules, "As 2s 3s 4h 5h 6h 7c 7d 7h 9c", "2d 3d 4d Tc Jc Qc Ks Kd Kh 8h", "Td", "Kc"
    )
    assert r.outcome is Outcome.UNDERCUT
    assert r.boxes[DL] == 2 and r.points[DL] == 26


def test_worked_example_5_fosdick_knocker_scores_all() -> None:
    rules = preset("fosdick")
    r = best_knock(
        rules, "As 2s 3s 4h 5h 6h 7c 7d 7h 3c", "2d 3d 4d 5d 8s 8c 8d 8h Tc Jd", "9d", "Kc"
    )
    assert r.ending.knock_limit == 9
    assert (r.counts[ND], r.counts[DL]) == (3, 20)
    assert r.points[ND] == 20
    assert r.boxes == (0, 0)  # Fosdick rules: no boxes


def test_big_gin_with_all_eleven_cards() -> None:
    rules = preset("fosdick")
    hand = drawn(
        rules, "As 2s 3s 4s 4h 5h 6h 7c 7d 7h", "2d 3d 4d 5d 8s 8c 8d Ks Kd Qh", "9d", "7s"
    )
    big = [k for k in knocks(hand) if k.discard is None]
    assert big, "big gin is offered"
    hand.apply(big[0])
    r = hand.result
    assert r is not None and r.outcome is Outcome.BIG_GIN
    assert r.points[ND] == 20 + 30


def test_big_gin_only_when_the_rule_is_on() -> None:
    hand = drawn(GIN, "As 2s 3s 4s 4h 5h 6h 7c 7d 7h", "2d 3d 4d 5d 8s 8c 8d Ks Kd Qh", "9d", "7s")
    assert all(k.discard is not None for k in knocks(hand))
    melds = tuple(
        make_meld(parse_cards(m), GIN) for m in ("As 2s 3s 4s", "4h 5h 6h", "7c 7d 7h 7s")
    )
    refused(hand, Knock(None, melds), "big gin is not played")


def test_knock_arrangement_can_be_chosen() -> None:
    hand = drawn(GIN, "Tc Td Th Jh Qh As 2s 3s 4d 4c", "2d 3d 5d 6d 8s 8c 8d Ks Kd Qs", "9d", "Kc")
    # deadwood 28 is over the limit: no knock, and a made-up one is refused
    assert knocks(hand) == []
    melds = (make_meld(parse_cards("Th Jh Qh"), GIN),)
    refused(hand, Knock(c("Kc"), melds), "a whole meld is left")


def test_knock_refuses_bad_melds_with_reasons() -> None:
    hand = drawn(GIN, ELDER, YOUNGER, "Ks", "Qc")
    good = knocks(hand)[0]
    from ginrummies.core import Meld, MeldKind

    fake = Meld(MeldKind.RUN, tuple(parse_cards("3h 4h 6h")))
    refused(hand, Knock(c("Qc"), (fake, *good.melds[1:])), "not a meld")
    stolen = make_meld(parse_cards("7c 7h 7s"), GIN)
    refused(hand, Knock(c("Qc"), (*good.melds, stolen)), "not spreading")
    refused(hand, Knock(c("Kd"), good.melds), "you do not hold")


# --- the stock of two and the fiftieth card ---------------------------------------------


def play_to_the_wall(hand: GinHand) -> None:
    """Both players draw from the stock and throw the drawn card back."""
    hand.apply(Pass())
    hand.apply(Pass())
    while hand.phase is Phase.DRAW:
        mover = hand.to_move or 0
        before = set(hand.cards_of(mover))
        hand.apply(DrawStock())
        (drawn,) = set(hand.cards_of(mover)) - before
        hand.apply(Discard(drawn))


NO_MELDS_ND = "As 3s 5s 7s 9s Jh Kh 2c 4c 6c"
NO_MELDS_D = "2s 4s 6s 8s Ts Qh Ah 3c 5c 7c"


def test_stock_of_two_cancels_the_hand() -> None:
    hand = start(GIN, NO_MELDS_ND, NO_MELDS_D, "Kd")
    play_to_the_wall(hand)
    assert hand.is_over and hand.stock_size == 2
    r = hand.result
    assert r is not None and r.outcome is Outcome.CANCELLED
    assert r.points == (0, 0) and not r.scored
    assert hand.legal_actions() == []
    refused(hand, DrawStock(), "the hand is over")


def test_fiftieth_card_may_be_taken_only_to_knock() -> None:
    rules = GIN.but(fiftieth_card=True)
    hand = start(rules, NO_MELDS_ND, NO_MELDS_D, "Kd")
    play_to_the_wall(hand)
    assert hand.phase is Phase.FIFTIETH
    # with no meld in sight the opponent can only pass, and the hand is cancelled
    assert hand.legal_actions() == [Pass()]
    refused(hand, TakeDiscard(), "only to knock")
    hand.apply(Pass())
    assert hand.result is not None and hand.result.outcome is Outcome.CANCELLED


def test_fiftieth_card_taken_and_knocked() -> None:
    rules = GIN.but(fiftieth_card=True)
    # the dealer sits on deadwood 9 and never knocks, until the fiftieth card
    hand = start(rules, NO_MELDS_ND, "2d 3d 4d 5h 6h 7h Js Qs Ks 9c", "Kd")
    play_to_the_wall(hand)
    assert hand.phase is Phase.FIFTIETH and hand.to_move == DL
    assert hand.stock_size == 2
    last = hand.discard_pile[-1]
    assert hand.legal_actions() == [TakeDiscard(), Pass()]
    hand.apply(TakeDiscard())
    # only knocking is left, and the card taken may go back face down
    assert hand.legal_actions() and all(isinstance(a, Knock) for a in hand.legal_actions())
    refused(hand, Discard(last), "only knock")
    hand.apply(knocks(hand)[0])
    r = hand.result
    assert r is not None and r.knocker == DL and r.outcome is not Outcome.CANCELLED


# --- views, replay, errors ------------------------------------------------------------------


def test_view_shows_only_what_the_player_may_know() -> None:
    hand = start(GIN, ELDER, YOUNGER, "Ks", "Qc")
    hand.apply(TakeDiscard())
    hand.apply(Discard(c("Ah")))
    v = hand.view(DL)
    assert set(v.hand) == set(parse_cards(YOUNGER))
    assert v.opponent_hand_size == 10
    assert v.known_opponent_cards == (c("Ks"),)
    assert v.discard_pile == (c("Ah"),)
    assert v.legal_actions == (DrawStock(), TakeDiscard())
    assert hand.view(ND).legal_actions == ()
    assert v.knock_limit == 10 and v.stock_size == 31
    words = [e.describe(("You", "Computer")) for e in v.history]
    assert words == ["Computer took K♠ from the discard pile", "Computer discarded A♥"]


def test_replay_rebuilds_the_same_state() -> None:
    hand = drawn(GIN, ELDER, YOUNGER, "Ks", "Qc")
    hand.apply(knocks(hand)[0])
    again = hand.replay()
    assert again.state_key() == hand.state_key()
    assert again.result == hand.result


def test_wrong_phase_messages() -> None:
    hand = start(GIN, ELDER, YOUNGER, "Ks", "Qc")
    refused(hand, DrawStock(), "take the upcard or pass")
    refused(hand, Discard(c("Ah")), "take the upcard or pass")
    hand.apply(Pass())
    hand.apply(Pass())
    refused(hand, Pass(), "draw from the stock or take the discard")
    hand.apply(DrawStock())
    refused(hand, DrawStock(), "discard a card or knock")
    refused(hand, Discard(c("Kd")), "you do not hold")
    refused(hand, "knock!", "not a Gin action")


def test_deal_needs_a_seed_or_a_deck() -> None:
    with pytest.raises(ValueError, match="seed or a deck"):
        Hand.deal(GIN, 0)
    with pytest.raises(ValueError, match="52"):
        Hand.deal(GIN, 0, deck=parse_cards("As 2s"))
    with pytest.raises(ValueError, match="dealer"):
        Hand.deal(GIN, 2, seed=1)


def test_seven_card_hands() -> None:
    rules = GIN.but(hand_size=7)
    hand = Hand.deal(rules, 0, seed=3)
    assert len(hand.cards_of(0)) == len(hand.cards_of(1)) == 7
    assert hand.view(0).stock_size == 52 - 15


def test_card_values() -> None:
    from ginrummies.core import card_value

    values = [card_value(Card(r, "h"), GIN) for r in range(1, 14)]
    assert values == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]
    assert card_value(c("Ah"), GIN.but(ace_value=15)) == 15


def test_knocking_is_allowed_on_the_first_turn_and_never_compulsory() -> None:
    # Elder's hand with the upcard 2h taken: deadwood 1 after throwing anything loose
    hand = start(GIN, ELDER, YOUNGER.replace("2h", "Kh"), "2h", "Qc")
    hand.apply(TakeDiscard())
    actions = hand.legal_actions()
    assert any(isinstance(a, Knock) for a in actions)
    assert any(isinstance(a, Discard) for a in actions)  # may play on instead
    hand.apply(Discard(c("Ah")))
    assert not hand.is_over
