"""A seat at a table hosted elsewhere draws what the same seat would see at
a game here (issue 35): in every format, hand after hand, the table's
lines, prompt, scoreboard, header and results worked out from the views
the host sends (``RemoteSession``) are the ones worked out from the game
itself (``Session``) for that seat."""

from __future__ import annotations

import pytest

from ginrummies.ai import make_bot
from ginrummies.core import Attempt, Format, Knock, MatchView, PlayerView, Refusal, preset
from ginrummies.core.levels import Level, SeatKind
from ginrummies.play.place import Undoable
from ginrummies.play.remote import RemoteSession
from ginrummies.play.session import Seat, Session
from ginrummies.play.tell import round_lines
from ginrummies.play.words import prompt
from ginrummies.tui.seatview import (
    HandState,
    look,
    next_line,
    other_table,
    score_rows,
    seating_line,
    short_names,
    shown,
    sub_title,
    title,
)

GAMES = [
    ("gin", Format.TWO),
    ("oklahoma", Format.THREE),
    ("gin", Format.PARTNERSHIP),
    ("skarney", Format.SKARNEY3),
    ("skarney", Format.CAPTAINS),
    ("skarney", Format.PARTNERS),
    ("colonel", Format.TWO),
]


def as_sent(session: Session, seat: int) -> tuple[MatchView, PlayerView]:
    """What the host sends ``seat``: the public match and its view (the
    table it watches, while it sits out)."""
    game = session.game
    table = game.table_of(seat)
    view = game.view(seat) if table is not None else game.watch(0)
    return game.public(seat), view


def remote_of(
    session: Session, seat: int, moves: list[object], asked: list[Attempt] | None = None
) -> RemoteSession:
    """``seat`` as a seat elsewhere sees it: its moves (and the moves it
    asks the host about) put in the lists given."""
    public, view = as_sent(session, seat)
    remote = RemoteSession(
        seat,
        session.rules,
        session.format,
        session.names,
        public,
        view,
        send=moves.append,
        ready=lambda: moves.append("ready"),
        ask=(asked if asked is not None else []).append,
    )
    seats = [(s.name, None if s.is_person else s.level) for s in session.seats]
    remote.update(public, view, session.records, seats, ())
    return remote


def drawn(place: Session | RemoteSession) -> dict[str, object]:
    """Everything the table screen works out from its game, for comparing."""
    seen = look(place)
    out: dict[str, object] = {
        "look": seen,
        "shown": shown(place, seen, HandState(), hidden=False, thinking=False, message=""),
        "seating": seating_line(place),
        "next": next_line(place),
        "scores": score_rows(place),
        "short": short_names(place),
        "header": (title(place), sub_title(place)),
        "prompt": prompt(place, seen.view),
        "names": [place.names_at(t) for t in range(place.format.tables)],
        "turn": place.table_version(seen.seat),
        "round over": place.round_over,
        "to move": place.person_to_move,
        "legal": place.legal() if place.person_to_move else [],
        # the hints judge a knock by the level across the table, here and elsewhere
        "facing": place.facing(seen.view) if place.person_to_move else None,
    }
    if place.format.tables > 1:
        out["other"] = (other_table(place, seen, False), other_table(place, seen, False, True))
    if place.round_over and not place.format.two_players:
        out["round"] = round_lines(place.game, place.names)
    return out


@pytest.mark.slow
@pytest.mark.parametrize(("variant", "fmt"), GAMES, ids=lambda g: getattr(g, "value", g))
def test_a_remote_seat_draws_what_the_seat_sees_here(variant: str, fmt: Format) -> None:
    person = 1 if fmt.seats > 2 else 0  # not always the first seat
    seats = [
        Seat("Ann") if i == person else Seat(f"C{i}", SeatKind.COMPUTER, Level.EASY)
        for i in range(fmt.seats)
    ]
    session = Session(preset(variant), seats, 11, format=fmt, target=60)
    bot = make_bot(Level.EASY, session.rules, 3)  # plays the person's moves
    checked = sent = 0
    for step in range(2000):
        if session.game.is_over:
            break
        if step % 3 == 0 or session.round_over:
            moves: list[object] = []
            remote = remote_of(session, person, moves)
            assert drawn(remote) == drawn(session), f"step {step}"
            checked += 1
            if remote.legal():  # a move goes out, not played here
                remote.play(remote.legal()[0])
                assert moves == [session.legal()[0]] and not remote.legal()
                sent += 1
        if session.round_over:
            session.next_hand()
        elif session.person_to_move:
            view = session.view()
            session.play(bot.choose(view, list(view.legal_actions)))
        else:
            session.computers.play_now()
    assert session.game.is_over and checked >= 8 and sent >= 2


def test_a_remote_seat_asks_its_host_why_and_has_no_undo() -> None:
    """Both are a ``Place``; only a game here is ``Undoable``. A seat
    elsewhere asks the host why a move may not be made, and tells the
    answer it is given (the host's core's), not one of its own."""
    session = Session(preset("gin"), [Seat("Ann"), Seat("C", SeatKind.COMPUTER, Level.HARD)], 4)
    asked: list[Attempt] = []
    remote = remote_of(session, 0, [], asked)
    view = session.view(0)
    assert isinstance(session, Undoable) and not isinstance(remote, Undoable)
    told: list[Refusal | None] = []
    knock = Attempt(Knock)
    remote.why(knock, view, told.append)
    assert asked == [knock] and told == []  # nothing judged here
    truth = session.refusal(knock, session.view(0))
    remote.answered(Attempt(Knock, gin=True), None)  # not the question asked
    assert told == []
    remote.answered(knock, truth)
    assert told == [truth] and truth is not None
    here: list[Refusal | None] = []
    session.why(knock, session.view(0), here.append)
    assert here == told
