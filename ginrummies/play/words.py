"""Moves and prompts in words, for the table's status line and its dialogs.

``prompt`` says what the player to move may do now; ``why_not`` says why a
move cannot be made now. Both name each move by its key from the key map
(play/keys.py), and offer only the moves that are legal now.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

from ..core import (
    Accept,
    Action,
    Attempt,
    Card,
    Decline,
    IllegalAction,
    LayContract,
    LayMeld,
    Offer,
    Phase,
    PlayerView,
    Reason,
    Refusal,
    RuleSet,
    format_cards,
    plural,
)
from .keys import (
    MOVE_BY_NAME,
    MOVES,
    MoveName,
    actions_for,
    card_keys_shown,
    move_of,
    shown_keys,
)

if TYPE_CHECKING:
    from .place import Place


# --- pieces -------------------------------------------------------------------


def _key(name: MoveName) -> str:
    """A move's key, as the key map has it: ``(x)``."""
    return f"({MOVE_BY_NAME[name].key})"


def _join(parts: Sequence[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " or " + parts[-1]


def _cards(cards: Iterable[Card]) -> str:
    return format_cards(sorted(cards))


def _possessive(name: str) -> str:
    return "your" if name.lower() == "you" else f"{name}'s"


def _legal(view: PlayerView, name: MoveName) -> list[Action]:
    return actions_for(name, view.legal_actions, view.hand, view.rules)


def _top(view: PlayerView) -> str:
    return view.discard_top.label if view.discard_top else "the discard"


def _choice(name: MoveName, view: PlayerView) -> str:
    """One move legal now, in words with its key."""
    key = _key(name)
    if name == MoveName.TAKE:
        at_once = " to knock at once" if view.phase is Phase.FIFTIETH else ""
        return f"take {_top(view)}{at_once} {key}"
    if name == MoveName.MELD and any(isinstance(a, LayContract) for a in view.legal_actions):
        return f"lay the contract {key}"
    if name == MoveName.ACCEPT:
        offer = view.table.pending_offer
        return f"accept {offer.label if offer else 'the challenge'} {key}"
    if name == MoveName.DECLINE:
        return f"decline it {key}"
    if name == MoveName.DISCARD:
        return f"discard a card {key}"
    return f"{MOVE_BY_NAME[name].words} {key}"


def _choices(view: PlayerView) -> str:
    """Every move legal now, in key-map order: "take 7♥ (t) or pass (p)"."""
    return _join([_choice(m.name, view) for m in MOVES if _legal(view, m.name)])


def _instead(view: PlayerView) -> str:
    """What a player barred from offering an ace may do to end the turn."""
    if any(isinstance(a, Offer) for a in view.legal_actions):
        return f": offer another card {_key(MoveName.OFFER)}"
    return f": end the turn {_key(MoveName.END_TURN)}"


def _kinds(rules: RuleSet) -> list[str]:
    kinds = []
    if rules.sets:
        kinds.append("set")
    if rules.runs:
        kinds.append("run")
    if rules.poker_melds:
        kinds.append("poker meld")
    return kinds


_CONTRACT = "three melds of three cards each, nine cards laid at once"


def _limit_words(view: PlayerView, limit: int | None) -> str:
    """The knock limit in force, and where it comes from."""
    up = view.upcard
    if view.rules.knock_limit_from_upcard and up is not None:
        return f"this hand's knock limit is {limit}, from the upcard {up.label}"
    return f"the knock limit is {limit}"


def _gin_only(view: PlayerView) -> str:
    up = view.upcard
    if view.rules.knock_limit_from_upcard and up is not None:
        return f"this hand is gin only (the upcard {up.label} is an ace)"
    return "these rules allow gin only"


def _knock_too_high(view: PlayerView, name: MoveName, refusal: Refusal) -> str:
    """Why a knock (or gin) cannot be made with this much deadwood."""
    extra, least, limit = refusal.card, refusal.points, refusal.limit
    with_it = f"with {extra.label} " if extra is not None else ""
    would = "would be" if extra is not None else "is"
    if name == MoveName.GIN:
        return f"You cannot go gin: {with_it}your deadwood {would} {least}; gin needs 0."
    if limit == 0:
        gin_only = _gin_only(view)
        return f"You cannot knock: {gin_only}, and {with_it}your least deadwood {would} {least}."
    limits = _limit_words(view, limit)
    return f"You cannot knock: {with_it}your least deadwood {would} {least}; {limits}."


def _no_such_move(name: MoveName, rules: RuleSet) -> str | None:
    """Why a move is never made in this variant; None if it is one of its moves."""
    if MOVE_BY_NAME[name].applies(rules):
        return None
    game = rules.name
    if name in (MoveName.KNOCK, MoveName.GIN):
        how = (
            "melding and laying off every card"
            if rules.has_offers
            else "melding, laying off and discarding every card"
        )
        return f"{game} has no knocking: you go out by {how}."
    if not rules.has_discard_pile and name in (MoveName.TAKE, MoveName.DISCARD, MoveName.PASS):
        offer = _key(MoveName.OFFER)
        return f"{game} has no discard pile: you end your turn by offering a card {offer}."
    if name == MoveName.PASS:
        return f"{game} turns up no card to pass on: you draw from the stock {_key(MoveName.DRAW)}."
    if name == MoveName.MELD:
        knock, gin = _key(MoveName.KNOCK), _key(MoveName.GIN)
        return f"In {game} melds are spread when you knock {knock} or go gin {gin}."
    if name == MoveName.LAY_OFF:
        return f"In {game} cards are laid off only on a knocker's melds, and the game does it."
    if name in (MoveName.OFFER, MoveName.END_TURN):
        return f"{game} has no offers: you end your turn with a discard {_key(MoveName.DISCARD)}."
    if name in (MoveName.ACCEPT, MoveName.DECLINE):
        return f"{game} has no offers or challenges to answer."
    return f"{game} has no challenge."


def _verb(name: MoveName, view: PlayerView, card: Card | None) -> str:
    if name == MoveName.TAKE:
        return f"take {_top(view)}"
    if name in (MoveName.DISCARD, MoveName.LAY_OFF, MoveName.OFFER) and card is not None:
        return f"{MOVE_BY_NAME[name].words.removesuffix(' a card')} {card.label}"
    if name == MoveName.DRAW:
        return "draw"
    return MOVE_BY_NAME[name].words


def _wrong_phase(name: MoveName, view: PlayerView, card: Card | None, first: bool) -> str:
    """A move of another part of the turn: what may be done instead (``first``:
    the core says the move comes later in the turn)."""
    return f"You cannot {_verb(name, view, card)} now: {_choices(view)}{' first' if first else ''}."


# --- why not --------------------------------------------------------------------


def why_not(
    session: Place,
    view: PlayerView,
    name: MoveName,
    card: Card | None = None,
    marked: frozenset[Card] | None = None,
) -> str:
    """``explain`` at a table here, which answers at once: the sentence."""
    said: list[str] = []
    explain(session, view, name, card, marked, said.append)
    if not said:
        raise RuntimeError("why_not needs a table that answers at once; use explain")
    return said[0]


def explain(
    session: Place,
    view: PlayerView,
    name: MoveName,
    card: Card | None,
    marked: frozenset[Card] | None,
    say: Callable[[str], None],
) -> None:
    """Why the move ``name`` (a key-map move name) cannot be made now, as one
    sentence given to ``say``; ``card`` is the card it names (discard, lay
    off, offer) and ``marked`` the cards marked to meld.

    The rules core says why (its ``Refusal`` of the attempt, asked of the
    table: here at once, at a table elsewhere of its host, which answers
    later); this says it in words, with the keys of what may be done
    instead. Meant for a move that is not legal now (for a meld: not with
    these marked cards); of a legal move it says that it may be made."""
    never = _no_such_move(name, session.rules)
    if never is not None:
        say(never)
        return
    move = MOVE_BY_NAME[name]
    attempt = Attempt(
        move.kinds[0],
        card if move.card else None,
        frozenset(marked or ()) if name == MoveName.MELD else frozenset(),
        gin=name == MoveName.GIN,
    )

    def told(refusal: Refusal | None) -> None:
        if refusal is not None:
            say(refusal_words(refusal, session, view, name, card))
        elif move.card and card is None:
            say(f"Pick the card to {_verb(name, view, None)} first.")
        elif _can(view, name, card, marked):
            say(f"You may {_verb(name, view, card)} now {_key(name)}.")
        elif name == MoveName.KNOCK and _legal(view, MoveName.GIN):
            say(f"You have no deadwood: go gin {_key(MoveName.GIN)} instead.")
        else:
            say(_wrong_phase(name, view, card, False))

    session.why(attempt, view, told)


def _can(
    view: PlayerView, name: MoveName, card: Card | None, marked: frozenset[Card] | None
) -> bool:
    """Whether the key's move is legal now, with this card or these marked cards."""
    options = _legal(view, name)
    if name in (MoveName.DISCARD, MoveName.OFFER, MoveName.LAY_OFF):
        return card is not None and any(getattr(a, "card", None) == card for a in options)
    if marked and name == MoveName.MELD:
        return any(frozenset(meld_cards(a)) == marked for a in options)
    return bool(options)


def refusal_words(
    refusal: Refusal, session: Place, view: PlayerView, name: MoveName, card: Card | None = None
) -> str:
    """The core's refusal of the move ``name`` as one sentence, with keys."""
    rules = view.rules
    r = refusal
    label = r.card.label if r.card is not None else "that card"
    contract = f"Your first meld must be the contract, {_CONTRACT}"
    match r.reason:
        case Reason.GAME_OVER:
            return "The game is over."
        case Reason.HAND_OVER:
            return "The hand is over."
        case Reason.NOT_YOUR_TURN:
            return f"It is {_possessive(session.names_for(view)[r.player or 0])} turn."
        case Reason.NOT_HELD:
            return f"You do not hold {_cards(r.cards or r.meld)}."
        case Reason.ALREADY_DRAWN:
            return f"You have drawn already: {_choices(view)}."
        case Reason.DRAW_SKIPPED:
            return f"You accepted {label}, and an accepted ace costs your draw: {_choices(view)}."
        case Reason.PILE_EMPTY:
            return f"The discard pile is empty: draw from the stock {_key(MoveName.DRAW)}."
        case Reason.STOCK_FIRST:
            return (
                "Both players passed the upcard, so the first draw comes from the stock "
                f"{_key(MoveName.DRAW)}."
            )
        case Reason.FIFTIETH_TOO_HIGH:
            limit = _gin_only(view) if r.limit == 0 else _limit_words(view, r.limit)
            return (
                f"You may take {label} only to knock or go gin at once, and with it "
                f"your least deadwood would be {r.points} ({limit}): pass {_key(MoveName.PASS)}."
            )
        case Reason.TOO_MUCH_DEADWOOD:
            return _knock_too_high(view, name, r)
        case Reason.ONLY_KNOCK:
            return f"You took the fiftieth card to knock: {_choices(view)}."
        case Reason.TAKEN_CARD:
            return f"You took {label} from the pile this turn: discard another card."
        case Reason.FIRST_TURN_DISCARD:
            return (
                "With eleven cards dealt, the first turn is only a discard: "
                f"discard a card {_key(MoveName.DISCARD)}."
            )
        case Reason.NO_MELD_HELD:
            return f"You hold no {_join(_kinds(rules))} to meld."
        case Reason.NOT_A_MELD:
            what = _join(["a " + k for k in _kinds(rules)])
            return f"The marked cards ({_cards(r.cards)}) are not {what}."
        case Reason.CONTRACT_FIRST:
            return f"{contract}: the marked cards ({_cards(r.cards)}) are not that."
        case Reason.NO_CONTRACT_HELD:
            return f"{contract}, and your hand does not hold one yet."
        case Reason.CONTRACT_THIS_TURN:
            return "You laid the contract this turn: nothing more may be laid until your next turn."
        case Reason.BEFORE_CONTRACT:
            return (
                f"You cannot {_verb(name, view, None)} before your contract is down: "
                f"{contract[0].lower()}{contract[1:]}."
            )
        case Reason.NO_TABLE_MELDS:
            return "There is no meld on the table to lay off on."
        case Reason.DOES_NOT_FIT:
            return f"{label} fits no meld on the table."
        case Reason.NOT_OWN_MELD:
            other = session.names_for(view)[1 - view.player]
            return (
                f"{label} fits only {_possessive(other)} melds, and in {rules.name} "
                "you lay off only on your own."
            )
        case Reason.LAYOFF_LIMIT:
            return (
                f"You have laid off {plural(r.limit or 0, 'card')} on [{_cards_in_order(r.meld)}] "
                "this turn, the most one meld takes in a turn."
            )
        case Reason.LAST_TURN:
            return (
                "The stock is down to two: the hand ends with no offer; "
                f"end the turn {_key(MoveName.END_TURN)}."
            )
        case Reason.LAST_CARD:
            return (
                "With one card left there is no offer (last card): "
                f"end the turn {_key(MoveName.END_TURN)}."
            )
        case Reason.OFFERED_BACK:
            return f"You just accepted {label}: it may not be offered back at once."
        case Reason.ACE_AFTER_SKIP:
            took = r.accepted
            what = f"you took {took.label} offered to you" if took else "you took an offered ace"
            return (
                f"You drew no card this turn ({what}), so you may not offer an ace{_instead(view)}."
            )
        case Reason.MUST_OFFER:
            return (
                f"You end your turn by offering a card {_key(MoveName.OFFER)}; without an "
                "offer only with your last card, at the stock's end, or when no card you "
                "hold may be offered."
            )
        case Reason.NO_OFFER | Reason.NO_CHALLENGE:
            what = "offer" if r.reason is Reason.NO_OFFER else "challenge"
            return f"There is no {what} to answer: {_choices(view)}."
        case Reason.ONE_CHALLENGE:
            return f"Only one challenge a turn: {_choices(view)}."
        case Reason.CHALLENGE_AFTER_DRAW:
            return "A challenge comes at the start of your turn, before you draw."
    # the wrong part of the turn, and what no key here makes
    return _wrong_phase(name, view, card, r.first)


def refused(exc: IllegalAction, session: Place, view: PlayerView, action: Action) -> str:
    """A move refused as it was made, in the words ``why_not`` uses."""
    move = move_of(action, view.hand, view.rules)
    if exc.refusal is None or move is None:
        text = str(exc)
        return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")
    card = getattr(action, "card", None)
    return refusal_words(exc.refusal, session, view, move.name, card)


def _cards_in_order(cards: Iterable[Card]) -> str:
    return " ".join(c.label for c in cards)


def meld_cards(action: Action) -> tuple[Card, ...]:
    """The cards a meld or a contract lays down (none for other moves)."""
    if isinstance(action, LayMeld):
        return action.meld.cards
    if isinstance(action, LayContract):
        return action.cards
    return ()


# --- the prompt -------------------------------------------------------------------


def prompt(session: Place, view: PlayerView) -> str:
    """What the player to move may do now, with its keys: only the moves
    that are legal now, each with its key from the key map."""
    if view.result is not None:
        return "The hand is over."
    if view.to_move is None:
        return ""
    match = view.game.match
    seat = view.to_move
    if match is not None:
        table = None if match.seat is None else match.table_of(match.seat)
        seat = match.tables[table or 0].seats[view.to_move]
    if not session.seats[seat].is_person:
        return f"{session.names[seat]} is thinking…"
    if view.to_move != view.player:  # a person at another machine (a hosted table)
        return f"Waiting for {session.names[seat]} to move…"
    top = _top(view)
    other = session.names_for(view)[1 - view.player]
    answered = _answer_to_offer(view, other)
    if answered:
        return f"{answered} {_prompt_of(view, other, top)}"
    return _prompt_of(view, other, top)


def _answer_to_offer(view: PlayerView, other: str) -> str:
    """Skarney: how the other player answered the offer that ended this
    player's last turn ("Bob declined your 7♣."), said once, on the turn
    after it; the moves panel alone is easy to miss."""
    if not view.rules.has_offers:
        return ""
    mine = [i for i, e in enumerate(view.history) if e.player == view.player]
    if not mine or not isinstance(view.history[mine[-1]].action, Offer):
        return ""
    answer = next(
        (e for e in view.history[mine[-1] + 1 :] if isinstance(e.action, Accept | Decline)), None
    )
    if answer is None or answer.card is None:
        return ""
    said = "accepted" if isinstance(answer.action, Accept) else "declined"
    return f"{other} {said} your {answer.card.label}."


def _prompt_of(view: PlayerView, other: str, top: str) -> str:
    phase = view.phase

    def can(name: MoveName) -> bool:
        return bool(_legal(view, name))

    if phase is Phase.UPCARD:
        return f"Take {top} {_key(MoveName.TAKE)} or pass {_key(MoveName.PASS)}."
    if phase is Phase.FIFTIETH:
        if can(MoveName.TAKE):
            return (
                f"Take {top} to knock at once {_key(MoveName.TAKE)}, or pass {_key(MoveName.PASS)}."
            )
        return f"Pass {_key(MoveName.PASS)}: {top} would not get you down to a knock."
    if phase is Phase.DRAW:
        parts = [f"draw from the stock {_key(MoveName.DRAW)}"]
        if can(MoveName.TAKE):
            parts.append(f"take {top} {_key(MoveName.TAKE)}")
        if can(MoveName.CHALLENGE):
            parts.append(f"challenge {_key(MoveName.CHALLENGE)}")
        text = _join(parts)
        return text[0].upper() + text[1:] + "."
    if phase is Phase.DISCARD:
        ends = [
            f"{MOVE_BY_NAME[n].words} {_key(n)}" for n in (MoveName.KNOCK, MoveName.GIN) if can(n)
        ]
        if not can(MoveName.DISCARD):
            return f"You took the fiftieth card: {_join(ends)}."
        pick = f"{shown_keys('cursor(-1)')}, {card_keys_shown(len(view.hand))}"
        extra = ", or " + " / ".join(ends) if ends else ""
        return f"Pick a card ({pick}) and discard it {_key(MoveName.DISCARD)}{extra}."
    if phase is Phase.RESPOND:
        offer = view.table.pending_offer.label if view.table.pending_offer else "a card"
        cost = (
            " An accepted ace costs your next draw."
            if view.table.pending_offer and view.table.pending_offer.rank == 1
            else ""
        )
        return (
            f"{other} offers you {offer}: accept {_key(MoveName.ACCEPT)} "
            f"or decline {_key(MoveName.DECLINE)}.{cost}"
        )
    if phase is Phase.CHALLENGED:
        return (
            f"{other} challenges: accept {_key(MoveName.ACCEPT)} and the lower "
            f"total in hand wins, or decline {_key(MoveName.DECLINE)} and play on."
        )
    if phase is Phase.PLAY:
        mark = shown_keys("mark")
        meld = _key(MoveName.MELD).strip("()")
        parts = []
        if any(isinstance(a, LayContract) for a in view.legal_actions):
            parts.append(f"lay the contract (mark nine cards with {mark}, then {meld})")
        elif any(isinstance(a, LayMeld) for a in view.legal_actions):
            parts.append(f"meld (mark with {mark}, then {meld})")
        for name, words in (
            (MoveName.LAY_OFF, "lay off"),
            (MoveName.OFFER, "offer a card"),
            (MoveName.END_TURN, "end the turn"),
            (MoveName.DISCARD, "discard"),
        ):
            if can(name):
                parts.append(f"{words} {_key(name)}")
        return "Your move: " + ", ".join(parts) + "."
    return "Your move."
