"""One seat of the new-game form: its label ("Player 1", "Seat B"), who sits
there (a person, or the computer at a level) and the name.

The row knows its seat and says when the player changes it
(``SeatRow.Changed``); the form refills it (``show``) without a word.
"""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.widgets import Input, Label, Select

from ...play.printable import clean_name
from ...store.settings import NAME_LENGTH, PERSON, SEAT_CHOICES
from .marked import MarkedSelect

SEAT_KINDS = [("a person" if c == PERSON else f"computer, {c}", c) for c in SEAT_CHOICES]
"""The kind choice's options: (shown, the seat's kind)."""


class SeatRow(Horizontal):
    """A seat's label (``#seat-label<n>``), kind (``#seat<n>``) and name (``#name<n>``)."""

    DEFAULT_CLASSES: ClassVar[str] = "row seat-row"

    class Changed(Message):
        """The player changed the seat's kind or name (a refill by the form posts none)."""

        def __init__(
            self, seat_row: SeatRow, seat: int, kind: str, name: str, *, kind_was: str
        ) -> None:
            super().__init__()
            self.seat_row = seat_row
            self.seat = seat
            self.kind = kind  # "person" or a computer's level
            self.name = name  # as typed
            self.kind_was = kind_was  # the kind before (the same if the name changed)

        @property
        def control(self) -> SeatRow:
            return self.seat_row

    def __init__(self, seat: int, label: str, kind: str, name: str) -> None:
        super().__init__(id=f"seat-row{seat}")
        self._seat = seat
        self._shown = (label, kind, name)  # what the row is made with
        self._kind = kind  # the kind last told, so a change tells the one before

    @property
    def seat(self) -> int:
        """The seat's number, from 0."""
        return self._seat

    @property
    def kind_choice(self) -> Select[str]:
        """The choice of who sits there (``#seat<n>``)."""
        return self.query_one(f"#seat{self._seat}", Select)

    @property
    def name_input(self) -> Input:
        """Where the name is typed (``#name<n>``)."""
        return self.query_one(f"#name{self._seat}", Input)

    @property
    def kind(self) -> str:
        """Who sits there: "person" or a computer's level."""
        return str(self.kind_choice.value)

    @property
    def player_name(self) -> str:
        """The name as typed."""
        return self.name_input.value

    def compose(self) -> ComposeResult:
        seat, (label, kind, name) = self._seat, self._shown
        # their values as they are made (and mounted) are no change by the player
        with self.prevent(Select.Changed, Input.Changed):
            yield Label(label, id=f"seat-label{seat}", classes="name", markup=False)
            yield MarkedSelect(
                SEAT_KINDS, value=kind, allow_blank=False, id=f"seat{seat}", classes="seat-kind"
            )
            yield Input(
                clean_name(name, NAME_LENGTH),
                id=f"name{seat}",
                classes="seat-name",
                max_length=NAME_LENGTH,
            )

    def show(
        self, *, label: str | None = None, kind: str | None = None, name: str | None = None
    ) -> None:
        """Show what is given (the form's refill: no ``Changed``)."""
        if label is not None:
            self.query_one(f"#seat-label{self._seat}", Label).update(label)
        with self.prevent(Select.Changed, Input.Changed):
            if kind is not None:
                self._kind = kind
                self.kind_choice.value = kind
            if name is not None:
                self.name_input.value = clean_name(name, NAME_LENGTH)

    @on(Select.Changed)
    def _kind_changed(self, event: Select.Changed) -> None:
        event.stop()
        kind = event.value
        if not isinstance(kind, str) or kind == self._kind:
            return
        was, self._kind = self._kind, kind
        self.post_message(self.Changed(self, self._seat, kind, self.player_name, kind_was=was))

    @on(Input.Changed)
    def _name_changed(self, event: Input.Changed) -> None:
        event.stop()
        self.post_message(
            self.Changed(self, self._seat, self._kind, event.value, kind_was=self._kind)
        )
