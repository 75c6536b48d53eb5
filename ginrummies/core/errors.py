"""Why a move is refused: a typed reason with its parameters, and the errors.

Every refusal of the rules core is a ``Refusal``: a ``Reason`` and the
cards, meld and figures it is about. The hands give one through
``Hand.refusal`` (``verify`` raises it in an ``IllegalAction``, ``can`` asks
whether there is one), and ``apply`` refuses through the same checks. The
words here are the core's own plain ones, for an exception's message; the
play layer says each reason in its own words from the same parameters.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .cards import Card


class Reason(Enum):
    """What rule a refused move breaks."""

    # the game, the hand and the turn (``what``: the move refused, in words)
    GAME_OVER = "game over"
    HAND_OVER = "hand over"
    HAND_NOT_OVER = "hand not over"  # the next hand before this one ends
    NEXT_HAND_UNKNOWN = "next hand unknown"  # three-player Gin: the round's next seat
    NO_TABLE = "no table"  # number: the table asked for, from 1
    LOG_PART_ROUND = "part of a round"  # count: hands in the log; limit: hands a round
    NOT_YOUR_TURN = "not your turn"  # player: the one to move
    NOT_A_MOVE = "not a move of this game"  # what, game
    # what; need: what the player to move should do; first: the move comes
    # later in the turn (do what the phase asks first)
    WRONG_PHASE = "wrong phase"
    # drawing
    ALREADY_DRAWN = "already drawn"  # what; need
    DRAW_SKIPPED = "draw skipped"  # Skarney: card, the ace accepted, which costs the draw
    PILE_EMPTY = "pile empty"
    STOCK_FIRST = "stock first"  # both passed the upcard
    FIFTIETH_TOO_HIGH = "fiftieth too high"  # card, points (least deadwood with it), limit
    # the card named
    NOT_HELD = "not held"  # cards (or meld) not in the player's hand
    TAKEN_CARD = "taken card"  # card: just taken from the pile
    ONLY_KNOCK = "only knock"  # took the fiftieth card
    # knocking
    FIRST_TURN_DISCARD = "first turn discard"  # eleven cards dealt
    NO_BIG_GIN = "no big gin"
    TOO_MUCH_DEADWOOD = "too much deadwood"  # points, limit (0: gin); card: with it added
    NOT_A_MELD = "not a meld"  # cards
    MELDS_SHARE = "melds share a card"  # meld
    MELD_NOT_SPREAD = "meld not spread"  # meld: uses a card the knock does not spread
    MELD_IN_DEADWOOD = "meld in deadwood"
    BIG_GIN_NOT_ALL = "big gin needs every card"
    # table melds (Skarney, Colonel)
    NO_MELD_HELD = "no meld held"
    CONTRACT_SHAPE = "contract shape"  # counts: the cards of each meld
    CONTRACT_LAID = "contract laid"
    CONTRACT_FIRST = "contract first"  # cards: the cards marked to meld, if any
    NO_CONTRACT_HELD = "no contract held"
    CONTRACT_THIS_TURN = "contract this turn"  # what
    BEFORE_CONTRACT = "before contract"  # what
    NO_TABLE_MELDS = "no table melds"
    NO_SUCH_MELD = "no such meld"  # number: from 1
    DOES_NOT_FIT = "does not fit"  # card; meld, when one meld was named
    NOT_OWN_MELD = "not own meld"  # card: it fits only the other player's melds
    LAYOFF_LIMIT = "lay-off limit"  # meld, limit
    # offers and challenges
    LAST_TURN = "last turn"  # Skarney: the stock is down to two
    LAST_CARD = "last card"
    OFFERED_BACK = "offered back"  # card
    ACE_AFTER_SKIP = "ace after a skipped draw"  # card offered; accepted: the ace taken
    MUST_OFFER = "must offer"
    NO_OFFER = "no offer"
    NO_CHALLENGE = "no challenge"
    NO_CHALLENGE_RULE = "no challenge rule"
    ONE_CHALLENGE = "one challenge a turn"
    CHALLENGE_AFTER_DRAW = "challenge after the draw"


_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def _number(n: int) -> str:
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


@dataclass(frozen=True, slots=True)
class Refusal:
    """A reason and what it is about; only the fields its reason names are set."""

    reason: Reason
    what: str = ""  # the move refused, in words ("discard 7♥", "knock")
    card: Card | None = None
    cards: tuple[Card, ...] = ()
    meld: tuple[Card, ...] = ()  # the meld it is about, in its order
    points: int | None = None
    limit: int | None = None
    number: int | None = None
    player: int | None = None
    counts: tuple[int, ...] = ()
    game: str = ""
    need: str = ""
    count: int | None = None  # how many there are (hands in a log)
    accepted: Card | None = None  # the card accepted from an offer
    first: bool = False  # a wrong phase's move comes later in the turn

    def __str__(self) -> str:
        return _words(self)


def _labels(cards: tuple[Card, ...]) -> str:
    return " ".join(c.label for c in cards)


def _words(r: Refusal) -> str:
    """The core's plain words for a refusal (lower case, no full stop)."""
    R = Reason
    card = r.card.label if r.card else "the card"
    meld = f"[{_labels(r.meld)}]" if r.meld else "the meld"
    what = r.what or "do that"
    match r.reason:
        case R.GAME_OVER:
            return "the game is over"
        case R.HAND_OVER:
            return "the hand is over"
        case R.HAND_NOT_OVER:
            return "the hand in play is not over"
        case R.NEXT_HAND_UNKNOWN:
            return "the next hand is not known yet"
        case R.NO_TABLE:
            return f"there is no table {r.number}"
        case R.LOG_PART_ROUND:
            return f"the log holds part of a round ({r.count} hands, {r.limit} a round)"
        case R.NOT_YOUR_TURN:
            return "it is not your turn"
        case R.NOT_A_MOVE:
            noun = "action" if r.game == "Gin" else "move"
            return f"{r.what} is not a {r.game} {noun}"
        case R.WRONG_PHASE | R.ALREADY_DRAWN:
            return f"you cannot {what} now: {r.need or 'wait'}"
        case R.DRAW_SKIPPED:
            return f"you accepted {card}, and an accepted ace costs your draw"
        case R.PILE_EMPTY:
            return "the discard pile is empty"
        case R.STOCK_FIRST:
            return "both players passed the upcard: the first draw must come from the stock"
        case R.FIFTIETH_TOO_HIGH:
            return "the fiftieth card may be taken only to knock or go gin at once"
        case R.NOT_HELD:
            if r.meld:
                return f"{meld} uses a card you do not hold"
            return f"{_labels(r.cards)} is not in your hand"
        case R.TAKEN_CARD:
            return f"{card} was just taken from the discard pile: discard another card"
        case R.ONLY_KNOCK:
            return "you took the fiftieth card: you may only knock or go gin now"
        case R.FIRST_TURN_DISCARD:
            return "with eleven cards dealt, the first turn is only a discard"
        case R.NO_BIG_GIN:
            return "big gin is not played under these rules: choose a discard"
        case R.TOO_MUCH_DEADWOOD:
            limit = "gin only" if r.limit == 0 else f"the knock limit is {r.limit}"
            return f"deadwood {r.points} is too much to knock: {limit}"
        case R.NOT_A_MELD:
            return f"{_labels(r.cards)} is not a meld under these rules"
        case R.MELDS_SHARE:
            return f"the melds share a card: {meld} shares one with another"
        case R.MELD_NOT_SPREAD:
            return f"{meld} uses a card you are not spreading"
        case R.MELD_IN_DEADWOOD:
            return "a whole meld is left among the deadwood: spread it"
        case R.BIG_GIN_NOT_ALL:
            return "big gin needs all eleven cards in melds"
        case R.NO_MELD_HELD:
            return "you hold no meld"
        case R.CONTRACT_SHAPE:
            why = "the contract is three melds of three cards each"
            if len(r.counts) != 3:
                return f"{why}; this has {len(r.counts)} meld{'s' * (len(r.counts) != 1)}"
            return f"{why}; these have {', '.join(map(str, r.counts))} cards"
        case R.CONTRACT_LAID:
            return "your contract is already on the table"
        case R.CONTRACT_FIRST:
            return "your first meld must be the contract: three melds of three cards each"
        case R.NO_CONTRACT_HELD:
            return "your first meld must be the contract, and you hold none yet"
        case R.CONTRACT_THIS_TURN:
            return f"you cannot {what} in the turn you lay the contract"
        case R.BEFORE_CONTRACT:
            return f"you cannot {what} before your contract is down"
        case R.NO_TABLE_MELDS:
            return "there is no meld on the table"
        case R.NO_SUCH_MELD:
            return f"there is no meld number {r.number} on the table"
        case R.DOES_NOT_FIT:
            return f"{card} does not fit on {meld if r.meld else 'any meld on the table'}"
        case R.NOT_OWN_MELD:
            return "in Skarney you may lay off only on your own melds"
        case R.LAYOFF_LIMIT:
            return f"at most {_number(r.limit or 0)} cards a turn may be laid off on one meld"
        case R.LAST_TURN:
            return "the stock is down to two: the hand ends with no offer"
        case R.LAST_CARD:
            return "with one card left there is no offer: say last card"
        case R.OFFERED_BACK:
            return f"{card} was just accepted: it may not be offered back"
        case R.ACE_AFTER_SKIP:
            # RULES.md 3, Decision: else two players could pass aces for ever
            return (
                "you drew no card this turn (you took an ace offered to you), "
                "so you may not offer an ace"
            )
        case R.MUST_OFFER:
            return "offer a card to end your turn"
        case R.NO_OFFER:
            return "there is no offer to answer"
        case R.NO_CHALLENGE:
            return "there is no challenge to answer"
        case R.NO_CHALLENGE_RULE:
            return "the Challenge is not played under these rules"
        case R.ONE_CHALLENGE:
            return "only one challenge a turn"
        case R.CHALLENGE_AFTER_DRAW:
            return "a challenge comes at the start of your turn, before you draw"
    return r.reason.value  # pragma: no cover  (every reason has its case above)


class IllegalAction(ValueError):
    """An action that the rules do not allow now; the state is left unchanged.

    ``refusal`` says why, typed, when the rules core refused it; ``where``
    places it (a replayed log's step)."""

    def __init__(self, why: Refusal | str, where: str = "") -> None:
        self.refusal = why if isinstance(why, Refusal) else None
        self.where = where
        text = str(why)
        super().__init__(f"{where} does not replay: {text}" if where else text)


class RulesError(ValueError):
    """A rule set whose options cannot be played together."""
