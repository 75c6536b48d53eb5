"""Damaged files (issue 30, item 3): whatever a saved game, a settings file
or a replay file holds, the game says what is wrong in a sentence, keeps
the file aside byte for byte where it would otherwise be replaced, and goes
on; ``ginrummies replay`` shows a game only once it is over.

The property tests mutate valid files the way crashes, disks and curious
people do (cut short, bytes flipped, values of another type, nested, huge
numbers) and check every entry point: no exception but the documented one,
no traceback, the original kept, a message a person can read."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
import tempfile
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from apphelp import finish, step
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from ginrummies.ai import make_bot
from ginrummies.cli import main
from ginrummies.core import Format, preset
from ginrummies.play.keeper import Keeper
from ginrummies.play.saving import from_saved, record, save
from ginrummies.play.session import Seat, SeatKind, Session, default_seats
from ginrummies.store.saves import SAVE_NAME, SaveError, replay
from ginrummies.store.settings import (
    SETTINGS_NAME,
    Settings,
    load_settings,
    save_settings,
    to_toml,
)
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
    save(played(), path)
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert "the game in it is not over" in err and "replayed once it is" in err
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
    record(left, Stats(tmp_path / STATS_NAME), abandoned=True)
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


# --- the property tests: files mutated as crashes, disks and people do ----------------

NEST, HUGE = '"@@nest@@"', '"@@huge@@"'  # stand-ins, made text after json.dumps


def hostile_json_values() -> st.SearchStrategy[Any]:
    return st.one_of(
        st.none(),
        st.booleans(),
        st.integers(min_value=-(2**70), max_value=2**70),
        st.floats(allow_nan=True, allow_infinity=True),
        st.sampled_from(["", "x[/]", "[b]bold", "\x1b[2J", "alien", "godlike", "ᚠ" * 300]),
        st.text(max_size=30),
        st.lists(st.integers(), max_size=3),
        st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
        st.just(NEST),
        st.just(HUGE),
    )


@st.composite
def json_mutation(draw: st.DrawFn, text: str) -> bytes:
    """``text`` (JSON) with one value somewhere in it replaced, removed,
    nested or enlarged, or its bytes cut short, flipped or added to."""
    how = draw(st.sampled_from(["value", "remove", "bytes", "bytes", "value", "value"]))
    if how == "bytes":
        return draw(byte_mutation(text.encode()))
    data = json.loads(text)
    node: Any = data
    while True:  # a walk down to some value
        keys: list[Any] = (
            list(node) if isinstance(node, dict) else list(range(len(node)))
        )  # node is a dict or a list here
        if not keys:
            break
        key = draw(st.sampled_from(keys))
        child = node[key]
        if not isinstance(child, dict | list) or not child or draw(st.booleans()):
            if how == "remove":
                del node[key]
            else:
                node[key] = draw(hostile_json_values())
            break
        node = child
    out = json.dumps(data)
    depth = draw(st.sampled_from([2, 50, 1000, 100_000]))
    digits = draw(st.sampled_from([20, 4000, 5000]))
    out = out.replace(NEST, "[" * depth + "1" + "]" * depth)
    return out.replace(HUGE, "9" * digits).encode()


@st.composite
def byte_mutation(draw: st.DrawFn, data: bytes) -> bytes:
    how = draw(st.sampled_from(["cut", "flip", "insert", "delete"]))
    at = draw(st.integers(0, max(len(data) - 1, 0)))
    if how == "cut":
        return data[:at]
    if how == "flip":
        mask = draw(st.integers(1, 255))
        return data[:at] + bytes([data[at] ^ mask]) + data[at + 1 :]
    if how == "insert":
        return data[:at] + draw(st.binary(min_size=1, max_size=8)) + data[at:]
    return data[:at] + data[at + draw(st.integers(1, 64)) :]


TOML_VALUES = [
    "5",
    "-1",
    "true",
    '"x[/]"',
    '"\\u001b[2J"',
    '"godlike"',
    "[1, 2]",
    '["person", 5]',
    "{ a = 1 }",
    "1e999",
    "nan",
    "9" * 30,
    "9" * 5000,
    "[" * 2000 + "]" * 2000,
    "[]",
    '""',
    "1979-05-27",
]


@st.composite
def toml_mutation(draw: st.DrawFn, text: str) -> bytes:
    """``text`` (TOML) with a value of another type, a line gone, or bytes changed."""
    how = draw(st.sampled_from(["value", "value", "line", "bytes"]))
    if how == "bytes":
        return draw(byte_mutation(text.encode()))
    lines = text.splitlines()
    at = draw(st.sampled_from([i for i, line in enumerate(lines) if " = " in line]))
    if how == "line":
        del lines[at]
    else:
        key = lines[at].split(" = ", 1)[0]
        lines[at] = f"{key} = {draw(st.sampled_from(TOML_VALUES))}"
    return ("\n".join(lines) + "\n").encode()


SAVE_TEXT = played(12).to_json()
THREE_TEXT = Session(
    preset("gin"),
    (Seat("Ann"), Seat("Bob", SeatKind.COMPUTER, "hard"), Seat("Cy", SeatKind.COMPUTER, "easy")),
    4,
    format=Format.THREE,
).to_json()
REPLAY_TEXT = finished().to_json()
SETTINGS_TEXT = to_toml(
    Settings(
        theme="dark",
        speed="fast",
        house_rules={"gin": {"gin_bonus": 20, "knock_limit": 8}},
        seats={"two": (("person", "Ann"), ("hard", "Bob"))},
    )
)


def is_a_sentence(message: str) -> bool:
    """Words a person reads: no traceback, no exception's repr, not a wall of text."""
    return (
        "Traceback" not in message
        and not re.search(r"\b[A-Z]\w*(Error|Exception)\(", message)
        and len(message) < 1500
    )


def changed(text: str, **values: Any) -> bytes:
    return json.dumps({**json.loads(text), **values}).encode()


def seat_changed(text: str, **values: Any) -> bytes:
    data = json.loads(text)
    return changed(text, seats=[data["seats"][0], {**data["seats"][1], **values}])


# the files that once crashed every start, tried every time
KNOWN = [
    b"[" * 100_000,
    SAVE_TEXT.replace('"seed": 3', '"seed": ' + "9" * 5000).encode(),
    changed(SAVE_TEXT, rules="gin"),
    seat_changed(SAVE_TEXT, kind="alien"),
    seat_changed(SAVE_TEXT, level="godlike"),
    seat_changed(SAVE_TEXT, name=5),
]


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(content=st.one_of(json_mutation(SAVE_TEXT), json_mutation(THREE_TEXT)))
@example(content=KNOWN[0])
@example(content=KNOWN[1])
@example(content=KNOWN[2])
@example(content=KNOWN[3])
@example(content=KNOWN[4])
@example(content=KNOWN[5])
def test_a_damaged_save_is_refused_in_words_kept_aside_or_plays(content: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / SAVE_NAME
        path.write_bytes(content)
        heard: list[str] = []
        keeper = Keeper(Path(folder), lambda message, kind: heard.append(message))
        try:
            saved = keeper.saved()  # the app's and text play's way in
        except SaveError as exc:
            message = str(exc)
            (kept,) = Path(folder).glob("game.unreadable-*.json")
            assert kept.read_bytes() == content
            assert message.startswith("The saved game could not be read: ")
            assert f"A copy is kept as {kept};" in message
            assert is_a_sentence(message)
            assert not path.exists()
        else:  # a save that loads is one that can be played on
            assert saved is not None
            session = from_saved(saved)
            keeper.keep(session)
            keeper.close()
        assert heard == []


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(content=json_mutation(SAVE_TEXT))
@example(content=KNOWN[0])
@example(content=KNOWN[1])
@example(content=KNOWN[2])
@example(content=KNOWN[3])
def test_text_play_continues_or_explains_any_damaged_save(content: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / SAVE_NAME).write_bytes(content)
        out, err = io.StringIO(), io.StringIO()
        with (
            mock.patch("builtins.input", side_effect=EOFError),
            redirect_stdout(out),
            redirect_stderr(err),
        ):
            code = main(["text", "--continue", "--data-dir", folder])
        assert code in (0, 2)
        assert "Traceback" not in out.getvalue() + err.getvalue()
        kept = list(Path(folder).glob("game.unreadable-*.json"))
        if kept:
            assert kept[0].read_bytes() == content
            assert f"A copy is kept as {kept[0]};" in out.getvalue()


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(content=toml_mutation(SETTINGS_TEXT))
@example(content=SETTINGS_TEXT.encode().replace(b'"dark"', b'"dark\xff"'))
@example(content=SETTINGS_TEXT.replace('"dark"', "[" * 2000 + "]" * 2000).encode())
@example(content=SETTINGS_TEXT.replace('"dark"', "9" * 5000).encode())
def test_a_damaged_settings_file_is_kept_aside_or_its_values_reported(content: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / SETTINGS_NAME
        path.write_bytes(content)
        settings_read, problems = load_settings(path)
        assert all(is_a_sentence(p) for p in problems)
        kept = list(Path(folder).glob("settings.unreadable-*.toml"))
        if kept:
            assert kept[0].read_bytes() == content
            assert settings_read == Settings()
            assert len(problems) == 1 and f"It was kept as {kept[0]}" in problems[0]
        else:
            assert path.read_bytes() == content  # a bad value is replaced, the file kept
        # what was read can be saved, and reads back the same, with nothing wrong
        save_settings(path, settings_read)
        assert load_settings(path) == (settings_read, [])


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(content=json_mutation(REPLAY_TEXT))
@example(content=KNOWN[0])
@example(content=SAVE_TEXT.encode())  # a game in progress
@example(content=changed(REPLAY_TEXT, log=json.loads(REPLAY_TEXT)["log"][:1]))
@example(content=changed(REPLAY_TEXT, rules="gin"))
def test_a_damaged_replay_is_one_message_or_a_game_that_is_over(content: bytes) -> None:
    shown: list[Any] = []
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "replay.json"
        path.write_bytes(content)
        err = io.StringIO()
        with (
            mock.patch.object(GinApp, "run", lambda self: shown.append(self.replay)),
            redirect_stderr(err),
        ):
            code = main(["replay", str(path)])
    message = err.getvalue()
    if code == 0:
        (saved,) = shown
        assert replay(saved).is_over  # only a game that is over shows both hands
        assert message == ""
    else:
        assert code == 2 and shown == []
        assert message.startswith("ginrummies: ") and message.count("\n") == 1
        assert is_a_sentence(message)


# --- a device or a pipe in place of a file -------------------------------------------


def special_files(folder: Path, name: str) -> list[Path]:
    """``name`` in ``folder`` as a link to /dev/zero (endless) and as a pipe
    (a read waits for a writer that never comes): one folder each."""
    made = []
    zero = folder / "zero"
    zero.mkdir(parents=True)
    (zero / name).symlink_to("/dev/zero")
    made.append(zero / name)
    pipe = folder / "pipe"
    pipe.mkdir(parents=True)
    os.mkfifo(pipe / name)
    made.append(pipe / name)
    return made


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no pipes on this system")
def test_a_device_or_a_pipe_in_place_of_the_save_is_refused_at_once(tmp_path: Path) -> None:
    """/dev/zero as game.json filled the memory; a pipe waited for ever."""
    for path in special_files(tmp_path, SAVE_NAME):
        out = subprocess.run(
            [sys.executable, "-m", "ginrummies", "text", "--continue", "--data-dir", path.parent],
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert "Traceback" not in out.stderr + out.stdout
        assert "it is not a file" in out.stdout, out.stdout
        assert not path.exists() and not path.is_symlink()  # kept aside, not read
        assert list(path.parent.glob("game.unreadable-*.json"))


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no pipes on this system")
def test_a_device_or_a_pipe_in_place_of_settings_or_a_replay_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for path in special_files(tmp_path, "settings.toml"):
        settings, problems = load_settings(path)
        assert settings == Settings()
        assert problems and "it is not a file" in problems[0]
    for path in special_files(tmp_path / "replays", "game.json"):
        assert main(["replay", str(path)]) == 2
        assert "it is not a file" in capsys.readouterr().err
