"""Frames in the app tests: drawn when the test looks, not at every change.

A headless Textual app still draws each frame in full after every change,
and nobody sees it: in the app tests that was nearly half the time. Here
the top screen's frames are owed instead of drawn, and the pilot draws
the owed frame each time it hands control back to the test (after a key,
a click, a pause): every state a test can look at has been drawn, so a
widget that fails to draw still fails the test, and the frames between
two looks are skipped. A test whose point is every frame (a hand shown
only to its owner, random keys that must never break a drawing) is
marked ``every_frame`` and draws them all, as the app does.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Coroutine
from typing import Any

import pytest
from textual._context import visible_screen_stack
from textual.app import App
from textual.geometry import Region
from textual.pilot import Pilot
from textual.screen import Screen

# the pilot's calls after which the test may look at the screen
LOOKS = (
    "press",
    "pause",
    "click",
    "double_click",
    "triple_click",
    "hover",
    "mouse_down",
    "mouse_up",
    "resize_terminal",
    "wait_for_animation",
    "wait_for_scheduled_animations",
)
OWED = "_frame_owed"


def draw_owed(app: App[Any]) -> None:
    """Draw the frame the top screen owes: each widget in the changed
    regions renders its lines, as the screen's own refresh would have them
    rendered. What Textual does after (cutting the lines into one frame for
    a terminal nobody sees) is left out: it is not the app's code, and it
    was half the cost."""
    screen = app.screen
    if not getattr(screen, OWED, False) or not screen.is_attached or app._batch_count:
        return
    setattr(screen, OWED, False)
    compositor = screen._compositor
    whole = compositor.size.region
    dirty = compositor._dirty_regions
    if not dirty:
        return
    crop = whole if whole in dirty else Region.from_union(list(dirty)).intersection(whole)
    dirty.clear()
    with app._context():
        # a modal screen renders the screens below through this, as in Textual's draw
        visible_screen_stack.set(app._background_screens)
        for _ in compositor._get_renders(crop):
            pass


def owe_frames(monkeypatch: pytest.MonkeyPatch) -> None:
    """From now on (until ``monkeypatch`` undoes it) the top screen owes its
    frames and the pilot draws them when the test looks."""
    refresh = Screen._compositor_refresh

    def owe_or_refresh(screen: Screen[Any]) -> None:
        app = screen.app
        if screen is not app.screen or app.is_inline:
            refresh(screen)  # a screen below marks the top one dirty: no drawing
            return
        setattr(screen, OWED, True)
        screen._dirty_widgets.clear()
        app._update_mouse_over(screen)

    monkeypatch.setattr(Screen, "_compositor_refresh", owe_or_refresh)
    for name in LOOKS:
        monkeypatch.setattr(Pilot, name, _drawing_after(getattr(Pilot, name)))


def _drawing_after(
    call: Callable[..., Coroutine[Any, Any, Any]],
) -> Callable[..., Coroutine[Any, Any, Any]]:
    @functools.wraps(call)
    async def looked(pilot: Pilot[Any], *args: Any, **kwargs: Any) -> Any:
        result = await call(pilot, *args, **kwargs)
        draw_owed(pilot.app)
        return result

    return looked
