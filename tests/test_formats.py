"""RULES.md section 6 rule by rule, with figures worked out by hand: who
plays whom, who sits out and deals, how tables' results pool or net, the
end of the game and the settlement."""

from __future__ import annotations

import pytest

from ginrummies.core import (
    Format,
    HandResult,
    KnockEnd,
    Match,
    Outcome,
    Seating,
    preset,
    settle,
)
from ginrummies.core.formats import (
    Rota,
    SitterRota,
    StreakRota,
    cut_cards,
    cut_key,
    next_rota,
    seatings,
    sides,
    sitting_out,
    start,
)
from ginrummies.core.settle import score_round

GIN = preset("gin")
SKARNEY = preset("skarney")
A, B, C, D = range(4)


def won(winner: int, points: int, boxes: int = 1) -> HandResult:
    """A hand won by hand player ``winner`` for ``points``."""
    pts = (points, 0) if winner == 0 else (0, points)
    box = (boxes, 0) if winner == 0 else (0, boxes)
    return HandResult(Outcome.KNOCK, winner, pts, box, ending=KnockEnd(knocker=winner))


CANCELLED = HandResult(Outcome.CANCELLED)
TIE = HandResult(Outcome.STOCK)  # played out, equal totals: no winner


def test_formats_belong_to_their_variants() -> None:
    assert Format.THREE.allows(preset("oklahoma")) and Format.PARTNERSHIP.allows(GIN)
    assert not Format.THREE.allows(SKARNEY) and not Format.CAPTAINS.allows(GIN)
    assert not Format.PARTNERS.allows(preset("colonel"))
    with pytest.raises(ValueError, match="Skarney"):
        Match(GIN, 1, Format.CAPTAINS)
    assert Format.PARTNERSHIP.target(GIN) == 125 and Format.PARTNERS.target(SKARNEY) == 300
    assert Format.SKARNEY3.target(SKARNEY) == 200 and Format.THREE.target(GIN) == 100
    assert Format.THREE.target(preset("oklahoma")) == 150
    assert Match(GIN, 1, Format.PARTNERSHIP, target=150).target == 150  # a house rule


# --- three-player Gin -----------------------------------------------------------


def test_three_player_gin_the_lowest_cut_deals_and_sits_out() -> None:
    for seed in range(20):
        cards = cut_cards(seed, 3)
        low = min(range(3), key=lambda s: cut_key(cards[s]))
        match = Match(GIN, seed, Format.THREE)
        assert match.cuts == (cards,)
        assert match.public().sitting_out == (low,)


def test_three_player_gin_the_seat_after_the_dealer_plays_first() -> None:
    rota = SitterRota(sitter=A, dealers=(A,))
    (table,) = seatings(Format.THREE, rota)
    assert table == Seating((B, C), 1)  # C takes the dealer's place; B plays first
    rota = SitterRota(sitter=C, dealers=(C,))
    (table,) = seatings(Format.THREE, rota)
    assert table.seats == (A, B) and table.dealer_seat == B  # A, after C, plays first


def test_three_player_gin_the_loser_deals_next_and_sits_out() -> None:
    rota = SitterRota(sitter=A, dealers=(A,))  # B and C play
    rota = next_rota(Format.THREE, GIN, rota, (won(1, 20),))  # C wins: B deals, sits out
    assert rota.sitter == B and sitting_out(Format.THREE, rota) == (B,)
    (table,) = seatings(Format.THREE, rota)
    assert table.seats == (A, C) and table.dealer_seat == A  # C, after B, plays first
    rota = next_rota(Format.THREE, GIN, rota, (CANCELLED,))
    assert rota.sitter == B  # a cancelled hand: same dealer, same two
    rota = next_rota(Format.THREE, GIN, rota, (won(0, 15),))  # A beats C
    assert rota.sitter == C
    (table,) = seatings(Format.THREE, rota)
    assert table.seats == (A, B) and table.dealer_seat == B  # A plays first


def test_three_player_settlement_each_loser_pays_the_winner() -> None:
    # A: 105 points and 3 boxes; B: 40 and 1 box; C: nothing (shut out)
    r = settle(GIN, [105, 40, 0], [3, 1, 0])
    assert r.winner == A and r.shutout
    winner_total = 105 + 3 * 25 + 100  # 280
    assert r.totals == (winner_total, 40 + 25, 0)
    assert r.payments == (0, 280 - 65, 2 * 280 - 0)
    assert r.settlement == 215 + 560
    lines = r.breakdown(("A", "B", "C"))
    assert "B pays A 280 − 65 = 215." in lines
    assert "C pays A 560 (shut out) − 0 = 560." in lines


def test_three_player_scores_each_hand_to_its_winner() -> None:
    rota = SitterRota(sitter=A, dealers=(A,))
    (table,) = seatings(Format.THREE, rota)
    side_of = [0, 1, 2]
    score = score_round(side_of, 3, [(table.seats, won(1, 31, boxes=2))], net=False)
    assert score.points == (0, 0, 31) and score.boxes == (0, 0, 2) and score.won == C


# --- partnership Gin and Skarney Partners ------------------------------------------


def test_partners_change_opponents_every_hand() -> None:
    pairs = [
        tuple(t.seats for t in seatings(Format.PARTNERSHIP, Rota(round=k, dealers=(0, 1))))
        for k in range(2)
    ]
    assert pairs[0] == ((A, C), (B, D)) and pairs[1] == ((A, D), (B, C))


def test_partnership_deal_passes_to_the_other_team_at_each_table() -> None:
    rota = start(Format.PARTNERSHIP, 0, first=0).rota
    assert [t.dealer_seat for t in seatings(Format.PARTNERSHIP, rota)] == [A, B]
    results = (won(0, 10), CANCELLED)
    rota = next_rota(Format.PARTNERSHIP, GIN, rota, results)
    assert [t.dealer_seat for t in seatings(Format.PARTNERSHIP, rota)] == [D, C]
    rota = next_rota(Format.PARTNERSHIP, GIN, rota, results)
    assert [t.dealer_seat for t in seatings(Format.PARTNERSHIP, rota)] == [A, B]


def test_partnership_first_dealers_come_from_a_cut_at_each_table() -> None:
    for seed in range(10):
        match = Match(GIN, seed, Format.PARTNERSHIP)
        for cards, table in zip(match.cuts, match.round.tables, strict=True):
            low = min((0, 1), key=lambda i: cut_key(cards[i]))
            assert table.dealer == low  # the higher card makes the other deal


@pytest.mark.parametrize(
    ("t0", "t1", "points", "box"),
    [
        (won(0, 30), won(0, 20), (50, 0), (1, 0)),  # A and B both win: the sum
        (won(0, 30), won(1, 45), (0, 15), (0, 1)),  # A wins 30, D wins 45: D's team nets 15
        (won(0, 25), won(1, 25), (0, 0), (0, 0)),  # equal: nothing
        (CANCELLED, won(1, 25), (0, 25), (0, 1)),  # a cancelled table counts 0
        (CANCELLED, CANCELLED, (0, 0), (0, 0)),
    ],
)
def test_partnership_team_score_of_a_hand(
    t0: HandResult, t1: HandResult, points: tuple[int, int], box: tuple[int, int]
) -> None:
    tables = [((A, C), t0), ((B, D), t1)]
    score = score_round([0, 0, 1, 1], 2, tables, net=True)
    assert score.points == points and score.boxes == box


def test_partnership_game_to_125_with_a_shutout() -> None:
    r = settle(GIN, [130, 0], [4, 0])
    assert r.totals == ((130 + 100 + 4 * 25) * 2, 0) and r.settlement == 660


def test_skarney_partners_nets_rounds_to_300() -> None:
    assert sides(Format.PARTNERS, Rota()) == ((A, B), (C, D))
    match = Match(SKARNEY, 3, Format.PARTNERS)
    assert match.target == 300 and len(match.round.hands) == 2


# --- Skarney for three --------------------------------------------------------------


def test_skarney_for_three_cuts_twice() -> None:
    for seed in range(10):
        cards = cut_cards(seed, 3)
        low = min(range(3), key=lambda s: cut_key(cards[s]))
        match = Match(SKARNEY, seed, Format.SKARNEY3)
        assert match.public().sitting_out == (low,)
        players = match.round.tables[0].seats
        again = cut_cards(seed, 2, "cut:again")
        high = max((0, 1), key=lambda i: cut_key(again[i]))
        assert match.round.tables[0].dealer_seat == players[high]


def test_skarney_for_three_the_loser_sits_out_and_the_winner_deals() -> None:
    rota = StreakRota(sitter=C, dealers=(A,), streak=(0, 0, 0))  # A deals to B
    rota = next_rota(Format.SKARNEY3, SKARNEY, rota, (won(1, 60),))  # B wins
    assert rota.sitter == A and rota.dealers == (B,)  # B stays and deals; C comes in
    (table,) = seatings(Format.SKARNEY3, rota)
    assert table.seats == (B, C) and table.dealer_seat == B
    assert rota.streak == (1, 1, 0)


def test_skarney_for_three_a_tie_sends_out_the_longer_player() -> None:
    rota = StreakRota(sitter=A, dealers=(B,), streak=(0, 3, 1))  # B has played 3 in a row, C 1
    rota = next_rota(Format.SKARNEY3, SKARNEY, rota, (TIE,))
    assert rota.sitter == B and rota.dealers == (C,)
    # as long as each other: the dealer of that round sits out
    rota = StreakRota(sitter=A, dealers=(C,), streak=(0, 2, 2))
    rota = next_rota(Format.SKARNEY3, SKARNEY, rota, (TIE,))
    assert rota.sitter == C and rota.dealers == (B,)


# --- Skarney Captains ----------------------------------------------------------------


def test_captains_the_highest_cut_is_captain_and_deals_first() -> None:
    for seed in range(10):
        cards = cut_cards(seed, 3)
        high = max(range(3), key=lambda s: cut_key(cards[s]))
        match = Match(SKARNEY, seed, Format.CAPTAINS)
        assert match.sides == ((high,), tuple(s for s in range(3) if s != high))
        (table,) = match.round.tables
        assert table.dealer_seat == high and (high + 1) % 3 in table.seats


def test_captains_challengers_take_turns_as_they_lose() -> None:
    rota = start(Format.CAPTAINS, 0, first=A).rota  # A captains, B challenges, A deals
    (table,) = seatings(Format.CAPTAINS, rota)
    assert table.seats == (A, B) and table.dealer_seat == A
    rota = next_rota(Format.CAPTAINS, SKARNEY, rota, (won(1, 50),))  # B wins: B stays
    assert rota.challenger == B and rota.dealers == (B,)  # the deal alternates
    rota = next_rota(Format.CAPTAINS, SKARNEY, rota, (TIE,))  # a tie keeps B
    assert rota.challenger == B and rota.dealers == (A,)
    rota = next_rota(Format.CAPTAINS, SKARNEY, rota, (won(0, 40),))  # B loses: C comes in
    assert rota.challenger == C and rota.dealers == (A,)  # the captain deals: C plays first
    rota = next_rota(Format.CAPTAINS, SKARNEY, rota, (won(0, 40),))  # C loses: B again
    assert rota.challenger == B


def test_captains_the_side_pools_its_points() -> None:
    side_of = [0, 1, 1]  # A captains
    score = score_round(side_of, 2, [((A, C), won(1, 70))], net=False)
    assert score.points == (0, 70) and score.won == 1


# --- the two-player format is today's game -------------------------------------------


def test_two_players_is_the_one_table_match() -> None:
    from ginrummies.core import Game

    match, game = Match(GIN, 42), Game(GIN, 42)
    assert match.cuts == ((game.cut),) and match.round.tables[0].dealer == game.dealer
    assert match.hand.state_key() == game.hand.state_key()
