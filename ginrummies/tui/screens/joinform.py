"""The menu's "Join a table": the address and code a host gave out, and the
name to sit under; what ``ginrummies join ADDRESS CODE`` does from the
command line, for a browser tab of ``ginrummies serve`` or anyone at the
menu. A host's command may be pasted whole into the address.
"""

from __future__ import annotations

import re
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from ...store.settings import NAME_LENGTH
from ..widgets.footer import KeyFooter
from .base import on_top

CODE = re.compile(r"^[A-Za-z0-9]{4}[- ]?[A-Za-z0-9]{4}[- ]?[A-Za-z0-9]{4}$")


def read_invite(address: str, code: str) -> tuple[str, str, str, str]:
    """(address, code, name, problem): a pasted "ginrummies join ADDRESS CODE
    [--name NAME] [--tls]", the README's whole command, gives them all (the
    name "" when it does not say; --tls makes the address a wss:// one); the
    problem, in words, is empty when they look right."""
    words = address.split()
    if words[:2] == ["ginrummies", "join"]:
        words = words[2:]
    name = ""
    if "--name" in words:
        at = words.index("--name")
        name = " ".join(words[at + 1 : at + 2])
        del words[at : at + 2]
    tls = "--tls" in words
    words = [w for w in words if w != "--tls"]
    if len(words) == 2 and not code.strip():
        address, code = words
    else:
        address = " ".join(words) if len(words) == 1 else address.strip()
    if tls and "://" not in address:
        address = f"wss://{address}"
    code = code.strip()
    if not address:
        return address, code, name, "Type the host's address (as its screen shows it)."
    port = re.fullmatch(r"(wss?://)?[\w.\-\[\]:]+:(\d{1,5})(/.*)?", address)
    if port is None or not 0 < int(port.group(2)) < 65536:
        problem = f"{address[:40]} is not an address and port (like 192.168.1.5:8765)."
        return address, code, name, problem
    if not CODE.match(code):
        problem = "A table's code is twelve letters and digits (like K7QF-9XPM-2D4H)."
        return address, code, name, problem
    return address, code, name, ""


class JoinForm(ModalScreen[tuple[str, str, str] | None]):
    """Where to join, and as whom; Enter joins, Escape goes back."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Back")]

    def __init__(self, name: str, address: str = "", code: str = "") -> None:
        """``address``, ``code``: what was typed last time, kept."""
        super().__init__()
        self.name_given = name
        self.typed = (address, code)

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static("Join a table across machines", classes="title", markup=False)
            yield Label("The host's address (or its whole join command)", markup=False)
            yield Input(self.typed[0], placeholder="192.168.1.5:8765", id="address")
            yield Label("The table's code", markup=False)
            yield Input(self.typed[1], placeholder="K7QF-9XPM-2D4H", id="code", max_length=14)
            yield Label("Your name", markup=False)
            yield Input(self.name_given, id="name", max_length=NAME_LENGTH)
            yield Static("", id="join-problem", markup=False)
            yield Static("Enter: join · Esc: back", classes="hint", markup=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#address", Input).focus()

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        ids = ["address", "code", "name"]
        here = ids.index(event.input.id or "address")
        address = self.query_one("#address", Input).value
        code = self.query_one("#code", Input).value
        pasted = here == 0 and len(address.split()) > 1  # a whole command: both in one
        following = self.query_one(f"#{ids[here + 1]}", Input) if here < 2 else None
        if following is not None and not following.value.strip() and not pasted:
            following.focus()  # Enter in a field moves on to the next empty one
            return
        address, code, named, problem = read_invite(address, code)
        if problem:
            self.query_one("#join-problem", Static).update(problem)
            self.app.bell()
            return
        name = named or self.query_one("#name", Input).value.strip() or self.name_given
        if on_top(self):
            self.dismiss((address, code, name))

    def action_cancel(self) -> None:
        if on_top(self):
            self.dismiss(None)
