"""Actions: small frozen values a player applies to a hand.

Every action can be written to and read from plain JSON data, which is how
logs, saves and golden playthroughs store them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import Card
from .melds import Meld, MeldKind


@dataclass(frozen=True, slots=True)
class DrawStock:
    """Take the top card of the stock."""

    def __str__(self) -> str:
        return "draw from the stock"


@dataclass(frozen=True, slots=True)
class TakeDiscard:
    """Take the top card of the discard pile (the upcard on the first turn)."""

    def __str__(self) -> str:
        return "take the discard"


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline the upcard on the first turn, or the fiftieth card."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Discard:
    card: Card

    def __str__(self) -> str:
        return f"discard {self.card.label}"


@dataclass(frozen=True, slots=True)
class Knock:
    """Discard face down and spread ``melds``; ``discard=None`` is big gin."""

    discard: Card | None
    melds: tuple[Meld, ...]

    @property
    def melded(self) -> frozenset[Card]:
        return frozenset(c for m in self.melds for c in m.cards)

    def __str__(self) -> str:
        spread = " · ".join(str(m) for m in self.melds) or "no melds"
        if self.discard is None:
            return f"big gin: {spread}"
        return f"knock, discarding {self.discard.label}: {spread}"


Action = DrawStock | TakeDiscard | Pass | Discard | Knock

_SIMPLE: dict[str, type[DrawStock] | type[TakeDiscard] | type[Pass]] = {
    "draw": DrawStock,
    "take": TakeDiscard,
    "pass": Pass,
}


def action_to_data(action: Action) -> dict[str, Any]:
    """JSON-ready form of an action."""
    if isinstance(action, DrawStock):
        return {"type": "draw"}
    if isinstance(action, TakeDiscard):
        return {"type": "take"}
    if isinstance(action, Pass):
        return {"type": "pass"}
    if isinstance(action, Discard):
        return {"type": "discard", "card": action.card.code}
    return {
        "type": "knock",
        "discard": action.discard.code if action.discard else None,
        "melds": [{"kind": m.kind.value, "cards": [c.code for c in m.cards]} for m in action.melds],
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
    if kind == "knock":
        discard = data.get("discard")
        melds = data.get("melds")
        if not isinstance(melds, list):
            raise ValueError("a knock needs a list of melds")
        out = []
        for m in melds:
            if not isinstance(m, dict) or not isinstance(m.get("cards"), list):
                raise ValueError(f"not a meld: {m!r}")
            out.append(Meld(MeldKind(m.get("kind")), tuple(Card.parse(str(c)) for c in m["cards"])))
        return Knock(Card.parse(str(discard)) if discard is not None else None, tuple(out))
    raise ValueError(f"unknown action type {kind!r}")
