"""``ginrummies text``: the plain-text game, its options and its start."""

from __future__ import annotations

import argparse
import os
import secrets
import sys

from ..core import PRESETS, Format, Level, RulesError, preset
from .options import add_format_option, add_game_options, add_people_option, people_for


def text_description() -> str:
    """``ginrummies text --help``'s description, its commands from the key map."""
    import textwrap

    from ..play.keys import MOVES

    commands = ", ".join(f"{m.command.replace('CARD', '7h')} {m.words}" for m in MOVES)
    paragraphs = (
        "Play in plain text, in any terminal or through a pipe: the same game, rules "
        "and computer as the app. Each turn shows the score, the discard pile, your "
        "hand in melds with its deadwood and what the other player did, then the "
        "moves you may make, numbered.",
        "Answer with a number from the list, or a command: the app's keys, with a "
        f"card where the move names one ({commands}; each game has only its own). "
        "? gives a hint, h the commands of the game in play, q stops. A move that "
        "cannot be made now is refused with the reason.",
        "Every move is saved in the data folder, as in the app: --continue goes on "
        "with the game after a stop or a crash. --format plays three or four at the "
        "table: --people says how many of the seats are people, the rest are the "
        "computer at --opponent's level.",
    )
    return "\n\n".join(textwrap.fill(p, 76) for p in paragraphs)


TEXT_EXAMPLES = """\
examples:
  ginrummies text                                Gin Rummy against the computer
  ginrummies text --rules oklahoma --seed 42     a deal you can play again
  ginrummies text --rules skarney --opponent hard
  ginrummies text --hot-seat                     two people, one keyboard
  ginrummies text --format partnership           you and three computers, in teams
  ginrummies text --rules skarney --format captains --people 3
  ginrummies text --continue                     the game saved in the data folder
  printf 'p\\nd\\nx kd\\nq\\n' | ginrummies text --seed 3"""


def build_text_parser() -> argparse.ArgumentParser:
    """``ginrummies text``: its own options and help."""
    parser = argparse.ArgumentParser(
        prog="ginrummies text",
        description=text_description(),
        epilog=TEXT_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--rules",
        default="gin",
        choices=sorted(PRESETS),
        help="the variant to play (default: gin)",
    )
    add_game_options(parser)
    add_format_option(parser)
    add_people_option(parser)
    parser.add_argument(
        "--target", type=int, default=None, help="a house rule: the score that ends the game"
    )
    parser.add_argument(
        "--continue",
        dest="resume",
        action="store_true",
        help="go on with the game saved in the data folder (every move is saved)",
    )
    parser.add_argument(
        "--data-dir",
        default=None,
        help="folder for the saved game and statistics "
        "(default: $GINRUMMIES_DATA_DIR, else your user data folder)",
    )
    return parser


def _given(args: argparse.Namespace, name: str) -> bool:
    """Whether an option of a new game was given (it differs from its default)."""
    defaults = {
        "format": "two",
        "target": None,
        "people": None,
        "opponent": "normal",
        "seed": None,
        "hot_seat": False,
    }
    return bool(getattr(args, name) != defaults[name])


def text_main(args: argparse.Namespace) -> int:
    """The plain-text game, saved after every move in the data folder."""
    from ..play.keeper import Keeper, Trouble
    from ..play.printable import printable
    from ..play.saving import from_saved
    from ..play.session import Session, format_seats
    from ..play.tell import score_board
    from ..store.files import FolderError, config_dir, data_dir
    from ..store.saves import SaveError
    from ..store.settings import SETTINGS_NAME, load_settings
    from .textplay import Quit, another_game, ask_deal, continue_it, play

    def fail(message: str) -> int:
        print(f"ginrummies text: {message}", file=sys.stderr)
        return 2

    fmt = Format(args.format)
    try:
        rules = preset(args.rules or "gin")
        fmt.check(rules)
    except (RulesError, ValueError) as exc:
        return fail(str(exc))
    if args.target is not None and not 0 < args.target <= 10_000:
        return fail("--target must be from 1 to 10000")
    try:
        people = people_for(args, fmt)
    except ValueError as exc:
        return fail(str(exc))

    def ask(prompt: str) -> str:
        try:
            answer = input(prompt)
        except (EOFError, KeyboardInterrupt):  # the input ended, or Ctrl+C: stop
            raise Quit from None
        except RuntimeError:  # "input(): lost sys.stdin": there is no input at all
            raise Quit from None
        if answer.strip().lower() in ("q", "quit"):
            raise Quit
        return answer

    def say(line: str) -> None:
        # names and messages may come from files: nothing in them acts on the terminal
        print(printable(line))

    problems: dict[Trouble, str] = {}

    def warn(message: str, kind: Trouble) -> None:
        problems.setdefault(kind, message)
        if args.resume and kind in (Trouble.BUSY, Trouble.FOLDER):
            return  # --continue says in its own words why it cannot go on
        say(f"  ({message})")

    try:
        keeper = Keeper(data_dir(args.data_dir), warn)
        keeper.open()
    except (OSError, FolderError) as exc:
        return fail(printable(f"cannot use the data folder: {exc}"))
    try:
        if args.resume and not keeper.saving and keeper.save_path.exists():
            # the save may well be there: say why it cannot be taken up
            why = (
                "another ginrummies holds the data folder (close it first, or give "
                "another folder with --data-dir)"
                if Trouble.BUSY in problems
                else "the data folder cannot be written, so the game could not go on being saved"
            )
            return fail(f"the saved game cannot be continued: {why}")
        try:
            saved = keeper.saved() if keeper.saving else None
        except SaveError as exc:
            say(str(exc))
            saved = None
        resume = args.resume
        if resume and saved is None:
            return fail("there is no saved game to continue")
        if not resume and saved is not None:
            try:
                resume = continue_it(saved, ask)
            except Quit:
                print("\nNothing changed: the saved game waits (ginrummies text --continue).")
                return 0
        if resume:
            assert saved is not None
            names = ("format", "target", "people", "opponent", "seed", "hot_seat")
            given = [f"--{n.replace('_', '-')}" for n in names if _given(args, n)]
            if given:
                print(
                    f"(The saved game goes on with its own players and rules: "
                    f"{', '.join(given)} would apply to a new game.)"
                )
            session = from_saved(saved)
            board = score_board(session.game, session.names)
            say(f"Continuing {session.title}: {board}.")
        else:
            seed = args.seed if args.seed is not None else secrets.randbelow(10**6)
            seats = format_seats(fmt, people, Level(args.opponent))
            session = Session(rules, seats, seed, format=fmt, target=args.target)
            try:
                ask_deal(session, ask, say)
            except Quit:
                kept = " The saved game waits (ginrummies text --continue)." if saved else ""
                print(f"\nGoodbye. (The game had not begun: nothing was saved.{kept})")
                return 0
            if saved is not None:
                # only now that the new game begins: until then the old one could go on
                keeper.leave(saved)
                print("(The saved game was left for this one; it counts as abandoned.)")
        keeper.keep(session)

        def clear() -> None:
            # the screen, then the scrollback, so the next player cannot scroll back
            # to a hand: in that order, as a terminal (tmux, xterm) that keeps
            # what a clear of the screen removes moves it into the scrollback
            if sys.stdout.isatty():
                print("\033[H\033[2J\033[3J", end="", flush=True)
            else:
                print("\n" * 40)

        try:
            settings, _ = load_settings(config_dir(args.data_dir) / SETTINGS_NAME)
            level = Level(settings.hint_level.value)
        except OSError:
            level = Level.NORMAL  # the settings cannot be read: the app's default
        try:
            play(session, ask, say, clear, level, keeper.keep)
            while another_game(ask):
                try:
                    session = session.another(secrets.randbelow(10**6))
                    ask_deal(session, ask, say)
                except Quit:
                    print("\nGoodbye. (The next game had not begun: nothing was saved.)")
                    break
                keeper.keep(session)
                say("")
                play(session, ask, say, clear, level, keeper.keep)
        except (Quit, KeyboardInterrupt):
            # not the seed: it would deal the game in progress face up
            if keeper.saving:
                print("\nGoodbye. The game is saved: ginrummies text --continue goes on with it.")
            else:
                print("\nGoodbye. (This game could not be saved here.)")
        except BrokenPipeError:
            # the reader went away (| head): stop quietly, as a filter should
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    finally:
        keeper.close()
    return 0
