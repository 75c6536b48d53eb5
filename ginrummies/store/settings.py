"""The player's settings: theme, card faces, pace of the computer, aids, and
the variant, house rules, format and seats a new game starts from.

They live in ``settings.toml`` in the user's config folder. A value that is
not valid is reported and replaced by its default, the rest is kept; a file
that cannot be read as TOML at all is kept aside, byte for byte, and the
defaults are used. Names are data: stored as given, shown as text.
"""

from __future__ import annotations

import dataclasses
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum, StrEnum
from pathlib import Path
from typing import Any

from ..core import LEVELS as LEVELS  # the one list; kept here for store users
from ..core import PRESETS, Format, Level, RulesError, RuleSet, SeatKind, preset
from .files import UnfitFile, move_aside, read_capped, write_atomic
from .saves import NUMBER_LIMIT
from .themefiles import DEFAULT_THEME, NAME, builtin_names, user_names

SETTINGS_NAME = "settings.toml"


# the settings that are a choice of words: each an enum whose values are
# the words settings.toml holds


class CardStyle(StrEnum):
    """How card faces are drawn: Unicode boxes, or plain ASCII for limited terminals."""

    UNICODE = "unicode"
    ASCII = "ascii"


class Speed(StrEnum):
    """The pace of the computer's moves (``SPEEDS`` says how long each shows)."""

    INSTANT = "instant"
    FAST = "fast"
    NORMAL = "normal"
    SLOW = "slow"


class HintLevel(StrEnum):
    """What a hint shows: the move and its reason are the same at both levels (one
    judge picks them); ``hard`` adds the judge's figures, the win chance and the
    points the move averages."""

    NORMAL = "normal"
    HARD = "hard"


# the built-in themes' names, from their files (a theme is a file: store/themefiles.py)
THEMES: tuple[str, ...] = builtin_names()
SPEEDS: dict[Speed, float] = {  # seconds a computer move shows
    Speed.INSTANT: 0.0,
    Speed.FAST: 0.2,
    Speed.NORMAL: 0.4,
    Speed.SLOW: 1.2,
}
PERSON: str = SeatKind.PERSON.value  # a seat chosen for a person
# what the new-game form may seat, and settings.toml remember: a person, or
# the computer at one of its levels (a save says "computer" and the level)
SEAT_CHOICES: tuple[str, ...] = (PERSON, *LEVELS)
NAME_LENGTH = 16  # the longest name a seat may have
SIZE_LIMIT = 1024 * 1024  # bytes: a settings file is a few hundred

# the settings held as an enum, read from and written as its words
CHOICE_ENUMS: dict[str, type[StrEnum]] = {
    "card_style": CardStyle,
    "speed": Speed,
    "hint_level": HintLevel,
    "default_level": Level,
}
# the allowed words of each setting that is a choice
CHOICES: dict[str, tuple[str, ...]] = {
    **{name: tuple(e.value for e in kind) for name, kind in CHOICE_ENUMS.items()},
    "default_rules": tuple(PRESETS),
    "default_format": tuple(f.value for f in Format),
}

SeatChoice = tuple[str, str]
"""A seat as the new-game form leaves it: its kind ("person" or a computer
level) and its name."""


@dataclass(frozen=True)
class Settings:
    theme: str = DEFAULT_THEME  # a theme's name: a built-in one, or a file of the player's
    card_style: CardStyle = CardStyle.UNICODE
    four_colour: bool = False
    speed: Speed = Speed.NORMAL
    hints: bool = True
    hint_level: HintLevel = HintLevel.NORMAL
    discard_history: bool = True  # show the cards discarded so far
    undo: bool = True  # take back a move against the computer
    default_rules: str = "gin"
    default_level: Level = Level.NORMAL
    default_format: str = "two"  # a Format's value; two players if the variant has not it
    # per variant: the rule options that differ from its preset
    house_rules: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    # per format (its value): the seats of the last game started in it
    seats: Mapping[str, tuple[SeatChoice, ...]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # a choice may be given as its word ("dark"); it is kept as its enum
        # (ValueError for a word that is not one of them)
        for name, kind in CHOICE_ENUMS.items():
            object.__setattr__(self, name, kind(getattr(self, name)))
        if not isinstance(self.theme, str) or not NAME.fullmatch(self.theme):
            raise ValueError(f"{self.theme!r} is not the name of a theme")

    @property
    def delay(self) -> float:
        """Seconds a computer move shows."""
        return SPEEDS[self.speed]

    def rules_for(self, variant: str) -> RuleSet:
        """The preset ``variant`` with the player's house rules."""
        base = preset(variant)
        changes = self.house_rules.get(variant) or {}
        try:
            return with_changes(base, changes) if changes else base
        except (RulesError, TypeError, ValueError):
            return base

    def with_level(self, level: Level) -> Settings:
        """These settings with ``level`` as the computer of new games, also
        in the seats remembered for each format (their people stay)."""
        seats = {
            fmt: tuple((kind if kind == PERSON else level, name) for kind, name in chosen)
            for fmt, chosen in self.seats.items()
        }
        return dataclasses.replace(self, default_level=level, seats=seats)


def with_changes(base: RuleSet, changes: Mapping[str, Any]) -> RuleSet:
    """``base`` with rule options as TOML holds them (enums by value);
    RulesError (or ValueError, TypeError) if they are not valid."""
    return RuleSet.from_dict({**base.to_dict(), **changes})


def _check_house_rules(data: Any, problems: list[str]) -> dict[str, dict[str, Any]]:
    if not isinstance(data, dict):
        problems.append("house_rules must be a table of variants; the presets are used")
        return {}
    out: dict[str, dict[str, Any]] = {}
    for variant, changes in data.items():
        if variant not in PRESETS:
            problems.append(f"house_rules.{variant}: there is no such variant; left out")
            continue
        if not isinstance(changes, dict):
            problems.append(f"house_rules.{variant} must be a table; the preset is used")
            continue
        base = preset(variant)
        kept: dict[str, Any] = {}
        for name, value in changes.items():
            if name in ("name", "family") or not hasattr(base, name):
                problems.append(f"house_rules.{variant}.{name}: no such rule option; left out")
                continue
            current = getattr(base, name)
            try:
                if type(value) is not type(current.value if isinstance(current, Enum) else current):
                    raise TypeError
                if isinstance(value, int) and not -NUMBER_LIMIT <= value <= NUMBER_LIMIT:
                    raise ValueError  # a number no game needs, that the screens cannot show
                with_changes(base, {name: value})
            except (RulesError, TypeError, ValueError):
                if isinstance(current, Enum):
                    allowed = ", ".join(e.value for e in type(current))
                    why = f"is not one of {allowed}; the preset's {current.value!r} is used"
                else:
                    why = f"is not valid; the preset's {current!r} is used"
                problems.append(f"house_rules.{variant}.{name} = {_shown(value)} {why}")
                continue
            kept[name] = value
        try:
            with_changes(base, kept)
        except (RulesError, TypeError, ValueError) as exc:
            problems.append(f"house_rules.{variant} do not work together ({exc}); preset used")
            continue
        if kept:
            out[variant] = kept
    return out


def seats_problem(fmt: Format, seats: Any) -> str | None:
    """What is wrong with ``seats`` as the seats of ``fmt`` (pairs of kind
    and name), in a player's words; None if nothing."""
    if not isinstance(seats, list | tuple) or len(seats) != fmt.seats:
        return f"{fmt.title} has {fmt.seats} seats"
    for kind, name in seats:
        if kind not in SEAT_CHOICES:
            return f"{_shown(kind)} is not one of {', '.join(SEAT_CHOICES)}"
        if not isinstance(name, str) or not name.strip():
            return "every seat needs a name"
        if len(name) > NAME_LENGTH:
            return f"{_shown(name)} is longer than {NAME_LENGTH} characters"
    names = [name.strip().casefold() for _, name in seats]
    if len(set(names)) != len(names):
        return "two seats have the same name"
    if fmt.seats > 2 and all(kind != PERSON for kind, _ in seats):
        return "at least one seat must be a person"
    return None


def _check_seats(data: Any, problems: list[str]) -> dict[str, tuple[SeatChoice, ...]]:
    """The remembered seats of each format: a table per format with lists
    ``kinds`` and ``names``; a format whose seats are not valid is left out."""
    if not isinstance(data, dict):
        problems.append("seats must be a table of formats; the default seats are used")
        return {}
    formats = {f.value: f for f in Format}
    out: dict[str, tuple[SeatChoice, ...]] = {}
    for key, value in data.items():
        fmt = formats.get(key)
        if fmt is None:
            problems.append(f"seats.{key}: there is no such format; left out")
            continue
        if not isinstance(value, dict):
            problems.append(f"seats.{key} must be a table of kinds and names; defaults are used")
            continue
        for extra in sorted(set(value) - {"kinds", "names"}):
            problems.append(f"seats.{key}.{extra}: seats have only kinds and names; ignored")
        kinds, names = value.get("kinds"), value.get("names")
        why = None
        if not isinstance(kinds, list) or not isinstance(names, list):
            why = "kinds and names must both be lists"
        elif len(kinds) != len(names):
            why = "kinds and names must be as many"
        else:
            why = seats_problem(fmt, list(zip(kinds, names, strict=True)))
        if why is not None:
            problems.append(f"seats.{key}: {why}; the default seats are used")
            continue
        assert isinstance(kinds, list) and isinstance(names, list)
        out[key] = tuple((str(k), str(n)) for k, n in zip(kinds, names, strict=True))
    return out


def from_data(
    data: Mapping[str, Any], themes: Sequence[str] = THEMES
) -> tuple[Settings, list[str]]:
    """Settings from parsed TOML, and a message for each value that was
    replaced. ``themes``: the names of the themes there are."""
    problems: list[str] = []
    choices = {**CHOICES, "theme": tuple(themes)}
    defaults = Settings()
    values: dict[str, Any] = {}
    fields = {f.name: f for f in dataclasses.fields(Settings)}
    for key, value in data.items():
        if key not in fields:
            problems.append(f"{key[:40]}: there is no such setting; ignored")
            continue
        default = getattr(defaults, key)
        if key == "house_rules":
            values[key] = _check_house_rules(value, problems)
        elif key == "seats":
            values[key] = _check_seats(value, problems)
        elif key in choices:
            if isinstance(value, str) and value in choices[key]:
                values[key] = value  # an enum's word: Settings keeps it as its enum
            else:
                allowed = ", ".join(choices[key])
                word = default.value if isinstance(default, Enum) else default
                problems.append(
                    f"{key} = {_shown(value)} is not one of {allowed}; the default {word!r} is used"
                )
        elif isinstance(default, bool):
            if isinstance(value, bool):
                values[key] = value
            else:
                word = "true" if default else "false"
                problems.append(
                    f"{key} = {_shown(value)} must be true or false; the default {word} is used"
                )
    return dataclasses.replace(defaults, **values), problems


def to_toml(settings: Settings) -> str:
    """The settings as TOML: flat values, then a table per variant's house
    rules, then a table per format's remembered seats."""
    lines = ["# ginrummies settings: edited in the app (Settings), or by hand.", ""]
    for f in dataclasses.fields(Settings):
        if f.name in ("house_rules", "seats"):
            continue
        lines.append(f"{f.name} = {_toml_value(getattr(settings, f.name))}")
    for variant, changes in sorted(settings.house_rules.items()):
        if not changes:
            continue
        lines += ["", f"[house_rules.{variant}]"]
        lines += [f"{name} = {_toml_value(value)}" for name, value in sorted(changes.items())]
    order = [f.value for f in Format]
    for key, seats in sorted(settings.seats.items(), key=lambda kv: order.index(kv[0])):
        lines += ["", f"[seats.{key}]"]
        lines.append(f"kinds = {_toml_value([kind for kind, _ in seats])}")
        lines.append(f"names = {_toml_value([name for _, name in seats])}")
    return "\n".join(lines) + "\n"


def _toml_value(value: Any) -> str:
    if isinstance(value, Enum):
        value = value.value
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    text = "".join(_toml_char(c) for c in str(value))
    return f'"{text}"'


def _toml_char(c: str) -> str:
    """One character inside a TOML basic string."""
    if c in ('"', "\\"):
        return "\\" + c
    if ord(c) < 0x20 or ord(c) == 0x7F:
        return f"\\u{ord(c):04X}"
    return c


def load_settings(path: Path) -> tuple[Settings, list[str]]:
    """The settings in ``path`` (defaults if there is no file), and what was wrong.
    The theme is one of the built-in ones or one of the player's theme files
    in the ``themes`` folder beside ``path``.

    Nothing in the file raises: a file that cannot be read as TOML at all
    (not UTF-8 text, not TOML, nested too deeply, a number of thousands of
    digits) is kept aside byte for byte as ``settings.unreadable-N.toml``,
    so that saving the settings later never destroys it, and the defaults
    are used; a value that is not valid is reported and replaced."""
    try:
        raw = read_capped(path, SIZE_LIMIT)
    except FileNotFoundError:
        return Settings(), []
    except UnfitFile as exc:  # not kept aside: a device or a pipe is not the user's file
        return Settings(), [
            f"The settings file {path} cannot be used: {exc}; the defaults are used."
        ]
    except OSError as exc:
        return Settings(), [
            f"The settings file {path} cannot be opened ({exc.strerror or exc}); "
            "the defaults are used."
        ]
    try:
        if len(raw) > SIZE_LIMIT:
            raise ValueError("it is far too large to be a settings file")
        text = raw.decode("utf-8")
    except (UnicodeDecodeError, ValueError) as exc:
        why = (
            str(exc)
            if not isinstance(exc, UnicodeDecodeError)
            else (f"it is not text (a byte that is not UTF-8 at byte {exc.start})")
        )
        return Settings(), [_kept_aside(path, why)]
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        return Settings(), [_kept_aside(path, f"it is not valid TOML ({_said(exc)})")]
    except RecursionError:
        return Settings(), [_kept_aside(path, "it is not valid TOML (nested too deeply)")]
    except ValueError as exc:  # a number of thousands of digits
        return Settings(), [_kept_aside(path, f"it is not valid TOML ({_said(exc)})")]
    try:
        return from_data(data, (*THEMES, *user_names(path.parent)))
    except Exception as exc:  # a value no check foresaw: the file is kept, never lost
        return Settings(), [_kept_aside(path, f"a value in it cannot be used ({_said(exc)})")]


def _kept_aside(path: Path, why: str) -> str:
    """Keep the settings file that cannot be used aside; what to tell the player."""
    try:
        kept = move_aside(path, "unreadable")
    except OSError as exc:  # a folder that cannot be written: leave it in place
        return (
            f"The settings file {path} could not be read: {why}. It could not be moved "
            f"aside either ({exc.strerror or exc}): the defaults are used, and changing "
            "a setting replaces the file."
        )
    return (
        f"The settings file could not be read: {why}. It was kept as {kept}, "
        "and the defaults are used."
    )


def _said(exc: BaseException) -> str:
    """An exception's message, short, for a message a player reads."""
    text = str(exc) or type(exc).__name__
    return text if len(text) <= 200 else text[:197] + "..."


def _shown(value: Any) -> str:
    """A value from the file, short enough to quote in a message."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**20:
        return "a number too big"
    if isinstance(value, dict):
        return "a table"
    text = repr(value) if not isinstance(value, list) else "a list"
    return text if len(text) <= 40 else text[:37] + "..."


def save_settings(path: Path, settings: Settings) -> None:
    write_atomic(path, to_toml(settings))
