"""The plain-text game, for any terminal or pipe.

It runs the same ``Session`` as the app (the play layer): the same seats,
the same computer with the same view of the game, the same moves in words.
Shows your hand in melds with its deadwood, the discard pile, the stock,
the table and what the other player did; you answer with a number from the
menu or a short command. Bad input gets a message and the question again.
"""

from __future__ import annotations

from collections.abc import Callable

from .ai.hints import hint
from .core import (
    Accept,
    Action,
    Challenge,
    Decline,
    Discard,
    DrawStock,
    EndTurn,
    Game,
    Knock,
    Offer,
    Pass,
    TakeDiscard,
    best_arrangement,
    format_cards,
)
from .play import Session, action_words

HELP = """Commands: a number from the menu, or
  d  draw from the stock      t  take the discard      p  pass
  x CARD  discard a card (x 7h, x 10h)      k  knock or go gin (best spread)
  o CARD  offer a card (Skarney)      a  accept      n  decline
  e  end the turn      c  challenge (Colonel)      ?  a hint
  h  this help      q  quit"""


class Quit(Exception):
    """The player asked to stop (or the input ended)."""


def show_table(session: Session, say: Callable[[str], None]) -> None:
    """The table as the person to move sees it."""
    game, rules = session.game, session.rules
    view = session.view()
    other = 1 - view.player
    names = session.names
    arr = best_arrangement(view.hand, rules, discard=False)
    say("")
    facts = [
        f"Score: {names[0]} {game.scores[0]}, {names[1]} {game.scores[1]} (to {rules.target})",
        f"Stock {view.stock_size}",
    ]
    if view.knock_limit is not None:
        facts.append(f"Knock limit {view.knock_limit}")
    if view.doubled:
        facts.append("Spade upcard: this hand counts double")
    if rules.has_contract:
        state = ["down" if laid else "not yet" for laid in view.contracts]
        facts.append(f"Contract: {names[0]} {state[0]}, {names[1]} {state[1]}")
    say("   ".join(facts))
    parts = [f"{names[other]} holds {view.opponent_hand_size} cards"]
    if rules.has_discard_pile:
        top = view.discard_top.label if view.discard_top else "empty"
        parts.insert(0, f"Discard pile: {top}")
    say("   ".join(parts))
    for i, t in enumerate(view.table, 1):
        say(f"  table {i}: [{t.meld}] ({names[t.owner]})")
    melds = [f"[{m}]" for m in arr.melds]
    melds.append(f"deadwood {format_cards(sorted(arr.deadwood)) or 'none'} = {arr.points}")
    say("Your hand: " + "  ".join(melds))
    if view.pending_offer is not None:
        say(f"{names[other]} offers you {view.pending_offer.label}.")
    if view.challenge_pending:
        say(f"{names[other]} challenges you: lower hand total wins.")


def parse_command(text: str, menu: list[Action]) -> Action:
    """Turn what the player typed into one of the legal actions, or ValueError."""
    from .core import Card

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
    wanted: Action | None = None
    if head in ("d", "draw"):
        wanted = DrawStock()
    elif head in ("t", "take"):
        wanted = TakeDiscard()
    elif head in ("p", "pass"):
        wanted = Pass()
    elif head in ("x", "discard"):
        if len(words) < 2:
            raise ValueError("say which card: x 7h")
        wanted = Discard(Card.parse(words[1]))
    elif head in ("a", "accept", "y", "yes"):
        wanted = Accept()
    elif head in ("n", "decline", "no"):
        wanted = Decline()
    elif head in ("e", "end"):
        wanted = EndTurn()
    elif head in ("c", "challenge"):
        wanted = Challenge()
    elif head in ("o", "offer"):
        if len(words) < 2:
            raise ValueError("say which card: o 7h")
        wanted = Offer(Card.parse(words[1]))
    elif head in ("k", "knock", "gin"):
        knocks = [a for a in menu if isinstance(a, Knock)]
        if not knocks:
            raise ValueError("you cannot knock now")
        return knocks[0]
    else:
        raise ValueError(f"unknown command {head!r} (h for help)")
    if wanted not in menu:
        raise ValueError(f"you cannot {wanted} now")
    return wanted


def play(session: Session, ask: Callable[[str], str], say: Callable[[str], None]) -> Game:
    """Play the session's game to its end, every seat's turn in order.

    Hot-seat, the hand of the person to move is shown only after they say
    they are at the keyboard, and the screen is cleared of the last one."""
    said = 0
    at_keyboard: int | None = None

    def tell() -> None:
        nonlocal said
        for line in session.log[said:]:
            say("  " + line)
        said = len(session.log)

    while True:
        tell()
        hand = session.hand
        game = session.game
        if hand.is_over:
            assert hand.result is not None
            say("")
            for line in hand.result.breakdown(session.names):
                say("  " + line)
            if game.is_over:
                assert game.result is not None
                say("")
                for line in game.result.breakdown(session.names):
                    say(line)
                return game
            ask("Press Enter for the next hand (q to quit) ")
            session.next_hand()
            at_keyboard = None
            continue
        if session.computer_to_move:
            decision = session.computer_plays()
            if decision.problem is not None:
                say(f"  ({decision.problem}; it played a simple move instead.)")
            continue
        seat = session.to_move
        if session.hot_seat and seat != at_keyboard:
            say("\n" * 40)  # scroll the last hand out of sight
            ask(f"Pass the keyboard to {session.names[seat or 0]}, who presses Enter. ")
            at_keyboard = seat
        take_turn(session, ask, say)


def take_turn(session: Session, ask: Callable[[str], str], say: Callable[[str], None]) -> None:
    """One move of the person to move, asked until it is a legal one."""
    show_table(session, say)
    view = session.view()
    actions = list(view.legal_actions)
    for i, action in enumerate(actions, 1):
        say(f"  {i:2}. {action_words(action, view)}")
    while True:
        answer = ask("> ")
        if answer.strip().lower() in ("h", "help"):
            say(HELP)
            continue
        if answer.strip() in ("?", "hint"):
            for h in hint(view, actions)[:3]:
                say(f"  hint: {action_words(h.action, view)} ({h.reason})")
            continue
        try:
            action = parse_command(answer, actions)
        except ValueError as exc:
            say(f"  {exc}")
            continue
        before = set(view.hand)
        session.play(action)
        if isinstance(action, DrawStock):
            (drawn,) = set(session.hand.cards_of(view.player)) - before
            say(f"  You drew {drawn.label}")
        return
