"""Move names are the enum ``MoveName``: one move of the key map each, and
the same words as before for the app's actions and text play's commands
(issue 31 item 4)."""

from __future__ import annotations

from collections import Counter

from textual.binding import Binding

from ginrummies.cli.textplay import WORDS
from ginrummies.play.keys import MOVE_BY_NAME, MOVES, MoveName
from ginrummies.tui.screens.table import TableScreen, bindings


def test_every_move_name_has_exactly_one_move() -> None:
    names = Counter(move.name for move in MOVES)
    assert names == Counter(MoveName)
    assert all(type(move.name) is MoveName for move in MOVES)
    assert set(MOVE_BY_NAME) == set(MoveName)


def test_the_names_are_the_words_they_always_were() -> None:
    assert [name.value for name in MoveName] == [
        "draw",
        "take",
        "pass",
        "discard",
        "knock",
        "gin",
        "meld",
        "lay_off",
        "offer",
        "accept",
        "decline",
        "end_turn",
        "challenge",
    ]
    assert MOVE_BY_NAME["lay_off"] is MOVE_BY_NAME[MoveName.LAY_OFF]  # a word finds its move


def test_each_name_is_a_binding_of_the_one_move_action() -> None:
    actions = {b.action for b in bindings() if isinstance(b, Binding)}
    assert callable(TableScreen.action_move)
    for name in MoveName:
        assert f"move('{name.value}')" in actions, name
    # one action for every move: no method a move
    assert not [n for n in MoveName if hasattr(TableScreen, f"action_{n.value}")]


def test_text_play_takes_each_name_as_a_word() -> None:
    for name in MoveName:
        assert WORDS[name.value] is name
    assert all(type(name) is MoveName for name in WORDS.values())
