"""The table screen: the hand being played, keyboard first.

Its keys come from the key map (``play.keys``); the footer shows only the
moves that are legal now, and any other move key says why not. What comes
next (the computer, the curtain, the result) is the flow's business
(``flow``); how it looks is the table area's (``widgets.area``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import ClassVar

from rich.cells import cell_len
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.reactive import reactive
from textual.widgets import Static
from textual.worker import Worker, WorkerState

from ...core import (
    Action,
    Card,
    IllegalAction,
    LayContract,
    LayMeld,
    LayOff,
    Level,
    Meld,
    PlayerView,
    plural,
    says,
)
from ...play.cardart import CardSize
from ...play.fit import fit, too_small_text
from ...play.hinting import Found, Hints, hint_text, hinted_card, think
from ...play.keys import CONTROLS, MOVE_BY_KEY, MOVE_BY_NAME, MOVES, MoveName, actions_for
from ...play.place import Place, Undoable
from ...play.runner import Runner
from ...play.tell import action_words, unit
from ...play.words import explain, meld_cards, prompt, refused
from ...store import HintLevel
from ..board import show_board
from ..flow import FlowScreen
from ..handstate import HandState
from ..seatview import (
    Look,
    cut_words,
    header_texts,
    look,
    next_line,
    other_table,
    seating_line,
    shown,
)
from ..widgets.area import FormatLines, TableArea, fitted
from ..widgets.footer import KeyFooter
from ..widgets.hand import HandView
from ..widgets.header import header, title_room
from ..widgets.melds import TableMeldsView
from ..widgets.piles import PileView
from .base import gin_app, on_top
from .choice import ChoiceScreen
from .help import HelpScreen
from .melds import MeldsScreen


def move_action(name: MoveName) -> str:
    """The binding's action of a move key: the one move action, with the move's name."""
    return f"move('{name}')"


def bindings() -> list[BindingType]:
    """The table's bindings, from the key map."""
    out: list[BindingType] = []
    for move in MOVES:
        out.append(Binding(move.key, move_action(move.name), move.label))
        if move.name == MoveName.DISCARD:
            out.append(Binding("enter", move_action(MoveName.DISCARD), "Discard", show=False))
    for control in CONTROLS:
        display = "?" if control.keys == "question_mark" else None
        if control.name == "leave":  # at a table across machines: back to its lobby
            out.append(Binding(control.keys, "lobby", "Lobby", show=control.footer))
        out.append(
            Binding(
                control.keys, control.name, control.label, show=control.footer, key_display=display
            )
        )
    return out


# what each of the table's keys does (its action's name), and the ones that
# still work while the window is too small to show the table
KEY_ACTIONS = {
    key: binding.action.partition("(")[0]
    for binding in bindings()
    if isinstance(binding, Binding)
    for key in binding.key.split(",")
}


WHILE_HIDDEN = frozenset({"help", "leave", "lobby"})


class TableScreen(FlowScreen):
    """One game, hand after hand, in any format."""

    BINDINGS: ClassVar[list[BindingType]] = bindings()
    # the moves the footer offers now (and "undo"): a change refreshes the footer
    legal_moves: reactive[frozenset[str]] = reactive(frozenset(), bindings=True)

    def __init__(
        self, session: Place, state: HandState | None = None, runner: Runner | None = None
    ) -> None:
        """``state``: the person's cursor, marks and sort when they left this
        game's table for the menu, kept for their return. ``runner``: what
        runs the game here (None for a seat at a table elsewhere)."""
        super().__init__(session, runner)
        self.hints = Hints()
        self.state = state if state is not None else HandState()
        self.seen: Look | None = None
        self.seen_at: tuple[int, int, int | None] | None = None
        self.logged = 0
        self.message = ""  # said in the status line until the person's table moves on
        self.message_at: object = None
        self.log_toggled = False  # the moves panel flipped from what the width gives
        self.hidden_said_until = 0.0  # the too-small notice is up until then

    # --- layout ------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield header()
        yield TableArea(id="board")
        yield Static(id="too-small", markup=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        hand = next(iter(self.query(HandView).results(HandView)), None)
        if hand is None:  # the app is closing as the table comes: its widgets are gone
            return
        self.set_class(self.session.format.tables > 1, "-tables")
        self.set_class(self.session.rules.has_table_melds, "-melds")
        hand.focus()
        if not self.look.watching:
            self.state.mark_drawn(self.view)
        self.redraw()

    def on_resize(self, event: events.Resize) -> None:
        self.fit_to(event.size.width, event.size.height)

    def fit_to(self, width: int, height: int) -> None:
        layout = fit(width, height)
        hidden = self.has_class("-too-small")
        fitted(self, layout)
        if layout.too_small != hidden:  # the move keys come and go with the table
            self.refresh_bindings()
        self.set_class(layout.side != self.log_toggled, "-side")
        # below 100 columns every key must fit: three moves and the tools
        # (Ctrl+P still opens the palette, and F1 says so)
        footer = self.query_one(KeyFooter)
        if footer.compact == layout.side:
            footer.compact = not layout.side
            footer.show_command_palette = layout.side
            self.refresh_bindings()
        self.query_one(TableArea).card_size = CardSize.BIG if layout.big else CardSize.SMALL
        self.query_one("#too-small", Static).update(too_small_text(width, height, self.app.is_web))
        self.fit_header(width)
        self.call_after_refresh(self.rewrite_log)
        if self.session.format.tables > 1:  # the other table's lines follow the height
            self.call_after_refresh(self.redraw)

    def rewrite_log(self) -> None:
        """The moves again, wrapped to the panel's new width."""
        if not self.query(TableArea):
            return  # the screen has closed meanwhile
        table = self.query_one(TableArea)
        table.clear_log()
        table.write_log(self.session.log)
        self.logged = len(self.session.log)

    def forget(self) -> None:
        self.state.forget()
        self.hints.forget()

    @property
    def look(self) -> Look:
        """Whose side of which table is on show (made once per change of the game)."""
        session = self.session
        key = (session.version, session.epoch, session.keyboard)
        if self.seen is None or self.seen_at != key:
            self.seen, self.seen_at = look(session), key
        return self.seen

    @property
    def view(self) -> PlayerView:
        """The view on show: the person's own, or the table they watch."""
        return self.look.view

    # --- showing the state -------------------------------------------------------

    def redraw(self) -> None:
        """Show the state of the game and start whatever comes next."""
        if not self.is_attached or not self.query(HandView):
            return  # the screen is being closed: a key that was already on its way
        session = self.session
        state = self.state
        if state.held is not None and session.pending is None:  # the host sent the move back
            before, state.held = state.held, None
            self.show_gained(set(before))
        seen = self.look
        table = self.query_one(TableArea)
        hidden = self.hand_hidden
        upper = seen.seats[1 - seen.me]
        thinking = self.slow_at(seen.table) and session.game.seat_to_move(seen.table) == upper
        table.shown = shown(
            session,
            seen,
            self.state,
            hidden=hidden,
            thinking=thinking,
            message=self.said(),
            skip=self.runner is not None,
        )
        other = 1 - seen.table if session.format.tables > 1 else None
        short = self.has_class("-short") and other is not None
        table.format_lines = FormatLines(
            # two tables in a short window: the opponent's line and the other
            # table's say who plays where, and the prompt and melds need the rows
            "" if short else seating_line(session),
            "" if other is None else self.other_words(seen, other),
            next_line(session),
        )
        settings = gin_app(self).settings
        show_board(
            table,
            session,
            seen.view,
            history=settings.discard_history,
            notes=self.notes(seen),
            names=seen.names,
        )
        table.write_log(session.log[self.logged :])
        self.logged = len(session.log)
        self.fit_header(self.size.width)
        moves = {m.name.value for m in MOVES if self.legal_of(m.name)}
        self.legal_moves = frozenset(moves | ({"undo"} if self.can_undo() else set()))
        self.step()

    def other_words(self, seen: Look, other: int) -> str:
        """The other table's lines: two, each in one row, or else the short
        form (players by letter, wrapped) where they would not fit: in a
        short window, beside the moves panel in a narrow one, or wherever
        a line is wider than the window (a wrapped long form runs past its
        rows and is cut mid-sentence)."""
        thinking = self.slow_at(other)
        short = self.has_class("-short") or (self.has_class("-side") and self.has_class("-narrow"))
        text = other_table(self.session, seen, thinking, short)
        width = self.query_one("#other").content_region.width
        if not short and width and any(cell_len(line) > width for line in text.splitlines()):
            text = other_table(self.session, seen, thinking, short=True)
        return text

    def fit_header(self, width: int) -> None:
        """The header's title and line, fitted to a window ``width`` wide."""
        session = self.session
        note = "not saved" if gin_app(self).not_saving else ""
        self.title, self.sub_title = header_texts(
            session, title_room(width) if width else None, note
        )

    def notes(self, seen: Look) -> list[str]:
        view = seen.view
        rules = view.rules
        out = []
        if view.knock_limit is not None and rules.has_knock:
            out.append(f"knock limit {view.knock_limit}" if view.knock_limit else "gin only")
        if view.doubled:
            out.append("spade upcard: counts double")
        if rules.has_contract:
            for p in (0, 1):
                state = "down" if view.table.contracts[p] else "not laid"
                out.append(f"{seen.names[p]}: contract {state}")
        if view.table.pending_offer is not None:
            out.append(f"offered: {view.table.pending_offer.label}")
        return out

    def moment(self) -> object:
        """What a message is about: the person's own table as it stands (the
        moves at the other table of a partnership game do not end it)."""
        session = self.session
        seat = session.viewer()
        return (seat, session.keyboard, session.table_version(seat))

    def note(self, text: str) -> None:
        """Say ``text`` in the status line until the person's table moves on."""
        self.message, self.message_at = text, self.moment()

    def said(self) -> str:
        return self.message if self.message and self.message_at == self.moment() else ""

    def say(self, text: str, warn: bool = False) -> None:
        self.note(text)
        area = self.query_one(TableArea)
        area.shown = replace(area.shown, status=text)
        if warn:
            self.app.bell()

    # --- which keys apply --------------------------------------------------------

    def legal_of(self, name: MoveName) -> list[Action]:
        if not self.session.person_to_move or self.hand_hidden:
            return []
        return actions_for(name, self.session.legal(), self.view.hand, self.session.rules)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.has_class("-too-small") and action not in WHILE_HIDDEN:
            return False  # the table is hidden: nothing is played blind
        if action == "move" and parameters:
            return str(parameters[0]) in self.legal_moves
        if action == "undo":
            return "undo" in self.legal_moves
        if action == "play_hint":
            return self.hint_move() is not None
        if action in ("leave", "lobby"):  # the key says where it goes
            return gin_app(self).in_lobby(self.session) == (action == "lobby")
        return True

    def can_undo(self) -> bool:
        settings = gin_app(self).settings
        session = self.session
        if not isinstance(session, Undoable) or not settings.undo or self.hand_hidden:
            return False
        return session.undo_problem() is None

    def on_key(self, event: events.Key) -> None:
        """A move key that is not legal now: say why, change nothing."""
        if self.has_class("-too-small"):
            action = KEY_ACTIONS.get(event.key)
            if action is not None and action not in WHILE_HIDDEN:
                event.stop()
                self.app.bell()
                if time.monotonic() > self.hidden_said_until:  # one notice, not a pile
                    self.notify("The table is hidden: make the window larger to play.", timeout=3)
                    self.hidden_said_until = time.monotonic() + 3
            return
        if event.key == "u" and not self.can_undo():
            event.stop()
            self.action_undo()
            return
        if event.key == "enter" and self.can_skip():
            event.stop()
            self.skip()
            return
        if event.key == "enter" and self.cut_on_show():
            # the Enter a newcomer presses to confirm the cut: what to do now
            event.stop()
            self.say(f"Your move: {prompt(self.session, self.view)}")
            return
        if event.key == "y" and self.hint_move() is None:
            event.stop()
            self.action_play_hint()
            return
        # Enter plays the picked card, as x does: refused, it says why the same way
        move = MOVE_BY_KEY.get(
            MOVE_BY_NAME[MoveName.DISCARD].key if event.key == "enter" else event.key
        )
        if move is None:
            if event.is_printable and event.key not in KEY_ACTIONS:
                event.stop()
                said = f"{event.character} is not a key of the game: the footer shows your moves."
                self.say(said)
            return
        if self.legal_of(move.name):
            return
        event.stop()
        if move.name == MoveName.DISCARD and self.legal_of(MoveName.OFFER):
            self.action_move(MoveName.OFFER)  # Skarney has no discard: x offers the card instead
            return
        self.refuse(move.name, self.state.cursor_card if move.card else None)

    def cut_on_show(self) -> bool:
        """The status line still shows the cut (before the person's first
        move), and Enter would not play the picked card."""
        if self.look.watching or self.hand_hidden or self.legal_of(MoveName.DISCARD):
            return False
        return bool(cut_words(self.session, self.look)) and not self.said()

    def can_skip(self) -> bool:
        """The person watches a hand they do not play (sitting it out, or
        theirs over while another table plays on): Enter skips to its end."""
        session = self.session
        if self.runner is None or session.round_over:
            return False
        return self.look.watching or self.view.result is not None

    def skip(self) -> None:
        """The rest of the hand played at once, to its result."""
        assert self.runner is not None
        self.runner.hurry()
        self.say("The rest of the hand is played at once.")

    def refuse(
        self, name: MoveName, card: Card | None = None, marked: frozenset[Card] | None = None
    ) -> None:
        """Say why the move ``name`` cannot be made (with this card, these marks)."""
        if self.look.watching:
            who = self.session.names[self.look.seat]
            word = unit(self.session.game).lower()
            self.say(f"{says(who, 'sits')} this {word} out: you play again after it.", True)
            return
        explain(self.session, self.view, name, card, marked, self.say_refused)

    def say_refused(self, words: str) -> None:
        """A refusal's words: at once here, when the host answers at a table
        elsewhere (by then the screen may be gone)."""
        if self.is_attached:
            self.say(words, warn=True)

    # --- playing -----------------------------------------------------------------

    def play(self, action: Action) -> None:
        session = self.session
        before = set(self.view.hand)
        try:
            session.play(action)
        except IllegalAction as exc:
            self.say(refused(exc, session, self.view, action), warn=True)
            return
        if session.pending is not None:  # sent to the host: the card drawn comes back later
            self.state.held = frozenset(before)
            self.redraw()
            return
        self.show_gained(before)
        self.redraw()

    def show_gained(self, before: set[Card]) -> None:
        """The card the person's last move brought into the hand, marked new
        (and under the cursor), if it brought one."""
        session = self.session
        seat = session.viewer()
        table = session.game.table_of(seat)
        over = table is None or session.game.round.hands[table].is_over
        after = set() if over else set(session.view(seat).hand)
        gained = after - before
        state = self.state
        state.new_card = next(iter(gained)) if len(gained) == 1 else None
        if state.new_card is not None:
            state.cursor_card = state.new_card

    def run(self, name: MoveName, pick: Callable[[list[Action]], Action | None]) -> None:
        options = self.legal_of(name)
        if not options:
            self.refuse(name)
            return
        action = pick(options)
        if action is not None:
            self.play(action)

    def action_move(self, name: str) -> None:
        """A move key (its name from the key map), a click or the palette:
        the move made, a choice asked, or the move refused with why."""
        move = MoveName(name)
        if move is MoveName.DISCARD and not self.legal_of(move) and self.legal_of(MoveName.OFFER):
            move = MoveName.OFFER  # Skarney has no discard: x offers the card instead
        card = self.state.cursor_card
        match move:
            case MoveName.KNOCK | MoveName.GIN:
                self.choose_knock(move)
            case MoveName.MELD:
                self.choose_meld()
            case MoveName.LAY_OFF:
                self.choose_lay_off()
            case MoveName.DISCARD | MoveName.OFFER:
                self.run(move, lambda o: self._with_card(o, card, move))
            case _:
                self.run(move, lambda o: o[0])

    def _with_card(self, options: list[Action], card: Card | None, name: MoveName) -> Action | None:
        for a in options:
            if getattr(a, "card", None) == card:
                return a
        self.refuse(name, card)
        return None

    def choose_knock(self, name: MoveName) -> None:
        options = self.legal_of(name)
        if not options:
            self.refuse(name)
            return
        card = self.state.cursor_card
        # the knocks discarding the card under the cursor come first
        options.sort(key=lambda a: getattr(a, "discard", None) != card)
        labels = [action_words(a, self.view) for a in options[:30]]
        title = "Go gin?" if name == MoveName.GIN else "Knock: choose the melds to spread"
        self.ask(title, labels, options[:30])

    def ask(self, title: str, labels: list[str], options: Sequence[Action]) -> None:
        def chosen(index: int | None) -> None:
            if index is not None:
                self.play(options[index])

        self.app.push_screen(ChoiceScreen(title, labels), chosen)

    def choose_meld(self) -> None:
        options = self.legal_of(MoveName.MELD)
        if not options:
            self.refuse(MoveName.MELD)
            return
        if self.state.marked:
            want = frozenset(self.state.marked)
            matches = [a for a in options if frozenset(meld_cards(a)) == want]
            if not matches:
                self.refuse(MoveName.MELD, marked=want)
                return
            self.state.marked.clear()
            self.play(pick_grouping(matches, self.state.grouped))
            return
        labels = [action_words(a, self.view) for a in options[:40]]
        self.ask("Lay which meld?", labels, options[:40])

    def choose_lay_off(self) -> None:
        options = self.legal_of(MoveName.LAY_OFF)
        if not options:
            self.refuse(MoveName.LAY_OFF)
            return
        card = self.state.cursor_card
        mine = [a for a in options if isinstance(a, LayOff) and a.card == card]
        if not mine:
            self.refuse(MoveName.LAY_OFF, card)
            return
        if len(mine) == 1:
            self.play(mine[0])
            return
        view = self.view
        self.ask("Lay off on which meld?", [action_words(a, view) for a in mine], mine)

    def action_mark(self) -> None:
        card = self.state.cursor_card
        if card is None or self.hand_hidden:
            return
        self.state.marked ^= {card}
        self.redraw()

    def action_cursor(self, step: int) -> None:
        state = self.state
        if not state.order:
            return
        state.cursor_card = state.order[(state.cursor + step) % len(state.order)]
        self.redraw()

    def action_cursor_to(self, index: int) -> None:
        if not self.state.order:
            return
        if index >= len(self.state.order):
            self.say(f"You hold {plural(len(self.state.order), 'card')}.", warn=True)
            return
        self.state.cursor_card = self.state.order[index]
        self.redraw()

    def action_undo(self) -> None:
        settings = gin_app(self).settings
        session = self.session
        if session.hot_seat:
            self.say("There is no undo in a hot-seat game.", warn=True)
            return
        if not isinstance(session, Undoable):
            self.say("There is no undo at a table played across machines.", warn=True)
            return
        if not settings.undo:
            self.say("Undo is switched off in the settings.", warn=True)
            return
        try:
            action = session.undo()
        except IllegalAction as exc:
            self.say(f"You cannot take that back: {exc}.", warn=True)
            return
        card = getattr(action, "card", None)
        if card is not None:
            self.state.cursor_card = card
        self.state.new_card = None
        self.query_one(TableArea).clear_log()  # the words are rebuilt along with the game
        self.logged = 0
        self.note(f"Taken back: {action_words(action, self.view)}.")
        self.redraw()

    def action_sort(self) -> None:
        self.state.sort_mode = self.state.sort_mode.next()
        self.redraw()

    def action_log(self) -> None:
        self.log_toggled = not self.log_toggled
        self.fit_to(self.size.width, self.size.height)

    # --- hints -------------------------------------------------------------------

    def action_hint(self) -> None:
        settings = gin_app(self).settings
        if not self.session.hints:
            self.say("Hints are off at this table: the host's choice, people playing people.")
            return
        if not settings.hints:
            self.say("Hints are switched off in the settings.")
            return
        if not self.session.person_to_move or self.hand_hidden:
            self.say("A hint comes on your turn.")
            return
        if self.hints.thinking:
            self.say("Still thinking of a hint...")
            return
        self.hints.thinking = True
        self.hints.cursor_then = self.state.cursor_card
        self.say("Thinking of a hint...")
        view = self.session.view()
        self.find_hint(self.moment(), view, settings.hint_level, self.session.facing(view))

    @work(thread=True, exclusive=True, group="hint", exit_on_error=False)
    def find_hint(
        self, moment: object, view: PlayerView, level: HintLevel, opponent: Level | None
    ) -> Found:
        return think(moment, view, level, opponent)

    @on(Worker.StateChanged)
    def hint_thought(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if worker.group != "hint":
            return
        if event.state is WorkerState.SUCCESS and isinstance(worker.result, Found):
            self.hint_found(worker.result)
        elif event.state is WorkerState.ERROR:  # a bug in the hints must not end the game
            self.hints.thinking = False
            error = worker.error
            self.say(f"No hint this time ({type(error).__name__}: {error}).", warn=True)

    def hint_found(self, found: Found) -> None:
        self.hints.thinking = False
        best = found.best
        if best is None or found.moment != self.moment() or self.hand_hidden:
            return  # the game moved on while the hint was thought: it no longer applies
        state = self.state
        card = hinted_card(best.action)
        if card in state.order and state.cursor_card == self.hints.cursor_then:
            state.cursor_card = card
        self.hints.hinted = (found.moment, best.action)
        self.note(hint_text(best, found.view))
        self.redraw()

    def hint_move(self) -> Action | None:
        """The move of the last hint, while it still applies."""
        hinted = self.hints.hinted
        if hinted is None or hinted[0] != self.moment() or self.hand_hidden:
            return None
        action = hinted[1]
        return action if action in self.session.legal() else None

    def action_play_hint(self) -> None:
        action = self.hint_move()
        if action is None:
            self.say("There is no hint to play: ask for one with ?.", warn=True)
            return
        self.play(action)

    # --- elsewhere ---------------------------------------------------------------

    def action_help(self) -> None:
        session = self.session
        across = gin_app(self).in_lobby(session)
        help_screen = HelpScreen(session.rules, session.format, across=across, hints=session.hints)
        self.app.push_screen(help_screen)

    def action_melds(self) -> None:
        """Every meld on the table, over it (the table shows what fits)."""
        melds = self.query_one(TableMeldsView)
        if not self.session.rules.has_table_melds:
            self.say(f"{self.session.rules.name} has no melds on the table: they stay in hand.")
            return
        self.app.push_screen(MeldsScreen(melds.melds))

    def action_leave(self) -> None:
        if on_top(self):
            self.app.pop_screen()

    def action_lobby(self) -> None:
        self.action_leave()  # the lobby is under the table

    @on(PileView.Clicked)
    def pile_clicked(self, message: PileView.Clicked) -> None:
        self.command(MoveName.DRAW if message.pile == "stock" else MoveName.TAKE)

    def command(self, name: MoveName) -> None:
        """A move by name (from the palette or a click): made, or refused with why."""
        self.action_move(name)

    @on(HandView.Clicked)
    def clicked(self, message: HandView.Clicked) -> None:
        if 0 <= message.index < len(self.state.order):
            card = self.state.order[message.index]
            if card == self.state.cursor_card and self.legal_of(MoveName.DISCARD):
                self.action_move(MoveName.DISCARD)
                return
            self.state.cursor_card = card
            self.redraw()


def pick_grouping(matches: list[Action], grouped: set[frozenset[Card]]) -> Action:
    """Of the ways to lay the marked cards, the one that keeps the melds the
    hand shows grouped (the same nine cards may make three sets or three runs)."""

    def kept(action: Action) -> int:
        melds: tuple[Meld, ...] = ()
        if isinstance(action, LayContract):
            melds = action.melds
        elif isinstance(action, LayMeld):
            melds = (action.meld,)
        return sum(frozenset(m.cards) in grouped for m in melds)

    return max(matches, key=kept)
