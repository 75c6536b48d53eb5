"""The table screen: the hand being played, keyboard first.

Its keys come from the key map (``play.keys``); the footer shows only the
moves that are legal now, and any other move key says why not. What comes
next (the computer, the curtain, the result) is the flow's business
(``flow``); how it looks is the table view's (``tableview``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from ..ai.hints import Hint, hint
from ..core import (
    Action,
    Card,
    IllegalAction,
    LayContract,
    LayMeld,
    LayOff,
    Meld,
    PlayerView,
    hand_count,
)
from ..core.result import plural
from ..play.keys import CONTROLS, MOVE_BY_KEY, MOVE_BY_NAME, MOVES, actions_for
from ..play.session import Session
from ..play.words import action_words, meld_cards, prompt, why_not
from .board import show_board
from .dialogs import ChoiceScreen, HelpScreen
from .flow import TurnFlow
from .layout import SortMode, lay_out
from .tableview import MIN_SIZE, Shown, TableView, fit, fitted, too_small_text
from .widgets import HandView, PileView, style_cards


def bindings() -> list[BindingType]:
    """The table's bindings, from the key map."""
    out: list[BindingType] = []
    for move in MOVES:
        out.append(Binding(move.key, move.name, move.label))
        if move.name == "discard":
            out.append(Binding("enter", "discard", "Discard", show=False))
    for control in CONTROLS:
        display = "?" if control.keys == "question_mark" else None
        out.append(
            Binding(
                control.keys, control.name, control.label, show=control.footer, key_display=display
            )
        )
    return out


class TableScreen(Screen[None]):
    """One game, hand after hand."""

    BINDINGS: ClassVar[list[BindingType]] = bindings()

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.flow = TurnFlow(self)
        self.sort_mode = SortMode.MELDS
        self.cursor_card: Card | None = None
        self.marked: set[Card] = set()
        self.new_card: Card | None = None
        self.hinting = False
        self.hint_cursor: Card | None = None
        self.hinted: tuple[int, Action] | None = None  # (version, move) of the last hint
        self.logged = 0
        self.order: list[Card] = []
        self.grouped: set[frozenset[Card]] = set()  # the melds the hand shows grouped
        self.message = ""
        self.moves_shown: tuple[str, ...] | None = None
        self.log_toggled = False  # the moves panel flipped from what the width gives

    # --- layout ------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header()
        yield TableView(id="board")
        yield Static(id="too-small")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(HandView).focus()
        self.apply_settings()
        self.redraw()

    def on_resize(self, event: events.Resize) -> None:
        self.fit_to(event.size.width, event.size.height)

    def fit_to(self, width: int, height: int) -> None:
        layout = fit(width, height)
        fitted(self, layout)
        self.set_class(layout.side != self.log_toggled, "-side")
        self.query_one(TableView).size_cards(layout.big)
        self.query_one("#too-small", Static).update(too_small_text(width, height))
        self.call_after_refresh(self.rewrite_log)

    def rewrite_log(self) -> None:
        """The moves again, wrapped to the panel's new width."""
        if not self.query(TableView):
            return  # the screen has closed meanwhile
        table = self.query_one(TableView)
        table.clear_log()
        table.write_log(self.session.log)
        self.logged = len(self.session.log)

    def apply_settings(self) -> None:
        settings = self.app.settings  # type: ignore[attr-defined]
        style_cards(self, settings.card_style, settings.four_colour)

    def attached(self) -> bool:
        """Still on the app's stack (a worker's answer may come after it left)."""
        return self.is_attached and self.app.screen_stack.count(self) > 0

    def forget(self) -> None:
        self.marked.clear()
        self.new_card = None
        self.hinted = None

    # --- the flow's state, for the keys and the tests ------------------------------

    @property
    def thinking(self) -> bool:
        return self.flow.thinking

    @property
    def hand_hidden(self) -> bool:
        return self.flow.hand_hidden

    @property
    def view(self) -> PlayerView:
        return self.session.view()

    # --- showing the state -------------------------------------------------------

    def redraw(self) -> None:
        """Show the state of the game and start whatever comes next."""
        if not self.is_attached or not self.query(HandView):
            return  # the screen is being closed: a key that was already on its way
        session = self.session
        view = self.view
        table = self.query_one(TableView)
        table.draw(self.shown(view))
        settings = self.app.settings  # type: ignore[attr-defined]
        show_board(table, session, view, history=settings.discard_history, notes=self.notes(view))
        table.write_log(session.log[self.logged :])
        self.logged = len(session.log)
        game, rules, names = session.game, session.rules, session.names
        self.title = rules.name
        self.sub_title = (
            f"hand {len(game.hands)} · {names[0]}: {game.scores[0]} · "
            f"{names[1]}: {game.scores[1]} · to {rules.target}"
        )
        moves = tuple(move.name for move in MOVES if self.legal_of(move.name))
        moves += ("undo",) if self.can_undo() else ()
        if moves != self.moves_shown:  # the footer rebuilds itself: only when it must
            self.moves_shown = moves
            self.refresh_bindings()
        self.flow.step()

    def shown(self, view: PlayerView) -> Shown:
        """What this side of the table shows now."""
        session, rules = self.session, self.session.rules
        names, seats = session.names, session.seats
        me, opp = view.player, 1 - view.player
        layout, _ = lay_out(view.hand, rules, self.sort_mode)
        self.order = layout.cards
        self.grouped = {
            frozenset(layout.cards[start:end])
            for start, end, label in layout.groups
            if label != "deadwood"
        }
        if self.cursor_card not in self.order:
            self.cursor_card = self.order[0] if self.order else None
        self.marked &= set(self.order)
        hidden = self.hand_hidden
        count = hand_count(view.hand, rules, discard=False)  # what it would score now
        dealer = session.hand.dealer
        mine = [names[me], plural(len(view.hand), "card"), f"{rules.count_word} {count}"]
        mine.append(f"sorted by {self.sort_mode.value}")
        if self.marked and not hidden:
            mine.append(f"{len(self.marked)} marked")
        if dealer == me:
            mine.append("dealer")
        other = seats[opp]
        who = other.name if other.is_person else f"{other.name} ({other.level})"
        theirs = [who, plural(view.opponent_hand_size, "card")]
        if dealer == opp:
            theirs.append("dealer")
        last = self.last_move(names[opp])
        if self.flow.slow:
            theirs.append("thinking...")
        elif last:
            theirs.append(f"last: {last}")
        status = self.message or prompt(session, view)
        self.message = ""
        cursor = self.order.index(self.cursor_card) if self.cursor_card in self.order else 0
        return Shown(
            opponent=" · ".join(theirs),
            backs=view.opponent_hand_size,
            known=view.known_opponent_cards,
            hand_label=" · ".join(mine),
            hand=None if hidden else layout,
            hand_backs=len(view.hand),
            cursor=cursor,
            marked=frozenset(self.marked),
            new=self.new_card,
            status=status,
        )

    def last_move(self, name: str) -> str:
        """What ``name`` did last in this hand, in words ("discarded 8♣"), so a
        small window without the moves panel still shows it."""
        for line in reversed(self.session.log):
            if line.startswith("Hand "):
                return ""
            if line.startswith(name + " "):
                return line.removeprefix(name + " ").rstrip(".")
        return ""

    def notes(self, view: PlayerView) -> list[str]:
        rules = view.rules
        out = []
        if view.knock_limit is not None and rules.has_knock:
            out.append(f"knock limit {view.knock_limit}" if view.knock_limit else "gin only")
        if view.doubled:
            out.append("spade upcard: counts double")
        if rules.has_contract:
            names = self.session.names
            for p in (0, 1):
                state = "down" if view.contracts[p] else "not laid"
                out.append(f"{names[p]}: contract {state}")
        if view.pending_offer is not None:
            out.append(f"offered: {view.pending_offer.label}")
        return out

    def say(self, text: str, warn: bool = False) -> None:
        self.query_one(TableView).put("#status", text)
        if warn:
            self.app.bell()

    # --- which keys apply --------------------------------------------------------

    def legal_of(self, name: str) -> list[Action]:
        if not self.session.person_to_move or self.hand_hidden:
            return []
        return actions_for(name, self.session.legal(), self.view.hand, self.session.rules)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in MOVE_BY_NAME:
            return bool(self.legal_of(action))
        if action == "undo":
            return self.can_undo()
        if action == "play_hint":
            return self.hint_move() is not None
        return True

    def can_undo(self) -> bool:
        settings = self.app.settings  # type: ignore[attr-defined]
        return settings.undo and not self.hand_hidden and self.session.undo_problem() is None

    def on_key(self, event: events.Key) -> None:
        """A move key that is not legal now: say why, change nothing."""
        if event.key == "u" and not self.can_undo():
            event.stop()
            self.action_undo()
            return
        if event.key == "y" and self.hint_move() is None:
            event.stop()
            self.action_play_hint()
            return
        move = MOVE_BY_KEY.get(event.key)
        if move is None or self.legal_of(move.name):
            return
        event.stop()
        if move.name == "discard" and self.legal_of("offer"):
            self.action_offer()  # Skarney has no discard: x offers the card instead
            return
        self.refuse(move.name, self.cursor_card if move.card else None)

    def refuse(
        self, name: str, card: Card | None = None, marked: frozenset[Card] | None = None
    ) -> None:
        """Say why the move ``name`` cannot be made (with this card, these marks)."""
        self.say(why_not(self.session, self.view, name, card, marked), warn=True)

    # --- playing -----------------------------------------------------------------

    def play(self, action: Action) -> None:
        session = self.session
        before = set(self.view.hand)
        try:
            session.play(action)
        except IllegalAction as exc:
            self.say(str(exc).capitalize(), warn=True)
            return
        after = set(session.view(self.view.player).hand) if not session.hand.is_over else set()
        gained = after - before
        self.new_card = next(iter(gained)) if len(gained) == 1 else None
        if self.new_card is not None:
            self.cursor_card = self.new_card
        self.redraw()

    def run(self, name: str, pick: Callable[[list[Action]], Action | None]) -> None:
        options = self.legal_of(name)
        if not options:
            self.refuse(name)
            return
        action = pick(options)
        if action is not None:
            self.play(action)

    def action_draw(self) -> None:
        self.run("draw", lambda o: o[0])

    def action_take(self) -> None:
        self.run("take", lambda o: o[0])

    def action_pass(self) -> None:
        self.run("pass", lambda o: o[0])

    def action_discard(self) -> None:
        card = self.cursor_card
        if not self.legal_of("discard") and self.legal_of("offer"):
            self.action_offer()
            return
        self.run("discard", lambda o: self._with_card(o, card, "discard"))

    def action_offer(self) -> None:
        card = self.cursor_card
        self.run("offer", lambda o: self._with_card(o, card, "offer"))

    def _with_card(self, options: list[Action], card: Card | None, name: str) -> Action | None:
        for a in options:
            if getattr(a, "card", None) == card:
                return a
        self.refuse(name, card)
        return None

    def action_accept(self) -> None:
        self.run("accept", lambda o: o[0])

    def action_decline(self) -> None:
        self.run("decline", lambda o: o[0])

    def action_end_turn(self) -> None:
        self.run("end_turn", lambda o: o[0])

    def action_challenge(self) -> None:
        self.run("challenge", lambda o: o[0])

    def action_knock(self) -> None:
        self.choose_knock("knock")

    def action_gin(self) -> None:
        self.choose_knock("gin")

    def choose_knock(self, name: str) -> None:
        options = self.legal_of(name)
        if not options:
            self.refuse(name)
            return
        card = self.cursor_card
        # the knocks discarding the card under the cursor come first
        options.sort(key=lambda a: getattr(a, "discard", None) != card)
        labels = [action_words(a, self.view) for a in options[:30]]
        title = "Go gin?" if name == "gin" else "Knock: choose the melds to spread"
        self.ask(title, labels, options[:30])

    def ask(self, title: str, labels: list[str], options: Sequence[Action]) -> None:
        def chosen(index: int | None) -> None:
            if index is not None:
                self.play(options[index])

        self.app.push_screen(ChoiceScreen(title, labels), chosen)

    def action_meld(self) -> None:
        options = self.legal_of("meld")
        if not options:
            self.refuse("meld")
            return
        if self.marked:
            want = frozenset(self.marked)
            matches = [a for a in options if frozenset(meld_cards(a)) == want]
            if not matches:
                self.refuse("meld", marked=want)
                return
            self.marked.clear()
            self.play(pick_grouping(matches, self.grouped))
            return
        labels = [action_words(a, self.view) for a in options[:40]]
        self.ask("Lay which meld?", labels, options[:40])

    def action_lay_off(self) -> None:
        options = self.legal_of("lay_off")
        if not options:
            self.refuse("lay_off")
            return
        card = self.cursor_card
        mine = [a for a in options if isinstance(a, LayOff) and a.card == card]
        if not mine:
            self.refuse("lay_off", card)
            return
        if len(mine) == 1:
            self.play(mine[0])
            return
        view = self.view
        self.ask("Lay off on which meld?", [action_words(a, view) for a in mine], mine)

    def action_mark(self) -> None:
        card = self.cursor_card
        if card is None or self.hand_hidden:
            return
        self.marked ^= {card}
        self.redraw()

    def action_cursor(self, step: int) -> None:
        if not self.order:
            return
        i = self.order.index(self.cursor_card) if self.cursor_card in self.order else 0
        self.cursor_card = self.order[(i + step) % len(self.order)]
        self.redraw()

    def action_cursor_to(self, index: int) -> None:
        if not self.order:
            return
        if index >= len(self.order):
            self.say(f"You hold {plural(len(self.order), 'card')}.", warn=True)
            return
        self.cursor_card = self.order[index]
        self.redraw()

    def action_undo(self) -> None:
        settings = self.app.settings  # type: ignore[attr-defined]
        session = self.session
        if session.hot_seat:
            self.say("There is no undo in a hot-seat game.", warn=True)
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
            self.cursor_card = card
        self.new_card = None
        self.query_one(TableView).clear_log()  # the words are rebuilt along with the game
        self.logged = 0
        self.message = f"Taken back: {action_words(action, self.view)}."
        self.redraw()

    def action_sort(self) -> None:
        self.sort_mode = self.sort_mode.next()
        self.redraw()

    def action_log(self) -> None:
        self.log_toggled = not self.log_toggled
        self.fit_to(self.size.width, self.size.height)

    # --- hints -------------------------------------------------------------------

    def action_hint(self) -> None:
        settings = self.app.settings  # type: ignore[attr-defined]
        if not settings.hints:
            self.say("Hints are switched off in the settings.")
            return
        if not self.session.person_to_move or self.hand_hidden:
            self.say("A hint comes on your turn.")
            return
        if self.hinting:
            self.say("Still thinking of a hint...")
            return
        self.hinting = True
        self.hint_cursor = self.cursor_card  # a pick made while it thinks is kept
        self.say("Thinking of a hint...")
        self.think_hint(self.session.version, self.view, settings.hint_level)

    @work(thread=True, group="hint", exit_on_error=False)
    def think_hint(self, version: int, view: PlayerView, level: str) -> None:
        """A hint is thought in a worker, like the computer's moves: keys keep working."""
        try:
            hints = hint(view, view.legal_actions, level=level)
        except Exception as exc:  # a bug in the hints must not end the game
            self.app.call_from_thread(self._hint_failed, exc)
            return
        self.app.call_from_thread(self._hint_done, version, view, hints[0] if hints else None)

    def _hint_failed(self, exc: Exception) -> None:
        self.hinting = False
        self.say(f"No hint this time ({type(exc).__name__}: {exc}).", warn=True)

    def _hint_done(self, version: int, view: PlayerView, best: Hint | None) -> None:
        self.hinting = False
        if best is None or version != self.session.version or self.hand_hidden:
            return  # the game moved on while the hint was thought: it no longer applies
        card = getattr(best.action, "card", None) or getattr(best.action, "discard", None)
        if card in self.order and self.cursor_card == self.hint_cursor:
            self.cursor_card = card
        self.hinted = (version, best.action)
        words = action_words(best.action, view)
        self.message = f"Hint: {words} — {best.explanation()}. y plays it."
        self.redraw()

    def hint_move(self) -> Action | None:
        """The move of the last hint, while it still applies."""
        if self.hinted is None or self.hinted[0] != self.session.version or self.hand_hidden:
            return None
        action = self.hinted[1]
        return action if action in self.session.legal() else None

    def action_play_hint(self) -> None:
        action = self.hint_move()
        if action is None:
            self.say("There is no hint to play: ask for one with ?.", warn=True)
            return
        self.play(action)

    # --- elsewhere ---------------------------------------------------------------

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(self.session.rules))

    def action_leave(self) -> None:
        if self.is_current:
            self.app.pop_screen()

    @on(PileView.Clicked)
    def pile_clicked(self, message: PileView.Clicked) -> None:
        self.command("draw" if message.pile == "stock" else "take")

    def command(self, name: str) -> None:
        """A move by name (from the palette or a click): made, or refused with why."""
        if not self.legal_of(name):
            if name == "discard" and self.legal_of("offer"):
                name = "offer"
            else:
                self.refuse(name)
                return
        getattr(self, f"action_{name}")()

    @on(HandView.Clicked)
    def clicked(self, message: HandView.Clicked) -> None:
        if 0 <= message.index < len(self.order):
            card = self.order[message.index]
            if card == self.cursor_card and self.legal_of("discard"):
                self.action_discard()
                return
            self.cursor_card = card
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


__all__ = ["MIN_SIZE", "TableScreen"]
