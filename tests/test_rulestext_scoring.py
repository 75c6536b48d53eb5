"""Every scoring figure the help states, checked against the scorer.

For every combination of the scoring house rules over each preset, the help
(``rules_markdown``, ``format_markdown``) is read for the figures it states:
gin, big gin, undercut, the knock, boxes, the game bonus, a shutout, the
spade upcard, Skarney's and Colonel's going out. Each is then computed by
the core (``score_knock``, ``score_going_out``, ``score_lower_total``,
``settle``, ``score_round``, and a played hand where the engine decides)
for a concrete hand, and must agree. A figure the text leaves out must be
one the scorer does not use either.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Iterator
from typing import Any

import pytest
from helpers import stack

from ginrummies.core import (
    PRESETS,
    Action,
    Decline,
    Discard,
    DrawStock,
    Family,
    Format,
    Hand,
    HandResult,
    Knock,
    KnockScoring,
    LayContract,
    LayMeld,
    LayOff,
    MeldKind,
    Offer,
    Outcome,
    Pass,
    RuleSet,
    Shutout,
    deadwood,
    hand_value,
    make_meld,
    meld_kind,
    parse_cards,
    preset,
    score_going_out,
    score_knock,
    score_lower_total,
    settle,
)
from ginrummies.core.settle import score_round
from ginrummies.play.keys import help_rows
from ginrummies.play.rulestext import format_hint, format_markdown, number, rules_markdown


def words(text: str) -> str:
    return " ".join(text.split())  # line breaks in the Markdown source do not matter


def figure(pattern: str, text: str) -> int | None:
    """The number ``pattern``'s group catches in ``text``, or None if the text does not say it."""
    found = re.search(pattern, text)
    return int(found.group(1)) if found else None


def variants(family: Family) -> list[str]:
    return [v for v in sorted(PRESETS) if preset(v).family is family]


# the options that change a Gin-family hand's or game's score, with values to try
GIN_OPTIONS: dict[str, tuple[Any, ...]] = {
    "knock_scoring": tuple(KnockScoring),
    "big_gin": (False, True),
    "spade_doubles": (False, True),
    "extra_boxes": (False, True),
    "box_bonus": (0, 20),
    "game_bonus": (0, 150),
    "shutout": tuple(Shutout),
}
# the bonuses themselves: the preset's, or figures no preset has
ODD_FIGURES = {"gin_bonus": 27, "undercut_bonus": 13, "big_gin_bonus": 31, "shutout_bonus": 175}


def combinations(base: RuleSet, options: dict[str, tuple[Any, ...]]) -> Iterator[RuleSet]:
    """``base`` with every combination of ``options``, with its own figures and odd ones."""
    for values in itertools.product(*options.values()):
        rules = base.but(**dict(zip(options, values, strict=True)))
        yield rules
        yield rules.but(**ODD_FIGURES)


# concrete hands, runs only so that every Gin preset melds them alike
KNOCKER = parse_cards("Ah 2h 3h 5c 6c 7c 9d Td Jd 4s")  # deadwood 4
LOSER = parse_cards("Kc Kd 2s 5h 8h 9s Qh 3d 6d 7s")  # nothing melds
UNDERCUTTER = parse_cards("2c 3c 4c 8s 9s Ts 5d 6d 7d 2d")  # deadwood 2
GIN_HAND = parse_cards("Ah 2h 3h 5c 6c 7c 9d Td Jd Qd")
BIG_GIN_HAND = parse_cards("Ah 2h 3h 5c 6c 7c 9d Td Jd Qd Kd")


def check_hand_scores(rules: RuleSet, text: str) -> None:
    """The knock, undercut, gin, big gin and spade figures of ``text`` are ``score_knock``'s."""
    k, d = deadwood(KNOCKER, rules), deadwood(LOSER, rules)
    u = deadwood(UNDERCUTTER, rules)
    assert k < d and u < k and deadwood(GIN_HAND, rules) == 0
    assert deadwood(BIG_GIN_HAND, rules, discard=False) == 0
    knock = score_knock(rules, k, d)
    assert knock.winner_is_knocker
    if "the knocker scores the difference between the two counts" in text:
        assert knock.base == d - k
    else:
        assert "the knocker scores all of the opponent's deadwood" in text
        assert knock.base == d
    undercut = figure(r"they \*\*undercut\*\* you and score the difference plus (\d+)\.", text)
    assert undercut is not None
    for defender in (u, k):  # a tie is an undercut too
        score = score_knock(rules, k, defender)
        assert not score.winner_is_knocker and score.base == k - defender + undercut
    gin = figure(r"Gin scores (\d+) plus the opponent's deadwood", text)
    assert gin is not None and score_knock(rules, 0, d, gin=True).base == gin + d
    big = figure(
        r"Big gin \(all \w+ cards melded\) scores (\d+) plus the opponent's deadwood", text
    )
    assert (big is not None) == rules.big_gin  # the engine offers big gin only then
    if big is not None:
        assert f"all {number(rules.hand_size + 1)} cards" in text
        assert score_knock(rules, 0, d, big_gin=True).base == big + d
    doubles = "A spade upcard doubles the hand." in text
    for kind in ({}, {"gin": True}, {"big_gin": True}):
        plain = score_knock(rules, k, d, **kind).base
        assert score_knock(rules, k, d, spade=True, **kind).base == plain * (2 if doubles else 1)


def check_extra_boxes(rules: RuleSet, text: str) -> None:
    """The extra boxes the text states are ``score_knock``'s, where a box is scored at all."""
    said = re.search(
        r"An undercut earns one extra box, (gin|gin or big gin) two"
        r"(, twice as many on a spade upcard)?\.",
        text,
    )
    scored = "a **box**" in text
    if said is None:
        # no extra box counts: none is earned, or no box is scored
        assert not scored or score_knock(rules, 0, 10, gin=True).extra_boxes == 0
        return
    assert scored
    assert (said.group(1) == "gin or big gin") == rules.big_gin
    times = 2 if said.group(2) else 1
    for spade in (False, True):
        each = times if spade else 1
        assert score_knock(rules, 5, 2, spade=spade).extra_boxes == each
        assert score_knock(rules, 0, 10, gin=True, spade=spade).extra_boxes == 2 * each
        if rules.big_gin:
            assert score_knock(rules, 0, 10, big_gin=True, spade=spade).extra_boxes == 2 * each


def check_game(rules: RuleSet, text: str) -> None:
    """The target, game bonus, boxes, shutout and settlement of ``text`` are
    ``settle``'s, for the boxes a played hand earns."""
    t = rules.target
    assert figure(r"[Tt]he game\** goes to (\d+)", text) == t
    bonus = figure(r"The winner gets (\d+) for the game\.", text) or 0
    box = figure(r"a \*\*box\*\*; every box, the loser's too, is worth (\d+) at the end", text)
    assert (box is not None) == (earned_boxes(rules) != (0, 0))
    boxes = (3, 2) if box is not None else (0, 0)
    won = settle(rules, [t + 4, 40], boxes)
    assert won.winner == 0 and won.game_bonus == bonus and not won.shutout
    if box is not None:
        assert won.box_points == (3 * box, 2 * box)  # the loser's boxes count too
    assert won.totals[0] == t + 4 + bonus + won.box_points[0]
    assert "The winner is paid the difference between the two totals." in text
    assert won.settlement == won.totals[0] - won.totals[1]
    shut = settle(rules, [t, 0], (1, 0) if box is not None else (0, 0))
    before = t + shut.box_points[0]
    if "If the loser scored no hand points, the winner's whole total is doubled." in text:
        assert shut.shutout and shut.totals[0] == 2 * (before + bonus)
    elif other := figure(r"If the loser scored no hand points, the game bonus is (\d+)\.", text):
        assert shut.shutout and shut.game_bonus == other and shut.totals[0] == before + other
    else:
        assert not shut.shutout and shut.totals[0] == before + bonus
    if "if both pass it in the same hand, the higher total wins" in text:
        assert settle(rules, [t + 3, t + 9], (0, 0)).winner == 1
    else:
        assert "The first player to reach it wins." in text


# --- boxes as the engine gives them -------------------------------------------------

# the options a played hand's boxes depend on (gin.py, table.py)
BOX_OPTIONS = ("box_bonus", "extra_boxes", "spade_doubles", "big_gin")
# Gin: the non-dealer (player 1) draws 2h: all eleven melded, or gin after letting Ah go
GIN_ND, GIN_DEALER = "Ah 3h 4h 5h 9c 9d 9h 3c 3d 3s", "7c 7h 7s Jc Jd Qs 6h 2d 4d 5s"
# Skarney: the non-dealer lays the contract, then goes out by laying off 7s 8s 9s
SKARNEY_ND, SKARNEY_DEALER = "4s 5s 6s 9c 9d 9h Jc Qd Kh 7s", "2c 5h Kd Ac Tc Th 6d 8h 3c Qh"
# Colonel: the non-dealer draws Tc, lays three melds and goes out by the discard
COLONEL_ND, COLONEL_DEALER = "Qh Kh Ah 5c 5d 5s 6d 7d 8d 9d", "As Ks Qs Jd 3c 3h 2h 4c 7s 8s"


def earned_boxes(rules: RuleSet, *, spade: bool = False, big: bool = False) -> tuple[int, int]:
    """The boxes of a hand of ``rules`` that the non-dealer (player 1) wins by
    gin (``big``: big gin) or by going out, played by the engine; ``spade``:
    on a spade upcard. Only the box options matter, so hands are played once."""
    options = tuple((name, getattr(rules, name)) for name in BOX_OPTIONS)
    return played_boxes(rules.family, options, spade, big)


@functools.cache
def played_boxes(
    family: Family, options: tuple[tuple[str, Any], ...], spade: bool, big: bool
) -> tuple[int, int]:
    """The boxes of the hand ``earned_boxes`` describes, played once per options."""
    base = {Family.GIN: "gin", Family.SKARNEY: "skarney", Family.COLONEL: "colonel"}[family]
    rules = preset(base).but(**dict(options))
    card = {text: parse_cards(text)[0] for text in ("7s", "8s", "9s", "2d", "Tc")}
    moves: list[Action]
    if family is Family.GIN:
        hand = Hand.deal(rules, 0, deck=stack(GIN_ND, GIN_DEALER, "Ks" if spade else "Kd", "2h"))
        moves = [Pass(), Pass(), DrawStock()]
    elif family is Family.SKARNEY:
        hand = Hand.deal(rules, 0, deck=stack(SKARNEY_ND, SKARNEY_DEALER, None, "8s 2d 9s"))
        a, b, c = (make_meld(parse_cards(m), rules) for m in ("4s 5s 6s", "9c 9d 9h", "Jc Qd Kh"))
        moves = [DrawStock(), LayContract((a, b, c)), Offer(card["8s"]), Decline()]
        moves += [DrawStock(), Offer(card["2d"]), Decline(), DrawStock()]
        moves += [LayOff(card["7s"], 0), LayOff(card["8s"], 0), LayOff(card["9s"], 1)]
    else:
        hand = Hand.deal(rules, 0, deck=stack(COLONEL_ND, COLONEL_DEALER, "2c", "Tc"))
        melds = ("Qh Kh Ah", "5c 5d 5s", "6d 7d 8d 9d")
        moves = [DrawStock(), *(LayMeld(make_meld(parse_cards(m), rules)) for m in melds)]
        moves.append(Discard(card["Tc"]))
    for move in moves:
        hand.apply(move)
    if family is Family.GIN:
        hand.apply(gin_knock(hand, big))
    result = hand.result
    assert result is not None and result.winner == 1, result
    return result.boxes


def gin_knock(hand: Hand, big: bool) -> Knock:
    """The non-dealer's gin (letting Ah go) or big gin (no discard)."""
    knocks = [a for a in hand.legal_actions() if isinstance(a, Knock)]
    return next(k for k in knocks if (k.discard is None) == big)


@pytest.mark.parametrize(
    "options",
    [
        dict(zip(BOX_OPTIONS, v, strict=True))
        for v in itertools.product((0, 25), *[(False, True)] * 3)
    ],
)
def test_the_boxes_the_text_states_are_the_ones_a_hand_earns(options: dict[str, Any]) -> None:
    rules = preset("gin").but(**options)
    text = words(rules_markdown(rules))
    extra = "An undercut earns one extra box" in text
    for spade in (False, True):
        boxes = earned_boxes(rules, spade=spade)
        if "a **box**" not in text:
            assert boxes == (0, 0)
            continue
        many = 2 if spade and "twice as many on a spade upcard" in text else 1
        assert boxes == (0, 1 + (2 * many if extra else 0))
        if rules.big_gin:
            assert earned_boxes(rules, spade=spade, big=True) == boxes


@pytest.mark.parametrize("variant", ["skarney", "colonel"])
def test_skarney_and_colonel_hands_earn_no_box_and_their_help_names_none(variant: str) -> None:
    rules = preset(variant).but(box_bonus=25, extra_boxes=True)
    assert earned_boxes(rules) == (0, 0)
    assert "box" not in rules_markdown(rules).lower()


@pytest.mark.parametrize("variant", variants(Family.GIN))
def test_every_gin_figure_is_the_scorers(variant: str) -> None:
    for rules in combinations(preset(variant), GIN_OPTIONS):
        text = words(rules_markdown(rules))
        try:
            check_hand_scores(rules, text)
            check_extra_boxes(rules, text)
            check_game(rules, text)
        except AssertionError as exc:
            raise AssertionError(f"{rules.to_dict()}: {exc}") from exc


def test_sequence_bonuses_double_on_a_spade_upcard_as_told() -> None:
    """A spade upcard doubles Sequence Gin's bonuses with the hand, as the help says."""
    rules = preset("sequence").but(spade_doubles=True)
    assert "in a run (doubled too on a spade upcard)" in words(rules_markdown(rules))
    plain = preset("sequence")
    assert "doubled too" not in rules_markdown(plain)
    bonuses = []
    for upcard, r in (("Kd", rules), ("Ks", rules), ("Ks", plain)):
        # the non-dealer's J Q K run is worth 3; the dealer melds nothing
        nd, dealer = "Jh Qh Kh 2c 3c 4c 5d 6d 7d 9s", "2h 5h 8h Jc 4s 6s Kc 9c 3d Td"
        hand = Hand.deal(r, 0, deck=stack(nd, dealer, upcard, "8s"))
        for move in (Pass(), Pass(), DrawStock()):
            hand.apply(move)
        hand.apply(next(a for a in hand.legal_actions() if isinstance(a, Knock)))
        assert hand.result is not None and hand.result.knock is not None
        bonuses.append(hand.result.knock.bonuses[1])
    assert bonuses == [3, 6, 3]


# --- Skarney and Colonel ------------------------------------------------------------

TABLE_OPTIONS: dict[str, tuple[Any, ...]] = {
    "out_bonus": (20, 33),
    "out_bonus_no_contract": (40, 47),
    "ace_value": (1, 10, 15),
    "game_bonus": (0, 60),
    "box_bonus": (0, 25),
    "shutout": tuple(Shutout),
}
HELD = parse_cards("Ac Kd 5h")  # RULES.md worked example 6


@pytest.mark.parametrize("variant", variants(Family.SKARNEY) + variants(Family.COLONEL))
def test_every_skarney_and_colonel_figure_is_the_scorers(variant: str) -> None:
    for rules in combinations(preset(variant), TABLE_OPTIONS):
        text = words(rules_markdown(rules))
        ace = figure(r"aces (\d+), picture cards 10", text)
        assert ace is not None and hand_value(HELD, rules) == ace + 10 + 5
        if rules.family is Family.SKARNEY:
            assert figure(r"Aces in hand count (\d+)\.", text) == ace
            found = re.search(
                r"scores the opponent's whole hand plus (\d+), or plus (\d+) if they never "
                "laid their contract",
                text,
            )
            assert found is not None
            for contract, bonus in ((True, found.group(1)), (False, found.group(2))):
                points = score_going_out(rules, HELD, contract=contract)[0]
                assert points == hand_value(HELD, rules) + int(bonus)
        else:
            said = "A K Q J count 10" if ace == 10 else f"aces {ace}, K Q J 10"
            assert f"scores the cards left in the other hand ({said})" in text
            assert score_going_out(rules, HELD)[0] == hand_value(HELD, rules)
        assert "the lower total in hand scores the difference (equal totals score nothing)" in text
        assert score_lower_total([12, 30], whole=False)[0] == [18, 0]
        assert score_lower_total([9, 9], whole=False)[0] == [0, 0]
        assert "box" not in text.lower()  # neither variant's hands earn one
        try:
            check_game(rules, text)
        except AssertionError as exc:
            raise AssertionError(f"{rules.to_dict()}: {exc}") from exc


def test_colonels_challenge_scores_the_whole_total_as_told() -> None:
    text = words(rules_markdown(preset("colonel").but(challenge=True)))
    assert "the lower total in hand scores the other's whole total" in text
    assert score_lower_total([12, 30], whole=True)[0] == [30, 0]  # RULES.md example 8


# --- formats for three and four -----------------------------------------------------

FORMAT_OPTIONS: dict[str, tuple[Any, ...]] = {
    "game_bonus": (0, 100),
    "box_bonus": (0, 25),
    "extra_boxes": (False, True),
    "shutout": tuple(Shutout),
}
FORMAT_VARIANTS = [
    (fmt, variant)
    for fmt in Format
    if not fmt.two_players
    for variant in sorted(PRESETS)
    if fmt.allows(preset(variant))
]
IDS = [f"{f.value}-{v}" for f, v in FORMAT_VARIANTS]


def hand_won(points: int, boxes: int) -> HandResult:
    """A scored hand won by hand player 0."""
    return HandResult(Outcome.KNOCK, winner=0, points=(points, 0), boxes=(boxes, 0))


def check_format(fmt: Format, rules: RuleSet, text: str) -> None:
    """The target, bonuses, boxes, shutout and settlement of a format's text
    are ``score_round``'s and ``settle``'s."""
    t = fmt.target(rules)
    assert f"The game goes to **{t}**" in text
    side = "team" if fmt.play.teams else "side" if fmt.play.pooled else "player"
    sides = 3 if side == "player" else 2
    bonus = figure(rf"The winning {side} gets (\d+) for the game\.", text) or 0
    box = figure(r"Each box is worth (\d+) at the end\.", text)
    if fmt.play.teams:
        # both tables won by A and B, one with extra boxes: the team gets one
        # box, where the hands earn boxes (Skarney's earn none)
        earn = rules.family is Family.GIN
        won_both = [((0, 2), hand_won(30, 3 if earn else 0)), ((1, 3), hand_won(5, int(earn)))]
        score = score_round((0, 0, 1, 1), 2, won_both, True)
        assert score.points == (35, 0)
        said = f"A team gets a box for each {fmt.play.deal_word} it scores in" in text
        assert said == (box is not None)
        worth = settle(rules, [t, 10], score.boxes).box_points[0]
        assert worth == (box if said else 0) == score.boxes[0] * rules.box_bonus
    else:
        assert (box is not None) == (earned_boxes(rules) != (0, 0))
    boxes = [2] + [1] * (sides - 1) if box is not None else [0] * sides
    won = settle(rules, [t + 5] + [10] * (sides - 1), boxes)
    assert won.winner == 0 and won.game_bonus == bonus and not won.shutout
    assert won.box_points == tuple(b * (box or 0) for b in boxes)
    if sides == 3:
        assert "each loser pays the winner the difference between the winner's total" in text
        assert won.payments[1] == won.totals[0] - won.totals[1]
    else:
        assert won.settlement == won.totals[0] - won.totals[1]
    # a shutout: the losers scored nothing
    shut = settle(rules, [t] + [0] * (sides - 1), [1 if box else 0] + [0] * (sides - 1))
    before = t + shut.box_points[0]
    other = figure(r"scored no points the game bonus is (\d+)\.", text)
    if "scored no points is shut out" in text:
        assert "doubled" in text and shut.shutout
        assert shut.payments[1] == 2 * (before + bonus) - shut.totals[1]
    elif other is not None:
        assert shut.shutout and shut.payments[1] == before + other - shut.totals[1]
    else:
        assert not shut.shutout and shut.payments[1] == before + bonus - shut.totals[1]


@pytest.mark.parametrize(("fmt", "variant"), FORMAT_VARIANTS, ids=IDS)
def test_every_format_figure_is_the_scorers(fmt: Format, variant: str) -> None:
    for values in itertools.product(*FORMAT_OPTIONS.values()):
        rules = preset(variant).but(**dict(zip(FORMAT_OPTIONS, values, strict=True)))
        text = words(format_markdown(fmt, rules))
        try:
            check_format(fmt, rules, text)
        except AssertionError as exc:
            raise AssertionError(f"{rules.to_dict()}: {exc}") from exc


# --- the F1 help of every format and variant ----------------------------------------

MELD_OPTIONS = [
    dict(zip(("sets", "runs", "poker_melds"), v, strict=True))
    for v in itertools.product((False, True), repeat=3)
    if any(v)
]
# a meld of each kind, as the help names it
MELDS = {
    "*set*": ("7c 7d 7h", MeldKind.SET),
    "*run*": ("4s 5s 6s", MeldKind.RUN),
    "*poker meld*": ("5c 6h 7d", MeldKind.POKER),
}
F1_CASES = [
    (fmt, variant) for fmt in Format for variant in sorted(PRESETS) if fmt.allows(preset(variant))
]


def f1_text(fmt: Format, rules: RuleSet) -> str:
    """All the F1 help shows (screens/help.py): the keys, the format and the
    line under it for three and four, and the rules."""
    keys = [f"{keys} {what}" for keys, what in help_rows(rules)]
    table = [format_markdown(fmt, rules), format_hint(fmt, rules)] if not fmt.two_players else []
    return words("\n".join([*keys, *table, rules_markdown(rules)]))


@pytest.mark.parametrize(("fmt", "variant"), F1_CASES, ids=[f"{f.value}-{v}" for f, v in F1_CASES])
def test_f1_names_the_melds_the_rules_allow_and_boxes_only_where_scored(
    fmt: Format, variant: str
) -> None:
    for melds, box_bonus in itertools.product(MELD_OPTIONS, (0, 25)):
        if preset(variant).sequence_bonuses and not melds["runs"]:
            continue  # not a rule set (Sequence Gin's bonuses need runs)
        rules = preset(variant).but(box_bonus=box_bonus, **melds)
        text = f1_text(fmt, rules)
        for name, (cards, kind) in MELDS.items():
            allowed = meld_kind(parse_cards(cards), rules) is kind
            assert (name in text) == allowed, (name, melds)
        boxes = earned_boxes(rules) != (0, 0) or (fmt.play.teams and rules.box_bonus > 0)
        if rules.family is Family.SKARNEY:
            assert "box" not in text.lower(), melds  # Skarney has none
        else:
            assert ("box" in text.lower()) == boxes, (box_bonus, melds)


@pytest.mark.parametrize(("fmt", "variant"), FORMAT_VARIANTS, ids=IDS)
def test_each_format_names_its_variant_and_who_wins_at_its_target(
    fmt: Format, variant: str
) -> None:
    rules = preset(variant)
    text = words(format_markdown(fmt, rules))
    assert f"**{rules.name}**" in text  # "Oklahoma Gin" in Oklahoma's partnership
    target = f"The game goes to **{fmt.target(rules)}**"
    if fmt.play.teams:
        assert f"{target}. The first team to reach it wins." in text
    elif fmt.play.pooled:
        assert f"{target}, and whichever reaches it first, the Captain or the side, wins." in text
    else:
        assert f"{target}. The first player to reach it wins" in text
