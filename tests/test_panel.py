"""The reference opponents of ``ginrummies sim`` do what ai/panel.py says they do."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ginrummies.ai import make_bot
from ginrummies.ai.arena import BotStats, play_on
from ginrummies.ai.ginbot import GinBot
from ginrummies.ai.panel import Camper, Casual, TableCamper, TableCasual
from ginrummies.ai.tablebot import TableBot
from ginrummies.ai.tracking import remember, turns_of
from ginrummies.core import (
    Accept,
    Action,
    Challenge,
    Decline,
    Discard,
    Game,
    Knock,
    LayMeld,
    LayOff,
    Phase,
    PlayerView,
    RuleSet,
    TakeDiscard,
    hand_count,
    preset,
)
from ginrummies.core.cards import to_mask
from ginrummies.core.levels import Level


def positions(variant: str, names: tuple[str, str], games: int) -> Iterator[PlayerView]:
    """Every position of the first hands of a few games between two bots."""
    yield from positions_with(preset(variant), names, games)


def positions_with(rules: RuleSet, names: tuple[str, str], games: int) -> Iterator[PlayerView]:
    for seed in range(games):
        game = Game(rules, seed, first_dealer=seed % 2)
        bots = (make_bot(names[0], rules, seed), make_bot(names[1], rules, seed + 1))
        for _ in range(3):  # hands
            hand = game.hand
            while not hand.is_over:
                seat = hand.to_move
                assert seat is not None
                view = game.view(seat)
                yield view
                game.apply(bots[seat].choose(view, view.legal_actions))
            if game.is_over:
                break
            game.next_hand()


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["gin", "oklahoma", "sequence"])
def test_the_gin_camper_knocks_only_early_late_or_low(variant: str) -> None:
    camper = Camper(preset(variant), 3)
    seen = {"early": 0, "late": 0, "low": 0, "held": 0}
    for view in positions(variant, ("camper", "normal"), 6):
        knocks = [a for a in view.legal_actions if isinstance(a, Knock)]
        if view.player != 0 or not knocks:
            continue
        count = camper.points_after(to_mask(view.hand), knocks[0])
        choice = camper.choose(view, view.legal_actions)
        if turns_of(view.history, view.player) < camper.early:
            kind = "early"
        elif view.stock_size <= camper.late:
            kind = "late"
        elif count <= camper.small:
            kind = "low"
        else:
            kind = "held"
        seen[kind] += 1
        assert isinstance(choice, Knock) == (kind != "held"), (kind, count, choice)
    assert seen["held"] > 0 and seen["early"] + seen["late"] + seen["low"] > 0, seen


@pytest.mark.slow
def test_the_casual_player_makes_its_mistakes_at_their_rates() -> None:
    rules = preset("gin")
    casual, normal = Casual(rules, 4), GinBot(rules, 4)
    wanted = taken = 0
    for view in positions("gin", ("casual", "normal"), 14):
        if view.player != 0:
            continue
        legal = view.legal_actions
        knocks = [a for a in legal if isinstance(a, Knock)]
        if knocks:  # it knocks at the first chance
            assert isinstance(casual.choose(view, legal), Knock)
        offered = TakeDiscard() in legal and view.phase is not Phase.FIFTIETH
        if offered and normal.choose(view, legal) == TakeDiscard():
            for seed in range(8):  # each position, with the mistakes of eight players
                wanted += 1
                taken += Casual(rules, seed).choose(view, legal) == TakeDiscard()
    # a pile card that normal would take is overlooked about one time in four
    assert wanted >= 200
    assert 0.6 <= taken / wanted <= 0.9, (taken, wanted)


@pytest.mark.slow
def test_casual_discards_pay_no_heed_to_the_opponent_one_time_in_five() -> None:
    rules = preset("gin")
    casual = Casual(rules, 9)
    heedless = checked = 0

    for view in positions("gin", ("casual", "normal"), 10):
        discards = [a for a in view.legal_actions if isinstance(a, Discard)]
        if view.player != 0 or not discards:
            continue
        memory = remember(view)
        risky = max(discards, key=lambda a: GinBot.feed_risk(casual, view, memory, a))
        if GinBot.feed_risk(casual, view, memory, risky) <= 0:
            continue
        for seed in range(8):  # each position, with the mistakes of eight players
            checked += 1
            heedless += Casual(rules, seed).feed_risk(view, memory, risky) == 0.0
    assert checked >= 200
    assert 0.1 <= heedless / checked <= 0.3, (heedless, checked)


@pytest.mark.slow
def test_the_skarney_camper_declines_offers_and_holds_its_melds() -> None:
    rules = preset("skarney")
    camper, normal = TableCamper(rules, 2), TableBot(rules, 2, Level.NORMAL)
    held = answered = 0
    for view in positions("skarney", ("camper", "normal"), 6):
        if view.player != 0:
            continue
        legal = view.legal_actions
        choice = camper.choose(view, legal)
        if view.phase is Phase.RESPOND:
            answered += 1
            assert choice == Decline()
        plays = [a for a in legal if isinstance(a, LayMeld | LayOff)]
        if plays and view.stock_size > camper.late and not camper.can_go_out(to_mask(view.hand)):
            assert not isinstance(choice, LayMeld | LayOff)
            held += isinstance(normal.choose(view, legal), LayMeld | LayOff)
    assert answered > 0 and held > 0


def test_the_colonel_camper_never_challenges_and_holds_its_melds() -> None:
    rules = preset("colonel").but(challenge=True)
    camper = TableCamper(rules, 2)
    held = 0
    for view in positions_with(rules, ("camper", "normal"), 6):
        if view.player != 0:
            continue
        legal = view.legal_actions
        choice = camper.choose(view, legal)
        assert choice != Challenge()
        plays = [a for a in legal if isinstance(a, LayMeld | LayOff)]
        if plays and view.stock_size > camper.late and not camper.can_go_out(to_mask(view.hand)):
            assert not isinstance(choice, LayMeld | LayOff)
            held += 1
    assert held > 0


@pytest.mark.slow
def test_the_table_casual_player_misses_lay_offs_and_challenges_low() -> None:
    rules = preset("colonel").but(challenge=True)
    casual, normal = TableCasual(rules, 5), TableBot(rules, 5, Level.NORMAL)
    could = missed = challenged = 0
    for view in positions_with(rules, ("casual", "normal"), 10):
        if view.player != 0:
            continue
        legal = view.legal_actions
        choice: Action = casual.choose(view, legal)
        if Challenge() in legal:
            low = hand_count(view.hand, rules) <= casual.challenge_at
            assert (choice == Challenge()) == low
            challenged += low
        if view.phase is Phase.CHALLENGED:
            assert choice in (Accept(), Decline())
        if isinstance(normal.choose(view, legal), LayOff):
            for seed in range(8):  # each position, with the mistakes of eight players
                could += 1
                missed += not isinstance(TableCasual(rules, seed).choose(view, legal), LayOff)
    # a lay-off normal makes is missed about one time in four
    assert could >= 100 and 0.1 <= missed / could <= 0.45, (missed, could)
    assert challenged > 0


@pytest.mark.slow
@pytest.mark.parametrize(("opponent", "eager"), [("camper", False), ("eaai-simple", True)])
def test_hard_reads_the_opponents_style_from_the_finished_hands(opponent: str, eager: bool) -> None:
    from ginrummies.ai.reading import read
    from ginrummies.core import solver_for

    rules = preset("gin")
    solver = solver_for(rules)
    reads = []
    for seed in range(14):
        game = Game(rules, seed, first_dealer=seed % 2)
        bots = (make_bot("normal", rules, seed), make_bot(opponent, rules, seed + 1))
        play_on(game, bots, (BotStats("a"), BotStats("b")), max_hands=4)
        if not game.is_over:
            game.next_hand()  # the fifth hand dealt: four finished behind it
        view = game.view(0)
        assert read(Game(rules, seed).view(0), solver).eager == 0.5  # no evidence yet
        reads.append(read(view, solver))
    # every game that showed something points the right way
    shown = [r for r in reads if r.held + r.high_knocks]
    assert len(shown) >= 4, reads
    for r in shown:
        assert (r.eager > 0.5) if eager else (r.eager < 0.5), r
