"""The key bar at the foot of every screen: Textual's Footer, built cheaper.

Textual rebuilds its footer whenever a screen says its keys may have
changed, which the table does after every move, and each new key starts
with the opposite of the footer's compact style and is restyled on its
mount. This footer keeps what it shows when the keys have not changed,
and gives each new key its style before it is mounted: the same bar for
a fraction of the work on each key press.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from textual.widget import Widget
from textual.widgets import Footer
from textual.widgets._footer import FooterKey


class KeyFooter(Footer):
    """The Footer, rebuilt only when what it would show has changed."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._shown: tuple[object, ...] | None = None

    def _showing(self) -> tuple[object, ...]:
        """Everything the footer's compose reads, to tell a change from none."""
        active = self.screen.active_bindings
        keys = tuple(
            (binding.key, binding.action, binding.description, binding.group, enabled, tooltip)
            for _, binding, enabled, tooltip in active.values()
            if binding.show
        )
        palette = active.get(self.app.COMMAND_PALETTE_BINDING)
        palette_key = None if palette is None else (palette[1], palette[2], palette[3])
        return (keys, palette_key, self.compact, self.show_command_palette, self._bindings_ready)

    async def recompose(self) -> None:
        if not self.is_attached:
            return
        showing = self._showing()
        if showing == self._shown:
            return
        self._shown = showing
        await super().recompose()

    def compose(self) -> Iterator[Widget]:
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                # the value the key will have once mounted (the palette's key
                # is not bound to the footer and stays compact), and the class
                # that goes with it, so that mounting it changes no style
                compact = self.compact or widget.has_class("-command-palette")
                widget.set_reactive(FooterKey.compact, compact)
                widget.set_class(compact, "-compact", update=False)
            yield widget
