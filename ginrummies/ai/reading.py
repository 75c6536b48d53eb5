"""What ``hard`` reads of its opponent in a Gin-family game, from the table alone.

People play in two broad styles, the ones the reference panel stands for:
an *eager* player knocks as soon as the count allows, a *camper* holds out
for gin and knocks only in its first few turns, at a very low count, or
late in the stock. Every finished hand of the game is evidence of which
one sits across (``PlayerView.past``, which shows both hands at the end):

- the opponent knocked at a count a camper would have held (``CAMP_AT`` or
  more), after its first turns and with the stock still long: eager;
- the opponent's hand, shown when this player ended the hand, was already
  low enough to knock on its last turn and it did not: a camper.

``eager`` is the chance of the first style, from even odds by those
likelihoods. Within a hand, a silent eager opponent is one whose count is
still above the limit, which ``develop`` uses when it guesses their hand.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..core import DrawStock, PlayerView, Solver, from_mask
from .panel import Camper
from .tracking import Memory, knock_limit, turns_of

CAMP_AT = 3  # a knock at this count or more, mid-hand, is no camper's
EARLY = Camper.early  # turns in which even a camper knocks when it can
LATE = Camper.late  # stock cards left when even a camper knocks when it can
# how likely each sign is from the other style: a camper seldom knocks at a
# high count mid-hand; an eager player seldom lets a knock go by
CAMPER_KNOCKS_HIGH = 0.05
EAGER_HOLDS = 0.1
STEPS_PER_TURN = 3  # halves: development steps for each turn the opponent played


@dataclass(frozen=True, slots=True)
class Read:
    """The opponent as ``hard`` sees them: the chance they are eager, and
    the evidence it rests on (for the hints and the tests)."""

    eager: float = 0.5
    high_knocks: int = 0  # knocks a camper would not have made
    held: int = 0  # knocks they could have made and did not

    def knock_at(self, eager: bool, limit: int) -> int:
        """The count an opponent of that style knocks at, mid-hand."""
        return limit if eager else min(limit, Camper.small)


def read(view: PlayerView, solver: Solver) -> Read:
    """The read of the opponent from this game's finished hands."""
    me, opp = view.player, 1 - view.player
    high = held = 0
    for past in view.game.past:
        result, knock = past.result, past.result.knock
        if knock is None:  # no knock to read: the Gin family's reading
            continue
        limit = knock.knock_limit if knock.knock_limit is not None else view.rules.knock_limit
        if knock.knocker == opp:
            turns = turns_of(past.history, opp)
            count = result.counts[opp] if result.counts else 0
            stock_left = 31 - sum(1 for e in past.history if isinstance(e.action, DrawStock))
            if count >= CAMP_AT and turns >= EARLY and stock_left > LATE:
                high += 1
        elif knock.knocker == me and turns_of(past.history, opp) >= 1:
            cards = 0
            for m in knock.melds[opp]:
                cards |= m.mask
            for c in result.deadwood[opp]:
                cards |= c.bit
            for lay in knock.layoffs:
                cards &= ~lay.card.bit
            if cards.bit_count() == 10 and solver.deadwood(cards) <= limit:
                held += 1
    odds = (CAMPER_KNOCKS_HIGH**-high) * (EAGER_HOLDS**held)
    return Read(odds / (1 + odds), high, held)


def develop(
    view: PlayerView,
    memory: Memory,
    rng: random.Random,
    solver: Solver,
    eager: bool,
) -> int:
    """A guess at the opponent's hand, as a mask: the cards they are known to
    hold, filled from the unseen ones, then improved as a player would over
    the turns they have played (draw an unseen card, throw the worst; a
    little more than one such step a turn, for the pile cards a player
    takes and the better choices it makes). An eager opponent who has not
    knocked holds more than the limit, so its guess never goes below it."""
    opp = 1 - view.player
    turns = turns_of(view.history, opp)
    steps = min(18, (turns * STEPS_PER_TURN) // 2)
    known = memory.opp_known
    pool = from_mask(memory.unseen)
    rng.shuffle(pool)
    need = view.opponent_hand_size - known.bit_count()
    limit = knock_limit(view)
    hand = known
    for c in pool[:need]:
        hand |= c.bit
    spare = pool[need:]
    for step in range(min(steps, len(spare))):
        drawn = spare[step].bit
        arranged = solver.arrange(hand | drawn, True)
        throw = arranged.discard.bit if arranged.discard is not None else drawn
        if throw & known:  # a card they were seen to take stays
            loose = [c.bit for c in from_mask((hand | drawn) & ~known)]
            throw = min(loose, key=lambda b: solver.deadwood((hand | drawn) & ~b))
        if eager and arranged.points <= limit:
            continue  # they would have knocked: keep the hand as it was
        hand = (hand | drawn) & ~throw
    return hand
