"""The review in the app (issue 34): opened from a finished game's result,
the statistics' games and the replay; rated in a worker with a progress bar
that Escape stops; each person's accuracy as the engine gives it; n and p
through the costly decisions in the game's order; the position drawn from
the person's view alone, the other hand only "with hindsight", once the
game is over; and its pictures at 80×24 and 120×36.

After an intended change of looks: pytest tests/test_review_screen.py
--snapshot-update, then look at the SVGs under tests/__snapshots__/.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from apphelp import settle, until
from scenes import review_done
from test_result_screen import played
from textual.pilot import Pilot
from textual.widgets import OptionList, ProgressBar
from textual.worker import WorkerState

from ginrummies.ai import review as review_module
from ginrummies.ai.review import (
    COSTLY,
    VERSION,
    GameReview,
    Verdict,
    people_of,
    review_match,
    summarize,
)
from ginrummies.core import Format
from ginrummies.play.saving import record
from ginrummies.play.session import Session
from ginrummies.play.tell import action_words
from ginrummies.store import Settings
from ginrummies.store.reviews import accuracy_by_variant, habits, reviewed_count
from ginrummies.store.saves import Saved, parse, replay
from ginrummies.store.stats import STATS_NAME, Stats
from ginrummies.tui.app import GinApp
from ginrummies.tui.screens.replay import ReplayScreen
from ginrummies.tui.screens.result import ResultScreen
from ginrummies.tui.screens.review import ReviewScreen, other_hand
from ginrummies.tui.screens.statistics import StatsScreen
from ginrummies.tui.widgets.losschart import HandLoss, Losses, loss_text
from ginrummies.tui.widgets.position import HindsightView, PositionView

SIZES = [(80, 24), (120, 36)]
SEED = 5  # a game of Gin to 100 in six hands: one costly decision of the person's, one not rated
# a game to 10 of 12 decisions, one costly: for what needs a review, not a long one
TINY = (29, 10)


def finished(seed: int = SEED, target: int | None = None) -> Session:
    return played(Format.TWO, "gin", seed, over=True, target=target)


def engine_review(saved: Saved) -> GameReview:
    return review_match(replay(saved), people_of(saved.seats))


def in_game_order(review: GameReview) -> list[tuple[int, int]]:
    return sorted((r.hand, r.move) for r in review.costly())


async def reviewed(pilot: Pilot[Any]) -> ReviewScreen:
    """Wait until the review on screen has run to its end (or stopped)."""
    await review_done(pilot)
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, ReviewScreen)
    return screen


async def open_from_result(pilot: Pilot[Any]) -> ReviewScreen:
    await settle(pilot)
    assert isinstance(pilot.app.screen, ResultScreen)
    await pilot.press("r")
    return await reviewed(pilot)


def chosen(screen: ReviewScreen) -> tuple[int, int] | None:
    r = screen.chosen()
    return None if r is None else (r.hand, r.move)


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES[:1], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_result_opens_the_review_which_rates_every_decision(
    size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """(At 120×36 the same screen is the "review" scene's picture.)"""
    session = finished()
    saved = parse(session.to_json())
    truth = engine_review(saved)
    steps: list[tuple[int, int]] = []
    real = ReviewScreen.progressed

    def counted(self: ReviewScreen, done: int, total: int) -> None:
        steps.append((done, total))
        real(self, done, total)

    monkeypatch.setattr(ReviewScreen, "progressed", counted)
    app = GinApp(Settings(speed="instant"), session=session)
    async with app.run_test(size=size) as pilot:
        screen = await open_from_result(pilot)
        assert screen.complete and not screen.failed
        total = len(truth.ratings)
        # the bar advanced a decision at a time, from none to all
        assert steps == [(n, total) for n in range(total + 1)]
        bar = screen.query_one(ProgressBar)
        assert (bar.progress, bar.total) == (total, total)
        assert "48 decisions rated" in str(screen.query_one("#review-state").render())
        # each person's accuracy and points lost, as the engine reviews the game
        assert screen.ratings == truth.ratings
        summary = str(screen.query_one("#review-summary").render())
        for seat in truth.people:
            mine = truth.summary(seat)
            assert mine.accuracy is not None
            assert f"{screen.names[seat]}: accuracy {mine.accuracy:.0f}%" in summary
            assert f"{mine.lost:.1f} points expected lost" in summary
        # a hand a bar: the points lost in each
        chart = screen.query_one("#top-chart")
        lost = [h.lost for h in chart.losses.hands]  # type: ignore[attr-defined]
        assert lost == pytest.approx([sum(r.loss for r in h.ratings) for h in truth.hands])
        # the first costly decision is chosen and shown; Escape goes back to the result
        assert chosen(screen) == in_game_order(truth)[0]
        assert screen.query_one(PositionView).seen is not None
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ResultScreen)


@pytest.mark.slow
async def test_the_review_key_is_shown_only_once_the_game_is_over() -> None:
    app = GinApp(Settings(speed="instant"), session=played(Format.TWO, "gin", SEED))
    async with app.run_test(size=SIZES[0]) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ResultScreen)
        assert not screen.check_action("review", ())
        await pilot.press("r")
        await pilot.pause()
        assert app.screen is screen


@pytest.mark.slow
async def test_next_costly_goes_through_the_game_in_order(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # every kind rated: the game's two costly decisions, the second the costlier
    monkeypatch.setattr(review_module, "NOT_RATED_KINDS", {})
    session = finished()
    truth = engine_review(parse(session.to_json()))
    order = in_game_order(truth)
    assert len(order) >= 2
    assert order != [(r.hand, r.move) for r in truth.costly()]  # not by loss
    app = GinApp(Settings(speed="instant"), session=session)
    async with app.run_test(size=SIZES[0]) as pilot:
        screen = await open_from_result(pilot)
        seen = [chosen(screen)]
        for _ in order:
            await pilot.press("n")
            seen.append(chosen(screen))
        # the last stays chosen when there is no next
        assert seen == [*order, order[-1]]
        await pilot.press("p")
        assert chosen(screen) == order[-2]
        # the list's arrows choose too, skipping the hands' headings
        listed = screen.query_one("#ratings", OptionList)
        await pilot.press("down")
        assert chosen(screen) == order[-1]
        assert listed.highlighted is not None
        shown = screen.query_one(PositionView).seen
        assert shown is not None and shown.where.endswith(f"move {order[-1][1] + 1}")


@pytest.mark.slow
async def test_the_other_hand_shows_only_with_hindsight() -> None:
    session = finished()
    app = GinApp(Settings(speed="instant"), session=session)
    async with app.run_test(size=SIZES[1]) as pilot:
        screen = await open_from_result(pilot)
        position = screen.query_one(PositionView)
        hindsight = screen.query_one(HindsightView)
        for n in range(len(screen.costly)):
            r = screen.chosen()
            assert r is not None
            seen = position.seen
            assert seen is not None
            held = set(other_hand(screen.match, r))
            hidden = held - set(seen.view.known_opponent_cards)
            assert hidden and not hidden & position.cards_shown
            assert not [c for c in hidden if c.label in position.plain]
            assert not hindsight.display and hindsight.hindsight is None
            # with hindsight: the other hand, apart, and the rating as it was
            await pilot.press("h")
            await pilot.pause()
            assert hindsight.display and hindsight.cards_shown == held
            assert "not part of the rating" in str(hindsight.border_title)
            assert position.seen == seen and not hidden & position.cards_shown
            await pilot.press("h")
            await pilot.pause()
            assert not hindsight.display
            if n + 1 < len(screen.costly):
                await pilot.press("n")


@pytest.mark.slow
async def test_no_hindsight_before_the_game_is_over() -> None:
    """A game left before its end is reviewed as far as it went, and the
    other hand is never shown."""
    session = played(Format.TWO, "gin", SEED)
    assert not session.game.is_over
    app = GinApp(Settings(speed="instant"), session=session)
    async with app.run_test(size=SIZES[0]) as pilot:
        await settle(pilot)
        app.show_review(parse(session.to_json()))
        screen = await reviewed(pilot)
        assert screen.complete and not screen.over
        assert not screen.check_action("hindsight", ())
        await pilot.press("h")
        await pilot.pause()
        assert screen.query_one(HindsightView).hindsight is None
        assert not screen.query_one(HindsightView).display


@pytest.mark.slow
async def test_escape_stops_the_review_and_keeps_what_was_rated(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Escape while the review runs stops it at the next decision, without
    an error; the hands rated stay, said to be partial; Escape again leaves."""
    gate = threading.Event()
    real = ReviewScreen.progressed

    def held(self: ReviewScreen, done: int, total: int) -> None:
        real(self, done, total)
        if done == 5 and not gate.wait(60):  # in the second hand: the first is listed
            raise AssertionError("the test never let the review go on")

    monkeypatch.setattr(ReviewScreen, "progressed", held)
    session = finished()
    app = GinApp(Settings(speed="instant"), session=session)
    async with app.run_test(size=SIZES[0]) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await until(
            pilot,
            lambda: isinstance(app.screen, ReviewScreen) and bool(app.screen.hands),
            "the review's first hand",
        )
        screen = app.screen
        assert screen.running and screen.check_action("stop", ())
        assert len(screen.hands) == 1  # the first hand shows before the rest is rated
        await pilot.press("escape")
        assert screen.stop.is_set() and app.screen is screen  # stopped, not left
        gate.set()
        await reviewed(pilot)
        assert app.screen is screen
        assert not screen.failed and not screen.complete
        assert len(screen.ratings) == 5 < screen.total
        workers = [w for w in app.workers if w.group == "review"]
        assert all(w.state is WorkerState.SUCCESS for w in workers)
        assert "Stopped after 5 of" in str(screen.query_one("#review-state").render())
        assert "(so far)" in str(screen.query_one("#review-summary").render())
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ResultScreen)


@pytest.mark.slow
async def test_leaving_while_reviewing_stops_the_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    gate = threading.Event()
    real = ReviewScreen.progressed

    def held(self: ReviewScreen, done: int, total: int) -> None:
        real(self, done, total)
        if done == 1 and not gate.wait(60):
            raise AssertionError("the test never let the review go on")

    monkeypatch.setattr(ReviewScreen, "progressed", held)
    app = GinApp(Settings(speed="instant"), session=finished())
    async with app.run_test(size=SIZES[0]) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await until(
            pilot,
            lambda: isinstance(app.screen, ReviewScreen) and bool(app.screen.total),
            "the review under way",
        )
        screen = app.screen
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ResultScreen)
        assert screen.stop.is_set()
        gate.set()
        await app.workers.wait_for_complete()


@pytest.mark.slow
async def test_a_review_that_fails_says_so_and_the_app_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("no prices today")

    monkeypatch.setattr("ginrummies.tui.screens.review.reviews", broken)
    app = GinApp(Settings(speed="instant"), session=finished())
    async with app.run_test(size=SIZES[0]) as pilot:
        screen = await open_from_result(pilot)
        assert screen.failed == "RuntimeError: no prices today"
        assert "The review failed" in str(screen.query_one("#review-state").render())
        await pilot.press("n", "h", "escape")
        await pilot.pause()
        assert isinstance(app.screen, ResultScreen)


@pytest.mark.slow
async def test_the_statistics_games_open_the_review(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = finished(*TINY)
    record(session, Stats(tmp_path / STATS_NAME))
    app = GinApp(Settings(speed="instant"), data_dir=tmp_path)
    async with app.run_test(size=SIZES[0]) as pilot:
        await pilot.pause()
        app.push_screen(StatsScreen(app.stats))
        await pilot.pause()
        await pilot.press("g")
        await pilot.pause()
        await pilot.press("v")
        screen = await reviewed(pilot)
        assert screen.saved.log == session.game.log
        assert screen.complete and screen.costly
        # the whole review is kept for the coach: its accuracy and costly moves
        assert app.stats is not None
        assert reviewed_count(app.stats, VERSION) == (1, 1)
        (series,) = accuracy_by_variant(app.stats, VERSION).values()
        assert [p.accuracy for p in series] == [engine_accuracy(screen)]
        mine = [r for r in screen.costly if r.seat == 0]
        assert sum(line.times for line in habits(app.stats, VERSION)) == len(mine)
        first = screen.ratings
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        # opened again, the review kept is shown at once: nothing is rated again
        monkeypatch.setattr("ginrummies.tui.screens.review.reviews", no_rating)
        await pilot.press("v")
        again = await reviewed(pilot)
        assert again.complete and not again.failed
        assert [(r.hand, r.move, r.verdict, r.loss) for r in again.ratings] == [
            (r.hand, r.move, r.verdict, r.loss) for r in first
        ]
        assert len(again.costly) == len(screen.costly)


def no_rating(*args: object, **kwargs: object) -> None:
    raise AssertionError("a review kept was rated again")


def engine_accuracy(screen: ReviewScreen) -> float | None:
    return summarize([r for r in screen.ratings if r.seat == 0]).accuracy


@pytest.mark.slow
async def test_a_review_stopped_is_not_kept_for_the_coach(tmp_path: Path) -> None:
    session = finished()
    stats = Stats(tmp_path / STATS_NAME)
    record(session, stats)
    app = GinApp(Settings(speed="instant"), data_dir=tmp_path)
    async with app.run_test(size=SIZES[0]) as pilot:
        await pilot.pause()
        app.show_review(parse(session.to_json()))
        await pilot.press("escape")  # stop at once
        screen = await reviewed(pilot)
        assert not screen.complete
        assert reviewed_count(stats, VERSION) == (0, 1)


@pytest.mark.slow
async def test_every_decision_listed_on_a_and_the_costly_again() -> None:
    saved = parse(finished(*TINY).to_json())
    app = GinApp(Settings(speed="instant"), replay=saved)
    async with app.run_test(size=SIZES[1]) as pilot:
        await pilot.pause()
        await pilot.press("r")
        screen = await reviewed(pilot)
        listed = screen.query_one("#ratings", OptionList)
        costly_only = listed.option_count
        first = chosen(screen)
        assert first == (screen.costly[0].hand, screen.costly[0].move)
        await pilot.press("a")
        await pilot.pause()
        assert screen.every and chosen(screen) == first
        assert set(screen.listed.values()) == set(screen.ratings)
        assert listed.option_count == costly_only + len(screen.ratings) - len(screen.costly)
        best = next(r for r in screen.ratings if r.verdict is Verdict.BEST)
        assert screen.rating_prompt(best).plain.endswith(": the best move")
        # from a decision that cost nothing, n goes to the next costly one
        second = (screen.costly[-1].hand, screen.costly[-1].move)
        before = [
            (r.hand, r.move)
            for r in screen.ratings
            if r.verdict is Verdict.BEST and (r.hand, r.move) < second
        ]
        listed.highlighted = screen.option_of[before[-1]]
        nxt = next(r for r in screen.costly if (r.hand, r.move) > before[-1])
        await pilot.press("n")
        assert chosen(screen) == (nxt.hand, nxt.move)
        await pilot.press("a")
        await pilot.pause()
        assert not screen.every and listed.option_count == costly_only
        assert chosen(screen) == (nxt.hand, nxt.move)


@pytest.mark.slow
async def test_the_review_opens_at_the_decision_asked() -> None:
    saved = parse(finished(*TINY).to_json())
    last = in_game_order(engine_review(saved))[-1]
    app = GinApp(Settings(speed="instant"), replay=saved)
    async with app.run_test(size=SIZES[0]) as pilot:
        await pilot.pause()
        app.show_review(saved, focus=last)
        screen = await reviewed(pilot)
        assert chosen(screen) == last


@pytest.mark.slow
async def test_the_replay_opens_the_review() -> None:
    saved = parse(finished(*TINY).to_json())
    app = GinApp(Settings(speed="instant"), replay=saved)
    async with app.run_test(size=SIZES[0]) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("r")
        screen = await reviewed(pilot)
        assert screen.ratings == engine_review(saved).ratings
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)


@pytest.mark.slow
def test_the_review_says_costly_decisions_as_the_text_command_does() -> None:
    """The list's words for a decision: the move, the verdict, the loss,
    the better move and the hint's why."""
    saved = parse(finished().to_json())
    truth = engine_review(saved)
    screen = ReviewScreen(saved)
    found = {(r.hand, r.move) for r in truth.ratings}
    from ginrummies.ai.review import positions

    screen.at = {(p.hand, p.move): p for p in positions(screen.match, screen.people)}
    assert set(screen.at) == found
    costly = max((r for r in truth.ratings if r.verdict in COSTLY), key=lambda r: r.loss)
    view = screen.at[(costly.hand, costly.move)].view
    said = screen.rating_prompt(costly).plain
    assert said.startswith(f"Move {costly.move + 1}, You: {action_words(costly.made, view)}")
    assert f"{costly.verdict.value}, {costly.loss:.1f} points expected lost" in said
    assert f"Better: {action_words(costly.best, view)}." in said and costly.why in said
    for unrated in (r for r in truth.ratings if r.verdict is Verdict.NOT_RATED):
        said = screen.rating_prompt(unrated).plain
        view = screen.at[(unrated.hand, unrated.move)].view
        assert f"not rated, {unrated.loss:.1f} points expected lost by the judge" in said
        assert f"The judge's best: {action_words(unrated.best, view)}." in said


def test_the_chart_fits_a_bar_a_hand_and_marks_the_chosen_one() -> None:
    losses = Losses((HandLoss(12.0, "mistake"), HandLoss(0.0), HandLoss(24.0, "blunder")), 2)
    rows = loss_text(losses, 40, 2).plain.splitlines()
    assert rows[0].strip().startswith("24.0") and rows[0].rstrip().endswith("██")
    assert rows[1].split()[:2] == ["lost", "██"]  # half as tall: hand 1 on the second row only
    assert rows[2].strip().startswith("0 ─")
    assert rows[3].split() == ["hand", "1", "2", "3"]
    # too narrow for three cells a bar: the hands' range, and which is chosen
    many = Losses(tuple(HandLoss(float(n)) for n in range(30)), 4)
    narrow = loss_text(many, 50, 2).plain.splitlines()
    assert narrow[-1].split() == ["hand", "1–30", "·", "chosen:", "5"]
    assert max(len(row.rstrip()) for row in narrow) <= 50
    assert loss_text(Losses(), 40, 2).plain == "No hands to chart."


# --- pictures ----------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES[:1], ids=lambda s: f"{s[0]}x{s[1]}")
def test_review_picture(size: tuple[int, int], snap_compare: Any) -> None:
    """The review of a game of Gin to 100, its first costly decision chosen (at
    120×36: the "review" scene of tests/test_snapshots.py)."""
    app = GinApp(Settings(speed="instant"), session=finished())

    async def before(pilot: Pilot[Any]) -> None:
        await open_from_result(pilot)
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=before)


@pytest.mark.slow
def test_review_picture_with_hindsight(snap_compare: Any) -> None:
    """The last costly decision, with the other hand as it was, apart."""
    app = GinApp(Settings(speed="instant"), session=finished())

    async def before(pilot: Pilot[Any]) -> None:
        await open_from_result(pilot)
        await pilot.press("n", "h")
        await pilot.pause()

    assert snap_compare(app, terminal_size=(120, 36), run_before=before)
