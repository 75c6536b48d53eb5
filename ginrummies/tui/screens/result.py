"""The result of a hand, and of the game: the outcome first, then the
hands, then the arithmetic.

At 80×24 the dialog's body has seventeen rows; what a person must not
miss (the hand's score, the game's score or its winner and settlement, who
deals next) comes first, so it is in view when the result opens, and Enter
never leaves it unseen. The hands are laid out once, as cards, each beside
its player's name; below them the score's arithmetic in words. Rows wrap
between cards and melds, never inside a meld, and wrapped rows keep their
indent. When the body holds more than its view, the dialog's bottom edge
says so, and the arrows and Page Down scroll it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import ClassVar

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.style import Style
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Static

from ...core import Card, HandResult, KnockEnd, TableEnd, says
from ...play.log import Kind
from ...play.place import Place
from ...play.remote import RemoteSession
from ...play.session import Session
from ...play.tell import round_lines, side_names, unit
from ...store.saves import parse
from ..widgets.cards import CardInk
from ..widgets.footer import KeyFooter
from .base import gin_app, on_top

# the names' column, at most: every name (sixteen characters at most)
# stands beside its cards, but one of wide letters may go on a line of its own
NAME_COLUMN = 18
MORE_BELOW = "more below: ↓ PgDn"
MORE_ABOVE = "more above: ↑ PgUp"


@dataclass
class Row:
    """One row of the result: ``lead`` (a name, a label), then ``pieces``
    that are never split (a card, a meld, a word), a space apart. Rows wider
    than the view wrap between pieces, the wrapped lines indented by
    ``hang`` (default: the lead's width, so they line up under the first
    piece)."""

    pieces: list[Text]
    lead: Text = field(default_factory=Text)
    hang: int | None = None

    @classmethod
    def words(cls, line: str, style: str | Style = "", hang: int = 2) -> Row:
        """A sentence, wrapped between words."""
        return cls([Text(w, style=style) for w in line.split(" ") if w], hang=hang)


class Flow:
    """Rows laid out at the width they are given (a Rich renderable, so the
    height follows the width whenever the window changes)."""

    def __init__(self, rows: Iterable[Row]) -> None:
        self.rows = list(rows)

    def lines(self, width: int) -> Iterator[Text]:
        for row in self.rows:
            line = row.lead.copy()
            used = line.cell_len
            hang = row.lead.cell_len if row.hang is None else row.hang
            hang = min(hang, max(width // 2, 0))
            for i, piece in enumerate(row.pieces):
                if i and used + 1 + piece.cell_len > width:
                    yield line
                    line, used = Text(" " * hang), hang
                elif i:
                    line.append(" ")
                    used += 1
                line.append_text(piece)
                used += piece.cell_len
            yield line

    def text(self, width: int) -> Text:
        return Text("\n").join(self.lines(width))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.text(options.max_width)

    def __str__(self) -> str:
        """Each row on one line: what the result says, for tests and logs."""
        return "\n".join(line.plain.rstrip() for line in self.lines(10**6))


def blank() -> Row:
    return Row([])


def hand_score(session: Place, t: int) -> list[str]:
    """What a table's hand scored, and the boxes it won where they count per hand."""
    result = result_of(session, t)
    names = session.names_at(t)
    lines = [result.summary(names)]
    if result.knock is not None and result.scored and any(result.boxes):
        won = [f"{names[p]} {result.boxes[p]}" for p in (0, 1) if result.boxes[p]]
        lines.append("Boxes: " + ", ".join(won))
    return lines


def result_of(session: Place, t: int) -> HandResult:
    result = session.game.round.hands[t].result
    assert result is not None
    return result


class Rows(CardInk):
    """Rows of the result, laid out at the widget's width."""

    DEFAULT_CSS = "Rows { height: auto; }"

    def __init__(self, session: Place, id: str | None = None) -> None:
        super().__init__(classes="cards", id=id)
        self.session = session

    def render(self) -> Flow:
        return Flow(self.rows())

    @property
    def plain(self) -> str:
        """What the rows say, each on one line."""
        return str(Flow(self.rows()))

    def rows(self) -> list[Row]:
        raise NotImplementedError


class ResultOutcome(Rows):
    """The outcome: the hand's score, then the game's (its score, or its
    winner, bonuses and settlement), then who plays next (the formats)."""

    def rows(self) -> list[Row]:
        return [Row.words(line, style, hang=4) for line, style in self.outcome()]

    def outcome(self) -> list[tuple[str, str | Style]]:
        session = self.session
        game = session.game
        bold, dim = "bold", self.ink("card--dead")
        said: list[tuple[str, str | Style]] = []
        play = game.format.play
        rounds = round_lines(game, session.names) if not game.format.two_players else []
        if play.teams:  # "Hand 3: You & Ann score ...": the title says which hand
            net = rounds.pop(0).removeprefix(f"{unit(game)} {len(game.rounds)}: ")
            said.append((net[:1].upper() + net[1:], bold))
        else:
            for line in hand_score(session, 0):
                said.append((line, bold))
        if game.result is not None:
            if rounds and rounds[0].startswith("Score: "):
                said.append((rounds.pop(0), dim))
            for i, line in enumerate(game.result.breakdown(side_names(game.sides, session.names))):
                said.append((line, bold if i == 0 else ""))
        elif game.format.two_players:
            names = session.names_at()
            said.append(
                (
                    f"Game: {names[0]} {game.scores[0]} · {names[1]} {game.scores[1]} "
                    f"(to {game.target})",
                    dim,
                )
            )
        for line in rounds:
            said.append((line, "italic" if line.startswith("Next") else dim))
        return said


class ResultView(Rows):
    """Both hands laid out in melds with their lay-offs, and the score's arithmetic."""

    DEFAULT_CSS = "ResultView { margin-top: 1; }"

    def rows(self) -> list[Row]:
        return self.detail_rows()

    # --- the hands and the arithmetic ----------------------------------------

    def detail_rows(self) -> list[Row]:
        """Each table's hands laid out, then its score's arithmetic."""
        session = self.session
        game = session.game
        hands = game.round.hands
        rows: list[Row] = []
        for t in range(len(hands)):
            result = result_of(self.session, t)
            names = session.names_at(t)
            if t:
                rows.append(blank())
            if len(hands) > 1:
                head = f"Table {t + 1}: {names[0]} against {names[1]}"
                rows.append(Row([Text(head, style="bold underline")]))
            elif not game.format.two_players:
                rows.append(Row([Text(f"{names[0]} against {names[1]}", style="bold underline")]))
            knock, tabled = result.knock, result.table_end
            if tabled is not None:
                rows += self.table_hands(result, tabled, names)
            elif knock is not None and knock.knocker is not None:
                rows += self.gin_hands(result, knock, names)
            arithmetic = self.arithmetic(t)
            if arithmetic and len(rows) and rows[-1].pieces:
                rows.append(blank())
            rows += [Row.words(line) for line in arithmetic]
        # as the new-game form promises: the seed, once it deals nothing unseen
        # (the log tells it then: a seat at a hosted table learns it there)
        told = [e.words for e in session.records if e.kind is Kind.SEED]
        if game.is_over and told:
            rows += [blank(), Row.words(told[-1])]
        return rows

    def arithmetic(self, t: int) -> list[str]:
        """The table's breakdown without what the rows above already show:
        the melds, lay-offs and cards held (laid out as cards), and the
        score (at the top)."""
        result = result_of(self.session, t)
        session = self.session
        names = session.names_at(t)
        teams = session.game.format.play.teams
        told = " ".join(hand_score(session, t)) if not teams else ""
        shown = tuple(
            start
            for p in (0, 1)
            for start in (
                says(names[p], "lays off") + " ",
                f"{names[p]} on the table: ",
                says(names[p], "holds") + " ",
            )
        )
        return [
            line
            for line in result.breakdown(names, boxes=not teams, hands=False)
            if not line.startswith(shown) and line not in told
        ]

    def named(self, name: str, column: int, rows: list[tuple[str, list[Text]]]) -> list[Row]:
        """A player's rows: the name and their first row side by side (or
        the name alone, when it is long), the other rows under the first."""
        out: list[Row] = []
        if column > NAME_COLUMN:
            out.append(Row([Text(name, style="bold")]))
            column = 2
            first = Text(" " * column)
        else:
            pad = " " * (column - 1 - cell_len(name))  # by width: a wide letter takes two
            first = Text.assemble((name + pad, "bold"), " ")
        for i, (label, pieces) in enumerate(rows):
            lead = first.copy() if i == 0 else Text(" " * column)
            if label:
                lead.append(label + " ")
            out.append(Row(pieces, lead))
        return out

    def meld_piece(self, cards: Iterable[Card]) -> Text:
        """A meld as one piece: "[ 7♣  7♥  7♠]", never split across lines."""
        out = Text("[")
        out.append_text(self.cards_text(list(cards)))
        out.append("]")
        return out

    def gin_hands(self, result: HandResult, knock: KnockEnd, names: tuple[str, str]) -> list[Row]:
        kn = knock.knocker
        assert kn is not None
        column = max(cell_len(n) for n in names) + 2
        out: list[Row] = []
        for p in (kn, 1 - kn):
            rows: list[tuple[str, list[Text]]] = []
            melds = [self.meld_piece(m.cards) for m in knock.melds[p]]
            rows.append(("", melds or [Text("no melds", style="italic")]))
            if p != kn and knock.layoffs:
                # the cards laid off on each of the knocker's melds together, in
                # the order laid: "2♠ A♠ on [3♠ 4♠ 5♠]" (A♠ alone on that meld
                # would read as a move the rules refuse)
                groups: dict[int, list[Card]] = {}
                for lo in knock.layoffs:
                    groups.setdefault(lo.meld, []).append(lo.card)
                laid = [
                    Text.assemble(
                        self.cards_text(cards), " on ", self.meld_piece(knock.melds[kn][i].cards)
                    )
                    for i, cards in groups.items()
                ]
                rows.append(("lays off", laid))
            dead = [self.card_text(c) for c in sorted(result.deadwood[p])] or [Text("none")]
            rows.append(("deadwood", [*dead, Text(f"= {result.counts[p]}")]))
            out += self.named(names[p], column, rows)
        return out

    def table_hands(
        self, result: HandResult, tabled: TableEnd, names: tuple[str, str]
    ) -> list[Row]:
        column = max(cell_len(n) for n in names) + 2
        out: list[Row] = []
        for p in (0, 1):
            rows: list[tuple[str, list[Text]]] = []
            mine = [self.meld_piece(t.meld.cards) for t in tabled.table if t.owner == p]
            if mine:
                rows.append(("on the table", mine))
            cards = sorted(result.deadwood[p])
            held: list[Text] = []
            # each card's value: the count's arithmetic (aces count 15 in Skarney)
            for i, (card, value) in enumerate(zip(cards, tabled.values[p], strict=True)):
                if i:
                    held.append(Text("+"))
                held.append(Text.assemble(self.card_text(card), f" {value}"))
            held.append(Text(f"= {result.counts[p]}") if held else Text("nothing"))
            rows.append(("in hand", held))
            out += self.named(names[p], column, rows)
        return out


class ResultBody(VerticalScroll):
    """The result's scrolling body; it tells its screen when its size
    changes, since what fits (and so "more below") changes with it."""

    def on_resize(self) -> None:
        screen = self.screen
        if isinstance(screen, ResultScreen):
            self.call_after_refresh(screen.say_more)


class ResultScreen(ModalScreen[str | None]):
    """The hand's result; Enter goes on to the next hand (or the game's end);
    at the game's end, ``a`` answers "another" (the next game of the match)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space,escape", "next", "Continue", key_display="Enter"),
        Binding("x", "export", "Export replay"),
        Binding("a", "another", "Another game"),
        Binding("r", "review", "Review"),
        # the result scrolls whatever has the focus (there is nothing else to move)
        Binding("down", "scroll('down')", "Scroll", show=False),
        Binding("up", "scroll('up')", "Scroll", show=False),
        Binding("pagedown", "scroll('page_down')", "Scroll", show=False),
        Binding("pageup", "scroll('page_up')", "Scroll", show=False),
        Binding("end", "scroll('end')", "Scroll", show=False),
        Binding("home", "scroll('home')", "Scroll", show=False),
    ]

    def __init__(self, session: Place) -> None:
        super().__init__()
        self.session = session
        self._unlisten: Callable[[], None] = lambda: None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("export", "review"):  # a replay is of a whole game
            return self.session.game.is_over and self.whole
        if action == "another":
            return self.session.game.is_over and self.again
        return True

    @property
    def whole(self) -> bool:
        """The whole game is here to export and review (at a hosted table,
        once the host has sent it)."""
        session = self.session
        return not isinstance(session, RemoteSession) or bool(session.finished)

    @property
    def again(self) -> bool:
        """Another game with the same players can start here: a game of
        this machine's, or at a table it hosts (dealt at the same table);
        not at a table joined (its host deals the next)."""
        session = self.session
        if not isinstance(session, Session):
            return False
        return not session.away or gin_app(self).in_lobby(session)

    def action_another(self) -> None:
        """The next game of the match, with the same players (RULES.md 6)."""
        if on_top(self):
            self.dismiss("another")

    def action_export(self) -> None:
        s = self.session
        gin_app(self).export_replay(s.to_json(), s.rules.name, s.seed)

    def action_review(self) -> None:
        """The game's decisions rated, over the result (Escape comes back)."""
        if on_top(self):
            gin_app(self).show_review(parse(self.session.to_json()))

    def action_scroll(self, where: str) -> None:
        body = self.body()
        if body is not None:
            getattr(body, f"scroll_{where}")(animate=False)

    def compose(self) -> ComposeResult:
        game = self.session.game
        title = "Game over" if game.is_over else f"{unit(game)} {len(game.rounds)}"
        with Vertical(id="dialog"):
            yield Static(title, classes="title", markup=False)
            with ResultBody(classes="body"):
                yield ResultOutcome(self.session, id="outcome")
                # a cancelled hand of two has nothing to lay out
                if not game.format.two_players or result_of(self.session, 0).scored:
                    yield ResultView(self.session)
            yield Static(self.keys_words(), classes="hint", id="result-keys", markup=False)
        yield KeyFooter()

    def refresh_keys(self) -> None:
        """The keys again, when what they offer may have changed (at a table
        across machines, the whole game arrives after its end)."""
        for keys in self.query("#result-keys").results(Static):  # none until composed
            keys.update(self.keys_words())
        self.refresh_bindings()

    def keys_words(self) -> str:
        """The keys the result offers, in words."""
        game = self.session.game
        if not game.is_over:
            return f"Enter: next {unit(game).lower()}"
        lobby = gin_app(self).in_lobby(self.session)
        said = [f"Enter: back to the {'lobby' if lobby else 'menu'}"]
        if self.whole:  # the review first: the most a finished game offers
            said.append("r: review")
        if self.again:
            said.append("a: another game")
        if self.whole:
            said.append("x: export the replay")
        return " · ".join(said)

    class SeatChanged(Message):
        """The seat at a table elsewhere changed: the whole game may have come."""

    def on_unmount(self) -> None:
        self._unlisten()

    def seat_told(self) -> None:
        self.post_message(self.SeatChanged())

    @on(SeatChanged)
    def seat_changed(self) -> None:
        self.refresh_keys()

    def on_mount(self) -> None:
        session = self.session
        if isinstance(session, RemoteSession):
            self._unlisten = session.listen(self.seat_told)
        body = self.body()
        if body is None:
            return
        body.focus()  # the arrows and Page Down scroll it
        self.watch(body, "scroll_y", self.say_more)
        self.watch(body, "virtual_size", self.say_more)

    def on_resize(self) -> None:
        self.fit_body()
        self.call_after_refresh(self.say_more)

    def body(self) -> VerticalScroll | None:
        """The result's scrolling body; None while the screen is not composed
        (the app closing as it came)."""
        return next(self.query(".body").results(VerticalScroll), None)

    def fit_body(self) -> None:
        """The body's height: at most three quarters of the window, as in
        the other dialogs, and no more than leaves the footer, the dialog's
        edges, its title (two rows) and a blank row above the keys in view."""
        body = self.body()
        if body is None:
            return
        keys = self.query_one("#dialog > .hint").outer_size.height or 1
        room = self.size.height - 1 - 2 - 2 - 1 - keys
        body.styles.max_height = max(3, min(room, self.size.height * 3 // 4))

    def say_more(self) -> None:
        """The dialog's bottom edge says when the result goes on below (or above)."""
        body = self.body()
        if body is None:
            return
        more = ""
        if body.scroll_y < body.max_scroll_y:
            more = MORE_BELOW
        elif body.scroll_y > 0:
            more = MORE_ABOVE
        self.query_one("#dialog").border_subtitle = more

    @property
    def plain(self) -> str:
        """What the result says, each row on one line: the outcome, then the rest."""
        return "\n\n".join(w.plain for w in self.query(Rows))

    @property
    def more_below(self) -> bool:
        body = self.body()
        return body is not None and body.scroll_y < body.max_scroll_y

    def action_next(self) -> None:
        if on_top(self):
            self.dismiss(None)
