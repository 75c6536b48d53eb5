"""The rules core imports without Textual or Rich (the layering of DESIGN.md)."""

import subprocess
import sys

BLOCK = """
import sys, importlib.abc
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name.split(".")[0] in ("textual", "rich"):
            raise ImportError("core imported " + name)
sys.meta_path.insert(0, Block())
import ginrummies.core
from ginrummies.core import Hand, preset
hand = Hand.deal(preset("gin"), 0, seed=1)
assert hand.legal_actions()
assert not [m for m in sys.modules if m.split(".")[0] in ("textual", "rich")]
print("ok")
"""


def test_core_imports_without_textual_or_rich() -> None:
    out = subprocess.run(
        [sys.executable, "-c", BLOCK], capture_output=True, text=True, timeout=60, check=False
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"
