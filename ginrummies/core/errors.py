"""Why a move is refused: a typed reason with its parameters, and the errors.

Every refusal of the rules core is a ``Refusal``: a ``Reason`` and the
cards, meld and figures it is about. The hands give one through
``Hand.refusal`` (``verify`` raises it in an ``IllegalAction``, ``can`` asks
whether there is one), and ``apply`` refuses through the same checks. The
words are here too, once for every reason (``Refusal.say``): the play
layer adds only what the player's view and its keys tell (``Wording``: the
names, what may be done now, the key to press), and an exception's message
is the same sentence without them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum

from .cards import Card, format_cards


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

    def say(self, wording: Wording | None = None) -> str:
        """The refusal as one sentence, with what ``wording`` adds (names,
        what may be done now, the keys to press)."""
        return _sentence(self, wording or Wording())

    def __str__(self) -> str:
        """The same words as a clause, for an exception's message."""
        text = self.say().removesuffix(".")
        # "You do not hold K♦" reads "you do not hold K♦"; "A♣ fits..." stays
        return text[:1].lower() + text[1:] if text[1:2].islower() or text[1:2] == " " else text


@dataclass(frozen=True, slots=True)
class Wording:
    """What a refusal's words may name beyond the refusal itself: the play
    layer fills it from the player's view and its key map; an exception's
    message goes without (each field has a plain default)."""

    names: tuple[str, ...] = ()  # the hand's two players as the reader knows them ("You")
    reader: int = 0  # the hand player reading
    now: str = ""  # what may be done now, with its keys ("draw (d) or take 7♥ (t)")
    keys: Mapping[str, str] = field(default_factory=dict)  # by move name: {"draw": "(d)"}
    verb: str = ""  # the move refused as the reader named it ("take 7♥")
    gin: bool = False  # the move refused is going gin
    game: str = ""  # the variant's name
    melds: tuple[str, ...] = ()  # the kinds of meld these rules have ("set", "run")
    upcard: Card | None = None  # the upcard, where it sets this hand's knock limit
    can_offer: bool = False  # another card may be offered (an ace refused)


_CONTRACT = "three melds of three cards each, nine cards laid at once"


def _labels(cards: tuple[Card, ...]) -> str:
    return format_cards(cards)


def _sorted(cards: tuple[Card, ...]) -> str:
    return format_cards(sorted(cards))


def _possessive(name: str) -> str:
    return "your" if name.lower() == "you" else f"{name}'s"


def _either(parts: Sequence[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " or " + parts[-1]


def _limit_words(w: Wording, limit: int | None) -> str:
    """The knock limit in force, and where it comes from."""
    if w.upcard is not None:
        return f"this hand's knock limit is {limit}, from the upcard {w.upcard.label}"
    return f"the knock limit is {limit}"


def _gin_only(w: Wording) -> str:
    if w.upcard is not None:
        return f"this hand is gin only (the upcard {w.upcard.label} is an ace)"
    return "these rules allow gin only"


def _too_much(r: Refusal, w: Wording) -> str:
    """Why a knock (or gin) cannot be made with this much deadwood."""
    extra, least, limit = r.card, r.points, r.limit
    with_it = f"with {extra.label} " if extra is not None else ""
    would = "would be" if extra is not None else "is"
    if w.gin:
        return f"You cannot go gin: {with_it}your deadwood {would} {least}; gin needs 0."
    deadwood = f"{with_it}your least deadwood {would} {least}"
    if limit == 0:
        return f"You cannot knock: {_gin_only(w)}, and {deadwood}."
    return f"You cannot knock: {deadwood}; {_limit_words(w, limit)}."


def _sentence(r: Refusal, w: Wording) -> str:
    """Each refusal in words, once: the table's status line, text play, a
    seat elsewhere and an exception's message all say it this way."""
    R = Reason

    def key(name: str) -> str:  # the key to press for a move, if the reader has keys
        return f" {w.keys[name]}" if name in w.keys else ""

    now = w.now or r.need
    then = f": {now}" if now else ""
    label = r.card.label if r.card is not None else "that card"
    meld = f"[{_labels(r.meld)}]" if r.meld else "the meld"
    verb = w.verb or r.what or "do that"
    contract = f"Your first meld must be the contract, {_CONTRACT}"
    match r.reason:
        case R.GAME_OVER:
            return "The game is over."
        case R.HAND_OVER:
            return "The hand is over."
        case R.HAND_NOT_OVER:
            return "The hand in play is not over."
        case R.NEXT_HAND_UNKNOWN:
            return "The next hand is not known yet."
        case R.NO_TABLE:
            return f"There is no table {r.number}."
        case R.LOG_PART_ROUND:
            return f"The log holds part of a round ({r.count} hands, {r.limit} a round)."
        case R.NOT_YOUR_TURN:
            if r.player is not None and r.player < len(w.names):
                return f"It is {_possessive(w.names[r.player])} turn."
            return "It is not your turn."
        case R.NOT_A_MOVE:
            noun = "action" if r.game == "Gin" else "move"
            return f"{r.what[:1].upper()}{r.what[1:]} is not a {r.game} {noun}."
        case R.WRONG_PHASE:
            return f"You cannot {verb} now: {now or 'wait'}{' first' if r.first else ''}."
        case R.ALREADY_DRAWN:
            return f"You have drawn already{then}."
        case R.DRAW_SKIPPED:
            return f"You accepted {label}, and an accepted ace costs your draw{then}."
        case R.PILE_EMPTY:
            return f"The discard pile is empty: draw from the stock{key('draw')}."
        case R.STOCK_FIRST:
            return (
                "Both players passed the upcard, so the first draw comes from the stock"
                f"{key('draw')}."
            )
        case R.FIFTIETH_TOO_HIGH:
            limit = _gin_only(w) if r.limit == 0 else _limit_words(w, r.limit)
            return (
                f"You may take {label} only to knock or go gin at once, and with it "
                f"your least deadwood would be {r.points} ({limit}): pass{key('pass')}."
            )
        case R.TOO_MUCH_DEADWOOD:
            return _too_much(r, w)
        case R.ONLY_KNOCK:
            if w.now:
                return f"You took the fiftieth card to knock: {w.now}."
            return "You took the fiftieth card: you may only knock or go gin now."
        case R.TAKEN_CARD:
            return f"You took {label} from the pile this turn: discard another card."
        case R.FIRST_TURN_DISCARD:
            return (
                "With eleven cards dealt, the first turn is only a discard: "
                f"discard a card{key('discard')}."
            )
        case R.NO_BIG_GIN:
            return "Big gin is not played under these rules: choose a discard."
        case R.NOT_HELD:
            return f"You do not hold {_sorted(r.cards or r.meld)}."
        case R.NOT_A_MELD:
            if w.melds:
                kinds = _either(["a " + k for k in w.melds])
                return f"The marked cards ({_sorted(r.cards)}) are not {kinds}."
            return f"{_labels(r.cards)} is not a meld under these rules."
        case R.MELDS_SHARE:
            return f"The melds share a card: {meld} shares one with another."
        case R.MELD_NOT_SPREAD:
            return f"{meld} uses a card you are not spreading."
        case R.MELD_IN_DEADWOOD:
            return "A whole meld is left among the deadwood: spread it."
        case R.BIG_GIN_NOT_ALL:
            return "Big gin needs all eleven cards in melds."
        case R.NO_MELD_HELD:
            return f"You hold no {_either(list(w.melds)) or 'meld'} to meld."
        case R.CONTRACT_SHAPE:
            why = "The contract is three melds of three cards each"
            if len(r.counts) != 3:
                return f"{why}; this has {len(r.counts)} meld{'s' * (len(r.counts) != 1)}."
            return f"{why}; these have {', '.join(map(str, r.counts))} cards."
        case R.CONTRACT_LAID:
            return "Your contract is already on the table."
        case R.CONTRACT_FIRST:
            if r.cards:
                return f"{contract}: the marked cards ({_sorted(r.cards)}) are not that."
            return f"{contract}."
        case R.NO_CONTRACT_HELD:
            return f"{contract}, and your hand does not hold one yet."
        case R.CONTRACT_THIS_TURN:
            return "You laid the contract this turn: nothing more may be laid until your next turn."
        case R.BEFORE_CONTRACT:
            return (
                f"You cannot {verb} before your contract is down: "
                f"your first meld must be the contract, {_CONTRACT}."
            )
        case R.NO_TABLE_MELDS:
            return "There is no meld on the table to lay off on."
        case R.NO_SUCH_MELD:
            return f"There is no meld number {r.number} on the table."
        case R.DOES_NOT_FIT:
            if r.meld:
                return f"{label} does not fit on {meld}."
            return f"{label} fits no meld on the table."
        case R.NOT_OWN_MELD:
            other = w.names[1 - w.reader] if len(w.names) == 2 else "the other player"
            return (
                f"{label} fits only {_possessive(other)} melds, and in {w.game or 'Skarney'} "
                "you lay off only on your own."
            )
        case R.LAYOFF_LIMIT:
            laid = r.limit or 0
            cards = "card" if laid == 1 else "cards"
            return (
                f"You have laid off {laid} {cards} on [{_labels(r.meld)}] "
                "this turn, the most one meld takes in a turn."
            )
        case R.LAST_TURN:
            return (
                "The stock is down to two: the hand ends with no offer; "
                f"end the turn{key('end_turn')}."
            )
        case R.LAST_CARD:
            return (
                f"With one card left there is no offer (last card): end the turn{key('end_turn')}."
            )
        case R.OFFERED_BACK:
            return f"You just accepted {label}: it may not be offered back at once."
        case R.ACE_AFTER_SKIP:
            # RULES.md 3, Decision: else two players could pass aces for ever
            took = r.accepted
            what = f"you took {took.label} offered to you" if took else "you took an offered ace"
            instead = ""
            if w.can_offer:
                instead = f": offer another card{key('offer')}"
            elif w.keys:
                instead = f": end the turn{key('end_turn')}"
            return f"You drew no card this turn ({what}), so you may not offer an ace{instead}."
        case R.MUST_OFFER:
            return (
                f"You end your turn by offering a card{key('offer')}; without an "
                "offer only with your last card, at the stock's end, or when no card you "
                "hold may be offered."
            )
        case R.NO_OFFER | R.NO_CHALLENGE:
            what = "offer" if r.reason is R.NO_OFFER else "challenge"
            return f"There is no {what} to answer{then}."
        case R.NO_CHALLENGE_RULE:
            return "The Challenge is not played under these rules."
        case R.ONE_CHALLENGE:
            return f"Only one challenge a turn{then}."
        case R.CHALLENGE_AFTER_DRAW:
            return "A challenge comes at the start of your turn, before you draw."
    return f"{r.reason.value[:1].upper()}{r.reason.value[1:]}."  # pragma: no cover


class IllegalAction(ValueError):
    """An action that the rules do not allow now; the state is left unchanged.

    ``refusal`` says why, typed, when the rules core refused it; ``where``
    places it (a replayed log's step)."""

    def __init__(self, why: Refusal | str, where: str = "") -> None:
        self.refusal = why if isinstance(why, Refusal) else None
        self.where = where
        self._why = why
        super().__init__(why, where)

    def __str__(self) -> str:
        # worded when read: the computer and the checks ask why thousands of
        # times a turn and read the answer's reason, not its words
        text = str(self._why)
        return f"{self.where} does not replay: {text}" if self.where else text


class RulesError(ValueError):
    """A rule set whose options cannot be played together."""
