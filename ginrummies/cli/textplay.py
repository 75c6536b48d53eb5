"""The plain-text game, for any terminal or pipe.

It runs the same ``Session`` as the app (the play layer): the same seats,
the same computer with the same view of the game, the same moves in words,
the same keys (play/keys.py: ``x 7h`` discards as ``x`` does in the app).
Shows your hand in melds with its deadwood, the discard pile, the stock,
the table and what the other player did; you answer with a number from the
menu or a short command. A command that cannot be played now gets the
reason (play/words.py ``why_not``) and the question again.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable

from ..ai.hints import hint
from ..core import (
    Action,
    Card,
    DrawStock,
    Knock,
    LayContract,
    LayMeld,
    LayOff,
    Level,
    Match,
    PlayerView,
    best_arrangement,
    format_cards,
    plural,
    says,
)
from ..play import Session, action_words
from ..play.keys import MOVE_BY_KEY, MOVE_BY_NAME, MoveName, actions_for, text_help
from ..play.log import Kind
from ..play.runner import Runner
from ..play.tell import cut_answers, cut_question, ending_words, round_lines, unit
from ..play.words import why_not
from ..store.saves import Saved

# words typed in full, besides the keys of the key map
WORDS: dict[str, MoveName] = {
    **{name.value: name for name in MoveName},
    "lay": MoveName.LAY_OFF,
    "layoff": MoveName.LAY_OFF,
    "yes": MoveName.ACCEPT,
    "no": MoveName.DECLINE,
    "end": MoveName.END_TURN,
}


LONGEST_LINE = 200  # the longest line read as a command; "m 7h 8h 9h 10h ..." is far shorter


def shorten(word: str, most: int = 20) -> str:
    """A word the player typed, as short as an answer should quote it."""
    return word if len(word) <= most else word[: most - 1] + "…"


class Quit(Exception):
    """The player asked to stop (or the input ended)."""


def show_table(session: Session, say: Callable[[str], None]) -> None:
    """The table as the person to move sees it."""
    game, rules = session.game, session.rules
    view = session.view()
    other = 1 - view.player
    names = session.names_for(view)
    arr = best_arrangement(view.hand, rules, discard=False)
    say("")
    board = ", ".join(f"{n} {p}" for n, p in zip(session.side_names, game.scores, strict=True))
    facts = [
        f"Score: {board} (to {view.game.target or rules.target})",
        f"Stock {view.stock_size}",
    ]
    if view.knock_limit is not None:
        facts.append(f"Knock limit {view.knock_limit}")
    if view.doubled:
        facts.append("Spade upcard: this hand counts double")
    if rules.has_contract:
        state = ["down" if laid else "not yet" for laid in view.table.contracts]
        facts.append(f"Contract: {names[0]} {state[0]}, {names[1]} {state[1]}")
    say("   ".join(facts))
    parts = [f"{says(names[other], 'holds')} {plural(view.opponent_hand_size, 'card')}"]
    if rules.has_discard_pile:
        top = view.discard_top.label if view.discard_top else "empty"
        parts.insert(0, f"Discard pile: {top}")
    say("   ".join(parts))
    if view.game.match is not None:
        at = view.game.match.table_of(view.game.match.seat or 0) or 0
        where = f"at table {at + 1} " if len(view.game.match.tables) > 1 else ""
        say(f"You play {where}against {names[other]}; {seat_words(session, view)}.")
        if len(view.game.match.tables) > 1:
            say(other_table(session, view))
    for i, t in enumerate(view.table.melds, 1):
        say(f"  meld {i} on the table: [{t.meld}] ({names[t.owner]})")
    melds = [f"[{m}]" for m in arr.melds]
    melds.append(f"deadwood {format_cards(sorted(arr.deadwood)) or 'none'} = {arr.points}")
    say("Your hand: " + "  ".join(melds))
    if view.table.pending_offer is not None:
        say(f"{names[other]} offers you {view.table.pending_offer.label}.")
    if view.table.challenge_pending:
        say(f"{names[other]} challenges you: the lower hand total wins.")


def seat_words(session: Session, view: PlayerView) -> str:
    """Who is whose partner, or who sits out, in a player's words."""
    assert view.game.match is not None
    me = view.game.match.seat or 0
    if view.game.match.format.play.teams:
        (partner,) = (s for s in view.game.match.sides[view.game.match.side_of(me)] if s != me)
        return f"your partner is {session.names[partner]}"
    out = ", ".join(session.names[s] for s in view.game.match.sitting_out)
    return f"{says(out, 'sits out')}" if out else "nobody sits out"


def other_table(session: Session, view: PlayerView) -> str:
    """One line on the table where the player to move does not play."""
    assert view.game.match is not None
    mine = view.game.match.table_of(view.game.match.seat or 0)
    shown = next(t for t in view.game.match.tables if t.table != mine)
    a, b = (session.names[s] for s in shown.seats)
    head = f"Other table, {a} v {b}:"
    if shown.result is not None:
        return f"{head} {ending_words(shown.result, (a, b))}"  # as the app says it
    top = f", discard {shown.discard_top.label}" if shown.discard_top else ""
    mover = session.names[shown.to_move] if shown.to_move is not None else ""
    return f"{head} stock {shown.stock_size}{top}; {mover} to move."


def _card(words: list[str], key: str) -> Card:
    if len(words) < 2:
        raise ValueError(f"say which card: {key} 7h")
    return Card.parse(words[1])


def _cards_of(action: Action) -> frozenset[Card]:
    if isinstance(action, LayMeld):
        return frozenset(action.meld.cards)
    if isinstance(action, LayContract):
        return frozenset(c for m in action.melds for c in m.cards)
    return frozenset()


def parse_command(text: str, session: Session, view: PlayerView) -> Action:
    """What the player typed as one of the legal actions of ``view``.

    A number picks from the menu; a command is a key of the key map (or the
    move's word), with a card where the move names one. ValueError says
    why it cannot be played (``why_not``); Quit to stop."""
    menu = list(view.legal_actions)
    rules = session.rules
    if len(text) > LONGEST_LINE:
        # not echoed back: a pasted page would be said again whole
        raise ValueError(
            f"that line is {len(text):,} characters long; a command is a few "
            "(type a number or a command, h for help)"
        )
    words = text.strip().lower().split()
    if not words:
        raise ValueError("type a number or a command (h for help)")
    head = words[0]
    if head in ("q", "quit", "exit"):
        raise Quit
    if head.isdigit():
        n = int(head)
        if 1 <= n <= len(menu):
            return menu[n - 1]
        raise ValueError(f"choose 1 to {len(menu)}")
    word = WORDS.get(head)
    move = MOVE_BY_KEY.get(head) or (MOVE_BY_NAME[word] if word else None)
    if move is None:
        raise ValueError(f"unknown command {shorten(head)!r} (h for help)")
    name = move.name
    if name == MoveName.DISCARD and not rules.has_discard_pile and rules.has_offers:
        name = MoveName.OFFER  # Skarney has no discard: x offers the card, as in the app
    key = MOVE_BY_NAME[name].key

    def refuse(card: Card | None = None, marked: frozenset[Card] | None = None) -> ValueError:
        return ValueError(why_not(session, view, name, card, marked))

    if not MOVE_BY_NAME[name].applies(rules):
        raise refuse()
    if name in (MoveName.KNOCK, MoveName.GIN):
        # k: the knock leaving the least deadwood (gin if it can); g: gin only.
        # The core lists them best first; "k 7h" chooses the discard too.
        options: list[Action] = [a for a in menu if isinstance(a, Knock)]
        if name == MoveName.GIN:
            options = actions_for(MoveName.GIN, menu, view.hand, rules)
        card = _card(words, key) if len(words) > 1 else None
        if card is not None:
            if card not in view.hand:
                raise ValueError(f"You do not hold {card.label}.")
            options = [a for a in options if isinstance(a, Knock) and a.discard == card]
            if not options and actions_for(name, menu, view.hand, rules):
                raise ValueError(f"You cannot {move.words} discarding {card.label}.")
        if not options:
            raise refuse()
        return options[0]
    options = actions_for(name, menu, view.hand, rules)
    if name in (MoveName.DISCARD, MoveName.OFFER):
        card = _card(words, key)
        if len(words) > 2:
            raise ValueError(f"say just the card: {key} {words[1]}")
        for a in options:
            if getattr(a, "card", None) == card:
                return a
        raise refuse(card)
    if name == MoveName.LAY_OFF:
        card = _card(words, key)
        fits = [a for a in options if isinstance(a, LayOff) and a.card == card]
        if not fits:
            raise refuse(card)
        if len(words) > 2:
            if not words[2].isdigit():
                raise ValueError(f"say the meld's number on the table: {key} {words[1]} 2")
            fits = [a for a in fits if isinstance(a, LayOff) and a.target == int(words[2]) - 1]
            if not fits:
                raise ValueError(f"{card.label} does not fit table meld {words[2]}.")
        if len(fits) > 1:
            raise ValueError(
                f"{card.label} fits {plural(len(fits), 'meld')}: say which "
                f"({key} {words[1]} 2) or choose by number."
            )
        return fits[0]
    if name == MoveName.MELD:
        if len(words) > 1:
            marked = frozenset(Card.parse(w) for w in words[1:])
            for a in options:
                if _cards_of(a) == marked:
                    return a
            raise refuse(marked=marked)
        if not options:
            raise refuse()
        if len(options) > 1:
            raise ValueError(
                f"There are {plural(len(options), 'meld')} to choose from: choose one by its "
                f"number in the list (or name its cards: {key} 7h 8h 9h)."
            )
        return options[0]
    if not options:
        raise refuse()
    return options[0]


def continue_it(saved: Saved, ask: Callable[[str], str]) -> bool:
    """Whether to go on with the saved game (True) or leave it for the new
    one asked for (False): asked until the answer is c or n (Quit to stop)."""
    where = saved.rules.name
    if not saved.format.two_players:
        where += f", {saved.format.title}"
    answer = ""
    while answer not in ("c", "n"):
        question = (
            f"A game of {where} is saved. Continue it (c), or leave it and start the new one (n)? "
        )
        answer = ask(question)[:1].lower()
    return answer == "c"


def ask_deal(session: Session, ask: Callable[[str], str], say: Callable[[str], None]) -> None:
    """Before the first move: each person who won a cut chooses to deal or
    to play first (RULES.md 1), asked until the answer is 1 or p (play
    first) or 2 or d (deal) (Quit to stop); a computer makes the other deal."""
    winners = session.cut_choosers()
    if not any(session.seats[seat].is_person for seat in winners):
        return
    answers: list[bool] = []
    for n, seat in enumerate(winners):
        if not session.seats[seat].is_person:
            answers.append(False)
            continue
        first, deal = cut_answers(session.game, n, session.names)
        say(
            textwrap.fill(
                cut_question(session.game, n, session.names),
                78,
                initial_indent="  ",
                subsequent_indent="  ",
            )
        )
        say(f"   1. {first}")
        say(f"   2. {deal}")
        answer = ask("> ").strip()[:1].lower()
        while answer not in ("1", "2", "p", "d"):
            answer = ask("Answer 1 to play first or 2 to deal: ").strip()[:1].lower()
        answers.append(answer in ("2", "d"))
    session.choose_deal(answers)


def _possessive_name(name: str) -> str:
    return "your" if name.lower() == "you" else f"{name}'s"


def _header(session: Session) -> str:
    """The start of a two-player hand: its number, who deals and who plays first."""
    game = session.game
    dealer = game.dealer
    first = session.names[1 - dealer]
    plays = "you play" if first.lower() == "you" else f"{first} plays"
    return f"Hand {len(game.rounds)}. {says(session.names[dealer], 'deals')}; {plays} first."


def play(
    session: Session,
    ask: Callable[[str], str],
    say: Callable[[str], None],
    clear: Callable[[], None] | None = None,
    hint_level: Level = Level.NORMAL,
    keep: Callable[[Session], None] | None = None,
) -> Match:
    """Play the session's game to its end, every seat's turn in order.

    The tables take turns: whoever's table has moved least moves next.
    Hot-seat, the hand of the person to move is shown only after they say
    they are at the keyboard: the screen is cleared of the last one (by
    ``clear``, which should also clear the scrollback; without it, by
    scrolling), and the public moves since their last turn are told again.
    A table's hand is laid out as soon as it ends. ``hint_level``: the
    settings' hint level (``hard`` shows the judge's figures with a hint).
    ``keep``: called after every change (the keeper saves the game there).

    The game's runner plays the computers, each move at once: the pace of
    text play is the person's reading."""
    runner = Runner(session)
    if keep is not None:
        runner.listen(lambda _change: keep(session))
    said = 0
    at_keyboard: int | None = None
    last_turn: dict[int, int] = {}  # the log's length after each person's last move
    round_start = 0  # where the round in play begins in the log
    tables_told: set[int] = set()  # tables of this round whose hand was laid out
    instead: dict[int, str] = {}  # log lines said in other words (the log keeps its own)
    hands_told = 0
    two = session.format.two_players

    def tell() -> None:
        nonlocal said, hands_told
        records = session.records
        if two and len(session.game.rounds) > hands_told:
            hands_told = len(session.game.rounds)
            # the deal's first line ("Hand 3: Computer deals.") becomes the hand's header
            at = next(
                (
                    i
                    for i in range(said, len(records))
                    if records[i].kind is Kind.DEAL and records[i].round == hands_told
                ),
                None,
            )
            if at is None:
                say("  " + _header(session))
            else:
                instead[at] = _header(session)
        now = len(session.game.rounds)
        for i in range(said, len(records)):
            entry = records[i]
            # this round's scores are in the hands' breakdowns, laid out next,
            # and its round lines are said after them: not twice
            if entry.round == now and entry.kind in (Kind.RESULT, Kind.ROUND):
                continue
            say("  " + instead.get(i, entry.words))
        said = len(records)
        if not session.round_over:
            for t, hand in enumerate(session.game.round.hands):
                if hand.result is not None and t not in tables_told:
                    lay_out(t)

    def lay_out(t: int) -> None:
        """A finished hand of the round, both hands shown, with its score."""
        tables_told.add(t)
        hand = session.game.round.hands[t]
        assert hand.result is not None
        say("")
        if len(session.game.round.hands) > 1:
            a, b = session.names_at(t)
            say(f"  Table {t + 1}, {a} v {b}:")
        # a team's box is counted per round, not per table
        boxes = not session.format.play.teams
        for line in hand.result.breakdown(session.names_at(t), boxes=boxes):
            say("  " + line)

    while True:
        tell()
        game = session.game
        if session.round_over:
            for t in range(len(game.round.hands)):
                if t not in tables_told:
                    lay_out(t)
            if not two:
                say("")
                for line in round_lines(game, session.names):
                    say("  " + line)
            if game.is_over:
                assert game.result is not None
                say("")
                for line in game.result.breakdown(session.side_names):
                    say(line)
                return game
            ask(f"Press Enter for the next {unit(game).lower()} (q to quit) ")
            session.next_hand()
            at_keyboard = None
            tables_told.clear()
            now = len(session.game.rounds)
            round_start = next(i for i, e in enumerate(session.records) if e.round == now)
            continue
        if session.computer_to_move and not session.seats[session.next_mover()].is_person:
            decision = runner.play_now()
            if decision is not None and decision.problem is not None:
                say(f"  ({decision.problem}; it played a simple move instead.)")
            continue
        seat = session.to_move
        assert seat is not None
        if session.hot_seat and seat != at_keyboard:
            if clear is not None:
                clear()
            else:
                say("\n" * 40)  # scroll the last hand out of sight
            ask(f"Pass the keyboard to {session.names[seat]}, who presses Enter. ")
            at_keyboard = seat
            # what the table saw since this player's last move (public lines only)
            since = session.log[max(round_start, last_turn.get(seat, round_start)) :]
            if since:
                say(f"  Since {_possessive_name(session.names[seat])} last move:")
                for line in since:
                    say("    " + line)
        before = len(session.log)
        move_words = take_turn(session, ask, say, hint_level)
        if move_words is not None and len(session.log) > before:
            instead[before] = move_words
        last_turn[seat] = len(session.log)


def another_game(ask: Callable[[str], str]) -> bool:
    """After a game: whether to play another with the same players (the
    next game of the match: RULES.md 6 passes the captaincy on), asked
    again until the answer is one of the two."""
    question = "Another game with the same players? (a: another, Enter: stop) "
    while True:
        try:
            answer = ask(question).strip().lower()
        except Quit:
            return False
        if answer in ("a", "y", "yes", "another"):
            return True
        if answer in ("", "n", "no", "s", "stop", "q", "quit"):
            return False
        question = "Answer a for another game, or press Enter to stop: "


def take_turn(
    session: Session,
    ask: Callable[[str], str],
    say: Callable[[str], None],
    hint_level: Level = Level.NORMAL,
) -> str | None:
    """One move of the person to move, asked until it is a legal one.

    Returns the words for the move when they say more than the log's line
    (the card drawn from the stock, which only this player sees)."""
    show_table(session, say)
    view = session.view()
    actions = list(view.legal_actions)
    for i, action in enumerate(actions, 1):
        say(f"  {i:2}. {action_words(action, view)}")
    hinted: Action | None = None
    while True:
        answer = ask("> ")
        if answer.strip().lower() in ("h", "help"):
            say(text_help(session.rules))
            continue
        if answer.strip() in ("?", "hint"):
            # the app's hint: the judge's first move, at the settings' level
            hints = hint(
                view, actions, level=hint_level, opponent=session.facing(view), first_only=True
            )
            if hints:
                hinted = hints[0].action
                best = hints[0]
                why = best.explanation()
                stop = "" if why.endswith((".", "!", "?")) else "."
                words = f"Hint: {action_words(best.action, view)} — {why}{stop} y plays it."
                say(textwrap.fill(words, 78, initial_indent="  ", subsequent_indent="    "))
            continue
        try:
            if answer.strip().lower() == "y":
                if hinted is None:
                    raise ValueError("there is no hint to play: ask for one with ?")
                action = hinted
            else:
                action = parse_command(answer, session, view)
        except ValueError as exc:
            say(f"  {exc}")
            continue
        before = set(view.hand)
        seat = session.viewer()
        session.play(action, seat)
        if isinstance(action, DrawStock):
            gained = set(session.game.view(seat).hand) - before
            if len(gained) == 1:
                (drawn,) = gained
                where = ""
                if view.game.match is not None and len(view.game.match.tables) > 1:
                    where = f"Table {(view.game.match.table_of(seat) or 0) + 1}: "
                return f"{where}{session.names[seat]} drew {drawn.label} from the stock."
        return None
