"""A game and its log rebuilt from its moves: what a saved game is taken
up with (``play.saving.resume``) and what an undo replays without the
move taken back (``Session.undo``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core import Action, Format, Game, Match, RuleSet
from .logbook import Logbook


@dataclass(frozen=True, slots=True)
class Start:
    """What deals a game: its rules, seed and format, the target (None:
    the format's own), the first dealer (None: by the cut) and, where the
    cut's winner chose, whether each dealt."""

    rules: RuleSet
    seed: int
    format: Format = Format.TWO
    target: int | None = None
    first: int | None = None
    winner_deals: tuple[bool, ...] = ()

    def match(self) -> Match:
        """The match dealt: a ``Game`` for two players."""
        if self.format.two_players and self.target is None:
            return Game(
                self.rules, self.seed, first_dealer=self.first, winner_deals=self.winner_deals
            )
        return Match(
            self.rules,
            self.seed,
            self.format,
            target=self.target,
            first=self.first,
            winner_deals=self.winner_deals,
        )


def replayed(
    start: Start,
    names: Sequence[str],
    title: str,
    log: Sequence[Sequence[Action]],
    order: Sequence[Sequence[int]] | None = None,
) -> tuple[Match, Logbook]:
    """The game ``log`` describes and its words, rebuilt move by move: at
    two tables in ``order`` (each round's tables in the order their moves
    were made), else the tables of a round one after the other."""
    game = start.match()
    book = Logbook(game, title, names, start.seed)

    def names_at(table: int) -> tuple[str, str]:
        a, b = game.round.tables[table].seats
        return (names[a], names[b])

    per = start.format.tables
    for n in range(len(log) // per):
        if n:
            game.next_hand()
            book.deal(names)
        hands = [list(log[n * per + t]) for t in range(per)]
        turns = list(order[n]) if order is not None and n < len(order) else []
        if sorted(turns) != sorted(t for t in range(per) for _ in hands[t]):
            turns = [t for t in range(per) for _ in hands[t]]
        taken = [0] * per
        for t in turns:
            game.apply(hands[t][taken[t]], t)
            taken[t] += 1
            book.events(names, names_at, not start.format.two_players)
    return game, book
