"""The words of a game's review, for the app's review screen and for
``ginrummies review``: a person's decisions summed up, a hand's title, a
costly decision told with the better move."""

from __future__ import annotations

from collections.abc import Sequence

from ..ai.review import (
    COSTLY,
    NOT_RATED_KINDS,
    THRESHOLDS,
    HandReview,
    Rating,
    Summary,
    Verdict,
)
from ..core import Format, PlayerView, plural
from .tell import action_words

PLURALS = {Verdict.INACCURACY: "inaccuracies", Verdict.NOT_RATED: "not rated"}


def verdict_counts(s: Summary) -> list[str]:
    """The costly verdicts of ``s``, the worst first, then those not rated:
    "1 blunder", "2 inaccuracies", "1 not rated"."""
    shown = (*reversed(COSTLY), Verdict.NOT_RATED)
    return [plural(s.count(v), v.value, PLURALS.get(v)) for v in shown if s.count(v)]


def hand_title(fmt: Format, hand: HandReview, names: Sequence[str]) -> str:
    """ "Hand 3: Ann v Bob"; at two tables "Table 2, Round 1: …"."""
    a, b = (names[s] for s in hand.seats)
    where = f"Table {hand.table + 1}, " if fmt.tables > 1 else ""
    return f"{where}{fmt.play.deal_word.title()} {hand.round + 1}: {a} v {b}"


def move_words(r: Rating, view: PlayerView, names: Sequence[str]) -> str:
    """ "Move 6, Ann: discard Q♠"."""
    return f"Move {r.move + 1}, {names[r.seat]}: {action_words(r.made, view)}"


def loss_words(r: Rating) -> str:
    """ ", 11.1 points expected lost (±5.4)." after the verdict; a loss past
    the inaccuracy's that its margin of error covers says so, since the
    verdict goes by the loss less its margin."""
    error = f" (±{r.error:.1f})" if r.error else ""
    said = f", {r.loss:.1f} points expected lost{error}"
    if r.verdict is Verdict.NOT_RATED:
        return (
            f", {r.loss:.1f} points expected lost by the judge{error}, but its verdicts "
            f"on {NOT_RATED_KINDS[r.kind]} did not hold up in play, so this one is not counted."
        )
    if r.verdict not in COSTLY and r.loss >= THRESHOLDS.inaccuracy:
        return f"{said}: within its margin of error, so not called costly."
    return f"{said}."


def better_words(r: Rating, view: PlayerView) -> str:
    """ "Better: discard 7♣. <the hint's reason>" ("Best:" after a move that
    was good: as good, within the margin)."""
    word = "Better" if r.verdict in COSTLY else "Best"
    if r.verdict is Verdict.NOT_RATED:
        word = "The judge's best"  # not a verdict: its figures did not hold up in play
    why = r.why[:1].upper() + r.why[1:]
    return f"{word}: {action_words(r.best, view)}. {why}"


def lost_words(s: Summary) -> str:
    """ "70.6 points expected lost (46.4 in the costly decisions)"."""
    said = f"{s.lost:.1f} points expected lost"
    if 0.05 < s.costly_lost < s.lost - 0.05:
        said += f" ({s.costly_lost:.1f} in the costly decisions)"
    return said
