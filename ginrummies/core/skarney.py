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
from typing import Any, cast

from .actions import (
    Accept,
    Action,
    Attempt,
    Decline,
    DrawStock,
    EndTurn,
    LayContract,
    LayMeld,
    LayOff,
    Offer,
)
from .cards import Card, cards_of_mask
from .errors import IllegalAction, Reason, Refusal
from .hand import Hand, Phase, PlayerView
from .melds import Meld, Solver, kept, meld_masks
from .result import Outcome
from .rules import Family, RuleSet
from .table import TableHand, extend
from .views import TableState

LAYOFFS_PER_MELD = 2  # per own meld, per turn


class SkarneyHand(TableHand):
    """One hand of Skarney Gin: no upcard, no discard pile."""

    game_name = "Skarney"

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
        table = TableState(
            melds=self._melds(),
            contracts=(self._contract[0], self._contract[1]),
            pending_offer=self._offer,
            skip_draw=self._skip_draw[player],
            draw_skipped=self._draw_skipped and self._to_move == player,
            no_offer_back=self._no_offer_back[player],
            last_turn=self._last_turn,
        )
        return self._view(player, table=table)

    # --- what may be done -----------------------------------------------------

    def contract_options(self, player: int) -> list[LayContract]:
        """Every way to lay three disjoint three-card melds from the hand."""
        return list(_contracts(self._solver, self._masks[player]))

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

    def _offer_refusal(self, player: int, card: Card) -> Refusal | None:
        """Why ``card`` may not be offered by ``player`` now (None if it may),
        for a card in a hand of two or more before the stock's end."""
        if card == self._no_offer_back[player]:
            return Refusal(Reason.OFFERED_BACK, card=card)
        if card.rank == 1 and self._draw_skipped:
            # RULES.md 3, Decision: else two players could pass aces for ever
            ace = self._ace_accepted()
            return Refusal(Reason.ACE_AFTER_SKIP, card=card, accepted=ace)
        return None

    def _ace_accepted(self) -> Card | None:
        """The ace accepted that cost this turn's draw (when it did)."""
        for event in reversed(self.events):
            if isinstance(event.action, Accept):
                return event.card
        return None

    # --- what may not be done, and why ---------------------------------------------

    def _verify(self, player: int, action: Action) -> Any:
        if isinstance(action, LayContract):
            return self._checked_contract(player, action)
        if isinstance(action, LayMeld):
            self._after_contract(player, action)
            return self._check_meld(player, action.meld)
        if isinstance(action, LayOff):
            return self._checked_layoff(player, action)
        return super()._verify(player, action)

    def _check_attempt(self, player: int, attempt: Attempt) -> None:
        """The checks of each kind of move, before its card or melds are chosen."""
        kind, phase = attempt.kind, self._phase
        if kind is DrawStock:
            if phase is Phase.PLAY:
                if self._draw_skipped:
                    raise self._refuse(Reason.DRAW_SKIPPED, card=self._ace_accepted())
                raise self._refuse(
                    Reason.ALREADY_DRAWN, what=str(attempt), need=self.phase_hints[phase]
                )
            if phase is not Phase.DRAW:
                raise self._wrong_phase(attempt)
        elif kind is Accept or kind is Decline:
            if phase is not Phase.RESPOND or self._offer is None:
                raise self._refuse(Reason.NO_OFFER)
        elif kind is LayContract or kind is LayMeld:
            self._check_meld_kind(player, attempt)
        elif kind is LayOff:
            self._after_contract(player, attempt)
            own = [i for i, t in enumerate(self._table) if t.owner == player]
            self._check_fits(attempt, own)
            card = attempt.card
            if card is not None:
                fits = [i for i in own if extend(self._table[i].meld, card, self.rules) is not None]
                if all(self._laid_off.get(i, 0) >= LAYOFFS_PER_MELD for i in fits):
                    raise self._refuse(
                        Reason.LAYOFF_LIMIT,
                        meld=self._table[fits[0]].meld.cards,
                        limit=LAYOFFS_PER_MELD,
                    )
        elif kind is Offer:
            self._need_play(attempt)
            if self._last_turn:
                raise self._refuse(Reason.LAST_TURN)
            if self._masks[player].bit_count() < 2:
                raise self._refuse(Reason.LAST_CARD)
            if attempt.card is not None:
                why = self._offer_refusal(player, attempt.card)
                if why is not None:
                    raise IllegalAction(why)
        elif kind is EndTurn:
            self._need_play(attempt)
            if self._offerable(player):
                raise self._refuse(Reason.MUST_OFFER)
        else:
            raise self._not_a_move(attempt)

    def _check_meld_kind(self, player: int, attempt: Attempt) -> None:
        """A meld (or the contract) of the marked cards, or of any cards."""
        self._need_play(attempt)
        if self._contract[player]:
            self._after_contract(player, attempt)
            self._check_marked(player, attempt)
            return
        options = self.contract_options(player)
        if attempt.cards:
            missing = tuple(sorted(c for c in attempt.cards if not self._masks[player] & c.bit))
            if missing:
                raise self._refuse(Reason.NOT_HELD, cards=missing)
            if not any(attempt.cards == frozenset(_cards_of(o)) for o in options):
                raise self._refuse(Reason.CONTRACT_FIRST, cards=tuple(sorted(attempt.cards)))
        elif not options:
            raise self._refuse(Reason.NO_CONTRACT_HELD)

    def _after_contract(self, player: int, what: Action | Attempt) -> None:
        self._need_play(what)
        if not self._contract[player]:
            raise self._refuse(Reason.BEFORE_CONTRACT, what=str(what))
        if self._contract_now:
            raise self._refuse(Reason.CONTRACT_THIS_TURN, what=str(what))

    def _checked_contract(self, player: int, action: LayContract) -> list[Meld]:
        self._need_play(action)
        if self._contract[player]:
            raise self._refuse(Reason.CONTRACT_LAID)
        # its shape (three melds of three) is checked when the action is made
        melds = [self._check_meld(player, m) for m in action.melds]
        a, b, c = (m.mask for m in melds)
        if a & b or a & c or b & c:
            raise self._refuse(
                Reason.MELDS_SHARE, meld=(melds[2] if a & c or b & c else melds[1]).cards
            )
        return melds

    def _checked_layoff(self, player: int, action: LayOff) -> Meld:
        self._after_contract(player, action)
        grown = self._check_layoff(player, action)
        if self._table[action.target].owner != player:
            raise self._refuse(Reason.NOT_OWN_MELD, card=action.card)
        if self._laid_off.get(action.target, 0) >= LAYOFFS_PER_MELD:
            raise self._refuse(
                Reason.LAYOFF_LIMIT,
                meld=self._table[action.target].meld.cards,
                limit=LAYOFFS_PER_MELD,
            )
        return grown

    # --- doing it ----------------------------------------------------------------

    def _do(self, player: int, action: Action, checked: Any) -> None:
        if isinstance(action, DrawStock):
            self._draw(player)
        elif isinstance(action, LayContract):
            self._lay_contract(player, checked)
        elif isinstance(action, LayMeld):
            self._lay(player, checked)
            self._record(player, LayMeld(checked))
            self._went_out_if_empty(player)
        elif isinstance(action, LayOff):
            self._lay_off(player, action, checked)
            self._laid_off[action.target] = self._laid_off.get(action.target, 0) + 1
            self._record(player, action)
            self._went_out_if_empty(player)
        elif isinstance(action, Offer):
            self._offer = action.card
            self._phase = Phase.RESPOND
            self._to_move = 1 - player
            self._record(player, action, action.card)
        elif isinstance(action, Accept | Decline):
            self._answer(player, isinstance(action, Accept))
        elif isinstance(action, EndTurn):
            self._end_turn(player)

    def _draw(self, player: int) -> None:
        self._from_stock(player)
        self._last_turn = len(self._stock) <= 2
        self._phase = Phase.PLAY
        self._record(player, DrawStock())

    def _lay_contract(self, player: int, melds: list[Meld]) -> None:
        for m in melds:
            self._lay(player, m)
        self._contract[player] = True
        self._contract_now = True
        self._record(player, LayContract((melds[0], melds[1], melds[2])))
        self._went_out_if_empty(player)

    def _answer(self, player: int, accept: bool) -> None:
        assert self._offer is not None
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
        self._record(player, EndTurn())
        if self._last_turn:
            self._lower_total_scores(Outcome.STOCK, whole=False)
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
            self._go_out(player, self._contract[1 - player])


Hand.engines[Family.SKARNEY] = SkarneyHand


def _cards_of(contract: LayContract) -> tuple[Card, ...]:
    return tuple(c for m in contract.melds for c in m.cards)


def _contracts(solver: Solver, mask: int) -> tuple[LayContract, ...]:
    """The contracts a hand of ``mask`` can lay: worked out once a hand, as
    the legal moves, the refusals and the computer each ask again and again
    (hundreds of ways with four of a kind and runs)."""
    found = kept(solver.contracts, mask, lambda: _find_contracts(solver, mask))
    return cast(tuple[LayContract, ...], found)


def _find_contracts(solver: Solver, mask: int) -> tuple[LayContract, ...]:
    threes = [m for m, _ in meld_masks(mask, solver.rules) if m.bit_count() == 3]
    out = []
    for a, b, c in itertools.combinations(threes, 3):
        if not (a & b or a & c or b & c):
            meld = solver.meld
            out.append(LayContract((meld(a), meld(b), meld(c))))
    return tuple(out)
