"""The result of a hand, and of the game, line by line."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from ...core import HandResult, KnockEnd, TableEnd
from ...play.session import Session
from ...play.tell import round_lines, side_names, unit
from ..widgets.cards import CardInk
from .base import gin_app, on_top


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
        gin_app(self).export_replay(s.to_json(), s.rules.name, s.seed)

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
