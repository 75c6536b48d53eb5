"""Skarney Gin (RULES.md section 3): contract, offers, going out, the stock's end.

A turn: draw (unless an ace was accepted last turn); lay the contract, or
after it new melds and at most two lay-offs on each own meld; go out when
the hand is empty; otherwise offer a card, which the opponent accepts or
declines ("last card" when one is left, nothing at the stock's end).
A player who drew no card this turn (for an accepted ace) may not offer an
ace: so at least one of any two turns in a row draws and every hand ends.
"""

from __future__ import annotations

import itertools
from typing import Any

from .actions import (
    Accept,
    Action,
    Decline,
    DrawStock,
    EndTurn,
    LayContract,
    LayMeld,
    LayOff,
    Offer,
)
from .cards import Card, cards_of_mask
from .errors import IllegalAction
from .hand import Hand, Phase, PlayerView
from .melds import meld_masks
from .result import Outcome
from .rules import Family, RuleSet
from .table import TableHand

LAYOFFS_PER_MELD = 2  # per own meld, per turn


class SkarneyHand(TableHand):
    """One hand of Skarney Gin: no upcard, no discard pile."""

    def __init__(self, rules: RuleSet, dealer: int, deck: tuple[Card, ...]) -> None:
        super().__init__(rules, dealer, deck, upcard=False)
        self._contract = [False, False]
        self._contract_now = False  # laid this turn: nothing else may be laid
        self._skip_draw = [False, False]
        self._draw_skipped = False  # this turn began without a draw: no ace may be offered
        self._no_offer_back: list[Card | None] = [None, None]
        self._offer: Card | None = None
        self._last_turn = False
        self._laid_off: dict[int, int] = {}  # table meld -> lay-offs this turn

    @classmethod
    def _start(cls, rules: RuleSet, dealer: int, deck: tuple[Card, ...]) -> SkarneyHand:
        return cls(rules, dealer, deck)

    def state_key(self) -> Any:
        return (
            *self._base_state(),
            tuple(self._contract),
            self._contract_now,
            tuple(self._skip_draw),
            self._draw_skipped,
            tuple(self._no_offer_back),
            self._offer,
            self._last_turn,
            tuple(sorted(self._laid_off.items())),
        )

    def view(self, player: int) -> PlayerView:
        return self._view(
            player,
            contracts=(self._contract[0], self._contract[1]),
            pending_offer=self._offer,
            skip_draw=self._skip_draw[player],
            draw_skipped=self._draw_skipped and self._to_move == player,
            no_offer_back=self._no_offer_back[player],
            last_turn=self._last_turn,
        )

    # --- what may be done -----------------------------------------------------

    def contract_options(self, player: int) -> list[LayContract]:
        """Every way to lay three disjoint three-card melds from the hand."""
        threes = [m for m, _ in meld_masks(self._masks[player], self.rules) if m.bit_count() == 3]
        out = []
        for a, b, c in itertools.combinations(threes, 3):
            if not (a & b or a & c or b & c):
                meld = self._solver.meld
                out.append(LayContract((meld(a), meld(b), meld(c))))
        return out

    def _compute_legal(self) -> list[Action]:
        player = self._to_move
        assert player is not None
        if self._phase is Phase.DRAW:
            return [DrawStock()]
        if self._phase is Phase.RESPOND:
            return [Accept(), Decline()]
        actions: list[Action] = []
        if not self._contract[player]:
            actions.extend(self.contract_options(player))
        elif not self._contract_now:
            actions.extend(self._meld_options(player))
            open_melds = [
                i
                for i, t in enumerate(self._table)
                if t.owner == player and self._laid_off.get(i, 0) < LAYOFFS_PER_MELD
            ]
            actions.extend(self._layoff_options(player, open_melds))
        offers = [Offer(c) for c in self._offerable(player)]
        actions.extend(offers)
        if not offers:
            actions.append(EndTurn())
        return actions

    def _offerable(self, player: int) -> list[Card]:
        """The cards ``player`` may offer now; none means the turn ends with
        no offer (the stock's end, "last card", or only aces after a skipped draw)."""
        cards = sorted(cards_of_mask(self._masks[player]))
        if self._last_turn or len(cards) < 2:
            return []
        return [c for c in cards if self._offer_refusal(player, c) is None]

    def _offer_refusal(self, player: int, card: Card) -> str | None:
        """Why ``card`` may not be offered by ``player`` now (None if it may),
        for a card in a hand of two or more before the stock's end."""
        if card == self._no_offer_back[player]:
            return f"{card.label} was just accepted: it may not be offered back"
        if card.rank == 1 and self._draw_skipped:
            # RULES.md 3, Decision: else two players could pass aces for ever
            return (
                "you drew no card this turn (you took an ace offered to you), "
                "so you may not offer an ace"
            )
        return None

    # --- doing it ----------------------------------------------------------------

    def _apply(self, player: int, action: Action) -> None:
        if isinstance(action, DrawStock):
            self._draw(player)
        elif isinstance(action, LayContract):
            self._lay_contract(player, action)
        elif isinstance(action, LayMeld):
            self._lay_meld(player, action)
        elif isinstance(action, LayOff):
            self._lay_off_own(player, action)
        elif isinstance(action, Offer):
            self._offer_card(player, action.card)
        elif isinstance(action, Accept | Decline):
            self._answer(player, isinstance(action, Accept))
        elif isinstance(action, EndTurn):
            self._end_turn(player)
        else:
            raise IllegalAction(f"{action} is not a Skarney move")

    def _draw(self, player: int) -> None:
        if self._phase is not Phase.DRAW:
            raise IllegalAction(self._wrong_phase("draw"))
        self._masks[player] |= self._stock.pop(0).bit
        self._last_turn = len(self._stock) <= 2
        self._phase = Phase.PLAY
        self._record(player, DrawStock())

    def _lay_contract(self, player: int, action: LayContract) -> None:
        self._need_play("lay the contract")
        if self._contract[player]:
            raise IllegalAction("your contract is already on the table")
        # its shape (three melds of three) is checked when the action is made
        melds = [self._check_meld(player, m) for m in action.melds]
        a, b, c = (m.mask for m in melds)
        if a & b or a & c or b & c:
            raise IllegalAction("the contract's melds share a card")
        for m in melds:
            self._lay(player, m)
        self._contract[player] = True
        self._contract_now = True
        self._record(player, LayContract((melds[0], melds[1], melds[2])))
        self._went_out_if_empty(player)

    def _after_contract(self, what: str, player: int) -> None:
        self._need_play(what)
        if not self._contract[player]:
            raise IllegalAction(f"you cannot {what} before your contract is down")
        if self._contract_now:
            raise IllegalAction(f"you cannot {what} in the turn you lay the contract")

    def _lay_meld(self, player: int, action: LayMeld) -> None:
        self._after_contract("meld", player)
        meld = self._check_meld(player, action.meld)
        self._lay(player, meld)
        self._record(player, LayMeld(meld))
        self._went_out_if_empty(player)

    def _lay_off_own(self, player: int, action: LayOff) -> None:
        self._after_contract("lay off", player)
        grown = self._check_layoff(player, action)
        if self._table[action.target].owner != player:
            raise IllegalAction("in Skarney you may lay off only on your own melds")
        if self._laid_off.get(action.target, 0) >= LAYOFFS_PER_MELD:
            raise IllegalAction("at most two cards a turn may be laid off on one meld")
        self._lay_off(player, action, grown)
        self._laid_off[action.target] = self._laid_off.get(action.target, 0) + 1
        self._record(player, action)
        self._went_out_if_empty(player)

    def _offer_card(self, player: int, card: Card) -> None:
        self._need_play("offer a card")
        if self._last_turn:
            raise IllegalAction("the stock is down to two: the hand ends with no offer")
        if not self._masks[player] & card.bit:
            raise IllegalAction(f"{card.label} is not in your hand")
        if self._masks[player].bit_count() < 2:
            raise IllegalAction("with one card left there is no offer: say last card")
        why = self._offer_refusal(player, card)
        if why is not None:
            raise IllegalAction(why)
        self._offer = card
        self._phase = Phase.RESPOND
        self._to_move = 1 - player
        self._record(player, Offer(card), card)

    def _answer(self, player: int, accept: bool) -> None:
        if self._phase is not Phase.RESPOND or self._offer is None:
            raise IllegalAction("there is no offer to answer")
        card, offerer = self._offer, 1 - player
        self._offer = None
        if accept:
            self._masks[offerer] &= ~card.bit
            self._known[offerer].discard(card)
            self._masks[player] |= card.bit
            self._known[player].add(card)
            self._skip_draw[player] = card.rank == 1  # an accepted ace costs the draw
            self._record(player, Accept(), card)
        else:
            self._known[offerer].add(card)  # it was shown: the offerer still holds it
            self._record(player, Decline(), card)
        self._no_offer_back[offerer] = None
        if accept:
            self._no_offer_back[player] = card
        self._start_turn(player)

    def _end_turn(self, player: int) -> None:
        self._need_play("end the turn")
        if self._offerable(player):
            raise IllegalAction("offer a card to end your turn")
        self._record(player, EndTurn())
        if self._last_turn:
            self._lower_total_scores(Outcome.STOCK, whole=False, contracts=self._contracts())
            return
        self._no_offer_back[player] = None
        self._start_turn(1 - player)

    def _start_turn(self, player: int) -> None:
        self._to_move = player
        self._contract_now = False
        self._laid_off = {}
        self._draw_skipped = self._skip_draw[player]
        if self._skip_draw[player]:
            self._skip_draw[player] = False
            self._phase = Phase.PLAY
        else:
            self._phase = Phase.DRAW

    def _contracts(self) -> tuple[bool, bool]:
        return (self._contract[0], self._contract[1])

    def _went_out_if_empty(self, player: int) -> None:
        if not self._masks[player]:
            self._go_out(player, self._contract[1 - player], contracts=self._contracts())


Hand.engines[Family.SKARNEY] = SkarneyHand
