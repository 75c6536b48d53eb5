"""A plain-text game against the computer, for any terminal or pipe.

Shows your hand in melds with its deadwood, the discard pile, the stock,
the table and what the opponent did; you answer with a number from the
menu or a short command. Bad input gets a message and the question again.
"""

from __future__ import annotations

from collections.abc import Callable

from .ai import Bot
from .ai.hints import hint
from .core import (
    Accept,
    Action,
    Challenge,
    Decline,
    Discard,
    DrawStock,
    EndTurn,
    Family,
    Game,
    Hand,
    Knock,
    LayOff,
    Offer,
    Pass,
    RuleSet,
    TableHand,
    TakeDiscard,
    best_arrangement,
    format_cards,
)

NAMES = ("You", "Computer")
HELP = """Commands: a number from the menu, or
  d  draw from the stock      t  take the discard      p  pass
  x CARD  discard a card (x 7h, x 10h)      k  knock or go gin (best spread)
  o CARD  offer a card (Skarney)      a  accept      n  decline
  e  end the turn      c  challenge (Colonel)      ?  a hint
  h  this help      q  quit"""


class Quit(Exception):
    """The player asked to stop (or the input ended)."""


def describe(action: Action, hand: Hand) -> str:
    """A menu line for an action."""
    if isinstance(action, Knock):
        dead = "gin" if action.discard is None else f"discard {action.discard.label}"
        return f"knock ({dead}): " + "  ".join(f"[{m}]" for m in action.melds)
    if isinstance(action, LayOff) and isinstance(hand, TableHand):
        return f"lay off {action.card.label} on [{hand.table[action.target].meld}]"
    if isinstance(action, Accept | Decline):
        offer = hand.view(hand.to_move or 0).pending_offer
        return f"{action} {offer.label}" if offer else f"{action} the challenge"
    return str(action)


def show_table(game: Game, say: Callable[[str], None]) -> None:
    hand = game.hand
    rules = game.rules
    view = hand.view(0)
    arr = best_arrangement(view.hand, rules, discard=False)
    say("")
    facts = [
        f"Score: you {game.scores[0]}, computer {game.scores[1]} (to {rules.target})",
        f"Stock {view.stock_size}",
    ]
    if view.knock_limit is not None:
        facts.append(f"Knock limit {view.knock_limit}")
    if view.doubled:
        facts.append("Spade upcard: this hand counts double")
    if rules.family is Family.SKARNEY:
        mine, theirs = view.contracts[0], view.contracts[1]
        facts.append(
            f"Contract: you {'down' if mine else 'not yet'}, computer "
            f"{'down' if theirs else 'not yet'}"
        )
    say("   ".join(facts))
    parts = [f"Computer holds {view.opponent_hand_size} cards"]
    if rules.family is not Family.SKARNEY:
        top = view.discard_top.label if view.discard_top else "empty"
        parts.insert(0, f"Discard pile: {top}")
    say("   ".join(parts))
    for i, t in enumerate(view.table, 1):
        say(f"  table {i}: [{t.meld}] ({NAMES[t.owner].lower()})")
    melds = [f"[{m}]" for m in arr.melds]
    melds.append(f"deadwood {format_cards(sorted(arr.deadwood)) or 'none'} = {arr.points}")
    say("Your hand: " + "  ".join(melds))
    if view.pending_offer is not None:
        say(f"The computer offers you {view.pending_offer.label}.")
    if view.challenge_pending:
        say("The computer challenges you: lower hand total wins.")


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


def play(
    rules: RuleSet,
    seed: int,
    bot: Bot,
    ask: Callable[[str], str],
    say: Callable[[str], None],
) -> Game:
    """Play a whole game: the person is player 0, the bot player 1."""
    game = Game(rules, seed)
    say(f"{rules.name}, seed {seed}. You play first when the computer deals.")
    seen = 0
    while True:
        hand = game.hand
        events = hand.events
        for event in events[seen:]:
            if event.player == 1:
                say("  " + event.describe(NAMES))
        seen = len(events)
        if hand.is_over:
            assert hand.result is not None
            say("")
            for line in hand.result.breakdown(NAMES):
                say("  " + line)
            if game.is_over:
                assert game.result is not None
                say("")
                for line in game.result.breakdown(NAMES):
                    say(line)
                return game
            ask("Press Enter for the next hand (q to quit) ")
            game.next_hand()
            seen = 0
            continue
        actions = hand.legal_actions()
        if hand.to_move == 1:
            game.apply(bot.choose(hand.view(1), actions))
            continue
        show_table(game, say)
        for i, action in enumerate(actions, 1):
            say(f"  {i:2}. {describe(action, hand)}")
        while True:
            answer = ask("> ")
            if answer.strip().lower() in ("h", "help"):
                say(HELP)
                continue
            if answer.strip() in ("?", "hint"):
                for h in hint(hand.view(0), actions)[:3]:
                    say(f"  hint: {describe(h.action, hand)} ({h.reason})")
                continue
            try:
                action = parse_command(answer, actions)
            except ValueError as exc:
                say(f"  {exc}")
                continue
            before = set(hand.cards_of(0))
            game.apply(action)
            if isinstance(action, DrawStock):
                (drawn,) = set(hand.cards_of(0)) - before
                say(f"  You drew {drawn.label}")
            break
