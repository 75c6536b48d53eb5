"""The app's tables across machines: the one it hosts and the one it
sits at elsewhere, their news heard as messages (``TableNews``), the
lobby's requests (``LobbyToTable``, ``LobbyLeave``, ``LobbyClosed``)."""

from __future__ import annotations

import secrets
import ssl
from collections.abc import Coroutine
from typing import TYPE_CHECKING, Any

from textual import on

from ..core import LEVELS, Level
from ..play import news as told
from ..store.saves import SaveError, parse
from .gameapp import GameApp
from .messages import LobbyClosed, LobbyLeave, LobbyToTable, TableNews
from .screens.choice import ChoiceScreen

# the session, the table's screen and the network are imported where a
# game or a table is shown, not with the app (benchmarks/startup.py)
if TYPE_CHECKING:
    from ..net.hosting import Hosting
    from ..net.joining import Joining, JoinPlan
    from ..net.plan import HostPlan
    from ..play.place import Place
    from ..play.remote import RemoteSession
    from ..play.session import Session
    from .screens.hostform import HostChoice


class TablesApp(GameApp):
    """The table across machines this app hosts or sits at."""

    hosting: Hosting | None  # the table this app hosts
    joining: Joining | None  # the table this app sits at
    leaving_table: bool  # the person said to leave it for good
    join_typed: tuple[str, str, str] = ("", "", "")  # the join form's last address, code, name
    host_leaving: Session | None = None  # the game in progress the person left for the table

    def host_when_asked(self, plan: HostPlan) -> None:
        """Host ``plan``'s new table; over a game in progress, once the person
        says so: asked once, before a code is given out to anyone."""
        old = self.session
        if plan.code or old is None or old.game.is_over:  # --continue, or nothing to leave
            self.run_worker(self.open_hosted(plan), group="table")
            return

        def answered(choice: int | None) -> None:
            if choice == 1:
                self.host_leaving = old  # left when the new game begins, not asked again
                self.run_worker(self.open_hosted(plan), group="table")
            else:  # Esc too: the game in progress, and no table
                self.show_table(old)

        self.push_screen(
            ChoiceScreen(
                f"A game is in progress ({old.title}). Host a new table instead?",
                [
                    "Continue the game in progress (no table is opened)",
                    "Leave it (it counts as abandoned) and host the new table",
                ],
            ),
            answered,
        )

    async def open_hosted(self, plan: HostPlan) -> None:
        """Open the table ``ginrummies host`` asked for, and its lobby."""
        from ..net.hosting import Hosting
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

    def in_lobby(self, session: Place) -> bool:
        hosting, joining = self.hosting, self.joining
        return (hosting is not None and hosting.session is session) or (
            joining is not None and joining.session is session
        )

    def continue_game(self) -> None:
        """Continue from the menu; a game hosted here (seats played from other
        machines) opens its table again, code and seats as before, so that
        the friends who played it can come back (no one could move else)."""
        session = self.session
        if self.hosting is None and session is not None and getattr(session, "away", None):
            self.run_worker(self.host_again(), group="host-again", exclusive=True)
            return
        super().continue_game()

    async def host_again(self) -> None:
        from ..net.kept import read_table, table_reach
        from ..net.plan import HostPlan

        if self.data_dir is None:
            taken: object = "this game keeps no files, so its table cannot be opened again"
        else:
            taken = read_table(str(self.data_dir))
        if isinstance(taken, str):
            self.notify(
                f"The hosted game cannot be continued: {taken}.",
                title="Table across machines",
                severity="error",
                timeout=30,
            )
            return
        assert isinstance(taken, tuple) and self.data_dir is not None
        session, code, tokens = taken
        remote = frozenset(seat for seat, _, _ in tokens)
        reach = table_reach(self.data_dir)
        if reach.tls:  # its certificate is the command line's to give
            self.notify(
                "The hosted game used TLS: ginrummies host --continue --tls CERT "
                "takes it up again, with its certificate.",
                title="Table across machines",
                severity="error",
                timeout=30,
            )
            return
        plan = HostPlan(
            session, remote, reach.listen, reach.port, code=code, tokens=tokens, hints=reach.hints
        )
        await self.open_hosted(plan)

    def hosted_start(self) -> None:
        """The host pressed Start in the lobby: the game begins (a local
        game in progress is not dropped without a word)."""
        hosting = self.hosting
        assert hosting is not None

        def show(session: Session) -> None:
            hosting.begun()
            self.show_table(session)

        self.start_session(hosting.session, show=show, leaving=self.host_leaving)

    def next_hand(self, session: Place) -> None:
        """The hand's result seen: the next hand, or at a table this app
        hosts, the host's word that it is ready (dealt once all are)."""
        hosting = self.hosting
        if hosting is not None and session is hosting.session:
            hosting.ready_here()
            return
        session.next_hand()

    def another_game(self, session: Session) -> None:
        """At a table this app hosts, the next game is dealt at the same
        table: the same friends, seats and code (they are asked nothing)."""
        hosting = self.hosting
        if hosting is None or session is not hosting.session:
            super().another_game(session)
            return
        self.back_to_lobby()  # the new game's table opens over it, as the first did
        hosting.rematch(secrets.randbelow(10**6))

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

    def ask_to_host(self) -> None:
        """The menu's Host: the table's game and reach, then its lobby."""
        from ..net.plan import login_name
        from .screens.hostform import HostForm

        if self.hosting is not None or self.joining is not None:
            self.notify(
                "A table across machines is open here already: leave it from its lobby first.",
                title="Table across machines",
                severity="warning",
            )
            return

        def answered(choice: HostChoice | None) -> None:
            if choice is not None:
                self.host_chosen(choice)

        settings = self.settings
        level = Level(settings.default_level) if settings.default_level in LEVELS else Level.NORMAL
        self.push_screen(HostForm(login_name(), settings.default_rules, level), answered)

    def host_chosen(self, choice: HostChoice) -> None:
        """The host form's table, with the person's house rules for its variant."""
        from ..net.plan import new_plan

        seed = self.seed if self.seed is not None else secrets.randbelow(10**6)
        try:
            plan = new_plan(
                self.settings.rules_for(choice.variant),
                choice.format,
                choice.friends + 1,
                choice.level,
                seed,
                name=choice.name,
                listen=choice.listen,
                port=choice.port,
                hints=choice.hints,
            )
        except ValueError as exc:
            self.notify(str(exc), title="The table could not be opened", severity="error")
            return
        self.host_when_asked(plan)

    def ask_to_join(self) -> None:
        """The menu's Join: where and as whom, then the table's lobby."""
        from ..net.joining import JoinPlan
        from ..net.plan import login_name
        from .screens.joinform import JoinForm

        def answered(given: tuple[str, str, str] | None) -> None:
            if given is None:
                return
            address, code, name = given
            self.join_typed = given  # the form keeps it, if the table cannot be joined
            tls = ssl.create_default_context() if address.startswith("wss://") else None
            self.open_joined(JoinPlan(address, code, name, tls))

        address, code, name = self.join_typed
        self.push_screen(JoinForm(name or login_name(), address, code), answered)

    def table_to_rejoin(self) -> str:
        from ..net.kept import last_table

        if self.hosting is not None or self.joining is not None or not self.saving:
            return ""
        last = last_table(self.data_dir)
        return last[1] if last is not None else ""

    def rejoin_table(self) -> None:
        """The menu's way back to the table this machine sat at last (a tab
        reloaded, the app closed mid-game): the seat by its kept token."""
        from ..net.joining import JoinPlan
        from ..net.kept import last_table

        last = last_table(self.data_dir) if self.joining is None else None
        if last is None:
            return
        address, code, name, tls = last
        self.open_joined(
            JoinPlan(address, code, name, ssl.create_default_context() if tls else None)
        )

    def open_joined(self, plan: JoinPlan) -> None:
        """Sit down at the table ``ginrummies join`` named: its lobby first."""
        from ..net.joining import Joining
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
            case told.Another():
                self.back_to_lobby()
            case told.Question(question=question, answers=answers):
                if joining is not None:
                    self.ask_deal(joining, question, answers)

    def back_to_lobby(self) -> None:
        """The last game's screens closed: the table's lobby is in front
        until the next game's table opens over it."""
        from .screens.lobby import LobbyScreen

        if not any(isinstance(s, LobbyScreen) for s in self.screen_stack):
            self.show_menu()  # the table is gone meanwhile
            return
        while not isinstance(self.screen, LobbyScreen):
            self.pop_screen()

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
        self.push_screen(TableScreen(session, self.kept_state(session)))

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
