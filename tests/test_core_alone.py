"""The layering of DESIGN.md: each layer imports only the ones above it.

core → ai → store → play → net → tui. The core imports none of the layers
below it, nor Textual or Rich; the bots import no storage, play or
screens; storage imports no play or screens; the play layer imports no
network, no screens and no Textual; the network imports no screens; and
none imports the command line (cli, with its text play and sim). Two
checks: every import statement in a layer's files (those inside functions
included), and a fresh interpreter that imports the whole layer with the
forbidden packages made unimportable.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from importhelp import from_imports

import ginrummies

PACKAGE = Path(ginrummies.__file__).parent
LAYERS = ("core", "ai", "store", "play", "net", "tui")
# what each layer must never import (a name forbids its submodules too): the
# layers below it, and the screens' libraries
FORBIDDEN = {
    layer: (*(f"ginrummies.{below}" for below in LAYERS[n + 1 :]), "textual", "rich")
    for n, layer in enumerate(LAYERS[:-1])
}
APP_MODULES = (
    "ginrummies.cli",
    "ginrummies.cli.sim",
    "ginrummies.cli.textplay",
    "ginrummies.__main__",
)


def banned(name: str, layer: str) -> bool:
    return any(name == f or name.startswith(f + ".") for f in (*FORBIDDEN[layer], *APP_MODULES))


def imports_in(source: str, module: str, is_package: bool = False) -> set[str]:
    """Every module an import statement in ``source`` (module ``module``) names,
    relative imports resolved, the ones inside functions included."""
    found: set[str] = set()
    for target, names in from_imports(source, module, is_package):
        found.add(target)
        found.update(f"{target}.{name}" for name in names)  # from .. import store
    return found


def imports_of(path: Path) -> set[str]:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    if path.name == "__init__.py":
        return imports_in(path.read_text(encoding="utf-8"), ".".join(parts[:-1]), True)
    return imports_in(path.read_text(encoding="utf-8"), ".".join(parts))


@pytest.mark.parametrize("layer", list(FORBIDDEN))
def test_no_import_statement_crosses_a_layer(layer: str) -> None:
    files = sorted((PACKAGE / layer).rglob("*.py"))
    assert files
    crossing = [
        f"{path.relative_to(PACKAGE.parent)} imports {name}"
        for path in files
        for name in sorted(imports_of(path))
        if banned(name, layer)
    ]
    assert not crossing, "\n".join(crossing)


BLOCK = """
import importlib, importlib.abc, pkgutil, sys
layer, forbidden = sys.argv[1], sys.argv[2:]

def banned(name):
    return any(name == f or name.startswith(f + ".") for f in forbidden)

class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if banned(name):
            raise ImportError(layer + " imported " + name)

sys.meta_path.insert(0, Block())
package = importlib.import_module("ginrummies." + layer)
for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
    importlib.import_module(info.name)
if layer == "core":  # and the rules run with nothing else there
    from ginrummies.core import Hand, preset
    assert Hand.deal(preset("gin"), 0, seed=1).legal_actions()
loaded = sorted(m for m in sys.modules if banned(m))
assert not loaded, loaded
print("ok")
"""


@pytest.mark.parametrize("layer", list(FORBIDDEN))
def test_each_layer_imports_without_the_layers_below(layer: str) -> None:
    out = subprocess.run(
        [sys.executable, "-c", BLOCK, layer, *FORBIDDEN[layer], *APP_MODULES],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"


def test_the_statement_check_sees_a_crossing() -> None:
    """Relative imports are resolved, and one inside a function is found."""
    source = (
        "from ..store import saves\nfrom . import tracking\n"
        "def f():\n    from ..tui.app import GinApp\n"
    )
    found = imports_in(source, "ginrummies.ai.search")
    assert {"ginrummies.store.saves", "ginrummies.ai.tracking", "ginrummies.tui.app"} <= found
    assert [n for n in sorted(found) if banned(n, "ai")] == [
        "ginrummies.store",
        "ginrummies.store.saves",
        "ginrummies.tui.app",
        "ginrummies.tui.app.GinApp",
    ]
    assert imports_in("from ..core import Card", "ginrummies.play", True) == {
        "ginrummies.core",
        "ginrummies.core.Card",
    }
