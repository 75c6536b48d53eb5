"""Colonel (RULES.md section 4): melds laid during play, lay-offs on any meld.

A turn: (optionally challenge first); draw from the stock or take the
discard; lay any melds and lay off on any meld on the table; discard. A
hand that empties, by melding or by the discard, goes out; a turn that ends
with the stock empty ends the hand.
"""

from __future__ import annotations

from typing import Any

from .actions import (
    Accept,
    Action,
    Attempt,
    Challenge,
    Decline,
    Discard,
    DrawStock,
    LayMeld,
    LayOff,
    TakeDiscard,
)
from .cards import Card, cards_of_mask
from .errors import Reason
from .hand import Hand, Phase, PlayerView
from .result import Outcome
from .rules import Family, RuleSet
from .table import TableHand
from .views import TableState


class ColonelHand(TableHand):
    """One hand of Colonel: an upcard starts the pile, the non-dealer plays first."""

    game_name = "Colonel"

    def __init__(self, rules: RuleSet, dealer: int, deck: tuple[Card, ...]) -> None:
        super().__init__(rules, dealer, deck, upcard=True)
        self._taken: Card | None = None
        self._challenged = False  # a challenge was made (and declined) this turn
        self._challenger: int | None = None

    @classmethod
    def _start(cls, rules: RuleSet, dealer: int, deck: tuple[Card, ...]) -> ColonelHand:
        return cls(rules, dealer, deck)

    def state_key(self) -> Any:
        return (*self._base_state(), self._taken, self._challenged, self._challenger)

    def view(self, player: int) -> PlayerView:
        table = TableState(melds=self._melds(), challenge_pending=self._phase is Phase.CHALLENGED)
        return self._view(
            player, taken_card=self._taken if self._to_move == player else None, table=table
        )

    # --- what may be done -----------------------------------------------------

    def _discardable(self, player: int) -> list[Card]:
        cards = sorted(cards_of_mask(self._masks[player]))
        if self._taken is None or self.rules.discard_taken_card or len(cards) == 1:
            return cards
        return [c for c in cards if c != self._taken]

    def _compute_legal(self) -> list[Action]:
        player = self._to_move
        assert player is not None
        if self._phase is Phase.CHALLENGED:
            return [Accept(), Decline()]
        if self._phase is Phase.DRAW:
            actions: list[Action] = [DrawStock()]
            if self._pile:
                actions.append(TakeDiscard())
            if self.rules.challenge and not self._challenged:
                actions.append(Challenge())
            return actions
        actions = list(self._meld_options(player))
        actions.extend(self._layoff_options(player, list(range(len(self._table)))))
        actions.extend(Discard(c) for c in self._discardable(player))
        return actions

    # --- doing it ----------------------------------------------------------------

    # --- what may not be done, and why ---------------------------------------------

    def _verify(self, player: int, action: Action) -> Any:
        if isinstance(action, LayMeld):
            self._need_play(action)
            return self._check_meld(player, action.meld)
        if isinstance(action, LayOff):
            self._need_play(action)
            return self._check_layoff(player, action)
        return super()._verify(player, action)

    def _check_attempt(self, player: int, attempt: Attempt) -> None:
        """The checks of each kind of move, before its card or meld is chosen."""
        kind, phase = attempt.kind, self._phase
        if kind is Challenge:
            if not self.rules.challenge:
                raise self._refuse(Reason.NO_CHALLENGE_RULE)
            if phase is Phase.PLAY:
                raise self._refuse(Reason.CHALLENGE_AFTER_DRAW)
            if phase is not Phase.DRAW:
                raise self._wrong_phase(attempt)
            if self._challenged:
                raise self._refuse(Reason.ONE_CHALLENGE)
        elif kind is Accept or kind is Decline:
            if phase is not Phase.CHALLENGED or self._challenger is None:
                raise self._refuse(Reason.NO_CHALLENGE)
        elif kind is DrawStock or kind is TakeDiscard:
            if phase is Phase.PLAY:
                raise self._refuse(
                    Reason.ALREADY_DRAWN, what=str(attempt), need=self.phase_hints[phase]
                )
            if phase is not Phase.DRAW:
                raise self._wrong_phase(attempt)
            if kind is TakeDiscard and not self._pile:
                raise self._refuse(Reason.PILE_EMPTY)
        elif kind is LayMeld:
            self._need_play(attempt)
            self._check_marked(player, attempt)
        elif kind is LayOff:
            self._need_play(attempt)
            self._check_fits(attempt, list(range(len(self._table))))
        elif kind is Discard:
            self._need_play(attempt)
            card = attempt.card
            if card is not None and card not in self._discardable(player):
                raise self._refuse(Reason.TAKEN_CARD, card=card)
        else:
            raise self._not_a_move(attempt)

    # --- doing it ----------------------------------------------------------------

    def _do(self, player: int, action: Action, checked: Any) -> None:
        if isinstance(action, Challenge):
            self._challenger = player
            self._phase = Phase.CHALLENGED
            self._to_move = 1 - player
            self._record(player, action)
        elif isinstance(action, Accept | Decline):
            self._answer(player, isinstance(action, Accept))
        elif isinstance(action, DrawStock | TakeDiscard):
            self._draw(player, isinstance(action, TakeDiscard))
        elif isinstance(action, LayMeld):
            self._lay(player, checked)
            self._record(player, LayMeld(checked))
            self._went_out_if_empty(player)
        elif isinstance(action, LayOff):
            self._lay_off(player, action, checked)
            self._record(player, action)
            self._went_out_if_empty(player)
        elif isinstance(action, Discard):
            self._discard(player, action.card)

    def _answer(self, player: int, accept: bool) -> None:
        self._record(player, Accept() if accept else Decline())
        if accept:
            assert self._challenger is not None
            self._lower_total_scores(Outcome.CHALLENGE, whole=True, challenger=self._challenger)
            return
        self._challenged = True
        self._to_move = self._challenger
        self._challenger = None
        self._phase = Phase.DRAW

    def _draw(self, player: int, from_pile: bool) -> None:
        if from_pile:
            card = self._pile.pop()
            self._taken = card
            self._known[player].add(card)
            self._masks[player] |= card.bit
            self._record(player, TakeDiscard(), card)
        else:
            self._from_stock(player)
            self._taken = None
            self._record(player, DrawStock())
        self._phase = Phase.PLAY

    def _discard(self, player: int, card: Card) -> None:
        self._take_from_hand(player, (card,))
        self._pile.append(card)
        self._record(player, Discard(card), card)
        if self._went_out_if_empty(player):
            return
        if not self._stock:
            self._lower_total_scores(Outcome.STOCK, whole=False)
            return
        self._taken = None
        self._challenged = False
        self._to_move = 1 - player
        self._phase = Phase.DRAW

    def _went_out_if_empty(self, player: int) -> bool:
        if self._masks[player]:
            return False
        self._go_out(player)
        return True


Hand.engines[Family.COLONEL] = ColonelHand
