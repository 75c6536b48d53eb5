"""What every hand engine shares: dealing, the legal moves, verifying and
applying a move, and the player's view (its records are in views.py).

A hand is its deal (rules, dealer, deck order) plus its log of actions:
``replay`` rebuilds it exactly. ``Hand.deal`` picks the engine for the rule
set's family.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

from .actions import (
    Accept,
    Action,
    Attempt,
    Challenge,
    Decline,
    Discard,
    DrawStock,
    Offer,
    Pass,
    TakeDiscard,
)
from .cards import Card, cards_of_mask, check_deck, shuffled_deck
from .errors import IllegalAction, Reason, Refusal
from .result import HandResult
from .rules import Family, RuleSet
from .views import NO_TABLE, Event, PastHand, Phase, PlayerView, TableState

__all__ = ["Event", "Hand", "PastHand", "Phase", "PlayerView", "replay"]


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
    _drawn: Card | None = None  # the last card drawn from the stock

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

    def _view(
        self,
        player: int,
        *,
        upcard: Card | None = None,
        knock_limit: int | None = None,
        doubled: bool = False,
        taken_card: Card | None = None,
        table: TableState = NO_TABLE,
    ) -> PlayerView:
        """The view every engine shares, with the engine's own parts."""
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
            upcard=upcard,
            knock_limit=knock_limit,
            doubled=doubled,
            known_opponent_cards=tuple(sorted(self._known[opp])),
            history=tuple(self.events),
            legal_actions=tuple(self.legal_actions()) if self._to_move == player else (),
            result=self.result,
            taken_card=taken_card,
            drawn_card=self._drawn_by(player),
            table=table,
        )

    def _from_stock(self, player: int) -> Card:
        """The stock's top card, now in ``player``'s hand."""
        card = self._stock.pop(0)
        self._masks[player] |= card.bit
        self._drawn = card
        return card

    def _drawn_by(self, player: int) -> Card | None:
        """The card ``player`` drew from the stock in the turn they are
        still playing (theirs to see), or None."""
        card = self._drawn
        if card is None or self._to_move != player or not card.bit & self._masks[player]:
            return None
        for event in reversed(self.events):
            if event.player != player:
                return None
            if isinstance(event.action, DrawStock):
                return card
        return None

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
        kind = what.kind if isinstance(what, Attempt) else type(what)
        phase = self._phase
        # a move later in the turn than the phase: what the phase asks comes first
        # (not where the phase is a choice outside the turn's course)
        first = _stage(kind) > _PHASE_STAGE.get(phase, 3) and phase not in _ASIDE
        return self._refuse(
            Reason.WRONG_PHASE,
            what=str(what),
            need=self.phase_hints.get(phase, "wait"),
            first=first,
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


# where each kind of move comes in a turn, and where each phase is
_EARLY: dict[type[Action], int] = {
    Accept: 0,
    Decline: 0,
    Pass: 1,
    Challenge: 1,
    DrawStock: 2,
    TakeDiscard: 2,
}
_PHASE_STAGE = {
    Phase.RESPOND: 0,
    Phase.CHALLENGED: 0,
    Phase.UPCARD: 1,
    Phase.FIFTIETH: 1,
    Phase.DRAW: 2,
    Phase.DISCARD: 3,
    Phase.PLAY: 3,
}
# phases that are a choice beside the turn's course, not a step of it
_ASIDE = frozenset({Phase.FIFTIETH, Phase.CHALLENGED})


def _stage(kind: type[Action]) -> int:
    return _EARLY.get(kind, 3)
