"""The core's records as JSON data and back: views, results, moves.

``to_data`` turns any record of the core (a ``PlayerView``, a
``MatchView``, a ``HandResult``, an action, a card...) into JSON-ready
data, and ``from_data(kind, data)`` turns data back into a record of that
type, checking every field against the record's type hints: anything
else raises ``DataError`` (a ``ValueError``) saying where. A table across
machines sends a seat its view this way; the actions, cards, melds and
rules are written as the saves write them (``action_to_data``,
``Card.code``, ``RuleSet.to_dict``), so one format serves both.

Records are frozen dataclasses; a field that is a union of records (a
hand's ending) carries its record's name. Nothing here knows the game:
it follows the types.
"""

from __future__ import annotations

import dataclasses
import math
import types
import typing
from enum import Enum
from typing import Any, TypeVar, Union, get_args, get_origin

from .actions import (
    ACTION_TYPES,
    Action,
    action_from_data,
    action_to_data,
    meld_from_data,
    meld_to_data,
)
from .cards import Card
from .melds import Meld
from .rules import RuleSet

T = TypeVar("T")


class DataError(ValueError):
    """Data that is not the record asked for; the message says where."""


def to_data(value: Any) -> Any:
    """``value`` as JSON-ready data (dicts, lists, strings, numbers, None)."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise DataError(f"no data form for the number {value}")
        return value
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Card):
        return value.code
    if isinstance(value, Meld):
        return meld_to_data(value)
    if isinstance(value, ACTION_TYPES):
        return action_to_data(typing.cast(Action, value))
    if isinstance(value, RuleSet):
        return value.to_dict()
    if isinstance(value, type) and value in ACTION_TYPES:
        return value.__name__  # a kind of move (an ``Attempt``'s)
    if isinstance(value, frozenset):
        return [to_data(v) for v in sorted(value)]  # the same text every run
    if isinstance(value, tuple | list):
        return [to_data(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out = {f.name: to_data(getattr(value, f.name)) for f in _fields(type(value))}
        out["$"] = type(value).__name__
        return out
    raise DataError(f"no data form for {type(value).__name__}")


def from_data(kind: type[T], data: Any) -> T:
    """The record of type ``kind`` that ``data`` describes (DataError if none)."""
    return typing.cast(T, _read(kind, data, "data"))


def _read(kind: Any, data: Any, where: str) -> Any:
    origin = get_origin(kind)
    if origin in (Union, types.UnionType):
        return _read_union(get_args(kind), data, where)
    if origin is tuple:
        return _read_tuple(get_args(kind), data, where)
    if origin is frozenset:
        (item,) = get_args(kind)
        if not isinstance(data, list):
            raise DataError(f"{where}: expected a list, found {_said(data)}")
        return frozenset(_read(item, v, f"{where}[{i}]") for i, v in enumerate(data))
    if origin is type:
        kinds = {k.__name__: k for k in ACTION_TYPES}
        if not isinstance(data, str) or data not in kinds:
            raise DataError(f"{where}: not a kind of move: {_said(data)}")
        return kinds[data]
    if kind is Any:
        raise DataError(f"{where}: no type to read")
    if kind is type(None):
        if data is not None:
            raise DataError(f"{where}: expected nothing, found {_said(data)}")
        return None
    if kind is bool:
        if not isinstance(data, bool):
            raise DataError(f"{where}: expected true or false, found {_said(data)}")
        return data
    if kind is int:
        if not isinstance(data, int) or isinstance(data, bool):
            raise DataError(f"{where}: expected a whole number, found {_said(data)}")
        return data
    if kind is float:
        if not isinstance(data, int | float) or isinstance(data, bool) or not math.isfinite(data):
            raise DataError(f"{where}: expected a number, found {_said(data)}")
        return float(data)
    if kind is str:
        if not isinstance(data, str):
            raise DataError(f"{where}: expected text, found {_said(data)}")
        return data
    if isinstance(kind, type) and issubclass(kind, Enum):
        try:
            return kind(data)
        except (ValueError, TypeError):
            raise DataError(f"{where}: not a {kind.__name__}: {_said(data)}") from None
    if kind is Card:
        try:
            return Card.parse(_text(data, where))
        except ValueError as exc:
            raise DataError(f"{where}: {exc}") from None
    if kind is Meld:
        return _read_meld(data, where)
    if kind is RuleSet:
        if not isinstance(data, dict):
            raise DataError(f"{where}: expected rules, found {_said(data)}")
        try:
            return RuleSet.from_dict(data)
        except (ValueError, TypeError, KeyError) as exc:
            raise DataError(f"{where}: not rules: {exc}") from None
    if kind in ACTION_TYPES:
        action = _read_action(data, where)
        if not isinstance(action, kind):
            raise DataError(f"{where}: expected {kind.__name__}, found {type(action).__name__}")
        return action
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        return _read_record(kind, data, where)
    raise DataError(f"{where}: cannot read a {kind!r}")


def _read_union(options: tuple[Any, ...], data: Any, where: str) -> Any:
    if data is None and type(None) in options:
        return None
    rest = [o for o in options if o is not type(None)]
    if all(o in ACTION_TYPES for o in rest):  # an Action: its data names its type
        return _read_action(data, where)
    records = [o for o in rest if isinstance(o, type) and dataclasses.is_dataclass(o)]
    if len(rest) > 1 and len(records) == len(rest):  # records: the data names its own
        name = data.get("$") if isinstance(data, dict) else None
        chosen = next((r for r in records if r.__name__ == name), None)
        if chosen is None:
            names = ", ".join(r.__name__ for r in records)
            raise DataError(f"{where}: expected one of {names}, found {_said(data)}")
        return _read_record(chosen, data, where)
    if len(rest) != 1:
        raise DataError(f"{where}: cannot tell which of {len(rest)} types to read")
    return _read(rest[0], data, where)


def _read_tuple(args: tuple[Any, ...], data: Any, where: str) -> tuple[Any, ...]:
    if not isinstance(data, list):
        raise DataError(f"{where}: expected a list, found {_said(data)}")
    if len(args) == 2 and args[1] is Ellipsis:
        return tuple(_read(args[0], v, f"{where}[{i}]") for i, v in enumerate(data))
    if len(data) != len(args):
        raise DataError(f"{where}: expected {len(args)} items, found {len(data)}")
    pairs = enumerate(zip(args, data, strict=True))
    return tuple(_read(a, v, f"{where}[{i}]") for i, (a, v) in pairs)


def _read_record(kind: type[Any], data: Any, where: str) -> Any:
    if not isinstance(data, dict):
        raise DataError(f"{where}: expected {_a(kind.__name__)}, found {_said(data)}")
    name = data.get("$", kind.__name__)
    if name != kind.__name__:
        # a field of a record type may hold one of its subclasses (a format's
        # own rota), named by its data
        sub = next((k for k in _subclasses(kind) if k.__name__ == name), None)
        if sub is None:
            raise DataError(f"{where}: expected {_a(kind.__name__)}, found {_a(_said(name))}")
        kind = sub
    hints = _hints(kind)
    values = {}
    for f in _fields(kind):
        if f.name not in data:
            raise DataError(f"{where}: {_a(kind.__name__)} needs {f.name}")
        values[f.name] = _read(hints[f.name], data[f.name], f"{where}.{f.name}")
    extra = set(data) - {f.name for f in _fields(kind)} - {"$"}
    if extra:
        raise DataError(f"{where}: {_a(kind.__name__)} has no {sorted(extra)[0]}")
    try:
        return kind(**values)
    except (ValueError, TypeError) as exc:
        raise DataError(f"{where}: {exc}") from None


def _read_action(data: Any, where: str) -> Action:
    try:
        return action_from_data(data)
    except (ValueError, TypeError, KeyError) as exc:
        raise DataError(f"{where}: {exc}") from None


def _read_meld(data: Any, where: str) -> Meld:
    try:
        return meld_from_data(data)
    except (ValueError, TypeError) as exc:
        raise DataError(f"{where}: {exc}") from None


def _text(data: Any, where: str) -> str:
    if not isinstance(data, str):
        raise DataError(f"{where}: expected a card, found {_said(data)}")
    return data


def _a(name: str) -> str:
    return f"an {name}" if name[:1].lower() in "aeiou" else f"a {name}"


def _said(data: Any) -> str:
    text = repr(data)
    return text if len(text) <= 40 else text[:37] + "..."


_FIELDS: dict[type[Any], tuple[dataclasses.Field[Any], ...]] = {}
_HINTS: dict[type[Any], dict[str, Any]] = {}


def _fields(kind: type[Any]) -> tuple[dataclasses.Field[Any], ...]:
    """A record's fields that its constructor takes (worked out once a type)."""
    if kind not in _FIELDS:
        _FIELDS[kind] = tuple(f for f in dataclasses.fields(kind) if f.init)
    return _FIELDS[kind]


def _subclasses(kind: type[Any]) -> list[type[Any]]:
    """Every record type derived from ``kind``, however far down."""
    out = []
    for sub in kind.__subclasses__():
        if dataclasses.is_dataclass(sub):
            out.append(sub)
        out.extend(_subclasses(sub))
    return out


def _hints(kind: type[Any]) -> dict[str, Any]:
    if kind not in _HINTS:
        _HINTS[kind] = typing.get_type_hints(kind)
    return _HINTS[kind]
