"""The core's records as JSON data (ginrummies.core.data): every view of
every variant and format comes back equal, and data that is not the record
asked for is one DataError saying where, never another exception."""

from __future__ import annotations

import contextlib
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ginrummies.core import Format, Hand, Knock, preset
from ginrummies.core.data import DataError, from_data, to_data
from ginrummies.core.levels import Level, SeatKind
from ginrummies.core.result import HandResult
from ginrummies.core.views import Event, MatchView, PlayerView
from ginrummies.play.session import Seat, Session

GAMES = [
    ("gin", Format.TWO),
    ("oklahoma", Format.THREE),
    ("sequence", Format.PARTNERSHIP),
    ("skarney", Format.SKARNEY3),
    ("skarney", Format.PARTNERS),
    ("skarney", Format.CAPTAINS),
    ("colonel", Format.TWO),
]


def through_json(value: Any) -> Any:
    return json.loads(json.dumps(to_data(value)))


@pytest.mark.slow
@pytest.mark.parametrize(("variant", "fmt"), GAMES, ids=lambda g: getattr(g, "value", g))
def test_every_view_of_a_game_comes_back_equal(variant: str, fmt: Format) -> None:
    seats = [Seat(f"C{i}", SeatKind.COMPUTER, Level.EASY) for i in range(fmt.seats)]
    session = Session(preset(variant), seats, 7, format=fmt, target=30)
    checked = 0
    for step in range(600):
        if session.game.is_over:
            break
        if session.round_over:
            session.next_hand()
            continue
        if step % 5 == 0:
            for seat in range(fmt.seats):
                if session.game.table_of(seat) is not None:
                    view = session.game.view(seat)
                    assert from_data(PlayerView, through_json(view)) == view
                    checked += 1
        session.computers.play_now()
    assert checked >= 10
    # the hands' results, and the match as anyone sees it
    for result in session.game.results:
        assert from_data(HandResult, through_json(result)) == result
    public = session.game.public()
    assert from_data(MatchView, through_json(public)) == public


def test_a_knock_and_an_event_keep_their_kind() -> None:
    hand = Hand.deal(preset("gin"), 1, seed=3)
    knock = Knock(None, ())
    assert from_data(Knock, through_json(knock)) == knock
    event = Event(0, knock, None, True)
    assert from_data(Event, through_json(event)) == event
    with pytest.raises(DataError, match=r"data\.action: .*not an action"):
        from_data(Event, {"$": "Event", "player": 0, "action": 5, "card": None, "gin": False})
    assert hand.view(0) == from_data(PlayerView, through_json(hand.view(0)))


@pytest.mark.parametrize(
    ("data", "where"),
    [
        (
            {"$": "Event", "player": "0", "action": {"type": "pass"}, "card": None, "gin": False},
            r"data\.player: expected a whole number",
        ),
        (
            {"$": "Event", "player": 0, "action": {"type": "pass"}, "card": None},
            "an Event needs gin",
        ),
        (
            {"$": "Event", "player": 0, "action": {"type": "pass"}, "card": "Zz", "gin": False},
            r"data\.card: ",
        ),
        (
            {"$": "Event", "player": 0, "action": {"type": "pass"}, "card": None, "gin": 1},
            r"data\.gin: expected true or false",
        ),
        (
            {
                "$": "Event",
                "player": 0,
                "action": {"type": "pass"},
                "card": None,
                "gin": False,
                "seen": 1,
            },
            "an Event has no seen",
        ),
        ({"$": "PastHand", "player": 0}, "expected an Event"),
        ([1, 2], "expected an Event"),
    ],
)
def test_data_that_is_not_the_record_says_where(data: Any, where: str) -> None:
    with pytest.raises(DataError, match=where):
        from_data(Event, data)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from(["$", "player", "hand", "rules", "phase", "x"]), inner)
    ),
    max_leaves=20,
)


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(JSON)
def test_any_json_is_a_view_or_a_data_error(data: Any) -> None:
    with contextlib.suppress(DataError):
        from_data(PlayerView, data)
