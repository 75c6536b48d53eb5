"""The Gin-family hand: Gin Rummy, Oklahoma, Fosdick rules, Sequence Gin.

RULES.md section 2 as a state machine: the first-turn upcard procedure (or
eleven cards), draw and discard, the discard restriction, knock / gin / big
gin with the arrangement chosen, the defender's lay-offs, the stock of two
and the fiftieth card, Oklahoma's knock limit and spade doubling, Sequence
Gin's bonuses.
"""

from __future__ import annotations

from typing import Any, ClassVar

from .actions import Action, Attempt, Discard, DrawStock, Knock, Pass, TakeDiscard
from .cards import Card, cards_of_mask
from .defense import defend
from .errors import Reason
from .hand import Hand, Phase, PlayerView
from .melds import (
    Meld,
    card_value,
    knock_arrangements,
    knock_rank,
    make_meld,
    mask_value,
    meld_kind,
    meld_masks,
    sequence_bonus,
    solver_for,
)
from .result import HandResult, KnockEnd, Outcome, score_knock
from .rules import Family, FirstTurn, RuleSet


class GinHand(Hand):
    """One hand of a Gin-family game between player 0 and player 1."""

    game_name = "Gin"
    phase_hints: ClassVar[dict[Phase, str]] = {
        Phase.UPCARD: "take the upcard or pass",
        Phase.DRAW: "draw from the stock or take the discard",
        Phase.DISCARD: "discard a card or knock",
        Phase.FIFTIETH: "take the fiftieth card to knock, or pass",
    }

    def __init__(self, rules: RuleSet, dealer: int, deck: tuple[Card, ...]) -> None:
        masks = self._start_state(rules, dealer, deck)
        self._solver = solver_for(rules)
        first = 1 - dealer
        pos = 2 * rules.hand_size
        self._upcard: Card | None
        if rules.first_turn is FirstTurn.ELEVEN_CARDS:
            masks[first] |= deck[pos].bit
            pos += 1
            self._upcard = None
            self._pile = []
            self._phase = Phase.DISCARD
        else:
            self._upcard = deck[pos]
            pos += 1
            self._pile = [self._upcard]
            self._phase = Phase.UPCARD
        self._masks = masks
        self._stock = list(deck[pos:])  # drawn from the front
        self._taken: Card | None = None  # discard taken this turn
        self._must_draw_stock = False  # both passed the upcard
        self._first_discard_only = rules.first_turn is FirstTurn.ELEVEN_CARDS
        self._fiftieth_knock = False  # took the fiftieth card: knock or nothing
        up = self._upcard
        self.knock_limit = rules.knock_limit_for(
            up.rank if up else None, card_value(up, rules) if up else 0
        )
        self.doubled = bool(up and up.suit == "s" and rules.spade_doubles)

    @classmethod
    def _start(cls, rules: RuleSet, dealer: int, deck: tuple[Card, ...]) -> GinHand:
        return cls(rules, dealer, deck)

    # --- reading the state ---------------------------------------------------

    @property
    def upcard(self) -> Card | None:
        return self._upcard

    def state_key(self) -> Any:
        return (
            *self._hand_state(),
            self._taken,
            self._must_draw_stock,
            self._first_discard_only,
            self._fiftieth_knock,
            self.result,
        )

    def view(self, player: int) -> PlayerView:
        return self._view(
            player,
            upcard=self._upcard,
            knock_limit=self.knock_limit,
            doubled=self.doubled,
            taken_card=self._taken if self._to_move == player else None,
        )

    # --- what may be done ----------------------------------------------------

    def _discardable(self) -> list[Card]:
        cards = sorted(cards_of_mask(self._masks[self._to_move or 0]))
        if self._taken is None or self.rules.discard_taken_card or self._fiftieth_knock:
            return list(cards)
        return [c for c in cards if c != self._taken]

    def _knocks(self) -> list[Knock]:
        """Every legal knock, best first: least deadwood, then fewest lay-off spots."""
        player = self._to_move
        assert player is not None
        mask = self._masks[player]
        limit = self.knock_limit
        rules = self.rules
        if self._solver.deadwood(mask, discard=True) > limit and not rules.big_gin:
            return []  # no discard gets the deadwood down to the limit
        seen = [*self._pile, *cards_of_mask(mask)]
        ranked: list[tuple[tuple[int, ...], Knock]] = []
        for card in self._discardable():
            rest = mask & ~card.bit
            if self._solver.deadwood(rest) > limit:
                continue
            for arr in knock_arrangements(cards_of_mask(rest), rules, limit=limit):
                key = (*knock_rank(arr, rules, seen), len(ranked))
                ranked.append((key, Knock(card, arr.melds)))
        if rules.big_gin and self._solver.deadwood(mask) == 0:
            for arr in knock_arrangements(cards_of_mask(mask), rules, limit=0):
                ranked.append(((-1, len(ranked)), Knock(None, arr.melds)))
        ranked.sort(key=lambda t: t[0])
        return [k for _, k in ranked]

    def _compute_legal(self) -> list[Action]:
        phase = self._phase
        if phase is Phase.UPCARD:
            return [TakeDiscard(), Pass()]
        if phase is Phase.DRAW:
            out: list[Action] = [DrawStock()]
            if self._pile and not self._must_draw_stock:
                out.append(TakeDiscard())
            return out
        if phase is Phase.FIFTIETH:
            return [TakeDiscard(), Pass()] if self._fiftieth_can_knock() else [Pass()]
        actions: list[Action] = []
        if not self._fiftieth_knock:
            actions.extend(Discard(c) for c in self._discardable())
        if not self._first_discard_only:
            actions.extend(self._knocks())
        return actions

    def _fiftieth_least(self) -> int:
        """The least deadwood a knock could leave with the fiftieth card taken."""
        player = self._to_move
        assert player is not None
        mask = self._masks[player] | self._pile[-1].bit
        if self.rules.big_gin and self._solver.deadwood(mask) == 0:
            return 0
        return self._solver.deadwood(mask, discard=True)

    def _fiftieth_can_knock(self) -> bool:
        return self._fiftieth_least() <= self.knock_limit

    def least_deadwood(self) -> int:
        """The least deadwood a knock could leave now, for the player to move:
        the best arrangement after the best discard the rules allow (big gin
        counts 0)."""
        player = self._to_move
        assert player is not None
        mask = self._masks[player]
        if self.rules.big_gin and self._solver.deadwood(mask) == 0:
            return 0
        return min(self._solver.deadwood(mask & ~c.bit) for c in self._discardable())

    # --- what may not be done, and why ----------------------------------------

    def _verify(self, player: int, action: Action) -> Any:
        if isinstance(action, Knock):
            return self._checked_knock(player, action)
        return super()._verify(player, action)

    def _check_attempt(self, player: int, attempt: Attempt) -> None:
        """The checks of each kind of move, before its card or spread is chosen."""
        kind, phase = attempt.kind, self._phase
        if kind is DrawStock or kind is TakeDiscard:
            if phase is Phase.DISCARD:
                raise self._refuse(
                    Reason.ALREADY_DRAWN, what=str(attempt), need=self.phase_hints[phase]
                )
            if kind is DrawStock and phase is not Phase.DRAW:
                raise self._wrong_phase(attempt)
            if kind is TakeDiscard:
                self._check_take(attempt)
        elif kind is Pass:
            if phase not in (Phase.UPCARD, Phase.FIFTIETH):
                raise self._wrong_phase(attempt)
        elif kind is Discard:
            if phase is not Phase.DISCARD:
                raise self._wrong_phase(attempt)
            if self._fiftieth_knock:
                raise self._refuse(Reason.ONLY_KNOCK)
            card = attempt.card
            if card is not None and card == self._taken and not self.rules.discard_taken_card:
                raise self._refuse(Reason.TAKEN_CARD, card=card)
        elif kind is Knock:
            self._check_knock_kind(attempt)
        else:
            raise self._not_a_move(attempt)

    def _check_take(self, attempt: Attempt) -> None:
        phase = self._phase
        if phase not in (Phase.DRAW, Phase.UPCARD, Phase.FIFTIETH):
            raise self._wrong_phase(attempt)
        if not self._pile:
            raise self._refuse(Reason.PILE_EMPTY)
        if self._must_draw_stock:
            raise self._refuse(Reason.STOCK_FIRST)
        if phase is Phase.FIFTIETH and not self._fiftieth_can_knock():
            raise self._refuse(
                Reason.FIFTIETH_TOO_HIGH,
                card=self._pile[-1],
                points=self._fiftieth_least(),
                limit=self.knock_limit,
            )

    def _check_knock_kind(self, attempt: Attempt) -> None:
        """Whether any knock (any gin, with ``attempt.gin``) may be made now."""
        limit = 0 if attempt.gin else self.knock_limit
        if self._phase is Phase.FIFTIETH and not self._fiftieth_can_knock():
            least = self._fiftieth_least()
            raise self._refuse(
                Reason.TOO_MUCH_DEADWOOD, card=self._pile[-1], points=least, limit=limit
            )
        self._check_knock_turn(attempt)
        least = self.least_deadwood()
        if least > limit:
            raise self._refuse(Reason.TOO_MUCH_DEADWOOD, points=least, limit=limit)

    def _check_knock_turn(self, what: Action | Attempt) -> None:
        if self._phase is not Phase.DISCARD:
            raise self._wrong_phase(what)
        if self._first_discard_only:
            raise self._refuse(Reason.FIRST_TURN_DISCARD)

    def _checked_knock(self, player: int, action: Knock) -> tuple[list[Meld], int, int]:
        """Verify a knock; returns (melds, deadwood mask, deadwood points)."""
        self._check_knock_turn(action)
        hand = self._masks[player]
        if action.discard is None:
            if not self.rules.big_gin:
                raise self._refuse(Reason.NO_BIG_GIN)
            rest = hand
        else:
            card = action.discard
            self._check_held(player, card)
            if card == self._taken and not (self.rules.discard_taken_card or self._fiftieth_knock):
                raise self._refuse(Reason.TAKEN_CARD, card=card)
            rest = hand & ~card.bit
        melds: list[Meld] = []
        used = 0
        for m in action.melds:
            if meld_kind(m.cards, self.rules) is None:
                raise self._refuse(Reason.NOT_A_MELD, cards=m.cards)
            meld = make_meld(m.cards, self.rules)
            if meld.mask & ~rest:
                raise self._refuse(Reason.MELD_NOT_SPREAD, meld=meld.cards)
            if meld.mask & used:
                raise self._refuse(Reason.MELDS_SHARE, meld=meld.cards)
            used |= meld.mask
            melds.append(meld)
        dead = rest & ~used
        if meld_masks(dead, self.rules):
            raise self._refuse(Reason.MELD_IN_DEADWOOD)
        points = mask_value(dead, self._solver.tables)
        if action.discard is None and dead:
            raise self._refuse(Reason.BIG_GIN_NOT_ALL)
        if points > self.knock_limit:
            raise self._refuse(Reason.TOO_MUCH_DEADWOOD, points=points, limit=self.knock_limit)
        return melds, dead, points

    # --- doing it ------------------------------------------------------------

    def _do(self, player: int, action: Action, checked: Any) -> None:
        if isinstance(action, DrawStock):
            self._draw_stock(player)
        elif isinstance(action, TakeDiscard):
            self._take_discard(player)
        elif isinstance(action, Pass):
            self._pass(player)
        elif isinstance(action, Discard):
            self._discard(player, action.card)
        elif isinstance(action, Knock):
            self._knock(player, action, checked)

    def _draw_stock(self, player: int) -> None:
        self._from_stock(player)
        self._phase = Phase.DISCARD
        self._taken = None
        self._must_draw_stock = False
        self._record(player, DrawStock())

    def _take_discard(self, player: int) -> None:
        if self._phase is Phase.FIFTIETH:
            self._fiftieth_knock = True
        card = self._pile.pop()
        self._masks[player] |= card.bit
        self._known[player].add(card)
        self._taken = card
        self._phase = Phase.DISCARD
        self._record(player, TakeDiscard(), card)

    def _pass(self, player: int) -> None:
        self._record(player, Pass())
        if self._phase is Phase.UPCARD:
            if player != self.dealer:
                self._to_move = self.dealer
            else:
                self._to_move = 1 - self.dealer
                self._phase = Phase.DRAW
                self._must_draw_stock = True
        else:  # the fiftieth card passed: the hand is cancelled
            self._end(HandResult(Outcome.CANCELLED, ending=self._no_knock()))

    def _discard(self, player: int, card: Card) -> None:
        self._masks[player] &= ~card.bit
        self._known[player].discard(card)
        self._pile.append(card)
        self._taken = None
        self._first_discard_only = False
        self._record(player, Discard(card), card)
        if len(self._stock) <= 2:
            if self.rules.fiftieth_card:
                self._to_move = 1 - player
                self._phase = Phase.FIFTIETH
            else:
                self._end(HandResult(Outcome.CANCELLED, ending=self._no_knock()))
        else:
            self._to_move = 1 - player
            self._phase = Phase.DRAW

    def _knock(self, player: int, action: Knock, checked: tuple[list[Meld], int, int]) -> None:
        melds, dead, k = checked
        defender = 1 - player
        big_gin = action.discard is None
        gin = k == 0 and not big_gin
        d_cards = cards_of_mask(self._masks[defender])
        defense = defend(d_cards, melds, self.rules, layoffs=not (gin or big_gin))
        score = score_knock(
            self.rules,
            k,
            defense.points,
            gin=gin,
            big_gin=big_gin,
            spade=bool(self._upcard and self._upcard.suit == "s"),
        )
        winner = player if score.winner_is_knocker else defender
        points = [0, 0]
        points[winner] = score.base
        lines = list(score.lines)
        bonuses = [0, 0]
        if self.rules.sequence_bonuses:
            bonuses[player] = sequence_bonus(melds)
            bonuses[defender] = sequence_bonus(defense.melds)
            if self.doubled:
                bonuses = [b * 2 for b in bonuses]
            points = [points[i] + bonuses[i] for i in (0, 1)]
        boxes = [0, 0]
        if self.rules.box_bonus:
            boxes[winner] = 1 + score.extra_boxes
        if action.discard is not None:
            # the knocker's discard goes face down on the pile
            self._masks[player] &= ~action.discard.bit
            self._pile.append(action.discard)
        outcome = (
            Outcome.BIG_GIN
            if big_gin
            else Outcome.GIN
            if gin
            else Outcome.KNOCK
            if score.winner_is_knocker
            else Outcome.UNDERCUT
        )
        all_melds = [(), ()]  # type: list[tuple[Meld, ...]]
        all_melds[player] = tuple(melds)
        all_melds[defender] = defense.melds
        deadwood = [(), ()]  # type: list[tuple[Card, ...]]
        deadwood[player] = cards_of_mask(dead)
        deadwood[defender] = defense.deadwood
        counts = [0, 0]
        counts[player] = k
        counts[defender] = defense.points
        self._record(player, Knock(action.discard, tuple(melds)), None, gin)
        self._end(
            HandResult(
                outcome=outcome,
                winner=winner,
                points=(points[0], points[1]),
                boxes=(boxes[0], boxes[1]),
                deadwood=(deadwood[0], deadwood[1]),
                counts=(counts[0], counts[1]),
                lines=tuple(lines),
                ending=KnockEnd(
                    knocker=player,
                    melds=(all_melds[0], all_melds[1]),
                    layoffs=defense.layoffs,
                    discard=action.discard,
                    bonuses=(bonuses[0], bonuses[1]),
                    upcard=self._upcard,
                    knock_limit=self.knock_limit,
                ),
            )
        )

    def _no_knock(self) -> KnockEnd:
        """A hand that ended with no knock (the stock ran down): its upcard and limit."""
        return KnockEnd(upcard=self._upcard, knock_limit=self.knock_limit)

    def _end(self, result: HandResult) -> None:
        self.result = result
        self._phase = Phase.OVER
        self._to_move = None
        self._taken = None


Hand.engines[Family.GIN] = GinHand
