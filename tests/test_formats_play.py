"""Formats at the table: the session runs them, text play plays them to
the end, saves keep them through a kill, and the files of the two-player
release go on working (migrated, never discarded)."""

from __future__ import annotations

import os
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from procs import can_see_reads, reading_input, wait_until

from ginrummies.ai import Bot, make_bot
from ginrummies.core import DrawStock, Format, IllegalAction, preset
from ginrummies.play.saving import from_saved, record, save
from ginrummies.play.session import Seat, SeatKind, Session, format_seats
from ginrummies.store.saves import SAVE_NAME, load
from ginrummies.store.stats import SCHEMA_VERSION, STATS_NAME, Stats

RELEASE1 = Path(__file__).parent / "data" / "release1"
TEXT = [sys.executable, "-m", "ginrummies", "text"]


def computers(n: int, level: str = "easy") -> tuple[Seat, ...]:
    return tuple(Seat(f"C{i}", SeatKind.COMPUTER, level) for i in range(n))


def play_out(session: Session, stats: Stats, person: Bot | None = None) -> None:
    """The game to its end, the person playing the first legal move (or
    ``person``'s choice), each round recorded as the app and text play
    record it."""
    while not session.game.is_over:
        if session.round_over:
            record(session, stats)
            session.next_hand()
        elif session.computer_to_move:
            session.computers.play_now()
        else:
            view = session.view()
            legal = view.legal_actions
            session.play(person.choose(view, legal) if person is not None else legal[0])
    record(session, stats)


def test_a_session_of_three_plays_to_the_end_with_words_for_every_round() -> None:
    seats = (Seat("Ann"), *computers(2))
    session = Session(preset("gin"), seats, 4, format=Format.THREE)
    # the cut, card by card: Ann's ace is the lowest, so Ann deals and sits out
    assert session.log[1] == "Cut: Ann A♣, C0 10♠, C1 K♥."
    assert session.log[2] == "Hand 1: Ann deals to C0 and C1 and sits out; C0 plays first."
    while not session.game.is_over:
        if session.round_over:
            session.next_hand()
            assert session.log[-1].startswith(("Hand", "The upcard"))
        elif session.computer_to_move:
            session.computers.play_now()
        else:
            view = session.view()
            assert view.game.match is not None and session.viewer() == 0
            session.play(view.legal_actions[0])
    assert any(line.startswith("Score: Ann") for line in session.log)
    assert session.undo_problem() == "the hand is over"


def test_a_person_at_one_table_while_computers_play_the_other() -> None:
    seats = format_seats(Format.PARTNERSHIP, 1, "easy")
    session = Session(preset("gin"), seats, 9, format=Format.PARTNERSHIP)
    assert session.seats[0].name == "You" and not session.seats[3].is_person
    # the computers at table 2 play on whatever the person does
    while session.computer_to_move and session.game.table_of(0) is not None:
        turn = session.computers.turn()
        assert turn is not None
        if turn.table == 0:
            break
        session.computers.play_now()
    assert session.game.round.hands[1].is_over or session.person_to_move
    with pytest.raises(IllegalAction, match="not your turn"):
        session.play(DrawStock(), seat=3)  # a computer's seat


def test_a_stale_computer_move_is_dropped_only_at_its_own_table() -> None:
    session = Session(preset("gin"), computers(4), 2, format=Format.PARTNERSHIP)
    first = session.computers.turn()
    assert first is not None and first.table == 0
    from ginrummies.play.session import decide

    decision = decide(first)
    # a move at the other table meanwhile does not make this one stale
    other = session.game.round.hands[1]
    session.game.apply(other.legal_actions()[0], 1)
    assert session.computers.play(decision)
    # but a second answer to the same turn is
    assert not session.computers.play(decision)


def text(folder: Path, *args: str, answers: str = "") -> subprocess.CompletedProcess[str]:
    """``ginrummies text`` on a data folder, given these answers."""
    return subprocess.run(
        [*TEXT, *args],
        input=answers,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, "GINRUMMIES_DATA_DIR": str(folder)},
    )


@pytest.mark.slow
def test_text_play_of_a_partnership_game_to_the_end(tmp_path: Path) -> None:
    args = ["--format", "partnership", "--opponent", "easy", "--seed", "5"]
    out = text(tmp_path, *args, answers="1\n" * 4000)
    assert out.returncode == 0, out.stderr
    said = out.stdout
    assert "Gin Rummy, Partnership Gin." in said
    # the seed is told once the game is over (not before: it deals the game face up)
    assert "--seed 5 deals this game again" in said
    assert "at table 1" in said and "at table 2" in said
    assert "Other table," in said
    # a hand over at the other table says how it ended, as the app does
    assert re.search(r"Other table, [^:]+: [^\n]*(knocked|went gin|undercut|Cancelled)", said)
    assert "the net of both tables" in said or "cancel out" in said
    assert re.search(r"(You & Computer B|Computer C & Computer D) win the game", said)
    assert "Settlement:" in said
    assert not (tmp_path / SAVE_NAME).exists()  # a finished game leaves nothing to continue
    lines = Stats(tmp_path / STATS_NAME).lines()
    assert [line.variant for line in lines] == ["Gin Rummy (partnership)"]
    assert lines[0].games == 1 and lines[0].hands > 0


@pytest.mark.slow
@pytest.mark.skipif(not can_see_reads(), reason="cannot see when a process waits for input")
def test_a_killed_partnership_game_continues_exactly(tmp_path: Path) -> None:
    env = {**os.environ, "GINRUMMIES_DATA_DIR": str(tmp_path)}
    command = [*TEXT, "--format", "partnership"]
    out = tmp_path / "out.txt"
    with out.open("w") as printed:
        proc = subprocess.Popen(
            [*command, "--opponent", "easy", "--seed", "8"],
            stdin=subprocess.PIPE,
            stdout=printed,
            stderr=subprocess.STDOUT,
            env=env,
        )
    assert proc.stdin is not None
    proc.stdin.write(b"1\n" * 25)
    proc.stdin.flush()
    save = tmp_path / SAVE_NAME
    # the answers used up: the game waits for more (it saves before it asks)
    wait_until(
        lambda: reading_input(proc.pid, proc.stdin.fileno()),  # type: ignore[union-attr]
        "the game waiting for a 26th answer",
        shown=out.read_text,
    )
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    saved = load(save)
    assert saved is not None and saved.format is Format.PARTNERSHIP
    before = from_saved(saved)
    person_moves = sum(
        1
        for rnd in before.game.rounds
        for t, h in zip(rnd.tables, rnd.hands, strict=True)
        for player, _ in h.log
        if t.seats[player] == 0
    )
    assert person_moves >= 5  # every answer given was saved before the kill
    out = text(tmp_path, "--continue")
    assert out.returncode == 0, out.stderr
    assert "Continuing Gin Rummy, Partnership Gin:" in out.stdout
    assert "seed 8" not in out.stdout
    again = load(save)
    assert again is not None and again.game_id == saved.game_id
    # the game went on from exactly where it stood: every saved move is kept
    # (the computers may have moved on before the person was asked again)
    assert len(again.log) >= len(saved.log)
    for n, moves in enumerate(saved.log):
        assert again.log[n][: len(moves)] == moves


# --- the files of the two-player release --------------------------------------------


def test_a_save_of_the_two_player_release_continues(tmp_path: Path) -> None:
    shutil.copy(RELEASE1 / SAVE_NAME, tmp_path / SAVE_NAME)
    saved = load(tmp_path / SAVE_NAME)
    assert saved is not None and saved.format is Format.TWO
    session = from_saved(saved)
    assert session.rules.name == "Skarney Gin" and session.names == ("Ann", "Bob")
    assert len(session.hand.log) == 7
    save(session, tmp_path / SAVE_NAME)  # written again in today's format, same game
    again = load(tmp_path / SAVE_NAME)
    assert again is not None and again.log == saved.log and again.game_id == saved.game_id


def test_statistics_of_the_two_player_release_are_migrated(tmp_path: Path) -> None:
    path = tmp_path / STATS_NAME
    shutil.copy(RELEASE1 / STATS_NAME, path)
    stats = Stats(path)
    lines = {(line.variant, line.opponent): line for line in stats.lines()}
    assert set(lines) == {("Gin Rummy", "easy"), ("Oklahoma Gin", "hard")}
    gin = lines[("Gin Rummy", "easy")]
    assert gin.games == 1 and gin.games_won == 1 and gin.hands > 0
    assert lines[("Oklahoma Gin", "hard")].abandoned == 1
    history = stats.history()
    assert [(h.won, h.mine, h.theirs) for h in history] == [(True, 97, 31), (False, 0, 85)]
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        (count,) = db.execute("SELECT COUNT(*) FROM games WHERE format = 'two'").fetchone()
        assert count == 2
    # and new games of any format are recorded beside the old ones
    session = Session(preset("skarney"), (Seat("You"), *computers(2)), 3, format=Format.CAPTAINS)
    play_out(session, stats)
    variants = {line.variant for line in stats.lines()}
    assert "Skarney Gin (captains)" in variants and "Gin Rummy" in variants


def test_statistics_per_format_count_only_the_hands_the_player_played(tmp_path: Path) -> None:
    stats = Stats(tmp_path / STATS_NAME)
    session = Session(preset("gin"), (Seat("You"), *computers(2, "normal")), 6, format=Format.THREE)
    play_out(session, stats)
    game = session.game
    result = game.result
    assert result is not None
    mine = [
        (t.player_of(0), h.result)
        for r in game.rounds
        for t, h in zip(r.tables, r.hands, strict=True)
        if 0 in t.seats and h.result is not None and h.result.scored
    ]
    (line,) = stats.lines()
    assert line.variant == "Gin Rummy (three)" and line.opponent == "normal"
    assert line.hands == len(mine) < len([r for r in game.results if r.scored])
    assert line.hands_won == sum(r.winner == p for p, r in mine)
    assert line.games_won == (result.winner == 0)
    (played,) = stats.history()
    if result.winner == 0:
        assert played.margin == result.settlement
    else:
        assert played.margin == -result.payments[0]  # what this player paid, not both
    assert played.mine == game.scores[0] and played.theirs == max(game.scores[1:])


def test_hot_seat_for_three_in_text_shows_each_hand_only_to_its_owner() -> None:
    """Three people at one keyboard: before any hand is shown the keyboard
    goes to its owner, and the hand shown is theirs."""
    import re as regex

    from ginrummies.cli.textplay import play

    seats = (Seat("Ann"), Seat("Bob"), Seat("Cy"))
    session = Session(preset("gin").but(target=40), seats, 5, format=Format.THREE)
    player = make_bot("normal", session.rules, 5)
    said: list[str] = []
    at_keyboard: list[str] = []
    shown: list[tuple[str, str]] = []

    def ask(prompt: str) -> str:
        said.append(prompt)
        passed = regex.match(r"Pass the keyboard to (\w+)", prompt)
        if passed:
            at_keyboard.append(passed.group(1))
            return ""
        if not prompt.startswith(">"):
            return ""
        seat = session.viewer()
        shown.append((at_keyboard[-1], session.names[seat]))
        # each person plays as the computer would, by the menu's number
        view = session.view()
        choice = player.choose(view, view.legal_actions)
        return str(view.legal_actions.index(choice) + 1)

    game = play(session, ask, said.append)
    assert game.is_over
    assert len(set(at_keyboard)) == 3 and shown
    assert all(owner == viewer for owner, viewer in shown)
    assert any("sits out" in line for line in said)
    # after the keyboard changes hands, the table's public moves are told again
    assert any(line.startswith("  Since ") and line.endswith("last move:") for line in said)


@pytest.mark.slow
def test_a_new_text_game_asks_before_leaving_the_saved_one(tmp_path: Path) -> None:
    first = text(tmp_path, "--format", "three", "--seed", "2", answers="1\n1\n")
    assert "Cut: " in first.stdout
    before = (tmp_path / SAVE_NAME).read_bytes()
    # the input ends at the question: nothing changes
    asked = text(tmp_path, "--rules", "oklahoma")
    assert "A game of Gin Rummy, Three-player Gin is saved. Continue it (c)" in asked.stdout
    assert "Nothing changed" in asked.stdout
    assert (tmp_path / SAVE_NAME).read_bytes() == before
    # c: the saved game goes on, whatever the new game's options said
    kept = text(tmp_path, "--rules", "oklahoma", "--people", "2", answers="c\n")
    assert "Continuing Gin Rummy, Three-player Gin: You 0, Computer B 0" in kept.stdout
    assert "--people would apply to a new game" in kept.stdout
    # n: it is left (abandoned in the statistics) and the new game begins
    new = text(tmp_path, "--rules", "oklahoma", "--seed", "4", answers="n\n")
    assert "Oklahoma Gin." in new.stdout
    (line,) = Stats(tmp_path / STATS_NAME).lines()
    assert line.variant == "Gin Rummy (three)" and line.abandoned == 1


def test_skarney_formats_play_rounds_and_gin_formats_hands() -> None:
    skarney = Session(preset("skarney"), computers(3), 1, format=Format.SKARNEY3)
    assert any(line.startswith("Round 1: ") for line in skarney.log)
    gin = Session(preset("gin"), computers(3), 1, format=Format.THREE)
    assert any(line.startswith("Hand 1: ") for line in gin.log)
    two = Session(preset("skarney"), computers(2), 1)
    assert any(line.startswith("Hand 1: ") for line in two.log)  # as two players always said


def all_computers_to_the_end(session: Session) -> Session:
    while not session.game.is_over:
        if session.round_over:
            session.next_hand()
        else:
            session.computers.play_now()
    return session


def test_another_captains_game_passes_the_captaincy_to_the_next_seat() -> None:
    """RULES.md 6: in a match of several games the captaincy rotates, A then B then C."""
    first = Session(preset("skarney"), computers(3), 11, format=Format.CAPTAINS, target=60)
    captain = first.game.format.play.captain(first.game.round.rota)
    assert captain is not None
    with pytest.raises(IllegalAction, match="still being played"):
        first.another(12)
    second = first
    for n in range(1, 4):
        second = all_computers_to_the_end(second).another(11 + n)
        assert second.game.format.play.captain(second.game.round.rota) == (captain + n) % 3
        assert second.game.cuts == ()  # no cut: the captaincy passes
        assert f"{second.names[(captain + n) % 3]} is the Captain." in second.log
        assert second.seats == first.seats and second.game.target == 60


@pytest.mark.parametrize(
    ("fmt", "variant"),
    [(Format.THREE, "gin"), (Format.PARTNERSHIP, "gin"), (Format.SKARNEY3, "skarney")],
)
def test_another_game_of_the_other_formats_keeps_the_seats_and_cuts_again(
    fmt: Format, variant: str
) -> None:
    rules = preset(variant)
    done = all_computers_to_the_end(Session(rules, computers(fmt.seats), 5, format=fmt, target=30))
    again = done.another(6)
    assert again.seats == done.seats and again.format is fmt and again.game.target == 30
    assert again.game.cuts and again.game.cuts != done.game.cuts  # cut again, with the new deck
    assert any(line.startswith(("Cut", "Table 1 cut")) for line in again.log)


def test_the_log_says_you_are_the_captain() -> None:
    seats = (Seat("You"), *computers(2))
    session = Session(preset("skarney"), seats, 3, format=Format.CAPTAINS, first=0)
    assert "You are the Captain." in session.log
