"""Textual's parsed CSS, kept for every app a test process starts.

Each Textual app parses its stylesheet and every widget's default CSS
anew, and caches the rules for itself only: in the app tests, which start
hundreds of apps, that was a fifth of each short test. Here the parsed
rules are kept for the whole process, under the same key as Textual's own
cache plus the CSS variables they were parsed with (a theme changes them).
A stylesheet that fails to parse raises each time, as before; the rules
are shared read-only, as Textual's own cache shares them between the
parses of one app.
"""

from __future__ import annotations

import functools
from typing import Any

from textual.css.model import RuleSet
from textual.css.stylesheet import Stylesheet

_parsed: dict[tuple[Any, ...], list[RuleSet]] = {}


def keep_parsed_css() -> None:
    """From now on, every app in this process parses each CSS text once."""
    parse = Stylesheet._parse_rules
    if getattr(parse, "kept", False):
        return

    @functools.wraps(parse)
    def parse_once(
        sheet: Stylesheet,
        css: str,
        read_from: Any,
        is_default_rules: bool = False,
        tie_breaker: int = 0,
        scope: str = "",
    ) -> list[RuleSet]:
        variables = tuple(sorted(sheet._variables.items()))
        key = (css, read_from, is_default_rules, tie_breaker, scope, variables)
        if key not in _parsed:
            _parsed[key] = parse(sheet, css, read_from, is_default_rules, tie_breaker, scope)
        return _parsed[key]

    parse_once.kept = True  # type: ignore[attr-defined]
    Stylesheet._parse_rules = parse_once  # type: ignore[method-assign]
