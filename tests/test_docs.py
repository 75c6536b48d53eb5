"""Every Python example in docs/api.md runs, in order, and prints what it says."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

API = Path(__file__).resolve().parents[1] / "docs" / "api.md"


def blocks(text: str) -> list[tuple[str, str]]:
    return re.findall(r"```(python|text)\n(.*?)```", text, flags=re.S)


def test_api_examples_run() -> None:
    namespace: dict[str, object] = {}
    printed = io.StringIO()
    expected_text: list[str] = []
    for kind, code in blocks(API.read_text()):
        if kind == "text":
            expected_text.append(code)
            continue
        with contextlib.redirect_stdout(printed):
            exec(compile(code, str(API), "exec"), namespace)
    out = printed.getvalue()
    for text in expected_text:
        assert text in out, f"docs/api.md shows output the code does not print:\n{text}"
    assert "Computer drew from the stock" in out


def test_the_readme_key_table_is_the_key_map() -> None:
    """The README's keys come from the one key map, so they cannot drift."""
    from ginrummies.play.keys import markdown_table

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    assert markdown_table() in readme
