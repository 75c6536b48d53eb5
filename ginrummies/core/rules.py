"""Rule sets: every option of RULES.md as data, with named presets.

A ``RuleSet`` is frozen; build variations with ``dataclasses.replace`` or
``rules.but(...)``. Impossible combinations raise ``RulesError`` at
construction, naming the options involved.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import Enum
from typing import Any

from .errors import RulesError


class Family(Enum):
    """Which hand engine plays the rule set."""

    GIN = "gin"  # Gin Rummy, Oklahoma, Fosdick rules, Sequence Gin
    SKARNEY = "skarney"
    COLONEL = "colonel"


class AcePolicy(Enum):
    """Where an ace may stand in a run."""

    LOW = "low"  # A-2-3 only
    HIGH = "high"  # Q-K-A only
    LOW_OR_HIGH = "low_or_high"  # either, not both in one meld
    AROUND = "around"  # also round the corner: K-A-2


class FirstTurn(Enum):
    UPCARD = "upcard"  # the upcard is offered to the non-dealer, then the dealer
    ELEVEN_CARDS = "eleven_cards"  # non-dealer gets 11 cards and only discards


class AceUpcard(Enum):
    """Knock limit when the upcard that sets it is an ace."""

    LIMIT_ONE = "limit_one"
    GIN_ONLY = "gin_only"


class KnockScoring(Enum):
    DIFFERENCE = "difference"  # knocker scores D - K
    OPPONENT_DEADWOOD = "opponent_deadwood"  # knocker scores D (Fosdick)


class Shutout(Enum):
    OFF = "off"
    DOUBLE = "double"  # the winner's whole total is doubled
    BONUS = "bonus"  # the game bonus is shutout_bonus instead


class DealerRotation(Enum):
    ALTERNATE = "alternate"
    WINNER = "winner"  # the winner of a hand deals the next
    LOSER = "loser"  # the loser of a hand deals the next


@dataclass(frozen=True)
class RuleSet:
    """Every rule option; defaults are standard Gin Rummy (RULES.md 2.3)."""

    name: str = "Gin Rummy"
    family: Family = Family.GIN
    hand_size: int = 10
    # melds
    sets: bool = True
    runs: bool = True
    poker_melds: bool = False
    ace: AcePolicy = AcePolicy.LOW
    ace_value: int = 1
    # play
    first_turn: FirstTurn = FirstTurn.UPCARD
    discard_taken_card: bool = False
    knock_limit: int = 10
    knock_limit_from_upcard: bool = False
    ace_upcard: AceUpcard = AceUpcard.LIMIT_ONE
    big_gin: bool = False
    fiftieth_card: bool = False
    # hand score
    gin_bonus: int = 25
    undercut_bonus: int = 25
    big_gin_bonus: int = 31
    knock_scoring: KnockScoring = KnockScoring.DIFFERENCE
    spade_doubles: bool = False
    sequence_bonuses: bool = False
    # game score
    target: int = 100
    game_bonus: int = 100
    box_bonus: int = 25
    extra_boxes: bool = False
    shutout: Shutout = Shutout.DOUBLE
    shutout_bonus: int = 200
    dealer_rotation: DealerRotation = DealerRotation.ALTERNATE
    # Skarney: the going-out bonus, doubled while the opponent has no contract
    out_bonus: int = 20
    out_bonus_no_contract: int = 40
    # Colonel: the optional Challenge
    challenge: bool = False

    def __post_init__(self) -> None:
        problems = list(_problems(self))
        if problems:
            raise RulesError("; ".join(problems))

    def but(self, **changes: Any) -> RuleSet:
        """A copy with some options changed (validated like any rule set)."""
        return dataclasses.replace(self, **changes)

    @property
    def meld_key(self) -> tuple[bool, bool, bool, AcePolicy, int]:
        """What the meld solver depends on (its tables are cached by this)."""
        return (self.sets, self.runs, self.poker_melds, self.ace, self.ace_value)

    def knock_limit_for(self, upcard_rank: int | None, upcard_value: int) -> int:
        """Knock limit in force for a hand whose first upcard is given."""
        if not self.knock_limit_from_upcard or upcard_rank is None:
            return self.knock_limit
        if upcard_rank == 1:
            return 0 if self.ace_upcard is AceUpcard.GIN_ONLY else 1
        return upcard_value

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data (enums by value)."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            out[f.name] = v.value if isinstance(v, Enum) else v
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RuleSet:
        """Inverse of ``to_dict``; unknown keys or bad values raise RulesError."""
        kwargs: dict[str, Any] = {}
        types = {f.name: f.type for f in dataclasses.fields(cls)}
        for key, value in data.items():
            if key not in types:
                raise RulesError(f"unknown rule option {key!r}")
            enum_type = _ENUMS.get(key)
            if enum_type is not None:
                try:
                    value = enum_type(value)
                except ValueError:
                    allowed = ", ".join(e.value for e in enum_type)
                    raise RulesError(f"{key} must be one of {allowed}, not {value!r}") from None
            kwargs[key] = value
        return cls(**kwargs)


_ENUMS: dict[str, type[Enum]] = {
    "family": Family,
    "ace": AcePolicy,
    "first_turn": FirstTurn,
    "ace_upcard": AceUpcard,
    "knock_scoring": KnockScoring,
    "shutout": Shutout,
    "dealer_rotation": DealerRotation,
}

_INT_OPTIONS = (
    "hand_size",
    "ace_value",
    "knock_limit",
    "gin_bonus",
    "undercut_bonus",
    "big_gin_bonus",
    "target",
    "game_bonus",
    "box_bonus",
    "shutout_bonus",
    "out_bonus",
    "out_bonus_no_contract",
)
_BOOL_OPTIONS = (
    "sets",
    "runs",
    "poker_melds",
    "discard_taken_card",
    "knock_limit_from_upcard",
    "big_gin",
    "fiftieth_card",
    "spade_doubles",
    "sequence_bonuses",
    "extra_boxes",
    "challenge",
)


def _problems(r: RuleSet) -> Any:
    for name in _INT_OPTIONS:
        v = getattr(r, name)
        if not isinstance(v, int) or isinstance(v, bool):
            yield f"{name} must be a whole number, not {v!r}"
        elif v < 0:
            yield f"{name} cannot be negative ({v})"
    for name in _BOOL_OPTIONS:
        if not isinstance(getattr(r, name), bool):
            yield f"{name} must be true or false"
    for name, enum_type in _ENUMS.items():
        if not isinstance(getattr(r, name), enum_type):
            yield f"{name} must be a {enum_type.__name__}"
    if not isinstance(r.name, str):
        yield "name must be text"
    if r.hand_size not in (7, 10):
        yield f"hand_size must be 7 or 10, not {r.hand_size}"
    if r.target == 0:
        yield "target must be above 0"
    if not (r.sets or r.runs or r.poker_melds):
        yield "sets, runs and poker_melds are all off: no meld could be made"
    if r.sequence_bonuses and not r.runs:
        yield "sequence_bonuses needs runs"
    if r.ace_value not in range(1, 16):
        yield f"ace_value must be 1..15, not {r.ace_value}"
    if r.first_turn is FirstTurn.ELEVEN_CARDS:
        if r.knock_limit_from_upcard:
            yield (
                "first_turn=eleven_cards turns up no card, but "
                "knock_limit_from_upcard needs an upcard"
            )
        if r.spade_doubles:
            yield ("first_turn=eleven_cards turns up no card, but spade_doubles needs an upcard")
    if r.challenge and r.family is not Family.COLONEL:
        yield "challenge is a Colonel rule: it needs family=colonel"
    if r.family is not Family.GIN:
        if r.first_turn is not FirstTurn.UPCARD:
            yield f"first_turn=eleven_cards is a Gin rule, not for family={r.family.value}"
        if r.hand_size != 10:
            yield f"hand_size must be 10 for family={r.family.value}"


def _gin() -> RuleSet:
    return RuleSet()


def _oklahoma() -> RuleSet:
    return RuleSet(
        name="Oklahoma Gin",
        knock_limit_from_upcard=True,
        ace_upcard=AceUpcard.GIN_ONLY,
        spade_doubles=True,
        extra_boxes=True,
        target=150,
    )


def _fosdick() -> RuleSet:
    return RuleSet(
        name="Gin (Fosdick rules)",
        knock_limit_from_upcard=True,
        ace_upcard=AceUpcard.LIMIT_ONE,
        gin_bonus=20,
        undercut_bonus=20,
        knock_scoring=KnockScoring.OPPONENT_DEADWOOD,
        big_gin=True,
        big_gin_bonus=20,
        target=100,
        game_bonus=0,
        box_bonus=0,
        shutout=Shutout.OFF,
    )


def _sequence() -> RuleSet:
    return _fosdick().but(name="Sequence Gin", sets=False, sequence_bonuses=True)


def _eaai() -> RuleSet:
    return RuleSet(
        name="Gin (EAAI-2021 challenge)",
        knock_limit=10,
        gin_bonus=25,
        undercut_bonus=25,
        big_gin=False,
        target=100,
        game_bonus=0,
        box_bonus=0,
        shutout=Shutout.OFF,
    )


def _skarney() -> RuleSet:
    return RuleSet(
        name="Skarney Gin",
        family=Family.SKARNEY,
        poker_melds=True,
        ace=AcePolicy.LOW_OR_HIGH,
        ace_value=15,
        target=200,
        game_bonus=0,
        box_bonus=0,
        shutout=Shutout.OFF,
    )


def _colonel() -> RuleSet:
    return RuleSet(
        name="Colonel",
        family=Family.COLONEL,
        ace=AcePolicy.HIGH,
        ace_value=10,
        target=100,
        game_bonus=0,
        box_bonus=0,
        shutout=Shutout.OFF,
    )


PRESETS = {
    "gin": _gin,
    "oklahoma": _oklahoma,
    "fosdick": _fosdick,
    "sequence": _sequence,
    "eaai": _eaai,
    "skarney": _skarney,
    "colonel": _colonel,
}


def preset(name: str) -> RuleSet:
    """A named rule set: ``gin``, ``oklahoma``, ``fosdick``, ``sequence``, ``eaai``,
    ``skarney``, ``colonel``."""
    try:
        return PRESETS[name.lower()]()
    except KeyError:
        raise RulesError(f"no preset named {name!r}; choose one of {', '.join(PRESETS)}") from None
