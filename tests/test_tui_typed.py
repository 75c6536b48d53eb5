"""The app's code is typed through: no ``type: ignore`` in ``tui``, and the
app that runs does all the screens may ask of it (``GameApp``)."""

from __future__ import annotations

import inspect
from pathlib import Path

from ginrummies.tui.app import GinApp
from ginrummies.tui.gameapp import GameApp

TUI = Path(__file__).resolve().parent.parent / "ginrummies" / "tui"


def test_no_type_ignore_in_the_app() -> None:
    found = [
        f"{path.relative_to(TUI)}:{n}"
        for path in sorted(TUI.rglob("*.py"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if "type: ignore" in line
    ]
    assert not found, found


def test_the_app_does_what_the_screens_ask_of_it() -> None:
    asked = [
        name
        for name, member in vars(GameApp).items()
        if inspect.isfunction(member) and "NotImplementedError" in inspect.getsource(member)
    ]
    assert asked == [
        "start_session",
        "show_table",
        "kept_state",
        "continue_game",
        "watch_session",
        "show_menu",
        "export_replay",
        "show_review",
    ]
    for name in asked:
        assert getattr(GinApp, name) is not getattr(GameApp, name), name
