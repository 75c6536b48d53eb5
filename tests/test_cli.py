"""The command line: the plain-text game (`ginrummies text`)."""

from __future__ import annotations

import contextlib
import re
import subprocess
import sys
from collections.abc import Sequence

import pytest

from ginrummies.ai import make_bot
from ginrummies.core import Action, PlayerView, preset
from ginrummies.play import Seat, SeatKind, Session
from ginrummies.textplay import Quit, play


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
    # the input ran out: a clean goodbye that names the seed
    assert "--seed 3 plays it again" in out.stdout


def test_commands_by_letter() -> None:
    out = run(["--seed", "3", "--rules", "oklahoma"], "p\nd\nx Kd\nq\n")
    assert out.returncode == 0, out.stderr
    assert "Oklahoma Gin, seed 3" in out.stdout
    assert "You drew" in out.stdout


def test_unknown_rules_are_refused_by_argparse() -> None:
    out = run(["--rules", "canasta"], "")
    assert out.returncode == 2
    assert "invalid choice" in out.stderr


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
        self.seen.append((view.scores, (game.scores[0], game.scores[1])))
        return self.bot.choose(view, legal)


def test_text_play_gives_the_computer_the_same_view_as_the_app() -> None:
    """The computer sees the game's score in text play too (it plays for the target)."""
    rules = preset("gin")
    session = Session(rules, (Seat("You"), Seat("Computer", SeatKind.COMPUTER, "normal")), 8)
    spy = Spy(session)
    session.bots[1] = spy
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
