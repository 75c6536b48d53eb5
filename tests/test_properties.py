"""Random legal play of every preset keeps the invariants (hypothesis)."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from ginrummies.core import (
    CARDS,
    AcePolicy,
    FirstTurn,
    Game,
    GinHand,
    Hand,
    IllegalAction,
    Knock,
    LayContract,
    LayMeld,
    LayOff,
    Phase,
    RuleSet,
    TableHand,
    preset,
    replay,
)

GIN_RULES = [preset(n) for n in ("gin", "oklahoma", "fosdick", "sequence", "eaai")] + [
    preset("gin").but(first_turn=FirstTurn.ELEVEN_CARDS, fiftieth_card=True),
    preset("gin").but(discard_taken_card=True, big_gin=True, hand_size=7),
    preset("oklahoma").but(fiftieth_card=True),
]
TABLE_RULES = [
    preset("skarney"),
    preset("skarney").but(ace=AcePolicy.AROUND),
    preset("colonel"),
    preset("colonel").but(challenge=True, discard_taken_card=True),
]
RULES = GIN_RULES + TABLE_RULES
# random play can go on for long (taking discards, trading aces): a generous bound
MAX_STEPS = 3000


def check_cards(hand: Hand) -> None:
    seen = [*hand.cards_of(0), *hand.cards_of(1)]
    assert isinstance(hand, GinHand | TableHand)
    seen += [*hand.discard_pile, *hand.deck[len(hand.deck) - hand.stock_size :]]
    if isinstance(hand, TableHand):
        seen += [c for t in hand.table for c in t.meld.cards]
    assert sorted(seen) == sorted(CARDS), "all 52 cards, each once"


def check_views(hand: Hand) -> None:
    for p in (0, 1):
        v = hand.view(p)
        mine, theirs = set(hand.cards_of(p)), set(hand.cards_of(1 - p))
        assert set(v.hand) == mine
        assert set(v.known_opponent_cards) <= theirs
        assert not set(v.hand) & theirs
        assert v.opponent_hand_size == len(theirs)
        assert (len(v.legal_actions) > 0) == (hand.to_move == p)
        table = {c for t in v.table for c in t.meld.cards}
        assert not table & (mine | theirs), "table cards are in no hand"


@given(st.sampled_from(RULES), st.integers(0, 10**6), st.data())
def test_random_play_keeps_every_invariant(rules: RuleSet, seed: int, data: st.DataObject) -> None:
    hand = Hand.deal(rules, seed % 2, seed=seed)
    steps = 0
    while not hand.is_over:
        check_cards(hand)
        check_views(hand)
        actions = hand.legal_actions()
        assert actions, "a hand in play always offers something"
        action = data.draw(st.sampled_from(actions))
        hand.apply(action)
        steps += 1
        assert steps < MAX_STEPS, "the hand must end"
    check_cards(hand)
    assert hand.result is not None and hand.legal_actions() == []
    again = replay(rules, hand.dealer, hand.deck, [a for _, a in hand.log])
    assert again.state_key() == hand.state_key()


@given(st.sampled_from(RULES), st.integers(0, 10**6), st.data())
def test_every_offered_action_applies(rules: RuleSet, seed: int, data: st.DataObject) -> None:
    hand = Hand.deal(rules, 0, seed=seed)
    steps = data.draw(st.integers(0, 70))
    for _ in range(steps):
        if hand.is_over:
            break
        hand.apply(data.draw(st.sampled_from(hand.legal_actions())))
    if hand.is_over:
        return
    for action in hand.legal_actions():
        trial = hand.replay()
        trial.apply(action)  # never raises
        assert trial.log[-1][1] == action or isinstance(action, Knock)


@given(st.sampled_from(RULES), st.integers(0, 10**6), st.data())
def test_illegal_actions_change_nothing(rules: RuleSet, seed: int, data: st.DataObject) -> None:
    from ginrummies.core import (
        Accept,
        Challenge,
        Decline,
        Discard,
        DrawStock,
        EndTurn,
        LayOff,
        Offer,
        Pass,
        TakeDiscard,
    )

    hand = Hand.deal(rules, 1, seed=seed)
    for _ in range(data.draw(st.integers(0, 40))):
        if hand.is_over:
            break
        hand.apply(data.draw(st.sampled_from(hand.legal_actions())))
    candidates = [
        DrawStock(),
        TakeDiscard(),
        Pass(),
        Accept(),
        Decline(),
        EndTurn(),
        Challenge(),
        *(Discard(c) for c in CARDS),
        *(Offer(c) for c in CARDS),
        *(LayOff(c, i) for c in CARDS for i in range(3)),
    ]
    legal = hand.legal_actions()
    for action in candidates:
        if action in legal:
            continue
        before = hand.state_key()
        try:
            hand.apply(action)
        except IllegalAction as exc:
            assert str(exc)
            assert hand.state_key() == before
        else:
            raise AssertionError(f"{action} was applied but not offered")


@given(st.sampled_from([*GIN_RULES[:5], *TABLE_RULES]), st.integers(0, 10**6))
def test_random_games_end_and_replay(rules: RuleSet, seed: int) -> None:
    # a whole game is hundreds of choices: they come from the seed, not from hypothesis
    rng = random.Random(seed)
    game = Game(rules, seed)
    hands = 0
    while not game.is_over:
        if game.hand.is_over:
            game.next_hand()
            hands += 1
            assert hands < 400
            continue
        actions = game.hand.legal_actions()
        # knock and meld when possible, so games reach the target in a sensible time
        eager = [a for a in actions if isinstance(a, Knock | LayContract | LayMeld | LayOff)]
        game.apply(eager[0] if eager else rng.choice(actions))
    assert game.hand.phase is Phase.OVER
    assert Game.replay(rules, seed, game.log).result == game.result
