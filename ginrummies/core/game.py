"""A game: hands to the target score, boxes, bonuses and the settlement.

Each hand's deck comes from the game seed and the hand's number, so a game
is its rules, seed, first dealer and the actions of each hand.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from dataclasses import dataclass

from .actions import Action
from .cards import Card, shuffled_deck
from .errors import IllegalAction
from .hand import Hand, PastHand, PlayerView
from .result import HandResult, plural, says
from .rules import DealerRotation, RuleSet, Shutout


def cut_for_deal(seed: int | str) -> tuple[Card, Card, int]:
    """Both players cut; returns (player 0's card, player 1's card, winner).

    The higher card wins (king high, ace low); equal ranks are broken by suit,
    spades > hearts > diamonds > clubs.
    """
    rng = random.Random(f"ginrummies:{seed}:cut")
    a, b = rng.sample(shuffled_deck(rng), 2)
    key_a = (a.rank, "cdhs".index(a.suit))
    key_b = (b.rank, "cdhs".index(b.suit))
    return a, b, 0 if key_a > key_b else 1


def hand_deck(seed: int | str, number: int) -> list[Card]:
    """The deck of hand ``number`` (0-based) of the game with this seed."""
    return shuffled_deck(f"ginrummies:{seed}:hand:{number}")


@dataclass(frozen=True)
class GameResult:
    """The final settlement of a game (RULES.md 2.3)."""

    winner: int
    hand_points: tuple[int, int]
    game_bonus: int  # to the winner
    boxes: tuple[int, int]  # boxes won (hands won plus extra boxes)
    box_points: tuple[int, int]
    shutout: bool
    totals: tuple[int, int]
    settlement: int  # the winner's total minus the loser's

    def breakdown(self, names: tuple[str, str] = ("Player 1", "Player 2")) -> list[str]:
        w, l = self.winner, 1 - self.winner
        out = [
            f"{says(names[w], 'wins')} the game, {self.hand_points[w]} to {self.hand_points[l]}."
        ]
        for p in (w, l):
            parts = [f"hands {self.hand_points[p]}"]
            if p == w and self.game_bonus:
                parts.append(f"game bonus {self.game_bonus}")
            if self.box_points[p]:
                parts.append(f"{plural(self.boxes[p], 'box')} {self.box_points[p]}")
            subtotal = self.hand_points[p] + self.box_points[p] + (self.game_bonus if p == w else 0)
            line = f"{names[p]}: " + " + ".join(parts) + f" = {subtotal}"
            if p == w and self.shutout and self.totals[p] != subtotal:
                line += f"; shutout, doubled: {self.totals[p]}"
            out.append(line)
        out.append(f"Settlement: {self.totals[w]} − {self.totals[l]} = {self.settlement}")
        return out


def next_dealer(rules: RuleSet, dealer: int, result: HandResult) -> int:
    """Who deals after a hand dealt by ``dealer`` ended with ``result``."""
    if not result.scored:
        return dealer  # a cancelled hand is dealt again by the same dealer
    if result.winner is None:  # played out with no score (equal totals)
        return 1 - dealer if rules.dealer_rotation is DealerRotation.ALTERNATE else dealer
    if rules.dealer_rotation is DealerRotation.WINNER:
        return result.winner
    if rules.dealer_rotation is DealerRotation.LOSER:
        return 1 - result.winner
    return 1 - dealer


def settle(rules: RuleSet, scores: Sequence[int], boxes: Sequence[int]) -> GameResult:
    """The end of a game: hand points + game bonus + boxes, doubled on a shutout."""
    w = 0 if scores[0] > scores[1] else 1
    l = 1 - w
    shutout = rules.shutout is not Shutout.OFF and scores[l] == 0
    bonus = rules.shutout_bonus if shutout and rules.shutout is Shutout.BONUS else rules.game_bonus
    box_points = (boxes[0] * rules.box_bonus, boxes[1] * rules.box_bonus)
    totals = [scores[p] + box_points[p] for p in (0, 1)]
    totals[w] += bonus
    if shutout and rules.shutout is Shutout.DOUBLE:
        totals[w] *= 2
    return GameResult(
        winner=w,
        hand_points=(scores[0], scores[1]),
        game_bonus=bonus,
        boxes=(boxes[0], boxes[1]),
        box_points=box_points,
        shutout=shutout,
        totals=(totals[0], totals[1]),
        settlement=totals[w] - totals[l],
    )


class Game:
    """Hands to the target. Call ``apply`` for the hand in play and
    ``next_hand`` once it is over and the game is not."""

    def __init__(self, rules: RuleSet, seed: int | str, *, first_dealer: int | None = None) -> None:
        self.rules = rules
        self.seed = seed
        self.cut: tuple[Card, Card] | None = None
        if first_dealer is None:
            a, b, winner = cut_for_deal(seed)
            self.cut = (a, b)
            # the cut's winner makes the other player deal (non-dealer plays first)
            first_dealer = 1 - winner
        if first_dealer not in (0, 1):
            raise ValueError(f"first_dealer must be 0 or 1, not {first_dealer!r}")
        self.first_dealer = first_dealer
        self.scores = [0, 0]
        self.boxes = [0, 0]
        self.hands_won = [0, 0]
        self.results: list[HandResult] = []
        self.hands: list[Hand] = []
        self._past: tuple[PastHand, ...] = ()  # the finished hands, as views show them
        self.result: GameResult | None = None
        self._deal(first_dealer)

    @property
    def hand(self) -> Hand:
        """The hand in play (or the last one, once the game is over)."""
        return self.hands[-1]

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def dealer(self) -> int:
        return self.hand.dealer

    def _deal(self, dealer: int) -> None:
        if self.hands and (last := self.hands[-1]).result is not None:
            # a finished hand never changes again: record it once for every view
            self._past += (PastHand(last.dealer, tuple(last.events), last.result),)
        deck = hand_deck(self.seed, len(self.hands))
        self.hands.append(Hand.deal(self.rules, dealer, deck=deck))

    def view(self, player: int) -> PlayerView:
        """The hand in play as ``player`` sees it, with the game's scores and
        its finished hands (what a player at the table has seen of them)."""
        return dataclasses.replace(
            self.hand.view(player), scores=(self.scores[0], self.scores[1]), past=self._past
        )

    def apply(self, action: Action) -> None:
        if self.is_over:
            raise IllegalAction("the game is over")
        hand = self.hand
        hand.apply(action)
        if hand.is_over:
            assert hand.result is not None
            self._score(hand.result)

    def _score(self, result: HandResult) -> None:
        self.results.append(result)
        if not result.scored:
            return
        for p in (0, 1):
            self.scores[p] += result.points[p]
            self.boxes[p] += result.boxes[p]
        if result.winner is not None:
            self.hands_won[result.winner] += 1
        top = max(self.scores)
        if top >= self.rules.target and self.scores[0] != self.scores[1]:
            self.result = settle(self.rules, self.scores, self.boxes)

    def next_hand(self) -> Hand:
        """Deal the next hand (after a finished hand, while the game goes on)."""
        if self.is_over:
            raise IllegalAction("the game is over")
        last = self.hand
        if not last.is_over:
            raise IllegalAction("the hand in play is not over")
        assert last.result is not None
        self._deal(next_dealer(self.rules, last.dealer, last.result))
        return self.hand

    @property
    def log(self) -> list[list[Action]]:
        """The actions of every hand, in order: with the seed, the whole game."""
        return [[a for _, a in h.log] for h in self.hands]

    @classmethod
    def replay(
        cls,
        rules: RuleSet,
        seed: int | str,
        log: Sequence[Sequence[Action]],
        *,
        first_dealer: int | None = None,
    ) -> Game:
        """Rebuild a game from its seed and log; IllegalAction names a bad step."""
        game = cls(rules, seed, first_dealer=first_dealer)
        for n, actions in enumerate(log):
            if n:
                game.next_hand()
            for i, action in enumerate(actions):
                try:
                    game.apply(action)
                except IllegalAction as exc:
                    raise IllegalAction(
                        f"hand {n + 1}, step {i + 1} ({action}) does not replay: {exc}"
                    ) from None
        return game
