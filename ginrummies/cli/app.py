"""``ginrummies``: the Textual app, its options and its start."""

from __future__ import annotations

import argparse
import secrets
import sys
from typing import TYPE_CHECKING, Any

from .. import __version__
from ..core import PRESETS, Format, Level, RulesError, preset
from ..play.printable import printable
from ..store import THEMES, CardStyle
from .options import (
    add_format_option,
    add_game_options,
    add_people_option,
    people_for,
    starts_a_game,
    variant_for,
)

if TYPE_CHECKING:
    from ..tui.themes import ThemeBook

# how long a browser tab's app waits for the folder a closing tab still holds
SERVED_LOCK_WAIT = 3.0


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
            "ginrummies replay FILE: watch an exported game again, every hand face up. "
            "ginrummies review FILE: every decision of a finished game rated "
            "(ginrummies review --coach: your accuracy over time and costly habits). "
            "ginrummies host: open a table for friends on other machines; "
            "ginrummies join ADDRESS CODE: sit down at one. "
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
    parser.add_argument("--theme", metavar="NAME", default=None, help=theme_help("felt"))
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


def app_main(args: argparse.Namespace) -> int:
    """The Textual app."""
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
    seed = args.seed if args.seed is not None else secrets.randbelow(10**6)
    session = None
    if at_once:
        # here, not with the others: the session brings the bots, which the
        # menu does not need (benchmarks/startup.py)
        from ..play.session import Session, format_seats

        rules = preset(args.rules or variant_for(fmt, default_variant(args)))
        seats = format_seats(fmt, people, Level(args.opponent))
        session = Session(rules, seats, seed, format=fmt)
    return run_app(args, session=session, resume=args.resume, seed=args.seed)


def default_variant(args: argparse.Namespace) -> str:
    """The person's default variant, from their settings."""
    from ..store.files import config_dir
    from ..store.settings import SETTINGS_NAME, load_settings

    try:
        settings, _ = load_settings(config_dir(args.data_dir) / SETTINGS_NAME)
    except OSError:
        return "gin"
    return settings.default_rules


def theme_help(default: str) -> str:
    """What ``--theme`` takes: a built-in theme, or one of the player's own."""
    return (
        f"colour theme: {', '.join(THEMES)}, or one of your own (a theme file in the "
        f"themes folder of your config folder: see the README; default: {default})"
    )


def theme_refused(name: str, book: ThemeBook) -> str:
    """Why ``--theme name`` cannot be used, and what can, in a few sentences."""
    where = f"; yours go in {book.folder}" if book.folder is not None else ""
    lines = [
        f"--theme {printable(name, lines=False)}: {book.why_not(name)}. "
        f"The themes are {', '.join(book.names)}{where}.",
        *(p for p in book.problems if f" {name}.toml " not in p),
    ]
    return "\n".join(lines)


def fail(message: str) -> int:
    print(f"ginrummies: {message}", file=sys.stderr)
    return 2


def run_app(args: argparse.Namespace, **options: Any) -> int:
    """The Textual app on the data folder ``--data-dir`` names, with the
    settings (and ``--theme``, ``--ascii``) there, and ``options`` for ``GinApp``."""
    import dataclasses

    from ..store.files import LOCK_NAME, FolderError, FolderLock, config_dir, data_dir
    from ..store.settings import SETTINGS_NAME, load_settings
    from ..store.themefiles import user_folder
    from ..tui.app import GinApp
    from ..tui.themes import load_themes

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
    themes = load_themes(user_folder(settings_path.parent))
    if args.theme:
        if args.theme not in themes.themes:
            return fail(theme_refused(args.theme, themes))
        # the theme files left out, and the themes hard to read: said here,
        # where --theme is given, and on the settings screen
        for problem in themes.problems:
            print(f"ginrummies: {printable(problem)}", file=sys.stderr)
        settings = dataclasses.replace(settings, theme=args.theme)
    if args.ascii:
        settings = dataclasses.replace(settings, card_style=CardStyle.ASCII)
    app = GinApp(
        settings,
        data_dir=folder,
        settings_path=settings_path,
        problems=problems,
        themes=themes,
        **options,
    )
    app.run()
    for message in app.said_at_close:  # e.g. statistics a lock kept out as it closed
        print(f"ginrummies: {printable(message)}", file=sys.stderr)
    return 0
