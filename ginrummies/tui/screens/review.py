"""The review of a finished game in the app (issue 34): every decision of
each person rated by ``ginrummies.ai.review``, the costly ones listed hand
by hand, and each shown as its person saw it.

Opened from a finished game's result (r), the statistics' games (v) and the
replay (r), through ``GinApp.show_review``. The review runs in a thread
worker, hand by hand: each hand's ratings are listed as soon as it is done,
the progress bar advances a decision at a time, and Escape stops it (what
was rated stays, said to be partial); Escape again leaves. Above the list,
each person's accuracy and points lost over the game, and a chart of the
points lost per hand. n and p jump to the next and the previous costly
decision in the game's order; the position below (beside, in a wide
window) is drawn from that person's view alone. Once the game is over, h
shows the other hand too, "with hindsight", in a box of its own; a lists
every decision (the best moves too), or the costly ones again.

A whole review of a game the statistics record is kept there, for the
coach (the statistics' Coach tab), which opens its examples here.

This module brings the bots (the review prices moves as the hard level
does): it is imported when a review is opened, never with the menu.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import OptionList, ProgressBar, Static
from textual.widgets.option_list import Option
from textual.worker import Worker, WorkerState

from ...ai.review import (
    COSTLY,
    VERSION,
    HandReview,
    Options,
    Position,
    Rating,
    Summary,
    Verdict,
    people_of,
    positions,
    reviews,
    summarize,
)
from ...core import Card, Hand, Match, PlayerView, plural
from ...play.printable import printable
from ...play.reviewwords import (
    better_words,
    hand_title,
    loss_words,
    lost_words,
    move_words,
    verdict_counts,
)
from ...play.tell import action_words
from ...store.saves import Saved, replay
from ...store.stats import Stats, StatsError
from ..widgets.footer import KeyFooter
from ..widgets.header import header
from ..widgets.losschart import HandLoss, LossChart, Losses
from ..widgets.marked import MarkedList
from ..widgets.position import Hindsight, HindsightView, PositionView, Seen
from .base import on_top

# from this width the list and the position stand side by side
SIDE_BY_SIDE_FROM = 110
# from this height the chart's bars have room to grow
TALL_FROM = 30

CHART_TITLE = "Points expected lost, hand by hand"


def summary_line(name: str, s: Summary) -> str:
    """A person's decisions over a hand or the game, on one line."""
    if not s.decisions:
        return f"{name}: no decisions"
    said = verdict_counts(s)
    accuracy = f"accuracy {s.accuracy:.0f}%" if s.accuracy is not None else ""
    return f"{name}: {accuracy} · {plural(s.decisions, 'decision')} · {lost_words(s)}" + (
        f" · {', '.join(said)}" if said else ""
    )


def other_hand(match: Match, rating: Rating) -> tuple[Card, ...]:
    """The cards of the rated person's opponent when the decision was made
    (the hand rebuilt from its deal and its moves until then)."""
    rnd = next(r for r in match.rounds if r.number == rating.round)
    hand = rnd.hands[rating.table]
    player = rnd.tables[rating.table].seats.index(rating.seat)
    fresh = Hand.deal(hand.rules, hand.dealer, deck=hand.deck)
    for _, action in hand.log[: rating.move]:
        fresh.apply(action)
    return fresh.cards_of(1 - player)


class RatingsList(MarkedList):
    """The hands and their costly decisions; the one chosen stays in view
    when the list grows shorter (the position under it, or the hindsight, grew)."""

    def on_resize(self) -> None:
        self.call_after_refresh(self.scroll_to_highlight)


class ReviewScreen(Screen[None]):
    """A finished game's review: the people's accuracy, a chart of points
    lost per hand, the costly decisions hand by hand, and the one chosen
    as its person saw it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "stop", "Stop the review"),
        Binding("escape", "leave('esc')", "Back"),
        Binding("q", "leave", "Back", show=False),
        Binding("n", "costly(1)", "Next costly"),
        Binding("p", "costly(-1)", "Previous"),
        Binding("h", "hindsight", "Hindsight"),
        Binding("a", "every", "All decisions"),
    ]
    AUTO_FOCUS = "#ratings"

    class Found(Message):
        """The decisions to rate, found."""

        def __init__(self, found: Sequence[Position]) -> None:
            super().__init__()
            self.found = found

    class Progressed(Message):
        """``done`` of ``total`` decisions rated."""

        def __init__(self, done: int, total: int) -> None:
            super().__init__()
            self.done = done
            self.total = total

    class Reviewed(Message):
        """One more hand rated."""

        def __init__(self, hand: HandReview) -> None:
            super().__init__()
            self.hand = hand

    class Ended(Message):
        """The review ran to its end, or stopped when asked; ``problem``:
        why the whole review could not be kept in the statistics, if so."""

        def __init__(self, problem: str = "") -> None:
            super().__init__()
            self.problem = problem

    def __init__(
        self,
        saved: Saved,
        *,
        stats: Stats | None = None,
        focus: tuple[int, int] | None = None,
    ) -> None:
        """``stats``: where a whole review is kept for the coach (a game
        they record); ``focus``: the (hand, move) to choose once rated."""
        super().__init__()
        self.saved = saved
        self.stats = stats
        self.start_at = focus
        self.match = replay(saved)
        people = people_of(saved.seats)
        # a game of computers only (a test, a demonstration): everyone's decisions
        self.people = people or people_of(saved.seats, everyone=True)
        self.names = [printable(seat.name, lines=False) for seat in saved.seats]
        self.stop = threading.Event()
        self.running = True
        self.failed = ""
        self.at: dict[tuple[int, int], Position] = {}
        self.total = 0
        self.hands: list[HandReview] = []
        self.costly: list[Rating] = []  # in the game's order
        self.option_of: dict[tuple[int, int], int] = {}  # a listed decision's option
        self.listed: dict[int, Rating] = {}  # the decision of each option listed
        self.hindsight = False
        self.every = False  # every decision listed, not only the costly ones

    @property
    def over(self) -> bool:
        """Whether the game was played to its end (hindsight is shown only then)."""
        return self.match.is_over

    @property
    def ratings(self) -> tuple[Rating, ...]:
        return tuple(r for h in self.hands for r in h.ratings)

    @property
    def complete(self) -> bool:
        return not self.running and len(self.ratings) == self.total and not self.failed

    # --- drawing --------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield header()
        with Horizontal(id="review-top"):
            with Vertical(id="review-words"):
                yield Static(id="review-summary", markup=False)
                with Horizontal(id="review-progress"):
                    yield ProgressBar(id="review-bar", show_eta=False)
                    yield Static(id="review-state", markup=False)
            # the chart: beside the summary in a narrow window, beside the list in a wide one
            yield LossChart(id="top-chart")
        with Horizontal(id="review-body"):
            yield RatingsList(id="ratings")
            with Vertical(id="review-side"):
                yield Static(CHART_TITLE, id="chart-title", classes="title", markup=False)
                yield LossChart(id="side-chart")
                yield PositionView(id="position")
                yield HindsightView(id="hindsight")
        yield KeyFooter()

    def on_mount(self) -> None:
        rules, fmt = self.saved.rules, self.saved.format
        self.title = f"Review: {rules.name}"
        self.sub_title = f"{fmt.title} · seed {self.saved.seed}"
        self.query_one(HindsightView).display = False
        self.fit_layout()
        self.show_summary()
        self.show_chart()
        self.say_state()
        self.review()

    def on_resize(self, event: events.Resize) -> None:
        self.fit_layout()

    def fit_layout(self) -> None:
        """The list and the position side by side in a wide window, one
        above the other in a narrow one; the chart taller in a tall one."""
        self.set_class(self.size.width >= SIDE_BY_SIDE_FROM, "-wide")
        short = self.size.height < TALL_FROM
        self.set_class(self.hindsight and short and not self.has_class("-wide"), "-studying")
        rows = 2 if short else 4
        for chart in self.query(LossChart).results(LossChart):
            chart.rows = rows

    def show_summary(self) -> None:
        so_far = "" if self.complete or not self.ratings else " (so far)"
        lines = [
            summary_line(self.names[seat], summarize([r for r in self.ratings if r.seat == seat]))
            for seat in self.people
        ]
        if so_far:
            lines[0] += so_far
        self.query_one("#review-summary", Static).update("\n".join(lines))

    def show_chart(self) -> None:
        """A bar a hand (a round, at two tables: the people's points lost
        at both), each once rated; the chosen decision's hand marked."""
        rated: dict[int, list[Rating]] = {}
        for hand in self.hands:
            rated.setdefault(hand.round, []).extend(hand.ratings)
        order = list(Verdict)
        hands = []
        for n in range(len(self.match.rounds)):
            ratings = rated.get(n)
            if not ratings:
                hands.append(HandLoss())
                continue
            worst = max((r.verdict for r in ratings), key=order.index)
            lost = sum(r.loss for r in ratings)
            hands.append(HandLoss(lost, worst.value if worst in COSTLY else ""))
        chosen = self.chosen()
        losses = Losses(tuple(hands), chosen.round if chosen is not None else -1)
        for chart in self.query(LossChart).results(LossChart):
            chart.losses = losses

    def say_state(self) -> None:
        """Where the review stands, beside the progress bar."""
        done, total = len(self.ratings), self.total
        if self.failed:
            said = f"The review failed: {self.failed}"
        elif self.running and self.stop.is_set():
            said = "Stopping…"
        elif self.running:
            said = f"{done} of {total} rated · Esc stops"
        elif self.complete:
            said = f"{plural(total, 'decision')} rated"
            if not self.costly:
                said += ", none costly"
        else:
            said = f"Stopped after {done} of {total} decisions: the hands below are those rated"
        self.query_one("#review-state", Static).update(said)

    def hand_heading(self, hand: HandReview) -> Text:
        """A hand's line in the list: which hand, who played, how each person did."""
        out = Text(hand_title(self.saved.format, hand, self.names))
        out.stylize("bold underline")
        for seat in sorted({r.seat for r in hand.ratings}):
            out.append("\n" + summary_line(self.names[seat], hand.summary(seat)))
        if not any(r.verdict in COSTLY for r in hand.ratings):
            out.append(" · nothing costly", style="italic")
        return out

    def rating_prompt(self, r: Rating) -> Text:
        """A costly decision in the list: the move, its verdict and loss,
        the better move and why (as ``ginrummies review`` says it)."""
        view = self.at[(r.hand, r.move)].view
        out = Text(f"{move_words(r, view, self.names)}: ")
        if r.verdict is Verdict.BEST:
            out.append("the best move", style="dim")
            return out
        out.append(r.verdict.value, style="bold" if r.verdict in COSTLY else "dim")
        out.append(loss_words(r))
        out.append(f"\n  {better_words(r, view)}", style="italic")
        return out

    # --- the review, in a worker ----------------------------------------------

    @work(thread=True, exclusive=True, group="review", exit_on_error=False)
    def review(self) -> None:
        """Rate the decisions hand by hand, each hand posted as it is done;
        a review the statistics keep (by this engine) is shown at once."""
        found = positions(self.match, self.people)
        self.post_message(self.Found(found))
        kept = self.kept(found)
        if kept is not None:
            for hand in kept:
                self.post_message(self.Reviewed(hand))
            self.post_message(self.Progressed(len(found), len(found)))
            self.post_message(self.Ended())
            return
        options = Options(on_progress=self.progressed, cancel=self.stop.is_set)
        hands: list[HandReview] = []
        for hand in reviews(found, options):
            hands.append(hand)
            self.post_message(self.Reviewed(hand))
        self.post_message(self.Ended(self.keep(found, hands)))

    def kept(self, found: Sequence[Position]) -> tuple[HandReview, ...] | None:
        """The review the statistics keep of this game, if it rates exactly
        the decisions ``found`` (in the worker)."""
        if self.stats is None or not self.saved.game_id:
            return None
        from ...play.coach import unpack
        from ...store.reviews import kept_ratings

        try:
            packed = kept_ratings(self.stats, self.saved.game_id, VERSION)
        except StatsError:
            return None
        hands = unpack(packed) if packed is not None else None
        if hands is None:
            return None
        rated = {(r.hand, r.move) for h in hands for r in h.ratings}
        return hands if rated == {(p.hand, p.move) for p in found} else None

    def keep(self, found: Sequence[Position], hands: Sequence[HandReview]) -> str:
        """Keep a whole review in the statistics for the coach (in the
        worker); why it could not be, or ""."""
        rated = sum(len(h.ratings) for h in hands)
        if self.stats is None or rated < len(found) or not self.saved.game_id:
            return ""
        from ...play.coach import records
        from ...store.reviews import keep

        at = {(p.hand, p.move): p for p in found}
        try:
            for record in records(self.saved.game_id, hands, at, self.people):
                keep(self.stats, record)
        except StatsError as exc:
            return f"The review could not be kept for the coach: {exc}"
        return ""

    def progressed(self, done: int, total: int) -> None:
        """Called in the worker after every decision."""
        self.post_message(self.Progressed(done, total))

    @on(Found)
    def found(self, message: Found) -> None:
        self.at = {(p.hand, p.move): p for p in message.found}
        self.total = len(message.found)
        self.query_one(ProgressBar).update(total=self.total, progress=0)
        self.say_state()

    @on(Progressed)
    def advanced(self, message: Progressed) -> None:
        self.query_one(ProgressBar).update(total=message.total, progress=message.done)
        self.say_state()

    @on(Reviewed)
    def reviewed(self, message: Reviewed) -> None:
        """A hand rated: listed at once, with its costly decisions."""
        hand = message.hand
        self.hands.append(hand)
        self.costly += [r for r in hand.ratings if r.verdict in COSTLY]
        listed = self.query_one("#ratings", OptionList)
        self.list_hand(listed, hand)
        focus = self.option_of.get(self.start_at) if self.start_at is not None else None
        if focus is not None:
            listed.highlighted = focus
            self.start_at = None
        elif listed.highlighted is None and self.costly and self.start_at is None:
            listed.highlighted = self.option_of[(self.costly[0].hand, self.costly[0].move)]
        self.show_summary()
        self.show_chart()

    def list_hand(self, listed: OptionList, hand: HandReview) -> None:
        """A hand's heading and its decisions (the costly ones, or all) in the list."""
        if listed.option_count:
            listed.add_option(None)
        listed.add_option(Option(self.hand_heading(hand), id=f"hand-{hand.hand}", disabled=True))
        for r in hand.ratings:
            if self.every or r.verdict in COSTLY:
                self.option_of[(r.hand, r.move)] = listed.option_count
                self.listed[listed.option_count] = r
                listed.add_option(Option(self.rating_prompt(r), id=f"move-{r.hand}-{r.move}"))

    def action_every(self) -> None:
        """List every decision, or the costly ones only; the one chosen stays chosen."""
        self.every = not self.every
        now = self.chosen()
        listed = self.query_one("#ratings", OptionList)
        listed.clear_options()
        self.option_of, self.listed = {}, {}
        for hand in self.hands:
            self.list_hand(listed, hand)
        keep = now if now is not None and (now.hand, now.move) in self.option_of else None
        if keep is None and self.costly:
            keep = self.costly[0]
        if keep is not None:
            listed.highlighted = self.option_of[(keep.hand, keep.move)]
        self.notify(
            "Every decision listed." if self.every else "The costly decisions listed.", timeout=3
        )

    @on(Ended)
    def ended(self, message: Ended) -> None:
        if message.problem:
            self.notify(message.problem, severity="warning", timeout=8)
        self.finish()

    @on(Worker.StateChanged)
    def worker_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group != "review":
            return
        if event.state is WorkerState.ERROR:  # a bug in the review must not end the app
            error = event.worker.error
            self.failed = f"{type(error).__name__}: {error}"
            self.finish()
        elif event.state is WorkerState.CANCELLED:
            self.finish()

    def finish(self) -> None:
        if not self.running:
            return
        self.running = False
        if self.complete:
            self.query_one(ProgressBar).update(total=self.total, progress=self.total)
        self.say_state()
        self.show_summary()
        listed = self.query_one("#ratings", OptionList)
        if self.start_at is not None:  # the decision asked for was not rated costly
            self.start_at = None
            if listed.highlighted is None and self.costly:
                first = self.costly[0]
                listed.highlighted = self.option_of[(first.hand, first.move)]
        if not self.hands:
            said = "No decisions to review." if self.complete else "Nothing rated."
            self.query_one("#ratings", OptionList).add_option(Option(Text(said), disabled=True))
        self.refresh_bindings()

    # --- choosing a decision --------------------------------------------------

    def chosen(self) -> Rating | None:
        """The decision highlighted in the list, if any."""
        index = self.query_one("#ratings", OptionList).highlighted
        return self.listed.get(index) if index is not None else None

    @on(OptionList.OptionHighlighted, "#ratings")
    def highlighted(self) -> None:
        self.show_position()
        self.show_chart()

    def show_position(self) -> None:
        """The chosen decision as its person saw it; the other hand only
        with hindsight asked for, once the game is over."""
        if self.has_class("-studying"):
            self.say_state()  # a notice said there is about the decision left
        r = self.chosen()
        position = self.query_one(PositionView)
        hindsight = self.query_one(HindsightView)
        if r is None:
            position.seen = None
            hindsight.hindsight = None
            return
        p = self.at[(r.hand, r.move)]
        view = p.view
        other = p.seats[1 - view.player]
        position.seen = Seen(
            where=f"{self.match.format.play.deal_word.title()} {r.round + 1}, move {r.move + 1}"
            + (f", table {r.table + 1}" if self.saved.format.tables > 1 else ""),
            name=self.names[r.seat],
            other=self.names[other],
            verdict=r.verdict.value,
            loss=r.loss,
            error=r.error,
            made=action_words(r.made, view),
            best=action_words(r.best, view),
            view=view,
            score=self.score_words(view, r.seat, r.round),
        )
        shown = None
        if self.hindsight and self.over:
            shown = Hindsight(self.names[other], other_hand(self.match, r), view.rules)
        hindsight.hindsight = shown

    def score_words(self, view: PlayerView, seat: int, round_: int) -> str:
        """The game's score before the round, every side by its players'
        names, the person's first."""
        game = view.game
        if not game.target:
            return ""
        match = self.match
        totals = [0] * len(match.sides)
        for rnd in match.rounds[:round_]:
            if rnd.score is not None:
                for side, points in enumerate(rnd.score.points):
                    totals[side] += points
        mine = match.side_of(seat)
        order = [mine, *(i for i in range(len(match.sides)) if i != mine)]
        said = " · ".join(
            f"{' & '.join(self.names[s] for s in match.sides[i])} {totals[i]}" for i in order
        )
        return f"{said} (to {game.target})"

    # --- keys -----------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        stoppable = self.running and not self.stop.is_set()
        if action == "stop":
            return stoppable
        if action == "leave" and parameters:  # Escape: Stop while the review runs
            return not stoppable
        if action == "hindsight":
            return self.over
        return True

    def action_stop(self) -> None:
        """Stop the review: what is rated stays on screen."""
        self.stop.set()
        self.say_state()
        self.refresh_bindings()

    def action_leave(self, key: str = "") -> None:
        self.stop.set()
        if on_top(self):
            self.app.pop_screen()

    def on_unmount(self) -> None:
        self.stop.set()  # the worker's thread stops at its next decision

    def action_costly(self, delta: int) -> None:
        """The next (or previous) costly decision, in the game's order."""
        if not self.costly:
            self.notify(
                "No costly decision yet." if self.running else "No decision was costly.",
                timeout=3,
            )
            return
        now = self.chosen()
        if now is None:
            index = 0 if delta > 0 else len(self.costly) - 1
        else:  # from any decision listed: the next costly one in the game's order
            place = (now.hand, now.move)
            after = [i for i, r in enumerate(self.costly) if (r.hand, r.move) > place]
            before = [i for i, r in enumerate(self.costly) if (r.hand, r.move) < place]
            if now in self.costly:
                index = self.costly.index(now) + delta
            elif delta > 0:
                index = after[0] if after else len(self.costly)
            else:
                index = before[-1] if before else -1
        if not 0 <= index < len(self.costly):
            where = "last" if delta > 0 else "first"
            self.tell(f"That is the {where} costly decision.")
            return
        r = self.costly[index]
        self.query_one("#ratings", OptionList).highlighted = self.option_of[(r.hand, r.move)]

    def action_hindsight(self) -> None:
        """Show (or hide) the other hand as it was, apart from the rating."""
        self.hindsight = not self.hindsight
        self.fit_layout()
        self.show_position()
        if self.hindsight and self.chosen() is None:
            self.tell("Choose a costly decision to see the other hand then.")

    def tell(self, text: str) -> None:
        """A notice: as a toast, or, with hindsight open in a short window
        (where a toast would cover the hindsight box), on the progress line."""
        if self.has_class("-studying"):
            self.app.bell()
            self.query_one("#review-state", Static).update(text)
        else:
            self.notify(text, timeout=3)
