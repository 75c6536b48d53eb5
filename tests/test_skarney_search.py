"""Skarney's search: rank-count playouts agree with the rules engine, and
``hard`` decides on what its view shows."""

from __future__ import annotations

import random

import pytest
from helpers import hidden_cards, reshuffled, walked

from ginrummies.ai import TableBot, make_bot
from ginrummies.ai.skarney_search import (
    Position,
    RankPlay,
    RankRules,
    TableMelds,
    pack,
    rank_rules,
    unpack,
)
from ginrummies.core import (
    Accept,
    AcePolicy,
    Decline,
    Hand,
    LayContract,
    Phase,
    parse_cards,
    preset,
    solver_for,
)
from ginrummies.core.skarney import SkarneyHand

SKARNEY = preset("skarney")


def mask(cards: str) -> int:
    return sum(c.bit for c in parse_cards(cards))


def random_masks(seed: int, sizes: range, each: int) -> list[int]:
    rng = random.Random(seed)
    out = []
    for n in sizes:
        for _ in range(each):
            m = 0
            for b in rng.sample(range(52), n):
                m |= 1 << b
            out.append(m)
    return out


@pytest.mark.parametrize(
    "changes",
    [
        {},
        {"ace": AcePolicy.LOW},
        {"ace": AcePolicy.HIGH},
        {"ace": AcePolicy.AROUND},
        {"sets": False},
        {"runs": False},
    ],
    ids=["low-or-high", "low", "high", "around", "no-sets", "no-runs"],
)
def test_rank_counts_meld_exactly_as_the_cards_do(changes: dict[str, object]) -> None:
    """With poker melds a suit never matters: the stuck points worked out on
    rank counts are the meld solver's on the cards, whatever the ace and
    meld options."""
    rules = SKARNEY.but(**changes)
    rr = RankRules(rules)
    solver = solver_for(rules)
    for m in random_masks(len(changes), range(2, 17), 60):
        assert rr.stuck(pack(m)) == solver.deadwood(m), sorted(parse_cards_of(m))
        assert pack(unpack(pack(m))) == pack(m)


def parse_cards_of(m: int) -> list[str]:
    from ginrummies.core.cards import cards_of_mask

    return [str(c) for c in cards_of_mask(m)]


def test_rank_playouts_need_poker_melds() -> None:
    with pytest.raises(ValueError, match="poker melds"):
        RankRules(SKARNEY.but(poker_melds=False))


def test_the_contract_is_found_when_the_engine_offers_one() -> None:
    """``contract`` finds three melds of three exactly when the engine lists a
    contract, and leaves the least stuck any of them leaves."""
    rr = rank_rules(SKARNEY)
    solver = solver_for(SKARNEY)
    found = 0
    for seed in range(300):
        hand = Hand.deal(SKARNEY, 0, seed=seed)
        assert isinstance(hand, SkarneyHand)
        for player in (0, 1):
            held = sum(c.bit for c in hand.cards_of(player))
            options = hand.contract_options(player)
            mine = rr.contract(pack(held))
            assert (mine is None) == (not options)
            if mine is not None:
                best = min(solver.deadwood(held & ~sum(m.mask for m in o.melds)) for o in options)
                assert rr.stuck(mine[0]) == best
                laid = sum(1 for _ in mine[1]) + sum(w.bit_count() for w in mine[2])
                assert laid == 9
                found += 1
    assert found >= 10


def test_a_hand_that_melds_whole_goes_out_and_scores_the_doubled_bonus() -> None:
    """After the contract, Q♠ K♦ and a drawn ace make Q-K-A: out, scoring
    the other hand's whole count and 40, since they have no contract."""
    play = RankPlay(SKARNEY)
    theirs = pack(mask("Ac 5d 6h 8c Kd Kh 2s 3s 5s 9d"))
    table = TableMelds(straights=[0b111 << 1, 0b111 << 8], sets={6: 3})  # 2-4, 9-J, 7s
    pos = Position(
        [pack(mask("Qs Kd")), theirs],
        [True, False],
        [table, TableMelds()],
        [0, 5, 5, 5],  # an ace, then sixes
        [-1, -1],
        [False, False],
    )
    assert play.rr.total(theirs) == 73
    assert play.play(pos.copy(), 0, "turn") == 73 + 40
    # with their contract down, the bonus is 20
    pos.contracts[1] = True
    assert play.play(pos, 0, "turn") == 73 + 20


def test_the_stock_end_scores_the_difference_of_the_counts() -> None:
    play = RankPlay(SKARNEY)
    pos = Position(
        [pack(mask("2c 9d")), pack(mask("Kc Kd 5h"))],
        [True, True],
        [TableMelds(), TableMelds()],
        [3, 7, 7],  # a 4 is drawn, leaving two: the last turn, no offer
        [-1, -1],
        [False, False],
    )
    assert play.play(pos, 0, "turn") == 25 - (2 + 9 + 4)


@pytest.mark.slow
def test_an_answer_or_offer_by_search_is_legal_and_repeats() -> None:
    """``hard`` answers and offers from its view: the same view (even with
    the cards it cannot see dealt anew), the same choice; and each choice is
    one the engine allows."""
    seen = {"answer": 0, "offer": 0}
    for seed in range(40):
        rng = random.Random(seed)
        hand = walked(SKARNEY, seed, "normal", rng.randrange(4, 40))
        if hand.is_over:
            continue
        p = hand.to_move
        assert p is not None
        view = hand.view(p)
        legal = hand.legal_actions()
        other = reshuffled(hand, p, rng)
        assert hidden_cards(other, p) != hidden_cards(hand, p)
        assert other.view(p) == view
        a = make_bot("hard", SKARNEY, 3, samples=6).choose(view, legal)
        b = make_bot("hard", SKARNEY, 3, samples=6).choose(other.view(p), other.legal_actions())
        assert a == b and a in legal
        if view.phase is Phase.RESPOND:
            assert a in (Accept(), Decline())
            seen["answer"] += 1
        elif not isinstance(a, LayContract):
            seen["offer"] += 1
    assert seen["answer"] >= 3 and seen["offer"] >= 3


def test_weighing_the_contract_plays_legal_moves() -> None:
    """The contract's choice and holding it back, weighed (off by default:
    measured level), still play only legal moves to the hand's end."""
    bot = make_bot("hard", SKARNEY, 2, samples=3)
    assert isinstance(bot, TableBot) and bot.search is not None
    bot.search.contracts, bot.search.hold = 3, True
    other = make_bot("normal", SKARNEY, 3)
    for seed in range(3):
        hand = Hand.deal(SKARNEY, seed % 2, seed=seed)
        while not hand.is_over:
            p = hand.to_move
            assert p is not None
            legal = hand.legal_actions()
            action = (bot if p == 0 else other).choose(hand.view(p), legal)
            assert action in legal
            hand.apply(action)


def test_without_poker_melds_hard_still_plays() -> None:
    rules = SKARNEY.but(poker_melds=False)
    bot = make_bot("hard", rules, 1, samples=4)
    hand = Hand.deal(rules, 0, seed=4)
    while not hand.is_over:
        p = hand.to_move
        assert p is not None
        hand.apply(bot.choose(hand.view(p), hand.legal_actions()))
    assert hand.is_over
