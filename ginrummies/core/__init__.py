"""The rules core: cards, melds, rule sets, hands, scoring and games.

Pure Python with no UI and no I/O; every random choice comes from a seed.
"""

from . import gin as _gin  # noqa: F401  (registers the Gin-family engine)
from .actions import (
    Action,
    Discard,
    DrawStock,
    Knock,
    Pass,
    TakeDiscard,
    action_from_data,
    action_to_data,
)
from .cards import CARDS, Card, format_cards, full_deck, parse_cards, shuffled_deck
from .defense import Defense, Layoff, defend, sequence_bonus
from .errors import IllegalAction, RulesError
from .game import Game, GameResult, cut_for_deal, hand_deck
from .gin import GinHand
from .hand import Event, Hand, Phase, PlayerView, replay
from .melds import (
    Arrangement,
    Meld,
    MeldKind,
    all_melds,
    arrangements,
    best_arrangement,
    card_value,
    deadwood,
    hand_value,
    knock_arrangements,
    layoff_exposure,
    layoff_targets,
    make_meld,
    meld_kind,
    solver_for,
)
from .result import HandResult, Outcome, Score, score_knock
from .rules import (
    PRESETS,
    AcePolicy,
    AceUpcard,
    DealerRotation,
    Family,
    FirstTurn,
    KnockScoring,
    RuleSet,
    Shutout,
    preset,
)

__all__ = [
    "CARDS",
    "PRESETS",
    "AcePolicy",
    "AceUpcard",
    "Action",
    "Arrangement",
    "Card",
    "DealerRotation",
    "Defense",
    "Discard",
    "DrawStock",
    "Event",
    "Family",
    "FirstTurn",
    "Game",
    "GameResult",
    "GinHand",
    "Hand",
    "HandResult",
    "IllegalAction",
    "Knock",
    "KnockScoring",
    "Layoff",
    "Meld",
    "MeldKind",
    "Outcome",
    "Pass",
    "Phase",
    "PlayerView",
    "RuleSet",
    "RulesError",
    "Score",
    "Shutout",
    "TakeDiscard",
    "action_from_data",
    "action_to_data",
    "all_melds",
    "arrangements",
    "best_arrangement",
    "card_value",
    "cut_for_deal",
    "deadwood",
    "defend",
    "format_cards",
    "full_deck",
    "hand_deck",
    "hand_value",
    "knock_arrangements",
    "layoff_exposure",
    "layoff_targets",
    "make_meld",
    "meld_kind",
    "parse_cards",
    "preset",
    "replay",
    "score_knock",
    "sequence_bonus",
    "shuffled_deck",
    "solver_for",
]
