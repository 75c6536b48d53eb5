"""Screens pushed over the table: a choice, the hot-seat curtain, help, the
result of a hand (and of the game) and the command palette, each closing
only itself."""

from __future__ import annotations

import time
from typing import Any, ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.await_complete import AwaitComplete
from textual.binding import Binding, BindingType
from textual.command import CommandList, CommandPalette
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Markdown, OptionList, Static
from textual.worker import Worker

from ..core import Format, HandResult, KnockEnd, RuleSet, TableEnd
from ..play.keys import help_rows
from ..play.session import Session
from ..play.tell import round_lines, side_names, unit
from .rulestext import format_markdown, rules_markdown
from .widgets import CardInk


def on_top(screen: Screen[Any]) -> bool:
    """Whether ``screen`` is the one in front, the one keys and clicks reach.

    A screen closes itself only then: Textual's ``dismiss`` and ``pop_screen``
    close the screen in front, whichever it is, and a key or a message still on
    its way may arrive once another screen has come in front (the palette, a
    hand's result) or the screen has gone. Textual's ``is_current`` will not do:
    it is true under a dialog too. A screen whose mounting is still under way
    is not in front yet: an Esc that arrives with the Enter that opened it
    would leave it before its ``on_mount`` ran (on widgets already gone)."""
    stack = screen.app.screen_stack
    return bool(stack) and stack[-1] is screen and screen.is_mounted


class BackScreen(Screen[None]):
    """A screen that Escape leaves, once (a second Escape on its way does nothing)."""

    def action_back(self) -> None:
        if on_top(self):
            self.app.pop_screen()


class Palette(CommandPalette):
    """Textual's command palette, closing only itself, and running its command once.

    Textual's palette closes with ``dismiss`` from a message handler. Each
    Enter still on its way to it when it had closed closed one more screen
    (the table, the menu, down to Textual's empty screen, where no key works:
    a blank window that neither played, saved nor quit) and ran the command
    again. A palette no longer in front closes nothing; the app runs its
    command only while ``ran`` is false (``GinApp.run_command``)."""

    def __init__(self) -> None:
        super().__init__(id="--command-palette")
        self.ran = False  # its command has run: a second Enter on its way runs nothing

    def dismiss(self, result: None = None) -> AwaitComplete:
        if not on_top(self):
            return AwaitComplete.nothing()  # type: ignore[no-untyped-call, no-any-return]
        return super().dismiss(result)

    def closing(self) -> None:
        """The palette closes (``GinApp.pop_screen``): its search stops with
        it, whoever closes it, as at its own Esc."""
        self.workers.cancel_node(self)

    def _action_command_list(self, action: str) -> None:
        """Textual's, except before the list is drawn: a Page Down that came
        with the Ctrl+P that opened the palette moved a list of no height
        (KeyError in Textual's OptionList: the app ended)."""
        shown = self.query(CommandList).results(CommandList)
        if any(c.scrollable_content_region.height > 0 for c in shown):
            super()._action_command_list(action)

    def run_worker(self, work: Any, *args: Any, **kwargs: Any) -> Worker[Any]:
        """Textual's, except that a palette that has closed starts no search: a
        letter typed just before Esc arrives after the palette has closed, and
        its search found the palette's list gone (NoMatches: the app ended)."""
        worker: Worker[Any] = super().run_worker(work, *args, **kwargs)
        if self not in self.app.screen_stack:
            worker.cancel()
        return worker


class ChoiceScreen(ModalScreen[int | None]):
    """Pick one of a list (a knock arrangement, a meld); Escape cancels,
    unless the question must be answered (``cancel=False``)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title: str, labels: list[str], *, cancel: bool = True) -> None:
        super().__init__()
        self.title_text = title
        self.labels = labels
        self.cancel = cancel

    def compose(self) -> ComposeResult:
        keys = "↑↓ choose · Enter confirm" + (" · Esc cancel" if self.cancel else "")
        with Vertical(id="dialog"):
            yield Static(self.title_text, classes="title", markup=False)
            yield OptionList(*self.labels, id="choices", markup=False)
            yield Static(keys, classes="hint", markup=False)
        # its own footer, over the screen's below: that one's keys do nothing here
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.cancel if action == "cancel" else True

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        options.highlighted = 0
        options.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if on_top(self):  # a second Enter already on its way does nothing
            self.dismiss(event.option_index)

    def action_cancel(self) -> None:
        if on_top(self):
            self.dismiss(None)


class CurtainScreen(Screen[bool]):
    """Hot-seat: hides the table until the next player is at the keyboard
    (True), or until someone goes back to the menu with Esc (False).

    Enter also discards at the table, so a quick double Enter would lift the
    curtain the moment it fell and show the next hand to the wrong person:
    keys in the first ``GUARD`` seconds are ignored."""

    GUARD = 0.6
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "ready", "I am ready", key_display="Enter"),
        Binding("escape,q", "menu", "Menu"),
    ]

    def __init__(self, name: str, where: str = "", others: str = "the other player") -> None:
        """``where``: the table the player goes to, in words (formats of four);
        ``others``: who must not look."""
        super().__init__()
        self.player = name
        self.where = where
        self.others = others
        self.shown_at = time.monotonic()

    def compose(self) -> ComposeResult:
        with Vertical(id="curtain"):
            yield Static(f"Pass the keyboard to {self.player}", classes="title", markup=False)
            if self.where:
                yield Static(self.where, id="curtain-where", markup=False)
            yield Static(
                f"{self.player}, press Enter when {self.others} cannot see the screen.\n"
                "Esc: back to the menu (the game waits).",
                classes="hint",
                markup=False,
            )
        yield Footer()

    def on_mount(self) -> None:
        self.shown_at = time.monotonic()

    def action_ready(self) -> None:
        if not on_top(self) or time.monotonic() - self.shown_at < self.GUARD:
            return  # a key meant for the table, pressed as the curtain fell
        self.dismiss(True)

    def action_menu(self) -> None:
        if on_top(self):
            self.dismiss(False)


class HelpScreen(ModalScreen[None]):
    """Keys, the format in play and the rules of the game being played."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,f1,h,q", "close", "Close")]

    def __init__(self, rules: RuleSet, fmt: Format = Format.TWO) -> None:
        super().__init__()
        self.rules = rules
        self.fmt = fmt

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"), VerticalScroll(classes="body"):
            yield Static("Keys", classes="title", markup=False)
            yield Static(keys_table(self.rules), id="keys", markup=False)
            if not self.fmt.two_players:
                yield Markdown(format_markdown(self.fmt, self.rules), id="format-help")
                yield Static(
                    f"Each hand is played as the rules below say for two players; who "
                    f"plays whom, the target, boxes, bonuses and a cancelled hand are as "
                    f"{self.fmt.title} above says.",
                    classes="hint",
                    markup=False,
                )
            yield Markdown(rules_markdown(self.rules))
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(".body").focus()  # the arrows and Page Down scroll it

    def action_close(self) -> None:
        if on_top(self):
            self.dismiss(None)


def keys_table(rules: RuleSet) -> Table:
    """The help's keys: this game's only, one line each."""
    table = Table(box=None, show_header=False, padding=(0, 2, 0, 0))
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    for keys, words in help_rows(rules):
        table.add_row(keys, words)
    return table


class ResultView(CardInk):
    """Both hands laid out in melds, the lay-offs and the score's arithmetic."""

    def __init__(self, session: Session) -> None:
        super().__init__(classes="cards")
        self.session = session

    def render(self) -> Text:
        session = self.session
        game = session.game
        out = Text()
        if game.format.two_players:
            self._tables(out, full=True)
            names = session.names_at()
            out.append(
                f"Game: {names[0]} {game.scores[0]} · {names[1]} {game.scores[1]} "
                f"(to {game.target})\n",
                self.ink("card--dead"),
            )
        else:
            # the round's sum first (it may be out of sight below two tables),
            # then each table's hands and arithmetic, then the score and what next
            lines = round_lines(game, session.names)
            teams = game.format.play.teams
            if teams:  # "Hand 3: You & Ann score ...": the title says which hand
                said = lines.pop(0).removeprefix(f"{unit(game)} {len(game.rounds)}: ")
                out.append(said[:1].upper() + said[1:] + "\n", "bold")
            self._game_end(out)
            if out.plain:
                out.append("\n")
            self._tables(out, full=not teams)
            for line in lines:
                out.append(line + "\n", "italic" if line.startswith("Next") else "bold")
            return out
        self._game_end(out)
        return out

    def _game_end(self, out: Text) -> None:
        """The winner of the game, each side's total and the settlement."""
        session = self.session
        game = session.game
        if game.result is not None:
            if out.plain:
                out.append("\n")
            for line in game.result.breakdown(side_names(game.sides, session.names)):
                out.append(line + "\n", "bold")

    def _tables(self, out: Text, full: bool) -> None:
        """Each table's hands laid out, and its score line by line (``full``:
        with the melds and deadwood in words too; two tables say them once, as cards)."""
        session = self.session
        game = session.game
        hands = game.round.hands
        for t, hand in enumerate(hands):
            result = hand.result
            assert result is not None
            names = session.names_at(t)
            if not game.format.two_players:
                where = f"Table {t + 1}: " if len(hands) > 1 else ""
                out.append(f"{where}{names[0]} against {names[1]}\n", "bold underline")
            knock, tabled = result.knock, result.table_end
            if tabled is not None:
                self._table_hands(out, result, tabled, names)
            elif knock is not None and knock.knocker is not None:
                self._gin_hands(out, result, knock, names)
            out.append("\n")
            # a team's box is the round's, below; two tables show the hands as cards
            boxes = not game.format.play.teams
            for line in result.breakdown(names, boxes=boxes, hands=full):
                out.append(line + "\n")
            out.append("\n")

    def _gin_hands(
        self, out: Text, result: HandResult, knock: KnockEnd, names: tuple[str, str]
    ) -> None:
        kn = knock.knocker
        assert kn is not None
        for p in (kn, 1 - kn):
            out.append(f"{names[p]}\n", "bold")
            for meld in knock.melds[p]:
                out.append("  [")
                out.append_text(self.cards_text(list(meld.cards)))
                out.append("]")
            out.append("\n")
            if p != kn and knock.layoffs:
                out.append("  lays off ")
                for lo in knock.layoffs:
                    out.append_text(self.card_text(lo.card))
                    # the knocker's meld, shown: "meld 1" read as the layer's own
                    out.append(" on [")
                    out.append_text(self.cards_text(list(knock.melds[kn][lo.meld].cards)))
                    out.append("]  ")
                out.append("\n")
            out.append("  deadwood ")
            out.append_text(self.cards_text(sorted(result.deadwood[p])) or Text("none"))
            out.append(f" = {result.counts[p]}\n")

    def _table_hands(
        self, out: Text, result: HandResult, tabled: TableEnd, names: tuple[str, str]
    ) -> None:
        for p in (0, 1):
            out.append(f"{names[p]}\n", "bold")
            mine = [t.meld for t in tabled.table if t.owner == p]
            if mine:
                out.append("  on the table ")
                for meld in mine:
                    out.append("[")
                    out.append_text(self.cards_text(list(meld.cards)))
                    out.append("] ")
                out.append("\n")
            out.append("  in hand ")
            out.append_text(self.cards_text(sorted(result.deadwood[p])) or Text("nothing"))
            out.append(f" = {result.counts[p]}\n")


class ResultScreen(ModalScreen[str | None]):
    """The hand's result; Enter goes on to the next hand (or the game's end);
    at the game's end, ``a`` answers "another" (the next game of the match)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space,escape", "next", "Continue", key_display="Enter"),
        Binding("x", "export", "Export replay"),
        Binding("a", "another", "Another game"),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("export", "another"):  # a replay is of a whole game
            return self.session.game.is_over
        return True

    def action_another(self) -> None:
        """The next game of the match, with the same players (RULES.md 6)."""
        if on_top(self):
            self.dismiss("another")

    def action_export(self) -> None:
        s = self.session
        self.app.export_replay(s.to_json(), s.rules.name, s.seed)  # type: ignore[attr-defined]

    def compose(self) -> ComposeResult:
        game = self.session.game
        title = "Game over" if game.is_over else f"{unit(game)} {len(game.rounds)}"
        with Vertical(id="dialog"):
            yield Static(title, classes="title", markup=False)
            with VerticalScroll(classes="body"):
                yield ResultView(self.session)
            yield Static(
                "Enter: back to the menu · a: another game · x: export the replay"
                if game.is_over
                else f"Enter: next {unit(game).lower()}",
                classes="hint",
                markup=False,
            )
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(".body").focus()  # the arrows and Page Down scroll it

    def action_next(self) -> None:
        if on_top(self):
            self.dismiss(None)
