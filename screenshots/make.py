"""Draw the README's pictures (SVG) from the running app.

    python screenshots/make.py            # every scene
    python screenshots/make.py menu       # only these
    python screenshots/make.py browser    # browser.png, from ginrummies serve in Chromium

The scenes are the snapshot tests' (tests/scenes.py): the same seeds and
keys, so the pictures show what the tests check. browser.png is the browser
test's game (tests/browser.py), started by keyboard and played by key and mouse.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE.parent / "tests")]

from scenes import SCENES, scene, size_of  # noqa: E402


async def shoot(name: str) -> Path:
    app, before = scene(name)
    async with app.run_test(size=size_of(name)) as pilot:
        await before(pilot)
        await pilot.pause()
        title = f"ginrummies: {name.replace('-', ' ')}"
        path = HERE / f"{name}.svg"
        path.write_text(app.export_screenshot(title=title), encoding="utf-8")
    return path


def main(names: list[str]) -> None:
    for name in names or [*SCENES, "browser"]:
        if name == "browser":
            import browser

            if browser.chromium() is None:
                print("browser.png: skipped, no Chromium (apt-get install chromium)")
                continue
            browser.shoot(HERE / "browser.png")
            print("screenshots/browser.png")
            continue
        print(asyncio.run(shoot(name)).relative_to(HERE.parent))


if __name__ == "__main__":
    main(sys.argv[1:])
