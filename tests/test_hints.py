"""Hints: every move of every variant comes with a reason a player learns from.

A reason says why (what the card does for the hand, the count before and
after, what the other player showed, the count to expect in the other hand);
it never just names the move again. The hard level's figures read as words.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from helpers import positions as walk
from helpers import quick_hint as hint
from helpers import stack

from ginrummies.ai.hints import Hint
from ginrummies.ai.hintwords import _loose_words
from ginrummies.core import (
    PRESETS,
    Accept,
    Action,
    Challenge,
    Decline,
    Discard,
    DrawStock,
    EndTurn,
    Family,
    FirstTurn,
    Hand,
    Knock,
    LayContract,
    Offer,
    Pass,
    Phase,
    PlayerView,
    RuleSet,
    TakeDiscard,
    hand_count,
    parse_cards,
    preset,
)
from ginrummies.core.levels import Level
from ginrummies.play.tell import action_words

# every preset, and the optional rules that bring phases of their own
VARIANTS: dict[str, RuleSet] = {name: preset(name) for name in PRESETS}
VARIANTS["colonel+challenge"] = preset("colonel").but(challenge=True)
VARIANTS["gin+fiftieth"] = preset("gin").but(fiftieth_card=True)
VARIANTS["gin+eleven"] = preset("gin").but(first_turn=FirstTurn.ELEVEN_CARDS)

# (phase, move) pairs the games of each family must reach, so that every
# kind of reason is checked
NEEDED: dict[str, set[tuple[Phase, type]]] = {
    "gin": {
        (Phase.UPCARD, Pass),
        (Phase.UPCARD, TakeDiscard),
        (Phase.DRAW, DrawStock),
        (Phase.DRAW, TakeDiscard),
        (Phase.DISCARD, Discard),
        (Phase.DISCARD, Knock),
    },
    "skarney": {
        (Phase.DRAW, DrawStock),
        (Phase.PLAY, LayContract),
        (Phase.PLAY, Offer),
        (Phase.PLAY, EndTurn),
        (Phase.RESPOND, Accept),
        (Phase.RESPOND, Decline),
    },
    "colonel": {
        (Phase.DRAW, DrawStock),
        (Phase.DRAW, TakeDiscard),
        (Phase.PLAY, Discard),
    },
}
NEEDED["colonel+challenge"] = NEEDED["colonel"] | {
    (Phase.DRAW, Challenge),
    (Phase.CHALLENGED, Accept),
    (Phase.CHALLENGED, Decline),
}
NEEDED["gin+fiftieth"] = NEEDED["gin"] | {(Phase.FIFTIETH, Pass)}
NEEDED["gin+eleven"] = NEEDED["gin"] - {(Phase.UPCARD, Pass), (Phase.UPCARD, TakeDiscard)}


def positions(rules: RuleSet, seed: int) -> Iterator[tuple[PlayerView, list[Action]]]:
    """Every position of one hand, played by a seeded random player mixed
    with the easy bot."""
    for _, view, legal in walk(rules, seed, "easy", 0.5):
        yield view, legal


def first_word(text: str) -> str:
    match = re.match(r"\W*(\w+)", text.lower())
    return match.group(1) if match else ""


def problems(h: Hint, view: PlayerView) -> list[str]:
    """What is wrong with a hint's reason (nothing, for a good one)."""
    reason = h.reason.strip()
    names = {action_words(h.action, view), str(h.action)}
    out = []
    if not reason:
        out.append("no reason")
    for name in names:
        if reason.lower() == name.lower():
            out.append("the reason is the move's name")
        if reason.lower().startswith(name.lower()):
            out.append(f"the reason starts with the move {name!r}")
        if first_word(reason) == first_word(name):
            out.append(f"the reason starts with the move's word {first_word(name)!r}")
    counts = r"you hold \d+; expect about \d+ in the other hand \(it holds"
    challenge = isinstance(h.action, Challenge) or view.phase is Phase.CHALLENGED
    if challenge and not re.search(counts, reason):
        out.append("a challenge hint without the two counts")
    if isinstance(h.action, Offer):
        mine = re.search(r"fits no meld|belongs in|stays a meld|breaks \[|pairs with", reason)
        theirs = re.search(r"other hand|their|they", reason)
        if not (mine and theirs):
            out.append("an offer hint without why, for your hand and for theirs")
    if re.search(r"to (\d+) in hand, \1 of it unmelded", reason):
        out.append("the same figure twice, where 'all of it' says it")
    answer = isinstance(h.action, Accept | Decline) and view.phase is Phase.RESPOND
    if answer and not re.search(r"makes \[|would make \[|melds|count", reason):
        out.append("an answer to an offer without what the card does")
    return out


@pytest.mark.slow
@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_hint_of_every_variant_says_why(variant: str) -> None:
    rules = VARIANTS[variant]
    needed = NEEDED.get(variant, NEEDED[rules.family.value])
    seen: set[tuple[Phase, type]] = set()
    bad: list[str] = []
    hands = 0
    for seed in range(40):
        for n, (view, legal) in enumerate(positions(rules, seed)):
            if rules.family is Family.SKARNEY and n % 3:
                continue  # a Skarney hand is long: every third position is plenty
            hints = hint(view, legal)
            assert hints and hints[0].action in legal
            for h in hints:
                seen.add((view.phase, type(h.action)))
                for p in problems(h, view):
                    bad.append(f"{variant}, {view.phase.value}: {action_words(h.action, view)}")
                    bad[-1] += f" — {h.reason}: {p}"
        hands += 1
        if hands >= 3 and needed <= seen:
            break
    assert not bad, "\n".join(bad[:20])
    missing = {(p.value, t.__name__) for p, t in needed - seen}
    assert not missing, f"the games never reached {missing}"


def test_the_colonel_challenge_answer_weighs_the_two_counts() -> None:
    rules = preset("colonel").but(challenge=True)
    low = "2c 2d 2h 3c 3d 3h 4c 4d 4h 5c"
    hand = Hand.deal(rules, 0, deck=stack("Kc Kd Kh Qc Qd Qh Jc Jd Jh Tc", low, "9s"))
    hand.apply(Challenge())  # the non-dealer challenges at once, holding 100
    view = hand.view(0)
    hints = hint(view, view.legal_actions)
    mine = hand_count(parse_cards(low), rules)
    assert hints[0].action == Accept()  # 32 against about 70: take it
    for h in hints:
        found = re.search(r"you hold (\d+); expect about (\d+) in the other hand", h.reason)
        assert found, h.reason
        assert int(found.group(1)) == mine
        assert 55 <= int(found.group(2)) <= 85  # ten unseen cards, about 7 points each
        assert "it holds 10 cards" in h.reason


def test_a_loose_card_tied_for_the_highest_is_not_called_the_highest() -> None:
    two = parse_cards("2s")[0]
    assert "is your highest loose card (2 points)" in _loose_words(two, 2, [1])
    assert "one of your highest loose cards" in _loose_words(two, 2, [2, 1])
    assert "highest" not in _loose_words(two, 2, [5])
    assert "is your highest" in _loose_words(two, 2, [])


def test_figures_say_the_estimates_in_words() -> None:
    plain = Hint(Discard(parse_cards("7h")[0]), "7♥ fits no meld")
    assert plain.figures() == "" and plain.explanation() == plain.reason
    rich = Hint(plain.action, plain.reason, 0.64, 7.3, 40)
    assert rich.figures() == "wins 64%, averages +7.3 points won minus lost (40 sampled deals)"
    assert rich.explanation() == f"{rich.reason} ({rich.figures()})"
    worst = Hint(plain.action, plain.reason, 1.0, -12.3, 40)
    assert len(worst.figures()) <= 70


def test_hard_hints_carry_the_judges_figures() -> None:
    rules = preset("gin")
    checked = 0
    for view, legal in positions(rules, 7):
        if len(legal) < 3 or checked >= 3:
            continue
        hints = hint(view, legal, level=Level.HARD)
        shown = [h for h in hints if h.win_chance is not None]
        assert shown and all(h.samples >= 1 for h in shown)
        for h in shown:
            figures = h.figures()
            assert re.fullmatch(
                r"wins \d+%, averages [+-]\d+\.\d points won minus lost \(\d+ sampled deals?\)",
                figures,
            ), figures
            assert len(figures) <= 70
        assert all(not h.figures() for h in hint(view, legal))  # normal: no estimates
        checked += 1
    assert checked == 3


@pytest.mark.slow
def test_the_hint_level_changes_only_the_figures_shown() -> None:
    """One judge: the same moves in the same order at either level."""
    rules = preset("gin")
    checked = 0
    for view, legal in positions(rules, 3):
        if len(legal) < 3:
            continue
        normal, hard = hint(view, legal), hint(view, legal, level=Level.HARD)
        assert [h.action for h in normal] == [h.action for h in hard]
        assert [h.reason for h in normal] == [h.reason for h in hard]
        checked += 1
    assert checked >= 5
