"""The package's import graph: no two modules import each other, however
indirectly, and the command line's shared options are a leaf.

A cycle makes the order modules load in matter (one half-made module seen
by the other) and ties two layers that should change apart. The graph is
read from the source: every import statement naming a module of the
package, those inside functions and under ``TYPE_CHECKING`` included.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

from importhelp import from_imports

import ginrummies

PACKAGE = Path(ginrummies.__file__).parent

# cycles there are today, each to go with the item of issue 31 that reshapes
# its modules; any other cycle, or one of these grown by a module, fails
KNOWN_CYCLES: set[frozenset[str]] = set()  # none: a new cycle fails the test


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if path.name == "__init__.py" else parts)


def package_sources() -> dict[str, tuple[str, bool]]:
    """Each module of the package: its source and whether it is a package."""
    return {
        module_name(path): (path.read_text(encoding="utf-8"), path.name == "__init__.py")
        for path in sorted(PACKAGE.rglob("*.py"))
    }


def import_graph(sources: Mapping[str, tuple[str, bool]]) -> dict[str, set[str]]:
    """Module → the modules among ``sources`` it imports (relative imports
    resolved; ``from x import y`` names the module x.y when there is one)."""
    graph: dict[str, set[str]] = {}
    for module, (source, is_package) in sources.items():
        found: set[str] = set()
        for target, names in from_imports(source, module, is_package):
            if not names and target in sources:  # import x
                found.add(target)
            for name in names:
                if f"{target}.{name}" in sources:
                    found.add(f"{target}.{name}")
                elif target in sources:
                    found.add(target)
        found.discard(module)
        graph[module] = found
    return graph


def cycles(graph: Mapping[str, set[str]]) -> list[frozenset[str]]:
    """The graph's strongly connected parts of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph.get(node, ())):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            part = set()
            while True:
                other = stack.pop()
                on_stack.discard(other)
                part.add(other)
                if other == node:
                    break
            if len(part) > 1:
                found.append(frozenset(part))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_two_modules_import_each_other() -> None:
    new = [sorted(part) for part in cycles(import_graph(package_sources()))]
    new = [part for part in new if frozenset(part) not in KNOWN_CYCLES]
    assert not new, f"modules that import each other: {new}"


def test_the_graph_sees_a_cycle_through_a_function() -> None:
    """The check itself: a cycle closed by an import inside a function, two
    packages away and relative, is found; a submodule is told from a name."""
    sources = {
        "p": ("", True),
        "p.cli": ("from .options import add\ndef main():\n    from ..sim import run\n", True),
        "p.cli.options": ("from ..core import Card\n", False),
        "p.sim": ("from .cli import options\n", False),
        "p.core": ("", True),
    }
    graph = import_graph(sources)
    assert graph["p.cli"] == {"p.cli.options", "p.sim"}
    assert graph["p.cli.options"] == {"p.core"}
    assert graph["p.sim"] == {"p.cli.options"}
    assert cycles(graph) == []
    sources["p.sim"] = ("from .cli import add\n", False)  # the package: a cycle
    assert cycles(import_graph(sources)) == [frozenset({"p.cli", "p.sim"})]


def test_the_shared_options_import_nothing_of_the_commands() -> None:
    """``cli.options`` is a leaf: sim and serve take their options from it
    and import nothing else of the command line."""
    graph = import_graph(package_sources())
    commands = ("ginrummies.cli", "ginrummies.cli.sim", "ginrummies.web")
    leaf = graph["ginrummies.cli.options"]
    assert not [m for m in leaf if m == "ginrummies.cli" or m.startswith(commands)], leaf
    for user in ("ginrummies.cli.sim", "ginrummies.web.serve"):
        of_cli = {m for m in graph[user] if m.startswith("ginrummies.cli")}
        assert of_cli == {"ginrummies.cli.options"}, (user, of_cli)


def test_storage_imports_no_bots_and_no_play() -> None:
    """Saves, settings and statistics read the computer levels from the leaf
    ``ginrummies.core.levels``: storage imports neither the bots nor the play
    layer, and the levels module imports nothing of the package."""
    graph = import_graph(package_sources())
    above = ("ginrummies.ai", "ginrummies.play")
    store = [m for m in graph if m == "ginrummies.store" or m.startswith("ginrummies.store.")]
    assert store
    wrong = {
        m: sorted(i for i in graph[m] if i in above or i.startswith(tuple(a + "." for a in above)))
        for m in store
    }
    assert not {m: i for m, i in wrong.items() if i}, wrong
    assert graph["ginrummies.core.levels"] == set()


def test_no_class_is_made_inside_a_function() -> None:
    """A class made as a function runs (the browser server's, once) is a new
    class each call, out of reach of tests and of type checks."""
    inside = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                inside += [
                    f"{path.relative_to(PACKAGE.parent)}:{c.lineno} {c.name} in {node.name}"
                    for c in ast.walk(node)
                    if isinstance(c, ast.ClassDef)
                ]
    assert not inside, inside


WITHOUT_WEB = """
import importlib.abc, sys

class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name == "textual_serve" or name.startswith("textual_serve."):
            raise ImportError("no " + name)

sys.meta_path.insert(0, Block())
import ginrummies.web.serve
from ginrummies.cli import main
sys.exit(main(["serve"]))
"""


def test_serve_says_what_it_needs_without_the_web_extra() -> None:
    """The server class lives at module level in the one module that imports
    textual-serve: ``ginrummies serve`` without it still says what to install."""
    out = subprocess.run(
        [sys.executable, "-c", WITHOUT_WEB],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert out.returncode == 2, out.stderr
    assert out.stderr.strip() == (
        "ginrummies serve: browser play needs the web extra: pip install 'ginrummies[web]'"
    )


def test_other_layers_import_the_core_only_by_its_front() -> None:
    """Outside the core, names come from ``ginrummies.core`` itself, whose
    ``__all__`` (documented in docs/api.md) is what other layers may use;
    the core's modules are its own to rearrange."""
    graph = import_graph(package_sources())
    core = "ginrummies.core"
    wrong = {
        module: sorted(i for i in imported if i.startswith(core + "."))
        for module, imported in graph.items()
        if module != core and not module.startswith(core + ".")
    }
    assert not {m: i for m, i in wrong.items() if i}, wrong


MENU_IMPORTS = """
import sys
import ginrummies.cli
import ginrummies.tui.app
print(" ".join(sorted(sys.modules)))
"""


def test_the_menu_starts_without_what_it_does_not_show() -> None:
    """What ``ginrummies`` imports to show its menu leaves out the bots, the
    session, the other screens and the browser server: they are imported
    where they are used, and the menu shows sooner (docs/performance.md)."""
    out = subprocess.run(
        [sys.executable, "-c", MENU_IMPORTS], capture_output=True, text=True, timeout=60, check=True
    )
    loaded = set(out.stdout.split())
    assert "ginrummies.tui.screens.menu" in loaded  # the check sees what is imported
    later = [
        "ginrummies.ai",
        "ginrummies.play.session",
        "ginrummies.play.rulestext",
        "ginrummies.tui.screens.newgame",
        "ginrummies.tui.screens.replay",
        "ginrummies.tui.screens.rules",
        "ginrummies.tui.screens.settings",
        "ginrummies.tui.screens.statistics",
        "ginrummies.tui.screens.table",
        "ginrummies.web",
        "textual_serve",
    ]
    assert [m for m in later if m in loaded] == []


def test_the_new_game_form_opens_without_the_table() -> None:
    """The new-game form's module leaves out the table screen and the moves'
    log beside it (a ``RichLog``, which brings Rich's pretty-printer): the
    form opens sooner (docs/performance.md)."""
    code = MENU_IMPORTS.replace(
        "import ginrummies.tui.app", "import ginrummies.tui.app, ginrummies.tui.screens.newgame"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    loaded = set(out.stdout.split())
    assert "ginrummies.tui.screens.newgame" in loaded
    later = ["ginrummies.tui.screens.table", "ginrummies.tui.widgets.sidepanel"]
    assert [m for m in later if m in loaded] == []
