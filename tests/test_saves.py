"""Saves: written after every move, atomically; loading replays and checks them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from apphelp import SIZE, VARIANTS, key_for_turn, settle, step
from procs import Proc

from ginrummies.ai import make_bot
from ginrummies.core import Format, preset
from ginrummies.play.saving import from_saved, resume, save, seats_from
from ginrummies.play.session import Session, default_seats, format_seats
from ginrummies.store import Settings
from ginrummies.store.files import data_dir, write_atomic
from ginrummies.store.saves import FORMAT, SAVE_NAME, SaveError, load, parse
from ginrummies.tui.app import GinApp
from ginrummies.tui.screens.table import TableScreen


def played(variant: str, moves: int, seed: int = 3) -> Session:
    """A session a few moves in, both seats played by their bots' choices."""
    rules = preset(variant)
    session = Session(rules, default_seats(), seed)
    bot = make_bot("easy", rules, 1)
    for _ in range(moves):
        step(session, bot)
    return session


def save_of(session: Session, path: Path) -> None:
    save(session, path)


@pytest.mark.parametrize("variant", VARIANTS)
def test_save_and_continue_round_trip(variant: str, tmp_path: Path) -> None:
    session = played(variant, 70)
    path = tmp_path / SAVE_NAME
    save_of(session, path)
    saved = load(path)
    assert saved is not None
    again = resume(saved.rules, seats_from(saved.seats), saved.seed, saved.log)
    assert again.hand.state_key() == session.hand.state_key()
    assert again.game.scores == session.game.scores
    assert again.log == session.log  # the moves in words too
    assert saved.game_id == session.game_id  # the statistics see one game, not two
    assert json.loads(path.read_text())["format"] == FORMAT


def damage(path: Path, how: str) -> None:
    text = path.read_text()
    data = json.loads(text)
    if how == "corrupt":
        path.write_bytes(b"\x00\xff garbage \x13")
    elif how == "truncated":
        path.write_text(text[: len(text) // 2])
    elif how == "tampered":  # a move that does not replay
        data["log"][0][3] = {"type": "discard", "card": "Ks"}
        data["log"][0][4] = {"type": "knock", "discard": "Ks", "melds": []}
        path.write_text(json.dumps(data))
    elif how == "future":
        data["format"] = FORMAT + 1
        path.write_text(json.dumps(data))
    elif how == "not-a-save":
        path.write_text(json.dumps({"hello": "world"}))


@pytest.mark.parametrize(
    ("how", "says"),
    [
        ("corrupt", "not readable"),
        ("truncated", "damaged or cut short"),
        ("tampered", "has been changed"),
        ("future", "newer ginrummies"),
        ("not-a-save", "not a ginrummies save"),
    ],
)
def test_a_bad_save_is_explained_and_kept_aside(how: str, says: str, tmp_path: Path) -> None:
    path = tmp_path / SAVE_NAME
    save_of(played("gin", 12), path)
    damage(path, how)
    before = path.read_bytes()
    with pytest.raises(SaveError) as err:
        load(path)
    assert says in str(err.value)
    assert not path.exists()
    kept = list(tmp_path.glob("game.unreadable-*.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == before  # never deleted
    assert kept[0].name in str(err.value)
    save_of(played("gin", 4), path)  # and the next save goes on as normal
    assert load(path) is not None


@pytest.mark.parametrize(
    ("how", "first"),
    [
        ("corrupt", "the file is damaged"),
        ("truncated", "the file is damaged"),
        ("tampered", "its moves do not follow the rules"),
        ("future", "it was saved by a newer version of ginrummies"),
    ],
)
def test_a_bad_save_is_explained_in_plain_words_first(how: str, first: str, tmp_path: Path) -> None:
    """What happened and what happens now, in a sentence a player reads;
    the technical detail after it."""
    path = tmp_path / SAVE_NAME
    save_of(played("gin", 12), path)
    damage(path, how)
    with pytest.raises(SaveError) as err:
        load(path)
    message = str(err.value)
    assert message.startswith(f"The saved game could not be read: {first}")
    (kept,) = tmp_path.glob("game.unreadable-*.json")
    assert f"A copy is kept as {kept};" in message  # where, in full
    assert "the next game you start is saved in its place" in message
    assert message.index("the next game you start") < message.index("(Details: ")
    assert "Details: the save" in message  # the detail for whoever digs deeper
    assert err.value.plain == message.split(": ", 1)[1].split(". A copy")[0]


async def test_the_app_reports_a_bad_save_and_goes_on_to_the_menu(tmp_path: Path) -> None:
    path = tmp_path / SAVE_NAME
    save_of(played("gin", 12), path)
    damage(path, "tampered")

    app = GinApp(Settings(speed="instant"), data_dir=tmp_path, resume=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.session is None
        from ginrummies.tui.screens.menu import MenuScreen

        assert isinstance(app.screen, MenuScreen)
        messages = [n.message for n in app._notifications]
        assert any("has been changed" in m for m in messages)
        assert any(m.startswith("The saved game could not be read: ") for m in messages)
    assert list(tmp_path.glob("game.unreadable-*.json"))


def test_write_atomic_leaves_the_old_file_when_writing_fails(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    write_atomic(path, "old")

    with pytest.raises(TypeError):
        write_atomic(path, 12345)  # type: ignore[arg-type]
    assert path.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["x.json"]  # no temporary left


def test_data_dir_from_flag_then_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GINRUMMIES_DATA_DIR", str(tmp_path / "env"))
    assert data_dir() == tmp_path / "env"
    assert data_dir(tmp_path / "flag") == tmp_path / "flag"
    assert (tmp_path / "flag").is_dir()


@pytest.mark.slow
async def test_quit_mid_hand_and_continue_exactly_there(tmp_path: Path) -> None:
    state: dict[str, object] = {}

    async def first() -> None:
        app = GinApp(
            Settings(speed="instant"),
            session=Session(preset("oklahoma"), default_seats(), 9),
            data_dir=tmp_path,
        )
        async with app.run_test(size=SIZE) as pilot:
            for _ in range(6):
                await settle(pilot)
                for key in key_for_turn(app):
                    await pilot.press(key)
            await settle(pilot)
            assert app.session is not None
            state["key"] = app.session.hand.state_key()
            state["log"] = list(app.session.log)

    async def second() -> None:
        app = GinApp(Settings(speed="instant"), data_dir=tmp_path, resume=True)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, TableScreen)
            assert app.session is not None
            assert app.session.hand.state_key() == state["key"]
            assert app.session.log == state["log"]

    await first()
    await second()


KILLED_GAME = textwrap.dedent(
    """
    import asyncio, sys
    sys.path[:0] = {paths!r}
    from apphelp import key_for_turn, settle
    from ginrummies.core import preset
    from ginrummies.store import Settings
    from ginrummies.tui.app import GinApp
    from ginrummies.play.session import Session, default_seats

    async def main():
        session = Session(preset("gin"), default_seats(), 31)
        app = GinApp(Settings(speed="instant"), session=session, data_dir={folder!r})
        async with app.run_test(size=(120, 36)) as pilot:
            while True:
                await settle(pilot)
                if session.hand.is_over:
                    await pilot.press("enter")
                    continue
                for key in key_for_turn(app):
                    await pilot.press(key)
                print(sum(len(h) for h in session.game.log), flush=True)

    asyncio.run(main())
    """
)


@pytest.mark.slow
def test_a_game_killed_hard_loses_no_move(tmp_path: Path) -> None:
    here = Path(__file__).resolve().parent
    script = KILLED_GAME.format(paths=[str(here), str(here.parent)], folder=str(tmp_path))
    game = Proc([sys.executable, "-c", script], tmp_path / "game.out", os.environ.copy())

    def moves_said(text: str) -> int:
        """The moves the game says it has made (a line each time)."""
        counts = [int(word) for word in text.split() if word.isdigit()]
        return counts[-1] if counts else 0

    try:
        said = game.wait_for(lambda text: moves_said(text) >= 25, "the game's 25th move")
    finally:
        game.stop()  # killed, as hard as can be
    seen = moves_said(said)
    assert seen >= 25, "the game did not get going"
    saved = load(tmp_path / SAVE_NAME)
    assert saved is not None  # never half a file
    assert sum(len(h) for h in saved.log) >= seen  # every move reported made is saved


WRITER = textwrap.dedent(
    """
    import sys
    sys.path[:0] = {paths!r}
    from pathlib import Path
    from test_saves import played, save_of
    session = played({variant!r}, 30)
    for _ in range(150):
        save_of(session, Path({path!r}))
    """
)


@pytest.mark.slow
def test_two_instances_saving_at_once_never_corrupt_the_save(tmp_path: Path) -> None:
    here = Path(__file__).resolve().parent
    path = tmp_path / SAVE_NAME
    save_of(played("gin", 5), path)
    writers = [
        subprocess.Popen(
            [
                sys.executable,
                "-c",
                WRITER.format(paths=[str(here), str(here.parent)], variant=v, path=str(path)),
            ]
        )
        for v in ("gin", "colonel")
    ]
    reads = 0
    while any(w.poll() is None for w in writers):
        saved = load(path)  # raises (and moves it aside) on a broken file
        assert saved is not None
        reads += 1
    assert all(w.returncode == 0 for w in writers)
    assert reads > 0 and not list(tmp_path.glob("*.unreadable-*"))
    assert not list(tmp_path.glob(".game.json.*"))  # no temporary files left


@pytest.mark.slow
async def test_a_second_app_on_the_same_folder_leaves_the_first_ones_save_alone(
    tmp_path: Path,
) -> None:
    from ginrummies.store.files import LOCK_NAME, FolderLock

    first = played("gin", 9)
    save_of(first, tmp_path / SAVE_NAME)
    before = (tmp_path / SAVE_NAME).read_bytes()
    held = FolderLock(tmp_path / LOCK_NAME)
    assert held.acquire()  # the first app, still running

    async def second() -> None:
        app = GinApp(
            Settings(speed="instant"),
            session=Session(preset("gin"), default_seats(), 77),
            data_dir=tmp_path,
        )
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            for key in key_for_turn(app):
                await pilot.press(key)
            await settle(pilot)
            messages = [n.message for n in app._notifications]
            assert any(
                "Another ginrummies (in another terminal or browser tab) is open" in m
                for m in messages
            )
            assert app.screen.sub_title.endswith(" · not saved")  # said all along

    await second()
    assert (tmp_path / SAVE_NAME).read_bytes() == before  # the first game is kept
    held.release()

    async def alone() -> None:  # with the first app gone, saving works again
        app = GinApp(Settings(speed="instant"), data_dir=tmp_path, resume=True)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            assert "not saved" not in app.screen.sub_title
            assert app.saving and app.session is not None
            assert app.session.game.log == first.game.log

    await alone()


# --- hostile saves (issue 30, item 3) ------------------------------------------


def hostile(how: str, base: dict[str, object]) -> str:
    """A save that once crashed every start, or loaded and then failed."""
    seats = base["seats"]
    assert isinstance(seats, list)

    def seat(**change: object) -> list[object]:
        return [seats[0], {**seats[1], **change}]

    changes: dict[str, dict[str, object]] = {
        "rules-text": {"rules": "gin"},
        "rules-huge-number": {"rules": {**base["rules"], "gin_bonus": 10**4000}},  # type: ignore[dict-item]
        "rules-name-number": {"rules": {**base["rules"], "name": 5}},  # type: ignore[dict-item]
        "alien": {"seats": seat(kind="alien")},
        "godlike": {"seats": seat(kind="computer", level="godlike")},
        "name-number": {"seats": seat(name=5)},
        "name-huge": {"seats": seat(name="x" * 100_000)},
        "seat-list": {"seats": [seats[0], ["Bob", "computer"]]},
        "seed-negative": {"seed": -1},
        "seed-too-big": {"seed": 2**63},
        "seed-true": {"seed": True},
        "target-huge": {"target": 10**30},
        "target-zero": {"target": 0},
        "first-nine": {"first": 9},
        "play-list": {"play": ["two"]},
        "log-text": {"log": "abc"},
        "log-number-hands": {"log": [1, 2]},
        "id-list": {"id": [1]},
        "format-zero": {"format": 0},
    }
    if how == "nested":
        return "[" * 100_000
    if how == "seed-5000-digits":
        return json.dumps({**base, "seed": 0}).replace('"seed": 0', '"seed": ' + "7" * 5000)
    if how == "seed-4000-digits":
        return json.dumps({**base, "seed": 0}).replace('"seed": 0', '"seed": ' + "7" * 4000)
    return json.dumps({**base, **changes[how]})


HOSTILE = [
    "nested",
    "seed-5000-digits",
    "seed-4000-digits",
    "rules-text",
    "rules-huge-number",
    "rules-name-number",
    "alien",
    "godlike",
    "name-number",
    "name-huge",
    "seat-list",
    "seed-negative",
    "seed-too-big",
    "seed-true",
    "target-huge",
    "target-zero",
    "first-nine",
    "play-list",
    "log-text",
    "log-number-hands",
    "id-list",
    "format-zero",
]


@pytest.mark.parametrize("how", HOSTILE)
def test_a_hostile_save_is_refused_in_words_and_kept_aside_byte_for_byte(
    how: str, tmp_path: Path
) -> None:
    path = tmp_path / SAVE_NAME
    path.write_text(hostile(how, json.loads(played("gin", 12).to_json())))
    before = path.read_bytes()
    with pytest.raises(SaveError) as err:
        load(path)
    message = str(err.value)
    assert message.startswith("The saved game could not be read: ")
    (kept,) = tmp_path.glob("game.unreadable-*.json")
    assert kept.read_bytes() == before
    assert f"A copy is kept as {kept};" in message
    assert "Traceback" not in message and "Error(" not in message and len(message) < 1000
    assert not path.exists()


def test_every_seat_kind_and_level_a_save_accepts_can_be_played(tmp_path: Path) -> None:
    """The save's checks and the play layer agree: a save that loads builds its session."""
    from ginrummies.ai import LEVELS
    from ginrummies.play.session import SeatKind
    from ginrummies.store.saves import SEAT_KINDS

    assert set(SEAT_KINDS) == {kind.value for kind in SeatKind}
    base = json.loads(played("gin", 12).to_json())
    for kind in SEAT_KINDS:
        for level in LEVELS:
            path = tmp_path / f"{kind}-{level}.json"
            path.write_text(
                json.dumps(
                    {
                        **base,
                        "seats": [base["seats"][0], {"name": "B", "kind": kind, "level": level}],
                    }
                )
            )
            saved = load(path)
            assert saved is not None
            from_saved(saved)


@pytest.mark.parametrize("how", ["alien", "rules-text", "nested", "seed-5000-digits"])
def test_text_play_continue_explains_a_hostile_save_and_goes_on(
    how: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from ginrummies.cli import main

    path = tmp_path / SAVE_NAME
    path.write_text(hostile(how, json.loads(played("gin", 12).to_json())))
    before = path.read_bytes()
    assert main(["text", "--continue", "--data-dir", str(tmp_path)]) == 2
    out, err = capsys.readouterr()
    assert "The saved game could not be read" in out
    assert "there is no saved game to continue" in err
    (kept,) = tmp_path.glob("game.unreadable-*.json")
    assert kept.read_bytes() == before
    assert "Traceback" not in out + err


@pytest.mark.parametrize("how", ["alien", "rules-text", "seed-5000-digits"])
async def test_the_app_explains_a_hostile_save_and_goes_on_to_the_menu(
    how: str, tmp_path: Path
) -> None:
    path = tmp_path / SAVE_NAME
    path.write_text(hostile(how, json.loads(played("gin", 12).to_json())))

    app = GinApp(Settings(speed="instant"), data_dir=tmp_path, resume=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        from ginrummies.tui.screens.menu import MenuScreen

        assert isinstance(app.screen, MenuScreen)
        assert app.session is None
        messages = [n.message for n in app._notifications]
        assert any(m.startswith("The saved game could not be read: ") for m in messages)
    assert list(tmp_path.glob("game.unreadable-*.json"))
    assert not path.exists()


def test_a_chosen_target_is_kept_and_a_rules_target_is_not() -> None:
    rules = preset("gin")
    two = Session(rules, default_seats(), 3)
    assert two.game.given_target is None
    three = Session(rules, format_seats(Format.THREE, 1), 3, format=Format.THREE, target=77)
    for session, kept in ((two, None), (three, 77)):
        text = session.to_json()
        assert json.loads(text)["target"] == kept
        assert from_saved(parse(text)).game.target == session.game.target
