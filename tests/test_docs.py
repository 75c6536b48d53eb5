"""The project's pages hold: every Python example in docs/api.md runs and prints
what it says, the README's key table is the key map, docs/rules.md is the rule
book, and docs/design.md names only modules that exist."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

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


ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "docs" / "rules.md"
DESIGN = ROOT / "docs" / "design.md"
# the rule book the project was written to, where it sits beside the checkout
# (a clean clone, as in CI, has only the repository's copy)
SHARED_RULES = ROOT.parent / "shared" / "RULES.md"


def test_the_rule_book_is_the_shared_one() -> None:
    """docs/rules.md is the rule book word for word: a change to one is made to both."""
    if not SHARED_RULES.is_file():
        pytest.skip(f"no shared rule book at {SHARED_RULES} to compare with (a clean clone)")
    assert RULES.read_bytes() == SHARED_RULES.read_bytes(), (
        f"docs/rules.md differs from {SHARED_RULES}: copy the rule book again"
    )


def module_paths(text: str) -> set[str]:
    """Every module path (``ginrummies/...py``) a page names."""
    return set(re.findall(r"\bginrummies/[\w/]*\w\.py\b", text))


def test_the_design_page_names_only_modules_that_exist() -> None:
    """A module docs/design.md points to is there, so the page cannot go stale unseen."""
    named = module_paths(DESIGN.read_text(encoding="utf-8"))
    assert len(named) > 30  # the page points to the code, module by module
    missing = sorted(path for path in named if not (ROOT / path).is_file())
    assert not missing, f"docs/design.md names modules that do not exist: {missing}"


def test_the_module_path_check_sees_a_missing_module() -> None:
    text = "see `ginrummies/core/hand.py`, ginrummies/cli and (`ginrummies/play/gone.py`)."
    assert module_paths(text) == {"ginrummies/core/hand.py", "ginrummies/play/gone.py"}
    assert not (ROOT / "ginrummies/play/gone.py").exists()


def test_the_readme_points_to_the_rule_book_and_the_design() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for page in ("docs/rules.md", "docs/design.md"):
        assert f"]({page})" in readme, f"README.md has no link to {page}"
        assert (ROOT / page).is_file()
