"""The options the commands share: the game's, ``--format`` and ``--people``,
and what they mean for a game.

A leaf of the command line: it imports nothing from the rest of ``cli``, nor
``sim`` or ``web``, so that ``ginrummies sim`` and ``ginrummies serve``
take their options from here without importing the command that starts them.
"""

from __future__ import annotations

import argparse

from ..core import LEVELS, PRESETS, Format, preset


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
