"""The plain-text commands' lines (``ginrummies review``, ``--coach``):
78 characters wide, for any terminal and a screen reader's line at a time."""

from __future__ import annotations

import textwrap

WIDTH = 78


def wrap(text: str, first: str = "", rest: str = "") -> str:
    """``text`` in lines of ``WIDTH``, the first after ``first``, the rest after ``rest``."""
    return textwrap.fill(text, WIDTH, initial_indent=first, subsequent_indent=rest or first)
