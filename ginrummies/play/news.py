"""What a table across machines tells the app: the news a hosted table
(``net.hosting``) or a seat taken elsewhere (``net.joining``) sends to its
listeners. The app turns each into a Textual message; nothing here knows
of screens.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeAlias

if TYPE_CHECKING:
    from .remote import RemoteSession


@dataclass(frozen=True, slots=True)
class LobbyNews:
    """Who sits where, or what the table waits for, has changed."""


@dataclass(frozen=True, slots=True)
class Begin:
    """The host's game begins here (every cut chosen): the app deals it."""


@dataclass(frozen=True, slots=True)
class Started:
    """The game at the table joined has begun: its table opens."""

    session: RemoteSession


@dataclass(frozen=True, slots=True)
class Note:
    """Something to tell the person (``bad``: as a warning)."""

    text: str
    bad: bool = False


@dataclass(frozen=True, slots=True)
class Gone:
    """The table joined cannot be reached any more, and why."""

    why: str


@dataclass(frozen=True, slots=True)
class GameOver:
    """The whole game played at the table joined, as this machine keeps it."""

    game: str


@dataclass(frozen=True, slots=True)
class Question:
    """The cut won at the table joined: deal or play first?"""

    question: str
    answers: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Another:
    """The host of the table joined dealt the next game of the match there:
    the last game's screens are done with (back to the table's lobby)."""


News: TypeAlias = LobbyNews | Begin | Started | Note | Gone | GameOver | Question | Another
Listener: TypeAlias = Callable[[News], None]


class Newsroom:
    """Keeps the listeners of a table's news and tells them."""

    def __init__(self) -> None:
        self.listeners: list[Listener] = []

    def listen(self, listener: Listener) -> Callable[[], None]:
        """Tell ``listener`` all news from now on; the call that stops it."""
        self.listeners.append(listener)

        def stop() -> None:
            if listener in self.listeners:
                self.listeners.remove(listener)

        return stop

    def tell(self, news: News) -> None:
        for listener in list(self.listeners):
            listener(news)
