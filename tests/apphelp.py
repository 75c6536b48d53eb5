"""Driving the app in tests: start it on a game, let the computer move, and
play a person's turn with keys the way a player would."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from textual.pilot import Pilot

from ginrummies.ai import Bot, make_bot
from ginrummies.core import (
    Accept,
    Action,
    Card,
    Challenge,
    Decline,
    DrawStock,
    EndTurn,
    Format,
    Game,
    Hand,
    Knock,
    LayContract,
    LayMeld,
    Offer,
    Pass,
    Phase,
    PlayerView,
    TableHand,
    preset,
)
from ginrummies.play.session import Seat, SeatKind, Session, default_seats, format_seats
from ginrummies.store import Settings
from ginrummies.tui.app import GinApp
from ginrummies.tui.screens.choice import ChoiceScreen
from ginrummies.tui.screens.curtain import CurtainScreen
from ginrummies.tui.screens.menu import MenuScreen
from ginrummies.tui.screens.result import ResultScreen
from ginrummies.tui.screens.table import TableScreen

SIZE = (120, 36)
# (the curtain's guard against a double Enter is off in every test: conftest.py)
VARIANTS = ["gin", "oklahoma", "sequence", "skarney", "colonel"]


class StayingApp(GinApp):
    """The app, except that Quit is only counted: random keys may well choose it."""

    staying = True
    quits = 0

    def exit(self, *args: object, **kwargs: object) -> None:
        if self.staying:
            self.quits += 1
            return
        super().exit(*args, **kwargs)  # type: ignore[arg-type]


def make_app(
    rules: str = "gin",
    seed: int = 5,
    *,
    hot_seat: bool = False,
    level: str = "easy",
    settings: Settings | None = None,
    session: bool = True,
) -> GinApp:
    """An app on a fresh game (or on the menu), moving at once."""
    settings = settings or Settings(speed="instant")
    if not session:
        return GinApp(settings)
    seats = default_seats(hot_seat, level)
    return GinApp(settings, session=Session(preset(rules), seats, seed))


async def settle(pilot: Pilot[Any]) -> None:
    """Wait until the computer has moved and the screen is still. A person
    asked after winning the cut plays first (the computer's choice)."""
    app = pilot.app
    deadline = time.monotonic() + 90  # generous: CI machines can be slow and busy
    while time.monotonic() < deadline:
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        if isinstance(screen, ChoiceScreen) and not screen.cancel:
            await pilot.press("enter")
            continue
        if not (isinstance(screen, TableScreen) and screen.thinking):
            return
    raise AssertionError(f"the computer never finished its move (screen {app.screen})")


def key_for_turn(app: GinApp) -> list[str]:
    """The keys a plain, steady player presses for the turn in front of them."""
    screen = app.screen
    assert isinstance(screen, TableScreen)
    session = screen.session
    legal = session.legal()
    phase = screen.view.phase  # the person's own hand (here, or at a hosted table)
    kinds = {type(a) for a in legal}
    if phase in (Phase.UPCARD, Phase.FIFTIETH):
        return ["p"] if Pass in kinds else ["t"]
    if phase is Phase.DRAW:
        return ["d"] if DrawStock in kinds else ["t"]
    if phase is Phase.RESPOND:
        return ["n"] if Decline in kinds else ["a"]
    if phase is Phase.CHALLENGED:
        return ["n"] if Decline in kinds else ["a"]
    if Knock in kinds:
        return ["k", "enter"]
    if LayContract in kinds or LayMeld in kinds:
        return ["m", "enter"]
    if Challenge in kinds and len(kinds) == 1:
        return ["c"]
    if Offer in kinds:
        return ["question_mark", "o"]
    if phase is Phase.DISCARD:
        return ["question_mark", "x"]
    if EndTurn in kinds:
        return ["e"]
    if Accept in kinds:
        return ["a"]
    return ["question_mark", "x"]


async def hintless_turn(pilot: Pilot[Any]) -> None:
    """The turn in front of the person with plain keys, a discard being the
    last card's (End, x) instead of the hint's (?, x): no hint to think out,
    for a test whose point is not the hint (the hint's card, if that one may
    not go)."""
    app = pilot.app
    screen = app.screen
    assert isinstance(app, GinApp) and isinstance(screen, TableScreen)
    keys = key_for_turn(app)
    if keys == ["question_mark", "x"]:
        keys = ["end", "x"]
    version = screen.session.version
    for key in keys:
        await pilot.press(key)
        await settle(pilot)
    if screen.session.version == version and app.screen is screen:
        for key in ("question_mark", "x"):  # that card may not go: the hint's move
            await pilot.press(key)
            await settle(pilot)


async def play_hand(pilot: Pilot[Any], limit: int = 600, hints: bool = True) -> ResultScreen:
    """Play the hand in front of the person(s) with keys, to its result
    screen (without ``hints``, each turn a hintless_turn)."""
    app = pilot.app
    assert isinstance(app, GinApp)
    for _ in range(limit):
        await settle(pilot)
        screen = app.screen
        if isinstance(screen, ResultScreen):
            return screen
        if isinstance(screen, CurtainScreen):
            await pilot.press("enter")
            continue
        if isinstance(screen, ChoiceScreen):
            await pilot.press("enter")
            continue
        assert isinstance(screen, TableScreen), screen
        if not hints:
            await hintless_turn(pilot)
            continue
        for key in key_for_turn(app):
            await pilot.press(key)
    raise AssertionError("the hand did not end")


async def turns(pilot: Pilot[Any], n: int, until: Callable[[GinApp], bool] | None = None) -> None:
    """Play ``n`` of the person's turns with plain keys (fewer if ``until`` holds)."""
    app = pilot.app
    assert isinstance(app, GinApp)
    for _ in range(n):
        await settle(pilot)
        if until is not None and until(app):
            return
        screen = app.screen
        if isinstance(screen, CurtainScreen | ChoiceScreen):
            await pilot.press("enter")
            continue
        if not isinstance(screen, TableScreen):
            return
        for key in key_for_turn(app):
            await pilot.press(key)
            # a hint is thought in a worker: let it land before the next key
            # acts on it (on a busy machine "x" could otherwise come first)
            await settle(pilot)
    await settle(pilot)


def computer_seat(level: str = "easy") -> Seat:
    return Seat("Computer", SeatKind.COMPUTER, level)


def step(session: Session, person: Bot) -> None:
    """One move of the game: the next deal, the computer's move, or the
    person's, chosen by ``person``."""
    if session.round_over:
        session.next_hand()
    elif session.computer_to_move:
        session.computers.play_now()
    else:
        view = session.view()
        session.play(person.choose(view, view.legal_actions))


def finish(app: GinApp | None, session: Session, bot_seed: int = 1) -> Session:
    """Play the session to its end (through the app's autosave, if an app is
    given), the person's moves chosen by an easy bot."""
    if app is not None:
        app.session = session
        app.watch_session(session)
    person = make_bot("easy", session.rules, bot_seed)
    while not session.game.is_over:
        step(session, person)
    return session


def advanced(session: Session, steps: int, bot_seed: int = 1) -> Session:
    """``session`` with its first ``steps`` steps (moves and deals) played
    through the core, the way finish() plays them: for a test that starts
    the app near the point under test instead of pressing keys up to it."""
    person = make_bot("easy", session.rules, bot_seed)
    for _ in range(steps):
        step(session, person)
    return session


def advanced_to(session: Session, point: Callable[[Session], bool], bot_seed: int = 1) -> bool:
    """``session`` played through the core (as finish() plays it) up to the
    first position where ``point`` holds; False if its first hand ends first."""
    person = make_bot("easy", session.rules, bot_seed)
    while not session.round_over:
        if point(session):
            return True
        step(session, person)
    return False


def round_ends(make: Callable[[], Session], bot_seed: int = 1) -> list[int]:
    """The game ``make()`` deals, played through the core as finish() plays
    it: how many steps it took to the end of each round (the last: the
    game's end). The bots are seeded, so ``advanced(make(), n)`` is that
    same game ``n`` steps in."""
    session = make()
    person = make_bot("easy", session.rules, bot_seed)
    ends, steps = [], 0
    while not session.game.is_over:
        step(session, person)
        steps += 1
        if session.round_over:
            ends.append(steps)
    return ends


# --- checking what the keys did ----------------------------------------------------


def cards_in_play(hand: Hand) -> list[Card]:
    """Every card of the hand wherever it is: both hands, the discard pile,
    the stock and the table (each of the 52 should be there once)."""
    cards = [*hand.cards_of(0), *hand.cards_of(1), *hand.discard_pile]
    cards += hand.deck[len(hand.deck) - hand.stock_size :]
    if isinstance(hand, TableHand):
        cards += [c for t in hand.table for c in t.meld.cards]
    return cards


def same_move(a: Action, b: Action) -> bool:
    """The same move as the rules read it (a spread's melds in any order)."""
    if isinstance(a, Knock) and isinstance(b, Knock):
        return a.discard == b.discard and {m.cards for m in a.melds} == {m.cards for m in b.melds}
    return a == b


def replay_checking(session: Session) -> Game:
    """The session's game replayed move by move from its seed, each move
    checked to be one the core offered at that point."""
    game = Game(session.rules, session.seed)
    for n, actions in enumerate(session.game.log):
        if n:
            game.next_hand()
        for i, action in enumerate(actions):
            legal = game.hand.legal_actions()
            assert any(same_move(action, a) for a in legal), (
                f"hand {n + 1}, move {i + 1}: {action} was not legal then"
            )
            game.apply(action)
    return game


async def pick(pilot: Pilot[Any], card: Card) -> None:
    """Put the cursor on ``card`` with keys, as a player would: its number
    (1-9, 0 for the tenth), then the right arrow for the cards after that."""
    table = pilot.app.screen
    assert isinstance(table, TableScreen)
    index = table.state.order.index(card)
    if index < 10:
        await pilot.press(str((index + 1) % 10))
    else:
        await pilot.press("0", *["right"] * (index - 9))
    assert table.state.cursor_card == card, f"the keys did not reach {card.label}"


class HeldBot:
    """A computer player whose every answer waits until the test lets it go.

    ``thought`` is set once it has chosen (for the position it was shown);
    ``release()`` lets every answer through from then on, ``release_one()``
    the next one only. The test, not the clock, decides what happens while
    the computer is thinking."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.thought = threading.Event()
        self.answers: list[Action] = []
        self.lets = threading.Condition()
        self.open = False
        self.passes = 0

    def choose(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        action = self.bot.choose(view, legal_actions)
        self.answers.append(action)
        self.thought.set()
        with self.lets:
            if not self.lets.wait_for(lambda: self.open or self.passes > 0, timeout=60):
                raise AssertionError("the test never released the computer's move")
            if not self.open:
                self.passes -= 1
        return action

    def release(self) -> None:
        with self.lets:
            self.open = True
            self.lets.notify_all()

    def release_one(self) -> None:
        with self.lets:
            self.passes += 1
            self.lets.notify_all()

    async def until_thought(self, pilot: Pilot[Any]) -> None:
        """Wait, without blocking the app, until the computer has chosen."""
        await until(pilot, self.thought.is_set, "the computer to start thinking")


def rounds(what: str, guard: float = 120) -> Iterator[None]:
    """Rounds of a loop that ends with ``break`` once ``what`` has come (each
    round plays or waits on the app); after ``guard`` seconds, against a
    hang, it fails saying what never came."""
    deadline = time.monotonic() + guard
    while time.monotonic() < deadline:
        yield
    raise AssertionError(f"never: {what} (in {guard:.0f} s)")


async def until_true(holds: Callable[[], bool], what: str, guard: float = 60) -> None:
    """``until`` with no app: the event loop runs until ``holds``."""
    deadline = time.monotonic() + guard
    while not holds():
        if time.monotonic() > deadline:
            raise AssertionError(f"never: {what} (in {guard:.0f} s)")
        await asyncio.sleep(0.01)


async def until(pilot: Pilot[Any], holds: Callable[[], bool], what: str, guard: float = 60) -> None:
    """Let the app run until ``holds``; the wait is on what the app does, and
    the guard against a hang (a minute unless said) says what never came."""
    deadline = time.monotonic() + guard
    while not holds():
        if time.monotonic() > deadline:
            raise AssertionError(f"never: {what} (screen {pilot.app.screen})")
        await pilot.pause(0.01)


async def quiet(pilot: Pilot[Any]) -> None:
    """Let the app finish what the keys set going: every screen on the
    stack (not only the one in front) and each of their widgets works
    through what is queued, round after round, until a round leaves the
    stack as it found it. A key that misfires (a second Enter closing the
    table) has then done its harm; no margin on the clock."""
    app = pilot.app
    for _ in range(50):
        before = list(app.screen_stack)
        done = []
        for node in [app, *(n for s in before for n in s.walk_children(with_self=True))]:
            processed = asyncio.Event()
            if node.call_later(processed.set):  # False: the node has closed
                done.append(processed)
        for processed in done:
            try:
                await asyncio.wait_for(processed.wait(), 60)
            except TimeoutError:
                raise AssertionError(f"never: the queues worked through ({app.screen})") from None
        await pilot.pause()
        if list(app.screen_stack) == before:
            return
    raise AssertionError(f"the screens never settled: {app.screen_stack}")


def palette_shows(app: Any, words: str) -> bool:
    """Whether the command palette in front lists a command with ``words``
    (its search runs in the background, a moment after the keys)."""
    from textual.command import CommandPalette
    from textual.widgets import OptionList

    screen = app.screen
    if not isinstance(screen, CommandPalette):
        return False
    options = screen.query_one(OptionList)
    found = (str(options.get_option_at_index(i).prompt) for i in range(options.option_count))
    return any(words.casefold() in text.casefold() for text in found)


@contextmanager
def held_computers(session: Session) -> Iterator[list[HeldBot]]:
    """While inside, every computer's moves in ``session`` wait for ``release()``."""
    seats = [i for i, s in enumerate(session.seats) if not s.is_person]
    real = {seat: session.computers.bot(seat) for seat in seats}
    held = [HeldBot(real[seat]) for seat in seats]
    session.computers.bots.update(zip(seats, held, strict=True))
    try:
        yield held
    finally:
        for bot in held:
            bot.release()
        session.computers.bots.update(real)


@contextmanager
def held_computer(session: Session) -> Iterator[HeldBot]:
    """While inside, the one computer's moves in ``session`` wait for ``release()``."""
    with held_computers(session) as held:
        (one,) = held
        yield one


def format_app(
    fmt: Format,
    rules: str = "gin",
    seed: int = 5,
    *,
    people: int = 1,
    level: str = "easy",
    speed: str = "instant",
    target: int | None = None,
) -> GinApp:
    """An app on a fresh game of ``fmt``: ``people`` people, then computers."""
    seats = format_seats(fmt, people, level)
    session = Session(preset(rules), seats, seed, format=fmt, target=target)
    return GinApp(Settings(speed=speed), session=session)


async def play_game(
    pilot: Pilot[Any],
    limit: int = 20000,
    on_curtain: Callable[[CurtainScreen], None] | None = None,
    on_result: Callable[[ResultScreen], None] | None = None,
) -> None:
    """Play a whole game with keys, every format: the people's turns, each
    curtain and each result, until the menu comes back."""
    app = pilot.app
    assert isinstance(app, GinApp)
    for _ in range(limit):
        await settle(pilot)
        screen = app.screen
        if isinstance(screen, MenuScreen):
            return
        if isinstance(screen, ResultScreen):
            if on_result is not None:
                on_result(screen)
            await pilot.press("enter")
            continue
        if isinstance(screen, CurtainScreen):
            if on_curtain is not None:
                on_curtain(screen)
            await pilot.press("enter")
            continue
        if isinstance(screen, ChoiceScreen):
            await pilot.press("enter")
            continue
        assert isinstance(screen, TableScreen), screen
        if not screen.session.person_to_move:
            await pilot.pause(0.01)  # a person sitting out watches the others play
            continue
        await hintless_turn(pilot)  # the last card, the highest deadwood
    raise AssertionError("the game did not end")


async def unfold(form: Any, *names: str) -> None:
    """Open the new-game form's sections that hold house rules ``names``, as
    a person does before changing one: a section mounts its rows when it is
    first opened."""
    from ginrummies.tui.screens.newgame import rule_group

    for name in names:
        await form.sections[rule_group(name)].open()
