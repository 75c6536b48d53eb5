"""The ``ginrummies`` command line: ``main`` sends each command to its module.

- ``app``: ``ginrummies`` itself, the Textual app;
- ``text``: ``ginrummies text``, the plain-text game;
- ``replay``: ``ginrummies replay FILE``;
- ``review``: ``ginrummies review FILE``, a finished game's decisions rated
  (imported only when asked for: it brings the bots);
- ``options``: the options the commands share, a leaf that ``sim`` and
  ``web.serve`` import without importing the rest of the command line.

``ginrummies sim`` (``sim``) and ``ginrummies serve`` (``web.serve``) are
imported only when asked for.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Sequence

from .app import SERVED_LOCK_WAIT, app_main, build_parser
from .options import (
    FORMAT_HELP,
    add_format_option,
    add_game_options,
    add_people_option,
    people_for,
    starts_a_game,
    variant_for,
)
from .replay import replay_main
from .text import TEXT_EXAMPLES, build_text_parser, text_description, text_main

__all__ = [
    "FORMAT_HELP",
    "SERVED_LOCK_WAIT",
    "TEXT_EXAMPLES",
    "add_format_option",
    "add_game_options",
    "add_people_option",
    "app_main",
    "build_parser",
    "build_text_parser",
    "main",
    "people_for",
    "replay_main",
    "starts_a_game",
    "text_description",
    "text_main",
    "variant_for",
]


def main(argv: Sequence[str] | None = None) -> int:
    """The ``ginrummies`` console script: the command named first, else the app."""
    args_in = list(sys.argv[1:] if argv is None else argv)
    if args_in[:1] == ["sim"]:
        from .sim import main as sim_main

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
    if args_in[:1] == ["review"]:
        from .review import review_main

        try:
            return review_main(args_in[1:])
        except KeyboardInterrupt:
            print(file=sys.stderr)
            return 130
        except BrokenPipeError:  # | head: stop quietly, as a filter
            with contextlib.suppress(OSError, ValueError):
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return 0
    if args_in[:1] in (["host"], ["join"]):
        from .tables import host_main, join_main

        run = host_main if args_in[0] == "host" else join_main
        return run(args_in[1:])
    if args_in[:1] == ["serve"]:
        from ..web.serve import serve_main

        return serve_main(args_in[1:])
    args = build_parser().parse_args(args_in)
    return app_main(args)
