"""What Skarney and Colonel share: melds laid on the table during play.

``TableHand`` holds the deal, the stock, the table and what each player is
known to hold; the two engines add their own turns on top.
"""

from __future__ import annotations

from typing import Any, ClassVar

from .actions import Action, Attempt, LayMeld, LayOff
from .cards import Card, cards_of_mask
from .errors import Reason
from .hand import Hand, Phase
from .melds import (
    Meld,
    card_value,
    hand_count,
    layoff_targets,
    make_meld,
    meld_kind,
    meld_masks,
    solver_for,
)
from .result import HandResult, Outcome, TableEnd, TableMeld, score_going_out, score_lower_total
from .rules import RuleSet


def extend(meld: Meld, card: Card, rules: RuleSet) -> Meld | None:
    """The meld with ``card`` added, or None if it does not fit."""
    cards = (*meld.cards, card)
    if meld_kind(cards, rules) is None:
        return None
    return make_meld(cards, rules)


class TableHand(Hand):
    """The common state of a table-meld hand between player 0 and player 1."""

    phase_hints: ClassVar[dict[Phase, str]] = {
        Phase.DRAW: "start your turn",
        Phase.PLAY: "meld, lay off, then end your turn",
        Phase.RESPOND: "accept or decline the card offered",
        Phase.CHALLENGED: "accept or decline the challenge",
    }

    def __init__(self, rules: RuleSet, dealer: int, deck: tuple[Card, ...], upcard: bool) -> None:
        self._masks = self._start_state(rules, dealer, deck)
        self._solver = solver_for(rules)
        self._pile = [deck[20]] if upcard else []
        self._stock = list(deck[21:] if upcard else deck[20:])
        self._table: list[TableMeld] = []
        self._phase = Phase.DRAW

    # --- reading the state ----------------------------------------------------

    @property
    def table(self) -> tuple[TableMeld, ...]:
        return tuple(self._table)

    def _hand_count(self, player: int) -> int:
        return hand_count(cards_of_mask(self._masks[player]), self.rules)

    def _base_state(self) -> tuple[Any, ...]:
        return (*self._hand_state(), tuple(self._table), self.result)

    def _melds(self) -> tuple[TableMeld, ...]:
        return tuple(self._table)

    # --- melds and lay-offs ------------------------------------------------------

    def _meld_options(self, player: int) -> list[LayMeld]:
        mask = self._masks[player]
        solver = self._solver
        return [LayMeld(solver.meld(m)) for m, _ in meld_masks(mask, self.rules)]

    def _layoff_options(self, player: int, targets: list[int]) -> list[LayOff]:
        mask = self._masks[player]
        out = []
        for i in targets:
            for card in layoff_targets(self._table[i].meld, self.rules):
                if mask & card.bit:
                    out.append(LayOff(card, i))
        return out

    def _take_from_hand(self, player: int, cards: tuple[Card, ...]) -> None:
        for c in cards:
            self._masks[player] &= ~c.bit
            self._known[player].discard(c)

    def _check_meld(self, player: int, meld: Meld) -> Meld:
        """The meld as the rules read it, made of the player's own cards."""
        if meld_kind(meld.cards, self.rules) is None:
            raise self._refuse(Reason.NOT_A_MELD, cards=meld.cards)
        checked = make_meld(meld.cards, self.rules)
        if checked.mask & ~self._masks[player]:
            raise self._refuse(Reason.NOT_HELD, meld=checked.cards)
        return checked

    def _check_layoff(self, player: int, action: LayOff) -> Meld:
        """The table meld after the lay-off, or IllegalAction saying why not."""
        if not 0 <= action.target < len(self._table):
            raise self._refuse(Reason.NO_SUCH_MELD, number=action.target + 1)
        self._check_held(player, action.card)
        target = self._table[action.target].meld
        grown = extend(target, action.card, self.rules)
        if grown is None:
            raise self._refuse(Reason.DOES_NOT_FIT, card=action.card, meld=target.cards)
        return grown

    def _check_marked(self, player: int, attempt: Attempt) -> None:
        """A meld attempt: the cards marked are held and make a meld, or,
        with none marked, the hand holds a meld."""
        if attempt.cards:
            missing = tuple(sorted(c for c in attempt.cards if not self._masks[player] & c.bit))
            if missing:
                raise self._refuse(Reason.NOT_HELD, cards=missing)
            if meld_kind(tuple(attempt.cards), self.rules) is None:
                raise self._refuse(Reason.NOT_A_MELD, cards=tuple(sorted(attempt.cards)))
        elif not self._meld_options(player):
            raise self._refuse(Reason.NO_MELD_HELD)

    def _check_fits(self, attempt: Attempt, targets: list[int]) -> None:
        """A lay-off attempt with its card named: it fits one of ``targets``
        (the melds it may go on), or the refusal says why not."""
        card = attempt.card
        if card is None:
            return
        if not self._table:
            raise self._refuse(Reason.NO_TABLE_MELDS)
        if not any(extend(t.meld, card, self.rules) is not None for t in self._table):
            raise self._refuse(Reason.DOES_NOT_FIT, card=card)
        if not any(extend(self._table[i].meld, card, self.rules) is not None for i in targets):
            raise self._refuse(Reason.NOT_OWN_MELD, card=card)

    def _lay(self, player: int, meld: Meld) -> None:
        self._take_from_hand(player, meld.cards)
        self._table.append(TableMeld(player, meld))

    def _lay_off(self, player: int, action: LayOff, grown: Meld) -> None:
        self._take_from_hand(player, (action.card,))
        self._table[action.target] = TableMeld(self._table[action.target].owner, grown)

    # --- the end --------------------------------------------------------------------

    def _contracts(self) -> tuple[bool, bool]:
        """Whether each player has laid the contract (Colonel has none to lay)."""
        return (True, True)

    def _finish(
        self,
        outcome: Outcome,
        points: list[int],
        lines: list[str],
        *,
        went_out: int | None = None,
        challenger: int | None = None,
        out_bonus: int = 0,
    ) -> None:
        cards = (cards_of_mask(self._masks[0]), cards_of_mask(self._masks[1]))
        counts = (self._hand_count(0), self._hand_count(1))
        values = [tuple(card_value(c, self.rules) for c in sorted(held)) for held in cards]
        winner = 0 if points[0] > points[1] else 1 if points[1] > points[0] else None
        self.result = HandResult(
            outcome=outcome,
            winner=winner,
            points=(points[0], points[1]),
            deadwood=cards,
            counts=counts,
            lines=tuple(lines),
            ending=TableEnd(
                went_out=went_out,
                challenger=challenger,
                out_bonus=out_bonus,
                contracts=self._contracts(),
                table=tuple(self._table),
                values=(values[0], values[1]),
            ),
        )
        self._phase = Phase.OVER
        self._to_move = None
        self._legal = []

    def _lower_total_scores(
        self, outcome: Outcome, whole: bool, challenger: int | None = None
    ) -> None:
        """Stock's end (difference) or an accepted challenge (``whole`` total)."""
        points, lines = score_lower_total((self._hand_count(0), self._hand_count(1)), whole=whole)
        self._finish(outcome, points, lines, challenger=challenger)

    def _go_out(self, player: int, contract: bool = True) -> None:
        held = cards_of_mask(self._masks[1 - player])
        worth, bonus, lines = score_going_out(self.rules, held, contract=contract)
        points = [0, 0]
        points[player] = worth
        self._finish(Outcome.OUT, points, lines, went_out=player, out_bonus=bonus)

    def _need_play(self, what: Action | Attempt) -> None:
        if self._phase is not Phase.PLAY:
            raise self._wrong_phase(what)
