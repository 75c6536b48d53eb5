"""``ginrummies review FILE``: a finished game's decisions rated in plain
text; a game in progress or a damaged file is one message and status 2."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from apphelp import computer_seat, finish

from ginrummies.ai.review import VERSION
from ginrummies.cli import main
from ginrummies.core import preset
from ginrummies.play.coachwords import habit_title
from ginrummies.play.session import Seat, Session
from ginrummies.store.reviews import accuracy_by_variant, habits, reviewed_count
from ginrummies.store.stats import STATS_NAME, Stats


def game_file(tmp_path: Path, variant: str, *, over: bool = True) -> Path:
    # a normal computer: the review rates Ann, and hard would think for every move it makes
    session = Session(preset(variant).but(target=40), (Seat("Ann"), computer_seat("normal")), 5)
    if over:
        session = finish(None, session, 5)
    path = tmp_path / f"{variant}.json"
    path.write_text(session.to_json(), encoding="utf-8")
    return path


@pytest.mark.slow
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


@pytest.mark.slow
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
    assert "cannot be reviewed: the game in it is not over" in captured.err


def test_a_damaged_file_is_one_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"format": 2, "log": [[{"x": 1}]]}', encoding="utf-8")
    assert main(["review", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"ginrummies: {path} cannot be reviewed: ") and err.count("\n") == 1


# --- the coach ------------------------------------------------------------------------


@pytest.mark.slow
def test_the_coach_reviews_the_statistics_games_then_reports(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GINRUMMIES_DATA_DIR", str(tmp_path))
    shutil.copy(Path(__file__).parent / "data" / "release2" / STATS_NAME, tmp_path / STATS_NAME)
    stats = Stats(tmp_path / STATS_NAME)
    # the report alone: nothing reviewed, nothing reviewed by it
    assert main(["review", "--coach", "--no-review"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Coach. 0 of 2 finished games reviewed.")
    assert "No game reviewed yet." in out and "No costly move reviewed yet." in out
    # the newest game reviewed (Skarney), then the other
    assert main(["review", "--coach", "--limit", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Coach. 1 of 2 finished games reviewed.")
    assert reviewed_count(stats, VERSION) == (1, 2)
    assert "Skarney Gin: 1 game reviewed, accuracy" in out and "Gin Rummy:" not in out
    assert main(["review", "--coach"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Coach. 2 finished games, all reviewed.")
    (gin,) = accuracy_by_variant(stats, VERSION)["Gin Rummy"]
    assert (
        f"  Gin Rummy: 1 game reviewed, accuracy {gin.accuracy:.0f}%\n    {gin.accuracy:.0f}\n"
        in out
    )
    # every habit, its count and points, its example and its advice
    for line in habits(stats, VERSION):
        head = f"  {habit_title(line.habit)}: {line.times} time"
        assert head in out
        assert f"hand {line.example.hand + 1}, move {line.example.move + 1}" in " ".join(
            out.split()
        )
    assert all(len(row) <= 78 for row in out.splitlines())


def test_the_coach_without_statistics_and_with_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GINRUMMIES_DATA_DIR", str(tmp_path))
    assert main(["review", "--coach"]) == 0
    assert "no statistics yet" in capsys.readouterr().out
    with pytest.raises(SystemExit) as exited:
        main(["review", "--coach", str(tmp_path / "x.json")])
    assert exited.value.code == 2
    assert "give no file with it" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["review"])
    assert "give a replay file to review, or --coach" in capsys.readouterr().err


def test_options_of_the_coach_and_of_a_file_do_not_mix(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = game_file(tmp_path, "gin")
    for argv, said in (
        (["review", str(path), "--limit", "1"], "--limit and --no-review go with --coach"),
        (["review", str(path), "--no-review"], "--limit and --no-review go with --coach"),
        (["review", "--coach", "--all"], "--all and --everyone go with a file's review"),
    ):
        with pytest.raises(SystemExit) as exited:
            main(argv)
        assert exited.value.code == 2
        assert said in capsys.readouterr().err
