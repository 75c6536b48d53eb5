"""The app's stylesheets (Textual CSS), installed as ``ginrummies.themes``.

``base.tcss`` lays the screens out; each other file is one colour theme,
scoped by a class on the app (``theme-felt``, ``theme-dark``, ...).
"""

from importlib.resources import files
from pathlib import Path

NAMES = ("felt", "dark", "light", "contrast")


def paths() -> list[Path]:
    """The stylesheets to load, base first."""
    here = files(__name__)
    return [Path(str(here.joinpath(f"{name}.tcss"))) for name in ("base", *NAMES)]
