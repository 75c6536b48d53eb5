"""Damaged files (issue 30, item 3): whatever a saved game, a settings file
or a replay file holds, the game says what is wrong in a sentence, keeps
the file aside byte for byte where it would otherwise be replaced, and goes
on; ``ginrummies replay`` shows a game only once it is over.

The property tests mutate valid files the way crashes, disks and curious
people do (cut short, bytes flipped, values of another type, nested, huge
numbers) and check every entry point: no exception but the documented one,
no traceback, the original kept, a message a person can read."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from apphelp import finish, step

from ginrummies.ai import make_bot
from ginrummies.cli import main
from ginrummies.core import preset
from ginrummies.play.session import Seat, SeatKind, Session, default_seats
from ginrummies.store.saves import SAVE_NAME
from ginrummies.store.stats import STATS_NAME, Stats
from ginrummies.tui.app import GinApp


def played(moves: int = 12, variant: str = "gin") -> Session:
    rules = preset(variant)
    session = Session(rules, default_seats(), 3)
    bot = make_bot("easy", rules, 1)
    for _ in range(moves):
        step(session, bot)
    return session


def finished() -> Session:
    rules = preset("gin").but(target=40)
    seats = (Seat("Ann"), Seat("Bob", SeatKind.COMPUTER, "easy"))
    return finish(None, Session(rules, seats, 12), 12)


@pytest.fixture
def no_app(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """The app's run, replaced: what it would have shown, if it was run at all."""
    shown: list[object] = []

    def run(self: GinApp, *args: Any, **kwargs: Any) -> None:
        shown.append(self.replay)

    monkeypatch.setattr(GinApp, "run", run)
    return shown


# --- ginrummies replay ------------------------------------------------------------


def test_replay_refuses_a_game_in_progress(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_app: list[object]
) -> None:
    """The saved game.json of a game in play once stepped to the computer's live hand."""
    path = tmp_path / SAVE_NAME
    played().save(path)
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert "this game is still in progress" in err and "when it is over" in err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert no_app == []


def test_replay_shows_a_finished_game_and_an_abandoned_one(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    no_app: list[object],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("GINRUMMIES_DATA_DIR", str(tmp_path))
    done = tmp_path / "done.json"
    done.write_text(finished().to_json())
    assert main(["replay", str(done)]) == 0
    left = played()
    left.record(Stats(tmp_path / STATS_NAME), abandoned=True)
    path = tmp_path / "left.json"
    path.write_text(left.to_json())
    assert main(["replay", str(path)]) == 0
    assert len(no_app) == 2
    assert capsys.readouterr().err == ""


def damaged_replays(tmp_path: Path) -> dict[str, Path]:
    base = json.loads(finished().to_json())
    files = {
        "folder": b"",
        "not-utf8": b'{"app": "ginrummies\xff"}',
        "nested": b"[" * 100_000,
        "huge-seed": json.dumps({**base, "seed": 0})
        .replace('"seed": 0', '"seed": ' + "9" * 5000)
        .encode(),
        "alien": json.dumps(
            {**base, "seats": [base["seats"][0], {**base["seats"][1], "kind": "alien"}]}
        ).encode(),
        "rules-text": json.dumps({**base, "rules": "gin"}).encode(),
        "cut-short": json.dumps(base).encode()[:300],
        "empty": b"",
    }
    out = {}
    for name, content in files.items():
        path = tmp_path / f"{name}.json"
        if name == "folder":
            path.mkdir()
        else:
            path.write_bytes(content)
        out[name] = path
    out["missing"] = tmp_path / "missing.json"
    return out


def test_replay_refuses_every_damaged_file_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_app: list[object]
) -> None:
    for name, path in damaged_replays(tmp_path).items():
        assert main(["replay", str(path)]) == 2, name
        err = capsys.readouterr().err
        assert err.startswith("ginrummies: ") and err.count("\n") == 1, (name, err)
        assert "Traceback" not in err and "Error(" not in err, (name, err)
        assert len(err) < 600, name
    assert no_app == []


def test_a_file_name_with_escape_sequences_is_shown_as_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_app: list[object]
) -> None:
    assert main(["replay", str(tmp_path / "a\x1b[2Jb.json")]) == 2
    assert "\x1b" not in capsys.readouterr().err
