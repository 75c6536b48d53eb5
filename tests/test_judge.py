"""One judge (issue 49): the hint's first move is the review's best, and
positions where every strong player agrees on the move are rated so.

The natural positions are dealt from stacked decks: the move a strong
player makes there is the judge's best, and made, the review rates it
best (none is called an error on the strength of a few noisy worlds).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import pytest
from helpers import c, stack

from ginrummies.ai import Bot, make_bot
from ginrummies.ai.arena import BotStats, play_match
from ginrummies.ai.hints import hint
from ginrummies.ai.judge import judge
from ginrummies.ai.review import Verdict, review_hand, review_match
from ginrummies.core import (
    Accept,
    Action,
    Decline,
    Discard,
    DrawStock,
    Format,
    GameView,
    Hand,
    Knock,
    Match,
    Offer,
    Pass,
    PlayerView,
    TakeDiscard,
    preset,
)
from ginrummies.core.levels import Level

GIN = preset("gin")


def drawing(mine: str, top: str, theirs: str, junk: str = "Qs") -> Hand:
    """Player 0 to draw, holding ``mine``, with ``top`` just thrown by
    player 1 (dealt ``theirs``, which holds it): both passed the upcard,
    player 0 drew the last card of ``mine`` and threw ``junk``, player 1
    drew and threw ``top``."""
    cards = mine.split()
    deck = stack(" ".join([*cards[:-1], junk]), theirs, "Kc", cards[-1])
    hand = Hand.deal(GIN, 1, deck=deck)
    for action in (Pass(), Pass(), DrawStock(), Discard(c(junk)), DrawStock(), Discard(c(top))):
        hand.apply(action)
    return hand


def upcard(mine: str, theirs: str, up: str) -> Hand:
    """Player 0 (not the dealer) holding ``mine``, to take or pass ``up``."""
    return Hand.deal(GIN, 1, deck=stack(mine, theirs, up))


def discarding(mine: str, theirs: str, up: str) -> Hand:
    """Player 0 took the upcard ``up`` on the first turn, and holds ``mine`` with it."""
    hand = upcard(mine, theirs, up)
    hand.apply(TakeDiscard())
    return hand


THEIRS = "5h 6h 8c 9d Tc Jc Kh Kc 9c Ac"


def knock_with(discard: str, points: int):  # type: ignore[no-untyped-def]
    """The knock (or gin) that throws ``discard`` and keeps ``points``."""

    def pick(hand: Hand) -> Action:
        view = hand.view(0)
        return next(
            a
            for a in view.legal_actions
            if isinstance(a, Knock)
            and a.discard == c(discard)
            and a.deadwood(view.hand, view.rules) == points
        )

    return pick


def skarney_offered(card: str) -> Hand:
    """Skarney: player 1 drew and offers ``card`` to player 0 (the dealer)."""
    rules = preset("skarney")
    mine = "7c 7d 2h 5s 9d Jc Ks 4d Qh 3s"
    theirs = "7h 2c 5h Kd Ac Tc 6d 8h 3c Th"
    hand = Hand.deal(rules, 0, deck=stack(theirs, mine, None, "9c"))
    hand.apply(DrawStock())
    hand.apply(Offer(c(card)))
    return hand


def colonel_drawing() -> Hand:
    """Colonel: player 0 to draw, 4♥ on the pile, holding 4♣ 4♦."""
    rules = preset("colonel")
    deck = stack("4c 4d 9c 5d 5h Js 8d 2s Td Kh", "Ac 2d 3h 6c 7c 8s Tc Qd Ks 9s", "4h")
    return Hand.deal(rules, 1, deck=deck)


# (what the position is, the hand at it, the move every strong player makes)
NATURAL = [
    # the position: K♥ melds with nothing and lowers nothing
    (
        "a dead card on the pile",
        lambda: drawing("Ac 2c 3c 2d 3s 4d 4h 5s 7c 8c", "Kh", "Kh 9d 9h Jd Jc Td 6d 6h Qh Kd"),
        DrawStock(),
    ),
    (
        "the card that makes a set",
        lambda: drawing("8c 8d 2s 3s 4s 9h Th Jh Qc Kd", "8h", "8h 9d 5h Jd Jc Td 6d 6h Qh Ad"),
        TakeDiscard(),
    ),
    (
        "the card that completes gin",
        lambda: drawing("2s 3s 4s 7c 7d 7h 9h Th Jh Kh", "5s", "5s 5h 6d 3d Jc Td 6h Kd Qh Ad"),
        TakeDiscard(),
    ),
    (
        "an upcard that completes a meld",
        lambda: upcard("5h 6h 9c 9d 2s 3s 4s Jc Qd Ks", "Ah 2h 3h 4c 5c 6c 7c 8d 9h Th", "7h"),
        TakeDiscard(),
    ),
    (
        "a dead upcard to a strong hand",
        lambda: upcard("2s 3s 4s 7c 7d 7h 3d 4d Ah 2c", "5h 6h 8c 9d Tc Jc Qh Kd 9h Th", "Kc"),
        Pass(),
    ),
    (
        "gin in hand",
        lambda: discarding("7c 7d 7h 2s 3s 4s 9h Th Kd Qh", THEIRS, "Jh"),
        knock_with("Kd", 0),
    ),
    (
        "a knock with 1 on the first turn",
        lambda: discarding("7c 7d 7h 2s 3s 4s 9h Th Ad Kd", THEIRS, "Jh"),
        knock_with("Kd", 1),
    ),
    (
        "the high loose card, not a meld's",
        lambda: discarding("7c 7d 7h 2s 3s 4s 9h 5d Qc Kd", THEIRS, "Th"),
        Discard(c("Kd")),
    ),
    ("an offer that makes a set", lambda: skarney_offered("7h"), Accept()),
    ("an offered king that fits nothing", lambda: skarney_offered("Kd"), Decline()),
    ("a Colonel discard that makes a set", colonel_drawing, TakeDiscard()),
]


@pytest.mark.parametrize(("name", "deal", "move"), NATURAL, ids=[n for n, _, _ in NATURAL])
def test_the_natural_move_is_the_judges_best_and_rated_best(name: str, deal, move) -> None:  # type: ignore[no-untyped-def]
    hand = deal()
    move = move(hand) if callable(move) else move
    view = hand.view(hand.to_move)
    assert move in view.legal_actions
    assert judge(view).best == move, name
    assert hint(view, view.legal_actions)[0].action == move
    hand.apply(move)
    rating = review_hand(hand, [hand.log[-1][0]]).ratings[-1]
    assert rating.made == move and rating.verdict is Verdict.BEST, (name, rating.best, rating.loss)


def test_a_move_priced_with_the_judges_own_changes_no_other_price() -> None:
    """The review adds the move made to the candidates; the others keep
    their prices, so the hint's best stays the review's best."""
    hand = discarding("7c 7d 7h 2s 3s 4s 9h 5d Qc Kd", THEIRS, "Th")
    view = hand.view(0)
    alone = judge(view, samples=8)
    odd = next(a for a in view.legal_actions if not alone.priced(a))
    with_it = judge(view, (odd,), samples=8)
    assert with_it.priced(odd)
    for price in alone.prices:
        assert with_it.value(price.action) == price.value
    assert with_it.best == alone.best


@pytest.mark.parametrize("variant", ["gin", "colonel"])
def test_where_the_hand_can_end_the_game_the_hint_says_the_game_is_not_weighed(
    variant: str,
) -> None:
    """The judge prices a hand's points; near the target the first hint
    (and so the review's reason) says the game bonus is not weighed."""
    hand = Hand.deal(preset(variant), 1, seed=4)
    view = hand.view(hand.to_move or 0)
    said = "the judge weighs its points, not the game bonus"
    far = dataclasses.replace(view, game=GameView(scores=(10, 20), target=100))
    near = dataclasses.replace(view, game=GameView(scores=(10, 60), target=100))
    assert said not in hint(far, view.legal_actions, first_only=True)[0].reason
    assert said in hint(near, view.legal_actions, first_only=True)[0].reason


class HintPlayer:
    """A person who plays the hint's move (``y``) at every decision."""

    name = "hints"

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        return hint(view, legal, opponent=Level.NORMAL, first_only=True)[0].action


# (variant, format, target): a whole game, short, of each variant and a format of three and four
SLOW = pytest.mark.slow
GAMES = [
    pytest.param("gin", Format.TWO, 40, id="gin-TWO"),
    pytest.param("oklahoma", Format.TWO, 40, id="oklahoma-TWO", marks=SLOW),
    pytest.param("fosdick", Format.TWO, 40, id="fosdick-TWO", marks=SLOW),
    pytest.param("sequence", Format.TWO, 40, id="sequence-TWO", marks=SLOW),
    pytest.param("skarney", Format.TWO, 60, id="skarney-TWO"),
    pytest.param("colonel", Format.TWO, 60, id="colonel-TWO"),
    pytest.param("gin", Format.THREE, 30, id="gin-THREE", marks=SLOW),
    pytest.param("gin", Format.PARTNERSHIP, 40, id="gin-PARTNERSHIP", marks=SLOW),
]


@pytest.mark.slow
@pytest.mark.parametrize(("variant", "fmt", "target"), GAMES)
def test_a_game_played_by_the_hint_has_no_move_flagged(
    variant: str, fmt: Format, target: int
) -> None:
    rules = preset(variant)
    match = Match(rules, 11, fmt, target=target)
    bots: list[Bot] = [
        HintPlayer(),
        *(make_bot("normal", rules, 11 + i) for i in range(1, fmt.seats)),
    ]
    play_match(match, bots, [BotStats(str(i)) for i in range(fmt.seats)])
    assert match.is_over
    review = review_match(match, [0])
    assert len(review.ratings) >= 5
    flagged = [
        (r.hand, r.move, str(r.made), str(r.best), r.verdict)
        for r in review.ratings
        if r.made != r.best
    ]
    assert not flagged
