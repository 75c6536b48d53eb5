"""What a table screen shows and plays: a game here (``Session``) or a seat
at a table hosted on another machine (``RemoteSession``). Both are read
the same way; only a game here is undone, saved or played by computers."""

from __future__ import annotations

from typing import TypeAlias

from .remote import RemoteSession
from .session import Session

Place: TypeAlias = Session | RemoteSession
