"""A game at the table: who sits where, whose turn it is, and the moves in words.

A ``Session`` is the game and its seats, for every format (two players,
or three and four at one or two tables); it holds no Textual code, so the
tests can play through it directly. A person's moves go through ``play``;
a computer's turn is frozen by ``computer_turn`` and its answer played by
``play_decision`` (``play.turns``). A runner (``play.runner``) makes it move
and tells who listens; the keeper's side saves it (``play.saving``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..ai import Bot, make_bot
from ..core import (
    Action,
    Attempt,
    DrawStock,
    Format,
    Game,
    Hand,
    IllegalAction,
    Match,
    PlayerView,
    Refusal,
    RuleSet,
    says,
)
from ..levels import Level
from ..levels import SeatKind as SeatKind  # in the leaf for storage; callers import it here
from ..store.saves import SeatRecord, new_game_id, to_json
from .log import Entry, Kind
from .seats import Seat as Seat  # callers import the seats here too
from .seats import default_seats as default_seats
from .seats import format_seats as format_seats
from .tell import action_words, cut_lines, deal_lines, round_lines, side_names
from .turns import Decision as Decision
from .turns import Turn as Turn
from .turns import decide as decide


def seed_line(seed: int) -> str:
    """The seed of a game that is over, in words: how to deal it again."""
    return f"The cards were dealt from seed {seed}: --seed {seed} deals this game again."


def seats_data(seats: Sequence[Seat]) -> tuple[SeatRecord, ...]:
    """The seats as saves and the statistics keep them."""
    return tuple(SeatRecord(s.name, s.kind, s.level) for s in seats)


def new_match(
    rules: RuleSet,
    seed: int,
    fmt: Format,
    target: int | None = None,
    first: int | None = None,
    winner_deals: Sequence[bool] = (),
) -> Match:
    """The match a session plays: a ``Game`` for two players."""
    if fmt.two_players and target is None:
        return Game(rules, seed, first_dealer=first, winner_deals=winner_deals)
    return Match(rules, seed, fmt, target=target, first=first, winner_deals=winner_deals)


class Session:
    """One game between the seats of a format, with a log of the moves in words."""

    def __init__(
        self,
        rules: RuleSet,
        seats: Sequence[Seat],
        seed: int,
        game_id: str | None = None,
        *,
        format: Format = Format.TWO,
        target: int | None = None,
        first: int | None = None,
        winner_deals: Sequence[bool] = (),
    ) -> None:
        if len(seats) != format.seats:
            raise ValueError(f"{format.title} has {format.seats} seats, not {len(seats)}")
        self.on_change: Callable[[Session], None] | None = None  # e.g. autosave
        self.rules = rules
        self.format = format
        self.seats = tuple(seats)
        self.seed = seed
        self.game_id = game_id or new_game_id()
        # hot-seat: the person at the keyboard, who keeps it while they are to move
        self.keyboard: int | None = None
        self.waiting: tuple[str, ...] = ()  # what a hosted table waits for, in words
        self.pending: Action | None = None  # a seat elsewhere's move on its way (never here)
        # what people elsewhere chose on winning the cut (a hosted table's)
        self.deal_chosen: dict[int, bool] = {}
        self.version = 0  # goes up with every change
        self.epoch = 0  # goes up when the game is rebuilt (an undo): older turns are stale
        self.bots: dict[int, Bot] = {
            i: make_bot(s.level, rules, seed * 2 + i)
            for i, s in enumerate(seats)
            if not s.is_person
        }
        self.fallback: Bot = make_bot(Level.EASY, rules, seed)
        self._start(new_match(rules, seed, format, target, first, winner_deals))

    def _start(self, game: Match) -> None:
        """Take up ``game`` before its first move: the log begins anew."""
        self.game: Match = game
        self.records: list[Entry] = []
        self._note(Kind.GAME, f"{self.title}.")
        # the seed deals every hand to come: it is told once the game is over,
        # never before (it would show a hot-seat player the other's cards)
        self._seed_told = False
        self._seen = [0] * self.format.tables
        self._log_deal()

    def seat(self, seats: Sequence[Seat]) -> None:
        """Before the first move, the seats as people sat down at a hosted
        table: their names, computers in the seats nobody took. The log
        begins again in their names."""
        if len(self.game.rounds) > 1 or any(h.log for h in self.game.round.hands):
            raise IllegalAction("the seats are taken before the first move")
        if len(seats) != len(self.seats):
            raise ValueError(f"{self.format.title} has {len(self.seats)} seats")
        self.seats = tuple(seats)
        self.bots = {
            i: self.bots.get(i) or make_bot(s.level, self.rules, self.seed * 2 + i)
            for i, s in enumerate(self.seats)
            if not s.is_person
        }
        self._start(self.game)
        self._changed()

    def computer_takes(self, seat: int, level: Level = Level.NORMAL) -> None:
        """The computer at ``level`` plays ``seat`` from now on (its person
        left a hosted table); it keeps the seat's name."""
        seats = list(self.seats)
        seats[seat] = Seat(seats[seat].name, SeatKind.COMPUTER, level)
        self.seats = tuple(seats)
        self.bots[seat] = make_bot(level, self.rules, self.seed * 2 + seat)
        self._changed()

    @classmethod
    def resume(
        cls,
        rules: RuleSet,
        seats: Sequence[Seat],
        seed: int,
        log: Sequence[Sequence[Action]],
        game_id: str | None = None,
        *,
        format: Format = Format.TWO,
        target: int | None = None,
        first: int | None = None,
        order: Sequence[Sequence[int]] | None = None,
        winner_deals: Sequence[bool] = (),
    ) -> Session:
        """The session a saved log describes, its words rebuilt move by move:
        at two tables in ``order`` (each round's tables in the order their
        moves were made), else the tables of a round one after the other."""
        session = cls(
            rules,
            seats,
            seed,
            game_id,
            format=format,
            target=target,
            first=first,
            winner_deals=winner_deals,
        )
        per = format.tables
        for n in range(len(log) // per):
            if n:
                session.next_hand()
            hands = [list(log[n * per + t]) for t in range(per)]
            turns = list(order[n]) if order is not None and n < len(order) else []
            if sorted(turns) != sorted(t for t in range(per) for _ in hands[t]):
                turns = [t for t in range(per) for _ in hands[t]]
            taken = [0] * per
            for t in turns:
                session.game.apply(hands[t][taken[t]], t)
                taken[t] += 1
                session._log_events()
        return session

    def order(self) -> list[list[int]] | None:
        """At two tables, each round's moves as they were made: the table of
        each (what a save keeps so that a resumed log reads the same)."""
        if self.format.tables < 2:
            return None
        rounds: list[list[int]] = [[] for _ in self.game.rounds]
        for entry in self.records:
            if entry.kind is Kind.MOVE and entry.table is not None:
                rounds[entry.round - 1].append(entry.table)
        return rounds

    def rebuilt(
        self, log: Sequence[Sequence[Action]], order: Sequence[Sequence[int]] | None = None
    ) -> Session:
        """This session's seats, format and seed with another log (its moves
        at two tables in ``order``)."""
        game = self.game
        return Session.resume(
            self.rules,
            self.seats,
            self.seed,
            log,
            self.game_id,
            format=self.format,
            target=game.given_target,
            first=game.first,
            order=order,
            winner_deals=game.winner_deals,
        )

    def to_json(self) -> str:
        """The game so far in the save format (also the replay format)."""
        return to_json(
            self.rules,
            self.seed,
            seats_data(self.seats),
            self.game,
            game_id=self.game_id,
            order=self.order(),
        )

    # --- who is who ------------------------------------------------------------

    @property
    def title(self) -> str:
        """The variant, and the format when it is not two players."""
        rules, fmt = self.rules, self.format
        return rules.name if fmt.two_players else f"{rules.name}, {fmt.title}"

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats)

    @property
    def side_names(self) -> tuple[str, ...]:
        """The names of the sides that score: players, teams ("Ann & Bob")."""
        return side_names(self.game.sides, self.names)

    @property
    def hot_seat(self) -> bool:
        return sum(self.here(i) for i in range(len(self.seats))) >= 2

    def here(self, seat: int) -> bool:
        """A person at this keyboard plays ``seat`` (not a computer, nor
        someone at another machine)."""
        return self.seats[seat].kind is SeatKind.PERSON

    @property
    def away(self) -> frozenset[int]:
        """The seats of people at other machines (a hosted table): their
        moves come through ``play(action, seat)``, never from this keyboard."""
        return frozenset(i for i, s in enumerate(self.seats) if s.kind is SeatKind.AWAY)

    def names_at(self, table: int = 0) -> tuple[str, str]:
        """The names of hand players 0 and 1 at a table this round."""
        a, b = self.game.round.tables[table].seats
        return (self.seats[a].name, self.seats[b].name)

    def names_for(self, view: PlayerView) -> tuple[str, str]:
        """The names of the two players in ``view``'s hand."""
        if view.game.match is None:
            return (self.seats[0].name, self.seats[1].name)
        table = view.game.match.table_of(view.game.match.seat or 0) or 0
        return self.names_at(table)

    def opponent(self, seat: int) -> int:
        """The seat ``seat`` plays against this round."""
        table = self.game.table_of(seat)
        if table is None:
            raise ValueError(f"{self.seats[seat].name} sits out this hand")
        a, b = self.game.round.tables[table].seats
        return b if seat == a else a

    def facing(self, view: PlayerView) -> str | None:
        """The level of the computer across the table from ``view``'s player,
        or None when a person sits there (the hints judge a knock by it)."""
        match = view.game.match
        seat = view.player if match is None or match.seat is None else match.seat
        other = self.seats[self.opponent(seat)]
        return None if other.is_person else other.level.value

    def _waiting(self, people: bool | None = None) -> list[tuple[int, int]]:
        """(table, seat) of people (or computers, or anyone: None) to move,
        the table with fewer moves this round first, so tables take turns."""
        movers = self.game.movers()
        return [m for m in movers if people is None or self.seats[m[1]].is_person == people]

    def _people(self) -> list[tuple[int, int]]:
        """(table, seat) of the people to move, the one at the keyboard first
        (hot-seat: a person in the middle of a turn keeps the keyboard)."""
        waiting = [m for m in self._waiting(True) if m[1] not in self.away]
        return sorted(waiting, key=lambda m: m[1] != self.keyboard)

    def _focus(self) -> tuple[int, int] | None:
        """(table, seat) the session is about now: a person's to move, else a computer's."""
        waiting = self._people() or self._waiting(False)
        return waiting[0] if waiting else None

    @property
    def table(self) -> int:
        """The table the session is about now: a person's to move, else a
        computer's, else the first."""
        focus = self._focus()
        return focus[0] if focus else 0

    @property
    def hand(self) -> Hand:
        return self.game.round.hands[self.table]

    @property
    def to_move(self) -> int | None:
        """The seat to move (a person first, when several tables wait)."""
        focus = self._focus()
        return focus[1] if focus else None

    def next_mover(self) -> int:
        """The seat that moves next when the tables take turns: the one at
        the table with fewer moves this round (text play, the tests)."""
        movers = self._waiting()
        if not movers:
            raise IllegalAction("the hand is over")
        return movers[0][1]

    @property
    def round_over(self) -> bool:
        return self.game.round.is_over

    @property
    def person_to_move(self) -> bool:
        """A person at this keyboard is to move."""
        return bool(self._people())

    def table_version(self, seat: int) -> tuple[int, int, int]:
        """What changes only when ``seat``'s own table moves on (or the game
        is rebuilt, or a new hand is dealt): the moves at the other table
        leave it as it was."""
        table = self.game.table_of(seat)
        moves = -1 if table is None else len(self.game.round.hands[table].log)
        return (self.epoch, len(self.game.rounds), moves)

    def computer_tables(self) -> list[int]:
        """The tables where a computer is to move now."""
        return [t for t, _ in self._waiting(False)]

    def person_table(self) -> int | None:
        """The table of the person whose cards the screen shows; None while
        that person sits out."""
        return self.game.table_of(self.viewer())

    @property
    def computer_to_move(self) -> bool:
        return bool(self._waiting(False))

    def viewer(self) -> int:
        """Whose cards the screen shows: the person to move, else a person."""
        waiting = self._people()
        if waiting:
            return waiting[0][1]
        people = [i for i in range(len(self.seats)) if self.here(i)]
        if not people:
            return 0
        playing = [p for p in people if self.game.table_of(p) is not None]
        return (playing or people)[0]

    def view(self, seat: int | None = None) -> PlayerView:
        return self.game.view(self.viewer() if seat is None else seat)

    def legal(self) -> list[Action]:
        return self.hand.legal_actions() if not self.hand.is_over else []

    def refusal(self, what: Action | Attempt, view: PlayerView) -> Refusal | None:
        """Why the player of ``view`` may not do ``what`` now, as the rules
        core says it; None if they may."""
        match = view.game.match
        table = None if match is None or match.seat is None else match.table_of(match.seat)
        return self.game.refusal(what, table or 0, view.player)

    # --- moves -----------------------------------------------------------------

    def play(self, action: Action, seat: int | None = None) -> None:
        """A person's move (the person to move, or ``seat``); IllegalAction
        (a readable message) if it is not legal."""
        waiting = self._people()
        if seat is not None:  # a person here, or one playing from another machine
            waiting = [m for m in self._waiting(True) if m[1] == seat]
        if not waiting:
            raise IllegalAction("it is not your turn")
        self.game.apply(action, waiting[0][0])
        self._log_events()
        self._changed()

    def computer_turn(self, table: int | None = None) -> Turn | None:
        """A computer's turn (at ``table``, or the next at any table), frozen
        for ``decide``; None if no computer is to move there."""
        waiting = [m for m in self._waiting(False) if table is None or m[0] == table]
        if not waiting:
            return None
        table, seat = waiting[0]
        view = self.game.view(seat)
        moves = len(self.game.round.hands[table].log)
        return Turn(
            self.version,
            seat,
            self.names[seat],
            view,
            self.bots[seat],
            self.fallback,
            table,
            self.epoch,
            len(self.game.rounds),
            moves,
        )

    def play_decision(self, decision: Decision) -> bool:
        """Apply the computer's move; False (and nothing changes) if its
        table has moved on since its turn was taken (an undo, a new hand)."""
        turn = decision.turn
        game = self.game
        if (
            turn.epoch != self.epoch
            or turn.round != len(game.rounds)
            or game.is_over
            or len(game.round.hands[turn.table].log) != turn.moves
            or game.seat_to_move(turn.table) != turn.seat
        ):
            return False
        game.apply(decision.action, turn.table)
        self._log_events()
        self._changed()
        return True

    def computer_plays(self) -> Decision:
        """A computer's move, thought and played at once (text play, tests)."""
        turn = self.computer_turn()
        if turn is None:
            raise IllegalAction("the computer is not to move")
        decision = decide(turn)
        self.play_decision(decision)
        return decision

    def another(self, seed: int) -> Session:
        """The next game of a match of several, once this one is over: the
        same seats, rules, format and target; the captaincy passes to the
        next seat (Captains), the other formats cut again (RULES.md 1, 6)."""
        if not self.game.is_over:
            raise IllegalAction("the game is still being played")
        fmt = self.format
        target = self.game.target
        return Session(
            self.rules,
            self.seats,
            seed,
            format=fmt,
            target=None if target == fmt.target(self.rules) else target,
            first=self.game.next_game_first(),
        )

    def cut_choosers(self) -> tuple[int, ...]:
        """Before the first move, while nobody has chosen: the seat that
        won each cut whose winner chooses to deal or play first (RULES.md
        1), table by table; ``choose_deal`` takes their answers. Nothing
        once a move is made."""
        game = self.game
        if game.winner_deals or len(game.rounds) > 1 or any(h.log for h in game.round.hands):
            return ()
        return game.cut_winners

    def choose_deal(self, winner_deals: Sequence[bool]) -> None:
        """Deal the game as the cuts' winners chose, before its first move:
        True where the winner of a table's cut deals (a computer makes the
        other deal, as it does without a choice)."""
        winners = self.cut_choosers()
        if not winners:
            raise IllegalAction("the deal can be chosen only before the first move, once")
        winner_deals = tuple(
            deals and self.seats[seat].is_person
            for seat, deals in zip(winners, winner_deals, strict=True)
        )
        game = self.game
        self._start(
            new_match(
                self.rules, self.seed, self.format, game.given_target, game.first, winner_deals
            )
        )
        self._changed()

    def next_hand(self) -> None:
        if not self.round_over:
            raise IllegalAction("the hand is still being played")
        if self.game.is_over:
            raise IllegalAction("the game is over")
        self.game.next_hand()
        self._seen = [0] * self.format.tables
        self._log_deal()
        self._changed()

    def undo_problem(self) -> str | None:
        """Why the last move cannot be taken back now; None if it can.

        Only a person's own last move, against the computer, and only when
        taking it back shows nothing hidden: after a stock draw the person
        has seen the card, and after the computer's move they have seen what
        it did."""
        if self.hot_seat:
            return "there is no undo in a hot-seat game"
        if self.away:  # the others have seen the move on their own screens
            return "there is no undo at a table played across machines"
        person = next((i for i, s in enumerate(self.seats) if s.is_person), None)
        table = None if person is None else self.game.table_of(person)
        if table is None:
            return "you are not playing this hand"
        hand = self.game.round.hands[table]
        if hand.is_over:
            return "the hand is over"
        if not hand.log:
            return "there is no move of yours to take back in this hand"
        player, action = hand.log[-1]
        if self.game.round.tables[table].seats[player] != person:
            return "the computer has moved since, and taking that back would show its cards"
        if isinstance(action, DrawStock):
            return "you have seen the card you drew from the stock"
        return None

    def undo(self) -> Action:
        """Take back the person's last move (IllegalAction says why not)."""
        problem = self.undo_problem()
        if problem is not None:
            raise IllegalAction(problem)
        person = next(i for i, s in enumerate(self.seats) if s.is_person)
        table = self.game.table_of(person)
        assert table is not None
        log = self.game.log
        index = (len(self.game.rounds) - 1) * self.format.tables + table
        action = log[index].pop()
        order = self.order()
        if order is not None:  # the move taken back was its table's last
            turns = order[-1]
            del turns[len(turns) - 1 - turns[::-1].index(table)]
        again = self.rebuilt(log, order)
        self.game, self.records, self._seen = again.game, again.records, again._seen
        self.epoch += 1
        view = self.game.view(person)
        words = action_words(action, view)
        self._note(
            Kind.UNDO, f"{says(self.names[person], 'takes back')} a move: {words}.", seat=person
        )
        self._changed()
        return action

    def _changed(self) -> None:
        self.version += 1
        if self.on_change is not None:
            self.on_change(self)

    # --- the log ---------------------------------------------------------------

    @property
    def log(self) -> list[str]:
        """The log's words, line by line (``records`` holds what each line is)."""
        return [entry.words for entry in self.records]

    def _note(self, kind: Kind, words: str, **fields: Any) -> None:
        self.records.append(Entry(kind, words, len(self.game.rounds), **fields))

    def _log_deal(self) -> None:
        if len(self.game.rounds) == 1:
            for line in cut_lines(self.game, self.names):
                self._note(Kind.CUT, line)
        for line in deal_lines(self.game, self.names):
            self._note(Kind.DEAL, line)

    def _log_events(self) -> None:
        rnd = self.game.round
        two = len(rnd.hands) > 1
        for t, hand in enumerate(rnd.hands):
            events = hand.events
            if len(events) == self._seen[t]:
                continue
            names = self.names_at(t)
            prefix = f"Table {t + 1}: " if two else ""
            for event in events[self._seen[t] :]:
                said = event.describe(names)
                # every line of the log is a sentence, like the deal's and the score's
                said = said if said.endswith((".", "!", "?")) else f"{said}."
                seat = rnd.tables[t].seats[event.player]
                self._note(Kind.MOVE, prefix + said, table=t, seat=seat, event=event, said=said)
            self._seen[t] = len(events)
            if hand.result is not None:
                said = hand.result.summary(names)
                self._note(Kind.RESULT, prefix + said, table=t, said=said)
                if rnd.is_over and not self.format.two_players:
                    for line in round_lines(self.game, self.names):
                        self._note(Kind.ROUND, line)
        if self.game.is_over and not self._seed_told:
            self._seed_told = True
            self._note(Kind.SEED, seed_line(self.seed))
