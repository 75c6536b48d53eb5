"""The ``ginrummies`` command line."""

from __future__ import annotations

import argparse
import contextlib
import os
import secrets
import sys
from collections.abc import Sequence

from . import __version__
from .ai import LEVELS
from .core import PRESETS, Format, RulesError, preset
from .store import THEMES

# how long a browser tab's app waits for the folder a closing tab still holds
SERVED_LOCK_WAIT = 3.0


def add_game_options(parser: argparse.ArgumentParser) -> None:
    """The options of a game, the same for the app and text play."""
    parser.add_argument(
        "--seed",
        type=int,
        default=None,
        help="deal a game you can play again with the same seed (default: random)",
    )
    parser.add_argument(
        "--opponent",
        default="normal",
        choices=list(LEVELS),
        help="how well the computer plays (default: normal)",
    )
    parser.add_argument(
        "--hot-seat",
        action="store_true",
        help="every seat is a person: people take turns at one keyboard",
    )


FORMAT_HELP = (
    "two players, or a format for three or four: three (three-player Gin), "
    "partnership (Gin, teams A+B and C+D), skarney3, captains or partners (Skarney); "
    "the variant must have it"
)


def add_format_option(
    parser: argparse.ArgumentParser, default: str | None = "two", more: str = ""
) -> None:
    """``--format``, the same for text play, sim and the app (whose default
    is None: no format given, no game at once)."""
    parser.add_argument(
        "--format",
        default=default,
        choices=[f.value for f in Format],
        help=f"{FORMAT_HELP}{more} (default: two)",
    )


def add_people_option(parser: argparse.ArgumentParser) -> None:
    """``--people``, the same for text play and the app."""
    parser.add_argument(
        "--people",
        type=int,
        default=None,
        help="how many people play (the first seats); the others are the computer "
        "at --opponent's level (default: 1; --hot-seat: every seat)",
    )


def people_for(args: argparse.Namespace, fmt: Format, least: int = 0) -> int:
    """How many of ``fmt``'s seats are people, from ``--people`` and
    ``--hot-seat``; ValueError in the command line's words if that cannot be."""
    if args.hot_seat and args.people is not None and args.people != fmt.seats:
        raise ValueError(f"--hot-seat seats {fmt.seats} people: leave out --people, or --hot-seat")
    people = fmt.seats if args.hot_seat else 1 if args.people is None else args.people
    if not least <= people <= fmt.seats:
        raise ValueError(f"--people must be from {least} to {fmt.seats} for {fmt.title}")
    return people


def variant_for(fmt: Format, preferred: str) -> str:
    """``preferred`` if that variant is played in ``fmt``, else the first preset that is."""
    if preferred in PRESETS and fmt.allows(preset(preferred)):
        return preferred
    return next(name for name in PRESETS if fmt.allows(preset(name)))


def starts_a_game(args: argparse.Namespace) -> bool:
    """Whether the app's options ask for a game at once (else the menu opens)."""
    given = (getattr(args, n) is not None for n in ("rules", "format", "people"))
    return bool(args.hot_seat) or any(given)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ginrummies",
        description="Gin Rummy and its relatives in the terminal.",
        epilog=(
            "--rules, --format, --hot-seat or --people starts a game at once (for example "
            "ginrummies --rules gin --format partnership --hot-seat); without them "
            "the menu opens, whose new game form has every variant and format. "
            "ginrummies sim --help: computer against computer. "
            "ginrummies text: the plain-text game, for any terminal or pipe. "
            "ginrummies replay FILE: watch an exported game again, both hands face up. "
            "ginrummies serve: play in a web browser (ginrummies serve --help)."
        ),
    )
    parser.add_argument(
        "--rules",
        default=None,
        choices=sorted(PRESETS),
        help="start a game of this variant at once (default: the menu)",
    )
    add_game_options(parser)
    add_format_option(
        parser,
        None,
        "; given, it starts a game at once: of --rules' variant, else of your "
        "default variant if that has the format, else of the first that does",
    )
    add_people_option(parser)
    parser.add_argument(
        "--theme", choices=list(THEMES), default=None, help="colour theme (default: felt)"
    )
    parser.add_argument(
        "--ascii", action="store_true", help="plain ASCII card faces (for limited terminals)"
    )
    parser.add_argument(
        "--continue",
        dest="resume",
        action="store_true",
        help="go straight back to the game in progress (it is saved after every move); "
        "with a game asked for at once, that game only when none is in progress",
    )
    parser.add_argument(
        "--data-dir",
        default=None,
        help="folder for the saved game, statistics and settings "
        "(default: $GINRUMMIES_DATA_DIR, else your user data folder)",
    )
    # set by ``ginrummies serve`` for each browser tab's app
    parser.add_argument("--served", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--version", action="version", version=f"ginrummies {__version__}")
    return parser


def text_description() -> str:
    """``ginrummies text --help``'s description, its commands from the key map."""
    import textwrap

    from .play.keys import MOVES

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


def main(argv: Sequence[str] | None = None) -> int:
    args_in = list(sys.argv[1:] if argv is None else argv)
    if args_in[:1] == ["sim"]:
        from .simcli import main as sim_main

        return sim_main(args_in[1:])
    if args_in[:1] == ["text"]:
        try:
            return text_main(build_text_parser().parse_args(args_in[1:]))
        except KeyboardInterrupt:  # Ctrl+C before the game began (or after it)
            print("\nGoodbye.")
            return 130
        except BrokenPipeError:  # the reader went away (| head): stop quietly, as a filter
            with contextlib.suppress(OSError, ValueError):
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return 0
    if args_in[:1] == ["replay"]:
        return replay_main(args_in[1:])
    if args_in[:1] == ["serve"]:
        from .web.serve import serve_main

        return serve_main(args_in[1:])
    args = build_parser().parse_args(args_in)
    return app_main(args)


def app_main(args: argparse.Namespace) -> int:
    """The Textual app."""
    import dataclasses

    from .play.printable import printable
    from .play.session import Session, format_seats
    from .store.files import LOCK_NAME, FolderError, FolderLock, config_dir, data_dir
    from .store.settings import SETTINGS_NAME, load_settings
    from .tui.app import GinApp

    def fail(message: str) -> int:
        print(f"ginrummies: {message}", file=sys.stderr)
        return 2

    at_once = starts_a_game(args)  # checked before anything starts
    fmt = Format(args.format or "two")
    people = 1
    if at_once:
        try:
            if args.rules is not None:
                fmt.check(preset(args.rules))
            # the app's tables of three and four are seen through a person's eyes
            people = people_for(args, fmt, least=1 if fmt.seats > 2 else 0)
        except (RulesError, ValueError) as exc:
            return fail(str(exc))
    try:
        folder = data_dir(args.data_dir)
        settings_path = config_dir(args.data_dir) / SETTINGS_NAME
    except OSError as exc:
        return fail(f"cannot use the data folder: {exc}")
    lock = FolderLock(folder / LOCK_NAME)
    try:
        # held by another copy is fine: the app says so itself. A browser tab
        # reloaded starts before the old tab's app has quit: give that one a
        # moment to let go of the folder and its saved game
        lock.acquire(wait=SERVED_LOCK_WAIT if args.served else 0.0)
    except FolderError as exc:
        return fail(str(exc))
    finally:
        lock.release()  # the app takes it again as it starts
    settings, problems = load_settings(settings_path)
    if args.theme:
        settings = dataclasses.replace(settings, theme=args.theme)
    if args.ascii:
        settings = dataclasses.replace(settings, card_style="ascii")
    session = None
    if at_once:
        seed = args.seed if args.seed is not None else secrets.randbelow(10**6)
        rules = preset(args.rules or variant_for(fmt, settings.default_rules))
        seats = format_seats(fmt, people, args.opponent)
        session = Session(rules, seats, seed, format=fmt)
    app = GinApp(
        settings,
        session=session,
        data_dir=folder,
        resume=args.resume,
        settings_path=settings_path,
        problems=problems,
        seed=args.seed,
    )
    app.run()
    for message in app.said_at_close:  # e.g. statistics a lock kept out as it closed
        print(f"ginrummies: {printable(message)}", file=sys.stderr)
    return 0


def replay_main(argv: Sequence[str]) -> int:
    """``ginrummies replay FILE``: step through an exported game in the app.

    Only a game that is over is shown (both hands face up): a game still in
    progress, the saved game.json say, is refused, so a replay never shows
    the computer's live hand. A game the statistics record as abandoned is
    over too. Any file that cannot be replayed is one message on stderr and
    exit status 2, never a traceback."""
    from pathlib import Path

    from .store.files import ENV_DATA_DIR, UnfitFile, read_capped
    from .store.saves import SIZE_LIMIT, SaveError, parse, replay
    from .store.stats import STATS_NAME, recorded_status

    parser = argparse.ArgumentParser(
        prog="ginrummies replay",
        description="Watch a finished game again, move by move, with both hands face up. "
        "Export one from the statistics screen or the game's result (x).",
    )
    parser.add_argument("file", help="a replay file (or a saved game that is over)")
    parser.add_argument("--ascii", action="store_true", help="plain ASCII card faces")
    args = parser.parse_args(argv)
    path = Path(args.file)
    # a file name is shown as text: nothing in it acts on the terminal
    name = "".join(c if c.isprintable() else "?" for c in str(path))

    def refuse(why: str) -> int:
        print(f"ginrummies: {name} cannot be replayed: {why}", file=sys.stderr)
        return 2

    from .play.session import Session

    try:
        text = read_capped(path, SIZE_LIMIT).decode("utf-8")
    except UnfitFile as exc:
        return refuse(f"{exc}.")
    except OSError as exc:
        print(f"ginrummies: cannot read {name}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    except UnicodeDecodeError:
        return refuse("it is not a replay file (it holds bytes that are not text).")
    try:
        saved = parse(text)
        game = replay(saved)
        Session.seats_from(saved.seats, saved.format.seats)
    except SaveError as exc:
        return refuse(f"{exc.plain}. (Details: {exc}.)")
    except Exception as exc:  # whatever a file holds: a message, not a traceback
        return refuse(f"its players are not readable ({str(exc)[:200]}).")
    if saved.format.seats != 2:
        return refuse(f"{saved.format.title} is replayed in the app from a later release.")
    if not game.is_over:
        folder = os.environ.get(ENV_DATA_DIR)
        if folder:
            stats_path = Path(folder) / STATS_NAME
        else:
            from platformdirs import user_data_dir

            stats_path = Path(user_data_dir("ginrummies", appauthor=False)) / STATS_NAME
        if recorded_status(stats_path, saved.game_id) != "abandoned":
            return refuse(
                "this game is still in progress. Finish it (ginrummies --continue), or leave "
                "it for a new game, and replay it when it is over: a replay shows both hands "
                "face up."
            )
    from .store import Settings
    from .tui.app import GinApp

    settings = Settings(card_style="ascii") if args.ascii else Settings()
    GinApp(settings, replay=saved).run()
    return 0


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
    from .play.keeper import BUSY, FOLDER, Keeper
    from .play.printable import printable
    from .play.session import Session, format_seats
    from .play.tell import score_board
    from .store.files import FolderError, data_dir
    from .store.saves import SaveError
    from .textplay import Quit, play

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

    problems: dict[str, str] = {}

    def warn(message: str, kind: str) -> None:
        problems.setdefault(kind, message)
        if args.resume and kind in (BUSY, FOLDER):
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
                if BUSY in problems
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
            where = f"{saved.rules.name}" + (
                f", {saved.format.title}" if saved.format is not Format.TWO else ""
            )
            try:
                answer = ""
                while answer not in ("c", "n"):
                    answer = ask(
                        f"A game of {where} is saved. Continue it (c), or leave it and "
                        "start the new one (n)? "
                    )[:1].lower()
            except Quit:
                print("\nNothing changed: the saved game waits (ginrummies text --continue).")
                return 0
            resume = answer == "c"
            if not resume:
                keeper.leave(saved)
                print("(The saved game was left for this one; it counts as abandoned.)")
        if resume:
            assert saved is not None
            names = ("format", "target", "people", "opponent", "seed", "hot_seat")
            given = [f"--{n.replace('_', '-')}" for n in names if _given(args, n)]
            if given:
                print(
                    f"(The saved game goes on with its own players and rules: "
                    f"{', '.join(given)} would apply to a new game.)"
                )
            session = Session.from_saved(saved)
            board = score_board(session.game, session.names)
            say(f"Continuing {session.log[0][:-1]}: {board}.")
        else:
            seed = args.seed if args.seed is not None else secrets.randbelow(10**6)
            seats = format_seats(fmt, people, args.opponent)
            session = Session(rules, seats, seed, format=fmt, target=args.target)
        session.on_change = keeper.keep
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
            play(session, ask, say, clear)
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
