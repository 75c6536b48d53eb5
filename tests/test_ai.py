"""Bots: fairness, legality, the heuristics' judgements, hints, the arena."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from helpers import hidden_cards, reshuffled, stack, walked

from ginrummies.ai import Bot, bot_names, make_bot
from ginrummies.ai.arena import BotStats, match, play_on, wilson
from ginrummies.ai.ginbot import EaaiSimple, danger, neighbours
from ginrummies.ai.hints import hint
from ginrummies.ai.search import Rollout
from ginrummies.ai.tracking import remember
from ginrummies.core import (
    Action,
    Card,
    Discard,
    DrawStock,
    Game,
    GameView,
    Hand,
    Knock,
    Pass,
    PlayerView,
    TableState,
    TakeDiscard,
    parse_cards,
    preset,
    solver_for,
)
from ginrummies.core.cards import cards_of_mask, to_mask
from ginrummies.core.levels import Level

VARIANTS = ["gin", "oklahoma", "sequence", "skarney", "colonel"]


def bots_for(name: str) -> list[str]:
    out = ["random", "easy", "normal", "hard", "camper", "casual"]
    return out + (["eaai-simple"] if name in ("gin", "oklahoma", "sequence") else [])


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_bots_choice_ignores_the_unseen_cards(variant: str) -> None:
    rules = preset(variant)
    rng = random.Random(variant)
    checked = 0
    for seed in range(12):
        hand = walked(rules, seed, "random", rng.randrange(0, 40))
        if hand.is_over:
            continue
        p = hand.to_move
        assert p is not None
        other = reshuffled(hand, p, rng)
        # the cards ``p`` cannot see really are dealt anew: the opponent's hand
        # or the stock's order differs, while ``p``'s own cards do not
        assert hidden_cards(other, p) != hidden_cards(hand, p), "nothing was reshuffled"
        assert other.cards_of(p) == hand.cards_of(p)
        view, other_view = hand.view(p), other.view(p)
        assert other_view == view, "the view leaks a hidden card"
        for name in bots_for(variant):
            bot = make_bot(name, rules, 5, samples=8)
            again = make_bot(name, rules, 5, samples=8)
            assert bot.choose(view, view.legal_actions) == again.choose(
                other_view, other_view.legal_actions
            )
        checked += 1
    assert checked >= 5


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["gin", "skarney", "colonel"])
def test_a_choice_later_in_a_game_ignores_the_unseen_cards(variant: str) -> None:
    """With finished hands behind it (which the hard level reads its
    opponent from), a bot still decides on what the table has shown alone."""
    import dataclasses

    rules = preset(variant)
    rng = random.Random(variant)
    checked = 0
    for seed in range(6):
        game = Game(rules, seed, first_dealer=seed % 2)
        walker = make_bot("normal", rules, seed)
        moves_into_third = rng.randrange(0, 30)
        while not game.is_over:
            hand = game.hand
            if hand.is_over:
                game.next_hand()
                continue
            if len(game.hands) == 3:
                if moves_into_third == 0:
                    break
                moves_into_third -= 1
            p = hand.to_move
            assert p is not None
            game.apply(walker.choose(game.view(p), hand.legal_actions()))
        hand = game.hand
        if hand.is_over or not game.view(0).game.past:
            continue
        p = hand.to_move
        assert p is not None
        view = game.view(p)
        other = reshuffled(hand, p, rng)
        assert hidden_cards(other, p) != hidden_cards(hand, p)
        other_view = dataclasses.replace(other.view(p), game=view.game)
        assert other_view == view
        for name in bots_for(variant):
            bot, again = make_bot(name, rules, 5, samples=8), make_bot(name, rules, 5, samples=8)
            assert bot.choose(view, view.legal_actions) == again.choose(
                other_view, other_view.legal_actions
            )
        checked += 1
    assert checked >= 3


class Watched:
    """A bot whose every choice is checked against what the core allows at the
    time it is made."""

    def __init__(self, bot: Bot, game: Game, seat: int, choices: list[Action]) -> None:
        self.bot, self.game, self.seat, self.choices = bot, game, seat, choices
        self.name = bot.name

    def choose(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        hand = self.game.hand
        assert hand.to_move == self.seat == view.player, "a bot was asked out of turn"
        allowed = hand.legal_actions()
        assert list(legal_actions) == allowed, "the bot was offered what the core does not allow"
        action = self.bot.choose(view, legal_actions)
        assert action in allowed, f"{self.name} chose {action}, which is not legal now"
        self.choices.append(action)
        return action


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("level", ["random", "easy", "normal"])
def test_bots_only_play_legal_moves_to_the_end(variant: str, level: str) -> None:
    rules = preset(variant)
    for seed, first in ((3, 0), (4, 1)):
        game = Game(rules, seed, first_dealer=first)
        choices: list[Action] = []
        bots = (
            Watched(make_bot(level, rules, seed), game, 0, choices),
            Watched(make_bot("easy", rules, seed + 1), game, 1, choices),
        )
        play_on(game, bots, (BotStats("a"), BotStats("b")), max_hands=2)
        # every hand played ended with a result, every move in it was a
        # watched choice, and the logs hold exactly those choices in order
        assert 1 <= len(game.hands) <= 2 and (len(game.hands) == 2 or game.is_over)
        for h in game.hands:
            assert h.is_over and h.result is not None and h.legal_actions() == []
            assert game.results[game.hands.index(h)] is h.result
        assert [a for h in game.hands for _, a in h.log] == choices
        assert {s for h in game.hands for s, _ in h.log} == {0, 1}, "both bots played"


def test_make_bot_names() -> None:
    assert set(bot_names()) == {
        "random",
        "eaai-simple",
        "easy",
        "normal",
        "hard",
        "camper",
        "casual",
    }
    with pytest.raises(ValueError, match="choose one of"):
        make_bot("grandmaster", preset("gin"))
    with pytest.raises(ValueError, match="Gin family"):
        make_bot("eaai-simple", preset("skarney"))


def at_discard(nd: str, d: str, up: str, stock: str) -> Hand:
    hand = Hand.deal(preset("gin"), 0, deck=stack(nd, d, up, stock))
    hand.apply(Pass())
    hand.apply(Pass())
    hand.apply(DrawStock())
    return hand


def test_normal_throws_the_loose_high_card_not_a_near_meld() -> None:
    # 7s 8s wait for 6s or 9s; Kd is loose: the king goes
    hand = at_discard("As 2s 3s 4h 5h 6h 7s 8s Kd 2c", "9c 9d 9h Tc Jc Qc Js Jd Jh 3d", "5c", "Qd")
    view = hand.view(1)
    action = make_bot("normal", preset("gin"), 1).choose(view, view.legal_actions)
    assert isinstance(action, Discard) and action.card.rank >= 12


def test_normal_takes_a_discard_that_makes_a_meld_and_leaves_one_that_does_not() -> None:
    hand = Hand.deal(
        preset("gin"),
        0,
        deck=stack("As 2s 4h 5h 9c 9d Kd Qc 7c 2d", "3c 3d 3h 8s 8d Td Jh Js 6c 6d", "9h", ""),
    )
    view = hand.view(1)
    bot = make_bot("normal", preset("gin"), 1)
    assert bot.choose(view, view.legal_actions) == TakeDiscard()  # 9h makes 9c 9d 9h
    other = Hand.deal(
        preset("gin"),
        0,
        deck=stack("As 2s 4h 5h 9c 9d Kd Qc 7c 2d", "3c 3d 3h 8s 8d Td Jh Js 6c 6d", "Ks", ""),
    )
    v2 = other.view(1)
    assert bot.choose(v2, v2.legal_actions) == Pass()


def test_gin_is_always_taken() -> None:
    hand = at_discard("As 2s 3s 4s 4h 5h 6h 7c 7d 7h", "2d 3d 4d 5d 8s 8c 8d Ks Kd Qh", "Qs", "Kc")
    view = hand.view(1)
    for name in ("easy", "normal", "eaai-simple"):
        action = make_bot(name, preset("gin"), 1).choose(view, view.legal_actions)
        assert isinstance(action, Knock) and action.discard == Card.parse("Kc")


def test_card_tracking_and_danger() -> None:
    hand = Hand.deal(
        preset("gin"),
        0,
        deck=stack("As 2s 4h 5h 9c 9d Kd Qc 7c 2d", "3c 3d 3h 8s 8d Td Jh Js 6c 6d", "9h", "Ah"),
    )
    hand.apply(TakeDiscard())  # the non-dealer takes 9h
    hand.apply(Discard(Card.parse("Kd")))
    memory = remember(hand.view(0))
    assert Card.parse("9h").bit & memory.opp_known
    assert Card.parse("Kd").bit & memory.opp_discarded
    # the dealer thinks twice about feeding nines and hearts near 9h
    gin = preset("gin")
    assert danger(Card.parse("9s"), memory, gin) > danger(Card.parse("2h"), memory, gin)
    # in Sequence Gin (runs only) another nine is no risk, a heart next to 9h is
    seq = preset("sequence")
    assert danger(Card.parse("9s"), memory, seq) == 0
    assert danger(Card.parse("Th"), memory, seq) > 0
    hand.apply(DrawStock())
    memory = remember(hand.view(1))
    assert Card.parse("Kd").bit & memory.opp_refused


def test_eaai_simple_follows_the_published_policy() -> None:
    rules = preset("eaai")
    bot = EaaiSimple(rules, 1)
    hand = Hand.deal(
        rules,
        0,
        deck=stack("As 2s 4h 5h 9c 9d Kd Qc 7c 2d", "3c 3d 3h 8s 8d Td Jh Js 6c 6d", "Ks", "Qd"),
    )
    view = hand.view(1)
    assert bot.choose(view, view.legal_actions) == Pass()  # Ks melds with nothing
    hand.apply(Pass())
    hand.apply(Pass())
    hand.apply(DrawStock())
    view = hand.view(1)
    action = bot.choose(view, view.legal_actions)
    assert isinstance(action, Discard) and action.card.rank in (12, 13)  # the most deadwood off


def test_hints_rank_every_legal_move_with_a_reason() -> None:
    hand = at_discard("As 2s 3s 4h 5h 6h 7s 8s Kd 2c", "9c 9d 9h Tc Jc Qc Js Jd Jh 3d", "5c", "Qd")
    view = hand.view(1)
    hints = hint(view, view.legal_actions)
    assert {h.action for h in hints} == set(view.legal_actions)
    assert all(h.reason for h in hints)
    assert hints[0].action == make_bot("normal", preset("gin"), 0).choose(view, view.legal_actions)
    kept = [h.reason for h in hints if "7♠8♠" in h.reason or "keeps" in h.reason]
    assert kept


def test_hard_hints_estimate_the_hand() -> None:
    hand = at_discard("As 2s 3s 4h 5h 6h 7s 8s Kd 2c", "9c 9d 9h Tc Jc Qc Js Jd Jh 3d", "5c", "Qd")
    view = hand.view(1)
    hints = hint(view, view.legal_actions, level=Level.HARD)
    top = hints[0]
    assert top.win_chance is not None and 0.0 <= top.win_chance <= 1.0
    assert top.expected_points is not None


@pytest.mark.parametrize("variant", ["skarney", "colonel"])
def test_table_hints(variant: str) -> None:
    hand = Hand.deal(preset(variant), 0, seed=3)
    hand.apply(DrawStock())
    view = hand.view(hand.to_move or 0)
    hints = hint(view, view.legal_actions)
    assert {h.action for h in hints} == set(view.legal_actions) and all(h.reason for h in hints)


def test_wilson_interval() -> None:
    lo, hi = wilson(60, 100)
    assert 0.50 < lo < 0.51 and 0.69 < hi < 0.70
    assert wilson(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize("variant", VARIANTS)
def test_normal_outscores_random(variant: str) -> None:
    rules = preset(variant)
    runs = list(
        match(
            rules,
            (lambda s: make_bot("normal", rules, s), lambda s: make_bot("random", rules, s)),
            2,
            seed=1,
            max_hands=3,
        )
    )
    normal, rand = runs[-1]
    assert normal.points > rand.points


def test_normal_takes_more_knock_risk_when_the_game_may_end() -> None:
    import dataclasses

    rules = preset("gin")
    bot = make_bot("normal", rules, 1)
    view = Game(rules, 3).view(0)
    early = dataclasses.replace(view, game=GameView(scores=(10, 20)))
    assert bot.knock_threshold(early) == bot.knock_risk  # type: ignore[attr-defined]
    for scores in ((90, 20), (20, 80)):  # either side within reach of 100
        late = dataclasses.replace(view, game=GameView(scores=scores))
        assert bot.knock_threshold(late) == bot.endgame_risk > bot.knock_risk  # type: ignore[attr-defined]


def test_colonel_hard_swaps_a_high_card_for_a_low_discard() -> None:
    rules = preset("colonel")
    nd = "Kc Qd Jh 9s 8c 5d 3h 6s 7d 4c"
    d = "Ah Ad Kd Qs Jc 10h 9h 8d 7s 6c"
    hand = Hand.deal(rules, 0, deck=stack(nd, d, "2c"))
    view = hand.view(1)  # the non-dealer, first to move
    assert view.phase.name == "DRAW"
    legal = view.legal_actions
    # 2♣ melds with nothing: normal draws from the stock, hard takes it to
    # throw a king or a queen (a hand caught when the opponent goes out pays
    # its total)
    assert make_bot("normal", rules, 1).choose(view, legal) == DrawStock()
    assert make_bot("hard", rules, 1).choose(view, legal) == TakeDiscard()


def test_colonel_hard_keeps_the_card_whose_partners_are_live() -> None:
    from ginrummies.ai.tablebot import TableBot

    rules = preset("colonel")
    bot = TableBot(rules, 1, Level.HARD)
    normal = TableBot(rules, 1, Level.NORMAL)
    # 5♠ 6♠ are two to a run with 4♠ and 7♠ still unseen; 5♥ 6♣ are loose.
    # With the same points now, only hard sees what the next draw can bring.
    run_pair = sum(c.bit for c in parse_cards("5s 6s Kd"))
    loose_pair = sum(c.bit for c in parse_cards("5h 6c Kd"))
    unseen = sum(c.bit for c in parse_cards("4s 7s 2d 9c Kh"))
    assert normal._kept(run_pair, unseen) == normal._kept(loose_pair, unseen)
    assert bot._kept(run_pair, unseen) < bot._kept(loose_pair, unseen)


def test_neighbours_follow_the_meld_rules() -> None:
    def near(card: str, rules_name: str) -> set[Card]:
        return set(cards_of_mask(neighbours(Card.parse(card), preset(rules_name))))

    def given(text: str) -> set[Card]:
        return {Card.parse(c) for c in text.split()}

    assert near("7s", "gin") == given("7c 7d 7h 5s 6s 8s 9s")
    assert near("7s", "sequence") == given("5s 6s 8s 9s")
    assert near("Kh", "gin") == given("Kc Kd Ks Jh Qh")
    # Skarney's aces stand high or low, so a king runs on to the ace; in
    # Colonel an ace is high only, so it makes no run with a two
    assert given("Ah Jh Qh") <= near("Kh", "skarney")
    assert given("Qh Kh 2h 3h") <= near("Ah", "skarney")
    assert near("Ah", "colonel") == given("Ac Ad As Qh Kh")
    assert near("2h", "colonel") == given("2c 2d 2s 3h 4h")


def test_hard_counts_sequence_bonuses_when_it_scores_a_knock() -> None:
    knocker = to_mask(parse_cards("Js Qs Ks 2h 3h 4h 5c 6c 7c 2d 9d"))
    defender = to_mask(parse_cards("8h 9h Th 3d 5d 7d 9c Jc Kc Kd"))
    discard = Card.parse("9d").bit

    def value(rules_name: str) -> float:
        rules = preset(rules_name)
        rollout = Rollout(rules, solver_for(rules), 10, False)
        return rollout.knock_value(0, knocker, defender, discard)

    # the same knock, Fosdick scoring both times; Sequence Gin adds J, Q and K
    # of the knocker's spade run, and the defender's 8-9-10 run earns nothing
    assert value("sequence") == value("fosdick") + 3


def test_skarney_hard_offers_what_the_opponent_takes_without_gain() -> None:
    import dataclasses
    from types import SimpleNamespace
    from typing import Any

    from ginrummies.ai.tablebot import TableBot
    from ginrummies.ai.tracking import Memory
    from ginrummies.core import Offer, Phase

    rules = preset("skarney")

    def mask(cards: str) -> int:
        return sum(c.bit for c in parse_cards(cards))

    def offer(level: Level, memory: Memory) -> Action:
        view: Any = SimpleNamespace(
            phase=Phase.PLAY, table=TableState(), player=0, opponent_hand_size=5, history=()
        )
        offers: list[Action] = [Offer(c) for c in parse_cards("Ks 9d 2h")]
        bot = TableBot(rules, 1, level)
        bot.search = None  # the offers weighed without playing on (as without poker melds)
        return bot._skarney(view, offers, memory, random.Random(1))

    mine = mask("Ks 9d 2h")
    known = mask("Kh Kd Kc")  # they accepted three kings: a set in their hand
    memory = Memory(mine, 0, 0, known, 0, 0, ((1 << 52) - 1) & ~mine & ~known)
    # K♠ goes onto their set: they accept it, their count stays and ours
    # drops by 10. normal fears the feed and offers 9♦, which no likely hand
    # of theirs wants, so it stays in ours.
    assert offer(Level.NORMAL, memory) == Offer(parse_cards("9d")[0])
    assert offer(Level.HARD, memory) == Offer(parse_cards("Ks")[0])
    # with two kings in their hand K♠ would meld three of their cards (20
    # points off their count), more than the 10 off ours: hard keeps it
    two = dataclasses.replace(memory, opp_known=mask("Kh Kd"), unseen=memory.unseen | mask("Kc"))
    assert offer(Level.HARD, two) != Offer(parse_cards("Ks")[0])


def test_a_bot_plays_for_its_teams_score_and_the_match_target() -> None:
    """In partnership Gin the view's scores are the teams' and the target is
    125, so the computer knocks more readily once a team is near 125."""
    from ginrummies.ai.ginbot import GinBot
    from ginrummies.core import Format, Match

    rules = preset("gin")
    match = Match(rules, 3, Format.PARTNERSHIP)
    bot = make_bot("normal", rules, 1)
    assert isinstance(bot, GinBot)
    early = match.view(0)
    assert early.game.target == 125 and early.game.scores == (0, 0)
    assert bot.knock_threshold(early) == bot.knock_risk
    match.scores[1] = 110  # C and D, at this table C, are 15 from the target
    late = match.view(0)
    assert late.game.scores == (0, 110) and match.view(2).game.scores == (0, 110)
    assert match.view(1).game.scores == (0, 110)  # B's opponent D is on the same team as C
    assert bot.knock_threshold(late) == bot.endgame_risk
    # in a two-player game 110 would be past the target: the match's own target counts
    assert match.target - max(late.game.scores) <= bot.endgame_reach
