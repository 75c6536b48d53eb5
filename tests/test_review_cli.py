"""``ginrummies review FILE``: a finished game's decisions rated in plain
text; a game in progress or a damaged file is one message and status 2."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from apphelp import computer_seat, finish

from ginrummies.cli import main
from ginrummies.core import preset
from ginrummies.play.session import Seat, Session


def game_file(tmp_path: Path, variant: str, *, over: bool = True) -> Path:
    session = Session(preset(variant).but(target=40), (Seat("Ann"), computer_seat("hard")), 5)
    if over:
        session = finish(None, session, 5)
    path = tmp_path / f"{variant}.json"
    path.write_text(session.to_json(), encoding="utf-8")
    return path


@pytest.mark.parametrize("variant", ["gin", "skarney", "colonel"])
def test_a_finished_game_is_reviewed_hand_by_hand(
    tmp_path: Path, variant: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = game_file(tmp_path, variant)
    assert main(["review", str(path), "--all"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Review of a game of ")
    hands = re.findall(r"^(?:Hand|Round) (\d+): Ann v Computer$", out, re.M)
    assert hands and hands[0] == "1" and hands == [str(n) for n in range(1, len(hands) + 1)]
    # every decision of Ann's is told (--all), and none of the computer's
    moves = re.findall(r"^  Move \d+, (\w+): ", out, re.M)
    assert moves and set(moves) == {"Ann"}
    assert re.search(r"^  Ann: \d+ decisions, accuracy \d+%", out, re.M)
    for costly in re.finditer(r"(inaccuracy|mistake|blunder), [\d.]+ points expected lost", out):
        assert "Better: " in out[costly.end() :].split("\n  Move", 1)[0]
    assert all(len(line) <= 78 for line in out.splitlines())


def test_only_the_costly_decisions_without_all_and_the_computer_with_everyone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = game_file(tmp_path, "gin")
    assert main(["review", str(path)]) == 0
    out = capsys.readouterr().out
    assert ": the best move." not in out
    assert main(["review", str(path), "--everyone"]) == 0
    both = capsys.readouterr().out
    assert re.search(r"^  Computer: \d+ decisions", both, re.M)


def test_a_game_in_progress_is_not_reviewed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GINRUMMIES_DATA_DIR", str(tmp_path))
    path = game_file(tmp_path, "gin", over=False)
    assert main(["review", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "cannot be reviewed: this game is still in progress" in captured.err


def test_a_damaged_file_is_one_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"format": 2, "log": [[{"x": 1}]]}', encoding="utf-8")
    assert main(["review", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"ginrummies: {path} cannot be reviewed: ") and err.count("\n") == 1
