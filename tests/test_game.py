"""Games: target, boxes, game bonus, shutout, dealer rotation, settlement."""

from __future__ import annotations

import random

import pytest

from ginrummies.core import (
    DealerRotation,
    Game,
    HandResult,
    IllegalAction,
    Knock,
    KnockEnd,
    LayContract,
    LayMeld,
    LayOff,
    Outcome,
    Shutout,
    cut_for_deal,
    next_dealer,
    preset,
    settle,
)
from ginrummies.core.wording import says

GIN = preset("gin")


def test_settlement_with_boxes_and_game_bonus() -> None:
    # 002: hand points + game bonus + 25 a box; the loser's total is subtracted
    r = settle(GIN, [104, 60], [4, 3])
    assert r.winner == 0 and not r.shutout
    assert r.totals == (104 + 100 + 4 * 25, 60 + 3 * 25)
    assert r.settlement == 304 - 135
    assert "Settlement: 304 − 135 = 169" in r.breakdown()


def test_shutout_doubles_the_winners_whole_total() -> None:
    r = settle(GIN, [0, 112], [0, 3])
    assert r.shutout and r.winner == 1
    assert r.totals == (0, (112 + 100 + 75) * 2)
    assert any("shutout" in line for line in r.breakdown())


def test_shutout_as_a_bigger_game_bonus() -> None:
    rules = GIN.but(shutout=Shutout.BONUS)
    r = settle(rules, [0, 112], [0, 3])
    assert r.game_bonus == 200 and r.totals == (0, 112 + 200 + 75)


def test_no_bonuses_under_fosdick_rules() -> None:
    r = settle(preset("fosdick"), [0, 120], [0, 0])
    assert r.totals == (0, 120) and not r.shutout


def knock_result(winner: int) -> HandResult:
    return HandResult(Outcome.KNOCK, winner=winner, points=(10, 0), ending=KnockEnd(knocker=winner))


@pytest.mark.parametrize(
    ("rotation", "dealer", "winner", "expected"),
    [
        (DealerRotation.ALTERNATE, 0, 0, 1),
        (DealerRotation.ALTERNATE, 1, 0, 0),
        (DealerRotation.WINNER, 0, 1, 1),
        (DealerRotation.LOSER, 0, 1, 0),
    ],
)
def test_dealer_rotation(rotation: DealerRotation, dealer: int, winner: int, expected: int) -> None:
    assert next_dealer(GIN.but(dealer_rotation=rotation), dealer, knock_result(winner)) == expected


def test_a_cancelled_hand_is_dealt_again_by_the_same_dealer() -> None:
    cancelled = HandResult(Outcome.CANCELLED)
    for rotation in DealerRotation:
        assert next_dealer(GIN.but(dealer_rotation=rotation), 1, cancelled) == 1


def test_the_cut_decides_the_first_dealer() -> None:
    a, b, winner = cut_for_deal(5)
    assert a != b
    higher = max((a, b), key=lambda c: (c.rank, "cdhs".index(c.suit)))
    assert (a, b)[winner] == higher
    game = Game(GIN, 5)
    assert game.cut == (a, b)
    assert game.first_dealer == 1 - winner  # the winner makes the other deal


def play_out(game: Game, seed: int) -> None:
    rng = random.Random(seed)
    while not game.is_over:
        if game.hand.is_over:
            game.next_hand()
            continue
        actions = game.hand.legal_actions()
        eager = [a for a in actions if isinstance(a, Knock | LayContract | LayMeld | LayOff)]
        game.apply(eager[0] if eager and rng.random() < 0.8 else rng.choice(actions))


@pytest.mark.slow
@pytest.mark.parametrize(
    "name", ["gin", "oklahoma", "fosdick", "sequence", "eaai", "skarney", "colonel"]
)
def test_a_whole_game_adds_up(name: str) -> None:
    rules = preset(name)
    game = Game(rules, 11)
    play_out(game, 11)
    r = game.result
    assert r is not None
    scored = [h.result for h in game.hands if h.result and h.result.scored]
    assert r.hand_points == tuple(sum(x.points[p] for x in scored) for p in (0, 1))
    assert max(r.hand_points) >= rules.target
    assert r.boxes == tuple(sum(x.boxes[p] for x in scored) for p in (0, 1))
    assert r.settlement == r.totals[r.winner] - r.totals[1 - r.winner]
    # dealers followed the rotation
    for before, after in zip(game.hands, game.hands[1:], strict=False):
        assert before.result is not None
        assert after.dealer == next_dealer(rules, before.dealer, before.result)
    # and the whole game replays from its seed and log
    again = Game.replay(rules, 11, game.log)
    assert again.result == r
    with pytest.raises(IllegalAction, match="game is over"):
        game.next_hand()


def test_next_hand_only_after_the_hand_ends() -> None:
    game = Game(GIN, 1, first_dealer=0)
    with pytest.raises(IllegalAction, match="not over"):
        game.next_hand()


def test_replay_names_the_bad_step() -> None:
    game = Game(GIN, 2, first_dealer=0)
    log = [[game.hand.legal_actions()[0], game.hand.legal_actions()[0]]]
    with pytest.raises(IllegalAction, match="hand 1, step 2"):
        Game.replay(GIN, 2, log, first_dealer=0)


def test_a_hand_played_out_with_no_score_passes_the_deal() -> None:
    tie = HandResult(Outcome.STOCK, winner=None, points=(0, 0))
    assert next_dealer(GIN, 0, tie) == 1
    assert next_dealer(GIN.but(dealer_rotation=DealerRotation.WINNER), 0, tie) == 0


def test_the_log_speaks_to_you_in_the_second_person() -> None:
    assert says("You", "deals") == "You deal"
    assert says("Computer", "deals") == "Computer deals"
    assert says("You", "goes gin") == "You go gin"
    assert says("You", "lays off") == "You lay off"
    assert says("Elder", "lays off") == "Elder lays off"
