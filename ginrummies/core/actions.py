"""Actions: small frozen values a player applies to a hand.

Every action can be written to and read from plain JSON data, which is how
logs, saves and golden playthroughs store them. Each action also says itself
in words, in the one place the game's wording lives: ``str(action)`` is the
move as a menu offers it ("discard 7♥"), ``action.said(card, gin)`` the move
as the table saw it made ("discarded 7♥"); the play layer adds only what a
view knows (a knock's count, the meld a card goes on).
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from .cards import Card
from .errors import IllegalAction, Reason, Refusal
from .melds import Meld, MeldKind, hand_value
from .rules import RuleSet


def melds_text(melds: Iterable[Meld]) -> str:
    """Melds as the game writes them: ``[7♥ 8♥ 9♥]  [K♣ K♦ K♠]``."""
    return "  ".join(f"[{m}]" for m in melds) or "no melds"


def in_order(melds: Iterable[Meld]) -> tuple[Meld, ...]:
    """Melds in one fixed order (lowest card first), so that the same spread
    written in another order is the same action."""
    return tuple(sorted(melds, key=lambda m: min((c.rank, c.suit) for c in m.cards)))


@dataclass(frozen=True, slots=True)
class DrawStock:
    """Take the top card of the stock."""

    def __str__(self) -> str:
        return "draw from the stock"

    def said(self, card: Card | None = None, gin: bool = False) -> str:
        return "drew from the stock"


@dataclass(frozen=True, slots=True)
class TakeDiscard:
    """Take the top card of the discard pile (the upcard on the first turn)."""

    def __str__(self) -> str:
        return "take the discard"

    def said(self, card: Card | None = None, gin: bool = False) -> str:
        return f"took {card.label if card else 'the card'} from the discard pile"


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline the upcard on the first turn, or the fiftieth card."""

    def __str__(self) -> str:
        return "pass"

    def said(self, card: Card | None = None, gin: bool = False) -> str:
        return "passed"


@dataclass(frozen=True, slots=True)
class Discard:
    card: Card

    def __str__(self) -> str:
        return f"discard {self.card.label}"

    def said(self, card: Card | None = None, gin: bool = False) -> str:
        return f"discarded {self.card.label}"


@dataclass(frozen=True, slots=True)
class Knock:
    """Discard face down and spread ``melds``; ``discard=None`` is big gin."""

    discard: Card | None
    melds: tuple[Meld, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "melds", in_order(self.melds))

    @property
    def melded(self) -> frozenset[Card]:
        return frozenset(c for m in self.melds for c in m.cards)

    def deadwood(self, hand: Iterable[Card], rules: RuleSet) -> int:
        """The knocker's deadwood: what ``hand`` keeps outside the melds and discard."""
        spread = self.melded
        return hand_value((c for c in hand if c not in spread and c != self.discard), rules)

    def __str__(self) -> str:
        if self.discard is None:
            return f"big gin: {melds_text(self.melds)}"
        return f"knock, discarding {self.discard.label}: {melds_text(self.melds)}"

    def said(self, card: Card | None = None, gin: bool = False) -> str:
        if self.discard is None:
            return "went big gin"
        return "went gin" if gin else "knocked"


@dataclass(frozen=True, slots=True)
class LayContract:
    """Skarney: the first meld of a hand, exactly three melds of three cards."""

    melds: tuple[Meld, Meld, Meld]

    def __post_init__(self) -> None:
        """The contract's shape (RULES.md 3); whether the melds are good and
        held is the hand's to say."""
        melds = tuple(self.melds)
        sizes = tuple(len(m) for m in melds)
        if sizes != (3, 3, 3):
            raise IllegalAction(Refusal(Reason.CONTRACT_SHAPE, counts=sizes))
        object.__setattr__(self, "melds", in_order(melds))

    @property
    def cards(self) -> tuple[Card, ...]:
        """The nine cards it lays, meld by meld."""
        return tuple(c for m in self.melds for c in m.cards)

    def __str__(self) -> str:
        return f"lay the contract: {melds_text(self.melds)}"

    def said(self, card: Card | None = None, gin: bool = False) -> str:
        return f"laid the contract: {melds_text(self.melds)}"


@dataclass(frozen=True, slots=True)
class LayMeld:
    """Lay a meld from the hand on the table."""

    meld: Meld

    def __str__(self) -> str:
        return f"meld [{self.meld}]"

    def said(self, card: Card | None = None, gin: bool = False) -> str:
        return f"melded [{self.meld}]"


@dataclass(frozen=True, slots=True)
class LayOff:
    """Add a card to table meld number ``target`` (0-based, in table order)."""

    card: Card
    target: int

    def __str__(self) -> str:
        return f"lay off {self.card.label} on meld {self.target + 1}"

    def said(self, card: Card | None = None, gin: bool = False) -> str:
        return f"laid off {self.card.label}"


@dataclass(frozen=True, slots=True)
class Offer:
    """Skarney: hold a card out to the opponent instead of discarding."""

    card: Card

    def __str__(self) -> str:
        return f"offer {self.card.label}"

    def said(self, card: Card | None = None, gin: bool = False) -> str:
        return f"offered {self.card.label}"


@dataclass(frozen=True, slots=True)
class Accept:
    """Take the card offered (Skarney), or accept a challenge (Colonel)."""

    def __str__(self) -> str:
        return "accept"

    def said(self, card: Card | None = None, gin: bool = False) -> str:
        return f"accepted {card.label if card else 'the challenge'}"


@dataclass(frozen=True, slots=True)
class Decline:
    """Refuse the card offered (Skarney), or a challenge (Colonel)."""

    def __str__(self) -> str:
        return "decline"

    def said(self, card: Card | None = None, gin: bool = False) -> str:
        return f"declined {card.label if card else 'the challenge'}"


@dataclass(frozen=True, slots=True)
class EndTurn:
    """Skarney: end the turn with no offer ("last card", or the stock's end)."""

    def __str__(self) -> str:
        return "end the turn"

    def said(self, card: Card | None = None, gin: bool = False) -> str:
        return "ended the turn"


@dataclass(frozen=True, slots=True)
class Challenge:
    """Colonel (optional rule): at the start of the turn, challenge the opponent."""

    def __str__(self) -> str:
        return "challenge"

    def said(self, card: Card | None = None, gin: bool = False) -> str:
        return "challenged"


Action = (
    DrawStock
    | TakeDiscard
    | Pass
    | Discard
    | Knock
    | LayContract
    | LayMeld
    | LayOff
    | Offer
    | Accept
    | Decline
    | EndTurn
    | Challenge
)
ACTION_TYPES: tuple[type, ...] = typing.get_args(Action)  # every kind of move


@dataclass(frozen=True, slots=True)
class Attempt:
    """A move asked about by its kind before all of it is chosen: a knock
    (whichever spread), gin, "lay off 7♥" (on whichever meld), a meld of the
    cards marked. ``Hand.refusal`` says why no such action may be made now."""

    kind: type[Action]
    card: Card | None = None  # the card it names (discard, lay off, offer)
    cards: frozenset[Card] = frozenset()  # the cards to meld, when marked
    gin: bool = False  # a knock: only one with no deadwood

    def __str__(self) -> str:
        if self.kind is Knock:
            return "go gin" if self.gin else "knock"
        verb = _ATTEMPT_WORDS.get(self.kind, self.kind.__name__.lower())
        return f"{verb} {self.card.label}" if self.card is not None else verb


_ATTEMPT_WORDS: dict[type[Action], str] = {
    DrawStock: "draw from the stock",
    TakeDiscard: "take the discard",
    Pass: "pass",
    Discard: "discard",
    LayContract: "lay the contract",
    LayMeld: "meld",
    LayOff: "lay off",
    Offer: "offer",
    Accept: "accept",
    Decline: "decline",
    EndTurn: "end the turn",
    Challenge: "challenge",
}

_SIMPLE: dict[str, Callable[[], Action]] = {
    "draw": DrawStock,
    "take": TakeDiscard,
    "pass": Pass,
    "accept": Accept,
    "decline": Decline,
    "end": EndTurn,
    "challenge": Challenge,
}
_SIMPLE_NAMES = {cls: name for name, cls in _SIMPLE.items()}


def meld_to_data(m: Meld) -> dict[str, Any]:
    """JSON-ready form of a meld: its kind and its cards."""
    return {"kind": m.kind.value, "cards": [c.code for c in m.cards]}


def meld_from_data(data: Any) -> Meld:
    """Inverse of ``meld_to_data``; ValueError on anything malformed."""
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        raise ValueError(f"not a meld: {data!r}")
    return Meld(MeldKind(data.get("kind")), tuple(Card.parse(str(c)) for c in data["cards"]))


def action_to_data(action: Action) -> dict[str, Any]:
    """JSON-ready form of an action."""
    simple = _SIMPLE_NAMES.get(type(action))
    if simple is not None:
        return {"type": simple}
    if isinstance(action, Discard | Offer):
        return {
            "type": "discard" if isinstance(action, Discard) else "offer",
            "card": action.card.code,
        }
    if isinstance(action, LayOff):
        return {"type": "layoff", "card": action.card.code, "target": action.target}
    if isinstance(action, LayMeld):
        return {"type": "meld", "meld": meld_to_data(action.meld)}
    if isinstance(action, LayContract):
        return {"type": "contract", "melds": [meld_to_data(m) for m in action.melds]}
    assert isinstance(action, Knock)
    return {
        "type": "knock",
        "discard": action.discard.code if action.discard else None,
        "melds": [meld_to_data(m) for m in action.melds],
    }


def action_from_data(data: Any) -> Action:
    """Inverse of ``action_to_data``; raises ValueError on anything malformed."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ValueError(f"not an action: {data!r}")
    kind = data["type"]
    if kind in _SIMPLE:
        return _SIMPLE[kind]()
    if kind == "discard":
        return Discard(Card.parse(str(data.get("card"))))
    if kind == "offer":
        return Offer(Card.parse(str(data.get("card"))))
    if kind == "layoff":
        target = data.get("target")
        if not isinstance(target, int) or isinstance(target, bool):
            raise ValueError("a lay-off needs a meld number")
        return LayOff(Card.parse(str(data.get("card"))), target)
    if kind == "meld":
        return LayMeld(meld_from_data(data.get("meld")))
    if kind in ("knock", "contract"):
        melds = data.get("melds")
        if not isinstance(melds, list):
            raise ValueError(f"a {kind} needs a list of melds")
        out = tuple(meld_from_data(m) for m in melds)
        if kind == "contract":
            if len(out) != 3:
                raise ValueError("a contract is three melds")
            return LayContract((out[0], out[1], out[2]))
        discard = data.get("discard")
        return Knock(Card.parse(str(discard)) if discard is not None else None, out)
    raise ValueError(f"unknown action type {kind!r}")
