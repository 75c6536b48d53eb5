"""The coach (issue 34, item 4): costly moves classed by habit, reviews
kept in the statistics (a file of the last release migrated), and the
games recorded reviewed in turn, counted by habit with an example each."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

from helpers import c, stack
from test_formats_play import play_out
from test_review import fed, knocked_into_undercut

from ginrummies.ai.habits import Habit, habit_of
from ginrummies.ai.review import VERSION, hand_positions, review_hand
from ginrummies.core import (
    Accept,
    Decline,
    Discard,
    DrawStock,
    Hand,
    Knock,
    LayMeld,
    Offer,
    Pass,
    TakeDiscard,
    preset,
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


def test_high_cards_and_the_rest() -> None:
    deck = stack("2c 3c 4c 5d 5h 8s 9d Td Qh Kh", "Ac 2d 3h 6c 7c 8d Tc Qd Ks 9s", "7s", "Jd")
    hand = Hand.deal(GIN, 1, deck=deck)
    upcard = hand.view(0)  # 7♠ beside 8♠: worth taking, no meld
    assert habit_of(upcard, Pass(), TakeDiscard()) is Habit.PASSED_CARD
    assert habit_of(upcard, TakeDiscard(), Pass()) is Habit.TOOK_CARD
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
