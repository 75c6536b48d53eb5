"""The key map: every key of the table and every text-play command, once.

The app's bindings, its footer and palette, the help screen, text play's
help and the README's key table are all made from these lists, so a key is
written in one place. No Textual here: text play uses it too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

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


class MoveName(StrEnum):
    """A move key's name: the parameter of the app's one move action (``move('<name>')``)
    and a word text play takes. One ``Move`` in ``MOVES`` has each."""

    DRAW = "draw"
    TAKE = "take"
    PASS = "pass"
    DISCARD = "discard"
    KNOCK = "knock"
    GIN = "gin"
    MELD = "meld"
    LAY_OFF = "lay_off"
    OFFER = "offer"
    ACCEPT = "accept"
    DECLINE = "decline"
    END_TURN = "end_turn"
    CHALLENGE = "challenge"


@dataclass(frozen=True, slots=True)
class Move:
    """A move key: the same letter in the app and in text play."""

    name: MoveName  # the app's binding: move('<name>')
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
    # the rule sets it works in (None: all), as the help lists it, and where
    # that is in words (for the README's table of every key)
    applies: Callable[[RuleSet], bool] | None = None
    where: str = ""


@dataclass(frozen=True, slots=True)
class TextCommand:
    """A text-play command that makes no move: a number, hint, help, quit."""

    command: str  # as typed
    help: str


MOVES: tuple[Move, ...] = (
    Move(
        name=MoveName.DRAW,
        key="d",
        label="Draw",
        words="draw from the stock",
        kinds=(DrawStock,),
        help="draw from the stock",
    ),
    Move(
        name=MoveName.TAKE,
        key="t",
        label="Take",
        words="take the discard",
        kinds=(TakeDiscard,),
        help="take the top card of the discard pile",
        applies=lambda r: r.has_discard_pile,
        where="not in Skarney",
    ),
    Move(
        name=MoveName.PASS,
        key="p",
        label="Pass",
        words="pass",
        kinds=(Pass,),
        help="pass on the upcard",
        applies=lambda r: r.has_upcard and r.has_knock,
        where="the Gin games",
    ),
    Move(
        name=MoveName.DISCARD,
        key="x",
        label="Discard",
        words="discard",
        kinds=(Discard,),
        help="discard the card picked",
        card=True,
        text="discard that card (x 7h, x 10h, x qs)",
        applies=lambda r: r.has_discard_pile,
        where="not in Skarney",
    ),
    Move(
        name=MoveName.KNOCK,
        key="k",
        label="Knock",
        words="knock",
        kinds=(Knock,),
        help="knock: you choose which melds to spread",
        text="knock, spreading the melds that leave the least deadwood",
        applies=lambda r: r.has_knock,
        where="the Gin games",
    ),
    Move(
        name=MoveName.GIN,
        key="g",
        label="Gin",
        words="go gin",
        kinds=(Knock,),
        help="go gin (no deadwood)",
        applies=lambda r: r.has_knock,
        where="the Gin games",
    ),
    Move(
        name=MoveName.MELD,
        key="m",
        label="Meld",
        words="meld",
        kinds=(LayMeld, LayContract),
        help="meld the marked cards",
        text="meld (the list offers each meld by number)",
        applies=lambda r: r.has_table_melds,
        where="Skarney, Colonel",
    ),
    Move(
        name=MoveName.LAY_OFF,
        key="l",
        label="Lay off",
        words="lay off",
        kinds=(LayOff,),
        help="lay the card picked off on a meld on the table",
        card=True,
        text="lay that card off on a meld on the table",
        applies=lambda r: r.has_table_melds,
        where="Skarney, Colonel",
    ),
    Move(
        name=MoveName.OFFER,
        key="o",
        label="Offer",
        words="offer a card",
        kinds=(Offer,),
        help="offer the card picked to the other player",
        card=True,
        text="offer that card to the other player",
        applies=lambda r: r.has_offers,
        where="Skarney",
    ),
    Move(
        name=MoveName.ACCEPT,
        key="a",
        label="Accept",
        words="accept",
        kinds=(Accept,),
        help="accept the offer or the challenge",
        applies=lambda r: r.has_offers or r.challenge,
        where="Skarney; Colonel's challenge",
    ),
    Move(
        name=MoveName.DECLINE,
        key="n",
        label="Decline",
        words="decline",
        kinds=(Decline,),
        help="decline the offer or the challenge",
        applies=lambda r: r.has_offers or r.challenge,
        where="Skarney; Colonel's challenge",
    ),
    Move(
        name=MoveName.END_TURN,
        key="e",
        label="End turn",
        words="end the turn",
        kinds=(EndTurn,),
        help="end the turn (when there is nothing to offer)",
        applies=lambda r: r.has_offers,
        where="Skarney",
    ),
    Move(
        name=MoveName.CHALLENGE,
        key="c",
        label="Challenge",
        words="challenge",
        kinds=(Challenge,),
        help="challenge: the lower total in hand wins",
        applies=lambda r: r.challenge,
        where="Colonel, with the challenge rule",
    ),
)

MOVE_BY_NAME: dict[MoveName, Move] = {m.name: m for m in MOVES}
MOVE_BY_KEY: dict[str, Move] = {m.key: m for m in MOVES}

# the eleventh and twelfth cards: the keys after 0 on the number row
CARD_KEYS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "minus", "equals_sign")
CARD_KEYS_SHOWN = "1-9 0 - ="


def card_keys_shown(cards: int) -> str:
    """The keys that pick the cards of a hand of ``cards``, as a prompt
    writes them: "1-7", "1-9", "1-9, 0, -" (eleven cards)."""
    shown = CARD_KEYS_SHOWN.split()
    n = min(cards, len(CARD_KEYS))
    if n <= 9:
        return f"1-{n}" if n > 1 else "1"
    return ", ".join([shown[0], *shown[1 : n - 8]])


PICKING: tuple[Control, ...] = (
    Control(
        name="cursor(-1)",
        keys="left",
        label="Left",
        shown="← →",
        help="pick the card to the left or right",
    ),
    Control(
        name="cursor(1)",
        keys="right",
        label="Right",
        shown="← →",
        help="pick the card to the left or right",
    ),
    Control(
        name="cursor_to(0)",
        keys="home",
        label="First",
        shown="Home End",
        help="pick the first or the last card",
    ),
    Control(
        name="cursor_to(-1)",
        keys="end",
        label="Last",
        shown="Home End",
        help="pick the first or the last card",
    ),
    *(
        Control(
            name=f"cursor_to({i})",
            keys=key,
            label=f"Card {i + 1}",
            shown=CARD_KEYS_SHOWN,
            help="pick a card by its place",
        )
        for i, key in enumerate(CARD_KEYS)
    ),
    Control(
        name="mark",
        keys="space",
        label="Mark",
        shown="space",
        help="mark the card picked (to meld several at once)",
    ),
)
TOOLS: tuple[Control, ...] = (
    Control(
        name="sort",
        keys="s",
        label="Sort",
        shown="s",
        help="sort the hand: by melds, by rank, by suit",
        footer=True,
    ),
    Control(
        name="hint",
        keys="question_mark",
        label="Hint",
        shown="?",
        help="a hint: the best move and why",
        footer=True,
    ),
    Control(
        name="play_hint",
        keys="y",
        label="Play hint",
        shown="y",
        help="play the move the hint gave",
    ),
    Control(
        name="undo",
        keys="u",
        label="Undo",
        shown="u",
        help="take back your last move against the computer",
        footer=True,
    ),
    Control(
        name="log",
        keys="v",
        label="Moves",
        shown="v",
        help="show or hide the score and the moves in words (shown at first from 100 columns)",
        footer=True,
    ),
    Control(
        name="melds",
        keys="b",
        label="Melds",
        shown="b",
        help="every meld on the table, when they do not all fit beside your hand",
        applies=lambda r: r.has_table_melds,
        where="Skarney, Colonel",
    ),
    Control(
        name="help",
        keys="f1,h",
        label="Help",
        shown="F1 h",
        help="the keys and the rules of the game in play",
        footer=True,
    ),
    Control(
        name="leave",
        keys="escape,q",
        label="Menu",
        shown="Esc q",
        help="back to the menu: the game waits",
        footer=True,
    ),
)
CONTROLS = PICKING + TOOLS

TEXT_CONTROLS: tuple[TextCommand, ...] = (
    TextCommand(command="NUMBER", help="the move of that number in the list"),
    TextCommand(command="?", help="a hint: the best move and why"),
    TextCommand(command="y", help="play the move the hint gave"),
    TextCommand(command="h", help="this help"),
    TextCommand(
        command="q",
        help="stop playing (the game is saved: ginrummies text --continue goes on with it)",
    ),
)


def moves_for(rules: RuleSet | None) -> tuple[Move, ...]:
    """The move keys of a rule set (every move key when None)."""
    return tuple(m for m in MOVES if rules is None or m.applies(rules))


def move_of(action: Action, hand: Iterable[Card], rules: RuleSet) -> Move | None:
    """The move key that makes ``action``: a knock that leaves no deadwood
    is gin's (g), any other knock is the knock key's (k)."""
    if isinstance(action, Knock):
        return MOVE_BY_NAME[MoveName.GIN if action.deadwood(hand, rules) == 0 else MoveName.KNOCK]
    for m in MOVES:
        if isinstance(action, m.kinds):
            return m
    return None


def actions_for(
    name: MoveName, legal: Iterable[Action], hand: Sequence[Card], rules: RuleSet
) -> list[Action]:
    """The actions among ``legal`` that the move ``name`` makes, in their order
    (``knock`` keeps the knocks with deadwood, ``gin`` those without)."""
    move = MOVE_BY_NAME[name]
    found = [a for a in legal if isinstance(a, move.kinds)]
    if name in (MoveName.KNOCK, MoveName.GIN):
        return [a for a in found if move_of(a, hand, rules) is move]
    return found


def shown_keys(control: str) -> str:
    """How the help writes the keys of the control named ``control``
    ("mark": "space", "cursor(-1)": "← →")."""
    for c in CONTROLS:
        if c.name == control:
            return c.shown
    raise KeyError(control)


ACROSS_LEAVE = "back to the table's lobby: the game goes on"
"""What Escape does at a table across machines (the help says so there)."""


def help_rows(
    rules: RuleSet | None = None, *, across: bool = False, hints: bool = True
) -> list[tuple[str, str]]:
    """(keys, what they do) for the help screen and the README, in order;
    ``across``: at a table across machines (Escape goes to its lobby, and
    nothing is taken back), ``hints``: whether hints may be asked for."""
    rows: list[tuple[str, str]] = []
    left_out = {"undo"} if across else set()
    if not hints:
        left_out |= {"hint", "play_hint"}
    for c in PICKING:
        if (c.shown, c.help) not in rows:
            rows.append((c.shown, c.help))
    for m in moves_for(rules):
        where = f" ({m.where})" if m.where and rules is None else ""
        rows.append((m.key + (" Enter" if m.name == MoveName.DISCARD else ""), m.help + where))
    for c in TOOLS:
        if c.name in left_out or not (rules is None or c.applies is None or c.applies(rules)):
            continue
        words = ACROSS_LEAVE if across and c.name == "leave" else c.help
        rows.append((c.shown, words + (f" ({c.where})" if c.where and rules is None else "")))
    # commands by kind ("Discard"), not the legal moves one by one
    rows.append(
        ("Ctrl+P", "the command palette: the table's commands (draw, undo...), the theme picker")
    )
    return rows


def text_help(rules: RuleSet | None = None) -> str:
    """Text play's help: the commands of this rule set only."""
    lines = ["Commands:"]
    width = 8
    for m in moves_for(rules):
        lines.append(f"  {m.command:<{width}} {m.text or m.help}")
    for c in TEXT_CONTROLS:
        lines.append(f"  {c.command:<{width}} {c.help}")
    return "\n".join(lines)


def markdown_table() -> str:
    """The README's key table."""
    out = ["| key | does |", "|---|---|"]
    for keys, words in help_rows():
        out.append(f"| {keys} | {words} |")
    return "\n".join(out)
