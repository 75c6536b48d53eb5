"""What every hand engine shares: phases, public events, the player's view.

A hand is its deal (rules, dealer, deck order) plus its log of actions:
``replay`` rebuilds it exactly. ``Hand.deal`` picks the engine for the rule
set's family.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any, ClassVar

from .actions import Action, Attempt, Discard, Offer
from .cards import Card, cards_of_mask, check_deck, shuffled_deck
from .errors import IllegalAction, Reason, Refusal
from .result import HandResult, TableMeld
from .rules import Family, RuleSet

if TYPE_CHECKING:
    from .match import MatchView


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
class PlayerView:
    """Exactly what one player may know: the only thing bots are given."""

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
    # Skarney and Colonel
    table: tuple[TableMeld, ...] = ()  # melds on the table, in the order laid
    contracts: tuple[bool, bool] = (False, False)  # Skarney: contract laid, by player
    pending_offer: Card | None = None  # Skarney: the card held out, awaiting an answer
    challenge_pending: bool = False  # Colonel: a challenge awaits an answer
    skip_draw: bool = False  # Skarney: this player accepted an ace, no draw next
    draw_skipped: bool = False  # Skarney: this turn began with no draw, so no ace may be offered
    no_offer_back: Card | None = None  # Skarney: just accepted, may not be offered now
    last_turn: bool = False  # Skarney: the stock is down to two, no offer this turn
    scores: tuple[int, int] = (0, 0)  # running totals of each player's side (Match.view)
    past: tuple[PastHand, ...] = ()  # finished hands between these two seats, oldest first
    target: int = 0  # the score that ends the game (Match.view fills it)
    match: MatchView | None = None  # three or four players: the match as all may see it

    @property
    def discard_top(self) -> Card | None:
        return self.discard_pile[-1] if self.discard_pile else None

    @property
    def my_turn(self) -> bool:
        return self.to_move == self.player


class Hand(ABC):
    """A hand (deal) of any variant: a state machine driven by actions."""

    engines: ClassVar[dict[Family, type[Hand]]] = {}

    rules: RuleSet
    dealer: int
    deck: tuple[Card, ...]
    log: list[tuple[int, Action]]
    events: list[Event]
    result: HandResult | None

    @classmethod
    def deal(
        cls,
        rules: RuleSet,
        dealer: int = 0,
        seed: int | str | random.Random | None = None,
        deck: Sequence[Card] | None = None,
    ) -> Hand:
        """Deal a hand from a seed or from an explicit deck (one of them).

        With a deck, cards go one at a time from the front, non-dealer first,
        then the upcard; the rest is the stock, drawn from the front.
        """
        if (seed is None) == (deck is None):
            raise ValueError("deal needs either a seed or a deck (not both)")
        if dealer not in (0, 1):
            raise ValueError(f"dealer must be 0 or 1, not {dealer!r}")
        cards = list(deck) if deck is not None else shuffled_deck(seed)  # type: ignore[arg-type]
        check_deck(cards)
        engine = cls.engines.get(rules.family)
        if engine is None:
            raise ValueError(f"no engine plays the {rules.family.value} family")
        return engine._start(rules, dealer, tuple(cards))

    @classmethod
    @abstractmethod
    def _start(cls, rules: RuleSet, dealer: int, deck: tuple[Card, ...]) -> Hand: ...

    # the state every engine keeps (hands as 52-bit masks, stock drawn from the front)
    _phase: Phase
    _to_move: int | None
    _masks: list[int]
    _stock: list[Card]
    _pile: list[Card]
    _known: list[set[Card]]  # cards each player is known by the other to hold
    _legal: list[Action] | None

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def to_move(self) -> int | None:
        """The player to act, or None once the hand is over."""
        return self._to_move

    @property
    def is_over(self) -> bool:
        return self._phase is Phase.OVER

    @property
    def stock_size(self) -> int:
        return len(self._stock)

    @property
    def discard_pile(self) -> tuple[Card, ...]:
        return tuple(self._pile)

    def cards_of(self, player: int) -> tuple[Card, ...]:
        """A player's cards (the whole truth: not for bots)."""
        self._check_player(player)
        return tuple(sorted(cards_of_mask(self._masks[player])))

    def legal_actions(self) -> list[Action]:
        """What the player to move may do now (empty once the hand is over)."""
        if self._legal is None:
            self._legal = [] if self._phase is Phase.OVER else self._compute_legal()
        return list(self._legal)

    @abstractmethod
    def _compute_legal(self) -> list[Action]: ...

    def _view(self, player: int, **extra: Any) -> PlayerView:
        """The view every engine shares; ``extra`` holds its own fields."""
        self._check_player(player)
        opp = 1 - player
        return PlayerView(
            player=player,
            rules=self.rules,
            dealer=self.dealer,
            phase=self._phase,
            to_move=self._to_move,
            hand=self.cards_of(player),
            opponent_hand_size=self._masks[opp].bit_count(),
            stock_size=len(self._stock),
            discard_pile=tuple(self._pile),
            known_opponent_cards=tuple(sorted(self._known[opp])),
            history=tuple(self.events),
            legal_actions=tuple(self.legal_actions()) if self._to_move == player else (),
            result=self.result,
            **extra,
        )

    def refusal(self, what: Action | Attempt, player: int | None = None) -> Refusal | None:
        """Why ``what`` may not be done now by the player to move (by
        ``player``, if given), or None if it may. An ``Attempt`` asks about a
        kind of move ("knock", "lay off 7♥") before all of it is chosen."""
        try:
            self.verify(what, player)
        except IllegalAction as exc:
            assert exc.refusal is not None  # the core always says why, typed
            return exc.refusal
        return None

    def verify(self, what: Action | Attempt, player: int | None = None) -> None:
        """Raise IllegalAction with the refusal if ``what`` may not be done now."""
        self._verified(what, player)

    def _verified(self, what: Action | Attempt, player: int | None) -> Any:
        """``verify``, returning what the checks worked out (a knock's melds,
        a lay-off's grown meld) so that ``apply`` does not work it out again."""
        if self._phase is Phase.OVER:
            raise IllegalAction(Refusal(Reason.HAND_OVER))
        mover = self._to_move
        assert mover is not None
        if player is not None and player != mover:
            raise IllegalAction(Refusal(Reason.NOT_YOUR_TURN, player=mover))
        if isinstance(what, Attempt):
            self._check_held(mover, what.card)
            self._check_attempt(mover, what)
            return None
        return self._verify(mover, what)

    def can(self, what: Action | Attempt, player: int | None = None) -> bool:
        """Whether ``what`` may be done now (``verify`` would not raise)."""
        return self.refusal(what, player) is None

    def apply(self, action: Action) -> None:
        """Apply the action of the player to move, or raise IllegalAction
        saying why (and change nothing): it is verified by ``verify``."""
        checked = self._verified(action, None)
        player = self._to_move
        assert player is not None
        self._do(player, action, checked)
        self._legal = None

    def _hand_state(self) -> tuple[Any, ...]:
        """The state every engine keeps, for ``state_key``."""
        return (
            self._phase,
            self._to_move,
            tuple(self._masks),
            tuple(self._stock),
            tuple(self._pile),
        )

    def _start_state(self, rules: RuleSet, dealer: int, deck: tuple[Card, ...]) -> list[int]:
        """Set what every engine starts with; returns the two dealt hands as
        masks, dealt one card at a time, non-dealer first."""
        self.rules = rules
        self.dealer = dealer
        self.deck = deck
        self.log = []
        self.events = []
        self.result = None
        self._legal = None
        self._known = [set(), set()]
        self._to_move = 1 - dealer
        masks = [0, 0]
        for i in range(2 * rules.hand_size):
            masks[1 - dealer if i % 2 == 0 else dealer] |= deck[i].bit
        return masks

    # what a player should be doing in each phase, for refusals' words
    phase_hints: ClassVar[dict[Phase, str]] = {}
    game_name: ClassVar[str] = ""  # for a refusal of another game's move

    def _refuse(self, reason: Reason, **about: Any) -> IllegalAction:
        return IllegalAction(Refusal(reason, **about))

    def _wrong_phase(self, what: Action | Attempt) -> IllegalAction:
        return self._refuse(
            Reason.WRONG_PHASE, what=str(what), need=self.phase_hints.get(self._phase, "wait")
        )

    def _not_a_move(self, what: Action | Attempt) -> IllegalAction:
        return self._refuse(Reason.NOT_A_MOVE, what=str(what), game=self.game_name)

    def _check_held(self, player: int, card: Card | None) -> None:
        if card is not None and not self._masks[player] & card.bit:
            raise self._refuse(Reason.NOT_HELD, cards=(card,))

    def _record(
        self, player: int, action: Action, card: Card | None = None, gin: bool = False
    ) -> None:
        """Log an applied action, and what the table saw of it."""
        self.log.append((player, action))
        self.events.append(Event(player, action, card, gin))

    def _verify(self, player: int, action: Action) -> Any:
        """Raise IllegalAction if ``player``, to move, may not make ``action``;
        returns what the checks worked out for ``_do`` (None for most moves).
        A move is checked as the attempt of its kind with its card; engines
        add the checks of the moves with more parts (a knock, a meld)."""
        if not isinstance(action, Action):
            raise self._not_a_move(action)
        card = action.card if isinstance(action, Discard | Offer) else None
        self._check_held(player, card)
        self._check_attempt(player, Attempt(type(action), card))

    @abstractmethod
    def _check_attempt(self, player: int, attempt: Attempt) -> None:
        """Raise IllegalAction if ``player`` may make no action of the
        attempt's kind (with its card, which is held)."""

    @abstractmethod
    def _do(self, player: int, action: Action, checked: Any) -> None:
        """Carry out ``action``, verified already (``checked``: what ``_verify`` returned)."""

    @abstractmethod
    def view(self, player: int) -> PlayerView: ...

    @abstractmethod
    def state_key(self) -> Any:
        """Everything that makes up the state, for comparing two hands."""

    def replay(self) -> Hand:
        """A fresh hand built from this one's deal and log."""
        return replay(self.rules, self.dealer, self.deck, [a for _, a in self.log])

    def _check_player(self, player: int) -> None:
        if player not in (0, 1):
            raise ValueError(f"player must be 0 or 1, not {player!r}")


def replay(rules: RuleSet, dealer: int, deck: Sequence[Card], actions: Iterable[Action]) -> Hand:
    """Deal from ``deck`` and apply ``actions``; IllegalAction names the bad step."""
    hand = Hand.deal(rules, dealer, deck=deck)
    for i, action in enumerate(actions):
        try:
            hand.apply(action)
        except IllegalAction as exc:
            raise IllegalAction(exc.refusal or str(exc), f"step {i + 1} ({action})") from None
    return hand
