"""Random legal play of every preset keeps the invariants (hypothesis)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ginrummies.ai import make_bot
from ginrummies.core import (
    CARDS,
    AcePolicy,
    Action,
    Card,
    DrawStock,
    Family,
    FirstTurn,
    Game,
    GinHand,
    Hand,
    HandResult,
    IllegalAction,
    Knock,
    LayContract,
    LayMeld,
    LayOff,
    Meld,
    MeldKind,
    Outcome,
    Phase,
    RuleSet,
    Shutout,
    TableHand,
    all_melds,
    extend,
    make_meld,
    meld_kind,
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
        table = {c for t in v.table.melds for c in t.meld.cards}
        assert not table & (mine | theirs), "table cards are in no hand"


@pytest.mark.slow
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


@pytest.mark.slow
@given(st.sampled_from(RULES), st.integers(0, 10**6), st.data())
def test_the_view_names_the_card_drawn_to_its_drawer_for_their_turn(
    rules: RuleSet, seed: int, data: st.DataObject
) -> None:
    """A screen shown afresh marks the card just drawn (issue 51): the view
    names the stock's card to the player who drew it while their turn lasts,
    and to nobody else."""
    hand = Hand.deal(rules, seed % 2, seed=seed)
    drawn: tuple[int, Card] | None = None  # who drew which card, this turn
    while not hand.is_over:
        player = hand.to_move
        assert player is not None
        action = data.draw(st.sampled_from(hand.legal_actions()))
        before = set(hand.cards_of(player))
        hand.apply(action)
        if isinstance(action, DrawStock):
            (card,) = set(hand.cards_of(player)) - before
            drawn = (player, card)
        elif hand.to_move != player:
            drawn = None  # the turn passed
        for p in (0, 1):
            mine = drawn is not None and drawn[0] == p and drawn[1] in hand.cards_of(p)
            expected = drawn[1] if mine and drawn is not None and hand.to_move == p else None
            assert hand.view(p).drawn_card == expected


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


def shape(action: Action) -> object:
    """An action as the rules read it: the melds' cards, not their order or kind."""

    def cards(meld: Meld) -> tuple[Card, ...]:
        return tuple(sorted(meld.cards))

    if isinstance(action, Knock):
        return ("knock", action.discard, tuple(sorted(cards(m) for m in action.melds)))
    if isinstance(action, LayContract):
        return ("contract", tuple(sorted(cards(m) for m in action.melds)))
    if isinstance(action, LayMeld):
        return ("meld", cards(action.meld))
    return action


def near(cards: set[Card]) -> list[Card]:
    """Cards not in ``cards`` that meld with them: same rank, or next in suit."""
    out = {Card(c.rank, s) for c in cards for s in "cdhs"}
    out |= {
        Card(c.rank + d, c.suit) for c in cards for d in (-2, -1, 1, 2) if 1 <= c.rank + d <= 13
    }
    return sorted(out - cards)


def one_off(meld: Meld, mine: set[Card], rules: RuleSet) -> list[Meld]:
    """Melds like ``meld`` but for one card its player does not hold: the
    meld one card longer, or one of its cards swapped for that card."""
    out = []
    for card in near(set(meld.cards)):
        if card in mine:
            continue
        grown = extend(meld, card, rules)
        out += [grown] if grown is not None else []
        for gone in meld.cards:
            cards = [c for c in meld.cards if c != gone] + [card]
            if meld_kind(cards, rules) is not None:
                out.append(make_meld(cards, rules))
    return out


def spreads(hand: Hand, data: st.DataObject) -> list[Action]:
    """Knocks, melds and contracts that are nearly legal: the legal ones (or
    the mover's own melds) with one thing wrong. A meld with a card the mover
    does not hold, a meld too few or twice over, a discard not held, or
    cards that do not meld."""
    rules = hand.rules
    mover = hand.to_move if hand.to_move is not None else 0
    mine = set(hand.cards_of(mover))
    outside = near(mine) or sorted(set(CARDS) - mine)
    pool = sorted(mine | set(data.draw(st.lists(st.sampled_from(outside), min_size=1, max_size=3))))
    pool += [c for c in CARDS if c not in pool][: max(0, 3 - len(pool))]  # a hand near its end
    melds = all_melds(pool, rules)
    own = [m for m in melds if set(m.cards) <= mine]
    foreign = [m for m in melds if not set(m.cards) <= mine] or melds
    junk = [Meld(MeldKind.SET, tuple(data.draw(st.permutations(pool))[:3])) for _ in range(2)]
    own_or_junk = st.sampled_from(own + junk)
    own_three = st.sampled_from([m for m in own if len(m) == 3] + junk)
    legal = hand.legal_actions()
    knocks = [a for a in legal if isinstance(a, Knock)]
    contracts = [a for a in legal if isinstance(a, LayContract)]

    def unheld(meld: Meld | None = None, three: bool = False) -> Meld:
        """A meld the mover cannot lay: ``meld`` with a card not held, if it
        has such a neighbour, or any meld using a card not held, or junk."""
        close = one_off(meld, mine, rules) if meld is not None else []
        options = close or foreign + junk
        if three:
            options = [m for m in options if len(m) == 3] or junk
        return data.draw(st.sampled_from(options))

    def one_wrong(base: tuple[Meld, ...]) -> tuple[Meld, ...]:
        """``base`` with a meld made unheld, a wrong one added, one dropped or doubled."""
        melds = list(base)
        how = data.draw(st.sampled_from(["unheld", "unheld", "add", "drop", "twice"]))
        if how == "add" or not melds:
            melds.append(unheld())
        elif how == "unheld":
            i = data.draw(st.integers(0, len(melds) - 1))
            melds[i] = unheld(melds[i])
        elif how == "drop":
            melds.pop(data.draw(st.integers(0, len(melds) - 1)))
        else:
            melds[-1] = melds[0]
        return tuple(melds)

    out: list[Action] = []
    for _ in range(6):
        if knocks:
            k = data.draw(st.sampled_from(knocks))
            if data.draw(st.integers(0, 3)):
                out.append(Knock(k.discard, one_wrong(k.melds)))
            else:  # the right melds, a discard not held
                out.append(Knock(data.draw(st.sampled_from(outside)), k.melds))
        else:
            spread = tuple(data.draw(st.lists(own_or_junk, max_size=3)))
            out.append(Knock(data.draw(st.sampled_from([None, *pool])), spread))
        mine_to_lay = data.draw(own_or_junk)
        out.append(LayMeld(unheld(mine_to_lay) if data.draw(st.booleans()) else mine_to_lay))
        if contracts:  # one meld made unheld, or the same meld twice
            a, b, c = data.draw(st.sampled_from(contracts)).melds
            if data.draw(st.booleans()):
                a = unheld(a, three=True)
            else:
                c = a
        else:
            a, b, c = (data.draw(own_three) for _ in range(3))
        out.append(LayContract((a, b, c)))
    return out


@pytest.mark.slow
@given(st.sampled_from(RULES), st.integers(0, 10**6), st.data())
def test_illegal_actions_change_nothing(rules: RuleSet, seed: int, data: st.DataObject) -> None:
    from ginrummies.core import (
        Accept,
        Challenge,
        Decline,
        Discard,
        DrawStock,
        EndTurn,
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
        *spreads(hand, data),
    ]
    tried = refuses(hand, candidates)
    assert sum(isinstance(a, Knock | LayMeld | LayContract) for a in tried) >= 6


SPREADS = (Knock, LayMeld, LayContract)


def refuses(hand: Hand, candidates: list[Action]) -> list[Action]:
    """Every candidate the rules do not offer is refused with a message and
    changes nothing; returns those tried."""
    legal = {shape(a) for a in hand.legal_actions()}
    tried = []
    for action in candidates:
        if shape(action) in legal:
            continue
        before, log = hand.state_key(), list(hand.log)
        try:
            hand.apply(action)
        except IllegalAction as exc:
            assert str(exc)
            # the core says why, typed, and the same as it says when asked first
            assert exc.refusal is not None and hand.refusal(action) == exc.refusal
            assert hand.state_key() == before and hand.log == log, f"{action} changed the hand"
            tried.append(action)
        else:
            raise AssertionError(f"{action} was applied but not offered")
    return tried


@pytest.mark.slow
@given(st.sampled_from(RULES), st.integers(0, 10**6), st.data())
def test_nearly_legal_spreads_change_nothing(
    rules: RuleSet, seed: int, data: st.DataObject
) -> None:
    """Where a knock, a meld or a contract is legal, the same with one thing
    wrong is refused and leaves the hand as it was."""
    hand = Hand.deal(rules, seed % 2, seed=seed)
    bots = [make_bot("easy", rules, seed + p) for p in (0, 1)]
    # play well enough to get there, and stop where a spread is offered
    while not hand.is_over and not any(isinstance(a, SPREADS) for a in hand.legal_actions()):
        mover = hand.to_move
        assert mover is not None
        hand.apply(bots[mover].choose(hand.view(mover), hand.legal_actions()))
    if hand.is_over:
        return  # cancelled at the stock's end before anyone could spread
    tried = refuses(hand, spreads(hand, data))
    assert tried


def play_game(rules: RuleSet, seed: int, level: str = "eager") -> Game:
    """A whole game, the running totals checked after every hand.

    ``eager``: random legal play that knocks and melds when offered (a whole
    game is hundreds of choices: they come from the seed, not from
    hypothesis); or two bots of ``level``, whose games see more gins,
    undercuts and contracts than random play does.
    """
    rng = random.Random(seed)
    bots = [make_bot(level, rules, seed + p) for p in (0, 1)] if level != "eager" else []
    game = Game(rules, seed)
    while not game.is_over:
        if game.hand.is_over:
            game.next_hand()
            # most random hands of Sequence Gin are cancelled (runs only, the
            # upcard's knock limit): 128 hands a game on average, 400 now and
            # then; 1000 is a bound on a game that never ends, not on bad luck
            assert len(game.hands) < 1000
            continue
        actions = game.hand.legal_actions()
        if bots:
            mover = game.hand.to_move
            assert mover is not None
            view = game.view(mover)
            action = bots[mover].choose(view, view.legal_actions)
        else:
            # knock and meld when possible, so games reach the target in a sensible time
            eager = [a for a in actions if isinstance(a, Knock | LayContract | LayMeld | LayOff)]
            action = eager[0] if eager else rng.choice(actions)
        game.apply(action)
        if game.hand.is_over:
            done = [h.result for h in game.hands]
            for p in (0, 1):
                assert game.view(p).game.scores == tuple(
                    sum(r.points[q] for r in done if r is not None) for q in (0, 1)
                )
    return game


@pytest.mark.slow
@given(st.sampled_from([*GIN_RULES[:5], *TABLE_RULES]), st.integers(0, 10**6))
def test_random_games_end_and_replay(rules: RuleSet, seed: int) -> None:
    game = play_game(rules, seed)
    assert game.hand.phase is Phase.OVER
    assert Game.replay(rules, seed, game.log).result == game.result


def boxes_for(rules: RuleSet, result: HandResult) -> tuple[int, int]:
    """RULES.md 2.3: a box to the winner of each scored hand, with Oklahoma's
    extra boxes (undercut 1, gin 2, doubled on a spade upcard)."""
    if not result.scored or not rules.box_bonus or result.winner is None:
        return (0, 0)
    extra = 0
    if rules.extra_boxes:
        extra = {Outcome.UNDERCUT: 1, Outcome.GIN: 2, Outcome.BIG_GIN: 2}.get(result.outcome, 0)
        upcard = result.knock.upcard if result.knock else None
        if rules.spade_doubles and upcard is not None and upcard.suit == "s":
            extra *= 2
    boxes = [0, 0]
    boxes[result.winner] = 1 + extra
    return (boxes[0], boxes[1])


SCORED_RULES = [
    *GIN_RULES[:5],
    preset("skarney"),
    preset("colonel"),
    # short games: the first hand or two end them, so shutouts are common
    preset("gin").but(target=1),
    preset("oklahoma").but(target=60),
    preset("gin").but(target=30, shutout=Shutout.BONUS),
    preset("fosdick").but(target=10, box_bonus=20, game_bonus=50, shutout=Shutout.DOUBLE),
]


@pytest.mark.slow
@given(st.sampled_from(SCORED_RULES), st.integers(0, 10**6), st.sampled_from(["eager", "easy"]))
def test_game_scores_follow_the_hands(rules: RuleSet, seed: int, level: str) -> None:
    game = play_game(rules, seed, level)
    results = game.results
    assert results == [h.result for h in game.hands]
    scored = [r for r in results if r.scored]
    assert all(r.points == (0, 0) and r.boxes == (0, 0) for r in results if not r.scored)
    # the running totals are the hands' points; boxes come one per hand won
    for p in (0, 1):
        assert game.scores[p] == sum(r.points[p] for r in scored)
        assert game.hands_won[p] == sum(r.winner == p for r in scored)
        assert game.boxes[p] == sum(r.boxes[p] for r in scored)
    for r in results:
        assert r.boxes == boxes_for(rules, r), r.outcome
        if r.winner is not None and rules.family is not Family.GIN:
            assert r.points[r.winner] > 0 == r.points[1 - r.winner]
    # the game ends with the first hand that takes a player to the target
    # (boxes never count towards it), and not before
    running = [0, 0]
    for n, r in enumerate(scored):
        running = [running[p] + r.points[p] for p in (0, 1)]
        reached = max(running) >= rules.target and running[0] != running[1]
        assert reached == (n == len(scored) - 1)
    # the settlement, RULES.md 2.3: hand points + game bonus + boxes, the
    # winner's whole total doubled on a shutout
    end = game.result
    assert end is not None
    w, lose = end.winner, 1 - end.winner
    assert game.scores[w] > game.scores[lose]
    assert end.hand_points == (game.scores[0], game.scores[1])
    assert end.boxes == (game.boxes[0], game.boxes[1])
    assert end.box_points == (game.boxes[0] * rules.box_bonus, game.boxes[1] * rules.box_bonus)
    shutout = rules.shutout is not Shutout.OFF and game.scores[lose] == 0
    assert end.shutout == shutout
    bonus = rules.shutout_bonus if shutout and rules.shutout is Shutout.BONUS else rules.game_bonus
    assert end.game_bonus == bonus
    winner_total = game.scores[w] + bonus + game.boxes[w] * rules.box_bonus
    if shutout and rules.shutout is Shutout.DOUBLE:
        winner_total *= 2
    assert end.totals[w] == winner_total
    assert end.totals[lose] == game.scores[lose] + game.boxes[lose] * rules.box_bonus
    assert end.settlement == end.totals[w] - end.totals[lose]
