"""Moves in words: why a move cannot be made now (``why_not``), what may be
done now (``prompt``), and counts that agree with their nouns (``plural``).

Each position is dealt from a stacked deck, with "You" (player 0) as the
non-dealer, who plays first."""

from __future__ import annotations

import re

import pytest
from helpers import c, stack

from ginrummies.core import (
    Accept,
    Card,
    Decline,
    Discard,
    DrawStock,
    Hand,
    Knock,
    LayMeld,
    Offer,
    Pass,
    RuleSet,
    TakeDiscard,
    make_meld,
    parse_cards,
    preset,
    settle,
)
from ginrummies.core.wording import plural
from ginrummies.play import Seat, SeatKind, Session
from ginrummies.play.keys import (
    CARD_KEYS_SHOWN,
    CONTROLS,
    MOVE_BY_KEY,
    MOVES,
    MoveName,
    card_keys_shown,
)
from ginrummies.play.words import prompt, why_not

GIN = preset("gin")
OKLAHOMA = preset("oklahoma")
SKARNEY = preset("skarney")
COLONEL = preset("colonel")
YOU, COMPUTER = 0, 1
OTHER = "Tc Th Td Ts 6c 6d Js Qs Ks Qc"  # the computer's cards in the Gin deals


def seated(rules: RuleSet, deck: list[Card], dealer: int = COMPUTER) -> Session:
    """You against the computer, the hand dealt from ``deck`` (the computer deals)."""
    seats = (Seat("You"), Seat("Computer", SeatKind.COMPUTER, "random"))
    session = Session(rules, seats, 1, first=dealer)  # the stacked hand's dealer deals
    session.game.round.hands = (Hand.deal(rules, dealer, deck=deck),)
    return session


def why(session: Session, name: str, card: str | None = None, marked: str = "") -> str:
    """Why the move ``name`` (a MoveName's word) cannot be made now."""
    cards = frozenset(parse_cards(marked)) if marked else None
    return why_not(session, session.view(YOU), MoveName(name), c(card) if card else None, cards)


def drawn(rules: RuleSet, hand: str, draw: str, upcard: str = "9h") -> Session:
    """Both pass the upcard and you draw ``draw``: eleven cards, your discard."""
    session = seated(rules, stack(hand, OTHER, upcard, draw))
    session.play(Pass())
    session.game.apply(Pass())
    session.play(DrawStock())
    return session


# --- whose turn, and the hand's end ----------------------------------------------


def test_not_your_turn_names_whose_it_is() -> None:
    session = seated(GIN, stack("As 2s 3s 4h 5h 6h 7c 8c 9c 2d", OTHER, "Kd"))
    session.play(Pass())
    assert why(session, "draw") == "It is Computer's turn."
    assert why(session, "take") == "It is Computer's turn."


def test_the_hand_over() -> None:
    session = seated(
        GIN, stack("As 2s 3s 4h 5h 6h 7c 8c 9c Kd", "Ac Ad 2c 2h 3c 3h 4c 4d 5c 5d", "9s")
    )
    session.play(TakeDiscard())  # 9♠ completes the spades run: gin discarding K♦
    gin = [a for a in session.legal() if "gin" in str(a) or "knock" in str(a)]
    session.play(gin[0])
    assert session.hand.is_over and not session.game.is_over
    assert why(session, "draw") == "The hand is over."
    assert why(session, "discard", "As") == "The hand is over."


# --- the wrong part of the turn: what may be done instead, with its keys ------------------


def test_draw_at_the_upcard_says_take_or_pass_first() -> None:
    session = seated(GIN, stack("As 2s 3s 4h 5h 6h 7c 8c 9c 2d", OTHER, "7h"))
    assert why(session, "draw") == "You cannot draw now: take 7♥ (t) or pass (p) first."
    assert why(session, "knock") == "You cannot knock now: take 7♥ (t) or pass (p) first."


def test_draw_after_drawing_says_what_is_left() -> None:
    session = drawn(GIN, "As 2s 3s 4h 5h 6h 7c 8c Kd Qh", "Jd")
    assert why(session, "draw") == "You have drawn already: discard a card (x)."
    session = drawn(GIN, "As 2s 3s 4h 5h 6h 7c 8c 9c 2d", "Ad")
    assert why(session, "take") == "You have drawn already: discard a card (x) or knock (k)."


def test_take_after_both_passed_the_upcard() -> None:
    session = seated(GIN, stack("As 2s 3s 4h 5h 6h 7c 8c 9c 2d", OTHER, "Kd"))
    session.play(Pass())
    session.game.apply(Pass())
    assert why(session, "take") == (
        "Both players passed the upcard, so the first draw comes from the stock (d)."
    )
    assert why(session, "discard", "2d") == (
        "You cannot discard 2♦ now: draw from the stock (d) first."
    )


# --- gin and knock -----------------------------------------------------------------------


def test_gin_with_deadwood_says_how_much() -> None:
    session = drawn(GIN, "As 2s 3s 4h 5h 6h 7c 8c 9c 2d", "Ad")
    assert why(session, "gin") == "You cannot go gin: your deadwood is 1; gin needs 0."


def test_knock_above_the_limit_gives_the_least_deadwood_after_the_best_discard() -> None:
    session = drawn(GIN, "As 2s 3s 4h 5h 6h 7h 2c 3d Kd", "9c")
    assert why(session, "knock") == (
        "You cannot knock: your least deadwood is 14; the knock limit is 10."
    )
    assert why(session, "gin") == "You cannot go gin: your deadwood is 14; gin needs 0."


def test_the_card_taken_from_the_pile_is_not_the_best_discard() -> None:
    # K♦ taken from the pile may not go straight back: 2 + 3 + 10 after throwing 9♣
    session = seated(GIN, stack("As 2s 3s 4h 5h 6h 7h 2c 3d 9c", OTHER, "Kd"))
    session.play(TakeDiscard())
    assert why(session, "knock") == (
        "You cannot knock: your least deadwood is 15; the knock limit is 10."
    )


def test_oklahoma_says_the_limit_of_this_hand() -> None:
    session = drawn(OKLAHOMA, "As 2s 3s 4h 5h 6h 7h 2c 3d Kd", "9c", upcard="7s")
    assert why(session, "knock") == (
        "You cannot knock: your least deadwood is 14; "
        "this hand's knock limit is 7, from the upcard 7♠."
    )


def test_oklahoma_ace_upcard_is_gin_only() -> None:
    session = drawn(OKLAHOMA, "As 2s 3s 4h 5h 6h 7c 8c 9c 2d", "Ad", upcard="Ac")
    assert why(session, "knock") == (
        "You cannot knock: this hand is gin only (the upcard A♣ is an ace), "
        "and your least deadwood is 1."
    )


def test_knock_with_no_deadwood_points_to_gin() -> None:
    session = drawn(GIN, "As 2s 3s 4h 5h 6h 7c 8c 9c Kd", "Qh")
    assert why(session, "gin") == "You cannot go gin: your deadwood is 10; gin needs 0."
    # an ace upcard in Oklahoma: gin only, and this hand has it
    session = drawn(OKLAHOMA, "As 2s 3s 4h 5h 6h 7c 8c 9c Kd", "4s", upcard="Ac")
    assert why(session, "knock") == "You have no deadwood: go gin (g) instead."


def test_a_variant_without_knocking_says_so() -> None:
    session = seated(SKARNEY, stack("4s 5s 6s 9c 9d 9h Jc Qd Kh 7s", OTHER, None, "8s"))
    assert why(session, "knock") == (
        "Skarney Gin has no knocking: you go out by melding and laying off every card."
    )
    assert why(session, "gin").startswith("Skarney Gin has no knocking: ")
    session = seated(COLONEL, stack("As 2s 3s 4h 5h 6h 7c 8c 9c 2d", OTHER, "Kd"))
    assert why(session, "knock").startswith("Colonel has no knocking: ")


# --- the card named --------------------------------------------------------------------


def test_a_card_you_do_not_hold() -> None:
    session = drawn(GIN, "As 2s 3s 4h 5h 6h 7c 8c 9c 2d", "Jd")
    assert why(session, "discard", "2h") == "You do not hold 2♥."


def test_the_card_just_taken_from_the_pile() -> None:
    session = seated(GIN, stack("As 2s 3s 4h 5h 6h 7c 8c 9c 2d", OTHER, "7h"))
    session.play(TakeDiscard())
    assert why(session, "discard", "7h") == (
        "You took 7♥ from the pile this turn: discard another card."
    )


def skarney_declined() -> Session:
    """Skarney: you drew and offered 7♠, and the computer declined it."""
    session = seated(
        SKARNEY,
        stack("4s 5s 6s 9c 9d 9h Jc Qd Kh 7s", "2c 5h Kd Ac Tc Th 6d 8h 3c Qh", None, "8s 2d"),
    )
    session.play(DrawStock())
    session.play(Offer(c("7s")))
    session.game.apply(Decline())
    return session


def test_a_card_just_accepted_may_not_be_offered_back() -> None:
    session = skarney_declined()
    session.game.apply(DrawStock())
    session.game.apply(Offer(c("Qh")))
    session.play(Accept())
    session.play(DrawStock())
    assert (
        why(session, "offer", "Qh") == "You just accepted Q♥: it may not be offered back at once."
    )


def test_a_declined_offer_is_said_on_the_next_turn() -> None:
    """Skarney: the answer to your offer is told on the message line when
    your turn comes back, not only in the moves panel; once you move on,
    it is not said again."""
    session = skarney_declined()
    assert prompt(session, session.view(YOU)) == "Computer is thinking…"
    session.game.apply(DrawStock())
    session.game.apply(Offer(c("Qh")))
    text = prompt(session, session.view(YOU))
    assert text.startswith("Computer declined your 7♠. Computer offers you Q♥: accept (a)"), text
    session.play(Accept())
    assert "declined" not in prompt(session, session.view(YOU))


# --- melds and lay-offs --------------------------------------------------------------------


def colonel_at_play() -> Session:
    session = seated(COLONEL, stack("5c 5d 5s 7h 8c 9d Kc Qd 2s 3h", OTHER, "Kh", "4d 7d"))
    session.play(DrawStock())  # 4♦
    return session


def test_marked_cards_that_are_not_a_meld() -> None:
    session = colonel_at_play()
    assert why(session, "meld", marked="7h 8c 9d") == (
        "The marked cards (7♥ 8♣ 9♦) are not a set or a run."
    )


def test_a_lay_off_that_fits_no_meld() -> None:
    session = colonel_at_play()
    session.play(LayMeld(make_meld(parse_cards("5c 5d 5s"), COLONEL)))
    assert why(session, "lay_off", "Kc") == "K♣ fits no meld on the table."
    assert why(session, "lay_off", "5h") == "You do not hold 5♥."


def test_skarney_contract_must_be_three_melds() -> None:
    session = seated(SKARNEY, stack("4s 5s 6s 9c 9d 9h Jc Qd Kh 7s", OTHER, None, "8s"))
    session.play(DrawStock())
    assert why(session, "meld", marked="4s 5s 6s") == (
        "Your first meld must be the contract, three melds of three cards each, "
        "nine cards laid at once: the marked cards (4♠ 5♠ 6♠) are not that."
    )
    assert why(session, "lay_off", "7s").startswith(
        "You cannot lay off 7♠ before your contract is down"
    )


def test_skarney_without_a_contract_in_hand() -> None:
    session = seated(SKARNEY, stack("4s 5s 6s 9c 9d 2h Jc 3d Kh 7s", OTHER, None, "Ac"))
    session.play(DrawStock())
    assert why(session, "meld") == (
        "Your first meld must be the contract, three melds of three cards each, "
        "nine cards laid at once, and your hand does not hold one yet."
    )


# --- every sentence -----------------------------------------------------------------------


@pytest.mark.parametrize("rules", [GIN, SKARNEY, COLONEL], ids=lambda r: r.name)
def test_every_refusal_is_one_sentence_with_keys_of_the_key_map(rules: RuleSet) -> None:
    session = seated(rules, stack("As 2s 3s 4h 5h 6h 7c 8c 9c 2d", OTHER, "Kd"))
    keys = {m.key for m in MOVES}
    for move in MOVES:
        text = why(session, move.name, "As" if move.card else None)
        assert text[0].isupper() and text.endswith(".") and text.count(". ") == 0, text
        assert set(re.findall(r"\((\w)\)", text)) <= keys, text


# --- the prompt ---------------------------------------------------------------------------


def keys_in(text: str) -> list[str]:
    """The keys a prompt names: "(x)", "(← →, 1-9)", "mark ... with space, then m".

    ``keys_in("Pick a card (← →, 1-9) and discard it (x)")``: ``x``, ``← →``, ``1-9``."""
    keys = re.findall(r"\((\S)\)", text)
    for picks in re.findall(r"\(([^()a-z]+)\)", text):
        keys.extend(picks.split(", "))
    for mark, then in re.findall(r"with (\w+), then (\w)\)", text):
        keys.extend([mark, then])
    return keys


def test_prompt_offers_gin_only_when_gin_is_possible() -> None:
    knock = drawn(GIN, "As 2s 3s 4h 5h 6h 7c 8c 9c 2d", "Ad")
    assert prompt(knock, knock.view(YOU)) == (
        "Pick a card (← →, 1-9, 0, -) and discard it (x), or knock (k)."
    )
    neither = drawn(GIN, "As 2s 3s 4h 5h 6h 7h 2c 3d Kd", "9c")
    assert prompt(neither, neither.view(YOU)) == "Pick a card (← →, 1-9, 0, -) and discard it (x)."
    gin = drawn(GIN, "As 2s 3s 4h 5h 6h 7c 8c 9c Kd", "4s")
    text = prompt(gin, gin.view(YOU))
    assert "go gin (g)" in text and "knock (k)" in text  # K♦ kept: a knock with 10


def test_prompt_keys_are_the_key_maps() -> None:
    picks = {"1", *(f"1-{n}" for n in range(2, 10))}  # a hand of n cards: "1-n"
    shown = {control.shown for control in CONTROLS} | set(CARD_KEYS_SHOWN.split()) | picks
    decks = (
        (GIN, stack("As 2s 3s 4h 5h 6h 7c 8c 9c 2d", OTHER, "9h", "8s 7d")),
        (SKARNEY, stack("4s 5s 6s 9c 9d 9h Jc Qd Kh 7s", OTHER, None, "8s 7d")),
        (COLONEL, stack("5c 5d 5s 7h 8c 9d Kc Qd 2s 3h", OTHER, "Kh", "4d 7d")),
    )
    for rules, deck in decks:
        session = seated(rules, deck)
        for _ in range(4):
            if not session.person_to_move:
                break
            text = prompt(session, session.view(YOU))
            keys = keys_in(text)
            assert keys, text
            for key in keys:
                assert key in MOVE_BY_KEY or key in shown, (key, text)
            view = session.view(YOU)
            for key in keys:
                if key in MOVE_BY_KEY:  # a move key: legal now
                    move = MOVE_BY_KEY[key]
                    makes = [a for a in view.legal_actions if isinstance(a, move.kinds)]
                    if move.name in ("knock", "gin"):
                        gin = move.name == "gin"
                        makes = [
                            a
                            for a in makes
                            if isinstance(a, Knock) and (a.deadwood(view.hand, rules) == 0) == gin
                        ]
                    assert makes, (key, text)
            session.play(session.legal()[0])


def at_the_fiftieth_card(mine: str) -> Session:
    """Fiftieth-card rules, you deal ``mine``; every turn draws and throws back
    the card drawn until the stock is down to two: the last discard is yours to take."""
    rules = GIN.but(fiftieth_card=True)
    session = seated(rules, stack(OTHER, mine, "9h"), dealer=YOU)
    hand = session.hand
    hand.apply(Pass())
    hand.apply(Pass())
    while hand.to_move is not None and session.view(YOU).phase.value != "fiftieth":
        player = hand.to_move
        before = set(hand.cards_of(player))
        hand.apply(DrawStock())
        (new,) = set(hand.cards_of(player)) - before
        hand.apply(Discard(new))
    assert hand.to_move == YOU
    return session


def test_the_fiftieth_card_when_it_makes_a_knock() -> None:
    session = at_the_fiftieth_card("As 2s 3s 4h 5h 6h 7c 8c 9c 2d")
    assert prompt(session, session.view(YOU)) == "Take 7♠ to knock at once (t), or pass (p)."
    assert why(session, "knock") == (
        "You cannot knock now: take 7♠ to knock at once (t) or pass (p)."
    )


def test_the_fiftieth_card_when_it_does_not() -> None:
    session = at_the_fiftieth_card("Kh Qh Jd 9c 8s 7h 5d 4c 3s Kc")
    assert prompt(session, session.view(YOU)) == "Pass (p): 6♠ would not get you down to a knock."
    assert why(session, "take") == (
        "You may take 6♠ only to knock or go gin at once, and with it your least "
        "deadwood would be 72 (the knock limit is 10): pass (p)."
    )
    assert why(session, "knock") == (
        "You cannot knock: with 6♠ your least deadwood would be 72; the knock limit is 10."
    )


# --- plurals -------------------------------------------------------------------------------


def test_plural() -> None:
    assert plural(1, "box") == "1 box"
    assert plural(2, "box") == "2 boxes"
    assert plural(0, "game") == "0 games"
    assert plural(1, "game") == "1 game"
    assert plural(3, "child", "children") == "3 children"


def test_the_game_breakdown_says_1_box() -> None:
    result = settle(GIN, [110, 30], [4, 1])
    lines = result.breakdown(("You", "Computer"))
    assert "Computer: hands 30 + 1 box 25 = 55" in lines
    assert "You: hands 110 + game bonus 100 + 4 boxes 100 = 310" in lines


@pytest.mark.parametrize("cards", range(1, 13))
def test_the_prompt_names_a_key_for_every_card_and_no_more(cards: int) -> None:
    """Eleven cards: "1-9, 0, -", the keys of the tenth and eleventh too."""
    said = card_keys_shown(cards).split(", ")
    first, *rest = said
    low, _, high = first.partition("-")
    named = int(high or low) + len(rest)
    assert low == "1" and named == cards
    assert rest == CARD_KEYS_SHOWN.split()[1 : 1 + len(rest)]
