"""The Textual app: menu, new game, the table, rules and settings."""

from __future__ import annotations

import dataclasses
import ssl
import time
from collections.abc import Callable, Coroutine, Iterable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from textual import events, on
from textual.app import SystemCommand
from textual.await_complete import AwaitComplete
from textual.filter import LineFilter
from textual.screen import Screen
from textual.theme import Theme as TextualTheme
from textual.theme import ThemeProvider

from ..play import news as told
from ..play.keeper import Keeper, Trouble
from ..play.keys import MOVES
from ..play.printable import printable
from ..play.tell import cut_answers, cut_question, score_board, unit
from ..store import CardStyle, Settings
from ..store.files import data_dir, move_aside, write_atomic
from ..store.saves import Saved, SaveError, parse
from ..store.settings import save_settings
from .ascii import AsciiFilter
from .gameapp import GameApp
from .messages import LobbyClosed, LobbyLeave, LobbyToTable, TableNews
from .screens.base import done, on_top
from .screens.choice import ChoiceScreen
from .screens.menu import MenuScreen
from .screens.palette import Palette
from .themes import STYLESHEET, ThemeBook, default_theme, load_themes

# The table's screen, the replay's and the session (with the bots) are
# imported where a game or a replay is shown, not with the app: the menu
# shows sooner without them (benchmarks/startup.py)
if TYPE_CHECKING:
    from ..net.plan import HostPlan
    from ..play.place import Place
    from ..play.remote import RemoteSession
    from ..play.runner import Runner
    from ..play.session import Session
    from ..store.stats import Stats
    from .hosting import Hosting
    from .joining import Joining, JoinPlan
    from .seatview import HandState

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


class GinApp(GameApp):
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
        self.hand_state: tuple[Session, HandState] | None = None  # see show_table
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
            self.run_worker(self.open_hosted(self.host_plan), group="table")
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

    @property
    def stats(self) -> Stats | None:
        return self.keeper.stats if self.keeper is not None else None

    @property
    def saving(self) -> bool:
        """Whether games are saved (not while another copy saves in the folder)."""
        return self.keeper is not None and self.keeper.saving

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

    def record(self, session: Session, abandoned: bool = False) -> None:
        if self.keeper is not None:
            self.keeper.record(session, abandoned)

    def export_replay(self, text: str, variant: str, seed: int) -> Path | None:
        """Write a replay file into the data folder's replays/; None if it failed."""
        if self.data_dir is None:
            self.notify("There is no data folder to write the replay to.", severity="error")
            return None
        stamp = time.strftime("%Y-%m-%d-%H%M%S")
        plain = "-".join("".join(c if c.isalnum() else " " for c in variant.lower()).split())
        name = f"{stamp}-{plain}-{seed}.json"
        path = self.data_dir / "replays" / name
        try:
            write_atomic(path, text)
        except OSError as exc:
            self.notify(f"The replay could not be written: {exc}", severity="error", timeout=15)
            return None
        if self.is_web:  # in a browser: to the person's own downloads as well
            self.deliver_text(path, save_filename=name, mime_type="application/json")
            where = f"Downloaded, and saved on the server as {path}"
        else:
            where = f"Saved as {path}"
        self.notify(f"{where}\nginrummies replay {path} plays it back.", title="Replay")
        return path

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

    # --- screenshots -------------------------------------------------------------

    def deliver_screenshot(
        self, filename: str | None = None, path: str | None = None, time_format: str | None = None
    ) -> str | None:
        """The palette's Screenshot: an SVG of the screen, saved in the data
        folder's screenshots/ (``path``: in that folder instead), and the
        file it was saved as said; or why it could not be, and where it was
        tried. Textual's went to a Downloads folder that may not be there
        and said only "Failed to save screenshot". In a browser, Textual's
        own: the picture is downloaded."""
        if self.is_web:
            return super().deliver_screenshot(filename, path, time_format)
        svg = self.export_screenshot()
        tried: Path | None = None
        try:
            folder = Path(path) if path is not None else self.screenshots_folder()
            tried = folder / (filename or free_name(folder, "ginrummies", ".svg"))
            write_atomic(tried, svg)
        except OSError as exc:
            where = f" as {tried}" if tried is not None else ""
            self.notify(
                f"The screenshot could not be saved{where}: {exc.strerror or exc}",
                title="Screenshot",
                severity="error",
                timeout=15,
            )
            return None
        self.notify(f"Saved as {tried}", title="Screenshot", timeout=10)
        return None

    def screenshots_folder(self) -> Path:
        """The data folder's screenshots/: the app's, else the one the
        command line would use ($GINRUMMIES_DATA_DIR or the user's data
        folder, made if need be: OSError if it cannot be)."""
        return (self.data_dir if self.data_dir is not None else data_dir()) / "screenshots"

    def on_delivery_complete(self, event: events.DeliveryComplete) -> None:
        """A screenshot downloaded in a browser, said in plain words
        (Textual's notice is markup, and notifications here are plain text)."""
        if event.name == "screenshot":
            event.prevent_default()
            self.notify("The screenshot was downloaded.", title="Screenshot")

    def on_delivery_failed(self, event: events.DeliveryFailed) -> None:
        """A screenshot that could not be downloaded, and why."""
        if event.name == "screenshot":
            event.prevent_default()
            self.notify(
                f"The screenshot could not be downloaded: {event.exception}",
                title="Screenshot",
                severity="error",
                timeout=15,
            )

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

    # --- games -------------------------------------------------------------------

    def start_session(self, new: Session, show: Callable[[Session], None] | None = None) -> None:
        """Start ``new``; a game in progress is never replaced without the
        person's word: they choose to continue it or to leave it. ``show``:
        how the new game's table opens (default: over the menu)."""
        old = self.session
        if old is None or old.game.is_over:
            self._begin(new, show=show)
            return
        game = old.game
        where = (
            f"{old.title}, {unit(game).lower()} {len(game.rounds)}: {score_board(game, old.names)}"
        )

        def answered(choice: int | None) -> None:
            if choice == 0:
                self.show_menu()
                self.show_table(old)
            elif choice == 1:
                self._begin(new, leaving=old, show=show)
            # Esc: nothing changes; the game in progress stays where it was

        self.push_screen(
            ChoiceScreen(
                f"A game is in progress ({where}). Start {new.title} instead?",
                [
                    "Continue the game in progress",
                    "Leave it (it counts as abandoned) and start the new game",
                ],
            ),
            answered,
        )

    def _begin(
        self,
        session: Session,
        leaving: Session | None = None,
        show: Callable[[Session], None] | None = None,
    ) -> None:
        """The one place a new game takes the save's place, once each person
        who won a cut has chosen to deal or play first (RULES.md 1). The
        game it replaces, ``leaving``, counts as abandoned only then: until
        the new one begins, it is the one saved, and it can be continued."""
        winners = session.cut_choosers()
        if any(session.here(seat) or seat in session.deal_chosen for seat in winners):
            self._choose_deal(session, (), leaving, show)
            return
        if leaving is not None:
            self.record(leaving, abandoned=True)  # it shows in the statistics as left
        self.session = session
        self.watch_session(session)
        if show is not None:
            show(session)
            return
        self.show_menu()
        self.show_table(session)

    # --- tables across machines ---------------------------------------------------

    async def open_hosted(self, plan: HostPlan) -> None:
        """Open the table ``ginrummies host`` asked for, and its lobby."""
        from .hosting import Hosting
        from .screens.lobby import LobbyScreen

        hosting = Hosting(plan)
        hosting.folder = self.data_dir if self.saving else None
        if not await hosting.open():
            self.notify(
                hosting.problem, title="The table could not be opened", severity="error", timeout=60
            )
            return
        self.hosting = hosting
        hosting.listen(self.heard_from_table)
        self.push_screen(LobbyScreen(hosting))
        if hosting.started():  # a game taken up again (--continue): its table at once
            self.session = hosting.session
            self.watch_session(hosting.session)
            self.show_table(hosting.session)

    def hosted_start(self) -> None:
        """The host pressed Start in the lobby: the game begins (a local
        game in progress is not dropped without a word)."""
        hosting = self.hosting
        assert hosting is not None

        def show(session: Session) -> None:
            hosting.begun()
            self.show_table(session)

        self.start_session(hosting.session, show=show)

    def next_hand(self, session: Place) -> None:
        """The hand's result seen: the next hand, or at a table this app
        hosts, the host's word that it is ready (dealt once all are)."""
        hosting = self.hosting
        if hosting is not None and session is hosting.session:
            hosting.ready_here()
            return
        session.next_hand()

    def close_hosted(self) -> None:
        """Escape in the host's lobby: close the table, after a word."""
        hosting = self.hosting
        if hosting is None:
            return
        kept = (
            "The game is saved: ginrummies host --continue takes it up again. "
            if (hosting.started() and not hosting.session.game.is_over)
            else ""
        )
        self.end_table(
            f"Close the table? {kept}Everyone seated is sent away.",
            ("Keep the table open", "Close the table"),
            ask=True,
        )

    def end_table(self, question: str, options: tuple[str, str], ask: bool) -> None:
        """Leave the table across machines this app hosts or sits at, once
        the person says so (``ask``), and go back to the menu."""
        hosting, joining = self.hosting, self.joining

        def answered(choice: int | None) -> None:
            if choice == 1 and (self.hosting, self.joining) == (hosting, joining):
                self.leaving_table = True  # for good: a seat elsewhere is given up
                self.show_menu()  # the lobby closes, and with it the table (drop_tables)

        if ask:
            self.push_screen(ChoiceScreen(question, list(options)), answered)
        else:
            answered(1)

    def drop_tables(self) -> None:
        """The lobby has closed: so has the table across machines (the one
        hosted here closes, kept for --continue; a seat taken elsewhere is
        given to a computer only if the person said to leave it)."""
        for closing in self.closing_tables():
            self.run_worker(closing, group="table")

    def closing_tables(self) -> list[Coroutine[Any, Any, None]]:
        """What closes the table across machines this app hosts or sits
        at, which it forgets."""
        hosting, joining = self.hosting, self.joining
        leaving, self.leaving_table = self.leaving_table, False
        self.hosting = self.joining = None
        out = []
        if hosting is not None:
            out.append(hosting.close())
        if joining is not None:
            # only a person who said so gives the seat up; the app closed (a
            # tab reloaded) keeps it, and joining again takes it back
            over = joining.session is not None and joining.session.game.is_over
            out.append(joining.close(leave=leaving and not over))
        return out

    def ask_to_join(self) -> None:
        """The menu's Join: where and as whom, then the table's lobby."""
        from ..net.plan import login_name
        from .joining import JoinPlan
        from .screens.joinform import JoinForm

        def answered(given: tuple[str, str, str] | None) -> None:
            if given is None:
                return
            address, code, name = given
            tls = ssl.create_default_context() if address.startswith("wss://") else None
            self.open_joined(JoinPlan(address, code, name, tls))

        self.push_screen(JoinForm(login_name()), answered)

    def open_joined(self, plan: JoinPlan) -> None:
        """Sit down at the table ``ginrummies join`` named: its lobby first."""
        from .joining import Joining
        from .screens.lobby import LobbyScreen

        joining = Joining(plan)
        joining.folder = self.data_dir if self.saving else None
        self.joining = joining
        joining.listen(self.heard_from_table)
        self.push_screen(LobbyScreen(joining))
        self.run_worker(joining.run(), group="table")

    def heard_from_table(self, news: told.News) -> None:
        """The news of the table across machines, as a message to the app."""
        self.post_message(TableNews(news))

    @on(TableNews)
    def table_news(self, message: TableNews) -> None:
        """What the table across machines said: shown, or acted on."""
        hosting, joining = self.hosting, self.joining
        match message.news:
            case told.LobbyNews():  # the lobby listens for itself; the table shows it too
                runner = self.runner
                if hosting is not None and runner is not None and runner.session is hosting.session:
                    runner.nudge()
            case told.Begin():
                if hosting is not None:
                    self.hosted_start()
            case told.Started(session=seat):
                self.joined_table(seat)
            case told.Note(text=text, bad=bad):
                self.notify(text, severity="warning" if bad else "information", timeout=10)
            case told.Gone(why=why):
                self.notify(why, title="Table across machines", severity="error", timeout=30)
            case told.GameOver(game=game):
                self.keep_joined(game)
            case told.Question(question=question, answers=answers):
                if joining is not None:
                    self.ask_deal(joining, question, answers)

    def ask_deal(self, joining: Joining, question: str, answers: tuple[str, ...]) -> None:
        """The cut won at a table elsewhere: deal or play first, sent to its host."""

        def answered(choice: int | None) -> None:
            joining.deal(choice == 1)

        self.push_screen(ChoiceScreen(question, list(answers), cancel=False), answered)

    @on(LobbyToTable)
    def lobby_to_table(self) -> None:
        if self.hosting is not None:
            self.show_table(self.hosting.session)
        elif self.joining is not None and self.joining.session is not None:
            self.joined_table(self.joining.session)

    @on(LobbyLeave)
    def lobby_left(self) -> None:
        if self.hosting is not None:
            self.close_hosted()
        else:
            self.leave_joined()

    @on(LobbyClosed)
    def lobby_closed(self) -> None:
        self.drop_tables()

    def keep_joined(self, game: str) -> None:
        """A game played at a table elsewhere, over: in this machine's statistics."""
        from ..play.saving import from_saved

        try:
            self.record(from_saved(parse(game)))
        except (SaveError, ValueError) as exc:
            self.notify(str(exc), title="The game could not be kept", severity="error")

    def joined_table(self, session: RemoteSession | None) -> None:
        from .screens.table import TableScreen

        if session is None:
            return
        self.push_screen(TableScreen(session))

    def leave_joined(self) -> None:
        joining = self.joining
        if joining is None:
            return
        over = joining.session is not None and joining.session.game.is_over
        after = (
            "A computer takes your seat for the rest of the game."
            if joining.session is not None
            else "Your seat is open again for someone else."
        )
        self.end_table(
            f"Leave the table? {after}",
            ("Stay at the table", "Leave the table"),
            ask=not over and joining.seated is not None,
        )

    def show_table(self, session: Session) -> None:
        """The table of ``session``, over the screens shown."""
        from .screens.table import TableScreen  # here: see above TYPE_CHECKING
        from .seatview import HandState

        # back from the menu to the same game, the cursor, marks and sort are
        # where the person left them
        kept = self.hand_state
        state = kept[1] if kept is not None and kept[0] is session else HandState()
        self.hand_state = (session, state)
        runner = self.runner if session is self.session else None
        self.push_screen(TableScreen(session, state, runner))

    def _choose_deal(
        self,
        session: Session,
        answers: tuple[bool, ...],
        leaving: Session | None,
        show: Callable[[Session], None] | None = None,
    ) -> None:
        """Ask the winner of the next cut, a person, to deal or play first;
        once all are asked, begin the game as they chose."""
        winners = session.cut_choosers()
        n = len(answers)
        if n == len(winners):
            session.choose_deal(answers)
            self._begin(session, leaving, show)
            return
        if not session.here(winners[n]):  # a computer makes the other deal; one elsewhere chose
            chosen = session.deal_chosen.get(winners[n], False)
            self._choose_deal(session, (*answers, chosen), leaving, show)
            return

        def answered(choice: int | None) -> None:
            self._choose_deal(session, (*answers, choice == 1), leaving, show)

        game, names = session.game, session.names
        # over the menu: the form (or the last game) is done with, and the
        # table cannot be shown before the choice, as it deals the hands
        if show is None:
            self.show_menu()
        self.push_screen(
            ChoiceScreen(
                cut_question(game, n, names), list(cut_answers(game, n, names)), cancel=False
            ),
            answered,
        )

    def continue_game(self) -> None:
        # from the menu only: a second Enter already on its way does nothing
        if self.session is not None and isinstance(self.screen, MenuScreen):
            self.show_table(self.session)

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

    # --- the command palette -----------------------------------------------------

    def action_command_palette(self) -> None:
        """Ctrl+P: the palette, as ``Palette`` (closing, it closes nothing else)."""
        if self.use_command_palette and not isinstance(self.screen, Palette):
            self.push_screen(Palette())

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        palette = next((s for s in self.screen_stack if isinstance(s, Palette)), None)
        for command in self.commands(screen):
            yield command._replace(callback=partial(self.run_command, screen, palette, command))

    def run_command(
        self, screen: Screen[Any], palette: Palette | None, command: SystemCommand
    ) -> None:
        """Run ``command``, chosen in the palette opened over ``screen``: once
        (an Enter still on its way to the palette after it closed chooses it
        again), and only while ``screen`` is in front (it may have closed
        meanwhile: a hint asked of a table that has gone failed)."""
        if (palette is not None and palette.ran) or not on_top(screen):
            return
        if palette is not None:
            palette.ran = True
        command.callback()

    def commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The palette's commands over ``screen``: Textual's (its theme picker
        offers the game's themes) and the table's."""
        yield from super().get_system_commands(screen)
        from .screens.table import TableScreen  # here: see above TYPE_CHECKING

        if isinstance(screen, TableScreen):
            for move in MOVES:
                if not move.applies(screen.session.rules):
                    continue
                now = "" if screen.legal_of(move.name) else " (not possible now)"
                yield SystemCommand(
                    move.words.capitalize(),
                    f"key {move.key}{now}",
                    partial(screen.command, move.name),
                    discover=not now,
                )
            yield SystemCommand("Undo", "key u: take back your last move", screen.action_undo)
            yield SystemCommand("Sort the hand", "key s", screen.action_sort)
            yield SystemCommand("Hint", "key ?", screen.action_hint)
            yield SystemCommand("Show or hide the moves", "key v", screen.action_log)
            yield SystemCommand("Help and rules", "key F1", screen.action_help)


def free_name(folder: Path, stem: str, suffix: str) -> str:
    """A file name in ``folder`` not yet taken: ``stem``, the date and time,
    a number if two are made in the same second, and ``suffix``."""
    stamp = f"{stem}-{time.strftime('%Y-%m-%d-%H%M%S')}"
    n = 1
    name = f"{stamp}{suffix}"
    while (folder / name).exists():
        n += 1
        name = f"{stamp}-{n}{suffix}"
    return name
