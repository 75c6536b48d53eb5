"""The command line: the plain-text game (`ginrummies text`) and the app's
options, a game of any format started at once."""

from __future__ import annotations

import contextlib
import re
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar

import pytest

from ginrummies.ai import make_bot
from ginrummies.cli import main
from ginrummies.cli.textplay import Quit, play
from ginrummies.core import Action, Format, PlayerView, preset
from ginrummies.play import Seat, SeatKind, Session
from ginrummies.store import Settings
from ginrummies.store.settings import SETTINGS_NAME, save_settings


def run(args: list[str], stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ginrummies", "text", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_bad_input_gets_a_message_and_the_question_again() -> None:
    out = run(["--seed", "3"], "zz\n99\nx 2z\nh\n")
    assert out.returncode == 0, out.stderr
    assert "unknown command 'zz'" in out.stdout
    assert "choose 1 to" in out.stdout
    assert "not a card: '2z'" in out.stdout
    assert "Commands:" in out.stdout
    # the input ran out: a clean goodbye; the seed of a game in progress is
    # not told (it would deal the game again face up)
    assert "Goodbye. The game is saved" in out.stdout
    assert "seed 3" not in out.stdout


def test_commands_by_letter() -> None:
    out = run(["--seed", "3", "--rules", "oklahoma"], "p\nd\nx Kd\nq\n")
    assert out.returncode == 0, out.stderr
    assert "Oklahoma Gin." in out.stdout
    assert "You drew" in out.stdout


def test_unknown_rules_are_refused_by_argparse() -> None:
    out = run(["--rules", "canasta"], "")
    assert out.returncode == 2
    assert "invalid choice" in out.stderr


@pytest.mark.slow
@pytest.mark.parametrize("name", ["eaai", "skarney", "colonel"])
def test_a_whole_game_can_be_played_through_the_menu(name: str) -> None:
    said: list[str] = []

    def ask(prompt: str) -> str:
        start = max(i for i, line in enumerate(said) if "Your hand" in line) if said else 0
        menu = [m for m in said[start:] if re.match(r"\s+\d+\. ", m)]
        said.append(prompt)
        if not prompt.startswith(">"):
            return ""  # "press Enter for the next hand"
        numbers = {int(m.split(".")[0]): m for m in menu}
        for word in ("knock", "contract", "meld", "lay off"):
            wanted = [n for n, m in numbers.items() if word in m]
            if wanted:
                return str(min(wanted))
        throw = [n for n, m in numbers.items() if "discard" in m or "offer" in m]
        return str(max(throw)) if throw else "1"

    rules = preset(name)
    session = Session(rules, (Seat("You"), Seat("Computer", SeatKind.COMPUTER, "random")), 5)
    game = play(session, ask, said.append)
    assert game.is_over and game.result is not None
    assert any(re.search(r"(You win|Computer wins) the game", line) for line in said)
    assert any(line.startswith("Settlement:") for line in said)


class Spy:
    """A bot that plays like ``normal`` and notes the scores its views carry."""

    name = "spy"

    def __init__(self, session: Session) -> None:
        self.session = session
        self.bot = make_bot("normal", session.rules, 1)
        self.seen: list[tuple[tuple[int, int], tuple[int, int]]] = []

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        game = self.session.game
        self.seen.append((view.game.scores, (game.scores[0], game.scores[1])))
        return self.bot.choose(view, legal)


def test_text_play_gives_the_computer_the_same_view_as_the_app() -> None:
    """The computer sees the game's score in text play too (it plays for the target)."""
    rules = preset("gin")
    session = Session(rules, (Seat("You"), Seat("Computer", SeatKind.COMPUTER, "normal")), 8)
    spy = Spy(session)
    session.computers.bots[1] = spy
    said: list[str] = []

    def ask(prompt: str) -> str:
        if not prompt.startswith(">"):
            return ""
        if len(session.game.results) >= 3:
            raise Quit
        view = session.view()
        knocks = [a for a in view.legal_actions if "knock" in str(a) or "gin" in str(a)]
        return "k" if knocks else "1"

    with contextlib.suppress(Quit):
        play(session, ask, said.append)
    assert spy.seen, "the computer never moved"
    assert all(view == game for view, game in spy.seen)
    assert any(game != (0, 0) for _, game in spy.seen), "no hand was scored to compare"


def test_text_help_is_text_plays_own() -> None:
    out = run(["--help"], "")
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("usage: ginrummies text")
    assert "Play in plain text" in out.stdout
    for option in ("--rules", "--seed", "--opponent", "--hot-seat", "--format", "--people"):
        assert option in out.stdout
    for option in ("--continue", "--data-dir", "--target"):
        assert option in out.stdout
    assert "examples:" in out.stdout and "ginrummies text --rules" in out.stdout
    # the app's own options are not text play's
    for option in ("--theme", "--ascii"):
        assert option not in out.stdout


# --- the app's command line (the app itself is replaced: nothing is drawn) ----


class FakeApp:
    """Stands in for GinApp: keeps what ``app_main`` gave it."""

    made: ClassVar[list[dict[str, Any]]] = []

    def __init__(self, settings: Settings, **options: Any) -> None:
        FakeApp.made.append({"settings": settings, **options})
        self.said_at_close: list[str] = []

    def run(self) -> None:
        pass


@pytest.fixture
def fake_app(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    import ginrummies.tui.app

    FakeApp.made = []
    monkeypatch.setattr(ginrummies.tui.app, "GinApp", FakeApp)
    return FakeApp.made


def app_session(made: list[dict[str, Any]]) -> Session:
    (options,) = made
    session = options["session"]
    assert isinstance(session, Session)
    return session


def test_the_app_starts_a_format_at_once(tmp_path: Path, fake_app: list[dict[str, Any]]) -> None:
    args = ["--rules", "gin", "--format", "partnership", "--hot-seat", "--seed", "9"]
    assert main([*args, "--data-dir", str(tmp_path)]) == 0
    session = app_session(fake_app)
    assert session.format is Format.PARTNERSHIP
    assert session.rules == preset("gin") and session.seed == 9
    assert [s.name for s in session.seats] == ["Player 1", "Player 2", "Player 3", "Player 4"]
    assert all(s.is_person for s in session.seats)


def test_the_apps_people_are_the_first_seats(
    tmp_path: Path, fake_app: list[dict[str, Any]]
) -> None:
    args = ["--rules", "skarney", "--format", "captains", "--people", "2", "--opponent", "hard"]
    assert main([*args, "--data-dir", str(tmp_path)]) == 0
    seats = app_session(fake_app).seats
    assert seats == (
        Seat("Player 1"),
        Seat("Player 2"),
        Seat("Computer C", SeatKind.COMPUTER, "hard"),
    )


def test_the_app_with_rules_alone_starts_two_players_as_before(
    tmp_path: Path, fake_app: list[dict[str, Any]]
) -> None:
    assert main(["--rules", "oklahoma", "--opponent", "easy", "--data-dir", str(tmp_path)]) == 0
    session = app_session(fake_app)
    assert session.format is Format.TWO and session.rules == preset("oklahoma")
    assert session.seats == (Seat("You"), Seat("Computer", SeatKind.COMPUTER, "easy"))


def test_the_app_without_a_game_asked_for_opens_the_menu(
    tmp_path: Path, fake_app: list[dict[str, Any]]
) -> None:
    assert main(["--opponent", "hard", "--data-dir", str(tmp_path)]) == 0
    assert fake_app[0]["session"] is None


@pytest.mark.parametrize("argv", [["--hot-seat"], ["--people", "2"]])
def test_people_at_the_keyboard_start_a_game_at_once(
    argv: list[str], tmp_path: Path, fake_app: list[dict[str, Any]]
) -> None:
    """``ginrummies --hot-seat``: two people at once, of the default variant."""
    assert main([*argv, "--data-dir", str(tmp_path)]) == 0
    session = app_session(fake_app)
    assert session.rules == preset("gin") and session.format is Format.TWO
    assert all(seat.is_person for seat in session.seats)


def test_a_seed_without_rules_is_the_new_game_forms(
    tmp_path: Path, fake_app: list[dict[str, Any]]
) -> None:
    """``ginrummies --seed 42`` opens the menu; New game offers seed 42."""
    assert main(["--seed", "42", "--data-dir", str(tmp_path)]) == 0
    assert fake_app[0]["session"] is None and fake_app[0]["seed"] == 42


@pytest.mark.parametrize(
    ("default", "fmt", "variant"),
    [
        ("oklahoma", "three", "oklahoma"),  # the default variant has it
        ("skarney", "partnership", "gin"),  # not: the first Gin preset
        ("gin", "captains", "skarney"),
        ("skarney", "skarney3", "skarney"),
    ],
)
def test_a_format_without_rules_takes_a_variant_that_has_it(
    tmp_path: Path, fake_app: list[dict[str, Any]], default: str, fmt: str, variant: str
) -> None:
    save_settings(tmp_path / SETTINGS_NAME, Settings(default_rules=default))
    assert main(["--format", fmt, "--data-dir", str(tmp_path)]) == 0
    session = app_session(fake_app)
    assert session.format is Format(fmt) and session.rules == preset(variant)
    assert session.seats[0] == Seat("You")
    assert not any(s.is_person for s in session.seats[1:])


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--rules", "colonel", "--format", "three"], "Three-player Gin is played with Gin rules"),
        (["--rules", "gin", "--format", "skarney3"], "not Gin Rummy"),
        (["--format", "partnership", "--people", "5"], "--people must be from 1 to 4"),
        (["--format", "three", "--people", "0"], "--people must be from 1 to 3"),
        (["--rules", "gin", "--people", "3"], "--people must be from 0 to 2 for Two players"),
        (["--format", "captains", "--hot-seat", "--people", "2"], "--hot-seat seats 3 people"),
    ],
)
def test_the_app_refuses_a_game_that_cannot_be(
    tmp_path: Path,
    fake_app: list[dict[str, Any]],
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    message: str,
) -> None:
    assert main([*args, "--data-dir", str(tmp_path)]) == 2
    assert fake_app == []  # the app never started
    err = capsys.readouterr().err
    assert err.startswith("ginrummies: ") and message in err
    assert err.count("\n") == 1


def test_app_help_names_the_format_options(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    out = " ".join(capsys.readouterr().out.split())
    for option in ("--format", "--people", "--hot-seat", "--rules"):
        assert option in out
    assert "--rules gin --format partnership --hot-seat" in out


@pytest.mark.slow
def test_text_play_keeps_its_own_errors() -> None:
    out = run(["--format", "partnership", "--people", "5"], "")
    assert out.returncode == 2
    assert out.stderr == "ginrummies text: --people must be from 0 to 4 for Partnership Gin\n"
    out = run(["--rules", "colonel", "--format", "three"], "")
    assert out.returncode == 2
    assert "ginrummies text: Three-player Gin is played with Gin rules" in out.stderr
