"""The app's games: a new game begun (never over one in progress without
the person's word, and once each person who won a cut has chosen), the
game in progress shown again, its table opened."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..play.tell import cut_answers, cut_question, score_board, unit
from .gameapp import GameApp
from .screens.choice import ChoiceScreen
from .screens.menu import MenuScreen

# the session, the table's screen and the network are imported where a
# game or a table is shown, not with the app (benchmarks/startup.py)
if TYPE_CHECKING:
    from ..play.place import Place
    from ..play.session import Session
    from .handstate import HandState


class GamesApp(GameApp):
    """Which game is open, and how one begins."""

    def start_session(
        self,
        new: Session,
        show: Callable[[Session], None] | None = None,
        leaving: Session | None = None,
    ) -> None:
        """Start ``new``; a game in progress is never replaced without the
        person's word: they choose to continue it or to leave it (``leaving``:
        they chose already, to leave this one). ``show``: how the new game's
        table opens (default: over the menu)."""
        old = self.session
        if old is None or old.game.is_over or old is leaving:
            self._begin(new, leaving=old if old is leaving else None, show=show)
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

    def show_table(self, session: Session) -> None:
        """The table of ``session``, over the screens shown."""
        from .screens.table import TableScreen  # here: see above TYPE_CHECKING

        runner = self.runner if session is self.session else None
        self.push_screen(TableScreen(session, self.kept_state(session), runner))

    def kept_state(self, session: Place) -> HandState:
        """The person's picks in ``session``'s hand: back from the menu or
        the lobby to the same game, the cursor, marks and sort are where the
        person left them."""
        from .handstate import HandState

        kept = self.hand_state
        state = kept[1] if kept is not None and kept[0] is session else HandState()
        self.hand_state = (session, state)
        return state

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
