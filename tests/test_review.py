"""The game review (ginrummies.ai.review): known errors flagged with the
right best move, ratings from the person's view only, the same review
every time, progress and cancelling, and every variant and format."""

from __future__ import annotations

import dataclasses
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import c, stack

from ginrummies.ai import judge as judge_module
from ginrummies.ai import make_bot
from ginrummies.ai import review as review_module
from ginrummies.ai.arena import BotStats, play_match
from ginrummies.ai.judge import KNOCK_SHIFT, judge
from ginrummies.ai.review import (
    COSTLY,
    NOT_RATED_KINDS,
    GameReview,
    Options,
    Rating,
    Thresholds,
    Verdict,
    decision_kind,
    hand_positions,
    people_of,
    positions,
    rate,
    review_hand,
    review_match,
    summarize,
)
from ginrummies.core import (
    Action,
    Discard,
    DrawStock,
    Format,
    Game,
    Hand,
    Knock,
    LayMeld,
    LayOff,
    Match,
    Meld,
    Pass,
    Phase,
    TakeDiscard,
    preset,
    replay,
)
from ginrummies.core.levels import Level, SeatKind
from ginrummies.play.reviewwords import loss_words
from ginrummies.store.saves import Saved, SeatRecord
from ginrummies.store.saves import replay as replay_saved

GIN = preset("gin")
FLAGGED = (Verdict.MISTAKE, Verdict.BLUNDER)
# player 0, the person, feeds player 1 three melds, a card a turn; player 1's
# last junk card (9♠) is the only one of its cards player 0 never sees
FEED = ["4s", "5s", "6s", "Jc", "Jd", "Jh", "7h", "8h", "9h"]
JUNK = ["Ac", "2d", "3h", "6c", "7d", "8s", "Tc", "Qd", "Ks", "9s"]


def fed(final: str) -> Hand:
    """A hand where player 0 has fed player 1 nine melded cards and draws
    the last of ``final`` (its eleven cards then): player 1 holds three
    known melds and one unseen card, at most 10 points."""
    first, *draws = final.split()
    deck = stack(" ".join([*FEED, first]), " ".join(JUNK), "2s", " ".join(draws))
    hand = Hand.deal(GIN, 1, deck=deck)
    hand.apply(Pass())
    hand.apply(Pass())
    for mine, theirs in zip(FEED, JUNK, strict=False):
        hand.apply(DrawStock())
        hand.apply(Discard(c(mine)))
        hand.apply(TakeDiscard())
        hand.apply(Discard(c(theirs)))
    hand.apply(DrawStock())
    return hand


def knocked_into_undercut() -> Hand:
    hand = fed("2c 3c 4c 5c 5d 5h 8d 9d Td Qh Kh")
    knock = next(a for a in hand.legal_actions() if isinstance(a, Knock) and a.discard == c("Kh"))
    hand.apply(knock)  # deadwood 10 (Q♥) against at most 10: an undercut, whatever 9♠ was
    return hand


def last_rating(hand: Hand) -> Rating:
    return review_hand(hand, [0]).ratings[-1]


@pytest.mark.slow
def test_a_knock_into_a_certain_undercut_is_flagged() -> None:
    hand = knocked_into_undercut()
    assert hand.result is not None and hand.result.winner == 1  # the undercut happened
    rating = last_rating(hand)
    assert isinstance(rating.made, Knock)
    assert rating.verdict in FLAGGED
    assert isinstance(rating.best, Discard)  # play on: any knock is undercut
    knocks = [p.value for p in rating.prices if isinstance(p.action, Knock)]
    assert knocks and all(v is not None and v <= -25 for v in knocks)  # the bonus is lost
    assert "knocking now" in rating.why  # the hint's words, against knocking


@pytest.mark.slow
def test_discarding_the_card_that_gives_gin_is_flagged() -> None:
    hand = fed("2c 3c 4c 5c 5d 5h Qh Kh Qc 7s Kd")
    hand.apply(Discard(c("7s")))  # 4♠ 5♠ 6♠ 7♠: the other player goes gin with it
    rating = last_rating(hand)
    assert rating.made == Discard(c("7s"))
    assert rating.verdict in FLAGGED
    assert isinstance(rating.best, Discard) and rating.best.card != c("7s")
    assert rating.loss >= 10


def test_passing_up_gin_is_flagged() -> None:
    deck = stack("2c 3c 4c 5c 5d 5h 8d 9d Td Kh", "Ac 2d 3h 6c 7c 8s Tc Qd Ks 9s", "7d", "Jd")
    hand = Hand.deal(GIN, 1, deck=deck)
    hand.apply(Pass())  # 7♦ would make 7♦-10♦: gin
    hand.apply(Pass())
    hand.apply(DrawStock())
    hand.apply(Discard(c("2c")))  # J♦ made gin, discarding K♥; this plays on and breaks a meld
    upcard, discard = review_hand(hand, [0]).ratings
    assert upcard.phase is Phase.UPCARD and upcard.made == Pass()
    assert upcard.best == TakeDiscard() and upcard.verdict in FLAGGED
    assert "gin" in upcard.why
    assert discard.verdict in FLAGGED
    best = discard.best
    assert isinstance(best, Knock) and best.discard == c("Kh")
    assert best.deadwood((*hand.cards_of(0), c("2c")), GIN) == 0  # the gin


def test_not_going_out_in_colonel_is_flagged() -> None:
    rules = preset("colonel")
    deck = stack("2c 3c 4c 5d 5h 5s 8d 9d Td Jd", "Ac 2d 3h 6c 7c 8s Tc Qd Ks 9s", "4h", "Kh")
    hand = Hand.deal(rules, 1, deck=deck)
    hand.apply(DrawStock())
    hand.apply(Discard(c("Kh")))  # the three melds laid and K♥ thrown would have gone out
    rating = review_hand(hand, [0]).ratings[-1]
    assert rating.made == Discard(c("Kh")) and rating.samples == 0
    assert isinstance(rating.best, LayMeld) and rating.verdict is Verdict.BLUNDER
    assert "goes out" in rating.why


def shuffled_hidden(hand: Hand, seed: int) -> Hand:
    """The same hand with the hidden cards dealt otherwise: player 1's card
    player 0 never saw swapped for one of the stock's undrawn cards, and
    those shuffled; every public fact and player 0's hand unchanged."""
    deck = list(hand.deck)
    drawn = 21 + sum(1 for _, a in hand.log if isinstance(a, DrawStock))
    rest = deck[drawn:]
    rng = random.Random(seed)
    rng.shuffle(rest)
    hidden = deck.index(c(JUNK[-1]))
    deck[hidden], rest[0] = rest[0], deck[hidden]
    deck[drawn:] = rest
    again = replay(hand.rules, hand.dealer, deck, [a for _, a in hand.log])
    assert again.cards_of(1) != hand.cards_of(1)
    assert [again.view(0).history, again.view(0).hand] == [hand.view(0).history, hand.view(0).hand]
    return again


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2])
def test_shuffling_the_hidden_cards_changes_no_rating(seed: int) -> None:
    hand = knocked_into_undercut()
    other = shuffled_hidden(hand, seed)
    first = review_hand(hand, [0], options=Options(samples=12))
    second = review_hand(other, [0], options=Options(samples=12))
    assert len(first.ratings) > 10
    assert first == second


def bot_match(name: str, fmt: Format = Format.TWO, seed: int = 3, hands: int = 1) -> Match:
    rules = preset(name)
    match = Match(rules, seed, fmt)
    bots = [make_bot("normal", rules, seed + i) for i in range(fmt.seats)]
    play_match(match, bots, [BotStats(str(i)) for i in range(fmt.seats)], max_hands=hands)
    return match


def test_the_views_are_the_ones_the_person_had() -> None:
    """Each decision's view is the one the game gave the person then (the
    match's public state of three or four aside, which no price reads)."""
    rules = GIN
    game = Game(rules, 11)
    bots = [make_bot("normal", rules, 1), make_bot("normal", rules, 2)]
    seen = []
    while True:
        while not game.round.is_over:
            _, seat = game.movers()[0]
            view = game.view(seat)
            if seat == 1 and len(view.legal_actions) > 1:
                seen.append(view)
            game.apply(bots[seat].choose(view, view.legal_actions))
        if game.is_over or len(game.rounds) == 3:
            break
        game.next_hand()
    rebuilt = [p.view for p in positions(game, [1])]
    assert rebuilt == seen
    assert any(v.game.past for v in rebuilt) and any(v.game.scores != (0, 0) for v in rebuilt)


def test_the_same_game_gives_the_same_review() -> None:
    match = bot_match("gin", seed=4)
    first = review_match(match, [0], options=Options(samples=8))
    assert first.complete and first.ratings
    assert review_match(match, [0], options=Options(samples=8)) == first


@pytest.mark.slow
def test_the_same_review_whatever_the_hash_seed() -> None:
    """Nothing depends on Python's randomised hashing (sets of cards, say),
    which differs between runs and machines."""
    code = (
        "import sys; sys.path[:0] = ['.', 'tests'];"
        "from test_review import knocked_into_undercut;"
        "from ginrummies.ai.review import Options, review_hand;"
        "print(repr(review_hand(knocked_into_undercut(), [0], options=Options(samples=8))))"
    )
    root = Path(__file__).resolve().parents[1]
    outs = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        run = subprocess.run(
            [sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True
        )
        assert run.returncode == 0, run.stderr
        outs.append(run.stdout)
    assert outs[0] == outs[1] and "Rating(" in outs[0]


def test_progress_reaches_the_total_and_cancel_stops_early() -> None:
    match = bot_match("gin", seed=5, hands=2)
    calls: list[tuple[int, int]] = []
    options = Options(samples=4, on_progress=lambda d, t: calls.append((d, t)))
    whole = review_match(match, [0], options)
    total = len(whole.ratings)
    assert total > 10
    assert calls[0] == (0, total) and calls[-1] == (total, total)
    assert [d for d, _ in calls] == list(range(total + 1))
    assert whole.complete

    done: list[int] = []
    part = review_match(
        match,
        [0],
        Options(samples=4, on_progress=lambda d, t: done.append(d), cancel=lambda: len(done) > 3),
    )
    assert not part.complete
    assert len(part.ratings) == 3
    assert part.ratings == whole.ratings[:3]


def check(review: GameReview, match: Match) -> None:
    """Every rating is sane: a legal best move, a loss of 0 or more that
    fits its verdict, and the seat playing at that hand's table."""
    assert review.complete and review.ratings
    for r in review.ratings:
        seating = match.rounds[r.round].tables[r.table]
        assert r.seat in seating.seats and r.seat in review.people
        assert r.loss >= 0
        assert r.best in {p.action for p in r.prices} and r.made in {p.action for p in r.prices}
        assert r.prices[0].action == r.best
        verdict = Thresholds().verdict(r.loss, r.made == r.best, r.error)
        if r.verdict is Verdict.NOT_RATED:  # a kind whose verdicts failed in play
            assert verdict in COSTLY and r.kind in NOT_RATED_KINDS
        else:
            assert r.verdict is verdict
        assert r.error >= 0 and (r.samples or r.error == 0)
        assert r.why


def test_the_fiftieth_card_is_priced_as_the_knock_it_must_make() -> None:
    rules = dataclasses.replace(GIN, fiftieth_card=True)
    match = Match(rules, 20)
    bots = [make_bot("easy", rules, 20), make_bot("easy", rules, 21)]
    play_match(match, bots, [BotStats("a"), BotStats("b")], max_hands=3)
    found = [p for p in positions(match, [0, 1]) if p.view.phase is Phase.FIFTIETH]
    assert found  # this deal comes to the fiftieth card
    rating = rate(found[0], 8)
    value = {p.action: p.value for p in rating.prices}
    assert value[Pass()] == 0.0  # the hand is cancelled
    assert value[TakeDiscard()] != 0.0 and "knock" in rating.why


@pytest.mark.slow
@pytest.mark.parametrize("name", ["gin", "oklahoma", "sequence", "fosdick", "skarney", "colonel"])
def test_every_variant_reviews(name: str) -> None:
    match = bot_match(name)
    review = review_match(match, [0, 1], options=Options(samples=4))
    check(review, match)
    assert {r.seat for r in review.ratings} == {0, 1}
    table = preset(name).family.value != "gin"
    assert all((r.samples == 0) == table for r in review.ratings)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "fmt"),
    [
        ("gin", Format.THREE),
        ("gin", Format.PARTNERSHIP),
        ("skarney", Format.SKARNEY3),
        ("skarney", Format.PARTNERS),
    ],
)
def test_every_format_reviews_each_person_at_their_table(name: str, fmt: Format) -> None:
    match = bot_match(name, fmt, hands=2)
    people = [0, 2] if fmt.seats == 4 else [0, 1]
    review = review_match(match, people, options=Options(samples=4))
    check(review, match)
    if fmt.tables == 2:
        assert {r.table for r in review.ratings} == {0, 1}  # A at the first, C moves


def test_a_save_is_reviewed_for_its_people() -> None:
    match = bot_match("gin", seed=6)
    seats = (SeatRecord("Ann"), SeatRecord("Computer", SeatKind.COMPUTER, Level.HARD))
    saved = Saved(GIN, 6, seats, match.log, "abc", Format.TWO, None, match.first)
    assert people_of(seats) == (0,) and people_of(seats, everyone=True) == (0, 1)
    review = review_match(replay_saved(saved), people_of(saved.seats), Options(samples=4))
    assert review.people == (0,) and {r.seat for r in review.ratings} == {0}
    assert review == review_match(match, [0], options=Options(samples=4))


def test_thresholds_name_the_verdicts() -> None:
    t = Thresholds()
    assert t.verdict(0.0, True) is Verdict.BEST
    assert t.verdict(1.9, False) is Verdict.GOOD
    assert t.verdict(2.0, False) is Verdict.INACCURACY
    assert t.verdict(4.9, False) is Verdict.INACCURACY
    assert t.verdict(5.0, False) is Verdict.MISTAKE
    assert t.verdict(10.0, False) is Verdict.BLUNDER
    # by the loss less one standard error: a loss within the noise is not flagged
    assert t.verdict(6.0, False, error=2.0) is Verdict.INACCURACY
    assert t.verdict(12.0, False, error=1.0) is Verdict.BLUNDER
    assert Thresholds(doubt=0.0).verdict(6.0, False, error=2.0) is Verdict.MISTAKE


def rated(loss: float, verdict: Verdict, seat: int = 0) -> Rating:
    made: Action = DrawStock()
    return Rating(0, 0, 0, 0, seat, Phase.DRAW, made, made, loss, 0.0, verdict, "", (), 0)


def test_accuracy_is_the_share_of_decisions_within_an_inaccuracy() -> None:
    ratings = [
        rated(0.0, Verdict.BEST),
        rated(1.0, Verdict.GOOD),
        rated(3.0, Verdict.INACCURACY),
        rated(12.0, Verdict.BLUNDER),
    ]
    summary = summarize(ratings)
    assert summary.decisions == 4 and summary.lost == 16.0
    assert summary.count(Verdict.BLUNDER) == 1 and summary.count(Verdict.MISTAKE) == 0
    assert summary.accuracy == 50.0
    assert summarize([]).accuracy is None
    hand = review_hand(knocked_into_undercut(), [0], Options(samples=4))
    review = GameReview((hand,), (0,), True)
    assert review.accuracy(0) == hand.summary(0).accuracy
    costly = review.costly(Verdict.MISTAKE)
    assert costly and all(r.verdict in FLAGGED for r in costly)
    assert [r.loss for r in costly] == sorted((r.loss for r in costly), reverse=True)


@pytest.mark.parametrize(("low", "shift"), [("4h", KNOCK_SHIFT[4]), ("Ah", 0.0)])
def test_a_middling_knock_is_priced_up_by_the_fitted_shift(
    low: str, shift: float, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Knocks at 4 to 9 gain ``KNOCK_SHIFT`` in every world (the sampled
    other hands hold too little deadwood: benchmarks/review_truth.py); a
    knock at 1 and every other move are priced by the playouts alone."""
    hand = fed(f"2c 3c 4c 5c 5d 5h 8d 9d Td {low} Kh")
    view = hand.view(0)
    knock = next(a for a in view.legal_actions if isinstance(a, Knock) and a.discard == c("Kh"))
    assert knock.deadwood(view.hand, GIN) == c(low).rank
    shifted = judge(view, (knock,), 8)
    monkeypatch.setattr(judge_module, "KNOCK_SHIFT", {})
    raw = judge(view, (knock,), 8)
    assert {p.action for p in shifted.prices} == {p.action for p in raw.prices}
    for q in raw.prices:
        moved = shift if q.action == knock else 0.0
        assert shifted.value(q.action) == pytest.approx((q.value or 0.0) + moved)
        assert shifted.worlds[q.action] == pytest.approx([v + moved for v in raw.worlds[q.action]])


def test_in_colonel_two_melds_that_go_out_are_as_good_in_either_order() -> None:
    """Laying the run first, then the set, goes out as surely as the other way."""
    rules = preset("colonel")
    deck = stack("2c 2d 2s 8s 9s Ts Js Qh Kh Ah", "3c 4c 6c 7d 9d Tc Qd Ks 5h 6h", "4d", "5c 3h Jh")
    hand = Hand.deal(rules, 1, deck=deck)
    hand.apply(DrawStock())
    hand.apply(LayMeld(next(m for m in melds_of(hand) if c("Qh") in m.cards)))
    hand.apply(Discard(c("5c")))
    hand.apply(DrawStock())
    hand.apply(Discard(c("3h")))
    hand.apply(DrawStock())
    hand.apply(LayOff(c("Jh"), 0))
    run = next(m for m in melds_of(hand) if c("8s") in m.cards and len(m.cards) == 4)
    hand.apply(LayMeld(run))  # 2♣ 2♦ 2♠ left: they go down next, and the hand is out
    rating = review_hand(hand, [0]).ratings[-1]
    assert rating.made == LayMeld(run)
    assert rating.verdict in (Verdict.BEST, Verdict.GOOD) and rating.loss == 0
    assert "goes out this turn" in rating.why


def melds_of(hand: Hand) -> list[Meld]:
    return [a.meld for a in hand.legal_actions() if isinstance(a, LayMeld)]


def test_a_knock_made_is_told_apart_by_whether_it_would_likely_win() -> None:
    """Playing on was best and a knock was made: "play on" where the knock
    made lost in most of the judge's worlds, "hold out" where it won in
    most (playing on was to win more); the other way round, "knock"."""
    hand = knocked_into_undercut()
    rating = review_hand(hand, [0], Options(samples=4)).ratings[-1]
    position = hand_positions(hand, [0])[-1]
    knock, discard = (
        position.made,
        next(a for a in position.view.legal_actions if isinstance(a, Discard)),
    )
    assert isinstance(knock, Knock) and rating.kind == "play on"
    assert decision_kind(position.view, knock, discard, 0.2) == "play on"
    assert decision_kind(position.view, knock, discard, 0.8) == "hold out"
    assert decision_kind(position.view, discard, knock, 0.8) == "knock"
    assert decision_kind(position.view, discard, discard, None) == "discard"


@pytest.mark.slow
def test_a_kind_whose_verdicts_fail_in_play_is_not_rated_and_not_counted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A costly verdict of a kind in ``NOT_RATED_KINDS`` is "not rated": the
    judge's figure is kept and said, the decision counts toward no verdict
    and not in the accuracy, and its words say why; a mistake whose move
    lost in every world (here a knock undercut whatever the other hand) is
    rated all the same."""
    kinds = ("draw", "discard", "knock", "play on", "hold out", "gin", "meld")
    for kind in kinds:
        monkeypatch.setitem(review_module.NOT_RATED_KINDS, kind, f"{kind} decisions")
    match = Match(GIN, 7)  # a game with a costly decision of the easy player's
    bots = [make_bot("easy", GIN, 7), make_bot("normal", GIN, 8)]
    play_match(match, bots, [BotStats("a"), BotStats("b")], max_hands=2)
    review = review_match(match, [0], options=Options(samples=4))
    unrated = [r for r in review.ratings if r.verdict is Verdict.NOT_RATED]
    assert unrated
    summary = review.summary(0)
    good = summary.count(Verdict.BEST) + summary.count(Verdict.GOOD)
    assert summary.accuracy == pytest.approx(100.0 * good / (summary.decisions - len(unrated)))
    assert not set(unrated) & set(review.costly())
    for r in unrated:
        said = loss_words(r)
        assert "not counted" in said and f"{r.kind} decisions" in said
    undercut = review_hand(knocked_into_undercut(), [0], Options(samples=4)).ratings[-1]
    assert undercut.kind == "play on" and undercut.verdict in FLAGGED
