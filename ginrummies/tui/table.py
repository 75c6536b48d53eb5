"""The table screen: the hand being played, keyboard first.

Keys pick cards and make moves; the footer shows only the moves that are
legal now, and any other move key gets a short message saying why not.
The computer thinks in a worker thread and its moves are paced.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import ClassVar

from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Header, RichLog, Static

from ..ai.hints import Hint, hint
from ..core import (
    Accept,
    Action,
    Card,
    Challenge,
    Decline,
    Discard,
    DrawStock,
    EndTurn,
    IllegalAction,
    Knock,
    LayContract,
    LayMeld,
    LayOff,
    Offer,
    Pass,
    PlayerView,
    TakeDiscard,
    hand_count,
)
from ..play.session import Decision, Session, Turn, decide
from ..play.words import action_words, prompt
from .board import show_board
from .dialogs import ChoiceScreen, CurtainScreen, HelpScreen, ResultScreen
from .layout import SortMode, lay_out
from .widgets import (
    BacksView,
    HandView,
    PileView,
    TableMeldsView,
    side_panel,
    style_cards,
)

MIN_SIZE = (100, 30)

# move keys: action name -> (what the player tried, the action types it needs)
MOVES: dict[str, tuple[str, tuple[type, ...]]] = {
    "draw": ("draw from the stock", (DrawStock,)),
    "take": ("take the discard", (TakeDiscard,)),
    "pass": ("pass", (Pass,)),
    "discard": ("discard", (Discard,)),
    "knock": ("knock", (Knock,)),
    "gin": ("go gin", (Knock,)),
    "meld": ("meld", (LayMeld, LayContract)),
    "lay_off": ("lay off", (LayOff,)),
    "offer": ("offer a card", (Offer,)),
    "accept": ("accept", (Accept,)),
    "decline": ("decline", (Decline,)),
    "end_turn": ("end the turn", (EndTurn,)),
    "challenge": ("challenge", (Challenge,)),
}
KEY_MOVES = {
    "d": "draw",
    "t": "take",
    "p": "pass",
    "x": "discard",
    "k": "knock",
    "g": "gin",
    "m": "meld",
    "l": "lay_off",
    "o": "offer",
    "a": "accept",
    "n": "decline",
    "e": "end_turn",
    "c": "challenge",
}


class TableScreen(Screen[None]):
    """One game, hand after hand."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("d", "draw", "Draw"),
        Binding("t", "take", "Take"),
        Binding("p", "pass", "Pass"),
        Binding("x", "discard", "Discard"),
        Binding("enter", "discard", "Discard", show=False),
        Binding("k", "knock", "Knock"),
        Binding("g", "gin", "Gin"),
        Binding("m", "meld", "Meld"),
        Binding("l", "lay_off", "Lay off"),
        Binding("o", "offer", "Offer"),
        Binding("a", "accept", "Accept"),
        Binding("n", "decline", "Decline"),
        Binding("e", "end_turn", "End turn"),
        Binding("c", "challenge", "Challenge"),
        Binding("space", "mark", "Mark", show=False),
        Binding("left", "cursor(-1)", "Left", show=False),
        Binding("right", "cursor(1)", "Right", show=False),
        Binding("home", "cursor_to(0)", "First", show=False),
        Binding("end", "cursor_to(-1)", "Last", show=False),
        Binding("u", "undo", "Undo"),
        Binding("s", "sort", "Sort"),
        Binding("question_mark", "hint", "Hint", key_display="?"),
        Binding("f1,h", "help", "Help"),
        Binding("escape,q", "leave", "Menu"),
        *(
            Binding(str(n % 10), f"cursor_to({n - 1})", f"Card {n}", show=False)
            for n in range(1, 11)
        ),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.sort_mode = SortMode.MELDS
        self.cursor_card: Card | None = None
        self.marked: set[Card] = set()
        self.new_card: Card | None = None
        self.thinking = False
        self.hinting = False
        self.hint_cursor: Card | None = None
        # hot-seat: the seat whose person said (at the curtain) they are at the
        # keyboard; a hand is drawn face up only for them. A new table, a new
        # hand and every change of turn start with nobody.
        self.at_keyboard: int | None = None
        self.curtain_up = False
        self.result_shown = -1
        self.logged = 0
        self.order: list[Card] = []
        self.message = ""
        self.texts: dict[str, str] = {}
        self.moves_shown: tuple[str, ...] | None = None

    # --- layout ------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="board"):
            with Vertical(id="play"):
                yield Static(id="opp-name", classes="label")
                yield BacksView(id="opp")
                yield PileView(id="piles")
                yield TableMeldsView(id="melds")
                yield Static(id="hand-name", classes="label")
                yield HandView(id="hand")
                yield Static(id="status")
            yield side_panel()
        yield Static(id="too-small")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(HandView).focus()
        self.apply_settings()
        self.update_table()

    def on_resize(self, event: events.Resize) -> None:
        small = event.size.width < MIN_SIZE[0] or event.size.height < MIN_SIZE[1]
        self.set_class(small, "-too-small")
        self.query_one("#too-small", Static).update(
            f"The terminal is {event.size.width}×{event.size.height}; the table needs at least "
            f"{MIN_SIZE[0]}×{MIN_SIZE[1]}.\nMake the window larger (or the font smaller) "
            "and the game comes back as it was."
        )

    def apply_settings(self) -> None:
        settings = self.app.settings  # type: ignore[attr-defined]
        style_cards(self, settings.card_style, settings.four_colour)

    # --- showing the state -------------------------------------------------------

    @property
    def view(self) -> PlayerView:
        return self.session.view()

    def update_table(self) -> None:
        """Show the state of the game and start whatever comes next."""
        if not self.is_attached or not self.query(HandView):
            return  # the screen is being closed: a key that was already on its way
        session = self.session
        view = self.view
        rules = session.rules
        names = session.names
        me, opp = view.player, 1 - view.player
        game = session.game
        self.title = rules.name
        self.sub_title = (
            f"hand {len(game.hands)} · {names[0]} {game.scores[0]} · "
            f"{names[1]} {game.scores[1]} · to {rules.target}"
        )
        layout, _ = lay_out(view.hand, rules, self.sort_mode)
        count = hand_count(view.hand, rules, discard=False)  # what it would score now
        self.order = layout.cards
        if self.cursor_card not in self.order:
            self.cursor_card = self.order[0] if self.order else None
        self.marked &= set(self.order)
        hand_view = self.query_one(HandView)
        if self.hand_hidden:
            hand_view.hide(len(view.hand))
        else:
            cursor = self.order.index(self.cursor_card) if self.cursor_card in self.order else 0
            hand_view.show(layout, cursor, set(self.marked), self.new_card)
        who = names[me]
        self.put(
            "#hand-name",
            f"{who} · {len(view.hand)} card{'s' if len(view.hand) != 1 else ''} · "
            f"{rules.count_word} {count} · sorted by {self.sort_mode.value}",
        )
        n = view.opponent_hand_size
        self.put("#opp-name", f"{names[opp]} · {n} card{'s' if n != 1 else ''}")
        backs = self.query_one(BacksView)
        backs.set_class(bool(view.known_opponent_cards), "-known")
        backs.show(view.opponent_hand_size, view.known_opponent_cards)
        settings = self.app.settings  # type: ignore[attr-defined]
        show_board(self, session, view, history=settings.discard_history, notes=self.notes(view))
        log = self.query_one(RichLog)
        for line in session.log[self.logged :]:
            log.write(line, scroll_end=True)
        self.logged = len(session.log)
        self.put("#status", self.message or prompt(session, view))
        self.message = ""
        moves = tuple(name for name in MOVES if self.legal_of(name))
        moves += ("undo",) if self.can_undo() else ()
        if moves != self.moves_shown:  # the footer rebuilds itself: only when it must
            self.moves_shown = moves
            self.refresh_bindings()
        self.next_step()

    def put(self, selector: str, text: str) -> None:
        """Update a line of text only when it changes (each update costs a layout)."""
        if self.texts.get(selector) != text:
            for widget in self.query(selector).results(Static):  # none while closing
                self.texts[selector] = text
                widget.update(text)

    def notes(self, view: PlayerView) -> list[str]:
        rules = view.rules
        out = []
        if view.knock_limit is not None and rules.has_knock:
            out.append(f"knock limit {view.knock_limit}" if view.knock_limit else "gin only")
        if view.doubled:
            out.append("spade upcard: this hand counts double")
        if rules.has_contract:
            names = self.session.names
            for p in (0, 1):
                state = "down" if view.contracts[p] else "not laid"
                out.append(f"{names[p]}: contract {state}")
        if view.pending_offer is not None:
            out.append(f"offered: {view.pending_offer.label}")
        return out

    def next_step(self) -> None:
        session = self.session
        hand = session.hand
        if hand.is_over:
            if self.result_shown != len(session.game.hands):
                self.result_shown = len(session.game.hands)
                self.app.push_screen(ResultScreen(session), self.after_result)
            return
        if not self.thinking:
            turn = session.computer_turn()
            if turn is not None:
                self.thinking = True
                self.computer_move(turn)
                return
        seat = session.to_move
        hidden = session.hot_seat and seat is not None and seat != self.at_keyboard
        if hidden and seat is not None and not self.curtain_up:
            self.curtain_up = True
            self.app.push_screen(CurtainScreen(session.names[seat]), partial(self.ready, seat))

    @property
    def hand_hidden(self) -> bool:
        """Hot-seat: the hand shown is not the hand of the person at the keyboard."""
        session = self.session
        return session.hot_seat and (self.curtain_up or self.at_keyboard != session.viewer())

    def ready(self, seat: int, _: object = None) -> None:
        """The curtain's Enter: ``seat``'s person is at the keyboard."""
        self.curtain_up = False
        self.at_keyboard = seat
        self.new_card = None
        self.update_table()

    def after_result(self, _: object = None) -> None:
        session = self.session
        if session.game.is_over:
            # after the result screen has gone: its dismissal is still under way
            self.app.call_later(self.app.show_menu)  # type: ignore[attr-defined]
            return
        session.next_hand()
        self.at_keyboard = None  # both saw the result: the next hand starts behind the curtain
        self.marked.clear()
        self.new_card = None
        self.update_table()

    @work(thread=True, group="computer", exit_on_error=False)
    def computer_move(self, turn: Turn) -> None:
        """Think in a worker about a frozen turn; the move is made on the UI thread."""
        start = time.monotonic()
        decision = decide(turn)
        delay = self.app.settings.delay  # type: ignore[attr-defined]
        rest = delay - (time.monotonic() - start)
        if rest > 0:
            time.sleep(rest)
        self.app.call_from_thread(self._computer_done, decision)

    def _computer_done(self, decision: Decision) -> None:
        self.thinking = False
        if not self.is_attached or self.app.screen_stack.count(self) == 0:
            return  # the player left the table meanwhile: the move is thought again later
        if decision.problem is not None:
            self.app.notify(
                f"{decision.problem}. It played a simple move instead; the game goes on "
                "and is saved.",
                title="The computer stumbled",
                severity="error",
                timeout=15,
            )
        self.session.play_decision(decision)  # a stale answer (after an undo) changes nothing
        self.update_table()

    # --- which keys apply --------------------------------------------------------

    def legal_of(self, name: str) -> list[Action]:
        if not self.session.person_to_move or self.hand_hidden:
            return []
        kinds = MOVES[name][1]
        found = [a for a in self.session.legal() if isinstance(a, kinds)]
        if name in ("knock", "gin"):
            hand = self.view.hand
            rules = self.session.rules
            want_gin = name == "gin"
            found = [a for a in found if (a.deadwood(hand, rules) == 0) == want_gin]  # type: ignore[union-attr]
        return found

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in MOVES:
            return bool(self.legal_of(action))
        if action == "undo":
            return self.can_undo()
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
        name = KEY_MOVES.get(event.key)
        if name is None or self.legal_of(name):
            return
        event.stop()
        if name == "discard" and self.legal_of("offer"):
            self.action_offer()  # Skarney has no discard: x offers the card instead
            return
        self.refuse(name)

    def refuse(self, name: str) -> None:
        what = MOVES[name][0]
        session = self.session
        if session.hand.is_over:
            why = "the hand is over"
        elif not session.person_to_move:
            why = f"it is {session.names[session.to_move or 0]}'s turn"
        else:
            why = prompt(session, self.view)
        self.say(f"You cannot {what} now: {why}", warn=True)

    def say(self, text: str, warn: bool = False) -> None:
        self.put("#status", text)
        if warn:
            self.app.bell()

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
        self.update_table()

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

    def _with_card(self, options: list[Action], card: Card | None, verb: str) -> Action | None:
        for a in options:
            if getattr(a, "card", None) == card:
                return a
        label = card.label if card else "that card"
        self.say(f"You cannot {verb} {label}: " + self.why_not_card(card), warn=True)
        return None

    def why_not_card(self, card: Card | None) -> str:
        view = self.view
        if card is not None and card == view.taken_card:
            return "it was just taken from the pile"
        if card is not None and card == view.no_offer_back:
            return "it was just offered to you"
        return "choose another card"

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
            for a in options:
                cards = _meld_cards(a)
                if frozenset(cards) == want:
                    self.marked.clear()
                    self.play(a)
                    return
            contract = any(isinstance(a, LayContract) for a in options)
            need = "three melds of three cards (mark nine)" if contract else "a set or a run"
            self.say(f"The marked cards are not {need}.", warn=True)
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
            label = card.label if card else "That card"
            self.say(f"{label} fits no meld on the table now.", warn=True)
            return
        if len(mine) == 1:
            self.play(mine[0])
            return
        view = self.view
        self.ask("Lay off on which meld?", [action_words(a, view) for a in mine], mine)

    def action_mark(self) -> None:
        card = self.cursor_card
        if card is None:
            return
        self.marked ^= {card}
        self.update_table()

    def action_cursor(self, step: int) -> None:
        if not self.order:
            return
        i = self.order.index(self.cursor_card) if self.cursor_card in self.order else 0
        self.cursor_card = self.order[(i + step) % len(self.order)]
        self.update_table()

    def action_cursor_to(self, index: int) -> None:
        if not self.order:
            return
        if index >= len(self.order):
            self.say(f"You hold {len(self.order)} cards.", warn=True)
            return
        self.cursor_card = self.order[index]
        self.update_table()

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
        self.query_one(RichLog).clear()  # the words are rebuilt along with the game
        self.logged = 0
        self.message = f"Taken back: {action_words(action, self.view)}."
        self.update_table()

    def action_sort(self) -> None:
        self.sort_mode = self.sort_mode.next()
        self.update_table()

    def action_hint(self) -> None:
        settings = self.app.settings  # type: ignore[attr-defined]
        if not settings.hints:
            self.say("Hints are switched off in the settings.")
            return
        if not self.session.person_to_move or self.hand_hidden:
            self.say("A hint comes on your turn.")
            return
        if self.hinting:
            self.say("Still thinking of a hint…")
            return
        self.hinting = True
        self.hint_cursor = self.cursor_card  # a pick made while it thinks is kept
        self.say("Thinking of a hint…")
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
        words = action_words(best.action, view)
        extra = ""
        if best.win_chance is not None and best.expected_points is not None:
            extra = f" (wins {best.win_chance:.0%}, {best.expected_points:+.1f} points)"
        self.message = f"Hint: {words} — {best.reason}{extra}"
        self.update_table()

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
            self.update_table()


def _meld_cards(action: Action) -> list[Card]:
    if isinstance(action, LayContract):
        return [c for m in action.melds for c in m.cards]
    if isinstance(action, LayMeld):
        return list(action.meld.cards)
    return []


__all__ = ["MIN_SIZE", "TableScreen"]
