"""The coach (issue 34, item 4): costly moves classed by habit, reviews
kept in the statistics (a file of the last release migrated), and the
games recorded reviewed in turn, counted by habit with an example each."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest
from helpers import c, stack
from test_formats_play import play_out
from test_review import fed, knocked_into_undercut

from ginrummies.ai import make_bot
from ginrummies.ai.arena import BotStats, play_match
from ginrummies.ai.habits import Habit, habit_of
from ginrummies.ai.review import (
    VERSION,
    Options,
    hand_positions,
    positions,
    review_hand,
    review_match,
)
from ginrummies.core import (
    Accept,
    Action,
    Card,
    Decline,
    Discard,
    DrawStock,
    Hand,
    Knock,
    LayContract,
    LayMeld,
    LayOff,
    Match,
    Offer,
    Pass,
    PlayerView,
    RuleSet,
    TakeDiscard,
    card_value,
    from_mask,
    meld_masks,
    preset,
    solver_for,
    to_mask,
)
from ginrummies.play.coach import review_pending
from ginrummies.play.session import Seat, SeatKind, Session
from ginrummies.store.reviews import accuracy_by_variant, habits, pending, reviewed_count
from ginrummies.store.stats import SCHEMA_VERSION, STATS_NAME, Stats

GIN = preset("gin")
RELEASE2 = Path(__file__).parent / "data" / "release2"


def last_habit(hand: Hand) -> Habit:
    """The habit of player 0's last decision in ``hand``, as reviewed."""
    rating = review_hand(hand, [0]).ratings[-1]
    (position,) = [p for p in hand_positions(hand, [0]) if p.move == rating.move]
    return habit_of(position.view, rating.made, rating.best)


# --- habits -----------------------------------------------------------------------------


@pytest.mark.slow
def test_the_scripted_errors_are_classed_by_their_habit() -> None:
    assert last_habit(knocked_into_undercut()) is Habit.UNDERCUT
    fed_gin = fed("2c 3c 4c 5c 5d 5h Qh Kh Qc 7s Kd")
    fed_gin.apply(Discard(c("7s")))  # beside 4♠ 5♠ 6♠, which player 1 took from the pile
    assert last_habit(fed_gin) is Habit.FEEDING


def test_passing_a_meld_and_playing_on_past_gin() -> None:
    deck = stack("2c 3c 4c 5c 5d 5h 8d 9d Td Kh", "Ac 2d 3h 6c 7c 8s Tc Qd Ks 9s", "7d", "Jd")
    hand = Hand.deal(GIN, 1, deck=deck)
    for action in (Pass(), Pass(), DrawStock(), Discard(c("2c"))):
        hand.apply(action)
    first, second = hand_positions(hand, [0])
    assert habit_of(first.view, Pass(), TakeDiscard()) is Habit.PASSED_MELD  # 7♦ by 8♦ 9♦ 10♦
    gin = next(a for a in second.view.legal_actions if isinstance(a, Knock))
    assert habit_of(second.view, Discard(c("2c")), gin) is Habit.MISSED_KNOCK


OTHER_HAND = "Ac 2d 3h 6c 7c 8d Tc Qd Ks 9s"


def test_high_cards_and_the_rest() -> None:
    deck = stack("2c 3c 4c 5d 5h 8s 9d Td Qh Kh", "Ac 2d 3h 6c 7c 8d Tc Qd Ks 9s", "7s", "Jd")
    hand = Hand.deal(GIN, 1, deck=deck)
    upcard = hand.view(0)  # 7♠ beside 8♠: worth taking, no meld
    assert habit_of(upcard, Pass(), TakeDiscard()) is Habit.PASSED_CARD
    # taken, it lowers the count (for K♥): not "a card that does not help"
    assert habit_of(upcard, TakeDiscard(), Pass()) is Habit.OTHER
    dead = Hand.deal(GIN, 1, deck=stack("2c 3c 4c 5d 5h 8s 9d Td Qh Kh", OTHER_HAND, "Js"))
    assert habit_of(dead.view(0), TakeDiscard(), Pass()) is Habit.TOOK_CARD  # J♠ helps nothing
    assert habit_of(dead.view(0), Pass(), TakeDiscard()) is Habit.OTHER  # nor is it worth taking
    hand.apply(Pass())
    hand.apply(Pass())
    hand.apply(DrawStock())
    view = hand.view(0)  # 2♣ 3♣ 4♣, 5♦ 5♥, 8♠, 9♦ 10♦ J♦, Q♥ K♥
    assert habit_of(view, Discard(c("5d")), Discard(c("Kh"))) is Habit.HIGH_CARDS
    assert habit_of(view, Discard(c("5d")), Discard(c("8s"))) is Habit.BROKE_PAIR
    assert habit_of(view, Discard(c("Kh")), Discard(c("5d"))) is Habit.OTHER
    assert habit_of(view, Discard(c("Kh")), Discard(c("Kh"))) is Habit.OTHER
    # 3♣ out of 2♣ 3♣ 4♣, where K♥ was loose
    assert habit_of(view, Discard(c("3c")), Discard(c("Kh"))) is Habit.BROKE_MELD
    assert habit_of(view, Discard(c("3c")), Discard(c("4c"))) is Habit.OTHER


def test_holding_back_melds_in_colonel() -> None:
    rules = preset("colonel")
    deck = stack("2c 3c 4c 5d 5h 5s 8d 9d Td Jd", "Ac 2d 3h 6c 7c 8s Tc Qd Ks 9s", "4h", "Kh")
    hand = Hand.deal(rules, 1, deck=deck)
    hand.apply(DrawStock())
    view = hand.view(0)
    lay = next(a for a in view.legal_actions if isinstance(a, LayMeld))
    assert habit_of(view, Discard(c("Kh")), lay) is Habit.HELD_MELDS


def test_skarney_offering_what_melds_for_them() -> None:
    rules = preset("skarney")
    deck = stack("2c 4c 6c 8h Td Qh Kh 3s 5s 7h", "Ac 2d 3h 6h 7c 8s Tc Qd Ks 9s", None, "4d 9h Jc")
    hand = Hand.deal(rules, 1, deck=deck)
    for action in (DrawStock(), Offer(c("7h")), Accept(), DrawStock(), Offer(c("3h"))):
        hand.apply(action)
    answer = hand.view(0)  # 3♥ makes a poker meld with 2♣ and 4♣
    assert habit_of(answer, Decline(), Accept()) is Habit.PASSED_MELD
    hand.apply(Decline())
    hand.apply(DrawStock())
    view = hand.view(0)  # player 1 holds 7♥ (accepted) and 3♥ (offered, declined)
    assert habit_of(view, Offer(c("8h")), Offer(c("2c"))) is Habit.OFFER_MELDS
    assert habit_of(view, Offer(c("8h")), Offer(c("6c"))) is Habit.OFFER_MELDS
    # poker melds: 2♣ 3♠ 4♣ and J♣ Q♥ K♥ are melds, 8♥ is loose
    assert habit_of(view, Offer(c("2c")), Offer(c("8h"))) is Habit.BROKE_MELD
    assert habit_of(view, Offer(c("2c")), Offer(c("Kh"))) is Habit.OTHER
    for habit in Habit:
        assert habit.title and habit.advice.endswith(".")


# --- the statistics ---------------------------------------------------------------------


@pytest.mark.slow
def test_the_last_releases_statistics_are_migrated_and_reviewed(tmp_path: Path) -> None:
    path = tmp_path / STATS_NAME
    shutil.copy(RELEASE2 / STATS_NAME, path)
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == 2
    stats = Stats(path)
    before = {(line.variant, line.games, line.hands) for line in stats.lines()}
    assert before == {("Gin Rummy", 1, 3), ("Skarney Gin", 1, 11)}
    games = pending(stats, VERSION)
    assert len(games) == 2 and reviewed_count(stats, VERSION) == (0, 2)
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    progress: list[tuple[int, int]] = []
    assert review_pending(stats, games, on_game=lambda d, t: progress.append((d, t))) == []
    assert progress == [(1, 2), (2, 2)]
    assert pending(stats, VERSION) == [] and reviewed_count(stats, VERSION) == (2, 2)
    assert {(line.variant, line.games, line.hands) for line in stats.lines()} == before
    series = accuracy_by_variant(stats, VERSION)
    assert set(series) == {"Gin Rummy", "Skarney Gin"}
    assert all(0 <= p.accuracy <= 100 for points in series.values() for p in points)
    # Ann played the first legal move every time: the coach has plenty to say
    lines = habits(stats, VERSION)
    assert lines and sum(line.times for line in lines) >= 5
    named = [line.lost for line in lines if line.habit != Habit.OTHER.value]
    assert named == sorted(named, reverse=True)
    assert Habit.OTHER.value not in [line.habit for line in lines[:-1]]  # last, if there
    with sqlite3.connect(path) as db:
        rows = db.execute("SELECT habit, loss, game_id, hand, move FROM costly").fetchall()
    for line in lines:
        assert line.habit in {h.value for h in Habit}
        mine = [r for r in rows if r[0] == line.habit]
        assert line.times == len(mine) and abs(line.lost - sum(r[1] for r in mine)) < 1e-6
        top = max(mine, key=lambda r: r[1])
        assert line.example.loss == top[1] and line.example.verdict in (
            "inaccuracy",
            "mistake",
            "blunder",
        )
        assert line.example.made and line.example.best and line.example.made != line.example.best


@pytest.mark.slow
def test_a_newer_review_replaces_the_old_and_a_stale_one_is_pending(tmp_path: Path) -> None:
    path = tmp_path / STATS_NAME
    shutil.copy(RELEASE2 / STATS_NAME, path)
    stats = Stats(path)
    games = pending(stats, VERSION)
    review_pending(stats, games[:1])
    with sqlite3.connect(path) as db:
        (n,) = db.execute("SELECT COUNT(*) FROM costly").fetchone()
        db.execute("UPDATE reviews SET engine = engine - 1")  # an older engine's review
    assert pending(stats, VERSION) == games  # reviewed again by this one
    assert accuracy_by_variant(stats, VERSION) == {} and habits(stats, VERSION) == []
    review_pending(stats, games[:1])
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT COUNT(*) FROM reviews").fetchone() == (1,)
        assert db.execute("SELECT COUNT(*) FROM costly").fetchone() == (n,)


@pytest.mark.slow
def test_a_record_that_does_not_replay_is_set_aside_with_why(tmp_path: Path) -> None:
    path = tmp_path / STATS_NAME
    shutil.copy(RELEASE2 / STATS_NAME, path)
    stats = Stats(path)
    games = pending(stats, VERSION)
    with sqlite3.connect(path) as db:
        text = db.execute("SELECT replay FROM games WHERE id = ?", (games[0],)).fetchone()[0]
        data = json.loads(text)
        data["log"] = [[["discard", "XX"]]]
        db.execute("UPDATE games SET replay = ? WHERE id = ?", (json.dumps(data), games[0]))
    caught = review_pending(stats, games)
    assert [x.game_id for x in caught] == [games[0]] and caught[0].why
    assert reviewed_count(stats, VERSION) == (1, 2)


def test_a_cancelled_review_keeps_nothing(tmp_path: Path) -> None:
    stats = Stats(tmp_path / STATS_NAME)
    session = Session(GIN, (Seat("Ann"), Seat("C", SeatKind.COMPUTER)), 5)
    play_out(session, stats)
    games = pending(stats, VERSION)
    assert len(games) == 1
    assert review_pending(stats, games, cancel=lambda: True) == []
    assert reviewed_count(stats, VERSION) == (0, 1)


def beside_in(card: Card, hand: int, rules: RuleSet) -> bool:
    """A card of ``hand`` of the same rank, or of the same suit one rank away."""
    return any(
        (o.rank == card.rank and rules.sets)
        or (o.suit == card.suit and abs(o.rank - card.rank) == 1 and rules.runs)
        for o in from_mask(hand)
    )


def in_a_meld(card: Card, cards: int, rules: RuleSet) -> bool:
    return any(m & card.bit for m, _ in meld_masks(cards, rules))


def lowers_count(card: Card, hand: int, rules: RuleSet) -> bool:
    solver = solver_for(rules)
    held = hand | card.bit
    return min(solver.deadwood(held & ~o.bit) for o in from_mask(held)) < solver.deadwood(hand)


def misfit(habit: Habit, view: PlayerView, made: Action, best: Action) -> str | None:
    """Why an example does not fit its habit's definition (None: it fits),
    worked out here from the cards, not by the coach's own rules."""
    rules, hand = view.rules, to_mask(view.hand)
    card = view.discard_top
    if isinstance(made, Accept | Decline):
        card = next(e.action.card for e in reversed(view.history) if isinstance(e.action, Offer))
    if habit is Habit.PASSED_CARD:
        assert card is not None
        if not (beside_in(card, hand, rules) or lowers_count(card, hand, rules)):
            return f"{card.label} neither pairs with the hand nor lowers its count"
    if habit is Habit.PASSED_MELD and (card is None or not in_a_meld(card, hand | card.bit, rules)):
        return "the card passed makes no meld"
    if habit is Habit.TOOK_CARD:
        assert card is not None
        if in_a_meld(card, hand | card.bit, rules) or lowers_count(card, hand, rules):
            return f"{card.label} melds or lowers the count"
    let_go = getattr(made, "card", None) or getattr(made, "discard", None)
    better = getattr(best, "card", None) or getattr(best, "discard", None)
    if habit is Habit.BROKE_MELD and not in_a_meld(let_go, hand, rules):
        return f"{let_go} is in no meld"
    if habit is Habit.HIGH_CARDS and card_value(better, rules) <= card_value(let_go, rules):
        return f"{better} is not higher than {let_go}"
    if habit in (Habit.FEEDING, Habit.OFFER_MELDS):
        known = to_mask(view.known_opponent_cards)
        if not (in_a_meld(let_go, known | let_go.bit, rules) or beside_in(let_go, known, rules)):
            return f"nothing they hold for sure goes with {let_go}"
    kinds = {
        Habit.UNDERCUT: isinstance(made, Knock) and not isinstance(best, Knock),
        Habit.MISSED_KNOCK: isinstance(best, Knock) and isinstance(made, Discard),
        Habit.HELD_MELDS: isinstance(best, LayMeld | LayOff | LayContract),
    }
    if not kinds.get(habit, True):
        return "the moves are not of the habit's kind"
    return None


@pytest.mark.slow
def test_every_example_the_coach_shows_fits_its_habit() -> None:
    """Reviewed games of a careless player in four variants: every costly
    move, put under a habit, fits that habit's definition."""
    found: list[str] = []
    habits_seen: set[Habit] = set()
    examples = 0
    for variant, target in (("gin", 60), ("oklahoma", 60), ("skarney", 150), ("colonel", 100)):
        rules = preset(variant)
        for seed in (1, 2):
            match = Match(rules, seed, target=target)
            bots = [make_bot("casual", rules, seed), make_bot("normal", rules, seed + 1)]
            play_match(match, bots, [BotStats("a"), BotStats("b")])
            at = {(p.hand, p.move): p for p in positions(match, [0])}
            for r in review_match(match, [0], Options(samples=8)).costly():
                view = at[(r.hand, r.move)].view
                habit = habit_of(view, r.made, r.best)
                habits_seen.add(habit)
                examples += 1
                why = misfit(habit, view, r.made, r.best)
                if why:
                    found.append(f"{variant} {habit.value}: {r.made} (best {r.best}): {why}")
    # four habits at least: the discard's and the offer's are not rated for now
    # (review.NOT_RATED_KINDS), so the coach never shows theirs
    assert examples >= 30 and len(habits_seen) >= 4, (examples, habits_seen)
    assert not found, "\n".join(found[:10])
