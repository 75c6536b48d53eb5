"""The app's own messages: how the play layer's news, and a screen's
requests of the app, reach the app and the screens (each handled with
``@on``). A screen that shows a game listens to its runner itself
(``flow.GameChanged``); these are the ones that cross screens."""

from __future__ import annotations

from textual.message import Message

from ..play.news import News


class TableNews(Message):
    """News of the table across machines (``play.news``), for the app."""

    def __init__(self, news: News) -> None:
        super().__init__()
        self.news = news


class LobbyToTable(Message):
    """The lobby's Enter: the table, over the lobby."""


class LobbyLeave(Message):
    """The lobby's Escape: the person leaves the table (the app asks first)."""


class LobbyClosed(Message):
    """The lobby has gone: so does the table across machines."""
