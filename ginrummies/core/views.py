"""The records a player sees: a hand as one player may know it
(``PlayerView``, with Skarney's and Colonel's ``TableState`` and the
``GameView`` around it), its public events, and a match of three or four
as everybody may see it (``MatchView``). Frozen, and never a hidden card
that their holder may not know.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from .actions import Action
from .cards import Card
from .formats import Format, Rota, Seating
from .result import HandResult, TableMeld
from .rules import RuleSet
from .settle import GameResult, RoundScore


class Phase(Enum):
    UPCARD = "upcard"  # first turn: take the upcard or pass
    DRAW = "draw"  # take from the stock or the discard pile
    DISCARD = "discard"  # discard, or knock
    FIFTIETH = "fiftieth"  # may take the last discard, only to knock at once
    PLAY = "play"  # Skarney, Colonel: lay melds and lay off, then offer or discard
    RESPOND = "respond"  # Skarney: accept or decline the card offered
    CHALLENGED = "challenged"  # Colonel: accept or decline the challenge
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Event:
    """One applied action as everybody at the table saw it.

    ``card`` is the card that became public with it (the discard taken), or
    None; cards drawn from the stock never appear here.
    """

    player: int
    action: Action
    card: Card | None = None
    gin: bool = False  # a knock that was gin

    def describe(self, names: Sequence[str] = ("Player 1", "Player 2")) -> str:
        """The event in words: 'Computer took 7♥ from the discard pile'."""
        return f"{names[self.player]} {self.action.said(self.card, self.gin)}"


@dataclass(frozen=True, slots=True)
class PastHand:
    """A finished hand of this game as the whole table saw it: its dealer,
    its public moves and its result (which shows both hands)."""

    dealer: int
    history: tuple[Event, ...]
    result: HandResult


@dataclass(frozen=True)
class TableState:
    """Skarney and Colonel: the melds on the table and what the turn holds
    besides (empty in the Gin family, which lays nothing down in play)."""

    melds: tuple[TableMeld, ...] = ()  # in the order laid
    contracts: tuple[bool, bool] = (False, False)  # Skarney: contract laid, by player
    pending_offer: Card | None = None  # Skarney: the card held out, awaiting an answer
    challenge_pending: bool = False  # Colonel: a challenge awaits an answer
    skip_draw: bool = False  # Skarney: this player accepted an ace, no draw next
    draw_skipped: bool = False  # Skarney: this turn began with no draw, so no ace may be offered
    no_offer_back: Card | None = None  # Skarney: just accepted, may not be offered now
    last_turn: bool = False  # Skarney: the stock is down to two, no offer this turn


NO_TABLE = TableState()  # the Gin family's: nothing on the table, made once
NO_ROTA = Rota()


@dataclass(frozen=True)
class GameView:
    """The game around a hand, as one of its players sees it: the running
    totals of their side and their opponent's, the target, the finished
    hands between the two, and with three or four the match as all see it."""

    scores: tuple[int, int] = (0, 0)
    past: tuple[PastHand, ...] = ()  # oldest first
    target: int = 0
    match: MatchView | None = None


@dataclass(frozen=True)
class PlayerView:
    """Exactly what one player may know: the only thing bots are given.
    The hand's own state; ``table`` adds Skarney's and Colonel's, and
    ``game`` the game around the hand (``Match.view`` fills it in)."""

    player: int
    rules: RuleSet
    dealer: int
    phase: Phase
    to_move: int | None
    hand: tuple[Card, ...]
    opponent_hand_size: int
    stock_size: int
    discard_pile: tuple[Card, ...]  # bottom first; the last is the top
    upcard: Card | None  # the card first turned up (it sets Oklahoma's limit)
    knock_limit: int | None
    doubled: bool  # Oklahoma: the upcard was a spade
    known_opponent_cards: tuple[Card, ...]  # taken by the opponent from the pile
    history: tuple[Event, ...]
    legal_actions: tuple[Action, ...]  # empty unless this player is to move
    result: HandResult | None
    taken_card: Card | None = None  # the discard this player took this turn
    drawn_card: Card | None = None  # the stock's card this player drew this turn
    table: TableState = NO_TABLE
    game: GameView = GameView()

    @property
    def discard_top(self) -> Card | None:
        return self.discard_pile[-1] if self.discard_pile else None

    @property
    def my_turn(self) -> bool:
        return self.to_move == self.player


@dataclass(frozen=True)
class TableView:
    """One table as everybody may see it: never a hidden card."""

    table: int
    seats: tuple[int, int]  # the seats of hand players 0 and 1
    dealer: int  # the seat that dealt (in three-player Gin, the one sitting out)
    to_move: int | None  # the seat to move, None once the hand is over
    stock_size: int
    discard_top: Card | None
    hand_sizes: tuple[int, int]
    history: tuple[Event, ...]  # its public events (players 0 and 1 as ``seats``)
    result: HandResult | None


@dataclass(frozen=True)
class PastRound:
    """A finished round as the table saw it: each table's result and what
    the round added to each side."""

    number: int  # 0-based
    tables: tuple[tuple[Seating, HandResult], ...]
    score: RoundScore


@dataclass(frozen=True)
class MatchView:
    """The public state of a match, for a seat's view or for anyone."""

    format: Format
    seat: int | None  # whose view this is (None: nobody's in particular)
    sides: tuple[tuple[int, ...], ...]  # seats that score together
    scores: tuple[int, ...]  # per side
    boxes: tuple[int, ...]
    hands_won: tuple[int, ...]
    target: int
    number: int  # the round in play, from 1
    tables: tuple[TableView, ...]
    sitting_out: tuple[int, ...]
    rounds: tuple[PastRound, ...]  # the finished rounds, oldest first
    result: GameResult | None
    # where the format stands this round: who deals, and who meets whom next
    rota: Rota = NO_ROTA

    def side_of(self, seat: int) -> int:
        return next(i for i, side in enumerate(self.sides) if seat in side)

    def table_of(self, seat: int) -> int | None:
        return next((t.table for t in self.tables if seat in t.seats), None)
