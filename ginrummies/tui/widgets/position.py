"""A reviewed decision as its person saw it (the review screen): their own
cards, the piles and what everybody saw of the other hand, then the move
made and the best one. Drawn from the person's ``PlayerView`` alone, so the
other hand's hidden cards cannot reach it; ``HindsightView`` shows them,
apart, once the game is over and the person asks.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rich.cells import cell_len
from rich.text import Text
from textual.reactive import reactive

from ...core import Card, Phase, PlayerView, RuleSet, hand_count, plural
from ...play.handorder import SortMode, lay_out
from ..screens.result import Flow, Row
from .cards import CardInk

# what the person was asked, by the phase they were in
ASKED = {
    Phase.UPCARD: "take the upcard or pass",
    Phase.DRAW: "draw",
    Phase.DISCARD: "discard or knock",
    Phase.FIFTIETH: "take the last discard or not",
    Phase.PLAY: "play",
    Phase.RESPOND: "answer an offer",
    Phase.CHALLENGED: "answer a challenge",
}

LEAD = 7  # the labels' column: "Made", "Best", "Hand", "Pile", a name (cut)
LONGEST_LEAD = 13  # ... as wide as the opponent's name, to this

# the verdicts' component classes: their colours come from the theme
VERDICT_CLASSES = {"review--blunder", "review--mistake", "review--inaccuracy", "review--good"}


@dataclass(frozen=True)
class Seen:
    """One decision to show: where it was, how it was rated, the moves
    in words, and the person's view then. ``other`` names their opponent."""

    where: str  # "Hand 3, move 18"
    name: str  # the person
    other: str  # the opponent at their table
    verdict: str  # "blunder", "mistake", "inaccuracy", "good", "best"
    loss: float
    error: float
    made: str
    best: str
    view: PlayerView
    score: str = ""  # the game's score before the hand, as the person saw it


@dataclass(frozen=True)
class Hindsight:
    """The other hand at the moment of a decision: known only once the game is over."""

    name: str
    cards: tuple[Card, ...]
    rules: RuleSet


def lead(label: str, width: int = LEAD) -> Text:
    """A row's label in a column ``width`` wide (cut to fit: a name may be long)."""
    text = Text(label, style="bold")
    text.truncate(width - 1, overflow="ellipsis", pad=True)
    text.append(" ")
    return text


class PositionView(CardInk):
    """The decision chosen in the review, as its person saw it."""

    COMPONENT_CLASSES = CardInk.COMPONENT_CLASSES | VERDICT_CLASSES
    DEFAULT_CSS = "PositionView { height: auto; }"

    seen: reactive[Seen | None] = reactive(None, layout=True)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(classes="cards", id=id)

    def render(self) -> Flow:
        return Flow(self.rows())

    @property
    def plain(self) -> str:
        """What the view says, a row a line."""
        return str(Flow(self.rows()))

    @property
    def cards_shown(self) -> set[Card]:
        """Every card the view shows face up (the tests' check that the
        other hand's hidden cards never show)."""
        seen = self.seen
        if seen is None:
            return set()
        view = seen.view
        found = {*view.hand, *view.discard_pile, *view.known_opponent_cards}
        found.update(c for t in view.table.melds for c in t.meld.cards)
        return found

    def rows(self) -> list[Row]:
        seen = self.seen
        if seen is None:
            return [Row.words("n jumps to the next costly decision, the arrows choose one.")]
        view, rules = seen.view, seen.view.rules
        width = max(LEAD, min(cell_len(seen.other) + 1, LONGEST_LEAD))

        def at(label: str) -> Text:
            return lead(label, width)

        asked = ASKED.get(view.phase, view.phase.value)
        rows = [Row([Text(f"{seen.where} · {seen.name}, to {asked}", style="bold")])]
        rows.append(self.verdict_row(seen))
        rows.append(Row(Row.words(seen.made).pieces, at("Made")))
        if seen.best != seen.made:
            rows.append(Row(Row.words(seen.best).pieces, at("Best")))
        pieces = self.hand_pieces(view.hand, rules)
        rows.append(Row(pieces, at("Hand")))
        pile = "Pile" if rules.has_discard_pile else "Stock"
        rows.append(Row(self.pile_pieces(view), at(pile)))
        rows.append(Row(self.other_pieces(view, seen.other), at(seen.other)))
        # the melds on the table by owner: in Skarney a player lays off on their own only
        for label, owned in (("Yours", True), ("Theirs", False)):
            melds = [
                self.meld_piece(t.meld.cards)
                for t in view.table.melds
                if (t.owner == view.player) == owned
            ]
            if melds:
                rows.append(Row(melds, at(label)))
        if seen.score:
            rows.append(Row(Row.words(seen.score, self.ink("card--dead")).pieces, at("Score")))
        return rows

    def verdict_row(self, seen: Seen) -> Row:
        if seen.verdict == "best":
            return Row([Text("The best move.", style=self.ink("review--good"))])
        error = f" (±{seen.error:.1f})" if seen.error else ""
        style = self.ink(f"review--{seen.verdict}")
        said = f"{seen.verdict.capitalize()}: {seen.loss:.1f} points expected lost{error}."
        return Row.words(said, style)

    def pile_pieces(self, view: PlayerView) -> list[Text]:
        dim = self.ink("card--dead")
        if not view.rules.has_discard_pile:
            return [Text(plural(view.stock_size, "card"), style=dim)]
        stock = Text(f"stock {view.stock_size}", style=dim)
        pile = view.discard_pile
        if not pile:
            return [Text("empty", style=dim), stock]
        pieces = [self.card_text(pile[-1]), Text("on top;", style=dim)]
        below = list(reversed(pile[:-1]))
        if below:
            pieces.append(Text("below", style=dim))
            pieces += [self.card_text(c) for c in below]
            pieces[-1].append(";", style=dim)
        return [*pieces, stock]

    def other_pieces(self, view: PlayerView, other: str) -> list[Text]:
        dim = self.ink("card--dead")
        count = plural(view.opponent_hand_size, "card")
        pieces = [Text(f"{count}, face down", style=dim)]
        if view.known_opponent_cards:
            pieces[0].append(";", style=dim)
            known = "taken from the pile:" if view.rules.has_discard_pile else "known:"
            pieces.append(Text(known, style=dim))
            pieces += [self.card_text(c) for c in view.known_opponent_cards]
        return pieces

    def meld_piece(self, cards: Iterable[Card]) -> Text:
        """A meld as one piece, never split across lines: "[ 7♣  7♥  7♠]"."""
        out = Text("[")
        out.append_text(self.cards_text(list(cards)))
        out.append("]")
        return out

    def hand_pieces(self, held: tuple[Card, ...], rules: RuleSet) -> list[Text]:
        """A hand's cards, each meld as one piece, then the loose cards, then its count."""
        layout, _ = lay_out(held, rules, SortMode.MELDS)
        cards = layout.cards
        melds = [(g.start, g.end) for g in layout.groups if not g.deadwood]
        pieces = [self.meld_piece(cards[a:b]) for a, b in melds]
        melded = {i for a, b in melds for i in range(a, b)}
        pieces += [self.card_text(c) for i, c in enumerate(cards) if i not in melded]
        count = hand_count(held, rules, discard=False)  # every card laid out
        return [*pieces, Text(f"· {rules.count_word} {count}", style=self.ink("card--dead"))]


class HindsightView(PositionView):
    """The other hand as it was at the decision: shown only on request, once
    the game is over, kept apart from the rating (its own box and title)."""

    DEFAULT_CSS = "HindsightView { height: auto; }"

    hindsight: reactive[Hindsight | None] = reactive(None, layout=True)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = "With hindsight · not part of the rating"

    def watch_hindsight(self, hindsight: Hindsight | None) -> None:
        self.display = hindsight is not None

    def rows(self) -> list[Row]:
        shown = self.hindsight
        if shown is None:
            return []
        pieces = self.hand_pieces(shown.cards, shown.rules)
        return [
            Row(pieces, lead(shown.name, max(LEAD, min(cell_len(shown.name) + 1, LONGEST_LEAD)))),
            Row.words(
                "What the other hand held then, which the player could not see: "
                "the rating above is from their view alone.",
                "italic",
                hang=0,
            ),
        ]

    @property
    def cards_shown(self) -> set[Card]:
        return set(self.hindsight.cards) if self.hindsight is not None else set()
