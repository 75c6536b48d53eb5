"""Every Skarney hand ends (RULES.md section 3, Turn step 4, **Decision**).

A player whose draw was skipped this turn (for an accepted ace) may not offer
an ace. Without it two players could pass aces back and forth for ever, the
stock never shrinking (issue 30: 666 ace offers, the stock stuck at 31). The
rule itself, its words for a person, and a property test: under any legal
play, adversarial or random, with the options on and in every Skarney
format, a hand ends within a bound of turns that follows from the rules.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from helpers import c, refused, stack
from hypothesis import given
from hypothesis import strategies as st

from ginrummies.core import (
    Accept,
    AcePolicy,
    Action,
    Decline,
    DrawStock,
    EndTurn,
    Format,
    Hand,
    LayContract,
    LayMeld,
    LayOff,
    Match,
    Offer,
    Phase,
    RuleSet,
    SkarneyHand,
    make_meld,
    parse_cards,
    preset,
)

SK = preset("skarney")
P, O = 1, 0  # the dealer is player 0; the non-dealer plays first
ROOT = Path(__file__).resolve().parents[1]
# any policy ends a hand long before this many moves; the old rule never did
RUNAWAY = 5000


def bound(stock_at_deal: int) -> int:
    """The most turns a Skarney hand can last, from the rules alone.

    Turns that draw: at most ``stock - 2``, since the last two stock cards are
    never drawn and the turn whose draw leaves two is the hand's last (the
    player melds, then the hand ends with no offer). A turn without a draw
    comes only after an ace was offered and accepted on the turn before, and
    a turn that itself drew no card may not offer an ace: so it follows a turn
    that drew, and not the last one (nothing follows that). The first turn
    draws too (nothing was offered before it). Hence at most ``stock - 3``
    turns without a draw, and ``2 * (stock - 2) - 1`` turns in all (59 for the
    usual deal of ten each, 32 in the stock)."""
    return 2 * (stock_at_deal - 2) - 1


# --- the rule, step by step ------------------------------------------------------------

NON_DEALER = "2c 3d 7h 9s Jc Kd 5h Qs 6d As"
# the dealer's contract leaves A♣, on which no meld takes an ace
DEALER = "4s 5s 6s 8c 8d 8h Tc Jd Qh Ac"


def contract(*texts: str) -> LayContract:
    a, b, d = (make_meld(parse_cards(t), SK) for t in texts)
    return LayContract((a, b, d))


def dealt(rules: RuleSet = SK) -> SkarneyHand:
    hand = Hand.deal(rules, O, deck=stack(NON_DEALER, DEALER, None, "Kh 7c 9d 5c 2h"))
    assert isinstance(hand, SkarneyHand)
    return hand


def after_an_accepted_ace(rules: RuleSet = SK) -> SkarneyHand:
    """The dealer holds only A♣ and 7♣ after the contract; the non-dealer
    offers A♠ and the dealer takes it: its next turn starts with no draw."""
    hand = dealt(rules)
    hand.apply(DrawStock())  # K♥
    hand.apply(Offer(c("2c")))
    hand.apply(Decline())
    hand.apply(DrawStock())  # 7♣
    hand.apply(contract("4s 5s 6s", "8c 8d 8h", "Tc Jd Qh"))
    hand.apply(Offer(c("7c")))
    hand.apply(Accept())
    hand.apply(DrawStock())  # 9♦
    hand.apply(Offer(c("As")))
    hand.apply(Accept())
    return hand


def test_an_ace_may_not_be_offered_in_a_turn_with_no_draw() -> None:
    hand = dealt()
    hand.apply(DrawStock())
    hand.apply(Offer(c("2c")))
    hand.apply(Decline())
    hand.apply(DrawStock())
    hand.apply(Offer(c("Ac")))  # after a draw an ace may be offered, as ever
    hand.apply(Accept())
    assert hand.to_move == P and hand.phase is Phase.PLAY  # the accepted ace cost the draw
    assert hand.view(P).table.draw_skipped and not hand.view(O).table.draw_skipped
    refused(hand, Offer(c("As")), "you drew no card this turn .* may not offer an ace")
    refused(hand, Offer(c("Ac")), "may not be offered back")
    legal = hand.legal_actions()
    offers = [a.card for a in legal if isinstance(a, Offer)]
    assert offers and not [x for x in offers if x.rank == 1]
    assert EndTurn() not in legal  # another card may be offered: no ending without one
    refused(hand, EndTurn(), "by offering a card")
    hand.apply(Offer(c("Kh")))
    hand.apply(Decline())
    assert hand.phase is Phase.DRAW  # so the other player draws
    hand.apply(DrawStock())
    assert not hand.view(O).table.draw_skipped


def test_with_only_aces_to_offer_the_turn_ends_without_an_offer() -> None:
    hand = after_an_accepted_ace()
    assert hand.to_move == O and hand.phase is Phase.PLAY
    assert hand.cards_of(O) == tuple(parse_cards("Ac As"))
    assert hand.view(O).table.draw_skipped
    assert hand.legal_actions() == [EndTurn()]
    refused(hand, Offer(c("Ac")), "you drew no card this turn")
    refused(hand, Offer(c("As")), "may not be offered back")
    stock = hand.stock_size
    hand.apply(EndTurn())
    assert hand.to_move == P and hand.phase is Phase.DRAW
    hand.apply(DrawStock())
    assert hand.stock_size == stock - 1
    hand.apply(Offer(c("9d")))
    hand.apply(Decline())
    # a turn that drew may offer an ace again, the one accepted included
    hand.apply(DrawStock())
    assert {Offer(c("Ac")), Offer(c("As"))} <= set(hand.legal_actions())


def test_the_refusal_is_in_the_players_words() -> None:
    from ginrummies.play import Seat, SeatKind, Session
    from ginrummies.play.words import why_not

    seats = (Seat("You"), Seat("Computer", SeatKind.COMPUTER, "random"))
    session = Session(SK, seats, 1, first=O)
    session.game.round.hands = (after_an_accepted_ace(),)
    view = session.view(O)
    assert why_not(session, view, "offer", c("Ac")) == (
        "You drew no card this turn (you took A♠ offered to you), so you may not "
        "offer an ace: end the turn (e)."
    )
    assert why_not(session, view, "end_turn") == "You may end the turn now (e)."
    # with another card to offer, the words say so
    session = Session(SK, seats, 1, first=O)
    hand = dealt()
    session.game.round.hands = (hand,)
    for action in (DrawStock(), Offer(c("As")), Accept()):
        hand.apply(action)  # here the dealer takes the non-dealer's ace at once
    view = session.view(O)
    assert why_not(session, view, "offer", c("Ac")) == (
        "You drew no card this turn (you took A♠ offered to you), so you may not "
        "offer an ace: offer another card (o)."
    )
    assert why_not(session, view, "end_turn").startswith("You end your turn by offering a card")


@pytest.mark.parametrize("name", ["random", "easy", "normal", "hard", "camper", "casual"])
def test_every_bot_keeps_to_the_rule(name: str) -> None:
    from ginrummies.ai import make_bot

    only_aces = after_an_accepted_ace()
    hand = dealt()
    for action in (DrawStock(), Offer(c("As")), Accept()):
        hand.apply(action)  # the dealer takes an ace and holds A♣ and nine more
    for position, seed in [(only_aces, s) for s in range(3)] + [(hand, s) for s in range(3)]:
        bot = make_bot(name, SK, seed)
        legal = position.legal_actions()
        move = bot.choose(position.view(O), legal)
        assert move in legal
        assert not (isinstance(move, Offer) and move.card.rank == 1)


def test_the_hint_says_why_the_turn_ends_without_an_offer() -> None:
    from ginrummies.ai.hints import hint

    hand = after_an_accepted_ace()
    (only,) = hint(hand.view(O), hand.legal_actions())
    assert only.action == EndTurn()
    assert only.reason.startswith("you drew no card this turn, so no ace may be offered")


# --- a hand ends under any legal play ----------------------------------------------------

Chooser = Callable[[Hand, list[Action]], Action]


@dataclass
class Played:
    turns: int = 0
    moves: int = 0


def play_out(hand: Hand, choose: Chooser, apply: Callable[[Action], None] | None = None) -> Played:
    """Play ``hand`` to its end with ``choose`` (through ``apply``, the match's
    when the hand is a match's); check the rule at every turn: no ace offered
    in a turn without a draw, never two turns in a row without one, and the
    hand over within ``bound`` turns."""
    do = apply or hand.apply
    limit = bound(hand.stock_size)
    played = Played()
    owner: int | None = None
    drew = True  # whether the turn in play has drawn
    while not hand.is_over:
        legal = hand.legal_actions()
        assert legal, "a hand in play always offers something"
        if hand.phase is not Phase.RESPOND and hand.to_move != owner:
            # a new turn: the one before it or this one draws
            starts_drawing = hand.phase is Phase.DRAW
            assert starts_drawing or drew, "two turns in a row without a draw"
            owner, drew = hand.to_move, starts_drawing
            played.turns += 1
            assert played.turns <= limit, f"more than {limit} turns"
        if not drew:
            assert not [a for a in legal if isinstance(a, Offer) and a.card.rank == 1]
        action = choose(hand, legal)
        do(action)
        played.moves += 1
        assert played.moves < RUNAWAY, "the hand never ends"
    return played


def ace_lover(rng: random.Random, accept_aces: bool = True) -> Chooser:
    """The old loop's players: accept every ace, offer an ace whenever one may
    be offered, and otherwise play at random (``rng``)."""

    def choose(hand: Hand, legal: list[Action]) -> Action:
        offered = hand.view(hand.to_move or 0).table.pending_offer
        if offered is not None:
            return Accept() if offered.rank == 1 and accept_aces else rng.choice(legal)
        aces = [a for a in legal if isinstance(a, Offer) and a.card.rank == 1]
        return rng.choice(aces) if aces else rng.choice(legal)

    return choose


def hoarder(hand: Hand, legal: list[Action]) -> Action:
    """Never melds; offers an ace whenever one may be offered, accepts every
    ace and declines the rest: the two players of issue 30."""
    view = hand.view(hand.to_move or 0)
    if view.table.pending_offer is not None:
        return Accept() if view.table.pending_offer.rank == 1 else Decline()
    for kinds in (DrawStock, Offer):
        moves = [a for a in legal if isinstance(a, kinds)]
        aces = [a for a in moves if isinstance(a, Offer) and a.card.rank == 1]
        if aces or moves:
            return (aces or moves)[0]
    return next(a for a in legal if not isinstance(a, LayContract | LayMeld | LayOff))


@pytest.mark.slow
def test_two_players_passing_aces_back_and_forth_still_end_the_hand() -> None:
    # three aces between them: under the old rule A♠ A♥ A♦ went round for ever
    hand = Hand.deal(
        SK,
        O,
        deck=stack("As Ah 2c 4d 6h 8s Tc Qd 3h 7c", "Ad 5c 9d Jh Ks 3s 7d 9h 2s 4c", None),
    )
    played = play_out(hand, hoarder)
    assert hand.result is not None
    assert played.turns <= bound(32)
    offers = [e for e in hand.events if isinstance(e.action, Offer) and e.action.card.rank == 1]
    assert len(offers) > 3  # aces did go back and forth
    assert hand.stock_size == 2  # nobody melds, so the stock ended the hand


def test_the_bound_is_the_rule_book_arithmetic() -> None:
    assert bound(32) == 59


OPTIONS = [
    SK,
    SK.but(ace=AcePolicy.AROUND),  # round_the_corner
    SK.but(poker_melds=False),
    SK.but(ace=AcePolicy.AROUND, poker_melds=False),
]


@given(
    st.sampled_from(OPTIONS),
    st.integers(0, 10**6),
    st.sampled_from(["random", "aces", "aces, declining"]),
    st.randoms(use_true_random=False),
)
@pytest.mark.slow
def test_every_hand_ends_within_the_bound_under_any_legal_play(
    rules: RuleSet, seed: int, policy: str, rng: random.Random
) -> None:
    hand = Hand.deal(rules, seed % 2, seed=seed)
    if policy == "random":
        choose: Chooser = lambda _h, legal: rng.choice(legal)  # noqa: E731
    else:
        choose = ace_lover(rng, accept_aces=policy == "aces")
    play_out(hand, choose)
    assert hand.result is not None


def at_table(match: Match, table: int) -> Callable[[Action], None]:
    """Moves at one table of a match, made through the match."""

    def apply(action: Action) -> None:
        match.apply(action, table)

    return apply


SKARNEY_FORMATS = [f for f in Format if f.allows(SK) and f is not Format.TWO]


def test_skarney_has_formats_for_three_and_four() -> None:
    assert {f.seats for f in SKARNEY_FORMATS} == {3, 4}


@pytest.mark.slow
@given(
    st.sampled_from(SKARNEY_FORMATS),
    st.sampled_from(OPTIONS[:2]),
    st.integers(0, 10**6),
    st.randoms(use_true_random=False),
)
def test_every_round_of_a_skarney_format_ends(
    fmt: Format, rules: RuleSet, seed: int, rng: random.Random
) -> None:
    """Two rounds of the format, every table's hand played by the ace lovers
    through the match (the format deals, seats and scores)."""
    match = Match(rules, seed, fmt)
    choose = ace_lover(rng)
    for n in range(2):
        if n:
            if match.is_over:
                break
            match.next_hand()
        for table, hand in enumerate(match.round.hands):
            play_out(hand, choose, at_table(match, table))
        assert match.round.is_over


# --- the project's copy of the rule book ------------------------------------------------------


def test_the_rule_book_copy_has_the_ace_decision() -> None:
    text = re.sub(r"\s+", " ", (ROOT / "docs" / "rules.md").read_text(encoding="utf-8"))
    skarney = text[text.index("## 3. Skarney Gin") : text.index("## 4. Colonel")]
    assert (
        "**Decision**: a player whose draw was skipped this turn (for an accepted ace) "
        "may not offer an ace." in skarney
    )
    assert "at least one of any two turns in a row draws, so every hand ends" in skarney
