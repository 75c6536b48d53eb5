"""What the table shows the person at the keyboard, in every format.

``look`` finds whose side of which table the screen is about: the person's
own hand, or (sitting out a hand of three) the table they watch (what that
person has picked there is ``handstate.HandState``). The rest are the lines
around the cards, worked out from the session and drawn by
``TableArea``: who sits where, the other table of a partnership game, the
scoreboard's rows and the line saying who meets whom next.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len

from ..core import PlayerView, hand_count, plural, says
from ..play.log import Entry, Kind
from ..play.place import Place
from ..play.tell import action_words, ending_words, seating_words, unit
from ..play.words import prompt
from .handstate import HandState
from .widgets.area import Shown
from .widgets.fittedline import Parts
from .widgets.hand import HandShown
from .widgets.scoreboard import ScoreRow


@dataclass(frozen=True)
class Look:
    """Whose side of which table the screen shows."""

    seat: int  # the person it is for
    table: int  # the table shown (theirs, or the one they watch)
    view: PlayerView  # their view; watching, the table's public view
    names: tuple[str, str]  # the table's two players, as the view numbers them
    seats: tuple[int, int]
    watching: bool  # the person sits this hand out

    @property
    def me(self) -> int:
        """The player of the lower half of the table (the person's, when playing)."""
        return self.view.player


def look(session: Place) -> Look:
    """What the screen is about now."""
    game = session.game
    seat = session.viewer()
    table = game.table_of(seat)
    watching = table is None
    if table is None:
        table = 0
        view = game.watch(0)
    else:
        view = game.view(seat)
    seats = game.round.tables[table].seats
    return Look(seat, table, view, session.names_at(table), seats, watching)


def player_words(session: Place, seat: int) -> str:
    """A seat's name, with its letter in the formats and its level if a computer."""
    s = session.seats[seat]
    letter = "ABCD"[seat]
    two = session.format.two_players
    extras = [] if two or s.name.endswith(f" {letter}") else [letter]
    if not s.is_person:
        extras.append(s.level)
    return f"{s.name} ({', '.join(extras)})" if extras else s.name


def last_move(session: Place, player: int, table: int) -> str:
    """What ``player`` (0 or 1 at ``table``) did last in this hand, in words
    ("discarded 8♣"), so a window without the moves panel still shows it.
    From the hand's own events: a name is never read back out of the log."""
    for event in reversed(session.game.round.hands[table].events):
        if event.player == player:
            return event.action.said(event.card, event.gin).rstrip(".")
    return ""


def shown(
    session: Place,
    seen: Look,
    state: HandState,
    *,
    hidden: bool,
    thinking: bool,
    message: str,
    skip: bool = False,
) -> Shown:
    """The two halves of the table and the status line, for ``seen``
    (``skip``: a hand the person watches can be skipped to its end)."""
    view, rules = seen.view, session.rules
    me, opp = seen.me, 1 - seen.me
    dealer = session.game.dealer_seat(seen.table)
    layout = None if seen.watching else state.arrange(view)
    if seen.watching:
        state.order = []
    lower = seen.seats[me]
    mine = [player_words(session, lower)]
    spare: list[int] = []  # what goes first when the line is too wide
    if seen.watching:
        size = _sizes(seen)[me]
        mine.append(plural(size, "card"))
    else:
        size = len(view.hand)
        count = hand_count(view.hand, rules, discard=False)  # what it would score now
        mine += [plural(size, "card"), f"{rules.count_word} {count}"]
        spare.append(len(mine))
        mine.append(f"sorted by {state.sort_mode.value}")
        if state.marked and not hidden:
            mine.append(f"{len(state.marked)} marked")
    if dealer == lower:
        spare.append(len(mine))
        mine.append("dealer")
    upper = seen.seats[opp]
    theirs = [player_words(session, upper), plural(view.opponent_hand_size, "card")]
    if dealer == upper:
        theirs.append("dealer")
    last = last_move(session, opp, seen.table)
    # too wide (the moves panel open at 80 columns): their last move goes
    # first, as the panel says it, never who deals
    gone: tuple[int, ...] = ()
    if thinking:
        theirs.append("thinking...")
    elif last:
        gone = (len(theirs),)
        theirs.append(f"last: {last}")
    if seen.watching:
        status = watch_prompt(session, seen)
    elif view.result is not None and not session.round_over:
        status = waiting_words(session, seen)
    else:
        skip = False
        status = prompt(session, view)
        status = " ".join([*cut_words(session, seen), status])
    if session.pending is not None and not seen.watching:  # sent, not yet back
        status = f"Your move ({action_words(session.pending, view)}) is on its way to the host..."
    if session.waiting:  # a table across machines: who it waits for
        away = [w.removesuffix(" to come back") for w in session.waiting if w.endswith(" back")]
        if any(status == f"Waiting for {name} to move…" for name in away):
            status = ""  # said once: they are to come back before they can move
        status = f"{status} Waiting for {' and '.join(session.waiting)}.".lstrip()
    if skip and not session.round_over:
        status = f"{status} {SKIP_WORDS}"
    status = message or status
    return Shown(
        opponent=Parts(tuple(theirs), spare=gone),
        backs=view.opponent_hand_size,
        known=view.known_opponent_cards,
        hand_label=Parts(tuple(mine), spare=tuple(spare)),
        hand=(
            HandShown(backs=size)
            if hidden or layout is None
            else HandShown(layout, size, state.cursor, frozenset(state.marked), state.new_card)
        ),
        status=status,
    )


def _sizes(seen: Look) -> tuple[int, int]:
    match = seen.view.game.match
    if match is None:
        return (0, 0)
    return match.tables[seen.table].hand_sizes


def cut_words(session: Place, seen: Look) -> list[str]:
    """The cuts that began the game, said above the prompt until the person
    makes their first move: there they stay in view as long as they matter
    (a notification covered the hand and the prompt at 80×24, and went
    before it was read)."""
    hand = session.game.round.hands[seen.table]
    if len(session.game.rounds) > 1 or any(p == seen.me for p, _ in hand.log):
        return []
    return [entry.words for entry in session.records if entry.kind is Kind.CUT]


SKIP_WORDS = "Enter skips to the end of the hand."


def watch_prompt(session: Place, seen: Look) -> str:
    """The status line of a person sitting a hand out."""
    name = session.names[seen.seat]
    a, b = seen.names
    sits = says(name, "sits")  # "You sit", "Ann sits"
    word = unit(session.game).lower()
    if session.round_over:
        return f"{sits} this {word} out; it is over."
    return f"{sits} this {word} out while {a} and {b} play; you play again after it."


def waiting_words(session: Place, seen: Look) -> str:
    """The person's hand is over and the other table's is not."""
    result = seen.view.result
    assert result is not None
    over = [h.is_over for h in session.game.round.hands]
    others = [t + 1 for t, done in enumerate(over) if not done]
    where = " and ".join(f"table {t}" for t in others)
    # the result's own summary (both players' scores, where both score), not
    # the breakdown's lines read back for words
    return f"{result.summary(seen.names)} Waiting for {where} to finish its hand."


def seating_line(session: Place) -> str:
    """The formats: who plays whom this hand, who deals and who sits out."""
    game = session.game
    if game.format.two_players:
        return ""
    words = seating_words(game, game.round.tables, session.names)
    line = f"{unit(game)} {len(game.rounds)}: {words}."
    captain = game.format.play.captain(game.round.rota)
    if captain is not None:
        line += f" {says(session.names[captain], 'is')} the Captain."
    return line


def next_line(session: Place) -> str:
    """The formats: who meets whom next (known once the hand is over; before
    that, the rule that decides it)."""
    game = session.game
    if game.format.two_players or game.is_over:
        return ""
    word = unit(game).lower()
    if session.round_over:
        return f"Next {word}: {seating_words(game, game.next_seatings(), session.names)}."
    return game.format.play.next_words(game.rules, game.round.rota, session.names, word)


def other_table(session: Place, seen: Look, thinking: bool, short: bool = False) -> str:
    """Partnership formats: the table the person does not play at, live, in
    two lines (one, by the players' letters, where room is short); once its
    hand is over, how it ended and who scored."""
    game = session.game
    if game.format.tables < 2:
        return ""
    t = 1 - seen.table
    match = seen.view.game.match
    assert match is not None  # a format of two tables
    tv = match.tables[t]
    hand = game.round.hands[t]
    seats = zip(tv.seats, tv.hand_sizes, strict=True)
    who = [f"{'ABCD'[s] if short else player_words(session, s)} {n}" for s, n in seats]
    first = f"Table {t + 1}: {' v '.join(who)} cards"
    if tv.result is not None:
        names = tuple("ABCD"[s] for s in tv.seats) if short else session.names_at(t)
        ended = ending_words(tv.result, names)
        return f"{first} · over: {ended}" if short else f"{first} · over\n{ended}"
    first += f" · stock {tv.stock_size}"
    if session.rules.has_discard_pile:
        first += f" · pile {tv.discard_top.label if tv.discard_top else 'empty'}"
    if short:  # the last move, by the mover's letter ("D discarded 8♣")
        if not hand.events:
            return first
        last = hand.events[-1]
        did = last.action.said(last.card, last.gin).rstrip(".")
        return f"{first} · {'ABCD'[tv.seats[last.player]]} {did}"
    mover = "" if tv.to_move is None else session.names[tv.to_move]
    doing = f"{mover} thinking..." if thinking else f"{mover} to move"
    moves = [entry.said.rstrip(".") for entry in _table_entries(session, t)]
    recent = moves[-1] if moves and hand.log else "just dealt"
    return f"{first}\n{recent} · {doing}"


def _table_entries(session: Place, table: int) -> list[Entry]:
    """The log's moves and result at ``table`` in the round in play."""
    now = len(session.game.rounds)
    return [
        entry
        for entry in session.records
        if entry.round == now and entry.table == table and entry.kind in (Kind.MOVE, Kind.RESULT)
    ]


def score_rows(session: Place) -> list[ScoreRow]:
    """The scoreboard's rows: what each finished hand (round) added to each side,
    and in the team formats each table's result, as "A 25"."""
    rows = []
    for rnd in session.game.rounds:
        if rnd.score is None:
            continue
        tables: tuple[str, ...] = ()
        if session.format.play.teams:
            cells = []
            results = [h.result for h in rnd.hands]
            for t, r in zip(rnd.tables, results, strict=True):
                if r is None or r.winner is None or not r.scored:
                    cells.append("·")
                else:
                    cells.append(f"{'ABCD'[t.seats[r.winner]]} {r.points[r.winner]}")
            tables = tuple(cells)
        rows.append(ScoreRow(rnd.number + 1, rnd.score.points, tables))
    return rows


SHORT = 6  # a longer name is its seat's letter where room is short


def short_names(session: Place) -> tuple[str, ...]:
    """Each side for the header and the scoreboard's columns: a player by
    name (by letter if the name is long), a team by its letters ("A+B")."""
    if session.format.two_players:
        return session.side_names
    out = []
    for side in session.game.sides:
        name = session.names[side[0]]
        if len(side) == 1 and len(name) <= SHORT:
            out.append(name)
        else:
            out.append("+".join("ABCD"[s] for s in side))
    return tuple(out)


def sub_title(session: Place, room: int | None = None, note: str = "") -> str:
    """The header's line: the hand, every side's score and the target, and
    ``note``. With the title it fits ``room`` cells where it can: the
    target and then the hand's number go first (the scores stay)."""
    game = session.game
    if game.format.two_players:
        pairs = zip(session.side_names, game.scores, strict=True)
        scores = " · ".join(f"{name}: {score}" for name, score in pairs)
    else:
        pairs = zip(short_names(session), game.scores, strict=True)
        scores = " · ".join(f"{name} {score}" for name, score in pairs)
    hand, target = f"{unit(game).lower()} {len(game.rounds)}", f"to {game.target}"
    heading = title(session)
    for parts in ((hand, scores, target), (hand, scores), (scores,)):
        line = " · ".join(p for p in (*parts, note) if p)
        if room is None or cell_len(f"{heading}{TITLE_JOIN}{line}") <= room:
            break
    return line


TITLE_JOIN = " — "  # between the header's title and its line (Textual's App.format_title)


def header_texts(session: Place, room: int | None = None, note: str = "") -> tuple[str, str]:
    """The header's title and line, fitted to ``room`` cells. Where even the
    scores do not fit after the variant's name, the scores come first, so
    that what the header cuts short is the name, which the player knows."""
    heading, line = title(session), sub_title(session, room, note)
    if room is not None and cell_len(f"{heading}{TITLE_JOIN}{line}") > room:
        return line, heading
    return heading, line


def title(session: Place) -> str:
    """The header's title: the variant, and the format in its own word or two
    (``FormatPlay.header_word``) when it is not one against one ("Oklahoma
    Gin · Partnership"; the format's title names its family, not the
    variant: "Partnership Gin" is played with Oklahoma's rules too)."""
    fmt, name = session.format, session.rules.name
    return name if fmt.two_players else f"{name} · {fmt.play.header_word}"
