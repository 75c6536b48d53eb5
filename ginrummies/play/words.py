"""Moves and prompts in words, for the table's status line and its dialogs.

``prompt`` says what the player to move may do now; ``explain`` (and
``why_not``, its at-once form) says why a move cannot be made now. Both
name each move by its key from the key map (play/keys.py), and offer only
the moves that are legal now. A refusal's sentence is the core's
(``Refusal.say``): this adds only what the view and the keys tell.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
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
    Refusal,
    RuleSet,
    Wording,
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


def _kinds(rules: RuleSet) -> list[str]:
    kinds = []
    if rules.sets:
        kinds.append("set")
    if rules.runs:
        kinds.append("run")
    if rules.poker_melds:
        kinds.append("poker meld")
    return kinds


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
    """The core's refusal of the move ``name`` as one sentence, with keys:
    the core words it (``Refusal.say``); this adds what the view and the
    key map tell, the names, what may be done now and the key to press."""
    rules = view.rules
    up = view.upcard if rules.knock_limit_from_upcard else None
    wording = Wording(
        names=session.names_for(view),
        reader=view.player,
        now=_choices(view),
        keys={m.name.value: _key(m.name) for m in MOVES},
        verb=_verb(name, view, card),
        gin=name == MoveName.GIN,
        game=rules.name,
        melds=tuple(_kinds(rules)),
        upcard=up,
        can_offer=any(isinstance(a, Offer) for a in view.legal_actions),
    )
    return refusal.say(wording)


def refused(exc: IllegalAction, session: Place, view: PlayerView, action: Action) -> str:
    """A move refused as it was made, in the words ``why_not`` uses."""
    move = move_of(action, view.hand, view.rules)
    if exc.refusal is None or move is None:
        text = str(exc)
        return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")
    card = getattr(action, "card", None)
    return refusal_words(exc.refusal, session, view, move.name, card)


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
