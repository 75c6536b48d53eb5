"""The log is records (issue 31, item 1): screens and text play choose its
entries by their fields, never by matching words, so no name can pass for
a word of the log."""

from __future__ import annotations

import contextlib

from apphelp import step

from ginrummies.ai import make_bot
from ginrummies.cli.textplay import Quit, play
from ginrummies.core import Discard, Format, preset
from ginrummies.play import Seat, SeatKind, Session
from ginrummies.play.log import Kind
from ginrummies.play.saving import from_saved
from ginrummies.play.session import format_seats
from ginrummies.tui.seatview import last_move

# every word the log and the breakdowns use to begin or mark a line
LOG_WORDS = ["Hiscore", "Table 1:", "Hand", "Boxes", "upcard", "cancelled", "Round"]


def to_round_end(session: Session, seed: int = 8) -> Session:
    person = make_bot("easy", session.rules, seed)
    while not session.round_over:
        step(session, person)
    return session


def test_a_name_with_score_in_it_leaks_no_breakdown_into_the_log() -> None:
    """'Hiscore melds: …' and 'Hiscore deadwood: … = 25' were kept as
    score lines because the name holds "score"."""
    for seed in range(6):
        session = to_round_end(Session(preset("gin"), (Seat("Hiscore"), Seat("Ann")), seed))
        assert not [line for line in session.log if "melds:" in line or "deadwood:" in line]
        (result,) = [e for e in session.records if e.kind is Kind.RESULT]
        hand = session.game.round.hands[0]
        assert hand.result is not None
        assert result.words == hand.result.summary(session.names)


def test_a_name_that_begins_another_name_reads_its_own_last_move() -> None:
    """With 'Ann' and 'Ann B', Ann's last move read 'B discarded K♦'."""
    rules = preset("gin")
    session = Session(rules, (Seat("Ann B"), Seat("Ann")), 3)
    bot = make_bot("easy", rules, 1)
    while True:
        step(session, bot)
        hand = session.game.round.hands[0]
        last = hand.events[-1] if hand.events else None
        if last is not None and last.player == 0 and isinstance(last.action, Discard):
            break
    ann = session.names.index("Ann")
    mine = [e for e in hand.events if e.player == ann]
    expected = mine[-1].action.said(mine[-1].card, mine[-1].gin).rstrip(".") if mine else ""
    assert last_move(session, ann, 0) == expected
    assert not last_move(session, ann, 0).startswith("B ")


def test_each_move_entry_names_its_table_seat_and_event() -> None:
    fmt = Format.PARTNERSHIP
    session = Session(preset("gin"), format_seats(fmt, 0, "easy"), 5, format=fmt)
    bot = make_bot("easy", session.rules, 2)
    while len(session.records) < 30:
        step(session, bot)
    moves = [e for e in session.records if e.kind is Kind.MOVE]
    assert {e.table for e in moves} == {0, 1}
    for entry in moves:
        assert entry.event is not None and entry.table is not None and entry.seat is not None
        seating = session.game.round.tables[entry.table]
        assert seating.seats[entry.event.player] == entry.seat
        assert entry.words == f"Table {entry.table + 1}: {entry.said}"


def text_partnership(names: tuple[str, str]) -> str:
    """A partnership text game of two people and two computers, played
    until the first round's hands are laid out; what it printed."""
    fmt = Format.PARTNERSHIP
    seats = (*format_seats(fmt, 2, "easy", names)[:2], *format_seats(fmt, 0, "easy")[2:])
    session = Session(preset("gin"), seats, 4, format=fmt)
    out: list[str] = []

    def ask(prompt: str) -> str:
        if prompt.startswith("Press Enter"):
            raise Quit
        return "1" if prompt == "> " else ""

    with contextlib.suppress(Quit):
        play(session, ask, out.append)
    return "\n".join(out)


def test_names_that_are_words_of_the_log_are_said_like_any_name() -> None:
    """A team's box lines were dropped by their first word ("Boxes"): so
    was a player called Boxes."""
    text = text_partnership(("Boxes", "Hand"))
    assert "Boxes melds:" in text or "Boxes's melds:" in text or "Boxes on the table" in text
    assert "Hand melds:" in text or "Hand's melds:" in text


def test_every_log_word_as_a_name_changes_nothing_but_the_name() -> None:
    """The same deal with plain names and with names made of the log's
    words: the log has the same lines, name for name."""
    for word in LOG_WORDS:
        plain = to_round_end(Session(preset("gin"), (Seat("Pat"), Seat("Lee")), 11))
        odd = to_round_end(Session(preset("gin"), (Seat(word), Seat("Lee")), 11))
        assert len(odd.log) == len(plain.log), word
        assert [e.kind for e in odd.records] == [e.kind for e in plain.records], word
        for a, b in zip(plain.log, odd.log, strict=True):
            assert b == a.replace("Pat", word), word


def test_the_computer_seat_kind_does_not_change_the_records() -> None:
    seats = (Seat("You"), Seat("Computer", SeatKind.COMPUTER, "easy"))
    session = to_round_end(Session(preset("skarney"), seats, 2))
    kinds = [e.kind for e in session.records]
    assert kinds[0] is Kind.GAME and Kind.DEAL in kinds and kinds[-1] is Kind.RESULT


def test_a_resumed_game_of_two_tables_keeps_the_order_moves_were_made_in() -> None:
    """A partnership game continued in a new tab listed all of table 1's
    moves, then all of table 2's."""
    import json

    from ginrummies.store.saves import parse

    fmt = Format.PARTNERSHIP
    session = Session(preset("gin"), format_seats(fmt, 0, "easy"), 5, format=fmt)
    bot = make_bot("easy", session.rules, 2)
    while len(session.game.rounds) < 2 or len(session.records) < 140:
        step(session, bot)
        if session.round_over and not session.game.is_over:
            session.next_hand()
    tables = [e.table for e in session.records if e.kind is Kind.MOVE]
    assert tables != sorted(tables)  # the tables took turns
    text = session.to_json()
    again = from_saved(parse(text))
    assert again.log == session.log
    # a save from before the order was kept (or with an order that does not
    # fit its moves) still loads, its tables one after the other
    kept = json.loads(text)["order"]
    floats = [[float(t) for t in turns] for turns in kept]  # the right counts, as 0.0 and 1.0
    for order in (None, [[0]], "x", floats):
        data = json.loads(text)
        if order is None:
            del data["order"]
        else:
            data["order"] = order
        older = from_saved(parse(json.dumps(data)))
        assert sorted(older.log) == sorted(session.log)
        assert older.game.log == session.game.log


def test_a_breakdown_leaves_out_its_parts_by_asking_not_by_their_words() -> None:
    """The result screen dropped lines with " melds: " or starting "Boxes:"
    in them: a name like those lost its own lines."""
    for seed in range(8):
        names = ("Boxes: Al", "x melds: y")
        session = to_round_end(Session(preset("gin"), tuple(Seat(n) for n in names), seed))
        result = session.game.round.hands[0].result
        assert result is not None
        full = result.breakdown(session.names)
        if result.knocker is None:
            continue
        short = result.breakdown(session.names, hands=False, boxes=False)
        dropped = [line for line in full if line not in short]
        melds_and_deadwood = 4
        assert len(dropped) == melds_and_deadwood + (1 if any(result.boxes) else 0), dropped
        assert result.summary(session.names) in " ".join(short) or not any(result.points)
