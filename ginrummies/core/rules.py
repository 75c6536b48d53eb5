"""Rule sets: every option of RULES.md as data, with named presets.

A ``RuleSet`` is frozen; build variations with ``dataclasses.replace`` or
``rules.but(...)``. Impossible combinations raise ``RulesError`` at
construction, naming the options involved.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
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
    """Every rule option; defaults are standard Gin Rummy (RULES.md 2.3).

    Each option's one line of help is in its field's metadata: read it with
    ``RuleSet.option_help(name)``; the kind of rule it is (its "group": deal,
    melds, knock, scoring, game or variant; none for name and family) with
    ``RuleSet.option_group(name)``.
    """

    name: str = field(default="Gin Rummy", metadata={"help": "the name the game is shown by"})
    family: Family = field(
        default=Family.GIN, metadata={"help": "which hand engine plays it: gin, skarney or colonel"}
    )
    hand_size: int = field(
        default=10, metadata={"help": "cards dealt to each player", "group": "deal"}
    )
    # melds
    sets: bool = field(
        default=True, metadata={"help": "sets (same rank) count as melds", "group": "melds"}
    )
    runs: bool = field(
        default=True,
        metadata={"help": "runs (same suit in sequence) count as melds", "group": "melds"},
    )
    poker_melds: bool = field(
        default=False, metadata={"help": "runs of mixed suits count", "group": "melds"}
    )
    ace: AcePolicy = field(
        default=AcePolicy.LOW,
        metadata={"help": "ace in runs: low, high, either, or round the corner", "group": "melds"},
    )
    ace_value: int = field(
        default=1, metadata={"help": "what an ace counts in deadwood", "group": "melds"}
    )
    # play
    first_turn: FirstTurn = field(
        default=FirstTurn.UPCARD,
        metadata={"help": "upcard first turn, or eleven cards to the non-dealer", "group": "deal"},
    )
    discard_taken_card: bool = field(
        default=False,
        metadata={"help": "a card taken from the pile may go straight back", "group": "deal"},
    )
    knock_limit: int = field(
        default=10, metadata={"help": "deadwood allowed to knock", "group": "knock"}
    )
    knock_limit_from_upcard: bool = field(
        default=False,
        metadata={"help": "the upcard's value sets the knock limit (Oklahoma)", "group": "knock"},
    )
    ace_upcard: AceUpcard = field(
        default=AceUpcard.LIMIT_ONE,
        metadata={"help": "an ace upcard means limit 1, or gin only", "group": "knock"},
    )
    big_gin: bool = field(
        default=False,
        metadata={"help": "all eleven cards melded without a discard", "group": "knock"},
    )
    fiftieth_card: bool = field(
        default=False, metadata={"help": "the last discard may be taken to knock", "group": "knock"}
    )
    # hand score
    gin_bonus: int = field(default=25, metadata={"help": "bonus for going gin", "group": "scoring"})
    undercut_bonus: int = field(
        default=25, metadata={"help": "bonus for an undercut", "group": "scoring"}
    )
    big_gin_bonus: int = field(
        default=31, metadata={"help": "bonus for big gin", "group": "scoring"}
    )
    knock_scoring: KnockScoring = field(
        default=KnockScoring.DIFFERENCE,
        metadata={
            "help": "knocker scores the difference, or all the opponent's deadwood",
            "group": "scoring",
        },
    )
    spade_doubles: bool = field(
        default=False, metadata={"help": "a spade upcard doubles the hand", "group": "scoring"}
    )
    sequence_bonuses: bool = field(
        default=False,
        metadata={"help": "Sequence Gin's long-run and court-card bonuses", "group": "scoring"},
    )
    # game score
    target: int = field(default=100, metadata={"help": "points that end the game", "group": "game"})
    game_bonus: int = field(
        default=100, metadata={"help": "bonus to the game's winner", "group": "game"}
    )
    box_bonus: int = field(
        default=25, metadata={"help": "bonus for each hand won", "group": "game"}
    )
    extra_boxes: bool = field(
        default=False,
        metadata={"help": "extra boxes for undercuts and gin (Oklahoma)", "group": "game"},
    )
    shutout: Shutout = field(
        default=Shutout.DOUBLE,
        metadata={
            "help": "when the loser scored nothing: off, double, or a bonus",
            "group": "game",
        },
    )
    shutout_bonus: int = field(default=200, metadata={"help": "the shutout bonus", "group": "game"})
    dealer_rotation: DealerRotation = field(
        default=DealerRotation.ALTERNATE,
        metadata={"help": "who deals the next hand", "group": "deal"},
    )
    # Skarney
    out_bonus: int = field(
        default=20, metadata={"help": "Skarney: bonus for going out", "group": "variant"}
    )
    out_bonus_no_contract: int = field(
        default=40,
        metadata={"help": "Skarney: bonus when the opponent has no contract", "group": "variant"},
    )
    # Colonel
    challenge: bool = field(
        default=False, metadata={"help": "Colonel: the optional Challenge", "group": "variant"}
    )

    def __post_init__(self) -> None:
        problems = list(_problems(self))
        if problems:
            raise RulesError("; ".join(problems))

    def but(self, **changes: Any) -> RuleSet:
        """A copy with some options changed (validated like any rule set)."""
        return dataclasses.replace(self, **changes)

    @classmethod
    def option_help(cls, name: str) -> str:
        """The one line of help of option ``name``; RulesError if there is no such option."""
        for f in dataclasses.fields(cls):
            if f.name == name:
                return str(f.metadata.get("help", ""))
        raise RulesError(f"unknown rule option {name!r}")

    @classmethod
    def option_group(cls, name: str) -> str:
        """The kind of rule option ``name`` is ("deal", "melds", "knock",
        "scoring", "game", "variant"; "" for name and family); RulesError if
        there is no such option."""
        for f in dataclasses.fields(cls):
            if f.name == name:
                return str(f.metadata.get("group", ""))
        raise RulesError(f"unknown rule option {name!r}")

    # --- facts of the game that screens and bots branch on -----------------------

    @property
    def has_discard_pile(self) -> bool:
        """Cards are discarded face up to a pile (all but Skarney, which offers them)."""
        return self.family is not Family.SKARNEY

    @property
    def has_upcard(self) -> bool:
        """A card is turned up after the deal to start the discard pile."""
        return self.has_discard_pile and self.first_turn is FirstTurn.UPCARD

    @property
    def has_table_melds(self) -> bool:
        """Melds are laid on the table during play (Skarney, Colonel), not only
        spread at a knock (the Gin family)."""
        return self.family is not Family.GIN

    @property
    def has_knock(self) -> bool:
        """A hand ends by a knock, under a knock limit (the Gin family)."""
        return self.family is Family.GIN

    @property
    def has_contract(self) -> bool:
        """The first meld of a hand must be the contract (Skarney)."""
        return self.family is Family.SKARNEY

    @property
    def has_offers(self) -> bool:
        """A turn ends by offering a card to the opponent, not by a discard (Skarney)."""
        return self.family is Family.SKARNEY

    @property
    def counts_all_cards(self) -> bool:
        """Every card still held counts at the hand's end, melded or not
        (Skarney, Colonel); in the Gin family only the deadwood counts."""
        return self.family is not Family.GIN

    @property
    def count_word(self) -> str:
        """What a hand's count is called: "deadwood" (Gin family) or "in hand"."""
        return "in hand" if self.counts_all_cards else "deadwood"

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


# the options by type, in field order, for checking and reading plain data
_FIELDS = dataclasses.fields(RuleSet)
_ENUMS: dict[str, type[Enum]] = {
    f.name: type(f.default) for f in _FIELDS if isinstance(f.default, Enum)
}
_INT_OPTIONS = tuple(f.name for f in _FIELDS if type(f.default) is int)
_BOOL_OPTIONS = tuple(f.name for f in _FIELDS if isinstance(f.default, bool))


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
