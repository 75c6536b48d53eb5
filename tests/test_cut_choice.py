"""The winner of a cut chooses to deal or to play first (RULES.md 1): in
the core, in saves, in the app and in text play."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from apphelp import computer_seat, key_for_turn, step, until
from textual.widgets import Input

from ginrummies.ai import make_bot
from ginrummies.cli.textplay import ask_deal
from ginrummies.core import Format, Game, Match, preset
from ginrummies.core.formats import FORMATS, cut_key
from ginrummies.core.formats.base import Start
from ginrummies.play.saving import from_saved
from ginrummies.play.session import Seat, Session, format_seats
from ginrummies.play.words import prompt
from ginrummies.store import Settings
from ginrummies.store.saves import SAVE_NAME, SaveError, parse, replay
from ginrummies.store.stats import STATS_NAME, Stats
from ginrummies.tui.app import GinApp
from ginrummies.tui.screens.choice import ChoiceScreen
from ginrummies.tui.screens.menu import MenuScreen
from ginrummies.tui.screens.newgame import NewGameScreen
from ginrummies.tui.screens.table import TableScreen

GIN = preset("gin")
TEXT = [sys.executable, "-m", "ginrummies", "text"]


def you_win(seed: int) -> bool:
    a, b = Game(GIN, seed).cut or ()
    return cut_key(a) > cut_key(b)


YOU_WIN = next(s for s in range(100) if you_win(s))
COMPUTER_WINS = next(s for s in range(100) if not you_win(s))


@pytest.mark.parametrize("seed", range(20))
def test_the_higher_card_wins_and_chooses(seed: int) -> None:
    game = Game(GIN, seed)
    assert game.cut is not None
    a, b = game.cut
    winner = 0 if cut_key(a) > cut_key(b) else 1
    assert game.cut_winners == (winner,)
    # unasked, the winner makes the other deal, as the computer does
    assert game.dealer == 1 - winner
    assert Game(GIN, seed, winner_deals=(False,)).dealer == 1 - winner
    chose = Game(GIN, seed, winner_deals=(True,))
    assert chose.dealer == winner


def test_each_partnership_table_has_its_own_winner() -> None:
    for seed in range(30):
        match = Match(GIN, seed, Format.PARTNERSHIP)
        tables = match.round.tables
        assert len(match.cut_winners) == 2
        for n, (cards, table) in enumerate(zip(match.cuts, tables, strict=True)):
            high = max(table.seats, key=lambda s: cut_key(cards[table.seats.index(s)]))
            assert match.cut_winners[n] == high
            assert table.dealer_seat != high  # unasked: the winner plays first
        for choice in [(True, False), (False, True), (True, True)]:
            chose = Match(GIN, seed, Format.PARTNERSHIP, winner_deals=choice)
            for n, table in enumerate(chose.round.tables):
                assert (table.dealer_seat == match.cut_winners[n]) is choice[n]


@pytest.mark.parametrize(
    ("fmt", "variant"),
    [(Format.THREE, "gin"), (Format.SKARNEY3, "skarney"), (Format.CAPTAINS, "skarney")],
)
def test_where_the_format_decides_nobody_chooses(fmt: Format, variant: str) -> None:
    match = Match(preset(variant), 3, fmt)
    assert match.cut_winners == ()
    with pytest.raises(ValueError, match="no cut of this game lets its winner choose"):
        Match(preset(variant), 3, fmt, winner_deals=(True,))


def test_a_skipped_cut_has_no_winner_to_choose() -> None:
    with pytest.raises(ValueError, match="no cut"):
        Game(GIN, 3, first_dealer=0, winner_deals=(True,))
    with pytest.raises(ValueError, match="2 cuts"):
        Match(GIN, 3, Format.PARTNERSHIP, winner_deals=(True,))
    play = FORMATS[Format.TWO]
    assert play.cut_winners(Start(play.start(3, first=1).rota)) == ()


def test_a_person_chooses_once_before_the_first_move() -> None:
    session = Session(GIN, (Seat("You"), computer_seat()), YOU_WIN)
    assert session.cut_choosers() == (0,)
    version = session.version
    session.choose_deal([True])
    assert session.game.dealer == 0
    assert "Hand 1: You deal." in session.log and "Hand 1: Computer deals." not in session.log
    assert session.version > version  # the keeper saves the choice
    assert session.cut_choosers() == ()
    with pytest.raises(Exception, match="only before the first move"):
        session.choose_deal([False])


def test_no_choice_once_a_move_is_made() -> None:
    session = Session(GIN, (Seat("You"), computer_seat()), YOU_WIN)
    assert session.cut_choosers() == (0,)
    step(session, make_bot("easy", GIN, 1))
    assert session.cut_choosers() == ()


def test_a_computer_that_wins_the_cut_makes_the_other_deal() -> None:
    session = Session(GIN, (Seat("You"), computer_seat()), COMPUTER_WINS)
    assert session.cut_choosers() == (1,)
    session.choose_deal([True])  # not the computer's choice: it is not asked
    assert session.game.dealer == 0


def test_the_choice_is_saved_and_replayed(tmp_path: Path) -> None:
    session = Session(GIN, (Seat("You"), computer_seat()), YOU_WIN)
    session.choose_deal([True])
    person = make_bot("easy", GIN, 1)
    for _ in range(6):
        step(session, person)
    saved = parse(session.to_json())
    assert saved.winner_deals == (True,)
    again = from_saved(saved)
    assert again.game.log == session.game.log and again.game.dealer == 0
    assert replay(saved).dealer == 0
    # a save from before the choice was kept deals as the computer would
    data = json.loads(session.to_json())
    del data["winner_deals"]
    data["log"] = [[]]
    assert replay(parse(json.dumps(data))).dealer == 1


@pytest.mark.parametrize(("value", "words"), [("yes", "not readable"), ([True, True], "changed")])
def test_a_damaged_choice_in_a_save_is_refused(value: object, words: str) -> None:
    session = Session(GIN, (Seat("You"), computer_seat()), YOU_WIN)
    data = json.loads(session.to_json())
    data["winner_deals"] = value
    with pytest.raises(SaveError, match=words):
        replay(parse(json.dumps(data)))


@pytest.mark.slow
async def test_the_app_asks_the_winner_and_deals_as_they_chose() -> None:
    session = Session(GIN, (Seat("You"), computer_seat()), YOU_WIN)
    app = GinApp(Settings(speed="instant"), session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ChoiceScreen)
        assert "You win the cut: play first, or deal?" in screen.title_text
        assert screen.labels == ["Play first (Computer deals)", "Deal (Computer plays first)"]
        assert isinstance(app.screen_stack[-2], MenuScreen)
        await pilot.press("escape")  # the question has to be answered
        await pilot.pause()
        assert app.screen is screen and app.session is None
        await pilot.press("down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert app.session is session and session.game.dealer == 0
        assert "Hand 1: You deal." in session.log
        assert session.log[1].endswith("; You win and deal.")


@pytest.mark.slow
async def test_a_game_from_the_form_asks_over_the_menu(tmp_path: Path) -> None:
    app = GinApp(Settings(speed="instant"), data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        form = app.screen
        assert isinstance(form, NewGameScreen)
        form.query_one("#seed", Input).value = str(YOU_WIN)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        # the form is done with; the table is not dealt until the answer
        assert [type(s) for s in app.screen_stack[1:]] == [MenuScreen, ChoiceScreen]
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)


@pytest.mark.slow
async def test_hot_seat_asks_each_table_winner_by_name() -> None:
    seats = format_seats(Format.PARTNERSHIP, 4, names=("Ann", "Bob", "Cy", "Di"))
    session = Session(GIN, seats, 5, format=Format.PARTNERSHIP)
    winners = session.cut_choosers()
    app = GinApp(Settings(speed="instant"), session=session)
    asked = []
    async with app.run_test(size=(100, 30)) as pilot:
        for choice in ("enter", "down"):
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, ChoiceScreen)
            asked.append(screen.title_text)
            if choice == "down":
                await pilot.press("down")
            await pilot.press("enter")
        await pilot.pause()
        assert app.session is session
    names = session.names
    assert asked[0].startswith("Table 1 cut:") and asked[1].startswith("Table 2 cut:")
    for n, seat in enumerate(winners):
        assert f"{names[seat]} wins the cut" in asked[n]
    tables = session.game.round.tables
    assert tables[0].dealer_seat != winners[0]  # played first
    assert tables[1].dealer_seat == winners[1]  # dealt


def test_text_play_asks_until_answered() -> None:
    session = Session(GIN, (Seat("You"), computer_seat()), YOU_WIN)
    questions: list[str] = []
    said: list[str] = []
    answers = iter(["", "maybe", "2"])

    def ask(question: str) -> str:
        questions.append(question)
        return next(answers)

    ask_deal(session, ask, said.append)
    assert len(questions) == 3
    assert "You win the cut" in said[0]
    assert said[-1].strip() == "2. Deal (Computer plays first)"
    assert questions[1] == questions[2] == "Answer 1 to play first or 2 to deal: "
    assert session.game.dealer == 0


def test_text_play_wraps_the_question_of_a_long_name() -> None:
    seats = (Seat("Bartholomew Higginbotham-Smythe"), Seat("Maximiliana Featherstonehaugh"))
    session = Session(GIN, seats, YOU_WIN)
    said: list[str] = []
    ask_deal(session, lambda question: "1", said.append)
    lines = "\n".join(said).splitlines()
    assert len(lines) >= 4 and all(len(line) <= 78 for line in lines)
    assert not any(word.endswith("-") for line in lines for word in line.split()[-1:])


def _text_game(tmp_path: Path, seed: int, answers: str, *options: str) -> str:
    command = [*TEXT, "--seed", str(seed), "--opponent", "easy", *options]
    env = {**os.environ, "GINRUMMIES_DATA_DIR": str(tmp_path)}
    out = subprocess.run(command, input=answers, capture_output=True, text=True, env=env)
    assert out.returncode == 0, out.stderr
    return out.stdout


@pytest.mark.slow
def test_text_play_from_the_command_line(tmp_path: Path) -> None:
    out = _text_game(tmp_path, YOU_WIN, "d\nq\n")
    assert "You win the cut" in out
    assert "Hand 1. You deal; Computer plays first." in out
    # who deals is said once, in the hand's header
    assert "Hand 1: You deal." not in out


def test_text_play_tells_a_cut_the_computer_won(tmp_path: Path) -> None:
    out = _text_game(tmp_path, COMPUTER_WINS, "q\n")
    a, b = Game(GIN, COMPUTER_WINS).cut or ()
    assert f"Cut: You {a.label}, Computer {b.label}; Computer wins and plays first." in out
    assert "Hand 1. You deal; Computer plays first." in out
    assert "Hand 1: You deal." not in out


def test_partnership_words_begin_each_clause_with_a_name(tmp_path: Path) -> None:
    out = _text_game(tmp_path, 3, "1\nq\n", "--format", "partnership")
    round_line = next(line for line in out.splitlines() if "Hand 1:" in line)
    assert "at table 1 " not in round_line and "at table 1;" in round_line
    assert " You " not in round_line.split(":", 1)[1][1:]


@pytest.mark.slow
async def test_a_game_left_for_a_new_one_is_abandoned_only_once_the_new_one_begins(
    tmp_path: Path,
) -> None:
    app = GinApp(Settings(speed="instant"), data_dir=tmp_path)
    old = Session(GIN, (Seat("You"), computer_seat()), COMPUTER_WINS)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_session(old)
        await pilot.pause()
        step(old, make_bot("easy", GIN, 1))  # a game in progress
        app.start_session(Session(GIN, (Seat("You"), computer_seat()), YOU_WIN))
        await pilot.pause()
        await pilot.press("down", "enter")  # leave it, and start the new game
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)  # the new game's cut question
        assert app.session is old
        assert not any(line.abandoned for line in Stats(tmp_path / STATS_NAME).lines())
        await pilot.press("enter")
        await pilot.pause()
        assert app.session is not old
        (line,) = Stats(tmp_path / STATS_NAME).lines()
        assert line.abandoned == 1


@pytest.mark.slow
def test_text_play_leaves_the_saved_game_only_once_the_new_one_begins(tmp_path: Path) -> None:
    env = {**os.environ, "GINRUMMIES_DATA_DIR": str(tmp_path)}
    first = [*TEXT, "--seed", str(COMPUTER_WINS), "--opponent", "easy"]
    subprocess.run(first, input="1\nq\n", capture_output=True, text=True, env=env, check=True)
    saved = (tmp_path / SAVE_NAME).read_bytes()
    # n: leave it; then quit at the new game's cut question
    second = [*TEXT, "--seed", str(YOU_WIN), "--opponent", "easy"]
    out = subprocess.run(second, input="n\nq\n", capture_output=True, text=True, env=env)
    assert "The saved game waits" in out.stdout and "counts as abandoned" not in out.stdout
    assert (tmp_path / SAVE_NAME).read_bytes() == saved
    assert not any(line.abandoned for line in Stats(tmp_path / STATS_NAME).lines())
    # answered, the new game begins and the old one is left
    out = subprocess.run(second, input="n\n1\nq\n", capture_output=True, text=True, env=env)
    assert "counts as abandoned" in out.stdout
    (line,) = Stats(tmp_path / STATS_NAME).lines()
    assert line.abandoned == 1


@pytest.mark.slow
async def test_the_cut_stays_above_the_prompt_until_the_first_move() -> None:
    """The computer won the cut and chose: the status line says so, at
    80×24, where a notification used to cover the hand and the prompt,
    until the person's first move."""
    session = Session(GIN, (Seat("You"), computer_seat()), COMPUTER_WINS)
    app = GinApp(Settings(speed="instant"), session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(
            pilot,
            lambda: isinstance(app.screen, TableScreen) and session.person_to_move,
            "the table at the person's first move",
        )
        screen = app.screen
        assert isinstance(screen, TableScreen)
        status = str(screen.query_one("#status").render())
        assert status.startswith("Cut: You ") and "Computer wins" in status
        assert status.endswith(prompt(session, session.view()))
        await pilot.press(*key_for_turn(app))
        await pilot.pause()
        assert "Cut:" not in str(screen.query_one("#status").render())
