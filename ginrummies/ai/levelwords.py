"""Each level in one line, for the new-game form: how it plays and how
strong it is against the reference panel (docs/strength.md). Kept apart
from the bots, so that changing a line does not change the fingerprint of
the code the strength report's cached games were played with.
"""

from __future__ import annotations

from ..core import Family, Level

# how the Gin-family levels play, shared by the lines of every Gin variant
NORMAL_PLAYS = (
    "counts the cards still live, keeps off the discards you collect and"
    " knocks as soon as an undercut looks unlikely"
)
HARD_PLAYS = (
    "reads from the game whether you knock early or wait for gin and plays"
    " each move out in sampled deals against that"
)

# each level in one line, for the new-game form: how it plays and how strong
# it is against the reference panel (docs/strength.md, Gin Rummy)
LEVEL_ABOUT: dict[Level, str] = {
    Level.EASY: "looks only at its own deadwood and now and then throws a careless card;"
    " in Gin Rummy it wins about 1 game in 4 against a player who knocks at once",
    Level.NORMAL: NORMAL_PLAYS + "; in Gin Rummy it wins 6 games in 10"
    " against a player who knocks at once, 4 in 10 against one who waits for gin",
    Level.HARD: HARD_PLAYS + "; in Gin Rummy it wins 3 games in 4"
    " against a player who knocks at once, nearly 6 in 10 against one who waits for gin",
    Level.RANDOM: "plays any legal move at random: a way to learn the rules",
}

# where Skarney and Colonel differ: no knocks, and hard measured apart (docs/strength.md)
FAMILY_LEVEL_ABOUT: dict[Family, dict[Level, str]] = {
    Family.SKARNEY: {
        Level.NORMAL: "melds and lays off as soon as it can and offers the card you are least"
        " likely to want; it wins 7 games in 10 against a player who holds its melds back",
        Level.HARD: "plays each answer and offer out in sampled deals before it chooses; in"
        " Skarney it wins 8 games in 10 against normal and 9 in 10 against a player who holds"
        " its melds back (normal 7 in 10)",
    },
    Family.COLONEL: {
        Level.NORMAL: "melds and lays off as soon as it can and discards what you are least"
        " likely to want; it wins 8 games in 10 against a player who holds its melds back",
        Level.HARD: "plays each move out in sampled deals; in Colonel it wins 3 games in 4"
        " against normal and nearly every game against a player who holds its melds back",
    },
}


# where a Gin-family variant was measured apart (docs/strength.md, issue 36)
VARIANT_LEVEL_ABOUT: dict[str, dict[Level, str]] = {
    "fosdick": {
        Level.NORMAL: NORMAL_PLAYS + "; under Fosdick rules it wins 6 games"
        " in 10 against a player who knocks at once",
        Level.HARD: HARD_PLAYS + "; under Fosdick rules, where a knock scores the other"
        " hand's whole count and waiting pays little, it is only a little stronger than"
        " normal: it wins 6 games in 10 against a player who knocks at once (normal too) and"
        " 7 in 10 against a careless one (normal 6 in 10)",
    },
}


def level_about(level: Level, family: Family = Family.GIN, variant: str | None = None) -> str:
    """One line on how a level plays and how strong it is, for this family of
    rules, or for the variant (a preset's name) where it was measured apart."""
    return (
        VARIANT_LEVEL_ABOUT.get(variant or "", {}).get(level)
        or FAMILY_LEVEL_ABOUT.get(family, {}).get(level)
        or LEVEL_ABOUT[level]
    )
