"""Text play: its commands are the key map's, a refusal says why, the help
shows the game in play, a draw and a hint are one line each, and every
hand starts by saying who deals and who plays first.

Each game is dealt from a stacked deck, "You" (player 0) first to play, and
the computer plays a fixed simple move so that a script can answer."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

import pytest
from helpers import stack

from ginrummies.ai.hints import hint
from ginrummies.cli.textplay import Quit, play
from ginrummies.core import (
    Action,
    Card,
    Discard,
    DrawStock,
    Hand,
    Pass,
    PlayerView,
    RuleSet,
    preset,
)
from ginrummies.core.levels import Level
from ginrummies.play import Seat, SeatKind, Session, action_words
from ginrummies.play.keys import text_help

GIN = preset("gin")
SKARNEY = preset("skarney")
COLONEL = preset("colonel")
OTHER = "Tc Th Td Ts 6c 6d Js Qs Ks Qc"


class Plain:
    """The computer: passes, draws from the stock, throws back the first card it may."""

    name = "plain"

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        for wanted in (Pass(), DrawStock()):
            if wanted in legal:
                return wanted
        throws = [a for a in legal if isinstance(a, Discard)]
        return throws[0] if throws else legal[0]


def seated(rules: RuleSet, deck: list[Card]) -> Session:
    seats = (Seat("You"), Seat("Computer", SeatKind.COMPUTER, "random"))
    session = Session(rules, seats, 1, first=1)  # the stacked hand's dealer deals
    session.game.round.hands = (Hand.deal(rules, 1, deck=deck),)
    session.computers.bots[1] = Plain()
    return session


def script(session: Session, answers: list[str], hint_level: Level = Level.NORMAL) -> list[str]:
    """Play with these answers to the move question ("> "), Enter to the
    others, and stop when they run out; what was said, line by line."""
    said: list[str] = []
    moves: Iterator[str] = iter(answers)

    def ask(question: str) -> str:
        said.append(question)
        if not question.startswith(">"):
            return ""
        try:
            return next(moves)
        except StopIteration:
            raise Quit from None

    def say(text: str) -> None:
        said.extend(text.split("\n"))

    with pytest.raises(Quit):
        play(session, ask, say, hint_level=hint_level)
    return said


def replies(said: list[str]) -> list[str]:
    """The lines said right after each move question: the answers to commands."""
    return [said[i + 1].strip() for i, line in enumerate(said[:-1]) if line == "> "]


GIN_DEAL = stack("As 2s 3s 4h 5h 6h 7c 8c 9c Kd", OTHER, "4s", "2c")


def test_every_hand_starts_with_who_deals_and_who_plays_first() -> None:
    session = seated(GIN, GIN_DEAL)
    said = script(session, ["t", "g"])  # take 4♠ and go gin: hand 2 follows
    lines = [line.strip() for line in said]
    assert "Hand 1. Computer deals; you play first." in lines
    assert "Hand 2. You deal; Computer plays first." in lines
    assert not [line for line in lines if re.match(r"Hand \d:", line)]


def test_a_draw_is_one_line_with_its_card() -> None:
    session = seated(GIN, GIN_DEAL)
    said = script(session, ["p", "d"])
    drew = [line.strip() for line in said if line.strip().startswith("You drew")]
    assert drew == ["You drew 2♣ from the stock."]
    assert "You drew from the stock." in session.log  # the log keeps its own words


def test_a_hint_is_one_line() -> None:
    session = seated(GIN, GIN_DEAL)
    said = script(session, ["?"])
    hints = [line for line in said if "hint" in line.lower()]
    assert len(hints) == 1
    best = hint(session.view(0), session.legal())[0]
    assert hints[0].strip().startswith(f"Hint: {action_words(best.action, session.view(0))} — ")


def test_the_hint_level_of_the_settings_adds_the_figures_only() -> None:
    """Text play follows the settings' hint level, as the app does: the
    same move and reason, and at ``hard`` the judge's figures after them."""
    plain = " ".join(script(seated(GIN, GIN_DEAL), ["?"]))
    figured = " ".join(script(seated(GIN, GIN_DEAL), ["?"], hint_level=Level.HARD))
    best = hint(seated(GIN, GIN_DEAL).view(0), seated(GIN, GIN_DEAL).legal(), first_only=True)[0]
    for words in (plain, figured):
        assert action_words(best.action, seated(GIN, GIN_DEAL).view(0)) in words
    assert "sampled deals" not in plain
    assert re.search(r"wins \d+%, averages [+-][\d.]+ points", " ".join(figured.split()))


def test_y_plays_the_hinted_move_and_long_hints_wrap() -> None:
    session = seated(GIN, GIN_DEAL)
    best = hint(session.view(0), session.legal())[0].action
    said = script(session, ["y", "?", "y"])
    assert "there is no hint to play: ask for one with ?" in replies(said)
    assert session.hand.events[0].action == best
    assert all(len(line) <= 78 for line in said if line.strip().startswith("Hint"))


@pytest.mark.parametrize(
    ("rules", "present", "absent"),
    [
        (GIN, ["d ", "t ", "p ", "x CARD", "k ", "g "], ["o CARD", "m ", "l CARD", "c ", "e "]),
        (SKARNEY, ["d ", "m ", "l CARD", "o CARD", "a ", "n ", "e "], ["k ", "g ", "x CARD", "t "]),
    ],
    ids=["gin", "skarney"],
)
def test_help_shows_the_commands_of_the_game_in_play(
    rules: RuleSet, present: list[str], absent: list[str]
) -> None:
    deck = stack("4s 5s 6s 9c 9d 9h Jc Qd Kh 7s", OTHER, None if rules is SKARNEY else "2h")
    said = script(seated(rules, deck), ["h"])
    help_lines = text_help(rules).split("\n")
    start = said.index("Commands:")
    assert said[start : start + len(help_lines)] == help_lines
    commands = [line.strip() for line in help_lines[1:]]
    for command in present:
        assert any(line.startswith(command) for line in commands), command
    for command in absent:
        assert not any(line.startswith(command) for line in commands), command


def test_a_refused_command_says_why() -> None:
    session = seated(GIN, GIN_DEAL)
    said = script(session, ["x 2h", "g", "k", "d", "p", "d", "g", "x 2h"])
    assert replies(said)[:4] == [
        "You do not hold 2♥.",
        "You cannot go gin now: take 4♠ (t) or pass (p) first.",
        "You cannot knock now: take 4♠ (t) or pass (p) first.",
        "You cannot draw now: take 4♠ (t) or pass (p) first.",
    ]
    # passed, drew 2♣: discarding K♦ leaves 2♣ alone, deadwood 2
    assert replies(said)[6:] == [
        "You cannot go gin: your deadwood is 2; gin needs 0.",
        "You do not hold 2♥.",
    ]


def test_g_goes_gin_and_k_knocks_with_the_least_deadwood() -> None:
    session = seated(GIN, GIN_DEAL)
    script(session, ["t", "g"])
    first = session.game.results[0]
    assert first.outcome.value == "gin" and first.ending.discard is not None
    assert first.ending.discard.code == "Kd"

    session = seated(GIN, GIN_DEAL)
    script(session, ["p", "d", "k"])
    knock = session.game.results[0]
    assert knock.knocker == 0 and knock.ending.discard is not None
    assert knock.ending.discard.code == "Kd" and knock.counts[0] == 2


COLONEL_DEAL = stack("5c 5d 5s 5h 8c 9d Kc Qd 2s 3h", OTHER, "Kh", "4d 7d")


def test_m_plays_the_only_meld_or_asks_for_its_number_and_l_lays_off() -> None:
    session = seated(COLONEL, COLONEL_DEAL)
    said = script(session, ["d", "m", "m 5c 5d 5s", "l 5h", "m 8c 9d 4d", "x kc"])
    answers = replies(said)
    assert answers[1].startswith("There are 5 melds to choose from: choose one by its number")
    assert answers[4] == "The marked cards (4♦ 8♣ 9♦) are not a set or a run."
    log = session.log
    assert "You melded [5♣ 5♦ 5♠]." in log
    assert "You laid off 5♥." in log
    assert "You discarded K♣." in log


def test_m_with_one_meld_plays_it() -> None:
    deal = stack("5c 5d 5s 7h 8c 9d Kc Qd 2s 3h", OTHER, "Kh", "4d 7d")
    session = seated(COLONEL, deal)
    script(session, ["d", "m"])
    assert "You melded [5♣ 5♦ 5♠]." in session.log


def test_x_offers_in_skarney() -> None:
    session = seated(SKARNEY, stack("4s 5s 6s 9c 9d 9h Jc Qd Kh 7s", OTHER, None, "8s"))
    said = script(session, ["d", "x 2h", "x 7s"])
    assert replies(said)[1] == "You do not hold 2♥."
    assert "You offered 7♠." in session.log


def test_a_discard_with_more_than_its_card_is_refused() -> None:
    session = seated(GIN, GIN_DEAL)
    said = script(session, ["p", "d", "x 7h extra"])
    assert any("say just the card: x 7h" in line for line in said)


def test_after_a_game_text_play_asks_for_another() -> None:
    from ginrummies.cli.textplay import Quit, another_game

    assert another_game(lambda _: "a") and another_game(lambda _: " Yes ")
    assert not another_game(lambda _: "") and not another_game(lambda _: "n")

    def gone(_: str) -> str:
        raise Quit

    assert not another_game(gone)  # end of input: no more games, no error

    # an answer that is neither is asked again, not taken for a stop
    answers = iter(["1", "maybe", "a"])
    asked: list[str] = []

    def ask(question: str) -> str:
        asked.append(question)
        return next(answers)

    assert another_game(ask)
    assert len(asked) == 3 and asked[1].startswith("Answer a for another game")
