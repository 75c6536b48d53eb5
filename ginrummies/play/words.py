"""Moves and prompts in words, for the table's status line and its dialogs."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core import (
    Accept,
    Action,
    Decline,
    Discard,
    Knock,
    LayContract,
    LayMeld,
    LayOff,
    Offer,
    Phase,
    PlayerView,
    TakeDiscard,
)
from ..core.actions import melds_text

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


def prompt(session: Session, view: PlayerView) -> str:
    """What the player to move may do now, with its keys."""
    hand = session.hand
    if hand.is_over:
        return "The hand is over."
    seat = session.to_move
    if seat is None:
        return ""
    if not session.seats[seat].is_person:
        return f"{session.names[seat]} is thinking…"
    legal = hand.legal_actions()
    top = view.discard_top.label if view.discard_top else "the discard"
    phase = view.phase
    rules = session.rules
    if phase is Phase.UPCARD:
        return f"Take {top} (t) or pass (p)."
    if phase is Phase.FIFTIETH:
        return f"Take {top} to knock at once (t), or pass (p)."
    if phase is Phase.DRAW:
        if any(isinstance(a, TakeDiscard) for a in legal):
            return f"Draw from the stock (d) or take {top} (t)."
        return "Draw from the stock (d)."
    if phase is Phase.DISCARD:
        knock = any(isinstance(a, Knock) for a in legal)
        extra = ", or knock (k) / go gin (g)" if knock else ""
        return f"Pick a card (← →, 1-9) and discard it (x){extra}."
    if phase is Phase.RESPOND:
        offer = view.pending_offer.label if view.pending_offer else "a card"
        cost = (
            " An accepted ace costs your next draw."
            if view.pending_offer and view.pending_offer.rank == 1
            else ""
        )
        return f"{session.names[1 - seat]} offers you {offer}: accept (a) or decline (n).{cost}"
    if phase is Phase.CHALLENGED:
        return (
            f"{session.names[1 - seat]} challenges: accept (a) and the lower total in hand "
            "wins, or decline (n) and play on."
        )
    if phase is Phase.PLAY:
        parts = []
        if any(isinstance(a, LayContract) for a in legal):
            parts.append("lay the contract (mark nine cards with space, then m)")
        elif any(isinstance(a, LayMeld) for a in legal):
            parts.append("meld (mark with space, then m)")
        if any(isinstance(a, LayOff) for a in legal):
            parts.append("lay off (l)")
        if rules.has_offers:
            if any(isinstance(a, Offer) for a in legal):
                parts.append("offer a card (o)")
            else:
                parts.append("end the turn (e)")
        elif any(isinstance(a, Discard) for a in legal):
            parts.append("discard (x)")
        return "Your move: " + ", ".join(parts) + "."
    return "Your move."
