"""The log a session writes as its game goes: each move, deal, result and
round in words (``log.Entry``), from the core's events, told once each.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..core import Match
from .log import Entry, Kind
from .tell import cut_lines, deal_lines, round_lines


def seed_line(seed: int) -> str:
    """The seed of a game that is over, in words: how to deal it again."""
    return f"The cards were dealt from seed {seed}: --seed {seed} deals this game again."


class Logbook:
    """The entries of one game, begun with its title, its cuts and its deal."""

    def __init__(self, game: Match, title: str, names: Sequence[str], seed: int) -> None:
        self.game = game
        self.seed = seed
        self.records: list[Entry] = []
        self.note(Kind.GAME, f"{title}.")
        # the seed deals every hand to come: it is told once the game is over,
        # never before (it would show a hot-seat player the other's cards)
        self.seed_told = False
        self.seen = [0] * len(game.round.hands)  # the events told, table by table
        self.deal(names)

    def note(self, kind: Kind, words: str, **fields: Any) -> None:
        self.records.append(Entry(kind, words, len(self.game.rounds), **fields))

    def deal(self, names: Sequence[str]) -> None:
        """A round dealt (the first with its cuts)."""
        self.seen = [0] * len(self.game.round.hands)
        if len(self.game.rounds) == 1:
            for line in cut_lines(self.game, names):
                self.note(Kind.CUT, line)
        for line in deal_lines(self.game, names):
            self.note(Kind.DEAL, line)

    def events(
        self, names: Sequence[str], names_at: Callable[[int], tuple[str, str]], rounds: bool
    ) -> None:
        """What happened at each table since last told; ``rounds``: each
        round's score is told (the formats of three and four)."""
        game = self.game
        rnd = game.round
        two = len(rnd.hands) > 1
        for t, hand in enumerate(rnd.hands):
            events = hand.events
            if len(events) == self.seen[t]:
                continue
            at = names_at(t)
            prefix = f"Table {t + 1}: " if two else ""
            for event in events[self.seen[t] :]:
                said = event.describe(at)
                # every line of the log is a sentence, like the deal's and the score's
                said = said if said.endswith((".", "!", "?")) else f"{said}."
                seat = rnd.tables[t].seats[event.player]
                self.note(Kind.MOVE, prefix + said, table=t, seat=seat, event=event, said=said)
            self.seen[t] = len(events)
            if hand.result is not None:
                said = hand.result.summary(at)
                self.note(Kind.RESULT, prefix + said, table=t, said=said)
                if rnd.is_over and rounds:
                    for line in round_lines(game, names):
                        self.note(Kind.ROUND, line)
        if game.is_over and not self.seed_told:
            self.seed_told = True
            self.note(Kind.SEED, seed_line(self.seed))

    def order(self) -> list[list[int]] | None:
        """At two tables, each round's moves as they were made: the table of
        each (what a save keeps so that a resumed log reads the same)."""
        if self.game.format.tables < 2:
            return None
        rounds: list[list[int]] = [[] for _ in self.game.rounds]
        for entry in self.records:
            if entry.kind is Kind.MOVE and entry.table is not None:
                rounds[entry.round - 1].append(entry.table)
        return rounds
