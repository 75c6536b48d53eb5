"""Moves and prompts in words, for the table's status line and its dialogs.

``prompt`` says what the player to move may do now; ``why_not`` says why a
move cannot be made now. Both name each move by its key from the key map
(play/keys.py), and offer only the moves that are legal now.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from ..core import (
    Accept,
    Action,
    Card,
    Decline,
    Discard,
    DrawStock,
    Event,
    FirstTurn,
    Knock,
    LayContract,
    LayMeld,
    LayOff,
    Offer,
    Phase,
    PlayerView,
    RuleSet,
    TakeDiscard,
    extend,
    format_cards,
    solver_for,
)
from ..core.actions import melds_text
from ..core.cards import to_mask
from ..core.skarney import LAYOFFS_PER_MELD
from .keys import CARD_KEYS_SHOWN, MOVE_BY_NAME, MOVES, actions_for, shown_keys

if TYPE_CHECKING:
    from .session import Session


def action_words(action: Action, view: PlayerView) -> str:
    """A move as a menu, a hint or the log offers it: ``str(action)`` with
    what the view adds, the knock's count, the meld a card is laid off on,
    the card an answer is about."""
    if isinstance(action, Knock) and action.discard is not None:
        points = action.deadwood(view.hand, view.rules)
        what = "gin" if points == 0 else f"knock with {points}"
        return f"{what}, discarding {action.discard.label}: {melds_text(action.melds)}"
    if isinstance(action, LayOff) and 0 <= action.target < len(view.table):
        return f"lay off {action.card.label} on [{view.table[action.target].meld}]"
    if isinstance(action, Accept | Decline):
        what = view.pending_offer.label if view.pending_offer else "the challenge"
        return f"{action} {what}"
    return str(action)


# --- pieces -------------------------------------------------------------------


def _key(name: str) -> str:
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


def _legal(view: PlayerView, name: str) -> list[Action]:
    return actions_for(name, view.legal_actions, view.hand, view.rules)


def _top(view: PlayerView) -> str:
    return view.discard_top.label if view.discard_top else "the discard"


def _choice(name: str, view: PlayerView) -> str:
    """One move legal now, in words with its key."""
    key = _key(name)
    if name == "take":
        at_once = " to knock at once" if view.phase is Phase.FIFTIETH else ""
        return f"take {_top(view)}{at_once} {key}"
    if name == "meld" and any(isinstance(a, LayContract) for a in view.legal_actions):
        return f"lay the contract {key}"
    if name == "accept":
        offer = view.pending_offer
        return f"accept {offer.label if offer else 'the challenge'} {key}"
    if name == "decline":
        return f"decline it {key}"
    if name == "discard":
        return f"discard a card {key}"
    return f"{MOVE_BY_NAME[name].words} {key}"


def _choices(view: PlayerView) -> str:
    """Every move legal now, in key-map order: "take 7♥ (t) or pass (p)"."""
    return _join([_choice(m.name, view) for m in MOVES if _legal(view, m.name)])


def _this_turn(view: PlayerView) -> list[Event]:
    """The viewer's own moves since the other player last moved."""
    out: list[Event] = []
    for event in reversed(view.history):
        if event.player != view.player:
            break
        out.append(event)
    return out[::-1]


def _skipped_draw(view: PlayerView) -> Card | None:
    """The ace accepted that cost this turn's draw (Skarney), if so."""
    for event in _this_turn(view):
        if isinstance(event.action, DrawStock | TakeDiscard):
            return None
        if isinstance(event.action, Accept) and event.card is not None and event.card.rank == 1:
            return event.card
    return None


def _instead(view: PlayerView) -> str:
    """What a player barred from offering an ace may do to end the turn."""
    if any(isinstance(a, Offer) for a in view.legal_actions):
        return f": offer another card {_key('offer')}"
    return f": end the turn {_key('end_turn')}"


def _contract_this_turn(view: PlayerView) -> bool:
    return any(isinstance(e.action, LayContract) for e in _this_turn(view))


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


def least_deadwood(view: PlayerView, extra: Card | None = None) -> int:
    """The least deadwood a knock could leave now: the best arrangement after
    the best discard the rules allow (not the card just taken from the pile).
    ``extra``: with that card added first (the fiftieth card)."""
    rules = view.rules
    solver = solver_for(rules)
    hand = [*view.hand, *([extra] if extra is not None else [])]
    mask = to_mask(hand)
    if rules.big_gin and solver.deadwood(mask) == 0:
        return 0
    keep = None if rules.discard_taken_card or extra is not None else view.taken_card
    return min(solver.deadwood(mask & ~c.bit) for c in hand if c != keep)


def _limit_words(view: PlayerView) -> str:
    """The knock limit in force, and where it comes from."""
    limit = view.knock_limit
    up = view.upcard
    if view.rules.knock_limit_from_upcard and up is not None:
        return f"this hand's knock limit is {limit}, from the upcard {up.label}"
    return f"the knock limit is {limit}"


def _gin_only(view: PlayerView) -> str:
    up = view.upcard
    if view.rules.knock_limit_from_upcard and up is not None:
        return f"this hand is gin only (the upcard {up.label} is an ace)"
    return "these rules allow gin only"


def _knock_too_high(view: PlayerView, name: str, least: int, extra: Card | None = None) -> str:
    """Why a knock (or gin) cannot be made with this much deadwood."""
    with_it = f"with {extra.label} " if extra is not None else ""
    would = "would be" if extra is not None else "is"
    if name == "gin":
        return f"You cannot go gin: {with_it}your deadwood {would} {least}; gin needs 0."
    if view.knock_limit == 0:
        gin_only = _gin_only(view)
        return f"You cannot knock: {gin_only}, and {with_it}your least deadwood {would} {least}."
    return f"You cannot knock: {with_it}your least deadwood {would} {least}; {_limit_words(view)}."


def _no_such_move(name: str, rules: RuleSet) -> str | None:
    """Why a move is never made in this variant; None if it is one of its moves."""
    if MOVE_BY_NAME[name].applies(rules):
        return None
    game = rules.name
    if name in ("knock", "gin"):
        how = (
            "melding and laying off every card"
            if rules.has_offers
            else "melding, laying off and discarding every card"
        )
        return f"{game} has no knocking: you go out by {how}."
    if not rules.has_discard_pile and name in ("take", "discard", "pass"):
        return f"{game} has no discard pile: you end your turn by offering a card {_key('offer')}."
    if name == "pass":
        return f"{game} turns up no card to pass on: you draw from the stock {_key('draw')}."
    if name == "meld":
        return f"In {game} melds are spread when you knock {_key('knock')} or go gin {_key('gin')}."
    if name == "lay_off":
        return f"In {game} cards are laid off only on a knocker's melds, and the game does it."
    if name in ("offer", "end_turn"):
        return f"{game} has no offers: you end your turn with a discard {_key('discard')}."
    if name in ("accept", "decline"):
        return f"{game} has no offers or challenges to answer."
    return f"{game} has no challenge."


def _verb(name: str, view: PlayerView, card: Card | None) -> str:
    if name == "take":
        return f"take {_top(view)}"
    if name in ("discard", "lay_off", "offer") and card is not None:
        return f"{MOVE_BY_NAME[name].words.removesuffix(' a card')} {card.label}"
    if name == "draw":
        return "draw"
    return MOVE_BY_NAME[name].words


# where each move comes in a turn, and where each phase is: a move later
# in the turn than the phase is refused with "... first"
_STAGE = {
    "accept": 0,
    "decline": 0,
    "pass": 1,
    "challenge": 1,
    "draw": 2,
    "take": 2,
}
_PHASE_STAGE = {
    Phase.RESPOND: 0,
    Phase.CHALLENGED: 0,
    Phase.UPCARD: 1,
    Phase.FIFTIETH: 1,
    Phase.DRAW: 2,
    Phase.DISCARD: 3,
    Phase.PLAY: 3,
}


def _wrong_phase(name: str, view: PlayerView, card: Card | None) -> str:
    """A move of another part of the turn: what may be done instead."""
    now = _choices(view)
    stage = _STAGE.get(name, 3)
    current = _PHASE_STAGE.get(view.phase, 3)
    if name in ("draw", "take") and current == 3:
        ace = _skipped_draw(view)
        if ace is not None:
            return f"You accepted {ace.label}, and an accepted ace costs your draw: {now}."
        return f"You have drawn already: {now}."
    first = stage > current and view.phase not in (Phase.FIFTIETH, Phase.CHALLENGED)
    return f"You cannot {_verb(name, view, card)} now: {now}{' first' if first else ''}."


# --- why not --------------------------------------------------------------------


def why_not(
    session: Session,
    view: PlayerView,
    name: str,
    card: Card | None = None,
    marked: frozenset[Card] | None = None,
) -> str:
    """Why the move ``name`` (a key-map move name) cannot be made now, as one
    sentence; ``card`` is the card it names (discard, lay off, offer) and
    ``marked`` the cards marked to meld.

    Meant for a move that is not legal now (for a meld: not with these
    marked cards); of a legal move it says that it may be made."""
    rules = session.rules
    never = _no_such_move(name, rules)
    if never is not None:
        return never
    if session.game.is_over:
        return "The game is over."
    if view.result is not None or view.to_move is None:
        return "The hand is over."
    if view.to_move != view.player:
        return f"It is {_possessive(session.names_for(view)[view.to_move])} turn."
    if card is not None and card not in view.hand and name in ("discard", "lay_off", "offer"):
        return f"You do not hold {card.label}."
    if marked:
        missing = sorted(c for c in marked if c not in view.hand)
        if missing:
            return f"You do not hold {_cards(missing)}."
    if _can(view, name, card, marked):
        return f"You may {_verb(name, view, card)} now {_key(name)}."
    phase = view.phase
    reason: str | None = None
    if phase is Phase.FIFTIETH:
        reason = _fiftieth(name, view)
    elif phase is Phase.DRAW:
        reason = _at_draw(name, view)
    elif phase is Phase.DISCARD:
        reason = _at_discard(name, view, card)
    elif phase is Phase.PLAY:
        reason = _at_play(session, name, view, card, marked or None)
    elif name in ("accept", "decline") and phase not in (Phase.RESPOND, Phase.CHALLENGED):
        reason = _nothing_to_answer(view)
    return reason or _wrong_phase(name, view, card)


def _can(view: PlayerView, name: str, card: Card | None, marked: frozenset[Card] | None) -> bool:
    """Whether the move is legal now, with this card or these marked cards."""
    options = _legal(view, name)
    if name in ("discard", "offer", "lay_off"):
        return card is not None and any(getattr(a, "card", None) == card for a in options)
    if marked and name == "meld":
        return any(frozenset(meld_cards(a)) == marked for a in options)
    return bool(options)


def _nothing_to_answer(view: PlayerView) -> str:
    what = "offer" if view.rules.has_offers else "challenge"
    return f"There is no {what} to answer: {_choices(view)}."


def _fiftieth(name: str, view: PlayerView) -> str | None:
    top = view.discard_top
    if top is None or _legal(view, "take"):
        return None
    least = least_deadwood(view, top)
    if name in ("knock", "gin"):
        return _knock_too_high(view, name, least, top)
    if name == "take":
        limit = _gin_only(view) if view.knock_limit == 0 else _limit_words(view)
        return (
            f"You may take {top.label} only to knock or go gin at once, and with it "
            f"your least deadwood would be {least} ({limit}): pass {_key('pass')}."
        )
    return None


def _at_draw(name: str, view: PlayerView) -> str | None:
    if name == "take" and not _legal(view, "take"):
        if not view.discard_pile:
            return f"The discard pile is empty: draw from the stock {_key('draw')}."
        return (
            "Both players passed the upcard, so the first draw comes from the stock "
            f"{_key('draw')}."
        )
    if name == "challenge" and view.rules.challenge:
        return f"Only one challenge a turn: {_choices(view)}."
    if name in ("accept", "decline"):
        return _nothing_to_answer(view)
    return None


def _at_discard(name: str, view: PlayerView, card: Card | None) -> str | None:
    """Gin family, after the draw: discard, knock or go gin."""
    rules = view.rules
    discards = _legal(view, "discard")
    if name == "discard":
        if not discards:
            return f"You took the fiftieth card to knock: {_choices(view)}."
        if card is None:
            return "Pick the card to discard first."
        if card == view.taken_card:
            return f"You took {card.label} from the pile this turn: discard another card."
        return None
    if name in ("knock", "gin"):
        first_turn = rules.first_turn is FirstTurn.ELEVEN_CARDS and not any(
            isinstance(e.action, Discard) for e in view.history
        )
        if first_turn:
            return (
                "With eleven cards dealt, the first turn is only a discard: "
                f"discard a card {_key('discard')}."
            )
        least = least_deadwood(view)
        if name == "knock" and least == 0 and _legal(view, "gin"):
            return f"You have no deadwood: go gin {_key('gin')} instead."
        if name == "gin" and least == 0:
            return None
        return _knock_too_high(view, name, least)
    if name in ("accept", "decline"):
        return _nothing_to_answer(view)
    return None


def _at_play(
    session: Session,
    name: str,
    view: PlayerView,
    card: Card | None,
    marked: frozenset[Card] | None,
) -> str | None:
    """Skarney and Colonel, after the draw: meld, lay off, then offer or discard."""
    rules = view.rules
    me = view.player
    contract_down = view.contracts[me] if rules.has_contract else True
    if name == "meld":
        options = _legal(view, "meld")
        if marked and any(frozenset(meld_cards(a)) == marked for a in options):
            return None
        if not contract_down:
            if marked:
                return (
                    f"Your first meld must be the contract, {_CONTRACT}: "
                    f"the marked cards ({_cards(marked)}) are not that."
                )
            if not options:
                return (
                    f"Your first meld must be the contract, {_CONTRACT}, "
                    "and your hand does not hold one yet."
                )
            return None
        if _contract_this_turn(view):
            return "You laid the contract this turn: nothing more may be laid until your next turn."
        kinds = _kinds(rules)
        if marked:
            what = _join(["a " + k for k in kinds])
            return f"The marked cards ({_cards(marked)}) are not {what}."
        if not options:
            return f"You hold no {_join(kinds)} to meld."
        return None
    if name == "lay_off":
        if not contract_down:
            return (
                "You cannot lay off before your contract is down: your first meld must be "
                f"the contract, {_CONTRACT}."
            )
        if _contract_this_turn(view):
            return "You laid the contract this turn: nothing more may be laid until your next turn."
        if card is None:
            return "Pick the card to lay off first."
        if not view.table:
            return "There is no meld on the table to lay off on."
        fits = [i for i, t in enumerate(view.table) if extend(t.meld, card, rules) is not None]
        if not fits:
            return f"{card.label} fits no meld on the table."
        if rules.has_contract:
            own = [i for i in fits if view.table[i].owner == me]
            if not own:
                other = session.names_for(view)[1 - me]
                return (
                    f"{card.label} fits only {_possessive(other)} melds, and in {rules.name} "
                    "you lay off only on your own."
                )
            laid = [e.action.target for e in _this_turn(view) if isinstance(e.action, LayOff)]
            full = [i for i in own if laid.count(i) >= LAYOFFS_PER_MELD]
            if full:
                return (
                    f"You have laid off {LAYOFFS_PER_MELD} cards on [{view.table[full[0]].meld}] "
                    "this turn, the most one meld takes in a turn."
                )
        return None
    if name == "offer":
        if view.last_turn:
            return (
                "The stock is down to two: the hand ends with no offer; "
                f"end the turn {_key('end_turn')}."
            )
        if len(view.hand) == 1:
            return (
                "With one card left there is no offer (last card): "
                f"end the turn {_key('end_turn')}."
            )
        if card is None:
            return "Pick the card to offer first."
        if card == view.no_offer_back:
            return f"You just accepted {card.label}: it may not be offered back at once."
        if card.rank == 1 and view.draw_skipped:
            took = _skipped_draw(view)
            what = f"you took {took.label} offered to you" if took else "you took an offered ace"
            return (
                f"You drew no card this turn ({what}), so you may not offer an ace{_instead(view)}."
            )
        return None
    if name == "end_turn":
        return (
            f"You end your turn by offering a card {_key('offer')}; without an offer only "
            "with your last card, at the stock's end, or when no card you hold may be offered."
        )
    if name == "discard":
        if card is None:
            return "Pick the card to discard first."
        if card == view.taken_card:
            return f"You took {card.label} from the pile this turn: discard another card."
        return None
    if name == "challenge" and rules.challenge:
        return "A challenge comes at the start of your turn, before you draw."
    if name in ("accept", "decline"):
        return _nothing_to_answer(view)
    return None


def meld_cards(action: Action) -> tuple[Card, ...]:
    """The cards a meld or a contract lays down (none for other moves)."""
    if isinstance(action, LayMeld):
        return action.meld.cards
    if isinstance(action, LayContract):
        return tuple(c for m in action.melds for c in m.cards)
    return ()


# --- the prompt -------------------------------------------------------------------


def prompt(session: Session, view: PlayerView) -> str:
    """What the player to move may do now, with its keys: only the moves
    that are legal now, each with its key from the key map."""
    if view.result is not None:
        return "The hand is over."
    if view.to_move is None:
        return ""
    match = view.match
    seat = view.to_move
    if match is not None:
        table = None if match.seat is None else match.table_of(match.seat)
        seat = match.tables[table or 0].seats[view.to_move]
    if not session.seats[seat].is_person:
        return f"{session.names[seat]} is thinking…"
    top = _top(view)
    phase = view.phase
    other = session.names_for(view)[1 - view.player]

    def can(name: str) -> bool:
        return bool(_legal(view, name))

    if phase is Phase.UPCARD:
        return f"Take {top} {_key('take')} or pass {_key('pass')}."
    if phase is Phase.FIFTIETH:
        if can("take"):
            return f"Take {top} to knock at once {_key('take')}, or pass {_key('pass')}."
        return f"Pass {_key('pass')}: {top} would not get you down to a knock."
    if phase is Phase.DRAW:
        parts = [f"draw from the stock {_key('draw')}"]
        if can("take"):
            parts.append(f"take {top} {_key('take')}")
        if can("challenge"):
            parts.append(f"challenge {_key('challenge')}")
        text = _join(parts)
        return text[0].upper() + text[1:] + "."
    if phase is Phase.DISCARD:
        ends = [f"{MOVE_BY_NAME[n].words} {_key(n)}" for n in ("knock", "gin") if can(n)]
        if not can("discard"):
            return f"You took the fiftieth card: {_join(ends)}."
        pick = f"{shown_keys('cursor(-1)')}, {CARD_KEYS_SHOWN.split()[0]}"
        extra = ", or " + " / ".join(ends) if ends else ""
        return f"Pick a card ({pick}) and discard it {_key('discard')}{extra}."
    if phase is Phase.RESPOND:
        offer = view.pending_offer.label if view.pending_offer else "a card"
        cost = (
            " An accepted ace costs your next draw."
            if view.pending_offer and view.pending_offer.rank == 1
            else ""
        )
        return (
            f"{other} offers you {offer}: accept {_key('accept')} "
            f"or decline {_key('decline')}.{cost}"
        )
    if phase is Phase.CHALLENGED:
        return (
            f"{other} challenges: accept {_key('accept')} and the lower "
            f"total in hand wins, or decline {_key('decline')} and play on."
        )
    if phase is Phase.PLAY:
        mark = shown_keys("mark")
        meld = _key("meld").strip("()")
        parts = []
        if any(isinstance(a, LayContract) for a in view.legal_actions):
            parts.append(f"lay the contract (mark nine cards with {mark}, then {meld})")
        elif any(isinstance(a, LayMeld) for a in view.legal_actions):
            parts.append(f"meld (mark with {mark}, then {meld})")
        for name, words in (
            ("lay_off", "lay off"),
            ("offer", "offer a card"),
            ("end_turn", "end the turn"),
            ("discard", "discard"),
        ):
            if can(name):
                parts.append(f"{words} {_key(name)}")
        return "Your move: " + ", ".join(parts) + "."
    return "Your move."
