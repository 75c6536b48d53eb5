"""The built-in themes and the stylesheet travel with the game (issue 52,
item 1): a wheel built from the checkout, and one built from its sdist,
carry the top-level ``themes/`` into the package as ``ginrummies/themes/``
(pyproject.toml's force-include), and the game installed from the wheel
reads its themes there, the same themes as the checkout's.

The builds fetch the build backend (hatchling) as ``pip install`` does.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from ginrummies.tui.themes import THEMES

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "themes"
FILES = sorted(p.name for p in FOLDER.iterdir())

# run in the unpacked wheel: where the game finds its themes, and what they are
INSTALLED = """
import json
import ginrummies
from ginrummies.store.themefiles import builtin_folder
from ginrummies.tui.themes import BUILTIN_LEFT_OUT, STYLESHEET, THEMES
print(json.dumps({
    "package": ginrummies.__file__,
    "folder": str(builtin_folder()),
    "stylesheet": str(STYLESHEET),
    "left_out": BUILTIN_LEFT_OUT,
    "themes": {name: theme.variables for name, theme in THEMES.items()},
}))
"""


def pip(*words: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pip", *words], capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stdout + done.stderr


def check_wheel(wheel: Path, tmp_path: Path) -> None:
    """The wheel holds every file of themes/ in the package, and the game
    unpacked from it (as pip lays it out) loads them from there."""
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        site = tmp_path / "site"
        z.extractall(site)
    assert {f"ginrummies/themes/{name}" for name in FILES} <= names
    assert not [n for n in names if n.startswith("themes/")]  # nothing loose in site-packages
    env = {**os.environ, "PYTHONPATH": str(site)}
    done = subprocess.run(
        [sys.executable, "-c", INSTALLED],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    installed = site / "ginrummies"
    assert found["package"] == str(installed / "__init__.py")  # the wheel's, not the checkout's
    assert found["folder"] == str(installed / "themes")
    assert found["stylesheet"] == str(installed / "themes" / "ginrummies.tcss")
    assert found["left_out"] == {}
    assert found["themes"] == {name: theme.variables for name, theme in THEMES.items()}


def test_the_wheel_carries_the_themes(tmp_path: Path) -> None:
    pip("wheel", "--no-deps", "-q", "-w", str(tmp_path / "dist"), str(ROOT))
    (wheel,) = (tmp_path / "dist").glob("ginrummies-*.whl")
    check_wheel(wheel, tmp_path)


def test_the_sdist_carries_the_themes_and_builds_a_wheel_that_does(tmp_path: Path) -> None:
    backend = tmp_path / "backend"
    pip("install", "-q", "--target", str(backend), "hatchling>=1.18")
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from hatchling.build import build_sdist; print(build_sdist(sys.argv[1]))",
            str(tmp_path / "sdist"),
        ],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(backend)},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    sdist = tmp_path / "sdist" / done.stdout.split()[-1]
    with tarfile.open(sdist) as tar:
        names = {name.split("/", 1)[1] for name in tar.getnames() if "/" in name}
    assert {f"themes/{name}" for name in FILES} <= names
    pip("wheel", "--no-deps", "-q", "-w", str(tmp_path / "dist"), str(sdist))
    (wheel,) = (tmp_path / "dist").glob("ginrummies-*.whl")
    check_wheel(wheel, tmp_path)
