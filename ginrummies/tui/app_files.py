"""The app's files: a replay written to the data folder, a screenshot
saved (or downloaded in a browser), each said in plain words."""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING

from textual import events

from ..store.files import data_dir, write_atomic
from .gameapp import GameApp

# the session, the table's screen and the network are imported where a
# game or a table is shown, not with the app (benchmarks/startup.py)
if TYPE_CHECKING:
    pass


class FilesApp(GameApp):
    """What the app writes for the person: replays and screenshots."""

    def export_replay(self, text: str, variant: str, seed: int) -> Path | None:
        """Write a replay file into the data folder's replays/; None if it failed."""
        if self.data_dir is None:
            self.notify("There is no data folder to write the replay to.", severity="error")
            return None
        stamp = time.strftime("%Y-%m-%d-%H%M%S")
        plain = "-".join("".join(c if c.isalnum() else " " for c in variant.lower()).split())
        name = f"{stamp}-{plain}-{seed}.json"
        path = self.data_dir / "replays" / name
        try:
            write_atomic(path, text)
        except OSError as exc:
            self.notify(f"The replay could not be written: {exc}", severity="error", timeout=15)
            return None
        if self.is_web:  # in a browser: to the person's own downloads as well
            self.deliver_text(path, save_filename=name, mime_type="application/json")
            where = f"Downloaded, and saved on the server as {path}"
        else:
            where = f"Saved as {path}"
        self.notify(f"{where}\nginrummies replay {path} plays it back.", title="Replay")
        return path

    # --- screenshots -------------------------------------------------------------

    def deliver_screenshot(
        self, filename: str | None = None, path: str | None = None, time_format: str | None = None
    ) -> str | None:
        """The palette's Screenshot: an SVG of the screen, saved in the data
        folder's screenshots/ (``path``: in that folder instead), and the
        file it was saved as said; or why it could not be, and where it was
        tried. Textual's went to a Downloads folder that may not be there
        and said only "Failed to save screenshot". In a browser, Textual's
        own: the picture is downloaded."""
        if self.is_web:
            return super().deliver_screenshot(filename, path, time_format)
        svg = self.export_screenshot()
        tried: Path | None = None
        try:
            folder = Path(path) if path is not None else self.screenshots_folder()
            tried = folder / (filename or free_name(folder, "ginrummies", ".svg"))
            write_atomic(tried, svg)
        except OSError as exc:
            where = f" as {tried}" if tried is not None else ""
            self.notify(
                f"The screenshot could not be saved{where}: {exc.strerror or exc}",
                title="Screenshot",
                severity="error",
                timeout=15,
            )
            return None
        self.notify(f"Saved as {tried}", title="Screenshot", timeout=10)
        return None

    def screenshots_folder(self) -> Path:
        """The data folder's screenshots/: the app's, else the one the
        command line would use ($GINRUMMIES_DATA_DIR or the user's data
        folder, made if need be: OSError if it cannot be)."""
        return (self.data_dir if self.data_dir is not None else data_dir()) / "screenshots"

    def on_delivery_complete(self, event: events.DeliveryComplete) -> None:
        """A screenshot downloaded in a browser, said in plain words
        (Textual's notice is markup, and notifications here are plain text)."""
        if event.name == "screenshot":
            event.prevent_default()
            self.notify("The screenshot was downloaded.", title="Screenshot")

    def on_delivery_failed(self, event: events.DeliveryFailed) -> None:
        """A screenshot that could not be downloaded, and why."""
        if event.name == "screenshot":
            event.prevent_default()
            self.notify(
                f"The screenshot could not be downloaded: {event.exception}",
                title="Screenshot",
                severity="error",
                timeout=15,
            )


def free_name(folder: Path, stem: str, suffix: str) -> str:
    """A file name in ``folder`` not yet taken: ``stem``, the date and time,
    a number if two are made in the same second, and ``suffix``."""
    stamp = f"{stem}-{time.strftime('%Y-%m-%d-%H%M%S')}"
    n = 1
    name = f"{stamp}{suffix}"
    while (folder / name).exists():
        n += 1
        name = f"{stamp}-{n}{suffix}"
    return name
