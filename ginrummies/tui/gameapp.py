"""What the screens may ask of the app, typed: the person's settings, whether
a game is under way or saved, and what only the app does (begin a game, go back
to the menu, write a replay).

The screens import this class and not the app (``app.GinApp``), which imports
the screens; ``gin_app(node)`` gives a widget its app as this type.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, cast

from textual.app import App
from textual.dom import DOMNode
from textual.reactive import reactive

from ..core import Format, RuleSet
from ..play.keeper import Keeper
from ..store import CardStyle, Settings

if TYPE_CHECKING:
    # the session (and the bots it brings) is imported when a game starts,
    # not with the app: the menu shows sooner (benchmarks/startup.py)
    from ..play.place import Place
    from ..play.runner import Runner
    from ..play.session import Seat, Session
    from ..store.saves import Saved
    from ..store.stats import Stats
    from .handstate import HandState


class GameApp(App[None]):
    """The game's app, as the screens see it (``GinApp`` is the one that runs)."""

    settings: Settings
    session: Session | None  # the game in progress: the one saved
    runner: Runner | None  # what runs it (its computers play)
    keeper: Keeper | None
    hand_state: tuple[Place, HandState] | None  # see kept_state
    data_dir: Path | None  # where games are saved (None: nowhere)
    seed: int | None  # the seed new games are dealt with (``--seed``; None: a random one)
    # the settings every card widget follows (``CardInk``)
    card_style: reactive[CardStyle] = reactive(CardStyle.UNICODE)
    four_colour: reactive[bool] = reactive(False)

    @property
    def stats(self) -> Stats | None:
        return self.keeper.stats if self.keeper is not None else None

    @property
    def saving(self) -> bool:
        """Whether games are saved (not while another copy saves in the folder)."""
        return self.keeper is not None and self.keeper.saving

    @property
    def not_saving(self) -> bool:
        """Whether games would be saved but cannot be (the folder is held by
        another copy, or cannot be written): the table says so all along."""
        return self.keeper is not None and not self.keeper.saving

    def has_game(self) -> bool:
        return self.session is not None and not self.session.game.is_over

    def start_game(
        self,
        rules: RuleSet,
        seats: Sequence[Seat],
        seed: int,
        fmt: Format = Format.TWO,
        target: int | None = None,
    ) -> None:
        """The new-game form's Start (asks first if a game is in progress);
        ``target``: a house rule's, over the format's own."""
        from ..play.session import Session

        self.start_session(Session(rules, seats, seed, format=fmt, target=target))

    def change_settings(self, settings: Settings) -> None:
        """Use ``settings`` from now on (``GinApp`` also saves them and shows their looks)."""
        self.settings = settings

    def start_session(
        self,
        new: Session,
        show: Callable[[Session], None] | None = None,
        leaving: Session | None = None,
    ) -> None:
        """Start ``new`` (the app asks first if a game is in progress, unless
        ``leaving`` says the person chose to leave it already); ``show``:
        how its table opens."""
        raise NotImplementedError(f"{type(self).__name__} cannot start games")

    def next_hand(self, session: Place) -> None:
        """The person has seen the hand's result: on to the next hand (at a
        table across machines, once everyone has seen it)."""
        session.next_hand()

    def show_table(self, session: Session) -> None:
        """The table of ``session``, over the screens shown."""
        raise NotImplementedError(f"{type(self).__name__} shows no tables")

    def kept_state(self, session: Place) -> HandState:
        """The person's picks in ``session``'s hand (cursor, marks, sort),
        kept while the table's screen comes and goes."""
        raise NotImplementedError(f"{type(self).__name__} keeps no picks")

    def table_to_rejoin(self) -> str:
        """The code of the table this machine sat at last, whose game goes
        on ("" if none, or a table is open here now): the menu's way back."""
        return ""

    def another_game(self, session: Session) -> None:
        """The next game of the match after ``session`` (the result's ``a``):
        the same players, the captaincy passed on (RULES.md 6)."""
        self.start_session(session.another(secrets.randbelow(10**6)))

    def back_to_lobby(self) -> None:
        """The screens over a table's lobby closed (the menu, with no lobby)."""
        self.show_menu()

    def in_lobby(self, session: Place) -> bool:
        """Whether ``session``'s table has a lobby under it (a table across
        machines), where Escape goes rather than the menu."""
        return False

    def continue_game(self) -> None:
        """The menu's Continue: the game in progress, where it was."""
        raise NotImplementedError(f"{type(self).__name__} continues no games")

    def watch_session(self, session: Session) -> None:
        """``session`` is the game in progress: run, and saved after every change."""
        raise NotImplementedError(f"{type(self).__name__} runs no games")

    def record(self, session: Session, abandoned: bool = False) -> None:
        """The game so far in the statistics."""
        if self.keeper is not None:
            self.keeper.record(session, abandoned)

    def show_menu(self) -> None:
        """Back to the menu, whatever is above it."""
        raise NotImplementedError(f"{type(self).__name__} has no menu")

    def export_replay(self, text: str, variant: str, seed: int) -> Path | None:
        """Write a replay file; None if it failed (the person was told why)."""
        raise NotImplementedError(f"{type(self).__name__} keeps no replays")

    def show_review(self, saved: Saved, focus: tuple[int, int] | None = None) -> None:
        """The review of the game ``saved``, over the screens shown (``focus``:
        the (hand, move) to choose once rated)."""
        raise NotImplementedError(f"{type(self).__name__} reviews no games")


def gin_app(node: DOMNode) -> GameApp:
    """``node``'s app as the game's (Textual types ``node.app`` as any app)."""
    return cast(GameApp, node.app)
