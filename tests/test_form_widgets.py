"""The new-game form's rows as widgets: a seat (``SeatRow``) and a house rule
(``RuleOption``) say what the player changed, with the seat or the rule's
name, and nothing when the form refills them."""

from __future__ import annotations

from typing import Any

import pytest
from apphelp import SIZE, make_app, unfold, until
from test_newgame_formats import open_form
from textual.app import App, ComposeResult
from textual.message import Message
from textual.widgets import Button, Input, Select

from ginrummies.core import FirstTurn, preset
from ginrummies.tui.widgets.ruleoption import RuleOption
from ginrummies.tui.widgets.seatrow import SeatRow

pytestmark = pytest.mark.slow  # app tests: seconds each

CHANGES = (SeatRow.Changed, RuleOption.Changed)


class Host(App[None]):
    """The rows alone, and what they said."""

    def __init__(self, *rows: SeatRow | RuleOption) -> None:
        super().__init__()
        self.rows = rows
        self.told: list[Message] = []

    def compose(self) -> ComposeResult:
        yield from self.rows

    def on_seat_row_changed(self, event: SeatRow.Changed) -> None:
        self.told.append(event)

    def on_rule_option_changed(self, event: RuleOption.Changed) -> None:
        self.told.append(event)


def three_rules() -> tuple[RuleOption, RuleOption, RuleOption]:
    """A switch, a choice and a number, as Gin's preset has them."""
    gin = preset("gin")
    return (
        RuleOption("spade_doubles", False, False),
        RuleOption("first_turn", gin.first_turn, gin.first_turn),
        RuleOption("target", 100, 100),
    )


async def test_a_seat_refilled_says_nothing_and_the_players_change_its_kind_and_name() -> None:
    row = SeatRow(2, "Seat C", "normal", "Computer C")
    app = Host(row)
    async with app.run_test() as pilot:
        await pilot.pause()
        assert app.told == []  # made and shown: nothing changed
        assert (row.seat, row.kind, row.player_name) == (2, "normal", "Computer C")
        assert row.kind_choice.id == "seat2" and row.name_input.id == "name2"
        row.show(label="Team 2 · C", kind="hard", name="Computer")
        await pilot.pause()
        assert app.told == []
        assert (row.kind, row.player_name) == ("hard", "Computer")
        # the player's changes; the kind before is the one the form showed
        row.kind_choice.focus()
        await pilot.press("enter", "home", "enter")  # "a person", the first choice
        await pilot.pause()
        (told,) = app.told
        assert isinstance(told, SeatRow.Changed) and told.control is row
        assert (told.seat, told.kind, told.name, told.kind_was) == (
            2,
            "person",
            "Computer",
            "hard",
        )
        assert row.kind == "person"
        row.name_input.focus()
        await pilot.press("end", "backspace", "D")
        await pilot.pause()
        assert [(e.seat, e.kind, e.name, e.kind_was) for e in app.told[1:]] == [
            (2, "person", "Compute", "person"),
            (2, "person", "ComputeD", "person"),
        ]


async def test_a_rule_refilled_says_nothing_and_the_players_change_its_name_and_value() -> None:
    switch, choice, number = three_rules()
    app = Host(switch, choice, number)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.told == []  # made and shown: nothing changed
        switch.show(True, True)
        choice.show(FirstTurn.ELEVEN_CARDS, FirstTurn.UPCARD)
        number.show(150, 150)
        await pilot.pause()
        assert app.told == []
        assert (switch.value, choice.value, number.value) == (True, "eleven_cards", "150")
        assert "(preset: 150)" in str(number.query_one("#hint-target").render())
        switch.show(False, False)
        choice.show(FirstTurn.UPCARD, FirstTurn.UPCARD)
        number.show(100, 100)
        await pilot.pause()
        assert app.told == []
        # the player's changes
        switch.control.focus()
        await pilot.press("space")
        choice.control.value = "eleven_cards"
        number.control.focus()
        await pilot.press("end", "backspace", "backspace", "5")
        await pilot.pause()
        said = [(e.control, e.name, e.value) for e in app.told if isinstance(e, CHANGES)]
        assert said == [
            (switch, "spade_doubles", True),
            (choice, "first_turn", "eleven_cards"),
            (number, "target", "10"),
            (number, "target", "1"),
            (number, "target", "15"),
        ]
        assert (switch.option_name, switch.value, switch.rule_value()) == (
            "spade_doubles",
            True,
            True,
        )
        assert choice.rule_value() is FirstTurn.ELEVEN_CARDS
        assert number.rule_value() == 15
        assert number.differs(100) and not number.differs(15)


@pytest.mark.parametrize(
    ("typed", "words"),
    [
        ("abc", "target must be a whole number"),
        ("", "target must be a whole number"),
        ("-3", "target cannot be negative"),
    ],
)
async def test_a_number_rule_says_what_is_wrong_with_its_value(typed: str, words: str) -> None:
    number = RuleOption("target", 100, 100)
    async with Host(number).run_test() as pilot:
        await pilot.pause()
        number.control.value = typed
        await pilot.pause()
        with pytest.raises(ValueError, match=words):
            number.rule_value()
        assert number.control.has_class("-invalid")  # the input's own mark


async def test_the_forms_refills_say_nothing_and_the_players_changes_do() -> None:
    """A new variant, a new format, "Preset rules": the form refills its
    rows and none of them speaks; the player's own change is heard once."""
    seen: dict[int, Message] = {}

    def hook(message: Message) -> None:
        if isinstance(message, CHANGES):
            seen[id(message)] = message

    app = make_app(session=False)
    async with app.run_test(size=SIZE, message_hook=hook) as pilot:
        form = await open_form(app, pilot)
        for control, value in [
            ("#variant", "skarney"),
            ("#format", "captains"),
            ("#variant", "oklahoma"),  # back to two players
        ]:
            form.query_one(control, Select).value = value
            await pilot.pause()
        form.query_one("#reset", Button).press()
        await pilot.pause()
        assert seen == {}
        assert form.format.value == "two" and form.variant == "oklahoma"
        form.query_one("#seat1", Select).value = "person"
        await unfold(form, "gin_bonus")
        form.query_one("#opt-gin_bonus", Input).value = "30"
        await until(pilot, lambda: len(seen) >= 2, "both changes heard")
        told: list[Any] = list(seen.values())
        assert [(type(e), e.control.id) for e in told] == [
            (SeatRow.Changed, "seat-row1"),
            (RuleOption.Changed, "rule-gin_bonus"),
        ]
        assert (told[0].seat, told[0].kind) == (1, "person")
        assert (told[1].name, told[1].value) == ("gin_bonus", "30")
        # the seat's name followed its kind: the form's refill, unheard
        assert form.query_one("#name1", Input).value == "Player 2"
