"""``ginrummies sim``: its flags, its figures and its refusals."""

from __future__ import annotations

import json
from typing import Any

import pytest

from ginrummies.cli import main
from ginrummies.cli.sim import build_parser


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    assert main(["sim", *argv, "--json"]) == 0
    report: dict[str, Any] = json.loads(capsys.readouterr().out)
    return report


def test_help_explains_every_flag(capsys: pytest.CaptureFixture[str]) -> None:
    parser = build_parser()
    with pytest.raises(SystemExit) as exit_:
        main(["sim", "--help"])
    assert exit_.value.code == 0
    text = capsys.readouterr().out
    for action in parser._actions:
        assert action.help, f"{action.dest} has no help"
        for flag in action.option_strings:
            assert flag in text
    assert "200 games" in text  # what --games 100 means when mirrored


def test_a_mirrored_match_of_hands(capsys: pytest.CaptureFixture[str]) -> None:
    report = run(capsys, "normal", "random", "--hands", "3", "--seed", "5", "--quiet")
    assert report["played"] == 6 and report["mirrored"] and report["unit"] == "hands"
    normal, rnd = report["bots"]
    assert (normal["bot"], rnd["bot"]) == ("normal", "random")
    assert normal["hands"] == rnd["hands"] <= 6
    assert normal["hands_won"] + rnd["hands_won"] == normal["hands"]
    assert normal["hands_won"] > rnd["hands_won"]
    lo, hi = normal["hands_won_ci95"]
    assert 0 <= lo <= normal["hands_won"] / normal["hands"] <= hi <= 1
    assert normal["decisions"] > 0 and normal["p95_decision_ms"] >= 0


def test_the_same_seed_gives_the_same_match(capsys: pytest.CaptureFixture[str]) -> None:
    def played(seed: str) -> list[dict[str, Any]]:
        bots = run(capsys, "easy", "normal", "--hands", "2", "--seed", seed)["bots"]
        return [{k: v for k, v in b.items() if "ms" not in k} for b in bots]

    assert played("3") == played("3")


def test_whole_games_unmirrored(capsys: pytest.CaptureFixture[str]) -> None:
    report = run(capsys, "normal", "random", "--games", "1", "--no-mirror", "--rules", "oklahoma")
    normal, rnd = report["bots"]
    assert report["played"] == 1 and not report["mirrored"]
    assert normal["games"] == rnd["games"] == 1
    assert normal["games_won"] + rnd["games_won"] == 1
    assert normal["hands"] >= 1


def test_the_table_names_both_bots(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "easy", "random", "--hands", "1", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "easy" in out and "random" in out and "pts/h" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["easy", "random", "--games", "0"], "must be above 0"),
        (["eaai-simple", "easy", "--rules", "skarney"], "eaai-simple"),
        (["easy", "easy", "--format", "three"], "needs 3 bots"),
        (["easy", "easy", "easy", "--format", "captains"], "Skarney rules, not Gin Rummy"),
        (["easy", "easy", "easy"], "needs 2 bots"),
    ],
)
def test_bad_requests_get_a_message(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert main(["sim", *argv]) == 2
    assert message in capsys.readouterr().err


def test_hard_samples_a_fixed_number_of_deals_so_a_match_repeats(
    capsys: pytest.CaptureFixture[str],
) -> None:
    def played() -> list[dict[str, Any]]:
        report = run(capsys, "hard", "camper", "--hands", "1", "--seed", "4", "--samples", "6")
        assert report["samples"] == 6
        return [{k: v for k, v in b.items() if "ms" not in k} for b in report["bots"]]

    first = played()
    assert first == played()
    assert first[1]["bot"] == "camper"


@pytest.mark.slow
def test_three_players_rotate_round_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    report = run(capsys, "normal", "easy", "easy", "--format", "three", "--games", "2", "--quiet")
    assert report["format"] == "three" and report["played"] == 6  # 2 deals, 3 rotations
    bots = report["bots"]
    assert [b["bot"] for b in bots] == ["normal", "easy (B)", "easy (C)"]
    assert all(b["games"] == 6 for b in bots)
    assert sum(b["games_won"] for b in bots) == 6  # one winner a game
    # each hand has two players: every hand is counted twice over the three
    assert sum(b["hands_won"] for b in bots) * 2 <= sum(b["hands"] for b in bots)


def test_teams_swap_sides_and_win_together(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["normal", "normal", "random", "random", "--format", "partnership"]
    report = run(capsys, *argv, "--games", "2", "--seed", "3", "--quiet")
    assert report["played"] == 4 and "side" in report["note"]
    a, b, c, d = report["bots"]
    assert a["games_won"] == b["games_won"] and c["games_won"] == d["games_won"]
    assert a["games_won"] + c["games_won"] == 4
    assert a["games_won"] > c["games_won"]  # normal is far stronger than random
