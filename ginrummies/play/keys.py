"""The key map: every key of the table and every text-play command, once.

The app's bindings, its footer and palette, the help screen, text play's
help and the README's key table are all made from these lists, so a key is
written in one place. No Textual here: text play uses it too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from ..core import (
    Accept,
    Action,
    Card,
    Challenge,
    Decline,
    Discard,
    DrawStock,
    EndTurn,
    Knock,
    LayContract,
    LayMeld,
    LayOff,
    Offer,
    Pass,
    RuleSet,
    TakeDiscard,
)


def _always(rules: RuleSet) -> bool:
    return True


@dataclass(frozen=True, slots=True)
class Move:
    """A move key: the same letter in the app and in text play."""

    name: str  # the app's action name: action_<name>
    key: str  # the key in the app and the command in text play
    label: str  # the footer's word
    words: str  # "draw from the stock": what the player tries, in refusals
    kinds: tuple[type[Action], ...]  # the actions it makes
    help: str  # one line for the help and the README
    card: bool = False  # text play: the command names a card ("x 7h")
    text: str = ""  # text play's line when it differs from ``help``
    where: str = ""  # the games that have it, when not all do (for the README)
    applies: Callable[[RuleSet], bool] = _always  # which rule sets have it

    @property
    def command(self) -> str:
        """The text-play form: ``x CARD``."""
        return f"{self.key} CARD" if self.card else self.key


@dataclass(frozen=True, slots=True)
class Control:
    """A key that does not make a move: pick, mark, sort, undo, hint, help."""

    name: str  # the app's action, with its arguments: "cursor(-1)"
    keys: str  # Textual's key names, comma separated
    label: str  # the footer's word
    shown: str  # how the help writes the keys
    help: str
    footer: bool = False  # shown in the footer


MOVES: tuple[Move, ...] = (
    Move("draw", "d", "Draw", "draw from the stock", (DrawStock,), "draw from the stock"),
    Move(
        "take",
        "t",
        "Take",
        "take the discard",
        (TakeDiscard,),
        "take the top card of the discard pile",
        applies=lambda r: r.has_discard_pile,
        where="not in Skarney",
    ),
    Move(
        "pass",
        "p",
        "Pass",
        "pass",
        (Pass,),
        "pass on the upcard",
        applies=lambda r: r.has_upcard and r.has_knock,
        where="the Gin games",
    ),
    Move(
        "discard",
        "x",
        "Discard",
        "discard",
        (Discard,),
        "discard the card picked",
        card=True,
        text="discard that card (x 7h, x 10h, x qs)",
        applies=lambda r: r.has_discard_pile,
        where="not in Skarney",
    ),
    Move(
        "knock",
        "k",
        "Knock",
        "knock",
        (Knock,),
        "knock: you choose which melds to spread",
        text="knock, spreading the melds that leave the least deadwood",
        applies=lambda r: r.has_knock,
        where="the Gin games",
    ),
    Move(
        "gin",
        "g",
        "Gin",
        "go gin",
        (Knock,),
        "go gin (no deadwood)",
        applies=lambda r: r.has_knock,
        where="the Gin games",
    ),
    Move(
        "meld",
        "m",
        "Meld",
        "meld",
        (LayMeld, LayContract),
        "meld the marked cards",
        text="meld (the list offers each meld by number)",
        applies=lambda r: r.has_table_melds,
        where="Skarney, Colonel",
    ),
    Move(
        "lay_off",
        "l",
        "Lay off",
        "lay off",
        (LayOff,),
        "lay the card picked off on a meld on the table",
        card=True,
        text="lay that card off on a meld on the table",
        applies=lambda r: r.has_table_melds,
        where="Skarney, Colonel",
    ),
    Move(
        "offer",
        "o",
        "Offer",
        "offer a card",
        (Offer,),
        "offer the card picked to the other player",
        card=True,
        text="offer that card to the other player",
        applies=lambda r: r.has_offers,
        where="Skarney",
    ),
    Move(
        "accept",
        "a",
        "Accept",
        "accept",
        (Accept,),
        "accept the offer or the challenge",
        applies=lambda r: r.has_offers or r.challenge,
        where="Skarney; Colonel's challenge",
    ),
    Move(
        "decline",
        "n",
        "Decline",
        "decline",
        (Decline,),
        "decline the offer or the challenge",
        applies=lambda r: r.has_offers or r.challenge,
        where="Skarney; Colonel's challenge",
    ),
    Move(
        "end_turn",
        "e",
        "End turn",
        "end the turn",
        (EndTurn,),
        "end the turn (when there is nothing to offer)",
        applies=lambda r: r.has_offers,
        where="Skarney",
    ),
    Move(
        "challenge",
        "c",
        "Challenge",
        "challenge",
        (Challenge,),
        "challenge: the lower total in hand wins",
        applies=lambda r: r.challenge,
        where="Colonel, with the challenge rule",
    ),
)

MOVE_BY_NAME = {m.name: m for m in MOVES}
MOVE_BY_KEY = {m.key: m for m in MOVES}

# the eleventh and twelfth cards: the keys after 0 on the number row
CARD_KEYS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "minus", "equals_sign")
CARD_KEYS_SHOWN = "1-9 0 - ="

PICKING: tuple[Control, ...] = (
    Control("cursor(-1)", "left", "Left", "← →", "pick the card to the left or right"),
    Control("cursor(1)", "right", "Right", "← →", "pick the card to the left or right"),
    Control("cursor_to(0)", "home", "First", "Home End", "pick the first or the last card"),
    Control("cursor_to(-1)", "end", "Last", "Home End", "pick the first or the last card"),
    *(
        Control(
            f"cursor_to({i})", key, f"Card {i + 1}", CARD_KEYS_SHOWN, "pick a card by its place"
        )
        for i, key in enumerate(CARD_KEYS)
    ),
    Control("mark", "space", "Mark", "space", "mark the card picked (to meld several at once)"),
)
TOOLS: tuple[Control, ...] = (
    Control("sort", "s", "Sort", "s", "sort the hand: by melds, by rank, by suit", footer=True),
    Control("hint", "question_mark", "Hint", "?", "a hint: the best move and why", footer=True),
    Control("play_hint", "y", "Play hint", "y", "play the move the hint gave"),
    Control("undo", "u", "Undo", "u", "take back your last move against the computer", footer=True),
    Control("log", "v", "Moves", "v", "show or hide the moves in words (narrow windows)"),
    Control(
        "help", "f1,h", "Help", "F1 h", "the keys and the rules of the game in play", footer=True
    ),
    Control("leave", "escape,q", "Menu", "Esc q", "back to the menu: the game waits", footer=True),
)
CONTROLS = PICKING + TOOLS

TEXT_CONTROLS: tuple[tuple[str, str], ...] = (
    ("NUMBER", "the move of that number in the list"),
    ("?", "a hint: the best move and why"),
    ("y", "play the move the hint gave"),
    ("h", "this help"),
    ("q", "stop playing (the game is saved: ginrummies text --continue goes on with it)"),
)


def moves_for(rules: RuleSet | None) -> tuple[Move, ...]:
    """The move keys of a rule set (every move key when None)."""
    return tuple(m for m in MOVES if rules is None or m.applies(rules))


def move_of(action: Action, hand: Iterable[Card], rules: RuleSet) -> Move | None:
    """The move key that makes ``action``: a knock that leaves no deadwood
    is gin's (g), any other knock is the knock key's (k)."""
    if isinstance(action, Knock):
        return MOVE_BY_NAME["gin" if action.deadwood(hand, rules) == 0 else "knock"]
    for m in MOVES:
        if isinstance(action, m.kinds):
            return m
    return None


def actions_for(
    name: str, legal: Iterable[Action], hand: Sequence[Card], rules: RuleSet
) -> list[Action]:
    """The actions among ``legal`` that the move ``name`` makes, in their order
    (``knock`` keeps the knocks with deadwood, ``gin`` those without)."""
    move = MOVE_BY_NAME[name]
    found = [a for a in legal if isinstance(a, move.kinds)]
    if name in ("knock", "gin"):
        return [a for a in found if move_of(a, hand, rules) is move]
    return found


def shown_keys(control: str) -> str:
    """How the help writes the keys of the control named ``control``
    ("mark": "space", "cursor(-1)": "← →")."""
    for c in CONTROLS:
        if c.name == control:
            return c.shown
    raise KeyError(control)


def help_rows(rules: RuleSet | None = None) -> list[tuple[str, str]]:
    """(keys, what they do) for the help screen and the README, in order."""
    rows: list[tuple[str, str]] = []
    for c in PICKING:
        if (c.shown, c.help) not in rows:
            rows.append((c.shown, c.help))
    for m in moves_for(rules):
        where = f" ({m.where})" if m.where and rules is None else ""
        rows.append((m.key + (" Enter" if m.name == "discard" else ""), m.help + where))
    rows.extend((c.shown, c.help) for c in TOOLS)
    rows.append(("Ctrl+P", "the command palette: every legal move, themes"))
    return rows


def text_help(rules: RuleSet | None = None) -> str:
    """Text play's help: the commands of this rule set only."""
    lines = ["Commands:"]
    width = 8
    for m in moves_for(rules):
        lines.append(f"  {m.command:<{width}} {m.text or m.help}")
    for command, words in TEXT_CONTROLS:
        lines.append(f"  {command:<{width}} {words}")
    return "\n".join(lines)


def markdown_table() -> str:
    """The README's key table."""
    out = ["| key | does |", "|---|---|"]
    for keys, words in help_rows():
        out.append(f"| {keys} | {words} |")
    return "\n".join(out)
