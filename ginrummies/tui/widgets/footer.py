"""The key bar at the foot of every screen: Textual's Footer, built cheaper.

Textual rebuilds its footer whenever a screen says its keys may have
changed, which the table does after every move, and each new key starts
with the opposite of the footer's compact style and is restyled on its
mount. This footer keeps what it shows when the keys have not changed,
relabels the keys it has in order (removing or mounting only the keys
there are fewer or more of), and gives each new key its style before it
is mounted: the same bar for a fraction of the work on each key press.
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
        if not self.is_attached or self._pruning:
            return
        showing = self._showing()
        if showing == self._shown:
            return
        self._shown = showing
        if not await self._relabel(list(self.compose())):
            await super().recompose()

    async def _relabel(self, wanted: list[Widget]) -> bool:
        """Show ``wanted`` with the keys already here, relabelled in order
        (a move changes which keys are shown and enabled after nearly every
        key press): only the keys there are more or fewer of are removed or
        mounted. False, having changed nothing, where the bar is not a plain
        row of keys (then it is built anew)."""
        here = [w for w in self.children if isinstance(w, FooterKey)]
        keys = [w for w in wanted if isinstance(w, FooterKey)]
        # a binding group comes as a container and a label, not as keys
        if len(here) != len(self.children) or len(keys) != len(wanted):
            return False
        old_keys, old_palette = _keys_and_palette(here)
        new_keys, new_palette = _keys_and_palette(keys)
        if len(old_palette) != len(new_palette):
            return False
        pairs = list(zip(old_keys, new_keys, strict=False))  # the rest: removed or mounted
        pairs += zip(old_palette, new_palette, strict=True)
        if any(old.classes - {"-disabled"} != new.classes - {"-disabled"} for old, new in pairs):
            return False
        for old, new in pairs:
            _relabel_key(old, new)
        if len(old_keys) > len(new_keys):
            await self.remove_children(old_keys[len(new_keys) :])
        elif len(new_keys) > len(old_keys):
            more = new_keys[len(old_keys) :]
            await self.mount_all(more, before=old_palette[0] if old_palette else None)
        return True

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


def _keys_and_palette(keys: list[FooterKey]) -> tuple[list[FooterKey], list[FooterKey]]:
    """The footer's keys in order, and the palette's key (docked right) apart."""
    palette = [k for k in keys if k.has_class("-command-palette")]
    return [k for k in keys if k not in palette], palette


def _relabel_key(old: FooterKey, new: FooterKey) -> None:
    """``old`` (mounted) shows from now on what ``new`` (not mounted) would."""
    words = (new.key, new.key_display, new.description, new.action)
    if (old.key, old.key_display, old.description, old.action) != words:
        old.key, old.key_display, old.description, old.action = words
        old.refresh(layout=True)
    if old._disabled != new._disabled:
        old._disabled = new._disabled
        old.set_class(new._disabled, "-disabled")
    if old.tooltip != new.tooltip:
        old.tooltip = new.tooltip
