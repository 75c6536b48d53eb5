"""Hints argue for their own move, and what they say of the other player holds.

Random positions of every variant are walked; in each, the figures a reason
compares must favour the move ranked higher, "safe" is never said of a
discard when a knock is ranked better, the stated chances use the words of
``odds.CHANCE_WORDS``, and what a hint says the other player will do with
an offered card agrees with what the bots do. What a reason says of a
meld, of the unmelded points after accepting an offer, and of the cards
that could be laid off on a knock is checked against the rules.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest
from helpers import positions as walk
from helpers import quick_hint as hint

from ginrummies.ai import make_bot
from ginrummies.ai.hints import Hint
from ginrummies.ai.odds import CHANCE_WORDS, chance_words, knock_risk, take_chance
from ginrummies.ai.tablebot import declined, stale_offer
from ginrummies.ai.tracking import remember
from ginrummies.core import (
    PRESETS,
    Accept,
    Action,
    Discard,
    DrawStock,
    Family,
    Hand,
    Knock,
    Meld,
    Offer,
    Pass,
    Phase,
    PlayerView,
    RuleSet,
    TakeDiscard,
    deadwood,
    layoff_targets,
    make_meld,
    meld_kind,
    parse_cards,
    preset,
)
from ginrummies.core.levels import Level

VARIANTS = sorted(PRESETS)
WORDS = "|".join(re.escape(w) for _, w in CHANCE_WORDS)


def positions(rules: RuleSet, seed: int) -> Iterator[tuple[Hand, PlayerView, list[Action]]]:
    """Every position of one hand between two ``normal`` bots that now and
    then play a random move."""
    return walk(rules, seed, "normal", 0.15)


def draw_figures(reason: str) -> tuple[float, float] | None:
    """(after taking the top, after a blind draw) as a draw or take reason says them."""
    found = re.search(r"(\d+)(?: unmelded points)? with \S+ against ([\d.]+) on average", reason)
    return (float(found.group(1)), float(found.group(2))) if found else None


def draw_problems(hints: list[Hint]) -> list[str]:
    """The take and the draw (stock) reasons must favour whichever is ranked higher."""
    order = [h.action for h in hints]
    stay = DrawStock() if DrawStock() in order else Pass()  # the upcard may be passed
    if TakeDiscard() not in order or stay not in order:
        return []
    take = hints[order.index(TakeDiscard())]
    draw = hints[order.index(stay)]
    out = []
    for h in (take, draw) if stay == DrawStock() else (take,):
        figures = draw_figures(h.reason)
        if figures is None:
            # the top's own grounds, or the judge's played-out figure
            if not re.search(r"knock|gin|played out over \d+ deals", h.reason):
                out.append(f"no figures in {h.reason!r}")
            continue
        after, blind = figures
        if order.index(TakeDiscard()) < order.index(stay):
            grounds = after <= blind or re.search(r"knock|gin|played out over", h.reason)
        else:  # the stock first: its figures favour it, or the reason says what else does
            grounds = blind <= after or re.search(r"not worth showing|only near a knock", h.reason)
        if not grounds:
            out.append(f"the figures argue for the other draw: {h.reason!r}")
    return out


def discard_problems(view: PlayerView, hints: list[Hint]) -> list[str]:
    out = []
    knock_at = next((i for i, h in enumerate(hints) if isinstance(h.action, Knock)), None)
    for i, h in enumerate(hints):
        below = knock_at is not None and knock_at < i
        if isinstance(h.action, Discard) and below and "less likely to help" in h.reason:
            out.append(f"'safe' said of a discard below a knock: {h.reason!r}")
        if isinstance(h.action, Knock) and h.action.discard is not None:
            risk = knock_risk(view, h.action)
            if risk is None:
                continue
            found = re.search(rf"undercuts you .*?: ({WORDS}) \((\d+)%\)", h.reason)
            if not found:
                out.append(f"a knock without its undercut risk in words: {h.reason!r}")
            elif found.group(1) != chance_words(risk) or int(found.group(2)) != round(100 * risk):
                out.append(f"the risk is {risk:.2f}, the words say {found.group(0)!r}")
    return out


@pytest.mark.slow
@pytest.mark.parametrize("variant", [v for v in VARIANTS if preset(v).family is Family.GIN])
def test_gin_family_reasons_argue_for_the_move_ranked_higher(variant: str) -> None:
    rules = preset(variant)
    bad: list[str] = []
    draws = knocks = 0
    for seed in range(6):
        for _, view, legal in positions(rules, seed):
            if len(legal) < 2:
                continue
            hints = hint(view, legal)
            bad += draw_problems(hints)
            bad += discard_problems(view, hints)
            draws += TakeDiscard() in legal and DrawStock() in legal
            knocks += any(isinstance(a, Knock) and a.discard is not None for a in legal)
    assert draws >= 20 and knocks >= 3, (draws, knocks)
    assert not bad, "\n".join(bad[:10])


@pytest.mark.slow
def test_the_hard_hint_never_calls_a_discard_safe_below_a_knock() -> None:
    """And when it plays on rather than knock, its figures say why."""
    rules = preset("gin")
    checked = 0
    for seed in range(12):
        for _, view, legal in positions(rules, seed):
            if not any(isinstance(a, Knock) and a.discard is not None for a in legal):
                continue
            hints = hint(view, legal, level=Level.HARD)
            problems = discard_problems(view, hints)
            assert not problems, problems
            first = hints[0]
            if isinstance(first.action, Discard):  # it says why not to knock, in figures
                found = re.search(
                    r"playing on averages ([+-][\d.]+) points, knocking now ([+-][\d.]+)",
                    first.reason,
                )
                short = re.search(
                    r"knocking now averages only [\d.]+ points more .* short of", first.reason
                )
                few = "waiting to lower it is safer" in first.reason  # too few deals to judge
                favours = found and float(found.group(1)) >= float(found.group(2))
                assert short or favours or few, first.reason
            checked += 1
            break
    assert checked >= 5


def test_colonel_draw_reasons_argue_for_the_move_ranked_higher() -> None:
    rules = preset("colonel")
    bad: list[str] = []
    draws = 0
    for seed in range(6):
        for _, view, legal in positions(rules, seed):
            if view.phase is Phase.DRAW and TakeDiscard() in legal:
                bad += draw_problems(hint(view, legal))
                draws += 1
    assert draws >= 20
    assert not bad, "\n".join(bad[:10])


@pytest.mark.slow
def test_what_an_offer_hint_says_of_the_other_player_is_what_the_bots_do() -> None:
    """Against ``normal`` (or a person) the hint's take chance is
    ``normal``'s answer: an offer it calls very unlikely to be taken is
    seldom taken, and a card for their own table meld always is. Answers
    are hinted as ``normal`` answers."""
    rules = preset("skarney")
    offers = fits = 0
    unlikely: list[bool] = []  # accepted, of those called "very unlikely"
    bad: list[str] = []
    for seed in range(4):
        bot = make_bot("normal", rules, seed)
        for hand, view, legal in positions(rules, seed):
            if view.phase is Phase.RESPOND:
                first = hint(view, legal)[0]
                if first.action != bot.choose(view, legal):
                    bad.append(f"the answer hinted is not the bot's: {first.reason!r}")
                continue
            for h in hint(view, legal, opponent=Level.NORMAL):
                if not isinstance(h.action, Offer):
                    continue
                found = re.search(rf"that they take it: ({WORDS}) \((\d+)%\)", h.reason)
                assert found, h.reason
                asked = hand.replay()
                asked.apply(h.action)
                them = asked.to_move
                assert them is not None
                theirs = asked.view(them)
                mine = [t.meld for t in theirs.table.melds if t.owner == them]
                fit = any(h.action.card in layoff_targets(m, rules) for m in mine)
                taken = bot.choose(theirs, asked.legal_actions()) == Accept()
                if fit and not taken:
                    bad.append(f"normal declined a card for its own meld: {h.reason!r}")
                if found.group(1) == "very unlikely":
                    unlikely.append(taken)
                offers += 1
                fits += fit
    assert offers >= 50 and fits >= 1 and len(unlikely) >= 50, (offers, fits, len(unlikely))
    assert not bad, "\n".join(bad[:10])
    assert sum(unlikely) <= 0.1 * len(unlikely), f"{sum(unlikely)} of {len(unlikely)} taken"


@pytest.mark.slow
def test_the_take_chance_against_hard_is_what_hard_does() -> None:
    """``hard`` answers by playing the hand out (it declines many cards for
    its own melds: taking one only helps the offerer out), and the take
    chance against it is judged its way: what is called unlikely it seldom
    takes, what is called likely it mostly takes, and on the whole it takes
    as often as it is said to. Each offer hint quotes that chance."""
    rules = preset("skarney")
    cases: list[tuple[float, bool]] = []  # (stated, hard accepted)
    quoted = 0
    for seed in range(3):
        hard = make_bot("hard", rules, seed, samples=12)
        for hand, view, legal in positions(rules, seed):
            offers = [a for a in legal if isinstance(a, Offer)]
            if view.phase is not Phase.PLAY or not offers:
                continue
            rng = random.Random(len(view.history))
            for offer in rng.sample(offers, min(2, len(offers))):
                stated = take_chance(view, offer.card, opponent=Level.HARD)
                asked = hand.replay()
                asked.apply(offer)
                them = asked.to_move
                assert them is not None
                taken = hard.choose(asked.view(them), asked.legal_actions()) == Accept()
                cases.append((stated, taken))
            if quoted < 2 and len(offers) <= 4:
                said = {h.action: h.reason for h in hint(view, legal, opponent=Level.HARD)}
                for offer in offers:
                    chance = take_chance(view, offer.card, opponent=Level.HARD)
                    words = f"that they take it: {chance_words(chance)} ({chance:.0%})"
                    assert words in said[offer], said[offer]
                quoted += 1
    low = [t for s, t in cases if s < 0.2]
    high = [t for s, t in cases if s >= 0.6]
    assert quoted == 2 and len(low) >= 20 and len(high) >= 10, (quoted, len(low), len(high))
    assert sum(low) <= 0.15 * len(low), f"took {sum(low)} of {len(low)} called unlikely"
    assert sum(high) >= 0.5 * len(high), f"took {sum(high)} of {len(high)} called likely"
    stated = sum(s for s, _ in cases) / len(cases)
    observed = sum(t for _, t in cases) / len(cases)
    assert abs(stated - observed) <= 0.08, (stated, observed, len(cases))


@pytest.mark.slow
def test_a_declined_card_is_not_offered_again_while_nothing_changes() -> None:
    """Against a player who declines everything, ``normal``, ``hard`` and the
    hint each offer a card declined before only once nothing else is left,
    or once the other player's table melds have changed so that it fits."""
    rules = preset("skarney")
    seen = 0
    for seed in range(4):
        hand = Hand.deal(rules, seed % 2, seed=seed)
        bots = [make_bot("normal", rules, seed), make_bot("camper", rules, seed)]
        hard = make_bot("hard", rules, seed)
        while not hand.is_over:
            player = hand.to_move
            assert player is not None
            view = hand.view(player)
            legal = hand.legal_actions()
            offers = [a for a in legal if isinstance(a, Offer)]
            if player == 0 and offers and declined(view):
                fresh = [a for a in offers if not stale_offer(view, a.card)]
                picks = {
                    "normal": bots[0].choose(view, legal),
                    "hard": hard.choose(view, legal),
                    "hint": hint(view, legal)[0].action,
                }
                for who, pick in picks.items():
                    if isinstance(pick, Offer) and fresh:
                        assert not stale_offer(view, pick.card), (who, pick, declined(view))
                seen += 1
            hand.apply(bots[player].choose(view, legal))
    assert seen >= 10


@pytest.mark.slow
def test_a_meld_is_said_to_stay_a_meld_only_when_its_other_cards_still_meld() -> None:
    """ "[Q♥ K♣ A♠] stays a meld without A♠" was said of a meld left with two cards."""
    said = 0
    bad: list[str] = []
    for variant in VARIANTS:
        rules = preset(variant)
        for seed in range(3):
            for _, view, legal in positions(rules, seed):
                if len(legal) < 2:
                    continue
                for h in hint(view, legal):
                    for found in re.finditer(r"\[([^\]]+)\] stays a meld without (\S+)", h.reason):
                        gone = parse_cards(found.group(2))[0]
                        rest = [c for c in parse_cards(found.group(1)) if c != gone]
                        said += 1
                        if meld_kind(rest, rules) is None:
                            bad.append(f"{variant}: {h.reason!r}")
    assert said >= 20, said
    assert not bad, "\n".join(bad[:10])


def test_an_accept_hint_states_the_unmelded_points_the_hand_has_after_accepting() -> None:
    """The figure an accept hint gives is the engine's count of the hand
    with the card, not the count before it."""
    rules = preset("skarney")
    checked = 0
    bad: list[str] = []
    for seed in range(8):
        for hand, view, legal in positions(rules, seed):
            if view.phase is not Phase.RESPOND or Accept() not in legal:
                continue
            said = next(h.reason for h in hint(view, legal) if h.action == Accept())
            found = re.search(r"unmelded points (?:stay (\d+)|\d+ to (\d+))", said)
            if not found:
                continue
            asked = hand.replay()
            asked.apply(Accept())
            held = asked.view(view.player).hand
            true = deadwood(held, rules, discard=False)
            if int(found.group(1) or found.group(2)) != true:
                bad.append(f"{true} unmelded after accepting: {said!r}")
            checked += 1
    assert checked >= 15, checked
    assert not bad, "\n".join(bad[:10])


def reachable(melds: tuple[Meld, ...], free: int, rules: RuleSet) -> int:
    """The cards of ``free`` that could go onto ``melds``, one after another
    (a run grows a step at a time), found by growing each meld every way."""
    got = 0
    for meld in melds:
        todo, done = [meld], {meld.mask}
        while todo:
            now = todo.pop()
            for card in layoff_targets(now, rules):
                if card.bit & free and card.bit & ~now.mask:
                    got |= card.bit
                    grown = make_meld((*now.cards, card), rules)
                    if grown.mask not in done:
                        done.add(grown.mask)
                        todo.append(grown)
    return got


@pytest.mark.slow
@pytest.mark.parametrize("variant", [v for v in VARIANTS if preset(v).family is Family.GIN])
def test_a_knock_hint_counts_the_unseen_cards_that_could_be_laid_off(variant: str) -> None:
    """Every knock that can be undercut says how many unseen cards could be
    laid off on its melds, counting those that fit only after another
    lay-off (a card of the other hand, seen or not, may lead the way)."""
    rules = preset(variant)
    knocks = 0
    bad: list[str] = []
    for seed in range(6):
        for _, view, legal in positions(rules, seed):
            if not any(isinstance(a, Knock) and a.discard is not None for a in legal):
                continue
            memory = remember(view)
            for h in hint(view, legal):
                if not isinstance(h.action, Knock) or knock_risk(view, h.action) is None:
                    continue
                theirs = memory.unseen | memory.opp_known
                got = reachable(h.action.melds, theirs, rules)
                want = (got & memory.unseen).bit_count()
                found = re.search(r"(\d+) unseen cards? could be laid off", h.reason)
                said = int(found.group(1)) if found else 0
                if said != want:
                    bad.append(f"{want} unseen cards could be laid off: {h.reason!r}")
                held = got & memory.opp_known
                named = re.search(r"the other hand holds (.+?), which could be laid off", h.reason)
                cards = (
                    parse_cards(named.group(1).replace(",", " ").replace(" and ", " "))
                    if named
                    else []
                )
                if sum(c.bit for c in cards) != held:
                    bad.append(f"{held.bit_count()} known cards could be laid off: {h.reason!r}")
                knocks += 1
    assert knocks >= 3, knocks
    assert not bad, "\n".join(bad[:10])
