"""The engine still plays the golden games of tests/golden/ move for move,
and every score in them is the one RULES.md gives, counted independently.

``python tests/golden_play.py`` rewrites the golden files from the engine, so
a comparison with them alone would pass any change of scoring once they were
regenerated. The count below is independent of the engine. It rebuilds each
hand's final position from the recorded deal and actions with plain card
arithmetic (the shuffled deck comes from the seed, checked against the
recorded deal, stock size and discard pile at every step). It finds melds,
deadwood and lay-offs by brute force (tests/oracle.py). It scores with the
figures of RULES.md, written out here and not read from the presets. The
scorer, the defender's solver and the meld solver of ginrummies.core are
not used. The count must equal the golden file and the engine's replay.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

import golden_play
import pytest
from golden_play import CASES, path_for, playthrough
from oracle import (
    MeldRules,
    PlainCard,
    is_meld,
    is_run,
    layoff_choices,
    parse,
    spreads,
    total,
)

from ginrummies.core import Game, RuleSet, action_from_data, hand_deck, preset


@pytest.mark.parametrize(("name", "seed"), CASES)
def test_golden_playthrough(name: str, seed: int) -> None:
    expected = json.loads(path_for(name).read_text())
    assert playthrough(name, seed) == expected


@pytest.mark.parametrize(("name", "seed"), CASES)
def test_golden_logs_replay_to_the_same_settlement(name: str, seed: int) -> None:
    data = json.loads(path_for(name).read_text())
    log = [[action_from_data(s[1]) for s in h["steps"]] for h in data["hands"]]
    game = Game.replay(preset(name), seed, log, first_dealer=data["first_dealer"])
    assert game.result is not None
    assert game.result.breakdown() == data["game"]


# --- the scoring of RULES.md, written out -----------------------------------------


@dataclass(frozen=True)
class Scoring:
    """One variant's scoring as RULES.md sections 2-4 state it."""

    family: str  # "gin", "skarney" or "colonel"
    melds: MeldRules
    target: int
    knock_limit: int | None = None  # None: the value of the upcard
    ace_upcard_limit: int = 1  # the knock limit when that upcard is an ace (0: gin only)
    spade_doubles: bool = False
    gin_bonus: int = 0
    undercut_bonus: int = 0
    knocker_scores_all: bool = False  # D, not D - K
    big_gin_bonus: int | None = None  # None: big gin is not played
    sequence_bonuses: bool = False
    game_bonus: int = 0
    box_bonus: int = 0
    extra_boxes: bool = False  # Oklahoma: undercut 1, gin 2, doubled on a spade
    shutout_doubles: bool = False


GIN_MELDS = MeldRules(sets=True, runs=True, ace="low", ace_value=1)
SKARNEY_OUT_BONUS = 20  # RULES.md 3: + 20, or + 40 if the opponent has no contract
SKARNEY_NO_CONTRACT_BONUS = 40

SCORING = {
    # RULES.md 2.3, the table
    "gin": Scoring(
        "gin",
        GIN_MELDS,
        target=100,
        knock_limit=10,
        gin_bonus=25,
        undercut_bonus=25,
        game_bonus=100,
        box_bonus=25,
        shutout_doubles=True,
    ),
    "oklahoma": Scoring(
        "gin",
        GIN_MELDS,
        target=150,
        ace_upcard_limit=0,
        spade_doubles=True,
        gin_bonus=25,
        undercut_bonus=25,
        game_bonus=100,
        box_bonus=25,
        extra_boxes=True,
        shutout_doubles=True,
    ),
    "fosdick": Scoring(
        "gin",
        GIN_MELDS,
        target=100,
        gin_bonus=20,
        undercut_bonus=20,
        knocker_scores_all=True,
        big_gin_bonus=20,
    ),
    "sequence": Scoring(
        "gin",
        MeldRules(sets=False, runs=True, ace="low", ace_value=1),
        target=100,
        gin_bonus=20,
        undercut_bonus=20,
        knocker_scores_all=True,
        big_gin_bonus=20,
        sequence_bonuses=True,
    ),
    # the EAAI-2021 challenge's game: Gin Rummy's hand score to 100, no bonuses
    "eaai": Scoring("gin", GIN_MELDS, target=100, knock_limit=10, gin_bonus=25, undercut_bonus=25),
    # RULES.md 3 and 4
    "skarney": Scoring(
        "skarney",
        MeldRules(sets=True, runs=True, poker_melds=True, ace="low_or_high", ace_value=15),
        target=200,
    ),
    "colonel": Scoring("colonel", MeldRules(ace="high", ace_value=10), target=100),
}


@dataclass
class Count:
    """One hand as the independent count sees it (players 0 and 1)."""

    outcome: str  # the engine's Outcome values: knock, undercut, gin, ...
    winner: int | None = None
    points: list[int] = field(default_factory=lambda: [0, 0])
    boxes: list[int] = field(default_factory=lambda: [0, 0])
    bonuses: list[int] = field(default_factory=lambda: [0, 0])  # Sequence Gin
    counts: list[int] = field(default_factory=lambda: [0, 0])  # deadwood or hand total
    held: list[set[PlainCard]] = field(default_factory=lambda: [set(), set()])


def run_bonus(melds: list[frozenset[PlainCard]], rules: MeldRules) -> int:
    """RULES.md 2.4: a point per card in each run of 6+, a point per J, Q or K in a run."""
    bonus = 0
    for m in melds:
        if is_run(m, rules):
            bonus += (len(m) if len(m) >= 6 else 0) + sum(1 for c in m if c.rank >= 11)
    return bonus


def best_defence(
    cards: set[PlainCard], table: list[frozenset[PlainCard]], spec: Scoring, layoffs: bool
) -> tuple[int, int]:
    """(D, the defender's run bonus): the least final deadwood over every choice
    of own melds and lay-offs; among equals, the larger Sequence Gin bonus."""
    hand = sorted(cards)
    best: tuple[int, int] | None = None
    for laid in layoff_choices(hand, table, spec.melds) if layoffs else [frozenset()]:
        rest = [c for c in hand if c not in laid]
        whole = total(rest, spec.melds)
        for spread in spreads(rest, spec.melds):
            dead = whole - sum(total(m, spec.melds) for m in spread)
            bonus = run_bonus(list(spread), spec.melds) if spec.sequence_bonuses else 0
            if best is None or (dead, -bonus) < best:
                best = (dead, -bonus)
    assert best is not None
    return best[0], -best[1]


def knock_limit(spec: Scoring, upcard: PlainCard) -> int:
    """RULES.md 2.3: 10, or the value of the upcard (an ace: 1, or gin only)."""
    if spec.knock_limit is not None:
        return spec.knock_limit
    if upcard.rank == 1:
        return spec.ace_upcard_limit
    return min(upcard.rank, 10)


def count_knock(spec: Scoring, record: dict[str, Any], held: list[set[PlainCard]]) -> Count:
    """Score a knock, gin or big gin (RULES.md 2.2-2.4)."""
    knocker, data = record["steps"][-1][0], record["steps"][-1][1]
    defender = 1 - knocker
    rules = spec.melds
    upcard = parse(record["upcard"])
    limit = knock_limit(spec, upcard)
    assert record["knock_limit"] == limit
    melds = [frozenset(parse(c) for c in m["cards"]) for m in data["melds"]]
    assert all(is_meld(m, rules) for m in melds), "the knocker spread a non-meld"
    melded = frozenset().union(*melds)
    assert sum(map(len, melds)) == len(melded) <= len(held[knocker])
    assert melded <= held[knocker], "the knocker spread cards they do not hold"
    k = total(held[knocker] - melded, rules)
    assert k <= limit
    big = data["discard"] is None
    assert len(held[knocker]) == (11 if big else 10)
    assert not big or (spec.big_gin_bonus is not None and k == 0)
    gin = not big and k == 0
    d, defender_bonus = best_defence(held[defender], melds, spec, layoffs=not (gin or big))
    if big:
        assert spec.big_gin_bonus is not None
        outcome, winner, base, extra = "big gin", knocker, spec.big_gin_bonus + d, 2
    elif gin:
        outcome, winner, base, extra = "gin", knocker, spec.gin_bonus + d, 2
    elif k < d:
        base = d if spec.knocker_scores_all else d - k
        outcome, winner, extra = "knock", knocker, 0
    else:  # a tie is an undercut
        outcome, winner, base, extra = "undercut", defender, k - d + spec.undercut_bonus, 1
    if spec.spade_doubles and upcard.suit == "s":
        base, extra = base * 2, extra * 2
    count = Count(outcome, winner, held=held)
    count.points[winner] = base
    if spec.sequence_bonuses:
        count.bonuses[knocker] = run_bonus(melds, rules)
        count.bonuses[defender] = defender_bonus
        count.points = [p + b for p, b in zip(count.points, count.bonuses, strict=True)]
    if spec.box_bonus:
        count.boxes[winner] = 1 + (extra if spec.extra_boxes else 0)
    count.counts[knocker], count.counts[defender] = k, d
    return count


def count_hand(spec: Scoring, deck: list[PlainCard], record: dict[str, Any]) -> Count:
    """Rebuild the hand from its deal and steps, then score how it ended."""
    rules = spec.melds
    dealer = record["dealer"]
    held: list[set[PlainCard]] = [set(), set()]
    for i, card in enumerate(deck[:20]):  # one at a time, non-dealer first
        held[1 - dealer if i % 2 == 0 else dealer].add(card)
    assert [sorted(c.code for c in h) for h in held] == [sorted(h) for h in record["cards"]]
    pile = [] if spec.family == "skarney" else [deck[20]]
    stock = deck[20:] if spec.family == "skarney" else deck[21:]
    if spec.family == "gin":
        assert record["upcard"] == deck[20].code
    table: list[frozenset[PlainCard]] = []
    contracts = [False, False]
    offered: PlainCard | None = None
    challenger: int | None = None
    challenge_accepted = False
    for player, data, _legal, stock_size, top in record["steps"]:
        kind = data["type"]
        mine = held[player]
        if kind == "draw":
            mine.add(stock.pop(0))
        elif kind == "take":
            mine.add(pile.pop())
        elif kind == "discard" or (kind == "knock" and data["discard"] is not None):
            card = parse(data["card"] if kind == "discard" else data["discard"])
            mine.remove(card)
            pile.append(card)
        elif kind in ("meld", "contract"):
            melds = [data["meld"]] if kind == "meld" else data["melds"]
            for m in melds:
                cards = frozenset(parse(c) for c in m["cards"])
                assert is_meld(cards, rules) and cards <= mine
                assert kind == "meld" or len(cards) == 3
                mine -= cards
                table.append(cards)
            contracts[player] |= kind == "contract"
        elif kind == "layoff":
            card = parse(data["card"])
            grown = table[data["target"]] | {card}
            assert is_meld(grown, rules)
            mine.remove(card)
            table[data["target"]] = grown
        elif kind == "offer":
            offered = parse(data["card"])
            assert offered in mine
        elif kind == "challenge":
            challenger = player
        elif kind in ("accept", "decline"):
            if offered is not None and kind == "accept":
                held[1 - player].remove(offered)
                mine.add(offered)
            challenge_accepted = offered is None and challenger is not None and kind == "accept"
            offered = challenger = None
        else:
            assert kind in ("pass", "end", "knock"), kind
        assert len(stock) == stock_size
        assert (pile[-1].code if pile else None) == top
    last = record["steps"][-1][1]["type"]
    totals = [total(held[0], rules), total(held[1], rules)]

    if spec.family == "gin":
        if last == "knock":
            return count_knock(spec, record, held)
        assert last == "discard" and len(stock) <= 2  # the stock of two
        return Count("cancelled", held=held)

    count = Count("stock", counts=totals, held=held)
    out = [p for p in (0, 1) if not held[p]]
    if out:  # going out: the cards left in the opponent's hand
        count.outcome, (p,) = "out", out
        count.points[p] = totals[1 - p]
        if spec.family == "skarney":
            count.points[p] += SKARNEY_OUT_BONUS if contracts[1 - p] else SKARNEY_NO_CONTRACT_BONUS
    elif challenge_accepted:  # the lower total scores the whole of the other
        count.outcome = "challenge"
        if totals[0] != totals[1]:
            low = totals.index(min(totals))
            count.points[low] = totals[1 - low]
    else:  # the stock's end: the lower total scores the difference
        if spec.family == "skarney":
            assert last == "end" and len(stock) == 2
        else:
            assert last == "discard" and not stock
        if totals[0] != totals[1]:
            low = totals.index(min(totals))
            count.points[low] = totals[1 - low] - totals[low]
    if count.points[0] != count.points[1]:
        count.winner = 0 if count.points[0] > count.points[1] else 1
    return count


@dataclass
class Settlement:
    winner: int
    hand_points: list[int]
    game_bonus: int
    boxes: list[int]
    box_points: list[int]
    shutout: bool
    totals: list[int]
    settlement: int


def count_game(spec: Scoring, counts: list[Count]) -> Settlement:
    """RULES.md 2.3: to the target; hand points, game bonus, boxes; a shutout doubles."""
    scores, boxes = [0, 0], [0, 0]
    for n, c in enumerate(counts, 1):
        scores = [s + p for s, p in zip(scores, c.points, strict=True)]
        boxes = [b + x for b, x in zip(boxes, c.boxes, strict=True)]
        reached, last = max(scores) >= spec.target, n == len(counts)
        assert reached == last, f"hand {n} of {len(counts)}: totals {scores}, target {spec.target}"
    assert scores[0] != scores[1]
    w = 0 if scores[0] > scores[1] else 1
    shutout = spec.shutout_doubles and scores[1 - w] == 0
    box_points = [b * spec.box_bonus for b in boxes]
    totals = [s + b for s, b in zip(scores, box_points, strict=True)]
    totals[w] += spec.game_bonus
    if shutout:
        totals[w] *= 2
    return Settlement(
        w, scores, spec.game_bonus, boxes, box_points, shutout, totals, totals[w] - totals[1 - w]
    )


# --- what the golden files and the engine say --------------------------------------

SCORES = re.compile(r"Player ([12]) scores (\d+)\.")
BOXES = re.compile(r"Boxes: (.*)")
BONUSES = re.compile(r"Sequence bonuses: Player 1 \+(\d+), Player 2 \+(\d+)")
GAME_HEAD = re.compile(r"Player ([12]) wins the game, (\d+) to (\d+)\.")
GAME_LINE = re.compile(
    r"Player ([12]): hands (\d+)(?: \+ game bonus (\d+))?(?: \+ (\d+) boxes (\d+))?"
    r" = (\d+)(?:; shutout, doubled: (\d+))?"
)
GAME_TAIL = re.compile(r"Settlement: (\d+) − (\d+) = (\d+)")


def golden_hand(record: dict[str, Any]) -> dict[str, list[int]]:
    """The points, boxes and Sequence bonuses a golden hand's result states."""
    out = {"points": [0, 0], "boxes": [0, 0], "bonuses": [0, 0]}
    for line in record["result"]:
        if m := SCORES.fullmatch(line):
            out["points"][int(m[1]) - 1] = int(m[2])
        elif m := BOXES.fullmatch(line):
            for part in m[1].split(", "):
                who, n = part.rsplit(" ", 1)
                out["boxes"][int(who.removeprefix("Player ")) - 1] = int(n)
        elif m := BONUSES.fullmatch(line):
            out["bonuses"] = [int(m[1]), int(m[2])]
    return out


def golden_game(lines: list[str]) -> dict[str, Any]:
    """The settlement a golden file's game result states, read back into numbers."""
    head, *players, tail = lines
    m = GAME_HEAD.fullmatch(head)
    assert m, head
    w = int(m[1]) - 1
    out: dict[str, Any] = {
        "winner": w,
        "hand_points": [0, 0],
        "game_bonus": 0,
        "box_points": [0, 0],
        "totals": [0, 0],
        "shutout": False,
    }
    out["hand_points"][w], out["hand_points"][1 - w] = int(m[2]), int(m[3])
    for line in players:
        m = GAME_LINE.fullmatch(line)
        assert m, line
        p = int(m[1]) - 1
        assert out["hand_points"][p] == int(m[2])
        if m[3]:
            out["game_bonus"] = int(m[3])
        if m[5]:
            out.setdefault("boxes", [0, 0])[p] = int(m[4])
            out["box_points"][p] = int(m[5])
        out["totals"][p] = int(m[7] or m[6])
        out["shutout"] |= m[7] is not None
    m = GAME_TAIL.fullmatch(tail)
    assert m, tail
    assert [int(m[1]), int(m[2])] == [out["totals"][w], out["totals"][1 - w]]
    out["settlement"] = int(m[3])
    return out


def check_game(data: dict[str, Any], rules: RuleSet) -> tuple[list[Count], Settlement]:
    """Count every hand and the game of ``data`` independently; compare the
    count with the file's own figures and with the engine's replay of it."""
    spec = SCORING[data["rules"]]
    seed = data["seed"]
    log = [[action_from_data(s[1]) for s in h["steps"]] for h in data["hands"]]
    game = Game.replay(rules, seed, log, first_dealer=data["first_dealer"])
    counts = []
    dealer = data["first_dealer"]
    for n, record in enumerate(data["hands"]):
        where = f"{data['rules']} hand {n + 1}"
        # the deal alternates; a cancelled hand is dealt again by the same dealer
        assert record["dealer"] == dealer, where
        deck = [parse(c.code) for c in hand_deck(seed, n)]
        count = count_hand(spec, deck, record)
        counts.append(count)
        dealer = dealer if count.outcome == "cancelled" else 1 - dealer
        golden = golden_hand(record)
        assert count.points == golden["points"], where
        assert count.boxes == golden["boxes"], where
        assert count.bonuses == golden["bonuses"], where
        engine = game.results[n]
        assert [sorted(c.code for c in game.hands[n].cards_of(p)) for p in (0, 1)] == [
            sorted(c.code for c in h) for h in count.held
        ], where
        assert engine.outcome.value == count.outcome, where
        assert list(engine.points) == count.points, where
        assert list(engine.boxes) == count.boxes, where
        bonuses = engine.knock.bonuses if engine.knock else (0, 0)  # Sequence Gin's
        assert list(bonuses) == count.bonuses, where
        assert engine.winner == count.winner, where
        if count.outcome != "cancelled":
            assert list(engine.counts) == count.counts, where
    assert len(game.results) == len(counts)
    mine = count_game(spec, counts)
    golden = golden_game(data["game"])
    for key, value in golden.items():
        assert getattr(mine, key) == value, f"{data['rules']} game: {key}"
    engine_game = game.result
    assert engine_game is not None
    for key, value in vars(mine).items():
        assert getattr(engine_game, key) == (tuple(value) if isinstance(value, list) else value), (
            f"{data['rules']} game: {key}"
        )
    return counts, mine


@pytest.mark.parametrize(("name", "seed"), CASES)
def test_golden_scores_match_an_independent_count(name: str, seed: int) -> None:
    data = json.loads(path_for(name).read_text())
    assert (data["rules"], data["seed"]) == (name, seed)
    check_game(data, preset(name))


# the golden games have neither a Colonel challenge nor a shutout: two more
# games played the same way (not stored) take the count down those roads


def test_the_independent_count_scores_colonel_challenges(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = preset("colonel").but(challenge=True)
    monkeypatch.setattr(golden_play, "preset", lambda name: rules)
    counts, _ = check_game(playthrough("colonel", 8), rules)
    assert "challenge" in {c.outcome for c in counts}


def test_the_independent_count_settles_a_shutout() -> None:
    _, settlement = check_game(playthrough("gin", 40), preset("gin"))
    assert settlement.shutout
