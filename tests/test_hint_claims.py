"""Every claim a hint makes is true of the view it was made from (issue 49).

Many positions of every variant are walked; each hint's reason (the review
shows the same reasons) is read back for the claims it makes about cards,
and each claim is checked against the view, counted here afresh and not by
the code that wrote it: two cards said to pair are of one rank, two said to
start a run are next in a suit, a gap is named by its missing card, "no
unseen card" and "only N unseen cards" count the cards nobody has seen that
would meld the two, a card said to meld with nothing has no partner in the
hand, a card said to complete a meld does, and what the other player is said
to have thrown away, passed over, taken or to hold, they did.
"""

from __future__ import annotations

import re

import pytest
from helpers import positions
from helpers import quick_hint as hint

from ginrummies.core import (
    PRESETS,
    Card,
    Discard,
    DrawStock,
    FirstTurn,
    Pass,
    PlayerView,
    TakeDiscard,
    full_deck,
    meld_kind,
    parse_cards,
    preset,
)

CARD = r"(?:10|[2-9AJQK])[♣♦♥♠]"


def card(label: str) -> Card:
    return parse_cards(label)[0]


def unseen(view: PlayerView) -> set[Card]:
    """The cards this player has not seen anywhere, counted from the view."""
    seen = set(view.hand) | set(view.discard_pile) | set(view.known_opponent_cards)
    seen |= {c for t in view.table.melds for c in t.meld.cards}
    return set(full_deck()) - seen


def meld_of_three(a: Card, b: Card, view: PlayerView) -> bool:
    """Whether some third card makes a meld of ``a`` and ``b`` by these rules."""
    return any(meld_kind((a, b, c), view.rules) is not None for c in full_deck() if c not in (a, b))


def melding(a: Card, b: Card, view: PlayerView) -> int:
    """How many unseen cards make a meld of ``a``, ``b`` and one more."""
    return sum(1 for c in unseen(view) - {a, b} if meld_kind((a, b, c), view.rules) is not None)


def opponent_story(view: PlayerView) -> tuple[set[Card], set[Card], set[Card]]:
    """The cards the other player threw away, passed over and took, replayed
    from the history with a pile of its own."""
    upcard = view.upcard is not None and view.rules.first_turn is FirstTurn.UPCARD
    pile: list[Card] = [view.upcard] if upcard and view.upcard is not None else []
    threw: set[Card] = set()
    passed: set[Card] = set()
    took: set[Card] = set()
    for e in view.history:
        theirs = e.player != view.player
        if isinstance(e.action, TakeDiscard):
            if pile:
                top = pile.pop()
                if theirs:
                    took.add(top)
        elif isinstance(e.action, Discard):
            pile.append(e.action.card)
            if theirs:
                threw.add(e.action.card)
        elif isinstance(e.action, DrawStock | Pass) and theirs and pile:
            passed.add(pile[-1])
    return threw, passed, took | set(view.known_opponent_cards)


def claims_problems(reason: str, view: PlayerView) -> list[str]:
    """What the reason says of cards that the view does not bear out."""
    out = []
    hand = set(view.hand)
    top = view.discard_pile[-1] if view.discard_pile else None
    at_hand = (
        hand
        | ({top} if top is not None else set())
        | {c for t in view.table.melds for c in t.meld.cards}
    )
    for a, b in re.findall(rf"({CARD}) pairs with ({CARD})", reason):
        x, y = card(a), card(b)
        if x.rank != y.rank or y not in hand:
            out.append(f"{a} and {b} are not a pair in this hand")
    for a, b in re.findall(rf"({CARD}) and ({CARD}) start a run", reason):
        x, y = card(a), card(b)
        if x.suit != y.suit or not meld_of_three(x, y, view) or y not in hand:
            out.append(f"{a} and {b} do not start a run in this hand")
    for a, b, m in re.findall(rf"({CARD}) and ({CARD}) wait on ({CARD}) for a run", reason):
        x, y, z = card(a), card(b), card(m)
        if x.suit != y.suit or meld_kind((x, y, z), view.rules) is None or y not in hand:
            out.append(f"{a} and {b} do not wait on {m}")
    pair = rf"({CARD}) (?:pairs with|and) ({CARD})(?: start a run| wait on {CARD} for a run)?"
    for a, b, n in re.findall(pair + r", but only (\d+) unseen cards? would meld them", reason):
        counted = melding(card(a), card(b), view)
        if counted != int(n):
            out.append(f"{n} unseen cards said to meld {a} {b}; {counted} do")
    for a, b in re.findall(pair + r", but no live card can meld them", reason):
        counted = melding(card(a), card(b), view)
        if counted:
            out.append(f"no unseen card said to meld {a} {b}; {counted} do")
    for a in re.findall(rf"({CARD}) melds with nothing", reason):
        x = card(a)
        near = [c for c in hand - {x} if meld_of_three(x, c, view)]
        if near:
            out.append(f"{a} said to meld with nothing, but it goes with {near[0].label}")
    for a, meld in re.findall(rf"({CARD}) completes \[([^\]]+)\]", reason):
        cards = set(parse_cards(meld))
        if card(a) not in cards or not cards - {card(a)} <= at_hand:
            out.append(f"{a} does not complete [{meld}] from this hand")
        elif meld_kind(tuple(cards), view.rules) is None:
            out.append(f"[{meld}] is no meld")
    threw, passed, took = opponent_story(view)
    for words, known in (
        ("threw away", threw),
        ("passed over", passed),
        ("took", took),
        ("holds", took),
    ):
        for said in re.findall(
            rf"the other (?:player|hand) {words} ({CARD}(?:(?:, | and ){CARD})*)", reason
        ):
            for c in parse_cards(said.replace(",", " ").replace(" and ", " ")):
                if c not in known:
                    out.append(f"the other player never {words} {c.label}")
    return out


@pytest.mark.parametrize(
    "variant",
    # gin and colonel are the quick loop's; the rest walk longer hands
    [v if v in ("gin", "colonel") else pytest.param(v, marks=pytest.mark.slow) for v in PRESETS],
)
@pytest.mark.slow
def test_what_a_hint_says_of_the_cards_is_true_of_its_view(variant: str) -> None:
    rules = preset(variant)
    bad: list[str] = []
    checked = 0
    for seed in range(12):
        for n, (_, view, legal) in enumerate(positions(rules, 700 + seed, "normal", 0.15)):
            if n % 2:
                continue  # every other position: the hands are long enough
            for h in hint(view, legal):
                found = claims_problems(h.reason, view)
                checked += 1
                bad += [f"{variant} seed {700 + seed}: {p} in {h.reason!r}" for p in found]
    assert checked > 100
    assert not bad, "\n".join(bad[:10])


def test_the_claims_checker_catches_false_claims() -> None:
    """The checker is not vacuous: false claims of each kind are caught."""
    from helpers import walked

    hand = walked(preset("gin"), 3, "normal", 6)
    view = hand.view(hand.to_move or 0)
    mine = sorted(view.hand)
    stranger = next(c for c in full_deck() if c not in view.hand and c.rank != mine[0].rank)
    assert claims_problems(f"{mine[0].label} pairs with {stranger.label}", view)
    assert claims_problems(f"the other player threw away {stranger.label}", view) or any(
        isinstance(e.action, Discard) and e.action.card == stranger for e in view.history
    )
    assert claims_problems(f"{mine[0].label} completes [{mine[0].label} {stranger.label}]", view)
