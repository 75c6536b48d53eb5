"""A question with a few answers, over the screen that asks it."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static

from ..widgets.footer import KeyFooter
from ..widgets.marked import MarkedList
from .base import on_top


class ChoiceScreen(ModalScreen[int | None]):
    """Pick one of a list (a knock arrangement, a meld); Escape cancels,
    unless the question must be answered (``cancel=False``)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title: str, labels: list[str], *, cancel: bool = True) -> None:
        super().__init__()
        self.title_text = title
        self.labels = labels
        self.cancel = cancel

    def compose(self) -> ComposeResult:
        keys = "↑↓ choose · Enter confirm" + (" · Esc cancel" if self.cancel else "")
        with Vertical(id="dialog"):
            yield Static(self.title_text, classes="title", markup=False)
            yield MarkedList(*self.labels, id="choices", markup=False)
            yield Static(keys, classes="hint", markup=False)
        # its own footer, over the screen's below: that one's keys do nothing here
        yield KeyFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.cancel if action == "cancel" else True

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        options.highlighted = 0
        options.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if on_top(self):  # a second Enter already on its way does nothing
            self.dismiss(event.option_index)

    def action_cancel(self) -> None:
        if on_top(self):
            self.dismiss(None)
