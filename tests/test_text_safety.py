"""Text play as a careless user meets it (issue 30, items 5 and 7): Ctrl+C
at any question, a folder held by another copy, a pasted page, and the
seed, told only once the game is over."""

from __future__ import annotations

import builtins
from collections.abc import Iterator
from pathlib import Path

import pytest
from apphelp import finish

from ginrummies.cli import main
from ginrummies.cli.textplay import parse_command
from ginrummies.core import preset
from ginrummies.play import Seat, SeatKind, Session
from ginrummies.store.files import LOCK_NAME, FolderLock


def answers(monkeypatch: pytest.MonkeyPatch, *said: str | type[BaseException]) -> None:
    """``input()`` answers these in turn (an exception class is raised)."""
    left: Iterator[str | type[BaseException]] = iter(said)

    def fake(prompt: str = "") -> str:
        print(prompt, end="")
        answer = next(left, EOFError)
        if isinstance(answer, type):
            raise answer
        return answer

    monkeypatch.setattr(builtins, "input", fake)


def saved_game(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    answers(monkeypatch, "d", EOFError)
    assert main(["text", "--data-dir", str(folder), "--seed", "3"]) == 0
    assert (folder / "game.json").exists()


def test_ctrl_c_at_continue_it_is_a_goodbye_not_a_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    saved_game(tmp_path, monkeypatch)
    before = (tmp_path / "game.json").read_bytes()
    answers(monkeypatch, KeyboardInterrupt)
    assert main(["text", "--data-dir", str(tmp_path)]) == 0
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err
    assert "the saved game waits" in out.out
    assert (tmp_path / "game.json").read_bytes() == before


def test_ctrl_c_during_a_move_keeps_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    answers(monkeypatch, "d", KeyboardInterrupt)
    assert main(["text", "--data-dir", str(tmp_path), "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "Goodbye. The game is saved" in out
    assert (tmp_path / "game.json").exists()


def test_continue_in_a_folder_held_by_another_copy_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    saved_game(tmp_path, monkeypatch)
    capsys.readouterr()
    other = FolderLock(tmp_path / LOCK_NAME)
    assert other.acquire()
    try:
        answers(monkeypatch)
        assert main(["text", "--data-dir", str(tmp_path), "--continue"]) == 2
    finally:
        other.release()
    said = capsys.readouterr()
    assert "there is no saved game" not in said.err
    assert "another ginrummies holds the data folder" in said.err
    assert "not saved to continue" not in said.out  # that is for a new game, said once


def test_a_pasted_page_is_not_said_back(capsys: pytest.CaptureFixture[str]) -> None:
    session = Session(preset("gin"), (Seat("You"), Seat("C", SeatKind.COMPUTER)), 3)
    view = session.view()
    for text in ("z" * 1_000_000, "x " + "7h" * 500_000):
        with pytest.raises(ValueError) as refused:
            parse_command(text, session, view)
        assert len(str(refused.value)) < 200
    with pytest.raises(ValueError, match=r"unknown command 'q{19}…'"):
        parse_command("q" * 50, session, view)


def test_the_seed_is_told_once_the_game_is_over_and_not_before() -> None:
    session = Session(preset("gin").but(target=40), (Seat("A"), Seat("B")), 424242)
    assert not any("424242" in line for line in session.log)
    finish(None, session)
    assert session.game.is_over
    told = [line for line in session.log if "424242" in line]
    assert told == [session.log[-1]] or len(told) == 1
    assert "--seed 424242" in told[0]


@pytest.mark.slow
@pytest.mark.parametrize("closed", [0, 1])
def test_no_input_or_no_output_at_all_is_no_traceback(closed: int, tmp_path: Path) -> None:
    """``ginrummies text <&-`` and ``>&-``: input() found no stdin or stdout."""
    import os
    import subprocess
    import sys

    out = subprocess.run(
        [sys.executable, "-m", "ginrummies", "text", "--data-dir", str(tmp_path)],
        input=None if closed == 0 else "q\n",
        stdout=subprocess.PIPE if closed == 0 else None,
        stderr=subprocess.PIPE,
        text=True,
        timeout=60,
        preexec_fn=lambda: os.close(closed),  # the child starts without it
        check=False,
    )
    assert "Traceback" not in out.stderr, out.stderr
    assert out.returncode == 0


def test_continue_it_asks_again_until_the_answer_is_c_or_n(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Any answer but n went on with the saved game: 'zzz' is asked again."""
    saved_game(tmp_path, monkeypatch)
    capsys.readouterr()
    answers(monkeypatch, "zzz", "", "n", EOFError)
    assert main(["text", "--data-dir", str(tmp_path), "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert out.count("Continue it (c)") == 3
    assert "The saved game was left for this one" in out
