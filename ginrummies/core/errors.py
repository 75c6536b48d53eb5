"""Exceptions with messages a player can read."""


class IllegalAction(ValueError):
    """An action that the rules do not allow now; the state is left unchanged."""


class RulesError(ValueError):
    """A rule set whose options cannot be played together."""
