"""What Skarney and Colonel share: melds laid on the table during play.

``TableHand`` holds the deal, the stock, the table and what each player is
known to hold; the two engines add their own turns on top.
"""

from __future__ import annotations

from typing import Any, ClassVar

from .actions import LayMeld, LayOff
from .cards import Card, cards_of_mask
from .errors import IllegalAction
from .hand import Hand, Phase, PlayerView
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
from .result import HandResult, Outcome, TableMeld, score_going_out, score_lower_total
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

    def _view(self, player: int, **extra: Any) -> PlayerView:
        return super()._view(
            player, upcard=None, knock_limit=None, doubled=False, table=tuple(self._table), **extra
        )

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
        try:
            checked = make_meld(meld.cards, self.rules)
        except ValueError as exc:
            raise IllegalAction(str(exc)) from None
        if checked.mask & ~self._masks[player]:
            raise IllegalAction(f"[{checked}] uses a card you do not hold")
        return checked

    def _check_layoff(self, player: int, action: LayOff) -> Meld:
        """The table meld after the lay-off, or IllegalAction saying why not."""
        if not 0 <= action.target < len(self._table):
            raise IllegalAction(f"there is no meld number {action.target + 1} on the table")
        if not self._masks[player] & action.card.bit:
            raise IllegalAction(f"{action.card.label} is not in your hand")
        grown = extend(self._table[action.target].meld, action.card, self.rules)
        if grown is None:
            raise IllegalAction(
                f"{action.card.label} does not fit on [{self._table[action.target].meld}]"
            )
        return grown

    def _lay(self, player: int, meld: Meld) -> None:
        self._take_from_hand(player, meld.cards)
        self._table.append(TableMeld(player, meld))

    def _lay_off(self, player: int, action: LayOff, grown: Meld) -> None:
        self._take_from_hand(player, (action.card,))
        self._table[action.target] = TableMeld(self._table[action.target].owner, grown)

    # --- the end --------------------------------------------------------------------

    def _finish(self, outcome: Outcome, points: list[int], lines: list[str], **extra: Any) -> None:
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
            family=self.rules.family,
            table=tuple(self._table),
            values=(values[0], values[1]),
            **extra,
        )
        self._phase = Phase.OVER
        self._to_move = None
        self._legal = []

    def _lower_total_scores(self, outcome: Outcome, whole: bool, **extra: Any) -> None:
        """Stock's end (difference) or an accepted challenge (``whole`` total)."""
        points, lines = score_lower_total((self._hand_count(0), self._hand_count(1)), whole=whole)
        self._finish(outcome, points, lines, **extra)

    def _go_out(self, player: int, contract: bool = True, **extra: Any) -> None:
        held = cards_of_mask(self._masks[1 - player])
        worth, bonus, lines = score_going_out(self.rules, held, contract=contract)
        points = [0, 0]
        points[player] = worth
        self._finish(Outcome.OUT, points, lines, went_out=player, out_bonus=bonus, **extra)

    def _need_play(self, what: str) -> None:
        if self._phase is not Phase.PLAY:
            raise IllegalAction(self._wrong_phase(what))
