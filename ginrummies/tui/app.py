"""The Textual app: its settings and themes, the keeper, and which game is
open. Its games (``app_games``), its tables across machines
(``app_tables``) and its files (``app_files``) are classes of their own."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from textual.await_complete import AwaitComplete
from textual.filter import LineFilter
from textual.theme import Theme as TextualTheme
from textual.theme import ThemeProvider

from ..play.keeper import Keeper, Trouble
from ..play.printable import printable
from ..store import CardStyle, Settings
from ..store.files import move_aside
from ..store.saves import Saved, SaveError
from ..store.settings import save_settings
from .app_commands import CommandsApp
from .app_files import FilesApp
from .app_games import GamesApp
from .app_tables import TablesApp
from .ascii import AsciiFilter
from .gameapp import GameApp
from .screens.base import done
from .screens.menu import MenuScreen
from .screens.palette import Palette
from .themes import STYLESHEET, ThemeBook, default_theme, load_themes

# The table's screen, the replay's and the session (with the bots) are
# imported where a game or a replay is shown, not with the app: the menu
# shows sooner without them (benchmarks/startup.py)
if TYPE_CHECKING:
    from ..net.hosting import Hosting
    from ..net.joining import Joining, JoinPlan
    from ..net.plan import HostPlan
    from ..play.place import Place
    from ..play.runner import Runner
    from ..play.session import Session
    from .handstate import HandState

Severity = Literal["information", "warning", "error"]


@dataclass(frozen=True, slots=True)
class Notice:
    """How the app shows a kind of trouble: a notification's title, colour
    and seconds on screen."""

    title: str  # "": the message says it all
    severity: Severity
    seconds: int


# how each of the keeper's problems is shown
WARNINGS: dict[Trouble, Notice] = {
    Trouble.FOLDER: Notice(title="Data folder", severity="error", seconds=20),
    Trouble.BUSY: Notice(title="Already running", severity="warning", seconds=20),
    Trouble.SAVE: Notice(title="", severity="error", seconds=15),
    Trouble.STATS: Notice(title="Statistics", severity="error", seconds=15),
    Trouble.STATS_NOTE: Notice(title="Statistics", severity="warning", seconds=15),
}


class GinApp(TablesApp, GamesApp, FilesApp, CommandsApp):
    """ginrummies: Gin Rummy and its relatives in the terminal."""

    TITLE = "ginrummies"
    CSS_PATH = STYLESHEET
    ENABLE_COMMAND_PALETTE = True

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        session: Session | None = None,
        data_dir: Path | str | None = None,
        resume: bool = False,
        settings_path: Path | None = None,
        problems: Sequence[str] = (),
        replay: Saved | None = None,
        seed: int | None = None,
        host: HostPlan | None = None,
        join: JoinPlan | None = None,
        themes: ThemeBook | None = None,
    ) -> None:
        """``data_dir``: where the game is saved after every move and the
        statistics kept (None: nowhere). ``resume``: go straight to the saved
        game (``--continue``). ``settings_path``: where changed settings are
        written; ``problems``: what was wrong with them when read.
        ``replay``: show this game move by move, and nothing else.
        ``seed``: the seed the new-game form offers (``--seed`` without
        ``--rules``; None: a random one each time). ``host``: open a table
        for people on other machines (``ginrummies host``); ``join``: sit
        down at one (``ginrummies join``). ``themes``: the themes to offer,
        the player's with the built-in ones (default: the built-in ones).

        ``session`` is a game asked for at start (``--rules``): it begins at
        once, unless a saved game is still in progress, when the person is
        asked first and the save is left exactly as it is until they answer
        (with ``resume`` too, the game in progress simply goes on)."""
        super().__init__()
        self.settings = settings or Settings()
        self.session: Session | None = None  # the game in progress: the one saved
        self.runner: Runner | None = None  # what runs it (its computers play)
        self.requested = session
        self.data_dir = Path(data_dir) if data_dir is not None else None
        self.resume = resume
        self.settings_path = settings_path
        self.problems = list(problems)
        self.replay = replay
        self.seed = seed
        self.host_plan = host
        self.join_plan = join
        self.hosting: Hosting | None = None  # the table this app hosts
        self.joining: Joining | None = None  # the table this app sits at
        self.leaving_table = False  # the person said to leave it for good
        folder = self.data_dir
        self.closing = False
        self.said_at_close: list[str] = []  # the keeper's last words, for the terminal
        self.keeper = Keeper(folder, self.warn) if folder is not None else None
        self.ascii_filter = AsciiFilter()
        self.hand_state: tuple[Place, HandState] | None = None  # see kept_state
        # the game's themes and no others: each colours the cards, so the
        # palette's theme picker offers only themes made for the table
        self.theme_book = themes if themes is not None else load_themes(None)
        for name in list(self.available_themes):
            self.unregister_theme(name)
        for theme in self.theme_book.themes.values():
            self.register_theme(theme)
        self.theme_trouble = self._check_theme()
        self.theme = self.settings.theme
        self.set_reactive(GameApp.card_style, self.settings.card_style)
        self.set_reactive(GameApp.four_colour, self.settings.four_colour)

    def get_line_filters(self) -> Sequence[LineFilter]:
        """Textual's filters, and with ASCII cards the ASCII filter over everything."""
        filters = list(super().get_line_filters())
        if self.settings.card_style is CardStyle.ASCII:
            filters.append(self.ascii_filter)
        return filters

    def on_mount(self) -> None:
        self.theme_changed_signal.subscribe(self, self._theme_chosen)
        if self.replay is not None:
            from .screens.replay import ReplayScreen  # here: see above TYPE_CHECKING

            self.push_screen(ReplayScreen(self.replay, quit_on_leave=True))
            return
        self.push_screen(MenuScreen())
        if self.theme_trouble:
            self.notify(self.theme_trouble, title="Theme", severity="warning", timeout=20)
        if self.problems:
            self.notify(
                "\n".join(self.problems),
                title="Some settings were not valid and use their defaults",
                severity="warning",
                timeout=20,
            )
        if self.keeper is not None:
            self.keeper.open()
        if self.saving:
            self.load_saved()
        if self.host_plan is not None:
            self.host_when_asked(self.host_plan)
            return
        if self.join_plan is not None:
            self.open_joined(self.join_plan)
            return
        if self.resume and self.session is not None:  # --continue, before any new game
            self.show_table(self.session)
            return
        if self.requested is not None:  # a game given at start (--rules)
            self.start_session(self.requested)
            return
        if self.resume:
            self.notify("There is no game to continue.", severity="warning")

    # --- saving ------------------------------------------------------------------

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: Severity = "information",
        timeout: float | None = None,
        markup: bool = False,
    ) -> None:
        """Every notification is plain text: its words hold names, paths and
        messages from files, never markup (``markup`` is ignored), and
        nothing in them may act on the terminal."""
        super().notify(
            printable(message),
            title=printable(title),
            severity=severity,
            timeout=timeout,
            markup=False,
        )

    def action_help_quit(self) -> None:
        """Ctrl+C: how to quit, in plain words (Textual's own notice is
        markup, and every notification here is plain text)."""
        for key, active in self.active_bindings.items():
            if active.binding.action in ("quit", "app.quit"):
                shown = self.get_key_display(active.binding)
                self.notify(f"Press {shown or key} to quit the app.", title="Do you want to quit?")
                return

    def warn(self, message: str, kind: Trouble) -> None:
        """A problem of the data folder (play/keeper.py), said as a notification.

        Called from the keeper's statistics thread too: it only notifies
        (thread-safe in Textual); anything that touches a widget must be
        posted with ``call_later``, never waited for (the UI thread may be
        in ``keeper.close()``, waiting on that thread)."""
        if self.closing:  # no screen left to show it on: said after the app
            self.said_at_close.append(message)
            return
        notice = WARNINGS[kind]
        self.notify(message, title=notice.title, severity=notice.severity, timeout=notice.seconds)

    def load_saved(self) -> None:
        assert self.keeper is not None
        try:
            saved = self.keeper.saved()
            if saved is None:
                return
            from ..play.saving import from_saved  # here: see above TYPE_CHECKING

            session = from_saved(saved)
        except (SaveError, ValueError, KeyError) as exc:
            self.notify(
                str(exc), title="The saved game cannot be continued", severity="error", timeout=15
            )
            return
        if session.game.is_over:
            return
        self.session = session
        self.watch_session(session)

    def watch_session(self, session: Session) -> None:
        """``session`` is the game in progress: run by a runner of its own
        (the last game's stops), saved after every change."""
        from ..play.runner import Runner  # here: see above TYPE_CHECKING

        if self.runner is not None:
            self.runner.stop()
        self.runner = Runner(session, pace=lambda: self.settings.delay)
        self.runner.listen(lambda _change: self.autosave(session))
        self.autosave(session)

    def autosave(self, session: Session) -> None:
        """Called after every change: the save on disk is always the game on
        screen, and every finished hand is in the statistics."""
        if self.keeper is not None and session is self.session:
            self.keeper.keep(session)
        if self.hosting is not None and session is self.hosting.session:
            self.hosting.push()  # the seats elsewhere see the change too

    async def on_unmount(self) -> None:
        if self.runner is not None:
            self.runner.stop()
        # a table across machines still open (its lobby's word that it closed
        # comes as a message, which an app closing no longer reads)
        for closing in self.closing_tables():
            await closing
        if self.keeper is not None:
            self.closing = True  # what is said now is printed once the app is gone
            self.keeper.close()

    # --- statistics and replays -------------------------------------------------

    def show_review(self, saved: Saved, focus: tuple[int, int] | None = None) -> None:
        """The review of ``saved`` (a finished game), over the screens shown:
        its decisions rated in a worker, the costly ones listed (``focus``,
        a (hand, move), chosen once rated), and kept for the coach."""
        from .screens.review import ReviewScreen  # here: it brings the bots

        try:
            screen = ReviewScreen(saved, stats=self.stats, focus=focus)
        except (SaveError, ValueError) as exc:
            self.notify(str(exc), title="This game cannot be reviewed", severity="error")
            return
        self.push_screen(screen)

    # --- settings ----------------------------------------------------------------

    def _check_theme(self) -> str:
        """The settings' theme, if it is not there (its file was left out or
        is gone), replaced by the default for this run; what to tell the
        player, or ""."""
        name = self.settings.theme
        book = self.theme_book
        if name in book.themes:
            return ""
        instead = default_theme(book)
        self.settings = dataclasses.replace(self.settings, theme=instead)
        return f"Your theme {name} cannot be used: {book.why_not(name)}. The game uses {instead}."

    def apply_theme(self) -> None:
        if self.settings.theme in self.available_themes:
            self.theme = self.settings.theme

    def search_themes(self) -> None:
        """Textual's theme picker, in the palette that closes only itself."""
        self.push_screen(Palette(providers=[ThemeProvider], placeholder="Search for themes…"))

    def _theme_chosen(self, _theme: TextualTheme) -> None:
        """A theme chosen in the palette's picker is kept in the settings.
        The app's theme now decides, not the one the signal names: signals of
        changes made one after another arrive after the last change."""
        if self.theme != self.settings.theme:
            self.use_theme(self.theme)

    def change_settings(self, settings: Settings) -> None:
        redraw = settings.card_style != self.settings.card_style
        self.settings = settings
        if self.settings_path is not None:
            self.keep_invalid_settings()
            try:
                save_settings(self.settings_path, settings)
            except OSError as exc:
                self.notify(f"The settings could not be saved: {exc}", severity="error")
        self.apply_theme()
        self.card_style = settings.card_style
        self.four_colour = settings.four_colour
        if redraw:  # every line is drawn again, through the ASCII filter or not
            for screen in self.screen_stack:
                for widget in screen.walk_children(with_self=True):
                    widget.refresh()

    def keep_invalid_settings(self) -> None:
        """Before the settings are first written: a file that held values
        that were not valid (reported at the start) is kept aside as it was,
        byte for byte, so that nothing the person wrote there is lost (its
        comments, a name a little too long, a value misspelled)."""
        path = self.settings_path
        if not self.problems or path is None or not path.is_file():
            return
        self.problems = []  # once: what is written next is the app's own
        try:
            kept = move_aside(path, "invalid")
        except OSError as exc:
            self.notify(
                f"The settings file, with the values that were not valid, could not be "
                f"kept aside ({exc.strerror or exc}); it is written anew.",
                severity="warning",
            )
            return
        self.notify(
            f"The settings file had values that were not valid: it is kept as {kept.name} "
            "as it was, and the settings are written anew.",
            title="Settings",
            timeout=15,
        )

    def use_theme(self, theme: str) -> None:
        self.change_settings(dataclasses.replace(self.settings, theme=theme))

    def pop_screen(self) -> AwaitComplete:
        """Textual's pop, except that the app's first screen (the menu, or a
        replay on its own) never closes: under it is only Textual's empty
        screen, where no key works, so the game could be neither played,
        saved nor left. A pop asked for there comes from a key or a message
        that arrived late: it is logged, and the first screen stays."""
        if len(self.screen_stack) <= 2:
            self.log.warning(f"{self.screen!r} stays: it is the app's first screen")
            return done()
        if isinstance(self.screen, Palette):
            self.screen.closing()
        return super().pop_screen()

    def show_menu(self) -> None:
        """Back to the menu, whatever is above it."""
        while len(self.screen_stack) > 2 and not isinstance(self.screen, MenuScreen):
            self.pop_screen()
