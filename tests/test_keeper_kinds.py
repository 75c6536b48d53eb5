"""The keeper's problems come as ``Trouble`` members, and the app has a
title and colour for each of them (issue 31 item 4: names become types)."""

from __future__ import annotations

from pathlib import Path

from ginrummies.play.keeper import Keeper, Trouble
from ginrummies.tui.app import WARNINGS


def test_the_app_shows_every_kind_of_trouble() -> None:
    assert set(WARNINGS) == set(Trouble)


def test_a_folder_that_cannot_be_a_folder_is_said_as_folder_trouble(tmp_path: Path) -> None:
    folder = tmp_path / "not a folder"
    folder.write_text("a file where the data folder should be", encoding="utf-8")
    heard: list[tuple[str, Trouble]] = []
    keeper = Keeper(folder, lambda message, kind: heard.append((message, kind)))
    keeper.open()
    try:
        assert not keeper.saving
        assert [kind for _, kind in heard] == [Trouble.FOLDER]
    finally:
        keeper.close()


def test_a_second_copy_is_said_as_busy(tmp_path: Path) -> None:
    first = Keeper(tmp_path, lambda message, kind: None)
    first.open()
    heard: list[Trouble] = []
    second = Keeper(tmp_path, lambda message, kind: heard.append(kind))
    try:
        second.open()
        assert heard == [Trouble.BUSY]
    finally:
        second.close()
        first.close()
