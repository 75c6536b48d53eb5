"""Every format played to its end at random: every card kept, scores that
follow the hands, nobody shown a hidden card, and an exact replay."""

from __future__ import annotations

import random

import pytest
from test_properties import check_cards

from ginrummies.core import (
    Action,
    Format,
    IllegalAction,
    Knock,
    LayContract,
    LayMeld,
    LayOff,
    Match,
    preset,
)
from ginrummies.core.settle import score_round

CASES = [
    ("gin", Format.TWO),
    ("gin", Format.THREE),
    ("oklahoma", Format.THREE),
    ("gin", Format.PARTNERSHIP),
    ("fosdick", Format.PARTNERSHIP),
    ("skarney", Format.SKARNEY3),
    ("skarney", Format.CAPTAINS),
    ("skarney", Format.PARTNERS),
]


def eager(actions: list[Action], rng: random.Random) -> Action:
    """Random legal play that knocks and melds when it can, so games end."""
    keen = [a for a in actions if isinstance(a, Knock | LayContract | LayMeld | LayOff)]
    return keen[0] if keen else rng.choice(actions)


def check_views(match: Match) -> None:
    public = match.public()
    for t, hand in enumerate(match.round.hands):
        # one who sits out, or plays at the other table, sees no card in a hand
        watched = match.watch(t)
        assert watched.hand == () and watched.legal_actions == ()
        if not hand.is_over:
            assert set(watched.known_opponent_cards) <= set(hand.cards_of(1))
        assert watched.history == hand.view(0).history
    for seat in range(match.seats):
        table = match.table_of(seat)
        if table is None:
            assert seat in public.sitting_out
            with pytest.raises(ValueError, match="sits out"):
                match.view(seat)
            continue
        seating = match.round.tables[table]
        hand = match.round.hands[table]
        player = seating.player_of(seat)
        view = match.view(seat)
        assert view.player == player
        assert set(view.hand) == set(hand.cards_of(player))
        other = set(hand.cards_of(1 - player))
        if not hand.is_over:
            assert set(view.known_opponent_cards) <= other
        a, b = seating.seats
        assert view.game.scores == (match.scores[match.side_of(a)], match.scores[match.side_of(b)])
        assert view.game.target == match.target
        if match.format is Format.TWO:
            assert view.game.match is None  # two players: the view is today's
            continue
        # the match state shows each table as everybody there sees it
        assert view.game.match is not None and view.game.match.seat == seat
        for t, shown in enumerate(view.game.match.tables):
            h = match.round.hands[t]
            assert shown.history == h.view(0).history
            assert shown.stock_size == h.stock_size
            assert shown.result is h.result
            # a finished hand's result shows both hands; never before
            assert (shown.result is None) == (not h.is_over)


def play(rules_name: str, fmt: Format, seed: int) -> Match:
    rules = preset(rules_name)
    rng = random.Random(seed)
    match = Match(rules, seed, fmt)
    rounds = 0
    while not match.is_over:
        if match.round.is_over:
            before = match.round
            match.next_hand()
            check_rota(match, before)
            rounds += 1
            assert rounds < 400
            continue
        movers = match.movers()
        table, _ = rng.choice(movers)  # the tables move in any order
        hand = match.round.hands[table]
        match.apply(eager(hand.legal_actions(), rng), table)
        check_cards(hand)
        if rng.random() < 0.05 or hand.is_over:
            check_views(match)
    return match


def check_rota(match: Match, before: object) -> None:
    """Who sits out after a hand (three-player formats), from its result."""
    from ginrummies.core import Round

    assert isinstance(before, Round)
    (result, *_) = [h.result for h in before.hands]
    assert result is not None
    table = before.tables[0]
    out = match.public().sitting_out
    if match.format is Format.THREE:
        if result.scored:
            loser = table.seats[1 - (result.winner or 0)]
            assert out == (loser,) and match.round.tables[0].dealer_seat != loser
        else:
            assert match.round.tables == before.tables
    if match.format is Format.SKARNEY3 and result.winner is not None:
        assert out == (table.seats[1 - result.winner],)
        assert match.round.tables[0].dealer_seat == table.seats[result.winner]


@pytest.mark.slow
@pytest.mark.parametrize(("rules_name", "fmt"), CASES, ids=[f"{r}-{f.value}" for r, f in CASES])
@pytest.mark.parametrize("seed", [1, 2])
def test_random_matches_end_and_replay(rules_name: str, fmt: Format, seed: int) -> None:
    match = play(rules_name, fmt, seed)
    assert match.result is not None
    # the scores are the rounds' scores, added up
    side_of = [match.side_of(s) for s in range(match.seats)]
    totals = [0] * len(match.sides)
    for rnd in match.rounds:
        tables = [(t.seats, h.result) for t, h in zip(rnd.tables, rnd.hands, strict=True)]
        assert all(r is not None for _, r in tables)
        score = score_round(side_of, len(match.sides), tables, fmt.play.teams)  # type: ignore[arg-type]
        assert rnd.score == score
        for side, points in enumerate(score.points):
            totals[side] += points
    assert totals == match.scores
    top = max(match.scores)
    assert top >= match.target and match.result.winner == match.scores.index(top)
    with pytest.raises(IllegalAction, match="over"):
        match.next_hand()
    again = Match.from_log(match.rules, seed, match.log, fmt)
    assert [h.state_key() for h in again.hands] == [h.state_key() for h in match.hands]
    assert again.scores == match.scores and again.result == match.result


def test_a_log_cut_mid_round_does_not_replay() -> None:
    match = Match(preset("gin"), 5, Format.PARTNERSHIP)
    with pytest.raises(IllegalAction, match="part of a round"):
        Match.from_log(match.rules, 5, [[]], Format.PARTNERSHIP)


def test_moves_at_either_table_in_any_order() -> None:
    rules = preset("gin")
    match = Match(rules, 8, Format.PARTNERSHIP)
    rng = random.Random(8)
    for _ in range(6):
        match.apply(eager(match.round.hands[1].legal_actions(), rng), 1)
    assert match.round.hands[0].log == [] and len(match.round.hands[1].log) == 6
    with pytest.raises(IllegalAction, match="not over"):
        match.next_hand()
    with pytest.raises(IllegalAction, match="no table 3"):
        match.apply(match.round.hands[0].legal_actions()[0], 2)
