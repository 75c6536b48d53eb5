"""Skarney playouts on rank counts: the search behind Skarney's ``hard``.

With poker melds in play (the rule book's Skarney) a card's suit never
matters: a meld is three or four of a rank or three or more consecutive
ranks in any suits, a lay-off needs only the rank, and values go by rank.
So a hand is packed as thirteen 3-bit counts (``pack``), the meld solver is
asked once per distinct count and remembered, and a whole hand plays out in
well under a millisecond. ``RankPlay`` plays a hand to its end from any
point of a turn, both players following ``normal``'s rules (lay the
contract and every meld at once, lay off, offer the card that leaves least
stuck and feeds the other least, accept a card that melds); the ``hard``
player in ``tablebot`` weighs each of its choices by the mean score of the
hand's end over guesses at the hidden cards.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..core import AcePolicy, RuleSet, run_window_set, solver_for

RANKS = 13
ACE = 0
NO_WAY = -(10**6)  # a rank DP branch that leaves a straight unfinished


def pack(mask: int) -> int:
    """The rank counts of a 52-bit card mask, 3 bits a rank (ace first)."""
    out = 0
    for suit in range(4):
        bits = mask >> (13 * suit) & 0x1FFF
        while bits:
            low = bits & -bits
            out += 1 << (3 * (low.bit_length() - 1))
            bits ^= low
    return out


def unpack(counts: int) -> int:
    """A card mask with these rank counts (suits filled from clubs up)."""
    mask = 0
    for r in range(RANKS):
        for s in range(counts >> (3 * r) & 7):
            mask |= 1 << (13 * s + r)
    return mask


def ranks_in(counts: int) -> list[int]:
    """The ranks held at least once."""
    return [r for r in range(RANKS) if counts >> (3 * r) & 7]


@dataclass(slots=True)
class TableMelds:
    """One player's melds on the table, as ranks: sets by rank and size,
    straights (runs and poker melds) as 13-bit rank windows."""

    sets: dict[int, int] = field(default_factory=dict)
    straights: list[int] = field(default_factory=list)

    def copy(self) -> TableMelds:
        return TableMelds(dict(self.sets), list(self.straights))


class RankRules:
    """The cached rank-level facts of one Skarney rule set (poker melds on)."""

    def __init__(self, rules: RuleSet) -> None:
        if not rules.poker_melds:
            raise ValueError("rank playouts need poker melds: without them suits matter")
        self.rules = rules
        self.solver = solver_for(rules)
        self.values = tuple(self.solver.tables.values)
        windows = run_window_set(rules.ace)
        self.windows = windows
        # the ranks that lengthen each straight by one card
        self.extend: dict[int, int] = {}
        for w in windows:
            ext = 0
            for r in range(RANKS):
                if not w >> r & 1 and (w | 1 << r) in windows:
                    ext |= 1 << r
            self.extend[w] = ext
        self.threes = [w for w in windows if w.bit_count() == 3]
        self._three_ranks = [tuple(r for r in range(RANKS) if w >> r & 1) for w in self.threes]
        # the aces of a hand that may stand high (position 13) in the rank DP
        self._splits: Callable[[int], range] | None = {
            AcePolicy.LOW: lambda aces: range(1),
            AcePolicy.HIGH: lambda aces: range(aces, aces + 1),
            AcePolicy.LOW_OR_HIGH: lambda aces: range(aces + 1),
        }.get(rules.ace)
        self._position_values = (*self.values, self.values[ACE])
        self._memo: dict[int, int] = {}
        self._stuck: dict[int, int] = {0: 0}
        self._offers: dict[int, tuple[int, tuple[tuple[float, int], ...]]] = {}
        self._total: dict[int, int] = {0: 0}
        self._arrange: dict[int, tuple[int, tuple[int, ...], tuple[int, ...]]] = {}
        self._contract: dict[int, tuple[int, tuple[int, ...], tuple[int, ...]] | None] = {}

    def trim(self) -> None:
        """Empty any cache grown past ``CACHE_LIMIT`` (memory stays bounded)."""
        for cache in (
            self._stuck,
            self._total,
            self._arrange,
            self._contract,
            self._memo,
            self._offers,
        ):
            if len(cache) > CACHE_LIMIT:
                cache.clear()
        self._stuck[0] = 0
        self._total[0] = 0

    def stuck(self, counts: int) -> int:
        """Points left in hand once the best melds are laid."""
        hit = self._stuck.get(counts)
        if hit is None:
            if self._splits is None:  # round the corner: the solver's search
                hit = self.solver.deadwood(unpack(counts))
            else:
                aces = counts & 7
                base = counts & ~7
                cover = max(
                    self._cover(0, 0, 0, 0, base | (aces - high) | (high << 39))
                    for high in self._splits(aces)
                )
                hit = self.total(counts) - cover
            self._stuck[counts] = hit
        return hit

    def _cover(self, pos: int, one: int, two: int, more: int, rest: int) -> int:
        """Most points the ranks from ``pos`` on can meld (``rest``: their
        counts, 3 bits each, the high ace at position 13), with ``one`` and
        ``two`` straights of one and two cards that must go on and ``more``
        of three or more that may (negative: no way to finish them)."""
        if pos == 14:
            return 0 if one == 0 and two == 0 else NO_WAY
        key = rest << 18 | pos << 12 | one << 8 | two << 4 | more
        hit = self._memo.get(key)
        if hit is not None:
            return hit
        n = rest & 7
        need = one + two
        best = NO_WAY
        if need <= n:
            value = self._position_values[pos]
            after = rest >> 3
            sets = self.rules.sets
            for go_on in range(more + 1):
                free = n - need - go_on
                if free < 0:
                    break
                for start in range(free + 1):
                    used = need + go_on + start
                    left = n - used
                    sub = self._cover(pos + 1, start, one, two + go_on, after)
                    if sub > NO_WAY:
                        melded = used + (left if sets and left >= 3 else 0)
                        best = max(best, melded * value + sub)
        self._memo[key] = best
        return best

    def present(self, counts: int) -> int:
        """The ranks held, as a 13-bit mask."""
        out = 0
        for r in range(RANKS):
            if counts >> (3 * r) & 7:
                out |= 1 << r
        return out

    def offers(self, counts: int) -> tuple[int, tuple[tuple[float, int], ...]]:
        """(cards held, each rank held with what offering it leaves stuck,
        best first: by stuck points, then the higher card)."""
        hit = self._offers.get(counts)
        if hit is None:
            ranks = ranks_in(counts)
            cards = sum(counts >> (3 * r) & 7 for r in ranks)
            # a sixteenth of the card's value breaks ties toward the higher card
            # without outweighing a single stuck point (values are at most 15)
            ranked = sorted(
                (self.stuck(counts - (1 << (3 * r))) - self.values[r] / 16, r) for r in ranks
            )
            hit = self._offers[counts] = (cards, tuple(ranked))
        return hit

    def total(self, counts: int) -> int:
        """The hand's whole count."""
        hit = self._total.get(counts)
        if hit is None:
            values = self.values
            hit = sum(values[r] * (counts >> (3 * r) & 7) for r in range(RANKS))
            self._total[counts] = hit
        return hit

    def arrange(self, counts: int) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
        """(the counts left, set ranks laid, straight windows laid) for the
        best melds of a hand."""
        hit = self._arrange.get(counts)
        if hit is None:
            arrangement = self.solver.arrange(unpack(counts))
            left = counts
            sets: list[int] = []
            straights: list[int] = []
            for meld in arrangement.melds:
                ranks = 0
                for card in meld.cards:
                    r = card.rank - 1
                    left -= 1 << (3 * r)
                    ranks |= 1 << r
                if ranks.bit_count() == 1:
                    sets.extend([ranks.bit_length() - 1] * len(meld.cards))
                else:
                    straights.append(ranks)
            hit = self._arrange[counts] = (left, tuple(sets), tuple(straights))
        return hit

    def contract(self, counts: int) -> tuple[int, tuple[int, ...], tuple[int, ...]] | None:
        """The contract (three melds of three) that leaves least stuck, as
        ``arrange`` gives it, or None when the hand holds none."""
        if counts in self._contract:
            return self._contract[counts]
        pieces: list[tuple[int, tuple[int, ...], int]] = []  # (counts, ranks, set rank or -1 - i)
        if self.rules.sets:
            for r in range(RANKS):
                if counts >> (3 * r) & 7 >= 3:
                    pieces.append((3 << (3 * r), (r, r, r), r))
        for i, ranks in enumerate(self._three_ranks):
            if all(counts >> (3 * r) & 7 for r in ranks):
                pieces.append((sum(1 << (3 * r) for r in ranks), ranks, -1 - i))
        best: tuple[int, tuple[int, ...], tuple[int, ...]] | None = None
        best_stuck = 1 << 30
        for trio in itertools.combinations_with_replacement(pieces, 3):
            need: dict[int, int] = {}
            for piece in trio:
                for r in piece[1]:
                    need[r] = need.get(r, 0) + 1
            if any(counts >> (3 * r) & 7 < k for r, k in need.items()):
                continue
            left = counts - trio[0][0] - trio[1][0] - trio[2][0]
            stuck = self.stuck(left)
            if stuck < best_stuck:
                sets = tuple(p[2] for p in trio if p[2] >= 0 for _ in range(3))
                straights = tuple(self.threes[-1 - p[2]] for p in trio if p[2] < 0)
                best, best_stuck = (left, sets, straights), stuck
        self._contract[counts] = best
        return best

    def targets(self, table: TableMelds) -> int:
        """The ranks (as a 13-bit mask) that lay off on these melds."""
        out = 0
        for r, size in table.sets.items():
            if size < 4:
                out |= 1 << r
        extend = self.extend
        for w in table.straights:
            out |= extend[w]
        return out


@dataclass(slots=True)
class Position:
    """A Skarney hand in the middle of play, on rank counts; player 0 is the
    one searching. ``stock`` holds ranks, next draw first."""

    hands: list[int]
    contracts: list[bool]
    tables: list[TableMelds]
    stock: list[int]
    no_back: list[int]  # the rank each player may not offer now (-1: none)
    skip: list[bool]  # accepted an ace: no draw next turn
    last_turn: bool = False

    def copy(self) -> Position:
        return Position(
            list(self.hands),
            list(self.contracts),
            [t.copy() for t in self.tables],
            list(self.stock),
            list(self.no_back),
            list(self.skip),
            self.last_turn,
        )


# one RankRules (and its caches) for each meld rule set, shared by every bot:
# the hands a game meets repeat, and the solver is the slow part
_SHARED: dict[tuple[object, ...], RankRules] = {}
CACHE_LIMIT = 400_000  # entries a cache may hold before it starts again


def rank_rules(rules: RuleSet) -> RankRules:
    """The shared ``RankRules`` of these rules (caches kept within bounds)."""
    key = (rules.sets, rules.runs, rules.poker_melds, rules.ace, rules.ace_value)
    rr = _SHARED.get(key)
    if rr is None:
        rr = _SHARED[key] = RankRules(rules)
    rr.trim()
    return rr


class RankPlay:
    """Plays Skarney hands out on rank counts, both players as ``normal``."""

    feed = 2.0  # stuck points a card that lays off on the other's melds is worth

    def __init__(self, rules: RuleSet) -> None:
        self.rr = rank_rules(rules)

    # --- the pieces of a turn ---------------------------------------------------------

    def wants(self, pos: Position, player: int, rank: int) -> bool:
        """Would ``player`` accept this rank (it melds, or lays off on their own)?"""
        rr = self.rr
        hand = pos.hands[player]
        if pos.contracts[player] and rr.targets(pos.tables[player]) >> rank & 1:
            return True
        return rr.stuck(hand + (1 << (3 * rank))) <= rr.stuck(hand)

    def offer_choice(
        self, pos: Position, player: int, draw_skipped: bool, refused: int = 0
    ) -> int | None:
        """The rank ``normal`` offers (None: no offer, the turn just ends)."""
        rr = self.rr
        hand = pos.hands[player]
        if pos.last_turn or hand == 0:
            return None
        cards, ranked = rr.offers(hand)
        if cards < 2:
            return None  # "last card"
        banned = pos.no_back[player]
        theirs = rr.targets(pos.tables[1 - player]) if pos.contracts[1 - player] else 0
        feed = self.feed
        for fresh_only in (True, False):  # a declined card again only if all were
            best, best_key = None, 0.0
            for key, r in ranked:
                if r == banned or (draw_skipped and r == ACE):
                    continue
                if fresh_only and refused >> r & 1:
                    continue
                if theirs >> r & 1:
                    key += feed
                if best is None or key < best_key:
                    best, best_key = r, key
            if best is not None:
                return best
        return None

    def meld_all(self, pos: Position, player: int) -> None:
        """Lay every meld of the hand, then every lay-off (two a meld)."""
        rr = self.rr
        hand = pos.hands[player]
        table = pos.tables[player]
        if rr.stuck(hand) < rr.total(hand):
            hand, sets, straights = rr.arrange(hand)
            for r in sets:
                table.sets[r] = table.sets.get(r, 0) + 1
            table.straights.extend(straights)
        if hand:
            hand = self.lay_off(hand, table)
        pos.hands[player] = hand

    def lay_off(self, hand: int, table: TableMelds) -> int:
        """Lay off what fits the player's own melds, at most two a meld."""
        extend = self.rr.extend
        for r, size in list(table.sets.items()):
            n = hand >> (3 * r) & 7
            if n and size < 4:
                k = min(n, 2, 4 - size)
                hand -= k << (3 * r)
                table.sets[r] = size + k
        straights = table.straights
        present = self.rr.present(hand)
        for i, w in enumerate(straights):
            laid = 0
            while laid < 2:
                fits = extend.get(w, 0) & present
                if not fits:
                    break
                r = (fits & -fits).bit_length() - 1
                hand -= 1 << (3 * r)
                if not hand >> (3 * r) & 7:
                    present &= ~(1 << r)
                w |= 1 << r
                laid += 1
            straights[i] = w
        return hand

    # --- a hand to its end ----------------------------------------------------------

    def score(self, pos: Position, out: int | None) -> float:
        """Player 0's points at the hand's end: ``out`` went out, or None for
        the stock's end."""
        rr = self.rr
        if out is None:
            return float(rr.total(pos.hands[1]) - rr.total(pos.hands[0]))
        other = 1 - out
        points = rr.total(pos.hands[other]) + (20 if pos.contracts[other] else 40)
        return float(points if out == 0 else -points)

    def respond(self, pos: Position, player: int, rank: int, accept: bool) -> int:
        """``player`` answers an offer of ``rank``; then it is their turn."""
        offerer = 1 - player
        if accept:
            pos.hands[offerer] -= 1 << (3 * rank)
            pos.hands[player] += 1 << (3 * rank)
            pos.skip[player] = rank == ACE
            pos.no_back[player] = rank
        pos.no_back[offerer] = -1
        return player

    def play(
        self,
        pos: Position,
        player: int,
        stage: str,
        rank: int = -1,
        draw_skipped: bool = False,
        refused: tuple[int, int] = (0, 0),
    ) -> float:
        """Play on from ``stage`` of ``player``'s turn to the hand's end:
        ``"turn"`` (its start), ``"meld"`` (drawn: meld, then offer),
        ``"offer"`` (melded: offer) or ``"answer"`` (``rank`` was offered to
        ``player``, who answers). ``refused``: ranks each player offered that
        were declined (not offered again soon). Player 0's points."""
        rr = self.rr
        refusals = list(refused)
        contract_now = False
        for _ in range(400):
            if stage == "answer":
                accept = self.wants(pos, player, rank)
                if accept:
                    refusals[1 - player] = 0
                else:
                    refusals[1 - player] |= 1 << rank
                player = self.respond(pos, player, rank, accept)
                stage = "turn"
            if stage == "turn":
                draw_skipped = pos.skip[player]
                if draw_skipped:
                    pos.skip[player] = False
                else:
                    pos.hands[player] += 1 << (3 * pos.stock.pop(0))
                    pos.last_turn = len(pos.stock) <= 2
                stage = "meld"
                contract_now = False
            if stage == "meld":
                hand = pos.hands[player]
                if not pos.contracts[player]:
                    found = rr.contract(hand)
                    if found is not None:
                        hand, sets, straights = found
                        table = pos.tables[player]
                        for r in sets:
                            table.sets[r] = table.sets.get(r, 0) + 1
                        table.straights.extend(straights)
                        pos.hands[player] = hand
                        pos.contracts[player] = True
                        contract_now = True
                        refusals[1 - player] = 0
                elif not contract_now:
                    before = pos.hands[player]
                    self.meld_all(pos, player)
                    if pos.hands[player] != before:
                        refusals[1 - player] = 0
                if pos.hands[player] == 0:
                    return self.score(pos, player)
                stage = "offer"
            # stage == "offer"
            if pos.last_turn:
                return self.score(pos, None)
            offered = self.offer_choice(pos, player, draw_skipped, refusals[player])
            pos.no_back[player] = -1
            if offered is None:
                player, stage = 1 - player, "turn"
                continue
            player, stage, rank = 1 - player, "answer", offered
        return self.score(pos, None)  # never reached: every hand ends


def position_from(
    rr: RankRules,
    mine: int,
    theirs: int,
    stock: Sequence[int],
    melds: Sequence[tuple[int, int]],
    contracts: tuple[bool, bool],
    no_back: int,
    last_turn: bool,
) -> Position:
    """A ``Position`` from card masks: our hand, a guess at theirs, the stock
    (card bits, next first) and the melds on the table as (owner, mask),
    owner 0 being us."""
    tables = [TableMelds(), TableMelds()]
    for owner, mask in melds:
        counts = pack(mask)
        ranks = ranks_in(counts)
        if len(ranks) == 1:
            r = ranks[0]
            tables[owner].sets[r] = tables[owner].sets.get(r, 0) + (counts >> (3 * r) & 7)
        else:
            tables[owner].straights.append(sum(1 << r for r in ranks))
    return Position(
        [pack(mine), pack(theirs)],
        list(contracts),
        tables,
        [(b.bit_length() - 1) % 13 for b in stock],
        [no_back, -1],
        [False, False],
        last_turn,
    )


def sample_hidden(
    rng: random.Random, known: int, need: int, unseen: int, stock_size: int
) -> tuple[int, list[int]]:
    """A guess at the other hand (``known`` plus ``need`` unseen cards) and
    the stock's order (card bits) from the rest."""
    pool = []
    rest = unseen
    while rest:
        low = rest & -rest
        pool.append(low)
        rest ^= low
    rng.shuffle(pool)
    theirs = known
    for bit in pool[:need]:
        theirs |= bit
    return theirs, pool[need : need + stock_size]
