"""The core's English: a name with the verb that agrees with it, a number
with its noun. The results' breakdowns and the formats' words use them,
and so do the play layer and the screens, so "You knock" and "1 box" are
written one way everywhere."""

from __future__ import annotations

_PLAIN = {
    "knocks": "knock",
    "deals": "deal",
    "goes": "go",
    "lays": "lay",
    "scores": "score",
    "wins": "win",
    "holds": "hold",
    "challenges": "challenge",
    "accepts": "accept",
    "takes": "take",
    "sits": "sit",
    "plays": "play",
    "pays": "pay",
    "is": "are",
}


def plural(n: int, word: str, words: str | None = None) -> str:
    """``n`` with the noun that agrees with it: "1 box", "2 boxes", "0 games".

    ``words`` is the plural when adding "s" (or "es" after s, x, z, ch, sh)
    does not make it."""
    if n == 1:
        return f"{n} {word}"
    if words is None:
        words = word + ("es" if word.endswith(("s", "x", "z", "ch", "sh")) else "s")
    return f"{n} {words}"


def says(name: str, verb: str) -> str:
    """``name`` and a verb that agrees with it: "Elder knocks", "You knock"."""
    if name.lower() == "you" or " & " in name:  # "You knock", "Ann & Bob score"
        head, _, rest = verb.partition(" ")
        verb = " ".join(filter(None, [_PLAIN.get(head, head), rest]))
    return f"{name} {verb}"


def whose(name: str) -> str:
    """A player's name before their melds: "Elder melds", but "Your melds"."""
    return "Your" if name.lower() == "you" else name
