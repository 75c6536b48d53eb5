"""The kind of a costly decision, for the coach (issue 34, item 4): which
habit a rated move shows, told from the person's view and the move alone.

Each costly move is put in one kind, the first that fits, in this order:

- knocking when playing on was worth more (in Gin, nearly always for the
  undercut it risks): ``UNDERCUT``;
- playing on when a knock was best: ``MISSED_KNOCK``;
- (Skarney, Colonel) not laying down a meld, the contract or a lay-off
  when that was best: ``HELD_MELDS``;
- passing, or turning down, a card that makes a meld with the hand when
  taking it was best: ``PASSED_MELD``; one that pairs with the hand (a
  card right beside one held) or lowers its count (taken, with the best
  card thrown, the unmelded points go down): ``PASSED_CARD``; taking a
  card that makes no meld with the hand and lowers nothing when passing
  it was best: ``TOOK_CARD``;
- offering (Skarney) a card the other player is known to collect, when
  the best offer was safe: ``OFFER_MELDS``; discarding one: ``FEEDING``
  (a card they collect melds with, or sits right beside, cards they hold
  for sure);
- letting go of a card of a meld in hand when the best card was loose:
  ``BROKE_MELD``; of a pair or a run in the making (a card beside it in
  hand) when the best had none: ``BROKE_PAIR``;
- letting go of a lower card than the best one, a loose one, so holding
  the high one: ``HIGH_CARDS``;
- anything else, a passed card that was none of these among it:
  ``OTHER``.

Each rule is ``Habit.fits``; ``habit_of`` tries them in this order (``ORDER``), and
the coach shows an example under a habit only when it fits.

Pure and fast: nothing here plays a card out, so a whole history of
reviews is classed in a moment.
"""

from __future__ import annotations

from enum import Enum

from ..core import (
    Accept,
    AcePolicy,
    Action,
    Card,
    Decline,
    Discard,
    DrawStock,
    Knock,
    LayContract,
    LayMeld,
    LayOff,
    Offer,
    Pass,
    PlayerView,
    TakeDiscard,
    card_value,
    meld_masks,
    solver_for,
    to_mask,
)


class Habit(Enum):
    """A kind of costly move, with the words the coach uses for it."""

    UNDERCUT = "knock-undercut"
    MISSED_KNOCK = "missed-knock"
    HELD_MELDS = "held-melds"
    PASSED_MELD = "passed-meld"
    PASSED_CARD = "passed-card"
    TOOK_CARD = "took-card"
    OFFER_MELDS = "offer-melds"
    BROKE_MELD = "broke-meld"
    BROKE_PAIR = "broke-pair"
    FEEDING = "feeding"
    HIGH_CARDS = "high-cards"
    OTHER = "other"

    @property
    def title(self) -> str:
        return TITLES[self]

    @property
    def advice(self) -> str:
        return ADVICE[self]


TITLES = {
    Habit.UNDERCUT: "Knocking when playing on was better",
    Habit.MISSED_KNOCK: "Playing on when a knock was best",
    Habit.HELD_MELDS: "Holding back melds and lay-offs",
    Habit.PASSED_MELD: "Passing a card that makes a meld",
    Habit.PASSED_CARD: "Passing a card worth taking",
    Habit.TOOK_CARD: "Taking a card that does not help",
    Habit.OFFER_MELDS: "Offering a card that melds for them",
    Habit.BROKE_MELD: "Breaking up a meld",
    Habit.BROKE_PAIR: "Breaking up a pair or a run in the making",
    Habit.FEEDING: "Discarding what the opponent collects",
    Habit.HIGH_CARDS: "Holding high cards too long",
    Habit.OTHER: "Other costly moves",
}

ADVICE = {
    Habit.UNDERCUT: "A knock with several points early, or against cards the opponent "
    "can lay off, is often undercut: play on a turn or two for a lower count.",
    Habit.MISSED_KNOCK: "A knock within the limit while the opponent still holds many "
    "points is usually worth more than waiting for gin.",
    Habit.HELD_MELDS: "Cards held back count against you when the other player goes "
    "out: lay down what melds unless holding it wins more.",
    Habit.PASSED_CARD: "A card that pairs with your hand or lowers its count can be "
    "worth more than what comes instead (a blind draw; in Skarney, nothing).",
    Habit.TOOK_CARD: "A card taken that makes nothing keeps its points in your hand: "
    "leave it (draw blind in the Gin games, decline it in Skarney).",
    Habit.PASSED_MELD: "A card that completes a meld saves its points at once: take it "
    "unless it breaks a better plan.",
    Habit.OFFER_MELDS: "A card that melds with the ones they accepted, or sits beside "
    "them, lets them lay down more: offer another.",
    Habit.BROKE_MELD: "A card out of a made meld costs the meld: let go of a loose "
    "card, unless the meld's cards are what the opponent needs.",
    Habit.BROKE_PAIR: "Two cards that wait for a third are the hand's future melds: "
    "let a loose card go first.",
    Habit.FEEDING: "Cards beside the ones the opponent picked up are what they collect: "
    "keep them, or throw them only when the rest is worse.",
    Habit.HIGH_CARDS: "High cards that make no meld cost the most when the hand ends: "
    "let them go before the lower ones.",
    Habit.OTHER: "Moves that cost points for another reason: open one to see why.",
}


def discarded(action: Action) -> Card | None:
    """The card a move lets go of: a discard, a knock's discard, an offer."""
    if isinstance(action, Discard | Offer):
        return action.card
    if isinstance(action, Knock):
        return action.discard
    return None


def makes_meld(card: Card, hand: int, view: PlayerView) -> bool:
    """Whether ``card`` makes a meld with the cards of mask ``hand``."""
    return any(m & card.bit for m, _ in meld_masks(hand | card.bit, view.rules))


def in_meld(card: Card, hand: int, view: PlayerView) -> bool:
    """Whether ``card`` is part of a meld the cards of mask ``hand`` hold."""
    return makes_meld(card, hand & ~card.bit, view)


def offered_card(view: PlayerView) -> Card | None:
    """Skarney, answering an offer: the card offered (the last offer in the history)."""
    for event in reversed(view.history):
        if isinstance(event.action, Offer):
            return event.action.card
    return None


def beside(card: Card, view: PlayerView) -> int:
    """The cards right beside ``card``: its rank (where sets count) and the
    next rank up and down in its suit (where runs do)."""
    rules, mask = view.rules, 0
    if rules.sets:
        mask |= to_mask(Card(card.rank, suit) for suit in "cdhs")
    if rules.runs:
        ace_low = rules.ace is not AcePolicy.HIGH  # A-2 may be in a run
        ace_high = rules.ace is not AcePolicy.LOW  # K-A may
        ranks = {card.rank - 1, card.rank + 1} & set(range(2, 14))  # the ace apart
        if card.rank == 1:
            ranks = {2} if ace_low else set()
        if (card.rank == 2 and ace_low) or (card.rank == 13 and ace_high):
            ranks.add(1)
        if card.rank == 1 and ace_high:
            ranks.add(13)
        mask |= to_mask(Card(r, card.suit) for r in ranks)
    return mask & ~card.bit


def collects(card: Card, view: PlayerView) -> bool:
    """Whether the other player is known to collect ``card``: it makes a meld
    with cards they hold for sure, or sits right beside one. (A Skarney
    card that only lays off on their melds is not counted: accepted, it
    leaves their count as it was and lowers the offerer's, which the
    review's prices often find worth it.)"""
    known = to_mask(view.known_opponent_cards)
    return makes_meld(card, known, view) or bool(beside(card, view) & known)


def pairs(card: Card, hand: int, view: PlayerView) -> bool:
    """Whether ``card`` has a card right beside it in ``hand`` (a pair, or
    two cards of a run in the making)."""
    return bool(beside(card, view) & hand)


def lowers(card: Card, hand: int, view: PlayerView) -> bool:
    """Whether taking ``card`` and throwing the best card then leaves fewer
    unmelded points than the hand holds now."""
    solver = solver_for(view.rules)
    return solver.deadwood(hand | card.bit, True) < solver.deadwood(hand)


def answered(view: PlayerView, made: Action) -> Card | None:
    """The card a take, a pass or an answer to an offer is about."""
    if isinstance(made, Accept | Decline):
        return offered_card(view)
    return view.discard_top


PASSED = (DrawStock, Pass, Decline)
TAKEN = (TakeDiscard, Accept)
LAYING = (LayContract, LayMeld, LayOff)


def fits(habit: Habit, view: PlayerView, made: Action, best: Action) -> bool:
    """Whether the costly move ``made``, where ``best`` was best, is an
    example of ``habit``, by the habit's own rule (the module's list)."""
    hand = to_mask(view.hand)
    if habit is Habit.UNDERCUT:
        return isinstance(made, Knock) and not isinstance(best, Knock)
    if habit is Habit.MISSED_KNOCK:
        return isinstance(best, Knock) and isinstance(made, Discard)
    if habit is Habit.HELD_MELDS:
        return isinstance(best, LAYING) and not isinstance(made, LAYING)
    if habit in (Habit.PASSED_MELD, Habit.PASSED_CARD):
        card = answered(view, made)
        if not (isinstance(made, PASSED) and isinstance(best, TAKEN) and card is not None):
            return False
        if habit is Habit.PASSED_MELD:
            return makes_meld(card, hand, view)
        return pairs(card, hand, view) or lowers(card, hand, view)
    if habit is Habit.TOOK_CARD:
        card = answered(view, made)
        if not (isinstance(made, TAKEN) and isinstance(best, PASSED) and card is not None):
            return False
        return not makes_meld(card, hand, view) and not lowers(card, hand, view)
    if habit is Habit.OTHER:
        return True
    let_go, better = discarded(made), discarded(best)
    if let_go is None or better is None or let_go == better:
        return False
    if habit in (Habit.OFFER_MELDS, Habit.FEEDING):
        # the better card must be safe: between two fed cards the habit is another
        offer = isinstance(made, Offer)
        fed = collects(let_go, view) and not collects(better, view)
        return fed and offer == (habit is Habit.OFFER_MELDS)
    if habit is Habit.BROKE_MELD:
        return in_meld(let_go, hand, view) and not in_meld(better, hand, view)
    if habit is Habit.BROKE_PAIR:
        loose = not in_meld(better, hand, view) and not pairs(better, hand, view)
        return pairs(let_go, hand, view) and loose
    # HIGH_CARDS: a lower card let go than the best one, which was loose
    higher = card_value(better, view.rules) > card_value(let_go, view.rules)
    return higher and not in_meld(better, hand, view)


def habit_of(view: PlayerView, made: Action, best: Action) -> Habit:
    """The kind of the costly move ``made`` where ``best`` was best, as the
    person saw it (``view``: the position before the move): the first
    habit in ``ORDER`` whose rule it fits."""
    return next(h for h in ORDER if fits(h, view, made, best))


# the order the rules are tried in (the module's list): the first that fits names the habit
ORDER = (
    Habit.UNDERCUT,
    Habit.MISSED_KNOCK,
    Habit.HELD_MELDS,
    Habit.PASSED_MELD,
    Habit.PASSED_CARD,
    Habit.TOOK_CARD,
    Habit.OFFER_MELDS,
    Habit.FEEDING,
    Habit.BROKE_MELD,
    Habit.BROKE_PAIR,
    Habit.HIGH_CARDS,
    Habit.OTHER,
)
